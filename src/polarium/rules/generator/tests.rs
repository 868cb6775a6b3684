use std::boxed::Box;
use std::println;

use super::*;
use crate::solver::{Progress, RomSpace, Solver, Space};
use shared::random::Rng;

/// Room for any board, so every answer is a stroke.
type HostSpace = Space<{ 1 << 20 }, { 1 << 16 }>;

fn host_space() -> Box<HostSpace> {
    // SAFETY: every field of `Space` is an integer array; zero is valid.
    unsafe { Box::<HostSpace>::new_zeroed().assume_init() }
}

fn rom_space() -> Box<RomSpace> {
    // SAFETY: as above.
    unsafe { Box::<RomSpace>::new_zeroed().assume_init() }
}

fn solve(puzzle: &Puzzle, space: &mut HostSpace) -> (Progress, u32) {
    let mut solver = Solver::new(puzzle, space);
    let progress = solver.solve(space);
    (progress, solver.states())
}

/// The walk is a stroke from one hint to the other that solves the board,
/// every row starts mixed, and the solver agrees that it is solvable.
fn check(generated: &Generated, space: &mut HostSpace) {
    let Generated { puzzle, stroke } = generated;
    let board = &puzzle.board;
    assert_eq!(board.mixed_rows(), row_bits(board.height()), "{puzzle:?}");
    let again = Stroke::from_cells(board, stroke.cells()).expect("a valid stroke");
    assert!(again.applied(board).is_solved(), "{puzzle:?}");
    assert_eq!(
        puzzle.hints,
        Some((stroke.first().unwrap(), stroke.last().unwrap()))
    );
    let tiles = stroke.cells().iter().filter(|&&c| board.is_tile(c)).count();
    assert!(tiles >= usize::from(board.height()) && stroke.len() >= MIN_STROKE);
    match solve(puzzle, space).0 {
        Progress::Solved(solution) => {
            assert!(solution.count >= 1);
            let cells = solution.stroke.cells();
            assert_eq!(Some((cells[0], cells[cells.len() - 1])), puzzle.hints);
            assert!(solution.stroke.applied(board).is_solved());
        }
        other => panic!("{other:?} for {puzzle:?}"),
    }
}

#[test]
fn every_generated_puzzle_is_solved_by_its_walk_and_the_solver() {
    let mut space = host_space();
    let mut rng = Rng::new(0x9E4E_0001);
    let mut attempts = 0;
    let rounds = 10_000;
    for _ in 0..rounds {
        let width = 3 + rng.below(6) as u8;
        let height = 1 + rng.below(8) as u8;
        let mut generator = Generator::new(width, height, rng.next_u32()).unwrap();
        check(&generator.generate(), &mut space);
        attempts += generator.attempts();
    }
    println!("{rounds} puzzles in {attempts} attempts");
}

#[test]
fn every_endless_size_and_many_seeds_make_good_puzzles() {
    let mut space = host_space();
    for width in 3..=8 {
        for height in 3..=8 {
            for seed in 0..25 {
                let mut generator = Generator::new(width, height, seed).unwrap();
                check(&generator.generate(), &mut space);
            }
        }
    }
}

#[test]
fn the_same_size_and_seed_give_the_same_puzzles() {
    for (width, height, seed) in [(3, 3, 0), (8, 8, 1), (5, 7, 0xDEAD_BEEF), (3, 1, 9)] {
        let mut a = Generator::new(width, height, seed).unwrap();
        let mut b = Generator::new(width, height, seed).unwrap();
        for _ in 0..50 {
            assert_eq!(a.attempt(), b.attempt());
        }
        assert_eq!(a.attempts(), 50);
    }
    // Nearby seeds give different puzzles.
    let first = |seed| Generator::new(8, 8, seed).unwrap().generate().puzzle;
    let distinct: std::collections::HashSet<_> = (0..200).map(first).collect();
    assert_eq!(distinct.len(), 200);
}

#[test]
fn sizes_it_cannot_make_are_refused() {
    for (width, height) in [(0, 3), (1, 3), (2, 3), (9, 3), (3, 0), (3, 9)] {
        assert!(
            Generator::new(width, height, 0).is_none(),
            "{width}x{height}"
        );
    }
    for width in 3..=8 {
        for height in 1..=8 {
            assert!(Generator::new(width, height, 0).is_some());
        }
    }
}

/// Host speed of one attempt on the largest board.
#[test]
#[ignore]
fn attempt_speed() {
    let mut generator = Generator::new(8, 8, 1).unwrap();
    let rounds = 1_000_000;
    let started = std::time::Instant::now();
    let mut made = 0u32;
    for _ in 0..rounds {
        made += u32::from(generator.attempt().is_some());
    }
    let elapsed = started.elapsed();
    println!(
        "8x8: {:.0} ns per attempt, {made} of {rounds} attempts made a puzzle",
        elapsed.as_nanos() as f64 / f64::from(rounds)
    );
}
/// Per size: attempts per puzzle, how many of 100 have one solution and
/// how many at most four, and the solver's states (mean and most).
#[test]
#[ignore]
fn generator_report() {
    let mut space = rom_space();
    for height in 3..=8 {
        let mut line = std::string::String::new();
        for width in 3..=8 {
            let (mut attempts, mut unique, mut few, mut states, mut most) = (0, 0, 0, 0, 0);
            for seed in 0..100 {
                let mut generator = Generator::new(width, height, seed).unwrap();
                let generated = generator.generate();
                attempts += generator.attempts();
                let mut solver = Solver::new(&generated.puzzle, &mut space);
                let count = match solver.solve(&mut space) {
                    Progress::Solved(s) => s.count,
                    Progress::Solvable { count } => count,
                    other => panic!("{other:?}"),
                };
                states += solver.states();
                most = most.max(solver.states());
                unique += u32::from(count == 1);
                few += u32::from(count <= 4);
            }
            line += &std::format!(
                "{width}x{height}: {:4.1} {unique:3} {few:3} {:5} {most:5} | ",
                f64::from(attempts) / 100.0,
                states / 100
            );
        }
        println!("{line}");
    }
}
