//! Typing a board code on the number pad, over the options page it came
//! from and goes back to: an accepted code deals that board (after the wipe).

use alloc::boxed::Box;

use super::{
    Sweeper,
    next::Next,
    rules::{
        Board,
        code::{self, BoardCode},
    },
    view::View,
};
use crate::framework::{
    PreparedLine, System,
    assets::sfx,
    hints,
    widgets::{
        list::List,
        numpad::NumberPad,
        pad_panel::{PadOutcome, PadPanel},
    },
};

pub const PAD_HINTS: &PreparedLine = hints!("A: key  B: erase  START: done");

pub struct Pad {
    /// The options page under the pad, for the way back.
    pub menu: Box<List>,
    pub pad: Box<PadPanel<code::CodeError>>,
}

impl Pad {
    /// The pad put up over `menu`. Out of line, like the pad's other
    /// steps: the rest of the app's update need not hold its stack.
    #[inline(never)]
    pub fn over(menu: Box<List>) -> Self {
        let pad = NumberPad::new(code::DIGITS, code::GROUP, validate_code);
        crate::event!("sweeper.pad open");
        Self {
            menu,
            pad: Box::new(PadPanel::new(pad, View::PAD_PLACE, "sweeper.pad")),
        }
    }

    /// Out of line: the pad's frames need little stack, and the rest of the
    /// app's update should not add to them.
    #[inline(never)]
    pub fn update(&mut self, board: &Board, system: &mut System) -> Next {
        match self.pad.update(system) {
            PadOutcome::Typing => Next::Stay,
            PadOutcome::Cancelled => Next::Options,
            PadOutcome::Accepted => {
                let code = BoardCode::parse(self.pad.digits()).ok();
                accept(board, system, code);
                system.sound.play(sfx::CONFIRM);
                Next::Wipe(code)
            }
        }
    }
}

fn validate_code(digits: &[u8]) -> Result<(), code::CodeError> {
    BoardCode::parse(digits).map(|_| ())
}

/// An accepted board code: the player's own no-guess setting stays as it
/// was, pinned now if it only followed the board so far.
fn accept(board: &Board, system: &mut System, code: Option<BoardCode>) {
    let Some(code) = code else {
        return;
    };
    let no_guess = board.no_guess();
    let setting = &mut system.save::<Sweeper>().no_guess;
    if setting.is_none() {
        *setting = Some(no_guess);
        system.storage.commit_soon();
    }
    crate::event!(
        "sweeper.pad accepted deal={} first={:?}",
        code.deal,
        code.first.map(|pos| (pos.x(), pos.y()))
    );
}
