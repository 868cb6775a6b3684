//! What a screen's `update` says comes next. Screens do not know one
//! another: they say what the player asked for, and the app puts up the
//! screen for it.

use core::fmt;

use super::{
    rules::{
        endless::{self, EndlessCode},
        password::PasswordError,
    },
    search::Search,
};

/// The answer of a screen's `update`.
pub enum Next {
    /// The same screen (it may have moved on within itself).
    Stay,
    /// Back to the puzzle being played, as it was.
    Resume,
    /// Play the session's puzzle from the start (just started).
    Play,
    /// The session's stroke replayed (a hint's, found by the solver).
    Replay,
    /// The puzzle list, on the puzzle being played.
    List,
    /// The list's last page, on the row of what the player came back from.
    BackToList(Offer),
    /// The number pad, typing for this.
    Pad(PadFor),
    /// The solver checks the typed puzzle just started, then play starts.
    Check(Search),
    /// Choosing a size, starting from this one.
    ChooseSize(SizeFor, (u8, u8)),
    /// The editor, painting the board the session holds.
    Edit,
    /// Making the endless puzzle this code names.
    Make(EndlessCode),
    /// Challenge's menu.
    Challenge,
    /// How to play, from its start.
    Lesson,
}

/// The rows of the list's last page that lead to another screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Offer {
    TypePassword,
    MakePuzzle,
    Endless,
    EndlessCode,
    Challenge,
}

/// What the number pad is typing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PadFor {
    /// A Polarium DS password (30 digits).
    Password,
    /// An endless puzzle's code (8 digits).
    EndlessCode,
}

impl PadFor {
    /// Its events' name.
    pub const fn owner(self) -> &'static str {
        match self {
            Self::Password => "polarium.pad",
            Self::EndlessCode => "polarium.endless",
        }
    }

    /// The list's row that opens it.
    pub const fn offer(self) -> Offer {
        match self {
            Self::Password => Offer::TypePassword,
            Self::EndlessCode => Offer::EndlessCode,
        }
    }
}

/// What the size is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SizeFor {
    Editing,
    Endless,
}

impl SizeFor {
    /// The narrowest side it allows: a 1-wide board's rows are one tile,
    /// so one colour, which the editor refuses; the generator needs 3.
    pub const fn smallest(self) -> (u8, u8) {
        match self {
            Self::Editing => (2, 1),
            Self::Endless => (3, 3),
        }
    }

    /// The size offered first (endless mode offers the last endless
    /// puzzle's size once there is one).
    pub const fn first(self) -> (u8, u8) {
        match self {
            Self::Editing => (5, 5),
            Self::Endless => (6, 6),
        }
    }

    /// The list's row that leads here.
    pub const fn offer(self) -> Offer {
        match self {
            Self::Editing => Offer::MakePuzzle,
            Self::Endless => Offer::Endless,
        }
    }
}

/// Why the pad refused what was typed: the rules' own errors, whose
/// `Display` is the line the player reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    Password(PasswordError),
    EndlessCode(endless::CodeError),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Password(error) => error.fmt(f),
            Self::EndlessCode(error) => error.fmt(f),
        }
    }
}
