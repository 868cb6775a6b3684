//! `crate::polarium` of the ROM, with only its pure part.
#[path = "../../../../src/polarium/layout.rs"]
pub mod layout;
#[path = "../../../../src/polarium/records.rs"]
pub mod records;
pub use polarium_rules as rules;

#[cfg(test)]
mod make_puzzles;
