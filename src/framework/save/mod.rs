//! Everything kept in battery-backed SRAM, through agb's save slots (serde,
//! CRC-checked, with a ghost slot so a write cut off by power loss falls back
//! to the previous save).
//!
//! Each app owns a **section**: a [`Saved`] type with its own version, kept in
//! its own agb slot, found by the owner named in the slot's metadata. So an
//! app's format changes without touching anyone else's, and a save rewrites
//! only the sections that changed, one per frame. The framework's own section
//! (`desk`) holds the settings and the play time. A section written by an
//! older version is handed to its type's [`Saved::migrate`]: nothing is wiped
//! for being old. [`IDENTIFIER`] and [`SLOTS`] never change (agb formats SRAM
//! when they do); saves of the older single-slot format are read once by
//! [`legacy`] and rewritten as sections.
//!
//! Writes happen on events (a win, a settings change, an app closing), never
//! every frame: `commit_soon` asks, and the desktop's `flush` at the start of
//! the next frame writes.

mod header;
mod legacy;
mod notice;
mod record;
mod section;
mod slot_headers;
mod tally;

use agb::save::{SaveSlotManager, Slot};
use alloc::{boxed::Box, string::String, vec::Vec};
use core::any::Any;

pub use notice::{Loss, Notice};
pub use record::Record;
pub use section::{DeskSave, IDENTIFIER, SLOTS, Saved, SectionTag, Settings, Suspended};
pub use tally::{Tally, percent_text};

use header::{HeaderState, SECTOR, sram};
use section::{DESK, SectionError, decode, fingerprint};

/// Where a section's value came from at boot (logged for the tests).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Origin {
    Slot,
    Migrated,
    OldFormat,
    #[default]
    New,
    /// Its slot's bytes did not read back: the section starts over.
    Unreadable,
    /// Written by a newer ROM: left as it is unless the app changes it.
    Newer,
}

/// A section's place in SRAM and the bytes it holds there.
#[derive(Default)]
struct Kept {
    slot: Option<usize>,
    /// What SRAM holds for it (or will not be overwritten unless changed).
    written: Option<Vec<u8>>,
    origin: Origin,
    /// Its type has nothing to keep (an app that saves nothing).
    keeps_nothing: bool,
}

/// An app's section, held as its own type behind `Any` so one list serves
/// every app.
struct Section {
    owner: &'static str,
    version: u8,
    value: Box<dyn Any>,
    encode: fn(&dyn Any) -> Option<Vec<u8>>,
    reset: fn() -> Box<dyn Any>,
    kept: Kept,
    /// Handed out (`section`) since the last look at whether it changed: a
    /// section nobody could have changed is not encoded again to find out,
    /// which would add every app's records to each save frame.
    touched: bool,
}

fn encode<T: Saved>(value: &dyn Any) -> Option<Vec<u8>> {
    postcard::to_allocvec(value.downcast_ref::<T>()?).ok()
}

fn reset<T: Saved>() -> Box<dyn Any> {
    Box::new(T::default())
}

/// Display lines (of 1,232 cycles) a frame keeps for writing a section: a
/// game kept or a record changed, a block or two, as the save events'
/// `cycles` show. A frame whose sound left less waits for the next.
pub const WRITE_LINES: u32 = 68;

pub struct Storage {
    manager: Option<SaveSlotManager<SectionTag>>,
    /// The framework's section: settings and play time.
    pub desk: DeskSave,
    desk_kept: Kept,
    sections: Vec<Section>,
    /// Slots taken this session (sections not yet written included).
    claimed: Vec<usize>,
    /// An old-format save being migrated: apps take their part as they load.
    legacy: Option<legacy::Legacy>,
    pub notice: Option<Notice>,
    /// Slots agb found damaged at power-on, with the owner their header
    /// still names. Each is rewritten or erased at boot, so the notice is
    /// shown once.
    damaged: Vec<(usize, Option<String>)>,
    /// Some slot's header was unreadable everywhere: it now has an empty one,
    /// and whose it was is unknown.
    headers_lost: bool,
    /// Slots agb may write through another slot's header (see
    /// `slot_headers`): never claimed or erased.
    untouchable: Vec<usize>,
    writes: u32,
    /// `commit_soon` was asked and changed sections may remain.
    pending: bool,
    /// Whether this frame's `flush` wrote (see `busy`).
    wrote_this_frame: bool,
    /// `suspend_soon` was asked.
    suspend_asked: bool,
}

