//! Picross's game in progress, kept across power-off in a section of its
//! own: which puzzle, every mark on it, the cursor, the clock and the
//! mistakes, and whether the window was on the editor. (A random or shared
//! puzzle's picture is in the records section already; the editor's draft
//! too, as it closes. The undo history is not kept: it holds the marks'
//! changes, not the marks, and would make each write several times longer.)

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::puzzle::{Persistent, Source};
use super::rules::{MAX_HEIGHT, MAX_WIDTH, play::PACKED_BYTES};
use crate::framework::save::{Saved, Suspended};

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct SuspendedPuzzle {
    kept: Option<Kept>,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
struct Kept {
    source: KeptSource,
    cursor: (u8, u8),
    seconds: u16,
    mistakes: u8,
    solved: bool,
    editing: bool,
    /// The marks, packed as `Board::pack` packs them.
    #[serde(serialize_with = "crate::framework::save::bytes")]
    marks: Vec<u8>,
    /// Counted as played in the statistics.
    counted: bool,
}

/// Version 1: before the statistics.
#[derive(Deserialize)]
struct KeptV1 {
    source: KeptSource,
    cursor: (u8, u8),
    seconds: u16,
    mistakes: u8,
    solved: bool,
    editing: bool,
    marks: Vec<u8>,
}

/// `puzzle::Source` as it is written.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
enum KeptSource {
    Builtin(u16),
    Custom(u8),
    Random(u32),
    Shared,
}

impl Saved for SuspendedPuzzle {
    const VERSION: u8 = 2;

    /// A puzzle kept by version 1 was counted as played if it had a mark.
    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        if version != 1 {
            return None;
        }
        let old: Option<KeptV1> = postcard::from_bytes(bytes).ok()?;
        let kept = old.map(|old| Kept {
            counted: old.marks.iter().any(|&byte| byte != 0),
            source: old.source,
            cursor: old.cursor,
            seconds: old.seconds,
            mistakes: old.mistakes,
            solved: old.solved,
            editing: old.editing,
            marks: old.marks,
        });
        Some(Self { kept })
    }
}

impl Suspended for SuspendedPuzzle {
    const OWNER: &'static str = "nonogram.game";
}

impl SuspendedPuzzle {
    /// The puzzle `persistent` names, with `marks` (the board's, packed),
    /// and whether the window is on the editor.
    pub fn of(persistent: &Persistent, marks: &[u8; PACKED_BYTES], editing: bool) -> Self {
        let source = match persistent.source {
            Source::Builtin(index) => KeptSource::Builtin(index),
            Source::Custom(slot) => KeptSource::Custom(slot),
            Source::Random(seed) => KeptSource::Random(seed),
            Source::Shared => KeptSource::Shared,
        };
        Self {
            kept: Some(Kept {
                source,
                cursor: persistent.cursor,
                seconds: persistent.seconds,
                mistakes: persistent.mistakes,
                solved: persistent.solved,
                editing,
                marks: marks.to_vec(),
                counted: persistent.counted,
            }),
        }
    }

    /// Put the kept puzzle into `persistent`; false (and nothing changed)
    /// when none was kept or it cannot be one (marks of another length, a
    /// cursor off the largest board). A puzzle the save no longer holds
    /// falls back to the first built-in when it opens, as ever.
    pub fn restore(&self, persistent: &mut Persistent) -> bool {
        let Some(kept) = &self.kept else {
            return false;
        };
        let Ok(marks) = <[u8; PACKED_BYTES]>::try_from(kept.marks.as_slice()) else {
            return false;
        };
        let (x, y) = kept.cursor;
        if usize::from(x) >= MAX_WIDTH || usize::from(y) >= MAX_HEIGHT {
            return false;
        }
        persistent.source = match kept.source {
            KeptSource::Builtin(index) => Source::Builtin(index),
            KeptSource::Custom(slot) => Source::Custom(slot),
            KeptSource::Random(seed) => Source::Random(seed),
            KeptSource::Shared => Source::Shared,
        };
        persistent.cursor = kept.cursor;
        persistent.seconds = kept
            .seconds
            .min(crate::framework::widgets::timer::MAX_SECONDS);
        persistent.mistakes = kept.mistakes;
        persistent.solved = kept.solved;
        persistent.editing = kept.editing;
        persistent.marks = marks;
        persistent.counted = kept.counted;
        true
    }

    /// Whether anything was kept at all.
    pub fn is_empty(&self) -> bool {
        self.kept.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn persistent() -> Persistent {
        Persistent {
            source: Source::Random(7),
            cursor: (19, 14),
            seconds: 600,
            mistakes: 3,
            solved: false,
            marks: core::array::from_fn(|i| i as u8),
            editing: false,
            counted: true,
            practice: false,
        }
    }

    #[test_case]
    fn a_kept_puzzle_comes_back_and_a_bad_one_changes_nothing(_gba: &mut agb::Gba) {
        let played = persistent();
        let kept = SuspendedPuzzle::of(&played, &played.marks, true);
        let mut back = Persistent::starting(Source::Builtin(0));
        assert!(kept.restore(&mut back));
        assert_eq!(back.source, played.source);
        assert_eq!(
            (back.cursor, back.seconds, back.mistakes),
            (played.cursor, 600, 3)
        );
        assert_eq!(back.marks, played.marks);
        assert!(back.editing);
        assert!(back.counted);
        // Nothing kept, marks of another length, a cursor off any board.
        let before = (back.source, back.cursor, back.marks);
        assert!(!SuspendedPuzzle::default().restore(&mut back));
        let mut short = kept.clone();
        if let Some(kept) = &mut short.kept {
            kept.marks.pop();
        }
        assert!(!short.restore(&mut back));
        let mut off = kept;
        if let Some(kept) = &mut off.kept {
            kept.cursor = (20, 0);
        }
        assert!(!off.restore(&mut back));
        assert_eq!((back.source, back.cursor, back.marks), before);
    }

    #[test_case]
    fn a_puzzle_kept_before_the_statistics_counts_if_marked(_gba: &mut agb::Gba) {
        #[derive(Serialize)]
        struct V1 {
            source: KeptSource,
            cursor: (u8, u8),
            seconds: u16,
            mistakes: u8,
            solved: bool,
            editing: bool,
            marks: Vec<u8>,
        }
        let old = |marks: Vec<u8>| {
            postcard::to_allocvec(&Some(V1 {
                source: KeptSource::Builtin(4),
                cursor: (2, 3),
                seconds: 75,
                mistakes: 1,
                solved: false,
                editing: false,
                marks,
            }))
            .unwrap()
        };
        let mut back = Persistent::starting(Source::Builtin(0));
        let marked = SuspendedPuzzle::migrate(1, &old(alloc::vec![0, 4, 0])).unwrap();
        let kept = marked.kept.as_ref().unwrap();
        assert!(kept.counted);
        assert_eq!((kept.seconds, kept.cursor), (75, (2, 3)));
        let blank = SuspendedPuzzle::migrate(1, &old(alloc::vec![0; PACKED_BYTES])).unwrap();
        assert!(blank.restore(&mut back));
        assert!(!back.counted);
        assert_eq!(back.source, Source::Builtin(4));
        let none = postcard::to_allocvec(&None::<V1>).unwrap();
        assert!(SuspendedPuzzle::migrate(1, &none).unwrap().is_empty());
        assert_eq!(SuspendedPuzzle::migrate(0, &none), None);
    }
}
