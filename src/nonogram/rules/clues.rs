//! The numbers beside a line: the lengths of its runs of filled cells.

use heapless::Vec;

/// Most numbers beside one line: a line of 20 holds at most 10 runs.
pub const MAX_CLUES: usize = 10;

/// A line's clue numbers, first run first. No numbers means the line is blank
/// (drawn as a single `0`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clues {
    numbers: Vec<u8, MAX_CLUES>,
    /// Their sum: the filled cells of the line (kept, the hint guide needs it
    /// on every mark).
    total: u16,
}

impl Clues {
    /// Clues from their numbers; `None` if there are more than [`MAX_CLUES`]
    /// or one of them is 0 (a blank line has no numbers at all).
    #[cfg(any(test, feature = "testing"))]
    #[must_use]
    pub fn new(numbers: &[u8]) -> Option<Self> {
        if numbers.contains(&0) {
            return None;
        }
        let total = numbers.iter().map(|&n| u16::from(n)).sum();
        Vec::from_slice(numbers)
            .ok()
            .map(|numbers| Self { numbers, total })
    }

    /// The clues a picture line gives: the lengths of the runs of set bits.
    #[must_use]
    pub fn of_cells(filled: u32) -> Self {
        let mut numbers = Vec::new();
        let total = filled.count_ones() as u16;
        let mut rest = filled;
        while rest != 0 {
            rest >>= rest.trailing_zeros();
            let run = rest.trailing_ones();
            // A 32-bit mask has at most 16 runs; lines of 20 cells at most 10.
            let _ = numbers.push(run as u8);
            rest = rest.checked_shr(run).unwrap_or(0);
        }
        Self { numbers, total }
    }

    /// The numbers, first run first.
    #[must_use]
    #[inline(always)]
    pub fn as_slice(&self) -> &[u8] {
        &self.numbers
    }

    /// How many numbers.
    #[must_use]
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.numbers.len()
    }

    /// True for a blank line's clues (clippy's `len` rule asks for it where
    /// the tests export `Clues`).
    #[cfg(any(test, feature = "testing"))]
    #[must_use]
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty()
    }

    /// Sum of the numbers: how many cells the line has filled.
    #[must_use]
    #[inline(always)]
    pub fn total(&self) -> u32 {
        u32::from(self.total)
    }

    /// Shortest line the runs fit in: their lengths plus one gap between each two.
    #[cfg(any(test, feature = "testing"))]
    #[must_use]
    pub fn min_len(&self) -> usize {
        usize::from(self.total) + self.len().saturating_sub(1)
    }

    /// Whether `filled` (the filled cells of a line) has exactly these runs.
    #[must_use]
    pub fn match_cells(&self, filled: u32) -> bool {
        runs_are(filled, &self.numbers)
    }
}

/// Whether the runs of set bits in `filled` are exactly `numbers`.
fn runs_are(filled: u32, numbers: &[u8]) -> bool {
    let mut rest = filled;
    for &number in numbers {
        if rest == 0 {
            return false;
        }
        rest >>= rest.trailing_zeros();
        let run = rest.trailing_ones();
        if run != u32::from(number) {
            return false;
        }
        rest = rest.checked_shr(run).unwrap_or(0);
    }
    rest == 0
}

#[cfg(test)]
mod tests {
    use super::Clues;

    #[test]
    fn runs_of_cells() {
        assert_eq!(Clues::of_cells(0).as_slice(), &[] as &[u8]);
        assert_eq!(Clues::of_cells(0b1011_0111).as_slice(), &[3, 2, 1]);
        assert_eq!(Clues::of_cells(0x5_5555).as_slice(), &[1; 10]);
        assert_eq!(Clues::of_cells(u32::MAX).as_slice(), &[32]);
        assert_eq!(Clues::new(&[3, 2, 1]).unwrap().min_len(), 8);
        assert_eq!(Clues::new(&[3, 2, 1]).unwrap().total(), 6);
        assert_eq!(Clues::of_cells(0b1011_0111).total(), 6);
        assert_eq!(Clues::new(&[3, 2, 1]), Some(Clues::of_cells(0b1011_0111)));
        assert_eq!(Clues::default().min_len(), 0);
        assert!(Clues::new(&[1, 0]).is_none());
        assert!(Clues::new(&[1; 11]).is_none());
    }

    #[test]
    fn matching_cells() {
        let clues = Clues::new(&[1, 2]).unwrap();
        assert!(clues.match_cells(0b1_1001));
        assert!(!clues.match_cells(0b1_1011));
        assert!(!clues.match_cells(0b0_1001));
        assert!(!clues.match_cells(0b1));
        assert!(Clues::default().match_cells(0));
        assert!(!Clues::default().match_cells(0b100));
        assert!(Clues::new(&[32]).unwrap().match_cells(u32::MAX));
    }
}
