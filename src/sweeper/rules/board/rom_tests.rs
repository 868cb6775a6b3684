//! The ARM and IWRAM code paths run on the GBA itself (the host tests in
//! `tests.rs` run the same code compiled for the host): floodfill, its
//! bitmap, mine laying, the winning move's flags, and the solver and
//! generator that live in IWRAM. These are the tests' bodies, here because
//! they reach inside the board; the ROM's test build (`src/rules_on_gba.rs`)
//! runs each as an in-ROM test, and this crate stays free of agb.

use super::Board;
use crate::{Difficulty, GameState, Layout, Outcome, Pos, SquareFlags, generate_blocking, solves};
use shared::random::Rng;

fn board_with(mines: &[(u8, u8)]) -> Board {
    let mut board = Board::new(Difficulty::Easy, false);
    let layout = Layout::from_mines(mines.iter().map(|&(x, y)| Pos::new(x, y)).collect());
    board.lay_mines(&layout);
    board
}

pub fn arm_floodfill_opens_the_region_left_of_a_wall() {
    // A column of mines at x = 4: the fill from the corner opens columns
    // 0..=3 (x = 3 being the numbered border) and nothing past the wall.
    let mut board = board_with(&[(4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5)]);
    assert_eq!(board.squares[3].neighbours(), 2);
    assert_eq!(board.squares[17].neighbours(), 3);
    assert_eq!(board.squares[0].neighbours(), 0);
    let flood = board.flood_reveal(Pos::new(0, 0));
    assert_eq!((flood.revealed, flood.covered_safe), (24, 54));
    for pos in Pos::all() {
        let revealed = board.square(pos).is_some_and(|s| s.is_revealed());
        assert_eq!(revealed, pos.x() < 4, "{pos:?}");
    }
}

pub fn arm_win_flags_every_mine() {
    let mut board = board_with(&[(13, 5), (0, 5)]);
    assert_eq!(board.reveal(Pos::new(6, 0)), Outcome::Won);
    assert_eq!(board.state(), GameState::Won);
    assert_eq!(board.revealed_count(), 82);
    assert_eq!(board.flag_count(), 2);
    assert_eq!(board.mines_left(), 0);
}

pub fn arm_bitmap_marks_the_revealed_and_mined_squares() {
    let mut rng = Rng::new(5);
    for round in 0..10u8 {
        let mut board = Board::new(Difficulty::ALL[usize::from(round % 3)], false);
        board.place_mines(Pos::new(round % 14, round % 6), &mut rng);
        for _ in 0..25 {
            let index = rng.below(84) as usize;
            board.squares[index].set(SquareFlags::REVEALED, true);
        }
        let mut rows = [u32::MAX; 8];
        let count = board.visited_rows(&mut rows);
        let mut expected = 0;
        for pos in Pos::all() {
            let square = board.square(pos).unwrap_or_default();
            let done = square.is_mine() || square.is_revealed();
            expected += u8::from(done);
            assert_eq!(
                rows[usize::from(pos.y()) + 1] >> (pos.x() + 1) & 1 == 1,
                done
            );
        }
        assert_eq!(count, expected);
    }
}

pub fn arm_mine_laying_counts_neighbours() {
    let board = board_with(&[(0, 0), (2, 0), (1, 1), (13, 5)]);
    let count = |x, y| board.square(Pos::new(x, y)).map(|s| s.neighbours());
    assert_eq!(count(1, 0), Some(3));
    assert_eq!(count(0, 1), Some(2));
    assert_eq!(count(12, 4), Some(1));
    assert_eq!(count(7, 3), Some(0));
    assert_eq!(board.mine_count(), 4);
}

pub fn iwram_generator_and_solver_agree() {
    let first = Pos::new(7, 3);
    let layout = generate_blocking(first, Difficulty::Hard.mines(), 42);
    assert_eq!(layout.mine_count(), 20);
    assert!(layout.mines().iter().all(|mine| !mine.is_within_one(first)));
    assert!(solves(&layout, first));
    assert_eq!(layout, generate_blocking(first, 20, 42));
}
