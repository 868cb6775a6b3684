//! The list: the built-in puzzles in sets of ten (a set opens when enough of
//! the one before is solved), the custom puzzles made in the editor, then a
//! page of other things: typing a Polarium DS password on the number pad
//! (checked by the solver before play), showing the password of the puzzle
//! being played, and making a puzzle.

use agb::input::Button;
use alloc::{boxed::Box, format, string::String};

use super::{
    Polarium,
    app::{self, Mode, Persistent, Source, Working},
    editor, endless, records,
    rules::{builtin, endless as endless_code, password, solver::Progress},
    search::{Goal, Pace, Search, Searched},
};
use crate::framework::{
    System,
    assets::sfx,
    widgets::{
        numpad::{NumberPad, PadEvent},
        numpad_view,
    },
};

/// Rows of the last page.
// Short enough for one line of the panel each: the pointer moves a line a row.
const OTHER_ROWS: [&str; 5] = [
    "Password in",
    "Password out",
    "New puzzle",
    "Endless",
    "Endless no.",
];
const TYPE_PASSWORD: usize = 0;
const SHOW_PASSWORD: usize = 1;
pub const MAKE_PUZZLE: usize = 2;
pub const ENDLESS: usize = 3;
const ENDLESS_CODE: usize = 4;

/// What a page of the list holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Page {
    /// Built-in set `k`.
    Set(usize),
    /// Custom puzzles `10k..10k + 10`.
    Customs(usize),
    More,
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
    } else {
        Page::More
    }
}

/// Sets of puzzles in the list.
fn sets() -> usize {
    builtin::COUNT.div_ceil(records::SET)
}

/// Pages: the sets, the customs, then the other things.
fn pages(customs: usize) -> usize {
    sets() + custom_pages(customs) + 1
}

fn customs(system: &mut System) -> usize {
    system.save::<Polarium>().customs.len()
}

/// Built-in puzzles open to play (their sets are open).
pub fn open_puzzles(system: &mut System) -> usize {
    let open = system.save::<Polarium>().open_sets(sets());
    (open * records::SET).min(builtin::COUNT)
}

/// Rows on page `page` (at least one, so the cursor has somewhere to be).
fn rows(page: usize, customs: usize) -> usize {
    match page_at(page, customs) {
        Page::Set(set) => (builtin::COUNT - set * records::SET).min(records::SET),
        Page::Customs(k) => customs
            .saturating_sub(k * records::SET)
            .clamp(1, records::SET),
        Page::More => OTHER_ROWS.len(),
    }
}

#[inline(never)]
pub fn open_list(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let page_row = match persistent.source {
        Source::Builtin(index) => (
            usize::from(index) / records::SET,
            usize::from(index) % records::SET,
        ),
        Source::Password(_) | Source::Made(_) | Source::Endless { .. } => {
            (pages(customs(system)) - 1, 0)
        }
    };
    show_list(working, system, page_row);
}

/// Back to the list's last page (from what it offers: the pads, the size
/// chooser), on the row that was chosen.
pub fn back_to_more(working: &mut Working, system: &mut System, row: usize) {
    let page = pages(customs(system)) - 1;
    show_list(working, system, (page, row));
}

fn show_list(working: &mut Working, system: &mut System, (page, row): (usize, usize)) {
    working.mode = Mode::List { page, row };
    show_page(working, system, page);
    system.sound.play(sfx::OPEN);
    crate::event!("polarium.list page={}", page);
}

#[inline(never)]
fn show_page(working: &mut Working, system: &mut System, page: usize) {
    let save = system.save::<Polarium>();
    let open = save.open_sets(sets());
    let count = save.customs.len();
    let mut text = String::new();
    match page_at(page, count) {
        Page::More => {
            text.push_str("More\n");
            for row in OTHER_ROWS {
                text.push_str(row);
                text.push('\n');
            }
        }
        Page::Customs(_) if count == 0 => {
            text.push_str("Customs\nNone yet:\nmake one on\nthe next page");
        }
        Page::Customs(k) => {
            text.push_str("Customs ");
            push_number(&mut text, k + 1);
            text.push('/');
            push_number(&mut text, custom_pages(count));
            text.push('\n');
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
                "Set {}/{}\nLocked:\nsolve {} of\nset {} first",
                set + 1,
                sets(),
                records::TO_OPEN_NEXT,
                set
            ));
        }
        Page::Set(set) => {
            // Pushed piece by piece: `format!` costs far more a row.
            text.push_str("Set ");
            push_number(&mut text, set + 1);
            text.push('/');
            push_number(&mut text, sets());
            text.push('\n');
            for index in set * records::SET..set * records::SET + rows(page, count) {
                if index + 1 < 100 {
                    text.push(' ');
                }
                push_number(&mut text, index + 1);
                text.push(' ');
                if let Some((width, height)) = builtin::size(index) {
                    push_number(&mut text, usize::from(width));
                    text.push('x');
                    push_number(&mut text, usize::from(height));
                }
                if save.best(index).is_solved() {
                    text.push_str(" *");
                }
                text.push('\n');
            }
        }
    }
    working.view.set_list(&text);
}

