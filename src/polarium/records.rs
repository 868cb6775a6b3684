//! Polarium's save section: per built-in puzzle, the fewest tries and the
//! best time it was solved in; and the puzzles made in the editor.

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use crate::framework::save::Saved;

/// A solved puzzle's bests.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Best {
    /// Fewest tries (strokes flipped) it took; 0 = not solved yet.
    pub tries: u8,
    pub seconds: u16,
}

impl Best {
    pub const fn is_solved(self) -> bool {
        self.tries > 0
    }
}

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct PolariumSave {
    /// By built-in puzzle index; missing entries are unsolved.
    pub bests: Vec<Best>,
    /// Puzzles made in the editor (proved by solving), as password lines.
    pub customs: Vec<[u32; 3]>,
}

/// Custom puzzles kept (Polarium Advance kept 100 on the cartridge,
/// Picolarium 20).
pub const CUSTOM_SLOTS: usize = 24;

/// Puzzles per set: a set opens when enough of the one before is solved.
pub const SET: usize = 10;
/// Solved puzzles of a set that open the next.
pub const TO_OPEN_NEXT: usize = 7;

impl PolariumSave {
    pub fn best(&self, puzzle: usize) -> Best {
        self.bests.get(puzzle).copied().unwrap_or_default()
    }

    /// Count a solve; true when it set a new best (fewer tries, or as few
    /// and faster).
    pub fn finish(&mut self, puzzle: usize, tries: u8, seconds: u16) -> bool {
        if self.bests.len() <= puzzle {
            self.bests.resize(puzzle + 1, Best::default());
        }
        let best = &mut self.bests[puzzle];
        let better = !best.is_solved()
            || tries < best.tries
            || (tries == best.tries && seconds < best.seconds);
        if better {
            *best = Best { tries, seconds };
        }
        better
    }

    /// The first of `count` built-in puzzles not solved yet (the first if
    /// all are).
    pub fn first_unsolved(&self, count: usize) -> usize {
        (0..count).find(|&i| !self.best(i).is_solved()).unwrap_or(0)
    }

    pub fn solved(&self) -> usize {
        self.bests.iter().filter(|best| best.is_solved()).count()
    }

    /// Solved puzzles in set `set`.
    pub fn solved_in_set(&self, set: usize) -> usize {
        (set * SET..(set + 1) * SET)
            .filter(|&i| self.best(i).is_solved())
            .count()
    }

    /// Sets open: the first always, each next once the one before has
    /// [`TO_OPEN_NEXT`] solved.
    pub fn open_sets(&self, total_sets: usize) -> usize {
        let mut open = 1;
        while open < total_sets && self.solved_in_set(open - 1) >= TO_OPEN_NEXT {
            open += 1;
        }
        open
    }
}

impl Saved for PolariumSave {
    const VERSION: u8 = 1;
}

#[cfg(all(test, not(target_arch = "arm")))]
mod tests {
    use super::*;

    #[test]
    fn bests_keep_fewest_tries_then_time_and_sets_open() {
        let mut save = PolariumSave::default();
        assert_eq!(save.open_sets(12), 1);
        assert!(save.finish(3, 4, 90));
        assert!(!save.finish(3, 5, 10));
        assert!(save.finish(3, 4, 80));
        assert!(save.finish(3, 2, 200));
        assert_eq!(
            save.best(3),
            Best {
                tries: 2,
                seconds: 200
            }
        );
        assert!(!save.best(2).is_solved());
        for i in 0..7 {
            save.finish(i, 1, 1);
        }
        assert_eq!(save.open_sets(12), 2);
        assert_eq!(save.open_sets(1), 1);
    }
}
