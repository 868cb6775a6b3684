use std::boxed::Box;
use std::collections::HashMap;
use std::vec::Vec;

use super::*;
use shared::random::Rng;

/// Room for any board, hints or none.
type HostSpace = Space<{ 1 << 20 }, { 1 << 16 }>;

fn space() -> Box<HostSpace> {
    // SAFETY: every field of `Space` is an integer array; zero is valid.
    unsafe { Box::<HostSpace>::new_zeroed().assume_init() }
}

fn solve(puzzle: &Puzzle, space: &mut HostSpace) -> (Progress, u32) {
    let mut solver = Solver::new(puzzle, space);
    let progress = solver.solve(space);
    (progress, solver.states())
}

fn random_board(rng: &mut Rng, width: u8, height: u8) -> Board {
    let mut rows = [0u8; 8];
    for row in &mut rows {
        *row = rng.next_u32() as u8;
    }
    Board::from_rows(width, height, rows).unwrap()
}

/// A solving stroke is a valid stroke, honours the hints and solves the board.
fn check_solution(puzzle: &Puzzle, solution: &Solution) {
    let cells = solution.stroke.cells();
    assert!(!cells.is_empty());
    let again = Stroke::from_cells(&puzzle.board, cells).expect("a valid stroke");
    assert!(
        again.applied(&puzzle.board).is_solved(),
        "{puzzle:?} {cells:?}"
    );
    if let Some((start, end)) = puzzle.hints {
        assert_eq!(cells[0], start);
        assert_eq!(cells[cells.len() - 1], end);
    }
}

/// Every simple path of a ringed grid, by the tiles it flips (a bitmask,
/// bit `8 * row + column`) and its ends (smaller index first).
fn all_paths(width: u8, height: u8) -> HashMap<(u64, u8, u8), u32> {
    let (w, h) = (width as usize + 2, height as usize + 2);
    let mut paths = HashMap::new();
    fn walk(
        w: usize,
        h: usize,
        start: usize,
        at: usize,
        visited: u128,
        mask: u64,
        paths: &mut HashMap<(u64, u8, u8), u32>,
    ) {
        // Count each path once: from its smaller end (single cells too).
        if start <= at {
            *paths.entry((mask, start as u8, at as u8)).or_insert(0) += 1;
        }
        let (y, x) = (at / w, at % w);
        let mut next = Vec::new();
        if y > 0 {
            next.push(at - w);
        }
        if y + 1 < h {
            next.push(at + w);
        }
        if x > 0 {
            next.push(at - 1);
        }
        if x + 1 < w {
            next.push(at + 1);
        }
        for n in next {
            if visited >> n & 1 == 0 {
                let (ny, nx) = (n / w, n % w);
                let tile = ny >= 1 && ny + 1 < h && nx >= 1 && nx + 1 < w;
                let bit = if tile {
                    1u64 << (8 * (ny - 1) + nx - 1)
                } else {
                    0
                };
                walk(w, h, start, n, visited | 1 << n, mask | bit, paths);
            }
        }
    }
    for start in 0..w * h {
        let (y, x) = (start / w, start % w);
        let tile = y >= 1 && y + 1 < h && x >= 1 && x + 1 < w;
        let bit = if tile {
            1u64 << (8 * (y - 1) + x - 1)
        } else {
            0
        };
        walk(w, h, start, start, 1 << start, bit, &mut paths);
    }
    paths
}

/// The tile masks that leave every row of `board` one colour.
fn solving_masks(board: &Board) -> Vec<u64> {
    let h = board.height() as usize;
    let mut masks = Vec::new();
    for choice in 0..1u32 << h {
        let mut mask = 0u64;
        for y in 0..h {
            let row = board.row(y as u8);
            let flips = if choice >> y & 1 == 1 {
                row
            } else {
                !row & board.row_mask()
            };
            mask |= u64::from(flips) << (8 * y);
        }
        masks.push(mask);
    }
    masks
}

/// Index in the solver's 10-wide numbering of ringed-grid cell `i` of a `w`-wide grid.
fn cell_of(i: u8, width: u8) -> Cell {
    let w = width + 2;
    Cell::new(i / w, i % w)
}

