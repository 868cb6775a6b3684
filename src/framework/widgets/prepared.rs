//! Lines of text rendered when the ROM is built: [`prepared!`] lays a
//! string literal out in the font's glyphs at compile time (const code over
//! the same table `font.rs` parses) and keeps its pixels in ROM as a 4bpp
//! tile's rows are kept. Showing one (`TextBox::show`) is shifting those
//! words into the box's tiles: no layout, no glyph lookups, nothing kept in
//! RAM, and a letter the font lacks or a line too wide for where it goes
//! fails the build instead of showing wrong.

use super::font::{self, GLYPH_ROWS};

/// A line of text rendered at build time (see [`prepared!`]).
pub struct PreparedLine {
    /// The text, for events and for comparing with text typed at run time.
    pub text: &'static str,
    /// Pixels from the pen's start to its end (as `Lines` measures a line).
    pub width: i32,
    /// Columns of 8 pixels a glyph row takes.
    columns: usize,
    /// The glyph rows, `columns` words a row, top row first: pixel x of a
    /// row is nibble `x % 8` of its word `x / 8`, 1 where there is ink.
    pixels: &'static [u32],
}

impl PreparedLine {
    /// Made by [`prepared!`].
    #[doc(hidden)]
    pub const fn new(text: &'static str, columns: usize, pixels: &'static [u32]) -> Self {
        Self {
            text,
            width: width_of(text),
            columns,
            pixels,
        }
    }

    /// Every glyph row's words, and how many words a row takes.
    pub fn rows(&self) -> (&'static [u32], usize) {
        (self.pixels, self.columns)
    }
}

/// The line's width in pixels: the glyphs' advances. Panics (failing the
/// build) on a character the font lacks, a line break or a colour change.
/// For `const` items only: at run time it would copy the font's table.
pub const fn width_of(text: &str) -> i32 {
    let bytes = text.as_bytes();
    let mut width = 0;
    let mut at = 0;
    while at < bytes.len() {
        let (c, next) = decode(bytes, at);
        if c == '\n' || font::control(c).is_some() {
            panic!("a prepared line is one line in one colour");
        }
        if !font::has_glyph_at_build(c) {
            panic!("a prepared line has a letter the font lacks");
        }
        width += font::glyph_at_build(c).advance as i32;
        at = next;
    }
    width
}

/// Columns of 8 pixels a glyph row of `text` takes.
pub const fn columns_for(text: &str) -> usize {
    (width_of(text) as usize).div_ceil(8)
}

/// The glyph rows of `text`, `columns` words a row (see `PreparedLine`);
/// `N` is `columns * GLYPH_ROWS`.
pub const fn render<const N: usize>(text: &str, columns: usize) -> [u32; N] {
    assert!(N == columns * GLYPH_ROWS);
    let mut pixels = [0u32; N];
    let bytes = text.as_bytes();
    let mut x = 0usize;
    let mut at = 0;
    while at < bytes.len() {
        let (c, next) = decode(bytes, at);
        let glyph = font::glyph_at_build(c);
        let mut row = 0;
        while row < GLYPH_ROWS {
            // A glyph row's pixel i is nibble i, as the line's are.
            let rows = glyph.rows[row] as u64;
            let shifted = rows << (4 * (x % 8));
            let word = row * columns + x / 8;
            pixels[word] |= shifted as u32;
            if (shifted >> 32) != 0 {
                pixels[word + 1] |= (shifted >> 32) as u32;
            }
            row += 1;
        }
        x += glyph.advance as usize;
        at = next;
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
/// rendered as the ROM is compiled: `prepared!("A: open  B: flag")`.
macro_rules! prepared {
    ($text:expr) => {{
        const TEXT: &str = $text;
        const COLUMNS: usize = $crate::framework::widgets::prepared::columns_for(TEXT);
        const PIXELS: [u32; COLUMNS * $crate::framework::widgets::font::GLYPH_ROWS] =
            $crate::framework::widgets::prepared::render(TEXT, COLUMNS);
        const LINE: $crate::framework::widgets::prepared::PreparedLine =
            $crate::framework::widgets::prepared::PreparedLine::new(TEXT, COLUMNS, &PIXELS);
        &LINE
    }};
}
pub(crate) use prepared;
