//! The built-in pictures in colour: `src/nonogram/colours.txt` (its header
//! explains the format), what a solved picture turns into and how the list
//! shows it. Read at compile time and checked against `puzzles.txt` (names,
//! order, sizes, and colours kept apart between filled and blank cells), so
//! a picture out of step with its puzzle stops the build.
//!
//! A cell is a palette entry (1-15, gfx/README.md), kept as a nibble: each
//! picture starts on a byte, its cells row by row, the first in the low
//! nibble.

use super::builtin::{CELL_TABLE, COUNT, ENTRY_TABLE, NAME_BYTES};
use super::{MAX_HEIGHT, MAX_WIDTH};

const TEXT: &[u8] = include_str!("../colours.txt").as_bytes();

/// Fewest and most colours a picture has, its background included.
pub const MIN_COLOURS: u32 = 3;
pub const MAX_COLOURS: u32 = 7;

/// Where each picture's nibbles start in [`NIBBLES`], then the end (a
/// constant for the build's checks, a static to read at run time).
const STARTS: [u16; COUNT + 1] = starts();
static STARTS_AT: [u16; COUNT + 1] = STARTS;
/// Each picture's width and height, to read at run time.
static SIZES: [(u8, u8); COUNT] = sizes();
/// Every cell, read and checked once (a constant for the tables below, a
/// static to read at run time).
const NIBBLE_TABLE: [u8; STARTS[COUNT] as usize] = read(TEXT);
static NIBBLES: [u8; STARTS[COUNT] as usize] = NIBBLE_TABLE;

/// Each picture's colour on most of its cells, its background.
static BACKGROUNDS: [u8; COUNT] = BACKGROUND_TABLE;
const BACKGROUND_TABLE: [u8; COUNT] = backgrounds(&NIBBLE_TABLE);
/// Each picture as rectangles of one colour besides its background (see
/// [`Rect`]), and where each picture's start, then the end.
const RECT_COUNTS: (usize, [u16; COUNT + 1]) = rect_starts(&NIBBLE_TABLE);
static RECT_STARTS: [u16; COUNT + 1] = RECT_COUNTS.1;
static RECTS: [u32; RECT_COUNTS.0] = rects(&NIBBLE_TABLE);

/// A rectangle of cells of one colour: a picture is its background with
/// these over it, so a list draws it as a fill for each, worked out when
/// the ROM is built.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rect {
    pub x: u8,
    pub y: u8,
    pub width: u8,
    pub height: u8,
    pub colour: u8,
}

// A rectangle's x and width take five bits, its y, height and colour four.
const _: () = assert!(MAX_WIDTH < 32 && MAX_HEIGHT < 16);

impl Rect {
    const fn packed(self) -> u32 {
        self.x as u32
            | (self.width as u32) << 5
            | (self.y as u32) << 10
            | (self.height as u32) << 14
            | (self.colour as u32) << 18
    }

