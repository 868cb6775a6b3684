//! What an app draws into: a thin wrapper over agb's frame that remembers which
//! backgrounds the app showed (so the window transition can mask exactly those)
//! and counts sprites (so OAM use is checked, never guessed).

use agb::display::{
    GraphicsFrame,
    object::Object,
    tiled::{RegularBackground, RegularBackgroundId},
};

/// The GBA has 128 object attribute slots.
pub const OAM_SLOTS: usize = 128;

pub struct Canvas<'f, 'g> {
    frame: &'f mut GraphicsFrame<'g>,
    backgrounds: heapless::Vec<RegularBackgroundId, 4>,
    objects: usize,
}

impl<'f, 'g> Canvas<'f, 'g> {
    pub fn new(frame: &'f mut GraphicsFrame<'g>) -> Self {
        Self {
            frame,
            backgrounds: heapless::Vec::new(),
            objects: 0,
        }
    }

    /// Show a background; at most four can be on screen (the desktop uses two).
    pub fn background(&mut self, background: &RegularBackground) {
        if !self.backgrounds.is_full() {
            let id = background.show(self.frame);
            // Cannot fail: checked for room just above.
            let _ = self.backgrounds.push(id);
        }
    }

    /// Show the drawing plane (`framework::plane`), as a background.
    pub fn plane(&mut self) {
        if !self.backgrounds.is_full()
            && let Some(id) = super::plane::show(self.frame)
        {
            let _ = self.backgrounds.push(id);
        }
    }

    /// Show a sprite; past the hardware limit it is dropped (never a panic),
    /// but still counted, so tests can see a view asking for too many.
    pub fn object(&mut self, object: &Object) {
        if self.objects < OAM_SLOTS {
            object.show(self.frame);
        }
        self.objects += 1;
    }

    /// Sprites asked for so far this frame (more than `OAM_SLOTS` = some dropped).
    pub fn objects(&self) -> usize {
        self.objects
    }

    pub fn backgrounds(&self) -> &[RegularBackgroundId] {
        &self.backgrounds
    }

    /// Escape hatch for effects the canvas does not wrap (windows, blending).
    pub fn frame(&mut self) -> &mut GraphicsFrame<'g> {
        self.frame
    }
}
