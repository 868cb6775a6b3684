//! Layouts that can be cleared from the first reveal without guessing.
//!
//! Like Simon Tatham's Mines, but simpler: draw random layouts (mines kept
//! off the 3x3 around the first square) until the deduction-only
//! [solver](super::solves) clears one. Each [`NoGuessGenerator::step`] tries
//! exactly one candidate, so the UI can run a few per frame and animate.
//!
//! Attempts measured over 3000 seeds per difficulty (first square varied):
//! Easy mean 1.3, max 5; Medium mean 2.9, max 24; Hard mean 19.5, 99th
//! percentile 97, max 169. Random Hard layouts are solver-clearable about
//! 5% of the time (the exact verifier in the tests finds about 8%).
//! On the GBA (mGBA, code running from ROM) one Hard step costs about 0.9
//! of a frame, so a Hard board takes about half a second on average and
//! under 3 seconds in the worst case seen; Easy and Medium are near instant.

use super::layout::Layout;
use super::pos::Pos;
use super::solver::solves;
use crate::random::Rng;

/// Candidates tried before giving up and handing out the last one (which
/// may need a guess). About 30 times the worst case observed (see above).
pub const MAX_ATTEMPTS: u16 = 5000;

/// Incremental no-guess layout search.
#[derive(Clone, Debug)]
pub struct NoGuessGenerator {
    first: Pos,
    mines: u8,
    rng: Rng,
    attempts: u16,
    result: Option<Layout>,
}

impl NoGuessGenerator {
    /// A search for a layout of `mines` mines whose first reveal is `first`.
    #[must_use]
    pub const fn new(first: Pos, mines: u8, seed: u32) -> Self {
        Self {
            first,
            mines,
            rng: Rng::new(seed),
            attempts: 0,
            result: None,
        }
    }

    /// Tries one candidate layout; `Some` once done (repeatable: later calls
    /// return the same layout without more work). After [`MAX_ATTEMPTS`]
    /// it settles for the last candidate, so the game can always start.
    pub fn step(&mut self) -> Option<Layout> {
        if self.result.is_some() {
            return self.result;
        }
        let candidate = Layout::random(self.first, self.mines, &mut self.rng);
        self.attempts = self.attempts.saturating_add(1);
        if solves(&candidate, self.first) || self.attempts >= MAX_ATTEMPTS {
            self.result = Some(candidate);
        }
        self.result
    }

    /// Candidates tried so far.
    #[must_use]
    pub const fn attempts(&self) -> u16 {
        self.attempts
    }

    /// Whether the search is over (its layout is what `step` returns).
    #[must_use]
    pub const fn is_done(&self) -> bool {
        self.result.is_some()
    }
}

/// Runs a [`NoGuessGenerator`] to completion in one go (tests, benchmarks).
#[must_use]
pub fn generate_blocking(first: Pos, mines: u8, seed: u32) -> Layout {
    let mut generator = NoGuessGenerator::new(first, mines, seed);
    loop {
        if let Some(layout) = generator.step() {
            return layout;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{NoGuessGenerator, generate_blocking};
    use crate::random::Rng;
    use crate::sweeper::rules::check::{Verdict, verify};
    use crate::sweeper::rules::{Difficulty, Layout, Pos, solves};

    #[test_case]
    fn generated_boards_pass_the_independent_verifier(_gba: &mut agb::Gba) {
        for seed in 0..21u32 {
            let difficulty = Difficulty::ALL[(seed % 3) as usize];
            let first = Pos::from_index((seed * 13 % 84) as usize).unwrap_or_default();
            let mut generator = NoGuessGenerator::new(first, difficulty.mines(), seed);
            let layout = loop {
                if let Some(layout) = generator.step() {
                    break layout;
                }
            };
            assert_eq!(layout.mine_count(), difficulty.mines());
            assert!(!layout.mines().iter().any(|mine| mine.is_within_one(first)));
            assert_eq!(
                verify(&layout, first),
                Verdict::Cleared,
                "seed {seed}, {} attempts",
                generator.attempts()
            );
            assert_eq!(
                generator.step(),
                Some(layout),
                "done generators keep their layout"
            );
        }
    }

    #[test_case]
    fn blocking_generation_is_deterministic(_gba: &mut agb::Gba) {
        let first = Pos::new(7, 3);
        assert_eq!(
            generate_blocking(first, 20, 42),
            generate_blocking(first, 20, 42)
        );
    }

    #[test_case]
    fn solver_is_never_more_optimistic_than_the_verifier(_gba: &mut agb::Gba) {
        let mut rng = Rng::new(77);
        for round in 0..30 {
            let first = Pos::new(round % 14, round % 6);
            let layout = Layout::random(
                first,
                Difficulty::ALL[(round % 3) as usize].mines(),
                &mut rng,
            );
            if solves(&layout, first) {
                assert_eq!(verify(&layout, first), Verdict::Cleared);
            }
        }
    }
}

#[cfg(test)]
mod measure_tmp {
    use super::NoGuessGenerator;
    use crate::framework::perf;
    use crate::random::Rng;
    use crate::sweeper::rules::{Difficulty, Pos, SQUARE_COUNT};

    #[test_case]
    fn measure_hard_generation(gba: &mut agb::Gba) {
        perf::install(gba.timers.timers());
        for difficulty in [Difficulty::Medium, Difficulty::Hard] {
            let mut rng = Rng::new(0xBE4C_0001);
            let (mut step_total, mut step_worst, mut steps) = (0u64, 0u32, 0u32);
            let (mut board_total, mut board_worst) = (0u64, 0u32);
            let mut worst_attempts = 0;
            let seeds: u32 = 1000;
            for _ in 0..seeds {
                let first = Pos::from_index(rng.below(SQUARE_COUNT as u32) as usize).unwrap_or_default();
                let mut generator = NoGuessGenerator::new(first, difficulty.mines(), rng.next_u32());
                let mut board = 0u32;
                while !generator.is_done() {
                    let start = perf::now();
                    core::hint::black_box(generator.step());
                    let cycles = perf::now().wrapping_sub(start);
                    step_total += u64::from(cycles);
                    step_worst = step_worst.max(cycles);
                    steps += 1;
                    board += cycles;
                }
                worst_attempts = worst_attempts.max(generator.attempts());
                board_total += u64::from(board);
                board_worst = board_worst.max(board);
            }
            agb::println!(
                "MEASURE {:?} steps={} step_mean={} step_worst={} board_mean={} board_worst={} worst_attempts={}",
                difficulty,
                steps,
                step_total / u64::from(steps),
                step_worst,
                board_total / u64::from(seeds),
                board_worst,
                worst_attempts
            );
        }
    }
}
