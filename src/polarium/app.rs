//! Polarium's side of the app contract: drawing the stroke on the D-pad
//! (hold A, or L for one hand, and move; step back to take a step back;
//! release to flip), tries and the mixed-row marks, the rows clearing and
//! records. Hints are in `hints.rs`, the puzzle list and passwords in
//! `menu.rs`, drawing in `view.rs`.

use agb::input::Button;
use alloc::{boxed::Box, format};

use super::{
    art, editor, endless, hints,
    hints::Hint,
    menu::{self, PadFor},
    records::PolariumSave,
    rules::{
        Board, Cell, Puzzle, Stroke, builtin,
        difficulty::tier_name,
        endless::EndlessCode,
        password,
        stroke::{PackedStroke, Step},
    },
    search::{Goal, Pace, Search, Searched},
    size_choice::{self, SizeFor},
    sounds,
    view::{self, Scene, Sprites, View},
};
use crate::framework::{
    App, AppInfo, Request, System,
    app::Icon,
    assets::sfx,
    canvas::Canvas,
    widgets::{
        numpad::NumberPad,
        timer::{MAX_SECONDS, Timer, format_time},
    },
};

pub struct Polarium;

// The mode handlers below and in `menu.rs` and `hints.rs` are
// `#[inline(never)]`: inlined into `update` their locals (strings, strokes,
// solver results) made one frame big enough, with the number pad's text
// drawing on top, to overflow the small IWRAM stack.

/// Frames the flipped board stays up after a failed try.
const FAILED_FRAMES: u8 = 48;
/// Frames per row of the clearing animation.
const CLEAR_FRAMES_PER_ROW: u16 = 6;

/// Where the puzzle being played came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    /// Built-in puzzle number (0-based).
    Builtin(u16),
    /// A typed password or a custom puzzle: its three line numbers.
    Password([u32; 3]),
    /// Made in the editor, not yet solved: its board (no hints).
    Made([u32; 3]),
    /// Endless mode: its code and the puzzle the generator made from it.
    Endless { code: EndlessCode, lines: [u32; 3] },
}

impl Source {
    pub fn puzzle(self) -> Puzzle {
        let found = match self {
            Self::Builtin(index) => builtin::puzzle(usize::from(index)),
            Self::Password(lines) | Self::Endless { lines, .. } => password::from_lines(lines).ok(),
            Self::Made(lines) => password::from_lines(lines).ok().map(|puzzle| Puzzle {
                hints: None,
                ..puzzle
            }),
        };
        found
            .or_else(|| builtin::puzzle(0))
            .or_else(|| Board::new(1, 1).map(|board| Puzzle { board, hints: None }))
            .unwrap_or_else(|| unreachable!("a 1x1 board is valid"))
    }
}

/// What survives while the window is closed: which puzzle, where the
/// cursor is, and the try in progress.
pub struct Persistent {
    pub source: Source,
    pub cursor: Cell,
    pub tries: u8,
    pub seconds: u16,
    pub solved: bool,
    /// The window closed in the editor: `source` is the board being painted
    /// (`Source::Made`), and the editor comes back with it.
    pub editing: bool,
    /// The stroke on the board when the window closed (kept after a failed
    /// try, to fix), drawn again when it opens.
    pub stroke: PackedStroke,
    /// The hints given on the puzzle being played: the next R goes on from
    /// there, and the start and end rings are shown again.
    pub hint: Hint,
}

impl Persistent {
    /// The mode to come back to on the puzzle being played.
    pub const fn resume_mode(&self) -> Mode {
        if self.editing {
            Mode::Edit { paint: None }
        } else if self.solved {
            Mode::Solved
        } else {
            Mode::Play { drawing: false }
        }
    }
}

