//! Deduction-only solving of a field of any size: can a player who opens
//! the first square clear the field without ever guessing?
//!
//! The pocket board's rules (`crate::solver`): a number whose mines are all
//! found leaves only safe squares around it, one needing as many mines as
//! it has unknowns has only mines; two numbers within two squares of each
//! other bound the mines in what they share; and the mine count. What
//! differs is the shape. A field's knowledge is rows of bits, a row a word,
//! so a number's neighbourhood is three 3-bit windows, two numbers' is one
//! 5x5 word, and a zero's floodfill grows whole rows at a time with no
//! stack: a solve needs no more than the solver's own bytes.
//!
//! The work can be split: [`FieldSolver::advance`] stops once a work budget
//! is spent and carries on where it left off on the next call.

use super::mines::Mines;
use super::place::Place;
use super::size::{MAX_HEIGHT, Size};

const ROWS: usize = MAX_HEIGHT as usize;

/// A bit a square: bit x of row y is square (x, y).
pub(super) type Rows = [u32; ROWS];

/// Where a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// Every safe square opened by proof alone.
    Cleared,
    /// No rule proves anything more.
    Stuck,
}

/// Work units charged per number checked, per pair of numbers compared and
/// per square opened or marked: each costs about the same, so a budget in
/// units is a budget in time.
const UNIT: u32 = 1;

/// A 3x3 neighbourhood in a 5x5 window, five bits a row.
const BLOCK: u32 = 0b111 | 0b111 << 5 | 0b111 << 10;

/// What a player working through one layout knows.
#[derive(Clone, Debug)]
pub struct FieldSolver {
    size: Size,
    /// The truth, consulted only as the game would: to show a number
    /// (counted from these rows when the rules read it).
    mines: Rows,
    /// Squares with no mine on or around them: an opening floods through.
    zeros: Rows,
    revealed: Rows,
    known_mines: Rows,
    /// Neither revealed nor known to be a mine.
    unknown: Rows,
    /// Revealed numbers whose surroundings changed since the single rule
    /// last looked at them.
    dirty: Rows,
    /// Revealed numbers whose surroundings changed since they were last
    /// compared with their partners.
    pair_dirty: Rows,
    revealed_count: u16,
    known_count: u16,
    /// The pair compared last when work ran out part way through a
    /// number's partners: the next call goes on after it (nothing known
    /// changed between the calls).
    pair_resume: Option<(Place, Place)>,
}

/// Columns `x - 1..=x + 1` of `row` as bits 0 to 2 (column -1 is none).
#[inline(always)]
const fn window(row: u32, x: u8) -> u32 {
    (row << 1 >> x) & 7
}

/// Columns `x - 1..=x + 1` as a mask on a row.
#[inline(always)]
pub(super) const fn columns_around(x: u8) -> u32 {
    (7u32 << x) >> 1
}

/// Row `y` of `rows`, none past either end.
#[inline(always)]
fn row(rows: &Rows, y: i16) -> u32 {
    usize::try_from(y)
        .ok()
        .and_then(|y| rows.get(y))
        .copied()
        .unwrap_or(0)
}

/// Each set bit spread to its row neighbours.
#[inline(always)]
const fn spread(bits: u32) -> u32 {
    bits | bits << 1 | bits >> 1
}

/// The squares touching a set square (the squares themselves included).
pub(super) fn dilated(rows: &Rows, columns: u32) -> Rows {
    let mut out = [0; ROWS];
    for (y, out) in out.iter_mut().enumerate() {
        let y = y as i16;
        *out =
            (spread(row(rows, y - 1)) | spread(row(rows, y)) | spread(row(rows, y + 1))) & columns;
    }
    out
}

/// The zero squares of `zeros` in the same runs as the zeros among
/// `seeds`, in one row: an add carries each seed to its run's top, a
/// doubling fill takes it to its run's bottom.
#[inline(always)]
const fn runs_through(seeds: u32, zeros: u32) -> u32 {
    let seeds = seeds & zeros;
    let up = (zeros.wrapping_add(seeds) ^ zeros | seeds) & zeros;
    let (mut down, mut through) = (seeds, zeros);
    down |= through & down >> 1;
    through &= through >> 1;
    down |= through & down >> 2;
    through &= through >> 2;
    down |= through & down >> 4;
    through &= through >> 4;
    down |= through & down >> 8;
    through &= through >> 8;
    down |= through & down >> 16;
    up | down
}

