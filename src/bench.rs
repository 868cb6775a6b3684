//! `--features bench`: benchmarks of the pure Minesweeper rules, run at boot
//! before the normal ROM starts (so `tests/bench/bench.play` can then play).
//!
//! Each logs `event bench name=<n> mean=<c> worst=<c> budget=<c> ok=<bool>`
//! in CPU cycles read from the hardware timers ([`perf::now`]), then
//! `event bench.done failures=<k>`. mGBA counts cycles deterministically, so
//! the numbers only change when the code (or its placement in ROM) does.

use crate::framework::perf::{self, FRAME_CYCLES};
use crate::random::Rng;
use crate::sweeper::rules::{
    Board, Difficulty, Layout, NoGuessGenerator, Pos, PosSet, SQUARE_COUNT, generate_blocking,
};

/// Seeds per generator benchmark.
const SEEDS: u32 = 1000;
/// Repeats of the (deterministic) reveal benchmarks, to average out interrupts.
const REVEAL_REPEATS: u32 = 16;
/// Worst reveal goal: 2% of a frame.
const REVEAL_BUDGET: u32 = 5_600;
/// Worst blocking no-guess generation goal: half a second.
const NO_GUESS_BUDGET: u32 = 8_390_000;
/// A whole first move (layout into the squares, then that reveal): 5% of a frame.
const FIRST_MOVE_BUDGET: u32 = FRAME_CYCLES / 20;
/// No-guess steps the Sweeper app runs per frame (its own constant).
const NO_GUESS_STEPS_PER_FRAME: u32 = crate::sweeper::NO_GUESS_STEPS_PER_FRAME as u32;
/// The app's share of a frame.
const PER_FRAME_BUDGET: u32 = FRAME_CYCLES / 2;
/// Fixed stream for the seeds and first squares, so every run measures the same boards.
const BENCH_SEED: u32 = 0xBE4C_0001;

/// Mean and worst of a series of cycle counts.
#[derive(Default)]
struct Stats {
    total: u64,
    count: u32,
    worst: u32,
}

impl Stats {
    fn add(&mut self, cycles: u32) {
        self.total += u64::from(cycles);
        self.count += 1;
        self.worst = self.worst.max(cycles);
    }

    fn mean(&self) -> u32 {
        self.total.checked_div(u64::from(self.count)).unwrap_or(0) as u32
    }
}

/// Cycles `work` takes, less the cost of reading the clock itself.
fn measure<T>(overhead: u32, work: impl FnOnce() -> T) -> u32 {
    let start = perf::now();
    let result = work();
    let end = perf::now();
    core::hint::black_box(result);
    end.wrapping_sub(start).saturating_sub(overhead)
}

/// The cost of an empty measurement (the least of a few, ignoring interrupts).
fn clock_overhead() -> u32 {
    (0..8).map(|_| measure(0, || ())).min().unwrap_or(0)
}

/// A first square from the fixed stream: every square of the board, corners included.
fn first_square(rng: &mut Rng) -> Pos {
    Pos::from_index(rng.below(SQUARE_COUNT as u32) as usize).unwrap_or_default()
}

fn report(name: &str, stats: &Stats, budget: u32, failures: &mut u32) {
    let ok = stats.worst <= budget;
    if !ok {
        *failures += 1;
        // Its own event, so a script can assert on it after playing on.
        crate::event!(
            "bench.over name={} worst={} budget={}",
            name,
            stats.worst,
            budget
        );
    }
    crate::event!(
        "bench name={} mean={} worst={} budget={} ok={}",
        name,
        stats.mean(),
        stats.worst,
        budget,
        ok
    );
}