/// What the window is doing: exactly one of these at a time, each owning
/// what only it uses.
pub enum Mode {
    /// Drawing or about to: `drawing` while A (or L) is held.
    Play { drawing: bool },
    /// A failed try: the flipped board, for a moment.
    Failed { frames: u8 },
    /// Every row is one colour: the rows clear one by one.
    Clearing { frames: u16 },
    /// Solved: A for the next puzzle.
    Solved,
    /// Choosing: page (a set of puzzles, or the page of other things) and row.
    List { page: usize, row: usize },
    /// A hint replays the solution: `cells` of it drawn so far.
    Replay { cells: u8, frames: u8 },
    /// Typing on the number pad: a password or an endless code. Boxed: the
    /// pad holds up to 125 digits, which no other mode needs.
    Pad {
        purpose: PadFor,
        pad: Box<NumberPad>,
    },
    /// The solver checks a typed puzzle before play starts.
    Checking(Search),
    /// Choosing a size, for the editor or endless mode.
    ChooseSize {
        width: u8,
        height: u8,
        purpose: SizeFor,
    },
    /// The editor: painting tiles; `paint` is the colour A paints while held.
    Edit { paint: Option<bool> },
    /// Endless mode: the generator at work. Boxed: the generator's grid is
    /// larger than the rest of the mode.
    Making(Box<endless::Making>),
}

impl Mode {
    /// What `update` compares before and after a frame's handler: the
    /// variant and its small fields (a list row, a size), not the data a
    /// variant owns, nor an animation's count of frames (an animation's
    /// steps are drawn as they come).
    fn key(&self) -> ModeKey {
        match *self {
            Self::Play { drawing } => ModeKey::Play { drawing },
            Self::Failed { .. } => ModeKey::Failed,
            Self::Clearing { .. } => ModeKey::Clearing,
            Self::Solved => ModeKey::Solved,
            Self::List { page, row } => ModeKey::List { page, row },
            Self::Replay { .. } => ModeKey::Replay,
            Self::Pad { purpose, .. } => ModeKey::Pad(purpose),
            Self::Checking(_) => ModeKey::Checking,
            Self::ChooseSize {
                width,
                height,
                purpose,
            } => ModeKey::ChooseSize {
                width,
                height,
                purpose,
            },
            Self::Edit { paint } => ModeKey::Edit { paint },
            Self::Making(_) => ModeKey::Making,
        }
    }
}

/// A [`Mode`] without what its variant owns: the variant and its small
/// fields, all a frame compares to tell whether the mode changed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ModeKey {
    Play {
        drawing: bool,
    },
    Failed,
    Clearing,
    Solved,
    List {
        page: usize,
        row: usize,
    },
    Replay,
    Pad(PadFor),
    Checking,
    ChooseSize {
        width: u8,
        height: u8,
        purpose: SizeFor,
    },
    Edit {
        paint: Option<bool>,
    },
    Making,
}

/// What the solver is running for while the puzzle is played (the check
/// of a typed puzzle is `Mode::Checking`'s own).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    Hint(Hint),
    /// The solution behind hints given before the window closed.
    Recall,
    /// How hard an endless puzzle is.
    Rate,
}

impl Purpose {
    /// What the solver looks for: a stroke, or (rating) the effort.
    pub fn goal(self) -> Goal {
        match self {
            Self::Rate => Goal::Rating,
            Self::Hint(_) | Self::Recall => Goal::Stroke,
        }
    }

    /// Whether the player waits for the answer, or plays on meanwhile.
    pub fn pace(self) -> Pace {
        match self {
            Self::Hint(_) => Pace::Waiting,
            Self::Recall | Self::Rate => Pace::Background,
        }
    }
}

pub struct Working {
    pub view: View,
    pub mode: Mode,
    pub puzzle: Puzzle,
    pub stroke: Stroke,
    /// After a failed try, until the stroke changes: rows left mixed.
    marks: Option<u8>,
    pub hint: Hint,
    /// A solution, once the solver has found one.
    pub solution: Option<Stroke>,
    /// The solver, at work for the puzzle being played.
    pub search: Option<(Search, Purpose)>,
    /// An endless puzzle's tier, once the solver has measured it.
    tier: Option<u8>,
    clock: Timer,
    /// The panel's text as last drawn.
    info: Option<(Source, u8, u8)>,
    shown_seconds: Option<u16>,
    /// Percent last shown while the solver works.
    shown_percent: Option<u32>,
    /// Whether this frame's `draw` brings the window up to date.
    draws: bool,
    /// What `draw` needs of the save and the buttons, read by `update`:
    /// the puzzle's record, and whether A is held (the pad's key shows it).
    best_tries: u8,
    a_held: bool,
}

impl Working {
    /// An endless puzzle's tier, once the solver has measured it.
    pub const fn tier(&self) -> Option<u8> {
        self.tier
    }

