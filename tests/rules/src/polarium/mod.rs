//! `crate::polarium` of the ROM, with only its pure part.
pub use polarium_core::{layout, records};
pub use polarium_rules as rules;

#[cfg(test)]
mod candidates;
#[cfg(test)]
mod make_puzzles;
#[cfg(test)]
mod show_builtins;
