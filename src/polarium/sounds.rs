//! Polarium's music and sound effects (made by sfx/make_music.py and
//! sfx/make_sfx.py; see sfx/README.md).

use crate::framework::sound::Effect;

use crate::framework::sound::{self, Tune};

pub static TUNE: Tune = Tune {
    name: "polarium",
    track: agb_tracker::include_xm!("sfx/polarium.xm"),
    voices: &sound::PULSE_BAND,
};

/// The stroke grows by a cell.
pub static STROKE: Effect = crate::effect!("sfx/stroke.wav");
/// The stroke flips its tiles.
pub static FLIP: Effect = crate::effect!("sfx/flip.wav");
/// Every row is one colour: the rows clear.
pub static ROWS_CLEAR: Effect = crate::effect!("sfx/rows_clear.wav");

/// Challenge's tune, and the same faster for a high stack.
pub static CHALLENGE_TUNE: Tune = Tune {
    name: "challenge",
    track: agb_tracker::include_xm!("sfx/challenge.xm"),
    voices: &sound::PULSE_BAND,
};
pub static CHALLENGE_FAST_TUNE: Tune = Tune {
    name: "challenge_fast",
    track: agb_tracker::include_xm!("sfx/challenge_fast.xm"),
    voices: &sound::PULSE_BAND,
};
/// Challenge: a clear inside the combo window.
pub static COMBO: Effect = crate::effect!("sfx/combo.wav");
/// Challenge: the field emptied, a Clear Screen.
pub static CLEAR_SCREEN: Effect = crate::effect!("sfx/clear_screen.wav");
/// Challenge: the stack is about to top out.
pub static WARNING: Effect = crate::effect!("sfx/warning.wav");
/// Challenge: the game has ended.
pub static GAME_OVER: Effect = crate::effect!("sfx/game_over.wav");
