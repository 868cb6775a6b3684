//! Polarium's pure parts that are not rules, a crate of their own so
//! that the ROM and the host tests build the same files once each:
//! the save section's records (`records`) and where the board goes on the
//! screen and at what cell size (`layout`).
//! No agb: the app re-exports these beside the code that draws and saves
//! with them.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

pub use polarium_rules as rules;

pub mod layout;
pub mod records;
