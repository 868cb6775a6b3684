//! Where a Polarium board goes in its window: the cell pitch, the ring's
//! place, each cell's pixels, and which rows and columns of the 16-pixel
//! art a smaller cell keeps. Pure, so the host tests check every board
//! size fits the window's inside.

use core::ops::RangeInclusive;

use super::rules::{Board, Cell};

/// The Polarium window: below the desktop's status bar.
pub const WINDOW_LEFT: i32 = 8;
pub const WINDOW_TOP: i32 = 16;
pub const WINDOW_WIDTH: i32 = 224;
pub const WINDOW_HEIGHT: i32 = 144;
/// The window's frame, drawn around its inside.
pub const FRAME: i32 = 8;
/// The side panel's text column.
pub const PANEL_X: i32 = 160;

/// The board area: the window's inside left of the panel, whose tiles the
/// board draws as pixels (the window's own where the board does not reach).
/// The board and its ring must stay within it.
pub const BOARD_LEFT: i32 = WINDOW_LEFT + FRAME;
pub const BOARD_TOP: i32 = WINDOW_TOP + FRAME;
pub const BOARD_COLUMNS: usize = ((PANEL_X - FRAME - BOARD_LEFT) / 8) as usize;
pub const BOARD_ROWS: usize = ((WINDOW_HEIGHT - 2 * FRAME) / 8) as usize;
const BOARD_RIGHT: i32 = BOARD_LEFT + BOARD_COLUMNS as i32 * 8;
const BOARD_BOTTOM: i32 = BOARD_TOP + BOARD_ROWS as i32 * 8;
// The panel's text is right of the board area.
const _: () = assert!(BOARD_RIGHT <= PANEL_X);
/// The point boards are centred on: the middle of the board area's first
/// 16 columns (the last leaves the row marks room beside the ring), on
/// whole tiles, so that boards drawn at the art's pitch sit on whole tiles.
const CENTRE_X: i32 = BOARD_LEFT + 8 * 8;
const CENTRE_Y: i32 = BOARD_TOP + BOARD_ROWS as i32 * 4;

/// How thick the ring around the board is.
pub const RING: i32 = 8;
/// A tile's side in the art (gfx/polarium-tiles.png).
pub const ART_PITCH: i32 = 16;
/// Cell pitches a board may be drawn at, the largest that fits first.
const PITCHES: [i32; 2] = [ART_PITCH, SMALL_PITCH];
const SMALL_PITCH: i32 = 14;

/// Which row (or column) of the art each pixel of a cell drawn at the
/// small pitch shows: the art without two plain lines between the tile's
/// edges and the stroke's band (which stays whole and centred).
const SMALL_KEPT: [u8; SMALL_PITCH as usize] = [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15];

/// How a board of a size is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pitch: i32,
    /// The ring's top-left pixel.
    left: i32,
    top: i32,
    /// Tiles across and down (without the ring).
    width: u8,
    height: u8,
}

impl Layout {
    /// A `width` x `height` board's layout: at the largest pitch at which
    /// it and its ring fit the window's inside, centred.
    pub fn of(width: u8, height: u8) -> Self {
        let pitch = PITCHES
            .into_iter()
            .find(|&pitch| {
                let (w, h) = ring_size(pitch, width, height);
                w <= BOARD_RIGHT - BOARD_LEFT && h <= BOARD_BOTTOM - BOARD_TOP
            })
            .unwrap_or(SMALL_PITCH);
        let (w, h) = ring_size(pitch, width, height);
        Self {
            pitch,
            left: CENTRE_X - w / 2,
            top: CENTRE_Y - h / 2,
            width,
            height,
        }
    }

    pub fn of_board(board: &Board) -> Self {
        Self::of(board.width(), board.height())
    }

    /// Whether cells are drawn from the art as it is, on whole tiles.
    pub const fn at_art_pitch(&self) -> bool {
        self.pitch == ART_PITCH
    }

    /// The ring's outer edges: left, top, right and bottom (exclusive).
    pub const fn ring_edges(&self) -> (i32, i32, i32, i32) {
        let (w, h) = ring_size(self.pitch, self.width, self.height);
        (self.left, self.top, self.left + w, self.top + h)
    }

    /// Top-left pixel of a cell of the ringed grid.
    pub const fn cell_position(&self, cell: Cell) -> (i32, i32) {
        (
            self.left + self.along(cell.x),
            self.top + self.along(cell.y),
        )
    }

    /// A cell's size in pixels: a tile is `pitch` square, the ring `RING`
    /// thick.
    pub const fn cell_size(&self, cell: Cell) -> (i32, i32) {
        (
            self.side(cell.x, self.width),
            self.side(cell.y, self.height),
        )
    }

