//! SELECT's ring of pages: the built-in puzzles ten to a page by size, the
//! player's own, the statistics, the extras and the options; and what the text pages share
//! (rows with one chosen, a line of help).

use agb::input::Button;
use alloc::string::String;

use super::{puzzle::Source, records::CUSTOM_SLOTS, rules::builtin, view::LIST_SLOTS};
use crate::framework::{
    System,
    assets::sfx,
    widgets::pager::{self, Ends},
};

/// What a page of the ring holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Page {
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
    Statistics,
    Extras,
    Options,
}

const MINE_PAGES: usize = CUSTOM_SLOTS.div_ceil(LIST_SLOTS);

fn builtin_pages() -> usize {
    (0..builtin::SIZES.len())
        .map(|size| builtin::count_of_size(size).div_ceil(LIST_SLOTS))
        .sum()
}

pub fn page_count() -> usize {
    builtin_pages() + MINE_PAGES + 3
}

/// What page `number` of the ring holds.
pub fn page(number: usize) -> Page {
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
    match left - MINE_PAGES {
        0 => Page::Statistics,
        1 => Page::Extras,
        _ => Page::Options,
    }
}

pub fn page_number(wanted: Page) -> usize {
    (0..page_count())
        .find(|&number| page(number) == wanted)
        .unwrap_or(0)
}

/// The page and slot showing the puzzle being played.
pub fn place_of(source: Source) -> (usize, usize) {
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

/// The page and slot showing the player's slot `slot`.
pub fn place_of_mine(slot: usize) -> (usize, usize) {
    let slot = slot.min(CUSTOM_SLOTS - 1);
    let first = slot / LIST_SLOTS * LIST_SLOTS;
    let page = page_number(Page::Mine {
        first,
        count: (CUSTOM_SLOTS - first).min(LIST_SLOTS),
    });
    (page, slot - first)
}

/// On a text page (`wanted`): LEFT and RIGHT (or L and R) turn to the
/// neighbouring pages; the page turned to, if they did.
pub fn turn_from_text_page(system: &mut System, wanted: Page) -> Option<usize> {
    let input = &system.input;
    let dx = input.repeated_direction().0 + i32::from(input.just_pressed(Button::R))
        - i32::from(input.just_pressed(Button::L));
    if dx == 0 {
        return None;
    }
    let next = pager::step(page_number(wanted), dx.signum(), page_count(), Ends::Wrap);
    system.sound.play(sfx::CURSOR);
    Some(next)
}

/// UP or DOWN on a page of `count` rows: the row it moves to (round the
/// ends), with the cursor's sound; `None` if neither is pressed.
pub fn step_row(system: &mut System, row: usize, count: usize) -> Option<usize> {
    let (_, dy) = system.input.repeated_direction();
    if dy == 0 {
        return None;
    }
    system.sound.play(sfx::CURSOR);
    Some(pager::step(row, dy, count, Ends::Wrap))
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