/// Runs every benchmark and logs the results; returns the failures.
pub fn run() -> u32 {
    let overhead = clock_overhead();
    crate::event!("bench.start overhead={}", overhead);
    let mut failures = 0;

    // The biggest floodfill, as the goal states it: a mine-free board
    // revealed from a corner uncovers all 84 squares and wins (every corner,
    // since the fill's order depends on where it starts). Also a board whose
    // only mine sits in the far corner (82 squares and a number). Each repeat
    // reveals a fresh clone.
    let corners = [
        Pos::new(0, 0),
        Pos::new(13, 0),
        Pos::new(0, 5),
        Pos::new(13, 5),
    ];
    let mut stats = Stats::default();
    for corner in corners {
        let mut playing = Board::new(Difficulty::Hard, false);
        playing.lay_mines(&Layout::from_mines(PosSet::EMPTY));
        for _ in 0..REVEAL_REPEATS {
            let mut board = core::hint::black_box(playing.clone());
            stats.add(measure(overhead, || board.reveal(corner)));
        }
    }
    let corner_mine = Layout::from_mines(single(Pos::new(13, 5)));
    let mut playing = Board::new(Difficulty::Hard, false);
    playing.lay_mines(&corner_mine);
    for _ in 0..REVEAL_REPEATS {
        let mut board = core::hint::black_box(playing.clone());
        stats.add(measure(overhead, || board.reveal(Pos::new(0, 0))));
    }
    report("sweeper.reveal.worst", &stats, REVEAL_BUDGET, &mut failures);

    // The same floods as a whole first move: laying the mine-free layout into
    // the squares (counts included), the reveal of all 84 and the win.
    let mut stats = Stats::default();
    let empty = Layout::from_mines(PosSet::EMPTY);
    for corner in corners {
        for _ in 0..REVEAL_REPEATS {
            let mut board = core::hint::black_box(Board::new(Difficulty::Hard, false));
            stats.add(measure(overhead, || {
                board.start_with_layout(corner, &empty)
            }));
        }
    }
    report(
        "sweeper.reveal.first_move",
        &stats,
        FIRST_MOVE_BUDGET,
        &mut failures,
    );

    // Plain placement for the first click (Hard): the layout and laying it out.
    let mut rng = Rng::new(BENCH_SEED);
    let mut stats = Stats::default();
    for _ in 0..SEEDS {
        let first = first_square(&mut rng);
        let mut mines = Rng::new(rng.next_u32());
        let mut board = core::hint::black_box(Board::new(Difficulty::Hard, false));
        stats.add(measure(overhead, || board.place_mines(first, &mut mines)));
    }
    report(
        "sweeper.generate.plain",
        &stats,
        FRAME_CYCLES,
        &mut failures,
    );

    // Blocking no-guess generation, Hard (the goal) last.
    for (name, difficulty) in [
        ("sweeper.generate.no_guess.easy", Difficulty::Easy),
        ("sweeper.generate.no_guess.medium", Difficulty::Medium),
        ("sweeper.generate.no_guess", Difficulty::Hard),
    ] {
        let mut rng = Rng::new(BENCH_SEED);
        let mut stats = Stats::default();
        for _ in 0..SEEDS {
            let first = first_square(&mut rng);
            let seed = rng.next_u32();
            stats.add(measure(overhead, || {
                generate_blocking(first, difficulty.mines(), seed)
            }));
        }
        report(name, &stats, NO_GUESS_BUDGET, &mut failures);
    }

    // One frame of the app's incremental search: the worst single Hard step
    // times the steps the app runs per frame.
    let mut rng = Rng::new(BENCH_SEED);
    let mut step = Stats::default();
    for _ in 0..SEEDS {
        let first = first_square(&mut rng);
        let mut generator = NoGuessGenerator::new(first, Difficulty::Hard.mines(), rng.next_u32());
        while !generator.is_done() {
            step.add(measure(overhead, || generator.step()));
        }
    }
    let per_frame = Stats {
        total: step.total * u64::from(NO_GUESS_STEPS_PER_FRAME),
        count: step.count,
        worst: step.worst.saturating_mul(NO_GUESS_STEPS_PER_FRAME),
    };
    report(
        "sweeper.no_guess.per_frame",
        &per_frame,
        PER_FRAME_BUDGET,
        &mut failures,
    );
    crate::event!(
        "bench.no_guess.steps count={} steps_per_frame={} step_mean={} step_worst={}",
        step.count,
        NO_GUESS_STEPS_PER_FRAME,
        step.mean(),
        step.worst
    );

    polarium(overhead, &mut failures);
    let grids = nonogram(overhead, &mut failures);
    share_codes(&grids, overhead, &mut failures);
    drop(grids);
    random_puzzles(overhead, &mut failures);

    largest_saves();

    crate::event!("bench.done failures={}", failures);
    failures
}

