//! The field solver against the pocket board's solver and its exact
//! verifier on 14x6, against the truth on every size, and under mirrors.

extern crate std;

use std::vec::Vec;

use super::super::no_guess::{FieldNoGuess, generate_blocking};
use super::*;
use crate::check::{Verdict, verify};
use crate::{Layout, Pos, solves};
use shared::random::Rng;

fn size(width: u8, height: u8, mines: u16) -> Size {
    Size::new(width, height, mines).expect("a size the rules play")
}

/// Every size the menu offers a no-guess field on, and some odd ones.
fn sizes() -> [Size; 6] {
    [
        Size::BEGINNER,
        Size::INTERMEDIATE,
        Size::EXPERT,
        size(8, 8, 10),
        size(30, 16, 130),
        size(17, 11, 33),
    ]
}

/// A solve run to its end, and the solver as it ended.
fn solve(size: Size, mines: &Mines, first: Place) -> (Option<Solved>, FieldSolver) {
    let mut solver = FieldSolver::new(size, mines);
    if !solver.begin(first) {
        return (None, solver);
    }
    let mut work = u32::MAX;
    let solved = solver.advance(&mut work);
    (solved, solver)
}

fn squares(size: Size) -> impl Iterator<Item = Place> {
    (0..size.height()).flat_map(move |y| (0..size.width()).map(move |x| Place::new(x, y)))
}

#[test]
fn agrees_with_the_pocket_solver_and_its_exact_verifier_on_14x6() {
    let mut rng = Rng::new(0x5EED);
    let mut cleared = 0;
    for round in 0..3000u32 {
        let first = Pos::new((round % 14) as u8, (round / 14 % 6) as u8);
        let mines = [10, 15, 20][(round % 3) as usize];
        let layout = Layout::random(first, mines, &mut rng);
        let field_size = size(14, 6, u16::from(mines));
        let field_mines = Mines::at(
            field_size,
            layout
                .mines()
                .iter()
                .map(|pos| Place::new(pos.x(), pos.y())),
        );
        let place = Place::new(first.x(), first.y());
        let (solved, _) = solve(field_size, &field_mines, place);
        let pocket = solves(&layout, first);
        assert_eq!(
            solved == Some(Solved::Cleared),
            pocket,
            "round {round}: {layout:?} from {first:?}"
        );
        if pocket {
            cleared += 1;
            assert_eq!(verify(&layout, first), Verdict::Cleared, "round {round}");
        }
    }
    // Both outcomes are common, so the agreement means something.
    assert!((300..2700).contains(&cleared), "{cleared} cleared");
}

#[test]
fn what_it_proves_is_true_on_every_size() {
    let mut rng = Rng::new(11);
    for (round, size) in (0..240u32).zip(sizes().into_iter().cycle()) {
        let squares: Vec<Place> = squares(size).collect();
        let first = squares[rng.below(squares.len() as u32) as usize];
        let mines = Mines::random(size, first, &mut rng);
        let (solved, solver) = solve(size, &mines, first);
        let (revealed, known) = solver.knowledge();
        for place in squares {
            let mine = mines.contains(place);
            assert!(
                !(mine && has(&revealed, place)),
                "round {round}: opened a mine"
            );
            assert!(
                !(!mine && has(&known, place)),
                "round {round}: a false mine"
            );
            if solved == Some(Solved::Cleared) {
                assert!(mine || has(&revealed, place), "round {round}: left closed");
            }
        }
    }
}

/// Rows of bits mirrored left to right, top to bottom, or both.
fn mirrored(size: Size, mines: &Mines, flip_x: bool, flip_y: bool) -> Mines {
    let flip = |place: Place| {
        Place::new(
            if flip_x {
                size.width() - 1 - place.x
            } else {
                place.x
            },
            if flip_y {
                size.height() - 1 - place.y
            } else {
                place.y
            },
        )
    };
    Mines::at(
        size,
        squares(size)
            .filter(|&place| mines.contains(place))
            .map(flip),
    )
}

#[test]
fn a_mirrored_field_solves_as_the_field_does() {
    let mut rng = Rng::new(23);
    let mut outcomes = [0u32; 2];
    for (round, size) in (0..180u32).zip(sizes().into_iter().cycle()) {
        let first = Place::new(
            rng.below(u32::from(size.width())) as u8,
            rng.below(u32::from(size.height())) as u8,
        );
        let mines = Mines::random(size, first, &mut rng);
        let (solved, _) = solve(size, &mines, first);
        outcomes[usize::from(solved == Some(Solved::Cleared))] += 1;
        for (flip_x, flip_y) in [(true, false), (false, true), (true, true)] {
            let mirror = mirrored(size, &mines, flip_x, flip_y);
            let first = Place::new(
                if flip_x {
                    size.width() - 1 - first.x
                } else {
                    first.x
                },
                if flip_y {
                    size.height() - 1 - first.y
                } else {
                    first.y
                },
            );
            assert_eq!(solve(size, &mirror, first).0, solved, "round {round}");
        }
    }
    assert!(outcomes.iter().all(|&count| count > 10), "{outcomes:?}");
}

#[test]
fn split_work_ends_where_one_go_does() {
    let mut rng = Rng::new(31);
    for size in sizes() {
        let first = Place::new(size.width() / 2, size.height() / 2);
        let mines = Mines::random(size, first, &mut rng);
        let (whole, whole_solver) = solve(size, &mines, first);
        let mut solver = FieldSolver::new(size, &mines);
        assert!(solver.begin(first));
        let mut calls = 0;
        let split = loop {
            calls += 1;
            let mut work = 5;
            if let Some(solved) = solver.advance(&mut work) {
                break solved;
            }
        };
        assert_eq!(Some(split), whole);
        assert_eq!(solver.knowledge(), whole_solver.knowledge());
        assert!(calls > 1, "{size:?} took one call");
    }
}