    const fn unpacked(word: u32) -> Self {
        Self {
            x: (word & 31) as u8,
            width: (word >> 5 & 31) as u8,
            y: (word >> 10 & 15) as u8,
            height: (word >> 14 & 15) as u8,
            colour: (word >> 18 & 15) as u8,
        }
    }
}

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
    pub fn width(self) -> usize {
        usize::from(SIZES[self.index()].0)
    }

    #[must_use]
    pub fn height(self) -> usize {
        usize::from(SIZES[self.index()].1)
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
        let width = self.width();
        let first = usize::from(STARTS_AT[self.index()]) * 2 + y * width;
        for (x, cell) in row.iter_mut().enumerate().take(width) {
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

    /// The colour of most of its cells.
    #[must_use]
    pub fn background(self) -> u8 {
        BACKGROUNDS[self.index()]
    }

    /// Its cells of other colours than its background, as rectangles
    /// (none overlapping).
    pub fn rects(self) -> impl Iterator<Item = Rect> {
        let (from, to) = (RECT_STARTS[self.index()], RECT_STARTS[self.index() + 1]);
        RECTS[usize::from(from)..usize::from(to)]
            .iter()
            .map(|&word| Rect::unpacked(word))
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

const fn sizes() -> [(u8, u8); COUNT] {
    let mut sizes = [(0, 0); COUNT];
    let mut i = 0;
    while i < COUNT {
        sizes[i] = (ENTRY_TABLE[i].width, ENTRY_TABLE[i].height);
        i += 1;
    }
    sizes
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

/// Picture `index`'s cell `cell` (row by row).
const fn cell_of(nibbles: &[u8], index: usize, cell: usize) -> u8 {
    let nibble = STARTS[index] as usize * 2 + cell;
    let byte = nibbles[nibble / 2];
    if nibble & 1 == 0 {
        byte & 15
    } else {
        byte >> 4
    }
}

const fn backgrounds(nibbles: &[u8]) -> [u8; COUNT] {
    let mut backgrounds = [0u8; COUNT];
    let mut i = 0;
    while i < COUNT {
        let mut counts = [0u16; 16];
        let cells = ENTRY_TABLE[i].width as usize * ENTRY_TABLE[i].height as usize;
        let mut cell = 0;
        while cell < cells {
            counts[cell_of(nibbles, i, cell) as usize] += 1;
            cell += 1;
        }
        let mut colour = 1;
        while colour < 16 {
            if counts[colour] > counts[backgrounds[i] as usize] {
                backgrounds[i] = colour as u8;
            }
            colour += 1;
        }
        i += 1;
    }
    backgrounds
}

/// Picture `index`'s rectangles (see [`Rect`]), into `out` from `at` if it
/// has room; how many there are. Each row's runs of a colour other than
/// the background, a run going on down while the rows below have the
/// same run.
const fn picture_rects(nibbles: &[u8], index: usize, out: &mut [u32], at: usize) -> usize {
    let (width, height) = (
        ENTRY_TABLE[index].width as usize,
        ENTRY_TABLE[index].height as usize,
    );
    let background = BACKGROUND_TABLE[index];
    // Runs still going on down: x, width, colour, top row.
    let mut open = [(0u8, 0u8, 0u8, 0u8); MAX_WIDTH];
    let mut open_count = 0;
    let mut count = 0;
    let mut y = 0;
    while y <= height {
        // This row's runs (none past the last row, which closes them all).
        let mut runs = [(0u8, 0u8, 0u8); MAX_WIDTH];
        let mut run_count = 0;
        let mut x = 0;
        while y < height && x < width {
            let colour = cell_of(nibbles, index, y * width + x);
            let mut end = x + 1;
            while end < width && cell_of(nibbles, index, y * width + end) == colour {
                end += 1;
            }
            if colour != background {
                runs[run_count] = (x as u8, (end - x) as u8, colour);
                run_count += 1;
            }
            x = end;
        }
        // An open run this row does not carry on is a rectangle.
        let mut kept = [(0u8, 0u8, 0u8, 0u8); MAX_WIDTH];
        let mut kept_count = 0;
        let mut o = 0;
        while o < open_count {
            let (ox, ow, oc, top) = open[o];
            let mut goes_on = false;
            let mut r = 0;
            while r < run_count {
                if runs[r].0 == ox && runs[r].1 == ow && runs[r].2 == oc {
                    goes_on = true;
                }
                r += 1;
            }
            if goes_on {
                kept[kept_count] = open[o];
                kept_count += 1;
            } else {
                if at + count < out.len() {
                    let rect = Rect {
                        x: ox,
                        y: top,
                        width: ow,
                        height: y as u8 - top,
                        colour: oc,
                    };
                    out[at + count] = rect.packed();
                }
                count += 1;
            }
            o += 1;
        }
        // A run no open one carries on opens.
        let mut r = 0;
        while r < run_count {
            let mut carried = false;
            let mut k = 0;
            while k < kept_count {
                if kept[k].0 == runs[r].0 && kept[k].1 == runs[r].1 && kept[k].2 == runs[r].2 {
                    carried = true;
                }
                k += 1;
            }
            if !carried {
                kept[kept_count] = (runs[r].0, runs[r].1, runs[r].2, y as u8);
                kept_count += 1;
            }
            r += 1;
        }
        open = kept;
        open_count = kept_count;
        y += 1;
    }
    count
}

const fn rect_starts(nibbles: &[u8]) -> (usize, [u16; COUNT + 1]) {
    let mut starts = [0u16; COUNT + 1];
    let mut i = 0;
    while i < COUNT {
        let count = picture_rects(nibbles, i, &mut [], 0);
        starts[i + 1] = starts[i] + count as u16;
        i += 1;
    }
    (starts[COUNT] as usize, starts)
}

const fn rects(nibbles: &[u8]) -> [u32; RECT_COUNTS.0] {
    let mut rects = [0u32; RECT_COUNTS.0];
    let mut i = 0;
    while i < COUNT {
        let _ = picture_rects(nibbles, i, &mut rects, RECT_COUNTS.1[i] as usize);
        i += 1;
    }
    rects
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::builtin;

    /// The cells of `art`'s row `y` in `colour`, a bit each.
    fn row_in(art: ColourPicture, y: usize, colour: u8) -> u32 {
        art.row(y)
            .iter()
            .enumerate()
            .filter(|&(_, &cell)| cell == colour)
            .fold(0, |row, (x, _)| row | 1 << x)
    }

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
                    let row = row_in(art, y, colour);
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
            let count = (on_filled | on_blank).count_ones();
            assert!((MIN_COLOURS..=MAX_COLOURS).contains(&count));
        }
        assert!(picture(COUNT).is_none());
    }

    /// Each picture is its background with its rectangles over it, none
    /// overlapping another, none in the background's colour.
    #[test]
    fn rectangles_over_the_background_make_the_picture() {
        for index in 0..COUNT {
            let art = picture(index).expect("its colours");
            let (width, height) = (art.width(), art.height());
            let mut drawn = std::vec![std::vec![art.background(); width]; height];
            let mut covered = std::vec![std::vec![false; width]; height];
            for rect in art.rects() {
                assert_ne!(rect.colour, art.background());
                assert!(rect.width > 0 && rect.height > 0);
                for y in rect.y..rect.y + rect.height {
                    for x in rect.x..rect.x + rect.width {
                        let (x, y) = (usize::from(x), usize::from(y));
                        assert!(!covered[y][x], "picture {index}: ({x}, {y}) twice");
                        covered[y][x] = true;
                        drawn[y][x] = rect.colour;
                    }
                }
            }
            for (y, row) in drawn.iter().enumerate() {
                for (x, &colour) in row.iter().enumerate() {
                    assert_eq!(colour, art.at(x, y), "picture {index}: ({x}, {y})");
                }
            }
            let most = (1..16)
                .map(|colour| {
                    (0..height)
                        .map(|y| row_in(art, y, colour).count_ones())
                        .sum::<u32>()
                })
                .max();
            let background = (0..height)
                .map(|y| row_in(art, y, art.background()).count_ones())
                .sum::<u32>();
            assert_eq!(
                Some(background),
                most,
                "the background is the most used colour"
            );
        }
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
