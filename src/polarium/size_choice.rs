//! Choosing a board size on the D-pad, for the editor or endless mode:
//! LEFT/RIGHT the width, UP/DOWN the height, a blank board of that size
//! shown; A goes on, B back to the list.

use agb::input::Button;
use alloc::format;

use super::{
    app::{Mode, Persistent, Working},
    editor, endless,
    rules::{Board, Cell, Puzzle},
};
use crate::framework::{System, assets::sfx};

/// What the size is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SizeFor {
    Editing,
    Endless,
}

impl SizeFor {
    /// The narrowest side it allows: a 1-wide board's rows are one tile,
    /// so one colour, which the editor refuses; the generator needs 3.
    const fn smallest(self) -> (u8, u8) {
        match self {
            Self::Editing => (2, 1),
            Self::Endless => (3, 3),
        }
    }
}

/// Show the size chooser, starting at `size`.
pub fn open(working: &mut Working, system: &mut System, purpose: SizeFor, size: (u8, u8)) {
    working.view.clear_list();
    working.mode = Mode::ChooseSize {
        width: size.0,
        height: size.1,
        purpose,
    };
    show(working, purpose, size);
    system.sound.play(sfx::OPEN);
}

fn show(working: &mut Working, purpose: SizeFor, (width, height): (u8, u8)) {
    if let Some(board) = Board::new(width, height) {
        working.puzzle = Puzzle { board, hints: None };
    }
    let (name, then) = match purpose {
        SizeFor::Editing => ("Editor", "paint it"),
        SizeFor::Endless => ("Endless", "make one"),
    };
    working.view.set_info(&format!("{name}\n{width}x{height}"));
    working
        .view
        .set_message(&format!("D-pad: size\nA: {then}\nB: back"));
}

#[inline(never)]
pub fn update(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::ChooseSize {
        width,
        height,
        purpose,
    } = working.mode
    else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) {
        let row = match purpose {
            SizeFor::Editing => super::menu::MAKE_PUZZLE,
            SizeFor::Endless => super::menu::ENDLESS,
        };
        super::menu::back_to_more(working, system, row);
        return;
    }
    if input.just_pressed(Button::A) {
        persistent.cursor = Cell::new(1, 1);
        match purpose {
            SizeFor::Editing => editor::paint(working, system, (width, height)),
            SizeFor::Endless => endless::make_random(working, system, (width, height)),
        }
        return;
    }
    let (dx, dy) = input.repeated_direction();
    let (narrowest, lowest) = purpose.smallest();
    let resize =
        |side: u8, by: i32, least: u8| (i32::from(side) + by).clamp(i32::from(least), 8) as u8;
    let size = (resize(width, dx, narrowest), resize(height, -dy, lowest));
    if size != (width, height) {
        working.mode = Mode::ChooseSize {
            width: size.0,
            height: size.1,
            purpose,
        };
        show(working, purpose, size);
        system.sound.play(sfx::CURSOR);
    }
}
