//! `crate::sweeper` of the ROM, with only its pure part.
#[path = "../../../../src/sweeper/game.rs"]
pub mod game;
#[path = "../../../../src/sweeper/records.rs"]
pub mod records;
pub use sweeper_rules as rules;
