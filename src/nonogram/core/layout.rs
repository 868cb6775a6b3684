//! Where a puzzle goes on the 240x160 screen: the cell size, the clue areas
//! (only as deep as the puzzle's clues need) and the corner that holds the
//! title and clock. Pure, so the host tests check every size fits.

use super::rules::PuzzleClues;

pub const SCREEN_WIDTH: i32 = 240;
pub const SCREEN_HEIGHT: i32 = 160;
/// Space kept clear around everything.
const MARGIN: i32 = 2;

/// Clue digits are 3x5 pixel glyphs; a "1" in a two-digit clue is two
/// pixels wide, so "10".."19" fit a 7-pixel column (see `glyphs.rs`).
pub const GLYPH_HEIGHT: i32 = 5;
/// Pixels between two clues of a row, at the least and at the most (as
/// the room allows): always clearly more than the one pixel between the
/// digits of a clue, so "1 1" never reads as 11.
pub const ROW_CLUE_GAP: i32 = 3;
const WIDEST_ROW_CLUE_GAP: i32 = 6;
/// Pixels between stacked column clues.
const COLUMN_CLUE_GAP: i32 = 1;
/// Pixels between the clues and the board.
const CLUE_PAD: i32 = 2;

/// The corner above the row clues and left of the column clues holds the
/// puzzle's name, the clock and the run counter: at least this much room.
pub const CORNER_WIDTH: i32 = 64;
pub const CORNER_HEIGHT: i32 = 24;
/// A line of the corner's large clues: glyphs at scale 2 and a pixel of
/// their band above and below. A board whose clues are drawn small has
/// one more in the corner, for the cursor's row clues (see [`Zoom`]).
pub const ZOOM_BAND: i32 = GLYPH_HEIGHT * 2 + 2;
/// The tops of the corner's lines: the title (or the cursor's column
/// clues, large), the clock, and the cursor's row clues, large.
pub const TITLE_LINE: i32 = 1;
pub const CLOCK_LINE: i32 = 13;
pub const ROW_ZOOM_LINE: i32 = CORNER_HEIGHT;
/// How the cursor's clues are drawn large, from the largest: glyph scale,
/// the gap between clues (always clearly more than between the digits of
/// a clue, one pixel a scale), and whether the marker goes before them
/// (left out only where a line has the most clues a board can have).
const ZOOMS: [(i32, i32, bool); 7] = [
    (2, 8, true),
    (2, 6, true),
    (2, 6, false),
    (1, 6, true),
    (1, 4, true),
    (1, 3, true),
    (1, 3, false),
];
/// The marker before the cursor's clues in the corner (an arrow), and the
/// gap after it, at scale 1.
pub const ZOOM_MARKER_WIDTH: i32 = 5;

/// Cell pitches (pixels, one grid line included) tried from the largest,
/// each with its glyph scale; the first whose layout fits wins.
const CANDIDATES: [(i32, i32); 11] = [
    (16, 2),
    (14, 2),
    (13, 2),
    (12, 1),
    (11, 1),
    (10, 1),
    (9, 1),
    (8, 1),
    (7, 1),
    (6, 1),
    (5, 1),
];

/// Width in pixels of clue `number` at scale 1 (see `glyphs::clue`).
#[must_use]
pub const fn clue_width(number: u8) -> i32 {
    const fn paired(digit: u8) -> i32 {
        if digit == 1 { 2 } else { 3 }
    }
    match number {
        0..=9 => 3,
        10..=99 => paired(number / 10) + 1 + paired(number % 10),
        _ => 7,
    }
}

/// The widths of a line's clues at scale 1 and how many there are, a
/// line without any showing a 0.
#[must_use]
pub fn line_widths(numbers: &[u8]) -> (i32, i32) {
    if numbers.is_empty() {
        (clue_width(0), 1)
    } else {
        row_widths(numbers)
    }
}

/// The widths of a row's clues at scale 1, and how many there are.
fn row_widths(numbers: &[u8]) -> (i32, i32) {
    let sum = numbers.iter().map(|&n| clue_width(n)).sum::<i32>();
    (sum, numbers.len() as i32)
}

/// A column's clues from the foot (the one next to the board first), a
/// column without any showing a 0.
fn from_foot(clues: &PuzzleClues, x: usize) -> impl Iterator<Item = u8> + '_ {
    let numbers = clues.column(x).as_slice();
    let numbers = if numbers.is_empty() {
        &[0][..]
    } else {
        numbers
    };
    numbers.iter().rev().copied()
}

/// Where a column's clues sit: how many slots its stack is raised, and
/// which of its numbers (a bit a slot, from the foot) sit one glyph pixel
/// left of the column's centre.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColumnPlacement {
    pub lift: i32,
    pub nudged: u32,
}

/// Enough slots to clear every clash a column can have (two neighbours,
/// each with at most two two-digit clues on boards up to 20 high).
const MOST_LIFT: i32 = 8;

/// The clue geometry of one layout: a column's pitch and the glyph scale.
#[derive(Clone, Copy)]
struct Columns {
    cell: i32,
    scale: i32,
}

