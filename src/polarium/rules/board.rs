//! A Polarium board: up to 8x8 black and white tiles inside a neutral ring.

/// Most tiles a board has across or down.
pub const MAX_SIDE: u8 = 8;
/// Cells across (and down) the largest ringed grid: the tiles plus the ring.
pub const MAX_RING: u8 = MAX_SIDE + 2;

/// A cell of the ringed grid. Row 0, column 0 and the last row and column
/// are the neutral ring; tiles are at 1..=height, 1..=width. The same
/// coordinates the DS password uses for its hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell {
    pub y: u8,
    pub x: u8,
}

impl Cell {
    #[must_use]
    pub const fn new(y: u8, x: u8) -> Self {
        Self { y, x }
    }

    /// Index into a 10x10 grid (`y * 10 + x`), used by cell bitsets.
    #[must_use]
    pub const fn index(self) -> usize {
        self.y as usize * MAX_RING as usize + self.x as usize
    }

    /// Whether `other` is one step up, down, left or right of `self`.
    #[must_use]
    pub const fn touches(self, other: Self) -> bool {
        self.y.abs_diff(other.y) + self.x.abs_diff(other.x) == 1
    }
}

/// Black and white tiles, one byte per row: bit `x` is the tile in column
/// `x` (0 = leftmost), set for black. Bits past the width are always clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    rows: [u8; MAX_SIDE as usize],
}

impl Board {
    /// An all-white board; `None` unless both sides are 1..=8.
    #[must_use]
    pub const fn new(width: u8, height: u8) -> Option<Self> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return None;
        }
        Some(Self {
            width,
            height,
            rows: [0; MAX_SIDE as usize],
        })
    }

    /// A board from row bytes; bits past the width and rows past the height
    /// are dropped (passwords pad them with anything).
    #[must_use]
    pub const fn from_rows(width: u8, height: u8, rows: [u8; MAX_SIDE as usize]) -> Option<Self> {
        let Some(mut board) = Self::new(width, height) else {
            return None;
        };
        let mut y = 0;
        while y < height as usize {
            board.rows[y] = rows[y] & board.row_mask();
            y += 1;
        }
        Some(board)
    }

    #[must_use]
    pub const fn width(&self) -> u8 {
        self.width
    }

    #[must_use]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Cells across the ringed grid.
    #[must_use]
    pub const fn ring_width(&self) -> u8 {
        self.width + 2
    }

    /// Cells down the ringed grid.
    #[must_use]
    pub const fn ring_height(&self) -> u8 {
        self.height + 2
    }

    /// The row bytes, rows past the height zero.
    #[must_use]
    pub const fn rows(&self) -> [u8; MAX_SIDE as usize] {
        self.rows
    }

    /// The same board with its rows in the opposite order.
    #[must_use]
    pub const fn upside_down(&self) -> Self {
        let mut flipped = *self;
        let mut row = 0;
        while row < self.height {
            flipped.rows[row as usize] = self.rows[(self.height - 1 - row) as usize];
            row += 1;
        }
        flipped
    }

    /// The bits a row uses.
    #[must_use]
    pub const fn row_mask(&self) -> u8 {
        ((1u16 << self.width) - 1) as u8
    }

    /// Tile row `row` (0-based, top first); 0 past the height.
    #[must_use]
    pub const fn row(&self, row: u8) -> u8 {
        if row < MAX_SIDE {
            self.rows[row as usize]
        } else {
            0
        }
    }

    /// Whether the ringed-grid cell is a tile (not the ring, not outside).
    #[must_use]
    pub const fn is_tile(&self, cell: Cell) -> bool {
        cell.y >= 1 && cell.y <= self.height && cell.x >= 1 && cell.x <= self.width
    }

    /// Whether the cell is in the ringed grid (a tile or the ring).
    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.y < self.ring_height() && cell.x < self.ring_width()
    }

    /// Whether the cell is a black tile (`false` for the ring).
    #[must_use]
    pub const fn is_black(&self, cell: Cell) -> bool {
        self.is_tile(cell) && self.rows[cell.y as usize - 1] >> (cell.x - 1) & 1 == 1
    }

    /// Turns a tile over; the ring never changes.
    pub fn flip(&mut self, cell: Cell) {
        if self.is_tile(cell) {
            self.rows[cell.y as usize - 1] ^= 1 << (cell.x - 1);
        }
    }

    /// Paints a tile (the editor); the ring never changes.
    pub fn set(&mut self, cell: Cell, black: bool) {
        if self.is_tile(cell) {
            let bit = 1 << (cell.x - 1);
            let row = &mut self.rows[cell.y as usize - 1];
            *row = if black { *row | bit } else { *row & !bit };
        }
    }

    /// Rows that are not all one colour: bit `y` for tile row `y` (0-based).
    #[must_use]
    pub const fn mixed_rows(&self) -> u8 {
        let mask = self.row_mask();
        let mut mixed = 0;
        let mut y = 0;
        while y < self.height {
            let row = self.rows[y as usize];
            if row != 0 && row != mask {
                mixed |= 1 << y;
            }
            y += 1;
        }
        mixed
    }

    /// Solved when every row is one colour.
    #[must_use]
    pub const fn is_solved(&self) -> bool {
        self.mixed_rows() == 0
    }
}

/// A board with its optional start and end hints (where a solving stroke
/// begins and ends, in ringed-grid coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    pub board: Board,
    pub hints: Option<(Cell, Cell)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_one_to_eight_are_refused() {
        assert!(Board::new(0, 3).is_none());
        assert!(Board::new(3, 0).is_none());
        assert!(Board::new(9, 8).is_none());
        assert!(Board::new(8, 9).is_none());
        assert!(Board::new(1, 1).is_some());
        assert!(Board::new(8, 8).is_some());
    }

    #[test]
    fn the_ring_never_flips_and_rows_report_mixed() {
        let mut board = Board::new(3, 2).unwrap();
        board.flip(Cell::new(0, 1));
        board.flip(Cell::new(1, 0));
        board.flip(Cell::new(3, 1));
        board.flip(Cell::new(1, 4));
        assert_eq!(board.rows(), [0; 8]);
        assert!(board.is_solved());
        board.flip(Cell::new(1, 2));
        assert!(board.is_black(Cell::new(1, 2)));
        assert_eq!(board.mixed_rows(), 0b01);
        board.set(Cell::new(1, 1), true);
        board.set(Cell::new(1, 3), true);
        assert_eq!(board.row(0), 0b111);
        assert!(board.is_solved());
    }

    #[test]
    fn padding_bits_are_dropped() {
        let board = Board::from_rows(3, 2, [0xFF, 0x55, 0xAA, 0, 0, 0, 0, 0xFF]).unwrap();
        assert_eq!(board.rows(), [0b111, 0b101, 0, 0, 0, 0, 0, 0]);
        assert_eq!(board.mixed_rows(), 0b10);
    }
}
