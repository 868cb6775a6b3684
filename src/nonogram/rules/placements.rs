//! Where a line's clues can go, for every clue at once, in a few word
//! operations per clue.
//!
//! A *placement* puts every run of a line's clues on the line, in order, with
//! at least one cell between two runs. It is *consistent* with what the player
//! marked when it covers every filled cell and no crossed one. Both the hint
//! guide and the solver ask questions about all consistent placements, and
//! both are answered by two tables of bit masks over the line's boundaries
//! (position `i` is the boundary before cell `i`, `0..=len`):
//!
//! - `left[j]`, bit `i`: clues `0..j` have a consistent placement in cells `[0, i)`;
//! - `right[j]`, bit `i`: clues `j..` have a consistent placement in cells `[i, len)`.
//!
//! `left[j + 1]` follows from `left[j]`: the run of clue `j` may end at `i`
//! when it may start at `i - c` (the cells before it fit clues `0..j` plus a
//! gap, the run's cells are not crossed), and from such an end the table
//! spreads right over cells that are not filled. That spread is one addition:
//! the carry of `seeds + (seeds | steps)` runs up through `steps`. `right` is
//! `left` of the mirrored line, mirrored back.

use super::clues::MAX_CLUES;
use super::line::{cells_mask, reverse_cells};

/// Positions reachable from `seeds` by moving up one position at a time onto
/// positions in `steps`: bit `i` is set when `seeds` has `i`, or `steps` has
/// `i` and bit `i - 1` is reachable. It is the carry chain of an addition
/// whose generate bits are `seeds` and propagate bits `steps`.
#[inline(always)]
const fn spread_up(seeds: u32, steps: u32) -> u32 {
    let propagate = steps & !seeds;
    ((seeds | propagate).wrapping_add(seeds) ^ propagate) >> 1
}

/// Bit `s` set when bits `s..s + run` of `mask` are all set (`run >= 1`),
/// in about log2(run) steps.
#[inline(always)]
pub(super) const fn runs_of(mut mask: u32, run: u32) -> u32 {
    let mut have = 1;
    while have * 2 <= run {
        mask &= mask >> have;
        have *= 2;
    }
    if have < run {
        mask &= mask >> (run - have);
    }
    mask
}

/// Bits `s..s + run` set for every bit `s` of `starts` (`run >= 1`).
#[inline(always)]
pub(super) const fn smear_up(mut starts: u32, run: u32) -> u32 {
    let mut have = 1;
    while have * 2 <= run {
        starts |= starts << have;
        have *= 2;
    }
    if have < run {
        starts |= starts << (run - have);
    }
    starts
}

/// Fills `table[0..=clues.len()]` with the `left` table of a line of `len`
/// cells (see the module notes). The line is consistent with its clues when
/// bit `len` of `table[clues.len()]` is set.
#[inline(always)]
fn left_table(
    len: usize,
    filled: u32,
    crossed: u32,
    clues: &[u8],
    table: &mut [u32; MAX_CLUES + 1],
) {
    let cells = cells_mask(len);
    let coverable = cells & !crossed;
    let gap_ok = cells & !filled;
    // Moving from boundary i - 1 to i leaves cell i - 1 uncovered.
    let steps = gap_ok << 1;
    let mut fits = spread_up(1, steps);
    table[0] = fits;
    // Where the next run may start: the first run anywhere the cells before
    // are uncovered, a later one one gap cell after the previous run's fit.
    let mut starts = fits;
    for (j, &clue) in clues.iter().enumerate() {
        let run = u32::from(clue);
        let ends = (starts & runs_of(coverable, run)) << run;
        fits = spread_up(ends, steps);
        table[j + 1] = fits;
        starts = (fits & gap_ok) << 1;
    }
}

/// The tables of one line for one set of clues. The right table is only
/// made on request: telling whether the line is consistent needs the left one alone.
pub(super) struct Placements<'a> {
    len: usize,
    filled: u32,
    crossed: u32,
    clues: &'a [u8],
    left: [u32; MAX_CLUES + 1],
    right: [u32; MAX_CLUES + 1],
}

impl<'a> Placements<'a> {
    /// The left table of a `len`-cell line (`1..=20`) marked `filled` and
    /// `crossed`; `clues` at most [`MAX_CLUES`] numbers, each at least 1.
    #[inline(always)]
    pub(super) fn new(len: usize, filled: u32, crossed: u32, clues: &'a [u8]) -> Self {
        let mut left = [0; MAX_CLUES + 1];
        left_table(len, filled, crossed, clues, &mut left);
        Self {
            len,
            filled,
            crossed,
            clues,
            left,
            right: [0; MAX_CLUES + 1],
        }
    }

