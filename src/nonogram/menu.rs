//! SELECT's screens in the ring of pages (see `pages.rs`): the puzzle
//! lists (solved ones drawn as their pictures, with their best times), a
//! filled slot of the player's (play or edit), and the options.

use agb::input::Button;
use alloc::{format, string::String};

use super::{
    next::Next,
    pages::{self, Page, page, page_count, place_of_mine, rows_text, step_row},
    puzzle::{self, Game, Source, Unfinished},
    records::{Custom, NonogramSave, Options},
    rules::{builtin, colour_art},
    shelf::ShelfPuzzle,
    view::{LIST_SLOTS, ListEntry, ListScene, View},
};
use crate::framework::{
    System,
    assets::sfx,
    widgets::{
        pager::{self, Ends},
        prepared::{PreparedLine, prepared_all},
        timer::format_time,
    },
};

/// A page of puzzles: the built-ins or the player's own.
pub struct ListPage {
    /// Its place in the ring.
    number: usize,
    page: Page,
    /// The puzzle chosen on it.
    slot: usize,
    /// What each slot shows, from the save section.
    entries: heapless::Vec<ListEntry, LIST_SLOTS>,
}

impl ListPage {
    /// Page `number` of the ring, which must hold puzzles, with `slot`
    /// (or its last) chosen.
    pub fn new(number: usize, slot: usize, save: &NonogramSave, unfinished: Unfinished) -> Self {
        let page = page(number);
        let mut entries = heapless::Vec::new();
        let slot = match page {
            Page::Builtin { first, count } => {
                for index in first..first + count {
                    let best = save.best(index);
                    let _ = entries.push(ListEntry {
                        number: index as u16 + 1,
                        best,
                        picture: best.and_then(|_| builtin::picture(index)),
                        empty_slot: false,
                        left_at: unfinished.seconds(ShelfPuzzle::Builtin(index as u16)),
                        clean: save.is_clean(index),
                        art: best.and_then(|_| colour_art::picture(index)),
                    });
                }
                slot.min(count - 1)
            }
            Page::Mine { first, count } => {
                for slot in first..first + count {
                    let custom = save.custom(slot);
                    // An empty slot with the editor's unsaved drawing shows it.
                    let picture = match custom {
                        Some(custom) => custom.picture(),
                        None => save.draft_for(slot),
                    };
                    let left_at = puzzle::shelf_puzzle_of(Source::Custom(slot as u8), save)
                        .and_then(|puzzle| unfinished.seconds(puzzle));
                    let _ = entries.push(ListEntry {
                        number: slot as u16 + 1,
                        best: custom.and_then(|custom| custom.best()),
                        empty_slot: picture.is_none(),
                        picture,
                        left_at,
                        clean: custom.is_some_and(Custom::is_clean),
                        art: None,
                    });
                }
                slot.min(count - 1)
            }
            Page::Extras | Page::Statistics | Page::Options => 0,
        };
        Self {
            number,
            page,
            slot,
            entries,
        }
    }

