//! Layouts that can be cleared from the first reveal without guessing.
//!
//! Like Simon Tatham's Mines: draw a random layout (mines kept off the 3x3
//! around the first square) and run the deduction-only
//! [solver](super::solves) on it. Where the solver gets stuck, move one mine
//! from the unknown squares next to the revealed numbers to an unknown
//! square away from them and solve the changed layout again from scratch;
//! after [`MAX_PERTURBATIONS`] such moves, draw a fresh layout instead.
//! Every candidate is judged by a full solve of exactly the layout handed
//! out, so the moves never let a guess through.
//!
//! [`NoGuessGenerator::step`] does a bounded amount of solver work (it
//! carries a half-done solve over to the next call), so the UI can run one
//! step per frame and animate. The random numbers drawn do not depend on
//! how the work is split, so a seed always gives the same layout.
//!
//! What a board costs per difficulty, on average and at worst, and what one
//! step costs are measured by `just bench` (`sweeper.generate.no_guess*`,
//! `sweeper.no_guess.per_frame`, whose budget keeps a step under half a
//! frame); the performance table in docs/ has the figures.

use super::layout::Layout;
use super::pos::Pos;
use super::pos_set::PosSet;
use super::solver::Solver;
use shared::random::Rng;

/// Candidates tried before giving up and handing out the last one (which
/// may need a guess). Far beyond anything observed.
pub const MAX_ATTEMPTS: u16 = 5000;

/// Mine moves tried on one drawn layout before drawing a fresh one.
pub const MAX_PERTURBATIONS: u8 = 16;

/// Solver work units (see the solver's `SINGLE_WORK`) one
/// [`NoGuessGenerator::step`] may spend; a step can overrun by one pairwise pass.
const STEP_WORK: u32 = 150;

/// Work charged for setting up a candidate (layout, numbers, first reveal).
const CANDIDATE_WORK: u32 = 85;

