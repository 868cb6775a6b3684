//! The player's side of a board: the marks, painting them a line at a time
//! (the first cell decides what a drag does), automatic crosses, mistakes
//! and undo/redo.

use super::line::Line;
use super::{Grid, MAX_HEIGHT, MAX_WIDTH, PuzzleClues};

/// What a cell holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum Mark {
    #[default]
    Empty = 0,
    Filled = 1,
    Crossed = 2,
    /// A fill the solution refuses (mistake checking on): shown as a red
    /// cross, and no brush changes it.
    Mistake = 3,
}

impl Mark {
    const fn from_bits(bits: u8) -> Self {
        match bits & 3 {
            0 => Self::Empty,
            1 => Self::Filled,
            2 => Self::Crossed,
            _ => Self::Mistake,
        }
    }
}

/// Bytes of [`Marks::pack`]: two bits a cell.
pub const PACKED_BYTES: usize = (MAX_WIDTH * MAX_HEIGHT).div_ceil(4);

/// Every cell's mark, a row a bit mask per kind (cell `x` = bit `x`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    filled: [u32; MAX_HEIGHT],
    /// Crosses, mistakes included (for the rules a mistake is a blank cell).
    crossed: [u32; MAX_HEIGHT],
    mistakes: [u32; MAX_HEIGHT],
    width: u8,
    height: u8,
}

