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

/// What the player reads (at most 40 characters).
impl core::fmt::Display for CodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let message = match self {
            Self::BadGroup { group } => return write!(f, "Group {} has a typo.", group + 1),
            Self::Empty => "Type the code first.",
            Self::NotADigit => "Only digits, please.",
            Self::TooLong => "Longer than any share code.",
            Self::IncompleteGroup { .. } => "The last group is missing digits.",
            Self::UnknownVersion => "Unknown code version: newer app?",
            Self::InvalidGroupCount => "Group 1 gives an impossible length.",
            Self::MissingGroups => "Some groups are missing.",
            Self::ExtraGroups => "More groups than the code says.",
            Self::ChecksumFailed => "Code check failed: look for a typo.",
            Self::DataTooShort => "The picture data ends too soon.",
            Self::DataTooLong => "Extra data after the picture.",
            Self::DataMismatch => "The picture data does not add up.",
            Self::EmptyPicture => "The picture has no filled cell.",
        };
        f.write_str(message)
    }
}
