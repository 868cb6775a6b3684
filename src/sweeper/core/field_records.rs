//! The full-size fields' records: for Beginner, Intermediate and Expert,
//! plain and no-guess, the five best wins, each with its time to the
//! hundredth and its 3BV (so its 3BV/s), and the statistics; custom fields
//! share a line of statistics (their sizes are the player's own, so their
//! times compare with nothing).

use serde::{Deserialize, Serialize};

use super::rate::rate_hundredths;
use super::rules::field::Size;
use desk_core::tally::Tally;

/// Best times kept a line.
pub const BEST_WINS: usize = 5;
/// Record lines: the three standard fields, plain and no-guess.
pub const FIELD_LINES: usize = 6;

/// A win as kept: its time in hundredths of a second (at most 99:59.99,
/// under 2^20) in the low 20 bits, its 3BV (at most 480) above.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Win(u32);

const TIME_BITS: u32 = 20;

impl Win {
    #[must_use]
    pub fn new(hundredths: u32, three_bv: u16) -> Self {
        let hundredths = hundredths.min((1 << TIME_BITS) - 1);
        Self(hundredths | u32::from(three_bv.min(0xFFF)) << TIME_BITS)
    }

    #[must_use]
    pub const fn hundredths(self) -> u32 {
        self.0 & ((1 << TIME_BITS) - 1)
    }

    #[must_use]
    pub const fn three_bv(self) -> u16 {
        (self.0 >> TIME_BITS) as u16
    }

    /// 3BV a second, in hundredths.
    #[must_use]
    pub fn rate(self) -> u16 {
        rate_hundredths(self.three_bv(), self.hundredths())
    }
}

/// One standard field's line: its best wins, fastest first, and its games.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct FieldLine {
    best: [Win; BEST_WINS],
    kept: u8,
    pub tally: Tally,
}

impl FieldLine {
    /// The best wins, fastest first.
    #[must_use]
    pub fn best(&self) -> &[Win] {
        self.best
            .get(..usize::from(self.kept))
            .unwrap_or(&self.best)
    }

    /// Where `win` goes among the best (0 for a new best time), if it is
    /// one of them; kept there.
    fn place(&mut self, win: Win) -> Option<usize> {
        let kept = usize::from(self.kept).min(BEST_WINS);
        // After any win as fast: an older time stands.
        let at = self
            .best
            .get(..kept)
            .unwrap_or(&[])
            .iter()
            .take_while(|best| best.hundredths() <= win.hundredths())
            .count();
        if at >= BEST_WINS {
            return None;
        }
        let last = kept.min(BEST_WINS - 1);
        self.best.copy_within(at..last, at + 1);
        self.best[at] = win;
        self.kept = (kept + 1).min(BEST_WINS) as u8;
        Some(at)
    }
}

/// Every full-size field's records.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct FieldRecords {
    pub lines: [FieldLine; FIELD_LINES],
    /// Games on custom fields.
    pub custom: Tally,
}

impl FieldRecords {
    /// The line of a standard field and setting; `None` for a custom field.
    #[must_use]
    pub fn line(&self, size: Size, no_guess: bool) -> Option<&FieldLine> {
        self.lines.get(line_of(size, no_guess)?)
    }

    fn tally(&mut self, size: Size, no_guess: bool) -> &mut Tally {
        match line_of(size, no_guess).and_then(|line| self.lines.get_mut(line)) {
            Some(line) => &mut line.tally,
            None => &mut self.custom,
        }
    }

    /// A game starts (its first reveal): a field game left unfinished on
    /// any line counts as lost (one field game is kept at a time; the
    /// pocket board's is kept beside it, so its tallies are not touched).
    pub fn start(&mut self, size: Size, no_guess: bool) {
        let starting = line_of(size, no_guess);
        for (index, line) in self.lines.iter_mut().enumerate() {
            if Some(index) != starting && line.tally.unfinished {
                line.tally.finish(false);
            }
        }
        if starting.is_some() && self.custom.unfinished {
            self.custom.finish(false);
        }
        self.tally(size, no_guess).start();
    }

    /// A game ends; for a win of a standard field, where its time went
    /// among the line's best (0: a new best time).
    pub fn finish(
        &mut self,
        size: Size,
        no_guess: bool,
        won: bool,
        hundredths: u32,
        three_bv: u16,
    ) -> Option<usize> {
        self.tally(size, no_guess).finish(won);
        let line = self.lines.get_mut(line_of(size, no_guess)?)?;
        if won {
            line.place(Win::new(hundredths, three_bv))
        } else {
            None
        }
    }
}

