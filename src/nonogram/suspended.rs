//! Picross's game in progress, kept across power-off in a section of its
//! own: which puzzle, every mark on it, the cursor, the clock and the
//! mistakes, and whether the window was on the editor. (A random or shared
//! puzzle's picture is in the records section already; the editor's draft
//! too, as it closes.) As the window closes, with them the newest steps of
//! the undo history, so closing it takes no undo away from the player.

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::puzzle::{KeptGame, Source};
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
    marks: heapless::Vec<u8, PACKED_BYTES>,
    /// Counted as played in the statistics.
    counted: bool,
    /// The newest steps of the undo history, as `History::newest_steps`
    /// gives them, two bytes a change (little-endian). Of fixed sizes, so
    /// what is kept never changes the heap.
    #[serde(serialize_with = "crate::framework::save::bytes")]
    undo: heapless::Vec<u8, UNDO_BYTES>,
    /// Opened with the start hint: its solve is not clean.
    start_hint: bool,
}

/// Version 3, before clean solves (the start hint not kept): version 2
/// and then the undo history, which postcard writes as this pair.
type KeptV3 = (KeptV2, Vec<u8>);

/// Changes of the undo history kept: a few dozen steps of play, in a write
/// of two of agb's blocks (each costs the frame it goes out in).
pub const UNDO_KEPT: usize = 64;
const UNDO_BYTES: usize = 2 * UNDO_KEPT;

/// Version 2: before the undo history.
#[derive(Deserialize)]
struct KeptV2 {
    source: KeptSource,
    cursor: (u8, u8),
    seconds: u16,
    mistakes: u8,
    solved: bool,
    editing: bool,
    marks: Vec<u8>,
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

impl KeptSource {
    const fn of(source: Source) -> Self {
        match source {
            Source::Builtin(index) => Self::Builtin(index),
            Source::Custom(slot) => Self::Custom(slot),
            Source::Random(seed) => Self::Random(seed),
            Source::Shared => Self::Shared,
        }
    }
}

impl Saved for SuspendedPuzzle {
    const VERSION: u8 = 4;

    /// A puzzle kept by version 1 was counted as played if it had a mark;
    /// one kept before version 3 has no undo history; before version 4,
    /// whether it opened with the start hint was not kept: taken as not.
    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        if version == 3 {
            let old = postcard::from_bytes::<Option<KeptV3>>(bytes).ok()?;
            return Some(Self {
                kept: old.map(|(old, undo)| Kept {
                    undo: heapless::Vec::from_slice(&undo).unwrap_or_default(),
                    ..Kept::from(old)
                }),
            });
        }
        let old = match version {
            1 => postcard::from_bytes::<Option<KeptV1>>(bytes)
                .ok()?
                .map(KeptV2::from),
            2 => postcard::from_bytes::<Option<KeptV2>>(bytes).ok()?,
            _ => return None,
        };
        Some(Self {
            kept: old.map(Kept::from),
        })
    }
}

/// Version 1 as version 2: counted as played if it had a mark.
impl From<KeptV1> for KeptV2 {
    fn from(old: KeptV1) -> Self {
        Self {
            counted: old.marks.iter().any(|&byte| byte != 0),
            source: old.source,
            cursor: old.cursor,
            seconds: old.seconds,
            mistakes: old.mistakes,
            solved: old.solved,
            editing: old.editing,
            marks: old.marks,
        }
    }
}

/// Version 2 as today's: no undo history.
impl From<KeptV2> for Kept {
    fn from(old: KeptV2) -> Self {
        Self {
            source: old.source,
            cursor: old.cursor,
            seconds: old.seconds,
            mistakes: old.mistakes,
            solved: old.solved,
            editing: old.editing,
            // Marks of another length stay refused as they were: empty.
            marks: heapless::Vec::from_slice(&old.marks).unwrap_or_default(),
            counted: old.counted,
            undo: heapless::Vec::new(),
            start_hint: false,
        }
    }
}

impl Suspended for SuspendedPuzzle {
    const OWNER: &'static str = "nonogram.game";
}

impl SuspendedPuzzle {
    /// `game` as it is written, with whether the window is on the editor
    /// and the undo history's newest changes (at most [`UNDO_KEPT`]).
    pub fn of(game: &KeptGame, editing: bool, undo: impl Iterator<Item = u16>) -> Self {
        Self {
            kept: Some(Kept {
                source: KeptSource::of(game.source),
                cursor: game.cursor,
                seconds: game.seconds,
                mistakes: game.mistakes,
                solved: game.solved,
                editing,
                marks: heapless::Vec::from_slice(&game.marks).unwrap_or_default(),
                counted: game.counted,
                undo: undo.take(UNDO_KEPT).flat_map(u16::to_le_bytes).collect(),
                start_hint: game.start_hint,
            }),
        }
    }

    /// The undo history kept with the puzzle `game` has on its board (none
    /// for another puzzle or other marks), oldest change first.
    pub fn undo_for(&self, game: &KeptGame) -> impl DoubleEndedIterator<Item = u16> + Clone {
        let undo = self
            .kept
            .as_ref()
            .filter(|kept| kept.source == KeptSource::of(game.source) && kept.marks == game.marks)
            .map_or(&[][..], |kept| kept.undo.as_slice());
        undo.chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
    }

