//! The statistics page (a row of SELECT's menu): one setting's games, wins,
//! streaks and bests at a time; LEFT and RIGHT go through the six settings,
//! B (or SELECT) goes back to the menu. It is a list of as many rows as the
//! menu, in the menu's place, so each takes the other's text tiles and the
//! page shows at once.

use alloc::{boxed::Box, format, vec::Vec};

use super::messages::{BEST_RATE, BEST_TIME, STATS_HEADINGS, STREAK_BEST, WIN_RATE, WON_PLAYED};
use super::records::{self, LINES, SweeperSave, rate_text};
use super::{Sweeper, menu::BACK_BUTTONS, next::Next, rules::Difficulty};
use crate::framework::{
    PreparedLine, System,
    assets::sfx,
    hints,
    save::percent_text,
    widgets::{
        list::{List, Row},
        pager::{self, Ends},
        timer::format_hundredths,
    },
};

pub const STATS_HINTS: &PreparedLine = hints!("\u{2190}\u{2192}: difficulty  B: back");

pub struct StatsPage {
    /// The record line shown (see `records::line`).
    line: usize,
    list: Box<List>,
}

impl StatsPage {
    /// The page of the board's setting, drawn on `list`'s place and tiles.
    pub fn new(
        difficulty: Difficulty,
        no_guess: bool,
        data: &SweeperSave,
        list: Box<List>,
    ) -> Self {
        let line = records::line(difficulty, no_guess);
        let mut list = list;
        for (index, row) in rows(line, data).into_iter().enumerate() {
            list.set_row(index, row);
        }
        Self { line, list }
    }

    pub fn update(&mut self, system: &mut System) -> Next {
        let input = &system.input;
        if BACK_BUTTONS
            .iter()
            .any(|&button| input.just_pressed(button))
        {
            return Next::Menu;
        }
        let (dx, _) = input.repeated_direction();
        let data = system.save::<Sweeper>();
        if self.turn(dx, data) {
            self.log(data);
            system.sound.play(sfx::CURSOR);
        }
        Next::Stay
    }

    /// The setting shown, with its figures, for the harness.
    pub fn log(&self, data: &SweeperSave) {
        let line = data.lines[self.line];
        crate::event!(
            "sweeper.stats line={} played={} won={} streak={} best_streak={} best_rate={}",
            self.line,
            line.tally.played,
            line.tally.won,
            line.tally.streak,
            line.tally.best_streak,
            line.best_rate
        );
        let _ = line;
    }

    /// LEFT or RIGHT (`dx`): the next or previous setting's statistics.
    pub fn turn(&mut self, dx: i32, data: &SweeperSave) -> bool {
        let line = pager::step(self.line, dx.signum(), LINES, Ends::Wrap);
        if dx == 0 || line == self.line {
            return false;
        }
        self.line = line;
        for (index, row) in rows(line, data).into_iter().enumerate() {
            self.list.set_row(index, row);
        }
        true
    }

    pub fn list(&mut self) -> &mut List {
        &mut self.list
    }

    /// The list, for the menu coming back to take its tiles.
    pub fn into_list(self) -> Box<List> {
        self.list
    }
}

/// The rows of record line `line`; as many as the menu has.
pub fn rows(line: usize, data: &SweeperSave) -> Vec<Row> {
    let line = line.min(LINES - 1);
    let stats = data.lines[line];
    let tally = stats.tally;
    let heading = STATS_HEADINGS.get(line).copied().unwrap_or("");
    let best = stats.best_hundredths.map(format_hundredths);
    let best = best.as_ref().map_or("-", |best| best.as_str());
    Vec::from([
        Row::new(heading, &format!("{}/{LINES}", line + 1)),
        Row::new(WON_PLAYED, &format!("{}/{}", tally.won, tally.played)),
        Row::new(WIN_RATE, &percent_text(tally.win_percent())),
        Row::new(
            STREAK_BEST,
            &format!("{}, {}", tally.streak, tally.best_streak),
        ),
        Row::new(BEST_TIME, best),
        Row::new(BEST_RATE, &rate_text(stats.best_rate)),
    ])
}
