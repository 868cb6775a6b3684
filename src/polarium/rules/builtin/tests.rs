use std::boxed::Box;
use std::collections::{BTreeMap, HashSet};
use std::println;
use std::string::String;
use std::vec::Vec;

use super::*;
use crate::board::Board;
use crate::difficulty::{Difficulty, TIERS};
use crate::rating::{self, Effort};
use crate::solver::{Progress, RomSpace, Solver};
use crate::stroke::Stroke;

/// Puzzles (numbered from 1) rated by hand, easiest first, by drawing them:
/// - 1, a 3x3 with one odd tile in the middle of each row: a line down;
/// - 8, a 4x3 whose stroke climbs over the top border and comes back
///   down: small, but the way round has to be seen;
/// - 45, a 7x6 of 22 cells that swings out over the left border and ends
///   down the right one: several rows to settle before the way is clear;
/// - 150, an 8x8 of 52 cells and 34 turns over both borders: wrong turns
///   show only many cells later.
const HAND_RATED: [usize; 4] = [1, 8, 45, 150];

fn rom_space() -> Box<RomSpace> {
    // SAFETY: every field of `Space` is an integer array; zero is valid.
    unsafe { Box::<RomSpace>::new_zeroed().assume_init() }
}

fn all() -> Vec<Puzzle> {
    (0..COUNT)
        .map(|i| puzzle(i).unwrap_or_else(|| panic!("puzzle {i} does not decode")))
        .collect()
}

/// The comment after each password: size, tier, effort, cells, states,
/// ideas.
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
        // A row already one colour may be there to be left alone.
        assert!(!puzzle.board.is_solved(), "puzzle {i} is solved already");
    }
}

/// Each built-in's one solving stroke from its hints, as the solver finds
/// it in the cartridge's space, and its solver states.
fn solutions() -> Vec<(Stroke, u32)> {
    let mut space = rom_space();
    all()
        .iter()
        .enumerate()
        .map(|(i, puzzle)| {
            let mut solver = Solver::new(puzzle, &mut space);
            let progress = solver.solve(&mut space);
            let Progress::Solved(solution) = &progress else {
                panic!("puzzle {i}: {progress:?}");
            };
            assert_eq!(solution.count, 1, "puzzle {i}");
            let difficulty = Difficulty::from_progress(&progress, solver.states()).unwrap();
            (solution.stroke.clone(), difficulty.states)
        })
        .collect()
}

/// Solved from the hints in the cartridge's space, with one solution; each
/// line's comment says what the solver and the effort measure find. Prints
/// the counts by size and by set label.
#[test]
fn every_builtin_puzzle_is_solved_once_and_its_comment_says_so() {
    let comments = comments();
    assert_eq!(comments.len(), COUNT);
    let mut by_size = BTreeMap::new();
    let mut by_tier = [0u32; TIERS as usize];
    for (i, (puzzle, (stroke, states))) in all().iter().zip(solutions()).enumerate() {
        let cells = stroke.cells();
        assert_eq!(Some((cells[0], cells[cells.len() - 1])), puzzle.hints);
        assert!(stroke.applied(&puzzle.board).is_solved());
        let effort = rating::effort(puzzle, &stroke).unwrap();
        let (w, h) = (puzzle.board.width(), puzzle.board.height());
        let start = std::format!(
            "{w}x{h} tier {} effort {} cells {} states {states} ",
            super::TIERS[i],
            effort.score(),
            stroke.len()
        );
        assert!(
            comments[i].starts_with(&start),
            "puzzle {i}: {} is not {start}",
            comments[i]
        );
        *by_size.entry((w, h)).or_insert(0u32) += 1;
        by_tier[usize::from(super::TIERS[i]) - 1] += 1;
    }
    let sizes: Vec<String> = by_size
        .iter()
        .map(|((w, h), n)| std::format!("{w}x{h}: {n}"))
        .collect();
    println!("{COUNT} built-in puzzles; by size {}", sizes.join(", "));
    println!("by set label (1-{TIERS}): {by_tier:?}");
}

