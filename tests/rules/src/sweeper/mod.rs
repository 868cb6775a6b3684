//! `crate::sweeper` of the ROM, with only its pure part.
#[path = "../../../../src/sweeper/records.rs"]
pub mod records;
#[path = "../../../../src/sweeper/rules/mod.rs"]
pub mod rules;
