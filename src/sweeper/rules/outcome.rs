//! What a move did, so the UI can pick a sound and animation.

/// Result of one player move on the [`Board`](super::Board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Nothing changed: off-board position, flagged square, finished game...
    Ignored,
    /// The first reveal of a no-guess game: run a
    /// [`NoGuessGenerator`](super::NoGuessGenerator) for this square and pass
    /// its layout to [`Board::start_with_layout`](super::Board::start_with_layout).
    NeedsLayout,
    /// `count` squares were uncovered (more than one after a floodfill).
    Revealed {
        count: u16,
    },
    Flagged,
    Unflagged,
    /// A flag became a "?" (with question marks on).
    Questioned,
    /// A "?" came off.
    Unquestioned,
    /// A chord uncovered `count` squares safely.
    Chorded {
        count: u16,
    },
    /// Chord attempted but the flag count does not match the number.
    ChordRefused,
    /// A mine went off.
    Lost,
    /// The move uncovered the last safe square.
    Won,
}
