//! Everything kept in battery-backed SRAM, through agb's save slots (serde,
//! CRC-checked, with a ghost slot so a write cut off by power loss falls back to
//! the previous save). Writes happen on events (a win, a settings change), never
//! every frame.
//!
//! One thing agb's slots cannot protect is their own global header: if a byte of
//! it flips, agb sees "not our save" and formats, dropping good slot data. So
//! before handing SRAM to agb we compare the header with the one agb would write
//! and, when only a few bytes differ, put the right bytes back (see
//! [`repair_header`]). A blank or foreign save is left for agb to format.

use agb::save::{SaveSlotManager, Slot};
use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

/// Identifies our save among other games'. Bump the version when `SaveData`
/// changes incompatibly.
pub const SAVE_MAGIC: [u8; 32] = *b"pocket-desk save v2_____________";
const SLOTS: usize = 1;
const SLOT: usize = 0;

/// Records an app can keep per variant (difficulty, puzzle pack...).
pub const RECORD_VARIANTS: usize = 8;
/// Apps with a record table.
pub const RECORD_TABLES: usize = 4;

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    pub music: bool,
    pub sound_effects: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            music: true,
            sound_effects: true,
        }
    }
}

/// One line of an app's records, e.g. Sweeper on Hard with no-guess boards.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Record {
    /// Best time in seconds; `None` until the first win.
    pub best_seconds: Option<u16>,
    pub wins: u16,
    pub played: u16,
}

impl Record {
    /// Count a finished game; returns true when it set a new best time.
    pub fn finish(&mut self, won: bool, seconds: u16) -> bool {
        self.played = self.played.saturating_add(1);
        if !won {
            return false;
        }
        self.wins = self.wins.saturating_add(1);
        let better = self.best_seconds.is_none_or(|best| seconds < best);
        if better {
            self.best_seconds = Some(seconds);
        }
        better
    }
}

/// Puzzles per app whose solved/unsolved state the save keeps.
pub const PROGRESS_PUZZLES: usize = 128;
/// Player-made levels the save holds, across all apps.
pub const CUSTOM_LEVEL_SLOTS: usize = 16;
/// Longest level code kept (Polarium's passwords are 30 digits).
pub const CUSTOM_LEVEL_BYTES: usize = 64;

/// A level made in an app's editor, kept as its share code.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct CustomLevel {
    /// Which app (its record table).
    pub table: u8,
    /// The app's own slot number for it.
    pub slot: u8,
    pub code: Vec<u8>,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug, Default)]
pub struct SaveData {
    pub settings: Settings,
    /// Total play time in seconds, shown in the status bar.
    pub play_seconds: u32,
    pub records: [[Record; RECORD_VARIANTS]; RECORD_TABLES],
    /// Puzzle progress: bit `i` of an app's entry is its puzzle `i` solved.
    pub solved: [[u32; PROGRESS_PUZZLES / 32]; RECORD_TABLES],
    pub custom_levels: Vec<CustomLevel>,
}

impl SaveData {
    pub fn is_solved(&self, table: usize, puzzle: usize) -> bool {
        self.solved
            .get(table)
            .and_then(|bits| bits.get(puzzle / 32))
            .is_some_and(|word| word & (1 << (puzzle % 32)) != 0)
    }

    /// Mark a puzzle solved; true if it was not before. Out of range: ignored.
    pub fn mark_solved(&mut self, table: usize, puzzle: usize) -> bool {
        let Some(word) = self
            .solved
            .get_mut(table)
            .and_then(|bits| bits.get_mut(puzzle / 32))
        else {
            return false;
        };
        let bit = 1 << (puzzle % 32);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// Keep (or replace) a custom level; the error is a line for the player.
    pub fn store_custom_level(&mut self, level: CustomLevel) -> Result<(), &'static str> {
        if level.code.len() > CUSTOM_LEVEL_BYTES {
            return Err("That level is too big to save.");
        }
        let same_slot = |kept: &CustomLevel| kept.table == level.table && kept.slot == level.slot;
        if let Some(kept) = self.custom_levels.iter_mut().find(|kept| same_slot(kept)) {
            *kept = level;
            return Ok(());
        }
        if self.custom_levels.len() >= CUSTOM_LEVEL_SLOTS {
            return Err("All custom level slots are full.");
        }
        self.custom_levels.push(level);
        Ok(())
    }
}

