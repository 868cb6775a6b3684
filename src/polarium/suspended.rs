//! Polarium's game in progress, kept across power-off in a section of its
//! own: the puzzle (a built-in, a password, an endless code, or the board
//! being painted in the editor), the stroke on it, the hints given, the
//! cursor, the tries and the clock.

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::rules::{Cell, board::MAX_RING, endless::EndlessCode, stroke::PackedStroke};
use super::session::{Hint, Persistent, Source};
use crate::framework::save::{Saved, Suspended};

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct SuspendedPuzzle {
    kept: Option<Kept>,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
struct Kept {
    source: KeptSource,
    cursor: (u8, u8),
    tries: u8,
    seconds: u16,
    solved: bool,
    editing: bool,
    /// `PackedStroke::to_bytes`.
    stroke: Vec<u8>,
    /// 0 none, 1 the ends, 2 the first steps, 3 the replay.
    hint: u8,
}

/// `session::Source` as it is written.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
enum KeptSource {
    Builtin(u16),
    Password([u32; 3]),
    Made([u32; 3]),
    Endless {
        width: u8,
        height: u8,
        seed: u32,
        lines: [u32; 3],
    },
}

impl Saved for SuspendedPuzzle {
    const VERSION: u8 = 1;
}

impl Suspended for SuspendedPuzzle {
    const OWNER: &'static str = "polarium.game";
}

impl SuspendedPuzzle {
    /// `persistent`'s puzzle with `source` (the editor's board while it is
    /// up), `stroke` and `hint` as the session has them now.
    pub fn of(
        persistent: &Persistent,
        (source, editing): (Source, bool),
        stroke: PackedStroke,
        hint: Hint,
    ) -> Self {
        let source = match source {
            Source::Builtin(index) => KeptSource::Builtin(index),
            Source::Password(lines) => KeptSource::Password(lines),
            Source::Made(lines) => KeptSource::Made(lines),
            Source::Endless { code, lines } => KeptSource::Endless {
                width: code.width,
                height: code.height,
                seed: code.seed,
                lines,
            },
        };
        Self {
            kept: Some(Kept {
                source,
                cursor: (persistent.cursor.y, persistent.cursor.x),
                tries: persistent.tries,
                seconds: persistent.seconds,
                solved: persistent.solved,
                editing,
                stroke: stroke.to_bytes().to_vec(),
                hint: match hint {
                    Hint::None => 0,
                    Hint::Ends => 1,
                    Hint::FirstSteps => 2,
                    Hint::Replay => 3,
                },
            }),
        }
    }

    /// Put the kept puzzle into `persistent`; false (and nothing changed)
    /// when none was kept or it cannot be one (an endless code out of
    /// range, a cursor off the puzzle's ring, a stroke of another length).
    /// A puzzle whose lines no longer make one falls back to the first
    /// built-in, and a stroke is kept only as far as it is one on its
    /// board, as when the window opens.
    pub fn restore(&self, persistent: &mut Persistent) -> bool {
        let Some(kept) = &self.kept else {
            return false;
        };
        let source = match kept.source {
            KeptSource::Builtin(index) => Source::Builtin(index),
            KeptSource::Password(lines) => Source::Password(lines),
            KeptSource::Made(lines) => Source::Made(lines),
            KeptSource::Endless {
                width,
                height,
                seed,
                lines,
            } => match EndlessCode::new(width, height, seed) {
                Some(code) => Source::Endless { code, lines },
                None => return false,
            },
        };
        let Some(stroke) = PackedStroke::from_bytes(&kept.stroke) else {
            return false;
        };
        let hint = match kept.hint {
            0 => Hint::None,
            1 => Hint::Ends,
            2 => Hint::FirstSteps,
            3 => Hint::Replay,
            _ => return false,
        };
        let board = source.puzzle().board;
        let (y, x) = kept.cursor;
        if y >= board.ring_height() || x >= board.ring_width() || y >= MAX_RING || x >= MAX_RING {
            return false;
        }
        persistent.source = source;
        persistent.cursor = Cell::new(y, x);
        persistent.tries = kept.tries;
        persistent.seconds = kept.seconds;
        persistent.solved = kept.solved;
        persistent.editing = kept.editing;
        persistent.stroke = stroke;
        persistent.hint = hint;
        true
    }

    /// Whether anything was kept at all.
    pub fn is_empty(&self) -> bool {
        self.kept.is_none()
    }
}
