//! A board as bytes and back, to keep a game in progress across power-off.
//!
//! Only what the player did is read back: which squares hold mines, which
//! are revealed, flagged, marked "?" or detonated, and the game's settings,
//! cursor and counters. Neighbour counts are worked out again from the mines, and a
//! snapshot that describes no game this board could be in (a mine count the
//! difficulty does not have, a revealed mine in a game still going, a bad
//! enum) is refused rather than played.

use super::super::SQUARE_COUNT;
use super::super::clock::{MAX_FRAMES, MAX_SECONDS, frames_for};
use super::super::difficulty::Difficulty;
use super::super::game_state::GameState;
use super::super::layout::Layout;
use super::super::pos::Pos;
use super::super::pos_set::PosSet;
use super::super::square::{Square, SquareFlags};
use super::{Board, NOTHING_AWAITS};

/// Bytes of a snapshot: a flags nibble per square, two to a byte, then
/// the rest (a save's cost grows with its bytes).
pub const SNAPSHOT_BYTES: usize = SQUARE_COUNT / 2 + 14;
/// Snapshots kept before the clock counted frames: whole seconds instead.
const SECONDS_SNAPSHOT_BYTES: usize = SQUARE_COUNT / 2 + 12;
const SQUARE_BYTES: usize = SQUARE_COUNT / 2;
const _: () = assert!(SQUARE_COUNT.is_multiple_of(2));

impl Board {
    /// The board as bytes ([`Board::from_snapshot`] reads them back).
    #[must_use]
    pub fn snapshot(&self) -> [u8; SNAPSHOT_BYTES] {
        let mut bytes = [0u8; SNAPSHOT_BYTES];
        for (byte, pair) in bytes.iter_mut().zip(self.squares.chunks_exact(2)) {
            *byte = pair[0].flags().bits() | pair[1].flags().bits() << 4;
        }
        let rest = [
            self.state as u8,
            self.difficulty as u8,
            u8::from(self.no_guess()),
            u8::from(self.new_record()),
            self.cursor.bits(),
            self.first.bits(),
        ];
        let tail = &mut bytes[SQUARE_BYTES..];
        tail[..6].copy_from_slice(&rest);
        tail[6..10].copy_from_slice(&self.elapsed_frames().to_le_bytes());
        for (pair, number) in tail[10..].chunks_exact_mut(2).zip([self.clicks, self.deal]) {
            pair.copy_from_slice(&number.to_le_bytes());
        }
        bytes
    }

