//! `crate::sweeper` of the ROM, with only its pure part.
pub use sweeper_core::{game, records};
pub use sweeper_rules as rules;
