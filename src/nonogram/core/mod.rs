//! Picross's pure parts that are not rules, a crate of their own so
//! that the ROM and the host tests build the same files once each:
//! the save section's records (`records`), where the grid and its clues go
//! on the screen (`layout`), the clue digits' shapes (`glyphs`) and the
//! cells' pixels (`cell_art`).
//! No agb: the app re-exports these beside the code that draws and saves
//! with them.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

pub use nonogram_rules as rules;

pub mod cell_art;
pub mod glyphs;
pub mod layout;
pub mod records;
pub mod shelf;