    #[inline(never)]
    pub fn update(&self, game: &Game, system: &mut System) -> Next {
        let (number, slot) = (self.number, self.slot);
        let input = &system.input;
        if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
            return Next::Game;
        }
        match self.page {
            Page::Builtin { first, count } if input.just_pressed(Button::A) => {
                let source = Source::Builtin((first + slot.min(count - 1)) as u16);
                // The puzzle under way carries on; a finished one starts again.
                if game.source == source && !game.solved {
                    crate::event!("nonogram.resumed puzzle={}", game.source);
                    return Next::Game;
                }
                return Next::Start {
                    source,
                    picture: None,
                };
            }
            Page::Mine { first, .. } if input.just_pressed(Button::A) => {
                let slot = first + slot;
                if puzzle::saved(system).custom(slot).is_some() {
                    system.sound.play(sfx::CONFIRM);
                    return Next::Slot(slot);
                }
                return Next::Edit(slot);
            }
            _ => {}
        }
        let pages = page_count();
        // L and R turn whole pages.
        let turn =
            i32::from(input.just_pressed(Button::R)) - i32::from(input.just_pressed(Button::L));
        if turn != 0 {
            let next = pager::step(number, turn, pages, Ends::Wrap);
            system.sound.play(sfx::CURSOR);
            return Next::Page { number: next, slot };
        }
        let (dx, dy) = input.repeated_direction();
        let columns = LIST_SLOTS / 2;
        let count = match self.page {
            Page::Builtin { count, .. } | Page::Mine { count, .. } => count,
            Page::Extras | Page::Statistics | Page::Options => 1,
        };
        let (number, slot) = if dx != 0 {
            let column = slot % columns;
            let row_start = slot / columns * columns;
            // Off either edge of the grid: the neighbouring page, same line.
            if dx < 0 && column == 0 {
                let previous = pager::step(number, -1, pages, Ends::Wrap);
                (previous, row_start + columns - 1)
            } else if dx > 0 && (column == columns - 1 || slot + 1 >= count) {
                (pager::step(number, 1, pages, Ends::Wrap), row_start)
            } else {
                (number, (slot as i32 + dx.signum()) as usize)
            }
        } else if dy != 0 && count > columns {
            (number, (slot + columns) % (2 * columns))
        } else {
            // Nothing pressed, or UP or DOWN on a page of one row: there
            // is no other row to go to.
            return Next::Stay;
        };
        system.sound.play(sfx::CURSOR);
        Next::Page { number, slot }
    }

    /// The page's title and the chosen puzzle's line.
    pub fn text(&self, save: &NonogramSave, view: &mut View) {
        let slot = self.slot;
        let (title, line) = match self.page {
            Page::Builtin { first, count } => {
                let selected = first + slot.min(count.saturating_sub(1));
                let (width, height) = builtin::size(selected).unwrap_or((0, 0));
                let left_at = self.entries.get(slot).and_then(|entry| entry.left_at);
                let line = match (save.best(selected), left_at) {
                    (Some(seconds), _) => format!(
                        "No.{} {}  {}{}\n{PLAY_HELP}",
                        selected + 1,
                        builtin::name(selected).unwrap_or(""),
                        format_time(seconds),
                        if save.is_clean(selected) {
                            "  clean"
                        } else {
                            ""
                        }
                    ),
                    (None, Some(seconds)) => format!(
                        "No.{}  left at {}\n{CARRY_ON_HELP}",
                        selected + 1,
                        format_time(seconds)
                    ),
                    (None, None) => format!("No.{}  not solved yet\n{PLAY_HELP}", selected + 1),
                };
                (
                    format!("{width}x{height}  {}-{}", first + 1, first + count),
                    line,
                )
            }
            Page::Mine { first, count } => {
                let selected = first + slot.min(count.saturating_sub(1));
                let left_at = self.entries.get(slot).and_then(|entry| entry.left_at);
                let line = match save.custom(selected) {
                    Some(custom) => {
                        let best = match (custom.best(), left_at) {
                            (Some(best), _) => format_time(best).as_str().into(),
                            (None, Some(left)) => format!("left at {}", format_time(left)),
                            (None, None) => String::from("not solved"),
                        };
                        format!(
                            "Mine {} {}x{} {best}\n{MINE_HELP}",
                            selected + 1,
                            custom.width,
                            custom.height
                        )
                    }
                    None if save.draft_for(selected).is_some() => {
                        format!("Slot {}: a drawing not saved\n{DRAFT_HELP}", selected + 1)
                    }
                    None => format!("Slot {} is empty\n{EMPTY_HELP}", selected + 1),
                };
                (format!("My puzzles  {}-{}", first + 1, first + count), line)
            }
            Page::Extras | Page::Statistics | Page::Options => return,
        };
        view.set_title(&title);
        view.set_lines_knowing(&line, &LIST_KNOWN);
    }

    /// What the page shows.
    pub fn scene(&self) -> ListScene<'_> {
        ListScene {
            entries: &self.entries,
            selected: self.slot,
            text_page: false,
            code: &[],
        }
    }

    /// Draw the page; true while drawing is left for later frames.
    pub fn draw(&self, view: &mut View) -> bool {
        view.sync_list(&self.scene())
    }
}

/// The list pages' help lines, rendered at build time: each page turn then
/// types only its puzzle's line.
const PLAY_HELP: &str = "A: play  L/R: pages  B: back";
const CARRY_ON_HELP: &str = "A: carry on  L/R: pages  B: back";
const MINE_HELP: &str = "A: play or edit";
const DRAFT_HELP: &str = "A: draw on";
const EMPTY_HELP: &str = "A: draw a puzzle";
static LIST_KNOWN: [&PreparedLine; 5] =
    prepared_all![PLAY_HELP, CARRY_ON_HELP, MINE_HELP, DRAFT_HELP, EMPTY_HELP];

/// What a filled slot of the player's offers.
const SLOT_ROWS: [&str; 3] = ["Play", "Edit", "Back"];
const SLOT_HELP: &str = "A: choose  B: back";
/// The slot page's lines rendered at build time.
static SLOT_KNOWN: [&PreparedLine; 4] =
    prepared_all![SLOT_ROWS[0], SLOT_ROWS[1], SLOT_ROWS[2], SLOT_HELP];

/// A filled slot of the player's chosen: play it or edit it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SlotPage {
    slot: usize,
    row: usize,
}

impl SlotPage {
    /// The player's slot `slot`, its first row chosen.
    pub fn new(slot: usize) -> Self {
        Self { slot, row: 0 }
    }

