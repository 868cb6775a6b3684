//! Widgets shared by every app, one per module.

pub mod dialog;
pub mod list;
pub mod numpad;
pub mod numpad_view;
pub mod pad_panel;
pub mod status_bar;
pub mod text;
pub mod timer;
pub mod window;