impl Marks {
    /// An unmarked board; sizes are clamped to 1..=max.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            filled: [0; MAX_HEIGHT],
            crossed: [0; MAX_HEIGHT],
            mistakes: [0; MAX_HEIGHT],
            width: width.clamp(1, MAX_WIDTH) as u8,
            height: height.clamp(1, MAX_HEIGHT) as u8,
        }
    }

    #[must_use]
    pub const fn width(&self) -> usize {
        self.width as usize
    }

    #[must_use]
    pub const fn height(&self) -> usize {
        self.height as usize
    }

    /// Row `y`'s filled, crossed and mistaken cells, a bit per cell (none
    /// past the bottom).
    #[must_use]
    pub fn masks(&self, y: usize) -> (u32, u32, u32) {
        if y >= self.height() {
            return (0, 0, 0);
        }
        (self.filled[y], self.crossed[y], self.mistakes[y])
    }

    /// The mark at `(x, y)`; off the board, `Empty`.
    #[must_use]
    pub fn get(&self, x: usize, y: usize) -> Mark {
        if x >= self.width() || y >= self.height() {
            return Mark::Empty;
        }
        let bit = 1 << x;
        if self.mistakes[y] & bit != 0 {
            Mark::Mistake
        } else if self.filled[y] & bit != 0 {
            Mark::Filled
        } else if self.crossed[y] & bit != 0 {
            Mark::Crossed
        } else {
            Mark::Empty
        }
    }

    /// Put `mark` at `(x, y)` (ignored off the board).
    pub fn set(&mut self, x: usize, y: usize, mark: Mark) {
        if x >= self.width() || y >= self.height() {
            return;
        }
        let bit = 1 << x;
        self.filled[y] &= !bit;
        self.crossed[y] &= !bit;
        self.mistakes[y] &= !bit;
        match mark {
            Mark::Empty => {}
            Mark::Filled => self.filled[y] |= bit,
            Mark::Crossed => self.crossed[y] |= bit,
            Mark::Mistake => {
                self.crossed[y] |= bit;
                self.mistakes[y] |= bit;
            }
        }
    }

    /// Row `y` as the rules see it.
    #[must_use]
    pub fn row(&self, y: usize) -> Line {
        let y = y.min(self.height() - 1);
        Line::from_masks(self.width(), self.filled[y], self.crossed[y])
    }

    /// Column `x` as the rules see it.
    #[must_use]
    pub fn column(&self, x: usize) -> Line {
        let (mut filled, mut crossed) = (0, 0);
        for y in 0..self.height() {
            filled |= ((self.filled[y] >> x) & 1) << y;
            crossed |= ((self.crossed[y] >> x) & 1) << y;
        }
        Line::from_masks(self.height(), filled, crossed)
    }

    /// Rows (bit `y`) and columns (bit `x`) whose marks differ from `old`'s.
    #[must_use]
    pub fn changed_lines(&self, old: &Self) -> (u32, u32) {
        let (mut rows, mut columns) = (0, 0);
        for y in 0..self.height() {
            let differ = (self.filled[y] ^ old.filled[y]) | (self.crossed[y] ^ old.crossed[y]);
            if differ != 0 {
                rows |= 1 << y;
                columns |= differ;
            }
        }
        (rows, columns)
    }

    /// A hash of every mark (FNV-1a over the row masks), so a view can tell
    /// at once whether anything changed.
    #[must_use]
    pub fn fingerprint(&self) -> u32 {
        shared::fnv::hash(
            (0..self.height()).flat_map(|y| [self.filled[y], self.crossed[y], self.mistakes[y]]),
        )
    }

    /// The filled cells as a picture.
    #[must_use]
    pub fn picture(&self) -> Grid {
        Grid::from_rows(self.width(), self.height(), &self.filled)
    }

    /// Nothing marked.
    #[cfg(test)]
    #[must_use]
    pub fn is_blank(&self) -> bool {
        self.filled.iter().chain(&self.crossed).all(|&row| row == 0)
    }

    /// Picross S's start hint: row `y` and column `x` as `solution` has them,
    /// every cell filled or crossed.
    pub fn reveal_lines(&mut self, solution: &Grid, x: usize, y: usize) {
        let (width, height) = (self.width(), self.height());
        for across in 0..width {
            self.reveal(solution, across, y);
        }
        for down in 0..height {
            self.reveal(solution, x, down);
        }
    }

    /// Auto-cross at the start of a puzzle: every line its fills already
    /// satisfy (a 0 line from the first, lines the start hint completed)
    /// has its other cells crossed, as a fill completing it would.
    pub fn cross_complete_lines(&mut self, clues: &PuzzleClues) {
        let (width, height) = (self.width(), self.height());
        for y in 0..height {
            let row = self.row(y);
            if clues.row(y).match_cells(row.filled()) {
                for x in (0..width).filter(|&x| row.unmarked() & (1 << x) != 0) {
                    self.set(x, y, Mark::Crossed);
                }
            }
        }
        for x in 0..width {
            let column = self.column(x);
            if clues.column(x).match_cells(column.filled()) {
                for y in (0..height).filter(|&y| column.unmarked() & (1 << y) != 0) {
                    self.set(x, y, Mark::Crossed);
                }
            }
        }
    }

    fn reveal(&mut self, solution: &Grid, x: usize, y: usize) {
        let filled = solution.row(y) >> x & 1 == 1;
        self.set(x, y, if filled { Mark::Filled } else { Mark::Crossed });
    }

    /// Take every cross off (mistakes too), leaving the picture: the
    /// finished board.
    pub fn clear_crosses(&mut self) {
        self.crossed = [0; MAX_HEIGHT];
        self.mistakes = [0; MAX_HEIGHT];
    }

    /// Two bits a cell, row by row, for keeping the board while the app is
    /// closed.
    #[must_use]
    pub fn pack(&self) -> [u8; PACKED_BYTES] {
        let mut bytes = [0; PACKED_BYTES];
        for y in 0..self.height() {
            for x in 0..self.width() {
                let index = y * self.width() + x;
                bytes[index / 4] |= (self.get(x, y) as u8) << (2 * (index % 4));
            }
        }
        bytes
    }

    /// The board [`pack`](Self::pack) made.
    #[must_use]
    pub fn unpack(width: usize, height: usize, bytes: &[u8; PACKED_BYTES]) -> Self {
        let mut marks = Self::new(width, height);
        let (width, height) = (marks.width(), marks.height());
        // Whole rows of masks at a time: this runs as the window opens.
        let mut index = 0;
        for y in 0..height {
            let (mut filled, mut crossed, mut mistakes) = (0, 0, 0);
            for x in 0..width {
                let bit = 1 << x;
                match Mark::from_bits(bytes[index / 4] >> (2 * (index % 4))) {
                    Mark::Empty => {}
                    Mark::Filled => filled |= bit,
                    Mark::Crossed => crossed |= bit,
                    Mark::Mistake => {
                        crossed |= bit;
                        mistakes |= bit;
                    }
                }
                index += 1;
            }
            marks.filled[y] = filled;
            marks.crossed[y] = crossed;
            marks.mistakes[y] = mistakes;
        }
        marks
    }
}

/// The two buttons that mark: A fills, B crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Fill,
    Cross,
}

/// What a drag does to each cell it passes, decided by its first cell. A
/// brush only ever changes one kind of cell, so a drag never overwrites the
/// opposite mark (nor a mistake).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Empty cells become filled.
    Fill,
    /// Empty cells become crossed.
    Cross,
    /// Filled cells become empty.
    Unfill,
    /// Crossed cells become empty.
    Uncross,
}

impl Brush {
    /// The brush a press of `tool` on a cell holding `mark` starts.
    #[must_use]
    pub const fn starting_on(tool: Tool, mark: Mark) -> Self {
        match (tool, mark) {
            (Tool::Fill, Mark::Filled) => Self::Unfill,
            (Tool::Fill, _) => Self::Fill,
            (Tool::Cross, Mark::Crossed) => Self::Uncross,
            (Tool::Cross, _) => Self::Cross,
        }
    }

