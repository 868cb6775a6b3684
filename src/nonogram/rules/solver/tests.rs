extern crate std;

use std::collections::HashMap;
use std::vec::Vec;

use super::{UniquenessCheck, Verdict};
use crate::clues::Clues;
use crate::grid::Grid;
use crate::line::{Line, cells_mask};
use crate::oracle;
use crate::puzzle::PuzzleClues;
use shared::random::Rng;

/// Every solution of `clues` (up to `limit`), by trying each row's possible
/// patterns top to bottom and dropping a branch as soon as a column's cells so
/// far cannot start its clues.
fn solutions(clues: &PuzzleClues, limit: usize) -> Vec<Grid> {
    let (width, height) = (clues.width(), clues.height());
    let row_options: Vec<Vec<u32>> = (0..height)
        .map(|y| {
            (0..1u32 << width)
                .filter(|&m| clues.row(y).match_cells(m))
                .collect()
        })
        .collect();
    let mut found = Vec::new();
    let mut rows = std::vec![0u32; height];
    fn column_prefix_ok(cells: &[u32], x: usize, numbers: &[u8], complete: bool) -> bool {
        let mut runs = Vec::new();
        let mut run = 0u8;
        for row in cells {
            if row & (1 << x) != 0 {
                run += 1;
            } else if run > 0 {
                runs.push(run);
                run = 0;
            }
        }
        if complete {
            if run > 0 {
                runs.push(run);
            }
            return runs == numbers;
        }
        runs.len() <= numbers.len()
            && runs.iter().zip(numbers).all(|(a, b)| a == b)
            && (run == 0 || numbers.get(runs.len()).is_some_and(|&next| run <= next))
    }
    fn go(
        y: usize,
        rows: &mut Vec<u32>,
        options: &[Vec<u32>],
        clues: &PuzzleClues,
        found: &mut Vec<Grid>,
        limit: usize,
    ) {
        if found.len() >= limit {
            return;
        }
        let (width, height) = (clues.width(), clues.height());
        if y == height {
            found.push(Grid::from_rows(width, height, rows));
            return;
        }
        for &option in &options[y] {
            rows[y] = option;
            let complete = y + 1 == height;
            if (0..width)
                .all(|x| column_prefix_ok(&rows[..=y], x, clues.column(x).as_slice(), complete))
            {
                go(y + 1, rows, options, clues, found, limit);
            }
        }
    }
    go(0, &mut rows, &row_options, clues, &mut found, limit);
    found
}

/// Line logic by brute force: each line's forced cells from its listed
/// placements, over and over until nothing changes. The undecided cells, or
/// `None` on a contradiction.
fn line_logic_by_enumeration(clues: &PuzzleClues) -> Option<Grid> {
    let (width, height) = (clues.width(), clues.height());
    let mut filled = std::vec![0u32; height];
    let mut crossed = std::vec![0u32; height];
    let row_placements: Vec<_> = (0..height)
        .map(|y| oracle::placements(width, clues.row(y).as_slice()))
        .collect();
    let column_placements: Vec<_> = (0..width)
        .map(|x| oracle::placements(height, clues.column(x).as_slice()))
        .collect();
    let column = |rows: &[u32], x: usize| (0..height).fold(0, |c, y| c | ((rows[y] >> x) & 1) << y);
    loop {
        let before = (filled.clone(), crossed.clone());
        for y in 0..height {
            let line = Line::from_masks(width, filled[y], crossed[y]);
            let (f, c) =
                oracle::forced_by_enumeration(line, clues.row(y).as_slice(), &row_placements[y])?;
            filled[y] |= f;
            crossed[y] |= c;
        }
        for (x, placements) in column_placements.iter().enumerate() {
            let line = Line::from_masks(height, column(&filled, x), column(&crossed, x));
            let (f, c) =
                oracle::forced_by_enumeration(line, clues.column(x).as_slice(), placements)?;
            for y in 0..height {
                filled[y] |= ((f >> y) & 1) << x;
                crossed[y] |= ((c >> y) & 1) << x;
            }
        }
        if (filled.clone(), crossed.clone()) == before {
            let undecided: Vec<u32> = (0..height)
                .map(|y| cells_mask(width) & !(filled[y] | crossed[y]))
                .collect();
            return Some(Grid::from_rows(width, height, &undecided));
        }
    }
}