/// Every app's save section at its largest (every record at its maximum,
/// every custom slot filled with the biggest picture), in bytes and in the
/// chip's 128-byte blocks: agb keeps a slot header block per section and 120
/// bytes of it in each data block.
#[inline(never)]
fn largest_saves() {
    use crate::framework::save::{DeskSave, Record, Settings};
    use crate::nonogram::records::{Custom, NonogramSave, Options};
    use crate::nonogram::rules::{MAX_HEIGHT, MAX_WIDTH};
    use crate::polarium::records::{Best, CUSTOM_SLOTS, PolariumSave};
    use crate::sweeper::records::{LINES, SweeperSave};
    use alloc::vec;

    fn report(owner: &str, value: &impl serde::Serialize) {
        let bytes = postcard::to_allocvec(value).map_or(0, |bytes| bytes.len());
        // The slot holds the section as a byte string: a length, then the bytes.
        let stored = bytes + postcard::to_allocvec(&(bytes as u32)).map_or(5, |v| v.len());
        let blocks = 1 + stored.div_ceil(120);
        crate::event!(
            "save.largest owner={} bytes={} blocks={}",
            owner,
            bytes,
            blocks
        );
    }
    let desk = DeskSave {
        settings: Settings::default(),
        play_seconds: u32::MAX,
    };
    report("desk", &desk);
    let record = Record {
        best_seconds: Some(u16::MAX),
        wins: u16::MAX,
        played: u16::MAX,
    };
    report(
        "sweeper",
        &SweeperSave {
            records: [record; LINES],
        },
    );
    report(
        "polarium",
        &PolariumSave {
            bests: vec![
                Best {
                    tries: u8::MAX,
                    seconds: u16::MAX,
                };
                crate::polarium::rules::builtin::COUNT
            ],
            customs: vec![[u32::MAX; 3]; CUSTOM_SLOTS],
        },
    );
    let picture = Custom {
        width: MAX_WIDTH as u8,
        height: MAX_HEIGHT as u8,
        rows: vec![(1 << MAX_WIDTH) - 1; MAX_HEIGHT],
        best: u16::MAX,
    };
    report(
        "nonogram",
        &NonogramSave {
            bests: vec![u16::MAX; crate::nonogram::rules::builtin::COUNT],
            options: Options::default(),
            customs: vec![Some(picture.clone()); crate::nonogram::records::CUSTOM_SLOTS],
            playing: Some(picture.clone()),
            draft: Some((u8::MAX, picture)),
        },
    );
}

/// The whole solve of one puzzle, goal: one second of the GBA's time.
const SOLVE_BUDGET: u32 = 16_780_000;
/// Random 8x8 boards (with random hint cells) the solver is timed on.
const RANDOM_BOARDS: u32 = 1000;
/// States the app's solver expands per frame (its own constant).
const SOLVER_STATES_PER_FRAME: u32 = crate::polarium::SOLVER_STATES_PER_FRAME;

