//! Line logic: the cells of one line that every placement of its clues
//! consistent with the marks agrees on.

use super::clues::MAX_CLUES;
use super::line::cells_mask;
use super::placements::{RightSweep, left_table, smear_up};
#[cfg(test)]
use super::{clues::Clues, line::Line};

/// What line logic proves about one line (already marked cells included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced {
    /// Cells every consistent placement covers.
    pub filled: u32,
    /// Cells no consistent placement covers.
    pub crossed: u32,
}

/// The cells `clues` force in `line`, or `None` when no placement of the
/// clues is consistent with the line's marks.
#[cfg(test)]
#[must_use]
pub fn solve_line(line: Line, clues: &Clues) -> Option<Forced> {
    forced(line.len(), line.filled(), line.crossed(), clues.as_slice())
}

/// `solve_line` on raw masks, for the board solver.
#[inline(never)]
pub(super) fn forced(len: usize, filled: u32, crossed: u32, clues: &[u8]) -> Option<Forced> {
    let mut left = [0; MAX_CLUES + 1];
    if !left_table(len, filled, crossed, clues, &mut left) {
        return None;
    }
    let cells = cells_mask(len);
    if (filled | crossed) == cells {
        // Fully marked and consistent: nothing left to find.
        return Some(Forced { filled, crossed });
    }
    let (mut sweep, right_end) = RightSweep::new(len, filled, crossed, clues);
    // Cells left uncovered between clue j - 1 and clue j, after the last one...
    let mut can_be_blank = left[clues.len().min(MAX_CLUES)] & (right_end >> 1);
    while let Some((j, right, starts)) = sweep.next(&left) {
        // ...and before each. The sweep is done with `left[j]`: it now keeps
        // where clue j can start (saving an array).
        can_be_blank |= left[j] & (right >> 1);
        left[j] = starts;
    }
    let mut can_be_filled = 0;
    let mut j = 0;
    while j < clues.len().min(MAX_CLUES) {
        can_be_filled |= smear_up(left[j], u32::from(clues[j]));
        j += 1;
    }
    // The tables never look at cell t itself: a filled one is never blank.
    let can_be_blank = can_be_blank & !filled;
    Some(Forced {
        filled: cells & !can_be_blank,
        crossed: cells & !can_be_filled,
    })
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::collections::HashMap;
    use std::vec::Vec;

    use super::{Forced, solve_line};
    use crate::clues::Clues;
    use crate::line::{Cell, Line};
    use crate::oracle::{self, Starts};
    use shared::random::Rng;

    fn check(line: Line, clues: &Clues, all: &[Starts]) {
        let expected = oracle::forced_by_enumeration(line, clues.as_slice(), all)
            .map(|(filled, crossed)| Forced { filled, crossed });
        assert_eq!(
            solve_line(line, clues),
            expected,
            "{line:?} {:?}",
            clues.as_slice()
        );
    }

    #[test]
    fn examples() {
        let forced = |digits: &str, numbers: &[u8]| {
            solve_line(Line::parse(digits), &Clues::new(numbers).unwrap())
                .map(|f| (f.filled, f.crossed))
        };
        // Overlap: a 3 in 4 cells covers the middle two.
        assert_eq!(forced("0000", &[3]), Some((0b0110, 0)));
        assert_eq!(forced("0000", &[]), Some((0, 0b1111)));
        assert_eq!(forced("0000", &[1, 2]), Some((0b1101, 0b0010)));
        // A filled cell at the edge pins the run; the rest is blank.
        assert_eq!(forced("1000", &[2]), Some((0b0011, 0b1100)));
        assert_eq!(forced("0200", &[2]), Some((0b1100, 0b0011)));
        assert_eq!(forced("1100", &[1]), None);
        assert_eq!(forced("2121", &[1, 1]), Some((0b1010, 0b0101)));
        assert_eq!(forced("2122", &[1, 1]), None);
    }

    /// Every line of up to 10 cells with every clue list that fits.
    #[test]
    fn every_small_line_matches_enumeration() {
        for len in 1..=10 {
            let mut lists: Vec<Clues> = (0..1u32 << len).map(Clues::of_cells).collect();
            lists.sort_by(|a, b| a.as_slice().cmp(b.as_slice()));
            lists.dedup();
            let placements: Vec<Vec<Starts>> = lists
                .iter()
                .map(|clues| oracle::placements(len, clues.as_slice()))
                .collect();
            let mut digits = std::vec![0u8; len];
            loop {
                let mut line = Line::new(len);
                for (i, &digit) in digits.iter().enumerate() {
                    line.set(
                        i,
                        [Cell::Empty, Cell::Filled, Cell::Crossed][usize::from(digit)],
                    );
                }
                for (clues, all) in lists.iter().zip(&placements) {
                    check(line, clues, all);
                }
                let mut i = 0;
                while i < len && digits[i] == 2 {
                    digits[i] = 0;
                    i += 1;
                }
                if i == len {
                    break;
                }
                digits[i] += 1;
            }
        }
    }

    #[test]
    fn random_lines_up_to_20_cells_match_enumeration() {
        let mut rng = Rng::new(77);
        let mut cache: HashMap<(usize, Vec<u8>), Vec<Starts>> = HashMap::new();
        for _ in 0..50_000 {
            let len = 1 + rng.below(20) as usize;
            let mut truth = 0;
            let density = rng.below(100);
            for i in 0..len {
                if rng.below(100) < density {
                    truth |= 1 << i;
                }
            }
            let clues = Clues::of_cells(truth);
            let mut line = Line::new(len);
            let keep = rng.below(60);
            for i in 0..len {
                if rng.below(100) < keep {
                    let filled = (truth & (1 << i) != 0) ^ (rng.below(50) == 0);
                    line.set(i, if filled { Cell::Filled } else { Cell::Crossed });
                }
            }
            let all = cache
                .entry((len, clues.as_slice().to_vec()))
                .or_insert_with(|| oracle::placements(len, clues.as_slice()));
            check(line, &clues, all);
        }
    }
}
