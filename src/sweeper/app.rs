//! Poop Sweeper's side of the app contract: input on A release (as the seed
//! describes), the timer, records and sound. Drawing lives in `view.rs`.

use agb::input::Button;
use alloc::boxed::Box;

use super::{
    art::{self, Face},
    game::SuspendedGame,
    messages::{LESSON_SKIPPED, lesson_line},
    records::SweeperSave,
    rules::{
        Board, Difficulty, GameState, NoGuessGenerator, Outcome, Pos,
        code::{self, BoardCode},
        lesson::{Lesson, Step},
    },
    sounds,
    stats_page::StatsPage,
    view::{self, Screen, View},
};
use crate::framework::{PreparedLine, hints};
use crate::{
    framework::{
        App, AppInfo, Request, System,
        app::Icon,
        assets::sfx,
        canvas::Canvas,
        frame_time::fill_frame,
        input::Input,
        lessons,
        widgets::{
            list::{List, ListEvent},
            numpad::NumberPad,
            pad_panel::{PadOutcome, PadPanel},
        },
    },
    random::Rng,
};

pub struct Sweeper;

/// Columns the new-board wipe covers a frame: the new board is up within
/// a few frames of the press.
const WIPE_COLUMNS_PER_FRAME: u8 = 7;

/// A held A button: where it went down, and whether another button cancelled it.
#[derive(Clone, Copy)]
struct HeldA {
    pos: Pos,
    cancelled: bool,
}

impl HeldA {
    /// A held on a square as the buttons go on: the square once A is let
    /// go (and `held` emptied), unless another button went down while A was
    /// held, cancelling the move. A button going down in the frame A is let
    /// go comes after the release: the move is made, and that button is
    /// then acted on as well.
    fn release(held: &mut Option<Self>, input: &Input) -> Option<Pos> {
        let down = held.as_mut()?;
        if input.pressed(Button::A) {
            if input.other_just_pressed(Button::A) {
                down.cancelled = true;
            }
            return None;
        }
        let down = held.take()?;
        (!down.cancelled).then_some(down.pos)
    }
}

/// What the window is doing: exactly one of these at a time, owned here; the
/// view is told which (`Mode::screen`) rather than keeping its own copy.
// The generator is inline on purpose: `Working` lives on the heap only while
// the window is open, and boxing it would add an allocation to the first move.
#[allow(clippy::large_enum_variant)]
enum Mode {
    /// The board takes input; `held` while A is down on a square.
    Play { held: Option<HeldA> },
    /// Searching for a no-guess layout for the first reveal at `first`.
    Generating {
        first: Pos,
        generator: NoGuessGenerator,
    },
    /// Covering the board column by column before a new one; `code` is the
    /// board it then deals (`None`: a deal at random, with the player's
    /// no-guess setting).
    Wipe {
        columns: u8,
        code: Option<BoardCode>,
    },
    /// The difficulty menu (SELECT), with best times as badges.
    Menu(Box<List>),
    /// The options page, in the menu's place; B goes back to the menu.
    Options(Box<List>),
    /// The statistics page, in the menu's place; B goes back to the menu.
    Stats(Box<StatsPage>),
    /// Typing a board code, over the menu it came from and goes back to.
    Pad {
        menu: Box<List>,
        pad: Box<PadPanel<code::CodeError>>,
    },
    /// How to play, on the lesson's own board (the game waits under it);
    /// `held` while A is down on a square.
    Lesson {
        lesson: Box<Lesson>,
        held: Option<HeldA>,
    },
    /// The window is closing, the menu or pad already let go (`dismantle`).
    Leaving,
}

impl Mode {
    const PLAY: Self = Self::Play { held: None };

    /// A wipe from the first column to a fresh board: the press that asks
    /// for it brings a new board (for the settle measure).
    fn wipe(code: Option<BoardCode>) -> Self {
        crate::framework::events::new_board();
        Self::Wipe { columns: 0, code }
    }

    /// The lesson from its start.
    fn lesson() -> Self {
        Self::Lesson {
            lesson: Box::new(Lesson::new()),
            held: None,
        }
    }

    fn screen(&self) -> Screen {
        match self {
            Self::Play { .. } | Self::Generating { .. } | Self::Lesson { .. } => Screen::Board,
            Self::Wipe { columns, .. } => Screen::Wipe(*columns),
            Self::Menu(_) | Self::Options(_) | Self::Stats(_) => Screen::Menu,
            Self::Pad { .. } => Screen::Pad,
            Self::Leaving => Screen::Leaving,
        }
    }

