//! Lines of text rendered when the ROM is built: [`prepared!`] lays a
//! string literal out in the font's glyphs at compile time (const code over
//! the same table `font.rs` parses) and keeps its pixels in ROM at a bit
//! each. Showing one (`TextBox::show`) is spreading those bits into the
//! box's tiles: no layout, no glyph lookups, nothing kept in RAM, and a
//! letter the font lacks or a line too wide for where it goes fails the
//! build instead of showing wrong.

use super::font::{self, GLYPH_ROWS};

/// A line of text rendered at build time (see [`prepared!`]).
pub struct PreparedLine {
    /// The text, for events and for comparing with text typed at run time.
    pub text: &'static str,
    /// Pixels from the pen's start to its end (as `Lines` measures a line).
    pub width: i32,
    /// 32-bit words a glyph row takes.
    words: usize,
    /// The glyph rows, `words` a row, top row first: pixel x of a row is
    /// bit `x % 32` of its word `x / 32`.
    pixels: &'static [u32],
}

impl PreparedLine {
    /// Made by [`prepared!`].
    #[doc(hidden)]
    pub const fn new(text: &'static str, words: usize, pixels: &'static [u32]) -> Self {
        Self {
            text,
            width: width_of(text),
            words,
            pixels,
        }
    }

    /// Glyph row `row`'s words (none past the last row).
    #[inline(always)]
    pub fn row(&self, row: usize) -> &'static [u32] {
        let start = row * self.words;
        self.pixels.get(start..start + self.words).unwrap_or(&[])
    }

    /// The 8 pixels of glyph row `row` from pixel `x` on (see [`byte_in`]).
    pub fn byte_at(&self, row: usize, x: i32) -> u8 {
        byte_in(self.row(row), x)
    }
}

/// The 8 pixels of a glyph row (`words`, as `PreparedLine` keeps them) from
/// pixel `x` on, bit 0 for pixel `x`; `x` may be negative (pixels before
/// the line are blank).
#[inline(always)]
pub fn byte_in(words: &[u32], x: i32) -> u8 {
    if x < 0 {
        return match words.first() {
            Some(&first) if x > -8 => (first << -x) as u8,
            _ => 0,
        };
    }
    let (index, shift) = ((x >> 5) as usize, (x & 31) as u32);
    let low = words.get(index).map_or(0, |&word| word >> shift);
    let high = if shift > 24 {
        words.get(index + 1).map_or(0, |&word| word << (32 - shift))
    } else {
        0
    };
    (low | high) as u8
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

/// 32-bit words a glyph row of `text` takes.
pub const fn words_for(text: &str) -> usize {
    (width_of(text) as usize).div_ceil(32)
}

/// The glyph rows of `text`, `WORDS` words a row (see `PreparedLine`); `N`
/// is `WORDS * GLYPH_ROWS`.
pub const fn render<const N: usize>(text: &str, words: usize) -> [u32; N] {
    assert!(N == words * GLYPH_ROWS);
    let mut pixels = [0u32; N];
    let bytes = text.as_bytes();
    let mut x = 0usize;
    let mut at = 0;
    while at < bytes.len() {
        let (c, next) = decode(bytes, at);
        let glyph = font::glyph_at_build(c);
        let mut row = 0;
        while row < GLYPH_ROWS {
            // A glyph row's pixel i is nibble i, colour 1.
            let mut i = 0;
            while i < 8 {
                if glyph.rows[row] >> (4 * i) & 1 != 0 {
                    let at_x = x + i;
                    pixels[row * words + at_x / 32] |= 1 << (at_x % 32);
                }
                i += 1;
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
        const WORDS: usize = $crate::framework::widgets::prepared::words_for(TEXT);
        const PIXELS: [u32; WORDS * $crate::framework::widgets::font::GLYPH_ROWS] =
            $crate::framework::widgets::prepared::render(TEXT, WORDS);
        const LINE: $crate::framework::widgets::prepared::PreparedLine =
            $crate::framework::widgets::prepared::PreparedLine::new(TEXT, WORDS, &PIXELS);
        &LINE
    }};
}
pub(crate) use prepared;
