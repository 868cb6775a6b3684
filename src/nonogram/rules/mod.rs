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
//! A crate of its own (`nonogram-rules`, re-exported by the app as
//! `nonogram::rules`), so Cargo itself keeps agb out. Its tests run on the
//! host, with `std`; they check the fast code against the brute-force
//! references in `oracle.rs`.
#![cfg_attr(not(test), no_std)]

#[cfg(test)]
extern crate alloc;

pub mod builtin;
mod clues;
pub mod colour_art;
mod generator;
mod grid;
mod hint_guide;
pub mod lesson;
mod line;
mod line_solver;
#[cfg(test)]
mod oracle;
mod placements;
pub mod play;
mod puzzle;
pub mod share_code;
mod solver;

#[cfg(any(test, feature = "testing"))]
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