/// The oracle's count of solutions of `puzzle` from the path table.
fn oracle_count(
    puzzle: &Puzzle,
    paths: &HashMap<(u64, u8, u8), u32>,
    by_mask: &HashMap<u64, Vec<(u8, u8, u32)>>,
) -> u64 {
    let w = puzzle.board.width();
    let mut total = 0u64;
    for mask in solving_masks(&puzzle.board) {
        let Some(list) = by_mask.get(&mask) else {
            continue;
        };
        for &(a, b, n) in list {
            let ends_ok = match puzzle.hints {
                // Without hints, strokes are counted by their ends' tiles:
                // single cells, or both ends on tiles.
                None => {
                    let (ca, cb) = (cell_of(a, w), cell_of(b, w));
                    a == b || (puzzle.board.is_tile(ca) && puzzle.board.is_tile(cb))
                }
                Some((s, e)) => {
                    let (ca, cb) = (cell_of(a, w), cell_of(b, w));
                    (ca == s && cb == e) || (ca == e && cb == s)
                }
            };
            if ends_ok {
                total += u64::from(n);
            }
        }
    }
    let _ = paths;
    total
}

fn index_by_mask(paths: &HashMap<(u64, u8, u8), u32>) -> HashMap<u64, Vec<(u8, u8, u32)>> {
    let mut by_mask: HashMap<u64, Vec<(u8, u8, u32)>> = HashMap::new();
    for (&(mask, a, b), &n) in paths {
        by_mask.entry(mask).or_default().push((a, b, n));
    }
    by_mask
}

fn compare(puzzle: &Puzzle, expected: u64, space: &mut HostSpace) {
    let (progress, _) = solve(puzzle, space);
    match progress {
        Progress::Solved(solution) => {
            assert_eq!(
                u64::from(solution.count),
                expected.min(u64::from(COUNT_LIMIT)),
                "{puzzle:?}"
            );
            check_solution(puzzle, &solution);
        }
        Progress::Unsolvable => assert_eq!(expected, 0, "{puzzle:?}"),
        other => panic!("{other:?} for {puzzle:?}"),
    }
}

/// Every board of every size up to 12 tiles, without hints and with the
/// hints of each solution family, against counts from every simple path.
#[test]
fn every_small_board_matches_the_path_enumeration() {
    let mut space = space();
    let mut rng = Rng::new(7);
    for height in 1..=4u8 {
        for width in 1..=4u8 {
            if u32::from(width) * u32::from(height) > 12 || (width + 2) * (height + 2) > 30 {
                continue;
            }
            let paths = all_paths(width, height);
            let by_mask = index_by_mask(&paths);
            let tiles = u32::from(width) * u32::from(height);
            for bits in 0..1u64 << tiles {
                let mut rows = [0u8; 8];
                for y in 0..height {
                    rows[y as usize] = (bits >> (y * width) & ((1 << width) - 1)) as u8;
                }
                let board = Board::from_rows(width, height, rows).unwrap();
                let plain = Puzzle { board, hints: None };
                compare(&plain, oracle_count(&plain, &paths, &by_mask), &mut space);
                // Random hints (usually unsolvable) and, below, real ones.
                let cell = |rng: &mut Rng| {
                    Cell::new(
                        rng.below(u32::from(height) + 2) as u8,
                        rng.below(u32::from(width) + 2) as u8,
                    )
                };
                let hinted = Puzzle {
                    board,
                    hints: Some((cell(&mut rng), cell(&mut rng))),
                };
                compare(&hinted, oracle_count(&hinted, &paths, &by_mask), &mut space);
                if let (Progress::Solved(solution), _) = solve(&plain, &mut space) {
                    let cells = solution.stroke.cells();
                    let real = Puzzle {
                        board,
                        hints: Some((cells[0], cells[cells.len() - 1])),
                    };
                    compare(&real, oracle_count(&real, &paths, &by_mask), &mut space);
                }
            }
        }
    }
}

/// A depth-first search over strokes, with only an obviously sound cut (every
/// cell the stroke must still visit is reachable): whether any stroke solves.
fn brute_force_solvable(puzzle: &Puzzle) -> bool {
    let board = &puzzle.board;
    let (w, h) = (board.ring_width() as usize, board.ring_height() as usize);
    for choice in 0..1u32 << board.height() {
        let mut required = 0u128;
        let mut forbidden = 0u128;
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                let cell = Cell::new(y as u8, x as u8);
                let flips = board.is_black(cell) == (choice >> (y - 1) & 1 == 1);
                let bit = 1u128 << (y * w + x);
                if flips {
                    required |= bit
                } else {
                    forbidden |= bit
                }
            }
        }
        let starts: Vec<usize> = match puzzle.hints {
            Some((s, _)) => vec![s.y as usize * w + s.x as usize],
            None => (0..w * h).collect(),
        };
        let end = puzzle.hints.map(|(_, e)| e.y as usize * w + e.x as usize);
        for start in starts {
            if forbidden >> start & 1 == 0 && dfs(w, h, start, 1 << start, required, forbidden, end)
            {
                return true;
            }
        }
    }
    false
}

