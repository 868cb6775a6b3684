//! The statistics page of the ring: puzzles solved and left unfinished,
//! the built-ins solved and the time spent solving. A nonogram has no
//! losing, so a puzzle counts once it is solved. Nothing to choose: the
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
use crate::framework::{System, widgets::timer::format_play_time};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StatsPage {
    /// Puzzles begun and not solved (the shelf's, and the one played).
    unfinished: usize,
}

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
    pub fn open(save: &NonogramSave, unfinished: usize) -> Self {
        crate::event!(
            "nonogram.stats solved={} unfinished={unfinished} seconds={}",
            save.tally.won,
            save.solving_seconds
        );
        Self { unfinished }
    }

    /// The page's text.
    pub fn text(&self, save: &NonogramSave, view: &mut View) {
        view.set_title("Statistics");
        view.set_lines(&lines(save, self.unfinished));
    }

    pub fn draw(&self, view: &mut View) -> bool {
        view.sync_text_page()
    }
}

fn lines(save: &NonogramSave, unfinished: usize) -> String {
    let solved = save.tally.won;
    let mean: String = match save.solving_seconds.checked_div(u32::from(solved)) {
        Some(seconds) => format_play_time(seconds).as_str().into(),
        None => "-".into(),
    };
    format!(
        "Solved: {solved}\nUnfinished: {unfinished}\nBuilt-in solved: {}/{}\nTime solving: {}\nMean time: {mean}\n\nL/R: pages  B: back",
        save.solved(),
        builtin::COUNT,
        format_play_time(save.solving_seconds),
    )
}
