//! Does a puzzle have exactly one solution?
//!
//! Line logic (each row and column on its own, [`super::line_solver`]) runs
//! to a fixpoint; if cells are left, a depth-first search guesses one and
//! runs line logic again, until two different solutions are found or every
//! branch is closed. Once a search has run a while ([`PROBE_AFTER`]), each
//! node first *probes*: every undecided cell is tried both ways with line
//! logic; a value that contradicts proves the other, and the guess goes to the
//! cell whose two values decide the most. Probing costs a lot per node but
//! stops the long dead branches plain guessing can wander into.
//!
//! Knowing one solution (`UniquenessCheck::of_picture`) makes the check much
//! cheaper: guesses follow that picture, so it is reached without backtracking
//! and the rest of the search only looks for another. Without one, finding the
//! first solution of a wide-open puzzle (sparse noise, say) can take long.
//!
//! Resumable: [`UniquenessCheck::step`] does at most `budget` units of work
//! (a unit is one line solved, one probe or guess started, one backtrack)
//! and carries on where it stopped on the next call; the result never
//! depends on how the work was split. Everything lives in fixed arrays: the
//! marks as row and column masks, an undo trail of the cells marked (each cell
//! is marked at most once on the way down, so it holds at most every cell) and
//! the stack of guesses (each guess marks at least its own cell, so it is as
//! bounded). No recursion, no allocation.
//!
//! *Ambiguous cells*, when there are several solutions, are those where the
//! two solutions found differ ([`Ambiguity::differing`]): each really takes
//! both values, but other solutions may differ in more cells. The cells line
//! logic leaves undecided ([`Ambiguity::undecided`]) contain every cell that
//! differs between any two solutions.

use heapless::Vec;

use super::grid::Grid;
use super::line::cells_mask;
use super::line_solver::forced;
use super::puzzle::PuzzleClues;
use super::{MAX_HEIGHT, MAX_WIDTH};

const MAX_CELLS: usize = MAX_WIDTH * MAX_HEIGHT;

/// Work after which the search probes before each guess.
const PROBE_AFTER: u32 = 2_000;

/// A cell packed as `y << 5 | x`.
type CellIndex = u16;

const fn pack(x: usize, y: usize) -> CellIndex {
    ((y << 5) | x) as CellIndex
}

const fn unpack(cell: CellIndex) -> (usize, usize) {
    ((cell & 31) as usize, (cell >> 5) as usize)
}

/// Why a puzzle has more than one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ambiguity {
    /// The first solution found.
    pub first: Grid,
    /// A second, different solution.
    pub second: Grid,
    /// The *ambiguous cells*: those where `first` and `second` differ. Each
    /// of them really is ambiguous (it is filled in one solution and blank
    /// in another), but other solutions may differ in further cells.
    pub differing: Grid,
    /// Cells line logic alone leaves undecided. Every cell that differs
    /// between any two solutions is among them (line logic is sound), so
    /// `differing` is a subset; they are where a player gets stuck.
    pub undecided: Grid,
}

/// What a check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not done yet: call [`UniquenessCheck::step`] again.
    Working,
    /// Exactly one picture has these clues.
    Unique {
        /// That picture.
        solution: Grid,
        /// Line logic alone (each row and column on its own, repeatedly)
        /// finds it, with no guessing.
        line_solvable: bool,
    },
    /// Two or more pictures have these clues.
    NotUnique(Ambiguity),
    /// No picture has these clues.
    NoSolution,
    /// Only from `UniquenessCheck::line_logic_only`: line logic stopped
    /// with these cells undecided (the puzzle may still be unique).
    Stalled {
        /// Cells line logic could not decide.
        undecided: Grid,
    },
}

/// A guess on the stack, in four bytes: the stack holds up to 300.
#[derive(Clone, Copy, Debug)]
struct Guess {
    /// Trail length before the guess: undoing to it forgets the guess.
    trail_len: u16,
    /// The cell, and [`FIRST_FILLED`] and [`SECOND`] above its bits.
    cell_and_flags: u16,
}

/// The value tried first was filled.
const FIRST_FILLED: u16 = 1 << 14;
/// The other value is under way.
const SECOND: u16 = 1 << 15;

impl Guess {
    const fn cell(self) -> CellIndex {
        self.cell_and_flags & !(FIRST_FILLED | SECOND)
    }