/// Decimal digits of `value` onto `text`.
fn push_number(text: &mut String, value: usize) {
    if value >= 10 {
        push_number(text, value / 10);
    }
    text.push(char::from(b'0' + (value % 10) as u8));
}

pub fn update_list(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::List { page, row } = working.mode else {
        return;
    };
    let open = system.save::<Polarium>().open_sets(sets());
    let count = customs(system);
    let input = &system.input;
    let (dx, dy) = input.repeated_direction();
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        // Back to the puzzle being played.
        working.mode = persistent.resume_mode();
        working.puzzle = persistent.source.puzzle();
        working.view.clear_list();
        system.sound.play(sfx::CLOSE);
        return;
    }
    if input.just_pressed(Button::A) {
        choose(persistent, working, system, page, row, page < open);
        return;
    }
    if dx != 0 {
        let next = (page as i32 + dx).clamp(0, pages(count) as i32 - 1) as usize;
        if next != page {
            let row = row.min(rows(next, count) - 1);
            working.mode = Mode::List { page: next, row };
            show_page(working, system, next);
            preview(working, system, next, row, next >= sets() || next < open);
            system.sound.play(sfx::CURSOR);
        }
        return;
    }
    let movable = page >= sets() || page < open;
    if dy != 0 && movable {
        let next = (row as i32 + dy).clamp(0, rows(page, count) as i32 - 1) as usize;
        if next != row {
            working.mode = Mode::List { page, row: next };
            preview(working, system, page, next, true);
            system.sound.play(sfx::CURSOR);
        }
    }
}

/// Show the highlighted puzzle in the board area while choosing.
fn preview(working: &mut Working, system: &mut System, page: usize, row: usize, open: bool) {
    let save = system.save::<Polarium>();
    let puzzle = match page_at(page, save.customs.len()) {
        Page::Set(set) if open => builtin::puzzle(set * records::SET + row),
        Page::Customs(k) => save
            .customs
            .get(k * records::SET + row)
            .and_then(|&lines| password::from_lines(lines).ok()),
        _ => None,
    };
    if let Some(puzzle) = puzzle {
        working.puzzle = puzzle;
    }
}

#[inline(never)]
fn choose(
    persistent: &mut Persistent,
    working: &mut Working,
    system: &mut System,
    page: usize,
    row: usize,
    open: bool,
) {
    let customs = &system.save::<Polarium>().customs;
    match page_at(page, customs.len()) {
        Page::Set(set) => {
            if open {
                app::start(
                    persistent,
                    working,
                    Source::Builtin((set * records::SET + row) as u16),
                );
                system.sound.play(sfx::CONFIRM);
            } else {
                system.sound.play(sfx::ERROR);
            }
            return;
        }
        Page::Customs(k) => {
            if let Some(&lines) = customs.get(k * records::SET + row) {
                app::start(persistent, working, Source::Password(lines));
                system.sound.play(sfx::CONFIRM);
            } else {
                system.sound.play(sfx::ERROR);
            }
            return;
        }
        Page::More => {}
    }
    match row {
        TYPE_PASSWORD => open_pad(working, system, PadFor::Password),
        SHOW_PASSWORD if matches!(persistent.source, Source::Made(_)) => {
            // Its hints come from the maker's solving stroke: none yet.
            working.view.clear_list();
            working.mode = Mode::Play { drawing: false };
            working.puzzle = persistent.source.puzzle();
            working.view.set_message("Solve it\nfirst, then\nshare it.");
            system.sound.play(sfx::ERROR);
        }
        SHOW_PASSWORD => {
            // The puzzle being played, with its hints (a built-in one's own).
            let puzzle = persistent.source.puzzle();
            let digits = password::encode(&puzzle);
            let mut text = String::from("Password:\n");
            for (i, digit) in digits.iter().enumerate() {
                text.push(char::from(b'0' + digit));
                if i % password::LINE_DIGITS == password::LINE_DIGITS - 1 {
                    text.push('\n');
                }
            }
            crate::event!("polarium.password digits={}", text.replace('\n', " "));
            working.mode = persistent.resume_mode();
            working.puzzle = puzzle;
            working.view.clear_list();
            working.view.set_message(&text);
            system.sound.play(sfx::CONFIRM);
        }
        MAKE_PUZZLE => editor::start(working, system),
        ENDLESS => endless::choose_size(persistent, working, system),
        ENDLESS_CODE => open_pad(working, system, PadFor::EndlessCode),
        _ => {}
    }
}

/// What the number pad is typing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PadFor {
    /// A Polarium DS password (30 digits).
    Password,
    /// An endless puzzle's code (8 digits).
    EndlessCode,
}

impl PadFor {
    /// Its events' name.
    const fn owner(self) -> &'static str {
        match self {
            Self::Password => "polarium.pad",
            Self::EndlessCode => "polarium.endless",
        }
    }
}