/// No two built-ins are solved by the same stroke shape: turned, mirrored,
/// drawn the other way or moved, one stroke is one shape.
#[test]
fn no_two_builtins_share_a_stroke_shape() {
    let mut shapes: BTreeMap<rating::Moves, usize> = BTreeMap::new();
    for (i, (stroke, _)) in solutions().iter().enumerate() {
        if let Some(first) = shapes.insert(rating::shape(stroke), i) {
            panic!("puzzles {} and {} share a stroke shape", first + 1, i + 1);
        }
    }
    assert_eq!(shapes.len(), COUNT);
}

/// Sets of ten that grow: 8x8 boards by the fourth set, and in the second
/// half of the list at least 40% 8x8 and strokes of 40 cells on average.
/// Prints the figures per quarter.
#[test]
fn boards_and_strokes_grow_set_by_set() {
    const {
        assert!(
            COUNT >= 144 && COUNT.is_multiple_of(10),
            "sets of ten, 144 or more"
        )
    };
    let puzzles = all();
    let strokes = solutions();
    let is_eight = |p: &Puzzle| p.board.width() == 8 && p.board.height() == 8;
    assert!(puzzles[..40].iter().any(is_eight), "no 8x8 board by set 4");
    let figures = |from: usize, to: usize| {
        let eights = puzzles[from..to].iter().filter(|p| is_eight(p)).count();
        let cells: usize = strokes[from..to].iter().map(|(s, _)| s.len()).sum();
        (
            eights as f64 / (to - from) as f64,
            cells as f64 / (to - from) as f64,
        )
    };
    for quarter in 0..4 {
        let (eights, cells) = figures(COUNT * quarter / 4, COUNT * (quarter + 1) / 4);
        println!(
            "quarter {}: {:.0}% 8x8, mean stroke {cells:.1} cells",
            quarter + 1,
            eights * 100.0
        );
    }
    let (eights, cells) = figures(COUNT / 2, COUNT);
    println!(
        "second half: {:.0}% 8x8, mean stroke {cells:.1} cells",
        eights * 100.0
    );
    assert!(eights >= 0.4, "second half {:.0}% 8x8", eights * 100.0);
    assert!(cells >= 40.0, "second half mean stroke {cells:.1}");
    let area = |p: &Puzzle| u32::from(p.board.width()) * u32::from(p.board.height());
    assert!(puzzles[..10].iter().all(|p| area(p) <= 20));
    let sets: Vec<u32> = puzzles
        .chunks(10)
        .map(|set| set.iter().map(area).max().unwrap())
        .collect();
    assert!(sets.windows(2).all(|pair| pair[0] <= pair[1]), "{sets:?}");
}

/// The first set teaches one idea a puzzle, in this order: a straight
/// line, a bend, a row of one colour left alone, two rows at once, the
/// border, a stroke that steps back, hints that pin the ends (without them
/// a shorter stroke would solve the board; the puzzles before have none).
#[test]
fn the_first_set_teaches_one_idea_a_puzzle() {
    let puzzles = all();
    let strokes = solutions();
    let runs = |p: &Puzzle, s: &Stroke| {
        let mut per_row = [0u8; 10];
        for c in s.cells().iter().filter(|c| p.board.is_tile(**c)) {
            per_row[usize::from(c.y)] += 1;
        }
        per_row.iter().filter(|&&n| n >= 2).count()
    };
    let (p, s) = (&puzzles[0], &strokes[0].0);
    assert_eq!(rating::turns(s), 0);
    let (p1, s1) = (&puzzles[1], &strokes[1].0);
    assert!(rating::turns(s1) > 0 && runs(p1, s1) < 2 && rating::rows_left_alone(p1, s1) == 0);
    let (p2, s2) = (&puzzles[2], &strokes[2].0);
    assert!(rating::rows_left_alone(p2, s2) != 0 && runs(p2, s2) < 2);
    assert!(!rating::crosses_border(p2, s2));
    let (p3, s3) = (&puzzles[3], &strokes[3].0);
    assert!(runs(p3, s3) >= 2 && !rating::crosses_border(p3, s3));
    let (p4, s4) = (&puzzles[4], &strokes[4].0);
    assert!(rating::crosses_border(p4, s4) && !rating::steps_back(s4));
    let (p5, s5) = (&puzzles[5], &strokes[5].0);
    assert!(rating::steps_back(s5) && !rating::crosses_border(p5, s5));
    for i in 0..6 {
        assert!(
            !rating::hints_rule_out_a_short_cut(&puzzles[i], &strokes[i].0),
            "puzzle {} teaches the hints early",
            i + 1
        );
    }
    assert!(rating::hints_rule_out_a_short_cut(
        &puzzles[6],
        &strokes[6].0
    ));
    assert!(!rating::crosses_border(p, s));
}

