//! The built-in puzzles in sets of ten, from the first steps to the hardest:
//! `src/polarium/puzzles.txt` (made by
//! `tests/rules/src/polarium/make_puzzles.rs`), read at compile time.
//!
//! The file holds one Polarium DS password a line, in three groups of ten
//! digits, with `#` starting a comment; blank lines are skipped. A line that
//! is not a valid password stops the build. Each puzzle is stored as its
//! password's three line numbers: 12 bytes of ROM.

use super::board::Puzzle;
use super::password;

const TEXT: &[u8] = include_str!("../puzzles.txt").as_bytes();

/// How many built-in puzzles there are.
pub const COUNT: usize = count(TEXT);

/// Each puzzle's password line numbers (see [`password::from_lines`]).
pub static PUZZLES: [[u32; 3]; COUNT] = parse(TEXT);

/// Each puzzle's set's label, as a difficulty tier (1 to
/// `difficulty::TIERS`), from the `tier N` its line's comment records (0
/// where there is none).
pub static TIERS: [u8; COUNT] = tiers(TEXT);

/// The list saves before Polarium's save version 5 number their records
/// by (`src/polarium/earlier_puzzles.txt`): read only to work out
/// [`EARLIER_TO_NOW`], so none of it is kept in the ROM.
const EARLIER_TEXT: &[u8] = include_str!("../earlier_puzzles.txt").as_bytes();

/// How many puzzles the earlier list had.
pub const EARLIER_COUNT: usize = count(EARLIER_TEXT);

/// Marks an earlier puzzle no longer built in, in [`EARLIER_TO_NOW`].
pub const GONE: u8 = u8::MAX;

/// Where each puzzle of the earlier list is now (its index, found by its
/// password), or [`GONE`].
pub static EARLIER_TO_NOW: [u8; EARLIER_COUNT] =
    earlier_to_now(&parse::<EARLIER_COUNT>(EARLIER_TEXT));

/// Built-in puzzle `index` (0 = the first), with its hints.
#[must_use]
pub fn puzzle(index: usize) -> Option<Puzzle> {
    password::from_lines(*PUZZLES.get(index)?).ok()
}

/// Which built-in puzzle has these password lines, hints and all (a
/// password typed in may be one). The stored lines are each puzzle's own
/// encoding (host-tested), so lines compare as puzzles do.
#[must_use]
pub fn index_of(lines: [u32; 3]) -> Option<usize> {
    PUZZLES.iter().position(|&stored| stored == lines)
}

/// Built-in puzzle `index`'s width and height, read straight from its
/// password's size octet (the list shows ten at a time).
#[must_use]
pub fn size(index: usize) -> Option<(u8, u8)> {
    Some(password::size(*PUZZLES.get(index)?))
}

/// The line starting at `start`: where its content starts and ends (spaces
/// around it and any comment left out; equal when there is none) and where
/// the next line starts. (Challenge's patterns file is read with it too.)
pub(crate) const fn line_at(text: &[u8], start: usize) -> (usize, usize, usize) {
    let mut end = start;
    while end < text.len() && text[end] != b'\n' {
        end += 1;
    }
    let next = if end < text.len() { end + 1 } else { end };
    let mut comment = start;
    while comment < end && text[comment] != b'#' {
        comment += 1;
    }
    let mut from = start;
    while from < comment && is_space(text[from]) {
        from += 1;
    }
    let mut to = comment;
    while to > from && is_space(text[to - 1]) {
        to -= 1;
    }
    (from, to, next)
}

const fn is_space(c: u8) -> bool {
    c == b' ' || c == b'\t' || c == b'\r'
}

/// Lines of `text` that hold a password.
const fn count(text: &[u8]) -> usize {
    let mut count = 0;
    let mut start = 0;
    while start < text.len() {
        let (from, to, next) = line_at(text, start);
        if from < to {
            count += 1;
        }
        start = next;
    }
    count
}

/// The line numbers of every password in `text`; `N` is [`count`]`(text)`.
const fn parse<const N: usize>(text: &[u8]) -> [[u32; 3]; N] {
    let mut puzzles = [[0u32; 3]; N];
    let mut i = 0;
    let mut start = 0;
    while start < text.len() {
        let (from, to, next) = line_at(text, start);
        if from < to {
            let (_, rest) = text.split_at(from);
            let (line, _) = rest.split_at(to - from);
            puzzles[i] = password::lines_from_text(line);
            i += 1;
        }
        start = next;
    }
    assert!(i == N, "count and parse disagree");
    puzzles
}

const fn earlier_to_now<const N: usize>(earlier: &[[u32; 3]; N]) -> [u8; N] {
    assert!(COUNT < GONE as usize, "indices fit below GONE");
    let now = parse::<COUNT>(TEXT);
    let mut map = [GONE; N];
    let mut old = 0;
    while old < N {
        let mut new = 0;
        while new < COUNT {
            let (a, b) = (earlier[old], now[new]);
            if a[0] == b[0] && a[1] == b[1] && a[2] == b[2] {
                map[old] = new as u8;
            }
            new += 1;
        }
        old += 1;
    }
    map
}

/// The `tier N` in each password line's comment.
const fn tiers<const N: usize>(text: &[u8]) -> [u8; N] {
    let mut tiers = [0u8; N];
    let mut i = 0;
    let mut start = 0;
    while start < text.len() {
        let (from, to, next) = line_at(text, start);
        if from < to {
            // "tier " then one digit, anywhere after the password.
            let mut at = to;
            while at + 5 < next {
                if text[at] == b't'
                    && text[at + 1] == b'i'
                    && text[at + 2] == b'e'
                    && text[at + 3] == b'r'
                    && text[at + 4] == b' '
                    && text[at + 5].is_ascii_digit()
                {
                    tiers[i] = text[at + 5] - b'0';
                    break;
                }
                at += 1;
            }
            i += 1;
        }
        start = next;
    }
    tiers
}

#[cfg(test)]
mod tests;