/// Checks a verdict against the full list of solutions (all of them, or at
/// least two when there are more).
fn check_verdict(clues: &PuzzleClues, verdict: Verdict, all: &[Grid]) {
    match verdict {
        Verdict::Unique {
            solution,
            line_solvable,
        } => {
            assert_eq!(all, [solution], "{clues:?}");
            let undecided = line_logic_by_enumeration(clues).unwrap();
            assert_eq!(line_solvable, undecided.is_empty(), "{clues:?}");
        }
        Verdict::NotUnique(ambiguity) => {
            assert!(all.len() >= 2, "{clues:?}");
            assert!(clues.solved_by(&ambiguity.first) && clues.solved_by(&ambiguity.second));
            assert_ne!(ambiguity.first, ambiguity.second);
            assert_eq!(
                ambiguity.differing,
                ambiguity.first.differing(&ambiguity.second)
            );
            assert_eq!(
                Some(ambiguity.undecided),
                line_logic_by_enumeration(clues),
                "{clues:?}"
            );
            // Cells that vary over all solutions are all undecided.
            for other in all {
                let varies = other.differing(&all[0]);
                for y in 0..clues.height() {
                    assert_eq!(varies.row(y) & !ambiguity.undecided.row(y), 0, "{clues:?}");
                }
            }
        }
        Verdict::NoSolution => assert!(all.is_empty(), "{clues:?}"),
        Verdict::Working | Verdict::Stalled { .. } => panic!("unfinished: {verdict:?}"),
    }
}

/// Checks the clues every way the solver can run: as from a player's clues,
/// probing at every node from the start, and knowing one solution.
fn check_all_ways(clues: &PuzzleClues, all: &[Grid]) {
    check_verdict(clues, UniquenessCheck::new(clues).run(), all);
    check_verdict(
        clues,
        UniquenessCheck::new(clues).probing_after(0).run(),
        all,
    );
    if let Some(picture) = all.first() {
        check_verdict(clues, UniquenessCheck::of_picture(picture).run(), all);
        check_verdict(
            clues,
            UniquenessCheck::of_picture(picture).probing_after(0).run(),
            all,
        );
    }
}

fn picture(width: usize, height: usize, bits: u64) -> Grid {
    let rows: Vec<u32> = (0..height)
        .map(|y| ((bits >> (y * width)) as u32) & cells_mask(width))
        .collect();
    Grid::from_rows(width, height, &rows)
}

/// Every 4x4 picture: its clues have as many solutions as pictures share
/// them, so counting pictures per clue set is a complete solution count.
#[test]
fn every_4x4_picture() {
    let mut classes: HashMap<PuzzleClues, Vec<Grid>> = HashMap::new();
    for bits in 0..1u64 << 16 {
        let picture = picture(4, 4, bits);
        classes
            .entry(PuzzleClues::of_picture(&picture))
            .or_default()
            .push(picture);
    }
    let mut kinds = [0u32; 3];
    for (clues, all) in &classes {
        check_all_ways(clues, all);
        let verdict = UniquenessCheck::new(clues).run();
        kinds[match verdict {
            Verdict::Unique {
                line_solvable: true,
                ..
            } => 0,
            Verdict::Unique { .. } => 1,
            _ => 2,
        }] += 1;
    }
    std::println!("4x4 clue sets: {kinds:?} (line-solvable, unique by search, not unique)");
    assert!(kinds.iter().all(|&count| count > 0));
}

fn random_clues(rng: &mut Rng, len: usize) -> Clues {
    let mut cells = 0;
    for i in 0..len {
        if rng.below(2) == 0 {
            cells |= 1 << i;
        }
    }
    Clues::of_cells(cells)
}

/// Clue sets that mostly come from no picture, against the 4x4 count.
#[test]
fn random_4x4_clue_sets() {
    let mut classes: HashMap<PuzzleClues, Vec<Grid>> = HashMap::new();
    for bits in 0..1u64 << 16 {
        let picture = picture(4, 4, bits);
        classes
            .entry(PuzzleClues::of_picture(&picture))
            .or_default()
            .push(picture);
    }
    let mut rng = Rng::new(5);
    let mut none = 0;
    for _ in 0..20_000 {
        let rows: Vec<Clues> = (0..4).map(|_| random_clues(&mut rng, 4)).collect();
        let columns: Vec<Clues> = (0..4).map(|_| random_clues(&mut rng, 4)).collect();
        let clues = PuzzleClues::new(4, 4, &rows, &columns).unwrap();
        let all = classes.get(&clues).cloned().unwrap_or_default();
        none += usize::from(all.is_empty());
        check_all_ways(&clues, &all);
    }
    assert!(none > 10_000);
}

