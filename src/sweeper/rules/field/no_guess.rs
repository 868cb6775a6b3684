//! No-guess fields of any size: layouts a player clears from the first
//! reveal by deduction alone.
//!
//! Simon Tatham's way (his Mines), which scales to Expert where drawing
//! layouts until one solves would take thousands of tries: draw a layout
//! (no mine in the 3x3 around the first square) and solve it
//! ([`FieldSolver`]). Where the solve is stuck, pick a number on the edge
//! of what is known and change the layout so that its unknown squares are
//! all mines or all safe, whichever moves fewer mines, taking them from or
//! putting them on unknown squares away from the numbers where there are
//! any: the number now settles them, and the solve goes on. Moving mines
//! changes numbers already used, so a solve that needed moves proves
//! nothing about the changed layout: it is solved again from scratch, and
//! only a solve needing no move hands the layout out. Each solve again must
//! need fewer moves than the one before, or a fresh layout is drawn.
//!
//! [`FieldNoGuess::step`] does a bounded amount of work (a solve carries
//! over to the next call), so the game can fill the frames a player waits
//! through. The random numbers drawn do not depend on how the work is
//! split, so a field's code always gives the same layout.

use super::mines::Mines;
use super::place::Place;
use super::size::Size;
use super::solver::{self, FieldSolver, Rows, Solved};
use shared::random::Rng;

/// Fresh layouts drawn before settling for the last one (which may need a
/// guess), so a game always starts. Far beyond anything measured.
pub const MAX_LAYOUTS: u16 = 400;

/// Solver work units one [`FieldNoGuess::step`] may spend; a step overruns
/// it by at most one number's comparisons and a layout's setting up.
const STEP_WORK: u32 = 16;

/// A no-guess layout being searched for.
#[derive(Clone, Debug)]
pub struct FieldNoGuess {
    size: Size,
    first: Place,
    rng: Rng,
    /// Fresh layouts drawn.
    layouts: u16,
    /// Solves run, from scratch, over all layouts.
    solves: u16,
    /// Mines moved in the solve under way, and in the one before on this
    /// layout (the next must need fewer).
    moves: u16,
    moves_before: Option<u16>,
    solver: FieldSolver,
    /// What the next step begins with.
    next: Stage,
    result: Option<Mines>,
}

/// The search's steps: each a share of a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Draw a fresh layout.
    Draw,
    /// Open the first square of the layout being solved.
    Open,
    /// Go on with its solve.
    Solve,
    /// Move mines where the solve is stuck.
    Move,
}

impl FieldNoGuess {
    /// The search for a no-guess layout on a field of `size` whose first
    /// reveal is `first`, from `seed`: the same three always give the same
    /// layout.
    #[must_use]
    pub fn new(size: Size, first: Place, seed: u32) -> Self {
        Self {
            size,
            first,
            rng: Rng::new(seed),
            layouts: 0,
            solves: 0,
            moves: 0,
            moves_before: None,
            solver: FieldSolver::new(size, &Mines::NONE),
            next: Stage::Draw,
            result: None,
        }
    }

    /// Does a bounded share of the search: a layout drawn, a share of a
    /// solve, or mines moved. `Some` once done (later calls return the
    /// same layout without more work).
    pub fn step(&mut self) -> Option<Mines> {
        if self.result.is_some() {
            return self.result;
        }
        match self.next {
            Stage::Draw => {
                self.fresh_layout();
                return None;
            }
            Stage::Open => {
                let _ = self.solver.begin(self.first);
                self.next = Stage::Solve;
                return None;
            }
            Stage::Move => {
                self.next = if self.move_mines() {
                    Stage::Solve
                } else if self.layouts >= MAX_LAYOUTS {
                    self.result = Some(self.solver.mines());
                    Stage::Solve
                } else {
                    Stage::Draw
                };
                return self.result;
            }
            Stage::Solve => {}
        }
        let mut work = STEP_WORK;
        match self.solver.advance(&mut work)? {
            Solved::Cleared if self.moves == 0 => {
                self.result = Some(self.solver.mines());
            }
            Solved::Cleared if self.moves_before.is_none_or(|before| self.moves < before) => {
                // Solved with moves: again from scratch, on the layout as moved.
                self.moves_before = Some(self.moves);
                let mines = self.solver.mines();
                self.start_solve(&mines);
            }
            Solved::Stuck => self.next = Stage::Move,
            _ if self.layouts >= MAX_LAYOUTS => {
                self.result = Some(self.solver.mines());
            }
            _ => self.next = Stage::Draw,
        }
        self.result
    }

    /// Fresh layouts drawn so far.
    #[must_use]
    pub const fn layouts(&self) -> u16 {
        self.layouts
    }

    /// Solves run so far, from scratch (each layout's first included).
    #[must_use]
    pub const fn solves(&self) -> u16 {
        self.solves
    }

