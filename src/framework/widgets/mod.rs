//! Widgets shared by every app, one per module. The number pad's model,
//! the pager and the clocks are pure, in the framework's pure crate.

pub use desk_core::{numpad, pager, timer};

pub mod dialog;
pub mod font;
pub mod list;
// Apps use a pad through its holder, `pad_panel`, which owns the view.
mod numpad_view;
pub mod pad_panel;
pub mod prepared;
pub mod raster_area;
pub mod status_bar;
pub mod text;
pub mod window;
