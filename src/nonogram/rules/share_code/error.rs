//! Why a typed share code was refused, with a line for the player.

/// Every way a share code can be wrong, roughly in the order they are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CodeError {
    /// Nothing typed.
    Empty,
    /// A value that is not a digit 0-9.
    NotADigit,
    /// More digits than the longest share code has.
    TooLong,
    /// The last group has fewer digits than a group.
    IncompleteGroup { group: usize },
    /// This group (0-based) fails its check digit: a typo in it, or a group
    /// typed in the wrong place.
    BadGroup { group: usize },
    /// The code starts with a version this app does not know.
    UnknownVersion,
    /// The first group's group count is below the least or above the most a
    /// code can have.
    InvalidGroupCount,
    /// Fewer groups typed than the first group says.
    MissingGroups,
    /// More groups typed than the first group says.
    ExtraGroups,
    /// The whole-code check fails: typos the group checks cannot see.
    ChecksumFailed,
    /// The picture needs more data than the code holds.
    DataTooShort,
    /// Data left over after the picture.
    DataTooLong,
    /// The right length, but not the way the picture is written.
    DataMismatch,
    /// The picture has no filled cell: no puzzle.
    EmptyPicture,
}

/// "Group N has a typo." for each group a code can have, 1-based for the
/// player. A slice, not an array of `MAX_GROUPS`, so that this file needs
/// nothing from the format's: `share_code.rs` checks there is one per group.
pub(super) const BAD_GROUP: &[&str] = &[
    "Group 1 has a typo.",
    "Group 2 has a typo.",
    "Group 3 has a typo.",
    "Group 4 has a typo.",
    "Group 5 has a typo.",
    "Group 6 has a typo.",
    "Group 7 has a typo.",
    "Group 8 has a typo.",
    "Group 9 has a typo.",
    "Group 10 has a typo.",
    "Group 11 has a typo.",
    "Group 12 has a typo.",
    "Group 13 has a typo.",
    "Group 14 has a typo.",
    "Group 15 has a typo.",
    "Group 16 has a typo.",
    "Group 17 has a typo.",
    "Group 18 has a typo.",
    "Group 19 has a typo.",
    "Group 20 has a typo.",
    "Group 21 has a typo.",
    "Group 22 has a typo.",
    "Group 23 has a typo.",
    "Group 24 has a typo.",
    "Group 25 has a typo.",
];

impl CodeError {
    /// What the player reads (at most 40 characters).
    #[must_use]
    pub fn message(self) -> &'static str {
        match self {
            Self::Empty => "Type the code first.",
            Self::NotADigit => "Only digits, please.",
            Self::TooLong => "Longer than any share code.",
            Self::IncompleteGroup { .. } => "The last group is missing digits.",
            Self::BadGroup { group } => BAD_GROUP
                .get(group)
                .copied()
                .unwrap_or("A group has a typo."),
            Self::UnknownVersion => "Unknown code version: newer app?",
            Self::InvalidGroupCount => "Group 1 gives an impossible length.",
            Self::MissingGroups => "Some groups are missing.",
            Self::ExtraGroups => "More groups than the code says.",
            Self::ChecksumFailed => "Code check failed: look for a typo.",
            Self::DataTooShort => "The picture data ends too soon.",
            Self::DataTooLong => "Extra data after the picture.",
            Self::DataMismatch => "The picture data does not add up.",
            Self::EmptyPicture => "The picture has no filled cell.",
        }
    }
}
