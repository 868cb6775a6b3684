//! Poop Sweeper: a GNOME-Mines-flavoured Minesweeper in a desktop window.
//!
//! - `rules/`: the pure game (board, floodfill, chording, no-guess generator).
//! - `app.rs`: the app contract: input, timer, records, sounds.
//! - `view.rs`: drawing: 84 square sprites over a tilemap well, status bar.

mod app;
pub mod records;
pub mod rules;
pub mod view;

pub use app::{NO_GUESS_STEPS_PER_FRAME, Sweeper};