    /// Where a sprite drawn for a cell of the art's size (16 px across a
    /// tile, 8 across the ring) goes so that it is centred on `cell`.
    pub const fn sprite_position(&self, cell: Cell) -> (i32, i32) {
        let (x, y) = self.cell_position(cell);
        let (w, h) = self.cell_size(cell);
        (x + (w - art_size(w)) / 2, y + (h - art_size(h)) / 2)
    }

    /// The board-area tiles of tile row `row` that lie wholly on the ring
    /// or the board (its cells cover every pixel of them), as a range of
    /// columns (empty if none).
    pub const fn covered_columns(&self, row: usize) -> core::ops::Range<usize> {
        let (left, top, right, bottom) = self.ring_edges();
        let y = BOARD_TOP + row as i32 * 8;
        if y < top || y + 8 > bottom {
            return 0..0;
        }
        // The first tile starting at or after the ring's left edge, and the
        // tiles up to the last ending at or before its right edge.
        let first = (left - BOARD_LEFT + 7) >> 3;
        let end = (right - BOARD_LEFT) >> 3;
        first as usize..end as usize
    }

    /// The board-area tile rows and columns the ring and the board fall on
    /// (wholly or in part).
    pub fn tiles_under_ring(&self) -> (RangeInclusive<usize>, RangeInclusive<usize>) {
        let (left, top, right, bottom) = self.ring_edges();
        let tile = |from: i32, at: i32| ((at - from) >> 3) as usize;
        (
            tile(BOARD_TOP, top)..=tile(BOARD_TOP, bottom - 1),
            tile(BOARD_LEFT, left)..=tile(BOARD_LEFT, right - 1),
        )
    }

    const fn along(&self, index: u8) -> i32 {
        if index == 0 {
            0
        } else {
            RING + self.pitch * (index as i32 - 1)
        }
    }

    const fn side(&self, index: u8, tiles: u8) -> i32 {
        if index == 0 || index > tiles {
            RING
        } else {
            self.pitch
        }
    }
}

/// The art's row (or column) shown by pixel `at` of a cell `size` pixels
/// long (the ring's and the art's sizes show the art as it is).
pub const fn art_line(size: i32, at: usize) -> usize {
    if size == SMALL_PITCH && at < SMALL_KEPT.len() {
        SMALL_KEPT[at] as usize
    } else {
        at
    }
}

/// A line of the art (16 pixels of 4 bits, the first lowest: `low` the
/// first 8, `high` the rest) as a cell at the small pitch shows it: the
/// first 14 pixels of the result, the pixels [`art_line`] keeps. Shifts by
/// constants, as this runs for every line of every cell drawn.
pub const fn shrink_line(low: u32, high: u32) -> (u32, u32) {
    (
        // Pixels 0-1, 3-7 and 8.
        (low & 0xFF) | (low >> 4 & 0x0FFF_FF00) | high << 28,
        // Pixels 9-12 and 14-15.
        (high >> 4 & 0xFFFF) | (high >> 8 & 0x00FF_0000),
    )
}

/// The art's size along a cell `size` pixels long.
const fn art_size(size: i32) -> i32 {
    if size == RING { RING } else { ART_PITCH }
}