/// Polarium's solver on every built-in puzzle, the public password and
/// random boards: the whole solve, and its worst single frame's share.
#[inline(never)]
fn polarium(overhead: u32, failures: &mut u32) {
    use crate::polarium::rules::{
        Board, Cell, Puzzle, builtin, password,
        solver::{Progress, RomSpace},
    };
    let layout = core::alloc::Layout::new::<RomSpace>();
    // SAFETY: a non-null block is ours, zeroed, and zero bytes are a valid
    // `Space` (integer arrays only).
    let mut space = unsafe {
        let block = alloc::alloc::alloc_zeroed(layout).cast::<RomSpace>();
        if block.is_null() {
            crate::event!("bench.over name=polarium.solve reason=no_memory");
            *failures += 1;
            return;
        }
        alloc::boxed::Box::from_raw(block)
    };
    let mut puzzles = alloc::vec::Vec::new();
    puzzles.extend((0..builtin::COUNT).filter_map(builtin::puzzle));
    puzzles.extend(password::decode(&[
        5, 8, 8, 0, 4, 7, 7, 5, 8, 2, 5, 8, 8, 0, 4, 7, 7, 5, 8, 2, 3, 5, 9, 9, 9, 5, 4, 9, 8, 2,
    ]));
    let mut rng = Rng::new(BENCH_SEED);
    for _ in 0..RANDOM_BOARDS {
        let mut rows = [0u8; 8];
        for row in &mut rows {
            *row = rng.next_u32() as u8;
        }
        let Some(board) = Board::from_rows(8, 8, rows) else {
            continue;
        };
        let mut cell = || Cell::new(rng.below(10) as u8, rng.below(10) as u8);
        let hints = Some((cell(), cell()));
        puzzles.push(Puzzle { board, hints });
    }
    // The same random boards and the built-ins without hints (as the editor
    // and hintless passwords ask the solver).
    let unhinted: alloc::vec::Vec<Puzzle> = puzzles
        .iter()
        .map(|puzzle| Puzzle {
            hints: None,
            ..*puzzle
        })
        .collect();
    let (mut whole, mut frame) = (Stats::default(), Stats::default());
    for (name, puzzles) in [("hinted", &puzzles), ("unhinted", &unhinted)] {
        let (mut part, mut solved) = (Stats::default(), 0u32);
        for puzzle in puzzles {
            space.clear();
            // Set up and boxed as the app does (its fields in EWRAM).
            let mut solver = None;
            let mut total = measure(overhead, || {
                solver = Some(crate::polarium::boxed_solver(puzzle, &mut space));
            });
            let Some(solver) = solver.as_mut() else {
                continue;
            };
            loop {
                let mut progress = Progress::Unsolvable;
                let cycles = measure(overhead, || {
                    progress = solver.step(&mut space, SOLVER_STATES_PER_FRAME);
                });
                frame.add(cycles);
                total = total.saturating_add(cycles);
                match progress {
                    Progress::Working { .. } => {}
                    Progress::Solved(_) | Progress::Solvable { .. } => {
                        solved += 1;
                        break;
                    }
                    _ => break,
                }
            }
            whole.add(total);
            part.add(total);
        }
        crate::event!(
            "bench.polarium.solve.{} puzzles={} solvable={} mean={} worst={} states_per_frame={}",
            name,
            puzzles.len(),
            solved,
            part.mean(),
            part.worst,
            SOLVER_STATES_PER_FRAME
        );
    }
    report("polarium.solve", &whole, SOLVE_BUDGET, failures);
    report(
        "polarium.solve.per_frame",
        &frame,
        PER_FRAME_BUDGET / 2,
        failures,
    );

    // Endless mode: one generator attempt a frame, every size, until each
    // seed gives a puzzle; the attempt is the frame's work.
    use crate::polarium::rules::endless::EndlessCode;
    let (mut attempt, mut puzzle) = (Stats::default(), Stats::default());
    let mut frames = Stats::default();
    for width in 3..=8 {
        for height in 3..=8 {
            for number in 0..GENERATOR_SEEDS {
                let Some(mut generator) =
                    EndlessCode::new(width, height, number).and_then(EndlessCode::generator)
                else {
                    continue;
                };
                let mut total = 0u32;
                loop {
                    let mut made = None;
                    let cycles = measure(overhead, || made = generator.attempt());
                    attempt.add(cycles);
                    total = total.saturating_add(cycles);
                    if made.is_some() {
                        break;
                    }
                }
                puzzle.add(total);
                frames.add(generator.attempts());
            }
        }
    }
    crate::event!(
        "bench.polarium.generate puzzles={} attempts_mean={} attempts_worst={}",
        puzzle.count,
        frames.mean(),
        frames.worst
    );
    report(
        "polarium.generate",
        &attempt,
        PER_FRAME_BUDGET / 2,
        failures,
    );
    report("polarium.generate.puzzle", &puzzle, SOLVE_BUDGET, failures);
}

