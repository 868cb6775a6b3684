//! The list: the built-in puzzles in sets of ten (a set opens when enough of
//! the one before is solved), the custom puzzles made in the editor, then a
//! page of other things: typing a Polarium DS password on the number pad
//! (checked by the solver before play), showing the password of the puzzle
//! being played, making a puzzle, endless mode and Challenge (the action
//! mode); before it, the player's statistics.

use agb::input::Button;
use alloc::{format, string::String};

use super::{
    Polarium,
    game::Source,
    messages,
    next::{Next, Offer, PadFor, SizeFor},
    records,
    rules::{builtin, difficulty::tier_name, password},
    session::{Session, sets},
    view::{LIST_COLUMNS, Scene, Sprites},
};
use crate::framework::{PreparedLine, hints, prepared};
use crate::framework::{
    System,
    assets::sfx,
    widgets::pager::{Ends, Pager},
};

/// The most tries a list row shows: two digits keep the widest row
/// ("100 8x8 \u{2713}99") inside the panel.
const MOST_TRIES_SHOWN: usize = 99;

/// Rows of the last page, rendered when the ROM is built.
// Short enough for one line of the panel each: the pointer moves a line a row.
const OTHER_ROWS: &PreparedLine = prepared!(
    "Password in\nPassword out\nNew puzzle\nEndless\nEndless code\nChallenge\nHow to play"
);
/// The customs' page before there is one.
const NO_CUSTOMS: &PreparedLine = prepared!("None yet:\nmake one with\nNew puzzle,\nlast page");
const TYPE_PASSWORD: usize = 0;
const SHOW_PASSWORD: usize = 1;
const MAKE_PUZZLE: usize = 2;
const ENDLESS: usize = 3;
const ENDLESS_CODE: usize = 4;
const CHALLENGE: usize = 5;
const LESSON: usize = 6;

/// What a page of the list holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Page {
    /// Built-in set `k`.
    Set(usize),
    /// Custom puzzles `10k..10k + 10`.
    Customs(usize),
    More,
    /// The player's statistics: nothing to choose.
    Statistics,
}

/// Pages of custom puzzles: one even when there are none (it says so).
fn custom_pages(customs: usize) -> usize {
    customs.div_ceil(records::SET).max(1)
}

fn page_at(page: usize, customs: usize) -> Page {
    if page < sets() {
        Page::Set(page)
    } else if page < sets() + custom_pages(customs) {
        Page::Customs(page - sets())
    } else if page < more_page(customs) {
        Page::Statistics
    } else {
        Page::More
    }
}

/// The page of other things, the last.
fn more_page(customs: usize) -> usize {
    sets() + custom_pages(customs) + 1
}

/// Pages: the sets, the customs, the statistics, the other things.
fn pages(customs: usize) -> usize {
    more_page(customs) + 1
}

fn customs(system: &mut System) -> usize {
    system.saved::<Polarium>().customs.len()
}

/// Rows on page `page` (at least one, so the cursor has somewhere to be).
fn rows(page: usize, customs: usize) -> usize {
    match page_at(page, customs) {
        Page::Set(set) => (builtin::COUNT - set * records::SET).min(records::SET),
        Page::Customs(k) => customs
            .saturating_sub(k * records::SET)
            .clamp(1, records::SET),
        Page::More => OTHER_ROWS.lines,
        Page::Statistics => 1,
    }
}

/// The list screen: a page and a row on it.
pub struct List {
    at: Pager,
    /// The page has no rows to point at (the statistics, a locked set, no
    /// customs yet).
    no_pointer: bool,
    /// The board area shows the highlighted puzzle; on a page without
    /// one it is empty, never the last puzzle shown.
    previewing: bool,
    /// The buttons that do something on the page (`App::button_hints`).
    hints: &'static PreparedLine,
    /// The page lists puzzles, under the columns' labels.
    puzzles: bool,
}

/// The top bar's button hints on the list's pages: one with puzzles, the
/// last (other things), and one with nothing to choose (a locked set, the
/// statistics, no customs yet).
pub const PLAY_HINTS: &PreparedLine = hints!("A: play  \u{2190}\u{2192}: pages  B: back");
pub const MORE_HINTS: &PreparedLine = hints!("A: choose  \u{2190}\u{2192}: pages  B: back");
pub const VIEW_HINTS: &PreparedLine = hints!("\u{2190}\u{2192}: pages  B: back");

