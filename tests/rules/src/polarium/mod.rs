//! `crate::polarium` of the ROM, with only its pure part.
#[path = "../../../../src/polarium/records.rs"]
pub mod records;
#[path = "../../../../src/polarium/rules/mod.rs"]
pub mod rules;

#[cfg(test)]
mod make_puzzles;