/// Endless puzzle numbers timed per size.
const GENERATOR_SEEDS: u32 = 30;

fn single(pos: Pos) -> PosSet {
    let mut set = PosSet::EMPTY;
    set.insert(pos);
    set
}

/// The hint guide after one cell changes (its row and its column): 1% of a
/// frame.
const HINT_BUDGET: u32 = FRAME_CYCLES / 100;
/// Every line of a board greyed afresh (opening a puzzle): a quarter frame.
const HINT_BOARD_BUDGET: u32 = FRAME_CYCLES / 4;
/// A uniqueness check, goal: one second.
const UNIQUE_BUDGET: u32 = 16_780_000;
/// Work units the uniqueness check is given per step when timed: the
/// editor's per frame.
const UNIQUE_STEP: u32 = crate::nonogram::CHECK_WORK_PER_FRAME;
/// Random puzzles made per size for `nonogram.generate`.
const NONOGRAM_SEEDS: u32 = 12;
/// Partly marked boards per built-in puzzle for the hint guide.
const MARKINGS: u32 = 8;

/// The nonogram's hint guide on every built-in puzzle partly marked (some
/// cells right, some wrong, crosses among them) and its uniqueness check
/// from the clues alone, built-ins and random grids.
#[inline(never)]
fn nonogram(overhead: u32, failures: &mut u32) -> alloc::vec::Vec<crate::nonogram::rules::Grid> {
    use crate::nonogram::rules::{
        Grid, PuzzleClues, UniquenessCheck, Verdict, builtin, grey,
        play::{Mark, Marks},
    };
    let mut rng = Rng::new(BENCH_SEED ^ 0x4E4F);
    let (mut cell, mut board) = (Stats::default(), Stats::default());
    for index in 0..builtin::COUNT {
        let Some(picture) = builtin::picture(index) else {
            continue;
        };
        let clues = PuzzleClues::of_picture(&picture);
        let (width, height) = (picture.width(), picture.height());
        for _ in 0..MARKINGS {
            let mut marks = Marks::new(width, height);
            let fill_percent = rng.below(100);
            for y in 0..height {
                for x in 0..width {
                    let roll = rng.below(100);
                    let mark = if roll >= fill_percent {
                        Mark::Empty
                    } else if rng.below(10) == 0 {
                        // A wrong mark now and then.
                        if picture.contains(x, y) {
                            Mark::Crossed
                        } else {
                            Mark::Filled
                        }
                    } else if picture.contains(x, y) {
                        Mark::Filled
                    } else {
                        Mark::Crossed
                    };
                    marks.set(x, y, mark);
                }
            }
            for _ in 0..8 {
                let (x, y) = (
                    rng.below(width as u32) as usize,
                    rng.below(height as u32) as usize,
                );
                let (row, column) = (marks.row(y), marks.column(x));
                cell.add(measure(overhead, || {
                    (grey(row, clues.row(y)), grey(column, clues.column(x)))
                }));
            }
            board.add(measure(overhead, || {
                let mut greyed = 0u32;
                for y in 0..height {
                    greyed ^= u32::from(grey(marks.row(y), clues.row(y)).greyed);
                }
                for x in 0..width {
                    greyed ^= u32::from(grey(marks.column(x), clues.column(x)).greyed);
                }
                greyed
            }));
        }
    }
    report("nonogram.hint", &cell, HINT_BUDGET, failures);
    report("nonogram.hint.board", &board, HINT_BOARD_BUDGET, failures);

    // Uniqueness of a drawn picture's clues, as the editor checks it (the
    // picture is one solution; is there another?): every built-in, and
    // random grids of every size.
    let mut grids = alloc::vec::Vec::new();
    grids.extend((0..builtin::COUNT).filter_map(builtin::picture));
    for round in 0..RANDOM_GRIDS {
        let (width, height) = builtin::SIZES[round as usize % builtin::SIZES.len()];
        let mut grid = Grid::new(usize::from(width), usize::from(height));
        for y in 0..usize::from(height) {
            for x in 0..usize::from(width) {
                grid.set(x, y, rng.below(100) < 55);
            }
        }
        grids.push(grid);
    }
    let (mut whole, mut step) = (Stats::default(), Stats::default());
    let (mut unique, mut stalled) = (0u32, 0u32);
    for grid in &grids {
        let mut check = alloc::boxed::Box::<UniquenessCheck>::new_uninit();
        UniquenessCheck::new_in(&mut check, &PuzzleClues::of_picture(grid), true).restart(
            &PuzzleClues::of_picture(grid),
            Some(grid),
            true,
        );
        // SAFETY: built in place on the line above.
        let mut check = unsafe { check.assume_init() };
        let mut total = 0u32;
        loop {
            let mut verdict = Verdict::Working;
            let cycles = measure(overhead, || verdict = check.step(UNIQUE_STEP));
            step.add(cycles);
            total = total.saturating_add(cycles);
            if verdict != Verdict::Working {
                unique += u32::from(matches!(verdict, Verdict::Unique { .. }));
                stalled += u32::from(matches!(verdict, Verdict::Stalled { .. }));
                break;
            }
            if total > UNIQUE_BUDGET * 4 {
                break;
            }
        }
        whole.add(total);
    }
    crate::event!(
        "bench.nonogram.unique grids={} unique={} stalled={} work_per_step={}",
        grids.len(),
        unique,
        stalled,
        UNIQUE_STEP
    );
    report("nonogram.unique", &whole, UNIQUE_BUDGET, failures);
    report(
        "nonogram.unique.per_frame",
        &step,
        PER_FRAME_BUDGET / 2,
        failures,
    );

    grids
}

