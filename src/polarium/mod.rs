//! Polarium: draw one stroke that flips every tile it crosses, until every
//! row is one colour.
//!
//! - `rules/`: the pure game (board, stroke, DS passwords, solver, puzzles).
//! - `app.rs`: the app contract: the screen in charge, the solver in the
//!   background, drawing. Screens, each owning its data and saying what
//!   comes next (`next.rs`): `play.rs` (drawing the stroke, tries, the rows
//!   clearing, records), `list.rs` (the puzzle list and its last page),
//!   `pad.rs` (typing a password or an endless code), `checking.rs` (the
//!   solver checking a typed puzzle), `size_choice.rs`, `editor.rs`
//!   (making puzzles), `endless.rs` (generated puzzles and their codes),
//!   `lesson.rs` (how to play, on boards of its own).
//! - `game.rs`: the game in progress (puzzle, stroke, hints, tries, time)
//!   and its kept form, converted there; `session.rs`: what the screens
//!   share: the game while the window is open, the puzzle it shows, and
//!   what survives while it is closed; `hints.rs`: hints in layers;
//!   `search.rs`: the solver spread over frames.
//! - `messages.rs`: what the panel says that is known as the ROM is built.
//! - `view.rs`: drawing: cells on the window layer, the stroke above them,
//!   the side panel, sprites.
//! - `challenge/`: Challenge, the action mode: its screen (menu, game,
//!   high scores) and its field's drawing; the rules are in `rules/`.
//! - `core/`: the pure parts that are not rules, a crate of their own:
//!   `records.rs` (the save section) and `layout.rs` (where the board goes
//!   and at what cell size).
//! - `sounds.rs`; `art.rs`: the graphics and where each piece is in them.

mod app;
mod art;
#[cfg(feature = "bench")]
mod bench;
mod challenge;
mod checking;
mod editor;
mod endless;
mod game;
mod hints;
mod lesson;
mod list;
mod messages;
mod next;
mod pad;
mod play;
mod search;
mod session;
mod size_choice;
mod sounds;
mod suspended;
mod view;

use polarium_core::layout;
pub use polarium_core::records;
pub use polarium_rules as rules;

/// The app (its side of the contract is in `app.rs`); named here, where
/// every screen can reach it for the save section.
pub struct Polarium;
