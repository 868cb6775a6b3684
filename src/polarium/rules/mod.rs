//! Pure rules of Polarium: boards, strokes, DS passwords, the solver, the
//! puzzle generator with its endless-mode codes, difficulty tiers and the
//! built-in puzzles.
//!
//! No graphics, no allocation: only `core` and `heapless`. Host tests are
//! `#[cfg(all(test, not(target_arch = "arm")))]` (run by `tests/rules`).

pub mod board;
pub mod builtin;
#[cfg(any(test, feature = "bench"))]
pub mod designer;
pub mod difficulty;
pub mod endless;
pub mod generator;
pub mod password;
pub mod solver;
pub mod stroke;

pub use board::{Board, Cell, Puzzle};
pub use stroke::Stroke;

#[cfg(all(test, target_arch = "arm"))]
mod rom_tests;
