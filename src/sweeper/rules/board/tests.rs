use super::Board;
use crate::clock::{MAX_FRAMES, frames_for};
use crate::{
    Difficulty, GameState, HEIGHT, Layout, Outcome, Pos, PosSet, SquareFlags, WIDTH,
    generate_blocking,
};
use shared::random::Rng;

/// A board already playing with mines exactly at `mines`, nothing revealed.
fn board_with(mines: &[(u8, u8)]) -> Board {
    let mut board = Board::new(Difficulty::Easy, false);
    let layout = Layout::from_mines(mines.iter().map(|&(x, y)| Pos::new(x, y)).collect());
    board.lay_mines(&layout);
    board
}

fn revealed_set(board: &Board) -> PosSet {
    Pos::all()
        .filter(|&pos| board.square(pos).is_some_and(|s| s.is_revealed()))
        .collect()
}

/// Textbook reference for a reveal from `start`: grow through zeros over plain
/// x/y loops until nothing changes.
fn naive_flood(board: &Board, start: Pos) -> PosSet {
    let mut open = [[false; WIDTH as usize]; HEIGHT as usize];
    open[start.y() as usize][start.x() as usize] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for y in 0..HEIGHT as i32 {
            for x in 0..WIDTH as i32 {
                let Some(square) = board.square(Pos::new(x as u8, y as u8)) else {
                    continue;
                };
                if !open[y as usize][x as usize] || square.neighbours() != 0 {
                    continue;
                }
                for ny in (y - 1).max(0)..=(y + 1).min(HEIGHT as i32 - 1) {
                    for nx in (x - 1).max(0)..=(x + 1).min(WIDTH as i32 - 1) {
                        if !open[ny as usize][nx as usize] {
                            open[ny as usize][nx as usize] = true;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    Pos::all()
        .filter(|pos| open[pos.y() as usize][pos.x() as usize])
        .collect()
}

#[test]
fn question_marks_cycle_after_the_flag_and_reveal_like_covered_squares() {
    let mut rng = Rng::new(3);
    let mut board = board_with(&[(0, 0), (13, 5)]);
    let pos = Pos::new(5, 2);
    assert_eq!(board.cycle_mark(pos, true), Outcome::Flagged);
    assert_eq!(board.cycle_mark(pos, true), Outcome::Questioned);
    assert!(board.is_questioned(pos));
    assert_eq!(board.mines_left(), 2);
    assert_eq!(board.cycle_mark(pos, true), Outcome::Unquestioned);
    assert!(!board.is_questioned(pos));
    // Without question marks a flag comes straight off.
    assert_eq!(board.cycle_mark(pos, false), Outcome::Flagged);
    assert_eq!(board.cycle_mark(pos, false), Outcome::Unflagged);
    // A "?" square is revealed like any covered one, and shows no mark after.
    board.cycle_mark(pos, true);
    board.cycle_mark(pos, true);
    assert!(matches!(
        board.act(pos, &mut rng),
        Outcome::Revealed { .. } | Outcome::Won
    ));
    assert!(!board.is_questioned(pos));
    assert_eq!(board.cycle_mark(pos, true), Outcome::Ignored);
    // A lost game shows only the mine that went off: other "?"s go.
    let mut lost = board_with(&[(0, 0), (13, 5)]);
    lost.cycle_mark(Pos::new(13, 5), true);
    lost.cycle_mark(Pos::new(13, 5), true);
    assert!(lost.is_questioned(Pos::new(13, 5)));
    assert_eq!(lost.act(Pos::new(0, 0), &mut rng), Outcome::Lost);
    let detonated = lost.squares().iter().filter(|s| s.is_detonated()).count();
    assert_eq!(detonated, 1);
    assert!(
        lost.square(Pos::new(0, 0))
            .is_some_and(|s| s.is_detonated())
    );
}

#[test]
fn board_fits_in_96_bytes() {
    assert!(core::mem::size_of::<Board>() <= 96);
}

#[test]
fn neighbour_counts_match_a_direct_count() {
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        let mut board = Board::new(Difficulty::Hard, false);
        assert!(board.place_mines(Pos::new(4, 2), &mut rng));
        for y in 0..HEIGHT as i32 {
            for x in 0..WIDTH as i32 {
                let mut expected = 0;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let (nx, ny) = (x + dx, y + dy);
                        let on_board =
                            nx >= 0 && ny >= 0 && nx < WIDTH as i32 && ny < HEIGHT as i32;
                        if (dx, dy) != (0, 0)
                            && on_board
                            && board
                                .square(Pos::new(nx as u8, ny as u8))
                                .is_some_and(|s| s.is_mine())
                        {
                            expected += 1;
                        }
                    }
                }
                assert_eq!(
                    board
                        .square(Pos::new(x as u8, y as u8))
                        .map(|s| s.neighbours()),
                    Some(expected)
                );
            }
        }
    }
}

#[test]
fn first_move_is_always_an_opening_with_exact_mine_count() {
    for seed in 0..240u32 {
        let difficulty = Difficulty::ALL[(seed % 3) as usize];
        let first = Pos::from_index((seed * 7 % 84) as usize).unwrap_or_default();
        let mut rng = Rng::new(seed);
        let mut board = Board::new(difficulty, false);
        let outcome = board.act(first, &mut rng);
        assert!(
            matches!(outcome, Outcome::Revealed { .. } | Outcome::Won),
            "seed {seed}: {outcome:?}"
        );
        assert_eq!(board.mine_count(), difficulty.mines());
        for pos in Pos::all().filter(|pos| pos.is_within_one(first)) {
            assert!(
                board
                    .square(pos)
                    .is_some_and(|s| !s.is_mine() && s.is_revealed())
            );
        }
        assert_eq!(board.square(first).map(|s| s.neighbours()), Some(0));
        assert_eq!(board.clicks(), 1);
    }
}

#[test]
fn floodfill_reveals_exactly_the_zero_region_and_border_pushing_each_once() {
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for round in 0..40 {
        let mut board = Board::new(Difficulty::ALL[round % 3], false);
        board.place_mines(Pos::new(0, 0), &mut rng);
        // Start from the last zero square so the region is not always the corner.
        let Some(start) = Pos::all()
            .filter(|&pos| {
                board
                    .square(pos)
                    .is_some_and(|s| !s.is_mine() && s.neighbours() == 0)
            })
            .last()
        else {
            continue;
        };
        let expected = naive_flood(&board, start);
        let mut flooded = board.clone();
        let flood = flooded.flood_reveal(start);
        assert_eq!(revealed_set(&flooded), expected);
        // Every pushed square was covered when pushed and is revealed once popped,
        // so pushed == revealed means nothing was pushed twice.
        assert_eq!(flood.revealed, expected.len() as u8);
        assert_eq!(flood.pushed, expected.len() as u8);
        let covered_safe = flooded
            .squares()
            .iter()
            .filter(|square| !square.is_mine() && !square.is_revealed())
            .count();
        assert_eq!(usize::from(flood.covered_safe), covered_safe);
        let outcome = board.reveal(start);
        assert!(
            outcome
                == Outcome::Revealed {
                    count: expected.len() as u16
                }
                || outcome == Outcome::Won
        );
        checked += 1;
    }
    assert!(checked > 30);
}

#[test]
fn reveal_of_a_number_opens_only_that_square() {
    let mut board = board_with(&[(5, 3)]);
    assert_eq!(board.reveal(Pos::new(4, 3)), Outcome::Revealed { count: 1 });
    assert_eq!(board.revealed_count(), 1);
}

#[test]
fn floodfill_removes_false_flags_it_uncovers() {
    let mut board = board_with(&[(13, 5)]);
    assert_eq!(board.toggle_flag(Pos::new(3, 3)), Outcome::Flagged); // in the zero sea
    assert_eq!(board.toggle_flag(Pos::new(12, 4)), Outcome::Flagged); // a false flag on the border
    assert_eq!(board.toggle_flag(Pos::new(13, 5)), Outcome::Flagged); // a true flag
    assert_eq!(board.reveal(Pos::new(0, 0)), Outcome::Won);
    for pos in [Pos::new(3, 3), Pos::new(12, 4)] {
        let square = board.square(pos).unwrap_or_default();
        assert!(square.is_revealed() && !square.is_flagged());
    }
    assert!(
        board
            .square(Pos::new(13, 5))
            .is_some_and(|s| s.is_flagged() && !s.is_revealed())
    );
}

#[test]
fn flags_block_reveal_and_flagging_needs_a_covered_square_while_playing() {
    let mut rng = Rng::new(1);
    // A flag before the first move: A on it does nothing, and it stays
    // when the mines are laid around the first reveal.
    let mut fresh = Board::new(Difficulty::Easy, false);
    assert_eq!(fresh.toggle_flag(Pos::new(1, 1)), Outcome::Flagged);
    assert_eq!(fresh.act(Pos::new(1, 1), &mut rng), Outcome::Ignored);
    assert_eq!(fresh.state(), GameState::Fresh);
    assert_eq!(fresh.mines_left(), Difficulty::Easy.mines() as i8 - 1);
    assert!(matches!(
        fresh.act(Pos::new(10, 4), &mut rng),
        Outcome::Revealed { .. } | Outcome::Won
    ));
    assert!(fresh.square(Pos::new(1, 1)).is_some_and(|s| s.is_flagged()));

    let mut board = board_with(&[(0, 0), (13, 5)]);
    assert_eq!(board.toggle_flag(Pos::new(5, 2)), Outcome::Flagged);
    assert_eq!(board.act(Pos::new(5, 2), &mut rng), Outcome::Ignored);
    assert_eq!(board.reveal(Pos::new(5, 2)), Outcome::Ignored);
    assert!(
        board
            .square(Pos::new(5, 2))
            .is_some_and(|s| !s.is_revealed())
    );
    assert_eq!(board.toggle_flag(Pos::new(5, 2)), Outcome::Unflagged);
    assert_eq!(
        board.act(Pos::new(1, 0), &mut rng),
        Outcome::Revealed { count: 1 }
    );
    assert_eq!(
        board.toggle_flag(Pos::new(1, 0)),
        Outcome::Ignored,
        "revealed squares take no flag"
    );
    assert_eq!(board.clicks(), 3);
}

#[test]
fn chord_with_matching_flags_reveals_the_rest() {
    let mut rng = Rng::new(1);
    // Mines at (1,0) and (1,2) around the 2 at (1,1); (13,5) keeps the game going.
    let mut board = board_with(&[(1, 0), (1, 2), (13, 5)]);
    assert_eq!(board.reveal(Pos::new(1, 1)), Outcome::Revealed { count: 1 });
    board.toggle_flag(Pos::new(1, 0));
    assert_eq!(board.pressed_preview(Pos::new(1, 1)).len(), 7);
    assert_eq!(board.act(Pos::new(1, 1), &mut rng), Outcome::ChordRefused);
    board.toggle_flag(Pos::new(1, 2));
    assert_eq!(
        board.act(Pos::new(1, 1), &mut rng),
        Outcome::Chorded { count: 6 }
    );
    for pos in Pos::new(1, 1).neighbours() {
        let square = board.square(pos).unwrap_or_default();
        assert_eq!(square.is_revealed(), !square.is_mine());
    }
    assert_eq!(
        board.act(Pos::new(1, 1), &mut rng),
        Outcome::Ignored,
        "nothing left to chord"
    );
    assert_eq!(board.state(), GameState::Playing);
}

#[test]
fn chord_refused_with_too_many_flags_and_on_non_numbers() {
    let mut board = board_with(&[(1, 0), (13, 5)]);
    board.reveal(Pos::new(1, 1));
    board.toggle_flag(Pos::new(1, 0));
    board.toggle_flag(Pos::new(0, 0));
    assert_eq!(board.chord(Pos::new(1, 1)), Outcome::ChordRefused);
    assert_eq!(
        board.chord(Pos::new(5, 5)),
        Outcome::Ignored,
        "covered square"
    );
    assert_eq!(board.revealed_count(), 1);
}

#[test]
fn losing_chord_keeps_false_flags_and_marks_the_mine() {
    let mut rng = Rng::new(1);
    // (1,1) shows 1 for the mine at (2,0). The player flags (0,1) instead; the
    // chord's floodfill from (0,0) uncovers (0,1) before the mine goes off.
    // The mines in the far corner wall off (13,5), so that floodfill cannot
    // clear the board (which would win).
    let mut board = board_with(&[(2, 0), (12, 4), (13, 4), (12, 5)]);
    board.reveal(Pos::new(1, 1));
    board.toggle_flag(Pos::new(0, 1));
    assert_eq!(board.act(Pos::new(1, 1), &mut rng), Outcome::Lost);
    assert_eq!(board.state(), GameState::Dead);
    // Back to covered and flagged, so it draws as the wrong-flag X rather
    // than as the opened square the floodfill left.
    let false_flag = board.square(Pos::new(0, 1)).unwrap_or_default();
    assert!(false_flag.is_flagged() && false_flag.is_wrong_flag());
    assert!(!false_flag.is_revealed());
    assert_eq!(board.flag_count(), 1);
    assert!(
        board
            .square(Pos::new(2, 0))
            .is_some_and(|s| s.is_detonated())
    );
    assert_eq!(
        board.act(Pos::new(5, 5), &mut rng),
        Outcome::Ignored,
        "game over"
    );
}

#[test]
fn chord_with_a_mine_among_its_targets_loses_even_when_a_flood_clears_the_rest() {
    // (1,1) shows 1 for the mine at (2,2); the player flags (0,1) instead.
    // A flood from the chord's target (0,0) alone would uncover every safe
    // square, but the chord also reveals the mine at (2,2): it loses, from
    // either side (the mirror image handles its targets in the other order).
    for (mine, number, wrong_flag) in [((2, 2), (1, 1), (0, 1)), ((11, 2), (12, 1), (13, 1))] {
        let mut rng = Rng::new(1);
        let mut board = board_with(&[mine]);
        let number = Pos::new(number.0, number.1);
        assert_eq!(board.reveal(number), Outcome::Revealed { count: 1 });
        assert_eq!(
            board.toggle_flag(Pos::new(wrong_flag.0, wrong_flag.1)),
            Outcome::Flagged
        );
        assert_eq!(
            board.act(number, &mut rng),
            Outcome::Lost,
            "mine at {mine:?}"
        );
        assert_eq!(board.state(), GameState::Dead);
        let mine = board.square(Pos::new(mine.0, mine.1)).unwrap_or_default();
        assert!(mine.is_detonated() && !mine.is_flagged());
        // The false flag is back, so the player sees the mistake.
        let flag = board
            .square(Pos::new(wrong_flag.0, wrong_flag.1))
            .unwrap_or_default();
        assert!(flag.is_flagged() && flag.is_wrong_flag() && !flag.is_revealed());
        assert_eq!(board.revealed_count(), 82);
    }
}

#[test]
fn chord_that_uncovers_no_mine_and_clears_the_board_wins() {
    let mut rng = Rng::new(1);
    let mut board = board_with(&[(2, 2)]);
    assert_eq!(board.reveal(Pos::new(1, 1)), Outcome::Revealed { count: 1 });
    assert_eq!(board.toggle_flag(Pos::new(2, 2)), Outcome::Flagged);
    assert_eq!(board.act(Pos::new(1, 1), &mut rng), Outcome::Won);
    assert_eq!(board.revealed_count(), 83);
}

#[test]
fn revealing_a_mine_loses() {
    let mut rng = Rng::new(1);
    let mut board = board_with(&[(4, 4), (13, 0)]);
    assert_eq!(board.act(Pos::new(4, 4), &mut rng), Outcome::Lost);
    assert_eq!(board.state(), GameState::Dead);
    assert!(
        board
            .square(Pos::new(4, 4))
            .is_some_and(|s| s.is_detonated())
    );
    assert!(
        board
            .square(Pos::new(13, 0))
            .is_some_and(|s| !s.is_detonated())
    );
    board.tick_frame();
    assert_eq!(board.elapsed_frames(), 0, "the clock stops on a loss");
    assert_eq!(board.toggle_flag(Pos::new(0, 0)), Outcome::Ignored);
    assert!(board.pressed_preview(Pos::new(0, 0)).is_empty());
}

#[test]
fn revealing_every_safe_square_wins_and_flags_the_mines() {
    let mut rng = Rng::new(1);
    let mines = [(0, 0), (2, 0), (0, 2), (2, 2)];
    let mut board = board_with(&mines);
    let safe: PosSet = board
        .squares()
        .iter()
        .zip(Pos::all())
        .filter(|(s, _)| !s.is_mine())
        .map(|(_, p)| p)
        .collect();
    let mut last = Outcome::Ignored;
    for pos in safe {
        if board.square(pos).is_some_and(|s| !s.is_revealed()) {
            last = board.act(pos, &mut rng);
        }
    }
    assert_eq!(last, Outcome::Won);
    assert_eq!(board.state(), GameState::Won);
    assert_eq!(board.mines_left(), 0);
    for (x, y) in mines {
        assert!(
            board
                .square(Pos::new(x, y))
                .is_some_and(|s| s.is_flagged() && !s.is_revealed())
        );
    }
}

#[test]
fn mines_left_counts_flags_and_goes_negative() {
    let fresh = Board::new(Difficulty::Medium, false);
    assert_eq!(fresh.mines_left(), 15);
    let mut board = board_with(&[(0, 0), (13, 5)]);
    assert_eq!(board.mines_left(), 2);
    board.toggle_flag(Pos::new(0, 0));
    assert_eq!(board.mines_left(), 1);
    board.toggle_flag(Pos::new(5, 5));
    board.toggle_flag(Pos::new(6, 5));
    assert_eq!(board.mines_left(), -1);
}

#[test]
fn three_bv_of_a_hand_made_board() {
    // Four mines around (1,1) make (1,0), (0,1), (1,1), (2,1) and (1,2)
    // numbers that no opening touches; everything else is one opening.
    let board = board_with(&[(0, 0), (2, 0), (0, 2), (2, 2)]);
    assert_eq!(board.three_bv(), 6);
    // A full column of mines splits the board into two openings.
    let split = board_with(&[(4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5)]);
    assert_eq!(split.three_bv(), 2);
    assert_eq!(Board::new(Difficulty::Easy, false).three_bv(), 0);
}

#[test]
fn timer_runs_only_while_playing_and_holds_at_99_59() {
    let mut board = Board::new(Difficulty::Easy, false);
    board.tick_frame();
    assert_eq!(
        board.elapsed_frames(),
        0,
        "no clock before the first reveal"
    );
    let mut board = board_with(&[(0, 0)]);
    for _ in 0..frames_for(1) {
        board.tick_frame();
    }
    assert_eq!(
        (board.elapsed_seconds(), board.elapsed_hundredths()),
        (1, 100)
    );
    for _ in 0..MAX_FRAMES + 100 {
        board.tick_frame();
    }
    assert_eq!(board.elapsed_frames(), MAX_FRAMES);
    assert_eq!(board.elapsed_seconds(), 99 * 60 + 59);
    assert_eq!(board.elapsed_hundredths(), 599_999);
}

#[test]
fn off_board_positions_are_ignored() {
    let mut rng = Rng::new(1);
    let mut fresh = Board::new(Difficulty::Easy, false);
    let untouched = fresh.clone();
    for pos in [
        Pos::new(14, 0),
        Pos::new(0, 6),
        Pos::new(255, 255),
        Pos::from_bits(0xEF),
    ] {
        assert_eq!(fresh.act(pos, &mut rng), Outcome::Ignored);
        assert!(!fresh.place_mines(pos, &mut rng));
        assert_eq!(
            fresh.start_with_layout(pos, &Layout::default()),
            Outcome::Ignored
        );
        assert!(!fresh.set_cursor(pos));
    }
    assert_eq!(fresh, untouched);

    let mut board = board_with(&[(0, 0)]);
    let untouched = board.clone();
    for pos in [
        Pos::new(14, 0),
        Pos::new(0, 6),
        Pos::new(255, 255),
        Pos::from_bits(0xEF),
    ] {
        assert_eq!(board.act(pos, &mut rng), Outcome::Ignored);
        assert_eq!(board.reveal(pos), Outcome::Ignored);
        assert_eq!(board.chord(pos), Outcome::Ignored);
        assert_eq!(board.toggle_flag(pos), Outcome::Ignored);
        assert_eq!(board.square(pos), None);
        assert!(board.pressed_preview(pos).is_empty());
    }
    assert_eq!(board, untouched);
}

#[test]
fn cursor_moves_and_stops_at_edges() {
    let mut board = Board::new(Difficulty::Easy, false);
    assert!(board.set_cursor(Pos::new(0, 0)));
    assert!(!board.move_cursor(-1, 0));
    assert!(board.move_cursor(1, 1));
    assert_eq!(board.cursor(), Pos::new(1, 1));
    assert!(board.move_cursor(100, 100));
    assert_eq!(board.cursor(), Pos::new(13, 5));
}

#[test]
fn pressed_preview_shows_square_or_chord_targets() {
    let fresh = Board::new(Difficulty::Easy, false);
    assert_eq!(fresh.pressed_preview(Pos::new(3, 3)).len(), 1);
    let mut board = board_with(&[(1, 0), (13, 5)]);
    board.reveal(Pos::new(1, 1));
    board.toggle_flag(Pos::new(1, 0));
    assert_eq!(
        board.pressed_preview(Pos::new(1, 0)),
        PosSet::EMPTY,
        "flagged"
    );
    assert_eq!(board.pressed_preview(Pos::new(5, 5)).len(), 1);
    // (1,1)'s covered neighbours minus the flagged one.
    assert_eq!(board.pressed_preview(Pos::new(1, 1)).len(), 7);
}

#[test]
fn no_guess_games_wait_for_a_layout() {
    let mut rng = Rng::new(1);
    let mut board = Board::new(Difficulty::Easy, true);
    let first = Pos::new(6, 2);
    assert_eq!(board.awaiting_layout(), None);
    assert_eq!(board.act(first, &mut rng), Outcome::NeedsLayout);
    assert_eq!(board.state(), GameState::Fresh);
    assert_eq!(board.awaiting_layout(), Some(first));
    assert_eq!(board.clicks(), 0, "the move counts once it is made");
    let on_first = Layout::from_mines([first].into_iter().collect());
    assert_eq!(
        board.start_with_layout(first, &on_first),
        Outcome::Ignored,
        "first square must be safe"
    );
    let layout = Layout::random(first, 10, &mut rng);
    assert!(matches!(
        board.start_with_layout(first, &layout),
        Outcome::Revealed { .. } | Outcome::Won
    ));
    assert_eq!(board.mine_count(), 10);
    assert_eq!(board.clicks(), 1);
    assert_eq!(board.awaiting_layout(), None);
    assert_eq!(
        board.start_with_layout(first, &layout),
        Outcome::Ignored,
        "only on a fresh board"
    );
}

#[test]
fn a_first_move_waiting_for_its_layout_is_kept_by_the_board_alone() {
    // The window closes mid-search: only the board is kept. Searching again
    // from the square it kept makes the very game the first search would
    // have, with the move counted and the clock about to run.
    let seed = 77;
    let first = Pos::new(3, 4);
    let mines = Difficulty::Hard.mines();
    let mut kept = Board::new(Difficulty::Hard, true);
    assert_eq!(kept.act(first, &mut Rng::new(seed)), Outcome::NeedsLayout);
    let mut uninterrupted = kept.clone();
    uninterrupted.start_with_layout(first, &generate_blocking(first, mines, seed));

    let resumed_at = kept.awaiting_layout().expect("the first move is kept");
    assert_eq!(resumed_at, first);
    let outcome = kept.start_with_layout(resumed_at, &generate_blocking(resumed_at, mines, seed));
    assert!(matches!(outcome, Outcome::Revealed { .. } | Outcome::Won));
    assert!(kept.square(first).is_some_and(|s| s.is_revealed()));
    assert_eq!((kept.state(), kept.clicks()), (GameState::Playing, 1));
    assert_eq!(kept, uninterrupted);

    // A new game or a change of settings forgets a waiting move.
    let forgets: [fn(&mut Board); 3] = [
        Board::reset,
        |board| board.set_no_guess(false),
        |board| board.set_difficulty(Difficulty::Medium),
    ];
    for forget in forgets {
        let mut board = Board::new(Difficulty::Easy, true);
        board.act(first, &mut Rng::new(seed));
        forget(&mut board);
        assert_eq!(board.awaiting_layout(), None);
    }
}

#[test]
fn reset_and_settings_changes_start_over() {
    let mut rng = Rng::new(1);
    let mut board = Board::new(Difficulty::Hard, false);
    board.set_cursor(Pos::new(2, 2));
    board.act(Pos::new(2, 2), &mut rng);
    board.tick_frame();
    board.reset();
    assert_eq!(
        board,
        Board {
            cursor: Pos::new(2, 2),
            ..Board::new(Difficulty::Hard, false)
        }
    );
    board.act(Pos::new(2, 2), &mut rng);
    board.set_difficulty(Difficulty::Hard);
    assert_eq!(
        board.state(),
        GameState::Playing,
        "same setting keeps the game"
    );
    board.set_no_guess(true);
    assert_eq!(board.state(), GameState::Fresh);
    assert!(board.no_guess());
}

#[test]
fn floodfill_bitmap_marks_exactly_the_revealed_and_mined_squares() {
    let mut rng = Rng::new(5);
    for round in 0..30u8 {
        let mut board = Board::new(Difficulty::ALL[usize::from(round % 3)], false);
        board.place_mines(Pos::new(round % 14, round % 6), &mut rng);
        // Reveal and flag squares at random, counts and all, so every bit of
        // the square bytes takes part.
        for _ in 0..25 {
            let index = rng.below(84) as usize;
            board.squares[index].set(SquareFlags::REVEALED, true);
            let index = rng.below(84) as usize;
            board.squares[index].set(SquareFlags::FLAGGED, true);
        }
        let mut rows = [u32::MAX; 8];
        let count = board.visited_rows(&mut rows);
        let mut expected_count = 0;
        for pos in Pos::all() {
            let square = board.square(pos).unwrap_or_default();
            let done = square.is_mine() || square.is_revealed();
            expected_count += u8::from(done);
            let bit = rows[usize::from(pos.y()) + 1] >> (pos.x() + 1) & 1;
            assert_eq!(bit == 1, done, "round {round} {pos:?}");
        }
        assert_eq!(count, expected_count, "round {round}");
        for row in &rows[1..7] {
            assert_eq!(row & 0xFFFF_8001, 0xFFFF_8001, "the border reads visited");
        }
    }
}

/// Textbook 3BV: a search from every unvisited zero counts the openings, then
/// the safe squares no opening reaches are counted one click each.
fn reference_three_bv(board: &Board) -> u8 {
    let safe_zero = |pos: Pos| {
        board
            .square(pos)
            .is_some_and(|s| !s.is_mine() && s.neighbours() == 0)
    };
    let mut opened = PosSet::EMPTY;
    let mut openings = 0;
    for start in Pos::all() {
        if !safe_zero(start) || opened.contains(start) {
            continue;
        }
        openings += 1;
        opened.insert(start);
        let mut stack = alloc::vec![start];
        while let Some(pos) = stack.pop() {
            for neighbour in pos.neighbours() {
                if opened.insert(neighbour) && safe_zero(neighbour) {
                    stack.push(neighbour);
                }
            }
        }
    }
    let lone = Pos::all()
        .filter(|&pos| !opened.contains(pos))
        .filter(|&pos| board.square(pos).is_some_and(|s| !s.is_mine()))
        .count() as u8;
    openings + lone
}

#[test]
fn three_bv_matches_a_textbook_search_on_many_boards() {
    let mut rng = Rng::new(3);
    for round in 0..120u8 {
        let mut board = Board::new(Difficulty::ALL[usize::from(round % 3)], false);
        board.place_mines(Pos::new(round % 14, round / 14 % 6), &mut rng);
        assert_eq!(
            board.three_bv(),
            reference_three_bv(&board),
            "round {round}"
        );
    }
}

/// The board a game is dealt from its code, as the app deals it: the
/// setting and deal, then the first reveal where the code says (through
/// the no-guess search when the code asks for one).
fn dealt_from(code: crate::code::BoardCode) -> Board {
    let mut board = Board::new(code.difficulty, code.no_guess);
    board.set_deal(code.deal);
    let Some(first) = code.first else {
        return board;
    };
    let seed = board.code().seed();
    if board.act(first, &mut Rng::new(seed)) == Outcome::NeedsLayout {
        let mut search = crate::NoGuessGenerator::new(first, code.difficulty.mines(), seed);
        let layout = loop {
            if let Some(layout) = search.step() {
                break layout;
            }
        };
        board.start_with_layout(first, &layout);
    }
    board
}

fn mines_of(board: &Board) -> Vec<bool> {
    board
        .squares()
        .iter()
        .map(|square| square.is_mine())
        .collect()
}

#[test]
fn a_code_deals_the_board_it_was_read_from_opened_at_its_first_square() {
    let mut rng = Rng::new(0xC0DE);
    for game in 0..300u32 {
        let difficulty = Difficulty::ALL[(game % 3) as usize];
        // A no-guess board one game in twenty: the search is the slow part.
        let no_guess = game % 20 == 0;
        let mut board = Board::new(difficulty, no_guess);
        board.set_deal(rng.below(10_000) as u16);
        let first = Pos::from_index(rng.below(84) as usize).unwrap_or(Pos::new(0, 0));
        let code = crate::code::BoardCode {
            first: Some(first),
            ..board.code()
        };
        let played = dealt_from(code);
        assert_eq!(played.first_reveal(), Some(first));
        // What the menu shows once the game is under way names it exactly.
        let shown = played.code();
        assert_eq!(shown, code);
        let digits = shown.digits();
        let read = crate::code::BoardCode::parse(&digits).expect("a shown code reads");
        let again = dealt_from(read);
        assert_eq!(mines_of(&again), mines_of(&played), "game {game}");
        assert_eq!(again.squares(), played.squares());
        // Opened elsewhere, the same deal is another board: the square is
        // part of what a code names.
        let elsewhere = Pos::from_index((first.index().unwrap_or(0) + 42) % 84);
        let other = dealt_from(crate::code::BoardCode {
            first: elsewhere,
            ..code
        });
        if !no_guess {
            assert_ne!(mines_of(&other), mines_of(&played), "game {game}");
        }
    }
}
