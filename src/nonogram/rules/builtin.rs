//! The built-in puzzles: hand-drawn pictures from `src/nonogram/puzzles.txt`
//! (its header explains the format), read at compile time so the text never
//! reaches the ROM and a malformed puzzle stops the build.
//!
//! Each picture is stored bit-packed, one bit a cell row by row, in one byte
//! table; a small entry per puzzle says where its cells and name start. The
//! file lists the sizes of [`SIZES`] in that order, so each size is one
//! contiguous range of indices, and each range goes from easiest to hardest.

use super::grid::Grid;

const TEXT: &[u8] = include_str!("../puzzles.txt").as_bytes();

/// The board sizes (width, height) the built-ins come in, smallest first.
pub const SIZES: [(u8, u8); 4] = [(5, 5), (10, 10), (15, 15), (20, 15)];

/// Longest name, in characters: what the puzzle list has room for.
const MAX_NAME: usize = 12;

/// How many built-in puzzles there are.
pub const COUNT: usize = TOTALS.count;

const TOTALS: Totals = scan(TEXT);

/// Where a puzzle's data starts in [`CELLS`] and [`NAMES`], and its size.
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    /// First byte of its cells in [`CELLS`].
    pub(crate) cells: u16,
    /// First byte of its name in [`NAMES`]; it ends where the next one starts.
    pub(crate) name: u16,
    pub(crate) width: u8,
    pub(crate) height: u8,
}

/// Every picture, one bit a cell (row by row, the first cell in the lowest
/// bit), each starting on a byte.
static CELLS: [u8; TOTALS.cell_bytes] = CELL_TABLE;

/// The tables as constants too, for the checks of `colour_art` at compile time.
pub(crate) const CELL_TABLE: [u8; TOTALS.cell_bytes] = cells(TEXT);
pub(crate) const ENTRY_TABLE: [Entry; COUNT + 1] = entries(TEXT);
pub(crate) const NAME_BYTES: [u8; TOTALS.name_bytes] = names(TEXT);
const _: () = check_names_differ(&ENTRY_TABLE, &NAME_BYTES);

/// Each puzzle's entry, then one past the last (the end of the last name).
static ENTRIES: [Entry; COUNT + 1] = ENTRY_TABLE;

/// Every name, one after another.
static NAMES: &str = match core::str::from_utf8(&NAME_BYTES) {
    Ok(names) => names,
    Err(_) => panic!("puzzles.txt: a name is not ASCII"),
};

/// The first index of each size in [`SIZES`], then [`COUNT`].
static SIZE_STARTS: [usize; SIZES.len() + 1] = size_starts(TEXT);

/// Built-in puzzle `index`'s solution picture.
#[must_use]
pub fn picture(index: usize) -> Option<Grid> {
    let entry = ENTRIES[..COUNT].get(index)?;
    let (width, height) = (usize::from(entry.width), usize::from(entry.height));
    let mut grid = Grid::new(width, height);
    let start = usize::from(entry.cells) * 8;
    for y in 0..height {
        for x in 0..width {
            let bit = start + y * width + x;
            grid.set(x, y, CELLS[bit / 8] & (1 << (bit % 8)) != 0);
        }
    }
    Some(grid)
}

/// Built-in puzzle `index`'s name, shown once it is solved.
#[must_use]
pub fn name(index: usize) -> Option<&'static str> {
    let entry = ENTRIES[..COUNT].get(index)?;
    let end = ENTRIES[index + 1].name;
    NAMES.get(usize::from(entry.name)..usize::from(end))
}

/// Built-in puzzle `index`'s width and height, without building its picture
/// (the puzzle list shows many at once).
#[must_use]
pub fn size(index: usize) -> Option<(u8, u8)> {
    let entry = ENTRIES[..COUNT].get(index)?;
    Some((entry.width, entry.height))
}

/// The index of the first (easiest) puzzle of size `SIZES[size_index]`;
/// [`COUNT`] past the last size.
#[must_use]
pub fn first_of_size(size_index: usize) -> usize {
    SIZE_STARTS[size_index.min(SIZES.len())]
}

