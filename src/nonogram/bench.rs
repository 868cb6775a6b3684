//! The nonogram's benchmarks (`just bench`, see `framework/bench.rs`): the
//! hint guide, the uniqueness check, random puzzles and share codes.

use crate::framework::bench::{
    Bench, FRAME_CYCLES, PER_FRAME_BUDGET, SEED, Stats, largest_save, measure, report,
};
use crate::framework::frame_time::LINE_CYCLES;
use crate::random::Rng;

use super::records::{Custom, NonogramSave, Options};
use super::rules::{MAX_HEIGHT, MAX_WIDTH};

/// Every benchmark of the app, then its save section at its largest.
// Out of line: inlined into the ROM's list of apps, every app's
// benchmarks would share one frame on the small stack.
#[inline(never)]
pub fn run(bench: &mut Bench) {
    let grids = nonogram(bench.overhead, &mut bench.failures);
    share_codes(&grids, bench.overhead, &mut bench.failures);
    drop(grids);
    random_puzzles(bench.overhead, &mut bench.failures);
    view_screens(bench.overhead, &mut bench.failures);
    let picture = Custom {
        width: MAX_WIDTH as u8,
        height: MAX_HEIGHT as u8,
        rows: (0..MAX_HEIGHT).map(|_| (1 << MAX_WIDTH) - 1).collect(),
        best: u16::MAX,
    };
    largest_save(
        "nonogram",
        &NonogramSave {
            bests: alloc::vec![u16::MAX; super::rules::builtin::COUNT],
            options: Options::default(),
            customs: alloc::vec![Some(picture.clone()); super::records::CUSTOM_SLOTS],
            playing: Some(picture.clone()),
            draft: Some((u8::MAX, picture)),
            tally: crate::framework::bench::LARGEST_TALLY,
            solving_seconds: u32::MAX,
        },
    );
    // A game in progress at its largest: every number at its widest, and
    // the undo history kept as the window closes.
    let playing = super::puzzle::KeptGame {
        source: super::puzzle::Source::Random(u32::MAX),
        cursor: (MAX_WIDTH as u8 - 1, MAX_HEIGHT as u8 - 1),
        seconds: u16::MAX,
        mistakes: u8::MAX,
        solved: true,
        counted: true,
        start_hint: true,
        marks: [u8::MAX; super::rules::play::PACKED_BYTES],
    };
    largest_save(
        "nonogram.game",
        &super::suspended::SuspendedPuzzle::of(
            &playing,
            true,
            core::iter::repeat_n(u16::MAX, super::suspended::UNDO_KEPT),
        ),
    );
}

/// The hint guide after one cell changes (its row and its column): 1% of a
/// frame.
const HINT_BUDGET: u32 = FRAME_CYCLES / 100;
/// Every line of a board greyed afresh (opening a puzzle): what the
/// opening makes room for.
const HINT_BOARD_BUDGET: u32 =
    super::puzzle::REGRADE_LINES * crate::framework::frame_time::LINE_CYCLES;
/// A uniqueness check, goal: one second.
const UNIQUE_BUDGET: u32 = 16_780_000;
/// Work units the uniqueness check is given per step when timed: the
/// editor's per frame.
const UNIQUE_STEP: u32 = super::editor::CHECK_WORK_PER_SLICE;
/// Random puzzles made per size for `nonogram.generate`.
const NONOGRAM_SEEDS: u32 = 12;
/// Partly marked boards per built-in puzzle for the hint guide.
const MARKINGS: u32 = 8;

