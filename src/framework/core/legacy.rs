//! Reading saves written by the ROM's save format v2, once, to migrate them.
//!
//! v2 kept everything in one agb slot: settings, play time, and shared record
//! tables indexed by app (table 0 was Poop Sweeper's, the only app with
//! records then). Each table becomes its app's section at version 0, encoded
//! as v2 stored it (`[Record; 8]`), for the app's `Saved::migrate` to read;
//! settings and play time become the desk's section.

use alloc::vec::Vec;
use serde::Deserialize;

use crate::{
    record::Record,
    section::{DeskSave, Settings},
};

/// v2's game identifier and slot count, as in its global header.
pub const IDENTIFIER: [u8; 32] = *b"pocket-desk save v2_____________";
pub const SLOTS: u16 = 1;

/// v2's record tables by owner.
const TABLE_OWNERS: [&str; 1] = ["sweeper"];

/// v2's one slot, as agb stored it.
#[derive(Deserialize)]
pub struct SaveDataV2 {
    settings: Settings,
    play_seconds: u32,
    records: [[Record; 8]; 4],
    // Puzzle progress and custom levels were reserved for apps that did not
    // exist yet; v2 never wrote them.
    _solved: [[u32; 4]; 4],
    _custom_levels: Vec<CustomLevelV2>,
}

#[derive(Deserialize)]
struct CustomLevelV2 {
    _table: u8,
    _slot: u8,
    _code: Vec<u8>,
}

/// A v2 save, split the way today's format keeps it.
pub struct Legacy {
    /// (owner, bytes of its version-0 section), the desk's included.
    sections: Vec<(&'static str, Vec<u8>)>,
}

impl Legacy {
    /// The version-0 section v2 kept for `owner`, if any.
    pub fn section(&self, owner: &str) -> Option<&[u8]> {
        self.sections
            .iter()
            .find(|(kept, _)| *kept == owner)
            .map(|(_, bytes)| bytes.as_slice())
    }

    /// A v2 save split into today's sections.
    pub fn from_v2(data: SaveDataV2) -> Option<Self> {
        let desk = DeskSave {
            settings: data.settings,
            play_seconds: data.play_seconds,
        };
        let mut sections: Vec<_> = TABLE_OWNERS
            .iter()
            .zip(&data.records)
            .filter_map(|(owner, table)| Some((*owner, postcard::to_allocvec(table).ok()?)))
            .collect();
        sections.push((crate::section::DESK, postcard::to_allocvec(&desk).ok()?));
        Some(Self { sections })
    }
}