/// How many puzzles have size `SIZES[size_index]` (0 past the last size).
#[must_use]
pub fn count_of_size(size_index: usize) -> usize {
    if size_index >= SIZES.len() {
        return 0;
    }
    SIZE_STARTS[size_index + 1] - SIZE_STARTS[size_index]
}

// The compile-time reader. Lines are `;` comments, blank, `= Name` (a new
// puzzle) or rows of `#` and `.`; trailing spaces and `\r` are ignored.

/// What a line holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Blank,
    Name,
    Row,
}

/// The line starting at `start`: its kind, where its content starts and ends
/// (without the `= ` of a name or trailing spaces), and where the next starts.
const fn line_at(text: &[u8], start: usize) -> (Kind, usize, usize, usize) {
    let mut end = start;
    while end < text.len() && text[end] != b'\n' {
        end += 1;
    }
    let next = if end < text.len() { end + 1 } else { end };
    let mut to = end;
    while to > start && is_space(text[to - 1]) {
        to -= 1;
    }
    if to == start || text[start] == b';' {
        return (Kind::Blank, start, start, next);
    }
    if text[start] == b'=' {
        let mut from = start + 1;
        while from < to && is_space(text[from]) {
            from += 1;
        }
        return (Kind::Name, from, to, next);
    }
    let mut at = start;
    while at < to {
        assert!(
            text[at] == b'#' || text[at] == b'.',
            "puzzles.txt: a line is not `; comment`, `= Name`, or a row of `#` and `.`"
        );
        at += 1;
    }
    (Kind::Row, start, to, next)
}

const fn is_space(c: u8) -> bool {
    c == b' ' || c == b'\t' || c == b'\r'
}

/// One puzzle found by [`puzzle_at`].
#[derive(Clone, Copy)]
struct Found {
    name_from: usize,
    name_to: usize,
    /// Where its first row line starts.
    rows: usize,
    width: usize,
    height: usize,
    size_index: usize,
    /// Where the line after its last row starts.
    next: usize,
}

/// The next puzzle at or after `start`, checked; `None` at the end of the text.
const fn puzzle_at(text: &[u8], start: usize) -> Option<Found> {
    let mut at = start;
    // Up to the name.
    loop {
        if at >= text.len() {
            return None;
        }
        let (kind, from, to, next) = line_at(text, at);
        match kind {
            Kind::Blank => at = next,
            Kind::Row => panic!("puzzles.txt: a row before any `= Name` line"),
            Kind::Name => {
                check_name(text, from, to);
                let (name_from, name_to) = (from, to);
                let rows = next;
                // Its rows, up to the next name or the end.
                let mut at = next;
                let mut width = 0;
                let mut height = 0;
                let mut next_puzzle = at;
                while at < text.len() {
                    let (kind, from, to, next) = line_at(text, at);
                    match kind {
                        Kind::Name => break,
                        Kind::Blank => {}
                        Kind::Row => {
                            assert!(
                                height == 0 || to - from == width,
                                "puzzles.txt: a puzzle's rows differ in length"
                            );
                            width = to - from;
                            height += 1;
                            next_puzzle = next;
                        }
                    }
                    at = next;
                }
                let size_index = size_index(width, height);
                return Some(Found {
                    name_from,
                    name_to,
                    rows,
                    width,
                    height,
                    size_index,
                    next: next_puzzle,
                });
            }
        }
    }
}

/// Which of [`SIZES`] a puzzle has; stops the build for any other size.
const fn size_index(width: usize, height: usize) -> usize {
    let mut i = 0;
    while i < SIZES.len() {
        if SIZES[i].0 as usize == width && SIZES[i].1 as usize == height {
            return i;
        }
        i += 1;
    }
    panic!("puzzles.txt: a puzzle is not 5x5, 10x10, 15x15 or 20x15 (width x height)");
}

/// Stops the build for an empty or too long name, a character other than a
/// letter, digit or space, or a space at either end.
const fn check_name(text: &[u8], from: usize, to: usize) {
    assert!(
        from < to && to - from <= MAX_NAME,
        "puzzles.txt: a name is empty or longer than 12 characters"
    );
    let mut at = from;
    while at < to {
        let c = text[at];
        assert!(
            c.is_ascii_alphanumeric() || c == b' ',
            "puzzles.txt: a name has a character other than letters, digits and spaces"
        );
        at += 1;
    }
}