impl Columns {
    /// Where a clue `width` pixels wide (at scale 1) starts, from the left
    /// of its column's inside: centred, as far as whole pixels allow.
    const fn centred(self, width: i32) -> i32 {
        (self.cell - 1) / 2 - width * self.scale / 2
    }

    /// Pixels between a clue `left` wide at `left_at` in one column and a
    /// clue at `right_at` in the next.
    const fn gap(self, (left, left_at): (i32, i32), right_at: i32) -> i32 {
        self.cell + right_at - left_at - left * self.scale
    }

    /// Whether two level numbers in neighbouring columns, `left` and `right`
    /// pixels wide and each centred, would read as one and no nudge can
    /// part them: two two-digit ones closer than two clues of a row may
    /// be, or any two closer than twice the gap between one number's
    /// digits.
    const fn clash(self, left: i32, right: i32) -> bool {
        let gap = self.gap((left, self.centred(left)), self.centred(right));
        let two_digits = left > DIGIT_WIDTH && right > DIGIT_WIDTH;
        gap < 2 * self.scale || (two_digits && gap < ROW_CLUE_GAP * self.scale)
    }

    /// For each pair of width classes, left and right in neighbouring
    /// columns, whether `pair` holds for numbers of those widths.
    fn table(self, pair: impl Fn(i32, i32) -> bool) -> Table {
        core::array::from_fn(|a| core::array::from_fn(|b| pair(CLASS_WIDTHS[a], CLASS_WIDTHS[b])))
    }

    /// Whether any two numbers, level in neighbouring columns, clash or
    /// would have one of them moved: if not, no column's clues move.
    const fn crowd(self) -> bool {
        let enough = ROW_CLUE_GAP * self.scale;
        let mut a = 0;
        while a < WIDTH_CLASSES {
            let mut b = 0;
            while b < WIDTH_CLASSES {
                let (left, right) = (CLASS_WIDTHS[a], CLASS_WIDTHS[b]);
                let at = self.centred(left);
                if self.clash(left, right) || self.gap((left, at), self.centred(right)) < enough {
                    return true;
                }
                b += 1;
            }
            a += 1;
        }
        false
    }

    /// Every column's raise in slots (see [`Columns::placements`]).
    fn lifts(self, profiles: &[Profile; MAX_COLUMNS]) -> [i32; MAX_COLUMNS] {
        let at = |n: Option<usize>| n.and_then(|n| profiles.get(n).copied()).unwrap_or_default();
        let clash = self.table(|a, b| self.clash(a, b));
        core::array::from_fn(|x| {
            let (left, own, right) = (at(x.checked_sub(1)), at(Some(x)), at(Some(x + 1)));
            if x.is_multiple_of(2)
                || own.one_digit_only() && left.one_digit_only() && right.one_digit_only()
            {
                return 0;
            }
            let clashes = |lift: i32| {
                let own = own.raised(lift);
                levels(&clash, left, own) | levels(&clash, own, right) != 0
            };
            (0..MOST_LIFT).find(|&lift| !clashes(lift)).unwrap_or(0)
        })
    }

    /// Every column's placement, each column's numbers read once: its raise
    /// in slots, and its numbers that move a pixel left.
    ///
    /// Every other column keeps its place and the ones between go up by the
    /// fewest slots that leave no number level with a neighbour's it clashes
    /// with. A raise depends on the column and its two neighbours only, so
    /// an edit moves no clues further than two columns away. Then a number
    /// moves left to leave the next column's level number the gap of two
    /// clues of a row, where the column before keeps that gap too;
    /// neighbours are judged where centred, so two columns never both move
    /// for the same pair.
    fn placements(self, clues: &PuzzleClues) -> [ColumnPlacement; MAX_COLUMNS] {
        let profiles = Profile::all(clues);
        // Only numbers wider than one digit clash or leave too small a gap
        // (every layout's columns are wider than a two-digit number).
        if profiles.iter().all(|profile| profile.one_digit_only()) {
            return [ColumnPlacement::default(); MAX_COLUMNS];
        }
        let lifts = self.lifts(&profiles);
        let enough = ROW_CLUE_GAP * self.scale;
        let pressed = self.table(|width, next| {
            let at = self.centred(width);
            at >= self.scale && self.gap((width, at), self.centred(next)) < enough
        });
        let blocked = self.table(|before, width| {
            self.gap(
                (before, self.centred(before)),
                self.centred(width) - self.scale,
            ) < enough
        });
        let raised: [Profile; MAX_COLUMNS] = core::array::from_fn(|x| profiles[x].raised(lifts[x]));
        let none = Profile::default();
        core::array::from_fn(|x| {
            let left = x.checked_sub(1).map_or(&none, |n| &raised[n]);
            let right = raised.get(x + 1).unwrap_or(&none);
            let moved = levels(&pressed, raised[x], *right) & !levels(&blocked, *left, raised[x]);
            ColumnPlacement {
                lift: lifts[x],
                nudged: moved >> lifts[x],
            }
        })
    }
}

