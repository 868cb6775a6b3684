//! How to play: five small puzzles, each made to need the one thing it
//! teaches. Drawing a line whose tiles flip (no single tile solves it), a
//! row of one colour on every row, the ring the line can cross without
//! flipping anything (no line over tiles alone solves it), stepping back
//! along a line (one comes drawn a step too long), and the hint rings.
//!
//! The lesson owns its boards and its line: the player's puzzle is not
//! touched. Drawing works as in a puzzle: a press on the line's end carries
//! it on, a press anywhere else starts a new one.

use super::{
    board::{Board, Cell, MAX_SIDE},
    stroke::{Step, Stroke},
};

/// The lesson's parts, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Hold A and move: a line, whose tiles flip on letting go.
    Draw,
    /// Every row one colour, not the same colour.
    Rows,
    /// The ring never flips: the line crosses it to skip tiles.
    Ring,
    /// A line drawn one step too long, to take back.
    StepBack,
    /// R shows where the line starts and ends.
    Hint,
    /// All done.
    Done,
}

impl Stage {
    /// The stages with a puzzle (all but `Done`).
    pub const PUZZLES: [Self; 5] = [
        Self::Draw,
        Self::Rows,
        Self::Ring,
        Self::StepBack,
        Self::Hint,
    ];

    /// The stage after this one.
    #[must_use]
    pub const fn next(self) -> Self {
        match self {
            Self::Draw => Self::Rows,
            Self::Rows => Self::Ring,
            Self::Ring => Self::StepBack,
            Self::StepBack => Self::Hint,
            Self::Hint | Self::Done => Self::Done,
        }
    }

    /// Its place, from 1 (`Done` is after the last).
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Self::Draw => 1,
            Self::Rows => 2,
            Self::Ring => 3,
            Self::StepBack => 4,
            Self::Hint => 5,
            Self::Done => 6,
        }
    }

    /// The stage numbered `number` (from 1); `None` past the last.
    #[must_use]
    pub fn from_number(number: u8) -> Option<Self> {
        Self::PUZZLES
            .into_iter()
            .chain([Self::Done])
            .find(|stage| stage.number() == number)
    }

    /// Its puzzle: rows as strings of 0 (white) and 1 (black), left first.
    const fn rows(self) -> (u8, &'static [&'static str]) {
        match self {
            // A single tile never makes the row one colour: two in a line do.
            Self::Draw => (4, &["1100"]),
            Self::Rows => (3, &["100", "001"]),
            // Either colour needs two tiles flipped with one between them.
            Self::Ring => (4, &["1010"]),
            // Three in a line solve it; the drawn line has four.
            Self::StepBack => (4, &["1110", "0000"]),
            Self::Hint => (3, &["100", "010", "100"]),
            Self::Done => (1, &["0"]),
        }
    }

    /// Its board.
    #[must_use]
    pub fn board(self) -> Board {
        let (width, lines) = self.rows();
        let mut rows = [0u8; MAX_SIDE as usize];
        for (row, line) in rows.iter_mut().zip(lines) {
            *row = line
                .bytes()
                .enumerate()
                .filter(|&(_, tile)| tile == b'1')
                .fold(0, |row, (x, _)| row | 1 << x);
        }
        // Every stage's rows are within a board's limits.
        Board::from_rows(width, lines.len() as u8, rows).unwrap_or_else(|| unreachable!())
    }

    /// The cells of a line that solves it, from its start: the hint rings'
    /// ends, and (one step longer) the line the step-back stage starts with.
    #[must_use]
    pub const fn solution(self) -> &'static [Cell] {
        match self {
            Self::Draw => &DRAW_LINE,
            Self::Rows => &ROWS_LINE,
            Self::Ring => &RING_LINE,
            Self::StepBack => &STEP_BACK_LINE,
            Self::Hint => &HINT_LINE,
            Self::Done => &[],
        }
    }

    /// The line on the board as the stage starts: the step-back stage's is
    /// its solution and one step more.
    fn drawn(self) -> &'static [Cell] {
        match self {
            Self::StepBack => &STEP_BACK_DRAWN,
            _ => &[],
        }
    }
}

const fn c(y: u8, x: u8) -> Cell {
    Cell::new(y, x)
}

const DRAW_LINE: [Cell; 2] = [c(1, 1), c(1, 2)];
const ROWS_LINE: [Cell; 3] = [c(1, 2), c(1, 3), c(2, 3)];
/// Over the ring above the middle tile.
const RING_LINE: [Cell; 5] = [c(1, 2), c(0, 2), c(0, 3), c(0, 4), c(1, 4)];
const STEP_BACK_LINE: [Cell; 3] = [c(1, 1), c(1, 2), c(1, 3)];
const STEP_BACK_DRAWN: [Cell; 4] = [c(1, 1), c(1, 2), c(1, 3), c(1, 4)];
const HINT_LINE: [Cell; 5] = [c(1, 3), c(1, 2), c(2, 2), c(3, 2), c(3, 3)];

