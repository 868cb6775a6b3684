//! `crate::nonogram` of the ROM, with only its pure part.
#[path = "../../../../src/nonogram/glyphs.rs"]
pub mod glyphs;
#[path = "../../../../src/nonogram/layout.rs"]
pub mod layout;
#[path = "../../../../src/nonogram/records.rs"]
pub mod records;
#[path = "../../../../src/nonogram/rules/mod.rs"]
pub mod rules;