/// Random mode: a frame's work of the generator at a time, until it has
/// a puzzle, for several seeds of every size.
#[inline(never)]
fn random_puzzles(overhead: u32, failures: &mut u32) {
    use crate::nonogram::GENERATE_WORK_PER_FRAME;
    use crate::nonogram::rules::builtin;
    let (mut frame, mut puzzle, mut attempts) =
        (Stats::default(), Stats::default(), Stats::default());
    let mut generator = boxed_generator();
    for (width, height) in builtin::SIZES {
        for seed in 0..NONOGRAM_SEEDS {
            generator.restart(BENCH_SEED ^ seed, usize::from(width), usize::from(height));
            let mut total = 0u32;
            loop {
                let mut made = None;
                let cycles = measure(overhead, || made = generator.step(GENERATE_WORK_PER_FRAME));
                frame.add(cycles);
                total = total.saturating_add(cycles);
                if made.is_some() || total > UNIQUE_BUDGET * 8 {
                    break;
                }
            }
            puzzle.add(total);
            attempts.add(generator.attempts());
        }
    }
    crate::event!(
        "bench.nonogram.generate puzzles={} attempts_mean={} attempts_worst={} work_per_frame={}",
        puzzle.count,
        attempts.mean(),
        attempts.worst,
        GENERATE_WORK_PER_FRAME
    );
    report("nonogram.generate", &frame, PER_FRAME_BUDGET / 2, failures);
    report("nonogram.generate.puzzle", &puzzle, UNIQUE_BUDGET, failures);
}

