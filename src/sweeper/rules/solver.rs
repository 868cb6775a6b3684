//! Deduction-only solver: can a board be cleared without ever guessing?
//!
//! Used by the no-guess generator, so it must be cheap on a 16 MHz ARM. The
//! single-number rules run incrementally: each square keeps counts of its
//! unknown and known-mine neighbours, and only numbers whose counts changed
//! are looked at again. The costlier pairwise and global rules run only when
//! that stalls. Everything lives in fixed arrays and 128-bit sets.

use heapless::Vec;

use super::SQUARE_COUNT;
use super::layout::Layout;
use super::pos::Pos;
use super::pos_set::PosSet;

/// Whether a player who reveals `first` on `layout` can then clear the board
/// by deduction alone, using (1) single-number rules, (2) pairwise rules
/// between nearby numbers and (3) the total mine count.
#[must_use]
pub fn solves(layout: &Layout, first: Pos) -> bool {
    Solver::new(layout).run(first)
}

/// Knowledge of a player working through one layout.
pub(super) struct Solver {
    /// The truth, only consulted to "reveal" squares (what the game shows).
    mines: PosSet,
    /// The number each square would show.
    counts: [u8; SQUARE_COUNT],
    /// Neighbours neither revealed nor known to be mines.
    unknown_around: [u8; SQUARE_COUNT],
    /// Neighbours known to be mines.
    mines_around: [u8; SQUARE_COUNT],
    revealed: PosSet,
    known_mines: PosSet,
    /// Revealed numbers whose neighbour counts changed since last checked.
    dirty: PosSet,
}

/// Squares a rule proved.
#[derive(Default)]
struct Deductions {
    safe: PosSet,
    mines: PosSet,
}

impl Deductions {
    fn is_empty(&self) -> bool {
        self.safe.is_empty() && self.mines.is_empty()
    }
}

/// Offsets of every square within two steps (numbers that can share a neighbour).
const NEARBY: [(i8, i8); 24] = {
    let mut offsets = [(0i8, 0i8); 24];
    let mut next = 0;
    let mut dy = -2i8;
    while dy <= 2 {
        let mut dx = -2i8;
        while dx <= 2 {
            if dx != 0 || dy != 0 {
                offsets[next] = (dx, dy);
                next += 1;
            }
            dx += 1;
        }
        dy += 1;
    }
    offsets
};

impl Solver {
    pub(super) fn new(layout: &Layout) -> Self {
        let mut counts = [0u8; SQUARE_COUNT];
        let mut unknown_around = [0u8; SQUARE_COUNT];
        for pos in Pos::all() {
            if let Some(index) = pos.index() {
                counts[index] = layout.neighbour_count(pos);
                unknown_around[index] = pos.neighbour_set().len() as u8;
            }
        }
        Self {
            mines: layout.mines(),
            counts,
            unknown_around,
            mines_around: [0; SQUARE_COUNT],
            revealed: PosSet::EMPTY,
            known_mines: PosSet::EMPTY,
            dirty: PosSet::EMPTY,
        }
    }

    /// Reveals `first`, then deduces until the board is clear (true) or no
    /// rule makes progress (false). Every pass of the outer loop proves at
    /// least one square, so it runs at most 84 times.
    pub(super) fn run(&mut self, first: Pos) -> bool {
        if !first.is_on_board() || !self.open(first) {
            return false;
        }
        let safe_squares = self.mines.complement();
        loop {
            while let Some(pos) = self.dirty.first() {
                self.dirty.remove(pos);
                if !self.single_rule(pos) {
                    return false;
                }
            }
            if self.revealed == safe_squares {
                return true;
            }
            let mut found = self.pair_rules();
            if found.is_empty() {
                found = self.global_rule();
            }
            if found.is_empty() {
                return false;
            }
            for mine in found.mines {
                self.mark_mine(mine);
            }
            for safe in found.safe {
                if !self.open(safe) {
                    return false;
                }
            }
        }
    }

    /// What is proven so far: squares revealed and squares known to be mines.
    #[cfg(test)]
    pub(super) fn knowledge(&self) -> (PosSet, PosSet) {
        (self.revealed, self.known_mines)
    }

    fn settled(&self) -> PosSet {
        self.revealed.union(self.known_mines)
    }

    /// Mines `pos` still needs among its unknown neighbours, and how many
    /// unknown neighbours it has.
    fn need_and_unknown(&self, index: usize) -> (i8, u8) {
        let count = self.counts.get(index).copied().unwrap_or(0) as i8;
        let mines = self.mines_around.get(index).copied().unwrap_or(0) as i8;
        (
            count - mines,
            self.unknown_around.get(index).copied().unwrap_or(0),
        )
    }

    /// A number with all its mines found has only safe unknowns left; one
    /// needing as many mines as it has unknowns has only mines. False if a
    /// "safe" square was a mine (an unsound rule: never a bad board).
    fn single_rule(&mut self, pos: Pos) -> bool {
        let Some(index) = pos.index() else {
            return true;
        };
        let (need, unknown) = self.need_and_unknown(index);
        if unknown == 0 {
            return true;
        }
        let around = pos.neighbour_set().difference(self.settled());
        if need == 0 {
            for safe in around {
                if !self.open(safe) {
                    return false;
                }
            }
        } else if need == unknown as i8 {
            for mine in around {
                self.mark_mine(mine);
            }
        }
        true
    }