fn neighbours(w: usize, h: usize, at: usize) -> impl Iterator<Item = usize> {
    let (y, x) = (at / w, at % w);
    [
        (y > 0).then(|| at - w),
        (y + 1 < h).then(|| at + w),
        (x > 0).then(|| at - 1),
        (x + 1 < w).then(|| at + 1),
    ]
    .into_iter()
    .flatten()
}

fn dfs(
    w: usize,
    h: usize,
    at: usize,
    visited: u128,
    required: u128,
    forbidden: u128,
    end: Option<usize>,
) -> bool {
    if required & !visited == 0 && end.is_none_or(|e| e == at) {
        return true;
    }
    // Everything still required (and the end) must be reachable from `at`.
    let mut seen = 1u128 << at;
    let mut stack = vec![at];
    while let Some(c) = stack.pop() {
        for n in neighbours(w, h, c) {
            let bit = 1u128 << n;
            if seen & bit == 0 && (visited | forbidden) & bit == 0 {
                seen |= bit;
                stack.push(n);
            }
        }
    }
    let mut needed = required & !visited;
    if let Some(e) = end {
        needed |= 1 << e;
    }
    if needed & !seen != 0 {
        return false;
    }
    neighbours(w, h, at).any(|n| {
        let bit = 1u128 << n;
        (visited | forbidden) & bit == 0 && dfs(w, h, n, visited | bit, required, forbidden, end)
    })
}

#[test]
fn random_boards_up_to_6x6_match_a_brute_force_search() {
    let mut space = space();
    let mut rng = Rng::new(0x50_1A_21);
    let mut solvable = [0u32; 2];
    for round in 0..1500 {
        let side = |rng: &mut Rng| 1 + rng.below(if round < 1200 { 5 } else { 6 }) as u8;
        let (width, height) = (side(&mut rng), side(&mut rng));
        let board = random_board(&mut rng, width, height);
        let hints = (round % 3 == 0).then(|| {
            let cell = |rng: &mut Rng| {
                Cell::new(
                    rng.below(u32::from(height) + 2) as u8,
                    rng.below(u32::from(width) + 2) as u8,
                )
            };
            (cell(&mut rng), cell(&mut rng))
        });
        let puzzle = Puzzle { board, hints };
        let (progress, _) = solve(&puzzle, &mut space);
        let expected = brute_force_solvable(&puzzle);
        match progress {
            Progress::Solved(solution) => {
                assert!(expected, "{puzzle:?}");
                check_solution(&puzzle, &solution);
            }
            Progress::Unsolvable => assert!(!expected, "{puzzle:?}"),
            other => panic!("{other:?}"),
        }
        solvable[usize::from(expected)] += 1;
    }
    assert!(solvable[0] > 30 && solvable[1] > 300, "{solvable:?}");
}

#[test]
fn the_public_vector_is_solved_from_its_hints() {
    let puzzle = crate::password::decode(&[
        5, 8, 8, 0, 4, 7, 7, 5, 8, 2, 5, 8, 8, 0, 4, 7, 7, 5, 8, 2, 3, 5, 9, 9, 9, 5, 4, 9, 8, 2,
    ])
    .unwrap();
    let mut space = space();
    let (progress, _) = solve(&puzzle, &mut space);
    let Progress::Solved(solution) = progress else {
        panic!("{progress:?}")
    };
    check_solution(&puzzle, &solution);
}

/// The solver's memory on the hardest boards: random 8x8 ones.
#[test]
fn random_8x8_boards_fit_the_space() {
    let mut space = space();
    let mut rng = Rng::new(88);
    let mut worst = 0;
    let mut solved = 0;
    for round in 0..300 {
        let board = random_board(&mut rng, 8, 8);
        let puzzle = Puzzle { board, hints: None };
        let mut solver = Solver::new(&puzzle, &mut space);
        let progress = solver.solve(&mut space);
        worst = worst.max(solver.states());
        match progress {
            Progress::Solved(solution) => {
                solved += 1;
                check_solution(&puzzle, &solution);
            }
            Progress::Unsolvable => {}
            other => panic!("round {round}: {other:?}"),
        }
    }
    std::println!("random 8x8: {solved}/300 solvable, worst {worst} states");
}

