//! The editor: choose a size, paint tiles, then solve the puzzle yourself to
//! prove a stroke exists; its ends become the start and end hints and the
//! puzzle goes to a custom slot, with a password to share. A row that is
//! already one colour is refused, as Picolarium does (it would need no stroke).

use agb::input::Button;
use alloc::format;

use super::{
    Polarium,
    app::{self, Mode, Persistent, Source, Working},
    records::CUSTOM_SLOTS,
    rules::{Cell, Puzzle, password},
    size_choice::{self, SizeFor},
};
use crate::framework::{System, assets::sfx};

/// Size of a new puzzle.
const FIRST_SIZE: (u8, u8) = (5, 5);

/// The list's "Make a puzzle": choose the size first.
pub fn start(working: &mut Working, system: &mut System) {
    size_choice::open(working, system, SizeFor::Editing, FIRST_SIZE);
    crate::event!("polarium.editor size");
}

/// The size is chosen: paint.
pub fn paint(working: &mut Working, system: &mut System, (width, height): (u8, u8)) {
    resume(working);
    system.sound.play(sfx::CONFIRM);
    crate::event!("polarium.editor paint size={}x{}", width, height);
}

/// Painting on the board the working puzzle holds.
#[inline(never)]
pub fn resume(working: &mut Working) {
    working.mode = Mode::Edit { paint: None };
    let board = &working.puzzle.board;
    working
        .view
        .set_info(&format!("Editor\n{}x{}", board.width(), board.height()));
    working
        .view
        .set_message("A: paint\nSELECT: try\nit yourself");
}

/// The board being painted, as a source to open the editor on again.
pub fn painted(working: &Working) -> Source {
    Source::Made(password::lines(&Puzzle {
        board: working.puzzle.board,
        hints: None,
    }))
}

/// Painting: A turns the tile over, and holding A paints that colour along.
#[inline(never)]
pub fn update_paint(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::Edit { paint } = working.mode else {
        return;
    };
    let input = &system.input;
    let board = &mut working.puzzle.board;
    if input.just_pressed(Button::B) && paint.is_none() {
        let size = (board.width(), board.height());
        size_choice::open(working, system, SizeFor::Editing, size);
        return;
    }
    if input.just_pressed(Button::Select) && paint.is_none() {
        try_it(persistent, working, system);
        return;
    }
    let mut paint = paint;
    if input.just_pressed(Button::A) {
        let black = !board.is_black(persistent.cursor);
        board.set(persistent.cursor, black);
        paint = Some(black);
        system.sound.play(sfx::CURSOR);
    } else if !input.pressed(Button::A) {
        paint = None;
    }
    let (dx, dy) = input.repeated_direction();
    if (dx, dy) != (0, 0) {
        let x = (i32::from(persistent.cursor.x) + dx.signum() * i32::from(dy == 0))
            .clamp(1, i32::from(board.width())) as u8;
        let y = (i32::from(persistent.cursor.y) + dy.signum()).clamp(1, i32::from(board.height()))
            as u8;
        persistent.cursor = Cell::new(y, x);
        if let Some(black) = paint {
            board.set(persistent.cursor, black);
        }
        system.sound.play(sfx::CURSOR);
    }
    working.mode = Mode::Edit { paint };
}

/// SELECT: refuse a one-colour row, else play it to prove it.
fn try_it(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let board = working.puzzle.board;
    let mixed = board.mixed_rows();
    let full = (1u16 << board.height()) - 1;
    if u16::from(mixed) != full {
        let row = (0..board.height())
            .find(|&y| mixed >> y & 1 == 0)
            .unwrap_or(0);
        working
            .view
            .set_message(&format!("Row {} is\nall one\ncolour.", row + 1));
        system.sound.play(sfx::ERROR);
        crate::event!("polarium.editor refused row={}", row + 1);
        return;
    }
    let lines = password::lines(&Puzzle { board, hints: None });
    app::start(persistent, working, Source::Made(lines));
    working.view.set_message("Solve it to\nprove it.");
    system.sound.play(sfx::CONFIRM);
}

/// A made puzzle was solved with the working stroke: its ends become the hints and it
/// goes to the first free custom slot (or the slot already holding it). The
/// slot and the puzzle's password lines, or `None` if every slot is taken.
pub fn keep(working: &Working, system: &mut System) -> Option<(usize, [u32; 3])> {
    let stroke = &working.stroke;
    let (Some(start), Some(end)) = (stroke.first(), stroke.last()) else {
        return None;
    };
    // The board before the stroke flipped it (flipping again undoes it).
    let puzzle = Puzzle {
        board: stroke.applied(&working.puzzle.board),
        hints: Some((start, end)),
    };
    let lines = password::lines(&puzzle);
    let save = system.save::<Polarium>();
    let slot = match save.customs.iter().position(|&kept| kept == lines) {
        Some(slot) => slot,
        None if save.customs.len() < CUSTOM_SLOTS => {
            save.customs.push(lines);
            save.customs.len() - 1
        }
        None => return None,
    };
    system.storage.commit_soon();
    crate::event!("polarium.editor kept slot={} lines={:?}", slot + 1, lines);
    Some((slot, lines))
}
