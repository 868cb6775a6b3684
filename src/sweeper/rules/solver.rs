//! Deduction-only solver: can a board be cleared without ever guessing?
//!
//! Used by the no-guess generator, so it must be cheap on a 16 MHz ARM. The
//! single-number rules run incrementally: each square keeps counts of its
//! unknown and known-mine neighbours, and only numbers whose counts changed
//! are looked at again. The costlier pairwise rule runs only when that
//! stalls, and then only on pairs with a number that changed since its last
//! pass; the global rule comes last. Everything lives in fixed arrays and
//! 96-bit sets, and the hot functions run as ARM code from IWRAM.
//!
//! The work can be split: [`Solver::advance`] stops once a work budget is
//! spent and carries on where it left off on the next call, so the
//! generator can bound the cost of each of its steps.

use heapless::Vec;

use super::SQUARE_COUNT;
use super::layout::Layout;
use super::pos::Pos;
use super::pos_set::PosSet;

/// Whether a player who reveals `first` on `layout` can then clear the board
/// by deduction alone, using (1) single-number rules, (2) pairwise rules
/// between nearby numbers and (3) the total mine count.
#[must_use]
#[cfg(any(test, feature = "testing"))]
pub fn solves(layout: &Layout, first: Pos) -> bool {
    let mut solver = Solver::new(layout);
    if !solver.begin(first) {
        return false;
    }
    loop {
        let mut work = u32::MAX;
        if let Some(solved) = solver.advance(&mut work) {
            return solved;
        }
    }
}

/// Knowledge of a player working through one layout.
#[derive(Clone, Debug)]
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
    /// Revealed numbers that changed since the last pairwise pass.
    pair_dirty: PosSet,
    /// The pairwise pass under way (it can stop part way and resume).
    pass: Option<PairPass>,
}

/// A pairwise pass part done: nothing changes the knowledge while it runs,
/// so it can pause between numbers.
#[derive(Clone, Debug)]
struct PairPass {
    /// Revealed numbers with unknown neighbours.
    frontier: PosSet,
    /// Those that changed since the previous pass.
    changed: PosSet,
    /// Numbers still to compare with their partners.
    todo: PosSet,
    found: Deductions,
}

/// Squares a rule proved.
#[derive(Clone, Debug, Default)]
struct Deductions {
    safe: PosSet,
    mines: PosSet,
}

impl Deductions {
    fn is_empty(&self) -> bool {
        self.safe.is_empty() && self.mines.is_empty()
    }
}

/// Work units charged per number checked by the single rule, per number pair
/// compared and per square revealed: each of these costs about the same, so
/// a budget in units is a budget in time.
const SINGLE_WORK: u32 = 1;
const PAIR_WORK: u32 = 1;
const OPEN_WORK: u32 = 1;

/// Every square's numbers that can share a neighbour with it: the squares
/// within two steps, itself excluded.
static NEARBY_SETS: [PosSet; SQUARE_COUNT] = super::pos_set::squares_within(2);

/// How many neighbours each square has on the board.
static NEIGHBOUR_COUNTS: [u8; SQUARE_COUNT] = {
    let mut table = [0u8; SQUARE_COUNT];
    let mut index = 0;
    while index < SQUARE_COUNT {
        if let Some(pos) = Pos::from_index(index) {
            table[index] = PosSet::around(pos).len() as u8;
        }
        index += 1;
    }
    table
};

impl Solver {
    #[inline(never)]
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    pub(super) fn new(layout: &Layout) -> Self {
        let mut counts = [0u8; SQUARE_COUNT];
        for mine in layout.mines() {
            for neighbour in mine.neighbours() {
                if let Some(count) = neighbour.index().and_then(|index| counts.get_mut(index)) {
                    *count += 1;
                }
            }
        }
        Self {
            mines: layout.mines(),
            counts,
            unknown_around: NEIGHBOUR_COUNTS,
            mines_around: [0; SQUARE_COUNT],
            revealed: PosSet::EMPTY,
            known_mines: PosSet::EMPTY,
            dirty: PosSet::EMPTY,
            pair_dirty: PosSet::EMPTY,
            pass: None,
        }
    }

    /// Reveals `first`; false if that is off the board or a mine (no solve).
    pub(super) fn begin(&mut self, first: Pos) -> bool {
        first.is_on_board() && self.open(first)
    }

    /// Deduces until the board is clear (`Some(true)`), no rule makes
    /// progress (`Some(false)`), or `work` runs out (`None`: call again to
    /// carry on). Each round of single rules, one pairwise pass and the
    /// global rule proves at least one square or ends the solve, so at
    /// most 84 rounds run. `work` is checked before each number looked at,
    /// so a call overruns it by at most one number's worth and the squares
    /// a round's deductions reveal.
    #[inline(never)]
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    pub(super) fn advance(&mut self, work: &mut u32) -> Option<bool> {
        loop {
            while let Some(pos) = self.dirty.first() {
                if *work == 0 {
                    return None;
                }
                *work = work.saturating_sub(SINGLE_WORK);
                self.dirty.remove(pos);
                if !self.single_rule(pos, work) {
                    return Some(false);
                }
            }
            // Every square revealed or a mine (word tests, not a memcmp call).
            if self.revealed.union(self.mines).complement().is_empty() {
                return Some(true);
            }
            let mut found = self.pair_rules(work)?;
            if found.is_empty() {
                found = self.global_rule();
            }
            if found.is_empty() {
                return Some(false);
            }
            for mine in found.mines {
                self.mark_mine(mine);
            }
            for safe in found.safe {
                *work = work.saturating_sub(OPEN_WORK);
                if !self.open(safe) {
                    return Some(false);
                }
            }
        }
    }

