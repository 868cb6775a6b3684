//! The status bar along the top of the desktop: a title on the left and a
//! clock-like play-time counter (h:mm:ss) on the right, over the bar drawn in
//! the wallpaper (gfx/desktop.png). Text is redrawn only when it changes.

use agb::display::tiled::RegularBackground;

use super::{text::TextBox, timer::format_play_time};

pub struct StatusBar {
    /// Drawn once; kept so its tiles stay mapped.
    _title: TextBox,
    clock: TextBox,
    shown_seconds: Option<u32>,
}

impl StatusBar {
    pub fn new(layer: &mut RegularBackground, title: &str) -> Self {
        let mut title_box = TextBox::new((16, 3), 14, 1);
        title_box.set(layer, title);
        // Draw the widest time once, so every tile the clock will ever need is
        // made now: ticking never allocates (and the heap stays level).
        let mut clock = TextBox::new((176, 3), 8, 1).ticking("play_clock");
        clock.set_right(layer, "88:88:88");
        Self {
            _title: title_box,
            clock,
            shown_seconds: None,
        }
    }

    /// Show `seconds` of play as h:mm:ss, as the frame has room: it comes
    /// after the open app's drawing, which may have filled the frame.
    pub fn set_play_time(&mut self, layer: &mut RegularBackground, seconds: u32) {
        if self.shown_seconds != Some(seconds) {
            self.shown_seconds = Some(seconds);
            self.clock.set_right_gradually(&format_play_time(seconds));
        }
        let _ = self.clock.advance(layer);
    }
}
