//! Poop Sweeper's save section: a line of records per difficulty, plain and
//! no-guess.

use alloc::boxed::Box;
use serde::{Deserialize, Serialize};

use super::field_records::FieldRecords;
pub use super::rate::{rate_hundredths, rate_text};
use super::rules::Difficulty;
use desk_core::{record::Record, section::Saved, tally::Tally};

/// Record lines: three difficulties, plain and no-guess.
pub const LINES: usize = 6;

/// One line's records and statistics.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Line {
    /// Best time in hundredths of a second, from the frames the game took;
    /// `None` until the first win.
    pub best_hundredths: Option<u32>,
    /// Best 3BV per second of a win, in hundredths; 0 until the first.
    pub best_rate: u16,
    pub tally: Tally,
}

/// A line as version 2 kept it: times in whole seconds.
#[derive(Deserialize)]
struct LineInSeconds {
    best_seconds: Option<u16>,
    best_rate: u16,
    tally: Tally,
}

/// The section as version 2 kept it.
#[derive(Deserialize)]
struct SaveInSeconds {
    lines: [LineInSeconds; LINES],
    question_marks: bool,
}

/// A best time kept in whole seconds, in hundredths (what it said).
fn hundredths_of(seconds: Option<u16>) -> Option<u32> {
    seconds.map(|seconds| u32::from(seconds) * 100)
}

impl Line {
    /// The best time and games from a line of the older records.
    fn from_record(record: Record) -> Self {
        Self {
            best_hundredths: hundredths_of(record.best_seconds),
            best_rate: 0,
            tally: Tally {
                played: record.played,
                won: record.wins.min(record.played),
                ..Tally::default()
            },
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct SweeperSave {
    pub lines: [Line; LINES],
    /// B cycles flag, "?", nothing (else flag, nothing).
    pub question_marks: bool,
    /// No-guess boards for the player's new games; `None` until chosen
    /// (saves from before kept it on the board only: the board's then).
    pub no_guess: Option<bool>,
    /// The full-size fields' records, once a field game has started: until
    /// then the section (and the desk at rest) holds a byte for them.
    pub fields: Option<Box<FieldRecords>>,
}

/// The section as version 3 kept it: the pocket board's records only.
#[derive(Deserialize)]
struct PocketOnly {
    lines: [Line; LINES],
    question_marks: bool,
    no_guess: Option<bool>,
}

/// What a finished game changed in its line.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Finished {
    pub best_time: bool,
    pub best_rate: bool,
}

impl SweeperSave {
    pub fn line(&self, difficulty: Difficulty, no_guess: bool) -> Line {
        self.lines[line(difficulty, no_guess)]
    }

    /// Whether the player's new boards are no-guess ones (`board` is the
    /// one in play, for a save that never said).
    pub fn no_guess(&self, board: &super::rules::Board) -> bool {
        self.no_guess.unwrap_or(board.no_guess())
    }

    /// A game on this line starts (its first reveal): a game left
    /// unfinished on any line counts as lost.
    pub fn start(&mut self, difficulty: Difficulty, no_guess: bool) {
        let starting = line(difficulty, no_guess);
        for (index, line) in self.lines.iter_mut().enumerate() {
            if index == starting {
                line.tally.start();
            } else if line.tally.unfinished {
                line.tally.finish(false);
            }
        }
    }

    /// Count a finished game of `three_bv` taking `hundredths` of a second.
    pub fn finish(
        &mut self,
        difficulty: Difficulty,
        no_guess: bool,
        won: bool,
        hundredths: u32,
        three_bv: u8,
    ) -> Finished {
        let line = &mut self.lines[line(difficulty, no_guess)];
        line.tally.finish(won);
        if !won {
            return Finished::default();
        }
        let best_time = line.best_hundredths.is_none_or(|best| hundredths < best);
        if best_time {
            line.best_hundredths = Some(hundredths);
        }
        let rate = rate_hundredths(u16::from(three_bv), hundredths);
        let best_rate = rate > line.best_rate;
        if best_rate {
            line.best_rate = rate;
        }
        Finished {
            best_time,
            best_rate,
        }
    }

    /// The full-size fields' records, made at the first field game.
    pub fn fields_mut(&mut self) -> &mut FieldRecords {
        self.fields.get_or_insert_default()
    }

    /// Games won on the pocket board, over its lines (logged at boot for
    /// the tests).
    pub fn wins(&self) -> u32 {
        self.lines
            .iter()
            .map(|line| u32::from(line.tally.won))
            .sum()
    }
}

impl Saved for SweeperSave {
    const VERSION: u8 = 4;

    /// Version 3 had no full-size fields (read with none played); version
    /// 2 kept times in whole seconds (read as that many seconds and
    /// no hundredths; its best rates, from those seconds, as they were);
    /// version 1 is a line of [`Record`]s per setting; version 0 the old
    /// single-slot save's record table: eight lines, the first six in
    /// today's order.
    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        if version == 3 {
            let old: PocketOnly = postcard::from_bytes(bytes).ok()?;
            return Some(Self {
                lines: old.lines,
                question_marks: old.question_marks,
                no_guess: old.no_guess,
                fields: None,
            });
        }
        if version == 2 {
            let old: SaveInSeconds = postcard::from_bytes(bytes).ok()?;
            return Some(Self {
                lines: old.lines.map(|line| Line {
                    best_hundredths: hundredths_of(line.best_seconds),
                    best_rate: line.best_rate,
                    tally: line.tally,
                }),
                question_marks: old.question_marks,
                no_guess: None,
                fields: None,
            });
        }
        let records: [Record; LINES] = match version {
            0 => {
                let table: [Record; 8] = postcard::from_bytes(bytes).ok()?;
                let mut records = [Record::default(); LINES];
                records.copy_from_slice(&table[..LINES]);
                records
            }
            1 => postcard::from_bytes(bytes).ok()?,
            _ => return None,
        };
        Some(Self {
            lines: records.map(Line::from_record),
            question_marks: false,
            no_guess: None,
            fields: None,
        })
    }
}

/// The record line of a difficulty and no-guess setting.
pub fn line(difficulty: Difficulty, no_guess: bool) -> usize {
    difficulty as usize * 2 + usize::from(no_guess)
}

#[cfg(test)]
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
    fn the_old_record_tables_migrate_line_for_line() {
        let mut table = [Record::default(); 8];
        for (i, record) in table.iter_mut().enumerate() {
            *record = Record {
                best_seconds: Some(10 + i as u16),
                wins: i as u16,
                played: 2 * i as u16,
            };
        }
        let expected = |i: usize| Line {
            best_hundredths: Some(1000 + 100 * i as u32),
            best_rate: 0,
            tally: Tally {
                played: 2 * i as u16,
                won: i as u16,
                ..Tally::default()
            },
        };
        let bytes = postcard::to_allocvec(&table).unwrap();
        let migrated = SweeperSave::migrate(0, &bytes).expect("version 0 reads");
        for i in 0..LINES {
            assert_eq!(migrated.lines[i], expected(i));
        }
        assert_eq!(migrated.line(Difficulty::Medium, true), expected(3));
        assert_eq!(SweeperSave::migrate(0, &bytes[..5]), None);
        assert_eq!(SweeperSave::migrate(5, &bytes), None);

        let mut version_one = [Record::default(); LINES];
        version_one.copy_from_slice(&table[..LINES]);
        let bytes = postcard::to_allocvec(&version_one).unwrap();
        let migrated = SweeperSave::migrate(1, &bytes).expect("version 1 reads");
        assert_eq!(migrated.lines[5], expected(5));
        assert_eq!(migrated.wins(), (0..6).sum::<u32>());
    }

