//! The full-size fields' page, in the menu's place: Beginner, Intermediate
//! and Expert with their best times, and Custom; A starts a field of the
//! size chosen (the window then fills the screen) or puts up the custom
//! page in its place, B (or SELECT) goes back to the menu.

use alloc::boxed::Box;

use super::{next::Next, rules::field::Size};
use crate::framework::{
    PreparedLine, System,
    assets::sfx,
    hints,
    widgets::list::{List, ListEvent},
};

pub const SIZES_HINTS: &PreparedLine = hints!("A: play  B: back");

/// The page's row for the custom field, after the standard ones.
pub const ROW_CUSTOM: usize = Size::STANDARD.len();

pub struct Sizes {
    pub list: Box<List>,
}

impl Sizes {
    pub fn update(&mut self, system: &mut System) -> Next {
        match self.list.read_keys(system, &super::menu::BACK_BUTTONS) {
            ListEvent::Nothing | ListEvent::Moved => Next::Stay,
            ListEvent::Back => Next::Menu,
            ListEvent::Chosen(ROW_CUSTOM) => {
                system.sound.play(sfx::OPEN);
                Next::Custom
            }
            ListEvent::Chosen(row) => match Size::STANDARD.get(row) {
                Some(&size) => {
                    system.sound.play(sfx::CONFIRM);
                    Next::Field(size)
                }
                None => Next::Stay,
            },
        }
    }
}
