//! Poop Sweeper's music and sound effects (made by sfx/make_music.py and
//! sfx/make_sfx.py; see sfx/README.md).

use crate::framework::sound::Effect;

use crate::framework::sound::{self, Tune};

pub static TUNE: Tune = Tune {
    name: "sweeper",
    track: agb_tracker::include_xm!("sfx/sweeper.xm"),
    voices: &sound::PULSE_BAND,
};

pub static REVEAL: Effect = crate::effect!("sfx/reveal.wav");
pub static FLAG: Effect = crate::effect!("sfx/flag.wav");
pub static CHORD: Effect = crate::effect!("sfx/chord.wav");
pub static BOOM: Effect = crate::effect!("sfx/boom.wav");
pub static WIN: Effect = crate::effect!("sfx/win.wav");
