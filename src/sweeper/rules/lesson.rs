//! How to play, on a board of its own: the player opens a square, flags a
//! mine a number gives away, chords on a number whose mine is flagged and
//! clears the rest. The mines are laid out by hand so that each step has
//! its move (a 1 that touches one hidden square, a number whose other
//! hidden squares are safe) and the board is cleared by deduction alone.

use super::{Board, Difficulty, GameState, Outcome, Pos, layout::Layout, pos_set::PosSet};

/// Where the lesson is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Open a square (A).
    Open,
    /// Flag a mine (B): a number counts the mines touching it.
    Flag,
    /// Open the rest around a number whose mines are flagged (A on it).
    Chord,
    /// Open every square without a mine.
    Clear,
    /// The board is cleared.
    Done,
    /// A mine went off: the lesson starts again on A.
    Lost,
}

/// The last move went wrong in a way worth a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slip {
    /// A flag on a square with no mine.
    WrongFlag,
    /// A on a number whose flags do not match it.
    ChordRefused,
}

/// The lesson's mines, for a first square in the open part on the left:
/// columns 0-7 of rows 3-5 have no mine near them, and the first open
/// floods them and more.
const MINES: [(u8, u8); 10] = [
    (0, 0),
    (3, 1),
    (7, 1),
    (9, 1),
    (9, 4),
    (11, 4),
    (12, 0),
    (12, 1),
    (12, 2),
    (13, 5),
];

/// The lesson: its board and step.
#[derive(Clone)]
pub struct Lesson {
    board: Board,
    step: Step,
    slip: Option<Slip>,
}

impl Default for Lesson {
    fn default() -> Self {
        Self::new()
    }
}

impl Lesson {
    #[must_use]
    pub const fn new() -> Self {
        Self {
            board: Board::new(Difficulty::Easy, false),
            step: Step::Open,
            slip: None,
        }
    }

    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// A frame on the lesson board's own clock, as in a game (it stops
    /// once the board is cleared).
    pub fn tick_frame(&mut self) {
        self.board.tick_frame();
    }

    #[must_use]
    pub const fn step(&self) -> Step {
        self.step
    }

    /// What the last move got wrong, until a move goes right.
    #[must_use]
    pub const fn slip(&self) -> Option<Slip> {
        self.slip
    }

    /// Move the cursor; whether it moved.
    pub fn move_cursor(&mut self, dx: i8, dy: i8) -> bool {
        self.board.move_cursor(dx, dy)
    }

    /// A released on `pos`: the first open lays the lesson's mines (turned
    /// so that `pos` has none around it), a lost lesson starts again.
    pub fn open(&mut self, pos: Pos) -> Outcome {
        match self.step {
            Step::Lost => {
                *self = Self::new();
                return Outcome::Ignored;
            }
            Step::Done => return Outcome::Ignored,
            _ => {}
        }
        let outcome = if self.board.state() == GameState::Fresh {
            self.board.start_with_layout(pos, &layout_for(pos))
        } else if self
            .board
            .square(pos)
            .is_some_and(|square| square.is_revealed())
        {
            self.board.chord(pos)
        } else {
            self.board.reveal(pos)
        };
        self.after(outcome, pos);
        outcome
    }

    /// B on `pos`: a flag on, or off.
    pub fn mark(&mut self, pos: Pos) -> Outcome {
        if matches!(self.step, Step::Done | Step::Lost) {
            return Outcome::Ignored;
        }
        let outcome = self.board.toggle_flag(pos);
        self.after(outcome, pos);
        outcome
    }

    /// Where the lesson is after `outcome`, of a move on `pos`.
    fn after(&mut self, outcome: Outcome, pos: Pos) {
        let on_mine = self
            .board
            .square(pos)
            .is_some_and(|square| square.is_mine());
        self.slip = match outcome {
            Outcome::ChordRefused => Some(Slip::ChordRefused),
            Outcome::Flagged if !on_mine => Some(Slip::WrongFlag),
            // A wrong flag stays the slip until it comes off.
            Outcome::Ignored => self.slip,
            _ if self.has_wrong_flag() => Some(Slip::WrongFlag),
            _ => None,
        };
        let before = self.step;
        self.step = match (self.step, outcome) {
            (_, Outcome::Won) => Step::Done,
            (_, Outcome::Lost) => Step::Lost,
            (Step::Open, Outcome::Revealed { .. }) => Step::Flag,
            (Step::Flag, Outcome::Flagged) if self.slip.is_none() => Step::Chord,
            (Step::Chord, Outcome::Chorded { .. }) => Step::Clear,
            (step, _) => step,
        };
        // The flag step's words are about one 1: the cursor goes to it as
        // the step begins (later opens leave it where the player put it).
        if before == Step::Open
            && self.step == Step::Flag
            && let Some(one) = self.telling_one(pos)
        {
            self.board.set_cursor(one);
        }
        // A chord the player made impossible (its squares opened one by
        // one) is not waited for.
        if self.step == Step::Chord && !self.can_chord() {
            self.step = Step::Clear;
        }
    }

    /// The revealed 1 nearest `from` that touches exactly one hidden
    /// square (a mine, then, that B flags): what the flag step points at.
    #[must_use]
    pub fn telling_one(&self, from: Pos) -> Option<Pos> {
        let hidden = |pos: Pos| {
            self.board
                .square(pos)
                .is_some_and(|square| !square.is_revealed() && !square.is_flagged())
        };
        Pos::all()
            .filter(|&pos| {
                self.board
                    .square(pos)
                    .is_some_and(|square| square.is_revealed_number() && square.neighbours() == 1)
                    && pos.neighbours().filter(|&next| hidden(next)).count() == 1
            })
            .min_by_key(|&pos| from.x().abs_diff(pos.x()) + from.y().abs_diff(pos.y()))
    }

    fn has_wrong_flag(&self) -> bool {
        self.board
            .squares()
            .iter()
            .any(|square| square.is_flagged() && !square.is_mine())
    }

    /// Whether a revealed number has as many flags around it as its
    /// number, all on mines, and a hidden square besides: a chord to make.
    #[must_use]
    pub fn can_chord(&self) -> bool {
        Pos::all().any(|pos| {
            let Some(square) = self.board.square(pos) else {
                return false;
            };
            if !square.is_revealed_number() {
                return false;
            }
            let (mut flags, mut hidden) = (0, 0);
            for next in pos.neighbours() {
                match self.board.square(next) {
                    Some(next) if next.is_flagged() && next.is_mine() => flags += 1,
                    Some(next) if !next.is_revealed() && !next.is_flagged() => hidden += 1,
                    _ => {}
                }
            }
            flags == square.neighbours() && hidden > 0
        })
    }
}

/// The lesson's mines turned (mirrored left to right, top to bottom or
/// both) so that `first` has none around it: every square has a turn
/// that puts it in the open part.
#[must_use]
pub fn layout_for(first: Pos) -> Layout {
    for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut mines = PosSet::EMPTY;
        for (x, y) in MINES {
            let x = if flip_x { super::WIDTH - 1 - x } else { x };
            let y = if flip_y { super::HEIGHT - 1 - y } else { y };
            mines.insert(Pos::new(x, y));
        }
        if !mines.contains(first) && mines.intersection(PosSet::around(first)).is_empty() {
            return Layout::from_mines(mines);
        }
    }
    Layout::from_mines(PosSet::EMPTY)
}

#[cfg(test)]
mod tests;
