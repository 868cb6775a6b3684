//! The solver's ARM and IWRAM code on the GBA itself, in the cartridge's space.

use alloc::boxed::Box;

use super::password::decode;
use super::solver::{Progress, RomSpace, Solver};
use super::{Board, Cell, Puzzle};

fn space() -> Box<RomSpace> {
    // SAFETY: every field of `Space` is an integer array; zero is valid.
    unsafe { Box::<RomSpace>::new_zeroed().assume_init() }
}

#[test_case]
fn arm_solver_solves_the_public_vector_from_its_hints(gba: &mut agb::Gba) {
    crate::framework::perf::install(gba.timers.timers());
    let digits = [
        5, 8, 8, 0, 4, 7, 7, 5, 8, 2, 5, 8, 8, 0, 4, 7, 7, 5, 8, 2, 3, 5, 9, 9, 9, 5, 4, 9, 8, 2,
    ];
    let puzzle = decode(&digits).unwrap();
    let mut space = space();
    let mut solver = Solver::new(&puzzle, &mut space);
    let start = crate::framework::perf::now();
    let progress = solver.solve();
    let cycles = crate::framework::perf::now().wrapping_sub(start);
    agb::println!(
        "public vector: {} states, {} cycles",
        solver.states(),
        cycles
    );
    let Progress::Solved(solution) = progress else {
        panic!("{progress:?}")
    };
    assert_eq!(solution.stroke.first(), Some(Cell::new(1, 1)));
    assert_eq!(solution.stroke.last(), Some(Cell::new(1, 7)));
    assert!(solution.stroke.applied(&puzzle.board).is_solved());
}

#[test_case]
fn arm_solver_cost_per_state(gba: &mut agb::Gba) {
    crate::framework::perf::install(gba.timers.timers());
    let mut space = space();
    let mut rng = crate::random::Rng::new(5);
    for _ in 0..6 {
        let mut rows = [0u8; 8];
        for row in &mut rows {
            *row = rng.next_u32() as u8;
        }
        let board = Board::from_rows(8, 8, rows).unwrap();
        for hints in [Some((Cell::new(0, 0), Cell::new(9, 9))), None] {
            let puzzle = Puzzle { board, hints };
            let mut solver = Solver::new(&puzzle, &mut space);
            let start = crate::framework::perf::now();
            let progress = solver.solve();
            let cycles = crate::framework::perf::now().wrapping_sub(start);
            agb::println!(
                "hints {}: {} states, {} cycles, {} per state, {:?}",
                hints.is_some(),
                solver.states(),
                cycles,
                cycles / solver.states(),
                matches!(progress, Progress::Solved(_))
            );
        }
    }
}

/// What one generator attempt costs on the GBA, per size.
#[test_case]
fn arm_generator_attempt_cost(gba: &mut agb::Gba) {
    crate::framework::perf::install(gba.timers.timers());
    for (width, height) in [(8, 8), (8, 5), (5, 5), (4, 8), (3, 3)] {
        let mut generator = super::generator::Generator::new(width, height, 1).unwrap();
        let (mut total, mut worst, mut made) = (0u32, 0u32, 0u32);
        let attempts = 200;
        for _ in 0..attempts {
            let start = crate::framework::perf::now();
            let generated = generator.attempt();
            let cycles = crate::framework::perf::now().wrapping_sub(start);
            total += cycles;
            worst = worst.max(cycles);
            made += u32::from(generated.is_some());
        }
        agb::println!(
            "generator {}x{}: {} cycles per attempt, worst {}, {} of {} made a puzzle",
            width,
            height,
            total / attempts,
            worst,
            made,
            attempts
        );
    }
}

/// A sample of the built-in puzzles, the hardest included, solved from
/// their hints in the cartridge's space.
#[test_case]
fn arm_builtin_puzzles_solve_with_a_stroke(gba: &mut agb::Gba) {
    use super::builtin;
    crate::framework::perf::install(gba.timers.timers());
    let mut space = space();
    let sample = (0..builtin::COUNT)
        .step_by(16)
        .chain(builtin::COUNT - 3..builtin::COUNT);
    for index in sample {
        let puzzle = builtin::puzzle(index).unwrap();
        let mut solver = Solver::new(&puzzle, &mut space);
        let start = crate::framework::perf::now();
        let progress = solver.solve();
        let cycles = crate::framework::perf::now().wrapping_sub(start);
        agb::println!(
            "built-in {}: {}x{}, {} states, {} cycles",
            index,
            puzzle.board.width(),
            puzzle.board.height(),
            solver.states(),
            cycles
        );
        assert!(matches!(progress, Progress::Solved(_)), "{index}");
    }
}
