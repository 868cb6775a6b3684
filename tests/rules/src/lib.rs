//! The tests that span crates: the differential test, property tests, the
//! save fuzz, Polarium's puzzle maker.
//!
//! The pure crates they test (the rules, each app's `core`, the framework's
//! `desk-core`, `shared`) are re-exported here where the ROM has them
//! (`crate::sweeper::records`, `crate::framework::save`, ...), so a test
//! names a thing as the ROM's code does. Each crate's own unit tests live in
//! that crate.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

pub use shared::{damm, fnv, random};

pub mod framework;
pub mod nonogram;
pub mod polarium;
pub mod sweeper;

#[cfg(test)]
mod differential;
#[cfg(test)]
mod properties;
#[cfg(test)]
mod save_fuzz;
