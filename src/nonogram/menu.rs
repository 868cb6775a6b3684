//! SELECT's screens, in a ring of pages: the built-in puzzles ten to a page
//! by size (solved ones drawn as their pictures, with their best times), the
//! player's own puzzles, the extras (random puzzles, share codes) and the
//! options.

use agb::input::Button;
use alloc::{format, string::String};

use super::{
    app::{Mode, Nonogram, Persistent, Source, Working, start_puzzle},
    art::Colours,
    editor, extras,
    records::{CUSTOM_SLOTS, NonogramSave, Options},
    rules::builtin,
    view::{LIST_SLOTS, ListEntry, ListScene},
};
use crate::framework::{System, assets::sfx, widgets::timer::format_time};

/// What a page of the ring holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Page {
    /// Built-in puzzles from `first`, `count` of them.
    Builtin {
        first: usize,
        count: usize,
    },
    /// The player's slots from `first`, `count` of them.
    Mine {
        first: usize,
        count: usize,
    },
    Extras,
    Options,
}

const MINE_PAGES: usize = CUSTOM_SLOTS.div_ceil(LIST_SLOTS);

fn builtin_pages() -> usize {
    (0..builtin::SIZES.len())
        .map(|size| builtin::count_of_size(size).div_ceil(LIST_SLOTS))
        .sum()
}

fn page_count() -> usize {
    builtin_pages() + MINE_PAGES + 2
}

fn page(number: usize) -> Page {
    let mut left = number;
    for size in 0..builtin::SIZES.len() {
        let (first, count) = (builtin::first_of_size(size), builtin::count_of_size(size));
        let pages = count.div_ceil(LIST_SLOTS);
        if left < pages {
            let start = first + left * LIST_SLOTS;
            return Page::Builtin {
                first: start,
                count: (first + count - start).min(LIST_SLOTS),
            };
        }
        left -= pages;
    }
    if left < MINE_PAGES {
        let first = left * LIST_SLOTS;
        return Page::Mine {
            first,
            count: (CUSTOM_SLOTS - first).min(LIST_SLOTS),
        };
    }
    if left == MINE_PAGES {
        Page::Extras
    } else {
        Page::Options
    }
}

fn page_number(wanted: Page) -> usize {
    (0..page_count())
        .find(|&number| page(number) == wanted)
        .unwrap_or(0)
}

/// The mode that shows page `number` with `slot` (or row 0) chosen.
fn mode_for(number: usize, slot: usize) -> Mode {
    match page(number) {
        Page::Builtin { count, .. } | Page::Mine { count, .. } => Mode::List {
            page: number,
            slot: slot.min(count - 1),
        },
        Page::Extras => Mode::Extras { row: 0 },
        Page::Options => Mode::Options { row: 0 },
    }
}

/// The page and slot showing the puzzle being played.
fn place_of(source: Source) -> (usize, usize) {
    let found = (0..page_count()).find_map(|number| {
        let (first, count, index) = match (page(number), source) {
            (Page::Builtin { first, count }, Source::Builtin(index)) => {
                (first, count, usize::from(index))
            }
            (Page::Mine { first, count }, Source::Custom(slot)) => {
                (first, count, usize::from(slot))
            }
            _ => return None,
        };
        (first..first + count)
            .contains(&index)
            .then_some((number, index - first))
    });
    found.unwrap_or_else(|| match source {
        Source::Random(_) | Source::Shared => (page_number(Page::Extras), 0),
        _ => (0, 0),
    })
}

pub fn open_list(persistent: &Persistent, working: &mut Working) {
    let (page, slot) = place_of(persistent.source);
    working.mode = match mode_for(page, slot) {
        // A random or shared puzzle: its own row of the extras page.
        Mode::Extras { .. } => {
            let size = (
                working.game.solution.width(),
                working.game.solution.height(),
            );
            Mode::Extras {
                row: extras::row_of(persistent.source, size),
            }
        }
        mode => mode,
    };
    crate::event!("nonogram.list page={page}");
}

/// The list mode showing the player's slot `slot`.
pub fn mine_mode(slot: usize) -> Mode {
    let slot = slot.min(CUSTOM_SLOTS - 1);
    let first = slot / LIST_SLOTS * LIST_SLOTS;
    let page = page_number(Page::Mine {
        first,
        count: (CUSTOM_SLOTS - first).min(LIST_SLOTS),
    });
    mode_for(page, slot - first)
}

