//! A picture's cells as the payload's bits: which cells are written (a
//! mirror-symmetric picture needs only its first half or quarter) and how
//! (one bit a cell, or compressed by [`CellModel`]). The encoder writes
//! every layout the picture allows and keeps the shortest.

use super::Grid;
use super::arithmetic_coder::{Decoder, Encoder};
use super::big_number::BigNumber;
use super::bits::{BitReader, BitWriter};
use super::cell_model::CellModel;

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
                (0..width).all(|x| picture.contains(x, y) == picture.contains(width - 1 - x, y))
            });
        let top_bottom = !self.mirror_top_bottom
            || (0..height).all(|y| picture.row(y) == picture.row(height - 1 - y));
        left_right && top_bottom
    }
}

/// The written cells of `picture` (which must fit `layout`) as bits; `None`
/// if they would take more than [`super::bits::MAX_PICTURE_BITS`].
#[must_use]
pub fn write_cells(picture: &Grid, layout: Layout) -> Option<BigNumber> {
    let (columns, rows) = layout.region(picture.width(), picture.height());
    let cells = (0..rows).flat_map(|y| (0..columns).map(move |x| (x, y)));
    if !layout.compressed {
        let mut out = BitWriter::default();
        for (x, y) in cells {
            out.push(picture.contains(x, y));
        }
        return out.finish();
    }
    let mut model = CellModel::new();
    let mut encoder = Encoder::new(BitWriter::default());
    for (x, y) in cells {
        let context = CellModel::context(picture, columns, x, y);
        let filled = picture.contains(x, y);
        encoder.encode(filled, model.odds(context));
        model.learn(context, filled);
    }
    encoder.finish().finish()
}

/// The `width` x `height` picture (each side within the maximum) whose
/// written cells are `bits`. Any bits give some picture.
#[must_use]
pub fn read_cells(width: usize, height: usize, layout: Layout, bits: BigNumber) -> Grid {
    let (columns, rows) = layout.region(width, height);
    let cells = (0..rows).flat_map(|y| (0..columns).map(move |x| (x, y)));
    // The written part first, then its mirror images.
    let mut region = Grid::new(width, height);
    let mut input = BitReader::new(bits);
    if layout.compressed {
        let mut model = CellModel::new();
        let mut decoder = Decoder::new(input);
        for (x, y) in cells {
            let context = CellModel::context(&region, columns, x, y);
            let filled = decoder.decode(model.odds(context));
            model.learn(context, filled);
            region.set(x, y, filled);
        }
    } else {
        for (x, y) in cells {
            region.set(x, y, input.read());
        }
    }
    let mut picture = Grid::new(width, height);
    for y in 0..height {
        for x in 0..width {
            let source_x = if x < columns { x } else { width - 1 - x };
            let source_y = if y < rows { y } else { height - 1 - y };
            picture.set(x, y, region.contains(source_x, source_y));
        }
    }
    picture
}