    /// The mark the brush leaves on a cell holding `mark`, if it changes it.
    #[must_use]
    pub const fn apply(self, mark: Mark) -> Option<Mark> {
        match (self, mark) {
            (Self::Fill, Mark::Empty) => Some(Mark::Filled),
            (Self::Cross, Mark::Empty) => Some(Mark::Crossed),
            (Self::Unfill, Mark::Filled) | (Self::Uncross, Mark::Crossed) => Some(Mark::Empty),
            _ => None,
        }
    }
}

/// A drag in progress: its brush and the line it keeps to. The first move
/// picks the line (a row or a column); the cursor then moves only along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drag {
    pub brush: Brush,
    pub start: (u8, u8),
    /// `Some(true)`: along the row; `Some(false)`: along the column.
    along_row: Option<bool>,
}

impl Drag {
    #[must_use]
    pub const fn new(brush: Brush, start: (u8, u8)) -> Self {
        Self {
            brush,
            start,
            along_row: None,
        }
    }

    /// The move `(dx, dy)` keeping to the drag's line: the first move picks
    /// the line (horizontal wins a diagonal press); later moves across it
    /// are dropped.
    pub fn constrain(&mut self, (dx, dy): (i32, i32)) -> (i32, i32) {
        if self.along_row.is_none() && (dx, dy) != (0, 0) {
            self.along_row = Some(dx != 0);
        }
        match self.along_row {
            Some(true) => (dx, 0),
            Some(false) => (0, dy),
            None => (0, 0),
        }
    }

    /// Cells from the drag's first cell to `cursor`, both counted: the
    /// run-length counter.
    #[must_use]
    pub fn length_to(&self, (x, y): (u8, u8)) -> u8 {
        let (sx, sy) = self.start;
        x.abs_diff(sx).max(y.abs_diff(sy)) + 1
    }
}

/// What painting one cell did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Painted {
    Unchanged,
    Changed,
    /// A fill the solution refuses: the cell now holds a mistake.
    Mistake,
}

/// One change: cell index (9 bits), old mark (2), new mark (2), and whether
/// it starts a step (the top bit).
type Change = u16;
const STEP_START: u16 = 1 << 15;

/// Changes kept for undo, done and undone together; when full, the oldest
/// steps go.
pub const HISTORY_CHANGES: usize = 6144;
/// Steps undo is guaranteed to reach back when each is at most a line of
/// cells (a drag); automatic crosses take room too.
pub const UNDO_STEPS: usize = 256;
const _: () = assert!(HISTORY_CHANGES >= UNDO_STEPS * MAX_WIDTH);

/// Undo and redo, by step (one drag, with the crosses it triggered): a ring
/// of changes whose first `done` are done and the rest undone. The ring's
/// storage is the caller's (the app keeps it on the heap), at least
/// [`HISTORY_CHANGES`] long.
pub struct History<S> {
    changes: S,
    /// Ring position of the oldest change.
    first: usize,
    len: usize,
    done: usize,
    /// The next recorded change starts a step.
    step_open: bool,
}

/// The ring storage a history needs.
pub trait Ring: AsRef<[Change]> + AsMut<[Change]> {}
impl<S: AsRef<[Change]> + AsMut<[Change]>> Ring for S {}

impl<S: Ring> History<S> {
    /// A history in `changes` (all of it is used; what it holds is ignored).
    #[must_use]
    pub fn new(changes: S) -> Self {
        Self {
            changes,
            first: 0,
            len: 0,
            done: 0,
            step_open: false,
        }
    }

    /// Changes recorded from now on form a new step.
    pub fn begin_step(&mut self) {
        self.step_open = false;
    }

    fn capacity(&self) -> usize {
        self.changes.as_ref().len()
    }

    /// Whether it has room for any change (with none, changes are not
    /// recorded).
    #[must_use]
    pub fn has_room(&self) -> bool {
        self.capacity() > 0
    }

    fn at(&self, index: usize) -> Change {
        self.changes.as_ref()[(self.first + index) % self.capacity()]
    }

    fn record(&mut self, index: usize, old: Mark, new: Mark) {
        let mut change = (index as u16 & 0x1FF) | (old as u16) << 9 | (new as u16) << 11;
        if !self.step_open {
            change |= STEP_START;
            self.step_open = true;
        }
        // A new change forgets what was undone.
        self.len = self.done;
        let capacity = self.capacity();
        if capacity == 0 {
            return;
        }
        if self.len == capacity {
            // Drop the oldest step whole.
            loop {
                self.first = (self.first + 1) % capacity;
                self.len -= 1;
                if self.len == 0 || self.at(0) & STEP_START != 0 {
                    break;
                }
            }
            self.done = self.len;
        }
        self.changes.as_mut()[(self.first + self.len) % capacity] = change;
        self.len += 1;
        self.done += 1;
    }

