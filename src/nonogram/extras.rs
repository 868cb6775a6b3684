//! The extras page: random puzzles made on the cartridge, and share codes
//! typed on the number pad (a page of six groups at a time; each group is
//! checked as it is typed and a bad one is marked and named).
//!
//! A random puzzle is Tatham-style: the generator draws pictures until one
//! has clues that line logic alone solves, which also proves it has one
//! solution; the work is spread over frames with its progress shown.

use agb::input::Button;
use alloc::{boxed::Box, format};

use super::{
    CODE_CELLS_PER_SLICE,
    app::{Mode, Persistent, Source, Working, start_puzzle},
    menu::{self, TextPage},
    rules::{
        CodeError, Generator,
        share_code::{self, Decoding, GROUP_DIGITS, PAGE_GROUPS},
    },
};
use crate::framework::{
    System,
    assets::sfx,
    frame_time::fill_frame,
    widgets::{
        numpad::{NumberPad, PadEvent, PagedCode},
        numpad_view,
    },
};

/// Units of the generator's work between looks at the clock: the player
/// waits, so slices fill the frame (see `nonogram.generate` in `just bench`
/// for a slice's cost).
pub const GENERATE_WORK_PER_SLICE: u32 = 8;

/// The page's rows: random puzzles by size.
const SIZES: [(usize, usize); 4] = [(5, 5), (10, 10), (15, 15), (20, 15)];

/// The row after the sizes: type a share code.
const CODE_ROW: usize = SIZES.len();

/// The page's row that makes puzzles like one from `source` of `size`: its
/// size's for a random one, the share code's otherwise.
pub fn row_of(source: Source, size: (usize, usize)) -> usize {
    match source {
        Source::Random(_) => SIZES.iter().position(|&s| s == size).unwrap_or(0),
        _ => CODE_ROW,
    }
}

/// What the extras have under way.
#[derive(Default)]
pub struct Extras {
    generator: Option<Box<Generator>>,
    /// The seed and size being made.
    making: Option<(u32, (usize, usize))>,
    /// The picture made, to play next frame.
    made: Option<super::rules::Grid>,
    attempts_shown: u32,
    /// The share code being typed.
    pad: Option<Box<NumberPad>>,
    /// The share code typed, being read.
    reading: Option<Box<Decoding>>,
    /// Why the last code typed was refused, shown on the page.
    refusal: Option<&'static str>,
}

/// The page's rows: one per size, then the share code.
const ROWS: [&str; SIZES.len() + 1] = [
    "Random 5x5",
    "Random 10x10",
    "Random 15x15",
    "Random 20x15",
    "Type a share code",
];

/// A share code on the number pad: groups of five, six to a page, two to
/// a line; the first group gives the length.
const SHARE_CODE: PagedCode = PagedCode {
    group: GROUP_DIGITS,
    groups_per_page: PAGE_GROUPS,
    groups_per_line: 2,
    max_digits: share_code::MAX_DIGITS,
    length: |first| share_code::code_length(first).map_err(CodeError::message),
    check_group: |index, digits| share_code::check_group(index, digits).map_err(CodeError::message),
    // The picture is read after the pad closes, over a few frames: a code
    // whose checks all pass but whose picture does not is a forged one.
    validate: |digits| {
        Decoding::new(digits)
            .map(|_| ())
            .map_err(CodeError::message)
    },
};

#[inline(never)]
pub fn update_page(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::Extras { row } = working.mode else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        working.mode = menu::back_to_game(persistent);
        return;
    }
    if menu::turn_from_text_page(working, system, TextPage::Extras) {
        return;
    }
    if let Some(row) = menu::step_row(system, row, ROWS.len()) {
        working.mode = Mode::Extras { row };
        return;
    }
    if !system.input.just_pressed(Button::A) {
        return;
    }
    match SIZES.get(row) {
        Some(&size) => generate(working, system, size),
        None => open_pad(working, system),
    }
}

#[inline(never)]
fn open_pad(working: &mut Working, system: &mut System) {
    working.extras.refusal = None;
    let pad = Box::new(NumberPad::paged(SHARE_CODE));
    working.view.open_pad(&pad, "Type a share code:");
    working.extras.pad = Some(pad);
    working.mode = Mode::CodePad;
    system.sound.play(sfx::CONFIRM);
    crate::event!("nonogram.pad opened");
}

/// A frame of typing a share code; an accepted one is played at once.
#[inline(never)]
pub fn update_pad(_persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Some(pad) = working.extras.pad.as_mut() else {
        working.mode = Mode::Extras { row: CODE_ROW };
        return;
    };
    let event = numpad_view::run_frame(pad, &system.input, &mut system.sound, "nonogram.pad");
    match event {
        PadEvent::Accepted => {
            let reading = Decoding::new(pad.digits());
            close_pad(working);
            working.extras.refusal = None;
            match reading {
                Ok(reading) => {
                    working.extras.reading = Some(Box::new(reading));
                    working.mode = Mode::ReadingCode;
                }
                // The pad's validator checked it already: not reached.
                Err(_) => working.mode = Mode::Extras { row: CODE_ROW },
            }
        }
        PadEvent::Cancelled => {
            close_pad(working);
            working.mode = Mode::Extras { row: CODE_ROW };
        }
        PadEvent::Nothing
        | PadEvent::Typed
        | PadEvent::Deleted
        | PadEvent::Refused
        | PadEvent::Rejected
        | PadEvent::Turned => {}
    }
}

