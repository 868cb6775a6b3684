//! The custom field's page, in the menu's place (from the full-size page):
//! UP and DOWN choose the width, the height or the mines, LEFT and RIGHT
//! change it (held, faster; the mines follow a smaller field down), A on
//! "Play" starts a field of that size, B (or SELECT) goes back.

use alloc::boxed::Box;

use super::{
    next::Next,
    rules::field::{Dimension, Size},
    view::View,
};
use crate::framework::{
    PreparedLine, System,
    assets::sfx,
    hints,
    widgets::list::{List, ListEvent},
};

pub const CUSTOM_HINTS: &PreparedLine = hints!("\u{2190}\u{2192}: change  A: play  B: back");

/// The page's rows: what each changes, then "Play".
const ROWS: [Dimension; 3] = [Dimension::Width, Dimension::Height, Dimension::Mines];
const ROW_PLAY: usize = 3;

pub struct Custom {
    pub list: Box<List>,
    /// The size chosen so far.
    pub size: Size,
    /// Whether the player's boards are no-guess ones.
    pub no_guess: bool,
}

impl Custom {
    pub fn update(&mut self, system: &mut System) -> Next {
        let (dx, _) = system.input.accelerated_direction();
        match self.list.read_keys(system, &super::menu::BACK_BUTTONS) {
            ListEvent::Back => return Next::Sizes,
            ListEvent::Chosen(ROW_PLAY) => {
                system.sound.play(sfx::CONFIRM);
                return Next::Field(self.size);
            }
            ListEvent::Nothing | ListEvent::Moved | ListEvent::Chosen(_) => {}
        }
        let Some(&dimension) = ROWS.get(self.list.selected()) else {
            return Next::Stay;
        };
        let size = self.size.stepped(dimension, dx as i16);
        if size != self.size {
            self.size = size;
            View::refresh_custom(&mut self.list, size, self.no_guess);
            system.sound.play(sfx::CURSOR);
            crate::event!(
                "sweeper.custom width={} height={} mines={}",
                size.width(),
                size.height(),
                size.mines()
            );
        }
        Next::Stay
    }
}
