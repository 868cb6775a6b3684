//! Words drawn into the raster's own pixels, in the desktop's font: the
//! nonogram's screen is one picture on the drawing plane, so its text is
//! letters put into those pixels (`text::ink_on_plane`, as a text box's).

use alloc::{borrow::ToOwned, string::String};

use super::raster::{Raster, widened};
use crate::framework::widgets::{
    font::{self, ASCII_ADVANCE, GLYPH_ROWS, GLYPH_TOP, LINE_HEIGHT},
    prepared::PreparedLine,
    text::{self, Align, Lines},
};

/// The box around ink drawn (x0, y0, x1, y1 exclusive), if any.
type InkBox = Option<(i32, i32, i32, i32)>;

/// The mark a menu puts before its chosen row (`pages::rows_text`).
const CHOSEN_MARK: &str = "> ";

/// Where an area is: its top-left pixel, its width in pixels and its
/// height in lines of text.
pub type Place = ((i32, i32), i32, i32);

/// How far a retyping has got: the next line's number, and the bytes it
/// starts at in the old text and in the new.
#[derive(Clone, Copy, Default)]
struct Retyped {
    row: i32,
    old_byte: usize,
    new_byte: usize,
}

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
    /// Lines the text may have that were rendered at build time (a menu's
    /// rows, its help): such a line, or one with the chosen row's mark
    /// before it, is inked from those pixels, not typed.
    known: &'static [&'static PreparedLine],
    /// The text the raster shows there (`None`: not drawn since the screen
    /// was last painted over).
    shown: Option<String>,
    /// Whether `shown` is the wanted text: asked every frame, kept rather
    /// than compared.
    drawn: bool,
    /// The box around the ink drawn (x0, y0, x1, y1 exclusive): what is
    /// painted over before other text goes there.
    ink: Option<(i32, i32, i32, i32)>,
    /// A text drawn in part: the byte its next line starts from, and that
    /// line's number.
    progress: Option<(usize, i32)>,
    /// A text being retyped over the one shown before it, only where its
    /// lines differ: that old text, and where to go on from (the lines
    /// above show the wanted text).
    retyping: Option<(String, Retyped)>,
    /// Whether nothing but its text draws where it is, so a new text may
    /// replace only the lines that differ (else the old is painted over
    /// whole first, for the screen's other drawing to go there).
    alone: bool,
    /// Pixels a font pixel takes across and down: 1, or 2 for a title
    /// shown large.
    scale: u8,
}

impl TextArea {
    pub const fn new(origin: (i32, i32), width: i32, lines: i32) -> Self {
        Self {
            origin,
            width,
            lines,
            wanted: String::new(),
            known: &[],
            shown: None,
            drawn: false,
            ink: None,
            progress: None,
            retyping: None,
            alone: false,
            scale: 1,
        }
    }

    /// What it should show.
    pub fn wanted(&self) -> &str {
        &self.wanted
    }