    /// The board a snapshot describes; `None` if it is not one a game could
    /// be in. A snapshot from before the clock counted frames gives its
    /// whole seconds as the first frame of that second.
    #[must_use]
    pub fn from_snapshot(bytes: &[u8]) -> Option<Self> {
        let in_seconds = match bytes.len() {
            SNAPSHOT_BYTES => false,
            SECONDS_SNAPSHOT_BYTES => true,
            _ => return None,
        };
        let (squares, tail) = bytes.split_at(SQUARE_BYTES);
        let state = *GameState::ALL.get(usize::from(tail[0]))?;
        let difficulty = *Difficulty::ALL.get(usize::from(tail[1]))?;
        let flag = |byte: u8| match byte {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        };
        let (no_guess, new_record) = (flag(tail[2])?, flag(tail[3])?);
        let cursor = Pos::from_bits(tail[4]);
        let awaiting = Pos::from_bits(tail[5]);
        let number = |at: usize| u16::from_le_bytes([tail[at], tail[at + 1]]);
        let (elapsed_frames, counters) = if in_seconds {
            let seconds = number(6);
            if seconds > MAX_SECONDS {
                return None;
            }
            (frames_for(u32::from(seconds)), 8)
        } else {
            (u32::from_le_bytes([tail[6], tail[7], tail[8], tail[9]]), 10)
        };
        let (clicks, deal) = (number(counters), number(counters + 2));
        if !cursor.is_on_board()
            || (awaiting != NOTHING_AWAITS && !awaiting.is_on_board())
            || elapsed_frames > MAX_FRAMES
            || deal > super::super::code::DEALS
        {
            return None;
        }
        let mut mines = PosSet::EMPTY;
        let mut flags = [SquareFlags::empty(); SQUARE_COUNT];
        for (index, flags) in flags.iter_mut().enumerate() {
            let byte = squares[index / 2] >> (index % 2 * 4) & 0x0F;
            *flags = SquareFlags::from_bits(byte)?;
            if flags.contains(SquareFlags::MINE) {
                mines.insert(Pos::from_index(index)?);
            }
        }
        let mine_count = flags
            .iter()
            .filter(|f| f.contains(SquareFlags::MINE))
            .count();
        let revealed_mine = flags
            .iter()
            .any(|f| f.contains(SquareFlags::MINE | SquareFlags::REVEALED));
        let detonated = flags
            .iter()
            .filter(|f| f.contains(SquareFlags::DETONATED))
            .count();
        let fits = match state {
            // Mines are laid on the first reveal: flags and "?"s before it.
            GameState::Fresh => flags
                .iter()
                .all(|f| (SquareFlags::FLAGGED | SquareFlags::DETONATED).contains(*f)),
            // "?"s on covered squares (the bit a lost game's mine has).
            GameState::Playing | GameState::Won => {
                mine_count == usize::from(difficulty.mines()) && !revealed_mine
            }
            GameState::Dead => {
                mine_count == usize::from(difficulty.mines())
                    && detonated >= 1
                    && flags.iter().all(|f| {
                        !f.contains(SquareFlags::DETONATED) || f.contains(SquareFlags::MINE)
                    })
            }
        };
        if !fits
            || flags.iter().any(|f| {
                f.contains(SquareFlags::REVEALED | SquareFlags::FLAGGED)
                    || f.contains(SquareFlags::DETONATED)
                        && f.intersects(SquareFlags::REVEALED | SquareFlags::FLAGGED)
            })
        {
            return None;
        }
        let mut board = Self::new(difficulty, no_guess);
        if state == GameState::Fresh {
            for (square, flags) in board.squares.iter_mut().zip(flags) {
                *square = Square(flags.bits());
            }
        } else {
            // Mines and their neighbour counts, then what the player did.
            board.lay_mines(&Layout::from_mines(mines));
            for (square, flags) in board.squares.iter_mut().zip(flags) {
                *square = Square(square.0 | flags.bits());
            }
        }
        board.state = state;
        board.set_new_record(new_record);
        board.cursor = cursor;
        board.first = awaiting;
        board.set_elapsed_frames(elapsed_frames);
        board.clicks = clicks;
        board.deal = deal;
        Some(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;
    use shared::random::Rng;

    /// Every board a game passes through, from random games: reveals,
    /// flags and chords at random squares, every difficulty, no-guess or
    /// not, the timer ticking, a cursor moving, to the end and past it.
    fn boards_of_random_games(games: u32) -> Vec<Board> {
        let mut rng = Rng::new(0x5AFE);
        let mut boards = Vec::new();
        for game in 0..games {
            let difficulty = Difficulty::ALL[(game % 3) as usize];
            let mut board = Board::new(difficulty, game % 4 == 0);
            board.set_deal(rng.below(10_000) as u16);
            boards.push(board.clone());
            for _ in 0..60 {
                let pos = Pos::from_index(rng.below(SQUARE_COUNT as u32) as usize)
                    .unwrap_or(Pos::new(0, 0));
                let outcome = match rng.below(4) {
                    0 => board.cycle_mark(pos, game % 2 == 0),
                    _ => board.act(pos, &mut rng),
                };
                if outcome == Outcome::NeedsLayout {
                    // What the no-guess search would hand over: any layout
                    // that keeps the first square clear does here.
                    let layout = Layout::random(pos, difficulty.mines(), &mut rng);
                    board.start_with_layout(pos, &layout);
                }
                board.move_cursor(rng.below(3) as i8 - 1, rng.below(3) as i8 - 1);
                for _ in 0..rng.below(90) {
                    board.tick_frame();
                }
                if rng.below(9) == 0 {
                    board.set_new_record(true);
                }
                boards.push(board.clone());
            }
        }
        boards
    }

    #[test]
    fn every_board_of_a_game_comes_back_exactly() {
        let boards = boards_of_random_games(400);
        let over = boards
            .iter()
            .filter(|board| board.state().is_over())
            .count();
        assert!(
            over > 300,
            "the games reached their ends ({over} boards over)"
        );
        for board in &boards {
            let bytes = board.snapshot();
            assert_eq!(Board::from_snapshot(&bytes).as_ref(), Some(board));
        }
    }

    #[test]
    fn a_snapshot_of_no_possible_game_is_refused_and_nothing_else_panics() {
        let boards = boards_of_random_games(40);
        let mut rng = Rng::new(77);
        let mut refused = 0;
        for board in &boards {
            let mut bytes = board.snapshot();
            // One byte changed at random, many times over.
            for _ in 0..20 {
                let at = rng.below(SNAPSHOT_BYTES as u32) as usize;
                bytes[at] = rng.below(256) as u8;
                match Board::from_snapshot(&bytes) {
                    None => refused += 1,
                    // What is read back plays on without a panic.
                    Some(mut read) => {
                        for index in 0..SQUARE_COUNT {
                            let pos = Pos::from_index(index).unwrap_or(Pos::new(0, 0));
                            read.act(pos, &mut rng);
                            read.toggle_flag(pos);
                        }
                        assert_eq!(Board::from_snapshot(&read.snapshot()), Some(read));
                    }
                }
            }
        }
        assert!(refused > 1000, "only {refused} refused");
        // Wrong lengths and wild values.
        assert_eq!(Board::from_snapshot(&[]), None);
        assert_eq!(Board::from_snapshot(&[0; SNAPSHOT_BYTES + 1]), None);
        assert_eq!(Board::from_snapshot(&[0xFF; SNAPSHOT_BYTES]), None);
        assert_eq!(Board::from_snapshot(&[0xFF; SECONDS_SNAPSHOT_BYTES]), None);
        // A game still going with a mine missing.
        let playing = boards
            .iter()
            .find(|board| board.state() == GameState::Playing)
            .map(Board::snapshot);
        let Some(mut bytes) = playing else {
            panic!("some game is under way");
        };
        if let Some(mine) = bytes[..SQUARE_BYTES].iter_mut().find(|b| **b & 1 == 1) {
            *mine &= !1;
        }
        assert_eq!(Board::from_snapshot(&bytes), None);
    }

    #[test]
    fn a_snapshot_kept_in_whole_seconds_reads_as_the_first_frame_of_its_second() {
        for board in boards_of_random_games(40) {
            let bytes = board.snapshot();
            // The layout before frames: the seconds in two bytes where the
            // frames' four are.
            let mut old = bytes[..SQUARE_BYTES + 6].to_vec();
            old.extend_from_slice(&board.elapsed_seconds().to_le_bytes());
            old.extend_from_slice(&bytes[SQUARE_BYTES + 10..]);
            assert_eq!(old.len(), SECONDS_SNAPSHOT_BYTES);
            let read = Board::from_snapshot(&old).expect("an old snapshot reads");
            assert_eq!(read.elapsed_seconds(), board.elapsed_seconds());
            assert_eq!(
                read.elapsed_frames(),
                frames_for(u32::from(board.elapsed_seconds()))
            );
            assert_eq!(read.snapshot()[..SQUARE_BYTES], bytes[..SQUARE_BYTES]);
        }
    }
}
