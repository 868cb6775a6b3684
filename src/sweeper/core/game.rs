//! Poop Sweeper's game in progress, kept across power-off in a section of
//! its own: the board's snapshot (`rules::Board::snapshot`), with its
//! cursor, clock and settings.

use serde::{Deserialize, Serialize};

use super::rules::{Board, SNAPSHOT_BYTES};
use desk_core::section::{Saved, Suspended};

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct SuspendedGame {
    /// The board's snapshot; empty when no game is kept. Of a fixed size,
    /// so keeping a game or none never changes the heap.
    #[serde(serialize_with = "desk_core::section::bytes")]
    board: heapless::Vec<u8, SNAPSHOT_BYTES>,
}

impl Saved for SuspendedGame {
    const VERSION: u8 = 1;
}

impl Suspended for SuspendedGame {
    const OWNER: &'static str = "sweeper.game";
}

impl SuspendedGame {
    pub fn of(board: &Board) -> Self {
        Self {
            board: heapless::Vec::from_slice(&board.snapshot()).unwrap_or_default(),
        }
    }

    /// The board kept; `None` if none was, or if its bytes describe no
    /// game a board could be in.
    pub fn board(&self) -> Option<Board> {
        Board::from_snapshot(&self.board)
    }

    /// Whether anything was kept at all.
    pub fn is_empty(&self) -> bool {
        self.board.is_empty()
    }
}