/// Whether a pair of width classes, left and right, is one of a kind.
type Table = [[bool; WIDTH_CLASSES]; WIDTH_CLASSES];

/// The levels where a number of `left` is level with one of `right` (the
/// next column's) whose width classes `table` marks.
fn levels(table: &Table, left: Profile, right: Profile) -> u32 {
    let mut levels = 0;
    for (a, &left) in left.0.iter().enumerate() {
        if left == 0 {
            continue;
        }
        for (b, &right) in right.0.iter().enumerate() {
            if table[a][b] {
                levels |= left & right;
            }
        }
    }
    levels
}

/// Columns a board has at the most.
const MAX_COLUMNS: usize = super::rules::MAX_WIDTH;

/// Clue glyph widths, as classes: one digit, "11", the other two-digit
/// numbers of 1 and a digit (and 21, 31...), and the widest; the width of
/// each at scale 1, as all numbers of a class are placed alike.
const WIDTH_CLASSES: usize = 4;
const CLASS_WIDTHS: [i32; WIDTH_CLASSES] = [DIGIT_WIDTH, 5, 6, 7];
/// A one-digit clue's width at scale 1.
const DIGIT_WIDTH: i32 = 3;

/// The width class of clue `number` (as `clue_width`, without dividing:
/// the GBA has no divide instruction, and this runs for every clue).
const fn class_of(number: u8) -> usize {
    match number {
        0..=9 => 0,
        11 => 1,
        10 | 12..=19 => 2,
        // Wider than a column clue gets on the boards there are.
        _ if number < 100 && number % 10 == 1 => 2,
        _ => 3,
    }
}

/// A column's numbers by width class, a bit a slot from the foot (or, once
/// `raised`, a bit a level): all that its placement depends on.
#[derive(Clone, Copy, Default)]
struct Profile([u32; WIDTH_CLASSES]);

impl Profile {
    /// Every column's of `clues` (none past its last).
    fn all(clues: &PuzzleClues) -> [Self; MAX_COLUMNS] {
        core::array::from_fn(|n| Self::of(clues, n))
    }

    /// Column `x`'s; none past the board's last column.
    fn of(clues: &PuzzleClues, x: usize) -> Self {
        let mut profile = Self::default();
        if x < clues.width() {
            for (slot, number) in from_foot(clues, x).enumerate() {
                profile.0[class_of(number)] |= 1 << slot;
            }
        }
        profile
    }

    fn one_digit_only(self) -> bool {
        self.0[1..].iter().all(|&mask| mask == 0)
    }

    /// The stack raised `lift` slots.
    fn raised(self, lift: i32) -> Self {
        Self(self.0.map(|mask| mask << lift))
    }
}

/// The cursor's clues as drawn large in the corner: glyph scale, pixels
/// between clues, whether a marker goes before them, and the left edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zoom {
    pub scale: i32,
    pub gap: i32,
    pub left: i32,
    pub marker: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Pixels from one cell's left edge to the next (grid line included).
    pub cell: i32,
    /// Clue glyphs are drawn this many pixels per font pixel.
    pub scale: i32,
    /// Top-left pixel of the board's outer line.
    pub board_x: i32,
    pub board_y: i32,
    pub columns: i32,
    pub rows: i32,
    /// Top-left of the whole block (corner, clues and board).
    pub left: i32,
    pub top: i32,
    /// Pixels between two clues of a row.
    pub row_gap: i32,
    /// Neighbouring columns' numbers can clash or stand too close at this
    /// pitch and scale (else every column's clues keep their place).
    pub columns_crowd: bool,
}

impl Layout {
    /// The largest layout of `clues` that fits the screen.
    #[must_use]
    pub fn of(clues: &PuzzleClues) -> Self {
        let (columns, rows) = (clues.width() as i32, clues.height() as i32);
        let mut widest_row = 0;
        for y in 0..clues.height() {
            let (sum, count) = row_widths(clues.row(y).as_slice());
            let width = sum + ROW_CLUE_GAP * (count - 1).max(0);
            widest_row = widest_row.max(width.max(clue_width(0)));
        }
        // Each candidate's raises, from the columns' numbers read once.
        let profiles = Profile::all(clues);
        let one_digit = profiles.iter().all(|profile| profile.one_digit_only());
        let deepest = |cell, scale| {
            let lifts = if one_digit {
                [0; MAX_COLUMNS]
            } else {
                Columns { cell, scale }.lifts(&profiles)
            };
            (0..clues.width())
                .map(|x| clues.column(x).len().max(1) as i32 + lifts[x])
                .max()
                .unwrap_or(1)
        };
        let least_deep = (0..clues.width())
            .map(|x| clues.column(x).len().max(1) as i32)
            .max()
            .unwrap_or(1);
        let mut layout = Self::largest_fitting(columns, rows, widest_row, (least_deep, deepest));
        layout.spread_row_clues((0..clues.height()).map(|y| row_widths(clues.row(y).as_slice())));
        layout
    }

