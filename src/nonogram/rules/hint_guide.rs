//! Which clue numbers to grey out, as the Picross S "hint guide" (and Pico²,
//! whose devlog describes its rules) does.
//!
//! - A line whose filled cells are exactly its clues greys every number.
//! - A line no placement of its clues agrees with is a mistake: no number is
//!   greyed (the UI shows them all solid).
//! - Otherwise each *closed block* (filled cells with a cross or the edge on
//!   both sides) greys the one clue it must be. The devlog's test, "same
//!   length, and enough room on either side for the other hints", is here
//!   taken literally in terms of the line's marks: the block can be clue `j`
//!   when clue `j` has its length and clues `0..j` fit consistently before
//!   it and the rest after it. That is: some consistent placement of all the
//!   clues puts clue `j` exactly on the block. A block that can be several
//!   clues greys none. Merely counting free cells is not enough: in
//!   `000212011000` with clues 1 1 2 1, the block at cell 4 has the room to
//!   be clue 0 by count, but then 1 2 1 must fit in `011000`, whose filled
//!   `11` can only be the 2, with no room left before it for the 1; so the
//!   block can only be clue 1, and only clue 1 greys (the devlog's worked
//!   example checks exactly this block against clue 1).
//!
//! The block test is a bitwise `and` of the placement tables per clue
//! ([`super::placements`]), so a line costs a few hundred word operations,
//! and it runs from IWRAM as ARM code on the GBA: the app greys a row and a
//! column on every cell the player marks.

use super::clues::{Clues, MAX_CLUES};
use super::line::{Line, cells_mask};
use super::placements::{RightSweep, left_table, runs_of};

/// The hint guide's verdict on one line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Greying {
    /// Bit `j` set: clue `j` is greyed.
    pub greyed: u16,
    /// The line's filled cells are exactly its clues (every clue greyed; for a
    /// blank line's `0` this is the flag to grey it by).
    pub complete: bool,
    /// No placement of the clues agrees with the marks: show them all solid.
    pub contradiction: bool,
}

impl Greying {
    /// Whether clue `index` is greyed.
    #[must_use]
    pub const fn is_greyed(self, index: usize) -> bool {
        index < 16 && self.greyed & (1 << index) != 0
    }
}

/// The hint guide for `line` with `clues`.
#[must_use]
#[inline(never)]
#[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
pub fn grey(line: Line, clues: &Clues) -> Greying {
    let numbers = clues.as_slice();
    let count = numbers.len().min(MAX_CLUES);
    let len = line.len();
    let filled = line.filled();
    let crossed = line.crossed();
    let mut left = [0; MAX_CLUES + 1];
    if !left_table(len, filled, crossed, numbers, &mut left) {
        return Greying {
            greyed: 0,
            complete: false,
            contradiction: true,
        };
    }
    // A consistent placement covers every filled cell; if there are as many
    // filled cells as it covers, they are that placement: the runs match.
    if filled.count_ones() == clues.total() {
        let all = cells_mask(count) as u16;
        return Greying {
            greyed: all,
            complete: true,
            contradiction: false,
        };
    }
    // First cells of closed blocks, and boundaries just after a block's last
    // cell that a cross or the edge closes.
    let closed_starts = filled & !(filled << 1) & ((crossed << 1) | 1);
    let closed_ends = (crossed | (1 << len)) & (filled << 1);
    if closed_starts == 0 || closed_ends == 0 {
        return Greying::default();
    }
    // Where each clue can start, into `left[j]` once the sweep, which reads
    // `left[j]` only on reaching clue `j`, is past it (saving an array).
    let (mut sweep, _) = RightSweep::new(len, filled, crossed, numbers);
    while let Some((j, _, starts)) = sweep.next(&left) {
        left[j] = starts;
    }
    // Each closed block (by its first cell) and the clues it can be: blocks
    // seen once can be exactly one clue, those seen twice more than one.
    let mut once = 0;
    let mut twice = 0;
    let mut j = 0;
    while j < count {
        let run = u32::from(numbers[j]);
        let here = closed_starts & runs_of(filled, run) & (closed_ends >> run) & left[j];
        left[j] = here;
        twice |= once & here;
        once |= here;
        j += 1;
    }
    let sure = once & !twice;
    let mut greyed = 0;
    let mut j = 0;
    while j < count {
        if left[j] & sure != 0 {
            greyed |= 1 << j;
        }
        j += 1;
    }
    Greying {
        greyed,
        complete: false,
        contradiction: false,
    }
}

#[cfg(test)]
mod tests;