/// The first set square, row by row.
pub(super) fn first(rows: &Rows) -> Option<Place> {
    rows.iter()
        .position(|&bits| bits != 0)
        .map(|y| Place::new(rows[y].trailing_zeros() as u8, y as u8))
}

/// Set squares in all.
pub(super) fn count(rows: &Rows) -> u32 {
    rows.iter().map(|bits| bits.count_ones()).sum()
}

/// The `n`th set square, row by row.
pub(super) fn nth(rows: &Rows, mut n: u32) -> Option<Place> {
    for (y, &bits) in rows.iter().enumerate() {
        let here = bits.count_ones();
        if n < here {
            let mut bits = bits;
            for _ in 0..n {
                bits &= bits - 1;
            }
            return Some(Place::new(bits.trailing_zeros() as u8, y as u8));
        }
        n -= here;
    }
    None
}

pub(super) fn clear(rows: &mut Rows, place: Place) {
    if let Some(bits) = rows.get_mut(usize::from(place.y)) {
        *bits &= !(1 << place.x);
    }
}

fn set(rows: &mut Rows, place: Place) {
    if let Some(bits) = rows.get_mut(usize::from(place.y)) {
        *bits |= 1 << place.x;
    }
}

pub(super) fn has(rows: &Rows, place: Place) -> bool {
    row(rows, i16::from(place.y)) >> place.x & 1 != 0
}

/// The squares of a `side` x `side` mask (bits row by row) whose corner
/// is one square up and left of `corner`: a number's 3x3 around it, or two
/// numbers' 5x5. Those off the top or left edge are left out.
fn squares_of_mask(corner: Place, mask: u32, side: u8) -> impl Iterator<Item = Place> {
    (0..side * side)
        .filter(move |bit| mask >> bit & 1 != 0)
        .filter_map(move |bit| {
            let x = (corner.x + bit % side).checked_sub(1)?;
            let y = (corner.y + bit / side).checked_sub(1)?;
            Some(Place::new(x, y))
        })
}

impl FieldSolver {
    /// Nothing known yet about `mines` on a field of `size`.
    #[must_use]
    pub fn new(size: Size, mines: &Mines) -> Self {
        let mut solver = Self {
            size,
            mines: [0; ROWS],
            zeros: [0; ROWS],
            revealed: [0; ROWS],
            known_mines: [0; ROWS],
            unknown: [0; ROWS],
            dirty: [0; ROWS],
            pair_dirty: [0; ROWS],
            revealed_count: 0,
            known_count: 0,
            pair_resume: None,
        };
        solver.restart(size, mines);
        solver
    }

    /// Nothing known again, about `mines` on a field of `size`: as
    /// [`FieldSolver::new`], in place (no solver-sized copy on the stack).
    pub fn restart(&mut self, size: Size, mines: &Mines) {
        let columns = (1u32 << size.width()) - 1;
        self.size = size;
        for (y, ((mine_row, unknown), rest)) in self
            .mines
            .iter_mut()
            .zip(self.unknown.iter_mut())
            .zip(
                self.revealed
                    .iter_mut()
                    .zip(self.known_mines.iter_mut())
                    .zip(self.dirty.iter_mut().zip(self.pair_dirty.iter_mut())),
            )
            .enumerate()
        {
            let on = y < usize::from(size.height());
            *mine_row = if on { mines.row(y as u8) & columns } else { 0 };
            *unknown = if on { columns } else { 0 };
            let ((revealed, known), (dirty, pair_dirty)) = rest;
            (*revealed, *known, *dirty, *pair_dirty) = (0, 0, 0, 0);
        }
        (self.revealed_count, self.known_count, self.pair_resume) = (0, 0, None);
        self.find_zeros();
    }

