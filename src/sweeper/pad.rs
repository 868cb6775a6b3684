//! Typing a code on the number pad, over the options page it came from and
//! goes back to: a pocket board's code deals that board (after the wipe), a
//! full-size field's (11 digits, or 18 for a custom field) opens that field.
//! The first digit says which, and so how long the code is: the pad reads
//! it from the first group of five.

use alloc::boxed::Box;

use super::{
    Sweeper,
    next::Next,
    rules::{
        Board,
        typed_code::{self, TypedCode, TypedCodeError},
    },
    view::View,
};
use crate::framework::{
    PreparedLine, System,
    assets::sfx,
    hints,
    widgets::{
        list::List,
        numpad::{NumberPad, PagedCode},
        pad_panel::{PadOutcome, PadPanel},
    },
};

pub const PAD_HINTS: &PreparedLine = hints!("A: key  B: erase  START: done");

/// Codes as the pad takes them: groups of five, two to a line, the length
/// read from the first digit.
const CODE: PagedCode<TypedCodeError> = PagedCode {
    group: typed_code::GROUP,
    groups_per_page: typed_code::MAX_DIGITS.div_ceil(typed_code::GROUP),
    groups_per_line: 2,
    max_digits: typed_code::MAX_DIGITS,
    length: typed_code::length_of,
    // The check digits are the code's last two: the whole code is checked.
    check_group: |_, _| Ok(()),
    validate: |digits| TypedCode::parse(digits).map(|_| ()),
};

pub struct Pad {
    /// The options page under the pad, for the way back.
    pub menu: Box<List>,
    pub pad: Box<PadPanel<TypedCodeError>>,
}

impl Pad {
    /// The pad put up over `menu`. Out of line, like the pad's other
    /// steps: the rest of the app's update need not hold its stack.
    #[inline(never)]
    pub fn over(menu: Box<List>) -> Self {
        let pad = NumberPad::paged(CODE);
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
                system.sound.play(sfx::CONFIRM);
                match TypedCode::parse(self.pad.digits()) {
                    Ok(TypedCode::Field(code)) => {
                        crate::event!(
                            "sweeper.pad accepted field={}x{} mines={} no_guess={} deal={} first={:?}",
                            code.size.width(),
                            code.size.height(),
                            code.size.mines(),
                            code.no_guess,
                            code.deal,
                            code.first.map(|place| (place.x, place.y))
                        );
                        Next::FieldCode(code)
                    }
                    Ok(TypedCode::Board(code)) => {
                        accept(board, system, &code);
                        Next::Wipe(Some(code))
                    }
                    // The pad accepts only what parses.
                    Err(_) => Next::Options,
                }
            }
        }
    }
}

/// An accepted board code: the player's own no-guess setting stays as it
/// was, pinned now if it only followed the board so far.
fn accept(board: &Board, system: &mut System, code: &super::rules::code::BoardCode) {
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
