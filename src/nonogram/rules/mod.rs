//! Pure rules of the nonogram (Picross) app: lines and their clues, the hint
//! guide that greys clue numbers, a solver that decides whether a puzzle has
//! exactly one solution, a generator of random puzzles, share codes that
//! name a picture in digits, and the built-in pictures.
//!
//! No graphics, no allocation, no floats: only `core`, `heapless` and
//! `bitflags`. Lines are bit masks (cell `i` = bit `i`), boards at most
//! [`MAX_WIDTH`] x [`MAX_HEIGHT`]; long computations run in steps with a work
//! budget so the app can spread them over frames.
//!
//! Tests: `#[cfg(all(test, not(target_arch = "arm")))]` marks host tests
//! (`tests/rules` builds these files for the host, with `std`); they check the
//! fast code against the brute-force references in `oracle.rs`.

pub mod builtin;
mod clues;
mod generator;
mod grid;
mod hint_guide;
mod line;
mod line_solver;
#[cfg(all(test, not(target_arch = "arm")))]
mod oracle;
mod placements;
pub mod play;
mod puzzle;
pub mod share_code;
mod solver;

#[cfg(test)]
pub use clues::Clues;
pub use generator::Generator;
pub use grid::Grid;
pub use hint_guide::{Greying, grey};
pub use puzzle::PuzzleClues;
pub use share_code::CodeError;
#[cfg(any(test, feature = "bench"))]
pub use share_code::ShareCode;
pub use solver::{UniquenessCheck, Verdict};

/// Widest board, in cells.
pub const MAX_WIDTH: usize = 20;
/// Tallest board, in cells.
pub const MAX_HEIGHT: usize = 15;
