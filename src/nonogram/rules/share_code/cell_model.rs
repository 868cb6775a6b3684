//! The compressed layout's model of a picture: the odds that a cell is
//! filled, learnt while coding from how often cells with the same four
//! neighbours already coded (left, up-left, up, up-right) were filled.
//! Pictures are mostly areas and outlines, so these neighbours predict a
//! cell well; nothing is tuned to any kind of picture, so the model fits
//! pixel art and generated puzzles alike.

use super::Grid;
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

    /// The neighbour pattern of cell (`x`, `y`) among the written cells, the
    /// `region_width` leftmost columns of `cells`; outside, cells are empty.
    #[must_use]
    pub fn context(cells: &Grid, region_width: usize, x: usize, y: usize) -> usize {
        let filled = |dx: isize, dy: isize| {
            let (Some(nx), Some(ny)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                return false;
            };
            nx < region_width && cells.contains(nx, ny)
        };
        usize::from(filled(-1, 0))
            | usize::from(filled(-1, -1)) << 1
            | usize::from(filled(0, -1)) << 2
            | usize::from(filled(1, -1)) << 3
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
