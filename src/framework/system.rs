//! Services the framework lends to apps each frame.

use super::{input::Input, save::Storage, sound::Sound};
use crate::random::Rng;

pub struct System<'a> {
    pub input: Input,
    pub sound: Sound<'a>,
    pub storage: Storage,
    pub rng: Rng,
    /// Frames since boot (about 59.73 per second).
    pub frame: u32,
    /// The background palette slot holding the open app's icon colours: the
    /// app's own background tiles, included in the same
    /// `include_background_gfx!` as its icon, draw with it.
    pub app_palette: u8,
}

impl System<'_> {
    /// Make sound follow the settings in `storage.desk` (saving is the
    /// caller's job: `storage.commit_soon()`).
    pub fn apply_settings(&mut self) {
        let settings = self.storage.desk.settings;
        self.sound.music_on = settings.music;
        self.sound.sfx_on = settings.sound_effects;
    }
}