    const fn first_filled(self) -> bool {
        self.cell_and_flags & FIRST_FILLED != 0
    }

    const fn second(self) -> bool {
        self.cell_and_flags & SECOND != 0
    }
}

/// A probing round at the current node: each undecided cell is tried both
/// ways, with line logic after each. A value that leads to a contradiction
/// proves the other; when both do, the node is dead.
#[derive(Clone, Copy, Debug)]
struct Round {
    /// Next cell to probe (cells go in packed order).
    next: CellIndex,
    /// A probe proved a cell this round: another round may prove more.
    proved: bool,
    /// The cell to guess if the round proves nothing: (score, cell).
    best: Option<(u32, CellIndex)>,
}

/// One cell being probed.
#[derive(Clone, Copy, Debug)]
struct Probe {
    cell: CellIndex,
    /// Trail length before the probe, to undo it.
    trail_len: u16,
    /// The value under test.
    filled: bool,
    /// Outcome of the first value once known: cells it decided, or `None`
    /// for a contradiction.
    first: Option<Option<u16>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Propagate,
    Probe,
    ProbePropagate,
    Backtrack,
    Done,
}

/// A uniqueness check in progress. Big, but no allocation: keep it in one
/// place (a `Box`) and reuse it with [`Self::restart`].
#[derive(Clone, Debug)]
pub struct UniquenessCheck {
    clues: PuzzleClues,
    row_filled: [u32; MAX_HEIGHT],
    row_crossed: [u32; MAX_HEIGHT],
    column_filled: [u32; MAX_WIDTH],
    column_crossed: [u32; MAX_WIDTH],
    /// Lines marked since line logic last looked at them.
    dirty_rows: u32,
    dirty_columns: u32,
    /// Cells marked since the start, in order.
    trail: Vec<CellIndex, MAX_CELLS>,
    guesses: Vec<Guess, MAX_CELLS>,
    phase: Phase,
    search: bool,
    /// Cells undecided at the first fixpoint of line logic, once reached.
    root_undecided: Option<Grid>,
    first: Option<Grid>,
    /// A second solution, once found (the check is then over).
    second: Option<Grid>,
    work: u32,
    guess_count: u32,
    /// A picture known to solve the clues, if any: guesses follow it first,
    /// so it is found without backtracking and the search goes straight to
    /// looking for a second solution.
    hint: Option<Grid>,
    /// Probe before guessing once this much work is done.
    probe_after: u32,
    round: Option<Round>,
    probe: Probe,
}

impl UniquenessCheck {
    /// A full check of `clues`: ends `Unique`, `NotUnique` or `NoSolution`.
    #[must_use]
    pub fn new(clues: &PuzzleClues) -> Self {
        Self {
            clues: clues.clone(),
            row_filled: [0; MAX_HEIGHT],
            row_crossed: [0; MAX_HEIGHT],
            column_filled: [0; MAX_WIDTH],
            column_crossed: [0; MAX_WIDTH],
            dirty_rows: cells_mask(clues.height()),
            dirty_columns: cells_mask(clues.width()),
            trail: Vec::new(),
            guesses: Vec::new(),
            phase: Phase::Propagate,
            search: true,
            root_undecided: None,
            first: None,
            second: None,
            work: 0,
            guess_count: 0,
            hint: None,
            probe_after: PROBE_AFTER,
            round: None,
            probe: Probe {
                cell: 0,
                trail_len: 0,
                filled: false,
                first: None,
            },
        }
    }