    /// The solver has measured the endless puzzle: its tier, on the panel.
    pub fn set_tier(&mut self, tier: u8) {
        self.tier = Some(tier);
        self.info = None;
    }

    /// The rows a failed try left mixed are no longer marked (a hint
    /// shows instead).
    pub fn unmark_rows(&mut self) {
        self.marks = None;
    }

    /// A search the player waits for is `percent` done: say so, every ten
    /// percent (`doing`: what it is doing).
    pub fn show_percent(&mut self, doing: &str, percent: u32) {
        if self.shown_percent.is_none_or(|shown| percent >= shown + 10) {
            self.shown_percent = Some(percent);
            self.view.set_message(&format!("{doing}...\n{percent}%"));
        }
    }

    /// A search has answered: the next one's percent starts afresh.
    pub fn search_done(&mut self) {
        self.shown_percent = None;
    }
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
        music: Some(&sounds::TUNE),
        window: view::WINDOW,
    };

    #[cfg(feature = "bench")]
    fn bench(bench: &mut crate::framework::bench::Bench) {
        super::bench::run(bench);
    }

    fn boot(system: &mut System) -> Persistent {
        let save = system.save::<Polarium>();
        crate::event!(
            "polarium.records solved={} customs={}",
            save.solved(),
            save.customs.len()
        );
        // Start at the first puzzle not solved yet.
        let first = save.first_unsolved(builtin::COUNT);
        Persistent {
            source: Source::Builtin(first as u16),
            cursor: Cell::new(0, 0),
            tries: 0,
            seconds: 0,
            solved: false,
            editing: false,
            stroke: PackedStroke::default(),
            hint: Hint::None,
        }
    }

    fn open(persistent: &mut Persistent, system: &mut System) -> Working {
        // A built-in puzzle in a set that is no longer open (all data was
        // erased) gives way to the first unsolved open one.
        if let Source::Builtin(index) = persistent.source
            && usize::from(index) >= menu::open_puzzles(system)
        {
            let first = system.save::<Polarium>().first_unsolved(builtin::COUNT);
            persistent.source = Source::Builtin(first as u16);
            persistent.tries = 0;
            persistent.seconds = 0;
            persistent.solved = false;
        }
        let puzzle = persistent.source.puzzle();
        let hint = match persistent.resume_mode() {
            Mode::Play { .. } => persistent.hint,
            _ => Hint::None,
        };
        crate::event!(
            "polarium.opened source={:?} size={}x{} hint={:?}",
            persistent.source,
            puzzle.board.width(),
            puzzle.board.height(),
            hint
        );
        Working {
            view: View::new(system.app_palette),
            mode: persistent.resume_mode(),
            puzzle,
            // The stroke as it was, on the puzzle being played.
            stroke: match persistent.resume_mode() {
                Mode::Play { .. } => persistent.stroke.unpack(&puzzle.board),
                _ => Stroke::new(),
            },
            marks: None,
            hint,
            solution: None,
            search: hints::recall(&puzzle, hint),
            tier: None,
            clock: Timer::new(),
            info: None,
            shown_seconds: None,
            shown_percent: None,
            draws: false,
            best_tries: 0,
            a_held: false,
        }
    }

    fn prepare(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> bool {
        // Back in the editor: its lines, once.
        if persistent.editing {
            persistent.editing = false;
            editor::resume(working);
        }
        if !working.view.build_step() {
            return false;
        }
        working.best_tries = best_tries(persistent, system);
        refresh_panel(persistent, working);
        let scene = scene(&working.mode, &working.puzzle, &working.stroke);
        let _ = working.view.sync(&scene);
        working.view.settled()
    }

    fn update(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> Request {
        let mode_before = working.mode.key();
        match working.mode {
            Mode::Play { .. } => update_play(persistent, working, system),
            Mode::Failed { .. } => update_failed(working),
            Mode::Clearing { .. } => update_clearing(persistent, working, system),
            Mode::Solved => update_solved(persistent, working, system),
            Mode::List { .. } => menu::update_list(persistent, working, system),
            Mode::Replay { .. } => hints::update_replay(persistent, working),
            Mode::Pad { .. } => menu::update_pad(persistent, working, system),
            Mode::Checking(_) => menu::update_checking(working),
            Mode::ChooseSize { .. } => size_choice::update(persistent, working, system),
            Mode::Edit { .. } => editor::update_paint(persistent, working, system),
            Mode::Making(_) => endless::update_making(persistent, working),
        }
        // A frame that changed mode, or one of its small fields (building a
        // pad, starting a puzzle, turning a page), leaves the solver and the
        // drawing to the next one, as does a frame with a save.
        let changed = working.mode.key() != mode_before;
        // The frame a search the player waited for answers in was filled
        // by it: what the answer changes is drawn in the next one. (A typed
        // puzzle's check answers in its mode's handler, and its verdict
        // changes the mode, which does the same.)
        let mut answered = false;
        if !changed {
            endless::rate_if_needed(persistent, working);
            answered = run_search(persistent, working);
        }
        if matches!(working.mode, Mode::Play { .. } | Mode::Failed { .. }) {
            working.clock.start();
            if working.clock.tick() {
                persistent.seconds = (persistent.seconds + 1).min(MAX_SECONDS);
            }
        }
        // The frame that changed mode, or had an answer waited for, is
        // left undrawn (see above).
        working.draws = !changed && !answered;
        working.best_tries = best_tries(persistent, system);
        working.a_held = system.input.pressed(Button::A);
        Request::Stay
    }

    fn draw(persistent: &Persistent, working: &mut Working) {
        if !working.draws {
            return;
        }
        refresh_panel(persistent, working);
        let scene = scene(&working.mode, &working.puzzle, &working.stroke);
        // The board first; the panel's text types on in frames that
        // leave the board alone.
        let drew = working.view.sync(&scene);
        if let Mode::Pad { pad, .. } = &working.mode {
            // The pad's text types once the board has made way for it.
            if !drew && working.view.settled() {
                working.view.sync_pad(pad, working.a_held);
            }
        } else if !drew {
            working.view.advance_text();
        }
    }

    fn show(persistent: &Persistent, working: &mut Working, canvas: &mut Canvas) {
        let on_board = matches!(
            working.mode,
            Mode::Play { .. } | Mode::Replay { .. } | Mode::Failed { .. } | Mode::Edit { .. }
        );
        let sprites = Sprites {
            board: on_board.then_some(&working.puzzle.board),
            cursor: matches!(working.mode, Mode::Play { .. } | Mode::Edit { .. })
                .then_some(persistent.cursor),
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
                Mode::Play { .. } | Mode::Failed { .. } => working.marks,
                _ => None,
            },
            list_row: match working.mode {
                Mode::List { row, .. } => Some(row),
                _ => None,
            },
        };
        working.view.show(canvas, &sprites);
    }

    fn claims_start(_persistent: &Persistent, working: &Working) -> bool {
        matches!(working.mode, Mode::Pad { .. })
    }

    fn pause(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
        // A stroke half-drawn when the window closes is dropped, as if cancelled.
        if let Mode::Play { drawing } = &mut working.mode {
            *drawing = false;
        }
        // A solve whose rows are still clearing counts now.
        if matches!(working.mode, Mode::Clearing { .. }) {
            finish_solve(persistent, working, system);
        }
        // A replay cut short is kept whole: the hint was given.
        if matches!(working.mode, Mode::Replay { .. }) {
            hints::finish_replay(persistent, working);
        }
        persistent.stroke = PackedStroke::of(&working.stroke);
        persistent.hint = working.hint;
        // The board being painted is kept, to paint on when the window opens.
        persistent.editing = matches!(working.mode, Mode::Edit { .. });
        if persistent.editing {
            persistent.source = editor::painted(working);
        }
        crate::event!("polarium.paused source={:?}", persistent.source);
    }
}