    /// The squares touching no mine, from the mines.
    fn find_zeros(&mut self) {
        let columns = (1u32 << self.size.width()) - 1;
        let near_mines = dilated(&self.mines, columns);
        for (zeros, near_mines) in self.zeros.iter_mut().zip(&near_mines) {
            *zeros = !near_mines & columns;
        }
        for zeros in self.zeros.iter_mut().skip(usize::from(self.size.height())) {
            *zeros = 0;
        }
    }

    /// The mines as they are now (a perturbation may have moved some).
    #[must_use]
    pub fn mines(&self) -> Mines {
        Mines::at_rows(self.size, self.mines)
    }

    pub(super) const fn revealed(&self) -> &Rows {
        &self.revealed
    }

    pub(super) const fn unknown(&self) -> &Rows {
        &self.unknown
    }

    /// What is proven so far: squares revealed and squares known to be mines.
    #[cfg(test)]
    pub(super) fn knowledge(&self) -> (Rows, Rows) {
        (self.revealed, self.known_mines)
    }

    /// Opens `first`; false if that is off the field or a mine.
    pub fn begin(&mut self, first: Place) -> bool {
        self.size.contains(first) && self.open(first)
    }

    /// Deduces until the field is clear, no rule proves anything more, or
    /// `work` runs out (`None`: call again to carry on). `work` is checked
    /// before each number looked at, so a call overruns it by at most one
    /// number's partners and what a deduction opens.
    pub fn advance(&mut self, work: &mut u32) -> Option<Solved> {
        loop {
            while let Some(place) = first(&self.dirty) {
                if *work == 0 {
                    return None;
                }
                *work = work.saturating_sub(UNIT);
                clear(&mut self.dirty, place);
                self.single_rule(place, work);
            }
            if self.is_clear() {
                return Some(Solved::Cleared);
            }
            if self.pair_rule(work)? {
                continue;
            }
            if !self.global_rule(work) {
                return Some(Solved::Stuck);
            }
        }
    }

    fn is_clear(&self) -> bool {
        usize::from(self.revealed_count) + usize::from(self.size.mines()) >= self.size.squares()
    }

    /// The 3x3 around `place` in `rows`, as bits 0-8 row by row.
    fn block(rows: &Rows, place: Place) -> u32 {
        let y = i16::from(place.y);
        window(row(rows, y - 1), place.x)
            | window(row(rows, y), place.x) << 3
            | window(row(rows, y + 1), place.x) << 6
    }

    /// Mines `place` still needs among its unknown neighbours: its number
    /// less the mines known around it, which are the mines not known.
    fn need(&self, place: Place) -> i8 {
        (Self::block(&self.mines, place) & Self::block(&self.unknown, place)).count_ones() as i8
    }

    fn single_rule(&mut self, place: Place, work: &mut u32) {
        let unknown = Self::block(&self.unknown, place);
        if unknown == 0 {
            return;
        }
        let need = self.need(place);
        if need == 0 {
            for safe in squares_of_mask(place, unknown, 3) {
                *work = work.saturating_sub(UNIT);
                self.open(safe);
            }
        } else if need == unknown.count_ones() as i8 {
            for mine in squares_of_mask(place, unknown, 3) {
                *work = work.saturating_sub(UNIT);
                self.mark_mine(mine);
            }
        }
    }

    /// The revealed numbers around `place` (itself included) are to be
    /// looked at again.
    fn touched(&mut self, place: Place) {
        let columns = columns_around(place.x);
        for y in place.y.saturating_sub(1)..=place.y + 1 {
            let y = usize::from(y);
            if let (Some(dirty), Some(pair_dirty), Some(revealed)) = (
                self.dirty.get_mut(y),
                self.pair_dirty.get_mut(y),
                self.revealed.get(y),
            ) {
                *dirty |= columns & revealed;
                *pair_dirty |= columns & revealed;
            }
        }
    }

    fn mark_mine(&mut self, place: Place) {
        if has(&self.unknown, place) {
            clear(&mut self.unknown, place);
            set(&mut self.known_mines, place);
            self.known_count += 1;
            self.touched(place);
        }
    }

