//! A set of board squares as one 128-bit mask.

use super::SQUARE_COUNT;
use super::pos::Pos;

/// Set of on-board positions, bit `i` standing for board index `i`.
///
/// 84 squares fit in a `u128`, so sets are copyable, allocation-free and
/// combine with single bit operations (the solvers lean on this).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PosSet(u128);

impl PosSet {
    pub const EMPTY: Self = Self(0);
    /// Every square of the board.
    pub const ALL: Self = Self((1u128 << SQUARE_COUNT) - 1);

    /// A set from raw bits; bits past the board are dropped.
    #[must_use]
    pub const fn from_bits(bits: u128) -> Self {
        Self(bits & Self::ALL.0)
    }

    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    #[must_use]
    pub const fn contains(self, pos: Pos) -> bool {
        match pos.index() {
            Some(index) => self.0 & (1 << index) != 0,
            None => false,
        }
    }

    /// Adds `pos`; returns whether it was newly added (false off the board).
    pub fn insert(&mut self, pos: Pos) -> bool {
        match pos.index() {
            Some(index) => {
                let bit = 1u128 << index;
                let added = self.0 & bit == 0;
                self.0 |= bit;
                added
            }
            None => false,
        }
    }

    /// Removes `pos`; returns whether it was present.
    pub fn remove(&mut self, pos: Pos) -> bool {
        let present = self.contains(pos);
        if let Some(index) = pos.index() {
            self.0 &= !(1u128 << index);
        }
        present
    }

    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }

    #[must_use]
    pub const fn difference(self, other: Self) -> Self {
        Self(self.0 & !other.0)
    }

    #[must_use]
    pub const fn is_subset(self, other: Self) -> bool {
        self.0 & !other.0 == 0
    }

    /// The board squares not in this set.
    #[must_use]
    pub const fn complement(self) -> Self {
        Self(!self.0 & Self::ALL.0)
    }

    /// The lowest-index member, if any.
    #[must_use]
    pub const fn first(self) -> Option<Pos> {
        if self.0 == 0 {
            None
        } else {
            Pos::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// Members in index order.
    #[must_use]
    pub const fn iter(self) -> PosSetIter {
        PosSetIter(self.0)
    }
}

impl IntoIterator for PosSet {
    type Item = Pos;
    type IntoIter = PosSetIter;

    fn into_iter(self) -> PosSetIter {
        self.iter()
    }
}

impl FromIterator<Pos> for PosSet {
    fn from_iter<I: IntoIterator<Item = Pos>>(iter: I) -> Self {
        let mut set = Self::EMPTY;
        for pos in iter {
            set.insert(pos);
        }
        set
    }
}

/// Iterator over a [`PosSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct PosSetIter(u128);

impl Iterator for PosSetIter {
    type Item = Pos;

    fn next(&mut self) -> Option<Pos> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        // Clear the lowest set bit.
        self.0 &= self.0 - 1;
        Pos::from_index(index)
    }
}

#[cfg(test)]
mod tests {
    use super::{Pos, PosSet};

    #[test_case]
    fn insert_remove_and_iterate(_gba: &mut agb::Gba) {
        let mut set = PosSet::EMPTY;
        assert!(set.insert(Pos::new(3, 2)));
        assert!(!set.insert(Pos::new(3, 2)));
        assert!(set.insert(Pos::new(0, 0)));
        assert!(
            !set.insert(Pos::new(14, 0)),
            "off-board positions are never members"
        );
        assert_eq!(set.len(), 2);
        let mut members = set.iter();
        assert_eq!(members.next(), Some(Pos::new(0, 0)));
        assert_eq!(members.next(), Some(Pos::new(3, 2)));
        assert_eq!(members.next(), None);
        assert!(set.remove(Pos::new(0, 0)));
        assert!(!set.remove(Pos::new(0, 0)));
        assert_eq!(PosSet::ALL.len(), 84);
        assert_eq!(set.complement().len(), 83);
        assert_eq!(PosSet::from_bits(u128::MAX), PosSet::ALL);
    }
}