/// The cartridge's space holds every solve with hints: random 8x8 boards
/// with random hints, and the same boards with the hints of a solution.
#[test]
fn hinted_solves_fit_the_cartridge_space() {
    let mut rom = unsafe { Box::<RomSpace>::new_zeroed().assume_init() };
    let mut host = space();
    let mut rng = Rng::new(0xC0_FFEE);
    let (mut worst, mut decided_only, mut total) = (0, 0, 0);
    for _ in 0..2000 {
        let board = random_board(&mut rng, 8, 8);
        let cell = |rng: &mut Rng| Cell::new(rng.below(10) as u8, rng.below(10) as u8);
        let mut puzzles = vec![Puzzle {
            board,
            hints: Some((cell(&mut rng), cell(&mut rng))),
        }];
        if let (Progress::Solved(solution), _) = solve(&Puzzle { board, hints: None }, &mut host) {
            let cells = solution.stroke.cells();
            puzzles.push(Puzzle {
                board,
                hints: Some((cells[0], cells[cells.len() - 1])),
            });
        }
        for puzzle in puzzles {
            let mut solver = Solver::new(&puzzle, &mut rom);
            let progress = solver.solve(&mut rom);
            worst = worst.max(solver.states());
            total += 1;
            let (expected, _) = solve(&puzzle, &mut host);
            match (&progress, &expected) {
                // Too many states to keep: decided, with the same count.
                (Progress::Solvable { count }, Progress::Solved(solution)) => {
                    assert_eq!(*count, solution.count);
                    decided_only += 1;
                }
                _ => assert_eq!(progress, expected, "{puzzle:?}"),
            }
        }
    }
    std::println!(
        "hinted 8x8: worst {worst} states, {decided_only} of {total} decided without a stroke"
    );
    assert!(decided_only * 100 < total, "{decided_only} of {total}");
}

/// Spread over many small steps (as the cartridge runs it), a solve ends
/// exactly as it does in one go.
#[test]
fn small_steps_give_the_same_answer() {
    let mut whole_space = space();
    let mut other = space();
    let mut rng = Rng::new(31);
    for _ in 0..200 {
        let side = |rng: &mut Rng| 3 + rng.below(6) as u8;
        let (width, height) = (side(&mut rng), side(&mut rng));
        let board = random_board(&mut rng, width, height);
        let cell = |rng: &mut Rng| {
            Cell::new(
                rng.below(u32::from(height) + 2) as u8,
                rng.below(u32::from(width) + 2) as u8,
            )
        };
        let hints = Some((cell(&mut rng), cell(&mut rng)));
        for puzzle in [Puzzle { board, hints }, Puzzle { board, hints: None }] {
            let (whole, _) = solve(&puzzle, &mut whole_space);
            let mut solver = Solver::new(&puzzle, &mut other);
            let stepped = loop {
                match solver.step(&mut other, 7) {
                    Progress::Working { scanned, total } => assert!(scanned <= total),
                    done => break done,
                }
            };
            assert_eq!(whole, stepped, "{puzzle:?}");
        }
    }
}

/// The cartridge's solve without hints (depth first, the board and it
/// upside down) decides every board the layered scan in the host's space
/// does, in the cartridge's space and stepped as the cartridge steps it:
/// random 8x8 boards, the hardest, and smaller ones.
#[test]
fn the_cartridge_decides_every_board_without_hints() {
    let mut rom = unsafe { Box::<RomSpace>::new_zeroed().assume_init() };
    let mut host = space();
    let mut rng = Rng::new(0xC0_FFEF);
    let (mut solvable, mut worst, mut total) = (0, 0, 0u64);
    for round in 0..1500 {
        let (width, height) = if round < 1000 {
            (8, 8)
        } else {
            (1 + rng.below(8) as u8, 1 + rng.below(8) as u8)
        };
        let puzzle = Puzzle {
            board: random_board(&mut rng, width, height),
            hints: None,
        };
        let mut solver = Solver::start(&puzzle, &mut rom);
        let progress = loop {
            match solver.step(&mut rom, 64) {
                Progress::Working { scanned, total } => assert!(scanned <= total),
                done => break done,
            }
        };
        let (expected, _) = solve(&puzzle, &mut host);
        match (&progress, &expected) {
            (Progress::Solved(solution), Progress::Solved(_)) => {
                check_solution(&puzzle, solution);
                solvable += 1;
            }
            (Progress::Unsolvable, Progress::Unsolvable) => {}
            _ => panic!("{progress:?} but {expected:?} for {puzzle:?}"),
        }
        worst = worst.max(solver.states());
        total += u64::from(solver.states());
    }
    std::println!(
        "without hints: {solvable} of 1500 solvable; states mean {}, worst {worst}",
        total / 1500
    );
    assert!(solvable > 300 && solvable < 1200, "{solvable}");
}