    /// The kept game, and whether the window was on the editor; none when
    /// none was kept or it cannot be one (marks of another length, a cursor
    /// off the largest board). A puzzle the save no longer holds falls
    /// back to the first built-in when it opens, as ever.
    pub fn restore(&self) -> Option<(KeptGame, bool)> {
        let kept = self.kept.as_ref()?;
        let marks = <[u8; PACKED_BYTES]>::try_from(kept.marks.as_slice()).ok()?;
        let (x, y) = kept.cursor;
        if usize::from(x) >= MAX_WIDTH || usize::from(y) >= MAX_HEIGHT {
            return None;
        }
        let source = match kept.source {
            KeptSource::Builtin(index) => Source::Builtin(index),
            KeptSource::Custom(slot) => Source::Custom(slot),
            KeptSource::Random(seed) => Source::Random(seed),
            KeptSource::Shared => Source::Shared,
        };
        let game = KeptGame {
            source,
            cursor: kept.cursor,
            seconds: kept
                .seconds
                .min(crate::framework::widgets::timer::MAX_SECONDS),
            mistakes: kept.mistakes,
            solved: kept.solved,
            counted: kept.counted,
            start_hint: kept.start_hint,
            marks,
        };
        Some((game, kept.editing))
    }

    /// Whether anything was kept at all.
    pub fn is_empty(&self) -> bool {
        self.kept.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game as version 2 kept it: the puzzle, no undo history.
    #[derive(Serialize)]
    struct V2<'a> {
        source: KeptSource,
        cursor: (u8, u8),
        seconds: u16,
        mistakes: u8,
        solved: bool,
        editing: bool,
        marks: &'a [u8],
        counted: bool,
    }

    fn played() -> KeptGame {
        KeptGame {
            source: Source::Random(7),
            cursor: (19, 14),
            seconds: 600,
            mistakes: 3,
            solved: false,
            counted: true,
            start_hint: true,
            marks: core::array::from_fn(|i| i as u8),
        }
    }

    #[test_case]
    fn a_kept_puzzle_comes_back_and_a_bad_one_changes_nothing(_gba: &mut agb::Gba) {
        let played = played();
        let kept = SuspendedPuzzle::of(&played, true, [0x8001, 2].into_iter());
        assert_eq!(kept.restore(), Some((played, true)));
        // Nothing kept, marks of another length, a cursor off any board.
        assert_eq!(SuspendedPuzzle::default().restore(), None);
        let mut short = kept.clone();
        if let Some(kept) = &mut short.kept {
            kept.marks.pop();
        }
        assert_eq!(short.restore(), None);
        let mut off = kept;
        if let Some(kept) = &mut off.kept {
            kept.cursor = (20, 0);
        }
        assert_eq!(off.restore(), None);
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
        let marked = SuspendedPuzzle::migrate(1, &old(alloc::vec![0, 4, 0])).unwrap();
        let kept = marked.kept.as_ref().unwrap();
        assert!(kept.counted);
        assert_eq!((kept.seconds, kept.cursor), (75, (2, 3)));
        let blank = SuspendedPuzzle::migrate(1, &old(alloc::vec![0; PACKED_BYTES])).unwrap();
        let (back, _) = blank.restore().unwrap();
        assert!(!back.counted);
        assert_eq!(back.source, Source::Builtin(4));
        let none = postcard::to_allocvec(&None::<V1>).unwrap();
        assert!(SuspendedPuzzle::migrate(1, &none).unwrap().is_empty());
        assert_eq!(SuspendedPuzzle::migrate(0, &none), None);
    }

    /// Version 3 kept no start hint: its games come back with their undo
    /// history, taken as opened without it.
    #[test_case]
    fn a_game_kept_by_version_3_comes_back_whole(_gba: &mut agb::Gba) {
        let played = KeptGame {
            start_hint: false,
            ..played()
        };
        let today = SuspendedPuzzle::of(&played, true, [0x8001, 2].into_iter());
        let kept = today.kept.as_ref().expect("kept");
        // Version 3 is version 2 with the undo history after it: postcard
        // writes a pair as its two parts one after the other.
        let v2 = V2 {
            source: kept.source,
            cursor: kept.cursor,
            seconds: kept.seconds,
            mistakes: kept.mistakes,
            solved: kept.solved,
            editing: kept.editing,
            marks: &kept.marks,
            counted: kept.counted,
        };
        let bytes = postcard::to_allocvec(&Some((v2, &kept.undo))).expect("encodes");
        assert_eq!(SuspendedPuzzle::migrate(3, &bytes).as_ref(), Some(&today));
        assert_eq!(today.restore(), Some((played, true)));
    }

    #[test_case]
    fn the_undo_history_comes_back_only_to_its_own_board(_gba: &mut agb::Gba) {
        let played = played();
        let changes = (0..200u16).map(|i| i | 0x8000);
        let kept = SuspendedPuzzle::of(&played, false, changes);
        let back: alloc::vec::Vec<u16> = kept.undo_for(&played).collect();
        assert_eq!(back.len(), UNDO_KEPT);
        assert_eq!(
            (back[0], back[UNDO_KEPT - 1]),
            (0x8000, 0x8000 + UNDO_KEPT as u16 - 1)
        );
        // Another puzzle, or other marks on it: none.
        let mut other = played;
        other.source = Source::Random(8);
        assert_eq!(kept.undo_for(&other).count(), 0);
        let mut marked = played;
        marked.marks[0] ^= 1;
        assert_eq!(kept.undo_for(&marked).count(), 0);
        // Kept before version 3: the puzzle, no history.
        let old = postcard::to_allocvec(&Some(V2 {
            source: KeptSource::Random(7),
            cursor: (19, 14),
            seconds: 600,
            mistakes: 3,
            solved: false,
            editing: false,
            marks: &played.marks,
            counted: true,
        }))
        .unwrap();
        let migrated = SuspendedPuzzle::migrate(2, &old).unwrap();
        let (back, _) = migrated.restore().unwrap();
        assert_eq!(
            (back.source, back.marks, back.counted),
            (played.source, played.marks, true)
        );
        assert_eq!(migrated.undo_for(&back).count(), 0);
    }
}
