//! Text rendered when the ROM is built: [`prepared!`] lays a string literal
//! out in the font's glyphs at compile time (const code over the same table
//! `font.rs` parses) and keeps its pixels in ROM as a 4bpp tile's rows are
//! kept. Showing it (`TextBox::show`) is shifting those words into the box's
//! tiles, and putting it into a picture on the plane (`text::ink_prepared_on_plane`)
//! is inking them as a typed line's letters are inked, eight pixels a
//! letter: no layout, no glyph lookups, nothing kept in RAM, and a letter the
//! font lacks or a line too wide for where it goes fails the build instead
//! of showing wrong. A text of several lines (`\n` between them) is one
//! block, its lines `LINE_HEIGHT` apart, each from the block's left edge.

use super::font::{self, GLYPH_ROWS, LINE_HEIGHT};

/// Text rendered at build time (see [`prepared!`]): a line, or a block of
/// lines.
pub struct PreparedLine {
    /// The text, for events and for comparing with text typed at run time.
    pub text: &'static str,
    /// Pixels from the pen's start to its end on the widest line (as
    /// `Lines` measures a line).
    pub width: i32,
    /// Lines in the text.
    pub lines: usize,
    /// Columns of 8 pixels a pixel row takes.
    columns: usize,
    /// The pixels, a column of 8 at a time, left to right: each column's
    /// word for every pixel row, the first line's top glyph row first, as
    /// a typed letter's glyph rows are kept (so a column inks as a letter).
    /// Pixel x of a row is nibble `x % 8` of its column `x / 8`'s word, 1
    /// where there is ink.
    pixels: &'static [u32],
}

impl PreparedLine {
    /// Made by [`prepared!`].
    #[doc(hidden)]
    pub const fn new(text: &'static str, columns: usize, pixels: &'static [u32]) -> Self {
        Self {
            text,
            width: width_of(text),
            lines: lines_in(text),
            columns,
            pixels,
        }
    }

    /// Every column's words (see `pixels`), and how many columns there are.
    pub fn rows(&self) -> (&'static [u32], usize) {
        (self.pixels, self.columns)
    }

