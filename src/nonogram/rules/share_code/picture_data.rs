//! A picture's cells as the payload's bits: which cells are written (a
//! mirror-symmetric picture needs only its first half or quarter) and how
//! (one bit a cell, or compressed by [`CellModel`]). The encoder writes
//! every layout the picture allows and keeps the shortest.

use super::arithmetic_coder::{Decoder, Encoder};
use super::big_number::BigNumber;
use super::bits::{BitReader, BitWriter};
use super::cell_model::CellModel;
use crate::MAX_HEIGHT;
use crate::grid::Grid;
use crate::line::cells_mask;

/// Which cells are written, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Arithmetic-coded with [`CellModel`]; otherwise one bit a cell.
    pub compressed: bool,
    /// Each row is its own mirror image: only the left half is written
    /// (with the middle column when the width is odd).
    pub mirror_left_right: bool,
    /// The rows read the same from the bottom up: only the top half is written.
    pub mirror_top_bottom: bool,
}

impl Layout {
    /// Distinct layouts (the radix of the layout field).
    pub const COUNT: u32 = 8;

    /// The layout's number in the code. The encoder prefers lower numbers
    /// when two layouts give the same length.
    #[must_use]
    pub const fn index(self) -> u32 {
        self.compressed as u32
            | (self.mirror_left_right as u32) << 1
            | (self.mirror_top_bottom as u32) << 2
    }

    /// The layout numbered `index` (taken mod [`Self::COUNT`]).
    #[must_use]
    pub const fn from_index(index: u32) -> Self {
        Self {
            compressed: index & 1 != 0,
            mirror_left_right: index & 2 != 0,
            mirror_top_bottom: index & 4 != 0,
        }
    }

    /// Columns and rows written for a `width` x `height` picture.
    #[must_use]
    pub const fn region(self, width: usize, height: usize) -> (usize, usize) {
        let columns = if self.mirror_left_right {
            width.div_ceil(2)
        } else {
            width
        };
        let rows = if self.mirror_top_bottom {
            height.div_ceil(2)
        } else {
            height
        };
        (columns, rows)
    }

    /// Whether `picture` has the symmetry the layout relies on.
    #[must_use]
    pub fn fits(self, picture: &Grid) -> bool {
        let (width, height) = (picture.width(), picture.height());
        let left_right = !self.mirror_left_right
            || (0..height).all(|y| {
                let row = picture.row(y);
                row.reverse_bits() >> (32 - width) == row
            });
        let top_bottom = !self.mirror_top_bottom
            || (0..height).all(|y| picture.row(y) == picture.row(height - 1 - y));
        left_right && top_bottom
    }
}

/// The written cells of `picture` (which must fit `layout`) as bits; `None`
/// if they would take more than [`super::bits::MAX_PICTURE_BITS`].
#[cfg(test)]
#[must_use]
pub fn write_cells(picture: &Grid, layout: Layout) -> Option<BigNumber> {
    let mut writer = CellWriter::new(picture, layout);
    // A budget for every cell: one call writes them all.
    let mut budget = usize::MAX;
    while !writer.write(picture, &mut budget) {}
    writer.finish()
}

/// The `width` x `height` picture (each side within the maximum) whose
/// written cells are `bits`. Any bits give some picture.
#[cfg(test)]
#[must_use]
pub fn read_cells(width: usize, height: usize, layout: Layout, bits: BigNumber) -> Grid {
    let mut reader = CellReader::new(width, height, layout, bits);
    let mut budget = usize::MAX;
    while !reader.read(&mut budget) {}
    reader.picture()
}

/// Whole rows of `columns` cells that a `budget` of cells pays for (at
/// least one, so any call makes progress), taken off the budget.
fn rows_paid(budget: &mut usize, columns: usize) -> usize {
    let columns = columns.max(1);
    let rows = (*budget / columns).max(1);
    *budget = budget.saturating_sub(rows.saturating_mul(columns));
    rows
}

/// [`write_cells`] a few rows at a time, so a long picture can be written
/// over several frames.
#[derive(Clone, Debug)]
pub struct CellWriter {
    columns: usize,
    rows: usize,
    /// The next row to write.
    y: usize,
    /// The row above it, cut to the written columns.
    above: u32,
    out: Output,
}

#[derive(Clone, Debug)]
enum Output {
    Plain(BitWriter),
    Compressed { model: CellModel, encoder: Encoder },
}