    #[test]
    fn games_count_on_their_line_and_a_given_up_one_on_its_own() {
        let mut save = SweeperSave::default();
        save.start(Difficulty::Easy, false);
        let finished = save.finish(Difficulty::Easy, false, true, 2000, 30);
        assert_eq!(
            finished,
            Finished {
                best_time: true,
                best_rate: true
            }
        );
        let easy = save.line(Difficulty::Easy, false);
        assert_eq!((easy.best_hundredths, easy.best_rate), (Some(2000), 150));
        // Slower but more 3BV a second: a new best rate only.
        save.start(Difficulty::Easy, false);
        let finished = save.finish(Difficulty::Easy, false, true, 2500, 50);
        assert_eq!(
            finished,
            Finished {
                best_time: false,
                best_rate: true
            }
        );
        // Started on Easy, given up for a Hard game: Easy counts a loss.
        save.start(Difficulty::Easy, false);
        save.start(Difficulty::Hard, true);
        let easy = save.line(Difficulty::Easy, false).tally;
        assert_eq!(
            (easy.played, easy.won, easy.streak, easy.best_streak),
            (3, 2, 0, 2)
        );
        assert!(!easy.unfinished);
        assert!(save.line(Difficulty::Hard, true).tally.unfinished);
        assert_eq!(
            save.finish(Difficulty::Hard, true, false, 900, 99),
            Finished::default()
        );
        assert_eq!(save.line(Difficulty::Hard, true).tally.played, 1);
        assert_eq!(save.wins(), 2);
    }

    #[test]
    fn version_two_times_in_seconds_migrate_to_hundredths() {
        #[derive(Serialize)]
        struct LineV2 {
            best_seconds: Option<u16>,
            best_rate: u16,
            tally: Tally,
        }
        let tally = Tally {
            played: 5,
            won: 3,
            ..Tally::default()
        };
        let lines: [LineV2; LINES] = core::array::from_fn(|i| LineV2 {
            best_seconds: (i % 2 == 0).then_some(10 + i as u16),
            best_rate: 120 + i as u16,
            tally,
        });
        let bytes = postcard::to_allocvec(&(lines, true)).unwrap();
        let migrated = SweeperSave::migrate(2, &bytes).expect("version 2 reads");
        assert!(migrated.question_marks);
        for (i, line) in migrated.lines.iter().enumerate() {
            let best = (i % 2 == 0).then_some(1000 + 100 * i as u32);
            assert_eq!(
                *line,
                Line {
                    best_hundredths: best,
                    best_rate: 120 + i as u16,
                    tally
                }
            );
        }
        assert_eq!(SweeperSave::migrate(2, &bytes[..bytes.len() - 1]), None);
    }

    #[test]
    fn version_three_reads_with_no_full_size_field_played() {
        #[derive(Serialize)]
        struct V3 {
            lines: [Line; LINES],
            question_marks: bool,
            no_guess: Option<bool>,
        }
        let line = Line {
            best_hundredths: Some(1234),
            tally: Tally {
                played: 9,
                ..Tally::default()
            },
            ..Line::default()
        };
        let old = V3 {
            lines: [line; LINES],
            question_marks: true,
            no_guess: Some(true),
        };
        let bytes = postcard::to_allocvec(&old).unwrap();
        let migrated = SweeperSave::migrate(3, &bytes).expect("version 3 reads");
        assert_eq!(migrated.lines, [line; LINES]);
        assert!(migrated.question_marks);
        assert_eq!(migrated.no_guess, Some(true));
        assert_eq!(migrated.fields, None);
        assert_eq!(SweeperSave::migrate(3, &bytes[..bytes.len() - 1]), None);
    }
}