    /// The row clues spread into the room the corner leaves them, the same
    /// gap on every row (`rows`: each row's clue widths and count).
    fn spread_row_clues(&mut self, rows: impl Iterator<Item = (i32, i32)>) {
        let room = self.board_x - CLUE_PAD * self.scale - self.left;
        let mut gap = WIDEST_ROW_CLUE_GAP * self.scale;
        for (sum, count) in rows {
            if count > 1 {
                gap = gap.min((room - sum * self.scale) / (count - 1));
            }
        }
        self.row_gap = gap.max(ROW_CLUE_GAP * self.scale);
    }

    /// The largest layout that fits every picture of `width` x `height`, so
    /// a picture being drawn keeps its cells in place as its clues change.
    /// The most numbers a line can have, alternate cells, are also its
    /// widest clues (a two-digit clue takes ten cells for two more pixels,
    /// and a column's raise, see [`Layout::column_lift`], stays inside the
    /// alternate cells' depth: host-tested).
    #[must_use]
    pub fn for_any(width: usize, height: usize) -> Self {
        let most = |cells: usize| cells.div_ceil(2).max(1) as i32;
        let widest_row = most(width) * clue_width(1) + ROW_CLUE_GAP * (most(width) - 1);
        let mut layout = Self::largest_fitting(
            width as i32,
            height as i32,
            widest_row,
            (most(height), |_, _| most(height)),
        );
        layout.spread_row_clues(core::iter::once((most(width) * clue_width(1), most(width))));
        layout
    }

    /// `deepest`: the most clue slots a column takes at a cell pitch and
    /// glyph scale.
    fn largest_fitting(
        columns: i32,
        rows: i32,
        widest_row: i32,
        (least_deep, deepest): (i32, impl Fn(i32, i32) -> i32),
    ) -> Self {
        let mut chosen = None;
        for (index, (cell, scale)) in CANDIDATES.into_iter().enumerate() {
            // A pitch too big for the clues without raises is too big with
            // them: their raises are worked out only where it may fit.
            let last = index + 1 == CANDIDATES.len();
            if !last && !Self::with(columns, rows, cell, scale, widest_row, least_deep).fits() {
                continue;
            }
            let layout = Self::with(columns, rows, cell, scale, widest_row, deepest(cell, scale));
            chosen = Some(layout);
            if layout.fits() {
                break;
            }
        }
        // The last candidate fits every board up to 20x15 (tested).
        chosen.unwrap_or_else(|| Self::with(columns, rows, 5, 1, widest_row, deepest(5, 1)))
    }

    fn with(columns: i32, rows: i32, cell: i32, scale: i32, widest_row: i32, deepest: i32) -> Self {
        let row_clues = widest_row * scale + CLUE_PAD * scale;
        let column_clues = deepest * (GLYPH_HEIGHT + COLUMN_CLUE_GAP) * scale + CLUE_PAD * scale;
        let corner_w = row_clues.max(CORNER_WIDTH);
        let corner_h = column_clues.max(if scale == 1 {
            ROW_ZOOM_LINE - 1 + ZOOM_BAND
        } else {
            CORNER_HEIGHT
        });
        let block_w = corner_w + columns * cell + 1;
        let block_h = corner_h + rows * cell + 1;
        let left = (SCREEN_WIDTH - block_w) / 2;
        let top = (SCREEN_HEIGHT - block_h) / 2;
        Self {
            cell,
            scale,
            board_x: left + corner_w,
            board_y: top + corner_h,
            columns,
            rows,
            left,
            top,
            row_gap: ROW_CLUE_GAP * scale,
            columns_crowd: Columns { cell, scale }.crowd(),
        }
    }

    fn fits(&self) -> bool {
        self.left >= MARGIN
            && self.top >= MARGIN
            && self.board_right() + MARGIN <= SCREEN_WIDTH
            && self.board_bottom() + MARGIN <= SCREEN_HEIGHT
    }

    /// One past the board's right outer line.
    #[must_use]
    pub const fn board_right(&self) -> i32 {
        self.board_x + self.columns * self.cell + 1
    }

    #[must_use]
    pub const fn board_bottom(&self) -> i32 {
        self.board_y + self.rows * self.cell + 1
    }

    /// Top-left pixel of cell `(x, y)`'s inside (past its grid lines).
    #[must_use]
    pub const fn cell_inside(&self, x: i32, y: i32) -> (i32, i32) {
        (
            self.board_x + x * self.cell + 1,
            self.board_y + y * self.cell + 1,
        )
    }

    /// Where row `y`'s clues end (their right edge), and the top of their
    /// glyphs.
    #[must_use]
    pub const fn row_clues_end(&self, y: i32) -> (i32, i32) {
        let glyph = GLYPH_HEIGHT * self.scale;
        (
            self.board_x - CLUE_PAD * self.scale,
            self.board_y + y * self.cell + 1 + (self.cell - 1 - glyph) / 2,
        )
    }

    /// Pixels from one row clue to the next (after its width), and from one
    /// column clue to the next.
    #[must_use]
    pub const fn row_clue_gap(&self) -> i32 {
        self.row_gap
    }

    #[must_use]
    pub const fn column_clue_pitch(&self) -> i32 {
        (GLYPH_HEIGHT + COLUMN_CLUE_GAP) * self.scale
    }

