//! Polarium's game in progress, kept across power-off in a section of its
//! own: the puzzle (a built-in, a password, an endless code, or the board
//! being painted in the editor), the stroke on it, the hints given, the
//! cursor, the tries and the clock; and beside it a Challenge game under
//! way (the rules' kept bytes), so a run of minutes survives the window
//! closing and the power going.

use serde::{Deserialize, Serialize};

use super::game::{Hint, KeptGame, Source};
use super::rules::{
    Cell,
    board::MAX_RING,
    builtin,
    challenge::{Challenge, Mode, kept::KEPT_BYTES},
    endless::EndlessCode,
    stroke::{PACKED_STROKE_BYTES, PackedStroke},
};
use crate::framework::save::{Saved, Suspended};

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct SuspendedPuzzle {
    kept: Option<Kept>,
    run: Option<KeptRun>,
}

/// A Challenge game under way.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
struct KeptRun {
    /// `Challenge::to_kept`.
    #[serde(serialize_with = "crate::framework::save::bytes")]
    game: heapless::Vec<u8, KEPT_BYTES>,
    practice: bool,
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
    #[serde(serialize_with = "crate::framework::save::bytes")]
    stroke: heapless::Vec<u8, PACKED_STROKE_BYTES>,
    /// 0 none, 1 the ends, 2 the first steps, 3 the replay.
    hint: u8,
}

/// `game::Source` as it is written.
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
    const VERSION: u8 = 3;

    /// Version 1 kept no Challenge game. Before version 3 a built-in puzzle
    /// was numbered by the earlier list (`builtin::EARLIER_TO_NOW`): it
    /// moves to the same puzzle in today's, and a game of one no longer
    /// built in is not kept (its stroke and tries were for another board).
    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        let mut suspended = match version {
            1 => Self {
                kept: postcard::from_bytes(bytes).ok()?,
                run: None,
            },
            2 => postcard::from_bytes(bytes).ok()?,
            _ => return None,
        };
        if let Some(Kept {
            source: KeptSource::Builtin(index),
            ..
        }) = suspended.kept
        {
            match builtin::EARLIER_TO_NOW.get(usize::from(index)) {
                Some(&now) if now != builtin::GONE => {
                    if let Some(kept) = &mut suspended.kept {
                        kept.source = KeptSource::Builtin(u16::from(now));
                    }
                }
                _ => suspended.kept = None,
            }
        }
        Some(suspended)
    }
}

impl Suspended for SuspendedPuzzle {
    const OWNER: &'static str = "polarium.game";
}