    /// The menu, a page in its place or the pad is up: the game waits.
    fn is_over_board(&self) -> bool {
        matches!(self.screen(), Screen::Menu | Screen::Pad)
    }

    /// The square A is held on, unless another button cancelled the move.
    fn pressed(&self) -> Option<Pos> {
        match self {
            Self::Play { held: Some(held) }
            | Self::Lesson {
                held: Some(held), ..
            } if !held.cancelled => Some(held.pos),
            _ => None,
        }
    }

    /// The board shown: the lesson's while it runs, else the game's.
    fn board<'a>(&'a self, game: &'a Board) -> &'a Board {
        match self {
            Self::Lesson { lesson, .. } => lesson.board(),
            _ => game,
        }
    }
}

pub struct Working {
    view: View,
    mode: Mode,
    /// The avatar's face, as `update` last decided it.
    face: Face,
    /// The message line says where the skipped lesson is found again,
    /// until the first move.
    skipped_note: bool,
}

/// Menu rows after the three difficulties.
const ROW_OPTIONS: usize = 3;
const ROW_CODE: usize = 4;
const ROW_STATS: usize = 5;
/// The options page's rows.
const OPTION_NO_GUESS: usize = 0;
const OPTION_QUESTION_MARKS: usize = 1;
const OPTION_LESSON: usize = 2;

/// The top bar's button hints, screen by screen (`App::button_hints`).
const PLAYING_HINTS: &PreparedLine = hints!("A: open  B: flag  SELECT: menu");
const OVER_HINTS: &PreparedLine = hints!("A: new board  SELECT: menu");
const MENU_HINTS: &PreparedLine = hints!("A: choose  B: back");
const OPTIONS_HINTS: &PreparedLine = hints!("A: change  B: back");
const STATS_HINTS: &PreparedLine = hints!("\u{2190}\u{2192}: difficulty  B: back");
const PAD_HINTS: &PreparedLine = hints!("A: key  B: erase  START: done");
const LESSON_HINTS: &PreparedLine = hints!("A: open  B: flag  SELECT: skip");
const LESSON_LOST_HINTS: &PreparedLine = hints!("A: try again  SELECT: skip");
const LESSON_DONE_HINTS: &PreparedLine = hints!("A: play");

impl App for Sweeper {
    type Persistent = Board;
    type Working = Working;
    type Save = SweeperSave;
    type Suspend = SuspendedGame;

    const INFO: AppInfo = AppInfo {
        id: "sweeper",
        label: "Sweeper",
        icon: Icon {
            tiles: &art::icon::SWEEPER,
            palettes: &art::icon::PALETTES,
        },
        music: Some(&sounds::TUNE),
        window: View::WINDOW,
    };

    #[cfg(feature = "bench")]
    fn bench(bench: &mut crate::framework::bench::Bench) {
        super::bench::run(bench);
    }

    #[cfg(feature = "bench")]
    fn bench_drawing(bench: &mut crate::framework::bench::Bench) {
        super::bench::view_pieces(bench);
    }

    fn boot(system: &mut System) -> Board {
        // Read at power-on, as every section is.
        let _ = lessons::seen(&mut system.storage, Self::INFO.id);
        let save = system.save::<Sweeper>();
        crate::event!(
            "sweeper.records wins={} easy={:?} question_marks={}",
            save.wins(),
            save.line(Difficulty::Easy, false),
            save.question_marks
        );
        Board::new(Difficulty::Easy, false)
    }

    fn suspend(board: &Board, _working: &Working, _system: &mut System) -> SuspendedGame {
        SuspendedGame::of(board)
    }

    fn resume(board: &mut Board, game: SuspendedGame) {
        match game.board() {
            Some(kept) => {
                *board = kept;
                crate::event!(
                    "sweeper.resumed state={:?} cursor={},{} board={:08x}",
                    board.state(),
                    board.cursor().x(),
                    board.cursor().y(),
                    fingerprint(board)
                );
            }
            None if !game.is_empty() => crate::event!("sweeper.resume refused"),
            None => {}
        }
    }