    /// Where each column's clues sit, so that none reads as one with a
    /// neighbouring column's level number ("15" beside "15" as 1515, in
    /// 7-pixel columns).
    #[must_use]
    pub fn column_placements(&self, clues: &PuzzleClues) -> [ColumnPlacement; MAX_COLUMNS] {
        if !self.columns_crowd {
            return [ColumnPlacement::default(); MAX_COLUMNS];
        }
        Columns {
            cell: self.cell,
            scale: self.scale,
        }
        .placements(clues)
    }

    /// The left edge of column `x`'s clue `number` and the bottom of it,
    /// `slot` slots from the foot (after any raise), a pixel left of the
    /// centre if `nudged`.
    #[must_use]
    pub const fn column_clue_at(&self, x: i32, number: u8, slot: i32, nudged: bool) -> (i32, i32) {
        let columns = Columns {
            cell: self.cell,
            scale: self.scale,
        };
        let nudge = if nudged { self.scale } else { 0 };
        (
            self.board_x + x * self.cell + 1 + columns.centred(clue_width(number)) - nudge,
            self.board_y - CLUE_PAD * self.scale - slot * self.column_clue_pitch(),
        )
    }

    /// Whether the clues are small enough that the corner shows the
    /// cursor's row and column clues large.
    #[must_use]
    pub const fn zooms(&self) -> bool {
        self.scale == 1
    }

    /// How the cursor's clues are drawn large in the corner, given their
    /// widths at scale 1 and how many they are: the largest that fits
    /// between the screen's margin and the board (right-aligned to the
    /// board, after a marker). `None` if not even scale 1 fits.
    #[must_use]
    pub fn zoom(&self, (sum, count): (i32, i32)) -> Option<Zoom> {
        let right = self.board_x - CLUE_PAD - 1;
        let count = count.max(1);
        ZOOMS.iter().find_map(|&(scale, gap, marker)| {
            let width = if marker {
                (ZOOM_MARKER_WIDTH + sum) * scale + gap * count
            } else {
                sum * scale + gap * (count - 1)
            };
            let left = right - width;
            (left >= MARGIN + 2).then_some(Zoom {
                scale,
                gap,
                left,
                marker,
            })
        })
    }

    /// Where the corner's large clues may go: x from and to (the board's
    /// edge), for painting the line over.
    #[must_use]
    pub const fn zoom_span(&self) -> (i32, i32) {
        (MARGIN, self.board_x - CLUE_PAD)
    }

