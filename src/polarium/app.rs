//! Polarium's side of the app contract: drawing the stroke on the D-pad
//! (hold A, or L for one hand, and move; step back to take a step back;
//! release to flip), tries and the mixed-row marks, the rows clearing, the
//! puzzle list, records. Drawing lives in `view.rs`.

use agb::input::Button;
use alloc::format;

use super::{
    art,
    records::{self, PolariumSave},
    rules::{
        Board, Cell, Puzzle, Stroke,
        builtin::{self, COUNT},
        solver::{Progress, RomSpace, Solver},
        stroke::Step,
    },
    sounds,
    view::{self, Scene, Sprites, View},
};
use crate::framework::{
    App, AppInfo, Request, System,
    app::Icon,
    assets::sfx,
    canvas::Canvas,
    widgets::timer::{MAX_SECONDS, Timer, format_time},
};

pub struct Polarium;

/// Frames the flipped board stays up after a failed try.
const FAILED_FRAMES: u8 = 48;
/// Frames per row of the clearing animation.
const CLEAR_FRAMES_PER_ROW: u16 = 6;
/// Frames per cell when a hint replays the whole stroke.
const REPLAY_FRAMES_PER_CELL: u8 = 6;
/// Solver states expanded per frame (each a few hundred cycles).
const SOLVER_STATES_PER_FRAME: u32 = 32;

/// What survives while the window is closed: which puzzle, where the
/// cursor is, and the try in progress.
pub struct Persistent {
    puzzle: u16,
    cursor: Cell,
    tries: u8,
    seconds: u16,
    solved: bool,
}

/// What the window is doing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Drawing or about to: `drawing` while A (or L) is held.
    Play { drawing: bool },
    /// A failed try: the flipped board, for a moment.
    Failed { frames: u8 },
    /// Every row is one colour: the rows clear one by one.
    Clearing { frames: u16 },
    /// Solved: A for the next puzzle.
    Solved,
    /// Choosing a puzzle: the set shown and the row in it.
    List { set: usize, row: usize },
    /// A hint replays the solution: `cells` of it drawn so far.
    Replay { cells: u8, frames: u8 },
}

/// Hints, in the order R gives them: no penalty, each shows more.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Hint {
    None,
    /// Where the stroke starts and ends.
    Ends,
    /// The first steps of a solution, drawn for the player to carry on.
    FirstSteps,
    /// The whole solution, replayed cell by cell.
    Replay,
}

/// The solver at work for a hint, spread over frames.
enum Search {
    /// Its memory being cleared, a slice a frame.
    Clearing { memory: Zeroing, hint: Hint },
    Solving {
        solver: Solver,
        space: alloc::boxed::Box<RomSpace>,
        /// The hint it is for.
        hint: Hint,
        /// Cells scanned when the progress line was last drawn.
        shown: u8,
    },
}

/// Bytes of the solver's memory cleared per frame (EWRAM: ~1.5 cycles a byte).
const ZERO_BYTES_PER_FRAME: usize = 24 * 1024;

/// The solver's memory on the heap, zeroed a slice at a time (zeroed bytes
/// are a valid empty `Space`).
struct Zeroing {
    block: core::ptr::NonNull<u8>,
    done: usize,
}

impl Zeroing {
    const LAYOUT: core::alloc::Layout = core::alloc::Layout::new::<RomSpace>();

    /// `None` if the heap has no room.
    fn start() -> Option<Self> {
        // SAFETY: the layout's size is not zero.
        let block = unsafe { alloc::alloc::alloc(Self::LAYOUT) };
        core::ptr::NonNull::new(block).map(|block| Self { block, done: 0 })
    }

    /// Clear the next slice; the memory once all of it is clear.
    fn step(mut self) -> Result<alloc::boxed::Box<RomSpace>, Self> {
        let size = Self::LAYOUT.size();
        let count = ZERO_BYTES_PER_FRAME.min(size - self.done);
        // SAFETY: `done + count <= size`, inside the block we allocated.
        unsafe { self.block.as_ptr().add(self.done).write_bytes(0, count) };
        self.done += count;
        if self.done < size {
            return Err(self);
        }
        let block = self.block.cast::<RomSpace>();
        core::mem::forget(self);
        // SAFETY: allocated with `RomSpace`'s layout and every byte is now
        // zero, which is a valid `RomSpace` (integer arrays only); the Box
        // takes over the block (`forget` above skips our own free).
        Ok(unsafe { alloc::boxed::Box::from_raw(block.as_ptr()) })
    }
}