/// What the board area shows in each mode.
fn scene<'a>(mode: &Mode, puzzle: &'a Puzzle, stroke: &'a Stroke) -> Scene<'a> {
    let board = Some(&puzzle.board);
    match *mode {
        Mode::List { .. } | Mode::Checking(_) | Mode::ChooseSize { .. } | Mode::Edit { .. } => {
            Scene {
                board,
                stroke: None,
                cleared_rows: 0,
            }
        }
        Mode::Pad { .. } | Mode::Making(_) => Scene {
            board: None,
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

/// The fewest tries the built-in puzzle being played was solved in (0: none).
fn best_tries(persistent: &Persistent, system: &mut System) -> u8 {
    match persistent.source {
        Source::Builtin(index) => system.save::<Polarium>().best(usize::from(index)).tries,
        Source::Password(_) | Source::Made(_) | Source::Endless { .. } => 0,
    }
}

/// Redraw the panel's lines when what they say changed.
#[inline(never)]
fn refresh_panel(persistent: &Persistent, working: &mut Working) {
    if matches!(
        working.mode,
        Mode::List { .. }
            | Mode::Pad { .. }
            | Mode::ChooseSize { .. }
            | Mode::Edit { .. }
            | Mode::Making(_)
    ) {
        working.info = None;
        working.shown_seconds = None;
        return;
    }
    let best = working.best_tries;
    let key = (persistent.source, persistent.tries, best);
    if working.info != Some(key) {
        working.info = Some(key);
        let board = &working.puzzle.board;
        let name = match persistent.source {
            Source::Builtin(index) => {
                let tier = builtin::TIERS.get(usize::from(index)).copied().unwrap_or(0);
                format!("No. {}\n{}", index + 1, tier_name(tier))
            }
            Source::Password(_) => "Custom".into(),
            Source::Made(_) => "New puzzle".into(),
            Source::Endless { code, .. } => endless::label(code, working.tier),
        };
        let best = if best > 0 {
            format!("Best {best}")
        } else {
            alloc::string::String::new()
        };
        working.view.set_info(&format!(
            "{name}\n{}x{}  Tries {}\n{best}",
            board.width(),
            board.height(),
            persistent.tries,
        ));
    }
    if working.shown_seconds != Some(persistent.seconds) {
        working.shown_seconds = Some(persistent.seconds);
        working.view.set_clock(&format_time(persistent.seconds));
    }
}

#[inline(never)]
fn update_play(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let input = &system.input;
    let Mode::Play { drawing } = working.mode else {
        return;
    };
    let board = working.puzzle.board;
    let held = input.pressed(Button::A) || input.pressed(Button::L);
    // Only a fresh press starts a stroke: the press that chose a puzzle, or
    // an A held through B, must not.
    let pressed = input.just_pressed(Button::A) || input.just_pressed(Button::L);
    if input.just_pressed(Button::Select) && !drawing {
        menu::open_list(persistent, working, system);
        return;
    }
    if input.just_pressed(Button::R) && !drawing {
        hints::next_hint(persistent, working, system);
        return;
    }
    if input.just_pressed(Button::B) {
        if !working.stroke.is_empty() {
            working.stroke.clear();
            if working.marks.take().is_some() {
                working.view.set_message("");
            }
            system.sound.play(sfx::CLOSE);
            crate::event!("polarium.stroke cells=0");
        }
        working.mode = Mode::Play { drawing: false };
        return;
    }
    let mut drawing = drawing;
    if pressed && !drawing {
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
    // One step at a time: a diagonal press moves up or down.
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
#[inline(never)]
fn flip(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let board = &working.puzzle.board;
    if !working
        .stroke
        .cells()
        .iter()
        .any(|&cell| board.is_tile(cell))
    {
        // Nothing would flip: not a try.
        return;
    }
    persistent.tries = persistent.tries.saturating_add(1);
    let after = working.stroke.applied(&working.puzzle.board);
    let mixed = after.mixed_rows();
    crate::event!(
        "polarium.try source={:?} tries={} cells={} mixed={:08b}",
        persistent.source,
        persistent.tries,
        working.stroke.len(),
        mixed
    );
    working.puzzle.board = after;
    if after.is_solved() {
        working.mode = Mode::Clearing { frames: 0 };
        system.sound.play(sounds::ROWS_CLEAR);
        return;
    }
    // The flipped tiles show for a moment; the puzzle comes back after.
    working.marks = Some(mixed);
    working.mode = Mode::Failed { frames: 0 };
    system.sound.play(sounds::FLIP);
}

#[inline(never)]
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

#[inline(never)]
fn update_clearing(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let Mode::Clearing { frames } = &mut working.mode else {
        return;
    };
    *frames += 1;
    let done = u16::from(working.puzzle.board.height() + 3) * CLEAR_FRAMES_PER_ROW;
    if *frames < done {
        return;
    }
    finish_solve(persistent, working, system);
}

/// The rows have cleared (or the window is closing on them): record it.
fn finish_solve(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let new_best = match persistent.source {
        Source::Builtin(index) => {
            let better = system.save::<Polarium>().finish(
                usize::from(index),
                persistent.tries,
                persistent.seconds,
            );
            system.storage.commit_soon();
            better
        }
        Source::Password(_) | Source::Made(_) | Source::Endless { .. } => false,
    };
    let kept = match persistent.source {
        Source::Made(_) => Some(editor::keep(working, system)),
        _ => None,
    };
    crate::event!(
        "polarium.solved source={:?} tries={} seconds={} new_best={}",
        persistent.source,
        persistent.tries,
        persistent.seconds,
        new_best
    );
    persistent.solved = true;
    working.mode = Mode::Solved;
    working.stroke.clear();
    working.info = None;
    let tries = if persistent.tries == 1 {
        "try"
    } else {
        "tries"
    };
    match kept {
        Some(Some((slot, lines))) => {
            persistent.source = Source::Password(lines);
            working.view.set_message(&format!(
                "Proved! Kept\nas custom {}.\nSEL: share",
                slot + 1
            ));
        }
        Some(None) => working
            .view
            .set_message("Proved, but\nall slots\nare taken."),
        None => working.view.set_message(&format!(
            "Solved in {}\n{tries}!\nA: next",
            persistent.tries
        )),
    }
}

#[inline(never)]
fn update_solved(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let input = &system.input;
    if input.just_pressed(Button::A) {
        if let Source::Endless { code, .. } = persistent.source {
            // Another of the same size.
            let number = system.rng.below(super::rules::endless::NUMBERS);
            if let Some(code) = EndlessCode::new(code.width, code.height, number) {
                endless::make(working, code);
                system.sound.play(sfx::CONFIRM);
                return;
            }
        }
        let next = match persistent.source {
            Source::Builtin(index) => usize::from(index) + 1,
            Source::Password(_) | Source::Made(_) | Source::Endless { .. } => builtin::COUNT,
        };
        if next < menu::open_puzzles(system) {
            start(persistent, working, Source::Builtin(next as u16));
            system.sound.play(sfx::CONFIRM);
        } else {
            menu::open_list(persistent, working, system);
        }
    } else if input.just_pressed(Button::Select) || input.just_pressed(Button::B) {
        menu::open_list(persistent, working, system);
    }
}

/// Start playing the puzzle from `source`, fresh.
pub fn start(persistent: &mut Persistent, working: &mut Working, source: Source) {
    persistent.source = source;
    persistent.tries = 0;
    persistent.seconds = 0;
    persistent.solved = false;
    persistent.cursor = Cell::new(0, 0);
    persistent.hint = Hint::None;
    working.puzzle = source.puzzle();
    working.stroke.clear();
    working.marks = None;
    working.hint = Hint::None;
    working.solution = None;
    working.search = None;
    working.tier = None;
    working.clock = Timer::new();
    working.info = None;
    working.mode = Mode::Play { drawing: false };
    working.view.clear_list();
    working.view.set_message("");
    crate::event!(
        "polarium.start source={:?} size={}x{}",
        source,
        working.puzzle.board.width(),
        working.puzzle.board.height()
    );
}

/// One frame of the solver's work, if it is running, and what it found;
/// whether a search the player waited for answered.
#[inline(never)]
fn run_search(persistent: &mut Persistent, working: &mut Working) -> bool {
    let Some((search, purpose)) = working.search.take() else {
        return false;
    };
    let (search, searched) = search.step(purpose.pace());
    working.search = search.map(|search| (search, purpose));
    match searched {
        Searched::Working(percent) if purpose.pace() == Pace::Waiting => {
            working.show_percent("Thinking", percent);
        }
        Searched::Working(_) => {}
        Searched::Done(progress, states) => {
            working.search_done();
            match purpose {
                Purpose::Hint(hint) => hints::solved(persistent, working, hint, progress),
                Purpose::Recall => hints::recalled(working, progress),
                Purpose::Rate => endless::rated(working, &progress, states),
            }
            return purpose.pace() == Pace::Waiting;
        }
    }
    false
}
