//! A set of board squares as a bitmask.

use super::pos::Pos;
use super::{HEIGHT, SQUARE_COUNT, WIDTH};

/// Words in a set: 84 squares fit in three 32-bit words.
const WORDS: usize = SQUARE_COUNT.div_ceil(32);

/// Set of on-board positions, bit `i` standing for board index `i`.
///
/// Sets are copyable, allocation-free and combine with a few word
/// operations (the solvers lean on this). Stored as 32-bit words rather than
/// a `u128`: the GBA's ARM7 has 32-bit registers, and 128-bit shifts and
/// popcounts there become slow library calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PosSet([u32; WORDS]);

/// Bits of the last word that stand for real squares.
const LAST_WORD_MASK: u32 = (1 << (SQUARE_COUNT % 32)) - 1;

impl PosSet {
    pub const EMPTY: Self = Self([0; WORDS]);
    /// Every square of the board.
    pub const ALL: Self = Self([u32::MAX, u32::MAX, LAST_WORD_MASK]);

    /// The neighbours of `pos` as a set, from a table built at compile time
    /// (the solvers ask for these constantly). Empty off the board.
    #[must_use]
    pub const fn around(pos: Pos) -> Self {
        match pos.index() {
            Some(index) => NEIGHBOUR_SETS[index],
            None => Self::EMPTY,
        }
    }

    /// A set from raw bits (bit `i` = index `i`); bits past the board are dropped.
    #[must_use]
    pub const fn from_bits(bits: u128) -> Self {
        Self([
            bits as u32,
            (bits >> 32) as u32,
            (bits >> 64) as u32 & LAST_WORD_MASK,
        ])
    }

    /// The set as three words (bit `i % 32` of word `i / 32` = index `i`).
    #[must_use]
    pub const fn words(self) -> [u32; WORDS] {
        self.0
    }

    #[cfg(any(test, feature = "testing"))]
    /// The set as raw bits (bit `i` = index `i`).
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 32 | (self.0[2] as u128) << 64
    }

    #[must_use]
    pub const fn contains(self, pos: Pos) -> bool {
        match pos.index() {
            Some(index) => self.0[index / 32] & (1 << (index % 32)) != 0,
            None => false,
        }
    }

    /// Adds `pos`; returns whether it was newly added (false off the board).
    pub fn insert(&mut self, pos: Pos) -> bool {
        match pos.index() {
            Some(index) => {
                let bit = 1u32 << (index % 32);
                let word = &mut self.0[index / 32];
                let added = *word & bit == 0;
                *word |= bit;
                added
            }
            None => false,
        }
    }

    /// Removes `pos`; returns whether it was present.
    pub fn remove(&mut self, pos: Pos) -> bool {
        match pos.index() {
            Some(index) => {
                let bit = 1u32 << (index % 32);
                let word = &mut self.0[index / 32];
                let present = *word & bit != 0;
                *word &= !bit;
                present
            }
            None => false,
        }
    }

    #[must_use]
    pub const fn len(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        let (a, b) = (self.0, other.0);
        Self([a[0] | b[0], a[1] | b[1], a[2] | b[2]])
    }

    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        let (a, b) = (self.0, other.0);
        Self([a[0] & b[0], a[1] & b[1], a[2] & b[2]])
    }

    #[must_use]
    pub const fn difference(self, other: Self) -> Self {
        let (a, b) = (self.0, other.0);
        Self([a[0] & !b[0], a[1] & !b[1], a[2] & !b[2]])
    }

    #[cfg(any(test, feature = "testing"))]
    #[must_use]
    pub const fn is_subset(self, other: Self) -> bool {
        self.difference(other).is_empty()
    }

    /// The board squares not in this set.
    #[must_use]
    pub const fn complement(self) -> Self {
        Self::ALL.difference(self)
    }

    /// The lowest-index member, if any.
    #[must_use]
    pub const fn first(self) -> Option<Pos> {
        let mut word = 0;
        while word < WORDS {
            if self.0[word] != 0 {
                return Pos::from_index(word * 32 + self.0[word].trailing_zeros() as usize);
            }
            word += 1;
        }
        None
    }

    /// Members in index order.
    #[must_use]
    pub const fn iter(self) -> PosSetIter {
        PosSetIter {
            words: self.0,
            word: 0,
        }
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
pub struct PosSetIter {
    words: [u32; WORDS],
    /// The word being drained; earlier ones are empty.
    word: usize,
}

impl Iterator for PosSetIter {
    type Item = Pos;

    fn next(&mut self) -> Option<Pos> {
        while let Some(bits) = self.words.get_mut(self.word) {
            if *bits == 0 {
                self.word += 1;
                continue;
            }
            let index = self.word * 32 + bits.trailing_zeros() as usize;
            // Clear the lowest set bit.
            *bits &= *bits - 1;
            return Pos::from_index(index);
        }
        None
    }
}

/// Neighbour bitsets of every square, so set-based solving is a table lookup.
const NEIGHBOUR_SETS: [PosSet; SQUARE_COUNT] = squares_within(1);

/// For every square, the on-board squares at most `radius` steps away (in
/// both x and y), itself excluded. Built at compile time.
pub(super) const fn squares_within(radius: i32) -> [PosSet; SQUARE_COUNT] {
    let (width, height) = (WIDTH as i32, HEIGHT as i32);
    let mut table = [PosSet::EMPTY; SQUARE_COUNT];
    let mut index = 0;
    while index < SQUARE_COUNT {
        let x = index as i32 % width;
        let y = index as i32 / width;
        let mut bits = 0u128;
        let mut dy = -radius;
        while dy <= radius {
            let mut dx = -radius;
            while dx <= radius {
                let (nx, ny) = (x + dx, y + dy);
                if (dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < width && ny < height {
                    bits |= 1u128 << (ny * width + nx);
                }
                dx += 1;
            }
            dy += 1;
        }
        table[index] = PosSet::from_bits(bits);
        index += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::{Pos, PosSet};

    #[test]
    fn insert_remove_and_iterate() {
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
        assert_eq!(PosSet::from_bits(set.bits()), set);
        assert_eq!(set.first(), Some(Pos::new(3, 2)));
    }

    #[test]
    fn the_neighbour_table_matches_the_neighbours() {
        for pos in Pos::all() {
            let set = PosSet::around(pos);
            assert_eq!(set.len() as usize, pos.neighbours().count());
            for n in pos.neighbours() {
                assert!(set.contains(n));
            }
        }
        for pos in [Pos::new(14, 0), Pos::new(0, 6), Pos::from_bits(0xFF)] {
            assert!(PosSet::around(pos).is_empty());
        }
    }
}