/// The nonogram's hint guide on every built-in puzzle partly marked (some
/// cells right, some wrong, crosses among them) and its uniqueness check
/// from the clues alone, built-ins and random grids.
#[inline(never)]
fn nonogram(overhead: u32, failures: &mut u32) -> alloc::vec::Vec<super::rules::Grid> {
    use super::rules::{
        Grid, PuzzleClues, UniquenessCheck, Verdict, builtin, grey,
        play::{Mark, Marks},
    };
    let mut rng = Rng::new(SEED ^ 0x4E4F);
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
        "nonogram.unique.slice",
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
    use super::extras::GENERATE_WORK_PER_SLICE;
    use super::rules::builtin;
    let (mut frame, mut puzzle, mut attempts) =
        (Stats::default(), Stats::default(), Stats::default());
    let mut generator = boxed_generator();
    for (width, height) in builtin::SIZES {
        for seed in 0..NONOGRAM_SEEDS {
            generator.restart(SEED ^ seed, usize::from(width), usize::from(height));
            let mut total = 0u32;
            loop {
                let mut made = None;
                let cycles = measure(overhead, || made = generator.step(GENERATE_WORK_PER_SLICE));
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
        "bench.nonogram.generate puzzles={} attempts_mean={} attempts_worst={} work_per_slice={}",
        puzzle.count,
        attempts.mean(),
        attempts.worst,
        GENERATE_WORK_PER_SLICE
    );
    report("nonogram.generate", &frame, PER_FRAME_BUDGET / 2, failures);
    report("nonogram.generate.puzzle", &puzzle, UNIQUE_BUDGET, failures);
}

/// Share codes of the built-ins and the random grids, written (the
/// editor's Share code) and read back (a code typed on the pad) a frame's
/// cells at a time as the app does; and the code lengths per size.
#[inline(never)]
fn share_codes(grids: &[super::rules::Grid], overhead: u32, failures: &mut u32) {
    use super::CODE_CELLS_PER_SLICE;
    use super::rules::builtin;
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
        "bench.nonogram.share cells_per_slice={}",
        CODE_CELLS_PER_SLICE
    );
    report("nonogram.share.encode", &encode, SHARE_BUDGET, failures);
    report(
        "nonogram.share.encode.slice",
        &encode_frame,
        PER_FRAME_BUDGET / 2,
        failures,
    );
    report("nonogram.share.decode", &decode, SHARE_BUDGET, failures);
    report(
        "nonogram.share.decode.slice",
        &decode_frame,
        PER_FRAME_BUDGET / 2,
        failures,
    );
}

/// `grid`'s share code, written a frame's cells at a time: each call's
/// cycles go in `frame`, their sum in `whole`.
#[inline(never)]
fn encode_timed(
    grid: &super::rules::Grid,
    overhead: u32,
    whole: &mut Stats,
    frame: &mut Stats,
) -> Option<super::rules::ShareCode> {
    use super::{CODE_CELLS_PER_SLICE, rules::share_code::Encoding};
    let mut encoding = alloc::boxed::Box::new(Encoding::new(grid).ok()?);
    let mut total = 0u32;
    let code = loop {
        let mut code = None;
        let cycles = measure(overhead, || code = encoding.step(CODE_CELLS_PER_SLICE));
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
    code: &super::rules::ShareCode,
    overhead: u32,
    whole: &mut Stats,
    frame: &mut Stats,
) -> Option<Result<super::rules::Grid, super::rules::CodeError>> {
    use super::{CODE_CELLS_PER_SLICE, rules::share_code::Decoding};
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
        let cycles = measure(overhead, || read = decoding.step(CODE_CELLS_PER_SLICE));
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
fn boxed_generator() -> alloc::boxed::Box<super::rules::Generator> {
    let mut generator = alloc::boxed::Box::new_uninit();
    super::rules::Generator::new_in(&mut generator, 1, 1, 1);
    // SAFETY: built in place on the line above.
    unsafe { generator.assume_init() }
}

/// Random grids (every size in turn) the uniqueness check is timed on.
const RANDOM_GRIDS: u32 = 200;

/// Drawing the screens (`view.rs`) on every built-in puzzle: a board put
/// up afresh, its marks, its hint guide, solved; the lists of pictures and
/// the longest share code: each whole screen is timed (the frames it is
/// drawn in are the frame meter's).
#[inline(never)]
fn view_screens(overhead: u32, failures: &mut u32) {
    use super::{
        art::Colours,
        layout::Layout,
        rules::{
            PuzzleClues, builtin, colour_art, grey,
            play::{Mark, Marks},
            share_code,
        },
        view::{ListEntry, ListScene, Scene, View},
    };
    let (mut board, mut marked, mut list) = (Stats::default(), Stats::default(), Stats::default());
    let mut back = Stats::default();
    let mut view = alloc::boxed::Box::new(View::new(Colours::new(false)));

    let mut rng = Rng::new(SEED ^ 0x5649);
    let mut pictures = alloc::vec::Vec::new();
    for index in 0..builtin::COUNT {
        let Some(picture) = builtin::picture(index) else {
            continue;
        };
        let clues = PuzzleClues::of_picture(&picture);
        let (width, height) = (picture.width(), picture.height());
        let blank = Marks::new(width, height);
        let mut marks = Marks::new(width, height);
        let layout = Layout::of(&clues);
        let scene = |marks, greying, finished, serial| Scene {
            puzzle: serial,
            layout,
            clues: &clues,
            marks,
            cursor: Some((0, 0)),
            greying,
            finished,
            seconds: Some(599),
            run: None,
            marked: None,
            zoom: true,
            reveal: None,
        };
        // From a page of text: the screen painted over, the board put up.
        view.set_title(&alloc::format!("No.{} {}x{}", index + 1, width, height));
        view.set_lines(TEXT_PAGE);
        view.draw_text();
        list.add(timed(overhead, &mut |room| {
            view.sync_list_within(&text_page(&[]), room);
        }));
        board.add(timed(overhead, &mut |room| {
            view.sync_within(&scene(&blank, None, false, index as u32 * 4), room);
        }));
        // Resumed half done (every kind of mark), with the hint guide.
        for y in 0..height {
            for x in 0..width {
                let mark = match rng.below(8) {
                    0..=2 => Mark::Empty,
                    3 | 4 => Mark::Filled,
                    5 | 6 => Mark::Crossed,
                    _ => Mark::Mistake,
                };
                marks.set(x, y, mark);
            }
        }
        let rows: alloc::vec::Vec<_> = (0..height)
            .map(|y| grey(marks.row(y), clues.row(y)))
            .collect();
        let columns: alloc::vec::Vec<_> = (0..width)
            .map(|x| grey(marks.column(x), clues.column(x)))
            .collect();
        marked.add(timed(overhead, &mut |room| {
            view.sync_within(
                &scene(&marks, Some((&rows, &columns)), false, index as u32 * 4 + 1),
                room,
            );
        }));
        // A page over it, then back: the board is kept and put back.
        timed(overhead, &mut |room| {
            view.sync_list_within(&text_page(&[]), room);
        });
        back.add(timed(overhead, &mut |room| {
            view.sync_within(
                &scene(&marks, Some((&rows, &columns)), false, index as u32 * 4 + 1),
                room,
            );
        }));
        timed(overhead, &mut |room| {
            view.sync_within(&scene(&marks, None, true, index as u32 * 4 + 1), room);
        });
        pictures.push(ListEntry {
            number: index as u16 + 1,
            best: Some(599),
            picture: Some(picture),
            empty_slot: false,
            left_at: None,
            clean: true,
            art: colour_art::picture(index),
        });
    }
    // The lists, a page of pictures at a time, then the longest code.
    for page in pictures.chunks(super::view::LIST_SLOTS) {
        list.add(timed(overhead, &mut |room| {
            view.sync_list_within(
                &ListScene {
                    entries: page,
                    selected: 1,
                    text_page: false,
                    code: &[],
                },
                room,
            );
        }));
    }
    // The longest share code, from the editor's menu (a text page) as
    // the player asks for it there.
    timed(overhead, &mut |room| {
        view.sync_list_within(&text_page(&[]), room);
    });
    let code = [9; share_code::MAX_GROUPS * share_code::GROUP_DIGITS];
    list.add(timed(overhead, &mut |room| {
        view.sync_list_within(&text_page(&code), room);
    }));
    report("nonogram.view.board", &board, SCREEN_BUDGET, failures);
    report("nonogram.view.marked", &marked, OPENING_BUDGET, failures);
    report("nonogram.view.back", &back, SCREEN_BUDGET, failures);
    report("nonogram.view.list", &list, SCREEN_BUDGET, failures);
}

/// A page of text, with a share code's digits on it.
fn text_page(code: &[u8]) -> super::view::ListScene<'_> {
    super::view::ListScene {
        entries: &[],
        selected: 0,
        text_page: true,
        code,
    }
}

/// Cycles `draw` takes in all, with room for every piece.
fn timed(overhead: u32, draw: &mut dyn FnMut(&mut super::view::Room)) -> u32 {
    use crate::framework::cycles;
    // The clock less the time spent writing events (the frame meter
    // leaves that out too).
    let _ = cycles::take_excluded();
    let start = cycles::now();
    draw(&mut |_| true);
    let written = cycles::take_excluded();
    cycles::now()
        .wrapping_sub(start)
        .wrapping_sub(written)
        .saturating_sub(overhead)
}

/// A page of text as the options show it (the longest lines the pages
/// have).
const TEXT_PAGE: &str = "Hint guide: on\nAuto cross: off\nMistake check: on\n\
    High contrast: off\nErase this puzzle's best time\nA: change  B: back  L R: pages";

/// A whole screen's drawing, spread over the frames after a press: what
/// five frames' room for drawing holds (some 70 lines each), so it is
/// complete within the settle budget of six.
const SCREEN_BUDGET: u32 = 5 * 70 * LINE_CYCLES;

/// A board with marks is drawn from nothing only as the window opens on a
/// kept game (from a page, the board kept under it comes back instead), or
/// after the colours change: the drawing room of the opening's frames.
const OPENING_BUDGET: u32 = crate::framework::transition::FRAMES as u32 * 70 * LINE_CYCLES;