/// Stops the build when two puzzles have the same name.
const fn check_names_differ(entries: &[Entry], names: &[u8]) {
    let mut a = 0;
    while a + 1 < entries.len() {
        let mut b = a + 1;
        while b + 1 < entries.len() {
            let (a_from, a_to) = (entries[a].name as usize, entries[a + 1].name as usize);
            let (b_from, b_to) = (entries[b].name as usize, entries[b + 1].name as usize);
            let mut same = a_to - a_from == b_to - b_from;
            let mut i = 0;
            while same && i < a_to - a_from {
                same = names[a_from + i] == names[b_from + i];
                i += 1;
            }
            assert!(!same, "puzzles.txt: two puzzles have the same name");
            b += 1;
        }
        a += 1;
    }
}

/// Table sizes of a whole text.
struct Totals {
    count: usize,
    cell_bytes: usize,
    name_bytes: usize,
}

/// Reads the whole text once, checking every puzzle and that the sizes come
/// in the order of [`SIZES`].
const fn scan(text: &[u8]) -> Totals {
    let mut totals = Totals {
        count: 0,
        cell_bytes: 0,
        name_bytes: 0,
    };
    let mut last_size = 0;
    let mut at = 0;
    while let Some(found) = puzzle_at(text, at) {
        assert!(
            found.size_index >= last_size,
            "puzzles.txt: puzzles must go by size: 5x5, then 10x10, 15x15, 20x15"
        );
        last_size = found.size_index;
        totals.count += 1;
        totals.cell_bytes += (found.width * found.height).div_ceil(8);
        totals.name_bytes += found.name_to - found.name_from;
        at = found.next;
    }
    assert!(totals.count > 0, "puzzles.txt: no puzzles");
    assert!(
        totals.cell_bytes <= u16::MAX as usize && totals.name_bytes <= u16::MAX as usize,
        "puzzles.txt: too big for the 16-bit offsets"
    );
    totals
}

const fn cells<const N: usize>(text: &[u8]) -> [u8; N] {
    let mut cells = [0u8; N];
    let mut byte = 0;
    let mut at = 0;
    while let Some(found) = puzzle_at(text, at) {
        let mut bit = byte * 8;
        let mut line = found.rows;
        while line < found.next {
            let (kind, from, to, next) = line_at(text, line);
            if matches!(kind, Kind::Row) {
                let mut x = from;
                while x < to {
                    if text[x] == b'#' {
                        cells[bit / 8] |= 1 << (bit % 8);
                    }
                    bit += 1;
                    x += 1;
                }
            }
            line = next;
        }
        byte += (found.width * found.height).div_ceil(8);
        at = found.next;
    }
    cells
}

const fn entries<const N: usize>(text: &[u8]) -> [Entry; N] {
    let mut entries = [Entry {
        cells: 0,
        name: 0,
        width: 0,
        height: 0,
    }; N];
    let (mut i, mut byte, mut name) = (0, 0, 0);
    let mut at = 0;
    while let Some(found) = puzzle_at(text, at) {
        entries[i] = Entry {
            cells: byte as u16,
            name: name as u16,
            width: found.width as u8,
            height: found.height as u8,
        };
        byte += (found.width * found.height).div_ceil(8);
        name += found.name_to - found.name_from;
        i += 1;
        at = found.next;
    }
    entries[i].name = name as u16;
    entries
}

const fn names<const N: usize>(text: &[u8]) -> [u8; N] {
    let mut names = [0u8; N];
    let mut i = 0;
    let mut at = 0;
    while let Some(found) = puzzle_at(text, at) {
        let mut c = found.name_from;
        while c < found.name_to {
            names[i] = text[c];
            i += 1;
            c += 1;
        }
        at = found.next;
    }
    names
}

