use super::{GAPS, GAPS_ROW, HEIGHT, Lesson, Move, PICTURE_ROWS, Slip, Step, WIDTH};
use crate::{
    PuzzleClues, UniquenessCheck, Verdict,
    play::{Mark, Marks},
};
use shared::random::Rng;

fn solved(marks: &Marks) -> bool {
    PuzzleClues::of_picture(&Lesson::picture()).solved_by(&marks.picture())
}

/// Marks `cells` with `mark` and tells the lesson.
fn paint(lesson: &mut Lesson, marks: &mut Marks, cells: &[(usize, usize)], mark: Mark) -> bool {
    for &(x, y) in cells {
        marks.set(x, y, mark);
    }
    lesson.after(Move::Painted, marks, solved(marks))
}

fn row(y: usize) -> Vec<(usize, usize)> {
    (0..WIDTH).map(|x| (x, y)).collect()
}

fn column(x: usize) -> Vec<(usize, usize)> {
    (0..HEIGHT).map(|y| (x, y)).collect()
}

#[test]
fn the_picture_is_the_only_one_its_clues_allow_and_line_logic_finds_it() {
    let clues = PuzzleClues::of_picture(&Lesson::picture());
    let mut check = UniquenessCheck::line_logic_only(&clues);
    match check.run() {
        Verdict::Unique {
            solution,
            line_solvable,
        } => {
            assert_eq!(solution, Lesson::picture());
            assert!(line_solvable);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn each_step_moves_on_with_what_it_asks_for() {
    let mut lesson = Lesson::default();
    let mut marks = Marks::new(WIDTH, HEIGHT);
    assert_eq!(lesson.step(), Step::FillTop);
    // Four of the five: not yet.
    assert!(!paint(&mut lesson, &mut marks, &row(0)[..4], Mark::Filled));
    assert!(paint(&mut lesson, &mut marks, &row(0), Mark::Filled));
    assert_eq!(lesson.step(), Step::Undo);
    // Any 5 will do for the first step.
    let mut by_column = Lesson::default();
    let mut column_marks = Marks::new(WIDTH, HEIGHT);
    paint(&mut by_column, &mut column_marks, &column(0), Mark::Filled);
    assert_eq!(by_column.step(), Step::Undo);
    // Painting does not stand for an undo.
    paint(&mut lesson, &mut marks, &[(0, 1)], Mark::Filled);
    assert_eq!(lesson.step(), Step::Undo);
    marks.set(0, 1, Mark::Empty);
    assert!(lesson.after(Move::Undone, &marks, solved(&marks)));
    assert_eq!(lesson.step(), Step::Redo);
    assert!(!lesson.after(Move::Undone, &marks, solved(&marks)));
    assert!(lesson.after(Move::Redone, &marks, solved(&marks)));
    assert_eq!(lesson.step(), Step::CrossGaps);
    // A fill where a gap is: said, and it holds the step.
    paint(
        &mut lesson,
        &mut marks,
        &[(GAPS[0], GAPS_ROW)],
        Mark::Filled,
    );
    assert_eq!(lesson.slip(), Some(Slip::WrongFill));
    paint(
        &mut lesson,
        &mut marks,
        &[(GAPS[0], GAPS_ROW)],
        Mark::Crossed,
    );
    assert_eq!(lesson.slip(), None);
    assert_eq!(lesson.step(), Step::CrossGaps);
    // A cross where the picture fills: said, until it goes.
    paint(&mut lesson, &mut marks, &[(2, GAPS_ROW)], Mark::Crossed);
    assert_eq!(lesson.slip(), Some(Slip::WrongCross));
    paint(&mut lesson, &mut marks, &[(2, GAPS_ROW)], Mark::Empty);
    assert_eq!(lesson.slip(), None);
    paint(
        &mut lesson,
        &mut marks,
        &[(GAPS[1], GAPS_ROW)],
        Mark::Crossed,
    );
    assert_eq!(lesson.step(), Step::FillFives);
    paint(&mut lesson, &mut marks, &row(HEIGHT - 1), Mark::Filled);
    paint(&mut lesson, &mut marks, &column(0), Mark::Filled);
    assert_eq!(lesson.step(), Step::FillFives);
    // A drag started on a fill clears: said until the next move.
    paint(
        &mut lesson,
        &mut marks,
        &column(WIDTH - 1)[..2],
        Mark::Empty,
    );
    assert_eq!(lesson.slip(), Some(Slip::Erased));
    paint(&mut lesson, &mut marks, &column(WIDTH - 1), Mark::Filled);
    assert_eq!(lesson.slip(), None);
    assert_eq!(lesson.step(), Step::Finish);
    paint(&mut lesson, &mut marks, &[(2, 2)], Mark::Filled);
    assert_eq!(lesson.step(), Step::Done);
}

#[test]
fn a_player_ahead_of_the_lesson_skips_the_steps_done() {
    // The gaps crossed and the 5s filled before they are asked for.
    let mut lesson = Lesson::default();
    let mut marks = Marks::new(WIDTH, HEIGHT);
    let gaps: Vec<_> = GAPS.iter().map(|&x| (x, GAPS_ROW)).collect();
    paint(&mut lesson, &mut marks, &gaps, Mark::Crossed);
    let fives: Vec<_> = [row(0), row(HEIGHT - 1), column(0), column(WIDTH - 1)].concat();
    paint(&mut lesson, &mut marks, &fives, Mark::Filled);
    assert_eq!(lesson.step(), Step::Undo);
    lesson.after(Move::Undone, &marks, solved(&marks));
    assert_eq!(lesson.step(), Step::Redo);
    // A move after an undo leaves nothing to redo: the lesson goes on, past
    // the steps already done.
    paint(&mut lesson, &mut marks, &[(1, 1)], Mark::Crossed);
    assert_eq!(lesson.step(), Step::Finish);
    // Solved at any step: done.
    for step_marks in [0, 1] {
        let mut lesson = Lesson::default();
        let mut marks = Marks::new(WIDTH, HEIGHT);
        if step_marks == 1 {
            paint(&mut lesson, &mut marks, &row(0), Mark::Filled);
        }
        let picture: Vec<_> = (0..HEIGHT)
            .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
            .filter(|&(x, y)| PICTURE_ROWS[y] >> x & 1 == 1)
            .collect();
        paint(&mut lesson, &mut marks, &picture, Mark::Filled);
        assert_eq!(lesson.step(), Step::Done);
        // Finished before the gaps were ever crossed: the end says so.
        assert!(lesson.skipped_crosses());
    }
}

/// The end says what B does only where the gaps were never crossed: at
/// the cross step, or ahead of it and then cleared, they count.
#[test]
fn the_end_tells_of_crosses_only_when_the_cross_step_was_skipped() {
    let picture: Vec<_> = (0..HEIGHT)
        .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
        .filter(|&(x, y)| PICTURE_ROWS[y] >> x & 1 == 1)
        .collect();
    let gaps: Vec<_> = GAPS.iter().map(|&x| (x, GAPS_ROW)).collect();
    // The lesson followed step by step.
    let mut lesson = Lesson::default();
    let mut marks = Marks::new(WIDTH, HEIGHT);
    paint(&mut lesson, &mut marks, &row(0), Mark::Filled);
    lesson.after(Move::Undone, &marks, solved(&marks));
    paint(&mut lesson, &mut marks, &row(0), Mark::Filled);
    assert_eq!(lesson.step(), Step::CrossGaps);
    assert!(!lesson.skipped_crosses());
    paint(&mut lesson, &mut marks, &gaps, Mark::Crossed);
    paint(&mut lesson, &mut marks, &picture, Mark::Filled);
    assert_eq!(lesson.step(), Step::Done);
    assert!(!lesson.skipped_crosses());
    // Crossed ahead of the step, then cleared: still met.
    let mut lesson = Lesson::default();
    let mut marks = Marks::new(WIDTH, HEIGHT);
    paint(&mut lesson, &mut marks, &gaps, Mark::Crossed);
    paint(&mut lesson, &mut marks, &gaps, Mark::Empty);
    paint(&mut lesson, &mut marks, &picture, Mark::Filled);
    assert_eq!(lesson.step(), Step::Done);
    assert!(!lesson.skipped_crosses());
}

/// Random marks, undos and redos: the steps only move forward, one is
/// `Done` exactly when the picture is solved, and the slip is said exactly
/// while a wrong cell is filled.
#[test]
fn random_play_only_moves_forward_and_ends_when_solved() {
    let mut rng = Rng::new(0x1e55_0002);
    for _ in 0..500 {
        let mut lesson = Lesson::default();
        let mut marks = Marks::new(WIDTH, HEIGHT);
        for _ in 0..200 {
            let before = lesson.step();
            let done = match rng.below(8) {
                0 => Move::Undone,
                1 => Move::Redone,
                _ => {
                    let (x, y) = (rng.below(5) as usize, rng.below(5) as usize);
                    // Mostly the picture's own marks, so lessons get done.
                    let right = PICTURE_ROWS[y] >> x & 1 == 1;
                    let mark = match rng.below(6) {
                        0 => Mark::Empty,
                        1 => Mark::Filled,
                        _ if right => Mark::Filled,
                        _ => Mark::Crossed,
                    };
                    marks.set(x, y, mark);
                    Move::Painted
                }
            };
            let is_solved = solved(&marks);
            lesson.after(done, &marks, is_solved);
            assert!(lesson.step().number() >= before.number());
            if is_solved {
                assert_eq!(lesson.step(), Step::Done);
            } else {
                assert_ne!(lesson.step(), Step::Done);
            }
            let wrong = (0..HEIGHT).any(|y| {
                (0..WIDTH).any(|x| marks.get(x, y) == Mark::Filled && PICTURE_ROWS[y] >> x & 1 == 0)
            });
            assert_eq!(lesson.slip() == Some(Slip::WrongFill), wrong);
            let wrong_cross = !wrong
                && (0..HEIGHT).any(|y| {
                    (0..WIDTH)
                        .any(|x| marks.get(x, y) == Mark::Crossed && PICTURE_ROWS[y] >> x & 1 == 1)
                });
            assert_eq!(lesson.slip() == Some(Slip::WrongCross), wrong_cross);
            if lesson.step() == Step::Done {
                break;
            }
        }
    }
}
