//! The editor: choose a size, paint tiles, then solve the puzzle yourself to
//! prove a stroke exists; its ends become the start and end hints and the
//! puzzle goes to a custom slot, with a password to share (the play screen
//! keeps it). A row that is already one colour is refused, as Picolarium
//! does (it would need no stroke).

use agb::input::Button;
use alloc::format;

use super::{
    game::Source,
    messages,
    next::{Next, SizeFor},
    rules::{Board, Cell, Puzzle, password},
    session::Session,
    view::{Scene, Sprites},
};
use crate::framework::{System, assets::sfx};

/// Painting a board of its own.
pub struct Editor {
    board: Board,
    /// The colour A paints while held.
    paint: Option<bool>,
}

impl Editor {
    /// The editor as the window reopens on it, painting `board` (`open`
    /// says what it does once the window is there).
    pub const fn resumed(board: Board) -> Self {
        Self { board, paint: None }
    }

    /// Painting on the board the session shows (a blank one of the size
    /// chosen, or the one painted when the window closed), the panel
    /// saying how.
    #[inline(never)]
    pub fn open(session: &mut Session) -> Self {
        let board = *session.board();
        session
            .panel()
            .set_info(format!("Editor\n{}x{}", board.width(), board.height()));
        session.panel().set_message(messages::EDITOR_HOW);
        Self::resumed(board)
    }

    /// The board being painted.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    pub const fn scene(&self) -> Scene<'_> {
        Scene::still(&self.board)
    }

    /// The board and the cursor on it.
    pub const fn sprites(&self, cursor: Cell) -> Sprites<'_> {
        Sprites {
            board: Some(&self.board),
            cursor: Some(cursor),
            hints: None,
            row_marks: None,
            list_row: None,
        }
    }

    /// Painting: A turns the tile over, and holding A paints that colour along.
    #[inline(never)]
    pub fn update(&mut self, session: &mut Session, system: &mut System) -> Next {
        let input = &system.input;
        let board = &mut self.board;
        if input.just_pressed(Button::B) && self.paint.is_none() {
            let size = (board.width(), board.height());
            return Next::ChooseSize(SizeFor::Editing, size);
        }
        if input.just_pressed(Button::Select) && self.paint.is_none() {
            return try_it(*board, session, system);
        }
        if input.just_pressed(Button::A) {
            let black = !board.is_black(session.game.cursor);
            board.set(session.game.cursor, black);
            self.paint = Some(black);
            system.sound.play(sfx::CURSOR);
        } else if !input.pressed(Button::A) {
            self.paint = None;
        }
        let (dx, dy) = input.repeated_direction();
        if (dx, dy) != (0, 0) {
            let x = (i32::from(session.game.cursor.x) + dx.signum() * i32::from(dy == 0))
                .clamp(1, i32::from(board.width())) as u8;
            let y = (i32::from(session.game.cursor.y) + dy.signum())
                .clamp(1, i32::from(board.height())) as u8;
            session.game.cursor = Cell::new(y, x);
            if let Some(black) = self.paint {
                board.set(session.game.cursor, black);
            }
            system.sound.play(sfx::CURSOR);
        }
        Next::Stay
    }
}

/// The board being painted, as a source to open the editor on again.
pub fn painted(board: Board) -> Source {
    Source::Made(password::lines(&Puzzle { board, hints: None }))
}

/// SELECT: refuse a one-colour row, else play it to prove it.
fn try_it(board: Board, session: &mut Session, system: &mut System) -> Next {
    let mixed = board.mixed_rows();
    let full = (1u16 << board.height()) - 1;
    if u16::from(mixed) != full {
        let row = (0..board.height())
            .find(|&y| mixed >> y & 1 == 0)
            .unwrap_or(0);
        session
            .panel()
            .set_message(format!("Row {} is\nall one\ncolour.", row + 1));
        system.sound.play(sfx::ERROR);
        crate::event!("polarium.editor refused row={}", row + 1);
        return Next::Stay;
    }
    let lines = password::lines(&Puzzle { board, hints: None });
    session.start(Source::Made(lines));
    session.panel().set_message(messages::PROVE_IT);
    system.sound.play(sfx::CONFIRM);
    Next::Play
}