fn close_pad(working: &mut Working) {
    working.view.close_pad();
    working.extras.pad = None;
}

/// Draw the pad once its page is on screen; true while drawing is left.
pub fn sync_pad(working: &mut Working, a_held: bool) -> bool {
    if menu::sync_text_page(working) {
        return true;
    }
    if let Some(pad) = working.extras.pad.as_deref() {
        working.view.sync_pad(pad, a_held);
    }
    false
}

/// A frame of reading the share code typed: played once read.
#[inline(never)]
pub fn update_reading(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Some(reading) = working.extras.reading.as_mut() else {
        working.mode = Mode::Extras { row: CODE_ROW };
        return;
    };
    if system.input.just_pressed(Button::B) {
        working.extras.reading = None;
        working.mode = Mode::Extras { row: CODE_ROW };
        return;
    }
    let Some(read) = fill_frame(|| reading.step(CODE_CELLS_PER_SLICE)) else {
        return;
    };
    working.extras.reading = None;
    match read {
        Ok(picture) => {
            crate::event!(
                "nonogram.pad accepted size={}x{}",
                picture.width(),
                picture.height()
            );
            start_puzzle(persistent, working, system, Source::Shared, Some(&picture));
        }
        Err(error) => {
            crate::event!("nonogram.pad refused reason={:?}", error);
            working.extras.refusal = Some(error.message());
            working.mode = Mode::Extras { row: CODE_ROW };
            system.sound.play(sfx::ERROR);
        }
    }
}

/// START confirms a code instead of closing the window.
pub fn claims_start(working: &Working) -> bool {
    working.mode == Mode::CodePad
}

/// Start making a random puzzle of `size`.
pub fn generate(working: &mut Working, system: &mut System, (width, height): (usize, usize)) {
    let seed = system.rng.next_u32();
    let generator = working
        .extras
        .generator
        .get_or_insert_with(|| new_generator(seed, width, height));
    generator.restart(seed, width, height);
    working.extras.making = Some((seed, (width, height)));
    working.extras.made = None;
    working.extras.attempts_shown = 0;
    working.mode = Mode::Generating;
    system.sound.play(sfx::CONFIRM);
    crate::event!("nonogram.generate seed={seed} size={width}x{height}");
}

/// A generator on the heap, built there: it is too big for the stack.
#[inline(never)]
fn new_generator(seed: u32, width: usize, height: usize) -> Box<Generator> {
    let mut generator = Box::new_uninit();
    Generator::new_in(&mut generator, seed, width, height);
    // SAFETY: built in place on the line above.
    unsafe { generator.assume_init() }
}

#[inline(never)]
pub fn update_generating(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let (Some(generator), Some((seed, _))) =
        (working.extras.generator.as_mut(), working.extras.making)
    else {
        working.mode = Mode::Extras { row: 0 };
        return;
    };
    if system.input.just_pressed(Button::B) {
        working.extras.making = None;
        working.mode = Mode::Extras { row: 0 };
        return;
    }
    if let Some(picture) = working.extras.made.take() {
        // Found last frame: setting the puzzle up takes a frame of its own.
        working.extras.making = None;
        start_puzzle(
            persistent,
            working,
            system,
            Source::Random(seed),
            Some(&picture),
        );
        return;
    }
    match fill_frame(|| step(generator)) {
        Some(picture) => {
            crate::event!(
                "nonogram.generated seed={seed} attempts={}",
                generator.attempts()
            );
            working.extras.made = Some(picture);
        }
        None => {
            // The count a few times a second.
            if generator.attempts() >= working.extras.attempts_shown + 8 {
                working.extras.attempts_shown = generator.attempts();
                text(working);
            }
        }
    }
}

/// A slice of the generator's work: its picture once it has a puzzle.
#[inline(never)]
fn step(generator: &mut Generator) -> Option<super::rules::Grid> {
    generator
        .step(GENERATE_WORK_PER_SLICE)
        .map(|puzzle| puzzle.picture)
}

/// The extras page's text, or the generator's progress.
pub fn text(working: &mut Working) {
    match working.mode {
        Mode::Generating => {
            let Some((_, (width, height))) = working.extras.making else {
                return;
            };
            working.view.set_title("Random puzzle");
            working.view.set_lines(&format!(
                "Making a {width}x{height} puzzle that\nline logic solves...\n\nPictures tried: {}\n\nB: cancel",
                working.extras.attempts_shown
            ));
        }
        Mode::ReadingCode => {
            working.view.set_title("Share code");
            working.view.set_lines("Reading the code...\n\nB: cancel");
        }
        Mode::Extras { row } => {
            working.view.set_title("Extras");
            // A refused code's reason where the keys' help goes.
            let footer = working.extras.refusal.unwrap_or("A: choose  B: back");
            working.view.set_lines(&menu::rows_text(&ROWS, row, footer));
        }
        _ => {}
    }
}
