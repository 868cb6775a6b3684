//! Makes `src/polarium/puzzles.txt`, the built-in puzzle list:
//! `cargo test --release --manifest-path <repo>/Cargo.toml -p rules-host make_polarium_puzzles -- --ignored`
//! (from /, away from the ROM's .cargo/config.toml).
//!
//! For each size below, puzzles from fixed seeds are kept when the solver,
//! in the cartridge's space, solves them from their hints with a stroke and
//! finds exactly one solution; of those, the quota is picked evenly from
//! easiest to hardest, and the whole list is sorted by difficulty.

use std::boxed::Box;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::string::String;
use std::vec::Vec;

use super::rules::Puzzle;
use super::rules::difficulty::{Difficulty, TIERS};
use super::rules::generator::Generator;
use super::rules::password;
use super::rules::solver::{Progress, RomSpace, Solver};

/// Width, height and how many puzzles of that size: all sizes from 3x3 to
/// 8x8 that the GBA's wide screen suits, more of the big ones.
const SIZES: [(u8, u8, usize); 20] = [
    (3, 3, 6),
    (4, 3, 6),
    (4, 4, 8),
    (5, 3, 4),
    (5, 4, 8),
    (4, 5, 4),
    (5, 5, 10),
    (6, 4, 6),
    (6, 5, 8),
    (5, 6, 4),
    (6, 6, 10),
    (7, 5, 6),
    (7, 6, 8),
    (6, 7, 5),
    (7, 7, 10),
    (8, 5, 4),
    (8, 6, 8),
    (7, 8, 5),
    (8, 7, 8),
    (8, 8, 16),
];

/// Candidates gathered per puzzle wanted, to pick the quota from.
const CANDIDATES_PER_PUZZLE: usize = 4;
/// Seeds tried per size before giving up on filling its quota.
const SEEDS_PER_SIZE: u32 = 5000;

struct Kept {
    puzzle: Puzzle,
    difficulty: Difficulty,
}

fn rom_space() -> Box<RomSpace> {
    // SAFETY: every field of `Space` is an integer array; zero is valid.
    unsafe { Box::<RomSpace>::new_zeroed().assume_init() }
}

/// The puzzle's difficulty if it is a keeper: solved in the cartridge's
/// space with a stroke, and only one solution.
fn keeper(puzzle: &Puzzle, space: &mut RomSpace) -> Option<Difficulty> {
    let mut solver = Solver::new(puzzle, space);
    let progress = solver.solve(space);
    match &progress {
        Progress::Solved(solution) if solution.count == 1 => {
            Difficulty::from_progress(&progress, solver.states())
        }
        _ => None,
    }
}

fn password_text(puzzle: &Puzzle) -> String {
    let digits = password::encode(puzzle);
    let group = |i: usize| -> String {
        digits[i * 10..i * 10 + 10]
            .iter()
            .map(|&d| char::from(b'0' + d))
            .collect()
    };
    std::format!("{} {} {}", group(0), group(1), group(2))
}

#[test]
#[ignore]
fn make_polarium_puzzles() {
    let mut space = rom_space();
    let mut boards = HashSet::new();
    let mut list: Vec<Kept> = Vec::new();
    for (width, height, quota) in SIZES {
        let mut candidates = Vec::new();
        for number in 0..SEEDS_PER_SIZE {
            if candidates.len() == quota * CANDIDATES_PER_PUZZLE {
                break;
            }
            let seed = u32::from(width) << 28 | u32::from(height) << 24 | number;
            let puzzle = Generator::new(width, height, seed)
                .unwrap()
                .generate()
                .puzzle;
            if boards.contains(&puzzle.board) {
                continue;
            }
            if let Some(difficulty) = keeper(&puzzle, &mut space) {
                boards.insert(puzzle.board);
                candidates.push(Kept { puzzle, difficulty });
            }
        }
        assert!(candidates.len() >= quota, "{width}x{height}");
        candidates.sort_by_key(|kept| kept.difficulty.score());
        let last = candidates.len() - 1;
        let picks: Vec<usize> = (0..quota).map(|i| i * last / (quota - 1).max(1)).collect();
        for (i, kept) in candidates.into_iter().enumerate() {
            if picks.contains(&i) {
                list.push(kept);
            }
        }
    }
    // Stable: equal scores keep the order of the sizes above.
    list.sort_by_key(|kept| kept.difficulty.score());

    let mut text = String::from(
        "# Pocket Desk's built-in Polarium puzzles, easiest first, made by\n\
         # tests/rules/src/polarium/make_puzzles.rs from fixed seeds with the path-first\n\
         # generator; each has exactly one solution from its hints, found by the solver\n\
         # in the cartridge's space. Regenerate (from /):\n\
         # cargo test --release --manifest-path <repo>/Cargo.toml -p rules-host make_polarium_puzzles -- --ignored\n\
         # One puzzle a line: its Polarium DS password in three groups of ten, then\n\
         # size, difficulty tier (1-5), solutions and solver states.\n",
    );
    let mut by_tier = [0usize; TIERS as usize];
    for kept in &list {
        let board = kept.puzzle.board;
        let Difficulty { states, count } = kept.difficulty;
        let tier = kept.difficulty.tier();
        by_tier[usize::from(tier) - 1] += 1;
        writeln!(
            text,
            "{}  # {}x{} tier {tier} count {count} states {states}",
            password_text(&kept.puzzle),
            board.width(),
            board.height()
        )
        .unwrap();
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../src/polarium/puzzles.txt"
    );
    std::fs::write(path, text).unwrap();
    std::println!("{} puzzles, by tier {by_tier:?}", list.len());
}
