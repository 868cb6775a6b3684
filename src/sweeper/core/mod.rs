//! Poop Sweeper's pure parts that are not rules, a crate of their own so
//! that the ROM and the host tests build the same files once each:
//! the save section's records (`records`) and the game kept while the
//! window is closed (`game`).
//! No agb: the app re-exports these beside the code that draws and saves
//! with them.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

pub use sweeper_rules as rules;

pub mod field_records;
pub mod game;
mod rate;
pub mod records;
