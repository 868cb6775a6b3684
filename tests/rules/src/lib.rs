//! The ROM's pure modules, built for the host so plain `cargo test` (and
//! Miri) can run their tests. The modules are the ROM's own files, included
//! by path into the same module tree (`crate::random`,
//! `crate::sweeper::rules`, ...), so their `crate::` paths resolve unchanged.
//! `no_std` outside tests: like in the ROM, they may use only `core`,
//! `alloc`, `heapless` and `bitflags`, and the save sections `serde` and
//! `postcard`.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

#[path = "../../../src/damm.rs"]
pub mod damm;
#[path = "../../../src/fnv.rs"]
pub mod fnv;
#[path = "../../../src/random.rs"]
pub mod random;

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
