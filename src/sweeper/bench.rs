//! Sweeper's benchmarks (`just bench`, see `framework/bench.rs`): the
//! floodfill, first moves and mine layouts, plain and no-guess.

use crate::framework::bench::{
    Bench, FRAME_CYCLES, PER_FRAME_BUDGET, SEED, Stats, largest_save, measure, report,
};

use crate::random::Rng;

use super::records::{LINES, Line, SweeperSave};
use super::rules::field::{Field, MAX_SQUARES, Mines, Place, Size};
use super::rules::{
    Board, Difficulty, Layout, NoGuessGenerator, Pos, PosSet, SQUARE_COUNT, generate_blocking,
};
use sweeper_core::field_records::{BEST_WINS, FieldRecords};

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
/// The worst move on an Expert field (a flood of all 480 squares, a chord
/// that floods them, the win's 3BV): a quarter of a frame,
/// so the press that makes it has room for the squares it changes and the
/// sound, on hardware slower than mGBA too.
const FIELD_MOVE_BUDGET: u32 = FRAME_CYCLES / 4;
/// Laying a field's mines: two fifths of a frame, a frame of its own (the
/// first reveal waits for the next).
const PLACE_MINES_BUDGET: u32 = FRAME_CYCLES * 2 / 5;
/// An Expert no-guess field's wait, median and worst, in mGBA cycles: one
/// and three seconds of frames the search fills (nine tenths of each, less
/// a tenth for the frame's other work), with hardware a fifth slower.
const FIELD_NO_GUESS_MEDIAN_BUDGET: u32 = 10_400_000;
const FIELD_NO_GUESS_BUDGET: u32 = FIELD_NO_GUESS_MEDIAN_BUDGET * 3;
/// One step of the search: a waiting frame starts one only while one as
/// long as its longest so far ends by `WAITING_WORK_LINES`, so a longer one
/// runs past that by up to its length, and must still end within the
/// waiting frame's budget on hardware a fifth slower than mGBA.
const FIELD_NO_GUESS_STEP_BUDGET: u32 = FRAME_CYCLES / 6;
/// Expert no-guess fields measured.
const FIELD_SEEDS: u32 = 200;
/// No-guess steps the app runs per slice of a frame (its own constant).
const NO_GUESS_STEPS_PER_SLICE: u32 = super::NO_GUESS_STEPS_PER_SLICE as u32;

/// A first square from the fixed stream: every square of the board, corners included.
fn first_square(rng: &mut Rng) -> Pos {
    Pos::from_index(rng.below(SQUARE_COUNT as u32) as usize).unwrap_or_default()
}

fn single(pos: Pos) -> PosSet {
    let mut set = PosSet::EMPTY;
    set.insert(pos);
    set
}

/// Every benchmark of the app, then its save section at its largest.
// Out of line: inlined into the ROM's list of apps, every app's
// benchmarks would share one frame on the small stack.
#[inline(never)]
pub fn run(bench: &mut Bench) {
    let overhead = bench.overhead;
    let failures = &mut bench.failures;
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
    report("sweeper.reveal.worst", &stats, REVEAL_BUDGET, failures);

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
        failures,
    );

    // Plain placement for the first click (Hard): the layout and laying it out.
    let mut rng = Rng::new(SEED);
    let mut stats = Stats::default();
    for _ in 0..SEEDS {
        let first = first_square(&mut rng);
        let mut mines = Rng::new(rng.next_u32());
        let mut board = core::hint::black_box(Board::new(Difficulty::Hard, false));
        stats.add(measure(overhead, || board.place_mines(first, &mut mines)));
    }
    report("sweeper.generate.plain", &stats, FRAME_CYCLES, failures);

    // Blocking no-guess generation, Hard (the goal) last.
    for (name, difficulty) in [
        ("sweeper.generate.no_guess.easy", Difficulty::Easy),
        ("sweeper.generate.no_guess.medium", Difficulty::Medium),
        ("sweeper.generate.no_guess", Difficulty::Hard),
    ] {
        let mut rng = Rng::new(SEED);
        let mut stats = Stats::default();
        for _ in 0..SEEDS {
            let first = first_square(&mut rng);
            let seed = rng.next_u32();
            stats.add(measure(overhead, || {
                generate_blocking(first, difficulty.mines(), seed)
            }));
        }
        report(name, &stats, NO_GUESS_BUDGET, failures);
    }

    // One slice of the app's incremental search (it fills a waiting frame
    // with them): the worst single Hard step times the steps per slice.
    let mut rng = Rng::new(SEED);
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
        failures,
    );
    crate::event!(
        "bench.no_guess.steps count={} steps_per_slice={} step_mean={} step_worst={}",
        step.count,
        NO_GUESS_STEPS_PER_SLICE,
        step.mean(),
        step.worst
    );

    fields(overhead, failures);

    let line = Line {
        best_hundredths: Some(u32::MAX),
        best_rate: u16::MAX,
        tally: crate::framework::bench::LARGEST_TALLY,
    };
    largest_save(
        "sweeper",
        &SweeperSave {
            lines: [line; LINES],
            question_marks: true,
            no_guess: Some(true),
            fields: Some(alloc::boxed::Box::new(largest_field_records())),
        },
    );
    // A game in progress: an Expert field's snapshot at its largest (its
    // mines kept, not its deal's, and a mark that changes at every square).
    let mut field = Field::new(Size::EXPERT, false);
    field.set_deal(1);
    let _ = field.act(Place::new(0, 0), &mut Rng::new(1));
    for index in (1..MAX_SQUARES).step_by(2) {
        let place = Place::new((index % 30) as u8, (index / 30) as u8);
        if field
            .square(place)
            .is_some_and(|square| !square.is_revealed())
        {
            let _ = field.toggle_flag(place);
        }
    }
    largest_save(
        "sweeper.game",
        &super::game::SuspendedGame::of(&Board::new(Difficulty::Hard, true), Some(&field)),
    );
}

