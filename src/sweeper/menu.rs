//! The difficulty menu (SELECT), with best times as badges; its rows after
//! the three difficulties lead to the full-size fields, the options and the
//! statistics pages (in its place, on its text).

use agb::input::Button;
use alloc::boxed::Box;

use super::{
    next::Next,
    rules::{Board, Difficulty},
};
use crate::framework::{
    PreparedLine, System,
    assets::sfx,
    hints,
    widgets::list::{List, ListEvent},
};

/// Menu rows after the three difficulties.
pub const ROW_FULL_SIZE: usize = 3;
pub const ROW_OPTIONS: usize = 4;
pub const ROW_STATS: usize = 5;

/// What goes back from the menu's pages.
pub const BACK_BUTTONS: [Button; 2] = [Button::B, Button::Select];

pub const MENU_HINTS: &PreparedLine = hints!("A: choose  B: back");

pub struct Menu {
    pub list: Box<List>,
}

impl Menu {
    pub fn update(&mut self, board: &mut Board, system: &mut System) -> Next {
        match self.list.read_keys(system, &BACK_BUTTONS) {
            ListEvent::Nothing | ListEvent::Moved => Next::Stay,
            ListEvent::Back => {
                system.sound.play(sfx::CLOSE);
                Next::Play
            }
            ListEvent::Chosen(ROW_FULL_SIZE) => Next::Sizes,
            ListEvent::Chosen(ROW_OPTIONS) => Next::Options,
            ListEvent::Chosen(ROW_STATS) => Next::Stats,
            ListEvent::Chosen(row) => match Difficulty::ALL.get(row) {
                Some(difficulty) => {
                    board.set_difficulty(*difficulty);
                    system.sound.play(sfx::CONFIRM);
                    Next::Wipe(None)
                }
                None => Next::Stay,
            },
        }
    }
}