#[inline(never)]
pub fn update_list(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::List { page: number, slot } = working.mode else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        working.mode = back_to_game(persistent);
        return;
    }
    match page(number) {
        Page::Builtin { first, count } if input.just_pressed(Button::A) => {
            let source = Source::Builtin((first + slot.min(count - 1)) as u16);
            // The puzzle under way carries on; a finished one starts again.
            if persistent.source == source && !persistent.solved {
                working.mode = back_to_game(persistent);
                crate::event!("nonogram.resumed puzzle={}", persistent.source);
            } else {
                start_puzzle(persistent, working, system, source, None);
            }
            return;
        }
        Page::Mine { first, .. } if input.just_pressed(Button::A) => {
            let slot = first + slot;
            if system.save::<Nonogram>().custom(slot).is_some() {
                working.mode = Mode::Slot { slot, row: 0 };
                system.sound.play(sfx::CONFIRM);
            } else {
                editor::open(working, system, slot);
            }
            return;
        }
        _ => {}
    }
    let pages = page_count();
    // L and R turn whole pages.
    let turn = i32::from(input.just_pressed(Button::R)) - i32::from(input.just_pressed(Button::L));
    if turn != 0 {
        let next = (number as i32 + turn).rem_euclid(pages as i32) as usize;
        system.sound.play(sfx::CURSOR);
        working.mode = mode_for(next, slot);
        return;
    }
    let (dx, dy) = input.repeated_direction();
    let columns = LIST_SLOTS / 2;
    let count = match page(number) {
        Page::Builtin { count, .. } | Page::Mine { count, .. } => count,
        Page::Extras | Page::Options => 1,
    };
    let (number, slot) = if dx != 0 {
        let column = slot % columns;
        let row_start = slot / columns * columns;
        if dx < 0 && column == 0 {
            ((number + pages - 1) % pages, row_start + columns - 1)
        } else if dx > 0 && (column == columns - 1 || slot + 1 >= count) {
            ((number + 1) % pages, row_start)
        } else {
            (number, (slot as i32 + dx.signum()) as usize)
        }
    } else if dy != 0 {
        (number, (slot + columns) % (2 * columns))
    } else {
        return;
    };
    system.sound.play(sfx::CURSOR);
    working.mode = mode_for(number, slot);
}

/// On a text page: LEFT and RIGHT (or L and R) turn to the neighbouring
/// pages; true if they did.
pub fn turn_from_text_page(working: &mut Working, system: &mut System, wanted: TextPage) -> bool {
    let input = &system.input;
    let dx = input.repeated_direction().0 + i32::from(input.just_pressed(Button::R))
        - i32::from(input.just_pressed(Button::L));
    if dx == 0 {
        return false;
    }
    let number = page_number(match wanted {
        TextPage::Extras => Page::Extras,
        TextPage::Options => Page::Options,
    });
    let pages = page_count();
    let next = if dx < 0 {
        (number + pages - 1) % pages
    } else {
        (number + 1) % pages
    };
    working.mode = mode_for(next, 0);
    system.sound.play(sfx::CURSOR);
    true
}

/// What a filled slot of the player's offers.
const SLOT_ROWS: [&str; 3] = ["Play", "Edit", "Back"];

/// A filled slot of the player's chosen: play it or edit it.
#[inline(never)]
pub fn update_slot(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::Slot { slot, row } = working.mode else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) {
        working.mode = mine_mode(slot);
        return;
    }
    if let Some(row) = step_row(system, row, SLOT_ROWS.len()) {
        working.mode = Mode::Slot { slot, row };
        return;
    }
    if !system.input.just_pressed(Button::A) {
        return;
    }
    let picture = system
        .save::<Nonogram>()
        .custom(slot)
        .and_then(|custom| custom.picture());
    match (row, picture) {
        (0, Some(picture)) => {
            let source = Source::Custom(slot as u8);
            // The same picture under way carries on (not one edited since).
            if persistent.source == source && !persistent.solved && working.game.solution == picture
            {
                working.mode = back_to_game(persistent);
            } else {
                start_puzzle(persistent, working, system, source, Some(&picture));
            }
        }
        (1, _) => editor::open(working, system, slot),
        _ => working.mode = mine_mode(slot),
    }
}

/// The slot page's text.
pub fn slot_text(working: &mut Working, system: &mut System, slot: usize, row: usize) {
    let save: &NonogramSave = system.save::<Nonogram>();
    let title = match save.custom(slot) {
        Some(custom) => format!("Mine {}  {}x{}", slot + 1, custom.width, custom.height),
        None => format!("Mine {}", slot + 1),
    };
    working.view.set_title(&title);
    working
        .view
        .set_lines(&rows_text(&SLOT_ROWS, row, "A: choose  B: back"));
}

/// The pages of text in the ring.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TextPage {
    Extras,
    Options,
}

/// Back from a menu to the puzzle as it was.
pub fn back_to_game(persistent: &Persistent) -> Mode {
    if persistent.solved {
        Mode::Solved
    } else {
        Mode::Play
    }
}

/// UP or DOWN on a page of `count` rows: the row it moves to (round the
/// ends), with the cursor's sound; `None` if neither is pressed.
pub fn step_row(system: &mut System, row: usize, count: usize) -> Option<usize> {
    let (_, dy) = system.input.repeated_direction();
    if dy == 0 {
        return None;
    }
    system.sound.play(sfx::CURSOR);
    Some((row as i32 + dy).rem_euclid(count as i32) as usize)
}

/// Rows of a text page: the chosen one marked, then a line of help.
pub fn rows_text(rows: &[&str], chosen: usize, help: &str) -> String {
    let mut text = String::new();
    for (index, line) in rows.iter().enumerate() {
        text.push_str(if index == chosen { "> " } else { "  " });
        text.push_str(line);
        text.push('\n');
    }
    text.push('\n');
    text.push_str(help);
    text
}

