//! The extras page: random puzzles made on the cartridge, and share codes
//! typed on the number pad.
//!
//! A random puzzle is Tatham-style: the generator draws pictures until one
//! has clues that line logic alone solves, which also proves it has one
//! solution; the work is spread over frames with its progress shown.

use agb::input::Button;
use alloc::{boxed::Box, format};

use super::{
    app::{Mode, Persistent, Source, Working, start_puzzle},
    menu::{self, TextPage},
    rules::Generator,
};
use crate::framework::{System, assets::sfx, canvas::Canvas};

/// Units of the generator's work per frame (see `nonogram.generate` in
/// `just bench`).
pub const GENERATE_WORK_PER_FRAME: u32 = 8;

/// The page's rows: random puzzles by size.
const SIZES: [(usize, usize); 4] = [(5, 5), (10, 10), (15, 15), (20, 15)];

/// What the extras have under way.
#[derive(Default)]
pub struct Extras {
    generator: Option<Box<Generator>>,
    /// The seed and size being made.
    making: Option<(u32, (usize, usize))>,
    attempts_shown: u32,
}

fn rows() -> [alloc::string::String; SIZES.len()] {
    SIZES.map(|(width, height)| format!("Random {width}x{height}"))
}

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
    let (_, dy) = system.input.repeated_direction();
    if dy != 0 {
        let row = (row as i32 + dy).rem_euclid(SIZES.len() as i32) as usize;
        working.mode = Mode::Extras { row };
        system.sound.play(sfx::CURSOR);
        return;
    }
    if system.input.just_pressed(Button::A)
        && let Some(&size) = SIZES.get(row)
    {
        generate(working, system, size);
    }
}

/// Start making a random puzzle of `size`.
pub fn generate(working: &mut Working, system: &mut System, (width, height): (usize, usize)) {
    let seed = system.rng.next_u32();
    let generator = working.extras.generator.get_or_insert_with(|| new_generator(seed, width, height));
    generator.restart(seed, width, height);
    working.extras.making = Some((seed, (width, height)));
    working.extras.attempts_shown = 0;
    working.mode = Mode::Generating;
    system.sound.play(sfx::CONFIRM);
    crate::event!("nonogram.generate seed={seed} size={width}x{height}");
}

/// A generator on the heap, built there: one on the stack is about 3 KB.
#[inline(never)]
fn new_generator(seed: u32, width: usize, height: usize) -> Box<Generator> {
    let mut generator = Box::new_uninit();
    generator.write(Generator::new(seed, width, height));
    // SAFETY: written on the line above.
    unsafe { generator.assume_init() }
}

#[inline(never)]
pub fn update_generating(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let (Some(generator), Some((seed, _))) = (working.extras.generator.as_mut(), working.extras.making) else {
        working.mode = Mode::Extras { row: 0 };
        return;
    };
    if system.input.just_pressed(Button::B) {
        working.extras.making = None;
        working.mode = Mode::Extras { row: 0 };
        return;
    }
    match step(generator) {
        Some(picture) => {
            crate::event!("nonogram.generated seed={seed} attempts={}", generator.attempts());
            working.extras.making = None;
            start_puzzle(persistent, working, system, Source::Random(seed), Some(&picture));
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

/// A frame's work of the generator: its picture once it has a puzzle.
#[inline(never)]
fn step(generator: &mut Generator) -> Option<super::rules::Grid> {
    generator.step(GENERATE_WORK_PER_FRAME).map(|puzzle| puzzle.picture)
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
        Mode::Extras { row } => {
            let rows = rows();
            let rows = [rows[0].as_str(), rows[1].as_str(), rows[2].as_str(), rows[3].as_str()];
            working.view.set_title("Extras");
            working
                .view
                .set_lines(&menu::rows_text(&rows, row, "A: make one  B: back"));
        }
        _ => {}
    }
}

pub fn show(_working: &Working, _canvas: &mut Canvas) {}
