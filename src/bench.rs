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
const NO_GUESS_STEPS_PER_SLICE: u32 = crate::sweeper::NO_GUESS_STEPS_PER_SLICE as u32;
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

    // One slice of the app's incremental search (it fills a waiting frame
    // with them): the worst single Hard step times the steps per slice.
    let mut rng = Rng::new(BENCH_SEED);
    let mut step = Stats::default();
    for _ in 0..SEEDS {
        let first = first_square(&mut rng);
        let mut generator = NoGuessGenerator::new(first, Difficulty::Hard.mines(), rng.next_u32());
        while !generator.is_done() {
            step.add(measure(overhead, || generator.step()));
        }
    }
    let per_slice = Stats {
        total: step.total * u64::from(NO_GUESS_STEPS_PER_SLICE),
        count: step.count,
        worst: step.worst.saturating_mul(NO_GUESS_STEPS_PER_SLICE),
    };
    report(
        "sweeper.no_guess.slice",
        &per_slice,
        PER_FRAME_BUDGET,
        &mut failures,
    );
    crate::event!(
        "bench.no_guess.steps count={} steps_per_slice={} step_mean={} step_worst={}",
        step.count,
        NO_GUESS_STEPS_PER_SLICE,
        step.mean(),
        step.worst
    );

    polarium(overhead, &mut failures);
    polarium_generate(overhead, &mut failures);
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
/// A check the player waits for, from the pad's confirm to the verdict:
/// one second.
const CHECK_FRAMES: u32 = 60;
/// Random 8x8 boards (with random hint cells) the solver is timed on.
const RANDOM_BOARDS: u32 = 1000;
/// Designer-style boards per size (see `polarium::rules::designer`).
const DESIGNED_PER_SIZE: u32 = 250;
/// States the app's solver expands per frame in the background (its own constant).
const SOLVER_STATES_PER_FRAME: u32 = crate::polarium::SOLVER_STATES_PER_FRAME;
/// Designer-style boards with the most strokes from their hints found on the
/// host (65,535 or more each: the count saturates), the hardest of them for
/// the depth-first search first: `every_designer_board_shows_a_stroke`
/// prints them.
const MOST_STROKES: [&str; 8] = [
    "537695960125365148233495661390",
    "407080978134904775826189793824",
    "698230000032229268013474478052",
    "119518351267799495823703479181",
    "322078551288227325826958829572",
    "179222872402914495826439307292",
    "655911822493953311246105544883",
    "217190931204016401000945635153",
];

/// Polarium's solver as the player meets it: on every built-in puzzle, the
/// public password, random boards and boards drawn the way designers draw
/// them, with their hints (a typed password) and without (R on a made
/// puzzle), the app's search is run frame by frame at the pace of a player
/// waiting, each frame starting at vertical blank: frames to the answer,
/// states and cycles. Then the solve at its background pace.
#[inline(never)]
fn polarium(overhead: u32, failures: &mut u32) {
    let mut check = Stats::default();
    let mut solve = Stats::default();
    for set in ["known", "random", "designed", "most_strokes"] {
        // One set at a time, in a vector of its own size: the searches
        // need a large block of the heap.
        let puzzles = polarium_set(set);
        for hinted in [true, false] {
            let mut measured = Measured::default();
            for puzzle in &puzzles {
                let puzzle = crate::polarium::rules::Puzzle {
                    hints: if hinted { puzzle.hints } else { None },
                    ..*puzzle
                };
                let Some(waited) = wait_for_stroke(&puzzle, overhead) else {
                    crate::event!("bench.over name=polarium.check reason=no_memory");
                    *failures += 1;
                    return;
                };
                measured.add(&waited);
                solve.add(waited.cycles);
                if hinted {
                    // A typed password always has hints.
                    check.add(waited.frames * FRAME_CYCLES);
                }
            }
            measured.report(set, hinted);
        }
        if set == "random" {
            polarium_background(overhead, &puzzles, failures);
        }
    }
    // In frames: the worst shows as "N frames" of a frame's cycles.
    report(
        "polarium.check",
        &check,
        CHECK_FRAMES * FRAME_CYCLES,
        failures,
    );
    report("polarium.solve", &solve, SOLVE_BUDGET, failures);
}

/// The puzzles of one of the bench's sets: every built-in and the public
/// password (`known`), random 8x8 boards with random hint cells, designer-
/// style boards of every size, and those with the most strokes.
fn polarium_set(set: &str) -> alloc::vec::Vec<crate::polarium::rules::Puzzle> {
    use crate::polarium::rules::{Board, Cell, Puzzle, builtin, designer, password};
    let digits = |text: &str| -> [u8; password::DIGITS] {
        let mut digits = [0; password::DIGITS];
        for (digit, byte) in digits.iter_mut().zip(text.bytes()) {
            *digit = byte - b'0';
        }
        digits
    };
    let mut rng = Rng::new(BENCH_SEED);
    let mut puzzles = alloc::vec::Vec::new();
    match set {
        "known" => {
            puzzles.reserve_exact(builtin::COUNT + 1);
            puzzles.extend((0..builtin::COUNT).filter_map(builtin::puzzle));
            puzzles.extend(password::decode(&digits("588047758258804775823599954982")));
        }
        "random" => {
            puzzles.reserve_exact(RANDOM_BOARDS as usize);
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
        }
        "designed" => {
            puzzles.reserve_exact(designer::SIZES.len() * DESIGNED_PER_SIZE as usize);
            for (width, height) in designer::SIZES {
                for _ in 0..DESIGNED_PER_SIZE {
                    puzzles.extend(designer::designed(&mut rng, width, height).map(|d| d.puzzle));
                }
            }
        }
        _ => {
            puzzles.reserve_exact(MOST_STROKES.len());
            puzzles.extend(
                MOST_STROKES
                    .iter()
                    .filter_map(|text| password::decode(&digits(text)).ok()),
            );
        }
    }
    puzzles
}

