//! The puzzle in progress: [`Game`], which the screens play while the
//! window is open (in the session), and its kept form [`KeptGame`], small
//! enough for the app's persistent bytes while the window is closed and
//! what `suspended.rs` writes across power-off. This file converts between
//! the two.

use crate::framework::widgets::timer::Timer;

use super::rules::{
    Board, Cell, Puzzle, Stroke, builtin, endless::EndlessCode, password, stroke::PackedStroke,
};

/// Where the puzzle being played came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    /// Built-in puzzle number (0-based).
    Builtin(u16),
    /// A typed password or a custom puzzle: its three line numbers.
    Password([u32; 3]),
    /// Made in the editor, not yet solved: its board (no hints).
    Made([u32; 3]),
    /// Endless mode: its code and the puzzle the generator made from it.
    Endless { code: EndlessCode, lines: [u32; 3] },
}

impl Source {
    pub fn puzzle(self) -> Puzzle {
        let found = match self {
            Self::Builtin(index) => builtin::puzzle(usize::from(index)),
            Self::Password(lines) | Self::Endless { lines, .. } => password::from_lines(lines).ok(),
            Self::Made(lines) => password::from_lines(lines).ok().map(|puzzle| Puzzle {
                hints: None,
                ..puzzle
            }),
        };
        found
            .or_else(|| builtin::puzzle(0))
            .or_else(|| Board::new(1, 1).map(|board| Puzzle { board, hints: None }))
            .unwrap_or_else(|| unreachable!("a 1x1 board is valid"))
    }
}

/// Hints, in the order R gives them: each shows more.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Hint {
    None,
    /// Where the stroke starts and ends.
    Ends,
    /// The first steps of a solution, drawn for the player to carry on.
    FirstSteps,
    /// The whole solution, replayed cell by cell.
    Replay,
}

/// The puzzle being played and how far the player has got with it.
pub struct Game {
    pub source: Source,
    pub cursor: Cell,
    pub tries: u8,
    /// The time played, ticked by the frames the puzzle is played in.
    pub clock: Timer,
    pub solved: bool,
    /// The stroke on the board: kept after a failed try, to fix, and
    /// while the window is closed.
    pub stroke: Stroke,
    /// The hints given: the next R goes on from there, and the start and
    /// end rings show.
    pub hint: Hint,
}

impl Game {
    /// `source`'s puzzle, not yet played.
    pub fn new(source: Source) -> Self {
        Self {
            source,
            cursor: Cell::new(0, 0),
            tries: 0,
            clock: Timer::new(),
            solved: false,
            stroke: Stroke::new(),
            hint: Hint::None,
        }
    }

    /// The game as it is kept. `drawing`: the stroke is still being drawn,
    /// and is dropped, as if cancelled, rather than kept half done.
    pub fn kept(&self, drawing: bool) -> KeptGame {
        KeptGame {
            source: self.source,
            cursor: self.cursor,
            tries: self.tries,
            seconds: self.clock.seconds(),
            solved: self.solved,
            stroke: if drawing {
                PackedStroke::default()
            } else {
                PackedStroke::of(&self.stroke)
            },
            hint: self.hint,
        }
    }
}

/// [`Game`] kept: the stroke packed two bits a step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KeptGame {
    pub source: Source,
    pub cursor: Cell,
    pub tries: u8,
    pub seconds: u16,
    pub solved: bool,
    pub stroke: PackedStroke,
    pub hint: Hint,
}

impl KeptGame {
    /// `source`'s puzzle, not yet played.
    pub fn new(source: Source) -> Self {
        Game::new(source).kept(false)
    }

    /// The game to play again: its puzzle, and the stroke as far as it is
    /// one on that puzzle's board.
    pub fn game(&self) -> Game {
        let board = self.source.puzzle().board;
        Game {
            source: self.source,
            cursor: self.cursor,
            tries: self.tries,
            clock: Timer::at(self.seconds),
            solved: self.solved,
            stroke: self.stroke.unpack(&board),
            hint: self.hint,
        }
    }
}