impl Storage {
    /// Open SRAM, repairing a lightly damaged header first and reading an
    /// old-format save for migration; never panics.
    pub fn open(save: &mut agb::save::SaveManager) -> Self {
        let mut notice = None;
        let mut legacy = None;
        let mut found = [0u8; SECTOR];
        sram::read(0, &mut found);
        let ours = header::expected(SLOTS as u16, &IDENTIFIER);
        let old = header::expected(legacy::SLOTS, &legacy::IDENTIFIER);
        let mut headers_lost = false;
        let mut untouchable = Vec::new();
        match (
            header::compare(&found, &ours),
            header::compare(&found, &old),
        ) {
            (ours_state @ (HeaderState::Matches | HeaderState::Damaged), _) => {
                if ours_state == HeaderState::Damaged {
                    sram::write(0, &ours);
                    notice = Some(Notice::HeaderRepaired);
                }
                for (slot, repaired) in give_headerless_slots_empty_headers() {
                    if repaired {
                        headers_lost = true;
                    } else {
                        untouchable.push(slot);
                    }
                }
            }
            (_, state @ (HeaderState::Matches | HeaderState::Damaged)) => {
                if state == HeaderState::Damaged {
                    sram::write(0, &old);
                }
                legacy = read_legacy();
                notice = Some(if legacy.is_some() {
                    Notice::Updated
                } else {
                    Notice::Damaged(Loss::default())
                });
            }
            _ if header::is_blank(&found) => notice = Some(Notice::NewSave),
            _ => notice = Some(Notice::ForeignSave),
        }

        let manager = match save.init_sram::<SectionTag>(SLOTS, IDENTIFIER) {
            Ok(manager) => Some(manager),
            Err(_) => {
                notice = Some(Notice::Unavailable);
                None
            }
        };
        let damaged: Vec<(usize, Option<String>)> =
            manager.as_ref().map_or(Vec::new(), |manager| {
                (0..SLOTS)
                    .filter(|&slot| matches!(manager.slot(slot), Slot::Corrupted))
                    .map(|slot| (slot, manager.metadata(slot).map(|tag| tag.owner.clone())))
                    .collect()
            });
        if !damaged.is_empty() || headers_lost {
            // What it cost is known once every section has loaded (`settle`).
            notice = Some(Notice::Damaged(Loss::default()));
        }
        let mut storage = Self {
            manager,
            legacy,
            notice,
            damaged,
            headers_lost,
            untouchable,
            ..Self::detached()
        };
        let (desk, kept) = storage.load::<DeskSave>(DESK);
        storage.desk = desk;
        storage.desk_kept = kept;
        crate::event!(
            "save.loaded notice={} music={} sfx={} play={}",
            logged(&storage.notice),
            storage.desk.settings.music,
            storage.desk.settings.sound_effects,
            storage.desk.play_seconds
        );
        storage
    }

    /// A store with no save chip behind it (sections live in RAM only).
    pub fn detached() -> Self {
        Self {
            manager: None,
            desk: DeskSave::default(),
            desk_kept: Kept::default(),
            sections: Vec::new(),
            claimed: Vec::new(),
            legacy: None,
            notice: Some(Notice::Unavailable),
            damaged: Vec::new(),
            headers_lost: false,
            untouchable: Vec::new(),
            writes: 0,
            pending: false,
            wrote_this_frame: false,
            suspend_asked: false,
        }
    }

    /// `owner`'s section, loaded from SRAM (or migrated) the first time it
    /// is asked for. Apps reach theirs through `System::save`.
    pub fn section<T: Saved>(&mut self, owner: &'static str) -> &mut T {
        let index = match self.sections.iter().position(|kept| kept.owner == owner) {
            Some(index) => index,
            None => {
                let (value, kept) = self.load::<T>(owner);
                self.sections.push(Section {
                    owner,
                    version: T::VERSION,
                    value: Box::new(value),
                    encode: encode::<T>,
                    reset: reset::<T>,
                    kept,
                    touched: true,
                });
                self.sections.len() - 1
            }
        };
        let section = &mut self.sections[index];
        section.touched = true;
        if !section.value.is::<T>() {
            // Two types under one owner name is a programming error; the
            // latest asker gets a fresh value rather than a crash.
            section.value = reset::<T>();
            section.encode = encode::<T>;
            section.reset = reset::<T>;
            section.version = T::VERSION;
        }
        match section.value.downcast_mut::<T>() {
            Some(value) => value,
            None => unreachable!("the section was just made a T"),
        }
    }

