//! The board taking input: moves on A's release, marks with B, SELECT for
//! the menu.

use agb::input::Button;

use super::{
    held_a::HeldA,
    moves::{move_and_mark, open_square},
    next::Next,
    rules::{Board, Pos},
    view::View,
};
use crate::framework::{PreparedLine, System, assets::sfx, hints};

const PLAYING_HINTS: &PreparedLine = hints!("A: open  B: flag  SELECT: menu");
const OVER_HINTS: &PreparedLine = hints!("A: new board  SELECT: menu");

#[derive(Default)]
pub struct Play {
    /// While A is down on a square.
    held: Option<HeldA>,
}

impl Play {
    pub fn update(&mut self, board: &mut Board, view: &mut View, system: &mut System) -> Next {
        let input = &system.input;
        view.first_move(input);
        if let Some(pos) = HeldA::release(&mut self.held, input) {
            let next = open_square(board, view, system, pos);
            if !matches!(next, Next::Stay) {
                return next;
            }
        }
        // A still held takes nothing else; once let go, whatever else went
        // down this frame is acted on.
        if self.held.is_some() {
            return Next::Stay;
        }
        if system.input.just_pressed(Button::Select) {
            system.sound.play(sfx::OPEN);
            return Next::Menu;
        }
        // Every button that went down this frame is acted on: the cursor
        // moves first, then B marks and A is held where it ends up.
        move_and_mark(board, system, None);
        if system.input.just_pressed(Button::A) {
            self.held = Some(HeldA::on(board.cursor()));
        }
        Next::Stay
    }

    /// The square A is held on (the board shows it pressed).
    pub fn pressed(&self) -> Option<Pos> {
        HeldA::square(self.held)
    }

    /// A move half-made when the window closes is dropped, as if cancelled.
    pub fn drop_held(&mut self) {
        self.held = None;
    }

    pub fn button_hints(board: &Board) -> &'static PreparedLine {
        if board.state().is_over() {
            OVER_HINTS
        } else {
            PLAYING_HINTS
        }
    }
}