    #[inline(never)]
    pub fn update(&mut self, game: &Game, system: &mut System) -> Next {
        let slot = self.slot;
        let (number, mine) = place_of_mine(slot);
        let back = Next::Page { number, slot: mine };
        if system.input.just_pressed(Button::B) {
            return back;
        }
        if let Some(row) = step_row(system, self.row, SLOT_ROWS.len()) {
            self.row = row;
            return Next::Stay;
        }
        if !system.input.just_pressed(Button::A) {
            return Next::Stay;
        }
        let picture = puzzle::saved(system)
            .custom(slot)
            .and_then(|custom| custom.picture());
        match (self.row, picture) {
            (0, Some(picture)) => {
                let source = Source::Custom(slot as u8);
                // The same picture under way carries on (not one edited since).
                if game.source == source && !game.solved && *game.solution() == picture {
                    Next::Game
                } else {
                    Next::Start {
                        source,
                        picture: Some(picture),
                    }
                }
            }
            (1, _) => Next::Edit(slot),
            _ => back,
        }
    }

    /// The slot page's text.
    pub fn text(&self, save: &NonogramSave, view: &mut View) {
        let slot = self.slot;
        let title = match save.custom(slot) {
            Some(custom) => format!("Mine {}  {}x{}", slot + 1, custom.width, custom.height),
            None => format!("Mine {}", slot + 1),
        };
        view.set_title(&title);
        view.set_lines_knowing(&rows_text(&SLOT_ROWS, self.row, SLOT_HELP), &SLOT_KNOWN);
    }

    pub fn draw(&self, view: &mut View) -> bool {
        view.sync_text_page()
    }
}

const OPTION_ROWS: usize = 6;
/// The options page's last row: how to play, not an option.
const LESSON_ROW: usize = 5;

/// The options page, its selected row.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OptionsPage {
    row: usize,
}

impl OptionsPage {
    /// The page with its first row chosen.
    pub fn new() -> Self {
        Self { row: 0 }
    }

    #[inline(never)]
    pub fn update(&mut self, game: &mut Game, system: &mut System) -> Next {
        let input = &system.input;
        if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
            return Next::Game;
        }
        if let Some(number) = pages::turn_from_text_page(system, Page::Options) {
            return Next::Page { number, slot: 0 };
        }
        if let Some(row) = step_row(system, self.row, OPTION_ROWS) {
            self.row = row;
            return Next::Stay;
        }
        if system.input.just_pressed(Button::A) && self.row == LESSON_ROW {
            system.sound.play(sfx::CONFIRM);
            return Next::Lesson;
        }
        if system.input.just_pressed(Button::A) {
            let save = puzzle::save(system);
            let options = &mut save.options;
            match self.row {
                0 => options.hint_guide = !options.hint_guide,
                1 => options.auto_cross = !options.auto_cross,
                2 => options.mistakes = !options.mistakes,
                3 => options.high_contrast = !options.high_contrast,
                _ => options.start_hint = !options.start_hint,
            }
            let options = save.options;
            crate::event!("nonogram.options {:?}", options);
            // The options take effect here, once, not every frame (the
            // colours as the app hands them to the view).
            game.set_auto_cross(options.auto_cross);
            system.storage.commit_soon();
            system.sound.play(sfx::CONFIRM);
        }
        Next::Stay
    }

    /// The options page's text.
    pub fn text(&self, options: &Options, view: &mut View) {
        view.set_title("Options");
        view.set_lines_knowing(&option_lines(options, self.row), &OPTIONS_KNOWN);
    }

    pub fn draw(&self, view: &mut View) -> bool {
        view.sync_text_page()
    }
}

/// Each option's row, off and on.
const HINT_GUIDE: [&str; 2] = ["Hint guide: off", "Hint guide: on"];
const AUTO_CROSS: [&str; 2] = ["Auto-cross: off", "Auto-cross: on"];
const MISTAKES: [&str; 2] = ["Mistakes: off", "Mistakes: 2-4-8 min"];
const COLOURS: [&str; 2] = ["Colours: soft", "Colours: high contrast"];
const START_HINT: [&str; 2] = ["Start hint: off", "Start hint: on"];
const HOW_TO_PLAY: &str = "How to play";
const OPTIONS_HELP: &str = "A: change  L/R: pages  B: back";
/// The options page's lines rendered at build time: every row it can
/// show, so it goes up as copies.
static OPTIONS_KNOWN: [&PreparedLine; 12] = prepared_all![
    HINT_GUIDE[0],
    HINT_GUIDE[1],
    AUTO_CROSS[0],
    AUTO_CROSS[1],
    MISTAKES[0],
    MISTAKES[1],
    COLOURS[0],
    COLOURS[1],
    START_HINT[0],
    START_HINT[1],
    HOW_TO_PLAY,
    OPTIONS_HELP,
];

/// The options' names and what each is set to.
fn option_lines(options: &Options, row: usize) -> String {
    let rows = [
        HINT_GUIDE[usize::from(options.hint_guide)],
        AUTO_CROSS[usize::from(options.auto_cross)],
        MISTAKES[usize::from(options.mistakes)],
        COLOURS[usize::from(options.high_contrast)],
        START_HINT[usize::from(options.start_hint)],
        HOW_TO_PLAY,
    ];
    rows_text(&rows, row, OPTIONS_HELP)
}