/// A picture with each cell filled at `density` percent.
fn noise(rng: &mut Rng, width: usize, height: usize, density: u32) -> Grid {
    let mut grid = Grid::new(width, height);
    for y in 0..height {
        for x in 0..width {
            grid.set(x, y, rng.below(100) < density);
        }
    }
    grid
}

#[test]
fn random_5x5_to_7x7_pictures_and_clue_sets() {
    let mut rng = Rng::new(11);
    for round in 0..10_000 {
        let size = 5 + round % 3;
        let clues = if round % 3 == 0 {
            let rows: Vec<Clues> = (0..size).map(|_| random_clues(&mut rng, size)).collect();
            let columns: Vec<Clues> = (0..size).map(|_| random_clues(&mut rng, size)).collect();
            PuzzleClues::new(size, size, &rows, &columns).unwrap()
        } else {
            let density = 20 + rng.below(60);
            PuzzleClues::of_picture(&noise(&mut rng, size, size, density))
        };
        let all = solutions(&clues, usize::MAX);
        check_all_ways(&clues, &all);
    }
}

#[test]
fn line_logic_only_stops_where_line_logic_does() {
    let mut rng = Rng::new(12);
    for round in 0..400 {
        let (width, height) = if round % 2 == 0 { (7, 6) } else { (10, 8) };
        let density = 30 + rng.below(40);
        let clues = PuzzleClues::of_picture(&noise(&mut rng, width, height, density));
        let expected = line_logic_by_enumeration(&clues).unwrap();
        match UniquenessCheck::line_logic_only(&clues).run() {
            Verdict::Stalled { undecided } => assert_eq!(undecided, expected),
            Verdict::Unique {
                line_solvable: true,
                ..
            } => assert!(expected.is_empty()),
            other => panic!("{other:?}"),
        }
    }
}

/// Big random pictures, checked each way: a unique verdict gives back the
/// picture, a non-unique one two different pictures with the same clues, and
/// every way agrees on which it is.
#[test]
fn random_20x15_pictures() {
    let mut rng = Rng::new(13);
    let mut kinds = [0u32; 2];
    for _ in 0..150 {
        let density = 30 + rng.below(45);
        let source = noise(&mut rng, 20, 15, density);
        let clues = PuzzleClues::of_picture(&source);
        let ways = [
            UniquenessCheck::new(&clues).run(),
            UniquenessCheck::new(&clues).probing_after(0).run(),
            UniquenessCheck::of_picture(&source).run(),
        ];
        for verdict in ways {
            match verdict {
                Verdict::Unique { solution, .. } => assert_eq!(solution, source),
                Verdict::NotUnique(ambiguity) => {
                    assert!(
                        clues.solved_by(&ambiguity.first) && clues.solved_by(&ambiguity.second)
                    );
                    assert!(!ambiguity.differing.is_empty());
                }
                other => panic!("{other:?}"),
            }
            assert_eq!(
                core::mem::discriminant(&verdict),
                core::mem::discriminant(&ways[0]),
                "{clues:?}"
            );
        }
        kinds[usize::from(matches!(ways[0], Verdict::NotUnique(_)))] += 1;
    }
    std::println!("20x15 noise: {kinds:?} (unique, not unique)");
    assert!(kinds.iter().all(|&count| count > 10));
}

#[test]
fn small_budgets_reach_the_same_verdict() {
    let mut rng = Rng::new(14);
    for round in 0..60 {
        let density = 35 + rng.below(30);
        let clues = PuzzleClues::of_picture(&noise(&mut rng, 12, 10, density));
        let fresh = || {
            let check = UniquenessCheck::new(&clues);
            if round % 2 == 0 {
                check
            } else {
                check.probing_after(0)
            }
        };
        let whole = fresh().run();
        let mut check = fresh();
        let mut calls = 0u32;
        let verdict = loop {
            calls += 1;
            let verdict = check.step(1 + calls % 3);
            if verdict != Verdict::Working {
                break verdict;
            }
        };
        assert_eq!(verdict, whole);
        assert_eq!(check.step(5), whole, "a finished check keeps its verdict");
        assert!(calls * 3 >= check.work_done());
    }
}