    /// Opens `place` as the game would, flooding through zeros a whole
    /// ring at a time. False if it is a mine (an unsound rule: the tests
    /// would see it).
    fn open(&mut self, place: Place) -> bool {
        if has(&self.mines, place) {
            debug_assert!(false, "a rule opened a mine at {place:?}");
            return false;
        }
        if !has(&self.unknown, place) {
            return true;
        }
        clear(&mut self.unknown, place);
        set(&mut self.revealed, place);
        self.revealed_count += 1;
        self.touched(place);
        if !has(&self.zeros, place) {
            return true;
        }
        // Rings outward from the zero: each ring is the unknown squares
        // touching the previous ring's zeros.
        // Only the rows the ring is on, and one each side, are looked at.
        // The rows here have one of padding above and below: row y is at
        // y + 1, so its neighbours need no bounds.
        let last = usize::from(self.size.height() - 1);
        let mut ring = [0u32; ROWS + 2];
        let mut opened = [0u32; ROWS + 2];
        ring[usize::from(place.y) + 1] = 1 << place.x;
        let (mut top, mut bottom) = (usize::from(place.y), usize::from(place.y));
        loop {
            // The zeros the ring reached, each with the rest of its row's
            // run of zeros: one ring a row up or down, not a square.
            let mut spread_zeros = [0u32; ROWS + 2];
            for y in top..=bottom {
                spread_zeros[y + 1] = spread(runs_through(ring[y + 1], self.zeros[y]));
                ring[y + 1] = 0;
            }
            let (mut first, mut after) = (usize::MAX, 0);
            for y in top.saturating_sub(1)..=(bottom + 1).min(last) {
                let next =
                    (spread_zeros[y] | spread_zeros[y + 1] | spread_zeros[y + 2]) & self.unknown[y];
                if next != 0 {
                    ring[y + 1] = next;
                    opened[y + 1] |= next;
                    self.unknown[y] &= !next;
                    self.revealed[y] |= next;
                    self.revealed_count += next.count_ones() as u16;
                    first = first.min(y);
                    after = y;
                }
            }
            if first == usize::MAX {
                break;
            }

            (top, bottom) = (first, after);
        }
        // The opened squares and the revealed numbers beside them.
        for y in 0..=last {
            let touched = (spread(opened[y]) | spread(opened[y + 1]) | spread(opened[y + 2]))
                & self.revealed[y];
            self.dirty[y] |= touched;
            self.pair_dirty[y] |= touched;
        }
        true
    }

    /// Revealed numbers with unknown squares around them.
    pub(super) fn frontier(&self) -> Rows {
        let mut frontier = dilated(&self.unknown, u32::MAX);
        for (frontier, revealed) in frontier.iter_mut().zip(&self.revealed) {
            *frontier &= revealed;
        }
        frontier
    }

    /// Compares each number that changed since its last comparison with
    /// the numbers within two squares; true once a pair proves something
    /// (it is marked or opened at once), false if none does, `None` if
    /// `work` ran out first (the numbers not yet compared stay marked).
    fn pair_rule(&mut self, work: &mut u32) -> Option<bool> {
        let frontier = self.frontier();
        for (pair_dirty, frontier) in self.pair_dirty.iter_mut().zip(&frontier) {
            *pair_dirty &= frontier;
        }
        *work = work.saturating_sub(UNIT);
        while let Some(a) = first(&self.pair_dirty) {
            let resume = self.pair_resume.take().filter(|(resumed, _)| *resumed == a);
            let columns = (0x1Fu32 << a.x) >> 2;
            let (top, bottom) = (a.y.saturating_sub(2), (a.y + 2).min(self.size.height() - 1));
            for y in top..=bottom {
                let mut partners = frontier[usize::from(y)] & columns;
                if y == a.y {
                    partners &= !(1 << a.x);
                }
                // Those compared before the work ran out are skipped.
                if let Some((_, done)) = resume {
                    if y < done.y {
                        continue;
                    }
                    if y == done.y {
                        partners &= !((2u32 << done.x) - 1);
                    }
                }
                while partners != 0 {
                    if *work == 0 {
                        return None;
                    }
                    let b = Place::new(partners.trailing_zeros() as u8, y);
                    partners &= partners - 1;
                    *work = work.saturating_sub(UNIT);
                    if self.compare(a, b, work) {
                        return Some(true);
                    }
                    self.pair_resume = Some((a, b));
                }
            }
            self.pair_resume = None;
            clear(&mut self.pair_dirty, a);
        }
        Some(false)
    }