    /// Read `owner`'s section: its own slot, else its part of an old-format
    /// save, else a fresh value in a free slot.
    fn load<T: Saved>(&mut self, owner: &'static str) -> (T, Kept) {
        let Some(manager) = self.manager.as_mut() else {
            return (T::default(), Kept::default());
        };
        let existing = manager
            .slots()
            .enumerate()
            .find_map(|(slot, state)| match state {
                Slot::Valid(tag) if tag.owner == owner => Some((slot, tag.version)),
                _ => None,
            });
        let (value, kept) = if let Some((slot, version)) = existing {
            self.claimed.push(slot);
            let bytes = manager.read::<Vec<u8>>(slot).ok();
            let decoded = bytes.as_deref().map(|bytes| decode::<T>(version, bytes));
            match decoded {
                Some(Ok(value)) if version == T::VERSION => (
                    value,
                    Kept {
                        slot: Some(slot),
                        written: bytes,
                        origin: Origin::Slot,
                        ..Kept::default()
                    },
                ),
                Some(Ok(value)) => (
                    value,
                    Kept {
                        slot: Some(slot),
                        written: None,
                        origin: Origin::Migrated,
                        ..Kept::default()
                    },
                ),
                Some(Err(SectionError::Newer { .. })) => {
                    self.notice = Some(Notice::Damaged(Loss::default()));
                    let value = T::default();
                    // A newer ROM can still read it: left as it is until
                    // the app changes something.
                    let written = postcard::to_allocvec(&value).ok();
                    let origin = Origin::Newer;
                    (
                        value,
                        Kept {
                            slot: Some(slot),
                            written,
                            origin,
                            ..Kept::default()
                        },
                    )
                }
                _ => {
                    self.notice = Some(Notice::Damaged(Loss::default()));
                    // Damaged: the default is written over it at boot, so
                    // the damage is reported once.
                    let origin = Origin::Unreadable;
                    (
                        T::default(),
                        Kept {
                            slot: Some(slot),
                            written: None,
                            origin,
                            ..Kept::default()
                        },
                    )
                }
            }
        } else {
            let (slot, damaged) = self.claim_free_slot().unzip();
            let old = self
                .legacy
                .as_ref()
                .and_then(|legacy| legacy.section(owner));
            match old.and_then(|bytes| decode::<T>(0, bytes).ok()) {
                Some(value) => (
                    value,
                    Kept {
                        slot,
                        written: None,
                        origin: Origin::OldFormat,
                        ..Kept::default()
                    },
                ),
                None => {
                    let value = T::default();
                    // A damaged slot taken over is written at boot, so its
                    // damage is reported once.
                    let written = match damaged {
                        Some(true) => None,
                        _ => postcard::to_allocvec(&value).ok(),
                    };
                    (
                        value,
                        Kept {
                            slot,
                            written,
                            origin: Origin::New,
                            ..Kept::default()
                        },
                    )
                }
            }
        };
        let kept = Kept {
            keeps_nothing: core::mem::size_of::<T>() == 0,
            ..kept
        };
        if kept.written.is_none() {
            // Migrated values are written back in today's format right away.
            self.pending = true;
        }
        crate::event!(
            "save.section owner={} slot={:?} version={} from={:?} hash={:08x}",
            owner,
            kept.slot,
            T::VERSION,
            kept.origin,
            // What the slot holds (or will); a migrated value, in today's encoding.
            match &kept.written {
                Some(bytes) => fingerprint(bytes),
                None => postcard::to_allocvec(&value).map_or(0, |bytes| fingerprint(&bytes)),
            }
        );
        (value, kept)
    }

