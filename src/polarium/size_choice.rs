//! Choosing a board size on the D-pad, for the editor or endless mode:
//! LEFT/RIGHT the width, UP/DOWN the height (RIGHT and DOWN grow it: the
//! board's right and bottom edges follow the D-pad), a blank board of that
//! size shown; A goes on, B back to the list.

use agb::input::Button;
use alloc::format;

use super::{
    next::{Next, SizeFor},
    rules::{
        Board, Cell, Puzzle,
        endless::{self, EndlessCode},
    },
    session::Session,
    view::Scene,
};
use crate::framework::{System, assets::sfx};

pub struct SizeChoice {
    width: u8,
    height: u8,
    purpose: SizeFor,
}

impl SizeChoice {
    /// Show the size chooser, starting at `size`.
    pub fn open(
        purpose: SizeFor,
        size: (u8, u8),
        session: &mut Session,
        system: &mut System,
    ) -> Self {
        session.panel().clear_list();
        let choice = Self {
            width: size.0,
            height: size.1,
            purpose,
        };
        choice.show(session);
        system.sound.play(sfx::OPEN);
        choice
    }

    /// A blank board of the size chosen.
    pub fn scene<'a>(&self, session: &'a Session) -> Scene<'a> {
        Scene::still(session.board())
    }

    fn show(&self, session: &mut Session) {
        let (width, height) = (self.width, self.height);
        if let Some(board) = Board::new(width, height) {
            session.show(Puzzle { board, hints: None });
        }
        let (name, then) = match self.purpose {
            SizeFor::Editing => ("Editor", "paint it"),
            SizeFor::Endless => ("Endless", "make one"),
        };
        session
            .panel()
            .set_info(format!("{name}\n{width}x{height}"));
        session
            .panel()
            .set_message(format!("D-pad: size\nA: {then}\nB: back"));
    }

    #[inline(never)]
    pub fn update(&mut self, session: &mut Session, system: &mut System) -> Next {
        let (width, height) = (self.width, self.height);
        let input = &system.input;
        if input.just_pressed(Button::B) {
            return Next::BackToList(self.purpose.offer());
        }
        if input.just_pressed(Button::A) {
            session.game.cursor = Cell::new(1, 1);
            return match self.purpose {
                SizeFor::Editing => {
                    system.sound.play(sfx::CONFIRM);
                    crate::event!("polarium.editor paint size={}x{}", width, height);
                    Next::Edit
                }
                SizeFor::Endless => {
                    // A new puzzle of this size, with a random number.
                    let number = system.rng.below(endless::NUMBERS);
                    match EndlessCode::new(width, height, number) {
                        Some(code) => {
                            system.sound.play(sfx::CONFIRM);
                            Next::Make(code)
                        }
                        None => Next::Stay,
                    }
                }
            };
        }
        let (dx, dy) = input.repeated_direction();
        let (narrowest, lowest) = self.purpose.smallest();
        let resize =
            |side: u8, by: i32, least: u8| (i32::from(side) + by).clamp(i32::from(least), 8) as u8;
        let size = (resize(width, dx, narrowest), resize(height, dy, lowest));
        if size != (width, height) {
            (self.width, self.height) = size;
            self.show(session);
            system.sound.play(sfx::CURSOR);
        }
        Next::Stay
    }
}
