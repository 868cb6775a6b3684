//! The solver's ARM and IWRAM code on the GBA itself, in the cartridge's
//! space. These are the tests' bodies; the ROM's test build
//! (`src/rules_on_gba.rs`) runs each as an in-ROM test, and this crate stays
//! free of agb.

use alloc::boxed::Box;

use super::Cell;
use super::password::decode;
use super::solver::{Progress, RomSpace, Solver};

fn space() -> Box<RomSpace> {
    // SAFETY: every field of `Space` is an integer array; zero is valid.
    unsafe { Box::<RomSpace>::new_zeroed().assume_init() }
}

pub fn arm_solver_solves_the_public_vector_from_its_hints() {
    let digits = [
        5, 8, 8, 0, 4, 7, 7, 5, 8, 2, 5, 8, 8, 0, 4, 7, 7, 5, 8, 2, 3, 5, 9, 9, 9, 5, 4, 9, 8, 2,
    ];
    let puzzle = decode(&digits).unwrap();
    let mut space = space();
    let mut solver = Solver::new(&puzzle, &mut space);
    let progress = solver.solve(&mut space);
    let Progress::Solved(solution) = progress else {
        panic!("{progress:?}")
    };
    assert_eq!(solution.stroke.first(), Some(Cell::new(1, 1)));
    assert_eq!(solution.stroke.last(), Some(Cell::new(1, 7)));
    assert!(solution.stroke.applied(&puzzle.board).is_solved());
}

/// A sample of the built-in puzzles, the hardest included, solved from
/// their hints in the cartridge's space with a stroke to show.
pub fn arm_builtin_puzzles_solve_with_a_stroke() {
    use super::builtin;
    let mut space = space();
    let sample = (0..builtin::COUNT)
        .step_by(16)
        .chain(builtin::COUNT - 3..builtin::COUNT);
    for index in sample {
        let puzzle = builtin::puzzle(index).unwrap();
        let mut solver = Solver::new(&puzzle, &mut space);
        let progress = solver.solve(&mut space);
        let Progress::Solved(solution) = progress else {
            panic!("built-in {index}: {progress:?}")
        };
        assert!(
            solution.stroke.applied(&puzzle.board).is_solved(),
            "{index}"
        );
    }
}