/// Share codes of the built-ins and the random grids, written (the
/// editor's Share code) and read back (a code typed on the pad) a frame's
/// cells at a time as the app does; and the code lengths per size.
#[inline(never)]
fn share_codes(grids: &[crate::nonogram::rules::Grid], overhead: u32, failures: &mut u32) {
    use crate::nonogram::CODE_CELLS_PER_FRAME;
    use crate::nonogram::rules::builtin;
    let (mut encode, mut encode_frame) = (Stats::default(), Stats::default());
    let (mut decode, mut decode_frame) = (Stats::default(), Stats::default());
    let mut lengths: [Stats; builtin::SIZES.len()] = Default::default();
    for grid in grids {
        let Some(code) = encode_timed(grid, overhead, &mut encode, &mut encode_frame) else {
            continue;
        };
        if decode_timed(&code, overhead, &mut decode, &mut decode_frame) != Some(Ok(*grid)) {
            crate::event!("bench.over name=nonogram.share.round_trip");
            *failures += 1;
        }
        let size = (grid.width() as u8, grid.height() as u8);
        if let Some(index) = builtin::SIZES.iter().position(|&s| s == size) {
            lengths[index].add(code.digits().len() as u32);
        }
    }
    for ((width, height), length) in builtin::SIZES.iter().zip(&lengths) {
        crate::event!(
            "bench.nonogram.share.digits size={}x{} codes={} mean={} worst={}",
            width,
            height,
            length.count,
            length.mean(),
            length.worst
        );
    }
    crate::event!(
        "bench.nonogram.share cells_per_frame={}",
        CODE_CELLS_PER_FRAME
    );
    report("nonogram.share.encode", &encode, SHARE_BUDGET, failures);
    report(
        "nonogram.share.encode.per_frame",
        &encode_frame,
        PER_FRAME_BUDGET / 2,
        failures,
    );
    report("nonogram.share.decode", &decode, SHARE_BUDGET, failures);
    report(
        "nonogram.share.decode.per_frame",
        &decode_frame,
        PER_FRAME_BUDGET / 2,
        failures,
    );
}

/// `grid`'s share code, written a frame's cells at a time: each call's
/// cycles go in `frame`, their sum in `whole`.
#[inline(never)]
fn encode_timed(
    grid: &crate::nonogram::rules::Grid,
    overhead: u32,
    whole: &mut Stats,
    frame: &mut Stats,
) -> Option<crate::nonogram::rules::ShareCode> {
    use crate::nonogram::{CODE_CELLS_PER_FRAME, rules::share_code::Encoding};
    let mut encoding = alloc::boxed::Box::new(Encoding::new(grid).ok()?);
    let mut total = 0u32;
    let code = loop {
        let mut code = None;
        let cycles = measure(overhead, || code = encoding.step(CODE_CELLS_PER_FRAME));
        frame.add(cycles);
        total = total.saturating_add(cycles);
        if let Some(code) = code {
            break code;
        }
    };
    whole.add(total);
    code.ok()
}

/// `code` read back as the app does: the pad's last check, then the
/// picture a frame's cells at a time.
#[inline(never)]
fn decode_timed(
    code: &crate::nonogram::rules::ShareCode,
    overhead: u32,
    whole: &mut Stats,
    frame: &mut Stats,
) -> Option<Result<crate::nonogram::rules::Grid, crate::nonogram::rules::CodeError>> {
    use crate::nonogram::{CODE_CELLS_PER_FRAME, rules::share_code::Decoding};
    let mut reading = None;
    let mut total = measure(overhead, || {
        reading = Decoding::new(code.digits())
            .ok()
            .map(alloc::boxed::Box::new);
    });
    frame.add(total);
    let decoding = reading.as_mut()?;
    let read = loop {
        let mut read = None;
        let cycles = measure(overhead, || read = decoding.step(CODE_CELLS_PER_FRAME));
        frame.add(cycles);
        total = total.saturating_add(cycles);
        if read.is_some() {
            break read;
        }
    };
    whole.add(total);
    read
}

/// Writing or reading a whole share code, goal: a sixth of a second.
const SHARE_BUDGET: u32 = FRAME_CYCLES * 10;

/// A generator built in its box, in a frame of its own: one on the stack is
/// about 5 KB.
#[inline(never)]
fn boxed_generator() -> alloc::boxed::Box<crate::nonogram::rules::Generator> {
    let mut generator = alloc::boxed::Box::new_uninit();
    crate::nonogram::rules::Generator::new_in(&mut generator, 1, 1, 1);
    // SAFETY: built in place on the line above.
    unsafe { generator.assume_init() }
}

/// Random grids (every size in turn) the uniqueness check is timed on.
const RANDOM_GRIDS: u32 = 200;
