//! The nonogram's side of the app contract: painting cells on the D-pad (A
//! fills, B crosses, hold and move to paint along a line), undo and redo on
//! L and R, the clock and records; the puzzle list, the player's own
//! puzzles, random puzzles, share codes and the options on SELECT
//! (`menu.rs`, `editor.rs`, `extras.rs`); drawing in `view.rs`.

use agb::input::Button;
use alloc::{boxed::Box, format, string::String, vec};

use super::{
    art::{self, Colours},
    editor, extras,
    layout::Layout,
    menu,
    records::{Custom, NonogramSave},
    rules::{
        Greying, Grid, PuzzleClues, builtin, grey,
        play::{Board, Brush, Drag, HISTORY_CHANGES, Marks, PACKED_BYTES, Painted, Tool},
    },
    view::{self, Scene, View},
};
use crate::framework::{
    App, AppInfo, Request, System,
    app::Icon,
    assets::sfx,
    canvas::Canvas,
    widgets::timer::{MAX_SECONDS, Timer, format_time},
};

pub struct Nonogram;

/// What survives while the window is closed: the puzzle, the cursor, the
/// clock and every mark (two bits a cell). A picture not built in is in the
/// save section (`NonogramSave::playing`, the player's slots), as is the
/// editor's drawing.
pub struct Persistent {
    pub source: Source,
    pub cursor: (u8, u8),
    pub seconds: u16,
    pub mistakes: u8,
    pub solved: bool,
    pub marks: [u8; PACKED_BYTES],
    /// The window closed on the editor: it opens there again.
    pub editing: bool,
}

/// Where the puzzle on the board comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    Builtin(u16),
    /// The player's own, from this slot.
    Custom(u8),
    /// Made by the generator from this seed.
    Random(u32),
    /// Typed in as a share code.
    Shared,
}

/// As the event log names it: a built-in by its index.
impl core::fmt::Display for Source {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Builtin(index) => write!(f, "{index}"),
            Self::Custom(slot) => write!(f, "mine{slot}"),
            Self::Random(seed) => write!(f, "random{seed}"),
            Self::Shared => write!(f, "shared"),
        }
    }
}

/// What the window is doing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Play,
    /// A or B held: painting along a line.
    Drag(Drag, Tool),
    /// The picture is finished: A for the next puzzle.
    Solved,
    /// Choosing a puzzle: page and slot.
    List {
        page: usize,
        slot: usize,
    },
    /// The options page, its selected row.
    Options {
        row: usize,
    },
    /// A filled slot of the player's: play or edit, the selected row.
    Slot {
        slot: usize,
        row: usize,
    },
    /// The page of random puzzles and share codes, its selected row.
    Extras {
        row: usize,
    },
    /// The generator at work on a random puzzle.
    Generating,
    /// Typing a share code on the number pad.
    CodePad,
    /// Reading the share code typed.
    ReadingCode,
    /// The editor (see `editor.rs`).
    Edit(editor::Editing),
}

/// Every part is boxed: built on the small IWRAM stack and moved about by
/// value, they would overflow it.
pub struct Working {
    pub view: Box<View>,
    pub mode: Mode,
    pub game: Box<Game>,
    /// While the editor is open.
    pub editor: Option<Box<editor::Editor>>,
    /// While a random puzzle is being made or a share code typed.
    pub extras: extras::Extras,
}

/// The puzzle being played.
pub struct Game {
    /// A new number for each puzzle loaded, so the view knows to redraw.
    pub serial: u32,
    pub layout: Layout,
    pub clues: PuzzleClues,
    pub solution: Grid,
    pub board: Board<Box<[u16]>>,
    /// The hint guide's greying of each row and column, for `graded`.
    rows: [Greying; 15],
    columns: [Greying; 20],
    graded: Option<Marks>,
    clock: Timer,
    /// A new best time was set by the solve on screen.
    new_best: bool,
    /// Frames left of a note in the corner (a mistake's penalty).
    note_frames: u8,
}

/// Letters the corner's title line holds.
const TITLE_LETTERS: usize = 10;

/// Frames a note in the corner (a mistake's penalty) stays before the title
/// comes back.
const NOTE_FRAMES: u8 = 90;

/// Penalty for the `n`th mistake (counting from 1): 2, 4, then 8 minutes.
const fn penalty(n: u8) -> u16 {
    match n {
        0 | 1 => 120,
        2 => 240,
        _ => 480,
    }
}