/// Why the save was not loaded as-is; shown once as a one-line notice at boot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Notice {
    NewSave,
    ForeignSave,
    HeaderRepaired,
    Damaged,
    Unavailable,
}

impl Notice {
    pub fn text(self) -> &'static str {
        match self {
            Notice::NewSave => "No save found: a new one was made.",
            Notice::ForeignSave => "Save was from another game: starting fresh.",
            Notice::HeaderRepaired => "Save header was damaged and has been repaired.",
            Notice::Damaged => "Save data was damaged: starting fresh.",
            Notice::Unavailable => "Save memory not found: progress won't be kept.",
        }
    }
}

pub struct Storage {
    manager: Option<SaveSlotManager<()>>,
    pub data: SaveData,
    pub notice: Option<Notice>,
    writes: u32,
    /// A write asked for by `commit_soon`, done by the next `flush`.
    pending: bool,
    /// Whether this frame's `flush` wrote (see `busy`).
    wrote_this_frame: bool,
}

impl Storage {
    /// Open SRAM, repairing a lightly damaged header first; never panics.
    pub fn open(save: &mut agb::save::SaveManager) -> Self {
        let mut notice = None;
        let mut header = [0u8; SECTOR];
        sram::read(0, &mut header);
        match classify_header(&header) {
            HeaderState::Ours => {}
            HeaderState::Damaged => {
                sram::write(0, &expected_header());
                notice = Some(Notice::HeaderRepaired);
            }
            HeaderState::Blank => notice = Some(Notice::NewSave),
            HeaderState::Foreign => notice = Some(Notice::ForeignSave),
        }

        let mut manager = match save.init_sram::<()>(SLOTS, SAVE_MAGIC) {
            Ok(manager) => manager,
            Err(_) => {
                return Self {
                    manager: None,
                    data: SaveData::default(),
                    notice: Some(Notice::Unavailable),
                    writes: 0,
                    pending: false,
                    wrote_this_frame: false,
                };
            }
        };

        let data = match manager.slot(SLOT) {
            Slot::Valid(()) => match manager.read::<SaveData>(SLOT) {
                Ok(data) => data,
                Err(_) => {
                    notice = Some(Notice::Damaged);
                    SaveData::default()
                }
            },
            Slot::Empty => {
                notice.get_or_insert(Notice::NewSave);
                SaveData::default()
            }
            Slot::Corrupted => {
                notice = Some(Notice::Damaged);
                SaveData::default()
            }
        };
        crate::event!(
            "save.loaded notice={:?} music={} sfx={} wins={} play={}",
            notice,
            data.settings.music,
            data.settings.sound_effects,
            data.records
                .iter()
                .flatten()
                .map(|record| u32::from(record.wins))
                .sum::<u32>(),
            data.play_seconds
        );
        Self {
            manager: Some(manager),
            data,
            notice,
            writes: 0,
            pending: false,
            wrote_this_frame: false,
        }
    }

    /// Write `data` at the start of the next frame (see `flush`). A write
    /// costs ~75k cycles, a quarter of a frame, so events that already fill
    /// their frame (a game ending, a setting changing) hand it on.
    pub fn commit_soon(&mut self) {
        self.pending = true;
    }

    /// Do the write `commit_soon` asked for, if any; the desktop calls this
    /// first thing every frame.
    pub fn flush(&mut self) {
        self.wrote_this_frame = core::mem::take(&mut self.pending);
        if self.wrote_this_frame {
            self.commit();
        }
    }