    /// The last done change, taken back.
    fn pop_done(&mut self) -> Option<Change> {
        self.done = self.done.checked_sub(1)?;
        Some(self.at(self.done))
    }

    /// The next undone change, done again.
    fn next_undone(&mut self) -> Option<Change> {
        (self.done < self.len).then(|| {
            self.done += 1;
            self.at(self.done - 1)
        })
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.done < self.len
    }

    /// The newest whole steps done (none undone), oldest change first, at
    /// most `most` changes: what a closed window keeps of the history.
    pub fn newest_steps(&self, most: usize) -> impl Iterator<Item = Change> + '_ {
        let mut from = self.done;
        let mut index = self.done;
        while index > 0 && self.done - (index - 1) <= most {
            index -= 1;
            if self.at(index) & STEP_START != 0 {
                from = index;
            }
        }
        (from..self.done).map(|index| self.at(index))
    }

    /// Forget every step.
    pub fn clear(&mut self) {
        self.first = 0;
        self.len = 0;
        self.done = 0;
        self.step_open = false;
    }
}

fn unpack_change(change: Change) -> (usize, Mark, Mark) {
    (
        usize::from(change & 0x1FF),
        Mark::from_bits((change >> 9) as u8),
        Mark::from_bits((change >> 11) as u8),
    )
}

/// A board being solved: its marks, their history, and the rules' options.
pub struct Board<S> {
    pub marks: Marks,
    pub history: History<S>,
    pub auto_cross: bool,
}

impl<S: Ring> Board<S> {
    /// A board with `marks`, its history kept in `changes`.
    #[must_use]
    pub fn new(marks: Marks, changes: S) -> Self {
        Self {
            marks,
            history: History::new(changes),
            auto_cross: false,
        }
    }

    /// Start again on `marks`, as `new` does, keeping the history's
    /// storage: a new one is a large allocation to fill with zeros.
    pub fn start_again(&mut self, marks: Marks) {
        self.marks = marks;
        self.history.clear();
        self.auto_cross = false;
    }

    fn put(&mut self, x: usize, y: usize, mark: Mark) {
        let old = self.marks.get(x, y);
        if old != mark {
            self.history.record(y * self.marks.width() + x, old, mark);
            self.marks.set(x, y, mark);
        }
    }

    /// Paint `(x, y)` with `brush`. With `solution` (mistake checking), a
    /// fill outside it becomes a mistake instead. With automatic crosses, a
    /// row or column whose fills now match its clues has its empty cells
    /// crossed, in the same step.
    pub fn paint(
        &mut self,
        brush: Brush,
        (x, y): (usize, usize),
        clues: &PuzzleClues,
        solution: Option<&Grid>,
    ) -> Painted {
        let Some(mut mark) = brush.apply(self.marks.get(x, y)) else {
            return Painted::Unchanged;
        };
        let mistake = mark == Mark::Filled && solution.is_some_and(|s| !s.contains(x, y));
        if mistake {
            mark = Mark::Mistake;
        }
        self.put(x, y, mark);
        if self.auto_cross && mark == Mark::Filled {
            self.cross_if_complete((x, y), clues);
        }
        if mistake {
            Painted::Mistake
        } else {
            Painted::Changed
        }
    }

    fn cross_if_complete(&mut self, (x, y): (usize, usize), clues: &PuzzleClues) {
        let (width, height) = (self.marks.width(), self.marks.height());
        let row = self.marks.row(y);
        if clues.row(y).match_cells(row.filled()) {
            for cx in 0..width {
                if row.unmarked() & (1 << cx) != 0 {
                    self.put(cx, y, Mark::Crossed);
                }
            }
        }
        let column = self.marks.column(x);
        if clues.column(x).match_cells(column.filled()) {
            for cy in 0..height {
                if column.unmarked() & (1 << cy) != 0 {
                    self.put(x, cy, Mark::Crossed);
                }
            }
        }
    }

    /// Take back the last step; false if there is none.
    pub fn undo(&mut self) -> bool {
        let mut any = false;
        while let Some(change) = self.history.pop_done() {
            let (index, old, _) = unpack_change(change);
            self.set_index(index, old);
            any = true;
            if change & STEP_START != 0 {
                break;
            }
        }
        self.history.step_open = false;
        any
    }

    /// Do again the last step undone; false if there is none.
    pub fn redo(&mut self) -> bool {
        let mut any = false;
        while let Some(change) = self.history.next_undone() {
            let (index, _, new) = unpack_change(change);
            self.set_index(index, new);
            any = true;
            if !self.history.can_redo() || self.history.at(self.history.done) & STEP_START != 0 {
                break;
            }
        }
        self.history.step_open = false;
        any
    }

