//! The clues of a whole board: what the player is given.

use super::clues::Clues;
use super::grid::Grid;
use super::{MAX_HEIGHT, MAX_WIDTH};

/// Row clues (top to bottom) and column clues (left to right) of a board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PuzzleClues {
    rows: [Clues; MAX_HEIGHT],
    columns: [Clues; MAX_WIDTH],
    width: u8,
    height: u8,
}

impl PuzzleClues {
    /// The clues of a picture.
    #[must_use]
    pub fn of_picture(picture: &Grid) -> Self {
        Self {
            rows: core::array::from_fn(|y| Clues::of_cells(picture.row(y))),
            columns: core::array::from_fn(|x| {
                if x < picture.width() {
                    Clues::of_cells(picture.column(x))
                } else {
                    Clues::default()
                }
            }),
            width: picture.width() as u8,
            height: picture.height() as u8,
        }
    }

    /// Clues given line by line; `None` when the counts do not match the
    /// size, the size is out of range, or some clues do not fit their line.
    #[cfg(any(test, feature = "testing"))]
    #[must_use]
    pub fn new(width: usize, height: usize, rows: &[Clues], columns: &[Clues]) -> Option<Self> {
        let sizes_ok = (1..=MAX_WIDTH).contains(&width)
            && (1..=MAX_HEIGHT).contains(&height)
            && rows.len() == height
            && columns.len() == width;
        let fit = rows.iter().all(|clues| clues.min_len() <= width)
            && columns.iter().all(|clues| clues.min_len() <= height);
        (sizes_ok && fit).then(|| Self {
            rows: core::array::from_fn(|y| rows.get(y).cloned().unwrap_or_default()),
            columns: core::array::from_fn(|x| columns.get(x).cloned().unwrap_or_default()),
            width: width as u8,
            height: height as u8,
        })
    }

    /// Columns of the board.
    #[must_use]
    #[inline(always)]
    pub const fn width(&self) -> usize {
        self.width as usize
    }

    /// Rows of the board.
    #[must_use]
    #[inline(always)]
    pub const fn height(&self) -> usize {
        self.height as usize
    }

    /// Clues of row `y` (top is 0). Panics off the board.
    #[must_use]
    #[inline(always)]
    pub fn row(&self, y: usize) -> &Clues {
        &self.rows[..self.height()][y]
    }

    /// Clues of column `x` (left is 0). Panics off the board.
    #[must_use]
    #[inline(always)]
    pub fn column(&self, x: usize) -> &Clues {
        &self.columns[..self.width()][x]
    }

    /// Whether `picture` (same size) has exactly these clues.
    #[must_use]
    pub fn solved_by(&self, picture: &Grid) -> bool {
        picture.width() == self.width()
            && picture.height() == self.height()
            && (0..self.height()).all(|y| self.rows[y].match_cells(picture.row(y)))
            && (0..self.width()).all(|x| self.columns[x].match_cells(picture.column(x)))
    }
}

#[cfg(test)]
mod tests {
    use super::PuzzleClues;
    use crate::clues::Clues;
    use crate::grid::Grid;

    #[test]
    fn clues_of_a_picture() {
        // #.#
        // ##.
        let picture = Grid::from_rows(3, 2, &[0b101, 0b011]);
        let clues = PuzzleClues::of_picture(&picture);
        assert_eq!((clues.width(), clues.height()), (3, 2));
        assert_eq!(clues.row(0).as_slice(), &[1, 1]);
        assert_eq!(clues.row(1).as_slice(), &[2]);
        assert_eq!(clues.column(0).as_slice(), &[2]);
        assert_eq!(clues.column(1).as_slice(), &[1]);
        assert_eq!(clues.column(2).as_slice(), &[1]);
        assert!(clues.solved_by(&picture));
        assert!(!clues.solved_by(&Grid::from_rows(3, 2, &[0b101, 0b110])));
        assert!(!clues.solved_by(&Grid::new(3, 3)));
    }

    #[test]
    fn clues_must_fit_their_lines() {
        let one = Clues::new(&[1]).unwrap();
        let three = Clues::new(&[3]).unwrap();
        let ones = [one.clone(), one.clone(), one.clone()];
        let ok = PuzzleClues::new(3, 1, core::slice::from_ref(&three), &ones);
        assert_eq!(
            ok,
            Some(PuzzleClues::of_picture(&Grid::from_rows(3, 1, &[0b111])))
        );
        // A 3 in a column of 1; a row count that does not match; no board;
        // too wide a board.
        let three_first = [three.clone(), one.clone(), one];
        assert!(PuzzleClues::new(3, 1, &ones[..1], &three_first).is_none());
        assert!(PuzzleClues::new(3, 2, core::slice::from_ref(&three), &ones).is_none());
        assert!(PuzzleClues::new(0, 0, &[], &[]).is_none());
        let blank = [Clues::default()];
        assert!(PuzzleClues::new(21, 1, &blank, &[]).is_none());
    }
}