/// Depth first, with hints too (turned upside down with the board), any
/// board up to 5x5 is decided as the path enumeration says.
#[test]
fn depth_first_matches_the_path_enumeration() {
    let mut space = unsafe { Box::<RomSpace>::new_zeroed().assume_init() };
    let mut rng = Rng::new(0xDF5);
    let mut enumerated = HashMap::new();
    for _ in 0..3000 {
        let (width, height) = (1 + rng.below(4) as u8, 1 + rng.below(3) as u8);
        let (paths, by_mask) = enumerated.entry((width, height)).or_insert_with(|| {
            let paths = all_paths(width, height);
            let by_mask = index_by_mask(&paths);
            (paths, by_mask)
        });
        let board = random_board(&mut rng, width, height);
        let cell = |rng: &mut Rng| {
            Cell::new(
                rng.below(u32::from(height) + 2) as u8,
                rng.below(u32::from(width) + 2) as u8,
            )
        };
        let hints = (rng.below(3) == 0).then(|| (cell(&mut rng), cell(&mut rng)));
        let puzzle = Puzzle { board, hints };
        let expected = oracle_count(&puzzle, paths, by_mask);
        let mut solver = Solver::depth_first(&puzzle, &mut space);
        match solver.solve(&mut space) {
            Progress::Solved(solution) => {
                assert!(expected > 0, "{puzzle:?}");
                check_solution(&puzzle, &solution);
            }
            Progress::Unsolvable => assert_eq!(expected, 0, "{puzzle:?}"),
            other => panic!("{other:?} for {puzzle:?}"),
        }
    }
}

/// Boards drawn the way designers draw them (one long stroke over rows of
/// one colour, its ends the hints): the cartridge's solve finds a stroke on
/// every one, hinted and not, in the cartridge's space and steps, and the
/// layered scan (a different algorithm) agrees each is solvable. Prints the
/// states (median and worst) and the boards with the most strokes from
/// their hints, as passwords (`just bench` times those).
#[test]
fn every_designer_board_shows_a_stroke() {
    use super::super::designer::{SIZES, designed};
    use super::super::password;
    let mut rom = unsafe { Box::<RomSpace>::new_zeroed().assume_init() };
    let mut host = space();
    let mut rng = Rng::new(0xDE51);
    let mut states: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    // Per board: its strokes from its hints, the hinted solve's states.
    let mut most: Vec<(u32, u32, Puzzle)> = Vec::new();
    for i in 0..1200 {
        let (width, height) = SIZES[i % SIZES.len()];
        let designed = designed(&mut rng, width, height).expect("a designed board");
        for (hinted, states) in states.iter_mut().enumerate() {
            let puzzle = Puzzle {
                board: designed.puzzle.board,
                hints: if hinted == 1 {
                    designed.puzzle.hints
                } else {
                    None
                },
            };
            let mut solver = Solver::start(&puzzle, &mut rom);
            let progress = loop {
                match solver.step(&mut rom, 16) {
                    Progress::Working { scanned, total } => assert!(scanned <= total),
                    done => break done,
                }
            };
            let Progress::Solved(solution) = progress else {
                panic!("{progress:?} for {puzzle:?}");
            };
            check_solution(&puzzle, &solution);
            states.push(solver.states());
        }
        let (layered, _) = solve(&designed.puzzle, &mut host);
        let count = match layered {
            Progress::Solved(solution) => solution.count,
            other => panic!("layered scan: {other:?} for {:?}", designed.puzzle),
        };
        most.push((count, states[1][states[1].len() - 1], designed.puzzle));
    }
    for (hinted, states) in states.iter_mut().enumerate() {
        states.sort_unstable();
        std::println!(
            "designer boards ({}): {} boards, states median {}, worst {}",
            if hinted == 1 { "hinted" } else { "unhinted" },
            states.len(),
            states[states.len() / 2],
            states[states.len() - 1]
        );
    }
    // The most strokes (the count saturates), the hardest of those first.
    most.sort_by_key(|&(count, states, _)| std::cmp::Reverse((count, states)));
    let saturated = most
        .iter()
        .filter(|&&(count, ..)| count >= COUNT_LIMIT)
        .count();
    std::println!("{saturated} boards have {COUNT_LIMIT} or more strokes from their hints");
    for (count, states, puzzle) in &most[..8] {
        let digits: std::string::String = password::encode(puzzle)
            .iter()
            .map(|&d| char::from(b'0' + d))
            .collect();
        std::println!("most strokes: {count}, {states} states: {digits}");
    }
    // Designers' boards are made to have many ways from their ends.
    assert!(saturated >= 10, "{saturated}");
    // Regression guards on the effort (the cartridge's figures are `just bench`'s).
    assert!(states[1][states[1].len() - 1] < 12_000);
    assert!(states[0][states[0].len() - 1] < 6_000);
}