/// What one search the player waited for took.
struct Waited {
    frames: u32,
    cycles: u32,
    states: u32,
    solved: bool,
    /// The most cycles the search took in one frame.
    worst_frame: u32,
}

/// The app's search for a stroke on `puzzle`, run one frame at a time at
/// the waiting pace, each frame starting at vertical blank as in the frame
/// loop; `None` if the heap has no room for it.
fn wait_for_stroke(puzzle: &crate::polarium::rules::Puzzle, overhead: u32) -> Option<Waited> {
    use crate::polarium::rules::solver::Progress;
    use crate::polarium::search::{Goal, Pace, Search, Searched};
    let mut search = Search::start(puzzle, Goal::Stroke)?;
    let mut waited = Waited {
        frames: 0,
        cycles: 0,
        states: 0,
        solved: false,
        worst_frame: 0,
    };
    loop {
        agb::display::busy_wait_for_vblank();
        let mut stepped = None;
        let cycles = measure(overhead, || stepped = Some(search.step(Pace::Waiting)));
        waited.frames += 1;
        waited.cycles = waited.cycles.saturating_add(cycles);
        waited.worst_frame = waited.worst_frame.max(cycles);
        match stepped {
            Some((Some(next), Searched::Working(_))) => search = next,
            Some((_, Searched::Done(progress, states))) => {
                waited.states = states;
                waited.solved = matches!(progress, Progress::Solved(_));
                return Some(waited);
            }
            _ => return Some(waited),
        }
    }
}

/// Medians and worsts of a set of waited searches.
#[derive(Default)]
struct Measured {
    frames: alloc::vec::Vec<u32>,
    cycles: alloc::vec::Vec<u32>,
    states: alloc::vec::Vec<u32>,
    solved: u32,
    worst_frame: u32,
}

impl Measured {
    fn add(&mut self, waited: &Waited) {
        self.frames.push(waited.frames);
        self.cycles.push(waited.cycles);
        self.states.push(waited.states);
        self.solved += u32::from(waited.solved);
        self.worst_frame = self.worst_frame.max(waited.worst_frame);
    }

    fn report(mut self, set: &str, hinted: bool) {
        let median_worst = |values: &mut alloc::vec::Vec<u32>| {
            values.sort_unstable();
            (
                values.get(values.len() / 2).copied().unwrap_or(0),
                values.last().copied().unwrap_or(0),
            )
        };
        let frames = median_worst(&mut self.frames);
        let cycles = median_worst(&mut self.cycles);
        let states = median_worst(&mut self.states);
        crate::event!(
            "bench.polarium.check set={} hints={} puzzles={} solved={} frames_median={} frames_worst={} states_median={} states_worst={} cycles_median={} cycles_worst={} frame_worst={}",
            set,
            if hinted { "given" } else { "none" },
            self.states.len(),
            self.solved,
            frames.0,
            frames.1,
            states.0,
            states.1,
            cycles.0,
            cycles.1,
            self.worst_frame
        );
    }
}

/// The solve at its background pace (rating an endless puzzle with the
/// layered scan, recalling a stroke depth first): the worst frame's share.
#[inline(never)]
fn polarium_background(
    overhead: u32,
    puzzles: &[crate::polarium::rules::Puzzle],
    failures: &mut u32,
) {
    use crate::polarium::rules::solver::{Progress, RomSpace};
    use crate::polarium::search::Goal;
    let layout = core::alloc::Layout::new::<RomSpace>();
    // SAFETY: a non-null block is ours, zeroed, and zero bytes are a valid
    // `Space` (integer arrays only).
    let mut space = unsafe {
        let block = alloc::alloc::alloc_zeroed(layout).cast::<RomSpace>();
        if block.is_null() {
            crate::event!("bench.over name=polarium.solve.per_frame reason=no_memory");
            *failures += 1;
            return;
        }
        alloc::boxed::Box::from_raw(block)
    };
    let mut frame = Stats::default();
    for goal in [Goal::Rating, Goal::Stroke] {
        for puzzle in puzzles.iter().take(200) {
            space.clear();
            let mut solver = crate::polarium::boxed_solver(puzzle, goal, &mut space);
            loop {
                let mut progress = Progress::Unsolvable;
                frame.add(measure(overhead, || {
                    progress = solver.step(&mut space, SOLVER_STATES_PER_FRAME);
                }));
                if !matches!(progress, Progress::Working { .. }) {
                    break;
                }
            }
        }
    }
    report(
        "polarium.solve.per_frame",
        &frame,
        PER_FRAME_BUDGET / 2,
        failures,
    );
}

/// Endless mode: one generator attempt a frame, every size, until each
/// seed gives a puzzle; the attempt is the frame's work.
#[inline(never)]
fn polarium_generate(overhead: u32, failures: &mut u32) {
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
