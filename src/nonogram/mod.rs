//! Nonogram (Picross): fill the cells the clue numbers describe until the
//! picture appears.
//!
//! - `rules/`: the pure game (lines and clues, the hint guide, the solver
//!   and uniqueness check, the generator, share codes, the built-in
//!   pictures, painting and undo).
//! - `app.rs`: the app contract: painting on the D-pad, the clock, records;
//!   `menu.rs`: the ring of pages on SELECT (puzzles, the player's own,
//!   extras, options); `editor.rs`: drawing, checking and sharing a puzzle;
//!   `extras.rs`: random puzzles and share codes.
//! - `layout.rs`: where a board and its clues go on the screen (pure);
//!   `view.rs`: drawing them on `raster.rs`, a layer drawn pixel by pixel,
//!   in `glyphs.rs`' small digits; `art.rs`: the icon and the colours;
//!   `records.rs`: the save section.

mod app;
mod art;
#[cfg(feature = "bench")]
mod bench;
mod editor;
mod extras;
mod glyphs;
mod layout;
mod menu;
mod raster;
pub mod records;
pub use nonogram_rules as rules;
mod view;

pub use app::Nonogram;
pub(crate) use editor::CODE_CELLS_PER_SLICE;
