//! How to play: one small picture, solved a step at a time, each step
//! asking for one thing: what a clue means (fill the top row's 5, holding A
//! to paint along; the finished clue greys), undo and redo, crosses for the
//! cells a clue leaves empty, then the rest. Undo and redo come early, so
//! a player who finishes the picture ahead of the lesson has met them.
//!
//! The lesson looks at the marks after each change and moves on as soon
//! as its step is done; a player ahead of it (the other 5s filled first)
//! skips the steps already done.

use super::{
    Grid,
    play::{Mark, Marks},
};

/// The picture: a frame with a dot in the middle, solved by reading one
/// line at a time.
pub const PICTURE_ROWS: [u32; 5] = [0b11111, 0b10001, 0b10101, 0b10001, 0b11111];
pub const WIDTH: usize = 5;
pub const HEIGHT: usize = 5;

/// The picture's four 5s: its top and bottom rows, its side columns, as
/// (columns, rows).
const FIVES: [(core::ops::Range<usize>, core::ops::Range<usize>); 4] = [
    (0..WIDTH, 0..1),
    (0..WIDTH, HEIGHT - 1..HEIGHT),
    (0..1, 0..HEIGHT),
    (WIDTH - 1..WIDTH, 0..HEIGHT),
];

/// The row whose gaps the cross step asks for (0-based), and its gaps.
pub const GAPS_ROW: usize = 2;
pub const GAPS: [usize; 2] = [1, 3];

/// The lesson's steps, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// The top row's 5: five filled in a row.
    FillTop,
    /// L takes back the last move.
    Undo,
    /// R puts it back.
    Redo,
    /// The middle row's 1 1 1: the gaps between its fills crossed.
    CrossGaps,
    /// The other 5s: the bottom row and the side columns.
    FillFives,
    /// The rest of the picture.
    Finish,
    Done,
}

impl Step {
    /// Its place, from 1.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Self::FillTop => 1,
            Self::Undo => 2,
            Self::Redo => 3,
            Self::CrossGaps => 4,
            Self::FillFives => 5,
            Self::Finish => 6,
            Self::Done => 7,
        }
    }

    /// Steps before `Done`.
    pub const COUNT: u8 = 6;
}

/// What went wrong, said until it is put right.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Slip {
    /// A cell the picture leaves empty is filled.
    WrongFill,
    /// A cell the picture fills is crossed.
    WrongCross,
    /// A drag started on a filled cell cleared fills of the picture (said
    /// until the next move).
    Erased,
}

/// What the player did, for the lesson to look at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// Marks were painted.
    Painted,
    Undone,
    Redone,
}

pub struct Lesson {
    step: Step,
    slip: Option<Slip>,
    /// The picture's cells filled after the last move.
    filled: u32,
    /// The middle row's gaps were crossed on the way (at the cross step or
    /// ahead of it): a picture finished first skips that step.
    crossed: bool,
}

impl Default for Lesson {
    fn default() -> Self {
        Self {
            step: Step::FillTop,
            slip: None,
            filled: 0,
            crossed: false,
        }
    }
}

impl Lesson {
    /// The lesson's picture.
    #[must_use]
    pub fn picture() -> Grid {
        Grid::from_rows(WIDTH, HEIGHT, &PICTURE_ROWS)
    }

    #[must_use]
    pub const fn step(&self) -> Step {
        self.step
    }

    #[must_use]
    pub const fn slip(&self) -> Option<Slip> {
        self.slip
    }

    /// Done without the gaps ever crossed: the picture was finished before
    /// the cross step, so the end says what B does.
    #[must_use]
    pub const fn skipped_crosses(&self) -> bool {
        matches!(self.step, Step::Done) && !self.crossed
    }

    /// After `done`, the marks are `marks` (`solved`: they make the
    /// picture): the lesson moves on past every step already done. Whether
    /// its step or slip changed.
    pub fn after(&mut self, done: Move, marks: &Marks, solved: bool) -> bool {
        let before = (self.step, self.slip);
        let filled = filled_count(marks);
        let erased = done == Move::Painted && filled < self.filled;
        self.filled = filled;
        self.crossed |= GAPS
            .iter()
            .all(|&x| marks.get(x, GAPS_ROW) == Mark::Crossed);
        self.slip = if wrong(marks, Mark::Filled) {
            Some(Slip::WrongFill)
        } else if wrong(marks, Mark::Crossed) {
            Some(Slip::WrongCross)
        } else {
            erased.then_some(Slip::Erased)
        };
        loop {
            let next = match self.step {
                _ if solved => Step::Done,
                // Any of the four 5s shows what a clue means.
                Step::FillTop
                    if FIVES
                        .iter()
                        .any(|five| all_filled(marks, core::slice::from_ref(five))) =>
                {
                    Step::Undo
                }
                Step::Undo if done == Move::Undone => Step::Redo,
                // A move after an undo leaves nothing to redo: go on.
                Step::Redo if done != Move::Undone => Step::CrossGaps,
                Step::CrossGaps
                    if GAPS
                        .iter()
                        .all(|&x| marks.get(x, GAPS_ROW) == Mark::Crossed) =>
                {
                    Step::FillFives
                }
                Step::FillFives if all_filled(marks, &FIVES) => Step::Finish,
                step => step,
            };
            if next == self.step {
                break;
            }
            self.step = next;
        }
        (self.step, self.slip) != before
    }
}

/// Whether every cell in the ranges (columns, rows) is filled.
fn all_filled(marks: &Marks, areas: &[(core::ops::Range<usize>, core::ops::Range<usize>)]) -> bool {
    areas.iter().all(|(xs, ys)| {
        ys.clone()
            .all(|y| xs.clone().all(|x| marks.get(x, y) == Mark::Filled))
    })
}

/// How many of the picture's cells are filled.
fn filled_count(marks: &Marks) -> u32 {
    (0..HEIGHT)
        .map(|y| (marks.masks(y).0 & PICTURE_ROWS[y]).count_ones())
        .sum()
}

/// Whether a cell holds `mark` against the picture: a fill where it is
/// empty, or a cross where it is filled.
fn wrong(marks: &Marks, mark: Mark) -> bool {
    let filled = mark == Mark::Filled;
    (0..HEIGHT).any(|y| {
        (0..WIDTH).any(|x| marks.get(x, y) == mark && (PICTURE_ROWS[y] >> x & 1 == 1) != filled)
    })
}

#[cfg(test)]
mod tests;