    /// Once every app has loaded its section: say what damage cost (whose
    /// sections were lost, whether the rest was kept), and erase the damaged
    /// slots no section took, so the next boot finds nothing to report. The
    /// damaged slots sections took are rewritten by the `commit` after this.
    // Out of line, as `commit`: called once, inlined into the frame loop its
    // locals would stay on the stack under every app.
    #[inline(never)]
    pub fn settle(&mut self) {
        let unreadable = |kept: &Kept| matches!(kept.origin, Origin::Unreadable | Origin::Newer);
        let every = core::iter::once((DESK, &self.desk_kept)).chain(
            self.sections
                .iter()
                .map(|section| (section.owner, &section.kept)),
        );
        let damage = !self.damaged.is_empty()
            || self.headers_lost
            || every.clone().any(|(_, kept)| unreadable(kept));
        if damage && self.manager.is_some() {
            let named = |owner: &str| {
                self.damaged
                    .iter()
                    .any(|(_, named)| named.as_deref() == Some(owner))
            };
            let lost: Vec<&'static str> = every
                .clone()
                .filter(|(owner, kept)| {
                    unreadable(kept) || (kept.origin == Origin::New && named(owner))
                })
                .map(|(owner, _)| owner)
                .collect();
            let unnamed_slot =
                self.headers_lost || self.damaged.iter().any(|(_, owner)| owner.is_none());
            // A section type with no fields (an app that saves nothing)
            // cannot have lost anything.
            let unnamed = unnamed_slot
                && every.clone().any(|(owner, kept)| {
                    kept.origin == Origin::New && !kept.keeps_nothing && !lost.contains(&owner)
                });
            let kept = every.clone().any(|(_, kept)| {
                matches!(
                    kept.origin,
                    Origin::Slot | Origin::Migrated | Origin::OldFormat
                )
            });
            self.notice = Some(if lost.is_empty() && !unnamed {
                Notice::Cleared
            } else {
                Notice::Damaged(Loss {
                    lost,
                    unnamed,
                    kept,
                })
            });
            if let Some(manager) = self.manager.as_mut() {
                for &(slot, _) in &self.damaged {
                    if !self.claimed.contains(&slot) && !self.untouchable.contains(&slot) {
                        let _ = manager.erase(slot);
                    }
                }
            }
        }
        match &self.notice {
            Some(Notice::Damaged(loss)) => crate::event!(
                "save.notice notice=Some(Damaged) lost={} unnamed={} kept={}",
                loss.lost.join(","),
                loss.unnamed,
                loss.kept
            ),
            notice => crate::event!("save.notice notice={}", logged(notice)),
        }
    }

    /// A slot for a new section: an empty one, else a damaged one (true).
    fn claim_free_slot(&mut self) -> Option<(usize, bool)> {
        let manager = self.manager.as_ref()?;
        let free = |wanted: fn(&Slot<'_, SectionTag>) -> bool| {
            manager
                .slots()
                .enumerate()
                .find(|(slot, state)| {
                    wanted(state)
                        && !self.claimed.contains(slot)
                        && !self.untouchable.contains(slot)
                })
                .map(|(slot, _)| slot)
        };
        let claim = free(|state| matches!(state, Slot::Empty))
            .map(|slot| (slot, false))
            .or_else(|| free(|state| matches!(state, Slot::Corrupted)).map(|slot| (slot, true)))?;
        self.claimed.push(claim.0);
        Some(claim)
    }

    /// Write changed sections, one per frame, starting at the next `flush`.
    /// A section write is costly, so events that already fill their frame (a
    /// game ending, a setting changing) hand it on.
    pub fn commit_soon(&mut self) {
        self.pending = true;
    }

    /// Write one changed section, if `commit_soon` asked; the desktop calls
    /// this first thing every frame. (Out of line: the write's locals are
    /// off the stack under the frame's update.)
    #[inline(never)]
    pub fn flush(&mut self) {
        self.wrote_this_frame = self.pending && self.write_next_change();
        self.pending = self.wrote_this_frame;
    }

    /// A frame with no room for a write (see `WRITE_LINES`): what is due
    /// waits for the next.
    pub fn hold(&mut self) {
        self.wrote_this_frame = false;
    }

    /// Ask for the open app's game in progress to be kept now (`App::suspend`),
    /// not at its next turn: after a win, a loss, a solve.
    pub fn suspend_soon(&mut self) {
        self.suspend_asked = true;
    }

    /// Whether `suspend_soon` was asked since the last call.
    pub fn take_suspend_request(&mut self) -> bool {
        core::mem::take(&mut self.suspend_asked)
    }

    /// Whether a write is asked for and not yet done, or was done this
    /// frame (the status bar's saving mark).
    pub fn is_saving(&self) -> bool {
        self.pending || self.wrote_this_frame
    }

