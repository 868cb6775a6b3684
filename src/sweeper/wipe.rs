//! Before a fresh board, the old one is covered column by column: an
//! animation of a few frames, after the new setting's line is up.

use super::{
    Sweeper,
    moves::open_square,
    next::Next,
    rules::{
        Board, WIDTH,
        code::{self, BoardCode},
    },
    view::View,
};
use crate::framework::System;

/// Columns the new-board wipe covers a frame: the new board is up within
/// a few frames of the press.
const WIPE_COLUMNS_PER_FRAME: u8 = 7;

pub struct Wipe {
    /// Columns covered so far.
    columns: u8,
    /// The board it then deals (`None`: a deal at random, with the
    /// player's no-guess setting).
    code: Option<BoardCode>,
}

impl Wipe {
    /// A wipe from the first column to a fresh board: the press that asks
    /// for it brings a new board (for the settle measure).
    pub fn new(code: Option<BoardCode>) -> Self {
        crate::framework::events::new_board();
        Self { columns: 0, code }
    }

    /// Columns covered so far (the view covers them).
    pub fn columns(&self) -> u8 {
        self.columns
    }

    pub fn update(&mut self, board: &mut Board, view: &mut View, system: &mut System) -> Next {
        // The new setting's line first: typed while the squares stand still,
        // it has the frame's room (the wipe is an animation; the line is not).
        if !view.message_shown() {
            return Next::Stay;
        }
        self.columns = self.columns.saturating_add(WIPE_COLUMNS_PER_FRAME);
        if self.columns < WIDTH {
            return Next::Stay;
        }
        match self.code {
            Some(code) => {
                board.set_difficulty(code.difficulty);
                board.set_no_guess(code.no_guess);
                board.reset();
                board.set_deal(code.deal);
            }
            None => {
                let no_guess = system.saved::<Sweeper>().no_guess(board);
                board.set_no_guess(no_guess);
                board.reset();
                board.set_deal(system.rng.below(u32::from(code::DEALS)) as u16);
            }
        }
        view.clear_message();
        // The wipe is an animation: to the settle measure, the new board
        // is due from here.
        crate::event!("anim.end wipe=sweeper");
        crate::event!(
            "sweeper.reset difficulty={:?} no_guess={}",
            board.difficulty(),
            board.no_guess()
        );
        // A code names the first square too: the board opens there, as
        // it was shared.
        if let Some(first) = self.code.and_then(|code| code.first) {
            board.set_cursor(first);
            let next = open_square(board, view, system, first);
            if !matches!(next, Next::Stay) {
                return next;
            }
        }
        Next::Play
    }
}
