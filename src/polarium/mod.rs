//! Polarium: draw one stroke that flips every tile it crosses, until every
//! row is one colour.
//!
//! - `rules/`: the pure game (board, stroke, DS passwords, solver, puzzles).
//! - `app.rs`: the app contract: drawing the stroke on the D-pad, tries,
//!   records; `hints.rs`: hints in layers; `menu.rs`: the puzzle list and
//!   passwords; `editor.rs`: making puzzles; `endless.rs`: generated
//!   puzzles and their codes; `size_choice.rs`: choosing a size for either;
//!   `search.rs`: the solver spread over frames.
//! - `view.rs`: drawing: cells on the window layer, the stroke above them,
//!   the side panel, sprites.
//! - `records.rs`: the save section; `sounds.rs`; `art.rs`: the graphics and
//!   where each piece is in them.

mod app;
mod art;
#[cfg(feature = "bench")]
mod bench;
mod editor;
mod endless;
mod hints;
mod menu;
pub mod records;
pub use polarium_rules as rules;
mod search;
mod size_choice;
mod sounds;
mod view;

pub use app::Polarium;
