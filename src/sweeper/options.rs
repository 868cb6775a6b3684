//! The options page, in the menu's place: A switches the option chosen (or
//! starts the lesson, or puts up the pad for a board code over the page),
//! B (or SELECT) goes back to the menu.

use alloc::boxed::Box;

use super::{
    Sweeper,
    next::Next,
    rules::{Board, GameState},
    view::View,
};
use crate::framework::{
    PreparedLine, System,
    assets::sfx,
    hints,
    widgets::list::{List, ListEvent},
};

/// The options page's rows.
const OPTION_NO_GUESS: usize = 0;
const OPTION_QUESTION_MARKS: usize = 1;
const OPTION_LESSON: usize = 2;
pub const OPTION_CODE: usize = 3;

pub const OPTIONS_HINTS: &PreparedLine = hints!("A: change  B: back");

pub struct Options {
    pub list: Box<List>,
}

impl Options {
    pub fn update(&mut self, board: &mut Board, system: &mut System) -> Next {
        match self.list.read_keys(system, &super::menu::BACK_BUTTONS) {
            ListEvent::Nothing | ListEvent::Moved => Next::Stay,
            ListEvent::Back => Next::Menu,
            ListEvent::Chosen(OPTION_CODE) => Next::Pad,
            ListEvent::Chosen(OPTION_LESSON) => {
                system.sound.play(sfx::CONFIRM);
                Next::Lesson
            }
            ListEvent::Chosen(OPTION_NO_GUESS) => {
                // For the boards to come: a game under way is kept (a board
                // not yet opened takes it at once).
                let save = system.save::<Sweeper>();
                let no_guess = !save.no_guess(board);
                save.no_guess = Some(no_guess);
                if board.state() == GameState::Fresh {
                    board.set_no_guess(no_guess);
                }
                crate::event!(
                    "sweeper.no_guess on={} board={}",
                    no_guess,
                    board.no_guess()
                );
                self.changed(board, system)
            }
            ListEvent::Chosen(OPTION_QUESTION_MARKS) => {
                let save = system.save::<Sweeper>();
                save.question_marks = !save.question_marks;
                crate::event!("sweeper.question_marks on={}", save.question_marks);
                self.changed(board, system)
            }
            ListEvent::Chosen(_) => Next::Stay,
        }
    }

    /// An option switched: kept, and the page shows it.
    fn changed(&mut self, board: &Board, system: &mut System) -> Next {
        system.storage.commit_soon();
        View::refresh_options(&mut self.list, board, system.saved::<Sweeper>());
        system.sound.play(sfx::CONFIRM);
        Next::Stay
    }
}
