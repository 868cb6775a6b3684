//! What a screen's `update` says comes next. Screens do not know one
//! another: they say what the player asked for, and the app puts up the
//! screen for it (`app.rs`, `go`), handing on what the old screen owned (a
//! menu's text goes to the page in its place).

use super::rules::{
    Pos,
    code::BoardCode,
    field::{Size, code::FieldCode},
};

/// The answer of a screen's `update`.
pub enum Next {
    /// The same screen (it may have moved on within itself).
    Stay,
    /// The game takes input: a menu or the lesson closed, a layout found,
    /// a wipe done (the full-size field, if one is in play, else the
    /// pocket board).
    Play,
    /// A new full-size field of this size, filling the window.
    Field(Size),
    /// The field a typed code names, opened at its first square if it
    /// has one.
    FieldCode(FieldCode),
    /// Search a no-guess layout whose first reveal is this square.
    Generate(Pos),
    /// Cover the board and deal a fresh one: the board this code names, or
    /// one at random with the player's no-guess setting.
    Wipe(Option<BoardCode>),
    /// The difficulty menu: from the board, or back from a page in its
    /// place or the pad over it.
    Menu,
    /// The options page, in the menu's place (or back to it from the pad).
    Options,
    /// The full-size fields' page, in the menu's place (or back to it
    /// from the custom page).
    Sizes,
    /// The custom field's page, in the full-size page's place.
    Custom,
    /// The statistics page, in the menu's place.
    Stats,
    /// The number pad for a board code, over the options page.
    Pad,
    /// How to play, from its start.
    Lesson,
}
