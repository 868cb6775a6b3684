//! Pure rules of Polarium: boards, strokes, DS passwords, the solver, the
//! puzzle generator with its endless-mode codes, difficulty tiers, the
//! built-in puzzles, and Challenge, the falling-rows mode.
//!
//! No graphics, no allocation: only `core` and `heapless`. A crate of its
//! own (`polarium-rules`, re-exported by the app as `polarium::rules`), so
//! Cargo itself keeps agb out; its tests run on the host, and `rom_tests.rs`
//! holds the bodies the ROM's test build runs on the GBA (feature `testing`).
#![cfg_attr(not(test), no_std)]

#[cfg(any(test, all(feature = "testing", target_arch = "arm")))]
extern crate alloc;

pub mod board;
pub mod builtin;
pub mod challenge;
#[cfg(any(test, feature = "bench"))]
pub mod designer;
pub mod difficulty;
pub mod endless;
pub mod generator;
pub mod lesson;
pub mod password;
#[cfg(any(test, feature = "testing"))]
pub mod rating;
pub mod solver;
pub mod stroke;

pub use board::{Board, Cell, Puzzle};
pub use stroke::Stroke;

#[cfg(all(feature = "testing", target_arch = "arm"))]
pub mod rom_tests;
