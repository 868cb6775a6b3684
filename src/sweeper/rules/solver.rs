//! Deduction-only solver: can a board be cleared without ever guessing?
//!
//! Used by the no-guess generator, so it must be cheap on a 16 MHz ARM: all
//! state is a few 128-bit sets plus one 84-byte table, and every rule is a
//! handful of mask operations per revealed number.

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
    revealed: PosSet,
    known_mines: PosSet,
}

/// Squares a rule proved; applied together after each round.
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
        for (index, count) in counts.iter_mut().enumerate() {
            if let Some(pos) = Pos::from_index(index) {
                *count = layout.neighbour_count(pos);
            }
        }
        Self {
            mines: layout.mines(),
            counts,
            revealed: PosSet::EMPTY,
            known_mines: PosSet::EMPTY,
        }
    }

    /// Reveals `first`, then deduces until the board is clear (true) or no
    /// rule makes progress (false). Each round proves at least one square,
    /// so there are at most 84 rounds.
    pub(super) fn run(&mut self, first: Pos) -> bool {
        if !first.is_on_board() || !self.open(first) {
            return false;
        }
        let safe_squares = self.mines.complement();
        while self.revealed != safe_squares {
            let mut found = self.single_rules();
            if found.is_empty() {
                found = self.pair_rules();
            }
            if found.is_empty() {
                found = self.global_rule();
            }
            if found.is_empty() {
                return false;
            }
            self.known_mines = self.known_mines.union(found.mines);
            for pos in found.safe {
                // A "safe" mine would mean a wrong rule: report failure, never a bad board.
                if !self.open(pos) {
                    return false;
                }
            }
        }
        true
    }

    /// What is proven so far: squares revealed and squares known to be mines.
    #[cfg(test)]
    pub(super) fn knowledge(&self) -> (PosSet, PosSet) {
        (self.revealed, self.known_mines)
    }

    fn count(&self, pos: Pos) -> u8 {
        pos.index()
            .and_then(|index| self.counts.get(index).copied())
            .unwrap_or(0)
    }

    /// Reveals `pos` as the game would, flooding through zeros. False on a mine.
    fn open(&mut self, pos: Pos) -> bool {
        if self.mines.contains(pos) {
            return false;
        }
        let mut pending = PosSet::EMPTY;
        pending.insert(pos);
        while let Some(next) = pending.first() {
            pending.remove(next);
            self.revealed.insert(next);
            if self.count(next) == 0 {
                pending = pending.union(next.neighbour_set().difference(self.revealed));
            }
        }
        true
    }

    /// A revealed number's covered, not-known-mine neighbours and how many
    /// mines among them are still unaccounted for.
    fn constraint(&self, pos: Pos) -> (PosSet, i8) {
        let around = pos.neighbour_set();
        let unknown = around
            .difference(self.revealed)
            .difference(self.known_mines);
        let need = self.count(pos) as i8 - around.intersection(self.known_mines).len() as i8;
        (unknown, need)
    }

    /// Revealed numbers that still touch unknown squares.
    fn frontier_numbers(&self) -> PosSet {
        self.revealed
            .iter()
            .filter(|&pos| !self.constraint(pos).0.is_empty())
            .collect()
    }

    /// A number with all its mines found has only safe unknowns left; one
    /// needing as many mines as it has unknowns has only mines.
    fn single_rules(&self) -> Deductions {
        let mut found = Deductions::default();
        for pos in self.frontier_numbers() {
            let (unknown, need) = self.constraint(pos);
            if need == 0 {
                found.safe = found.safe.union(unknown);
            } else if need == unknown.len() as i8 {
                found.mines = found.mines.union(unknown);
            }
        }
        found
    }

    /// For numbers A and B sharing unknowns, A bounds how many of B's mines
    /// can sit in the overlap, which can settle B's squares outside it.
    /// (Covers the classic subset rule and its "1-2" generalisations.)
    fn pair_rules(&self) -> Deductions {
        let mut found = Deductions::default();
        let frontier = self.frontier_numbers();
        for a in frontier {
            let (unknown_a, need_a) = self.constraint(a);
            for (dx, dy) in NEARBY {
                let Some(b) = a.offset(dx, dy) else { continue };
                if !frontier.contains(b) {
                    continue;
                }
                let (unknown_b, need_b) = self.constraint(b);
                let shared = unknown_a.intersection(unknown_b);
                let only_b = unknown_b.difference(unknown_a);
                if shared.is_empty() || only_b.is_empty() {
                    continue;
                }
                let only_a_len = unknown_a.difference(unknown_b).len() as i8;
                let most_shared = need_a.min(shared.len() as i8);
                let least_shared = (need_a - only_a_len).max(0);
                if need_b - most_shared >= only_b.len() as i8 {
                    found.mines = found.mines.union(only_b);
                }
                if need_b - least_shared <= 0 {
                    found.safe = found.safe.union(only_b);
                }
            }
        }
        found
    }

    /// With every mine found the rest is safe; with exactly as many mines
    /// left as unknown squares they are all mines.
    fn global_rule(&self) -> Deductions {
        let mut found = Deductions::default();
        let unknown = self.revealed.union(self.known_mines).complement();
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
