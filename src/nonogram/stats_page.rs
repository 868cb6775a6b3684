//! The statistics page of the ring: puzzles played and solved, the streak,
//! the built-ins solved and the time spent solving. Nothing to choose: the
//! pages either side are a press away.

use agb::input::Button;
use alloc::{format, string::String};

use super::{
    next::Next,
    pages::{self, Page},
    records::NonogramSave,
    rules::builtin,
    view::View,
};
use crate::framework::{System, save::percent_text, widgets::timer::format_play_time};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StatsPage;

impl StatsPage {
    #[inline(never)]
    pub fn update(&self, system: &mut System) -> Next {
        let input = &system.input;
        if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
            return Next::Game;
        }
        match pages::turn_from_text_page(system, Page::Statistics) {
            Some(number) => Next::Page { number, slot: 0 },
            None => Next::Stay,
        }
    }

    /// The page, as it opens.
    pub fn open(save: &NonogramSave) -> Self {
        let tally = save.tally;
        crate::event!(
            "nonogram.stats played={} solved={} streak={} best_streak={} seconds={}",
            tally.played,
            tally.won,
            tally.streak,
            tally.best_streak,
            save.solving_seconds
        );
        Self
    }

    /// The page's text.
    pub fn text(&self, save: &NonogramSave, view: &mut View) {
        view.set_title("Statistics");
        view.set_lines(&lines(save));
    }

    pub fn draw(&self, view: &mut View) -> bool {
        view.sync_text_page()
    }
}

fn lines(save: &NonogramSave) -> String {
    let tally = save.tally;
    format!(
        "Played: {}\nSolved: {} ({})\nStreak: {}  best {}\nBuilt-in solved: {}/{}\nTime solving: {}\n\nL/R: pages  B: back",
        tally.played,
        tally.won,
        percent_text(tally.win_percent()),
        tally.streak,
        tally.best_streak,
        save.solved(),
        builtin::COUNT,
        format_play_time(save.solving_seconds),
    )
}
