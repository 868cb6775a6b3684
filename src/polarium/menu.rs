//! The list: the built-in puzzles in sets of ten (a set opens when enough of
//! the one before is solved), then a page of other things: typing a Polarium
//! DS password on the number pad (checked by the solver before play), and
//! showing the password of the puzzle being played.

use agb::input::Button;
use alloc::{format, string::String};

use super::{
    Polarium,
    app::{self, Mode, Persistent, Purpose, Source, Working},
    records,
    rules::{builtin, password, solver::Progress},
    search::Search,
};
use crate::framework::{
    System,
    assets::sfx,
    widgets::{
        numpad::{NumberPad, PadEvent},
        numpad_view,
    },
};

/// Rows of the page after the sets.
const OTHER_ROWS: [&str; 2] = ["Type a password", "Show password"];
const TYPE_PASSWORD: usize = 0;
const SHOW_PASSWORD: usize = 1;

/// Sets of puzzles in the list.
fn sets() -> usize {
    builtin::COUNT.div_ceil(records::SET)
}

/// Pages: the sets, then the other things.
fn pages() -> usize {
    sets() + 1
}

/// Built-in puzzles open to play (their sets are open).
pub fn open_puzzles(system: &mut System) -> usize {
    let open = system.save::<Polarium>().open_sets(sets());
    (open * records::SET).min(builtin::COUNT)
}

/// Rows on page `page`.
fn rows(page: usize) -> usize {
    if page < sets() {
        (builtin::COUNT - page * records::SET).min(records::SET)
    } else {
        OTHER_ROWS.len()
    }
}

#[inline(never)]
pub fn open_list(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let (page, row) = match persistent.source {
        Source::Builtin(index) => (
            usize::from(index) / records::SET,
            usize::from(index) % records::SET,
        ),
        Source::Password(_) => (sets(), 0),
    };
    working.mode = Mode::List { page, row };
    show_page(working, system, page);
    system.sound.play(sfx::OPEN);
    crate::event!("polarium.list page={}", page);
}

#[inline(never)]
fn show_page(working: &mut Working, system: &mut System, page: usize) {
    let save = system.save::<Polarium>();
    let open = save.open_sets(sets());
    let mut text = String::new();
    if page >= sets() {
        text.push_str("More\n");
        for row in OTHER_ROWS {
            text.push_str(row);
            text.push('\n');
        }
    } else if page >= open {
        text.push_str(&format!(
            "Set {}/{}\nLocked:\nsolve {} of\nset {} first",
            page + 1,
            sets(),
            records::TO_OPEN_NEXT,
            page
        ));
    } else {
        text.push_str(&format!("Set {}/{}\n", page + 1, sets()));
        for index in page * records::SET..page * records::SET + rows(page) {
            let size = builtin::puzzle(index)
                .map(|p| format!("{}x{}", p.board.width(), p.board.height()))
                .unwrap_or_default();
            let mark = if save.best(index).is_solved() { "*" } else { "" };
            text.push_str(&format!("{:>3} {} {}\n", index + 1, size, mark));
        }
    }
    working.view.set_list(&text);
}

#[inline(never)]
pub fn update_list(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::List { page, row } = working.mode else {
        return;
    };
    let open = system.save::<Polarium>().open_sets(sets());
    let input = &system.input;
    let (dx, dy) = input.repeated_direction();
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        // Back to the puzzle being played.
        working.mode = if persistent.solved {
            Mode::Solved
        } else {
            Mode::Play { drawing: false }
        };
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
        let next = (page as i32 + dx).clamp(0, pages() as i32 - 1) as usize;
        if next != page {
            let row = row.min(rows(next) - 1);
            working.mode = Mode::List { page: next, row };
            show_page(working, system, next);
            preview(working, next, row, next < open);
            system.sound.play(sfx::CURSOR);
        }
        return;
    }
    let movable = page >= sets() || page < open;
    if dy != 0 && movable {
        let next = (row as i32 + dy).clamp(0, rows(page) as i32 - 1) as usize;
        if next != row {
            working.mode = Mode::List { page, row: next };
            preview(working, page, next, true);
            system.sound.play(sfx::CURSOR);
        }
    }
}

/// Show the highlighted puzzle in the board area while choosing.
fn preview(working: &mut Working, page: usize, row: usize, open: bool) {
    if open
        && page < sets()
        && let Some(puzzle) = builtin::puzzle(page * records::SET + row)
    {
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
    if page < sets() {
        if open {
            app::start(persistent, working, Source::Builtin((page * records::SET + row) as u16));
            system.sound.play(sfx::CONFIRM);
        } else {
            system.sound.play(sfx::ERROR);
        }
        return;
    }
    match row {
        TYPE_PASSWORD => {
            let pad = NumberPad::new(password::DIGITS, password::LINE_DIGITS, validate);
            working.view.open_pad(&pad);
            working.pad = Some(pad);
            working.mode = Mode::Pad;
            system.sound.play(sfx::OPEN);
            crate::event!("polarium.pad open");
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
            working.mode = if persistent.solved {
                Mode::Solved
            } else {
                Mode::Play { drawing: false }
            };
            working.puzzle = puzzle;
            working.view.clear_list();
            working.view.set_message(&text);
            system.sound.play(sfx::CONFIRM);
        }
        _ => {}
    }
}

fn validate(digits: &[u8]) -> Result<(), &'static str> {
    password::decode(digits).map(|_| ()).map_err(|error| error.message())
}

/// Typing a password: an accepted one is checked by the solver, then played.
#[inline(never)]
pub fn update_pad(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Some(pad) = working.pad.as_mut() else {
        working.mode = Mode::Play { drawing: false };
        return;
    };
    let event = match numpad_view::read_input(&system.input) {
        Some(input) => pad.handle(input),
        None => PadEvent::Nothing,
    };
    match event {
        PadEvent::Nothing => {}
        PadEvent::Typed | PadEvent::Deleted => system.sound.play(sfx::CURSOR),
        PadEvent::Refused => system.sound.play(sfx::ERROR),
        PadEvent::Rejected => {
            system.sound.play(sfx::ERROR);
            crate::event!("polarium.pad rejected error={:?}", pad.error());
        }
        PadEvent::Cancelled => {
            working.pad = None;
            working.view.close_pad();
            open_list(persistent, working, system);
            working.mode = Mode::List {
                page: sets(),
                row: TYPE_PASSWORD,
            };
            crate::event!("polarium.pad cancelled");
        }
        PadEvent::Accepted => {
            let typed = password::decode(pad.digits());
            working.pad = None;
            working.view.close_pad();
            system.sound.play(sfx::CONFIRM);
            if let Ok(puzzle) = typed {
                app::start(persistent, working, Source::Password(password::lines(&puzzle)));
                crate::event!("polarium.pad accepted");
                // Before play, the solver says whether the stroke exists.
                if let Some(search) = Search::start(&working.puzzle) {
                    working.search = Some((search, Purpose::Check));
                    working.mode = Mode::Checking;
                }
            }
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
        Progress::Unsolvable => "No stroke\nfrom its hint\ncells solves\nit.",
        Progress::OutOfSpace | Progress::Working { .. } => "Too hard to\ncheck here.",
    };
    crate::event!("polarium.checked verdict={}", verdict.replace('\n', " "));
    working.view.set_message(verdict);
    working.mode = Mode::Play { drawing: false };
}
