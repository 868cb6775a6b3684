//! The built-in pictures in colour: `src/nonogram/colours.txt` (its header
//! explains the format), what a solved picture turns into and how the list
//! shows it. Read at compile time and checked against `puzzles.txt` (names,
//! order, sizes, and colours kept apart between filled and blank cells), so
//! a picture out of step with its puzzle stops the build.
//!
//! A cell is a palette entry (1-15, gfx/README.md), kept as a nibble: each
//! picture starts on a byte, its cells row by row, the first in the low
//! nibble.

use super::MAX_WIDTH;
use super::builtin::{CELL_TABLE, COUNT, ENTRY_TABLE, NAME_BYTES};

const TEXT: &[u8] = include_str!("../colours.txt").as_bytes();

/// Fewest and most colours a picture has, its background included.
pub const MIN_COLOURS: u32 = 3;
pub const MAX_COLOURS: u32 = 7;

/// Where each picture's nibbles start in [`NIBBLES`], then the end.
const STARTS: [u16; COUNT + 1] = starts();
static NIBBLES: [u8; STARTS[COUNT] as usize] = read(TEXT);
/// The colours each picture uses: bit `c` for colour `c`.
static USED: [u16; COUNT] = used(&read(TEXT));

/// Built-in puzzle `index`'s picture in colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ColourPicture {
    index: u16,
}

/// Built-in puzzle `index`'s picture in colour.
#[must_use]
pub fn picture(index: usize) -> Option<ColourPicture> {
    (index < COUNT).then_some(ColourPicture {
        index: index as u16,
    })
}

impl ColourPicture {
    /// Which built-in puzzle this is.
    #[must_use]
    pub const fn index(self) -> usize {
        self.index as usize
    }

    #[must_use]
    pub const fn width(self) -> usize {
        ENTRY_TABLE[self.index as usize].width as usize
    }

    #[must_use]
    pub const fn height(self) -> usize {
        ENTRY_TABLE[self.index as usize].height as usize
    }

    /// The colour (palette entry, 1-15) of the cell at `(x, y)`; 0 off the
    /// picture.
    #[must_use]
    pub fn at(self, x: usize, y: usize) -> u8 {
        if x >= self.width() {
            return 0;
        }
        self.row(y)[x]
    }

    /// Row `y`'s colours, cell by cell (0 past its width, or off the
    /// picture).
    #[must_use]
    pub fn row(self, y: usize) -> [u8; MAX_WIDTH] {
        let mut row = [0; MAX_WIDTH];
        if y >= self.height() {
            return row;
        }
        let first = usize::from(STARTS[self.index()]) * 2 + y * self.width();
        for (x, cell) in row.iter_mut().enumerate().take(self.width()) {
            let nibble = first + x;
            let byte = NIBBLES[nibble / 2];
            *cell = if nibble.is_multiple_of(2) {
                byte & 15
            } else {
                byte >> 4
            };
        }
        row
    }

    /// The cells of row `y` in `colour`, a bit each (cell `x` is bit `x`).
    #[must_use]
    pub fn row_in(self, y: usize, colour: u8) -> u32 {
        self.row(y)
            .iter()
            .enumerate()
            .filter(|&(_, &cell)| cell == colour)
            .fold(0, |row, (x, _)| row | 1 << x)
    }

    /// The colours it uses: bit `c` for colour `c`.
    #[must_use]
    pub fn colours(self) -> u16 {
        USED[self.index()]
    }
}

// The compile-time reader: the same line rules as puzzles.txt's, with rows
// of hex digits.

/// A line: `None` for a comment or blank one, else whether it is a name
/// and its content (without `= ` or trailing spaces); then where the next
/// line starts.
const fn line_at(text: &[u8], start: usize) -> (Option<(bool, usize, usize)>, usize) {
    let mut end = start;
    while end < text.len() && text[end] != b'\n' {
        end += 1;
    }
    let next = if end < text.len() { end + 1 } else { end };
    let mut to = end;
    while to > start && matches!(text[to - 1], b' ' | b'\t' | b'\r') {
        to -= 1;
    }
    if to == start || text[start] == b';' {
        return (None, next);
    }
    if text[start] == b'=' {
        let mut from = start + 1;
        while from < to && text[from] == b' ' {
            from += 1;
        }
        return (Some((true, from, to)), next);
    }
    (Some((false, start, to)), next)
}

/// A cell's colour from its digit; stops the build for anything else.
const fn colour_of(c: u8) -> u8 {
    match c {
        b'1'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => panic!("colours.txt: a cell is not a hex digit 1-f"),
    }
}

const fn starts() -> [u16; COUNT + 1] {
    let mut starts = [0u16; COUNT + 1];
    let mut i = 0;
    while i < COUNT {
        let entry = ENTRY_TABLE[i];
        let cells = entry.width as usize * entry.height as usize;
        starts[i + 1] = starts[i] + cells.div_ceil(2) as u16;
        i += 1;
    }
    starts
}