/// Put up the number pad for `purpose`.
fn open_pad(working: &mut Working, system: &mut System, purpose: PadFor) {
    // Boxed: the pad holds up to 125 digits, and `Working` need not carry
    // them while no pad is open.
    let pad = Box::new(match purpose {
        PadFor::Password => NumberPad::new(password::DIGITS, password::LINE_DIGITS, validate),
        PadFor::EndlessCode => NumberPad::new(endless_code::DIGITS, 4, endless::validate),
    });
    let title = match purpose {
        PadFor::Password => "Type a password:",
        PadFor::EndlessCode => "Puzzle code:",
    };
    working.view.clear_list();
    working.view.open_pad(&pad, title);
    working.mode = Mode::Pad { purpose, pad };
    system.sound.play(sfx::OPEN);
    crate::event!("{} open", purpose.owner());
}

fn validate(digits: &[u8]) -> Result<(), &'static str> {
    password::decode(digits)
        .map(|_| ())
        .map_err(|error| error.message())
}

/// Typing on the pad: a password is checked by the solver, then played; an
/// endless code makes its puzzle. B on an empty pad (or its cancel key)
/// goes back to the list.
#[inline(never)]
pub fn update_pad(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::Pad { purpose, pad } = &mut working.mode else {
        return;
    };
    let purpose = *purpose;
    match numpad_view::run_frame(pad, &system.input, &mut system.sound, purpose.owner()) {
        PadEvent::Nothing
        | PadEvent::Typed
        | PadEvent::Deleted
        | PadEvent::Refused
        | PadEvent::Rejected
        | PadEvent::Turned => {}
        PadEvent::Cancelled => cancel_pad(working, system, purpose),
        PadEvent::Accepted => {
            working.view.close_pad();
            system.sound.play(sfx::CONFIRM);
            crate::event!("{} accepted", purpose.owner());
            accept(persistent, working);
        }
    }
}

/// The pad's cancel key (or B on an empty pad): back to the list. Out of
/// line, like `accept`: the frames spent typing need little stack.
#[inline(never)]
fn cancel_pad(working: &mut Working, system: &mut System, purpose: PadFor) {
    working.view.close_pad();
    let row = match purpose {
        PadFor::Password => TYPE_PASSWORD,
        PadFor::EndlessCode => ENDLESS_CODE,
    };
    back_to_more(working, system, row);
    crate::event!("{} cancelled", purpose.owner());
}

/// An accepted code: the pad goes, and its code is played. Out of line, so
/// the solver's and the endless maker's stack is not reserved by every
/// frame of typing.
#[inline(never)]
fn accept(persistent: &mut Persistent, working: &mut Working) {
    // The code starts a puzzle (or the making of one), which sets the mode.
    let mode = core::mem::replace(&mut working.mode, Mode::Play { drawing: false });
    let Mode::Pad { purpose, pad } = mode else {
        working.mode = mode;
        return;
    };
    match purpose {
        PadFor::Password => play_password(persistent, working, pad.digits()),
        PadFor::EndlessCode => endless::accept(working, pad.digits()),
    }
}

/// A typed password: play it once the solver has said whether it can be solved.
fn play_password(persistent: &mut Persistent, working: &mut Working, digits: &[u8]) {
    if let Ok(puzzle) = password::decode(digits) {
        app::start(
            persistent,
            working,
            Source::Password(password::lines(&puzzle)),
        );
        if let Some(search) = Search::start(&working.puzzle, Goal::Stroke) {
            working.mode = Mode::Checking(search);
        }
    }
}

/// The solver checks a typed puzzle: the player waits, so it fills the
/// frame. The frame its verdict comes in changes the mode, so what the
/// verdict changes is drawn in the next one.
#[inline(never)]
pub fn update_checking(working: &mut Working) {
    let mode = core::mem::replace(&mut working.mode, Mode::Play { drawing: false });
    let Mode::Checking(search) = mode else {
        working.mode = mode;
        return;
    };
    let (search, searched) = search.step(Pace::Waiting);
    match searched {
        Searched::Working(percent) => {
            if let Some(search) = search {
                working.mode = Mode::Checking(search);
            }
            working.show_percent("Checking", percent);
        }
        Searched::Done(progress, _) => {
            working.search_done();
            checked(working, progress);
        }
    }
}

/// The solver's verdict on a typed puzzle; play starts either way.
#[inline(never)]
pub fn checked(working: &mut Working, progress: Progress) {
    let verdict = match progress {
        Progress::Solved(solution) => {
            working.solution = Some(solution.stroke);
            "Solvable!\nR shows how."
        }
        Progress::Solvable { .. } => "Solvable!",
        Progress::Unsolvable => "No stroke\nfrom its hints\nsolves it.",
        Progress::OutOfSpace | Progress::Working { .. } => "Too hard to\ncheck here.",
    };
    crate::event!("polarium.checked verdict={}", verdict.replace('\n', " "));
    working.view.set_message(verdict);
    working.mode = Mode::Play { drawing: false };
}
