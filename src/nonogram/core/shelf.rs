//! Puzzles left unfinished, each as the player left it: a nonogram has no
//! losing, so opening another puzzle puts the one under way on the shelf
//! (its marks, clock, mistakes and cursor), and opening it again takes it
//! back off. The newest [`SHELF_PUZZLES`] are kept, in a save section of
//! their own, written only as a puzzle goes onto the shelf or comes off it.

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::rules::play::PACKED_BYTES;
use desk_core::section::{Saved, bytes};

/// Puzzles the shelf keeps: past that, the one left longest ago goes.
pub const SHELF_PUZZLES: usize = 8;

/// Which puzzle a shelved game is on.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ShelfPuzzle {
    /// A built-in puzzle, by index.
    Builtin(u16),
    /// The player's puzzle in `slot`, while it holds the picture whose
    /// fingerprint is `picture` (an edited or replaced slot's marks would
    /// not fit it).
    Custom { slot: u8, picture: u32 },
}

/// A puzzle's game as it was left.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct Shelved {
    pub puzzle: ShelfPuzzle,
    pub cursor: (u8, u8),
    pub seconds: u16,
    pub mistakes: u8,
    /// Opened with the start hint (its solve is then not clean).
    pub start_hint: bool,
    /// The marks, packed as `Marks::pack` packs them, without the bytes
    /// past the puzzle's cells (all empty): a 5x5 puzzle keeps 7. (On the
    /// heap, as the shelf's list: the section is read into a frame's
    /// stack.)
    #[serde(serialize_with = "bytes")]
    pub marks: Vec<u8>,
}

impl Shelved {
    /// `marks` packed for a puzzle of `cells` cells, the rest dropped.
    #[must_use]
    pub fn marks_of(packed: &[u8; PACKED_BYTES], cells: usize) -> Vec<u8> {
        packed[..cells.div_ceil(4).min(PACKED_BYTES)].to_vec()
    }

    /// The marks as `Marks::unpack` reads them.
    #[must_use]
    pub fn packed_marks(&self) -> [u8; PACKED_BYTES] {
        let mut packed = [0; PACKED_BYTES];
        for (to, &from) in packed.iter_mut().zip(&self.marks) {
            *to = from;
        }
        packed
    }
}

/// The shelf, newest first.
#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct Shelf {
    puzzles: Vec<Shelved>,
}

impl Saved for Shelf {
    const VERSION: u8 = 1;
}

impl Shelf {
    /// The section's owner name.
    pub const OWNER: &'static str = "nonogram.shelf";

    /// Put `game` on the shelf, newest: in place of the same puzzle's, and
    /// the oldest going if the shelf is full.
    pub fn put(&mut self, game: Shelved) {
        let _ = self.take(game.puzzle);
        self.puzzles.truncate(SHELF_PUZZLES - 1);
        self.puzzles.insert(0, game);
    }

    /// Take `puzzle`'s game off the shelf, if it is there.
    pub fn take(&mut self, puzzle: ShelfPuzzle) -> Option<Shelved> {
        let at = self.puzzles.iter().position(|game| game.puzzle == puzzle)?;
        Some(self.puzzles.remove(at))
    }

    /// Whether `puzzle` has a game on the shelf.
    #[must_use]
    pub fn holds(&self, puzzle: ShelfPuzzle) -> bool {
        self.puzzles.iter().any(|game| game.puzzle == puzzle)
    }

    /// The clock of `puzzle`'s game on the shelf, if it is there.
    #[must_use]
    pub fn seconds_of(&self, puzzle: ShelfPuzzle) -> Option<u16> {
        self.puzzles
            .iter()
            .find(|game| game.puzzle == puzzle)
            .map(|game| game.seconds)
    }

    /// Keep only the games whose puzzles `keep` says.
    pub fn retain(&mut self, mut keep: impl FnMut(ShelfPuzzle) -> bool) {
        self.puzzles.retain(|game| keep(game.puzzle));
    }

