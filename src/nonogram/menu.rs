//! SELECT's screens: the puzzles, ten to a page by size (solved ones drawn
//! as their pictures, with their best times), and the options page last.

use agb::input::Button;
use alloc::{format, string::String};

use super::{
    art::Colours,
    app::{Mode, Nonogram, Persistent, Working, start_puzzle},
    records::{NonogramSave, Options},
    rules::builtin,
    view::{LIST_SLOTS, ListEntry, ListScene},
};
use crate::framework::{System, assets::sfx, widgets::timer::format_time};

/// Page `page`'s puzzles: the first index and how many (pages go size by
/// size, ten at a time); `None` past the last (the options page).
fn page_range(page: usize) -> Option<(usize, usize)> {
    let mut left = page;
    for size in 0..builtin::SIZES.len() {
        let (first, count) = (builtin::first_of_size(size), builtin::count_of_size(size));
        let pages = count.div_ceil(LIST_SLOTS);
        if left < pages {
            let start = first + left * LIST_SLOTS;
            return Some((start, (first + count - start).min(LIST_SLOTS)));
        }
        left -= pages;
    }
    None
}

/// The options page comes after every puzzle page.
fn options_page() -> usize {
    (0..).find(|&page| page_range(page).is_none()).unwrap_or(0)
}

/// The page and slot of puzzle `index`.
fn place_of(index: usize) -> (usize, usize) {
    (0..options_page())
        .find_map(|page| {
            let (first, count) = page_range(page)?;
            (first..first + count).contains(&index).then_some((page, index - first))
        })
        .unwrap_or((0, 0))
}

pub fn open_list(persistent: &Persistent, working: &mut Working) {
    let (page, slot) = place_of(usize::from(persistent.puzzle));
    working.mode = Mode::List { page, slot };
    crate::event!("nonogram.list page={page}");
}

#[inline(never)]
pub fn update_list(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::List { mut page, mut slot } = working.mode else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        working.mode = back_to_game(persistent);
        return;
    }
    let Some((first, count)) = page_range(page) else {
        return;
    };
    if input.just_pressed(Button::A) {
        start_puzzle(persistent, working, system, first + slot.min(count - 1));
        return;
    }
    let (dx, dy) = input.repeated_direction();
    let columns = 5;
    let pages = options_page() + 1;
    if dx != 0 {
        let column = slot % columns;
        let row_start = slot / columns * columns;
        if dx < 0 && column == 0 {
            page = (page + pages - 1) % pages;
            slot = row_start + columns - 1;
        } else if dx > 0 && (column == columns - 1 || slot + 1 >= count) {
            page = (page + 1) % pages;
            slot = row_start;
        } else {
            slot = (slot as i32 + dx.signum()) as usize;
        }
    } else if dy != 0 {
        slot = (slot + columns) % (2 * columns);
    } else {
        return;
    }
    system.sound.play(sfx::CURSOR);
    working.mode = match page_range(page) {
        Some((_, count)) => Mode::List { page, slot: slot.min(count - 1) },
        None => Mode::Options { row: 0 },
    };
}

/// Back from a menu to the puzzle as it was.
fn back_to_game(persistent: &Persistent) -> Mode {
    if persistent.solved { Mode::Solved } else { Mode::Play }
}

/// The options' names and what each is set to.
fn option_lines(options: &Options, row: usize) -> String {
    let on = |value: bool| if value { "on" } else { "off" };
    let rows = [
        format!("Hint guide: {}", on(options.hint_guide)),
        format!("Auto-cross: {}", on(options.auto_cross)),
        format!("Mistakes: {}", if options.mistakes { "2-4-8 min" } else { "off" }),
        format!("Colours: {}", if options.high_contrast { "high contrast" } else { "soft" }),
    ];
    let mut text = String::new();
    for (index, line) in rows.iter().enumerate() {
        text.push_str(if index == row { "> " } else { "  " });
        text.push_str(line);
        text.push('\n');
    }
    text.push_str("\nA: change  B: back");
    text
}

const OPTION_ROWS: usize = 4;

#[inline(never)]
pub fn update_options(working: &mut Working, system: &mut System) {
    let Mode::Options { row } = working.mode else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        let last = options_page().saturating_sub(1);
        working.mode = Mode::List { page: last, slot: 0 };
        return;
    }
    let (dx, dy) = input.repeated_direction();
    if dx < 0 {
        working.mode = Mode::List { page: options_page().saturating_sub(1), slot: 0 };
        system.sound.play(sfx::CURSOR);
        return;
    }
    if dx > 0 {
        working.mode = Mode::List { page: 0, slot: 0 };
        system.sound.play(sfx::CURSOR);
        return;
    }
    if dy != 0 {
        working.mode = Mode::Options {
            row: (row as i32 + dy).rem_euclid(OPTION_ROWS as i32) as usize,
        };
        system.sound.play(sfx::CURSOR);
        return;
    }
    if input.just_pressed(Button::A) {
        let save = system.save::<Nonogram>();
        let options = &mut save.options;
        match row {
            0 => options.hint_guide = !options.hint_guide,
            1 => options.auto_cross = !options.auto_cross,
            2 => options.mistakes = !options.mistakes,
            _ => options.high_contrast = !options.high_contrast,
        }
        let options = save.options;
        crate::event!("nonogram.options {:?}", options);
        // The options take effect here, once, not every frame.
        working.game.board.auto_cross = options.auto_cross;
        working.view.set_colours(Colours::new(options.high_contrast));
        system.storage.commit_soon();
        system.sound.play(sfx::CONFIRM);
        options_text(working, system, row);
    }
}

/// Draw the list page; true while drawing is left for later frames.
pub fn sync_list(working: &mut Working, system: &mut System, page: usize, slot: usize) -> bool {
    let Some((first, count)) = page_range(page) else {
        return false;
    };
    let save: &NonogramSave = system.save::<Nonogram>();
    let mut entries = heapless::Vec::<ListEntry, LIST_SLOTS>::new();
    for index in first..first + count {
        let _ = entries.push(ListEntry {
            index: index as u16,
            best: save.best(index),
        });
    }
    working.view.sync_list(&ListScene {
        entries: &entries,
        selected: slot,
        options: false,
    })
}

/// The list page's title and the chosen puzzle's line.
pub fn list_text(working: &mut Working, system: &mut System, page: usize, slot: usize) {
    let Some((first, count)) = page_range(page) else {
        return;
    };
    let save: &NonogramSave = system.save::<Nonogram>();
    let selected = first + slot.min(count.saturating_sub(1));
    let (width, height) = builtin::size(selected).unwrap_or((0, 0));
    working.view.set_title(&format!(
        "{width}x{height}  {}-{}",
        first + 1,
        first + count
    ));
    let line = match save.best(selected) {
        Some(seconds) => format!(
            "No.{} {}  {}",
            selected + 1,
            builtin::name(selected).unwrap_or(""),
            format_time(seconds)
        ),
        None => format!("No.{}  not solved yet", selected + 1),
    };
    working.view.set_lines(&line);
}

/// Draw the options page.
pub fn sync_options(working: &mut Working) -> bool {
    working.view.sync_list(&ListScene {
        entries: &[],
        selected: 0,
        options: true,
    })
}

/// The options page's text.
pub fn options_text(working: &mut Working, system: &mut System, row: usize) {
    working.view.set_title("Options");
    let options = system.save::<Nonogram>().options;
    working.view.set_lines(&option_lines(&options, row));
}