    fn open(board: &mut Board, system: &mut System) -> Working {
        // The first deal is drawn on first open, not at power-on, so it comes
        // after the player's timing has been mixed into the random numbers.
        if !board.is_dealt() {
            board.set_deal(system.rng.below(u32::from(code::DEALS)) as u16);
        }
        crate::event!("sweeper.opened board={:08x}", fingerprint(board));
        let view = View::new();
        // Closed while a no-guess first move waited for its layout: the
        // search starts again from that square (it finds the same layout),
        // and the move is then made as if the window had stayed open.
        let mode = match board.awaiting_layout() {
            Some(first) => search_layout(board, first),
            // The first time: how to play.
            None if !lessons::seen(&mut system.storage, Self::INFO.id) => Mode::lesson(),
            None => Mode::PLAY,
        };
        let mut working = Working {
            view,
            mode,
            face: Face::Idle,
            skipped_note: false,
        };
        crate::event!(
            "sweeper.opening lesson={}",
            matches!(working.mode, Mode::Lesson { .. })
        );
        start_lesson(&mut working);
        working
    }

    fn prepare(board: &mut Board, working: &mut Working, system: &mut System) -> bool {
        let look = (
            face_for(working.mode.board(board), None),
            working.mode.screen(),
        );
        let records = system.save::<Sweeper>();
        working
            .view
            .build_within_frame(working.mode.board(board), records, look)
    }

    fn update(board: &mut Board, working: &mut Working, system: &mut System) -> Request {
        match working.mode {
            Mode::Play { .. } => update_play(board, working, system),
            Mode::Generating { .. } => update_generation(board, working, system),
            Mode::Wipe { .. } => update_wipe(board, working, system),
            Mode::Menu(_) => update_menu(board, working, system),
            Mode::Options(_) => update_options(board, working, system),
            Mode::Stats(_) => update_stats(board, working, system),
            Mode::Pad { .. } => update_pad(board, working, system),
            Mode::Lesson { .. } => update_lesson(working, system),
            Mode::Leaving => {}
        }
        // The game's clock waits under the menu and the lesson; the
        // lesson's board keeps its own time (a clock standing still looks
        // broken).
        if let Mode::Lesson { lesson, .. } = &mut working.mode {
            lesson.tick_frame();
        } else if !working.mode.is_over_board() {
            board.tick_frame();
        }
        working.face = match face_for(working.mode.board(board), working.mode.pressed()) {
            _ if matches!(working.mode, Mode::Generating { .. }) => Face::Thinking,
            // A blink every three seconds, so the avatar looks alive.
            Face::Idle if system.frame % 180 < 6 => Face::Blink,
            face => face,
        };
        Request::Stay
    }

    fn draw(board: &Board, working: &mut Working, records: &SweeperSave) {
        let screen = working.mode.screen();
        let under_pad = match &mut working.mode {
            Mode::Pad { menu, .. } => Some(&mut **menu),
            _ => None,
        };
        working.view.change_screen(screen, under_pad);
        if let Mode::Pad { pad, .. } = &mut working.mode {
            working.view.draw_pad(pad);
        }
        let pressed = working.mode.pressed();
        working.view.sync(
            working.mode.board(board),
            pressed,
            working.face,
            screen,
            records,
        );
        match &mut working.mode {
            Mode::Menu(menu) => working.view.draw_menu(menu),
            Mode::Options(options) => working.view.draw_menu(options),
            Mode::Stats(page) => working.view.draw_menu(page.list()),
            _ => {}
        }
    }

    fn show(board: &Board, working: &mut Working, canvas: &mut Canvas) {
        let shown = working.mode.board(board);
        working.view.show(shown, working.mode.screen(), canvas);
        match &working.mode {
            Mode::Menu(menu) | Mode::Options(menu) => menu.show(canvas),
            Mode::Pad { pad, .. } => pad.show(canvas),
            _ => {}
        }
    }

    fn claims_start(_board: &Board, working: &Working) -> bool {
        matches!(working.mode, Mode::Pad { .. })
    }

