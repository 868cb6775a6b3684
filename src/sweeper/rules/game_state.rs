//! Where a game is in its life.

/// Phase of the current game, one byte in the persistent board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum GameState {
    /// No mines yet: they are placed on the first reveal, away from it.
    #[default]
    Fresh = 0,
    /// Mines placed, the clock runs.
    Playing = 1,
    /// A mine went off; the renderer shows every mine and the wrong flags.
    Dead = 2,
    /// Every safe square is revealed; the mines are flagged.
    Won = 3,
}

impl GameState {
    /// Every state, in the order of their values.
    pub const ALL: [Self; 4] = [Self::Fresh, Self::Playing, Self::Dead, Self::Won];

    /// Whether the game has ended (nothing but a reset changes the board).
    #[must_use]
    pub const fn is_over(self) -> bool {
        matches!(self, Self::Dead | Self::Won)
    }
}