/// Incremental no-guess layout search.
#[derive(Clone, Debug)]
pub struct NoGuessGenerator {
    first: Pos,
    mines: u8,
    rng: Rng,
    attempts: u16,
    perturbations: u8,
    /// The layout being solved.
    candidate: Layout,
    /// Its solve, when one is under way.
    solver: Option<Solver>,
    /// `candidate` is a moved-mine variant waiting to be solved.
    perturbed: bool,
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
            perturbations: 0,
            candidate: Layout::from_mines(PosSet::EMPTY),
            solver: None,
            perturbed: false,
            result: None,
        }
    }

    /// Does a bounded share of the search; `Some` once done (repeatable:
    /// later calls return the same layout without more work). After
    /// [`MAX_ATTEMPTS`] candidates it settles for the last one, so the game
    /// can always start.
    pub fn step(&mut self) -> Option<Layout> {
        if self.result.is_some() {
            return self.result;
        }
        let mut work = STEP_WORK;
        loop {
            // The solve works on a copy on the stack (fast IWRAM), not on
            // the generator wherever it lives.
            let mut solver = match self.solver.take() {
                Some(solver) => solver,
                // Setting up a candidate costs a fixed chunk: only with room for it.
                None if work < CANDIDATE_WORK => return None,
                None if self.perturbed => {
                    self.perturbed = false;
                    self.start_candidate(&mut work)
                }
                None => self.fresh_candidate(&mut work),
            };
            let Some(solved) = solver.advance(&mut work) else {
                self.solver = Some(solver);
                return None;
            };
            if solved || self.attempts >= MAX_ATTEMPTS {
                self.result = Some(self.candidate);
                return self.result;
            }
            self.perturbed = self.perturb(&solver);
        }
    }

    /// Candidates tried so far (drawn layouts and moved-mine variants).
    #[must_use]
    pub const fn attempts(&self) -> u16 {
        self.attempts
    }

    #[cfg(any(test, feature = "bench"))]
    /// Whether the search is over (its layout is what `step` returns).
    #[must_use]
    pub const fn is_done(&self) -> bool {
        self.result.is_some()
    }

    /// Draws a new random layout and starts solving it.
    fn fresh_candidate(&mut self, work: &mut u32) -> Solver {
        self.candidate = Layout::random(self.first, self.mines, &mut self.rng);
        self.perturbations = 0;
        self.start_candidate(work)
    }

    /// Starts solving `candidate`. If the first square is off the board
    /// nothing is revealed, and the solver gets stuck at once.
    fn start_candidate(&mut self, work: &mut u32) -> Solver {
        self.attempts = self.attempts.saturating_add(1);
        *work = work.saturating_sub(CANDIDATE_WORK);
        let mut solver = Solver::new(&self.candidate);
        let _ = solver.begin(self.first);
        solver
    }

    /// Moves one mine the stuck `solver` could not place, from beside the
    /// revealed area to an unknown square away from it. False when out of
    /// moves for this layout or there is no such pair of squares.
    fn perturb(&mut self, solver: &Solver) -> bool {
        if self.perturbations >= MAX_PERTURBATIONS {
            return false;
        }
        let (revealed, known_mines) = solver.knowledge();
        let unknown = revealed.union(known_mines).complement();
        let mut edge = PosSet::EMPTY;
        for pos in revealed {
            edge = edge.union(PosSet::around(pos));
        }
        let edge = edge.intersection(unknown);
        let mines = self.candidate.mines();
        let movable = edge.intersection(mines);
        let room = unknown.difference(edge).difference(mines);
        let (Some(from), Some(to)) = (self.pick(movable), self.pick(room)) else {
            return false;
        };
        let mut moved = mines;
        moved.remove(from);
        moved.insert(to);
        self.candidate = Layout::from_mines(moved);
        self.perturbations += 1;
        true
    }

    /// A uniformly random member of `set`.
    fn pick(&mut self, set: PosSet) -> Option<Pos> {
        if set.is_empty() {
            return None;
        }
        set.iter().nth(self.rng.below(set.len()) as usize)
    }
}

#[cfg(any(test, feature = "bench", feature = "testing"))]
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
    use crate::check::{Verdict, verify};
    use crate::{Difficulty, Layout, Pos, solves};
    use shared::random::Rng;

    #[test]
    fn generated_boards_pass_the_independent_verifier() {
        // Hard twice as often: its boards go through the most mine moves.
        for seed in 0..40u32 {
            let difficulty = Difficulty::ALL[[0, 1, 2, 2][(seed % 4) as usize]];
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

    #[test]
    fn blocking_generation_is_deterministic() {
        let first = Pos::new(7, 3);
        assert_eq!(
            generate_blocking(first, 20, 42),
            generate_blocking(first, 20, 42)
        );
    }

    #[test]
    fn steps_are_bounded_and_resume() {
        // A Hard search spreads over several steps (each does bounded work),
        // and a copy taken part way finishes on the same layout.
        let first = Pos::new(3, 2);
        let mut generator = NoGuessGenerator::new(first, 20, 7);
        let mut steps = 1;
        assert_eq!(generator.step(), None);
        let mut copy = generator.clone();
        let layout = loop {
            steps += 1;
            if let Some(layout) = generator.step() {
                break layout;
            }
        };
        assert!(steps > 2, "a Hard board takes more than one step");
        assert_eq!(generate_blocking(first, 20, 7), layout);
        let copied = loop {
            if let Some(layout) = copy.step() {
                break layout;
            }
        };
        assert_eq!(copied, layout);
        // Off the board there is nothing to reveal: it gives up, but ends.
        let mut lost = NoGuessGenerator::new(Pos::new(15, 15), 20, 1);
        while lost.step().is_none() {}
        assert_eq!(lost.attempts(), super::MAX_ATTEMPTS);
    }

    #[test]
    fn solver_is_never_more_optimistic_than_the_verifier() {
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
