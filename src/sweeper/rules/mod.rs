//! Pure rules of Poop Sweeper, a GNOME-Mines-flavoured Minesweeper.
//!
//! No graphics, no allocation: only `core`, `heapless` and `bitflags`, so the
//! rules run (and are tested) anywhere. The UI drives a [`Board`] with
//! [`Board::act`] / [`Board::toggle_flag`] and draws its [`Square`]s.
//!
//! A crate of its own (`sweeper-rules`, re-exported by the app as
//! `sweeper::rules`), so Cargo itself keeps agb out. Its tests run on the
//! host, fast and under Miri; `board/rom_tests.rs` holds the bodies the ROM's
//! test build runs on the GBA itself, the ARM and IWRAM code (feature `testing`).
#![cfg_attr(not(test), no_std)]

#[cfg(test)]
extern crate alloc;

mod board;
#[cfg(test)]
mod check;
pub mod clock;
pub mod code;
mod difficulty;
pub mod field;
mod game_state;
mod layout;
pub mod lesson;
mod moves;
mod no_guess;
mod outcome;
mod pos;
mod pos_set;
mod solver;
mod square;
pub mod typed_code;

#[cfg(all(feature = "testing", target_arch = "arm"))]
pub use board::rom_tests;
pub use board::{Board, snapshot::SNAPSHOT_BYTES};
pub use difficulty::Difficulty;
pub use game_state::GameState;
#[cfg(any(test, feature = "bench", feature = "testing"))]
pub use layout::Layout;
pub use no_guess::NoGuessGenerator;
#[cfg(any(test, feature = "bench", feature = "testing"))]
pub use no_guess::generate_blocking;
pub use outcome::Outcome;
pub use pos::Pos;
pub use pos_set::PosSet;
#[cfg(any(test, feature = "testing"))]
pub use solver::solves;
pub use square::Square;
#[cfg(any(test, feature = "testing"))]
pub use square::SquareFlags;

/// Board width in squares.
pub const WIDTH: u8 = 14;
/// Board height in squares.
pub const HEIGHT: u8 = 6;
/// Squares on the board.
pub const SQUARE_COUNT: usize = WIDTH as usize * HEIGHT as usize;