    /// Whether some placement of all the clues is consistent with the marks.
    #[inline(always)]
    pub(super) fn consistent(&self) -> bool {
        self.left[self.clues.len()] & (1 << self.len) != 0
    }

    /// Makes the right table: the mirrored line's left table, mirrored back.
    #[inline(always)]
    pub(super) fn add_right(&mut self) {
        let count = self.clues.len();
        let mut reversed = [0u8; MAX_CLUES];
        for (slot, &clue) in reversed.iter_mut().zip(self.clues.iter().rev()) {
            *slot = clue;
        }
        let mut mirrored = [0; MAX_CLUES + 1];
        left_table(
            self.len,
            reverse_cells(self.filled, self.len),
            reverse_cells(self.crossed, self.len),
            &reversed[..count],
            &mut mirrored,
        );
        for (j, slot) in self.right.iter_mut().enumerate().take(count + 1) {
            // Boundary i of the line is boundary len - i of the mirror.
            *slot = reverse_cells(mirrored[count - j], self.len + 1);
        }
    }

    /// Bit `s` set when clue `j` can start at cell `s` in some consistent
    /// placement of all the clues. Needs [`Self::add_right`] first.
    #[inline(always)]
    pub(super) fn starts(&self, j: usize) -> u32 {
        let run = u32::from(self.clues[j]);
        let cells = cells_mask(self.len);
        let gap_ok = cells & !self.filled;
        let after_gap = if j == 0 {
            self.left[0]
        } else {
            (self.left[j] & gap_ok) << 1
        };
        // Boundary q may end clue j when the rest fits from q on, after a gap
        // cell unless nothing follows.
        let rest_ok = if j + 1 == self.clues.len() {
            self.right[j + 1]
        } else {
            (self.right[j + 1] >> 1) & gap_ok
        };
        after_gap & runs_of(cells & !self.crossed, run) & (rest_ok >> run)
    }

    /// Cells that some consistent placement leaves uncovered. Needs
    /// [`Self::add_right`] first.
    #[inline(always)]
    pub(super) fn can_be_blank(&self) -> u32 {
        let mut blank = 0;
        for j in 0..=self.clues.len() {
            // Cell t between clue j - 1 and clue j.
            blank |= self.left[j] & (self.right[j] >> 1);
        }
        blank & cells_mask(self.len) & !self.filled
    }

    /// Cells that some consistent placement covers. Needs [`Self::add_right`] first.
    #[inline(always)]
    pub(super) fn can_be_filled(&self) -> u32 {
        let mut covered = 0;
        for (j, &clue) in self.clues.iter().enumerate() {
            covered |= smear_up(self.starts(j), u32::from(clue));
        }
        covered
    }
}

#[cfg(all(test, not(target_arch = "arm")))]
mod tests {
    use super::{runs_of, smear_up, spread_up};

    #[test]
    fn spread_up_follows_steps_from_each_seed() {
        let naive = |seeds: u32, steps: u32| {
            let mut reach = 0u32;
            for i in 0..31 {
                let below = i > 0 && reach & (1 << (i - 1)) != 0;
                if seeds & (1 << i) != 0 || (steps & (1 << i) != 0 && below) {
                    reach |= 1 << i;
                }
            }
            reach
        };
        let mut state = 1u32;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let seeds = state & 0x3F_FFFF & (state >> 7);
            let steps = (state >> 3) & 0x3F_FFFF;
            assert_eq!(
                spread_up(seeds, steps),
                naive(seeds, steps),
                "{seeds:b} {steps:b}"
            );
        }
    }

    #[test]
    fn runs_and_smears() {
        for run in 1..=21 {
            let mask = 0b1110_1111_1111_1111_0111_0111u32;
            let mut expected = 0;
            for s in 0..32 {
                if (s..s + run).all(|b| b < 32 && mask & (1 << b) != 0) {
                    expected |= 1 << s;
                }
            }
            assert_eq!(runs_of(mask, run), expected, "run {run}");
            let starts = 0b1000_0001u32;
            let mut smeared = 0u32;
            for s in [0, 7] {
                for b in s..s + run {
                    smeared |= 1u32.checked_shl(b).unwrap_or(0);
                }
            }
            assert_eq!(smear_up(starts, run), smeared, "run {run}");
        }
    }
}
