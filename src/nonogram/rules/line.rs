//! One row or column of the board as the player has marked it.

/// Longest line: the board is at most this many cells wide.
pub const MAX_LINE_LEN: usize = 20;

/// What the player put in a cell.
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cell {
    /// Not marked yet.
    #[default]
    Empty,
    /// Painted: the player says this cell is part of the picture.
    Filled,
    /// Crossed out: the player says this cell is blank.
    Crossed,
}

/// A line of up to [`MAX_LINE_LEN`] cells, cell `i` being bit `i` of two
/// masks, so the rules work on whole lines with a few word operations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Line {
    filled: u32,
    crossed: u32,
    len: u8,
}

/// Bits `0..len` set.
#[must_use]
pub const fn cells_mask(len: usize) -> u32 {
    if len >= 32 { u32::MAX } else { (1 << len) - 1 }
}

impl Line {
    /// `len` unmarked cells. Panics unless `1 <= len <= MAX_LINE_LEN`.
    #[must_use]
    pub const fn new(len: usize) -> Self {
        assert!(len >= 1 && len <= MAX_LINE_LEN, "line length out of range");
        Self {
            filled: 0,
            crossed: 0,
            len: len as u8,
        }
    }

    /// A line from its masks (bit `i` = cell `i`); bits at or past `len` are
    /// dropped, and a cell in both masks counts as filled.
    #[must_use]
    pub const fn from_masks(len: usize, filled: u32, crossed: u32) -> Self {
        let line = Self::new(len);
        let cells = cells_mask(len);
        Self {
            filled: filled & cells,
            crossed: crossed & cells & !filled,
            len: line.len,
        }
    }

    /// Number of cells.
    #[must_use]
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Never true: a line has at least one cell (for clippy's `len` rule).
    #[cfg(test)]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Filled cells, bit `i` = cell `i`.
    #[must_use]
    pub const fn filled(self) -> u32 {
        self.filled
    }

    /// Crossed cells.
    #[must_use]
    pub const fn crossed(self) -> u32 {
        self.crossed
    }

    /// Cells not marked yet.
    #[must_use]
    pub const fn unmarked(self) -> u32 {
        cells_mask(self.len()) & !(self.filled | self.crossed)
    }

    /// The mark in cell `index` (`Empty` past the end).
    #[cfg(test)]
    #[must_use]
    pub const fn cell(self, index: usize) -> Cell {
        if index >= self.len() {
            Cell::Empty
        } else if self.filled & (1 << index) != 0 {
            Cell::Filled
        } else if self.crossed & (1 << index) != 0 {
            Cell::Crossed
        } else {
            Cell::Empty
        }
    }

    /// Marks cell `index` (ignored past the end).
    #[cfg(test)]
    pub const fn set(&mut self, index: usize, cell: Cell) {
        if index >= self.len() {
            return;
        }
        let bit = 1 << index;
        self.filled &= !bit;
        self.crossed &= !bit;
        match cell {
            Cell::Empty => {}
            Cell::Filled => self.filled |= bit,
            Cell::Crossed => self.crossed |= bit,
        }
    }

    /// The same line read from its other end.
    #[cfg(test)]
    #[must_use]
    pub const fn reversed(self) -> Self {
        let len = self.len();
        Self {
            filled: reverse_cells(self.filled, len),
            crossed: reverse_cells(self.crossed, len),
            len: self.len,
        }
    }

    /// A line written as digits, one per cell, as in the Pico² article:
    /// `0` empty, `1` filled, `2` crossed (`"1200000"`). Panics on anything else.
    #[cfg(test)]
    #[must_use]
    pub fn parse(digits: &str) -> Self {
        let mut line = Self::new(digits.len());
        for (index, digit) in digits.bytes().enumerate() {
            let cell = match digit {
                b'0' => Cell::Empty,
                b'1' => Cell::Filled,
                b'2' => Cell::Crossed,
                _ => panic!("not a cell digit: {digit}"),
            };
            line.set(index, cell);
        }
        line
    }
}

/// Cell `i` of a `len`-cell mask moved to cell `len - 1 - i`.
#[cfg(test)]
const fn reverse_cells(mask: u32, len: usize) -> u32 {
    if len == 0 {
        0
    } else {
        mask.reverse_bits() >> (32 - len)
    }
}

#[cfg(test)]
mod tests {
    use super::{Cell, Line};

    #[test]
    fn cells_round_trip_through_the_masks() {
        let mut line = Line::parse("0120");
        assert_eq!(
            (line.filled(), line.crossed(), line.unmarked()),
            (0b0010, 0b0100, 0b1001)
        );
        line.set(3, Cell::Crossed);
        line.set(1, Cell::Empty);
        assert_eq!(line, Line::parse("0022"));
        assert_eq!(line.cell(3), Cell::Crossed);
        assert_eq!(line.cell(9), Cell::Empty);
        assert_eq!(Line::parse("1120").reversed(), Line::parse("0211"));
        assert_eq!(Line::from_masks(3, 0b1111, 0b0011), Line::parse("111"));
    }
}
