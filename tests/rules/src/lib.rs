//! The apps' pure files that are not rules (their records and kept games,
//! the nonogram's layout, digits and cell art, Polarium's layout), built
//! for the host so plain `cargo test` can run their tests, and the tests
//! that span crates (the differential test, property tests, the save fuzz,
//! Polarium's puzzle maker).
//!
//! These files live in the apps' folders, next to the agb code that uses
//! them, so they are included by path into the same module tree as in the
//! ROM (`crate::sweeper::records`, ...), with the rules crates, the shared
//! crate and the framework's pure crate re-exported where the ROM has them:
//! their `crate::` and `super::rules::` paths resolve unchanged. (The
//! framework's pure parts are a crate of their own, `desk-core`, tested
//! there.) `no_std` outside tests: like in the ROM, they may use only
//! `core`, `alloc`, `heapless`, the rules crates, and for the save sections
//! `serde` and `postcard`.
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
