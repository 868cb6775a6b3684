//! `crate::framework` of the ROM, with only its pure part.
pub mod save;
pub mod widgets;