    /// True in a frame that began with a write: optional work such as text
    /// typing out should wait a frame, so the two never share one.
    pub fn busy(&self) -> bool {
        self.wrote_this_frame
    }

    /// Write `data` to SRAM now. Call on events, not every frame.
    /// Runs from IWRAM, where the serializer inlined into it runs about
    /// twice as fast as from ROM.
    #[inline(never)]
    #[unsafe(link_section = ".iwram.storage_commit")]
    pub fn commit(&mut self) {
        let Some(manager) = self.manager.as_mut() else {
            return;
        };
        crate::event!("save.begin");
        #[cfg(any(debug_assertions, feature = "events"))]
        let start = super::perf::now();
        let result = manager.write(SLOT, &self.data, &());
        self.writes += 1;
        #[cfg(any(debug_assertions, feature = "events"))]
        crate::event!(
            "save.end ok={} cycles={}",
            result.is_ok(),
            super::perf::now().wrapping_sub(start)
        );
        #[cfg(not(any(debug_assertions, feature = "events")))]
        let _ = result;
    }

    /// Writes since boot (tests check that idle frames never write).
    pub fn writes(&self) -> u32 {
        self.writes
    }
}

/// SRAM blocks are 128 bytes (agb uses max(erase size, 128)).
const SECTOR: usize = 128;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HeaderState {
    Ours,
    /// Ours, with a few bytes flipped: safe to repair.
    Damaged,
    Blank,
    Foreign,
}

/// How many differing bytes still count as "our header, damaged".
const REPAIRABLE_BYTES: usize = 8;

pub fn classify_header(header: &[u8; SECTOR]) -> HeaderState {
    let expected = expected_header();
    let differing = header.iter().zip(&expected).filter(|(a, b)| a != b).count();
    if differing == 0 {
        HeaderState::Ours
    } else if differing <= REPAIRABLE_BYTES {
        HeaderState::Damaged
    } else if header.iter().all(|&b| b == header[0]) {
        HeaderState::Blank
    } else {
        HeaderState::Foreign
    }
}

/// The global header block agb writes when it formats SRAM for us (see agb_save's
/// SaveFormat.md): CRC-16/ARC of bytes 2.., block type 1, "agbS", slot count, magic.
pub fn expected_header() -> [u8; SECTOR] {
    let mut block = [0u8; SECTOR];
    block[2] = 1;
    block[8..12].copy_from_slice(b"agbS");
    block[12..14].copy_from_slice(&(SLOTS as u16).to_le_bytes());
    block[14..46].copy_from_slice(&SAVE_MAGIC);
    let crc = crc16_arc(&block[2..]);
    block[0..2].copy_from_slice(&crc.to_le_bytes());
    block
}

fn crc16_arc(bytes: &[u8]) -> u16 {
    let mut crc = 0u16;
    for &byte in bytes {
        crc ^= u16::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xA001
            } else {
                crc >> 1
            };
        }
    }
    crc
}

/// Raw byte access to cartridge SRAM (8-bit bus at 0x0E000000), used only for
/// the header check before agb takes over.
mod sram {
    const BASE: usize = 0x0E00_0000;

    pub fn read(offset: usize, buffer: &mut [u8]) {
        for (i, byte) in buffer.iter_mut().enumerate() {
            // SAFETY: SRAM is mapped at BASE..BASE+32K and only byte access is valid.
            *byte = unsafe { core::ptr::read_volatile((BASE + offset + i) as *const u8) };
        }
    }

