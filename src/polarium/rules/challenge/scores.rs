//! Challenge's high scores: a top table per mode, in plain integers for the
//! app to save as it likes.

use super::levels::{LEVELS, TOTAL_LINES};

/// Entries a table keeps.
pub const TOP_SCORES: usize = 5;

/// One finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Score {
    pub points: u32,
    /// The level reached.
    pub level: u8,
    /// The lines reached (a practice game counts the levels it skipped).
    pub lines: u16,
    /// The level the game started at: 1 unless practice.
    pub start_level: u8,
}

impl Score {
    /// Whether a game could have ended so: what a loaded table keeps.
    #[must_use]
    pub const fn is_possible(&self) -> bool {
        self.points > 0
            && self.start_level >= 1
            && self.start_level <= self.level
            && self.level <= LEVELS
            && self.lines <= TOTAL_LINES
    }

    /// Whether `self` ranks above `other`: more points, then more lines,
    /// then a higher level.
    #[must_use]
    pub const fn beats(&self, other: &Self) -> bool {
        if self.points != other.points {
            return self.points > other.points;
        }
        if self.lines != other.lines {
            return self.lines > other.lines;
        }
        self.level > other.level
    }
}

/// Which table a game's score goes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// From level 1.
    Normal,
    /// From a level chosen in the practice menu.
    Practice,
}

/// The best scores, best first.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HighScores {
    entries: heapless::Vec<Score, TOP_SCORES>,
}

impl HighScores {
    #[must_use]
    pub const fn new() -> Self {
        Self {
            entries: heapless::Vec::new(),
        }
    }

    /// A table from saved entries, in any order: impossible ones are
    /// dropped and the rest ranked, so a damaged save gives a valid table.
    #[must_use]
    pub fn from_entries(entries: &[Score]) -> Self {
        let mut table = Self::new();
        for &score in entries {
            table.insert(score);
        }
        table
    }

    #[must_use]
    pub fn entries(&self) -> &[Score] {
        &self.entries
    }

    /// Whether `score` would make the table.
    #[must_use]
    pub fn qualifies(&self, score: &Score) -> bool {
        score.is_possible()
            && (!self.entries.is_full() || self.entries.iter().any(|entry| score.beats(entry)))
    }

    /// Puts `score` in its place, below any equal to it, and returns its rank
    /// (0 = best); `None` when it does not make the table.
    pub fn insert(&mut self, score: Score) -> Option<usize> {
        if !self.qualifies(&score) {
            return None;
        }
        let rank = self
            .entries
            .iter()
            .position(|entry| score.beats(entry))
            .unwrap_or(self.entries.len());
        if self.entries.is_full() {
            self.entries.pop();
        }
        // Room was made above, and rank is at most the length.
        let _ = self.entries.insert(rank, score);
        Some(rank)
    }
}

/// Both tables.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Records {
    pub normal: HighScores,
    pub practice: HighScores,
}

impl Records {
    #[must_use]
    pub const fn table(&self, mode: Mode) -> &HighScores {
        match mode {
            Mode::Normal => &self.normal,
            Mode::Practice => &self.practice,
        }
    }

    /// [`HighScores::insert`] into `mode`'s table.
    pub fn insert(&mut self, mode: Mode, score: Score) -> Option<usize> {
        match mode {
            Mode::Normal => self.normal.insert(score),
            Mode::Practice => self.practice.insert(score),
        }
    }

    /// The best level reached in either mode, for the practice menu's
    /// choice (practice starts at any level up to it).
    #[must_use]
    pub fn best_level(&self) -> u8 {
        self.normal
            .entries()
            .iter()
            .chain(self.practice.entries())
            .map(|score| score.level)
            .max()
            .unwrap_or(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::vec::Vec;

    fn score(points: u32, lines: u16, level: u8) -> Score {
        Score {
            points,
            level,
            lines,
            start_level: 1,
        }
    }

    #[test]
    fn ties_rank_below_and_the_table_keeps_the_best() {
        let mut table = HighScores::new();
        assert_eq!(table.insert(score(500, 10, 1)), Some(0));
        assert_eq!(table.insert(score(500, 10, 1)), Some(1));
        assert_eq!(table.insert(score(500, 12, 1)), Some(0));
        assert_eq!(table.insert(score(900, 0, 1)), Some(0));
        assert_eq!(table.insert(score(100, 3, 1)), Some(4));
        assert_eq!(table.insert(score(50, 3, 1)), None);
        assert_eq!(table.insert(score(600, 3, 1)), Some(1));
        let points: Vec<u32> = table.entries().iter().map(|s| s.points).collect();
        assert_eq!(points, [900, 600, 500, 500, 500]);
        assert_eq!(table.entries()[2].lines, 12);
        // Nothing scored, nothing kept.
        assert_eq!(HighScores::new().insert(score(0, 0, 1)), None);
    }

    #[test]
    fn impossible_saved_entries_are_dropped() {
        let bad = [
            score(10, 2000, 1),
            score(10, 5, 11),
            Score {
                start_level: 4,
                ..score(10, 5, 3)
            },
            score(0, 0, 1),
        ];
        assert!(HighScores::from_entries(&bad).entries().is_empty());
    }

    #[test]
    fn records_keep_modes_apart_and_know_the_best_level() {
        let mut records = Records::default();
        assert_eq!(records.best_level(), 1);
        records.insert(Mode::Normal, score(100, 120, 2));
        records.insert(
            Mode::Practice,
            Score {
                start_level: 3,
                ..score(50, 420, 5)
            },
        );
        assert_eq!(records.table(Mode::Normal).entries().len(), 1);
        assert_eq!(records.table(Mode::Practice).entries()[0].level, 5);
        assert_eq!(records.best_level(), 5);
    }

    proptest! {
        /// Whatever goes in, the table is the best `TOP_SCORES` of the
        /// possible scores, ranked, earlier ones first among equals.
        #[test]
        fn the_table_is_the_sorted_best(
            games in proptest::collection::vec((0u32..2000, 0u16..1100, 1u8..12), 0..40)
        ) {
            let scores: Vec<Score> = games.iter().map(|&(p, l, v)| score(p, l, v)).collect();
            let mut table = HighScores::new();
            for &s in &scores {
                let rank = table.insert(s);
                if let Some(rank) = rank {
                    prop_assert_eq!(table.entries()[rank], s);
                }
            }
            let mut expected: Vec<Score> = scores.iter().copied().filter(Score::is_possible).collect();
            // A stable sort keeps earlier games first among equals.
            expected.sort_by(|a, b| {
                if a.beats(b) { core::cmp::Ordering::Less }
                else if b.beats(a) { core::cmp::Ordering::Greater }
                else { core::cmp::Ordering::Equal }
            });
            expected.truncate(TOP_SCORES);
            prop_assert_eq!(table.entries(), &expected[..]);
            prop_assert_eq!(HighScores::from_entries(table.entries()), table);
        }
    }
}