/// The record line of a standard field and setting.
fn line_of(size: Size, no_guess: bool) -> Option<usize> {
    Some(size.standard()? * 2 + usize::from(no_guess))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_keeps_its_time_and_3bv() {
        let win = Win::new(359_999, 480);
        assert_eq!((win.hundredths(), win.three_bv()), (359_999, 480));
        assert_eq!(Win::new(1000, 100).rate(), 1000);
        // Out of range is held at the edge, never spilling into the other.
        let wild = Win::new(u32::MAX, u16::MAX);
        assert_eq!((wild.hundredths(), wild.three_bv()), ((1 << 20) - 1, 0xFFF));
    }

    #[test]
    fn the_five_best_wins_stay_in_order() {
        let mut records = FieldRecords::default();
        let expert = Size::EXPERT;
        let times = [9000, 7000, 8000, 7000, 9500, 6000, 12000, 6500];
        let places: Vec<_> = times
            .iter()
            .map(|&time| {
                records.start(expert, false);
                records.finish(expert, false, true, time, 150)
            })
            .collect();
        // A tie goes after the older time; past the fifth, not kept.
        assert_eq!(
            places,
            [
                Some(0),
                Some(0),
                Some(1),
                Some(1),
                Some(4),
                Some(0),
                None,
                Some(1)
            ]
        );
        let line = records.line(expert, false).expect("a standard field");
        let kept: Vec<_> = line.best().iter().map(|win| win.hundredths()).collect();
        assert_eq!(kept, [6000, 6500, 7000, 7000, 8000]);
        assert_eq!((line.tally.played, line.tally.won), (8, 8));
        // Other lines untouched.
        assert!(
            records
                .line(expert, true)
                .is_some_and(|line| line.best().is_empty())
        );
    }

    #[test]
    fn losses_and_custom_fields_count_games_only() {
        let mut records = FieldRecords::default();
        let custom = Size::custom(20, 10, 30).expect("a custom field");
        records.start(custom, true);
        assert_eq!(records.finish(custom, true, true, 500, 20), None);
        records.start(Size::BEGINNER, false);
        assert_eq!(records.finish(Size::BEGINNER, false, false, 500, 20), None);
        assert_eq!((records.custom.played, records.custom.won), (1, 1));
        let beginner = records.line(Size::BEGINNER, false).expect("standard");
        assert_eq!((beginner.tally.played, beginner.tally.won), (1, 0));
        assert!(beginner.best().is_empty());
        assert!(records.line(custom, false).is_none());
    }

    #[test]
    fn a_field_game_left_unfinished_counts_as_lost_when_another_starts() {
        let mut records = FieldRecords::default();
        let custom = Size::custom(10, 10, 20).expect("a custom field");
        records.start(Size::EXPERT, true);
        records.start(custom, false);
        let expert = records.line(Size::EXPERT, true).expect("standard").tally;
        assert_eq!(
            (expert.played, expert.won, expert.unfinished),
            (1, 0, false)
        );
        assert!(records.custom.unfinished);
        records.start(Size::BEGINNER, false);
        assert_eq!(
            (records.custom.played, records.custom.unfinished),
            (1, false)
        );
        // The same line again: the game under way counts as lost once.
        records.start(Size::BEGINNER, false);
        let beginner = records.line(Size::BEGINNER, false).expect("standard").tally;
        assert_eq!((beginner.played, beginner.unfinished), (1, true));
    }

    #[test]
    fn every_standard_field_and_setting_has_its_own_line() {
        let mut seen = [false; FIELD_LINES];
        for size in Size::STANDARD {
            for no_guess in [false, true] {
                let line = line_of(size, no_guess).expect("standard");
                assert!(!seen[line]);
                seen[line] = true;
            }
        }
    }

    #[test]
    fn a_damaged_count_of_kept_wins_reads_safely() {
        let mut line = FieldLine {
            kept: 200,
            ..FieldLine::default()
        };
        assert_eq!(line.best().len(), BEST_WINS);
        // Five wins of no time at all read: nothing beats them, nothing breaks.
        assert_eq!(line.place(Win::new(1, 1)), None);
        assert_eq!(line.best().len(), BEST_WINS);
    }
}
