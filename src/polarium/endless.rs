//! Endless mode: a fresh puzzle made on the cartridge, generator attempts
//! filling the frames the player waits through, named by an 8-digit code
//! anyone can type to get the same puzzle.
//! Its difficulty tier comes from the solver, run once it is made.

use alloc::{boxed::Box, format};

use super::{
    app::{self, Mode, Persistent, Purpose, Source, Working},
    rules::{
        difficulty::{Difficulty, TIERS, tier_name},
        endless::{self, EndlessCode},
        generator::Generator,
        password,
        solver::Progress,
    },
    search::{Goal, Search},
    size_choice::{self, SizeFor},
};
use crate::framework::{System, assets::sfx, frame_time::fill_frame};

/// Size of the first endless puzzle.
const FIRST_SIZE: (u8, u8) = (6, 6);

/// An endless puzzle being made (what `Mode::Making` owns).
pub struct Making {
    code: EndlessCode,
    generator: Generator,
}

/// The list's "Endless": choose the size (the last endless one's, at first 6x6).
pub fn choose_size(persistent: &Persistent, working: &mut Working, system: &mut System) {
    let size = match persistent.source {
        Source::Endless { code, .. } => (code.width, code.height),
        _ => FIRST_SIZE,
    };
    size_choice::open(working, system, SizeFor::Endless, size);
}

/// A new puzzle of this size, with a random number.
pub fn make_random(working: &mut Working, system: &mut System, (width, height): (u8, u8)) {
    let number = system.rng.below(endless::NUMBERS);
    if let Some(code) = EndlessCode::new(width, height, number) {
        make(working, code);
        system.sound.play(sfx::CONFIRM);
    }
}

/// Start making the puzzle `code` names.
pub fn make(working: &mut Working, code: EndlessCode) {
    if let Some(generator) = code.generator() {
        working.mode = Mode::Making(Box::new(Making { code, generator }));
        working.view.set_message("Making a\npuzzle...");
        crate::event!("polarium.endless making code={}", code_text(code));
    }
}

/// Generator attempts until one gives a puzzle: the player waits, so they
/// fill each frame.
#[inline(never)]
pub fn update_making(persistent: &mut Persistent, working: &mut Working) {
    let Mode::Making(making) = &mut working.mode else {
        return;
    };
    let Some(generated) = fill_frame(|| making.generator.attempt()) else {
        return;
    };
    let code = making.code;
    let lines = password::lines(&generated.puzzle);
    crate::event!(
        "polarium.endless made code={} attempts={} lines={:?}",
        code_text(code),
        making.generator.attempts(),
        lines
    );
    // Starting the puzzle ends the making (and drops the generator).
    app::start(persistent, working, Source::Endless { code, lines });
}

/// Rate an endless puzzle that has no tier yet (just made, or reopened):
/// the solver runs in the background.
pub fn rate_if_needed(persistent: &Persistent, working: &mut Working) {
    if matches!(persistent.source, Source::Endless { .. })
        && working.tier().is_none()
        && working.search.is_none()
        && matches!(working.mode, Mode::Play { drawing: false })
        && let Some(search) = Search::start(&working.puzzle, Goal::Rating)
    {
        working.search = Some((search, Purpose::Rate));
    }
}

/// The solver has measured the endless puzzle. A scan that ran out of room
/// had more states than any tier needs: the top tier, not another try.
pub fn rated(working: &mut Working, progress: &Progress, states: u32) {
    let tier = match Difficulty::from_progress(progress, states) {
        Some(difficulty) => {
            crate::event!(
                "polarium.endless rated tier={} states={} count={}",
                difficulty.tier(),
                difficulty.states,
                difficulty.count
            );
            difficulty.tier()
        }
        None => {
            crate::event!(
                "polarium.endless rated tier={} states={} count=0",
                TIERS,
                states
            );
            TIERS
        }
    };
    working.set_tier(tier);
}

/// The panel's name for an endless puzzle: its code in two groups of four.
pub fn label(code: EndlessCode, tier: Option<u8>) -> alloc::string::String {
    let digits = code_text(code);
    let (first, second) = digits.split_at(4);
    let tier = tier.map(tier_name).unwrap_or("...");
    format!("Endless\n{first} {second}\n{tier}")
}

fn code_text(code: EndlessCode) -> heapless::String<{ endless::DIGITS }> {
    code.digits()
        .iter()
        .map(|&d| char::from(b'0' + d))
        .collect()
}

/// A code typed on the pad: make its puzzle.
pub fn accept(working: &mut Working, digits: &[u8]) {
    if let Ok(code) = EndlessCode::parse(digits) {
        make(working, code);
    }
}

/// The pad's check of a code as it is confirmed.
pub fn validate(digits: &[u8]) -> Result<(), &'static str> {
    EndlessCode::parse(digits)
        .map(|_| ())
        .map_err(|error| error.message())
}
