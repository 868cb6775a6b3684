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
//! spreads up over cells that are not filled. That spread is one addition:
//! the carry of `seeds + (seeds | steps)` runs up through `steps`. `right` is
//! built the same way from the other end; carries cannot run down, so its
//! spread is a five-step parallel prefix instead.
//!
//! The left table is stored; the right one is only walked, clue by clue,
//! while the caller combines it with the left one, so a line needs one small
//! array. Both are inlined into the hint guide and the line solver (ARM code
//! in IWRAM on the GBA).

use super::clues::MAX_CLUES;
use super::line::cells_mask;

/// Positions reachable from `seeds` by moving up one position at a time onto
/// positions in `steps`: bit `i` is set when `seeds` has `i`, or `steps` has
/// `i` and bit `i - 1` is reachable. It is the carry chain of an addition
/// whose generate bits are `seeds` and propagate bits `steps`.
#[inline(always)]
const fn spread_up(seeds: u32, steps: u32) -> u32 {
    let propagate = steps & !seeds;
    ((seeds | propagate).wrapping_add(seeds) ^ propagate) >> 1
}

/// Positions reachable from `seeds` by moving down one position at a time
/// onto positions in `steps` (bit `i` set: position `i` may be entered from
/// `i + 1`). A parallel prefix over distances 1, 2, 4, 8 and 16, enough for
/// the 21 boundaries of a 20-cell line.
#[inline(always)]
const fn spread_down(seeds: u32, steps: u32) -> u32 {
    let mut reach = seeds;
    let mut open = steps;
    let mut distance = 1;
    while distance < 32 {
        reach |= open & (reach >> distance);
        open &= open >> distance;
        distance *= 2;
    }
    reach
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

/// Fills `left[0..=clues.len()]` (see the module notes) for a `len`-cell
/// line (`1..=20`) marked `filled` and `crossed`, and tells whether some
/// placement of all the clues is consistent with the marks. `clues`: at most
/// [`MAX_CLUES`] numbers, each at least 1.
#[inline(always)]
pub(super) fn left_table(
    len: usize,
    filled: u32,
    crossed: u32,
    clues: &[u8],
    left: &mut [u32; MAX_CLUES + 1],
) -> bool {
    let count = clues.len().min(MAX_CLUES);
    let cells = cells_mask(len);
    let coverable = cells & !crossed;
    let gap_ok = cells & !filled;
    // Moving from boundary i - 1 to i leaves cell i - 1 uncovered.
    let steps = gap_ok << 1;
    let mut fits = spread_up(1, steps);
    left[0] = fits;
    // Where the next run may start: the first run anywhere the cells before
    // are uncovered, a later one one gap cell after the previous run's fit.
    let mut starts = fits;
    let mut j = 0;
    while j < count {
        let run = clues[j] as u32;
        let ends = (starts & runs_of(coverable, run)) << run;
        fits = spread_up(ends, steps);
        left[j + 1] = fits;
        starts = (fits & gap_ok) << 1;
        j += 1;
    }
    fits & (1 << len) != 0
}

/// The right table, built from the last clue back without being stored:
/// [`Self::new`] gives `right[clues.len()]`, then [`Self::next`], for `j`
/// from `clues.len() - 1` down to 0, `right[j]` and the cells where clue `j`
/// can start in some consistent placement of all the clues (bit `s`: start
/// at cell `s`).
/// (A struct rather than a callback: closures do not reliably inline, and
/// this must stay in the caller's IWRAM code.)
pub(super) struct RightSweep<'a> {
    clues: &'a [u8],
    coverable: u32,
    gap_ok: u32,
    /// Clues still to visit: `j` of the next visit plus one.
    remaining: usize,
    /// Where a run may end (the boundary after its last cell): the last run
    /// where nothing filled follows, an earlier one a gap cell before the
    /// next run's fit.
    ends: u32,
}

impl<'a> RightSweep<'a> {
    /// The sweep and `right[clues.len()]` (nothing left to place: no filled
    /// cell from there to the end).
    #[inline(always)]
    pub(super) fn new(len: usize, filled: u32, crossed: u32, clues: &'a [u8]) -> (Self, u32) {
        let clues = &clues[..clues.len().min(MAX_CLUES)];
        let cells = cells_mask(len);
        let gap_ok = cells & !filled;
        let fits = spread_down(1 << len, gap_ok);
        let sweep = Self {
            clues,
            coverable: cells & !crossed,
            gap_ok,
            remaining: clues.len(),
            ends: fits,
        };
        (sweep, fits)
    }

    /// The next clue down: `(j, right[j], starts of clue j)`, given
    /// [`left_table`]'s table of a consistent line.
    #[inline(always)]
    pub(super) fn next(&mut self, left: &[u32; MAX_CLUES + 1]) -> Option<(usize, u32, u32)> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let j = self.remaining;
        let run = self.clues[j] as u32;
        let fit_after = runs_of(self.coverable, run) & (self.ends >> run);
        let fits = spread_down(fit_after, self.gap_ok);
        self.ends = (fits >> 1) & self.gap_ok;
        // Clue j starts at s when clues 0..j fit before it (with a gap cell
        // unless it is the first) and the rest after it.
        let after_gap = if j == 0 {
            left[0]
        } else {
            (left[j] & self.gap_ok) << 1
        };
        Some((j, fits, after_gap & fit_after))
    }
}

#[cfg(test)]
mod tests {
    use super::{runs_of, smear_up, spread_down, spread_up};

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
    fn spread_down_follows_steps_from_each_seed() {
        let naive = |seeds: u32, steps: u32| {
            let mut reach = 0u32;
            for i in (0..32).rev() {
                let above = i < 31 && reach & (1 << (i + 1)) != 0;
                if seeds & (1 << i) != 0 || (steps & (1 << i) != 0 && above) {
                    reach |= 1 << i;
                }
            }
            reach
        };
        let mut state = 7u32;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let seeds = state & 0x3F_FFFF & (state >> 9);
            let steps = (state >> 2) & 0x3F_FFFF;
            assert_eq!(
                spread_down(seeds, steps),
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
