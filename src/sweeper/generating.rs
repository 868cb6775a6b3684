//! A first no-guess move waits for its layout: the search fills the frames
//! the player waits through, on the thinking face, while the cursor still
//! moves and B still marks.

use super::{
    moves::{finish_move, move_and_mark},
    next::Next,
    rules::{Board, NoGuessGenerator, Pos},
    view::View,
};
use crate::framework::{System, frame_time::fill_frame};

pub struct Generating {
    first: Pos,
    generator: NoGuessGenerator,
}

impl Generating {
    /// The search for a no-guess layout whose first reveal is `first`: the
    /// same board and square always give the same layout.
    pub fn new(board: &Board, first: Pos) -> Self {
        crate::event!("sweeper.generate first={},{}", first.x(), first.y());
        let mines = board.difficulty().mines();
        Self {
            first,
            generator: NoGuessGenerator::new(first, mines, board.code().seed()),
        }
    }

    pub fn update(&mut self, board: &mut Board, view: &mut View, system: &mut System) -> Next {
        let first = self.first;
        // The cursor moves and B marks while the layout is searched for: the
        // board takes them as it would before a first move.
        move_and_mark(board, system, Some(first));
        // The player waits on the thinking face: the search fills the frame.
        let generator = &mut self.generator;
        let Some(layout) =
            fill_frame(|| (0..super::NO_GUESS_STEPS_PER_SLICE).find_map(|_| generator.step()))
        else {
            return Next::Stay;
        };
        crate::event!("sweeper.generated attempts={}", generator.attempts());
        crate::framework::events::search_answered("sweeper_layout");
        let outcome = board.start_with_layout(first, &layout);
        finish_move(board, view, system, outcome, true);
        Next::Play
    }
}