impl Drop for Zeroing {
    fn drop(&mut self) {
        // SAFETY: allocated in `start` with this layout, not yet handed on.
        unsafe { alloc::alloc::dealloc(self.block.as_ptr(), Self::LAYOUT) };
    }
}

pub struct Working {
    view: View,
    mode: Mode,
    puzzle: Puzzle,
    stroke: Stroke,
    /// After a failed try, until the stroke changes: rows left mixed.
    marks: Option<u8>,
    hint: Hint,
    /// A solution, once the solver has found one.
    solution: Option<Stroke>,
    search: Option<Search>,
    clock: Timer,
    /// The panel's text as last drawn.
    info: Option<(u16, u8, u8)>,
    shown_seconds: Option<u16>,
}

impl App for Polarium {
    type Persistent = Persistent;
    type Working = Working;
    type Save = PolariumSave;

    const INFO: AppInfo = AppInfo {
        id: "polarium",
        label: "Polarium",
        icon: Icon {
            tiles: &art::tiles::POLARIUM,
            palettes: &art::tiles::PALETTES,
        },
        music: None,
        window: view::WINDOW,
    };

    fn boot(system: &mut System) -> Persistent {
        let save = system.save::<Polarium>();
        crate::event!("polarium.records solved={}", save.solved());
        // Start at the first puzzle not solved yet.
        let first = (0..COUNT).find(|&i| !save.best(i).is_solved()).unwrap_or(0);
        Persistent {
            puzzle: first as u16,
            cursor: Cell::new(0, 0),
            tries: 0,
            seconds: 0,
            solved: false,
        }
    }

    fn open(persistent: &mut Persistent, system: &mut System) -> Working {
        let puzzle = load(persistent.puzzle);
        crate::event!(
            "polarium.opened puzzle={} size={}x{}",
            persistent.puzzle,
            puzzle.board.width(),
            puzzle.board.height()
        );
        Working {
            view: View::new(system.app_palette),
            mode: if persistent.solved { Mode::Solved } else { Mode::Play { drawing: false } },
            puzzle,
            stroke: Stroke::new(),
            marks: None,
            hint: Hint::None,
            solution: None,
            search: None,
            clock: Timer::new(),
            info: None,
            shown_seconds: None,
        }
    }

