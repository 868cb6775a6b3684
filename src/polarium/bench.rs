//! Polarium's benchmarks (`just bench`, see `framework/bench.rs`): checks
//! and hints as the player waits for them, the solver in the background,
//! and endless mode's generator.

use crate::framework::bench::{
    Bench, FRAME_CYCLES, PER_FRAME_BUDGET, SEED, Stats, largest_save, measure, report,
};
use crate::random::Rng;

use super::records::{Best, CUSTOM_SLOTS, PolariumSave};

/// Every benchmark of the app, then its save section at its largest.
// Out of line: inlined into the ROM's list of apps, every app's
// benchmarks would share one frame on the small stack.
#[inline(never)]
pub fn run(bench: &mut Bench) {
    polarium(bench.overhead, &mut bench.failures);
    polarium_generate(bench.overhead, &mut bench.failures);
    challenge(bench.overhead, &mut bench.failures);
    let top = super::records::SavedScore {
        points: u32::MAX,
        level: u8::MAX,
        lines: u16::MAX,
        start_level: u8::MAX,
    };
    let table = alloc::vec![top; super::rules::challenge::TOP_SCORES];
    largest_save(
        "polarium",
        &PolariumSave {
            bests: alloc::vec![
                Best::new(u8::MAX, u16::MAX, true);
                super::rules::builtin::COUNT
            ],
            customs: alloc::vec![[u32::MAX; 3]; CUSTOM_SLOTS],
            tally: crate::framework::bench::LARGEST_TALLY,
            solved_without_hints: u16::MAX,
            challenge_normal: table.clone(),
            challenge_practice: table,
            opened_before: u8::MAX,
        },
    );
    // A game in progress at its largest: an endless puzzle (the longest
    // source), every number at its widest, a stroke through every cell,
    // and a Challenge run kept beside it.
    use super::game::{Hint, KeptGame, Source};
    use super::rules::{Cell, endless::EndlessCode, stroke::PackedStroke};
    if let Some(code) = EndlessCode::new(8, 8, super::rules::endless::NUMBERS - 1) {
        let source = Source::Endless {
            code,
            lines: [u32::MAX; 3],
        };
        let longest = PackedStroke::from_bytes(&[0xFF; super::rules::stroke::PACKED_STROKE_BYTES])
            .unwrap_or_default();
        let playing = KeptGame {
            source,
            cursor: Cell::new(9, 9),
            tries: u8::MAX,
            seconds: u16::MAX,
            solved: true,
            stroke: longest,
            hint: Hint::Replay,
        };
        let run =
            super::rules::challenge::Challenge::new(super::rules::challenge::LEVELS, u32::MAX);
        let mode = super::rules::challenge::Mode::Practice;
        largest_save(
            "polarium.game",
            &super::suspended::SuspendedPuzzle::of(&playing, true).with_run(Some((mode, &run))),
        );
    }
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
const SOLVER_STATES_PER_FRAME: u32 = super::search::STATES_PER_FRAME;
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
                let puzzle = super::rules::Puzzle {
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
fn polarium_set(set: &str) -> alloc::vec::Vec<super::rules::Puzzle> {
    use super::rules::{Board, Cell, Puzzle, builtin, designer, password};
    let digits = |text: &str| -> [u8; password::DIGITS] {
        let mut digits = [0; password::DIGITS];
        for (digit, byte) in digits.iter_mut().zip(text.bytes()) {
            *digit = byte - b'0';
        }
        digits
    };
    let mut rng = Rng::new(SEED);
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
fn wait_for_stroke(puzzle: &super::rules::Puzzle, overhead: u32) -> Option<Waited> {
    use super::rules::solver::Progress;
    use super::search::{Goal, Pace, Search, Searched};
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
fn polarium_background(overhead: u32, puzzles: &[super::rules::Puzzle], failures: &mut u32) {
    use super::rules::solver::{Progress, RomSpace};
    use super::search::Goal;
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
            let mut solver = super::search::boxed_solver(puzzle, goal, &mut space);
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
    use super::rules::endless::EndlessCode;
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

/// What Challenge's rules may take in a frame, in display lines: a tick
/// (the fall, a landing) and a release (the flip and the clear). The
/// drawing's share is the frame meter's, in tests/e2e/polarium_challenge.play.
const CHALLENGE_TICK_LINES: u32 = 4;
const CHALLENGE_RELEASE_LINES: u32 = 8;

/// Challenge's rules at their most: ticks of hurried games at every level
/// to top-out, and a release of the longest stroke (a snake over the whole
/// ringed grid) on a full field.
#[inline(never)]
fn challenge(overhead: u32, failures: &mut u32) {
    use super::rules::{
        Cell,
        challenge::{Challenge, LEVELS, RING_ROWS, RING_WIDTH},
    };
    let mut ticks = Stats::default();
    let mut releases = Stats::default();
    let mut rng = Rng::new(SEED);
    for level in 1..=LEVELS {
        let mut game = Challenge::new(level, rng.next_u32());
        game.set_hurry(true);
        while game.ending().is_none() {
            let stacked = game.stack_height();
            ticks.add(measure(overhead, || game.tick()));
            if game.stack_height() >= 9 && stacked < 9 {
                // The longest stroke: row by row, turning at the ends.
                for y in 0..RING_ROWS {
                    for i in 0..RING_WIDTH {
                        let x = if y % 2 == 0 { i } else { RING_WIDTH - 1 - i };
                        let _ = game.step(Cell::new(y, x));
                    }
                }
                releases.add(measure(overhead, || game.release()));
            }
        }
    }
    let cycles = |lines: u32| lines * crate::framework::frame_time::LINE_CYCLES;
    report(
        "challenge.tick",
        &ticks,
        cycles(CHALLENGE_TICK_LINES),
        failures,
    );
    report(
        "challenge.release",
        &releases,
        cycles(CHALLENGE_RELEASE_LINES),
        failures,
    );
}
