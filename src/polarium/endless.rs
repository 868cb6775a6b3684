//! Endless mode: a fresh puzzle made on the cartridge, one generator attempt
//! a frame, named by an 8-digit code anyone can type to get the same puzzle.
//! Its difficulty tier comes from the solver, run once it is made.

use agb::input::Button;
use alloc::format;

use super::{
    app::{self, Mode, Persistent, Purpose, Source, Working},
    rules::{
        difficulty::{Difficulty, tier_name},
        endless::{self, EndlessCode},
        generator::Generator,
        password,
        solver::Progress,
    },
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

/// Size of the first endless puzzle.
const FIRST_SIZE: (u8, u8) = (6, 6);

/// An endless puzzle being made.
pub struct Making {
    pub code: EndlessCode,
    pub generator: Generator,
}

/// The list's "Endless": choose the size.
pub fn choose_size(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let (width, height) = match persistent.source {
        Source::Endless { code, .. } => (code.width, code.height),
        _ => FIRST_SIZE,
    };
    working.view.clear_list();
    working.mode = Mode::EndlessSize { width, height };
    show_size(working, width, height);
    system.sound.play(sfx::OPEN);
}

fn show_size(working: &mut Working, width: u8, height: u8) {
    working.view.set_info(&format!("Endless\n{width}x{height}"));
    working.view.set_message("D-pad: size\nA: make one\nB: back");
}

#[inline(never)]
pub fn update_size(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::EndlessSize { width, height } = working.mode else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) {
        super::menu::open_list(persistent, working, system);
        return;
    }
    if input.just_pressed(Button::A) {
        let number = system.rng.below(endless::NUMBERS);
        if let Some(code) = EndlessCode::new(width, height, number) {
            make(working, code);
            system.sound.play(sfx::CONFIRM);
        }
        return;
    }
    let (dx, dy) = input.repeated_direction();
    let resize = |side: u8, by: i32| (i32::from(side) + by).clamp(3, 8) as u8;
    let (w, h) = (resize(width, dx), resize(height, -dy));
    if (w, h) != (width, height) {
        working.mode = Mode::EndlessSize { width: w, height: h };
        show_size(working, w, h);
        system.sound.play(sfx::CURSOR);
    }
}

/// Start making the puzzle `code` names.
pub fn make(working: &mut Working, code: EndlessCode) {
    if let Some(generator) = code.generator() {
        working.making = Some(Making { code, generator });
        working.mode = Mode::Making;
        working.view.set_message("Making a\npuzzle...");
        crate::event!("polarium.endless making code={}", code_text(code));
    }
}

/// One generator attempt a frame until one gives a puzzle.
#[inline(never)]
pub fn update_making(persistent: &mut Persistent, working: &mut Working) {
    let Some(making) = working.making.as_mut() else {
        working.mode = Mode::Play { drawing: false };
        return;
    };
    let Some(generated) = making.generator.attempt() else {
        return;
    };
    let code = making.code;
    crate::event!(
        "polarium.endless made code={} attempts={} lines={:?}",
        code_text(code),
        making.generator.attempts(),
        password::lines(&generated.puzzle)
    );
    working.making = None;
    let lines = password::lines(&generated.puzzle);
    app::start(persistent, working, Source::Endless { code, lines });
    // The tier comes from the solver, in the background.
    if let Some(search) = Search::start(&working.puzzle) {
        working.search = Some((search, Purpose::Rate));
    }
}

/// The solver has measured the endless puzzle.
pub fn rated(working: &mut Working, progress: &Progress, states: u32) {
    if let Some(difficulty) = Difficulty::from_progress(progress, states) {
        working.tier = Some(difficulty.tier());
        working.refresh_info();
        crate::event!(
            "polarium.endless rated tier={} states={} count={}",
            difficulty.tier(),
            difficulty.states,
            difficulty.count
        );
    }
}

/// The panel's name for an endless puzzle: its code in two groups of four.
pub fn label(code: EndlessCode, tier: Option<u8>) -> alloc::string::String {
    let digits = code_text(code);
    let (first, second) = digits.split_at(4);
    let tier = tier.map(tier_name).unwrap_or("...");
    format!("Endless\n{first} {second}\n{tier}")
}

fn code_text(code: EndlessCode) -> heapless::String<{ endless::DIGITS }> {
    code.digits().iter().map(|&d| char::from(b'0' + d)).collect()
}

/// The list's "Endless code": type one on the pad.
pub fn open_pad(working: &mut Working, system: &mut System) {
    let pad = NumberPad::new(endless::DIGITS, 4, validate);
    working.view.open_pad(&pad, "Puzzle code:");
    working.pad = Some(pad);
    working.mode = Mode::EndlessPad;
    system.sound.play(sfx::OPEN);
    crate::event!("polarium.endless pad");
}

fn validate(digits: &[u8]) -> Result<(), &'static str> {
    EndlessCode::parse(digits)
        .map(|_| ())
        .map_err(|error| error.message())
}

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
            crate::event!("polarium.endless rejected error={:?}", pad.error());
        }
        PadEvent::Cancelled => {
            working.pad = None;
            working.view.close_pad();
            super::menu::open_list(persistent, working, system);
        }
        PadEvent::Accepted => {
            let code = EndlessCode::parse(pad.digits());
            working.pad = None;
            working.view.close_pad();
            system.sound.play(sfx::CONFIRM);
            if let Ok(code) = code {
                make(working, code);
            }
        }
    }
}
