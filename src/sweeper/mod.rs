//! Poop Sweeper: a GNOME-Mines-flavoured Minesweeper in a desktop window.
//!
//! - `rules/`: the pure game (board, floodfill, chording, no-guess generator).
//! - `app.rs`: the app contract: which screen is up and what comes next.
//! - the screens, a file each, each `update` answering what comes next
//!   (`next.rs`): `play.rs` (the board), `generating.rs` (a no-guess first
//!   move's layout), `wipe.rs` (to a fresh board), `menu.rs`, `options.rs`,
//!   `sizes.rs` (the full-size fields), `custom.rs` (a custom field's
//!   size), `stats_page.rs`, `pad.rs` (a board
//!   code), `lesson.rs` (how to play), `field_play.rs` (a full-size field);
//!   below them `moves.rs` (what a move does), `held_a.rs` and
//!   `first_reveal.rs` (a field's first reveal, worked out ahead).
//! - `view.rs`: drawing the pocket board's window: 84 square sprites over a
//!   tilemap well, status bar; `field_view.rs`: a full-size field filling
//!   the screen, its squares copied onto the drawing plane.
//! - `core/`: the pure parts that are not rules, a crate of their own:
//!   `records.rs` (the save section) and `game.rs` (the game in progress,
//!   kept across power-off).
//! - `sounds.rs`: music and sound effects;
//!   `art.rs`: sprite sheets and their frame names; `stats_page.rs`: the
//!   statistics page; `messages.rs`: what the message line says that is
//!   known as the ROM is built.

mod app;
pub(crate) mod art;
#[cfg(feature = "bench")]
mod bench;
mod custom;
mod field_play;
mod field_view;
mod first_reveal;
mod generating;
mod held_a;
mod lesson;
mod menu;
mod messages;
mod moves;
mod next;
mod options;
mod pad;
mod play;
mod sizes;
mod sounds;
mod stats_page;
pub mod view;
mod wipe;

use sweeper_core::game;
pub use sweeper_core::records;
pub use sweeper_rules as rules;

/// The app (`app.rs` has its side of the contract).
pub struct Sweeper;

/// Steps of the no-guess search between looks at the clock: the player
/// waits on the thinking face, so the search fills each frame with them
/// (see `FrameFiller`).
const NO_GUESS_STEPS_PER_SLICE: u8 = 1;