    /// What is proven so far: squares revealed and squares known to be mines.
    pub(super) fn knowledge(&self) -> (PosSet, PosSet) {
        (self.revealed, self.known_mines)
    }

    #[inline(always)]
    fn settled(&self) -> PosSet {
        self.revealed.union(self.known_mines)
    }

    /// Mines `pos` still needs among its unknown neighbours, and how many
    /// unknown neighbours it has.
    #[inline(always)]
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
    #[inline(always)]
    fn single_rule(&mut self, pos: Pos, work: &mut u32) -> bool {
        let Some(index) = pos.index() else {
            return true;
        };
        let (need, unknown) = self.need_and_unknown(index);
        if unknown == 0 {
            return true;
        }
        let around = PosSet::around(pos).difference(self.settled());
        if need == 0 {
            for safe in around {
                *work = work.saturating_sub(OPEN_WORK);
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
    #[inline(always)]
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
                self.pair_dirty.insert(neighbour);
            }
        }
    }

    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    fn mark_mine(&mut self, pos: Pos) {
        if !self.revealed.contains(pos) && self.known_mines.insert(pos) {
            self.settle(pos, true);
        }
    }

    /// Reveals `pos` as the game would, flooding through zeros with an
    /// explicit stack. False if it is a mine.
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
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
            self.pair_dirty.insert(next);
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
    /// Only pairs with a number that changed since the last pass are
    /// compared (the others would prove what they proved then), and every
    /// such pair is: the pass collects all it finds. `None` if `work` ran
    /// out first; the next call carries on with the same pass.
    #[inline(never)]
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    fn pair_rules(&mut self, work: &mut u32) -> Option<Deductions> {
        let mut pass = match self.pass.take() {
            Some(pass) => pass,
            None => {
                let mut frontier = PosSet::EMPTY;
                for pos in self.revealed {
                    if pos
                        .index()
                        .is_some_and(|index| self.need_and_unknown(index).1 > 0)
                    {
                        frontier.insert(pos);
                    }
                }
                let changed = self.pair_dirty.intersection(frontier);
                self.pair_dirty = PosSet::EMPTY;
                PairPass {
                    frontier,
                    changed,
                    todo: frontier,
                    found: Deductions::default(),
                }
            }
        };
        let settled = self.settled();
        while let Some(a) = pass.todo.first() {
            if *work == 0 {
                self.pass = Some(pass);
                return None;
            }
            pass.todo.remove(a);
            let Some(index_a) = a.index() else { continue };
            let Some(nearby) = NEARBY_SETS.get(index_a) else {
                continue;
            };
            let mut partners = nearby.intersection(pass.frontier);
            if !pass.changed.contains(a) {
                partners = partners.intersection(pass.changed);
            }
            if partners.is_empty() {
                continue;
            }
            let (need_a, unknown_count_a) = self.need_and_unknown(index_a);
            let unknown_a = PosSet::around(a).difference(settled);
            for b in partners {
                let Some(index_b) = b.index() else { continue };
                *work = work.saturating_sub(PAIR_WORK);
                let (need_b, _) = self.need_and_unknown(index_b);
                let unknown_b = PosSet::around(b).difference(settled);
                let shared = unknown_a.intersection(unknown_b);
                let only_b = unknown_b.difference(unknown_a);
                if shared.is_empty() || only_b.is_empty() {
                    continue;
                }
                let shared_len = shared.len() as i8;
                let only_a_len = unknown_count_a as i8 - shared_len;
                let most_shared = need_a.min(shared_len);
                let least_shared = (need_a - only_a_len).max(0);
                if need_b - most_shared >= only_b.len() as i8 {
                    pass.found.mines = pass.found.mines.union(only_b);
                }
                if need_b - least_shared <= 0 {
                    pass.found.safe = pass.found.safe.union(only_b);
                }
            }
        }
        Some(pass.found)
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
    use crate::{Layout, Pos};
    use shared::random::Rng;

    fn layout_of(mines: &[(u8, u8)]) -> Layout {
        Layout::from_mines(mines.iter().map(|&(x, y)| Pos::new(x, y)).collect())
    }

    #[test]
    fn clears_a_board_with_one_corner_mine() {
        assert!(solves(&layout_of(&[(13, 5)]), Pos::new(0, 0)));
    }

    #[test]
    fn refuses_a_fifty_fifty() {
        // A 2x2 corner holding one mine, walled off by mines: no number ever
        // touches it, so which of its four squares is the mine is a guess.
        let layout = layout_of(&[(0, 0), (2, 0), (2, 1), (0, 2), (1, 2), (2, 2)]);
        assert!(!solves(&layout, Pos::new(10, 3)));
    }

    #[test]
    fn deductions_are_always_true() {
        let mut rng = Rng::new(5);
        for _ in 0..100 {
            let first = Pos::new(6, 3);
            let layout = Layout::random(first, 15, &mut rng);
            let mut solver = Solver::new(&layout);
            let mut work = u32::MAX;
            let solved = solver.begin(first) && solver.advance(&mut work) == Some(true);
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
