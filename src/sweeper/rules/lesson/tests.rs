use super::{Lesson, MINES, Slip, Step, layout_for};
use crate::{GameState, Outcome, Pos, PosSet, solves};
use shared::random::Rng;

fn hidden(lesson: &Lesson, pos: Pos) -> bool {
    lesson
        .board()
        .square(pos)
        .is_some_and(|square| !square.is_revealed() && !square.is_flagged())
}

fn is_mine(lesson: &Lesson, pos: Pos) -> bool {
    lesson
        .board()
        .square(pos)
        .is_some_and(|square| square.is_mine())
}

/// A revealed 1 with one hidden square around it: the mine the flag step
/// asks for.
fn given_away_mine(lesson: &Lesson) -> Option<Pos> {
    Pos::all().find_map(|pos| {
        let square = lesson.board().square(pos)?;
        if !square.is_revealed_number() || square.neighbours() != 1 {
            return None;
        }
        let mut hiddens = pos.neighbours().filter(|&next| hidden(lesson, next));
        match (hiddens.next(), hiddens.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    })
}

/// A number a chord opens something around.
fn chord_square(lesson: &Lesson) -> Option<Pos> {
    Pos::all().find(|&pos| {
        let Some(square) = lesson.board().square(pos) else {
            return false;
        };
        let flags = pos
            .neighbours()
            .filter(|&next| lesson.board().square(next).is_some_and(|s| s.is_flagged()))
            .count();
        square.is_revealed_number()
            && flags == usize::from(square.neighbours())
            && pos.neighbours().any(|next| hidden(lesson, next))
    })
}

#[test]
fn every_first_square_opens_a_lesson_cleared_by_deduction() {
    for first in Pos::all() {
        let layout = layout_for(first);
        assert_eq!(layout.mine_count(), 10, "{first:?}");
        assert!(!layout.mines().contains(first));
        assert!(
            layout
                .mines()
                .intersection(PosSet::around(first))
                .is_empty()
        );
        assert!(solves(&layout, first), "no guess from {first:?}");
    }
}

#[test]
fn the_mines_turned_are_the_same_board_mirrored() {
    let mut turns = PosSet::EMPTY;
    for first in Pos::all() {
        let mines = layout_for(first).mines();
        let mirrored = |flip_x: bool, flip_y: bool| -> PosSet {
            MINES
                .iter()
                .map(|&(x, y)| {
                    Pos::new(
                        if flip_x { crate::WIDTH - 1 - x } else { x },
                        if flip_y { crate::HEIGHT - 1 - y } else { y },
                    )
                })
                .collect()
        };
        let turn = [(false, false), (true, false), (false, true), (true, true)]
            .iter()
            .position(|&(fx, fy)| mirrored(fx, fy) == mines);
        let Some(turn) = turn else {
            panic!("{first:?}: not a turn of the lesson's mines");
        };
        turns.insert(Pos::new(turn as u8, 0));
    }
    assert!(turns.len() >= 2, "squares near the mines need another turn");
}

/// The lesson as taught, from each first square: each step's move moves it
/// on, and clearing the rest ends it.
#[test]
fn each_step_follows_the_move_it_asks_for() {
    for first in Pos::all() {
        let mut lesson = Lesson::new();
        assert_eq!(lesson.step(), Step::Open);
        assert!(matches!(lesson.open(first), Outcome::Revealed { .. }));
        assert_eq!(lesson.step(), Step::Flag, "{first:?}");
        // The cursor is on the 1 the step's words are about: a 1 whose
        // only hidden neighbour is a mine.
        let one = lesson.board().cursor();
        let told = one.neighbours().filter(|&next| hidden(&lesson, next));
        assert_eq!(lesson.board().square(one).map(|s| s.neighbours()), Some(1));
        assert!(
            lesson
                .board()
                .square(one)
                .is_some_and(|s| s.is_revealed_number())
        );
        assert_eq!(told.clone().count(), 1, "{first:?}: cursor on {one:?}");
        assert!(told.clone().all(|next| is_mine(&lesson, next)), "{first:?}");
        // Another square opened before the flag: the cursor stays where
        // the player has it.
        let mut opened = lesson.clone();
        if let Some(safe) = Pos::all().find(|&pos| hidden(&opened, pos) && !is_mine(&opened, pos)) {
            opened.open(safe);
            if opened.step() == Step::Flag {
                assert_eq!(opened.board().cursor(), one, "{first:?}: opened {safe:?}");
            }
        }
        let mine = given_away_mine(&lesson).expect("a 1 gives a mine away");
        assert!(is_mine(&lesson, mine));
        assert_eq!(lesson.mark(mine), Outcome::Flagged);
        assert_eq!(lesson.step(), Step::Chord, "{first:?}");
        assert_eq!(lesson.slip(), None);
        let number = chord_square(&lesson).expect("a number to chord on");
        assert!(matches!(lesson.open(number), Outcome::Chorded { .. }));
        assert_eq!(lesson.step(), Step::Clear, "{first:?}");
        clear(&mut lesson);
        assert_eq!(lesson.step(), Step::Done);
        assert_eq!(lesson.board().state(), GameState::Won);
        assert_eq!(lesson.open(first), Outcome::Ignored, "done stays done");
    }
}

/// Every hidden safe square opened (knowing the mines, as a test may).
fn clear(lesson: &mut Lesson) {
    for pos in Pos::all() {
        if hidden(lesson, pos) && !is_mine(lesson, pos) {
            let _ = lesson.open(pos);
        }
    }
}

#[test]
fn a_flag_without_a_mine_is_said_and_holds_the_step() {
    let mut lesson = Lesson::new();
    let _ = lesson.open(Pos::new(3, 4));
    let safe = Pos::all()
        .find(|&pos| hidden(&lesson, pos) && !is_mine(&lesson, pos))
        .expect("a hidden safe square");
    assert_eq!(lesson.mark(safe), Outcome::Flagged);
    assert_eq!(lesson.slip(), Some(Slip::WrongFlag));
    assert_eq!(lesson.step(), Step::Flag);
    let _ = lesson.move_cursor(1, 0);
    assert_eq!(
        lesson.slip(),
        Some(Slip::WrongFlag),
        "moving keeps the word"
    );
    assert_eq!(lesson.mark(safe), Outcome::Unflagged);
    assert_eq!(lesson.slip(), None);
    let mine = given_away_mine(&lesson).expect("a 1 gives a mine away");
    let _ = lesson.mark(mine);
    assert_eq!(lesson.step(), Step::Chord);
}

#[test]
fn a_chord_without_its_flags_is_said() {
    let mut lesson = Lesson::new();
    let _ = lesson.open(Pos::new(3, 4));
    let number = Pos::all()
        .find(|&pos| {
            lesson
                .board()
                .square(pos)
                .is_some_and(|s| s.is_revealed_number())
                && pos.neighbours().any(|next| hidden(&lesson, next))
        })
        .expect("a number by hidden squares");
    assert_eq!(lesson.open(number), Outcome::ChordRefused);
    assert_eq!(lesson.slip(), Some(Slip::ChordRefused));
    assert_eq!(lesson.step(), Step::Flag);
}

#[test]
fn a_mine_loses_and_a_starts_again() {
    let mut lesson = Lesson::new();
    let _ = lesson.open(Pos::new(3, 4));
    let mine = Pos::all()
        .find(|&pos| is_mine(&lesson, pos))
        .expect("a mine");
    assert_eq!(lesson.open(mine), Outcome::Lost);
    assert_eq!(lesson.step(), Step::Lost);
    assert_eq!(lesson.mark(Pos::new(0, 0)), Outcome::Ignored);
    assert_eq!(lesson.open(Pos::new(3, 4)), Outcome::Ignored);
    assert_eq!(lesson.step(), Step::Open);
    assert_eq!(lesson.board().state(), GameState::Fresh);
}

/// Played in any order (safe opens, right flags, chords, flags taken off),
/// the lesson only goes forward, never waits on a chord that cannot be
/// made, and ends once the board is cleared.
#[test]
fn any_order_of_moves_goes_forward_to_the_end() {
    let order = |step: Step| match step {
        Step::Open => 0,
        Step::Flag => 1,
        Step::Chord => 2,
        Step::Clear => 3,
        Step::Done => 4,
        Step::Lost => unreachable!("no mine is opened"),
    };
    for seed in 0..300u32 {
        let mut rng = Rng::new(seed.wrapping_mul(2_654_435_761) | 1);
        let mut lesson = Lesson::new();
        let first = Pos::from_index(rng.below(84) as usize).expect("on the board");
        let _ = lesson.open(first);
        let mut last = order(lesson.step());
        for _ in 0..2000 {
            if lesson.step() == Step::Done {
                break;
            }
            let pos = Pos::from_index(rng.below(84) as usize).expect("on the board");
            let square = lesson.board().square(pos).expect("on the board");
            match rng.below(3) {
                0 if hidden(&lesson, pos) && !square.is_mine() => {
                    let _ = lesson.open(pos);
                }
                1 if !square.is_revealed() && (square.is_mine() || square.is_flagged()) => {
                    let _ = lesson.mark(pos);
                }
                2 if square.is_revealed_number() => {
                    let _ = lesson.open(pos);
                }
                _ => continue,
            }
            let now = order(lesson.step());
            assert!(now >= last, "seed {seed}: {:?} went back", lesson.step());
            last = now;
            if lesson.step() == Step::Chord {
                assert!(lesson.can_chord(), "seed {seed}: waits on a chord");
            }
        }
        clear(&mut lesson);
        assert_eq!(lesson.step(), Step::Done, "seed {seed}");
    }
}
