//! Poop Sweeper's game in progress, kept across power-off in a section of
//! its own: the pocket board's snapshot (`rules::Board::snapshot`, with its
//! cursor, clock and settings), or the full-size field's while one is in
//! play (`rules::field::Field::snapshot`; the pocket board is dealt afresh
//! when the player goes back to it, so it is not kept beside a field). A
//! field does not fit the app's persistent bytes: while the window is
//! closed it lives here only, in the section's copy in RAM, and comes back
//! from it as the window opens.

use serde::{Deserialize, Serialize};

use super::rules::field::{Field, Mines, snapshot::MAX_SNAPSHOT_BYTES};
use super::rules::{Board, SNAPSHOT_BYTES};
use desk_core::section::{Saved, Suspended};

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct SuspendedGame {
    /// The board's snapshot; empty when no game is kept. Of a fixed size,
    /// so keeping a game or none never changes the heap.
    #[serde(serialize_with = "desk_core::section::bytes")]
    board: heapless::Vec<u8, SNAPSHOT_BYTES>,
    /// The full-size field's snapshot; empty while the pocket board is the
    /// game in play.
    #[serde(serialize_with = "desk_core::section::bytes")]
    field: heapless::Vec<u8, MAX_SNAPSHOT_BYTES>,
}

/// The section as version 1 kept it: the pocket board only.
#[derive(Deserialize)]
struct PocketOnly {
    board: heapless::Vec<u8, SNAPSHOT_BYTES>,
}

impl Saved for SuspendedGame {
    const VERSION: u8 = 2;

    /// Version 1 had no full-size fields: its board, and no field.
    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        if version != 1 {
            return None;
        }
        let old: PocketOnly = postcard::from_bytes(bytes).ok()?;
        Some(Self {
            board: old.board,
            field: heapless::Vec::new(),
        })
    }
}

impl Suspended for SuspendedGame {
    const OWNER: &'static str = "sweeper.game";
}

impl SuspendedGame {
    /// The field if one is in play, else the pocket board.
    pub fn of(board: &Board, field: Option<&Field>) -> Self {
        match field {
            Some(field) => Self {
                board: heapless::Vec::new(),
                field: field.snapshot(),
            },
            None => Self {
                board: heapless::Vec::from_slice(&board.snapshot()).unwrap_or_default(),
                field: heapless::Vec::new(),
            },
        }
    }

    /// The board kept; `None` if none was, or if its bytes describe no
    /// game a board could be in.
    pub fn board(&self) -> Option<Board> {
        Board::from_snapshot(&self.board)
    }

    /// The field kept; `None` if none was, or if its bytes describe no
    /// field the menu makes or no game it could be in.
    pub fn field(&self) -> Option<Field> {
        Field::from_snapshot(&self.field)
    }

    /// The field's mines, if it keeps none (dealt from its code): drawn
    /// again, the costlier half of reading it, for a frame of its own.
    pub fn dealt_mines(&self) -> Option<Mines> {
        Field::dealt_mines(&self.field)
    }

    /// `field`, with the mines `dealt_mines` drew (if it drew any), but
    /// for the last check (`Field::holds_a_game`): see
    /// `Field::from_snapshot_unchecked`.
    pub fn field_unchecked(&self, dealt: Option<&Mines>) -> Option<Field> {
        Field::from_snapshot_unchecked(&self.field, dealt)
    }

    /// Whether a field was kept at all (a damaged one is refused by `field`).
    pub fn has_field(&self) -> bool {
        !self.field.is_empty()
    }

    /// Whether anything was kept at all.
    pub fn is_empty(&self) -> bool {
        self.board.is_empty() && self.field.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::{
        Difficulty,
        field::{Place, Size},
    };
    use super::*;
    use shared::random::Rng;

    fn field_in_play() -> Field {
        let mut field = Field::new(Size::EXPERT, false);
        field.set_deal(1234);
        let _ = field.act(Place::new(15, 8), &mut Rng::new(field.code().seed()));
        let _ = field.toggle_flag(Place::new(0, 0));
        for _ in 0..150 {
            field.tick_frame();
        }
        field
    }

    fn encoded(game: &SuspendedGame) -> Vec<u8> {
        postcard::to_allocvec(game).expect("encodes")
    }

    #[test]
    fn a_field_in_play_comes_back_in_the_pocket_boards_place() {
        let board = Board::new(Difficulty::Medium, false);
        let field = field_in_play();
        let game = SuspendedGame::of(&board, Some(&field));
        let read: SuspendedGame = postcard::from_bytes(&encoded(&game)).expect("reads");
        assert_eq!(read, game);
        assert!(read.board().is_none());
        let kept = read.field().expect("the field");
        assert_eq!(kept.snapshot(), field.snapshot());
        assert_eq!(kept.elapsed_frames(), 150);
        // Dealt from its code, an Expert game keeps no mines: its header and
        // marks, with the section's lengths.
        assert!(encoded(&game).len() < 150, "{} bytes", encoded(&game).len());
        // The pocket board alone: no field.
        let pocket = SuspendedGame::of(&board, None);
        assert!(!pocket.has_field() && pocket.field().is_none() && !pocket.is_empty());
        assert_eq!(
            pocket.board().map(|kept| kept.snapshot()),
            Some(board.snapshot())
        );
    }

    #[test]
    fn version_1_reads_as_its_board_and_no_field() {
        #[derive(Serialize)]
        struct Old<'a> {
            #[serde(serialize_with = "desk_core::section::bytes")]
            board: &'a [u8],
        }
        let board = Board::new(Difficulty::Hard, true);
        let bytes = postcard::to_allocvec(&Old {
            board: &board.snapshot(),
        })
        .expect("encodes");
        let read = SuspendedGame::migrate(1, &bytes).expect("reads");
        assert_eq!(
            read.board().map(|kept| kept.snapshot()),
            Some(board.snapshot())
        );
        assert!(!read.has_field());
        assert!(SuspendedGame::migrate(0, &bytes).is_none());
    }

    #[test]
    fn a_damaged_field_is_refused() {
        let board = Board::new(Difficulty::Easy, false);
        let field = field_in_play();
        let mut game = SuspendedGame::of(&board, Some(&field));
        // Every single byte of the field's snapshot changed in turn: each
        // either reads as a field the rules accept or is refused, never a
        // panic.
        for at in 0..game.field.len() {
            for flip in [1u8, 0x80, 0xFF] {
                let mut damaged = game.clone();
                damaged.field[at] ^= flip;
                if let Some(kept) = damaged.field() {
                    // Accepted: a game the rules can hold, kept again as is.
                    let again = Field::from_snapshot(&kept.snapshot()).map(|f| f.snapshot());
                    assert_eq!(again, Some(kept.snapshot()));
                }
            }
        }
        assert_eq!(game.field(), Some(field));
        game.field.truncate(10);
        assert!(game.has_field() && game.field().is_none());
    }
}