    fn button_hints(board: &Board, working: &Working) -> Option<&'static PreparedLine> {
        Some(match working.mode {
            Mode::Play { .. } | Mode::Generating { .. } | Mode::Wipe { .. }
                if board.state().is_over() =>
            {
                OVER_HINTS
            }
            Mode::Play { .. } | Mode::Generating { .. } | Mode::Wipe { .. } => PLAYING_HINTS,
            Mode::Menu(_) => MENU_HINTS,
            Mode::Options(_) => OPTIONS_HINTS,
            Mode::Stats(_) => STATS_HINTS,
            Mode::Pad { .. } => PAD_HINTS,
            Mode::Lesson { ref lesson, .. } => match lesson.step() {
                Step::Lost => LESSON_LOST_HINTS,
                Step::Done => LESSON_DONE_HINTS,
                _ => LESSON_HINTS,
            },
            Mode::Leaving => return None,
        })
    }

    /// Closing with the menu (or the pad) up: it goes a frame before the
    /// rest of the window, so the two never share the animation's last frame.
    fn dismantle(working: &mut Working) -> bool {
        if working.mode.is_over_board() {
            working.mode = Mode::Leaving;
            return false;
        }
        true
    }

    fn pause(board: &mut Board, working: &mut Working, _system: &mut System) {
        // A move half-made when the window closes is dropped, as if cancelled.
        if let Mode::Play { held } | Mode::Lesson { held, .. } = &mut working.mode {
            *held = None;
        }
        crate::event!("sweeper.paused board={:08x}", fingerprint(board));
    }
}

fn face_for(board: &Board, pressed: Option<Pos>) -> Face {
    match board.state() {
        GameState::Dead => Face::Dead,
        GameState::Won => Face::Won,
        _ if pressed.is_some() => Face::Thinking,
        _ => Face::Idle,
    }
}

fn update_play(board: &mut Board, working: &mut Working, system: &mut System) {
    let input = &system.input;
    if working.skipped_note && (input.just_pressed(Button::A) || input.just_pressed(Button::B)) {
        working.skipped_note = false;
        working.view.clear_message();
    }
    let Mode::Play { held } = &mut working.mode else {
        return;
    };
    if let Some(pos) = HeldA::release(held, input) {
        release_a(board, working, system, pos);
    }
    // A still held takes nothing else; once let go, whatever else went
    // down this frame is acted on, if the board still takes input.
    if !matches!(working.mode, Mode::Play { held: None }) {
        return;
    }
    let input = &system.input;
    if input.just_pressed(Button::Select) {
        let menu = working.view.menu(board, system.save::<Sweeper>());
        working.mode = Mode::Menu(Box::new(menu));
        system.sound.play(sfx::OPEN);
        return;
    }
    // Every button that went down this frame is acted on: the cursor
    // moves first, then B marks and A is held where it ends up.
    move_and_mark(board, system, None);
    if system.input.just_pressed(Button::A) {
        working.mode = Mode::Play {
            held: Some(HeldA {
                pos: board.cursor(),
                cancelled: false,
            }),
        };
    }
}

fn release_a(board: &mut Board, working: &mut Working, system: &mut System, pos: Pos) {
    if board.state().is_over() {
        working.mode = Mode::wipe(None);
        working.view.clear_message();
        return;
    }
    let seed = board.code().seed();
    let fresh = board.state() == GameState::Fresh;
    let outcome = board.act(pos, &mut Rng::new(seed));
    if outcome == Outcome::NeedsLayout {
        working.mode = search_layout(board, pos);
        return;
    }
    finish_move(board, working, system, outcome, fresh);
}

/// The search for a no-guess layout whose first reveal is `first`: the same
/// board and square always give the same layout.
fn search_layout(board: &Board, first: Pos) -> Mode {
    crate::event!("sweeper.generate first={},{}", first.x(), first.y());
    let mines = board.difficulty().mines();
    Mode::Generating {
        first,
        generator: NoGuessGenerator::new(first, mines, board.code().seed()),
    }
}

/// This frame's direction moves the cursor, then B marks the square it is
/// on, unless that is `opening` (the first move, waiting for its layout).
fn move_and_mark(board: &mut Board, system: &mut System, opening: Option<Pos>) {
    let (dx, dy) = system.input.repeated_direction();
    if (dx, dy) != (0, 0) && board.move_cursor(dx as i8, dy as i8) {
        system.sound.play(sfx::CURSOR);
    }
    if system.input.just_pressed(Button::B) && opening != Some(board.cursor()) {
        let question_marks = system.save::<Sweeper>().question_marks;
        let outcome = board.cycle_mark(board.cursor(), question_marks);
        play_outcome(system, outcome);
        log_move(board, outcome);
    }
}

fn update_generation(board: &mut Board, working: &mut Working, system: &mut System) {
    let Mode::Generating { first, generator } = &mut working.mode else {
        return;
    };
    let first = *first;
    // The cursor moves and B marks while the layout is searched for: the
    // board takes them as it would before a first move.
    move_and_mark(board, system, Some(first));
    // The player waits on the thinking face: the search fills the frame.
    let Some(layout) =
        fill_frame(|| (0..super::NO_GUESS_STEPS_PER_SLICE).find_map(|_| generator.step()))
    else {
        return;
    };
    crate::event!("sweeper.generated attempts={}", generator.attempts());
    crate::framework::events::search_answered("sweeper_layout");
    working.mode = Mode::PLAY;
    let outcome = board.start_with_layout(first, &layout);
    finish_move(board, working, system, outcome, true);
}