/// Whether the name at `from..to` of `text` is built-in puzzle `index`'s.
const fn is_name_of(text: &[u8], (from, to): (usize, usize), index: usize) -> bool {
    let (start, end) = (
        ENTRY_TABLE[index].name as usize,
        ENTRY_TABLE[index + 1].name as usize,
    );
    if to - from != end - start {
        return false;
    }
    let mut i = 0;
    while i < end - start {
        if text[from + i] != NAME_BYTES[start + i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether built-in puzzle `index`'s cell `cell` (row by row) is filled.
const fn is_filled(index: usize, cell: usize) -> bool {
    let bit = ENTRY_TABLE[index].cells as usize * 8 + cell;
    CELL_TABLE[bit / 8] & (1 << (bit % 8)) != 0
}

/// Reads and checks every picture.
const fn read(text: &[u8]) -> [u8; STARTS[COUNT] as usize] {
    let mut nibbles = [0u8; STARTS[COUNT] as usize];
    let mut index = 0;
    let mut at = 0;
    // The picture being read: its rows so far and the colours on its
    // filled and its blank cells.
    let mut rows = 0;
    let (mut on_filled, mut on_blank) = (0u16, 0u16);
    loop {
        let (line, next) = line_at(text, at);
        let ends_picture = at >= text.len() || matches!(line, Some((true, _, _)));
        if ends_picture && index > 0 {
            let entry = ENTRY_TABLE[index - 1];
            assert!(
                rows == entry.height as usize,
                "colours.txt: a picture's height differs from puzzles.txt's"
            );
            assert!(
                on_filled & on_blank == 0,
                "colours.txt: a colour is on a filled cell and on a blank one"
            );
            let count = (on_filled | on_blank).count_ones();
            assert!(
                count >= MIN_COLOURS && count <= MAX_COLOURS,
                "colours.txt: a picture has fewer than 3 or more than 7 colours"
            );
        }
        if at >= text.len() {
            break;
        }
        match line {
            None => {}
            Some((true, from, to)) => {
                assert!(index < COUNT, "colours.txt: more pictures than puzzles.txt");
                assert!(
                    is_name_of(text, (from, to), index),
                    "colours.txt: names differ from puzzles.txt's, or their order"
                );
                index += 1;
                rows = 0;
                on_filled = 0;
                on_blank = 0;
            }
            Some((false, from, to)) => {
                assert!(index > 0, "colours.txt: a row before any `= Name` line");
                let puzzle = index - 1;
                let entry = ENTRY_TABLE[puzzle];
                let width = entry.width as usize;
                assert!(
                    to - from == width,
                    "colours.txt: a row's length differs from puzzles.txt's width"
                );
                assert!(
                    rows < entry.height as usize,
                    "colours.txt: a picture has more rows than puzzles.txt's"
                );
                let mut x = 0;
                while x < width {
                    let colour = colour_of(text[from + x]);
                    let cell = rows * width + x;
                    if is_filled(puzzle, cell) {
                        on_filled |= 1 << colour;
                    } else {
                        on_blank |= 1 << colour;
                    }
                    let byte = STARTS[puzzle] as usize + cell / 2;
                    nibbles[byte] |= colour << (cell % 2 * 4);
                    x += 1;
                }
                rows += 1;
            }
        }
        at = next;
    }
    assert!(
        index == COUNT,
        "colours.txt: fewer pictures than puzzles.txt"
    );
    nibbles
}

const fn used(nibbles: &[u8]) -> [u16; COUNT] {
    let mut used = [0u16; COUNT];
    let mut i = 0;
    while i < COUNT {
        let mut byte = STARTS[i] as usize;
        while byte < STARTS[i + 1] as usize {
            used[i] |= 1 << (nibbles[byte] & 15);
            if nibbles[byte] >> 4 != 0 {
                used[i] |= 1 << (nibbles[byte] >> 4);
            }
            byte += 1;
        }
        i += 1;
    }
    used
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::builtin;

    /// Every picture in colour is its puzzle's picture: the colours on its
    /// filled cells are never on its blank ones, it has 3 to 7 of them,
    /// and every cell has one.
    #[test]
    fn every_colour_picture_keeps_its_puzzles_shape() {
        for index in 0..COUNT {
            let solution = builtin::picture(index).expect("a built-in");
            let art = picture(index).expect("its colours");
            assert_eq!(
                (art.width(), art.height()),
                (solution.width(), solution.height())
            );
            let (mut on_filled, mut on_blank) = (0u16, 0u16);
            for y in 0..art.height() {
                let mut covered = 0;
                for colour in 1..16 {
                    let row = art.row_in(y, colour);
                    assert_eq!(row & covered, 0);
                    covered |= row;
                    if row & solution.row(y) != 0 {
                        on_filled |= 1 << colour;
                    }
                    if row & !solution.row(y) != 0 {
                        on_blank |= 1 << colour;
                    }
                }
                assert_eq!(covered, (1 << art.width()) - 1, "every cell has a colour");
            }
            assert_eq!(on_filled & on_blank, 0, "{:?}", builtin::name(index));
            assert_eq!(on_filled | on_blank, art.colours());
            let count = art.colours().count_ones();
            assert!((MIN_COLOURS..=MAX_COLOURS).contains(&count));
        }
        assert!(picture(COUNT).is_none());
    }

    /// A cell reads back as the file wrote it: the first and last cells of
    /// the first picture, against the text.
    #[test]
    fn cells_read_back_as_written() {
        let text = core::str::from_utf8(TEXT).expect("ASCII");
        let rows: std::vec::Vec<&str> = text
            .lines()
            .filter(|line| !line.starts_with(';') && !line.trim().is_empty())
            .skip(1)
            .take(builtin::size(0).expect("a built-in").1.into())
            .collect();
        let art = picture(0).expect("its colours");
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.trim().chars().enumerate() {
                let digit = c.to_digit(16).expect("a hex digit") as u8;
                assert_eq!(art.at(x, y), digit, "({x}, {y})");
            }
        }
        assert_eq!(art.at(art.width(), 0), 0);
    }
}
