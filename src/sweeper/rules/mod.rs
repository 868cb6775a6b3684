//! Pure rules of Poop Sweeper, a GNOME-Mines-flavoured Minesweeper.
//!
//! No graphics, no allocation: only `core`, `heapless` and `bitflags`, so the
//! rules run (and are tested) anywhere. The UI drives a [`Board`] with
//! [`Board::act`] / [`Board::toggle_flag`] and draws its [`Square`]s.
//!
//! Tests: `#[cfg(all(test, not(target_arch = "arm")))]` marks host tests
//! (`tests/rules` builds these files for the host, where they run fast, with
//! proptest and under Miri); the ROM's test build leaves them out and runs only
//! `board/rom_tests.rs`, the ARM and IWRAM code on the GBA itself.

mod board;
#[cfg(all(test, not(target_arch = "arm")))]
mod check;
pub mod code;
mod difficulty;
mod game_state;
mod layout;
mod no_guess;
mod outcome;
mod pos;
mod pos_set;
mod solver;
mod square;

pub use board::Board;
#[cfg(test)]
pub use board::MAX_SECONDS;
pub use difficulty::Difficulty;
pub use game_state::GameState;
#[cfg(any(test, feature = "bench"))]
pub use layout::Layout;
pub use no_guess::NoGuessGenerator;
#[cfg(any(test, feature = "bench"))]
pub use no_guess::generate_blocking;
pub use outcome::Outcome;
pub use pos::Pos;
pub use pos_set::PosSet;
#[cfg(test)]
pub use solver::solves;
pub use square::Square;
#[cfg(test)]
pub use square::SquareFlags;

/// Board width in squares.
pub const WIDTH: u8 = 14;
/// Board height in squares.
pub const HEIGHT: u8 = 6;
/// Squares on the board.
pub const SQUARE_COUNT: usize = WIDTH as usize * HEIGHT as usize;
