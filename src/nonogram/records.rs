//! The nonogram's save section: each built-in puzzle's best time, and the
//! player's options.

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::rules::builtin;
use crate::framework::save::Saved;

/// How the game plays and looks; every choice is kept.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Grey the clue numbers the marks account for.
    pub hint_guide: bool,
    /// Cross the rest of a line once its fills match its clues.
    pub auto_cross: bool,
    /// Picross-style mistake checking: a wrong fill is marked and costs
    /// time (2, then 4, then 8 minutes).
    pub mistakes: bool,
    pub high_contrast: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            hint_guide: true,
            auto_cross: false,
            mistakes: false,
            high_contrast: false,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct NonogramSave {
    /// By built-in puzzle index: best time in seconds plus one (0 = not
    /// solved yet); missing entries are unsolved.
    pub bests: Vec<u16>,
    pub options: Options,
}

impl NonogramSave {
    /// Puzzle `index`'s best time in seconds, if solved.
    pub fn best(&self, index: usize) -> Option<u16> {
        self.bests.get(index).and_then(|&best| best.checked_sub(1))
    }

    /// Count a solve; true when it is a new best.
    pub fn finish(&mut self, index: usize, seconds: u16) -> bool {
        if self.bests.len() <= index {
            self.bests.resize(index + 1, 0);
        }
        let better = self.best(index).is_none_or(|best| seconds < best);
        if better {
            self.bests[index] = seconds.saturating_add(1);
        }
        better
    }

    /// The first built-in puzzle from `start` on (going round to the
    /// start) not solved yet; `start` itself if all are.
    pub fn first_unsolved_from(&self, start: usize) -> usize {
        let count = builtin::COUNT.max(1);
        (0..count)
            .map(|step| (start + step) % count)
            .find(|&index| self.best(index).is_none())
            .unwrap_or(start % count)
    }

    pub fn solved(&self) -> usize {
        self.bests.iter().filter(|&&best| best > 0).count()
    }
}

impl Saved for NonogramSave {
    const VERSION: u8 = 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn bests_keep_the_fastest(_gba: &mut agb::Gba) {
        let mut save = NonogramSave::default();
        assert_eq!(save.best(4), None);
        assert!(save.finish(4, 90));
        assert!(!save.finish(4, 95));
        assert!(save.finish(4, 0));
        assert_eq!(save.best(4), Some(0));
        assert_eq!(save.best(3), None);
        assert_eq!(save.solved(), 1);
        assert_eq!(save.first_unsolved_from(4), 5);
        assert_eq!(save.first_unsolved_from(0), 0);
    }
}