/// The options' names and what each is set to.
fn option_lines(options: &Options, row: usize) -> String {
    let on = |value: bool| if value { "on" } else { "off" };
    let rows = [
        format!("Hint guide: {}", on(options.hint_guide)),
        format!("Auto-cross: {}", on(options.auto_cross)),
        format!(
            "Mistakes: {}",
            if options.mistakes { "2-4-8 min" } else { "off" }
        ),
        format!(
            "Colours: {}",
            if options.high_contrast {
                "high contrast"
            } else {
                "soft"
            }
        ),
    ];
    let rows = [
        rows[0].as_str(),
        rows[1].as_str(),
        rows[2].as_str(),
        rows[3].as_str(),
    ];
    rows_text(&rows, row, "A: change  B: back")
}

const OPTION_ROWS: usize = 4;

#[inline(never)]
pub fn update_options(persistent: &Persistent, working: &mut Working, system: &mut System) {
    let Mode::Options { row } = working.mode else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        working.mode = back_to_game(persistent);
        return;
    }
    if turn_from_text_page(working, system, TextPage::Options) {
        return;
    }
    if let Some(row) = step_row(system, row, OPTION_ROWS) {
        working.mode = Mode::Options { row };
        return;
    }
    if system.input.just_pressed(Button::A) {
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
        working
            .view
            .set_colours(Colours::new(options.high_contrast));
        system.storage.commit_soon();
        system.sound.play(sfx::CONFIRM);
        options_text(working, system, row);
    }
}

/// Draw the list page; true while drawing is left for later frames.
pub fn sync_list(working: &mut Working, system: &mut System, number: usize, slot: usize) -> bool {
    let save: &NonogramSave = system.save::<Nonogram>();
    let mut entries = heapless::Vec::<ListEntry, LIST_SLOTS>::new();
    match page(number) {
        Page::Builtin { first, count } => {
            for index in first..first + count {
                let best = save.best(index);
                let _ = entries.push(ListEntry {
                    number: index as u16 + 1,
                    best,
                    picture: best.and_then(|_| builtin::picture(index)),
                    empty_slot: false,
                });
            }
        }
        Page::Mine { first, count } => {
            for slot in first..first + count {
                let custom = save.custom(slot);
                let _ = entries.push(ListEntry {
                    number: slot as u16 + 1,
                    best: custom.and_then(|custom| custom.best()),
                    picture: custom.and_then(|custom| custom.picture()),
                    empty_slot: custom.is_none(),
                });
            }
        }
        Page::Extras | Page::Options => return false,
    }
    working.view.sync_list(&ListScene {
        entries: &entries,
        selected: slot,
        text_page: false,
        code: &[],
    })
}

/// The list page's title and the chosen puzzle's line.
pub fn list_text(working: &mut Working, system: &mut System, number: usize, slot: usize) {
    let save: &NonogramSave = system.save::<Nonogram>();
    let (title, line) = match page(number) {
        Page::Builtin { first, count } => {
            let selected = first + slot.min(count.saturating_sub(1));
            let (width, height) = builtin::size(selected).unwrap_or((0, 0));
            let line = match save.best(selected) {
                Some(seconds) => format!(
                    "No.{} {}  {}",
                    selected + 1,
                    builtin::name(selected).unwrap_or(""),
                    format_time(seconds)
                ),
                None => format!("No.{}  not solved yet", selected + 1),
            };
            (
                format!("{width}x{height}  {}-{}", first + 1, first + count),
                line,
            )
        }
        Page::Mine { first, count } => {
            let selected = first + slot.min(count.saturating_sub(1));
            let line = match save.custom(selected) {
                Some(custom) => {
                    let best = custom.best().map_or_else(
                        || String::from("not solved"),
                        |best| format_time(best).as_str().into(),
                    );
                    format!(
                        "Mine {} {}x{} {best}\nA: play or edit",
                        selected + 1,
                        custom.width,
                        custom.height
                    )
                }
                None => format!("Slot {} is empty\nA: draw a puzzle", selected + 1),
            };
            (format!("My puzzles  {}-{}", first + 1, first + count), line)
        }
        Page::Extras | Page::Options => return,
    };
    working.view.set_title(&title);
    working.view.set_lines(&line);
}

/// Draw a text page (the options, the extras, the editor's menu).
pub fn sync_text_page(working: &mut Working) -> bool {
    sync_code_page(working, &[])
}

/// Draw a text page with a share code's digits on it.
pub fn sync_code_page(working: &mut Working, code: &[u8]) -> bool {
    working.view.sync_list(&ListScene {
        entries: &[],
        selected: 0,
        text_page: true,
        code,
    })
}

/// The options page's text.
pub fn options_text(working: &mut Working, system: &mut System, row: usize) {
    working.view.set_title("Options");
    let options = system.save::<Nonogram>().options;
    working.view.set_lines(&option_lines(&options, row));
}