/// Set labels: one per set, never falling, and more than two of them.
#[test]
fn every_puzzle_has_its_sets_label_and_labels_never_fall() {
    for (i, &tier) in super::TIERS.iter().enumerate() {
        assert!((1..=TIERS).contains(&tier), "{i}");
    }
    assert!(super::TIERS.windows(2).all(|pair| pair[0] <= pair[1]));
    for set in super::TIERS.chunks(10) {
        assert!(set.iter().all(|&tier| tier == set[0]), "{set:?}");
    }
    let labels: HashSet<u8> = super::TIERS.iter().copied().collect();
    assert!(labels.len() >= 4, "{labels:?}");
}

/// Rank correlation (Spearman's) of two lists.
fn rank_correlation(a: &[u32], b: &[u32]) -> f64 {
    let ranks = |v: &[u32]| {
        let mut order: Vec<usize> = (0..v.len()).collect();
        order.sort_by_key(|&i| v[i]);
        let mut rank = std::vec![0.0; v.len()];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = r as f64;
        }
        rank
    };
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let d2: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - y) * (x - y)).sum();
    1.0 - 6.0 * d2 / (n * (n * n - 1.0))
}

/// The effort measure against the solver's states: they agree on the
/// whole (bigger boards, longer strokes) without being the same measure.
/// And against puzzles rated by hand (see [`HAND_RATED`]).
#[test]
fn effort_follows_the_solver_loosely_and_the_hand_ratings_closely() {
    let puzzles = all();
    let strokes = solutions();
    let efforts: Vec<Effort> = puzzles
        .iter()
        .zip(&strokes)
        .map(|(p, (s, _))| rating::effort(p, s).unwrap())
        .collect();
    let scores: Vec<u32> = efforts.iter().map(|e| e.score()).collect();
    let states: Vec<u32> = strokes.iter().map(|(_, states)| *states).collect();
    let correlation = rank_correlation(&scores, &states);
    println!("rank correlation of effort and solver states: {correlation:.2}");
    assert!((0.3..0.95).contains(&correlation), "{correlation}");
    // Hand ratings, easiest first: the measure puts them in the same order.
    let hand: Vec<u32> = HAND_RATED.iter().map(|&n| scores[n - 1]).collect();
    println!("hand-rated puzzles {HAND_RATED:?}: effort {hand:?}");
    assert!(hand.windows(2).all(|pair| pair[0] < pair[1]), "{hand:?}");
}
#[test]
fn no_two_puzzles_share_a_board_and_sizes_are_three_to_eight() {
    let puzzles = all();
    let boards: HashSet<Board> = puzzles.iter().map(|p| p.board).collect();
    assert_eq!(boards.len(), COUNT, "two built-in puzzles share a board");
    for puzzle in &puzzles {
        let (w, h) = (puzzle.board.width(), puzzle.board.height());
        assert!((3..=8).contains(&w) && (3..=8).contains(&h), "{w}x{h}");
    }
}

/// An earlier list's puzzle still built in is found by its password; the
/// others are marked gone.
#[test]
fn earlier_puzzles_map_to_the_same_password_now() {
    let earlier = parse::<EARLIER_COUNT>(EARLIER_TEXT);
    for (old, &now) in EARLIER_TO_NOW.iter().enumerate() {
        assert_eq!(
            index_of(earlier[old]),
            (now != GONE).then_some(usize::from(now)),
            "earlier puzzle {old}"
        );
    }
    let kept = EARLIER_TO_NOW.iter().filter(|&&now| now != GONE).count();
    println!("{kept} of the earlier {EARLIER_COUNT} puzzles are still built in");
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