    /// The lines of its text rendered at build time (see `known`).
    pub fn known(&self) -> &'static [&'static PreparedLine] {
        self.known
    }

    /// What it should show from the next `draw`.
    pub fn set(&mut self, text: &str) {
        self.set_knowing(text, &[]);
    }

    /// What it should show from the next `draw`, with the lines of it
    /// rendered at build time that it may have.
    pub fn set_knowing(&mut self, text: &str, known: &'static [&'static PreparedLine]) {
        self.known = known;
        if self.wanted != text {
            text.clone_into(&mut self.wanted);
            self.drawn = false;
            // What was drawn of the old text is painted over first: a text
            // shown whole is retyped where its lines differ, one drawn in
            // part (or in part retyped) is painted over whole.
            self.progress = None;
            if self.retyping.take().is_some() {
                self.shown = None;
            }
        }
    }

    /// Move it, painting over its text with `paper`; `alone`: nothing else
    /// draws where it now is.
    pub fn place(&mut self, raster: &mut Raster, paper: u8, place: Place, alone: bool) {
        self.place_at_scale(raster, paper, place, (alone, 1));
    }

    /// As `place`, its letters `scale` times the font's size (1 or 2; a
    /// large text is typed whole, never retyped in part).
    pub fn place_at_scale(
        &mut self,
        raster: &mut Raster,
        paper: u8,
        (origin, width, lines): Place,
        (alone, scale): (bool, i32),
    ) {
        let scale = if scale == 2 { 2 } else { 1 };
        let now = (self.origin, self.width, self.lines, self.alone, self.scale);
        if (origin, width, lines, alone, scale) != now {
            self.paint_over(raster, paper);
            (self.origin, self.width, self.lines, self.scale) = (origin, width, lines, scale);
            self.shown = None;
            self.drawn = false;
            self.progress = None;
            self.retyping = None;
            self.alone = alone;
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
        self.drawn = false;
        self.ink = None;
        self.progress = None;
        self.retyping = None;
    }

    /// Whether the old text goes line by line as the new is typed (it was
    /// shown whole, and nothing else draws in the area), so nothing is
    /// painted over first.
    fn retypes(&self) -> bool {
        self.alone && self.scale == 1 && (self.shown.is_some() || self.retyping.is_some())
    }

    /// Whether the raster shows what it should.
    pub fn is_drawn(&self) -> bool {
        debug_assert_eq!(
            self.drawn,
            self.shown.as_deref() == Some(self.wanted.as_str())
        );
        self.drawn
    }

    /// Paint over the text shown, if it is not the one wanted, so the
    /// screen's other drawing can go where it was.
    pub fn erase(&mut self, raster: &mut Raster, paper: u8) {
        if self.is_drawn() || self.progress.is_some() || self.retypes() {
            return;
        }
        self.paint_over(raster, paper);
        self.shown = None;
        self.drawn = false;
    }

    /// The words of pixels `erase` would write: a word is a tile's row of
    /// eight pixels.
    pub fn erase_words(&self) -> u32 {
        if self.is_drawn() || self.progress.is_some() || self.retypes() {
            return 0;
        }
        self.ink.map_or(0, |(x0, y0, x1, y1)| {
            (((x1 + 7) >> 3) - (x0 >> 3)) as u32 * (y1 - y0) as u32
        })
    }

    /// Paint over the old text with `paper` and draw the new in `ink`, if it
    /// changed: a line at a time while `room` says the frame has room for
    /// it; true once done.
    pub fn draw(
        &mut self,
        raster: &mut Raster,
        (ink, paper): (u8, u8),
        room: &mut dyn FnMut() -> bool,
    ) -> bool {
        if self.is_drawn() {
            return true;
        }
        if self.progress.is_none()
            && self.alone
            && self.scale == 1
            && let Some(old) = self.shown.take()
        {
            self.drawn = false;
            self.retyping = Some((old, Retyped::default()));
        }
        if let Some((old, from)) = self.retyping.take() {
            return match self.retype(raster, (ink, paper), (&old, from), room) {
                Some(next) => {
                    self.retyping = Some((old, next));
                    false
                }
                None => {
                    self.shown = Some(self.wanted.clone());
                    self.drawn = true;
                    true
                }
            };
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
        let scale = i32::from(self.scale);
        let mut lines = Lines::starting_at(&self.wanted, Align::Left, self.width / scale, byte);
        while row < self.lines {
            let Some(line) = lines.next() else {
                break;
            };
            let letters = &self.wanted[line.start..line.end];
            if !room() {
                self.progress = Some((byte, row));
                return false;
            }
            let y = top + (row * LINE_HEIGHT + GLYPH_TOP) * scale;
            let x = left + line.left * scale;
            if scale == 2 {
                put_large_line(raster, &mut self.ink, letters, (x, y), (right, ink));
            } else {
                put_line(
                    raster,
                    (&mut self.ink, self.known),
                    letters,
                    (x, y),
                    (right, ink),
                );
            }
            byte = lines.position();
            row += 1;
        }
        self.progress = None;
        self.shown = Some(self.wanted.clone());
        self.drawn = true;
        true
    }

    /// Retype the lines of the wanted text that differ from `old`'s, from
    /// line `from`: each such line's old ink painted over with `paper`, the
    /// new drawn in `ink`, while `room` says the frame has room. `None`
    /// once done, else where to go on from.
    fn retype(
        &mut self,
        raster: &mut Raster,
        (ink, paper): (u8, u8),
        (old, from): (&str, Retyped),
        room: &mut dyn FnMut() -> bool,
    ) -> Option<Retyped> {
        let (left, top) = self.origin;
        let right = left + self.width;
        let mut before = Lines::starting_at(old, Align::Left, self.width, from.old_byte);
        let mut after = Lines::starting_at(&self.wanted, Align::Left, self.width, from.new_byte);
        for row in from.row..self.lines {
            let here = Retyped {
                row,
                old_byte: before.position(),
                new_byte: after.position(),
            };
            let was = before
                .next()
                .map(|line| (&old[line.start..line.end], line.left));
            let now = after
                .next()
                .map(|line| (&self.wanted[line.start..line.end], line.left));
            if was.is_none() && now.is_none() {
                break;
            }
            if was == now {
                continue;
            }
            // Painting the old line over is a fill of a few rows: the new
            // line's letters are the cost.
            if !room() {
                return Some(here);
            }
            let y = top + row * LINE_HEIGHT + GLYPH_TOP;
            // The old line's ink lies in the area's ink box, on its glyph rows.
            if let Some((x0, y0, x1, y1)) = self.ink {
                let (band0, band1) = (y.max(y0), (y + GLYPH_ROWS as i32).min(y1));
                if band0 < band1 {
                    raster.fill(x0, band0, x1 - x0, band1 - band0, paper);
                }
            }
            if let Some((letters, x)) = now {
                put_line(
                    raster,
                    (&mut self.ink, self.known),
                    letters,
                    (left + x, y),
                    (right, ink),
                );
            }
            // A line's layout depends only on the text from its start: where
            // the rest is the same in both, nothing after this line differs
            // (a cursor's move in a menu ends here, without laying out the
            // page's other lines).
            if old.get(before.position()..) == self.wanted.get(after.position()..) {
                return None;
            }
        }
        None
    }
}

/// The line among `known` that `letters` are, after the chosen row's mark
/// if they start with it, and that mark ("" if none).
fn prepared_for(
    known: &[&'static PreparedLine],
    letters: &str,
) -> Option<(&'static PreparedLine, &'static str)> {
    let (mark, rest) = match letters.strip_prefix(CHOSEN_MARK) {
        Some(rest) => (CHOSEN_MARK, rest),
        None => ("", letters),
    };
    PreparedLine::find(known, rest).map(|line| (line, mark))
}

/// The pixels an ASCII text's letters advance the pen by.
fn advance(ascii: &str) -> i32 {
    ascii
        .bytes()
        .map(|byte| i32::from(ASCII_ADVANCE.get(usize::from(byte)).copied().unwrap_or(0)))
        .sum()
}

/// Puts a line's `letters` into the raster at `at` (glyph row 0), all in
/// `ink` (colour changes are skipped), leaving out a letter that would run
/// past `right`; the box around the area's ink (`ink_box`) grows to take
/// them in. A line among the `known` ones (after the chosen row's mark,
/// if it has one) is inked from its prepared pixels.
fn put_line(
    raster: &mut Raster,
    (ink_box, known): (&mut InkBox, &[&'static PreparedLine]),
    letters: &str,
    (x, y): (i32, i32),
    (right, ink): (i32, u8),
) {
    raster.draw_now();
    // As typed, whole: no letter of it left out at either edge.
    let prepared = prepared_for(known, letters)
        .filter(|&(line, mark)| x >= 0 && x + advance(mark) + line.width - 1 <= right);
    let mut grow = |inked: InkBox| {
        if let Some((x0, y0, x1, y1)) = inked {
            let (a0, b0, a1, b1) = ink_box.unwrap_or((x0, y0, x1, y1));
            *ink_box = Some((a0.min(x0), b0.min(y0), a1.max(x1), b1.max(y1)));
        }
    };
    match prepared {
        Some((line, mark)) => {
            grow(text::ink_on_plane(mark, (x, y), right, ink));
            grow(text::ink_prepared_on_plane(
                line,
                (x + advance(mark), y),
                ink,
            ));
        }
        None => grow(text::ink_on_plane(letters, (x, y), right, ink)),
    }
}

/// Puts a line's `letters` into the raster at twice the font's size (each
/// pixel two by two) at `at` (glyph row 0), all in `ink`, leaving out a
/// letter that would run past `right`; the area's `ink_box` grows to take
/// them in. A letter is two stamps of five glyph rows.
fn put_large_line(
    raster: &mut Raster,
    ink_box: &mut InkBox,
    letters: &str,
    (x, y): (i32, i32),
    (right, ink): (i32, u8),
) {
    let mut pen = x;
    for c in letters.chars() {
        if font::control(c).is_some() {
            continue;
        }
        let glyph = font::glyph(c);
        let advance = i32::from(glyph.advance) * 2;
        if pen + advance - 1 > right {
            break;
        }
        for (half, rows) in glyph.rows.chunks(5).enumerate() {
            let mut stamp = [0u16; 5];
            for (bits, &row) in stamp.iter_mut().zip(rows) {
                // A pixel is a nibble: set where it has ink.
                let ink_bits = (0..8).filter(|&px| row >> (4 * px) & 15 != 0);
                *bits = widened(ink_bits.fold(0u8, |bits, px| bits | 1 << px), 2);
            }
            raster.stamp((pen, y + half as i32 * 10), stamp, 2, ink);
        }
        let (x0, y0, x1, y1) = ink_box.unwrap_or((pen, y, pen + advance, y));
        let bottom = y + GLYPH_ROWS as i32 * 2;
        *ink_box = Some((
            x0.min(pen),
            y0.min(y),
            x1.max(pen + advance),
            y1.max(bottom),
        ));
        pen += advance;
    }
    raster.flush();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framework::plane;

    /// The plane's pixels, a word a tile row.
    fn pixels() -> alloc::vec::Vec<u32> {
        plane::tiles()
            .iter()
            .flat_map(|tile| *tile.data())
            .collect()
    }

    /// An area showing `text`, typed on a blank screen (paper 1, ink 2),
    /// those of its lines among `known` copied.
    fn showing(text: &str, known: &'static [&'static PreparedLine]) -> (Raster, TextArea) {
        let mut raster = Raster::new();
        raster.fill(0, 0, 240, 160, 1);
        let mut area = TextArea::new((0, 0), 0, 0);
        area.place(&mut raster, 1, ((21, 10), 160, 8), true);
        area.set_knowing(text, known);
        assert!(area.draw(&mut raster, (2, 1), &mut || true));
        (raster, area)
    }

    /// Lines of the pages below, rendered at build time; the chosen row's
    /// mark before one, or a wrap, must not keep it from being found.
    static KNOWN: [&PreparedLine; 5] = crate::framework::widgets::prepared::prepared_all![
        "Check and save",
        "Width: 11",
        "Short.",
        "Another page",
        "with fewer lines",
    ];

    /// A line rendered at build time goes up exactly as typed, so the
    /// pages below, shown and retyped with their known lines copied, must
    /// match them typed.
    #[test_case]
    fn known_lines_show_as_typed(_gba: &mut agb::Gba) {
        plane::build();
        for text in [
            "> Check and save\n  Width: 11\nShort.",
            "Check and save\n> Width: 11\n\nAnother page\nwith fewer lines",
            "Check and save it first.\n>  Short.\nShort. ",
        ] {
            let _ = showing(text, &[]);
            let expected = pixels();
            let _ = showing(text, &KNOWN);
            assert!(pixels() == expected, "{text:?}");
        }
        // Room is asked for each line.
        let (mut raster, mut area) = showing("", &KNOWN);
        let mut asked = 0;
        area.set_knowing("> Check and save\nCheck and save it", &KNOWN);
        assert!(area.draw(&mut raster, (2, 1), &mut || {
            asked += 1;
            true
        }));
        assert_eq!(asked, 2);
    }

    /// A text page retyped over another, only where its lines differ, and a
    /// line at a time over frames, shows exactly what typing it afresh
    /// shows: lines changed, moved by a wrap, added, removed, and a new
    /// text asked for half way through a retyping.
    #[test_case]
    fn a_retyped_page_shows_as_one_typed_afresh(_gba: &mut agb::Gba) {
        plane::build();
        let pages = [
            "> Check and save\n  Width: 10\n  Height: 10\n\nDrawing: A fills, B clears; hold and move to paint a line.",
            "  Check and save\n> Width: 10\n  Height: 10\n\nDrawing: A fills, B clears; hold and move to paint a line.",
            "  Check and save\n> Width: 11\n  Height: 10\n\nCheck and save it first.",
            "  Check and save\n> Width: 11\n  Height: 10 and a line long enough to wrap\n\nShort.",
            "Another page\nwith fewer lines",
            "",
            "> Check and save\n  Width: 10\n  Height: 10\n\nDrawing: A fills, B clears; hold and move to paint a line.",
        ];
        for (from, to) in pages.iter().zip(pages.iter().skip(1)) {
            for lines_a_frame in [1usize, 100] {
                let _ = showing(to, &[]);
                let expected = pixels();
                let (mut raster, mut area) = showing(from, &KNOWN);
                area.set_knowing(to, &KNOWN);
                let mut frames = 0;
                loop {
                    let mut left = lines_a_frame;
                    let mut room = || {
                        let fits = left > 0;
                        left = left.saturating_sub(1);
                        fits
                    };
                    // A text asked for half way, then the wanted one again.
                    if frames == 1 {
                        area.set_knowing(pages[0], &KNOWN);
                        area.set_knowing(to, &KNOWN);
                    }
                    if area.draw(&mut raster, (2, 1), &mut room) {
                        break;
                    }
                    frames += 1;
                    assert!(frames < 40, "{from:?} -> {to:?} never finished");
                }
                assert!(
                    pixels() == expected,
                    "{from:?} -> {to:?}, {lines_a_frame} a frame"
                );
            }
        }
    }
}
