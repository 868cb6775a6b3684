//! Widgets shared by every app, one per module.

pub mod dialog;
pub mod font;
pub mod list;
pub mod numpad;
// Apps use a pad through its holder, `pad_panel`, which owns the view.
mod numpad_view;
pub mod pad_panel;
pub mod pager;
pub mod prepared;
pub mod raster_area;
pub mod status_bar;
pub mod text;
pub mod timer;
pub mod window;
