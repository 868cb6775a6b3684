//! Nonogram (Picross): fill the cells the clue numbers describe until the
//! picture appears.
//!
//! - `rules/`: the pure game (lines and clues, the hint guide, the solver
//!   and uniqueness check, the generator, share codes, the built-in
//!   pictures, painting and undo).
//! - `app.rs`: the app contract and the way between the screens, each of
//!   which owns its data and says what comes next (`next.rs`): `play.rs`
//!   (the board), `menu.rs` (the puzzle lists, the player's slots, the
//!   options), `extras.rs` (random puzzles, share codes), `stats_page.rs`
//!   (the statistics), `editor.rs`
//!   (drawing, checking and sharing a puzzle), `lesson.rs` (how to play,
//!   on a picture of its own).
//! - What the screens share, handed down to them: `puzzle.rs` (the puzzle
//!   being played, the save section), `pages.rs` (SELECT's ring of pages).
//! - `view.rs`: drawing on `raster.rs`, a layer drawn pixel by pixel;
//!   `art.rs`: the icon and the colours; `suspended.rs`: the game in
//!   progress.
//! - `core/`: the pure parts that are not rules, a crate of their own:
//!   `layout.rs` (where a board and its clues go on the screen),
//!   `glyphs.rs` (small digits), `cell_art.rs` (the cells' pixels),
//!   `records.rs` (the save section), `shelf.rs` (puzzles left
//!   unfinished, in a section of their own).

mod app;
mod art;
#[cfg(feature = "bench")]
mod bench;
mod editor;
mod extras;
mod lesson;
mod menu;
mod next;
mod pages;
mod play;
mod puzzle;
mod raster;
mod raster_text;
mod stats_page;
mod suspended;
mod view;

use nonogram_core::cell_art;
use nonogram_core::glyphs;
use nonogram_core::layout;
pub use nonogram_core::records;
use nonogram_core::shelf;
pub use nonogram_rules as rules;

/// The app (`app.rs` has its side of the contract).
pub struct Nonogram;

/// Cells of a share code written (the editor) or read (the extras) between
/// looks at the clock: the player waits, so slices fill the frame (see
/// `FrameFiller`, and `nonogram.share.encode.slice` in `just bench` for a
/// slice's cost).
const CODE_CELLS_PER_SLICE: usize = 80;