    /// True in a frame that began with a write: optional work such as text
    /// typing out should wait a frame, so the two never share one.
    pub fn busy(&self) -> bool {
        self.wrote_this_frame
    }

    /// Write every changed section now (boot-time migration and tests).
    /// (Out of line, as `settle`.)
    #[inline(never)]
    pub fn commit(&mut self) {
        while self.write_next_change() {}
        self.pending = false;
    }

    /// Settings' "erase all data": every section back to its default (written
    /// over the next frames), and slots of sections no app loaded erased.
    pub fn erase_all(&mut self) {
        self.desk = DeskSave::default();
        for section in &mut self.sections {
            section.value = (section.reset)();
            section.touched = true;
        }
        if let Some(manager) = self.manager.as_mut() {
            for slot in 0..SLOTS {
                let erasable = match manager.slot(slot) {
                    Slot::Empty => false,
                    Slot::Valid(_) => true,
                    Slot::Corrupted => !self.untouchable.contains(&slot),
                };
                if erasable && !self.claimed.contains(&slot) {
                    let _ = manager.erase(slot);
                }
            }
        }
        self.pending = true;
    }

    /// Write the first section whose bytes differ from what SRAM holds;
    /// false when none does.
    fn write_next_change(&mut self) -> bool {
        let Some(manager) = self.manager.as_mut() else {
            return false;
        };
        if let Ok(bytes) = postcard::to_allocvec(&self.desk)
            && self.desk_kept.written.as_ref() != Some(&bytes)
        {
            write(manager, DESK, DeskSave::VERSION, bytes, &mut self.desk_kept);
            self.writes += 1;
            return true;
        }
        for section in self.sections.iter_mut().filter(|section| section.touched) {
            let Some(bytes) = (section.encode)(section.value.as_ref()) else {
                continue;
            };
            section.touched = false;
            if section.kept.written.as_ref() != Some(&bytes) {
                write(
                    manager,
                    section.owner,
                    section.version,
                    bytes,
                    &mut section.kept,
                );
                self.writes += 1;
                return true;
            }
        }
        false
    }

    /// Section writes since boot.
    #[cfg(test)]
    pub fn writes(&self) -> u32 {
        self.writes
    }
}

/// A notice as the `save.loaded` and `save.notice` events give it.
fn logged(notice: &Option<Notice>) -> String {
    match notice {
        Some(notice) => alloc::format!("Some({})", notice.name()),
        None => String::from("None"),
    }
}

/// Before agb reads SRAM: give each slot whose header is unreadable
/// everywhere an empty header (see `slot_headers`). Returns those slots and
/// the ones to leave alone, each with whether it got a header.
fn give_headerless_slots_empty_headers() -> Vec<(usize, bool)> {
    let mut blocks = alloc::vec![[0u8; SECTOR]; SLOTS + 1];
    for (index, block) in blocks.iter_mut().enumerate() {
        sram::read((index + 1) * SECTOR, block);
    }
    slot_headers::headerless(&blocks, SLOTS)
        .into_iter()
        .map(|(slot, block)| {
            if let Some(index) = block {
                sram::write((index + 1) * SECTOR, &slot_headers::empty_header(slot));
            }
            (slot, block.is_some())
        })
        .collect()
}

/// Read a save of the old single-slot format (its header already checked);
/// `None` if its slot is empty or damaged beyond what agb's ghost slot recovers.
fn read_legacy() -> Option<legacy::Legacy> {
    let mut manager = agb_save::SaveSlotManager::<_, ()>::new(
        header::sram::Raw,
        legacy::SLOTS.into(),
        legacy::IDENTIFIER,
    )
    .ok()?;
    legacy::Legacy::from_v2(manager.read(0).ok()?)
}