/// What letting go of the line did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Release {
    /// No line, or one over the ring alone: nothing flips.
    Nothing,
    /// Rows are left mixed (a bit a row): `flipped` is the board the line
    /// made, to show before it flips back.
    Mixed { flipped: Board, rows: u8 },
    /// Every row is one colour: the stage is done.
    Solved,
}

pub struct Lesson {
    stage: Stage,
    board: Board,
    stroke: Stroke,
    /// Rows the last try left mixed, until the line changes.
    marks: Option<u8>,
    /// R was pressed: the hint rings show.
    ends_shown: bool,
    /// The stage's puzzle is solved: its board shows flipped.
    solved: bool,
}

impl Default for Lesson {
    fn default() -> Self {
        Self::at(Stage::Draw)
    }
}

impl Lesson {
    /// The lesson from the start of `stage` (where it was left).
    #[must_use]
    pub fn at(stage: Stage) -> Self {
        let board = stage.board();
        Self {
            stage,
            board,
            stroke: Stroke::from_cells(&board, stage.drawn()).unwrap_or_default(),
            marks: None,
            ends_shown: false,
            solved: false,
        }
    }

    #[must_use]
    pub const fn stage(&self) -> Stage {
        self.stage
    }

    /// The board shown: the stage's puzzle, flipped once it is solved.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    #[must_use]
    pub const fn stroke(&self) -> &Stroke {
        &self.stroke
    }

    #[must_use]
    pub const fn marks(&self) -> Option<u8> {
        self.marks
    }

    #[must_use]
    pub const fn is_solved(&self) -> bool {
        self.solved
    }

    /// Where the cursor starts: on the drawn line's end, or the first tile.
    #[must_use]
    pub fn start_cursor(&self) -> Cell {
        self.stroke.last().unwrap_or(Cell::new(1, 1))
    }

    /// The hint rings (where a solving line starts and ends), once asked.
    #[must_use]
    pub fn ends(&self) -> Option<(Cell, Cell)> {
        let solution = self.stage.solution();
        match (
            self.ends_shown && !self.solved,
            solution.first(),
            solution.last(),
        ) {
            (true, Some(&start), Some(&end)) => Some((start, end)),
            _ => None,
        }
    }

    /// R: show the hint rings; whether they were not shown before.
    pub fn show_ends(&mut self) -> bool {
        if self.solved || self.stage == Stage::Done || self.ends_shown {
            return false;
        }
        self.ends_shown = true;
        true
    }

    /// A or L pressed on `cell`: drawing goes on from the line's end, or
    /// starts a new line there. Whether a new line started.
    pub fn press(&mut self, cell: Cell) -> bool {
        if self.solved || self.stroke.last() == Some(cell) {
            return false;
        }
        self.stroke.clear();
        self.marks = None;
        self.stroke.step(&self.board, cell) == Step::Drawn
    }

    /// The line, being drawn, moves onto `cell` (or back from it).
    pub fn step(&mut self, cell: Cell) -> Step {
        if self.solved {
            return Step::Refused;
        }
        let step = self.stroke.step(&self.board, cell);
        if step != Step::Refused {
            self.marks = None;
        }
        step
    }

    /// B: the line goes; whether there was one. On the step-back stage
    /// the line it starts with comes back instead, to step back from.
    pub fn drop_stroke(&mut self) -> bool {
        let had = !self.stroke.is_empty();
        self.marks = None;
        if self.stage == Stage::StepBack {
            let drawn = Stroke::from_cells(&self.board, self.stage.drawn()).unwrap_or_default();
            let changed = self.stroke != drawn;
            self.stroke = drawn;
            return changed;
        }
        self.stroke.clear();
        had
    }

    /// After a try left rows mixed: the line goes, the marks stay (on the
    /// step-back stage its own line comes back, to step back from).
    pub fn forget_stroke(&mut self) {
        self.stroke = Stroke::from_cells(&self.board, self.stage.drawn()).unwrap_or_default();
    }

    /// Whether the line is the one the stage starts with.
    #[must_use]
    pub fn is_as_drawn(&self) -> bool {
        self.stroke.cells() == self.stage.drawn()
    }

    /// The line is let go of: its tiles flip. Solved, the board stays
    /// flipped; otherwise it stays as it was, with the mixed rows marked.
    pub fn release(&mut self) -> Release {
        if self.solved {
            return Release::Nothing;
        }
        let board = self.board;
        if !self.stroke.cells().iter().any(|&cell| board.is_tile(cell)) {
            return Release::Nothing;
        }
        let flipped = self.stroke.applied(&board);
        if flipped.is_solved() {
            self.board = flipped;
            self.stroke.clear();
            self.solved = true;
            self.marks = None;
            return Release::Solved;
        }
        let rows = flipped.mixed_rows();
        self.marks = Some(rows);
        Release::Mixed { flipped, rows }
    }

    /// On to the next stage, once this one is solved.
    pub fn next(&mut self) {
        if self.solved {
            *self = Self::at(self.stage.next());
        }
    }
}

#[cfg(test)]
mod tests;