    /// Updates the neighbour counts around a square leaving the unknowns.
    fn settle(&mut self, pos: Pos, is_mine: bool) {
        for neighbour in pos.neighbours() {
            let Some(index) = neighbour.index() else {
                continue;
            };
            if let Some(unknown) = self.unknown_around.get_mut(index) {
                *unknown = unknown.saturating_sub(1);
            }
            if is_mine && let Some(mines) = self.mines_around.get_mut(index) {
                *mines += 1;
            }
            if self.revealed.contains(neighbour) {
                self.dirty.insert(neighbour);
            }
        }
    }

    fn mark_mine(&mut self, pos: Pos) {
        if !self.revealed.contains(pos) && self.known_mines.insert(pos) {
            self.settle(pos, true);
        }
    }

    /// Reveals `pos` as the game would, flooding through zeros with an
    /// explicit stack. False if it is a mine.
    fn open(&mut self, pos: Pos) -> bool {
        if self.mines.contains(pos) {
            return false;
        }
        let mut queued = self.settled();
        if !queued.insert(pos) {
            return true;
        }
        let mut stack: Vec<Pos, SQUARE_COUNT> = Vec::new();
        let _ = stack.push(pos); // each square is queued once: 84 slots suffice
        while let Some(next) = stack.pop() {
            self.revealed.insert(next);
            self.dirty.insert(next);
            self.settle(next, false);
            let is_zero = next.index().and_then(|index| self.counts.get(index)) == Some(&0);
            if is_zero {
                for neighbour in next.neighbours() {
                    if queued.insert(neighbour) {
                        let _ = stack.push(neighbour);
                    }
                }
            }
        }
        true
    }

    /// For numbers A and B sharing unknowns, A bounds how many of B's mines
    /// can sit in the overlap, which can settle B's squares outside it.
    /// (Covers the classic subset rule and its "1-2" generalisations.)
    /// Stops at the first number pair that proves something.
    fn pair_rules(&self) -> Deductions {
        let mut found = Deductions::default();
        let settled = self.settled();
        let frontier: PosSet = self
            .revealed
            .iter()
            .filter(|pos| {
                pos.index()
                    .is_some_and(|index| self.need_and_unknown(index).1 > 0)
            })
            .collect();
        for a in frontier {
            let Some(index_a) = a.index() else { continue };
            let (need_a, unknown_count_a) = self.need_and_unknown(index_a);
            let unknown_a = a.neighbour_set().difference(settled);
            for (dx, dy) in NEARBY {
                let Some(b) = a.offset(dx, dy) else { continue };
                let Some(index_b) = b.index() else { continue };
                if !frontier.contains(b) {
                    continue;
                }
                let (need_b, _) = self.need_and_unknown(index_b);
                let unknown_b = b.neighbour_set().difference(settled);
                let shared = unknown_a.intersection(unknown_b);
                let only_b = unknown_b.difference(unknown_a);
                if shared.is_empty() || only_b.is_empty() {
                    continue;
                }
                let only_a_len = unknown_count_a as i8 - shared.len() as i8;
                let most_shared = need_a.min(shared.len() as i8);
                let least_shared = (need_a - only_a_len).max(0);
                if need_b - most_shared >= only_b.len() as i8 {
                    found.mines = found.mines.union(only_b);
                }
                if need_b - least_shared <= 0 {
                    found.safe = found.safe.union(only_b);
                }
            }
            if !found.is_empty() {
                break;
            }
        }
        found
    }

    /// With every mine found the rest is safe; with exactly as many mines
    /// left as unknown squares they are all mines.
    fn global_rule(&self) -> Deductions {
        let mut found = Deductions::default();
        let unknown = self.settled().complement();
        let mines_left = self.mines.len() - self.known_mines.len();
        if mines_left == 0 {
            found.safe = unknown;
        } else if mines_left == unknown.len() {
            found.mines = unknown;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::{Solver, solves};
    use crate::random::Rng;
    use crate::sweeper::rules::{Layout, Pos};

    fn layout_of(mines: &[(u8, u8)]) -> Layout {
        Layout::from_mines(mines.iter().map(|&(x, y)| Pos::new(x, y)).collect())
    }

    #[test_case]
    fn clears_a_board_with_one_corner_mine(_gba: &mut agb::Gba) {
        assert!(solves(&layout_of(&[(13, 5)]), Pos::new(0, 0)));
    }

    #[test_case]
    fn refuses_a_fifty_fifty(_gba: &mut agb::Gba) {
        // A 2x2 corner holding one mine, walled off by mines: no number ever
        // touches it, so which of its four squares is the mine is a guess.
        let layout = layout_of(&[(0, 0), (2, 0), (2, 1), (0, 2), (1, 2), (2, 2)]);
        assert!(!solves(&layout, Pos::new(10, 3)));
    }

    #[test_case]
    fn deductions_are_always_true(_gba: &mut agb::Gba) {
        let mut rng = Rng::new(5);
        for _ in 0..100 {
            let first = Pos::new(6, 3);
            let layout = Layout::random(first, 15, &mut rng);
            let mut solver = Solver::new(&layout);
            let solved = solver.run(first);
            let (revealed, known_mines) = solver.knowledge();
            assert!(
                known_mines.is_subset(layout.mines()),
                "solver deduced a false mine"
            );
            assert!(revealed.intersection(layout.mines()).is_empty());
            if solved {
                assert_eq!(revealed, layout.mines().complement());
            }
        }
    }
}