/// Write one section to its slot. Runs from IWRAM, where the serializer
/// inlined into it runs about twice as fast as from ROM; compiled for size,
/// which costs it no measurable time and leaves IWRAM to the drawing.
#[inline(never)]
#[optimize(size)]
#[unsafe(link_section = ".iwram.storage_commit")]
fn write(
    manager: &mut SaveSlotManager<SectionTag>,
    owner: &'static str,
    version: u8,
    bytes: Vec<u8>,
    kept: &mut Kept,
) {
    let Some(slot) = kept.slot else {
        // No slot left for it: kept in RAM only (the boot notice said so).
        kept.written = Some(bytes);
        return;
    };
    crate::event!("save.begin owner={}", owner);
    #[cfg(any(debug_assertions, feature = "events"))]
    let start = super::cycles::now();
    let tag = SectionTag {
        owner: String::from(owner),
        version,
    };
    let result = manager.write(slot, &bytes, &tag);
    #[cfg(any(debug_assertions, feature = "events"))]
    crate::event!(
        "save.end ok={} owner={} bytes={} cycles={} hash={:08x}",
        result.is_ok(),
        owner,
        bytes.len(),
        super::cycles::now().wrapping_sub(start),
        fingerprint(&bytes)
    );
    // A failed write is not retried every frame; the next change tries again.
    let _ = result;
    kept.written = Some(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    /// Shaped like the puzzle apps' sections at their largest.
    #[derive(Serialize, Deserialize, Default, PartialEq, Debug)]
    struct PuzzleSave {
        best_seconds: Vec<u16>,
        solved: Vec<u8>,
        custom: Vec<Vec<u8>>,
    }

    impl Saved for PuzzleSave {
        const VERSION: u8 = 3;
    }

    fn full(puzzles: usize, customs: usize, custom_bytes: usize) -> PuzzleSave {
        PuzzleSave {
            best_seconds: (0..puzzles).map(|i| 3600 + i as u16).collect(),
            solved: alloc::vec![0xA5; puzzles.div_ceil(8)],
            custom: (0..customs)
                .map(|i| alloc::vec![i as u8; custom_bytes])
                .collect(),
        }
    }

    /// The one test that opens SRAM (agb allows one save init per run): a
    /// blank chip gets its notice, and sections as big as Polarium's and the
    /// nonogram's are written to their own slots and read back.
    #[test_case]
    fn sections_round_trip_through_their_own_slots(gba: &mut agb::Gba) {
        let mut storage = Storage::open(&mut gba.save);
        assert_eq!(storage.notice, Some(Notice::NewSave));
        assert_eq!(storage.desk, DeskSave::default());
        storage.desk.settings.music = false;
        // Polarium: 100 puzzles, 24 custom puzzles of 12 bytes.
        *storage.section::<PuzzleSave>("polarium") = full(100, 24, 12);
        // Nonogram: 150 puzzles, 24 custom 20x15 pictures (38 bytes).
        *storage.section::<PuzzleSave>("nonogram") = full(150, 24, 38);
        storage.commit();
        assert_eq!(storage.writes(), 3);
        storage.commit();
        assert_eq!(storage.writes(), 3, "nothing changed, nothing written");
        let manager = storage.manager.as_mut().expect("SRAM is there in mGBA");
        for (owner, expected) in [
            ("polarium", full(100, 24, 12)),
            ("nonogram", full(150, 24, 38)),
        ] {
            let slot = manager
                .slots()
                .position(|state| matches!(state, Slot::Valid(tag) if tag.owner == owner))
                .expect("the section has a slot");
            let bytes: Vec<u8> = manager.read(slot).expect("it reads back");
            agb::println!("{owner} section: {} bytes", bytes.len());
            assert_eq!(decode::<PuzzleSave>(3, &bytes), Ok(expected));
        }
        // The biggest section alone, rewritten (one blocking agb slot write;
        // the figure is the debug build's: see docs/PERFORMANCE.md for release).
        storage.section::<PuzzleSave>("nonogram").solved[0] ^= 1;
        #[cfg(any(debug_assertions, feature = "events"))]
        let start = {
            crate::framework::cycles::install(gba.timers.timers());
            crate::framework::cycles::now()
        };
        storage.commit();
        #[cfg(any(debug_assertions, feature = "events"))]
        agb::println!(
            "nonogram-sized section rewritten in {} cycles",
            crate::framework::cycles::now().wrapping_sub(start)
        );
        assert_eq!(storage.writes(), 4);
        let mut found = [0u8; SECTOR];
        sram::read(0, &mut found);
        let ours = header::expected(SLOTS as u16, &IDENTIFIER);
        assert_eq!(header::compare(&found, &ours), HeaderState::Matches);
        // The old format's header is far from ours: never mistaken for damage.
        let old = header::expected(legacy::SLOTS, &legacy::IDENTIFIER);
        assert_eq!(header::compare(&old, &ours), HeaderState::Differs);
    }
}
