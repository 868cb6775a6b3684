//! The extras page and the screens it leads to: random puzzles made on the
//! cartridge, and share codes typed on the number pad (a page of six groups
//! at a time; each group is checked as it is typed and a bad one is marked
//! and named), then read.
//!
//! A random puzzle is Tatham-style: the generator draws pictures until one
//! has clues that line logic alone solves, which also proves it has one
//! solution; the work is spread over frames with its progress shown.

use agb::{display::Rgb15, input::Button};
use alloc::{boxed::Box, format, string::String};

use super::{
    CODE_CELLS_PER_SLICE,
    next::Next,
    pages::{self, Page, rows_text, step_row},
    puzzle::Source,
    rules::{
        CodeError, Generator, Grid,
        share_code::{self, Decoding, GROUP_DIGITS, PAGE_GROUPS},
    },
    view::View,
};
use crate::framework::{
    System,
    assets::sfx,
    canvas::Canvas,
    frame_time::fill_frame,
    widgets::{
        numpad::{NumberPad, PagedCode},
        pad_panel::{PadOutcome, PadPanel, PadPlace},
        prepared::{PreparedLine, prepared_all},
        text::Ink,
    },
};

/// Units of the generator's work between looks at the clock: the player
/// waits, so slices fill the frame (see `nonogram.generate` in `just bench`
/// for a slice's cost).
pub const GENERATE_WORK_PER_SLICE: u32 = 8;

/// The page's rows: random puzzles by size.
const SIZES: [(usize, usize); 4] = [(5, 5), (10, 10), (15, 15), (20, 15)];

/// The row after the sizes: type a share code.
pub const CODE_ROW: usize = SIZES.len();

/// The page's row that makes puzzles like one from `source` of `size`: its
/// size's for a random one, the share code's otherwise.
pub fn row_of(source: Source, size: (usize, usize)) -> usize {
    match source {
        Source::Random(_) => SIZES.iter().position(|&s| s == size).unwrap_or(0),
        _ => CODE_ROW,
    }
}

/// The page's rows: one per size, then the share code.
const ROWS: [&str; SIZES.len() + 1] = [
    "Random 5x5",
    "Random 10x10",
    "Random 15x15",
    "Random 20x15",
    "Type a share code",
];

/// What the keys do, under the rows.
const EXTRAS_HELP: &str = "A: choose  L/R: pages  B: back";

/// The page's lines rendered at build time: it goes up as copies of them.
static EXTRAS_KNOWN: [&PreparedLine; ROWS.len() + 1] =
    prepared_all![ROWS[0], ROWS[1], ROWS[2], ROWS[3], ROWS[4], EXTRAS_HELP];

/// The extras page, its selected row.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ExtrasPage {
    row: usize,
}

impl ExtrasPage {
    pub fn new(row: usize) -> Self {
        Self { row }
    }

    #[inline(never)]
    pub fn update(&mut self, system: &mut System) -> Next {
        let input = &system.input;
        if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
            return Next::Game;
        }
        if let Some(number) = pages::turn_from_text_page(system, Page::Extras) {
            return Next::Page { number, slot: 0 };
        }
        if let Some(row) = step_row(system, self.row, ROWS.len()) {
            self.row = row;
            return Next::Stay;
        }
        if !system.input.just_pressed(Button::A) {
            return Next::Stay;
        }
        match SIZES.get(self.row) {
            Some(&size) => Next::Generate(size),
            None => Next::CodePad,
        }
    }

    /// The page's text; `refusal`: why the last code typed was refused.
    pub fn text(&self, refusal: Option<CodeError>, view: &mut View) {
        view.set_title("Extras");
        // A refused code's reason where the keys' help goes.
        let footer = match refusal {
            Some(error) => format!("{error}"),
            None => String::from(EXTRAS_HELP),
        };
        view.set_lines_knowing(&rows_text(&ROWS, self.row, &footer), &EXTRAS_KNOWN);
    }

    pub fn draw(&self, view: &mut View) -> bool {
        view.sync_text_page()
    }
}

/// The generator at work on a random puzzle.
pub struct Generating {
    generator: Box<Generator>,
    seed: u32,
    size: (usize, usize),
    /// The picture made, to play next frame.
    made: Option<Grid>,
    attempts_shown: u32,
    /// Frames spent so far: most puzzles are made within a few, so the
    /// progress page, and the wiping it takes, only comes after them.
    frames: u16,
}

/// Frames the page before stays up while the puzzle is being made.
const PROGRESS_AFTER_FRAMES: u16 = 8;

impl Generating {
    /// Start making a random puzzle of `size`.
    pub fn start(system: &mut System, (width, height): (usize, usize)) -> Self {
        let seed = system.rng.next_u32();
        let mut generator = new_generator(seed, width, height);
        generator.restart(seed, width, height);
        system.sound.play(sfx::CONFIRM);
        crate::event!("nonogram.generate seed={seed} size={width}x{height}");
        Self {
            generator,
            seed,
            size: (width, height),
            made: None,
            attempts_shown: 0,
            frames: 0,
        }
    }

    #[inline(never)]
    pub fn update(&mut self, system: &mut System) -> Next {
        if system.input.just_pressed(Button::B) {
            return Next::Extras(0);
        }
        self.frames = self.frames.saturating_add(1);
        if let Some(picture) = self.made.take() {
            // Found last frame: setting the puzzle up takes a frame of its own.
            return Next::Start {
                source: Source::Random(self.seed),
                picture: Some(picture),
            };
        }
        let generator = &mut self.generator;
        match fill_frame(|| step(generator)) {
            Some(picture) => {
                crate::event!(
                    "nonogram.generated seed={} attempts={}",
                    self.seed,
                    generator.attempts()
                );
                crate::framework::events::search_answered("nonogram_picture");
                self.made = Some(picture);
            }
            None => {
                // The count a few times a second.
                if generator.attempts() >= self.attempts_shown + 8 {
                    self.attempts_shown = generator.attempts();
                }
            }
        }
        Next::Stay
    }