/// Expert no-guess fields from random first squares: the whole search's
/// median and worst, and its longest step (a waiting frame runs them until
/// the frame is full, so a step is what it may overrun by).
fn field_no_guess(overhead: u32, failures: &mut u32) {
    use super::rules::field::FieldNoGuess;
    let size = Size::EXPERT;
    let mut rng = Rng::new(SEED);
    let mut whole = alloc::vec::Vec::new();
    let mut step = Stats::default();
    let (mut layouts, mut most_layouts, mut solves, mut most_solves) = (0, 0, 0, 0);
    for _ in 0..FIELD_SEEDS {
        let first = Place::new(
            rng.below(u32::from(size.width())) as u8,
            rng.below(u32::from(size.height())) as u8,
        );
        let mut search = alloc::boxed::Box::new(FieldNoGuess::new(size, first, rng.next_u32()));
        let mut cycles = 0;
        loop {
            let mut done = false;
            let one = measure(overhead, || done = search.step().is_some());
            step.add(one);
            cycles += one;
            if done {
                break;
            }
        }
        whole.push(cycles);
        layouts += u32::from(search.layouts());
        solves += u32::from(search.solves());
        most_layouts = most_layouts.max(search.layouts());
        most_solves = most_solves.max(search.solves());
    }
    whole.sort_unstable();
    let median = whole.get(whole.len() / 2).copied().unwrap_or(0);
    let median = Stats {
        total: u64::from(median),
        count: 1,
        worst: median,
    };
    report(
        "sweeper.field.no_guess.median",
        &median,
        FIELD_NO_GUESS_MEDIAN_BUDGET,
        failures,
    );
    let mut all = Stats::default();
    for cycles in whole {
        all.add(cycles);
    }
    report(
        "sweeper.field.no_guess",
        &all,
        FIELD_NO_GUESS_BUDGET,
        failures,
    );
    report(
        "sweeper.field.no_guess.step",
        &step,
        FIELD_NO_GUESS_STEP_BUDGET,
        failures,
    );
    crate::event!(
        "bench.field_no_guess fields={} layouts_mean_x100={} layouts_most={} solves_mean_x100={} solves_most={} steps={}",
        FIELD_SEEDS,
        layouts * 100 / FIELD_SEEDS,
        most_layouts,
        solves * 100 / FIELD_SEEDS,
        most_solves,
        step.count
    );
}

/// Full-size field records at their largest: every line's five best wins
/// kept, every count at its top.
fn largest_field_records() -> FieldRecords {
    let mut records = FieldRecords::default();
    for size in Size::STANDARD {
        for no_guess in [false, true] {
            for _ in 0..BEST_WINS {
                let _ = records.finish(size, no_guess, true, u32::MAX, u16::MAX);
            }
        }
    }
    for line in &mut records.lines {
        line.tally = crate::framework::bench::LARGEST_TALLY;
    }
    records.custom = crate::framework::bench::LARGEST_TALLY;
    records
}

