//! A set of cells on a board: a picture (its filled cells), or cells to point at.

use super::line::cells_mask;
use super::{MAX_HEIGHT, MAX_WIDTH};

/// Up to [`MAX_WIDTH`] x [`MAX_HEIGHT`] cells, one bit each: row `y` is a
/// mask with bit `x` for column `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: [u32; MAX_HEIGHT],
    width: u8,
    height: u8,
}

impl Grid {
    /// No cells set. Panics unless both sides are at least 1 and at most the maximum.
    #[must_use]
    pub const fn new(width: usize, height: usize) -> Self {
        assert!(width >= 1 && width <= MAX_WIDTH && height >= 1 && height <= MAX_HEIGHT);
        Self {
            rows: [0; MAX_HEIGHT],
            width: width as u8,
            height: height as u8,
        }
    }

    /// A grid from its row masks (extra bits dropped; missing rows clear).
    #[must_use]
    pub fn from_rows(width: usize, height: usize, rows: &[u32]) -> Self {
        let mut grid = Self::new(width, height);
        for (y, &row) in rows.iter().enumerate().take(height) {
            grid.rows[y] = row & cells_mask(width);
        }
        grid
    }

    /// Columns.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.width as usize
    }

    /// Rows.
    #[must_use]
    pub const fn height(&self) -> usize {
        self.height as usize
    }

    /// Row `y` as a mask (bit `x` = column `x`); 0 off the board.
    #[must_use]
    pub const fn row(&self, y: usize) -> u32 {
        if y < self.height() { self.rows[y] } else { 0 }
    }

    /// Column `x` as a mask (bit `y` = row `y`).
    #[must_use]
    pub fn column(&self, x: usize) -> u32 {
        let mut column = 0;
        for y in 0..self.height() {
            column |= ((self.rows[y] >> x) & 1) << y;
        }
        column
    }

    /// Whether cell (`x`, `y`) is set (false off the board).
    #[must_use]
    pub const fn contains(&self, x: usize, y: usize) -> bool {
        x < self.width() && self.row(y) & (1 << x) != 0
    }

    /// Sets or clears cell (`x`, `y`) (ignored off the board).
    pub const fn set(&mut self, x: usize, y: usize, on: bool) {
        if x >= self.width() || y >= self.height() {
            return;
        }
        if on {
            self.rows[y] |= 1 << x;
        } else {
            self.rows[y] &= !(1 << x);
        }
    }

    /// Cells set.
    #[must_use]
    pub fn count(&self) -> u32 {
        self.rows.iter().map(|row| row.count_ones()).sum()
    }

    /// No cell set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&row| row == 0)
    }

    /// Cells set in exactly one of the two grids.
    #[must_use]
    pub fn differing(&self, other: &Self) -> Self {
        let mut grid = *self;
        for (row, other) in grid.rows.iter_mut().zip(&other.rows) {
            *row ^= other;
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::Grid;

    #[test]
    fn rows_columns_and_cells() {
        let mut grid = Grid::new(20, 15);
        grid.set(19, 14, true);
        grid.set(0, 0, true);
        grid.set(20, 0, true);
        grid.set(0, 15, true);
        assert_eq!(grid.count(), 2);
        assert!(grid.contains(19, 14) && grid.contains(0, 0) && !grid.contains(20, 0));
        assert_eq!(grid.row(14), 1 << 19);
        assert_eq!(grid.column(19), 1 << 14);
        assert_eq!(grid.row(15), 0);
        grid.set(0, 0, false);
        assert_eq!(grid.count(), 1);
        let other = Grid::from_rows(20, 15, &[u32::MAX]);
        assert_eq!(other.row(0), 0xF_FFFF);
        assert_eq!(grid.differing(&other).count(), 21);
        assert!(Grid::new(1, 1).is_empty());
    }
}
