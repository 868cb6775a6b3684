//! One board square in one byte.

use bitflags::bitflags;

bitflags! {
    /// The state bits of a square (low nibble of [`Square`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct SquareFlags: u8 {
        /// There is a mine here.
        const MINE = 1 << 0;
        /// The player has uncovered this square.
        const REVEALED = 1 << 1;
        /// The player has put a flag here.
        const FLAGGED = 1 << 2;
        /// This mine killed the player (drawn red). While the game goes on,
        /// on a covered unflagged square: the player's "?" (the byte has no
        /// other bit to spare, and the two never meet: a lost game keeps
        /// only the mine that went off).
        const DETONATED = 1 << 3;
    }
}

/// One square: [`SquareFlags`] in the low nibble, the count of neighbouring
/// mines (0..=8) in the high nibble. Everything the renderer needs to draw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Square(pub(super) u8);

const FLAG_BITS: u8 = 0x0F;
const COUNT_SHIFT: u32 = 4;

impl Square {
    /// A covered, unflagged, mine-free square with no mine neighbours.
    pub const EMPTY: Self = Self(0);

    /// The square a byte holds (a table of every square's look is made
    /// from every byte).
    #[must_use]
    pub const fn from_bits(bits: u8) -> Self {
        Self(bits)
    }

    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    #[must_use]
    pub const fn flags(self) -> SquareFlags {
        SquareFlags::from_bits_truncate(self.0 & FLAG_BITS)
    }

    #[must_use]
    pub const fn is_mine(self) -> bool {
        self.flags().contains(SquareFlags::MINE)
    }

    #[must_use]
    pub const fn is_revealed(self) -> bool {
        self.flags().contains(SquareFlags::REVEALED)
    }

    #[must_use]
    pub const fn is_flagged(self) -> bool {
        self.flags().contains(SquareFlags::FLAGGED)
    }

    #[must_use]
    pub const fn is_detonated(self) -> bool {
        self.flags().contains(SquareFlags::DETONATED)
    }

    /// Covered, unflagged and marked "?" (while the game goes on: see
    /// [`SquareFlags::DETONATED`]).
    #[must_use]
    pub const fn is_questioned(self) -> bool {
        self.is_detonated() && !self.is_revealed() && !self.is_flagged()
    }

    #[cfg(test)]
    /// A flag on a square without a mine (drawn crossed out after a loss).
    #[must_use]
    pub const fn is_wrong_flag(self) -> bool {
        self.is_flagged() && !self.is_mine()
    }

    /// How many of the eight neighbours hold mines.
    #[must_use]
    pub const fn neighbours(self) -> u8 {
        self.0 >> COUNT_SHIFT
    }

    /// Revealed and showing a number (1..=8): the squares chording works on.
    #[must_use]
    pub const fn is_revealed_number(self) -> bool {
        self.is_revealed() && !self.is_mine() && self.neighbours() > 0
    }

    /// Sets or clears `flags`, leaving the count alone.
    pub fn set(&mut self, flags: SquareFlags, value: bool) {
        if value {
            self.0 |= flags.bits();
        } else {
            self.0 &= !flags.bits();
        }
    }

    /// Stores the neighbour-mine count (clamped to 15, the nibble's maximum).
    #[cfg(test)]
    pub fn set_neighbours(&mut self, count: u8) {
        let count = if count > 15 { 15 } else { count };
        self.0 = (self.0 & FLAG_BITS) | (count << COUNT_SHIFT);
    }
}

const _: () = assert!(core::mem::size_of::<Square>() == 1);

#[cfg(test)]
mod tests {
    use super::{Square, SquareFlags};

    #[test]
    fn flags_and_count_share_one_byte_independently() {
        let mut square = Square::EMPTY;
        square.set_neighbours(8);
        square.set(SquareFlags::MINE | SquareFlags::FLAGGED, true);
        assert_eq!(square.neighbours(), 8);
        assert!(square.is_mine() && square.is_flagged() && !square.is_revealed());
        square.set(SquareFlags::FLAGGED, false);
        assert!(!square.is_flagged() && square.is_mine());
        assert_eq!(square.neighbours(), 8);
        square.set_neighbours(3);
        assert!(square.is_mine());
        assert_eq!(square.bits(), 0x31);
        assert_eq!(Square::from_bits(0x31), square);
    }

    #[test]
    fn wrong_flag_and_number() {
        let mut square = Square::EMPTY;
        square.set(SquareFlags::FLAGGED, true);
        assert!(square.is_wrong_flag());
        square.set(SquareFlags::FLAGGED, false);
        square.set(SquareFlags::REVEALED, true);
        assert!(!square.is_revealed_number());
        square.set_neighbours(2);
        assert!(square.is_revealed_number());
    }
}