    /// Replace the history with `changes` (as [`History::newest_steps`]
    /// gave them, oldest first), all done, if they lead to the marks on the
    /// board: each a cell on it, the first starting a step, and taken back
    /// newest first each finds its new mark there: how many steps they are.
    /// `None` (and the history left empty) for any that do not, as from a
    /// damaged save.
    pub fn restore_history(
        &mut self,
        changes: impl DoubleEndedIterator<Item = Change> + Clone,
    ) -> Option<usize> {
        self.history.clear();
        let cells = self.marks.width() * self.marks.height();
        let mut marks = self.marks;
        let width = marks.width();
        let mut first = None;
        for change in changes.clone().rev() {
            let (index, old, new) = unpack_change(change);
            if index >= cells || old == new || marks.get(index % width, index / width) != new {
                return None;
            }
            marks.set(index % width, index / width, old);
            first = Some(change);
        }
        if first.is_some_and(|change| change & STEP_START == 0) {
            return None;
        }
        let mut steps = 0;
        for change in changes {
            if change & STEP_START != 0 {
                self.history.begin_step();
                steps += 1;
            }
            let (index, old, new) = unpack_change(change);
            self.history.record(index, old, new);
        }
        self.history.begin_step();
        Some(steps)
    }

    fn set_index(&mut self, index: usize, mark: Mark) {
        let width = self.marks.width();
        self.marks.set(index % width, index / width, mark);
    }

    /// Whether the fills satisfy every clue (any picture with these clues
    /// counts, not only the intended one).
    #[must_use]
    pub fn is_solved(&self, clues: &PuzzleClues) -> bool {
        clues.solved_by(&self.marks.picture())
    }
}

#[cfg(test)]
mod start_hint_tests {
    use super::*;

    #[test]
    fn a_revealed_row_and_column_match_the_solution_and_nothing_else_is_marked() {
        let solution = Grid::from_rows(5, 4, &[0b10101, 0b11111, 0b00000, 0b01110]);
        let mut marks = Marks::new(5, 4);
        marks.reveal_lines(&solution, 3, 2);
        for y in 0..4 {
            for x in 0..5 {
                let expected = match (x == 3 || y == 2, solution.row(y) >> x & 1 == 1) {
                    (false, _) => Mark::Empty,
                    (true, true) => Mark::Filled,
                    (true, false) => Mark::Crossed,
                };
                assert_eq!(marks.get(x, y), expected, "({x}, {y})");
            }
        }
        // The revealed row leaves no cell unmarked.
        assert_eq!(marks.row(2).unmarked(), 0);
        assert_eq!(marks.column(3).unmarked(), 0);
    }

