//! Pocket Sans, prepared once: every glyph of gfx/font/glyphs.txt as rows of
//! 4bpp pixels, parsed when the ROM is compiled. Drawing a letter is then ORing
//! a few words into tiles, with no rasterising and no per-letter layout work
//! (see `text.rs`). gfx/font/make_font.py builds the TTF of the same glyphs for
//! other tools; the in-ROM tests check that agb draws that TTF exactly as this
//! table does.

const SOURCE: &str = include_str!("../../../gfx/font/glyphs.txt");

/// Line height in pixels: 8 above the baseline, 2 below, 1 between lines.
pub const LINE_HEIGHT: i32 = 11;
/// Pixel rows from the top of a line to a glyph's row 0 (the cap height's top).
pub const GLYPH_TOP: i32 = 1;
/// Rows a glyph may have: 7 above the baseline, 2 below.
pub const GLYPH_ROWS: usize = 9;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Glyph {
    /// Pixels from this letter's pen position to the next one's.
    pub advance: u8,
    /// Glyph rows, 4 bits a pixel (colour 1): pixel x is bits 4x..4x+4, as
    /// in a 4bpp tile's row.
    pub rows: [u32; GLYPH_ROWS],
}

/// Characters that change the ink's colour (palette index 0 to 15) for the
/// letters after them, and take no room: the code points agb's
/// `ChangeColour` uses, so text meant for either draws the same.
const COLOUR_CHANGES: u32 = 0xE000;
/// Code points agb reserves for such controls, all without width.
const CONTROLS: core::ops::Range<u32> = COLOUR_CHANGES..COLOUR_CHANGES + 48;

/// The character that switches the ink to palette index `index` (below 16).
pub const fn colour(index: u8) -> char {
    assert!(index < 16);
    match char::from_u32(COLOUR_CHANGES + index as u32) {
        Some(c) => c,
        None => panic!("a private-use code point"),
    }
}

/// What a control character does: `Some(Some(index))` switches the ink to
/// `index`, `Some(None)` does nothing visible; `None` for every other character.
#[inline]
pub const fn control(c: char) -> Option<Option<u32>> {
    let code = c as u32;
    if code < CONTROLS.start || code >= CONTROLS.end {
        return None;
    }
    if code < COLOUR_CHANGES + 16 {
        Some(Some(code - COLOUR_CHANGES))
    } else {
        Some(None)
    }
}

const BLANK: Glyph = Glyph {
    advance: 0,
    rows: [0; GLYPH_ROWS],
};

/// The glyph for `c`. A character the font lacks is drawn as `?`: every
/// string the ROM shows is checked against the font by the tests.
#[inline]
pub fn glyph(c: char) -> &'static Glyph {
    slot(&TABLE, c).unwrap_or(&TABLE.ascii[(b'?' - 0x20) as usize])
}

/// Where `table` keeps `c`'s glyph: its ASCII slot (blank for a character
/// the font lacks) or its place among the others; `None` for any other
/// character. Shared by the table read at run time and the one the build
/// reads (`prepared.rs`).
#[inline]
const fn slot(table: &'static Table, c: char) -> Option<&'static Glyph> {
    let code = c as u32;
    if code >= 0x20 && code < 0x7F {
        return Some(&table.ascii[(code - 0x20) as usize]);
    }
    let mut i = 0;
    while i < EXTRA {
        if table.extra_chars[i] == c {
            return Some(&table.extra[i]);
        }
        i += 1;
    }
    None
}

/// Whether `table` has a glyph for `c`.
const fn has_glyph_in(table: &'static Table, c: char) -> bool {
    match slot(table, c) {
        // An ASCII slot is blank where the font lacks the character.
        Some(glyph) => c as u32 >= 0x7F || glyph.advance > 0,
        None => false,
    }
}

/// Whether the font has a glyph for `c`.
#[cfg(test)]
pub fn has_glyph(c: char) -> bool {
    has_glyph_in(&TABLE, c)
}

/// Tests of what a screen says: every line of `text` is no wider than
/// `width` pixels in the font's glyphs, and has a glyph for every letter.
#[cfg(test)]
pub fn assert_fits(text: &str, width: i32) {
    for line in text.lines() {
        let used: i32 = line.chars().map(|c| i32::from(glyph(c).advance)).sum();
        assert!(used <= width, "{line}: {used} of {width} pixels");
        assert!(line.chars().all(has_glyph), "{line}");
    }
}

/// Every character outside ASCII, in the order glyphs.txt gives them.
#[cfg(test)]
pub fn extra_chars() -> &'static [char] {
    &TABLE.extra_chars
}

/// How many glyphs lie outside ASCII.
const EXTRA: usize = count_extra(SOURCE.as_bytes());

struct Table {
    /// ' ' to '~'.
    ascii: [Glyph; 95],
    extra_chars: [char; EXTRA],
    extra: [Glyph; EXTRA],
}

/// The table, for code run when the ROM is built (`prepared.rs`).
const FONT: Table = parse(SOURCE.as_bytes());
static TABLE: Table = FONT;

/// Whether the font has a glyph for `c`, for code run when the ROM is built.
pub const fn has_glyph_at_build(c: char) -> bool {
    has_glyph_in(&FONT, c)
}

/// The glyphs of ASCII's printable characters (from space), as [`glyph`]
/// gives them: the letter loop indexes them without a lookup.
pub static ASCII_GLYPHS: &[Glyph; 95] = &TABLE.ascii;