/// The hints for `page`, with `customs` custom puzzles and `open` sets.
fn page_hints(page: usize, customs: usize, open: usize) -> &'static PreparedLine {
    match page_at(page, customs) {
        Page::Set(set) if set < open => PLAY_HINTS,
        Page::Customs(_) if customs > 0 => PLAY_HINTS,
        Page::More => MORE_HINTS,
        Page::Set(_) | Page::Customs(_) | Page::Statistics => VIEW_HINTS,
    }
}

impl List {
    /// The list, on the puzzle being played.
    #[inline(never)]
    pub fn open(session: &mut Session, system: &mut System) -> Self {
        let page_row = match session.game.source {
            Source::Builtin(index) => (
                usize::from(index) / records::SET,
                usize::from(index) % records::SET,
            ),
            Source::Password(_) | Source::Made(_) | Source::Endless { .. } => {
                (more_page(customs(system)), 0)
            }
        };
        Self::at(session, system, page_row)
    }

    /// Back to the list's last page, on the row of what the player came
    /// back from (the pads, the size chooser).
    pub fn back(offer: Offer, session: &mut Session, system: &mut System) -> Self {
        let page = more_page(customs(system));
        let row = match offer {
            Offer::TypePassword => TYPE_PASSWORD,
            Offer::MakePuzzle => MAKE_PUZZLE,
            Offer::Endless => ENDLESS,
            Offer::EndlessCode => ENDLESS_CODE,
            Offer::Challenge => CHALLENGE,
        };
        Self::at(session, system, (page, row))
    }

    fn at(session: &mut Session, system: &mut System, (page, row): (usize, usize)) -> Self {
        show_page(session, system, page, row);
        system.sound.play(sfx::OPEN);
        crate::event!("polarium.list page={}", page);
        let open = system.saved::<Polarium>().open_sets(sets());
        let count = customs(system);
        let previewing = preview(session, system, page, row);
        Self {
            at: Pager::new(page, row),
            no_pointer: pointless(page, count, open),
            previewing,
            hints: page_hints(page, count, open),
            puzzles: lists_puzzles(page, count, open),
        }
    }

    /// The buttons that do something on the page shown.
    pub const fn button_hints(&self) -> &'static PreparedLine {
        self.hints
    }

    /// The board area shows the puzzle highlighted, or nothing on a page
    /// with none.
    pub fn scene<'a>(&self, session: &'a Session) -> Scene<'a> {
        if self.previewing {
            Scene::still(session.board())
        } else {
            Scene::EMPTY
        }
    }

    /// The pointer on the row (under the columns' labels on a page of
    /// puzzles).
    pub fn sprites(&self) -> Sprites<'static> {
        let labels = usize::from(self.puzzles);
        Sprites {
            list_row: (!self.no_pointer).then_some(self.at.row() + labels),
            ..Sprites::default()
        }
    }

    #[inline(never)]
    pub fn update(&mut self, session: &mut Session, system: &mut System) -> Next {
        let (page, row) = (self.at.page(), self.at.row());
        let open = system.saved::<Polarium>().open_sets(sets());
        let count = customs(system);
        let input = &system.input;
        let (dx, dy) = input.repeated_direction();
        if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
            // Back to the puzzle being played.
            session.show(session.game.source.puzzle());
            session.panel().clear_list();
            system.sound.play(sfx::CLOSE);
            return Next::Resume;
        }
        if input.just_pressed(Button::A) {
            return choose(session, system, page, row, page < open);
        }
        if dx != 0 {
            // A fresh press at either end goes round (the statistics and
            // the other things are one LEFT from the first set); held, the
            // pages stop there.
            let fresh = input.just_pressed(Button::Left) || input.just_pressed(Button::Right);
            let ends = if fresh { Ends::Wrap } else { Ends::Stop };
            if self
                .at
                .turn(dx, pages(count), ends, |page| rows(page, count))
            {
                // The sets keep the row (the same place in the next
                // difficulty); the More page is a menu, read from its top.
                if matches!(page_at(self.at.page(), count), Page::More) {
                    self.at = Pager::new(self.at.page(), 0);
                }
                let (next, row) = (self.at.page(), self.at.row());
                self.no_pointer = pointless(next, count, open);
                self.hints = page_hints(next, count, open);
                self.puzzles = lists_puzzles(next, count, open);
                show_page(session, system, next, row);
                self.previewing = preview(session, system, next, row);
                system.sound.play(sfx::CURSOR);
            }
            return Next::Stay;
        }
        let movable = page >= sets() || page < open;
        if dy != 0 && movable && self.at.move_row(dy, rows(page, count), Ends::Stop) {
            // The page's name says the chosen puzzle's difficulty.
            show_page(session, system, page, self.at.row());
            self.previewing = preview(session, system, page, self.at.row());
            system.sound.play(sfx::CURSOR);
        }
        Next::Stay
    }
}

