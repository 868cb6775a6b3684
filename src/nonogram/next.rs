//! What a screen's `update` asks for: to stay, or where to go next. The
//! screens say where; the app makes the screen that goes there.

use alloc::boxed::Box;

use super::{
    puzzle::Source,
    rules::{Grid, share_code::Decoding},
};

pub enum Next {
    /// The same screen next frame.
    Stay,
    /// Back to the puzzle as it was (playing, or solved).
    Game,
    /// The puzzle list, at the puzzle being played.
    List,
    /// Page `number` of SELECT's ring, with `slot` (or its first row) chosen.
    Page { number: usize, slot: usize },
    /// A filled slot of the player's: play it or edit it.
    Slot(usize),
    /// The editor, on the player's slot.
    Edit(usize),
    /// How to play, from its start.
    Lesson,
    /// Back to the puzzle from the lesson, done or `skipped` (the puzzle's
    /// line then says where the lesson is found again).
    LessonOver { skipped: bool },
    /// The extras page, with this row chosen.
    Extras(usize),
    /// Make a random puzzle of this size.
    Generate((usize, usize)),
    /// Type a share code.
    CodePad,
    /// Read the share code typed.
    ReadCode(Box<Decoding>),
    /// Play a puzzle from a blank board (`picture`, for a random or shared
    /// puzzle, goes into the save section first).
    Start {
        source: Source,
        picture: Option<Grid>,
    },
}
