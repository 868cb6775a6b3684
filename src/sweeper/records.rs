//! Poop Sweeper's save section: a line of records per difficulty, plain and
//! no-guess.

use serde::{Deserialize, Serialize};

use super::rules::Difficulty;
use crate::framework::save::{Record, Saved};

/// Record lines: three difficulties, plain and no-guess.
pub const LINES: usize = 6;

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct SweeperSave {
    pub records: [Record; LINES],
}

impl SweeperSave {
    pub fn record(&self, difficulty: Difficulty, no_guess: bool) -> Record {
        self.records[line(difficulty, no_guess)]
    }

    pub fn record_mut(&mut self, difficulty: Difficulty, no_guess: bool) -> &mut Record {
        &mut self.records[line(difficulty, no_guess)]
    }

    /// Games won, over every line (logged at boot for the tests).
    pub fn wins(&self) -> u32 {
        self.records
            .iter()
            .map(|record| u32::from(record.wins))
            .sum()
    }
}

impl Saved for SweeperSave {
    const VERSION: u8 = 1;

    /// Version 0 is the old single-slot save's record table: eight lines, the
    /// first six in today's order.
    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        if version != 0 {
            return None;
        }
        let table: [Record; 8] = postcard::from_bytes(bytes).ok()?;
        let mut records = [Record::default(); LINES];
        records.copy_from_slice(&table[..LINES]);
        Some(Self { records })
    }
}

/// The record line of a difficulty and no-guess setting.
pub fn line(difficulty: Difficulty, no_guess: bool) -> usize {
    difficulty as usize * 2 + usize::from(no_guess)
}

#[cfg(all(test, not(target_arch = "arm")))]
mod tests {
    use super::*;

    #[test]
    fn every_setting_has_its_own_record_line() {
        let mut seen = [false; LINES];
        for difficulty in Difficulty::ALL {
            for no_guess in [false, true] {
                let line = line(difficulty, no_guess);
                assert!(!seen[line]);
                seen[line] = true;
            }
        }
    }

    #[test]
    fn the_old_record_table_migrates_line_for_line() {
        let mut table = [Record::default(); 8];
        for (i, record) in table.iter_mut().enumerate() {
            *record = Record {
                best_seconds: Some(10 + i as u16),
                wins: i as u16,
                played: 2 * i as u16,
            };
        }
        let bytes = postcard::to_allocvec(&table).unwrap();
        let migrated = SweeperSave::migrate(0, &bytes).expect("version 0 reads");
        assert_eq!(migrated.records[..], table[..LINES]);
        assert_eq!(migrated.record(Difficulty::Medium, true), table[3]);
        assert_eq!(SweeperSave::migrate(0, &bytes[..5]), None);
        assert_eq!(SweeperSave::migrate(2, &bytes), None);
    }
}