/// The Expert field's worst moves, which a press waits on.
// Out of line, as `run`: a field and its floodfill's stack are large.
#[inline(never)]
fn fields(overhead: u32, failures: &mut u32) {
    let size = Size::EXPERT;
    let (right, bottom) = (size.width() - 1, size.height() - 1);
    let corners = [
        Place::new(0, 0),
        Place::new(right, 0),
        Place::new(0, bottom),
        Place::new(right, bottom),
    ];
    // A mine-free field revealed from each corner: all 480 squares and the win.
    let mut playing = Field::new(size, false);
    playing.lay_mines(&Mines::NONE);
    let mut stats = Stats::default();
    for corner in corners {
        for _ in 0..REVEAL_REPEATS {
            let mut field = core::hint::black_box(playing.clone());
            stats.add(measure(overhead, || field.reveal(corner)));
        }
    }
    report(
        "sweeper.field.reveal.worst",
        &stats,
        FIELD_MOVE_BUDGET,
        failures,
    );

    // A chord that floods the field: a 1 beside the only mine, flagged,
    // chorded; its first safe target opens everything else and wins.
    let mut playing = Field::new(size, false);
    playing.lay_mines(&Mines::at(size, [Place::new(0, 0)]));
    let _ = playing.reveal(Place::new(1, 1));
    let _ = playing.toggle_flag(Place::new(0, 0));
    let mut stats = Stats::default();
    for _ in 0..REVEAL_REPEATS {
        let mut field = core::hint::black_box(playing.clone());
        stats.add(measure(overhead, || field.chord(Place::new(1, 1))));
    }
    report(
        "sweeper.field.chord.worst",
        &stats,
        FIELD_MOVE_BUDGET,
        failures,
    );

    // Laying Expert's 99 mines at random outside the first square's 3x3,
    // with the counts: a first move's frame, its reveal (a flood, above)
    // in the next.
    let mut rng = Rng::new(SEED);
    let mut stats = Stats::default();
    for _ in 0..SEEDS / 4 {
        let first = Place::new(
            rng.below(u32::from(size.width())) as u8,
            rng.below(u32::from(size.height())) as u8,
        );
        let mut mines = Rng::new(rng.next_u32());
        let mut field = core::hint::black_box(Field::new(size, false));
        stats.add(measure(overhead, || field.place_mines(first, &mut mines)));
    }
    report(
        "sweeper.field.place_mines",
        &stats,
        PLACE_MINES_BUDGET,
        failures,
    );

    field_no_guess(overhead, failures);

    // Keeping a game in play (every third of a second while it changes):
    // an Expert field's snapshot, its mines kept (a no-guess field's are
    // not drawn again from its code), half of it opened and some flags.
    let (mines, _) = super::rules::field::no_guess::generate_blocking(size, Place::new(15, 8), 5);
    let mut kept = Field::new(size, true);
    let _ = kept.start_with_layout(Place::new(15, 8), &mines);
    for index in (0..MAX_SQUARES).step_by(3) {
        let place = Place::new((index % 30) as u8, (index / 30) as u8);
        if mines.contains(place) {
            let _ = kept.toggle_flag(place);
        } else if index % 2 == 0 {
            let _ = kept.reveal(place);
        }
    }
    let mut stats = Stats::default();
    for _ in 0..REVEAL_REPEATS {
        let field = core::hint::black_box(&kept);
        stats.add(measure(overhead, || {
            super::game::SuspendedGame::of(&Board::new(Difficulty::Hard, true), Some(field))
        }));
    }
    report("sweeper.field.keep", &stats, FIELD_MOVE_BUDGET, failures);

    // Showing the field: all 480 squares drawn (a new board, or a flood of
    // the whole field), each its look's tile copied onto the plane, a third
    // of the field a frame (a new board is whole within three).
    crate::framework::plane::build();
    let fresh = Field::new(size, false);
    let mut stats = Stats::default();
    for _ in 0..REVEAL_REPEATS {
        let mut view = super::field_view::FieldView::new();
        for _ in 0..3 {
            stats.add(measure(overhead, || {
                view.sync(&fresh, &[], MAX_SQUARES / 3, u32::MAX)
            }));
        }
    }
    report(
        "sweeper.field.draw.third",
        &stats,
        FIELD_MOVE_BUDGET,
        failures,
    );

    // 3BV, worked out on the winning move for the records: on random
    // Expert layouts.
    let mut stats = Stats::default();
    for _ in 0..SEEDS / 4 {
        let mut field = Field::new(size, false);
        let _ = field.act(Place::new(15, 8), &mut rng);
        let field = core::hint::black_box(field);
        stats.add(measure(overhead, || field.three_bv()));
    }
    report(
        "sweeper.field.three_bv",
        &stats,
        FIELD_MOVE_BUDGET,
        failures,
    );
}