/// Each ASCII character's advance, as [`glyph`] gives it: for layout in
/// ARM code, which cannot call the table's Thumb lookup inline.
pub static ASCII_ADVANCE: [u8; 128] = {
    let mut advances = [0; 128];
    let mut code = 0;
    while code < 128 {
        advances[code] = glyph_at_build(code as u8 as char).advance;
        code += 1;
    }
    advances
};

/// `glyph`, for code run when the ROM is built.
pub const fn glyph_at_build(c: char) -> Glyph {
    match slot(&FONT, c) {
        Some(glyph) => *glyph,
        None => FONT.ascii[(b'?' - 0x20) as usize],
    }
}

/// The line of `source` starting at `start`: its end, and where the next starts.
const fn line_end(source: &[u8], start: usize) -> (usize, usize) {
    let mut end = start;
    while end < source.len() && source[end] != b'\n' {
        end += 1;
    }
    let next = if end < source.len() { end + 1 } else { end };
    // Tolerate CRLF line ends.
    if end > start && source[end - 1] == b'\r' {
        (end - 1, next)
    } else {
        (end, next)
    }
}

/// The character a header line `@ <name>` names (the name runs from `from` to `end`).
const fn header_char(source: &[u8], from: usize, end: usize) -> char {
    let length = end - from;
    if length == 5
        && source[from] == b's'
        && source[from + 1] == b'p'
        && source[from + 2] == b'a'
        && source[from + 3] == b'c'
        && source[from + 4] == b'e'
    {
        return ' ';
    }
    if length > 2 && source[from] == b'U' && source[from + 1] == b'+' {
        let mut code = 0u32;
        let mut i = from + 2;
        while i < end {
            let digit = match source[i] {
                b @ b'0'..=b'9' => b - b'0',
                b @ b'A'..=b'F' => b - b'A' + 10,
                b @ b'a'..=b'f' => b - b'a' + 10,
                _ => panic!("glyphs.txt: a U+ name with a non-hex digit"),
            };
            code = code * 16 + digit as u32;
            i += 1;
        }
        return match char::from_u32(code) {
            Some(c) => c,
            None => panic!("glyphs.txt: a U+ name that is no character"),
        };
    }
    if length != 1 || !source[from].is_ascii_graphic() {
        panic!("glyphs.txt: a name that is not `space`, U+XXXX or one ASCII character");
    }
    source[from] as char
}

/// Whether the line is a row of pixels (only `#` and `.`).
const fn is_row(source: &[u8], start: usize, end: usize) -> bool {
    if start == end {
        return false;
    }
    let mut i = start;
    while i < end {
        if source[i] != b'#' && source[i] != b'.' {
            return false;
        }
        i += 1;
    }
    true
}

const fn is_header(source: &[u8], start: usize, end: usize) -> bool {
    end >= start + 3 && source[start] == b'@' && source[start + 1] == b' '
}

const fn count_extra(source: &[u8]) -> usize {
    let mut count = 0;
    let mut start = 0;
    while start < source.len() {
        let (end, next) = line_end(source, start);
        if is_header(source, start, end) && header_char(source, start + 2, end) as u32 >= 0x7F {
            count += 1;
        }
        start = next;
    }
    count
}

const fn parse(source: &[u8]) -> Table {
    let mut table = Table {
        ascii: [BLANK; 95],
        extra_chars: ['\0'; EXTRA],
        extra: [BLANK; EXTRA],
    };
    let mut extra = 0;
    let mut start = 0;
    // The glyph being read: its character, rows so far, width.
    let mut current: Option<char> = None;
    let mut glyph = BLANK;
    let mut row = 0;
    loop {
        let at_end = start >= source.len();
        let (end, next) = if at_end {
            (start, start)
        } else {
            line_end(source, start)
        };
        let header = !at_end && is_header(source, start, end);
        if (at_end || header)
            && let Some(c) = current
        {
            // The glyph before this header is complete.
            let code = c as u32;
            if code < 0x7F {
                table.ascii[(code - 0x20) as usize] = glyph;
            } else {
                table.extra_chars[extra] = c;
                table.extra[extra] = glyph;
                extra += 1;
            }
        }
        if at_end {
            break;
        }
        if header {
            current = Some(header_char(source, start + 2, end));
            glyph = BLANK;
            row = 0;
        } else if current.is_some() && is_row(source, start, end) {
            if row >= GLYPH_ROWS {
                panic!("glyphs.txt: a glyph with more than 9 rows");
            }
            let width = end - start;
            if width > 7 {
                panic!("glyphs.txt: a glyph wider than 7 pixels");
            }
            let mut pixels = 0u32;
            let mut x = 0;
            while x < width {
                if source[start + x] == b'#' {
                    pixels |= 1 << (4 * x);
                }
                x += 1;
            }
            glyph.rows[row] = pixels;
            glyph.advance = width as u8 + 1;
            row += 1;
        }
        start = next;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn the_table_has_every_glyph_of_the_source(_gba: &mut agb::Gba) {
        let headers = SOURCE.lines().filter(|line| line.starts_with("@ ")).count();
        let ascii = TABLE.ascii.iter().filter(|g| g.advance > 0).count();
        assert_eq!(ascii + EXTRA, headers);
        // Digits are tabular, and a space is a space.
        let digit = glyph('0').advance;
        assert!(('0'..='9').all(|d| glyph(d).advance == digit));
        assert_eq!(glyph(' ').rows, [0; GLYPH_ROWS]);
        assert!(glyph(' ').advance > 0);
        // 'A' has ink in its top row; '_' only below the baseline.
        assert_ne!(glyph('A').rows[0], 0);
        assert!(glyph('_').rows[..7].iter().all(|&row| row == 0));
        assert!(extra_chars().contains(&'×'));
        assert_eq!(glyph('\u{1}'), glyph('?'));
    }
}
