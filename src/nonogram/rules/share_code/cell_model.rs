//! The compressed layout's model of a picture: the odds that a cell is
//! filled, learnt while coding from how often cells with the same four
//! neighbours already coded (left, up-left, up, up-right) were filled.
//! Pictures are mostly areas and outlines, so these neighbours predict a
//! cell well; nothing is tuned to any kind of picture, so the model fits
//! pixel art and generated puzzles alike.

use super::arithmetic_coder::Odds;

/// One context per pattern of the four neighbours.
const CONTEXTS: usize = 16;

#[derive(Clone, Debug)]
pub struct CellModel {
    /// Cells seen so far after each neighbour pattern, empty and filled, each
    /// starting from 1 (Laplace's rule: no odds are ever 0).
    seen: [Odds; CONTEXTS],
}

impl CellModel {
    #[must_use]
    pub fn new() -> Self {
        Self {
            seen: [Odds { zeros: 1, ones: 1 }; CONTEXTS],
        }
    }

    /// The neighbour pattern of cell `x` of a row: `row` holds the row's
    /// cells so far (bit `x` for column `x`; only those left of `x` are
    /// read), `above` the row above, both already cut to the written
    /// columns (0 above the first row); outside, cells are empty.
    #[must_use]
    pub const fn context(row: u32, above: u32, x: usize) -> usize {
        // Shifted up one, bit `x` of each is the cell left of `x`.
        let left = ((row << 1) >> x) & 1;
        let above_three = ((above << 1) >> x) & 0b111;
        (left | above_three << 1) as usize
    }

    #[must_use]
    pub fn odds(&self, context: usize) -> Odds {
        self.seen[context % CONTEXTS]
    }

    pub fn learn(&mut self, context: usize, filled: bool) {
        let seen = &mut self.seen[context % CONTEXTS];
        if filled {
            seen.ones += 1;
        } else {
            seen.zeros += 1;
        }
    }
}