impl CellWriter {
    /// Ready to write `picture` (which must fit `layout`).
    #[must_use]
    pub fn new(picture: &Grid, layout: Layout) -> Self {
        let (columns, rows) = layout.region(picture.width(), picture.height());
        let out = if layout.compressed {
            Output::Compressed {
                model: CellModel::new(),
                encoder: Encoder::new(BitWriter::default()),
            }
        } else {
            Output::Plain(BitWriter::default())
        };
        Self {
            columns,
            rows,
            y: 0,
            above: 0,
            out,
        }
    }

    /// Writes the rows of `picture` (the one it was made for) that `budget`
    /// cells pay for, at least one, and takes them off it; true once every
    /// row is written.
    pub fn write(&mut self, picture: &Grid, budget: &mut usize) -> bool {
        let rows = rows_paid(budget, self.columns);
        let end = self.rows.min(self.y.saturating_add(rows));
        let written = cells_mask(self.columns);
        for y in self.y..end {
            let row = picture.row(y) & written;
            match &mut self.out {
                Output::Plain(out) => {
                    for x in 0..self.columns {
                        out.push(row >> x & 1 != 0);
                    }
                }
                Output::Compressed { model, encoder } => {
                    for x in 0..self.columns {
                        let context = CellModel::context(row, self.above, x);
                        let filled = row >> x & 1 != 0;
                        encoder.encode(filled, model.odds(context));
                        model.learn(context, filled);
                    }
                }
            }
            self.above = row;
        }
        self.y = end;
        self.y == self.rows
    }

    /// The bits written (call once every row is); `None` if they would take
    /// more than [`super::bits::MAX_PICTURE_BITS`].
    #[must_use]
    pub fn finish(self) -> Option<BigNumber> {
        match self.out {
            Output::Plain(out) => out.finish(),
            Output::Compressed { encoder, .. } => encoder.finish().finish(),
        }
    }
}

/// [`read_cells`] a few rows at a time.
#[derive(Clone, Debug)]
pub struct CellReader {
    width: usize,
    height: usize,
    columns: usize,
    rows: usize,
    /// The next row to read.
    y: usize,
    /// The written part of the picture, read so far.
    region: [u32; MAX_HEIGHT],
    input: Input,
}

#[derive(Clone, Debug)]
enum Input {
    Plain(BitReader),
    Compressed { model: CellModel, decoder: Decoder },
}

impl CellReader {
    /// Ready to read a `width` x `height` picture (each side within the
    /// maximum) written in `layout` as `bits`.
    #[must_use]
    pub fn new(width: usize, height: usize, layout: Layout, bits: BigNumber) -> Self {
        let (columns, rows) = layout.region(width, height);
        let input = BitReader::new(bits);
        let input = if layout.compressed {
            Input::Compressed {
                model: CellModel::new(),
                decoder: Decoder::new(input),
            }
        } else {
            Input::Plain(input)
        };
        Self {
            width,
            height,
            columns,
            rows,
            y: 0,
            region: [0; MAX_HEIGHT],
            input,
        }
    }

    /// Reads the rows that `budget` cells pay for, at least one, and takes
    /// them off it; true once every row is read.
    pub fn read(&mut self, budget: &mut usize) -> bool {
        let rows = rows_paid(budget, self.columns);
        let end = self.rows.min(self.y.saturating_add(rows));
        for y in self.y..end {
            let above = if y == 0 { 0 } else { self.region[y - 1] };
            let mut row = 0;
            match &mut self.input {
                Input::Plain(input) => {
                    for x in 0..self.columns {
                        row |= u32::from(input.read()) << x;
                    }
                }
                Input::Compressed { model, decoder } => {
                    for x in 0..self.columns {
                        let context = CellModel::context(row, above, x);
                        let filled = decoder.decode(model.odds(context));
                        model.learn(context, filled);
                        row |= u32::from(filled) << x;
                    }
                }
            }
            self.region[y] = row;
        }
        self.y = end;
        self.y == self.rows
    }

    /// The picture: the rows read, then their mirror images (call once
    /// every row is read).
    #[must_use]
    pub fn picture(&self) -> Grid {
        let (width, height, columns, rows) = (self.width, self.height, self.columns, self.rows);
        let mut picture = [0u32; MAX_HEIGHT];
        for (y, row) in picture.iter_mut().enumerate().take(height) {
            let written = self.region[if y < rows { y } else { height - 1 - y }];
            *row = written;
            for x in columns..width {
                *row |= (written >> (width - 1 - x) & 1) << x;
            }
        }
        Grid::from_rows(width, height, &picture[..height])
    }
}