impl Game {
    /// Re-grey the lines whose marks changed since the last call.
    fn regrade(&mut self) {
        let marks = &self.board.marks;
        let (rows, columns) = self
            .graded
            .as_ref()
            .map_or((u32::MAX, u32::MAX), |old| marks.changed_lines(old));
        if rows == 0 {
            return;
        }
        for y in (0..marks.height()).filter(|y| rows & 1 << y != 0) {
            self.rows[y] = grey(marks.row(y), self.clues.row(y));
        }
        for x in (0..marks.width()).filter(|x| columns & 1 << x != 0) {
            self.columns[x] = grey(marks.column(x), self.clues.column(x));
        }
        self.graded = Some(*marks);
    }
}

/// The puzzle `persistent` names with `marks` (or a blank board).
#[inline(never)]
pub fn load(
    persistent: &Persistent,
    marks: Option<&[u8; PACKED_BYTES]>,
    system: &mut System,
) -> Box<Game> {
    let save = system.save::<Nonogram>();
    let solution = match persistent.source {
        Source::Builtin(index) => builtin::picture(usize::from(index)),
        Source::Custom(slot) => save.custom(usize::from(slot)).and_then(Custom::picture),
        Source::Random(_) | Source::Shared => save.playing.as_ref().and_then(Custom::picture),
    };
    // A picture the save no longer holds (a damaged save, a deleted slot):
    // the first built-in instead, its marks dropped.
    let marks = marks.filter(|_| solution.is_some());
    let solution = solution
        .or_else(|| builtin::picture(0))
        .unwrap_or_else(|| Grid::new(5, 5));
    let clues = PuzzleClues::of_picture(&solution);
    let serial = system.frame;
    let (width, height) = (solution.width(), solution.height());
    let marks = marks.map_or_else(
        || Marks::new(width, height),
        |bytes| Marks::unpack(width, height, bytes),
    );
    let layout = Layout::of(&clues);
    let options = system.save::<Nonogram>().options;
    let mut board = Board::new(marks, vec![0u16; HISTORY_CHANGES].into_boxed_slice());
    board.auto_cross = options.auto_cross;
    Box::new(Game {
        serial,
        layout,
        clues,
        solution,
        board,
        rows: [Greying::default(); 15],
        columns: [Greying::default(); 20],
        graded: None,
        clock: Timer::new(),
        new_best: false,
        note_frames: 0,
    })
}

impl Persistent {
    /// Start a puzzle afresh.
    pub fn start(&mut self, source: Source) {
        self.source = source;
        self.cursor = (0, 0);
        self.seconds = 0;
        self.mistakes = 0;
        self.solved = false;
        self.marks = [0; PACKED_BYTES];
    }
}

impl App for Nonogram {
    type Persistent = Persistent;
    type Working = Working;
    type Save = NonogramSave;

    const INFO: AppInfo = AppInfo {
        id: "nonogram",
        label: "Picross",
        icon: Icon {
            tiles: &art::tiles::NONOGRAM,
            palettes: &art::tiles::PALETTES,
        },
        music: None,
        window: view::WINDOW,
    };

    #[cfg(feature = "bench")]
    fn bench(bench: &mut crate::framework::bench::Bench) {
        super::bench::run(bench);
    }

    fn boot(system: &mut System) -> Persistent {
        let save = system.save::<Nonogram>();
        crate::event!("nonogram.records solved={}", save.solved());
        let first = save.first_unsolved_from(0);
        let mut persistent = Persistent {
            source: Source::Builtin(0),
            cursor: (0, 0),
            seconds: 0,
            mistakes: 0,
            solved: false,
            marks: [0; PACKED_BYTES],
            editing: false,
        };
        persistent.start(Source::Builtin(first as u16));
        persistent
    }

    fn open(persistent: &mut Persistent, system: &mut System) -> Working {
        let game = load(persistent, Some(&persistent.marks), system);
        let colours = Colours::new(system.save::<Nonogram>().options.high_contrast);
        let mut working = Working {
            view: Box::new(View::new(system.app_palette, colours)),
            mode: if persistent.solved {
                Mode::Solved
            } else {
                Mode::Play
            },
            game,
            editor: None,
            extras: extras::Extras::default(),
        };
        if persistent.editing {
            editor::resume(&mut working, system);
        }
        crate::event!(
            "nonogram.opened puzzle={} size={}x{}",
            persistent.source,
            working.game.solution.width(),
            working.game.solution.height()
        );
        working
    }