    #[test]
    fn auto_cross_at_the_start_crosses_every_line_already_complete() {
        // Rows 2 and 4 and column 4 are 0 lines (bit x is column x).
        let solution = Grid::from_rows(5, 5, &[0b01010, 0b01111, 0, 0b00110, 0]);
        let clues = PuzzleClues::of_picture(&solution);
        let mut marks = Marks::new(5, 5);
        marks.cross_complete_lines(&clues);
        for y in 0..5 {
            for x in 0..5 {
                // The 0 lines are crossed, nothing else.
                let expected = if y == 2 || y == 4 || x == 4 {
                    Mark::Crossed
                } else {
                    Mark::Empty
                };
                assert_eq!(marks.get(x, y), expected, "({x}, {y})");
            }
        }
        // After a start hint on row 3 and column 1: row 3 (its 2 filled) and
        // column 1 are complete, and so crossed where empty; row 1 is not.
        let mut marks = Marks::new(5, 5);
        marks.reveal_lines(&solution, 1, 3);
        marks.cross_complete_lines(&clues);
        assert_eq!(marks.row(3).unmarked(), 0);
        assert_eq!(marks.column(1).unmarked(), 0);
        assert_ne!(marks.row(1).unmarked(), 0);
        // Whatever is crossed, the solution's fills are never covered.
        for y in 0..5 {
            for x in 0..5 {
                if solution.row(y) >> x & 1 == 1 {
                    assert_ne!(marks.get(x, y), Mark::Crossed, "({x}, {y})");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clues_of(rows: &[u32], width: usize) -> (PuzzleClues, Grid) {
        let picture = Grid::from_rows(width, rows.len(), rows);
        (PuzzleClues::of_picture(&picture), picture)
    }

    #[test]
    fn starting_again_is_a_new_board_on_the_same_storage() {
        let (clues, _) = clues_of(&[0b111, 0b101, 0b111], 3);
        let mut board = Board::new(Marks::new(3, 3), [0u16; 64]);
        board.paint(Brush::Fill, (1, 1), &clues, None);
        board.history.begin_step();
        board.paint(Brush::Cross, (0, 0), &clues, None);
        assert_eq!(board.history.done, 2);
        board.start_again(Marks::new(4, 2));
        assert_eq!(board.marks, Marks::new(4, 2));
        assert!(board.history.done == 0 && !board.history.can_redo());
        assert!(!board.undo(), "nothing to undo");
        // It records again from the start, as a new board does.
        let (clues, _) = clues_of(&[0b1111, 0b0000], 4);
        board.paint(Brush::Fill, (2, 0), &clues, None);
        assert!(board.undo());
        assert_eq!(board.marks, Marks::new(4, 2));
    }

    #[test]
    fn pack_round_trips_every_mark() {
        let mut marks = Marks::new(20, 15);
        let mut seed = 7u32;
        for y in 0..15 {
            for x in 0..20 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                marks.set(x, y, Mark::from_bits((seed >> 16) as u8));
            }
        }
        assert_eq!(Marks::unpack(20, 15, &marks.pack()), marks);
        let small = Marks::new(5, 5);
        assert_eq!(Marks::unpack(5, 5, &small.pack()), small);
    }

    #[test]
    fn changed_lines_name_every_row_and_column_touched() {
        let mut marks = Marks::new(20, 15);
        let old = marks;
        marks.set(3, 4, Mark::Filled);
        marks.set(19, 14, Mark::Crossed);
        assert_eq!(
            marks.changed_lines(&old),
            (1 << 4 | 1 << 14, 1 << 3 | 1 << 19)
        );
        assert_eq!(marks.changed_lines(&marks), (0, 0));
        assert_ne!(marks.fingerprint(), old.fingerprint());
    }

    #[test]
    fn lines_see_mistakes_as_crosses() {
        let mut marks = Marks::new(5, 5);
        marks.set(1, 2, Mark::Filled);
        marks.set(3, 2, Mark::Mistake);
        marks.set(4, 2, Mark::Crossed);
        let row = marks.row(2);
        assert_eq!(row.filled(), 0b00010);
        assert_eq!(row.crossed(), 0b11000);
        assert_eq!(marks.column(3).crossed(), 0b00100);
        assert_eq!(marks.get(3, 2), Mark::Mistake);
    }

    #[test]
    fn brushes_never_overwrite_the_opposite_mark() {
        use Mark::*;
        for mark in [Empty, Filled, Crossed, Mistake] {
            for tool in [Tool::Fill, Tool::Cross] {
                let brush = Brush::starting_on(tool, mark);
                // The first cell always changes, except a mistake or the
                // other tool's mark.
                let first = brush.apply(mark);
                match (tool, mark) {
                    (_, Mistake) | (Tool::Fill, Crossed) | (Tool::Cross, Filled) => {
                        assert_eq!(first, None)
                    }
                    _ => assert!(first.is_some()),
                }
                for other in [Empty, Filled, Crossed, Mistake] {
                    if let Some(new) = brush.apply(other) {
                        // Fill/cross only onto empty; erase only its own kind.
                        assert!(other == Empty || new == Empty);
                        assert_ne!(other, Mistake);
                        if new == Empty {
                            assert_eq!(other, if tool == Tool::Fill { Filled } else { Crossed });
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_drag_keeps_to_its_first_line_and_counts_its_run() {
        let mut drag = Drag::new(Brush::Fill, (3, 4));
        assert_eq!(drag.constrain((0, 0)), (0, 0));
        assert_eq!(drag.constrain((0, 1)), (0, 1));
        assert_eq!(drag.constrain((1, 1)), (0, 1));
        assert_eq!(drag.constrain((1, 0)), (0, 0));
        assert_eq!(drag.length_to((3, 4)), 1);
        assert_eq!(drag.length_to((3, 8)), 5);
        assert_eq!(drag.length_to((3, 0)), 5);
        let mut across = Drag::new(Brush::Cross, (0, 0));
        assert_eq!(across.constrain((1, -1)), (1, 0));
        assert_eq!(across.constrain((0, 1)), (0, 0));
    }

    #[test]
    fn mistakes_are_marked_and_stay() {
        let (clues, picture) = clues_of(&[0b00111], 5);
        let mut board = Board::new(Marks::new(5, 1), [0; HISTORY_CHANGES]);
        assert_eq!(
            board.paint(Brush::Fill, (4, 0), &clues, Some(&picture)),
            Painted::Mistake
        );
        assert_eq!(board.marks.get(4, 0), Mark::Mistake);
        assert_eq!(
            board.paint(Brush::Uncross, (4, 0), &clues, Some(&picture)),
            Painted::Unchanged
        );
        assert_eq!(
            board.paint(Brush::Fill, (0, 0), &clues, Some(&picture)),
            Painted::Changed
        );
        // Without mistake checking a wrong fill is just a fill.
        assert_eq!(
            board.paint(Brush::Fill, (3, 0), &clues, None),
            Painted::Changed
        );
    }

    #[test]
    fn automatic_crosses_complete_a_line_in_the_same_step() {
        let (clues, _) = clues_of(&[0b00110, 0b00000, 0b00010], 5);
        let mut board = Board::new(Marks::new(5, 3), [0; HISTORY_CHANGES]);
        board.auto_cross = true;
        board.history.begin_step();
        board.paint(Brush::Fill, (1, 0), &clues, None);
        assert_eq!(board.marks.row(0).crossed(), 0);
        board.paint(Brush::Fill, (2, 0), &clues, None);
        assert_eq!(board.marks.row(0).crossed(), 0b11001);
        // Column 2 (clue 1) is complete too.
        assert_eq!(board.marks.column(2).crossed(), 0b110);
        assert!(board.undo());
        assert!(board.marks.is_blank());
        assert!(!board.undo());
    }

    #[test]
    fn undo_and_redo_walk_steps_both_ways() {
        let (clues, _) = clues_of(&[0; 15], 20);
        let mut board = Board::new(Marks::new(20, 15), [0; HISTORY_CHANGES]);
        let mut states = vec![board.marks];
        for step in 0..10 {
            board.history.begin_step();
            for x in 0..=step {
                board.paint(Brush::Fill, (x, step), &clues, None);
            }
            states.push(board.marks);
        }
        for back in (0..10).rev() {
            assert!(board.undo());
            assert_eq!(board.marks, states[back]);
        }
        assert!(!board.undo());
        for state in &states[1..] {
            assert!(board.redo());
            assert_eq!(&board.marks, state);
        }
        assert!(!board.redo());
        // A new step after an undo drops what was undone.
        assert!(board.undo());
        board.history.begin_step();
        board.paint(Brush::Cross, (19, 14), &clues, None);
        assert!(!board.redo());
    }

    #[test]
    fn undo_reaches_back_its_guaranteed_steps_of_full_lines() {
        let (clues, _) = clues_of(&[0; 15], 20);
        let mut board = Board::new(Marks::new(20, 15), [0; HISTORY_CHANGES]);
        let mut states = Vec::new();
        // Many more steps than are kept, each a whole row filled or erased,
        // with automatic crosses off: 20 changes a step, the longest drag.
        for step in 0..(UNDO_STEPS * 3) {
            states.push(board.marks);
            board.history.begin_step();
            let y = step % 15;
            let brush = if board.marks.get(0, y) == Mark::Filled {
                Brush::Unfill
            } else {
                Brush::Fill
            };
            for x in 0..20 {
                board.paint(brush, (x, y), &clues, None);
            }
        }
        for back in 0..UNDO_STEPS {
            assert!(board.undo(), "undo {back}");
            assert_eq!(board.marks, states[states.len() - 1 - back]);
        }
    }

    #[test]
    fn solved_by_any_picture_with_the_clues() {
        // Two pictures share these clues: either diagonal solves it.
        let (clues, _) = clues_of(&[0b01, 0b10], 2);
        let mut board = Board::new(Marks::new(2, 2), [0; HISTORY_CHANGES]);
        board.paint(Brush::Fill, (1, 0), &clues, None);
        board.paint(Brush::Fill, (0, 1), &clues, None);
        assert!(board.is_solved(&clues));
        board.paint(Brush::Cross, (0, 0), &clues, None);
        assert!(board.is_solved(&clues));
    }

    #[test]
    fn history_matches_a_snapshot_model_under_random_play() {
        let (clues, picture) = clues_of(&[0b1_0110, 0b0_1110, 0b1_1011, 0b0_0100], 5);
        let mut seed = 99u32;
        let mut next = |n: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 16) % n
        };
        for game in 0..200 {
            let mut board = Board::new(Marks::new(5, 4), [0; HISTORY_CHANGES]);
            board.auto_cross = game % 2 == 0;
            let solution = (game % 3 == 0).then_some(&picture);
            let (mut undo_model, mut redo_model) = (vec![board.marks], Vec::new());
            for _ in 0..300 {
                match next(6) {
                    0 => {
                        assert_eq!(board.undo(), undo_model.len() > 1);
                        if undo_model.len() > 1 {
                            redo_model.push(undo_model.pop().unwrap());
                        }
                    }
                    1 => {
                        assert_eq!(board.redo(), !redo_model.is_empty());
                        if let Some(marks) = redo_model.pop() {
                            undo_model.push(marks);
                        }
                    }
                    _ => {
                        let tool = if next(2) == 0 {
                            Tool::Fill
                        } else {
                            Tool::Cross
                        };
                        let (x, y) = (next(5) as usize, next(4) as usize);
                        let brush = Brush::starting_on(tool, board.marks.get(x, y));
                        board.history.begin_step();
                        let mut changed = false;
                        for step in 0..=next(4) as usize {
                            let cell = ((x + step).min(4), y);
                            changed |=
                                board.paint(brush, cell, &clues, solution) != Painted::Unchanged;
                        }
                        if changed {
                            undo_model.push(board.marks);
                            redo_model.clear();
                        }
                    }
                }
                assert_eq!(Some(&board.marks), undo_model.last());
            }
        }
    }

    /// A board played at random on 10x10, with automatic crosses.
    fn played(seed: u32, moves: usize) -> Board<[u16; HISTORY_CHANGES]> {
        let (clues, _) = clues_of(&[0b11_1110_0001; 10], 10);
        let mut seed = seed;
        let mut next = |n: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 16) % n
        };
        let mut board = Board::new(Marks::new(10, 10), [0; HISTORY_CHANGES]);
        board.auto_cross = true;
        for _ in 0..moves {
            match next(8) {
                0 => {
                    board.undo();
                }
                1 => {
                    board.redo();
                }
                _ => {
                    let tool = if next(3) == 0 {
                        Tool::Cross
                    } else {
                        Tool::Fill
                    };
                    let (x, y) = (next(10) as usize, next(10) as usize);
                    let brush = Brush::starting_on(tool, board.marks.get(x, y));
                    board.history.begin_step();
                    for step in 0..=next(6) as usize {
                        board.paint(brush, ((x + step).min(9), y), &clues, None);
                    }
                }
            }
        }
        board
    }

    #[test]
    fn the_newest_steps_kept_undo_as_the_whole_history_did() {
        for (game, most) in (0..300).zip([0, 1, 5, 40, 128].into_iter().cycle()) {
            let mut board = played(game, 1 + game as usize % 90);
            let kept: Vec<u16> = board.history.newest_steps(most).collect();
            assert!(kept.len() <= most);
            let mut back = Board::new(board.marks, [0; HISTORY_CHANGES]);
            // Each kept step undoes as before; then there is nothing more.
            let steps = kept
                .iter()
                .filter(|&&change| change & STEP_START != 0)
                .count();
            assert_eq!(back.restore_history(kept.iter().copied()), Some(steps));
            for _ in 0..steps {
                assert!(back.undo());
                assert!(board.undo());
                assert_eq!(back.marks, board.marks, "game {game}");
            }
            assert!(!back.undo());
            // And redoes, and takes new steps after.
            for _ in 0..steps {
                assert!(back.redo());
                assert!(board.redo());
                assert_eq!(back.marks, board.marks);
            }
            assert!(!back.redo());
        }
        // A step larger than what is kept is not cut in two.
        let mut board = Board::new(Marks::new(10, 10), [0; HISTORY_CHANGES]);
        let (clues, _) = clues_of(&[0; 10], 10);
        board.history.begin_step();
        for x in 0..10 {
            board.paint(Brush::Fill, (x, 0), &clues, None);
        }
        assert_eq!(board.history.newest_steps(9).count(), 0);
        assert_eq!(board.history.newest_steps(10).count(), 10);
    }

    #[test]
    fn a_history_that_does_not_lead_to_the_board_is_refused() {
        let board = played(5, 60);
        let kept: Vec<u16> = board.history.newest_steps(128).collect();
        assert!(!kept.is_empty());
        let mut back = Board::new(board.marks, [0; HISTORY_CHANGES]);
        // Another board's marks, a cell off the board, a first change that
        // starts no step, one bit changed anywhere.
        let (last, _, _) = unpack_change(kept[kept.len() - 1]);
        let mut other = back.marks;
        let mark = other.get(last % 10, last / 10);
        other.set(last % 10, last / 10, Mark::from_bits(mark as u8 + 1));
        let mut elsewhere = Board::new(other, [0; HISTORY_CHANGES]);
        assert_eq!(elsewhere.restore_history(kept.iter().copied()), None);
        let mut off = kept.clone();
        off[0] = (off[0] & !0x1FF) | 100;
        assert_eq!(back.restore_history(off.iter().copied()), None);
        let mut unstarted = kept.clone();
        unstarted[0] &= !STEP_START;
        assert_eq!(back.restore_history(unstarted.iter().copied()), None);
        let mut refused = 0;
        for bit in 0..15 {
            for at in 0..kept.len() {
                let mut flipped = kept.clone();
                flipped[at] ^= 1 << bit;
                if back.restore_history(flipped.iter().copied()).is_none() {
                    refused += 1;
                    assert!(!back.undo(), "a refused history is left empty");
                }
            }
        }
        assert!(refused > kept.len() * 10, "{refused}");
        assert!(back.restore_history(kept.iter().copied()).is_some());
    }
}
