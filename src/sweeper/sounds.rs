//! Poop Sweeper's music and sound effects (made by sfx/make_music.py and
//! sfx/make_sfx.py; see sfx/README.md).

use agb::{include_wav, sound::mixer::SoundData};

use crate::framework::sound::{self, Tune};

pub static TUNE: Tune = Tune {
    name: "sweeper",
    track: agb_tracker::include_xm!("sfx/sweeper.xm"),
    voices: &sound::PULSE_BAND,
};

pub static REVEAL: SoundData = include_wav!("sfx/reveal.wav");
pub static FLAG: SoundData = include_wav!("sfx/flag.wav");
pub static CHORD: SoundData = include_wav!("sfx/chord.wav");
pub static BOOM: SoundData = include_wav!("sfx/boom.wav");
pub static WIN: SoundData = include_wav!("sfx/win.wav");
