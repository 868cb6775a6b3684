//! How many mines a game has.

/// Difficulty setting, stored as one byte in the persistent board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Difficulty {
    #[default]
    Easy = 0,
    Medium = 1,
    Hard = 2,
}

impl Difficulty {
    /// In menu order.
    pub const ALL: [Self; 3] = [Self::Easy, Self::Medium, Self::Hard];

    /// Mines on the 14x6 board.
    #[must_use]
    pub const fn mines(self) -> u8 {
        match self {
            Self::Easy => 10,
            Self::Medium => 15,
            Self::Hard => 20,
        }
    }
}