/// After a move: its sound, and the statistics of a game it started
/// (`fresh`: the board had no mines before it) or ended.
fn finish_move(
    board: &mut Board,
    working: &mut Working,
    system: &mut System,
    outcome: Outcome,
    fresh: bool,
) {
    play_outcome(system, outcome);
    if board.clicks() == 1 {
        log_layout(board);
    }
    log_move(board, outcome);
    let (difficulty, no_guess) = (board.difficulty(), board.no_guess());
    if fresh && board.state() != GameState::Fresh {
        system.save::<Sweeper>().start(difficulty, no_guess);
    }
    if !matches!(outcome, Outcome::Won | Outcome::Lost) {
        return;
    }
    let won = outcome == Outcome::Won;
    let hundredths = board.elapsed_hundredths();
    // Worked out once, for the records, the event and the line.
    let three_bv = view::win_three_bv(board);
    let finished = system
        .save::<Sweeper>()
        .finish(difficulty, no_guess, won, hundredths, three_bv);
    board.set_new_record(finished.best_time);
    system.storage.commit_soon();
    // The game as it ended too: a win or a loss is worth keeping.
    system.storage.suspend_soon();
    crate::event!(
        "sweeper.over won={} seconds={} new_record={} three_bv={} clicks={} best_rate={} hundredths={}",
        won,
        board.elapsed_seconds(),
        finished.best_time,
        three_bv,
        board.clicks(),
        finished.best_rate,
        hundredths
    );
    working.view.game_over_message(board, three_bv);
}

fn log_move(board: &Board, outcome: Outcome) {
    crate::event!(
        "sweeper.move outcome={:?} state={:?} mines_left={} cursor={},{}",
        outcome,
        board.state(),
        board.mines_left(),
        board.cursor().x(),
        board.cursor().y()
    );
    let _ = (board, outcome);
}

/// Debug/test builds: the mines, so harness scripts can plan a game.
fn log_layout(board: &Board) {
    #[cfg(any(debug_assertions, feature = "events"))]
    {
        let mines: alloc::string::String = board
            .squares()
            .iter()
            .map(|square| if square.is_mine() { '1' } else { '0' })
            .collect();
        crate::event!("sweeper.layout mines={}", mines);
    }
    let _ = board;
}

/// A hash of everything the player can see of the board (FNV-1a), so a test
/// can tell that leaving and reopening the app changed nothing.
pub fn fingerprint(board: &Board) -> u32 {
    let cursor = board.cursor();
    let extra = [
        board.state() as u8,
        cursor.x(),
        cursor.y(),
        board.elapsed_seconds() as u8,
        (board.elapsed_seconds() >> 8) as u8,
        board.difficulty() as u8,
        u8::from(board.no_guess()),
    ];
    crate::fnv::hash(
        board
            .squares()
            .iter()
            .map(|square| square.bits())
            .chain(extra)
            .map(u32::from),
    )
}

fn play_outcome(system: &mut System, outcome: Outcome) {
    let effect = match outcome {
        Outcome::Revealed { .. } => sounds::REVEAL,
        Outcome::Flagged | Outcome::Unflagged | Outcome::Questioned | Outcome::Unquestioned => {
            sounds::FLAG
        }
        Outcome::Chorded { .. } => sounds::CHORD,
        Outcome::ChordRefused => sfx::ERROR,
        Outcome::Lost => sounds::BOOM,
        Outcome::Won => sounds::WIN,
        Outcome::Ignored | Outcome::NeedsLayout => return,
    };
    system.sound.play(effect);
}

/// Put the lesson's first line up (nothing outside the lesson).
fn start_lesson(working: &mut Working) {
    if let Mode::Lesson { lesson, .. } = &working.mode {
        working.view.say(lesson_line(lesson.step(), lesson.slip()));
        crate::event!("sweeper.lesson step={:?}", lesson.step());
        crate::framework::events::new_board();
    }
}