impl SuspendedPuzzle {
    /// `game` as it is written (`editing`: the editor is up, painting the
    /// game's source).
    pub fn of(game: &KeptGame, editing: bool) -> Self {
        let source = match game.source {
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
                cursor: (game.cursor.y, game.cursor.x),
                tries: game.tries,
                seconds: game.seconds,
                solved: game.solved,
                editing,
                stroke: heapless::Vec::from_slice(&game.stroke.to_bytes()).unwrap_or_default(),
                hint: match game.hint {
                    Hint::None => 0,
                    Hint::Ends => 1,
                    Hint::FirstSteps => 2,
                    Hint::Replay => 3,
                },
            }),
            run: None,
        }
    }

    /// With the Challenge game under way, if there is one.
    #[must_use]
    pub fn with_run(mut self, run: Option<(Mode, &Challenge)>) -> Self {
        self.run = run.and_then(|(mode, game)| {
            Some(KeptRun {
                game: heapless::Vec::from_slice(&game.to_kept()?).ok()?,
                practice: mode == Mode::Practice,
            })
        });
        self
    }

    /// The Challenge game kept under way, if one was: its table and its
    /// bytes (`Challenge::from_kept` tells whether they make a game).
    pub fn run(&self) -> Option<(Mode, &[u8])> {
        let run = self.run.as_ref()?;
        let mode = if run.practice {
            Mode::Practice
        } else {
            Mode::Normal
        };
        Some((mode, &run.game))
    }

    /// Forget the Challenge game kept.
    pub fn drop_run(&mut self) {
        self.run = None;
    }

    /// The kept game, and whether the editor was up; none when none was
    /// kept or it cannot be one (an endless code out of range, a cursor
    /// off the puzzle's ring, a stroke of another length). A puzzle whose
    /// lines no longer make one falls back to the first built-in, and a
    /// stroke is played only as far as it is one on its board
    /// (`KeptGame::game`).
    pub fn restore(&self) -> Option<(KeptGame, bool)> {
        let kept = self.kept.as_ref()?;
        let source = match kept.source {
            KeptSource::Builtin(index) => Source::Builtin(index),
            KeptSource::Password(lines) => Source::Password(lines),
            KeptSource::Made(lines) => Source::Made(lines),
            KeptSource::Endless {
                width,
                height,
                seed,
                lines,
            } => Source::Endless {
                code: EndlessCode::new(width, height, seed)?,
                lines,
            },
        };
        let stroke = PackedStroke::from_bytes(&kept.stroke)?;
        let hint = match kept.hint {
            0 => Hint::None,
            1 => Hint::Ends,
            2 => Hint::FirstSteps,
            3 => Hint::Replay,
            _ => return None,
        };
        let board = source.puzzle().board;
        let (y, x) = kept.cursor;
        if y >= board.ring_height() || x >= board.ring_width() || y >= MAX_RING || x >= MAX_RING {
            return None;
        }
        let game = KeptGame {
            source,
            cursor: Cell::new(y, x),
            tries: kept.tries,
            seconds: kept.seconds,
            solved: kept.solved,
            stroke,
            hint,
        };
        Some((game, kept.editing))
    }

    /// Whether no puzzle was kept.
    pub fn is_empty(&self) -> bool {
        self.kept.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played() -> KeptGame {
        KeptGame {
            tries: 4,
            seconds: 90,
            cursor: Cell::new(1, 2),
            hint: Hint::Ends,
            ..KeptGame::new(Source::Builtin(3))
        }
    }

    #[test_case]
    fn a_challenge_game_is_kept_beside_the_puzzle(_gba: &mut agb::Gba) {
        let mut game = Challenge::new(2, 9);
        for _ in 0..500 {
            game.tick();
        }
        let played = played();
        fn of(played: &KeptGame, run: Option<(Mode, &Challenge)>) -> SuspendedPuzzle {
            SuspendedPuzzle::of(played, false).with_run(run)
        }
        let kept = of(&played, Some((Mode::Practice, &game)));
        let bytes = postcard::to_allocvec(&kept).unwrap();
        let back: SuspendedPuzzle = postcard::from_bytes(&bytes).unwrap();
        let (mode, run) = back.run().unwrap();
        assert_eq!(mode, Mode::Practice);
        assert_eq!(Challenge::from_kept(run), Some(game.clone()));
        assert_eq!(back.restore(), Some((played, false)));
        // None kept, and a game that has ended is not kept.
        assert!(of(&played, None).run().is_none());
        while game.ending().is_none() {
            game.tick();
        }
        assert!(of(&played, Some((Mode::Normal, &game))).run().is_none());
        let mut dropped = kept;
        dropped.drop_run();
        assert!(dropped.run().is_none() && !dropped.is_empty());
    }

    #[test_case]
    fn a_puzzle_kept_before_challenge_games_comes_back(_gba: &mut agb::Gba) {
        let typed = KeptGame {
            source: Source::Password([1, 2, 3]),
            ..played()
        };
        let now = SuspendedPuzzle::of(&typed, false);
        let v1 = postcard::to_allocvec(&now.kept).unwrap();
        let migrated = SuspendedPuzzle::migrate(1, &v1).unwrap();
        assert_eq!(migrated, now);
        let none = postcard::to_allocvec(&None::<Kept>).unwrap();
        assert!(SuspendedPuzzle::migrate(1, &none).unwrap().is_empty());
        assert_eq!(SuspendedPuzzle::migrate(0, &none), None);
    }

    /// A built-in kept by an earlier list's number comes back as the same
    /// puzzle, or not at all when it is no longer built in.
    #[test_case]
    fn a_builtin_kept_by_its_earlier_number_is_the_same_puzzle(_gba: &mut agb::Gba) {
        for earlier in 0..builtin::EARLIER_COUNT {
            let game = KeptGame {
                source: Source::Builtin(earlier as u16),
                ..played()
            };
            let v2 = postcard::to_allocvec(&SuspendedPuzzle::of(&game, false)).unwrap();
            let migrated = SuspendedPuzzle::migrate(2, &v2).unwrap();
            match builtin::EARLIER_TO_NOW[earlier] {
                builtin::GONE => assert!(migrated.is_empty()),
                now => {
                    let moved = KeptGame {
                        source: Source::Builtin(u16::from(now)),
                        ..game
                    };
                    assert_eq!(migrated, SuspendedPuzzle::of(&moved, false));
                }
            }
        }
    }
}
