//! How hard a puzzle is, from what the layered scan measures when it solves
//! the puzzle from its hints.
//!
//! The measure is the scan's states. They grow with the number of ways a
//! stroke could still be laid out at each point of the scan, so with the
//! board's size, with how many row colourings stay possible, and with how
//! tangled the partial strokes can get: the same things that make a player
//! try and take back. The number of solving strokes does not lower it: a
//! board with many strokes from its hints (as designers draw them) still
//! makes the player find one of them among all the ways that fail.
//!
//! The score is the states' base-2 logarithm in sixteenths; the tiers cut it
//! at every doubling, from 256 states up.

use super::solver::Progress;
#[cfg(test)]
use super::{
    board::Puzzle,
    solver::{Solver, Space},
};

/// Tiers run from 1 (easiest) to this.
pub const TIERS: u8 = 5;

/// What the solver measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Difficulty {
    /// States the solver made solving from the hints.
    pub states: u32,
    /// Solving strokes (at least 1; saturating): logged, not scored.
    pub count: u32,
}

/// Scores at which tiers 2, 3, 4 and 5 start: 256, 512, 1024 and 2048 states.
const TIER_STARTS: [u32; TIERS as usize - 1] = [128, 144, 160, 176];

/// `log2(value)` in sixteenths, from the leading bit and the four below it
/// (0 for 0 and 1); never decreases as `value` grows.
const fn log2_sixteenths(value: u32) -> u32 {
    if value <= 1 {
        return 0;
    }
    let whole = 31 - value.leading_zeros();
    let fraction = if whole >= 4 {
        value >> (whole - 4) & 0xF
    } else {
        value << (4 - whole) & 0xF
    };
    whole * 16 + fraction
}

impl Difficulty {
    /// From a finished solve: its progress and the solver's states; `None`
    /// if it found no solution (or ran out of space).
    #[must_use]
    pub const fn from_progress(progress: &Progress, states: u32) -> Option<Self> {
        let count = match progress {
            Progress::Solved(solution) => solution.count,
            Progress::Solvable { count } => *count,
            _ => return None,
        };
        Some(Self { states, count })
    }

    /// Solve `puzzle` to the end in one go and measure it (host tools; the
    /// GBA steps the solver over frames and calls [`Self::from_progress`]).
    #[cfg(test)]
    pub fn measure<const CAPACITY: usize, const SLOTS: usize>(
        puzzle: &Puzzle,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Option<Self> {
        let mut solver = Solver::new(puzzle, space);
        let progress = solver.solve(space);
        Self::from_progress(&progress, solver.states())
    }

    /// Higher is harder.
    #[must_use]
    pub const fn score(self) -> u32 {
        log2_sixteenths(self.states)
    }

    /// 1 (easiest) to [`TIERS`].
    #[must_use]
    pub const fn tier(self) -> u8 {
        let score = self.score();
        let mut tier = 1;
        while tier < TIERS && score >= TIER_STARTS[tier as usize - 1] {
            tier += 1;
        }
        tier
    }
}

/// A word for a tier, for the puzzle list.
#[must_use]
pub const fn tier_name(tier: u8) -> &'static str {
    match tier {
        0 | 1 => "Easy",
        2 => "Fair",
        3 => "Tricky",
        4 => "Hard",
        _ => "Fiendish",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn difficulty(states: u32, count: u32) -> Difficulty {
        Difficulty { states, count }
    }

    #[test]
    fn the_logarithm_is_close_and_never_decreases() {
        let mut last = 0;
        for value in 0..1_000_000u32 {
            let log = log2_sixteenths(value);
            assert!(log >= last, "{value}");
            last = log;
            if value >= 2 {
                let exact = f64::from(value).log2() * 16.0;
                // Linear between powers of two, rounded down: a little low.
                let below = exact - f64::from(log);
                assert!((-1e-9..2.5).contains(&below), "{value}: {log} {exact}");
            }
        }
        assert_eq!(log2_sixteenths(u32::MAX), 31 * 16 + 15);
        assert_eq!(log2_sixteenths(1024), 160);
    }

    #[test]
    fn more_states_harder_and_more_solutions_no_easier() {
        assert!(difficulty(2000, 1).score() > difficulty(1000, 1).score());
        assert_eq!(difficulty(2000, 1).score(), difficulty(2000, 4).score());
        assert_eq!(
            difficulty(2000, 1).score(),
            difficulty(2000, 65_535).score()
        );
        assert!(difficulty(2000, 4).score() > difficulty(1000, 4).score());
        assert_eq!(difficulty(0, 0).score(), 0);
    }

    #[test]
    fn tiers_start_at_each_doubling() {
        assert_eq!(difficulty(100, 1).tier(), 1);
        assert_eq!(difficulty(255, 1).tier(), 1);
        assert_eq!(difficulty(256, 1).tier(), 2);
        assert_eq!(difficulty(512, 1).tier(), 3);
        assert_eq!(difficulty(1024, 1).tier(), 4);
        assert_eq!(difficulty(2048, 1).tier(), 5);
        assert_eq!(difficulty(u32::MAX, 1).tier(), TIERS);
        assert_eq!(difficulty(2048, 4).tier(), 5);
        for tier in 0..=TIERS + 1 {
            assert!(!tier_name(tier).is_empty());
        }
    }
}
