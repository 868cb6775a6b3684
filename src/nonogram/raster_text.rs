//! Words drawn into the raster's own pixels, in the desktop's font: the
//! nonogram's screen is one picture on the drawing plane, so its text is
//! letters put into those pixels (`text::ink_on_plane`, as a text box's).

use alloc::{borrow::ToOwned, string::String};

use super::raster::Raster;
use crate::framework::widgets::{
    font::{GLYPH_TOP, LINE_HEIGHT},
    text::{self, Align, Lines},
};

/// Where an area is: its top-left pixel, its width in pixels and its
/// height in lines of text.
pub type Place = ((i32, i32), i32, i32);

/// A rectangle of the screen that shows a text.
#[derive(Clone)]
pub struct TextArea {
    /// Top-left pixel.
    origin: (i32, i32),
    width: i32,
    /// Lines of text it holds.
    lines: i32,
    /// The text it should show.
    wanted: String,
    /// The text the raster shows there (`None`: not drawn since the screen
    /// was last painted over).
    shown: Option<String>,
    /// The box around the ink drawn (x0, y0, x1, y1 exclusive): what is
    /// painted over before other text goes there.
    ink: Option<(i32, i32, i32, i32)>,
    /// A text drawn in part: the byte its next line starts from, and that
    /// line's number.
    progress: Option<(usize, i32)>,
}

impl TextArea {
    pub const fn new(origin: (i32, i32), width: i32, lines: i32) -> Self {
        Self {
            origin,
            width,
            lines,
            wanted: String::new(),
            shown: None,
            ink: None,
            progress: None,
        }
    }

    /// What it should show.
    pub fn wanted(&self) -> &str {
        &self.wanted
    }

    /// What it should show from the next `draw`.
    pub fn set(&mut self, text: &str) {
        if self.wanted != text {
            text.clone_into(&mut self.wanted);
            // What was drawn of the old text is painted over first.
            self.progress = None;
        }
    }

    /// Move it, painting over its text with `paper`.
    pub fn place(&mut self, raster: &mut Raster, paper: u8, (origin, width, lines): Place) {
        if (origin, width, lines) != (self.origin, self.width, self.lines) {
            self.paint_over(raster, paper);
            (self.origin, self.width, self.lines) = (origin, width, lines);
            self.shown = None;
            self.progress = None;
        }
    }

    /// Fill the box around the ink drawn with `paper`.
    fn paint_over(&mut self, raster: &mut Raster, paper: u8) {
        if let Some((x0, y0, x1, y1)) = self.ink.take() {
            raster.fill(x0, y0, x1 - x0, y1 - y0, paper);
        }
    }

    /// The screen was painted over: nothing of the text is left on it.
    pub fn forget(&mut self) {
        self.shown = None;
        self.ink = None;
        self.progress = None;
    }

    /// Whether the raster shows what it should.
    pub fn is_drawn(&self) -> bool {
        self.shown.as_deref() == Some(self.wanted.as_str())
    }

    /// Paint over the text shown, if it is not the one wanted, so the
    /// screen's other drawing can go where it was.
    pub fn erase(&mut self, raster: &mut Raster, paper: u8) {
        if self.is_drawn() || self.progress.is_some() {
            return;
        }
        self.paint_over(raster, paper);
        self.shown = None;
    }

    /// The words of pixels `erase` would write: a word is a tile's row of
    /// eight pixels.
    pub fn erase_words(&self) -> u32 {
        if self.is_drawn() || self.progress.is_some() {
            return 0;
        }
        self.ink.map_or(0, |(x0, y0, x1, y1)| {
            (((x1 + 7) >> 3) - (x0 >> 3)) as u32 * (y1 - y0) as u32
        })
    }

    /// Paint over the old text with `paper` and draw the new in `ink`, if it
    /// changed: a line at a time while `room` (given the line's length in
    /// bytes) says the frame has room for it; true once done.
    pub fn draw(
        &mut self,
        raster: &mut Raster,
        (ink, paper): (u8, u8),
        room: &mut dyn FnMut(usize) -> bool,
    ) -> bool {
        if self.is_drawn() {
            return true;
        }
        let (mut byte, mut row) = match self.progress {
            Some(progress) => progress,
            None => {
                self.paint_over(raster, paper);
                (0, 0)
            }
        };
        let (left, top) = self.origin;
        let right = left + self.width;
        let mut lines = Lines::starting_at(&self.wanted, Align::Left, self.width, byte);
        while row < self.lines {
            let Some(line) = lines.next() else {
                break;
            };
            if !room(line.end - line.start) {
                self.progress = Some((byte, row));
                return false;
            }
            let y = top + row * LINE_HEIGHT + GLYPH_TOP;
            let letters = &self.wanted[line.start..line.end];
            // The area's text is all in `ink` (colour changes are skipped);
            // a letter that would run out of the area is left out.
            raster.flush();
            if let Some((x0, y0, x1, y1)) =
                text::ink_on_plane(letters, (left + line.left, y), right, ink)
            {
                let (a0, b0, a1, b1) = self.ink.unwrap_or((x0, y0, x1, y1));
                self.ink = Some((a0.min(x0), b0.min(y0), a1.max(x1), b1.max(y1)));
            }
            byte = lines.position();
            row += 1;
        }
        self.progress = None;
        self.shown = Some(self.wanted.clone());
        true
    }
}
