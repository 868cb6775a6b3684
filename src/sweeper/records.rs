//! Poop Sweeper's save section: a line of records per difficulty, plain and
//! no-guess.

use serde::{Deserialize, Serialize};

use super::rules::Difficulty;
use crate::framework::save::{Record, Saved, Tally};

/// Record lines: three difficulties, plain and no-guess.
pub const LINES: usize = 6;

/// One line's records and statistics.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Line {
    /// Best time in seconds; `None` until the first win.
    pub best_seconds: Option<u16>,
    /// Best 3BV per second of a win, in hundredths; 0 until the first.
    pub best_rate: u16,
    pub tally: Tally,
}

impl Line {
    /// The best time and games from a line of the older records.
    fn from_record(record: Record) -> Self {
        Self {
            best_seconds: record.best_seconds,
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

    /// Count a finished game of `three_bv` taking `seconds`.
    pub fn finish(
        &mut self,
        difficulty: Difficulty,
        no_guess: bool,
        won: bool,
        seconds: u16,
        three_bv: u8,
    ) -> Finished {
        let line = &mut self.lines[line(difficulty, no_guess)];
        line.tally.finish(won);
        if !won {
            return Finished::default();
        }
        let best_time = line.best_seconds.is_none_or(|best| seconds < best);
        if best_time {
            line.best_seconds = Some(seconds);
        }
        let rate = rate_hundredths(three_bv, seconds);
        let best_rate = rate > line.best_rate;
        if best_rate {
            line.best_rate = rate;
        }
        Finished {
            best_time,
            best_rate,
        }
    }

    /// Games won, over every line (logged at boot for the tests).
    pub fn wins(&self) -> u32 {
        self.lines
            .iter()
            .map(|line| u32::from(line.tally.won))
            .sum()
    }
}

/// 3BV per second in hundredths; a win inside the first second counts as
/// taking one (the clock shows whole seconds).
pub fn rate_hundredths(three_bv: u8, seconds: u16) -> u16 {
    let rate = u32::from(three_bv) * 100 / u32::from(seconds.max(1));
    rate.min(u32::from(u16::MAX)) as u16
}

/// "1.25", or "-" before the first win.
pub fn rate_text(hundredths: u16) -> heapless::String<8> {
    let mut text = heapless::String::new();
    if hundredths == 0 {
        let _ = text.push('-');
    } else {
        let _ = core::fmt::Write::write_fmt(
            &mut text,
            format_args!("{}.{:02}", hundredths / 100, hundredths % 100),
        );
    }
    text
}

impl Saved for SweeperSave {
    const VERSION: u8 = 2;

    /// Version 1 is a line of [`Record`]s per setting; version 0 the old
    /// single-slot save's record table: eight lines, the first six in
    /// today's order.
    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
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
        })
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
            best_seconds: Some(10 + i as u16),
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
        assert_eq!(SweeperSave::migrate(3, &bytes), None);

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
        let finished = save.finish(Difficulty::Easy, false, true, 20, 30);
        assert_eq!(
            finished,
            Finished {
                best_time: true,
                best_rate: true
            }
        );
        let easy = save.line(Difficulty::Easy, false);
        assert_eq!((easy.best_seconds, easy.best_rate), (Some(20), 150));
        // Slower but more 3BV a second: a new best rate only.
        save.start(Difficulty::Easy, false);
        let finished = save.finish(Difficulty::Easy, false, true, 25, 50);
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
            save.finish(Difficulty::Hard, true, false, 9, 99),
            Finished::default()
        );
        assert_eq!(save.line(Difficulty::Hard, true).tally.played, 1);
        assert_eq!(save.wins(), 2);
    }

    #[test]
    fn rates_read_in_hundredths() {
        assert_eq!(rate_hundredths(10, 0), 1000);
        assert_eq!(rate_hundredths(255, 1), 25500);
        assert_eq!(rate_hundredths(1, 3), 33);
        assert_eq!(rate_text(125).as_str(), "1.25");
        assert_eq!(rate_text(5).as_str(), "0.05");
        assert_eq!(rate_text(0).as_str(), "-");
        assert_eq!(rate_text(u16::MAX).as_str(), "655.35");
    }
}