/// A board's and its ring's size in pixels at `pitch`.
const fn ring_size(pitch: i32, width: u8, height: u8) -> (i32, i32) {
    (
        2 * RING + pitch * width as i32,
        2 * RING + pitch * height as i32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::MAX_SIDE;

    fn every_size() -> impl Iterator<Item = (u8, u8)> {
        (1..=MAX_SIDE).flat_map(|width| (1..=MAX_SIDE).map(move |height| (width, height)))
    }

    #[test]
    fn every_board_and_its_ring_fit_the_window_inside() {
        for (width, height) in every_size() {
            let (left, top, right, bottom) = Layout::of(width, height).ring_edges();
            assert!(
                left >= BOARD_LEFT
                    && top >= BOARD_TOP
                    && right <= BOARD_RIGHT
                    && bottom <= BOARD_BOTTOM,
                "{width}x{height}: {left},{top}..{right},{bottom}"
            );
        }
    }

    #[test]
    fn row_marks_fit_beside_a_board_of_the_widest_ring() {
        // The marks' 12 pixels between the ring and the panel.
        let (_, _, right, _) = Layout::of(MAX_SIDE, MAX_SIDE).ring_edges();
        assert!(right + 12 <= PANEL_X);
    }

    #[test]
    fn boards_that_fit_at_the_art_pitch_keep_it_and_sit_on_whole_tiles() {
        for (width, height) in every_size() {
            let layout = Layout::of(width, height);
            let fits = width < MAX_SIDE && height < MAX_SIDE;
            assert_eq!(layout.at_art_pitch(), fits, "{width}x{height}");
            if fits {
                let (left, top, right, bottom) = layout.ring_edges();
                for edge in [left, top, right, bottom] {
                    assert_eq!(edge % 8, 0, "{width}x{height}");
                }
            }
        }
    }

    #[test]
    fn cells_tile_the_ring_without_gaps_or_overlaps() {
        for (width, height) in every_size() {
            let layout = Layout::of(width, height);
            let (left, top, right, bottom) = layout.ring_edges();
            let mut x = left;
            for column in 0..width + 2 {
                let cell = Cell::new(0, column);
                assert_eq!(layout.cell_position(cell).0, x, "{width}x{height}");
                x += layout.cell_size(cell).0;
            }
            assert_eq!(x, right);
            let mut y = top;
            for row in 0..height + 2 {
                let cell = Cell::new(row, 0);
                assert_eq!(layout.cell_position(cell).1, y, "{width}x{height}");
                y += layout.cell_size(cell).1;
            }
            assert_eq!(y, bottom);
        }
    }

    #[test]
    fn a_tile_is_covered_only_where_every_pixel_is_on_a_cell() {
        for (width, height) in every_size() {
            let layout = Layout::of(width, height);
            let (left, top, right, bottom) = layout.ring_edges();
            for row in 0..BOARD_ROWS {
                for column in 0..BOARD_COLUMNS {
                    let x = BOARD_LEFT + 8 * column as i32;
                    let y = BOARD_TOP + 8 * row as i32;
                    let inside =
                        |px: i32, py: i32| px >= left && px < right && py >= top && py < bottom;
                    let all = inside(x, y) && inside(x + 7, y + 7);
                    let covered = layout.covered_columns(row).contains(&column);
                    assert_eq!(covered, all, "{width}x{height} tile {column},{row}");
                }
            }
        }
    }

    #[test]
    fn the_tiles_under_a_ring_are_those_its_pixels_fall_on() {
        for (width, height) in every_size() {
            let layout = Layout::of(width, height);
            let (left, top, right, bottom) = layout.ring_edges();
            let (rows, columns) = layout.tiles_under_ring();
            for row in 0..BOARD_ROWS {
                for column in 0..BOARD_COLUMNS {
                    let (x, y) = (BOARD_LEFT + 8 * column as i32, BOARD_TOP + 8 * row as i32);
                    let touches = x < right && x + 8 > left && y < bottom && y + 8 > top;
                    let under = rows.contains(&row) && columns.contains(&column);
                    assert_eq!(under, touches, "{width}x{height} tile {column},{row}");
                }
            }
        }
    }

    #[test]
    fn a_small_cell_keeps_the_art_s_edges_and_its_centred_stroke_band() {
        // The art's outline and bevel (first and last two lines) and the
        // stroke's band with its knob (lines 5 to 10).
        let kept: [usize; SMALL_PITCH as usize] =
            core::array::from_fn(|at| art_line(SMALL_PITCH, at));
        assert!(kept.windows(2).all(|pair| pair[0] < pair[1]));
        for line in [0, 1, 5, 6, 7, 8, 9, 10, 14, 15] {
            assert!(kept.contains(&line), "line {line}");
        }
        // The band (lines 6 to 9) stays centred in the smaller cell.
        let band = kept.iter().position(|&line| line == 6).unwrap_or(0);
        assert_eq!(2 * band + 4, SMALL_PITCH as usize);
        assert_eq!(art_line(ART_PITCH, 9), 9);
        // A line shrunk keeps the same pixels, in order.
        let (low, high) = shrink_line(0x7654_3210, 0xFEDC_BA98);
        let shrunk = u64::from(low) | u64::from(high) << 32;
        for (at, &kept) in kept.iter().enumerate() {
            assert_eq!(shrunk >> (4 * at) & 15, kept as u64, "pixel {at}");
        }
        assert_eq!(shrunk >> (4 * SMALL_PITCH), 0);
    }

    #[test]
    fn sprites_centre_on_their_cells() {
        let layout = Layout::of(8, 8);
        let (x, y) = layout.cell_position(Cell::new(1, 1));
        assert_eq!(layout.sprite_position(Cell::new(1, 1)), (x - 1, y - 1));
        let (x, y) = layout.cell_position(Cell::new(0, 0));
        assert_eq!(layout.sprite_position(Cell::new(0, 0)), (x, y));
        let (x, y) = layout.cell_position(Cell::new(0, 3));
        assert_eq!(layout.sprite_position(Cell::new(0, 3)), (x - 1, y));
        let small = Layout::of(3, 3);
        assert_eq!(
            small.sprite_position(Cell::new(2, 2)),
            small.cell_position(Cell::new(2, 2))
        );
    }

    #[test]
    fn a_board_is_placed_from_its_size() {
        let board = Board::new(8, 7).expect("a board");
        assert_eq!(Layout::of_board(&board), Layout::of(8, 7));
    }
}