/// The lesson: A and B as in a game, on its own board, each move's line
/// said; SELECT skips it, and A once it is over goes back to the game.
/// Either way it is not shown by itself again.
fn update_lesson(working: &mut Working, system: &mut System) {
    let Mode::Lesson { lesson, held } = &mut working.mode else {
        return;
    };
    let input = &system.input;
    let over = matches!(lesson.step(), Step::Done | Step::Lost);
    let finished = input.just_pressed(Button::Select)
        || (lesson.step() == Step::Done && input.just_pressed(Button::A));
    if finished {
        let skipped = lesson.step() != Step::Done;
        crate::event!("sweeper.lesson end step={:?}", lesson.step());
        // The player's own board comes back in place of the lesson's.
        crate::framework::events::new_board();
        lessons::mark_seen(&mut system.storage, Sweeper::INFO.id);
        working.mode = Mode::PLAY;
        if skipped {
            working.view.say(LESSON_SKIPPED);
            working.skipped_note = true;
        } else {
            working.view.clear_message();
        }
        system.sound.play(sfx::CLOSE);
        return;
    }
    let before = (lesson.step(), lesson.slip());
    let mut outcome = HeldA::release(held, input).map_or(Outcome::Ignored, |pos| lesson.open(pos));
    // As on the board: once A is not held, every button that went down
    // this frame is acted on, the cursor first.
    if held.is_none() {
        let (dx, dy) = input.repeated_direction();
        if (dx, dy) != (0, 0) && lesson.move_cursor(dx as i8, dy as i8) {
            system.sound.play(sfx::CURSOR);
        }
        if input.just_pressed(Button::B) {
            outcome = lesson.mark(lesson.board().cursor());
        }
        if input.just_pressed(Button::A) {
            if over {
                outcome = lesson.open(lesson.board().cursor());
            } else {
                *held = Some(HeldA {
                    pos: lesson.board().cursor(),
                    cancelled: false,
                });
            }
        }
    }
    play_outcome(system, outcome);
    if (lesson.step(), lesson.slip()) != before {
        // Seen once cleared, even if the window closes before A.
        if lesson.step() == Step::Done {
            lessons::mark_seen(&mut system.storage, Sweeper::INFO.id);
        }
        working.view.say(lesson_line(lesson.step(), lesson.slip()));
        crate::event!(
            "sweeper.lesson step={:?} slip={:?} outcome={:?}",
            lesson.step(),
            lesson.slip(),
            outcome
        );
    }
}

fn update_wipe(board: &mut Board, working: &mut Working, system: &mut System) {
    let Mode::Wipe { columns, code } = &mut working.mode else {
        return;
    };
    // The new setting's line first: typed while the squares stand still,
    // it has the frame's room (the wipe is an animation; the line is not).
    if !working.view.message_shown() {
        return;
    }
    *columns = columns.saturating_add(WIPE_COLUMNS_PER_FRAME);
    if *columns >= super::rules::WIDTH {
        let code = *code;
        match code {
            Some(code) => {
                board.set_difficulty(code.difficulty);
                board.set_no_guess(code.no_guess);
                board.reset();
                board.set_deal(code.deal);
            }
            None => {
                let no_guess = system.save::<Sweeper>().no_guess(board);
                board.set_no_guess(no_guess);
                board.reset();
                board.set_deal(system.rng.below(u32::from(code::DEALS)) as u16);
            }
        }
        working.mode = Mode::PLAY;
        working.view.clear_message();
        // The wipe is an animation: to the settle measure, the new board
        // is due from here.
        crate::event!("anim.end wipe=sweeper");
        crate::event!(
            "sweeper.reset difficulty={:?} no_guess={}",
            board.difficulty(),
            board.no_guess()
        );
        // A code names the first square too: the board opens there, as
        // it was shared.
        if let Some(first) = code.and_then(|code| code.first) {
            board.set_cursor(first);
            release_a(board, working, system, first);
        }
    }
}