    /// The corner's rectangle: x, y, width, height.
    #[cfg(test)]
    #[must_use]
    pub const fn corner(&self) -> (i32, i32, i32, i32) {
        (
            self.left,
            self.top,
            self.board_x - self.left,
            self.board_y - self.top,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Clues, Grid};

    /// Returns how many level numbers in neighbouring columns are closer
    /// than a row's clues (see [`no_column_numbers_read_as_one`]).
    fn fits_with_room(layout: &Layout, clues: &PuzzleClues) -> usize {
        assert!(layout.fits(), "{layout:?}");
        zooms_fit(layout, clues);
        let (_, _, corner_w, corner_h) = layout.corner();
        assert!(corner_w >= CORNER_WIDTH && corner_h >= CORNER_HEIGHT);
        // Every row's clues end before the board and start inside the screen.
        for y in 0..clues.height() {
            let numbers = clues.row(y).as_slice();
            let width: i32 = numbers
                .iter()
                .map(|&n| clue_width(n) * layout.scale)
                .sum::<i32>()
                + layout.row_clue_gap() * (numbers.len() as i32 - 1).max(0);
            let (end, top) = layout.row_clues_end(y as i32);
            assert!(end - width >= layout.left, "row {y} clues spill left");
            assert!(top >= layout.board_y);
        }
        // Separate clues clearly further apart than the digits of one.
        assert!(layout.row_clue_gap() >= ROW_CLUE_GAP * layout.scale);
        // Every column's clues stack inside the block, and a two-digit clue
        // fits inside its column.
        for x in 0..clues.width() {
            let numbers = clues.column(x).len().max(1) as i32;
            let lift = layout.column_placements(clues)[x].lift;
            let (_, bottom) = layout.column_clue_at(x as i32, 0, numbers - 1 + lift, false);
            let top = bottom - GLYPH_HEIGHT * layout.scale;
            assert!(
                top >= layout.top,
                "column {x} clues spill up: {:?} {layout:?}",
                clues.column(x)
            );
            assert!(clue_width(15) * layout.scale < layout.cell);
        }
        no_column_numbers_read_as_one(layout, clues)
    }

    /// Every column clue as drawn: its number, left, top, right (one past)
    /// and bottom; and each is inside its column.
    fn column_glyphs(layout: &Layout, clues: &PuzzleClues, x: usize) -> Vec<(u8, [i32; 4])> {
        let placement = layout.column_placements(clues)[x];
        from_foot(clues, x)
            .enumerate()
            .map(|(slot, number)| {
                let nudged = placement.nudged & 1 << slot != 0;
                let level = slot as i32 + placement.lift;
                let (left, bottom) = layout.column_clue_at(x as i32, number, level, nudged);
                let right = left + clue_width(number) * layout.scale;
                let (column, _) = layout.cell_inside(x as i32, 0);
                assert!(left >= column && right < column + layout.cell);
                let top = bottom - GLYPH_HEIGHT * layout.scale;
                (number, [left, top, right, bottom])
            })
            .collect()
    }

    /// Two numbers in neighbouring columns that share a pixel row never
    /// read as one: two two-digit ones are as far apart as two clues of a
    /// row at the least (thrice the gap between one number's digits), and
    /// any two at least twice that gap. Returns how many pairs are closer
    /// than a row's clues.
    fn no_column_numbers_read_as_one(layout: &Layout, clues: &PuzzleClues) -> usize {
        let enough = ROW_CLUE_GAP * layout.scale;
        let mut close = 0;
        for x in 1..clues.width() {
            for (number, [_, top, right, bottom]) in column_glyphs(layout, clues, x - 1) {
                for (other, [left, other_top, _, other_bottom]) in column_glyphs(layout, clues, x) {
                    if top < other_bottom && other_top < bottom {
                        let gap = left - right;
                        let least = if number >= 10 && other >= 10 {
                            enough
                        } else {
                            2 * layout.scale
                        };
                        assert!(
                            gap >= least,
                            "columns {} and {x} of {layout:?}: {:?} {:?}",
                            x - 1,
                            clues.column(x - 1),
                            clues.column(x)
                        );
                        close += usize::from(gap < enough);
                    }
                }
            }
        }
        close
    }

    /// Where the clues are small, every line's clues fit the corner large,
    /// or at least spaced wider than the board's least gap, after the
    /// marker and inside the screen; the row's line is above the board.
    fn zooms_fit(layout: &Layout, clues: &PuzzleClues) {
        if !layout.zooms() {
            return;
        }
        assert!(layout.top + ROW_ZOOM_LINE - 1 + ZOOM_BAND <= layout.board_y);
        for (sum, count) in zoomed_lines(clues) {
            let zoom = layout.zoom((sum, count));
            let Some(zoom) = zoom else {
                panic!("{sum} wide in {count} do not fit {layout:?}");
            };
            // Thrice the digits' own gap at the least, at either scale.
            assert!(zoom.gap >= ROW_CLUE_GAP * zoom.scale, "{zoom:?}");
            assert!(zoom.left - 2 >= MARGIN, "{zoom:?}");
            let marker = if zoom.marker {
                ZOOM_MARKER_WIDTH * zoom.scale + zoom.gap
            } else {
                0
            };
            let end = zoom.left + marker + sum * zoom.scale + zoom.gap * (count - 1);
            assert!(end < layout.board_x - 1, "{zoom:?} ends at {end}");
        }
    }

    /// The clues with the most numbers a line can have: alternate cells.
    fn worst(width: usize, height: usize) -> PuzzleClues {
        let row = Clues::new(&vec![1; width.div_ceil(2)]).unwrap();
        let column = Clues::new(&vec![1; height.div_ceil(2)]).unwrap();
        PuzzleClues::new(width, height, &vec![row; height], &vec![column; width]).unwrap()
    }

    #[test]
    fn every_size_fits_even_with_the_most_clues() {
        for (width, height, smallest) in [(5, 5, 16), (10, 10, 9), (15, 15, 7), (20, 15, 7)] {
            let clues = worst(width, height);
            let layout = Layout::of(&clues);
            fits_with_room(&layout, &clues);
            assert!(layout.cell >= smallest, "{width}x{height}: {layout:?}");
        }
        // Any size up to 20x15, blank or worst.
        for width in 1..=20 {
            for height in 1..=15 {
                for clues in [
                    worst(width, height),
                    PuzzleClues::of_picture(&Grid::new(width, height)),
                ] {
                    fits_with_room(&Layout::of(&clues), &clues);
                }
            }
        }
    }

    #[test]
    fn a_layout_for_any_picture_fits_the_worst() {
        for width in 1..=20 {
            for height in 1..=15 {
                let clues = worst(width, height);
                let layout = Layout::for_any(width, height);
                assert_eq!(layout, Layout::of(&clues), "{width}x{height}");
                fits_with_room(&layout, &clues);
            }
        }
    }

    #[test]
    fn every_built_in_puzzle_fits_with_its_clues_spaced() {
        use crate::rules::builtin;
        let (mut spread, mut lines, mut large, mut close) = (0, 0, 0, 0);
        for index in 0..builtin::COUNT {
            let picture = builtin::picture(index).expect("a built-in picture");
            let clues = PuzzleClues::of_picture(&picture);
            let layout = Layout::of(&clues);
            close += fits_with_room(&layout, &clues);
            if layout.row_clue_gap() > ROW_CLUE_GAP * layout.scale {
                spread += 1;
            }
            // The corner's extra line costs no cell size: 10x10 boards keep
            // 12-pixel cells, the larger ones 8.
            let least = if picture.width() <= 10 { 12 } else { 8 };
            assert!(layout.cell >= least, "No.{}: {layout:?}", index + 1);
            if layout.zooms() {
                for (sum, count) in zoomed_lines(&clues) {
                    lines += 1;
                    let zoom = layout.zoom((sum, count));
                    large += usize::from(zoom.map(|zoom| zoom.scale) == Some(2));
                }
            }
        }
        // Neighbouring columns' numbers are as far apart as a row's.
        assert_eq!(close, 0);
        // Most pictures leave room for more than the least gap.
        assert!(spread > builtin::COUNT / 2, "{spread}");
        // Nearly every line's clues come large in the corner.
        assert!(large * 100 >= lines * 99, "{large} of {lines}");
    }

    /// Each row's and column's clue widths and counts.
    fn zoomed_lines(clues: &PuzzleClues) -> Vec<(i32, i32)> {
        let rows = (0..clues.height()).map(|y| line_widths(clues.row(y).as_slice()));
        let columns = (0..clues.width()).map(|x| line_widths(clues.column(x).as_slice()));
        rows.chain(columns).collect()
    }

    #[test]
    fn random_clues_with_the_most_numbers_fit_with_their_gaps() {
        // Alternate cells with runs of two here and there: as many numbers
        // as a line holds, some of them two wide.
        let mut seed = 0x2545_F491_u32;
        for _ in 0..500 {
            let mut picture = Grid::new(20, 15);
            for y in 0..15 {
                let mut x = 0;
                while x < 20 {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    let run = 1 + usize::from(seed.is_multiple_of(3));
                    for dx in 0..run.min(20 - x) {
                        picture.set(x + dx, y, true);
                    }
                    x += run + 1;
                }
            }
            let clues = PuzzleClues::of_picture(&picture);
            fits_with_room(&Layout::of(&clues), &clues);
        }
    }

    #[test]
    fn simpler_clues_get_bigger_cells() {
        // A 20x15 picture with two runs a line gets more than the worst case.
        let mut picture = Grid::new(20, 15);
        for y in 0..15 {
            for x in [1, 2, 3, 10, 11] {
                picture.set(x, y, true);
            }
        }
        let layout = Layout::of(&PuzzleClues::of_picture(&picture));
        assert!(layout.cell >= 8, "{layout:?}");
        // Two-digit row clues are wider.
        let mut full = Grid::new(20, 15);
        for y in 0..15 {
            for x in 0..20 {
                full.set(x, y, true);
            }
        }
        let clues = PuzzleClues::of_picture(&full);
        fits_with_room(&Layout::of(&clues), &clues);
    }

    /// A picture whose columns are filled from the foot by `runs[x]`:
    /// a run, a gap and another run, as the numbers say.
    fn columns_of(height: usize, columns: &[&[u8]]) -> PuzzleClues {
        let mut picture = Grid::new(columns.len(), height);
        for (x, runs) in columns.iter().enumerate() {
            let mut y = 0;
            for &run in runs.iter() {
                for dy in 0..usize::from(run) {
                    picture.set(x, y + dy, true);
                }
                y += usize::from(run) + 1;
            }
        }
        PuzzleClues::of_picture(&picture)
    }

    #[test]
    fn neighbouring_two_digit_column_clues_never_touch() {
        // Every column full: "15" in every column of a 20x15, the case
        // players read as "151515".
        for width in 1..=20 {
            for height in 10..=15 {
                let full: Vec<u8> = vec![height as u8];
                let columns = vec![full.as_slice(); width];
                let clues = columns_of(height, &columns);
                fits_with_room(&Layout::of(&clues), &clues);
                fits_with_room(&Layout::for_any(width, height), &clues);
            }
        }
        // A drawn full board raises every other column one slot.
        let clues = columns_of(15, &[&[15_u8][..]; 20]);
        let layout = Layout::for_any(20, 15);
        let lifts: Vec<i32> = (0..20)
            .map(|x| layout.column_placements(&clues)[x].lift)
            .collect();
        assert_eq!(lifts, (0..20).map(|x| x % 2).collect::<Vec<_>>());
        // A column clear of its neighbours keeps its place.
        let clues = columns_of(15, &[&[15], &[1, 1], &[12]]);
        assert_eq!(Layout::for_any(3, 15).column_placements(&clues)[1].lift, 0);
    }

    /// The placement read plainly, number by number (what `Profile`'s bit
    /// masks compute at a fraction of the cost).
    fn reference(c: Columns, clues: &PuzzleClues, x: usize) -> ColumnPlacement {
        fn level_number(clues: &PuzzleClues, x: usize, level: i32, lift: i32) -> Option<u8> {
            if x >= clues.width() || level < lift {
                return None;
            }
            from_foot(clues, x).nth((level - lift) as usize)
        }
        let lift_of = |x: usize| -> i32 {
            if x.is_multiple_of(2) || x >= clues.width() {
                return 0;
            }
            let clashes = |lift: i32| {
                from_foot(clues, x).enumerate().any(|(slot, own)| {
                    let level = slot as i32 + lift;
                    let left = x
                        .checked_sub(1)
                        .and_then(|n| level_number(clues, n, level, 0));
                    let right = level_number(clues, x + 1, level, 0);
                    let own = clue_width(own);
                    left.is_some_and(|left| c.clash(clue_width(left), own))
                        || right.is_some_and(|right| c.clash(own, clue_width(right)))
                })
            };
            (0..MOST_LIFT).find(|&lift| !clashes(lift)).unwrap_or(0)
        };
        let lift = lift_of(x);
        let lift_before = x.checked_sub(1).map(lift_of);
        let lift_after = lift_of(x + 1);
        let enough = ROW_CLUE_GAP * c.scale;
        let mut nudged = 0;
        for (slot, own) in from_foot(clues, x).enumerate() {
            let level = slot as i32 + lift;
            let Some(right) = level_number(clues, x + 1, level, lift_after) else {
                continue;
            };
            let (own, right) = (clue_width(own), clue_width(right));
            let at = c.centred(own);
            if c.gap((own, at), c.centred(right)) >= enough || at < c.scale {
                continue;
            }
            let left = lift_before.and_then(|lift| level_number(clues, x - 1, level, lift));
            let clear = left.is_none_or(|left| {
                let left = clue_width(left);
                c.gap((left, c.centred(left)), at - c.scale) >= enough
            });
            if clear {
                nudged |= 1 << slot;
            }
        }
        ColumnPlacement { lift, nudged }
    }

    #[test]
    fn width_classes_are_clue_widths() {
        for number in 0..=u8::MAX {
            assert_eq!(
                CLASS_WIDTHS[class_of(number)],
                clue_width(number),
                "{number}"
            );
        }
    }

    #[test]
    fn the_placement_matches_a_plain_reading() {
        // Random columns with many two-digit numbers, at every layout's
        // pitch and scale.
        let mut seed = 0x1234_5678_u32;
        let mut next = |n: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed % n
        };
        let mut placed = 0;
        for _ in 0..3000 {
            let height = 10 + next(6) as usize;
            let width = 1 + next(20) as usize;
            let mut picture = Grid::new(width, height);
            for x in 0..width {
                let mut y = next(3) as usize;
                while y < height {
                    let run = if next(2) == 0 {
                        10 + next(6) as usize
                    } else {
                        1 + next(3) as usize
                    };
                    for dy in 0..run.min(height - y) {
                        picture.set(x, y + dy, true);
                    }
                    y += run + 1 + next(2) as usize;
                }
            }
            let clues = PuzzleClues::of_picture(&picture);
            for (cell, scale) in CANDIDATES {
                let columns = Columns { cell, scale };
                if clue_width(15) * scale >= cell {
                    continue;
                }
                for x in 0..width {
                    let fast = columns.placements(&clues)[x];
                    // Where the layout says no numbers crowd, none move.
                    if !columns.crowd() {
                        assert_eq!(fast, ColumnPlacement::default());
                    }
                    assert_eq!(
                        fast,
                        reference(columns, &clues, x),
                        "{cell}/{scale} x={x} {clues:?}"
                    );
                    placed += usize::from(fast != ColumnPlacement::default());
                }
            }
        }
        assert!(placed > 1000, "{placed}");
    }

