//! The blocks each level deals: `patterns.txt`, read at compile time. A
//! malformed file stops the build.

use super::levels::LEVELS;
use crate::builtin::line_at;

/// Most rows a block has.
pub const BLOCK_MAX_ROWS: usize = 4;

const TEXT: &[u8] = include_str!("patterns.txt").as_bytes();

/// One of a level's blocks, as the tiles its stroke turns over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// 1 to [`LEVELS`].
    pub level: u8,
    /// Rows, 2 to [`BLOCK_MAX_ROWS`].
    pub height: u8,
    /// Top row first; bit `x` is column `x` (0 = leftmost), set where the
    /// stroke turns the tile over.
    pub marks: [u8; BLOCK_MAX_ROWS],
}

/// Every pattern, level by level.
pub static PATTERNS: [Pattern; COUNT] = parse(TEXT);

pub const COUNT: usize = count(TEXT);

/// Where each level's patterns start in [`PATTERNS`]; level `n` (1-based)
/// is `FIRST[n - 1]..FIRST[n]`.
pub static FIRST: [u16; LEVELS as usize + 1] = first(&PATTERNS);

const fn is_level_line(text: &[u8], from: usize, to: usize) -> bool {
    to > from + 6
        && text[from] == b'l'
        && text[from + 1] == b'e'
        && text[from + 2] == b'v'
        && text[from + 3] == b'e'
        && text[from + 4] == b'l'
        && text[from + 5] == b' '
}

/// The row a line of `X` and `.` spells; the build stops on anything else.
const fn row_of(text: &[u8], from: usize, to: usize) -> u8 {
    assert!(to - from == 8, "a pattern row is 8 tiles");
    let mut row = 0u8;
    let mut x = 0;
    while x < 8 {
        match text[from + x] {
            b'X' => row |= 1 << x,
            b'.' => {}
            _ => panic!("a pattern row is made of X and ."),
        }
        x += 1;
    }
    assert!(row != 0 && row != 0xFF, "a pattern row marks 1 to 7 tiles");
    row
}

/// How many patterns the file holds.
const fn count(text: &[u8]) -> usize {
    let mut count = 0;
    let mut rows = 0;
    let mut start = 0;
    while start <= text.len() {
        let (from, to, next) = if start < text.len() {
            line_at(text, start)
        } else {
            (start, start, start + 1)
        };
        let is_row = from < to && !is_level_line(text, from, to);
        if is_row {
            rows += 1;
        } else if rows > 0 {
            count += 1;
            rows = 0;
        }
        start = next;
    }
    count
}

const fn parse<const N: usize>(text: &[u8]) -> [Pattern; N] {
    let mut patterns = [Pattern {
        level: 0,
        height: 0,
        marks: [0; BLOCK_MAX_ROWS],
    }; N];
    let mut i = 0;
    let mut level = 0u8;
    let mut current = patterns[0];
    let mut start = 0;
    while start <= text.len() {
        let (from, to, next) = if start < text.len() {
            line_at(text, start)
        } else {
            (start, start, start + 1)
        };
        if from < to && is_level_line(text, from, to) {
            assert!(current.height == 0, "a blank line ends a pattern");
            let mut number = 0u8;
            let mut at = from + 6;
            while at < to {
                assert!(text[at].is_ascii_digit(), "level N");
                number = number * 10 + (text[at] - b'0');
                at += 1;
            }
            assert!(number == level + 1, "levels come in order from 1");
            level = number;
        } else if from < to {
            assert!(level > 0, "a pattern comes after its level line");
            assert!(
                (current.height as usize) < BLOCK_MAX_ROWS,
                "a block has at most 4 rows"
            );
            current.marks[current.height as usize] = row_of(text, from, to);
            current.height += 1;
        } else if current.height > 0 {
            assert!(current.height >= 2, "a block has at least 2 rows");
            current.level = level;
            patterns[i] = current;
            i += 1;
            current.height = 0;
            current.marks = [0; BLOCK_MAX_ROWS];
        }
        start = next;
    }
    assert!(i == N, "count and parse disagree");
    assert!(level == LEVELS, "every level has patterns");
    patterns
}

const fn first(patterns: &[Pattern]) -> [u16; LEVELS as usize + 1] {
    let mut first = [0u16; LEVELS as usize + 1];
    let mut level = 1;
    while level <= LEVELS as usize {
        let mut i = first[level - 1] as usize;
        while i < patterns.len() && patterns[i].level as usize == level {
            i += 1;
        }
        assert!(i > first[level - 1] as usize, "every level has patterns");
        first[level] = i as u16;
        level += 1;
    }
    first
}
