//! The nonogram's side of the app contract: painting cells on the D-pad (A
//! fills, B crosses, hold and move to paint along a line), undo and redo on
//! L and R, the clock and records; the puzzle list and the options on
//! SELECT (`menu.rs`); drawing in `view.rs`.

use agb::input::Button;
use alloc::{boxed::Box, format, vec};

use super::{
    art::{self, Colours},
    layout::Layout,
    menu,
    records::NonogramSave,
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
/// clock and every mark (two bits a cell).
pub struct Persistent {
    pub puzzle: u16,
    pub cursor: (u8, u8),
    pub seconds: u16,
    pub mistakes: u8,
    pub solved: bool,
    pub marks: [u8; PACKED_BYTES],
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
    List { page: usize, slot: usize },
    /// The options page, its selected row.
    Options { row: usize },
}

/// Both parts are boxed: built on the small IWRAM stack and moved about by
/// value, they would overflow it.
pub struct Working {
    pub view: Box<View>,
    pub mode: Mode,
    pub game: Box<Game>,
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
}

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

/// Built-in puzzle `index` with `marks`.
pub fn load(index: usize, marks: Option<&[u8; PACKED_BYTES]>, system: &mut System) -> Box<Game> {
    let solution = builtin::picture(index)
        .or_else(|| builtin::picture(0))
        .unwrap_or_else(|| Grid::new(5, 5));
    let clues = PuzzleClues::of_picture(&solution);
    let serial = system.frame;
    let (width, height) = (solution.width(), solution.height());
    let marks = marks.map_or_else(|| Marks::new(width, height), |bytes| Marks::unpack(width, height, bytes));
    let options = system.save::<Nonogram>().options;
    let mut board = Board::new(marks, vec![0u16; HISTORY_CHANGES].into_boxed_slice());
    board.auto_cross = options.auto_cross;
    Box::new(Game {
        serial,
        layout: Layout::of(&clues),
        clues,
        solution,
        board,
        rows: [Greying::default(); 15],
        columns: [Greying::default(); 20],
        graded: None,
        clock: Timer::new(),
        new_best: false,
    })
}

impl Persistent {
    /// Start built-in puzzle `index` afresh.
    pub fn start(&mut self, index: usize) {
        self.puzzle = index as u16;
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

    fn boot(system: &mut System) -> Persistent {
        let save = system.save::<Nonogram>();
        crate::event!("nonogram.records solved={}", save.solved());
        let first = save.first_unsolved_from(0);
        let mut persistent = Persistent {
            puzzle: 0,
            cursor: (0, 0),
            seconds: 0,
            mistakes: 0,
            solved: false,
            marks: [0; PACKED_BYTES],
        };
        persistent.start(first);
        persistent
    }

    fn open(persistent: &mut Persistent, system: &mut System) -> Working {
        let game = load(usize::from(persistent.puzzle), Some(&persistent.marks), system);
        let colours = Colours::new(system.save::<Nonogram>().options.high_contrast);
        let working = Working {
            view: Box::new(View::new(system.app_palette, colours)),
            mode: if persistent.solved { Mode::Solved } else { Mode::Play },
            game,
        };
        crate::event!(
            "nonogram.opened puzzle={} size={}x{}",
            persistent.puzzle,
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
            Mode::Options { .. } => menu::update_options(working, system),
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

    fn pause(persistent: &mut Persistent, working: &mut Working, _system: &mut System) {
        persistent.marks = working.game.board.marks.pack();
    }
}

/// Draw what the mode shows; true while drawing is left for later frames.
fn draw(persistent: &Persistent, working: &mut Working, system: &mut System) -> bool {
    match working.mode {
        Mode::List { page, slot } => menu::sync_list(working, system, page, slot),
        Mode::Options { .. } => menu::sync_options(working),
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
                seconds: persistent.seconds,
                run,
            };
            working.view.sync(&scene)
        }
    }
}

/// The text for the mode: the corner's title and, once solved, the lines
/// beside the picture; the list's and the options' lines.
pub fn refresh_text(persistent: &Persistent, working: &mut Working, system: &mut System) {
    let index = usize::from(persistent.puzzle);
    if let Mode::List { page, slot } = working.mode {
        return menu::list_text(working, system, page, slot);
    }
    if let Mode::Options { row } = working.mode {
        return menu::options_text(working, system, row);
    }
    if working.mode == Mode::Solved {
        working.view.set_title(builtin::name(index).unwrap_or("?"));
        let best = system.save::<Nonogram>().best(index).unwrap_or(persistent.seconds);
        let verdict = if working.game.new_best { "New best!" } else { "Solved!" };
        working.view.set_lines(&format!(
            "{verdict}\nTime {}\nBest {}\nA: next",
            format_time(persistent.seconds),
            format_time(best)
        ));
    } else {
        let (width, height) = (working.game.solution.width(), working.game.solution.height());
        working
            .view
            .set_title(&format!("{width}x{height} No.{}", index + 1));
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
fn move_cursor(persistent: &mut Persistent, working: &Working, (dx, dy): (i32, i32)) -> bool {
    let (width, height) = (working.game.solution.width() as i32, working.game.solution.height() as i32);
    let (x, y) = (i32::from(persistent.cursor.0), i32::from(persistent.cursor.1));
    let painting = matches!(working.mode, Mode::Drag(..));
    let (nx, ny) = if painting {
        ((x + dx).clamp(0, width - 1), (y + dy).clamp(0, height - 1))
    } else {
        ((x + dx).rem_euclid(width), (y + dy).rem_euclid(height))
    };
    persistent.cursor = (nx as u8, ny as u8);
    (nx, ny) != (x, y)
}

fn paint(persistent: &mut Persistent, working: &mut Working, system: &mut System, brush: Brush) {
    let (x, y) = (usize::from(persistent.cursor.0), usize::from(persistent.cursor.1));
    let checking = system.save::<Nonogram>().options.mistakes;
    let solution = checking.then_some(&working.game.solution);
    match working.game.board.paint(brush, (x, y), &working.game.clues, solution) {
        Painted::Unchanged => {}
        Painted::Changed => {
            crate::event!("nonogram.paint x={x} y={y} brush={brush:?}");
        }
        Painted::Mistake => {
            persistent.mistakes = persistent.mistakes.saturating_add(1);
            let cost = penalty(persistent.mistakes);
            persistent.seconds = persistent.seconds.saturating_add(cost).min(MAX_SECONDS);
            system.sound.play(sfx::ERROR);
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
    let index = usize::from(persistent.puzzle);
    working.game.new_best = system.save::<Nonogram>().finish(index, persistent.seconds);
    system.storage.commit_soon();
    system.sound.play(sfx::CONFIRM);
    crate::event!(
        "nonogram.solved puzzle={index} seconds={} mistakes={} best={}",
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
        let next = system
            .save::<Nonogram>()
            .first_unsolved_from(usize::from(persistent.puzzle) + 1);
        start_puzzle(persistent, working, system, next);
    }
}

/// Play built-in puzzle `index` from a blank board.
pub fn start_puzzle(persistent: &mut Persistent, working: &mut Working, system: &mut System, index: usize) {
    persistent.start(index);
    working.game = load(index, None, system);
    working.mode = Mode::Play;
    system.sound.play(sfx::OPEN);
    crate::event!("nonogram.start puzzle={index}");
}
