use super::{Lesson, Release, Stage};
use crate::{
    board::{Board, Cell},
    stroke::{Step, Stroke},
};
use shared::random::Rng;

/// Every simple path of the ringed grid of `board`, as its cells, from
/// every start (each path once per direction).
fn all_paths(board: &Board) -> Vec<Vec<Cell>> {
    fn walk(board: &Board, path: &mut Vec<Cell>, out: &mut Vec<Vec<Cell>>) {
        out.push(path.clone());
        let Some(&end) = path.last() else {
            return;
        };
        let steps = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        for (dy, dx) in steps {
            let (Some(y), Some(x)) = (end.y.checked_add_signed(dy), end.x.checked_add_signed(dx))
            else {
                continue;
            };
            let next = Cell::new(y, x);
            if board.contains(next) && !path.contains(&next) {
                path.push(next);
                walk(board, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    for y in 0..board.ring_height() {
        for x in 0..board.ring_width() {
            walk(board, &mut vec![Cell::new(y, x)], &mut out);
        }
    }
    out
}

fn solves(board: &Board, cells: &[Cell]) -> bool {
    Stroke::from_cells(board, cells).is_some_and(|stroke| stroke.applied(board).is_solved())
}

/// Plays `cells` as the player would: a press on the first, a step onto
/// each of the rest, then letting go.
fn draw(lesson: &mut Lesson, cells: &[Cell]) -> Release {
    if let Some((&first, rest)) = cells.split_first() {
        lesson.press(first);
        for &cell in rest {
            assert_eq!(lesson.step(cell), Step::Drawn, "{cell:?}");
        }
    }
    lesson.release()
}

#[test]
fn every_stage_starts_unsolved_and_its_line_solves_it() {
    for stage in Stage::PUZZLES {
        let board = stage.board();
        assert!(!board.is_solved(), "{stage:?}");
        let line = stage.solution();
        assert!(solves(&board, line), "{stage:?}");
        // The hint rings are on tiles, where a new player looks.
        let (first, last) = (line[0], line[line.len() - 1]);
        assert!(board.is_tile(first) && board.is_tile(last), "{stage:?}");
        assert_eq!(Stage::from_number(stage.number()), Some(stage));
    }
    assert_eq!(Stage::from_number(6), Some(Stage::Done));
    assert_eq!(Stage::from_number(0), None);
    assert_eq!(Stage::from_number(7), None);
}

#[test]
fn each_stage_needs_what_it_teaches() {
    // Drawing: no single tile solves the first puzzle.
    let board = Stage::Draw.board();
    for path in all_paths(&board).iter().filter(|path| path.len() == 1) {
        assert!(!solves(&board, path), "{path:?}");
    }
    // Rows: the rows of the solved board are not all the same colour (the
    // stage says they need not be).
    let board = Stage::Rows.board();
    let solved =
        Stroke::from_cells(&board, Stage::Rows.solution()).map(|stroke| stroke.applied(&board));
    assert!(solved.is_some_and(|solved| solved.row(0) != solved.row(1)));
    // The ring: every solving line crosses it, and some do.
    let board = Stage::Ring.board();
    let solving: Vec<_> = all_paths(&board)
        .into_iter()
        .filter(|path| solves(&board, path))
        .collect();
    assert!(!solving.is_empty());
    for path in &solving {
        assert!(
            path.iter().any(|&cell| !board.is_tile(cell)),
            "{path:?} solves over tiles alone"
        );
    }
    // Stepping back: the drawn line does not solve its puzzle.
    let board = Stage::StepBack.board();
    assert!(!solves(&board, Stage::StepBack.drawn()));
    assert_eq!(
        Stage::StepBack.drawn()[..Stage::StepBack.drawn().len() - 1],
        *Stage::StepBack.solution()
    );
}

#[test]
fn the_step_back_stage_is_solved_by_taking_a_step_back() {
    let mut lesson = Lesson::at(Stage::StepBack);
    let end = lesson.start_cursor();
    assert_eq!(Some(end), lesson.stroke().last());
    // Letting go of the line as drawn fails, and keeps it to fix.
    assert!(matches!(
        lesson.release(),
        Release::Mixed { rows: 0b01, .. }
    ));
    assert_eq!(lesson.marks(), Some(0b01));
    assert_eq!(lesson.stroke().len(), 4);
    // A press on its end carries it on; a step onto the cell before takes
    // the last step back.
    assert!(!lesson.press(end));
    assert!(lesson.is_as_drawn());
    assert_eq!(lesson.step(Cell::new(1, 3)), Step::Retracted);
    assert_eq!(lesson.stroke().len(), 3);
    assert!(!lesson.is_as_drawn());
    assert_eq!(lesson.marks(), None);
    // B brings the drawn line back, to step back from again; a try keeps
    // the line.
    assert!(lesson.drop_stroke());
    assert!(lesson.is_as_drawn());
    assert!(!lesson.drop_stroke());
    assert!(matches!(lesson.release(), Release::Mixed { .. }));
    lesson.forget_stroke();
    assert!(lesson.is_as_drawn());
    // A line of the player's own that fails: the stage's line comes back.
    assert!(lesson.press(Cell::new(2, 1)));
    assert_eq!(lesson.step(Cell::new(2, 2)), Step::Drawn);
    assert!(matches!(lesson.release(), Release::Mixed { .. }));
    lesson.forget_stroke();
    assert!(lesson.is_as_drawn());
    assert!(!lesson.press(lesson.start_cursor()));
    assert_eq!(lesson.step(Cell::new(1, 3)), Step::Retracted);
    assert_eq!(lesson.release(), Release::Solved);
}

#[test]
fn a_mixed_try_forgets_its_line_but_keeps_its_marks() {
    let mut lesson = Lesson::at(Stage::Draw);
    assert!(matches!(
        draw(&mut lesson, &[Cell::new(1, 1)]),
        Release::Mixed { .. }
    ));
    lesson.forget_stroke();
    assert!(lesson.stroke().is_empty());
    assert_eq!(lesson.marks(), Some(0b1));
}

#[test]
fn the_hint_rings_are_the_ends_of_a_solving_line() {
    for stage in Stage::PUZZLES {
        let mut lesson = Lesson::at(stage);
        assert_eq!(lesson.ends(), None);
        assert!(lesson.show_ends());
        assert!(!lesson.show_ends(), "shown once");
        let Some((start, end)) = lesson.ends() else {
            panic!("{stage:?}: no rings");
        };
        let board = stage.board();
        let ringed = all_paths(&board).into_iter().find(|path| {
            path.first() == Some(&start) && path.last() == Some(&end) && solves(&board, path)
        });
        assert!(ringed.is_some(), "{stage:?}");
        // Solved, the rings go.
        assert_eq!(draw(&mut lesson, stage.solution()), Release::Solved);
        assert_eq!(lesson.ends(), None);
        assert!(!lesson.show_ends());
    }
}

#[test]
fn solving_each_stage_leads_through_the_lesson_to_its_end() {
    let mut lesson = Lesson::default();
    for stage in Stage::PUZZLES {
        assert_eq!(lesson.stage(), stage);
        assert!(!lesson.is_solved());
        let release = if stage == Stage::StepBack {
            // The drawn line, a step taken back from its end.
            let cursor = lesson.start_cursor();
            lesson.press(cursor);
            let back = stage.solution()[stage.solution().len() - 1];
            assert_eq!(lesson.step(back), Step::Retracted);
            lesson.release()
        } else {
            draw(&mut lesson, stage.solution())
        };
        assert_eq!(release, Release::Solved, "{stage:?}");
        assert!(lesson.is_solved());
        assert!(lesson.board().is_solved());
        assert!(lesson.stroke().is_empty());
        // Nothing more happens on a solved board but going on.
        assert!(!lesson.press(Cell::new(1, 1)));
        assert_eq!(lesson.release(), Release::Nothing);
        lesson.next();
    }
    assert_eq!(lesson.stage(), Stage::Done);
    lesson.next();
    assert_eq!(lesson.stage(), Stage::Done, "next does nothing unsolved");
}

#[test]
fn a_mixed_try_shows_its_flipped_board_and_marks_its_mixed_rows() {
    let mut lesson = Lesson::at(Stage::Rows);
    let before = *lesson.board();
    // One tile of the top row: the top row is fixed, the bottom is not.
    let release = draw(&mut lesson, &[Cell::new(1, 1)]);
    let Release::Mixed { flipped, rows } = release else {
        panic!("{release:?}");
    };
    assert_eq!(rows, 0b10);
    assert_eq!(flipped.row(0), 0b000);
    assert_eq!(*lesson.board(), before, "the puzzle comes back");
    assert_eq!(lesson.marks(), Some(0b10));
    // A line on the ring alone flips nothing.
    lesson.drop_stroke();
    assert_eq!(lesson.marks(), None);
    assert_eq!(
        draw(&mut lesson, &[Cell::new(0, 0), Cell::new(0, 1)]),
        Release::Nothing
    );
    assert_eq!(lesson.release(), Release::Nothing);
    assert!(lesson.drop_stroke());
    assert!(!lesson.drop_stroke());
    assert_eq!(lesson.release(), Release::Nothing, "no line");
}

/// Random presses, steps, drops and lets-go on every stage: the lesson
/// only moves on from a solved board, and says so exactly when its board
/// is one colour in every row.
#[test]
fn random_play_only_moves_on_from_a_solved_board() {
    let mut rng = Rng::new(0x1e55_0001);
    for _ in 0..300 {
        let mut lesson = Lesson::default();
        let mut cursor = lesson.start_cursor();
        for _ in 0..400 {
            let stage = lesson.stage();
            if stage == Stage::Done {
                break;
            }
            let board = *lesson.board();
            match rng.below(10) {
                0 => {
                    lesson.press(cursor);
                }
                1 => {
                    lesson.drop_stroke();
                }
                2 => match lesson.release() {
                    Release::Solved => {
                        assert!(lesson.board().is_solved());
                        assert_ne!(*lesson.board(), board, "the line's tiles flipped");
                    }
                    Release::Mixed { flipped, rows } => {
                        assert_eq!(flipped.mixed_rows(), rows);
                        assert_ne!(rows, 0);
                        assert_eq!(*lesson.board(), board);
                    }
                    Release::Nothing => assert_eq!(*lesson.board(), board),
                },
                3 => {
                    let solved = lesson.is_solved();
                    lesson.next();
                    if solved {
                        assert_eq!(lesson.stage(), stage.next());
                        cursor = lesson.start_cursor();
                    } else {
                        assert_eq!(lesson.stage(), stage);
                    }
                }
                _ => {
                    let (dy, dx) = [(-1, 0), (1, 0), (0, -1), (0, 1)][rng.below(4) as usize];
                    if let (Some(y), Some(x)) = (
                        cursor.y.checked_add_signed(dy),
                        cursor.x.checked_add_signed(dx),
                    ) {
                        let next = Cell::new(y, x);
                        if board.contains(next) {
                            let _ = lesson.step(next);
                            cursor = next;
                        }
                    }
                }
            }
            assert_eq!(lesson.is_solved(), lesson.board().is_solved());
            assert!(
                lesson
                    .stroke()
                    .cells()
                    .iter()
                    .all(|&cell| board.contains(cell))
            );
        }
    }
}