    /// Every column a board up to 20x15 can have, in sets of three
    /// neighbours with the widest numbers in every slot: the editor's
    /// fixed layout holds each one raised, and none reads as one.
    #[test]
    fn every_column_triple_fits_the_editors_layout() {
        for height in 10..=15_usize {
            // A column's clues from the foot: every split of the height
            // into runs, kept where one is two-digit (the only numbers
            // that clash), with the runs between as wide as they come.
            let mut lines: Vec<Vec<u8>> = Vec::new();
            for bits in 0u32..1 << height {
                let mut runs = Vec::new();
                let mut run = 0u8;
                for y in 0..height {
                    if bits & 1 << y != 0 {
                        run += 1;
                    } else if run > 0 {
                        runs.push(run);
                        run = 0;
                    }
                }
                if run > 0 {
                    runs.push(run);
                }
                if runs.iter().any(|&r| r >= 10) {
                    lines.push(runs);
                }
            }
            // One line for each run of glyph widths: numbers as wide clash
            // alike.
            let widths = |line: &Vec<u8>| line.iter().map(|&n| clue_width(n)).collect::<Vec<_>>();
            lines.sort_by_key(widths);
            lines.dedup_by_key(|line| widths(line));
            // Columns of one-digit numbers, from none to the most.
            lines.extend((0..=height.div_ceil(2)).map(|count| vec![1; count]));
            for width in [3, 20] {
                let layout = Layout::for_any(width, height);
                let width = 3;
                for left in &lines {
                    for middle in &lines {
                        for right in &lines {
                            let mut columns = vec![left.as_slice(); width];
                            columns[1] = middle.as_slice();
                            columns[2] = right.as_slice();
                            let clues = columns_of(height, &columns);
                            fits_with_room(&layout, &clues);
                        }
                    }
                }
            }
        }
    }
}