#[inline(never)]
/// Page `page`'s text, the chosen puzzle's difficulty (on `row`) in its name.
fn show_page(session: &mut Session, system: &mut System, page: usize, row: usize) {
    let save = system.saved::<Polarium>();
    let open = save.open_sets(sets());
    let count = save.customs.len();
    let mut text = String::new();
    match page_at(page, count) {
        Page::More => return session.panel().show_list("More", OTHER_ROWS),
        Page::Statistics => statistics_text(&mut text, save),
        Page::Customs(_) if count == 0 => {
            return session.panel().show_list("Customs", NO_CUSTOMS);
        }
        Page::Customs(k) => {
            text.push_str("Customs ");
            push_number(&mut text, k + 1);
            text.push('/');
            push_number(&mut text, custom_pages(count));
            text.push('\n');
            push_columns(&mut text);
            for slot in k * records::SET..(k * records::SET + records::SET).min(count) {
                let (width, height) = password::size(save.customs[slot]);
                text.push('C');
                push_number(&mut text, slot + 1);
                text.push(' ');
                push_number(&mut text, usize::from(width));
                text.push('x');
                push_number(&mut text, usize::from(height));
                text.push('\n');
            }
        }
        Page::Set(set) if set >= open => {
            text.push_str(&format!(
                "Set {} locked\nSolve {} of\nset {} first",
                set + 1,
                records::TO_OPEN_NEXT,
                set
            ));
        }
        Page::Set(set) => {
            // Pushed piece by piece: `format!` costs far more a row.
            text.push_str("Set ");
            push_number(&mut text, set + 1);
            let chosen = set * records::SET + row;
            if let Some(&tier) = builtin::TIERS.get(chosen) {
                text.push_str(": ");
                text.push_str(tier_name(tier));
            }
            text.push('\n');
            push_columns(&mut text);
            for index in set * records::SET..set * records::SET + rows(page, count) {
                push_row(&mut text, index + 1, builtin::size(index), save.best(index));
            }
        }
    }
    session.panel().set_list(text);
}

/// The line over a page's puzzles, saying what their columns hold.
fn push_columns(text: &mut String) {
    text.push_str(LIST_COLUMNS.text);
    text.push('\n');
}

/// A set's row for puzzle `number`: its number, its size, and once solved
/// a tick (a star if once solved without any hint) and its fewest tries
/// ("hint" if the solution was shown). With
/// its best time too, a row would be wider than the panel and wrap: the
/// time is on the puzzle's own panel.
fn push_row(text: &mut String, number: usize, size: Option<(u8, u8)>, best: records::Best) {
    if number < 100 {
        text.push(' ');
    }
    push_number(text, number);
    text.push(' ');
    if let Some((width, height)) = size {
        push_number(text, usize::from(width));
        text.push('x');
        push_number(text, usize::from(height));
    }
    if best.is_solved() && !best.is_clean() {
        text.push_str(" hint");
    } else if best.is_solved() {
        // A star once solved without any hint, else a tick.
        text.push_str(if best.no_hints() {
            " \u{2605}"
        } else {
            " \u{2713}"
        });
        push_number(text, usize::from(best.tries()).min(MOST_TRIES_SHOWN));
    }
    text.push('\n');
}

/// The statistics page: short lines, as the panel is narrow.
fn statistics_text(text: &mut String, save: &records::PolariumSave) {
    let tally = save.tally;
    text.push_str("Statistics\nPlayed ");
    push_number(text, usize::from(tally.played));
    text.push_str("\nSolved ");
    push_number(text, usize::from(tally.won));
    text.push_str("\nRate ");
    text.push_str(&crate::framework::save::percent_text(tally.win_percent()));
    text.push_str("\nStreak ");
    push_number(text, usize::from(tally.streak));
    text.push_str("\nBest run ");
    push_number(text, usize::from(tally.best_streak));
    text.push_str("\nNo hints ");
    push_number(text, usize::from(save.solved_without_hints));
    crate::event!(
        "polarium.stats played={} solved={} streak={} best_streak={} without_hints={}",
        tally.played,
        tally.won,
        tally.streak,
        tally.best_streak,
        save.solved_without_hints
    );
}

/// Decimal digits of `value` onto `text`.
fn push_number(text: &mut String, value: usize) {
    if value >= 10 {
        push_number(text, value / 10);
    }
    text.push(char::from(b'0' + (value % 10) as u8));
}