/// Menu rows: the three difficulties, then the no-guess switch.
fn update_menu(board: &mut Board, working: &mut Working, system: &mut System) {
    let Mode::Menu(menu) = &mut working.mode else {
        return;
    };
    let (_, dy) = system.input.repeated_direction();
    let a = system.input.just_pressed(Button::A);
    let b = system.input.just_pressed(Button::B) || system.input.just_pressed(Button::Select);
    match menu.update(dy, a, b) {
        ListEvent::Nothing => {}
        ListEvent::Moved => system.sound.play(sfx::CURSOR),
        ListEvent::Back => {
            close_menu(working, Mode::PLAY);
            system.sound.play(sfx::CLOSE);
        }
        ListEvent::Chosen(ROW_OPTIONS) => {
            let Mode::Menu(menu) = core::mem::replace(&mut working.mode, Mode::Leaving) else {
                return;
            };
            let options = View::options_on(board, system.save::<Sweeper>(), menu);
            working.mode = Mode::Options(Box::new(options));
            system.sound.play(sfx::OPEN);
        }
        ListEvent::Chosen(ROW_CODE) => open_pad(working, system),
        ListEvent::Chosen(ROW_STATS) => {
            let Mode::Menu(menu) = core::mem::replace(&mut working.mode, Mode::Leaving) else {
                return;
            };
            let data = system.save::<Sweeper>();
            let page = StatsPage::new(board.difficulty(), board.no_guess(), data, menu);
            log_stats(&page, data);
            working.mode = Mode::Stats(Box::new(page));
            system.sound.play(sfx::OPEN);
        }
        ListEvent::Chosen(row) => {
            if let Some(difficulty) = Difficulty::ALL.get(row) {
                board.set_difficulty(*difficulty);
                close_menu(working, Mode::wipe(None));
                system.sound.play(sfx::CONFIRM);
            }
        }
    }
}

/// The options page: A switches the option chosen, B (or SELECT) goes back
/// to the menu, on the page's tiles.
fn update_options(board: &mut Board, working: &mut Working, system: &mut System) {
    let Mode::Options(options) = &mut working.mode else {
        return;
    };
    let (_, dy) = system.input.repeated_direction();
    let a = system.input.just_pressed(Button::A);
    let b = system.input.just_pressed(Button::B) || system.input.just_pressed(Button::Select);
    match options.update(dy, a, b) {
        ListEvent::Nothing => {}
        ListEvent::Moved => system.sound.play(sfx::CURSOR),
        ListEvent::Back => {
            if let Mode::Options(options) = core::mem::replace(&mut working.mode, Mode::Leaving) {
                back_to_menu(board, working, system, options, ROW_OPTIONS);
            }
        }
        ListEvent::Chosen(OPTION_LESSON) => {
            close_menu(working, Mode::lesson());
            start_lesson(working);
            system.sound.play(sfx::CONFIRM);
        }
        ListEvent::Chosen(row) => {
            match row {
                OPTION_NO_GUESS => {
                    // For the boards to come: a game under way is kept (a
                    // board not yet opened takes it at once).
                    let save = system.save::<Sweeper>();
                    let no_guess = !save.no_guess(board);
                    save.no_guess = Some(no_guess);
                    if board.state() == GameState::Fresh {
                        board.set_no_guess(no_guess);
                    }
                    crate::event!(
                        "sweeper.no_guess on={} board={}",
                        no_guess,
                        board.no_guess()
                    );
                    system.storage.commit_soon();
                }
                OPTION_QUESTION_MARKS => {
                    let save = system.save::<Sweeper>();
                    save.question_marks = !save.question_marks;
                    crate::event!("sweeper.question_marks on={}", save.question_marks);
                    system.storage.commit_soon();
                }
                _ => return,
            }
            View::refresh_options(options, board, system.save::<Sweeper>());
            system.sound.play(sfx::CONFIRM);
        }
    }
}

/// The statistics page: LEFT and RIGHT turn it, B (or SELECT) goes back
/// to the menu, on the page's tiles.
fn update_stats(board: &Board, working: &mut Working, system: &mut System) {
    let Mode::Stats(page) = &mut working.mode else {
        return;
    };
    let input = &system.input;
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        if let Mode::Stats(page) = core::mem::replace(&mut working.mode, Mode::Leaving) {
            back_to_menu(board, working, system, page.into_list(), ROW_STATS);
        }
        return;
    }
    let (dx, _) = input.repeated_direction();
    let data = system.save::<Sweeper>();
    if page.turn(dx, data) {
        log_stats(page, data);
        system.sound.play(sfx::CURSOR);
    }
}

/// From a page in the menu's place back to the menu, drawn on the page's
/// tiles, on the row that led there.
fn back_to_menu(
    board: &Board,
    working: &mut Working,
    system: &mut System,
    page: Box<List>,
    row: usize,
) {
    let mut menu = View::menu_on(board, system.save::<Sweeper>(), page);
    menu.select(row);
    working.mode = Mode::Menu(Box::new(menu));
    system.sound.play(sfx::CLOSE);
}

