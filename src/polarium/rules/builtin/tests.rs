use std::boxed::Box;
use std::collections::{BTreeMap, HashSet};
use std::println;
use std::string::String;
use std::vec::Vec;

use super::*;
use crate::difficulty::{Difficulty, TIERS};
use crate::solver::{Progress, RomSpace, Solver};

fn rom_space() -> Box<RomSpace> {
    // SAFETY: every field of `Space` is an integer array; zero is valid.
    unsafe { Box::<RomSpace>::new_zeroed().assume_init() }
}

fn all() -> Vec<Puzzle> {
    (0..COUNT)
        .map(|i| puzzle(i).unwrap_or_else(|| panic!("puzzle {i} does not decode")))
        .collect()
}

/// The comment after each password: size, tier, solutions, states.
fn comments() -> Vec<String> {
    std::str::from_utf8(TEXT)
        .unwrap()
        .lines()
        .filter(|line| !line.trim_start().starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split_once('#').map_or("", |(_, c)| c).trim().into())
        .collect()
}

#[test]
fn the_text_parser_skips_comments_blanks_and_spaces() {
    let text = b"# a comment\n\n  5880477582 5880477582 3599954982   # 8x8\r\n\
                 5880477582 5880477582 3599954982\n   # indented comment\n\
                 \t5880477582 5880477582 3599954982";
    const N: usize = 3;
    assert_eq!(count(text), N);
    let lines = parse::<N>(text);
    let expected = password::lines_from_text(b"5880477582 5880477582 3599954982");
    assert_eq!(lines, [expected; N]);
    assert_eq!(count(b""), 0);
    assert_eq!(count(b"# only\n#comments\n"), 0);
}

#[test]
fn every_builtin_puzzle_decodes_and_round_trips() {
    assert!(puzzle(COUNT).is_none());
    for (i, puzzle) in all().iter().enumerate() {
        assert_eq!(password::lines(puzzle), PUZZLES[i], "puzzle {i}");
        assert_eq!(password::decode(&password::encode(puzzle)), Ok(*puzzle));
        assert!(puzzle.hints.is_some());
        let board = puzzle.board;
        let every_row = ((1u16 << board.height()) - 1) as u8;
        assert_eq!(
            board.mixed_rows(),
            every_row,
            "puzzle {i} has a one-colour row"
        );
    }
}

/// Solved from the hints in the cartridge's space, with a stroke and one
/// solution; the list goes from easiest to hardest, and each line's comment
/// says what the solver finds. Prints the counts by size and by tier.
#[test]
fn every_builtin_puzzle_is_solved_and_the_list_is_easiest_first() {
    let mut space = rom_space();
    let comments = comments();
    assert_eq!(comments.len(), COUNT);
    let mut last_score = 0;
    let mut by_size = BTreeMap::new();
    let mut by_tier = [0u32; TIERS as usize];
    let mut states = Vec::new();
    for (i, puzzle) in all().iter().enumerate() {
        let mut solver = Solver::new(puzzle, &mut space);
        let progress = solver.solve(&mut space);
        let Progress::Solved(solution) = &progress else {
            panic!("puzzle {i}: {progress:?}");
        };
        let cells = solution.stroke.cells();
        assert_eq!(Some((cells[0], cells[cells.len() - 1])), puzzle.hints);
        assert!(solution.stroke.applied(&puzzle.board).is_solved());
        assert_eq!(solution.count, 1, "puzzle {i}");
        let difficulty = Difficulty::from_progress(&progress, solver.states()).unwrap();
        assert!(
            difficulty.score() >= last_score,
            "puzzle {i} is out of order"
        );
        last_score = difficulty.score();
        let (w, h) = (puzzle.board.width(), puzzle.board.height());
        let comment = std::format!(
            "{w}x{h} tier {} count {} states {}",
            difficulty.tier(),
            difficulty.count,
            difficulty.states
        );
        assert_eq!(comments[i], comment, "puzzle {i}");
        *by_size.entry((w, h)).or_insert(0u32) += 1;
        by_tier[usize::from(difficulty.tier()) - 1] += 1;
        states.push(difficulty.states);
    }
    let sizes: Vec<String> = by_size
        .iter()
        .map(|((w, h), n)| std::format!("{w}x{h}: {n}"))
        .collect();
    println!("{COUNT} built-in puzzles; by size {}", sizes.join(", "));
    println!("by tier (1-{TIERS}): {by_tier:?}");
    let mean = states.iter().map(|&s| u64::from(s)).sum::<u64>() / states.len() as u64;
    println!(
        "solver states from the hints: min {}, mean {mean}, max {}",
        states.iter().min().unwrap(),
        states.iter().max().unwrap()
    );
}

#[test]
fn there_are_enough_distinct_puzzles_of_every_size() {
    const { assert!(COUNT >= 120, "at least 120 built-in puzzles") };
    let puzzles = all();
    let boards: HashSet<_> = puzzles.iter().map(|p| p.board).collect();
    assert_eq!(boards.len(), COUNT, "two built-in puzzles share a board");
    let sides = |p: &Puzzle| (p.board.width(), p.board.height());
    assert!(puzzles.iter().any(|p| sides(p) == (3, 3)));
    assert!(puzzles.iter().any(|p| sides(p) == (8, 8)));
    for puzzle in &puzzles {
        let (w, h) = sides(puzzle);
        assert!((3..=8).contains(&w) && (3..=8).contains(&h), "{w}x{h}");
    }
    // Bigger boards come later: the last quarter is all at least 6x6 in area.
    let late = &puzzles[COUNT * 3 / 4..];
    let area = |p: &Puzzle| u32::from(p.board.width()) * u32::from(p.board.height());
    assert!(
        late.iter().all(|p| area(p) >= 30),
        "small boards late in the list"
    );
    assert!(puzzles[..10].iter().all(|p| area(p) <= 20));
}

#[test]
fn every_puzzle_has_its_tier_and_tiers_never_fall() {
    for (i, &tier) in super::TIERS.iter().enumerate() {
        assert!((1..=TIERS).contains(&tier), "{i}");
    }
    assert!(super::TIERS.windows(2).all(|pair| pair[0] <= pair[1]));
}

#[test]
fn sizes_read_from_the_passwords_match_the_puzzles() {
    for index in 0..COUNT {
        let board = puzzle(index).unwrap().board;
        assert_eq!(size(index), Some((board.width(), board.height())));
    }
    assert_eq!(size(COUNT), None);
}

/// A built-in's password typed in is found by its lines: the stored lines
/// are each puzzle's own encoding, and no two puzzles share them.
#[test]
fn every_built_in_is_found_by_its_own_password_lines() {
    for (index, &stored) in PUZZLES.iter().enumerate() {
        let puzzle = puzzle(index).expect("every built-in decodes");
        let lines = password::lines(&puzzle);
        assert_eq!(lines, stored, "puzzle {index} is stored as its encoding");
        assert_eq!(index_of(lines), Some(index));
    }
    assert_eq!(index_of([0, 0, 0]), None);
}