    /// `Self::line_logic_only` (or with `search`, [`Self::new`]) built in
    /// `place`: on the GBA's small stack a whole check must not be made there
    /// first and moved.
    pub fn new_in<'a>(
        place: &'a mut core::mem::MaybeUninit<Self>,
        clues: &PuzzleClues,
        search: bool,
    ) -> &'a mut Self {
        let check = place.as_mut_ptr();
        // SAFETY: every field is written, each through its own pointer into
        // `place`, before the reference is made.
        unsafe {
            (&raw mut (*check).clues).write(clues.clone());
            (&raw mut (*check).row_filled).write([0; MAX_HEIGHT]);
            (&raw mut (*check).row_crossed).write([0; MAX_HEIGHT]);
            (&raw mut (*check).column_filled).write([0; MAX_WIDTH]);
            (&raw mut (*check).column_crossed).write([0; MAX_WIDTH]);
            (&raw mut (*check).dirty_rows).write(cells_mask(clues.height()));
            (&raw mut (*check).dirty_columns).write(cells_mask(clues.width()));
            (&raw mut (*check).trail).write(Vec::new());
            (&raw mut (*check).guesses).write(Vec::new());
            (&raw mut (*check).phase).write(Phase::Propagate);
            (&raw mut (*check).search).write(search);
            (&raw mut (*check).root_undecided).write(None);
            (&raw mut (*check).first).write(None);
            (&raw mut (*check).second).write(None);
            (&raw mut (*check).work).write(0);
            (&raw mut (*check).guess_count).write(0);
            (&raw mut (*check).hint).write(None);
            (&raw mut (*check).probe_after).write(PROBE_AFTER);
            (&raw mut (*check).round).write(None);
            (&raw mut (*check).probe).write(Probe {
                cell: 0,
                trail_len: 0,
                filled: false,
                first: None,
            });
            place.assume_init_mut()
        }
    }

    /// The same check probing only after `work` units, to compare.
    #[cfg(test)]
    #[must_use]
    pub fn probing_after(mut self, work: u32) -> Self {
        self.probe_after = work;
        self
    }

    /// A full check of `picture`'s clues. Same verdicts as [`Self::new`] on
    /// them, usually reached faster: knowing one solution, the search only
    /// has to look for another.
    #[cfg(test)]
    #[must_use]
    pub fn of_picture(picture: &Grid) -> Self {
        let mut check = Self::new(&PuzzleClues::of_picture(picture));
        check.hint = Some(*picture);
        check
    }

    /// Line logic only, no search: ends `Unique` (with `line_solvable`),
    /// `Stalled` or `NoSolution`. Cheap and bounded: each line is solved once,
    /// and again only after the crossing line marked one of its cells.
    #[cfg(test)]
    #[must_use]
    pub fn line_logic_only(clues: &PuzzleClues) -> Self {
        let mut check = Self::new(clues);
        check.search = false;
        check
    }

    /// Starts over in place on `clues`, as [`Self::new`] (`search`) or
    /// `Self::line_logic_only` would, guided by `known_solution` as
    /// `Self::of_picture` is when given. For a check kept in one place
    /// (say a `Box`): building a new one makes a big temporary on the stack.
    pub fn restart(&mut self, clues: &PuzzleClues, known_solution: Option<&Grid>, search: bool) {
        self.clues.clone_from(clues);
        self.row_filled = [0; MAX_HEIGHT];
        self.row_crossed = [0; MAX_HEIGHT];
        self.column_filled = [0; MAX_WIDTH];
        self.column_crossed = [0; MAX_WIDTH];
        self.dirty_rows = cells_mask(clues.height());
        self.dirty_columns = cells_mask(clues.width());
        self.trail.clear();
        self.guesses.clear();
        self.phase = Phase::Propagate;
        self.search = search;
        self.root_undecided = None;
        self.first = None;
        self.second = None;
        self.work = 0;
        self.guess_count = 0;
        self.hint = known_solution.copied();
        self.round = None;
    }

    /// Works for at most `budget` units (see the module notes), then says
    /// how far it got. Once a verdict is reached, every call returns it.
    pub fn step(&mut self, budget: u32) -> Verdict {
        let mut budget = budget;
        loop {
            if self.phase == Phase::Done {
                return self.verdict();
            }
            if budget == 0 {
                return Verdict::Working;
            }
            match self.phase {
                Phase::Propagate => match self.propagate(&mut budget) {
                    None => return Verdict::Working,
                    Some(false) => self.phase = Phase::Backtrack,
                    Some(true) => {
                        budget = budget.saturating_sub(1);
                        self.work = self.work.saturating_add(1);
                        self.at_fixpoint();
                    }
                },
                Phase::Probe => {
                    budget = budget.saturating_sub(1);
                    self.work = self.work.saturating_add(1);
                    self.next_probe();
                }
                Phase::ProbePropagate => {
                    let Some(consistent) = self.propagate(&mut budget) else {
                        return Verdict::Working;
                    };
                    self.probed(consistent);
                }
                Phase::Backtrack => {
                    budget = budget.saturating_sub(1);
                    self.work = self.work.saturating_add(1);
                    self.backtrack();
                }
                Phase::Done => {}
            }
        }
    }

    /// Steps until the verdict (for tests and tools, not a frame loop).
    #[cfg(test)]
    pub fn run(&mut self) -> Verdict {
        loop {
            let verdict = self.step(u32::MAX);
            if verdict != Verdict::Working {
                return verdict;
            }
        }
    }

    /// Units of work done so far.
    #[must_use]
    pub const fn work_done(&self) -> u32 {
        self.work
    }

    /// Guesses made so far (0 for a line-solvable puzzle).
    #[cfg(test)]
    #[must_use]
    pub const fn guesses(&self) -> u32 {
        self.guess_count
    }

    /// Line logic on dirty lines until none is left (`Some(true)`), a line
    /// contradicts its clues (`Some(false)`) or the budget runs out (`None`).
    #[inline(never)]
    fn propagate(&mut self, budget: &mut u32) -> Option<bool> {
        let width = self.clues.width();
        let height = self.clues.height();
        loop {
            let by_row = self.dirty_rows != 0;
            if !by_row && self.dirty_columns == 0 {
                return Some(true);
            }
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            self.work = self.work.saturating_add(1);
            if by_row {
                let y = self.dirty_rows.trailing_zeros() as usize;
                self.dirty_rows &= !(1 << y);
                let (filled, crossed) = (self.row_filled[y], self.row_crossed[y]);
                let Some(found) = forced(width, filled, crossed, self.clues.row(y).as_slice())
                else {
                    return Some(false);
                };
                let mut new_filled = found.filled & !filled;
                let mut new_crossed = found.crossed & !crossed;
                self.row_filled[y] = filled | new_filled;
                self.row_crossed[y] = crossed | new_crossed;
                // The row itself is at its fixpoint: line logic finds all it can at once.
                self.dirty_columns |= new_filled | new_crossed;
                while new_filled != 0 {
                    let x = new_filled.trailing_zeros() as usize;
                    new_filled &= new_filled - 1;
                    self.column_filled[x] |= 1 << y;
                    let _ = self.trail.push(pack(x, y));
                }
                while new_crossed != 0 {
                    let x = new_crossed.trailing_zeros() as usize;
                    new_crossed &= new_crossed - 1;
                    self.column_crossed[x] |= 1 << y;
                    let _ = self.trail.push(pack(x, y));
                }
            } else {
                let x = self.dirty_columns.trailing_zeros() as usize;
                self.dirty_columns &= !(1 << x);
                let (filled, crossed) = (self.column_filled[x], self.column_crossed[x]);
                let Some(found) = forced(height, filled, crossed, self.clues.column(x).as_slice())
                else {
                    return Some(false);
                };
                let mut new_filled = found.filled & !filled;
                let mut new_crossed = found.crossed & !crossed;
                self.column_filled[x] = filled | new_filled;
                self.column_crossed[x] = crossed | new_crossed;
                self.dirty_rows |= new_filled | new_crossed;
                while new_filled != 0 {
                    let y = new_filled.trailing_zeros() as usize;
                    new_filled &= new_filled - 1;
                    self.row_filled[y] |= 1 << x;
                    let _ = self.trail.push(pack(x, y));
                }
                while new_crossed != 0 {
                    let y = new_crossed.trailing_zeros() as usize;
                    new_crossed &= new_crossed - 1;
                    self.row_crossed[y] |= 1 << x;
                    let _ = self.trail.push(pack(x, y));
                }
            }
        }
    }

    /// Line logic has nothing more: note the first fixpoint, take a solution,
    /// or guess a cell.
    fn at_fixpoint(&mut self) {
        let undecided = self.undecided();
        if self.guesses.is_empty() && self.root_undecided.is_none() {
            self.root_undecided = Some(undecided);
            if !self.search && !undecided.is_empty() {
                self.phase = Phase::Done;
                return;
            }
        }
        if undecided.is_empty() {
            self.found(self.filled());
            if self.phase != Phase::Done {
                self.phase = Phase::Backtrack;
            }
            return;
        }
        if self.work >= self.probe_after {
            if self.round.is_none() {
                self.start_round();
            }
            self.phase = Phase::Probe;
        } else {
            let cell = self.choose();
            self.guess(cell);
        }
    }

    /// A solution: the first, the same again, or a second one (done).
    fn found(&mut self, solution: Grid) {
        match self.first {
            None => self.first = Some(solution),
            Some(first) if first != solution => {
                self.second = Some(solution);
                self.phase = Phase::Done;
            }
            Some(_) => {}
        }
    }

    /// The verdict of a finished check.
    fn verdict(&self) -> Verdict {
        let undecided = self.root_undecided;
        match (self.first, self.second, undecided) {
            (Some(first), Some(second), _) => Verdict::NotUnique(Ambiguity {
                first,
                second,
                differing: first.differing(&second),
                undecided: undecided.unwrap_or(first),
            }),
            (Some(solution), None, _) => Verdict::Unique {
                solution,
                line_solvable: undecided.is_some_and(|grid| grid.is_empty()),
            },
            (None, _, Some(undecided)) if !self.search && !undecided.is_empty() => {
                Verdict::Stalled { undecided }
            }
            _ => Verdict::NoSolution,
        }
    }

    /// Guesses `cell`, trying first the value it more likely has.
    fn guess(&mut self, cell: CellIndex) {
        let first_filled = self.likely_filled(cell);
        let flags = if first_filled { FIRST_FILLED } else { 0 };
        let _ = self.guesses.push(Guess {
            trail_len: self.trail.len() as u16,
            cell_and_flags: cell | flags,
        });
        self.guess_count += 1;
        self.round = None;
        self.mark(cell, first_filled);
        self.phase = Phase::Propagate;
    }

    /// The hint's value, else filled when the clues of the cell's row and
    /// column fill more than half of them together.
    fn likely_filled(&self, cell: CellIndex) -> bool {
        let (x, y) = unpack(cell);
        if let Some(hint) = self.hint {
            return hint.contains(x, y);
        }
        let (width, height) = (self.clues.width() as u32, self.clues.height() as u32);
        let (row, column) = (self.clues.row(y).total(), self.clues.column(x).total());
        row * height + column * width > width * height
    }

    /// Probes the next undecided cell of the round; at its end, another
    /// round if this one proved something, else a guess.
    fn next_probe(&mut self) {
        let Some(round) = self.round else {
            self.phase = Phase::Propagate;
            return;
        };
        match self.undecided_from(round.next) {
            Some(cell) => {
                let filled = self.likely_filled(cell);
                self.probe = Probe {
                    cell,
                    trail_len: self.trail.len() as u16,
                    filled,
                    first: None,
                };
                self.mark(cell, filled);
                self.phase = Phase::ProbePropagate;
            }
            None if round.proved => self.start_round(),
            None => {
                let cell = round.best.map_or_else(|| self.choose(), |(_, cell)| cell);
                self.guess(cell);
            }
        }
    }

    /// One value of a probe has run its line logic.
    fn probed(&mut self, consistent: bool) {
        let decided = self.trail.len() as u16 - self.probe.trail_len;
        if consistent && self.undecided_count() == 0 {
            // The probe completed the board: a real solution.
            self.found(self.filled());
            if self.phase == Phase::Done {
                return;
            }
        }
        self.undo_to(usize::from(self.probe.trail_len));
        self.dirty_rows = 0;
        self.dirty_columns = 0;
        let outcome = consistent.then_some(decided);
        let Some(first) = self.probe.first else {
            self.probe.first = Some(outcome);
            self.probe.filled = !self.probe.filled;
            self.mark(self.probe.cell, self.probe.filled);
            return;
        };
        let cell = self.probe.cell;
        let Some(mut round) = self.round else { return };
        round.next = cell + 1;
        match (first, outcome) {
            (None, None) => {
                self.round = None;
                self.phase = Phase::Backtrack;
                return;
            }
            (Some(_), None) | (None, Some(_)) => {
                // One value contradicts: the other is proved at this node.
                round.proved = true;
                let filled = if first.is_some() {
                    !self.probe.filled
                } else {
                    self.probe.filled
                };
                self.mark(cell, filled);
                self.phase = Phase::Propagate;
            }
            (Some(a), Some(b)) => {
                // Guess where both values decide the most: wrong guesses die fast.
                let score = u32::from(a.min(b)) << 16 | u32::from(a.max(b));
                if round.best.is_none_or(|(best, _)| score > best) {
                    round.best = Some((score, cell));
                }
                self.phase = Phase::Probe;
            }
        }
        self.round = Some(round);
    }

    /// Undoes the latest guess still open and tries its other value; when
    /// every guess is spent, the search is over.
    fn backtrack(&mut self) {
        self.dirty_rows = 0;
        self.dirty_columns = 0;
        self.round = None;
        while let Some(&guess) = self.guesses.last() {
            self.undo_to(usize::from(guess.trail_len));
            if !guess.second() {
                if let Some(top) = self.guesses.last_mut() {
                    top.cell_and_flags |= SECOND;
                }
                self.mark(guess.cell(), !guess.first_filled());
                self.phase = Phase::Propagate;
                return;
            }
            self.guesses.pop();
        }
        self.phase = Phase::Done;
    }

    /// The cell to guess: in the line (row or column) with the fewest
    /// unmarked cells, the one whose crossing line has the fewest. Short
    /// lines are the most constrained, so a wrong guess fails fast.
    fn choose(&self) -> CellIndex {
        let width = self.clues.width();
        let height = self.clues.height();
        let row_open = |y: usize| cells_mask(width) & !(self.row_filled[y] | self.row_crossed[y]);
        let column_open =
            |x: usize| cells_mask(height) & !(self.column_filled[x] | self.column_crossed[x]);
        let mut best = (u32::MAX, 0, true);
        for y in 0..height {
            let open = row_open(y).count_ones();
            if open != 0 && open < best.0 {
                best = (open, y, true);
            }
        }
        for x in 0..width {
            let open = column_open(x).count_ones();
            if open != 0 && open < best.0 {
                best = (open, x, false);
            }
        }
        let (_, line, is_row) = best;
        let mut open = if is_row {
            row_open(line)
        } else {
            column_open(line)
        };
        let mut pick = (u32::MAX, 0);
        while open != 0 {
            let at = open.trailing_zeros() as usize;
            open &= open - 1;
            let crossing = if is_row {
                column_open(at)
            } else {
                row_open(at)
            }
            .count_ones();
            if crossing < pick.0 {
                pick = (crossing, at);
            }
        }
        if is_row {
            pack(pick.1, line)
        } else {
            pack(line, pick.1)
        }
    }

    /// Marks a cell (a guess, a probe or what a probe proved), making its
    /// row and column dirty.
    fn mark(&mut self, cell: CellIndex, filled: bool) {
        let (x, y) = unpack(cell);
        if filled {
            self.row_filled[y] |= 1 << x;
            self.column_filled[x] |= 1 << y;
        } else {
            self.row_crossed[y] |= 1 << x;
            self.column_crossed[x] |= 1 << y;
        }
        self.dirty_rows |= 1 << y;
        self.dirty_columns |= 1 << x;
        let _ = self.trail.push(cell);
    }

    /// Unmarks the cells marked after the trail was `len` long.
    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let Some(cell) = self.trail.pop() else { break };
            let (x, y) = unpack(cell);
            self.row_filled[y] &= !(1 << x);
            self.row_crossed[y] &= !(1 << x);
            self.column_filled[x] &= !(1 << y);
            self.column_crossed[x] &= !(1 << y);
        }
    }

    fn start_round(&mut self) {
        self.round = Some(Round {
            next: 0,
            proved: false,
            best: None,
        });
    }

    /// The first undecided cell at or after `from`, in packed order.
    fn undecided_from(&self, from: CellIndex) -> Option<CellIndex> {
        let (from_x, from_y) = unpack(from);
        let width = self.clues.width();
        for y in from_y..self.clues.height() {
            let mut open = cells_mask(width) & !(self.row_filled[y] | self.row_crossed[y]);
            if y == from_y {
                open &= !cells_mask(from_x);
            }
            if open != 0 {
                return Some(pack(open.trailing_zeros() as usize, y));
            }
        }
        None
    }

    fn undecided_count(&self) -> usize {
        let width = self.clues.width();
        (0..self.clues.height())
            .map(|y| {
                (cells_mask(width) & !(self.row_filled[y] | self.row_crossed[y])).count_ones()
                    as usize
            })
            .sum()
    }

    fn undecided(&self) -> Grid {
        let width = self.clues.width();
        let mut rows = [0; MAX_HEIGHT];
        for (y, row) in rows.iter_mut().enumerate().take(self.clues.height()) {
            *row = cells_mask(width) & !(self.row_filled[y] | self.row_crossed[y]);
        }
        Grid::from_rows(width, self.clues.height(), &rows)
    }

    fn filled(&self) -> Grid {
        Grid::from_rows(self.clues.width(), self.clues.height(), &self.row_filled)
    }
}

#[cfg(test)]
mod tests;