fn log_stats(page: &StatsPage, data: &SweeperSave) {
    let line = data.lines[page.line()];
    crate::event!(
        "sweeper.stats line={} played={} won={} streak={} best_streak={} best_rate={}",
        page.line(),
        line.tally.played,
        line.tally.won,
        line.tally.streak,
        line.tally.best_streak,
        line.best_rate
    );
    let _ = (page, line);
}

/// Leave the menu (or the pad over it) for `next`; the view takes their
/// text off in `draw`.
fn close_menu(working: &mut Working, next: Mode) {
    match core::mem::replace(&mut working.mode, next) {
        Mode::Menu(menu) => working.view.retire_menu(menu),
        Mode::Options(options) => working.view.retire_menu(options),
        Mode::Stats(page) => working.view.retire_menu(page.into_list()),
        Mode::Pad { menu, pad } => {
            working.view.retire_pad(pad);
            working.view.retire_menu(menu);
        }
        _ => {}
    }
    working.view.clear_message();
}

/// Put up the number pad for a board code, over the menu. Out of line, like
/// the pad's other steps: the rest of the menu's update need not hold its stack.
#[inline(never)]
fn open_pad(working: &mut Working, system: &mut System) {
    let Mode::Menu(menu) = core::mem::replace(&mut working.mode, Mode::Leaving) else {
        return;
    };
    let pad = NumberPad::new(code::DIGITS, code::GROUP, validate_code);
    working.mode = Mode::Pad {
        menu,
        pad: Box::new(PadPanel::new(pad, View::PAD_PLACE, "sweeper.pad")),
    };
    system.sound.play(sfx::OPEN);
    crate::event!("sweeper.pad open");
}

fn validate_code(digits: &[u8]) -> Result<(), code::CodeError> {
    BoardCode::parse(digits).map(|_| ())
}

/// Typing a board code: accepted codes deal that board (after the wipe).
/// Out of line: the pad's frames need little stack, and the rest of the
/// app's update should not add to them.
#[inline(never)]
fn update_pad(board: &mut Board, working: &mut Working, system: &mut System) {
    let Mode::Pad { pad, .. } = &mut working.mode else {
        return;
    };
    match pad.update(system) {
        PadOutcome::Typing => {}
        PadOutcome::Cancelled => cancel_pad(board, working, system),
        PadOutcome::Accepted => {
            let code = BoardCode::parse(pad.digits());
            accept_code(board, working, system, code.ok());
        }
    }
}

/// The pad's cancel key (or B on an empty pad): back to the menu. Out of
/// line, like `accept_code`: the frames spent typing need little stack.
#[inline(never)]
fn cancel_pad(board: &Board, working: &mut Working, system: &mut System) {
    if let Mode::Pad { mut menu, pad } = core::mem::replace(&mut working.mode, Mode::Leaving) {
        working.view.retire_pad(pad);
        View::refresh_menu(&mut menu, board, system.save::<Sweeper>());
        working.mode = Mode::Menu(menu);
    }
    system.sound.play(sfx::CLOSE);
    crate::event!("sweeper.pad cancelled");
}

/// An accepted board code: that board, after the wipe.
#[inline(never)]
fn accept_code(
    board: &mut Board,
    working: &mut Working,
    system: &mut System,
    code: Option<BoardCode>,
) {
    if let Some(code) = code {
        // The player's own no-guess setting stays as it was: pinned now if
        // it only followed the board so far.
        let no_guess = board.no_guess();
        let setting = &mut system.save::<Sweeper>().no_guess;
        if setting.is_none() {
            *setting = Some(no_guess);
            system.storage.commit_soon();
        }
        crate::event!(
            "sweeper.pad accepted deal={} first={:?}",
            code.deal,
            code.first.map(|pos| (pos.x(), pos.y()))
        );
    }
    close_menu(working, Mode::wipe(code));
    system.sound.play(sfx::CONFIRM);
}

#[cfg(test)]
mod tests {
    use crate::framework::widgets::font;

    /// Every refusal of a typed board code fits the pad's text column in
    /// two lines broken by hand, so no phrase wraps in its middle.
    #[test_case]
    fn code_errors_fit_the_pad_in_two_lines(_gba: &mut agb::Gba) {
        use super::super::rules::code::CodeError;
        use super::View;
        let width = View::PAD_PLACE.text_columns * 8;
        for error in CodeError::ALL {
            let text = alloc::format!("{error}");
            assert!(text.lines().count() <= 2, "{text}");
            font::assert_fits(&text, width);
        }
    }
}