    /// How many games are on the shelf.
    #[must_use]
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// The games, newest first.
    pub fn iter(&self) -> impl Iterator<Item = &Shelved> {
        self.puzzles.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: u16, seconds: u16) -> Shelved {
        let mut packed = [0u8; PACKED_BYTES];
        packed[0] = index as u8;
        packed[1] = 0b1001;
        Shelved {
            puzzle: ShelfPuzzle::Builtin(index),
            cursor: (1, 2),
            seconds,
            mistakes: 1,
            start_hint: false,
            marks: Shelved::marks_of(&packed, 25),
        }
    }

    #[test]
    fn a_game_put_away_comes_back_as_it_was_once() {
        let mut shelf = Shelf::default();
        shelf.put(game(3, 40));
        assert!(shelf.holds(ShelfPuzzle::Builtin(3)) && !shelf.holds(ShelfPuzzle::Builtin(4)));
        let back = shelf.take(ShelfPuzzle::Builtin(3)).expect("on the shelf");
        assert_eq!(back, game(3, 40));
        assert_eq!(back.packed_marks()[..2], [3, 0b1001]);
        assert!(back.packed_marks()[7..].iter().all(|&byte| byte == 0));
        assert!(shelf.take(ShelfPuzzle::Builtin(3)).is_none());
        assert!(shelf.is_empty());
    }

    #[test]
    fn the_newest_eight_are_kept_and_a_puzzle_is_there_once() {
        let mut shelf = Shelf::default();
        for index in 0..12 {
            shelf.put(game(index, index));
        }
        assert_eq!(shelf.len(), SHELF_PUZZLES);
        assert!((4..12).all(|index| shelf.holds(ShelfPuzzle::Builtin(index))));
        assert!((0..4).all(|index| !shelf.holds(ShelfPuzzle::Builtin(index))));
        // Put again: once, newest, with its newer state.
        shelf.put(game(5, 99));
        assert_eq!(shelf.len(), SHELF_PUZZLES);
        assert_eq!(shelf.iter().next(), Some(&game(5, 99)));
        assert_eq!(
            shelf
                .iter()
                .filter(|g| g.puzzle == ShelfPuzzle::Builtin(5))
                .count(),
            1
        );
        // In any order of putting, the newest eight distinct stay.
        let mut mirrored = Shelf::default();
        for index in (0..12).rev() {
            mirrored.put(game(index, index));
        }
        assert!((0..8).all(|index| mirrored.holds(ShelfPuzzle::Builtin(index))));
    }

    #[test]
    fn a_players_slot_is_its_picture_too() {
        let mut shelf = Shelf::default();
        let mut kept = game(0, 5);
        kept.puzzle = ShelfPuzzle::Custom {
            slot: 2,
            picture: 0xABCD,
        };
        shelf.put(kept);
        let held = |slot| ShelfPuzzle::Custom {
            slot,
            picture: 0xABCD,
        };
        assert!(shelf.holds(held(2)) && !shelf.holds(held(3)));
        // The slot redrawn: another picture, not this game.
        assert!(
            shelf
                .take(ShelfPuzzle::Custom {
                    slot: 2,
                    picture: 0x1234
                })
                .is_none()
        );
        assert!(
            shelf
                .take(ShelfPuzzle::Custom {
                    slot: 2,
                    picture: 0xABCD
                })
                .is_some()
        );
    }

    #[test]
    fn kept_small_and_read_back_whole() {
        let mut shelf = Shelf::default();
        for index in 0..SHELF_PUZZLES as u16 {
            shelf.put(game(index, 60 * index));
        }
        let bytes = postcard::to_allocvec(&shelf).expect("encodes");
        // A 5x5 game is its 7 bytes of marks and a few more.
        assert!(bytes.len() < SHELF_PUZZLES * 16, "{} bytes", bytes.len());
        let back: Shelf = postcard::from_bytes(&bytes).expect("decodes");
        assert_eq!(back, shelf);
        // Damage is refused, never a panic.
        for cut in 0..bytes.len() {
            let _ = postcard::from_bytes::<Shelf>(&bytes[..cut]);
        }
    }
}