#[test]
fn moved_mines_show_as_a_fresh_solver_shows_them() {
    let mut rng = Rng::new(41);
    let size = Size::EXPERT;
    let first = Place::new(3, 3);
    let mines = Mines::random(size, first, &mut rng);
    let mut solver = FieldSolver::new(size, &mines);
    assert!(solver.begin(first));
    for _ in 0..50 {
        let unknown = *solver.unknown();
        let mines = solver.mines();
        let pick = |rng: &mut Rng, mine: bool| {
            let choices: Vec<Place> = squares(size)
                .filter(|&place| has(&unknown, place) && mines.contains(place) == mine)
                .collect();
            (!choices.is_empty()).then(|| choices[rng.below(choices.len() as u32) as usize])
        };
        let (Some(from), Some(to)) = (pick(&mut rng, true), pick(&mut rng, false)) else {
            break;
        };
        solver.move_mine(from, to);
        let fresh = FieldSolver::new(size, &solver.mines());
        assert_eq!(solver.zeros, fresh.zeros);
        assert_eq!(solver.mines().count(), size.mines());
        assert!(solver.mines().contains(to) && !solver.mines().contains(from));
    }
}

#[test]
fn refuses_a_walled_off_corner() {
    // The top left 2x2 holds one mine behind a wall of mines: no number
    // ever tells which square.
    let size = size(9, 9, 6);
    let mines = Mines::at(
        size,
        [(0, 0), (2, 0), (2, 1), (0, 2), (1, 2), (2, 2)].map(|(x, y)| Place::new(x, y)),
    );
    assert_eq!(solve(size, &mines, Place::new(6, 6)).0, Some(Solved::Stuck));
    // With the last mine found, the count proves the rest safe.
    let mines = Mines::at(size, [Place::new(8, 8)]);
    assert_eq!(
        solve(size, &mines, Place::new(0, 0)).0,
        Some(Solved::Cleared)
    );
}

#[test]
fn no_guess_fields_solve_from_scratch_with_their_mines_where_they_belong() {
    for (seed, size) in (0..18u32).zip(sizes().into_iter().cycle()) {
        let first = Place::new(
            (seed * 7 % u32::from(size.width())) as u8,
            (seed * 5 % u32::from(size.height())) as u8,
        );
        let (mines, search) = generate_blocking(size, first, seed);
        assert_eq!(mines.count(), size.mines(), "{size:?}");
        assert!(search.layouts() < super::super::no_guess::MAX_LAYOUTS);
        let (solved, _) = solve(size, &mines, first);
        assert_eq!(solved, Some(Solved::Cleared), "seed {seed}, {size:?}");
        for place in squares(size) {
            let near = place.x.abs_diff(first.x) <= 1 && place.y.abs_diff(first.y) <= 1;
            assert!(!(near && mines.contains(place)));
        }
        for y in 0..16 {
            assert_eq!(mines.row(y) >> size.width(), 0);
            assert!(y < size.height() || mines.row(y) == 0);
        }
    }
}

#[test]
fn a_seed_gives_the_same_field_however_the_work_is_split() {
    let size = Size::EXPERT;
    let first = Place::new(20, 9);
    let (whole, _) = generate_blocking(size, first, 77);
    let mut search = FieldNoGuess::new(size, first, 77);
    let mut copy = None;
    let mut steps = 0;
    let stepped = loop {
        steps += 1;
        if steps == 3 {
            copy = Some(search.clone());
        }
        if let Some(mines) = search.step() {
            break mines;
        }
    };
    assert_eq!(stepped, whole);
    assert!(steps > 3);
    assert_eq!(
        search.step(),
        Some(whole),
        "a finished search keeps its field"
    );
    let mut copy = copy.expect("copied part way");
    let copied = loop {
        if let Some(mines) = copy.step() {
            break mines;
        }
    };
    assert_eq!(copied, whole);
    assert_ne!(generate_blocking(size, first, 78).0, whole);
}

/// On 14x6, where the exact verifier is quick, a no-guess field is one it
/// clears too.
#[test]
fn no_guess_pocket_sized_fields_pass_the_exact_verifier() {
    for seed in 0..40u32 {
        let mines = [10u16, 15, 20][(seed % 3) as usize];
        let first = Place::new((seed % 14) as u8, (seed / 14 % 6) as u8);
        let (field_mines, _) = generate_blocking(size(14, 6, mines), first, seed);
        let layout = Layout::from_mines(
            Pos::all()
                .filter(|pos| field_mines.contains(Place::new(pos.x(), pos.y())))
                .collect(),
        );
        assert_eq!(
            verify(&layout, Pos::new(first.x, first.y)),
            Verdict::Cleared,
            "seed {seed}"
        );
    }
}

/// A row's runs of zeros as a square-by-square spread finds them.
#[test]
fn a_rows_runs_fill_as_a_spread_does() {
    let mut rng = Rng::new(9);
    for _ in 0..100_000 {
        let zeros = rng.next_u32() & 0x3FFF_FFFF | rng.next_u32() & 0x3FFF_FFFF;
        let seeds = rng.next_u32() & rng.next_u32() & rng.next_u32() & 0x3FFF_FFFF;
        let mut spread = seeds & zeros;
        loop {
            let next = spread | (spread << 1 | spread >> 1) & zeros;
            if next == spread {
                break;
            }
            spread = next;
        }
        assert_eq!(
            super::runs_through(seeds, zeros),
            spread,
            "{zeros:b} {seeds:b}"
        );
    }
}