    fn prepare(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> bool {
        // The frame that finishes the tiles does nothing else.
        if !working.view.build_step() {
            return false;
        }
        if working.game.graded.is_none() {
            working.game.regrade();
            refresh_text(persistent, working, system);
            return false;
        }
        !draw(persistent, working, system)
    }

    fn update(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> Request {
        let before = working.mode;
        match working.mode {
            Mode::Play | Mode::Drag(..) => update_play(persistent, working, system),
            Mode::Solved => update_solved(persistent, working, system),
            Mode::List { .. } => menu::update_list(persistent, working, system),
            Mode::Options { .. } => menu::update_options(persistent, working, system),
            Mode::Slot { .. } => menu::update_slot(persistent, working, system),
            Mode::Extras { .. } => extras::update_page(persistent, working, system),
            Mode::Generating => extras::update_generating(persistent, working, system),
            Mode::CodePad => extras::update_pad(persistent, working, system),
            Mode::ReadingCode => extras::update_reading(persistent, working, system),
            Mode::Edit(_) => editor::update(persistent, working, system),
        }
        if working.game.note_frames > 0 {
            working.game.note_frames -= 1;
            if working.game.note_frames == 0 && matches!(working.mode, Mode::Play | Mode::Drag(..))
            {
                refresh_text(persistent, working, system);
            }
        }
        if matches!(working.mode, Mode::Play | Mode::Drag(..)) {
            working.game.clock.start();
            if working.game.clock.tick() {
                persistent.seconds = (persistent.seconds + 1).min(MAX_SECONDS);
            }
        }
        // A frame that changed mode (a new puzzle, a page) leaves the
        // drawing to the next one, as does a frame with a save.
        if working.mode != before {
            refresh_text(persistent, working, system);
        } else if !system.storage.busy() && !draw(persistent, working, system) {
            working.view.advance_text();
        }

        Request::Stay
    }

    fn show(_persistent: &Persistent, working: &mut Working, canvas: &mut Canvas) {
        working.view.show(canvas);
    }

    fn claims_start(_persistent: &Persistent, working: &Working) -> bool {
        extras::claims_start(working)
    }

    fn dismantle(working: &mut Working) -> bool {
        working.view.dismantle_step()
    }

    fn pause(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
        persistent.marks = working.game.board.marks.pack();
        persistent.editing = matches!(working.mode, Mode::Edit(_));
        editor::keep_draft(working, system);
    }
}

/// Draw what the mode shows; true while drawing is left for later frames.
fn draw(persistent: &Persistent, working: &mut Working, system: &mut System) -> bool {
    match working.mode {
        Mode::List { page, slot } => menu::sync_list(working, system, page, slot),
        Mode::Options { .. }
        | Mode::Slot { .. }
        | Mode::Extras { .. }
        | Mode::Generating
        | Mode::ReadingCode => menu::sync_text_page(working),
        Mode::CodePad => extras::sync_pad(working, system.input.pressed(Button::A)),
        Mode::Edit(editing) => editor::draw(working, editing),
        Mode::Play | Mode::Drag(..) | Mode::Solved => {
            working.game.regrade();
            let guided = system.save::<Nonogram>().options.hint_guide;
            let run = match working.mode {
                Mode::Drag(drag, _) => Some(drag.length_to(persistent.cursor)),
                _ => None,
            };
            let scene = Scene {
                puzzle: working.game.serial,
                layout: working.game.layout,
                clues: &working.game.clues,
                marks: &working.game.board.marks,
                cursor: Some(persistent.cursor),
                greying: guided.then_some((&working.game.rows[..], &working.game.columns[..])),
                finished: working.mode == Mode::Solved,
                // Once solved, the time is in the lines beside the picture.
                seconds: (working.mode != Mode::Solved).then_some(persistent.seconds),
                run,
                marked: None,
            };
            working.view.sync(&scene)
        }
    }
}

/// The text for the mode: the corner's title and, once solved, the lines
/// beside the picture; the list's and the options' lines.
pub fn refresh_text(persistent: &Persistent, working: &mut Working, system: &mut System) {
    match working.mode {
        Mode::List { page, slot } => return menu::list_text(working, system, page, slot),
        Mode::Options { row } => return menu::options_text(working, system, row),
        Mode::Slot { slot, row } => return menu::slot_text(working, system, slot, row),
        Mode::Extras { .. } | Mode::Generating | Mode::CodePad | Mode::ReadingCode => {
            return extras::text(working);
        }
        Mode::Edit(editing) => return editor::text(working, editing),
        Mode::Play | Mode::Drag(..) | Mode::Solved => {}
    }
    let (width, height) = (
        working.game.solution.width(),
        working.game.solution.height(),
    );
    if working.mode == Mode::Solved {
        let save = system.save::<Nonogram>();
        let (name, best, next) = match persistent.source {
            Source::Builtin(index) => (
                builtin::name(usize::from(index)).unwrap_or("?").into(),
                save.best(usize::from(index)),
                "next",
            ),
            Source::Custom(slot) => (
                format!("Mine {}", slot + 1),
                save.custom(usize::from(slot))
                    .and_then(|custom| custom.best()),
                "list",
            ),
            Source::Random(_) => (format!("Random {width}x{height}"), None, "another"),
            Source::Shared => ("Shared".into(), None, "list"),
        };
        working.view.set_title(&name);
        let verdict = if working.game.new_best {
            "New best!"
        } else {
            "Solved!"
        };
        let best = best.map_or_else(String::new, |best| format!("\nBest {}", format_time(best)));
        working.view.set_lines(&format!(
            "{verdict}\nTime {}{best}\nA: {next}",
            format_time(persistent.seconds),
        ));
    } else {
        let name = match persistent.source {
            Source::Builtin(index) => format!("No.{}", index + 1),
            Source::Custom(slot) => format!("Mine {}", slot + 1),
            Source::Random(_) => "Random".into(),
            Source::Shared => "Shared".into(),
        };
        // The size too where the corner has room for it (the board shows it).
        let title = format!("{width}x{height} {name}");
        working.view.set_title(if title.len() <= TITLE_LETTERS {
            &title
        } else {
            &name
        });
        working.view.set_lines("");
    }
}

#[inline(never)]
fn update_play(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let input = &system.input;
    if working.mode == Mode::Play {
        if input.just_pressed(Button::Select) {
            menu::open_list(persistent, working);
            return;
        }
        let tool = if input.just_pressed(Button::A) {
            Some(Tool::Fill)
        } else if input.just_pressed(Button::B) {
            Some(Tool::Cross)
        } else {
            None
        };
        if let Some(tool) = tool {
            // The drag starts on the cursor's cell; a direction pressed in
            // the same frame carries on below.
            let (x, y) = persistent.cursor;
            let mark = working.game.board.marks.get(usize::from(x), usize::from(y));
            let brush = Brush::starting_on(tool, mark);
            working.game.board.history.begin_step();
            working.mode = Mode::Drag(Drag::new(brush, persistent.cursor), tool);
            paint(persistent, working, system, brush);
        } else if input.just_pressed(Button::L) || input.just_pressed(Button::R) {
            undo_or_redo(persistent, working, system);
            return;
        } else {
            let step = system.input.repeated_direction();
            if step != (0, 0) && move_cursor(persistent, working, step) {
                system.sound.play(sfx::CURSOR);
            }
            return;
        }
    }
    let Mode::Drag(mut drag, tool) = working.mode else {
        // A mistake ended the drag.
        return;
    };
    let input = &system.input;
    let held = match tool {
        Tool::Fill => input.pressed(Button::A),
        Tool::Cross => input.pressed(Button::B),
    };
    if !held {
        working.mode = Mode::Play;
        check_solved(persistent, working, system);
        // A direction pressed as the button comes up still moves.
        let step = system.input.repeated_direction();
        if working.mode == Mode::Play && step != (0, 0) {
            move_cursor(persistent, working, step);
        }
        return;
    }
    let step = drag.constrain(input.repeated_direction());
    working.mode = Mode::Drag(drag, tool);
    if step != (0, 0) && move_cursor(persistent, working, step) {
        paint(persistent, working, system, drag.brush);
    }
}

fn undo_or_redo(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let undo = system.input.just_pressed(Button::L);
    let board = &mut working.game.board;
    let done = if undo { board.undo() } else { board.redo() };
    if done {
        system.sound.play(sfx::CURSOR);
        crate::event!("nonogram.{}", if undo { "undo" } else { "redo" });
        check_solved(persistent, working, system);
    } else {
        system.sound.play(sfx::ERROR);
    }
}

/// Move the cursor by `(dx, dy)`, wrapping round the board's edges when not
/// painting; true if it moved.
fn move_cursor(persistent: &mut Persistent, working: &Working, step: (i32, i32)) -> bool {
    let size = (
        working.game.solution.width(),
        working.game.solution.height(),
    );
    let painting = matches!(working.mode, Mode::Drag(..));
    step_cursor(&mut persistent.cursor, size, step, !painting)
}

/// Move `cursor` by `(dx, dy)` on a board of `(width, height)` cells,
/// wrapping round the edges (`wrap`, when not painting) or stopping at
/// them; true if it moved. The editor moves its cursor the same way.
pub fn step_cursor(
    cursor: &mut (u8, u8),
    (width, height): (usize, usize),
    (dx, dy): (i32, i32),
    wrap: bool,
) -> bool {
    let (width, height) = (width as i32, height as i32);
    let (x, y) = (i32::from(cursor.0), i32::from(cursor.1));
    let (nx, ny) = if wrap {
        ((x + dx).rem_euclid(width), (y + dy).rem_euclid(height))
    } else {
        ((x + dx).clamp(0, width - 1), (y + dy).clamp(0, height - 1))
    };
    *cursor = (nx as u8, ny as u8);
    (nx, ny) != (x, y)
}

fn paint(persistent: &mut Persistent, working: &mut Working, system: &mut System, brush: Brush) {
    let (x, y) = (
        usize::from(persistent.cursor.0),
        usize::from(persistent.cursor.1),
    );
    let checking = system.save::<Nonogram>().options.mistakes;
    let solution = checking.then_some(&working.game.solution);
    match working
        .game
        .board
        .paint(brush, (x, y), &working.game.clues, solution)
    {
        Painted::Unchanged => {}
        Painted::Changed => {
            crate::event!("nonogram.paint x={x} y={y} brush={brush:?}");
        }
        Painted::Mistake => {
            persistent.mistakes = persistent.mistakes.saturating_add(1);
            let cost = penalty(persistent.mistakes);
            persistent.seconds = persistent.seconds.saturating_add(cost).min(MAX_SECONDS);
            system.sound.play(sfx::ERROR);
            // The clock jumps: the corner says why for a moment.
            working.view.set_title(&format!("+{} minutes", cost / 60));
            working.game.note_frames = NOTE_FRAMES;
            crate::event!("nonogram.mistake x={x} y={y} penalty={cost}");
            // Like Picross, a mistake ends the drag.
            working.mode = Mode::Play;
        }
    }
}

/// After a change: the fills satisfy every clue, so the picture is done.
fn check_solved(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    if persistent.solved || !working.game.board.is_solved(&working.game.clues) {
        return;
    }
    persistent.solved = true;
    working.game.board.marks.clear_crosses();
    working.game.board.history.clear();
    persistent.marks = working.game.board.marks.pack();
    working.mode = Mode::Solved;
    let save = system.save::<Nonogram>();
    working.game.new_best = match persistent.source {
        Source::Builtin(index) => save.finish(usize::from(index), persistent.seconds),
        // Only while the slot still holds this picture.
        Source::Custom(slot) => {
            let same = save
                .custom(usize::from(slot))
                .and_then(|custom| custom.picture())
                == Some(working.game.solution);
            same && save.finish_custom(usize::from(slot), persistent.seconds)
        }
        Source::Random(_) | Source::Shared => false,
    };
    system.storage.commit_soon();
    system.sound.play(sfx::CONFIRM);
    crate::event!(
        "nonogram.solved puzzle={} seconds={} mistakes={} best={}",
        persistent.source,
        persistent.seconds,
        persistent.mistakes,
        working.game.new_best
    );
}

#[inline(never)]
fn update_solved(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let input = &system.input;
    if input.just_pressed(Button::Select) {
        menu::open_list(persistent, working);
    } else if input.just_pressed(Button::A) {
        match persistent.source {
            Source::Builtin(index) => {
                let next = system
                    .save::<Nonogram>()
                    .first_unsolved_from(usize::from(index) + 1);
                start_puzzle(
                    persistent,
                    working,
                    system,
                    Source::Builtin(next as u16),
                    None,
                );
            }
            Source::Random(_) => {
                let size = (
                    working.game.solution.width(),
                    working.game.solution.height(),
                );
                extras::generate(working, system, size);
            }
            Source::Custom(_) | Source::Shared => menu::open_list(persistent, working),
        }
    }
}

/// Play a puzzle from a blank board (`picture`, for a random or shared
/// puzzle, goes into the save section first).
#[inline(never)]
pub fn start_puzzle(
    persistent: &mut Persistent,
    working: &mut Working,
    system: &mut System,
    source: Source,
    picture: Option<&Grid>,
) {
    if let Some(picture) = picture.filter(|_| matches!(source, Source::Random(_) | Source::Shared))
    {
        system.save::<Nonogram>().playing = Some(Custom::new(picture));
        system.storage.commit_soon();
    }
    persistent.start(source);
    working.game = load(persistent, None, system);
    working.mode = Mode::Play;
    system.sound.play(sfx::OPEN);
    crate::event!("nonogram.start puzzle={source}");
}
