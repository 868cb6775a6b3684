//! The status bar along the top of the desktop: a title on the left, a
//! clock-like play-time counter (h:mm:ss) on the right, over the bar drawn in
//! the wallpaper (gfx/desktop.png), and between them a mark while a save is
//! waiting or being written. Text is redrawn only when it changes.

use agb::display::tiled::RegularBackground;

use alloc::vec::Vec;

use super::{
    text::{KeptText, TextBox},
    timer::format_play_time,
};
use crate::framework::frame_time;

pub struct StatusBar {
    /// The desktop's title, or the open app's button hints.
    title: TextBox,
    /// Every line the title's place may show (the title, each app's button
    /// hints), typed once at boot and kept: a screen change puts its line
    /// up with a copy, not a typing, so it costs its frame next to nothing.
    lines: Vec<(&'static str, KeptText)>,
    /// The line in the title's place.
    title_shown: &'static str,
    clock: TextBox,
    shown_seconds: Option<u32>,
    /// Frames the saving mark stays up.
    saving_frames: u8,
}

/// The title's width in tiles: up to the saving mark.
const TITLE_COLUMNS: i32 = 18;
/// Display lines putting a kept line back may take (a copy of the box's
/// tiles).
const RESTORE_LINES: u32 = 4;

/// Where the saving mark sits (an 8x8 sprite, `sprites::SAVING`).
pub const SAVING_MARK: (i32, i32) = (164, 2);
/// Frames the mark stays up after the last write: a write takes a frame,
/// too short to see, so the mark lasts half a second. Switching off while
/// it is up may cost the change it marks.
const SAVING_MARK_FRAMES: u8 = 30;

impl StatusBar {
    /// The bar showing `title`, with `lines` (an app's button hints) ready
    /// to take its place.
    pub fn new(
        layer: &mut RegularBackground,
        title: &'static str,
        lines: impl Iterator<Item = &'static str>,
    ) -> Self {
        let mut title_box = TextBox::new((16, 3), TITLE_COLUMNS, 1);
        // Every tile a line can need, made first, so each kept line covers
        // the whole box.
        let _ = title_box.premap(layer, usize::MAX);
        let mut kept: Vec<(&'static str, KeptText)> = Vec::new();
        for line in lines.chain([title]) {
            if line.is_empty() || kept.iter().any(|(known, _)| *known == line) {
                continue;
            }
            title_box.set(layer, line);
            if let Some(pixels) = title_box.keep() {
                kept.push((line, pixels));
            }
        }
        kept.shrink_to_fit();
        if let Some((_, pixels)) = kept.iter().find(|(line, _)| *line == title) {
            title_box.restore_from(pixels);
        }
        crate::event!("status.lines kept={}", kept.len());
        // Draw the widest time once, so every tile the clock will ever need is
        // made now: ticking never allocates (and the heap stays level).
        let mut clock = TextBox::new((176, 3), 8, 1).ticking("play_clock");
        clock.set_right(layer, "88:88:88");
        // The mark comes and goes with no key pressed (the harness's settle
        // measure leaves it out).
        crate::event!(
            "settle.ignore id=saving_mark x={} y={} w=8 h=8",
            SAVING_MARK.0,
            SAVING_MARK.1
        );
        Self {
            title: title_box,
            lines: kept,
            title_shown: title,
            clock,
            shown_seconds: None,
            saving_frames: 0,
        }
    }

    /// Once a frame: whether a save is waiting or being written
    /// (`Storage::is_saving`).
    pub fn set_saving(&mut self, saving: bool) {
        let was_shown = self.saving_frames > 0;
        self.saving_frames = if saving {
            SAVING_MARK_FRAMES
        } else {
            self.saving_frames.saturating_sub(1)
        };
        if was_shown != (self.saving_frames > 0) {
            crate::event!("desktop.saving_mark shown={}", self.saving_frames > 0);
        }
    }

    /// Whether the saving mark is up.
    pub fn saving_mark_shown(&self) -> bool {
        self.saving_frames > 0
    }

    /// Show `text` in the title's place: at once if it was kept at boot,
    /// else typed as the frames have room.
    pub fn set_title(&mut self, layer: &mut RegularBackground, text: &'static str) {
        // After a frame's heavy work (a screen built), the copy waits a
        // frame rather than take it past its budget.
        if text != self.title_shown && frame_time::room_for_bounded(RESTORE_LINES) {
            self.title_shown = text;
            let kept = self.lines.iter().find(|(line, _)| *line == text);
            if !kept.is_some_and(|(_, pixels)| self.title.restore_from(pixels)) {
                crate::event!("status.typed text={text}");
                self.title.set_gradually(text);
            }
        }
        let _ = self.title.advance(layer);
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