    /// Numbers `a` and `b` sharing unknowns: what one allows in the shared
    /// squares can settle the other's squares outside them. Marks and opens
    /// what it proves; true if anything.
    fn compare(&mut self, a: Place, b: Place, work: &mut u32) -> bool {
        let corner = Place::new(a.x.min(b.x), a.y.min(b.y));
        let mut unknown = 0;
        for ring in 0..5i16 {
            let bits = row(&self.unknown, i16::from(corner.y) - 1 + ring) << 1 >> corner.x;
            unknown |= (bits & 0x1F) << (5 * ring);
        }
        let at = |place: Place| BLOCK << (5 * (place.y - corner.y) + (place.x - corner.x));
        let (around_a, around_b) = (unknown & at(a), unknown & at(b));
        let shared = around_a & around_b;
        if shared == 0 {
            return false;
        }
        let (only_a, only_b) = (around_a & !around_b, around_b & !around_a);
        let (need_a, need_b) = (self.need(a), self.need(b));
        let shared_count = shared.count_ones() as i8;
        let (only_a_count, only_b_count) = (only_a.count_ones() as i8, only_b.count_ones() as i8);
        let (mut mines, mut safe) = (0, 0);
        // What `need` allows in the shared squares settles `only_other`.
        let mut settle = |need: i8, only_count: i8, need_other: i8, only_other: u32| {
            if only_other == 0 {
                return;
            }
            let most_shared = need.min(shared_count);
            let least_shared = (need - only_count).max(0);
            if need_other - most_shared >= only_other.count_ones() as i8 {
                mines |= only_other;
            }
            if need_other - least_shared <= 0 {
                safe |= only_other;
            }
        };
        settle(need_a, only_a_count, need_b, only_b);
        settle(need_b, only_b_count, need_a, only_a);
        if mines | safe == 0 {
            return false;
        }
        for mine in squares_of_mask(corner, mines, 5) {
            *work = work.saturating_sub(UNIT);
            self.mark_mine(mine);
        }
        for square in squares_of_mask(corner, safe, 5) {
            *work = work.saturating_sub(UNIT);
            self.open(square);
        }
        true
    }

    /// With every mine found the rest is safe; with exactly as many mines
    /// left as unknown squares they are all mines. True if it settled any.
    fn global_rule(&mut self, work: &mut u32) -> bool {
        let unknown = count(&self.unknown);
        let mines_left = u32::from(self.size.mines()).saturating_sub(u32::from(self.known_count));
        if unknown == 0 || (mines_left != 0 && mines_left != unknown) {
            return false;
        }
        while let Some(place) = first(&self.unknown) {
            *work = work.saturating_sub(UNIT);
            if mines_left == 0 {
                self.open(place);
            } else {
                self.mark_mine(place);
            }
        }
        true
    }

    /// Moves a mine from `from` to `to`, both unknown squares, and shows the
    /// revealed numbers around either their new counts: what was proven
    /// stays true (only unknown squares changed), and the changed numbers
    /// are looked at again.
    pub(super) fn move_mine(&mut self, from: Place, to: Place) {
        debug_assert!(has(&self.mines, from) && !has(&self.mines, to));
        debug_assert!(has(&self.unknown, from) && has(&self.unknown, to));
        clear(&mut self.mines, from);
        set(&mut self.mines, to);
        for place in [from, to] {
            let columns = (1u32 << self.size.width()) - 1;
            let last = self.size.height() - 1;
            for y in place.y.saturating_sub(1)..=(place.y + 1).min(last) {
                let at = i16::from(y);
                let near_mines = spread(row(&self.mines, at - 1))
                    | spread(row(&self.mines, at))
                    | spread(row(&self.mines, at + 1));
                self.zeros[usize::from(y)] = !near_mines & columns;
            }
            self.touched(place);
        }
    }
}

#[cfg(test)]
mod tests;