    fn prepare(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> bool {
        if !working.view.build_step() {
            return false;
        }
        refresh_panel(persistent, working, system);
        let scene = scene(working.mode, &working.puzzle, &working.stroke);
        let _ = working.view.sync(&scene);
        working.view.settled()
    }

    fn update(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> Request {
        match working.mode {
            Mode::Play { .. } => update_play(persistent, working, system),
            Mode::Failed { .. } => update_failed(working),
            Mode::Clearing { .. } => update_clearing(persistent, working, system),
            Mode::Solved => update_solved(persistent, working, system),
            Mode::List { .. } => update_list(persistent, working, system),
            Mode::Replay { .. } => update_replay(persistent, working),
        }
        run_search(persistent, working);
        if matches!(working.mode, Mode::Play { .. } | Mode::Failed { .. }) {
            working.clock.start();
            if working.clock.tick() {
                persistent.seconds = (persistent.seconds + 1).min(MAX_SECONDS);
            }
        }
        if !system.storage.busy() {
            refresh_panel(persistent, working, system);
            let scene = scene(working.mode, &working.puzzle, &working.stroke);
            // The board first; the panel's text types on in frames that
            // leave the board alone.
            if !working.view.sync(&scene) {
                working.view.advance_text();
            }
        }
        Request::Stay
    }

    fn show(persistent: &Persistent, working: &mut Working, canvas: &mut Canvas) {
        let listing = matches!(working.mode, Mode::List { .. });
        let sprites = Sprites {
            board: (!listing).then_some(&working.puzzle.board),
            cursor: matches!(working.mode, Mode::Play { .. }).then_some(persistent.cursor),
            hints: if working.hint >= Hint::Ends
                && matches!(working.mode, Mode::Play { .. } | Mode::Replay { .. })
            {
                working.puzzle.hints.or_else(|| {
                    let solution = working.solution.as_ref()?;
                    Some((solution.first()?, solution.last()?))
                })
            } else {
                None
            },
            row_marks: match working.mode {
                Mode::Play { .. } => working.marks,
                Mode::Failed { .. } => working.marks,
                _ => None,
            },
            list_row: match working.mode {
                Mode::List { row, .. } => Some(row),
                _ => None,
            },
        };
        working.view.show(canvas, &sprites);
    }

    fn pause(persistent: &mut Persistent, working: &mut Working, _system: &mut System) {
        // A stroke half-drawn when the window closes is dropped, as if cancelled.
        if let Mode::Play { drawing } = &mut working.mode {
            *drawing = false;
        }
        crate::event!("polarium.paused puzzle={}", persistent.puzzle);
    }
}

/// Built-in puzzle `index` (the first if the index is stale).
fn load(index: u16) -> Puzzle {
    builtin::puzzle(usize::from(index))
        .or_else(|| builtin::puzzle(0))
        .unwrap_or(Puzzle {
            board: Board::new(1, 1).unwrap_or_else(|| unreachable!()),
            hints: None,
        })
}

/// What the board area shows in each mode.
fn scene<'a>(mode: Mode, puzzle: &'a Puzzle, stroke: &'a Stroke) -> Scene<'a> {
    let board = Some(&puzzle.board);
    match mode {
        Mode::List { .. } => Scene {
            board,
            stroke: None,
            cleared_rows: 0,
        },
        Mode::Clearing { frames } => Scene {
            board,
            stroke: None,
            cleared_rows: cleared_rows(frames, puzzle.board.height()),
        },
        Mode::Solved => Scene {
            board,
            stroke: None,
            cleared_rows: 0xFF,
        },
        Mode::Play { .. } | Mode::Failed { .. } | Mode::Replay { .. } => Scene {
            board,
            stroke: Some(stroke),
            cleared_rows: 0,
        },
    }
}

fn cleared_rows(frames: u16, height: u8) -> u8 {
    let rows = (frames / CLEAR_FRAMES_PER_ROW).min(u16::from(height)) as u32;
    ((1u16 << rows) - 1) as u8
}

fn refresh_panel(persistent: &Persistent, working: &mut Working, system: &mut System) {
    if matches!(working.mode, Mode::List { .. }) {
        working.info = None;
        working.shown_seconds = None;
        return;
    }
    let best = system.save::<Polarium>().best(usize::from(persistent.puzzle));
    let key = (persistent.puzzle, persistent.tries, best.tries);
    if working.info != Some(key) {
        working.info = Some(key);
        let board = &working.puzzle.board;
        let best = if best.is_solved() {
            format!("Best {}", best.tries)
        } else {
            alloc::string::String::new()
        };
        working.view.set_info(&format!(
            "No. {}\n{}x{}\nTries {}\n{}",
            persistent.puzzle + 1,
            board.width(),
            board.height(),
            persistent.tries,
            best
        ));
    }
    if working.shown_seconds != Some(persistent.seconds) {
        working.shown_seconds = Some(persistent.seconds);
        working.view.set_clock(&format_time(persistent.seconds));
    }
}

fn update_play(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let input = &system.input;
    let Mode::Play { drawing } = working.mode else {
        return;
    };
    let board = working.puzzle.board;
    let held = input.pressed(Button::A) || input.pressed(Button::L);
    if input.just_pressed(Button::Select) && !drawing {
        open_list(persistent, working, system);
        return;
    }
    if input.just_pressed(Button::R) && !drawing {
        next_hint(persistent, working, system);
        return;
    }
    if input.just_pressed(Button::B) {
        if !working.stroke.is_empty() {
            working.stroke.clear();
            working.marks = None;
            system.sound.play(sfx::CLOSE);
            crate::event!("polarium.stroke cells=0");
        }
        working.mode = Mode::Play { drawing: false };
        return;
    }
    let mut drawing = drawing;
    if held && !drawing {
        // A press on the end of a kept stroke carries on drawing it; anywhere
        // else starts a new one. A direction pressed with it counts too.
        if working.stroke.last() != Some(persistent.cursor) {
            working.stroke.clear();
            working.stroke.step(&board, persistent.cursor);
            system.sound.play(sounds::STROKE);
            crate::event!("polarium.stroke cells=1");
        }
        working.marks = None;
        drawing = true;
        working.mode = Mode::Play { drawing };
    }
    if !held && drawing {
        working.mode = Mode::Play { drawing: false };
        flip(persistent, working, system);
        return;
    }
    let (dx, dy) = system.input.repeated_direction();
    if (dx, dy) == (0, 0) {
        return;
    }
    let x = i32::from(persistent.cursor.x) + dx.signum() * i32::from(dy == 0);
    let y = i32::from(persistent.cursor.y) + dy.signum();
    let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else {
        return;
    };
    let next = Cell::new(y, x);
    if !board.contains(next) {
        return;
    }
    if drawing {
        match working.stroke.step(&board, next) {
            Step::Drawn => system.sound.play(sounds::STROKE),
            Step::Retracted => system.sound.play(sfx::CURSOR),
            // The cursor stays on the stroke's end.
            Step::Refused => return,
        }
        crate::event!("polarium.stroke cells={}", working.stroke.len());
    } else {
        system.sound.play(sfx::CURSOR);
    }
    persistent.cursor = next;
}

/// The stroke is released: flip its tiles and see.
fn flip(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    if working.stroke.is_empty() {
        return;
    }
    persistent.tries = persistent.tries.saturating_add(1);
    let after = working.stroke.applied(&working.puzzle.board);
    let mixed = after.mixed_rows();
    crate::event!(
        "polarium.try puzzle={} tries={} cells={} mixed={:08b}",
        persistent.puzzle,
        persistent.tries,
        working.stroke.len(),
        mixed
    );
    if mixed == 0 {
        working.puzzle.board = after;
        working.mode = Mode::Clearing { frames: 0 };
        system.sound.play(sounds::ROWS_CLEAR);
        return;
    }
    working.marks = Some(mixed);
    working.mode = Mode::Failed { frames: 0 };
    // Show the flipped tiles for a moment; the puzzle comes back after.
    working.puzzle.board = after;
    system.sound.play(sounds::FLIP);
}

fn update_failed(working: &mut Working) {
    let Mode::Failed { frames } = &mut working.mode else {
        return;
    };
    *frames += 1;
    if *frames == FAILED_FRAMES / 2 {
        // Flip back: the same stroke over the flipped board undoes it.
        working.puzzle.board = working.stroke.applied(&working.puzzle.board);
    }
    if *frames >= FAILED_FRAMES {
        working.mode = Mode::Play { drawing: false };
        working.view.set_message("Mixed rows\nmarked. Try\nagain!");
    }
}

fn update_clearing(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::Clearing { frames } = &mut working.mode else {
        return;
    };
    *frames += 1;
    let done = u16::from(working.puzzle.board.height() + 3) * CLEAR_FRAMES_PER_ROW;
    if *frames < done {
        return;
    }
    let index = usize::from(persistent.puzzle);
    let new_best = system
        .save::<Polarium>()
        .finish(index, persistent.tries, persistent.seconds);
    system.storage.commit_soon();
    crate::event!(
        "polarium.solved puzzle={} tries={} seconds={} new_best={}",
        persistent.puzzle,
        persistent.tries,
        persistent.seconds,
        new_best
    );
    persistent.solved = true;
    working.mode = Mode::Solved;
    working.stroke.clear();
    working.info = None;
    working.view.set_message(&format!(
        "Solved in {}\n{}!\nA: next",
        persistent.tries,
        if persistent.tries == 1 { "try" } else { "tries" }
    ));
}

fn update_solved(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let input = &system.input;
    if input.just_pressed(Button::A) {
        let next = usize::from(persistent.puzzle) + 1;
        let open = system.save::<Polarium>().open_sets(sets()) * records::SET;
        if next < COUNT.min(open) {
            start(persistent, working, next as u16);
            system.sound.play(sfx::CONFIRM);
        } else {
            open_list(persistent, working, system);
        }
    } else if input.just_pressed(Button::Select) || input.just_pressed(Button::B) {
        open_list(persistent, working, system);
    }
}

/// Sets of puzzles in the list.
fn sets() -> usize {
    COUNT.div_ceil(records::SET)
}

fn start(persistent: &mut Persistent, working: &mut Working, index: u16) {
    persistent.puzzle = index;
    persistent.tries = 0;
    persistent.seconds = 0;
    persistent.solved = false;
    working.puzzle = load(index);
    let board = working.puzzle.board;
    persistent.cursor = Cell::new(0, 0);
    if !board.contains(persistent.cursor) {
        persistent.cursor = Cell::new(0, 0);
    }
    working.stroke.clear();
    working.marks = None;
    working.hint = Hint::None;
    working.solution = None;
    working.search = None;
    working.clock = Timer::new();
    working.info = None;
    working.mode = Mode::Play { drawing: false };
    working.view.clear_list();
    working.view.set_message("");
    crate::event!(
        "polarium.start puzzle={} size={}x{}",
        index,
        board.width(),
        board.height()
    );
}

fn open_list(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let index = usize::from(persistent.puzzle);
    let set = index / records::SET;
    let row = index % records::SET;
    working.mode = Mode::List { set, row };
    working.view.set_message("");
    show_set(working, system, set);
    system.sound.play(sfx::OPEN);
    crate::event!("polarium.list set={}", set);
}

fn show_set(working: &mut Working, system: &mut System, set: usize) {
    let save = system.save::<Polarium>();
    let open = save.open_sets(sets());
    let mut text = format!("Set {}/{}\n", set + 1, sets());
    if set >= open {
        text.push_str(&format!(
            "Locked:\nsolve {} of\nset {} first",
            records::TO_OPEN_NEXT,
            set
        ));
    } else {
        for index in set * records::SET..((set + 1) * records::SET).min(COUNT) {
            let size = builtin::puzzle(index)
                .map(|p| format!("{}x{}", p.board.width(), p.board.height()))
                .unwrap_or_default();
            let mark = if save.best(index).is_solved() { "*" } else { "" };
            text.push_str(&format!("{:>3} {} {}\n", index + 1, size, mark));
        }
    }
    working.view.set_list(&text);
}

fn update_list(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::List { set, row } = working.mode else {
        return;
    };
    let open = system.save::<Polarium>().open_sets(sets());
    let input = &system.input;
    let (dx, dy) = input.repeated_direction();
    let in_set = (COUNT - set * records::SET).min(records::SET);
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        // Back to the puzzle being played.
        working.mode = if persistent.solved { Mode::Solved } else { Mode::Play { drawing: false } };
        working.puzzle = load(persistent.puzzle);
        working.view.clear_list();
        system.sound.play(sfx::CLOSE);
        return;
    }
    if input.just_pressed(Button::A) {
        if set < open {
            start(persistent, working, (set * records::SET + row) as u16);
            system.sound.play(sfx::CONFIRM);
        } else {
            system.sound.play(sfx::ERROR);
        }
        return;
    }
    if dx != 0 {
        let next = (set as i32 + dx).clamp(0, sets() as i32 - 1) as usize;
        if next != set {
            let row = row.min((COUNT - next * records::SET).min(records::SET) - 1);
            working.mode = Mode::List { set: next, row };
            show_set(working, system, next);
            preview(working, next * records::SET + row, next < open);
            system.sound.play(sfx::CURSOR);
        }
        return;
    }
    if dy != 0 && set < open {
        let next = (row as i32 + dy).clamp(0, in_set as i32 - 1) as usize;
        if next != row {
            working.mode = Mode::List { set, row: next };
            preview(working, set * records::SET + next, true);
            system.sound.play(sfx::CURSOR);
        }
    }
}

/// Show puzzle `index` in the board area while choosing.
fn preview(working: &mut Working, index: usize, open: bool) {
    if open && let Some(puzzle) = builtin::puzzle(index) {
        working.puzzle = puzzle;
    }
}

/// R: the next layer of hints.
fn next_hint(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let next = match working.hint {
        Hint::None => Hint::Ends,
        Hint::Ends => Hint::FirstSteps,
        Hint::FirstSteps | Hint::Replay => Hint::Replay,
    };
    crate::event!("polarium.hint level={:?}", next);
    system.sound.play(sfx::OPEN);
    let needs_solution = next > Hint::Ends || working.puzzle.hints.is_none();
    if needs_solution && working.solution.is_none() {
        if working.search.is_none() {
            let Some(memory) = Zeroing::start() else {
                working.view.set_message("No room to\nthink now.");
                return;
            };
            working.search = Some(Search::Clearing { memory, hint: next });
        }
        working.view.set_message("Thinking...");
        return;
    }
    apply_hint(persistent, working, next);
}

/// Show hint `hint` (its solution is known if it needs one).
fn apply_hint(persistent: &mut Persistent, working: &mut Working, hint: Hint) {
    working.hint = hint;
    working.marks = None;
    match hint {
        Hint::None => {}
        Hint::Ends => working
            .view
            .set_message("Hint: the\nrings mark\nstart, end."),
        Hint::FirstSteps => {
            if let Some(solution) = &working.solution {
                let steps = (solution.len() / 4).max(2).min(solution.len());
                working.stroke = prefix(&working.puzzle.board, solution, steps);
                if let Some(end) = working.stroke.last() {
                    persistent.cursor = end;
                }
                working
                    .view
                    .set_message("Hint: hold A\non the end,\ncarry on.");
            }
        }
        Hint::Replay => {
            working.stroke.clear();
            working.mode = Mode::Replay {
                cells: 0,
                frames: 0,
            };
            working.view.set_message("Hint: the\nwhole stroke.");
        }
    }
}

/// The first `cells` cells of `stroke`.
fn prefix(board: &Board, stroke: &Stroke, cells: usize) -> Stroke {
    Stroke::from_cells(board, &stroke.cells()[..cells.min(stroke.len())]).unwrap_or_default()
}

/// One frame of the solver's work, if it is searching.
fn run_search(persistent: &mut Persistent, working: &mut Working) {
    let search = match working.search.take() {
        None => return,
        Some(Search::Clearing { memory, hint }) => {
            working.search = Some(match memory.step() {
                Err(memory) => Search::Clearing { memory, hint },
                Ok(mut space) => Search::Solving {
                    solver: Solver::new(&working.puzzle, &mut space),
                    space,
                    hint,
                    shown: 0,
                },
            });
            return;
        }
        Some(solving) => solving,
    };
    let Search::Solving {
        mut solver,
        mut space,
        hint,
        mut shown,
    } = search
    else {
        return;
    };
    match solver.step(&mut space, SOLVER_STATES_PER_FRAME) {
        Progress::Working { scanned, total } => {
            if scanned >= shown + 10 {
                shown = scanned;
                let percent = u32::from(scanned) * 100 / u32::from(total.max(1));
                working
                    .view
                    .set_message(&format!("Thinking...\n{percent}%"));
            }
            working.search = Some(Search::Solving {
                solver,
                space,
                hint,
                shown,
            });
            return;
        }
        Progress::Solved(solution) => {
            crate::event!(
                "polarium.solver solved cells={} count={} states={}",
                solution.stroke.len(),
                solution.count,
                solver.states()
            );
            working.solution = Some(solution.stroke);
            apply_hint(persistent, working, hint);
            return;
        }
        Progress::Solvable { .. } => working
            .view
            .set_message("Too many\nways to\nshow one."),
        Progress::Unsolvable => working.view.set_message("No stroke\nsolves this."),
        Progress::OutOfSpace => working.view.set_message("Too hard\nto check."),
    }
    crate::event!("polarium.solver gave_up");
}

fn update_replay(persistent: &mut Persistent, working: &mut Working) {
    let Mode::Replay { cells, frames } = &mut working.mode else {
        return;
    };
    let Some(solution) = &working.solution else {
        working.mode = Mode::Play { drawing: false };
        return;
    };
    *frames += 1;
    if *frames < REPLAY_FRAMES_PER_CELL {
        return;
    }
    *frames = 0;
    *cells += 1;
    let shown = usize::from(*cells);
    working.stroke = prefix(&working.puzzle.board, solution, shown);
    if let Some(end) = working.stroke.last() {
        persistent.cursor = end;
    }
    if shown >= solution.len() {
        working.mode = Mode::Play { drawing: false };
        working
            .view
            .set_message("Hold A on\nthe end and\nlet go.");
    }
}