/// Show the highlighted puzzle in the board area while choosing; false on
/// a page with none to show (a locked set, the statistics, More).
fn preview(session: &mut Session, system: &mut System, page: usize, row: usize) -> bool {
    let save = system.saved::<Polarium>();
    let open = save.open_sets(sets());
    let puzzle = match page_at(page, save.customs.len()) {
        Page::Set(set) if set < open => builtin::puzzle(set * records::SET + row),
        Page::Customs(k) => save
            .customs
            .get(k * records::SET + row)
            .and_then(|&lines| password::from_lines(lines).ok()),
        _ => None,
    };
    if let Some(puzzle) = puzzle {
        session.show(puzzle);
    }
    puzzle.is_some()
}

/// Whether page `page` lists puzzles (under the columns' labels).
fn lists_puzzles(page: usize, customs: usize, open: usize) -> bool {
    match page_at(page, customs) {
        Page::Set(set) => set < open,
        Page::Customs(_) => customs > 0,
        Page::More | Page::Statistics => false,
    }
}

/// Whether page `page` has no rows to point at, with `customs` custom
/// puzzles and `open` sets open.
fn pointless(page: usize, customs: usize, open: usize) -> bool {
    match page_at(page, customs) {
        Page::Statistics => true,
        Page::Set(set) => set >= open,
        Page::Customs(_) => customs == 0,
        Page::More => false,
    }
}

#[inline(never)]
fn choose(session: &mut Session, system: &mut System, page: usize, row: usize, open: bool) -> Next {
    let customs = &system.saved::<Polarium>().customs;
    match page_at(page, customs.len()) {
        Page::Set(set) => {
            if open {
                session.start(Source::Builtin((set * records::SET + row) as u16));
                system.sound.play(sfx::CONFIRM);
                return Next::Play;
            }
            system.sound.play(sfx::ERROR);
            return Next::Stay;
        }
        Page::Customs(k) => {
            if let Some(&lines) = customs.get(k * records::SET + row) {
                session.start(Source::Password(lines));
                system.sound.play(sfx::CONFIRM);
                return Next::Play;
            }
            system.sound.play(sfx::ERROR);
            return Next::Stay;
        }
        Page::More => {}
        Page::Statistics => return Next::Stay,
    }
    match row {
        TYPE_PASSWORD => Next::Pad(PadFor::Password),
        SHOW_PASSWORD if matches!(session.game.source, Source::Made(_)) => {
            // Its hints come from the maker's solving stroke: none yet.
            session.panel().clear_list();
            session.show(session.game.source.puzzle());
            session.panel().set_message(messages::SOLVE_BEFORE_SHARING);
            system.sound.play(sfx::ERROR);
            Next::Play
        }
        SHOW_PASSWORD => {
            session.panel().clear_list();
            session.show_password(session.game.source);
            system.sound.play(sfx::CONFIRM);
            Next::Resume
        }
        MAKE_PUZZLE => {
            crate::event!("polarium.editor size");
            Next::ChooseSize(SizeFor::Editing, SizeFor::Editing.first())
        }
        ENDLESS => {
            // The last endless puzzle's size, at first the usual one.
            let size = match session.game.source {
                Source::Endless { code, .. } => (code.width, code.height),
                _ => SizeFor::Endless.first(),
            };
            Next::ChooseSize(SizeFor::Endless, size)
        }
        ENDLESS_CODE => Next::Pad(PadFor::EndlessCode),
        CHALLENGE => Next::Challenge,
        LESSON => {
            session.show(session.game.source.puzzle());
            session.panel().clear_list();
            system.sound.play(sfx::CONFIRM);
            Next::Lesson
        }
        _ => Next::Stay,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framework::widgets::font;

    /// Every row fits the list's width on one line, at its widest: a
    /// three-digit number, the largest board, the most tries shown; the
    /// columns' labels over them too.
    #[test_case]
    fn a_set_row_never_wraps(_gba: &mut agb::Gba) {
        font::assert_fits(LIST_COLUMNS.text, super::super::view::LIST_WIDTH);
        let side = super::super::rules::board::MAX_SIDE;
        let solved = |tries, no_hints| records::Best::new(tries, 5999, no_hints);
        let bests = [
            records::Best::default(),
            solved(1, false),
            solved(99, true),
            solved(254, true),
            solved(records::Best::HINTED, false),
        ];
        for number in [1, 10, 99, 100, 999] {
            for best in bests {
                let mut row = String::new();
                push_row(&mut row, number, Some((side, side)), best);
                assert_eq!(row.matches('\n').count(), 1, "{row}");
                font::assert_fits(&row, super::super::view::LIST_WIDTH);
            }
        }
    }
}
