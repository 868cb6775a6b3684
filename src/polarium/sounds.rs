//! Polarium's sound effects (made by sfx/make_sfx.py; see sfx/README.md).
//! Its tune, sfx/polarium.xm, waits for the framework to switch tunes
//! without a frame over budget (see sfx/README.md).

use agb::{include_wav, sound::mixer::SoundData};

/// The stroke grows by a cell.
pub static STROKE: SoundData = include_wav!("sfx/stroke.wav");
/// The stroke flips its tiles.
pub static FLIP: SoundData = include_wav!("sfx/flip.wav");
/// Every row is one colour: the rows clear.
pub static ROWS_CLEAR: SoundData = include_wav!("sfx/rows_clear.wav");