const fn size_starts<const N: usize>(text: &[u8]) -> [usize; N] {
    let mut counts = [0usize; N];
    let mut at = 0;
    while let Some(found) = puzzle_at(text, at) {
        counts[found.size_index + 1] += 1;
        at = found.next;
    }
    let mut i = 1;
    while i < N {
        counts[i] += counts[i - 1];
        i += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::string::String;
    use std::vec::Vec;
    use std::{format, println};

    use super::*;
    use crate::share_code;
    use crate::{PuzzleClues, UniquenessCheck, Verdict};

    /// Most solver work a built-in may take: what the cartridge can check
    /// within its time budget for a uniqueness check.
    const MAX_WORK: u32 = 17_000;

    /// The pictures of a text, with their names, read at run time by the
    /// same code the build uses.
    fn read(text: &str) -> Vec<(String, Grid)> {
        let text = text.as_bytes();
        let mut puzzles = Vec::new();
        let mut at = 0;
        while let Some(found) = puzzle_at(text, at) {
            let mut grid = Grid::new(found.width, found.height);
            let mut y = 0;
            let mut line = found.rows;
            while line < found.next {
                let (kind, from, to, next) = line_at(text, line);
                if kind == Kind::Row {
                    for (x, &c) in text[from..to].iter().enumerate() {
                        grid.set(x, y, c == b'#');
                    }
                    y += 1;
                }
                line = next;
            }
            let name = String::from_utf8(text[found.name_from..found.name_to].to_vec()).unwrap();
            puzzles.push((name, grid));
            at = found.next;
        }
        puzzles
    }

    /// The proof from the clues alone (no known solution to guide the
    /// search): the verdict and the work it took.
    fn prove(picture: &Grid) -> (Verdict, u32) {
        let mut check = UniquenessCheck::new(&PuzzleClues::of_picture(picture));
        let verdict = check.run();
        (verdict, check.work_done())
    }

    fn line_solvable(picture: &Grid) -> bool {
        let clues = PuzzleClues::of_picture(picture);
        matches!(
            UniquenessCheck::line_logic_only(&clues).run(),
            Verdict::Unique { .. }
        )
    }

    fn size_index_of(picture: &Grid) -> usize {
        let size = (picture.width() as u8, picture.height() as u8);
        SIZES.iter().position(|&s| s == size).unwrap()
    }

    #[test]
    fn the_reader_takes_comments_blanks_and_names() {
        let text = "; a comment\n\n= Dot\n#....\n.....\n.....\n.....\n....#  \r\n\n\
                    = Two  Words\r\n; between rows\n#####\n.....\n#####\n.....\n#####";
        let puzzles = read(text);
        assert_eq!(puzzles.len(), 2);
        assert_eq!(puzzles[0].0, "Dot");
        assert_eq!(puzzles[0].1.count(), 2);
        assert!(puzzles[0].1.contains(4, 4));
        assert_eq!(puzzles[1].0, "Two  Words");
        assert_eq!(puzzles[1].1.row(2), 0b11111);
        let totals = scan(text.as_bytes());
        assert_eq!((totals.count, totals.cell_bytes), (2, 8));
        assert_eq!(totals.name_bytes, 3 + 10);
    }

    #[test]
    #[should_panic(expected = "rows differ in length")]
    fn ragged_rows_stop_the_build() {
        scan(b"= Ragged\n#####\n####\n#####\n#####\n#####\n");
    }

    #[test]
    #[should_panic(expected = "is not 5x5")]
    fn other_sizes_stop_the_build() {
        scan(b"= Small\n####\n####\n####\n####\n");
    }

    #[test]
    #[should_panic(expected = "longer than 12")]
    fn long_names_stop_the_build() {
        scan(b"= Thirteen char\n#####\n#####\n#####\n#####\n#####\n");
    }

    #[test]
    #[should_panic(expected = "other than letters")]
    fn odd_names_stop_the_build() {
        scan(b"= Cat!\n#####\n#####\n#####\n#####\n#####\n");
    }

    #[test]
    #[should_panic(expected = "not `; comment`")]
    fn other_characters_stop_the_build() {
        scan(b"= Cat\n#####\n##x##\n#####\n#####\n#####\n");
    }

    #[test]
    #[should_panic(expected = "must go by size")]
    fn sizes_out_of_order_stop_the_build() {
        let ten = "##########\n".repeat(10);
        scan(format!("= Big\n{ten}= Small\n{}", "#####\n".repeat(5)).as_bytes());
    }

    #[test]
    #[should_panic(expected = "same name")]
    fn names_twice_stop_the_build() {
        let five = "#####\n".repeat(5);
        let text = format!("= Cat\n{five}= Dog\n{five}= Cat\n{five}");
        let text = text.as_bytes();
        let totals = scan(text);
        assert_eq!(totals.count, 3);
        check_names_differ(&entries::<4>(text), &names::<9>(text));
    }

    #[test]
    fn the_tables_match_the_text() {
        let text = read(include_str!("../puzzles.txt"));
        assert_eq!(text.len(), COUNT);
        for (i, (name_text, grid)) in text.iter().enumerate() {
            assert_eq!(name(i), Some(name_text.as_str()));
            assert_eq!(picture(i).as_ref(), Some(grid), "{name_text}");
            assert_eq!(size(i), Some((grid.width() as u8, grid.height() as u8)));
        }
        assert_eq!(
            (picture(COUNT), name(COUNT), size(COUNT)),
            (None, None, None)
        );
    }

    #[test]
    fn there_are_enough_of_every_size_in_order() {
        const { assert!(COUNT >= 100, "at least 100 built-in pictures") };
        assert_eq!(first_of_size(0), 0);
        for (s, &size_s) in SIZES.iter().enumerate() {
            assert!(count_of_size(s) >= 20, "{size_s:?}: {}", count_of_size(s));
            assert_eq!(first_of_size(s + 1), first_of_size(s) + count_of_size(s));
            for i in first_of_size(s)..first_of_size(s + 1) {
                assert_eq!(size(i), Some(size_s));
                let picture = picture(i).unwrap();
                assert_eq!((picture.width() as u8, picture.height() as u8), size_s);
            }
        }
        assert_eq!(first_of_size(SIZES.len()), COUNT);
        assert_eq!(count_of_size(SIZES.len()), 0);
    }

    #[test]
    fn names_are_short_plain_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..COUNT {
            let name = name(i).unwrap();
            assert!(!name.is_empty() && name.len() <= 12, "{name:?}");
            assert!(name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b' '));
            assert_eq!(name.trim(), name);
            assert!(seen.insert(name.to_ascii_lowercase()), "{name} twice");
        }
    }

    #[test]
    fn every_picture_round_trips_through_its_share_code() {
        for i in 0..COUNT {
            let picture = picture(i).unwrap();
            let code = share_code::encode(&picture).unwrap();
            assert_eq!(
                share_code::decode(code.digits()),
                Ok(picture),
                "{:?}",
                name(i)
            );
        }
    }

    /// The uniqueness proof from the clues alone, within the cartridge's
    /// budget, and each size's puzzles easiest first by that work.
    #[test]
    fn every_picture_is_the_only_solution_of_its_clues_easiest_first() {
        let mut last = (usize::MAX, 0);
        for i in 0..COUNT {
            let picture = picture(i).unwrap();
            let name = name(i).unwrap();
            let (verdict, work) = prove(&picture);
            let Verdict::Unique { solution, .. } = verdict else {
                panic!("{name}: {verdict:?}");
            };
            assert_eq!(solution, picture, "{name}");
            assert!(work <= MAX_WORK, "{name}: {work} units");
            let size = size_index_of(&picture);
            if size == last.0 {
                assert!(
                    work >= last.1,
                    "{name} ({work}) after one of {} units",
                    last.1
                );
            }
            last = (size, work);
        }
    }

    /// What the built-ins are like, printed by `just bench`: a report,
    /// not a test.
    #[test]
    #[ignore = "a report: `just bench` prints it"]
    fn report_builtins() {
        println!("built-in nonograms: {COUNT}");
        for (s, (width, height)) in SIZES.iter().enumerate() {
            let range = first_of_size(s)..first_of_size(s) + count_of_size(s);
            let pictures: Vec<Grid> = range.clone().map(|i| picture(i).unwrap()).collect();
            let works: Vec<u32> = pictures.iter().map(|p| prove(p).1).collect();
            let lines = pictures.iter().filter(|p| line_solvable(p)).count();
            let cells = u32::from(*width) * u32::from(*height);
            let fills: Vec<u32> = pictures.iter().map(|p| p.count() * 100 / cells).collect();
            let n = works.len().max(1) as u32;
            println!(
                "{width}x{height}: {} puzzles, {lines} line-solvable; work min {} mean {} max {}; \
                 fill {}-{}%",
                range.len(),
                works.iter().min().unwrap_or(&0),
                works.iter().sum::<u32>() / n,
                works.iter().max().unwrap_or(&0),
                fills.iter().min().unwrap_or(&0),
                fills.iter().max().unwrap_or(&0),
            );
        }
        let tables = core::mem::size_of_val(&CELLS)
            + core::mem::size_of_val(&ENTRIES)
            + NAMES.len()
            + core::mem::size_of_val(&SIZE_STARTS);
        println!(
            "ROM tables: {tables} bytes (cells {}, entries {}, names {}, size starts {})",
            core::mem::size_of_val(&CELLS),
            core::mem::size_of_val(&ENTRIES),
            NAMES.len(),
            core::mem::size_of_val(&SIZE_STARTS),
        );
    }

    /// For authors: checks a file of candidate puzzles (same format as
    /// puzzles.txt; the built-ins when `NONOGRAM_CANDIDATES` is unset) and
    /// prints each one's verdict, work, fill and, where the clues allow more
    /// than one picture, the cells to change. From /:
    /// `NONOGRAM_CANDIDATES=/path/file.txt cargo test --release --manifest-path
    /// <repo>/Cargo.toml -p nonogram-rules check_candidate_nonograms -- --ignored --nocapture`
    #[test]
    #[ignore = "a tool for drawing puzzles"]
    fn check_candidate_nonograms() {
        let text = match std::env::var("NONOGRAM_CANDIDATES") {
            Ok(path) => std::fs::read_to_string(path).unwrap(),
            Err(_) => String::from(include_str!("../puzzles.txt")),
        };
        let mut summary = Vec::new();
        for (name, picture) in read(&text) {
            let (verdict, work) = prove(&picture);
            let cells = picture.width() * picture.height();
            let fill = picture.count() as usize * 100 / cells;
            let (mark, status): (Option<(Grid, Grid)>, String) = match verdict {
                Verdict::Unique { line_solvable, .. } if line_solvable => (None, "line".into()),
                Verdict::Unique { .. } => {
                    let clues = PuzzleClues::of_picture(&picture);
                    let Verdict::Stalled { undecided } =
                        UniquenessCheck::line_logic_only(&clues).run()
                    else {
                        unreachable!()
                    };
                    (Some((undecided, Grid::new(1, 1))), "probe".into())
                }
                Verdict::NotUnique(ambiguity) => (
                    Some((ambiguity.undecided, ambiguity.differing)),
                    "NOT UNIQUE".into(),
                ),
                other => (None, format!("{other:?}")),
            };
            println!("= {name}  ({status}, work {work}, fill {fill}%)");
            if let Some((undecided, differing)) = mark {
                // Differing cells: X filled in the picture, o blank; other
                // cells line logic leaves open: + filled, - blank.
                for y in 0..picture.height() {
                    let row: String = (0..picture.width())
                        .map(
                            |x| match (picture.contains(x, y), differing.contains(x, y)) {
                                (true, true) => 'X',
                                (false, true) => 'o',
                                (true, _) if undecided.contains(x, y) => '+',
                                (false, _) if undecided.contains(x, y) => '-',
                                (true, _) => '#',
                                (false, _) => '.',
                            },
                        )
                        .collect();
                    println!("{row}");
                }
            }
            summary.push((size_index_of(&picture), work, name, status));
        }
        summary.sort();
        println!("\nEasiest first (size, work, name, status):");
        for (size, work, name, status) in summary {
            println!("{:?} {work} {name} {status}", SIZES[size]);
        }
    }
}