    pub fn write(offset: usize, bytes: &[u8]) {
        for (i, byte) in bytes.iter().enumerate() {
            // SAFETY: as above; nothing else touches SRAM before agb's save init.
            unsafe { core::ptr::write_volatile((BASE + offset + i) as *mut u8, *byte) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn crc16_arc_matches_the_standard_check_value(_gba: &mut agb::Gba) {
        assert_eq!(crc16_arc(b"123456789"), 0xBB3D);
    }

    #[test_case]
    fn header_classification(_gba: &mut agb::Gba) {
        let good = expected_header();
        assert_eq!(classify_header(&good), HeaderState::Ours);
        let mut flipped = good;
        flipped[20] ^= 0x10;
        flipped[0] ^= 0x01;
        assert_eq!(classify_header(&flipped), HeaderState::Damaged);
        assert_eq!(classify_header(&[0xFF; SECTOR]), HeaderState::Blank);
        let mut foreign = good;
        foreign[14..46].copy_from_slice(b"some-other-game-save____________");
        assert_eq!(classify_header(&foreign), HeaderState::Foreign);
    }

    #[test_case]
    fn puzzle_progress_and_custom_levels_stay_in_bounds(_gba: &mut agb::Gba) {
        let mut data = SaveData::default();
        assert!(data.mark_solved(1, 0));
        assert!(!data.mark_solved(1, 0));
        assert!(data.mark_solved(1, PROGRESS_PUZZLES - 1));
        assert!(!data.mark_solved(1, PROGRESS_PUZZLES));
        assert!(!data.mark_solved(RECORD_TABLES, 0));
        assert!(data.is_solved(1, 127) && !data.is_solved(1, 1) && !data.is_solved(9, 0));
        for slot in 0..CUSTOM_LEVEL_SLOTS as u8 {
            let level = CustomLevel {
                table: 1,
                slot,
                code: alloc::vec![slot],
            };
            assert_eq!(data.store_custom_level(level), Ok(()));
        }
        let replaced = CustomLevel {
            table: 1,
            slot: 3,
            code: alloc::vec![9, 9],
        };
        assert_eq!(data.store_custom_level(replaced), Ok(()));
        assert_eq!(data.custom_levels[3].code, alloc::vec![9, 9]);
        let extra = CustomLevel {
            table: 2,
            slot: 0,
            code: alloc::vec![],
        };
        assert_eq!(
            data.store_custom_level(extra),
            Err("All custom level slots are full.")
        );
        let huge = CustomLevel {
            table: 1,
            slot: 0,
            code: alloc::vec![0; CUSTOM_LEVEL_BYTES + 1],
        };
        assert_eq!(
            data.store_custom_level(huge),
            Err("That level is too big to save.")
        );
    }

    #[test_case]
    fn record_keeps_the_best_time(_gba: &mut agb::Gba) {
        let mut record = Record::default();
        assert!(!record.finish(false, 10));
        assert!(record.finish(true, 50));
        assert!(!record.finish(true, 60));
        assert!(record.finish(true, 40));
        assert_eq!(
            record,
            Record {
                best_seconds: Some(40),
                wins: 3,
                played: 4
            }
        );
    }
}

#[cfg(test)]
mod sram_tests {
    use super::*;

    /// The one test that opens SRAM (agb allows one save init per run).
    #[test_case]
    fn a_commit_reads_back_and_a_blank_chip_gets_a_notice(gba: &mut agb::Gba) {
        let mut storage = Storage::open(&mut gba.save);
        assert_eq!(storage.notice, Some(Notice::NewSave));
        assert_eq!(storage.data, SaveData::default());
        storage.data.settings.music = false;
        storage.data.records[1][3].finish(true, 42);
        assert!(storage.data.mark_solved(2, 77));
        let level = CustomLevel {
            table: 2,
            slot: 0,
            code: alloc::vec![5, 8, 8, 0],
        };
        assert_eq!(storage.data.store_custom_level(level), Ok(()));
        storage.commit();
        assert_eq!(storage.writes(), 1);
        let manager = storage.manager.as_mut().expect("SRAM is there in mGBA");
        let read: SaveData = manager
            .read(SLOT)
            .expect("the slot just written reads back");
        assert_eq!(read, storage.data);
        let mut header = [0u8; SECTOR];
        sram::read(0, &mut header);
        assert_eq!(classify_header(&header), HeaderState::Ours);
    }
}