    /// The one-line text among `known` that reads `text`, if any: a line of
    /// text made at run time that can be inked from build-time pixels.
    pub fn find(known: &[&'static Self], text: &str) -> Option<&'static Self> {
        known
            .iter()
            .copied()
            // The first letters tell most lines apart before a compare.
            .find(|line| {
                line.lines == 1
                    && line.text.as_bytes().first() == text.as_bytes().first()
                    && line.text == text
            })
    }

    /// Pixel rows from the first line's top glyph row to the last line's
    /// bottom one.
    pub const fn height(&self) -> usize {
        rows_for(self.lines)
    }
}

/// Lines in `text`: one more than its line breaks.
pub const fn lines_in(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut lines = 1;
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'\n' {
            lines += 1;
        }
        at += 1;
    }
    lines
}

/// Line `index` of `text` (lines end at `\n`), for preparing one line of
/// a text kept whole elsewhere: `prepared!(line_of(HELP, 1))`. Panics
/// (failing the build) past the text's last line.
pub const fn line_of(text: &str, index: usize) -> &str {
    let bytes = text.as_bytes();
    let (mut line, mut start, mut at) = (0, 0, 0);
    while at <= bytes.len() {
        if at == bytes.len() || bytes[at] == b'\n' {
            if line == index {
                let (_, rest) = text.split_at(start);
                let (wanted, _) = rest.split_at(at - start);
                return wanted;
            }
            line += 1;
            start = at + 1;
        }
        at += 1;
    }
    panic!("the text has no such line")
}

/// Pixel rows a block of `lines` lines takes.
pub const fn rows_for(lines: usize) -> usize {
    (lines - 1) * LINE_HEIGHT as usize + GLYPH_ROWS
}

/// The widest line's width in pixels: the glyphs' advances. Panics
/// (failing the build) on a character the font lacks or a colour change.
/// For `const` items only: at run time it would copy the font's table.
pub const fn width_of(text: &str) -> i32 {
    let bytes = text.as_bytes();
    let (mut width, mut widest) = (0, 0);
    let mut at = 0;
    while at < bytes.len() {
        let (c, next) = decode(bytes, at);
        at = next;
        if c == '\n' {
            width = 0;
            continue;
        }
        if font::control(c).is_some() {
            panic!("prepared text is in one colour");
        }
        if !font::has_glyph_at_build(c) {
            panic!("prepared text has a letter the font lacks");
        }
        width += font::glyph_at_build(c).advance as i32;
        if width > widest {
            widest = width;
        }
    }
    widest
}

/// Columns of 8 pixels a pixel row of `text` takes.
pub const fn columns_for(text: &str) -> usize {
    (width_of(text) as usize).div_ceil(8)
}

/// The pixel columns of `text`, `columns` of them (see `PreparedLine`);
/// `N` is `columns * rows_for(lines_in(text))`.
pub const fn render<const N: usize>(text: &str, columns: usize) -> [u32; N] {
    let height = rows_for(lines_in(text));
    assert!(N == columns * height);
    let mut pixels = [0u32; N];
    let bytes = text.as_bytes();
    let (mut x, mut top) = (0usize, 0usize);
    let mut at = 0;
    while at < bytes.len() {
        let (c, next) = decode(bytes, at);
        at = next;
        if c == '\n' {
            x = 0;
            top += LINE_HEIGHT as usize;
            continue;
        }
        let glyph = font::glyph_at_build(c);
        let mut row = 0;
        while row < GLYPH_ROWS {
            // A glyph row's pixel i is nibble i, as the text's are.
            let rows = glyph.rows[row] as u64;
            let shifted = rows << (4 * (x % 8));
            let word = (x / 8) * height + top + row;
            pixels[word] |= shifted as u32;
            if (shifted >> 32) != 0 {
                pixels[word + height] |= (shifted >> 32) as u32;
            }
            row += 1;
        }
        x += glyph.advance as usize;
    }
    pixels
}

/// The character at byte `at` of UTF-8 `bytes`, and the byte after it.
const fn decode(bytes: &[u8], at: usize) -> (char, usize) {
    let first = bytes[at] as u32;
    let (length, initial) = if first < 0x80 {
        (1, first)
    } else if first < 0xE0 {
        (2, first & 0x1F)
    } else if first < 0xF0 {
        (3, first & 0x0F)
    } else {
        (4, first & 0x07)
    };
    let mut code = initial;
    let mut i = 1;
    while i < length {
        code = code << 6 | (bytes[at + i] as u32 & 0x3F);
        i += 1;
    }
    match char::from_u32(code) {
        Some(c) => (c, at + length),
        None => panic!("not UTF-8"),
    }
}

/// A `&'static PreparedLine` of a string literal (or a `const` string),
/// rendered as the ROM is compiled: `prepared!("A: open  B: flag")`, or a
/// block of lines, `prepared!("Password in\nPassword out")`.
macro_rules! prepared {
    ($text:expr) => {{
        const PREPARED_TEXT: &str = $text;
        const PREPARED_COLUMNS: usize =
            $crate::framework::widgets::prepared::columns_for(PREPARED_TEXT);
        const PREPARED_ROWS: usize = $crate::framework::widgets::prepared::rows_for(
            $crate::framework::widgets::prepared::lines_in(PREPARED_TEXT),
        );
        const PREPARED_PIXELS: [u32; PREPARED_COLUMNS * PREPARED_ROWS] =
            $crate::framework::widgets::prepared::render(PREPARED_TEXT, PREPARED_COLUMNS);
        const PREPARED_LINE: $crate::framework::widgets::prepared::PreparedLine =
            $crate::framework::widgets::prepared::PreparedLine::new(
                PREPARED_TEXT,
                PREPARED_COLUMNS,
                &PREPARED_PIXELS,
            );
        &PREPARED_LINE
    }};
}
pub(crate) use prepared;

/// An array of `&'static PreparedLine`s, one per text given:
/// `prepared_all![ROWS[0], ROWS[1], HELP]`.
macro_rules! prepared_all {
    ($($text:expr),* $(,)?) => {
        [$($crate::framework::widgets::prepared::prepared!($text)),*]
    };
}
pub(crate) use prepared_all;
