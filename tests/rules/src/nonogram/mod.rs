//! `crate::nonogram` of the ROM, with only its pure part.
#[path = "../../../../src/nonogram/rules/mod.rs"]
pub mod rules;