/// Timing on the host: uniqueness checks of 20x15 noise pictures at several
/// densities, in work units (line solves) and time.
#[test]
#[ignore = "timing: run with --ignored --nocapture"]
fn timing_20x15_checks() {
    const CAP: u32 = 1_000_000;
    // Density 0 stands for smoothed pictures (the generator's, before its filter).
    let probe_after: Option<u32> = std::env::var("PROBE_AFTER")
        .ok()
        .map(|v| v.parse().unwrap());
    for (hinted, density) in [false, true]
        .into_iter()
        .flat_map(|h| [0, 30, 40, 50, 60, 70].map(|d| (h, d)))
    {
        let mut rng = Rng::new(0x2015 + density);
        let mut works = Vec::new();
        let mut guesses = Vec::new();
        let mut nanos = Vec::new();
        let mut unique = 0;
        let mut capped = 0;
        for _ in 0..300 {
            let picture = if density == 0 {
                crate::generator::smooth_picture(&mut rng, 20, 15)
            } else {
                noise(&mut rng, 20, 15, density)
            };
            let start = std::time::Instant::now();
            let mut check = if hinted {
                UniquenessCheck::of_picture(&picture)
            } else {
                UniquenessCheck::new(&PuzzleClues::of_picture(&picture))
            };
            if let Some(work) = probe_after {
                check = check.probing_after(work);
            }
            let verdict = check.step(CAP);
            capped += u32::from(verdict == Verdict::Working);
            if verdict == Verdict::Working {
                std::println!(
                    "  capped: first found {}, root undecided {}, depth {}",
                    check.first.is_some(),
                    check.root_undecided.map_or(0, |g| g.count()),
                    check.guesses.len()
                );
            }
            nanos.push(start.elapsed().as_nanos() as u64);
            unique += u32::from(matches!(verdict, Verdict::Unique { .. }));
            works.push(check.work_done());
            guesses.push(check.guesses());
        }
        works.sort_unstable();
        guesses.sort_unstable();
        nanos.sort_unstable();
        let mean = |v: &[u64]| v.iter().sum::<u64>() / v.len() as u64;
        std::println!(
            "hinted {hinted}, density {density}%: {unique}/300 unique, {capped} over {CAP}; work median {} p99 {} max {}; guesses median {} max {}; time mean {} us max {} us",
            works[150],
            works[296],
            works[299],
            guesses[150],
            guesses[299],
            mean(&nanos) / 1000,
            nanos[299] / 1000
        );
    }
}

/// One check restarted in place on puzzle after puzzle (as the generator
/// does) gives what a fresh check gives each time.
#[test]
fn restarting_in_place_matches_a_fresh_check() {
    let mut rng = Rng::new(15);
    let mut reused = UniquenessCheck::new(&PuzzleClues::of_picture(&Grid::new(3, 3)));
    for round in 0..200 {
        let (width, height) = (1 + rng.below(12) as usize, 1 + rng.below(10) as usize);
        let density = 20 + rng.below(60);
        let picture = noise(&mut rng, width, height, density);
        let clues = PuzzleClues::of_picture(&picture);
        let (hint, search) = match round % 3 {
            0 => (None, true),
            1 => (Some(&picture), true),
            _ => (None, false),
        };
        let fresh = match round % 3 {
            0 => UniquenessCheck::new(&clues),
            1 => UniquenessCheck::of_picture(&picture),
            _ => UniquenessCheck::line_logic_only(&clues),
        }
        .run();
        reused.step(3);
        reused.restart(&clues, hint, search);
        assert_eq!(reused.run(), fresh);
    }
}

#[test]
fn a_check_built_in_place_runs_as_a_new_one() {
    let mut rng = Rng::new(41);
    for round in 0..60 {
        let (width, height) = (1 + rng.below(20) as usize, 1 + rng.below(15) as usize);
        let mut picture = Grid::new(width, height);
        for y in 0..height {
            for x in 0..width {
                picture.set(x, y, rng.below(100) < 55);
            }
        }
        let clues = PuzzleClues::of_picture(&picture);
        let search = round % 2 == 0;
        let mut place = std::boxed::Box::new(core::mem::MaybeUninit::uninit());
        let built = UniquenessCheck::new_in(&mut place, &clues, search);
        let mut new = if search {
            UniquenessCheck::new(&clues)
        } else {
            UniquenessCheck::line_logic_only(&clues)
        };
        assert_eq!(built.run(), new.run(), "round {round}");
        assert_eq!(built.work_done(), new.work_done());
    }
}