    /// Draws a layout and starts its solve: each mine on a random square,
    /// drawn again where there is one already or it is beside the first
    /// square. Quicker than a shuffle at the densities a no-guess field
    /// allows, and it ends at any density.
    fn fresh_layout(&mut self) {
        self.layouts = self.layouts.saturating_add(1);
        self.moves_before = None;
        let size = self.size;
        let first = self.first;
        let mut rows = [0u32; 16];
        let mut placed = 0;
        let room = size.squares().saturating_sub(9);
        while placed < usize::from(size.mines()).min(room) {
            // One draw for both: its halves scaled to the width and the
            // height (off by at most 30 in 65,536, no matter here).
            let bits = self.rng.next_u32();
            let x = (((bits & 0xFFFF) * u32::from(size.width())) >> 16) as u8;
            let y = (((bits >> 16) * u32::from(size.height())) >> 16) as u8;
            let near_first = x.abs_diff(first.x) <= 1 && y.abs_diff(first.y) <= 1;
            let row = &mut rows[usize::from(y)];
            if !near_first && *row >> x & 1 == 0 {
                *row |= 1 << x;
                placed += 1;
            }
        }
        self.start_solve(&Mines::at_rows(size, rows));
    }

    fn start_solve(&mut self, mines: &Mines) {
        self.solves = self.solves.saturating_add(1);
        self.moves = 0;
        self.solver.restart(self.size, mines);
        self.next = Stage::Open;
    }

    /// The solve is stuck: a random number on the edge of what is known
    /// gets its unknown squares made all mines or all safe. False if the
    /// layout has no room for that.
    fn move_mines(&mut self) -> bool {
        let size = self.size;
        let columns = (1u32 << size.width()) - 1;
        let unknown = *self.solver.unknown();
        let near_numbers = solver::dilated(self.solver.revealed(), columns);
        let edge = self.solver.frontier();
        let Some(number) = solver::nth(&edge, self.rng.below(solver::count(&edge))) else {
            return false;
        };
        let mines = self.solver.mines();
        // The number's unknown squares, and the unknown squares elsewhere:
        // away from every number first, then any.
        let mut around = [0u32; 16];
        for y in number.y.saturating_sub(1)..=(number.y + 1).min(size.height() - 1) {
            let y = usize::from(y);
            around[y] = unknown[y] & solver::columns_around(number.x);
        }
        let mut away = [0u32; 16];
        let mut elsewhere = [0u32; 16];
        for y in 0..usize::from(size.height()) {
            elsewhere[y] = unknown[y] & !around[y];
            away[y] = elsewhere[y] & !near_numbers[y];
        }
        let split = |rows: &Rows, mine: bool| {
            let mut out = [0u32; 16];
            for (y, out) in out.iter_mut().enumerate() {
                let row = mines.row(y as u8);
                *out = rows[y] & if mine { row } else { !row };
            }
            out
        };
        let (mines_around, safe_around) = (split(&around, true), split(&around, false));
        let to_clear = solver::count(&mines_around);
        let to_fill = solver::count(&safe_around);
        // Where moved mines go to (clearing) or come from (filling).
        let pool = |mine: bool, wanted: u32| {
            [split(&away, mine), split(&elsewhere, mine)]
                .into_iter()
                .find(|pool| solver::count(pool) >= wanted)
        };
        // Clearing: each mine around goes to a square of the pool. Filling:
        // each safe square around takes a mine from one.
        let clear = pool(false, to_clear).filter(|_| to_clear <= to_fill);
        let (around, mut pool, clearing) = match (clear, pool(true, to_fill)) {
            (Some(room), _) => (mines_around, room, true),
            (None, Some(sources)) => (safe_around, sources, false),
            (None, None) => return false,
        };
        for square in Self::squares(&around) {
            let Some(picked) = solver::nth(&pool, self.rng.below(solver::count(&pool))) else {
                return false;
            };
            solver::clear(&mut pool, picked);
            let (from, to) = if clearing {
                (square, picked)
            } else {
                (picked, square)
            };
            self.solver.move_mine(from, to);
            self.moves += 1;
        }
        debug_assert!({
            let mines = self.solver.mines();
            !mines.contains(self.first) && mines.count() == size.mines()
        });
        true
    }

    /// The set squares of `rows`, row by row.
    fn squares(rows: &Rows) -> impl Iterator<Item = Place> + '_ {
        rows.iter().enumerate().flat_map(|(y, &bits)| {
            let mut bits = bits;
            core::iter::from_fn(move || {
                let x = (bits != 0).then(|| bits.trailing_zeros() as u8)?;
                bits &= bits - 1;
                Some(Place::new(x, y as u8))
            })
        })
    }
}

/// Runs a search to its end in one go (tests, benchmarks).
#[cfg(any(test, feature = "bench", feature = "testing"))]
#[must_use]
pub fn generate_blocking(size: Size, first: Place, seed: u32) -> (Mines, FieldNoGuess) {
    let mut search = FieldNoGuess::new(size, first, seed);
    loop {
        if let Some(mines) = search.step() {
            return (mines, search);
        }
    }
}
