//! The statistics page (a row of SELECT's menu): one setting's games, wins,
//! streaks and bests at a time; LEFT and RIGHT go through the pocket board's
//! six settings and the three full-size fields, plain and no-guess (each
//! one's five best times to the hundredth with their 3BV/s), B (or SELECT) goes back to the
//! menu. It is a list of as many rows as the menu, in the menu's place, so
//! each takes the other's text tiles and the page shows at once.

use alloc::{boxed::Box, format, vec::Vec};

use super::messages::{
    BEST_RATE, BEST_TIME, FIELD_STATS_HEADINGS, STATS_HEADINGS, STREAK_BEST, WIN_RATE, WON_PLAYED,
};
use super::records::{self, LINES, SweeperSave, rate_text};
use super::{
    Sweeper,
    menu::BACK_BUTTONS,
    next::Next,
    rules::{Difficulty, field::Size},
};
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

pub const STATS_HINTS: &PreparedLine = hints!("\u{2190}\u{2192}: board  B: back");

pub struct StatsPage {
    /// The page shown: a pocket record line (see `records::line`), then
    /// the full-size fields (`Size::STANDARD` from `LINES` on, each plain
    /// then no-guess).
    line: usize,
    list: Box<List>,
}

/// Pages: the pocket board's lines, then the standard fields'.
pub const PAGES: usize = LINES + FIELD_STATS_HEADINGS.len();

impl StatsPage {
    /// The page of the game in play (the field's, or the board's
    /// setting), drawn on `list`'s place and tiles.
    pub fn new(
        (difficulty, no_guess): (Difficulty, bool),
        field: Option<(Size, bool)>,
        data: &SweeperSave,
        list: Box<List>,
    ) -> Self {
        let field_page = field.and_then(|(size, no_guess)| {
            size.standard()
                .map(|standard| LINES + standard * 2 + usize::from(no_guess))
        });
        let line = field_page.unwrap_or(records::line(difficulty, no_guess));
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
        let data = system.saved::<Sweeper>();
        if self.turn(dx, data) {
            self.log(data);
            system.sound.play(sfx::CURSOR);
        }
        Next::Stay
    }

    /// The setting shown, with its figures, for the harness.
    pub fn log(&self, data: &SweeperSave) {
        if let Some((size, no_guess)) = field_of(self.line) {
            let line = data
                .fields
                .as_deref()
                .and_then(|fields| fields.line(size, no_guess).copied())
                .unwrap_or_default();
            crate::event!(
                "sweeper.stats field={}x{} played={} won={} best={:?} no_guess={}",
                size.width(),
                size.height(),
                line.tally.played,
                line.tally.won,
                line.best()
                    .iter()
                    .map(|win| (win.hundredths(), win.three_bv()))
                    .collect::<Vec<_>>(),
                no_guess
            );
            return;
        }
        let Some(&line) = data.lines.get(self.line) else {
            return;
        };
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
        let line = pager::step(self.line, dx.signum(), PAGES, Ends::Wrap);
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

/// The full-size field page `line` shows, if it is one: its size, and
/// whether no-guess.
fn field_of(line: usize) -> Option<(Size, bool)> {
    let page = line.checked_sub(LINES)?;
    Some((*Size::STANDARD.get(page / 2)?, page % 2 == 1))
}

/// The rows of page `line`; as many as the menu has.
pub fn rows(line: usize, data: &SweeperSave) -> Vec<Row> {
    if let Some(field) = field_of(line) {
        return field_rows(line, field, data);
    }
    let line = line.min(LINES - 1);
    let stats = data.lines[line];
    let tally = stats.tally;
    let heading = STATS_HEADINGS.get(line).copied().unwrap_or("");
    let best = stats.best_hundredths.map(format_hundredths);
    let best = best.as_ref().map_or("-", |best| best.as_str());
    Vec::from([
        Row::new(heading, &format!("{}/{PAGES}", line + 1)),
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

/// A full-size field's page: its heading with the games won and played,
/// then its five best times (to the hundredth) with their 3BV/s.
fn field_rows(page: usize, (size, no_guess): (Size, bool), data: &SweeperSave) -> Vec<Row> {
    let line = data
        .fields
        .as_deref()
        .and_then(|fields| fields.line(size, no_guess).copied())
        .unwrap_or_default();
    let heading = FIELD_STATS_HEADINGS
        .get(page - LINES)
        .copied()
        .unwrap_or("");
    // Games won and played, said as such where the badge has room.
    let tally = format!("{}/{}", line.tally.won, line.tally.played);
    let badge = if tally.len() <= 5 {
        format!("{tally} won")
    } else {
        tally
    };
    let mut rows = Vec::from([Row::new(heading, &badge)]);
    let best = line.best();
    for place in 0..5 {
        let row = match best.get(place) {
            Some(win) => Row::new(
                &format!("{}. {}", place + 1, format_hundredths(win.hundredths())),
                &rate_text(win.rate()),
            ),
            None => Row::new(&format!("{}. -", place + 1), ""),
        };
        rows.push(row);
    }
    rows
}