    /// The generator's progress (once the first frames have passed).
    pub fn text(&self, view: &mut View) {
        if self.frames < PROGRESS_AFTER_FRAMES {
            return;
        }
        let (width, height) = self.size;
        view.set_title("Random puzzle");
        view.set_lines(&format!(
            "Making a {width}x{height} puzzle that\nline logic solves...\n\nPictures tried: {}\n\nB: cancel",
            self.attempts_shown
        ));
    }

    pub fn draw(&self, view: &mut View) -> bool {
        self.frames >= PROGRESS_AFTER_FRAMES && view.sync_text_page()
    }
}

/// A generator on the heap, built there: it is too big for the stack.
#[inline(never)]
fn new_generator(seed: u32, width: usize, height: usize) -> Box<Generator> {
    let mut generator = Box::new_uninit();
    Generator::new_in(&mut generator, seed, width, height);
    // SAFETY: built in place on the line above.
    unsafe { generator.assume_init() }
}

/// A slice of the generator's work: its picture once it has a puzzle.
#[inline(never)]
fn step(generator: &mut Generator) -> Option<Grid> {
    generator
        .step(GENERATE_WORK_PER_SLICE)
        .map(|puzzle| puzzle.picture)
}

/// A share code on the number pad: groups of five, six to a page, two to
/// a line; the first group gives the length.
const SHARE_CODE: PagedCode<CodeError> = PagedCode {
    group: GROUP_DIGITS,
    groups_per_page: PAGE_GROUPS,
    groups_per_line: 2,
    max_digits: share_code::MAX_DIGITS,
    length: share_code::code_length,
    check_group: share_code::check_group,
    // The picture is read after the pad closes, over a few frames: a code
    // whose checks all pass but whose picture does not is a forged one.
    validate: |digits| Decoding::new(digits).map(|_| ()),
};

/// Where the pad goes on its text page: keys on the right, digits and
/// messages on the left, in place of the page's own text.
const PAD_PLACE: PadPlace = PadPlace {
    title: "Type a share code:",
    keys_origin: (156, 50),
    text_origin: (16, 20),
    text_columns: 16,
    ink: Ink::DARK,
};

/// Typing a share code on the number pad.
pub struct CodePad {
    pad: Box<PadPanel<CodeError>>,
}

impl CodePad {
    #[inline(never)]
    pub fn open(system: &mut System, paper: Rgb15) -> Self {
        let pad = NumberPad::paged(SHARE_CODE);
        let place = PadPlace {
            ink: Ink::DARK.on(paper),
            ..PAD_PLACE
        };
        system.sound.play(sfx::CONFIRM);
        crate::event!("nonogram.pad opened");
        Self {
            pad: Box::new(PadPanel::new(pad, place, "nonogram.pad")),
        }
    }

    /// The pad, for the view to take off the screen once this screen goes.
    pub fn into_panel(self) -> Box<PadPanel<CodeError>> {
        self.pad
    }

    /// The pad's keys and digits, once its page is on screen; true while
    /// drawing is left for later frames.
    pub fn draw(&mut self, view: &mut View) -> bool {
        if view.sync_text_page() {
            return true;
        }
        view.draw_pad(&mut self.pad);
        false
    }

    pub fn show(&self, canvas: &mut Canvas) {
        self.pad.show(canvas);
    }

    /// A frame of typing; an accepted code is read next.
    #[inline(never)]
    pub fn update(&mut self, system: &mut System) -> Next {
        match self.pad.update(system) {
            PadOutcome::Accepted => match Decoding::new(self.pad.digits()) {
                Ok(reading) => Next::ReadCode(Box::new(reading)),
                // The pad's validator checked it already: not reached.
                Err(_) => Next::Extras(CODE_ROW),
            },
            PadOutcome::Cancelled => Next::Extras(CODE_ROW),
            PadOutcome::Typing => Next::Stay,
        }
    }
}

/// Reading the share code typed, a frame's cells at a time.
pub struct ReadingCode {
    reading: Box<Decoding>,
}

impl ReadingCode {
    pub fn new(reading: Box<Decoding>) -> Self {
        Self { reading }
    }

    /// A frame of reading: played once read. `refusal` is set when the
    /// code does not hold a picture.
    #[inline(never)]
    pub fn update(&mut self, refusal: &mut Option<CodeError>, system: &mut System) -> Next {
        if system.input.just_pressed(Button::B) {
            return Next::Extras(CODE_ROW);
        }
        let reading = &mut self.reading;
        let Some(read) = fill_frame(|| reading.step(CODE_CELLS_PER_SLICE)) else {
            return Next::Stay;
        };
        match read {
            Ok(picture) => {
                crate::event!(
                    "nonogram.pad accepted size={}x{}",
                    picture.width(),
                    picture.height()
                );
                Next::Start {
                    source: Source::Shared,
                    picture: Some(picture),
                }
            }
            Err(error) => {
                crate::event!("nonogram.pad refused reason={:?}", error);
                *refusal = Some(error);
                system.sound.play(sfx::ERROR);
                Next::Extras(CODE_ROW)
            }
        }
    }

    pub fn text(&self, view: &mut View) {
        view.set_title("Share code");
        view.set_lines("Reading the code...\n\nB: cancel");
    }

    pub fn draw(&self, view: &mut View) -> bool {
        view.sync_text_page()
    }
}
