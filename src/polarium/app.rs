//! Polarium's side of the app contract: the screen in charge (each in a
//! file of its own, owning its data), what they share ([`Session`]), the
//! solver's work in the background, the puzzle's clock, and drawing.
//! Screens say what comes next ([`Next`]); this file puts it up.

use alloc::{boxed::Box, format};

use super::{
    Polarium, art,
    challenge::ChallengeScreen,
    checking::Checking,
    editor::{self, Editor},
    endless::{self, Making},
    game::{Game, Hint, KeptGame, Source},
    hints,
    lesson::LessonScreen,
    list::List,
    messages::{FIX_THE_LINE, HOW_TO_DRAW, LET_GO_ON_THE_END},
    next::Next,
    pad::Pad,
    play::{self, Play},
    records::PolariumSave,
    rules::{Board, builtin, difficulty::tier_name, lesson::Stage},
    search::{Pace, Searched},
    session::{Persistent, Purpose, Session, open_puzzles},
    size_choice::SizeChoice,
    sounds,
    suspended::SuspendedPuzzle,
    view::{self, Scene, Sprites, View},
};
use crate::framework::{
    App, AppInfo, Request, System, app::Icon, canvas::Canvas, lessons, save::Suspended,
    widgets::timer::format_time,
};
use crate::framework::{PreparedLine, hints};

/// What the window is doing: exactly one screen at a time, each owning
/// what only it uses.
enum Screen {
    Play(Play),
    /// The puzzle list (SELECT).
    List(List),
    /// Typing a password or an endless code.
    Pad(Pad),
    /// The solver checks a typed puzzle before play starts.
    Checking(Checking),
    /// Choosing a size, for the editor or endless mode.
    ChooseSize(SizeChoice),
    /// The editor: painting tiles.
    Edit(Editor),
    /// Endless mode: the generator at work. Boxed: the generator's grid is
    /// larger than the rest of the screens.
    Making(Box<Making>),
    /// Challenge, the action mode: its menu, games and scores. Boxed, as
    /// a game is larger than the rest of the screens.
    Challenge(Box<ChallengeScreen>),
    /// How to play, on boards of its own. Boxed: it holds a line.
    Lesson(Box<LessonScreen>),
}

impl Screen {
    /// The screen to come back to on the puzzle being played (`board`:
    /// the board being painted, if that is where the window closed).
    const fn resume(editing: bool, solved: bool, board: Board) -> Self {
        if editing {
            Self::Edit(Editor::resumed(board))
        } else if solved {
            Self::Play(Play::Solved { proved: false })
        } else {
            Self::Play(Play::START)
        }
    }

    /// Ready for a stroke, none being drawn.
    fn is_quiet(&self) -> bool {
        matches!(self, Self::Play(play) if play.is_quiet())
    }

    /// Whether the panel shows the puzzle being played (its name, tries
    /// and clock); the other screens write their own lines there.
    const fn shows_puzzle(&self) -> bool {
        matches!(self, Self::Play(_) | Self::Checking(_))
    }

    /// What the board area shows.
    fn scene<'a>(&'a self, session: &'a Session) -> Scene<'a> {
        match self {
            Self::Play(play) => play.scene(session),
            Self::List(list) => list.scene(session),
            Self::Pad(pad) => pad.scene(),
            Self::Checking(checking) => checking.scene(session),
            Self::ChooseSize(choice) => choice.scene(session),
            Self::Edit(editor) => editor.scene(),
            Self::Making(making) => making.scene(),
            Self::Lesson(lesson) => lesson.scene(),
            // Challenge draws the board area itself (`draw`).
            Self::Challenge(_) => Scene::EMPTY,
        }
    }

    /// The sprites over the board area and the panel (the pad's keys are
    /// the view's own).
    fn sprites<'a>(&'a self, session: &'a Session) -> Sprites<'a> {
        match self {
            Self::Play(play) => play.sprites(session),
            Self::Edit(editor) => editor.sprites(session.game.cursor),
            Self::List(list) => list.sprites(),
            Self::Challenge(challenge) => challenge.sprites(),
            Self::Lesson(lesson) => lesson.sprites(),
            Self::Pad(_) | Self::Checking(_) | Self::ChooseSize(_) | Self::Making(_) => {
                Sprites::default()
            }
        }
    }
}

pub struct Working {
    /// On the heap of its own: the largest part, kept off the stack that
    /// builds the rest as the window opens.
    view: Box<View>,
    screen: Screen,
    session: Session,
    /// The panel's lines as last drawn: the puzzle, its tries, its record
    /// and an endless puzzle's tier.
    info: Option<(Source, u8, u8, Option<u8>)>,
    shown_seconds: Option<u16>,
}

/// The top bar's button hints, screen by screen (`App::button_hints`).
const SOLVED_HINTS: &PreparedLine = hints!("A: next  SELECT: list");
const PROVED_HINTS: &PreparedLine = hints!("A: next  SELECT: share  B: list");
const PLAY_HINTS: &PreparedLine = hints!("A: draw  R: hint  SELECT: list");
/// A stroke left on the board (a failed try's, or one let go of): B takes
/// it off.
const STROKE_HINTS: &PreparedLine = hints!("B: clear  R: hint  SELECT: list");
const PAD_HINTS: &PreparedLine = hints!("A: key  B: erase  START: done");
const SIZE_HINTS: &PreparedLine = hints!("D-pad: size  A: ok  B: back");
const EDIT_HINTS: &PreparedLine = hints!("A: paint  B: size  SELECT: solve");

impl App for Polarium {
    type Persistent = Persistent;
    type Working = Working;
    type Save = PolariumSave;
    type Suspend = SuspendedPuzzle;

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
        let save = system.saved::<Polarium>();
        crate::event!(
            "polarium.records solved={} customs={} played={} won={} streak={} without_hints={}",
            save.solved(),
            save.customs.len(),
            save.tally.played,
            save.tally.won,
            save.tally.streak,
            save.solved_without_hints
        );
        // Start at the first puzzle not solved yet.
        let first = save.first_unsolved(builtin::COUNT);
        Persistent {
            game: KeptGame::new(Source::Builtin(first as u16)),
            editing: false,
            lesson_stage: Stage::Draw,
        }
    }

    fn suspend(
        _persistent: &Persistent,
        working: &Working,
        _system: &mut System,
    ) -> SuspendedPuzzle {
        // As `pause` leaves it, without pausing: a stroke being drawn is
        // dropped, and the editor's board is kept as the puzzle.
        let drawing = matches!(
            working.screen,
            Screen::Play(Play::Playing { drawing: true })
        );
        let mut game = working.session.game.kept(drawing);
        let editing = if let Screen::Edit(editor) = &working.screen {
            game.source = editor::painted(*editor.board());
            true
        } else {
            false
        };
        let run = match &working.screen {
            Screen::Challenge(challenge) => challenge.run(),
            _ => None,
        };
        SuspendedPuzzle::of(&game, editing).with_run(run)
    }

    fn resume(persistent: &mut Persistent, puzzle: SuspendedPuzzle) {
        if let Some((mode, _)) = puzzle.run() {
            crate::event!("polarium.resumed challenge={mode:?}");
        }
        if let Some((game, editing)) = puzzle.restore() {
            persistent.game = game;
            persistent.editing = editing;
            crate::event!(
                "polarium.resumed source={:?} tries={} hint={:?} solved={}",
                persistent.game.source,
                persistent.game.tries,
                persistent.game.hint,
                persistent.game.solved
            );
        } else if !puzzle.is_empty() {
            crate::event!("polarium.resume refused");
        }
    }

    fn open(persistent: &mut Persistent, system: &mut System) -> Working {
        // A built-in puzzle in a set that is no longer open (all data was
        // erased) gives way to the first unsolved open one.
        if let Source::Builtin(index) = persistent.game.source
            && usize::from(index) >= open_puzzles(system)
        {
            let first = system.saved::<Polarium>().first_unsolved(builtin::COUNT);
            persistent.game = KeptGame::new(Source::Builtin(first as u16));
        }
        let mut game = persistent.game.game();
        let puzzle = game.source.puzzle();
        let resumed = Screen::resume(persistent.editing, game.solved, puzzle.board);
        let playing = matches!(resumed, Screen::Play(Play::Playing { .. }));
        let hint = if playing { game.hint } else { Hint::None };
        crate::event!(
            "polarium.opened source={:?} size={}x{} hint={:?}",
            game.source,
            puzzle.board.width(),
            puzzle.board.height(),
            hint
        );
        // The stroke as it was on the puzzle being played; a solved one's
        // (and the editor's board's) has none.
        if !playing {
            game.stroke.clear();
        }
        let search = hints::recall(&puzzle, hint);
        let kept_try = !game.stroke.is_empty();
        let mut session = Session::new(puzzle, game, search);
        // The panel says what to do from the start, resumed or not: the
        // stroke kept is the replay's whole one, or a failed try's.
        if playing {
            session.panel().set_message(match (kept_try, hint) {
                (true, Hint::Replay) => LET_GO_ON_THE_END,
                (true, _) => FIX_THE_LINE,
                (false, _) => HOW_TO_DRAW,
            });
        } else if matches!(resumed, Screen::Play(Play::Solved { .. })) {
            // A solved puzzle says so again, not a blank panel.
            let said = play::solved_message(session.game.tries, session.game.hint, None);
            session.panel().set_message(said);
        }
        // The first time (and until it is done or skipped): how to play,
        // from where it was left. The editor's board comes back first.
        let mut screen = if persistent.editing || lessons::seen(&mut system.storage, Self::INFO.id)
        {
            resumed
        } else {
            Screen::Lesson(LessonScreen::boxed(persistent.lesson_stage, &mut session))
        };
        crate::event!(
            "polarium.opening lesson={}",
            matches!(screen, Screen::Lesson(_))
        );
        let mut view = View::boxed();
        // A Challenge game left under way comes back, paused; the editor's
        // board before anything.
        if let Some(challenge) = kept_run(&mut session, &mut view, system) {
            screen = Screen::Challenge(challenge);
        }
        if persistent.editing {
            persistent.editing = false;
            screen = Screen::Edit(Editor::open(&mut session));
        }
        Working {
            view,
            screen,
            session,
            info: None,
            shown_seconds: None,
        }
    }

    fn prepare(_persistent: &mut Persistent, working: &mut Working, system: &mut System) -> bool {
        working.view.apply(working.session.panel());
        let built = working.view.build_within_frame();
        // The panel's text needs nothing of the board area: it types in
        // the room the building leaves, so the window is whole when the
        // opening ends.
        refresh_panel(working, system.saved::<Polarium>());
        working.view.advance_text();
        if !built {
            return false;
        }
        // A Challenge game kept under way: its field is the board area.
        if let Screen::Challenge(challenge) = &mut working.screen {
            let drawn = challenge.draw(&mut working.view);
            working.view.advance_text();
            return drawn && working.view.text_done();
        }
        let scene = working.screen.scene(&working.session);
        let _ = working.view.sync(&scene);
        if !working.view.settled() {
            return false;
        }
        // The panel's text too: the window is whole when it has opened.
        working.view.advance_text();
        working.view.text_done()
    }

    fn update(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> Request {
        // A frame that goes to another screen leaves the solver to the next
        // one, so the new screen's drawing has the frame. Drawing goes on
        // either way: it takes only the room the frame has left (a frame a
        // search filled has none).
        let changed = update_screen(persistent, working, system);
        if !changed {
            let quiet = working.screen.is_quiet();
            endless::rate_if_needed(&mut working.session, quiet);
            // Work the player does not wait for (in the background, or an
            // answer shown as it comes) waits while the screen is still
            // being drawn: the player is looking at that.
            let unwaited = working
                .session
                .search_purpose()
                .is_some_and(|purpose| purpose.pace() != Pace::Waiting);
            if !unwaited || working.view.is_idle() {
                let next = run_search(working);
                go(next, working, system);
            }
        }
        if matches!(&working.screen, Screen::Play(play) if play.clock_runs()) {
            let _ = working.session.game.clock.tick();
        }
        Request::Stay
    }

    fn draw(_persistent: &Persistent, working: &mut Working, saved: &PolariumSave) {
        working.view.apply(working.session.panel());
        refresh_panel(working, saved);
        if let Screen::Challenge(challenge) = &mut working.screen {
            let _ = challenge.draw(&mut working.view);
            working.view.advance_text();
            return;
        }
        let scene = working.screen.scene(&working.session);
        // The board first, then the panel's text, as the frame has room.
        let drew = working.view.sync(&scene);
        if let Screen::Pad(pad) = &mut working.screen {
            // The pad's text types once the board has made way for it, in
            // a frame of its own (it draws whatever the frame's room).
            if !drew && working.view.settled() {
                working.view.draw_pad(pad.pad());
            }
        } else {
            working.view.advance_text();
        }
    }

    fn show(_persistent: &Persistent, working: &mut Working, canvas: &mut Canvas) {
        let sprites = working.screen.sprites(&working.session);
        working.view.show(canvas, &sprites);
        if let Screen::Pad(pad) = &working.screen {
            pad.show(canvas);
        }
    }

    fn claims_start(_persistent: &Persistent, working: &Working) -> bool {
        matches!(working.screen, Screen::Pad(_))
    }

    fn button_hints(_persistent: &Persistent, working: &Working) -> Option<&'static PreparedLine> {
        Some(match &working.screen {
            Screen::Play(Play::Solved { proved: true }) => PROVED_HINTS,
            Screen::Play(Play::Solved { .. }) => SOLVED_HINTS,
            // A made puzzle solved is kept (and proved) as the clearing
            // ends: nearly always, so the bar offers sharing already.
            Screen::Play(Play::Clearing { .. })
                if matches!(working.session.game.source, Source::Made(_)) =>
            {
                PROVED_HINTS
            }
            Screen::Play(Play::Clearing { .. }) => SOLVED_HINTS,
            Screen::Play(Play::Playing { drawing: false })
                if !working.session.game.stroke.is_empty() =>
            {
                STROKE_HINTS
            }
            Screen::Play(_) => PLAY_HINTS,
            Screen::List(list) => list.button_hints(),
            Screen::Pad(_) => PAD_HINTS,
            // No button does anything while the cartridge works: the bar says so.
            Screen::Checking(_) => hints!("Checking the puzzle..."),
            Screen::Making(_) => hints!("Making a puzzle..."),
            Screen::ChooseSize(_) => SIZE_HINTS,
            Screen::Edit(_) => EDIT_HINTS,
            Screen::Challenge(challenge) => challenge.button_hints(),
            Screen::Lesson(lesson) => lesson.button_hints(),
        })
    }

    fn pause(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
        let session = &mut working.session;
        if let Screen::Play(play) = &mut working.screen {
            play.pause(session, system);
        }
        if let Screen::Challenge(challenge) = &mut working.screen {
            challenge.pause();
        }
        if let Screen::Lesson(lesson) = &working.screen {
            lesson.pause(persistent);
        }
        persistent.game = working.session.game.kept(false);
        // The board being painted is kept, to paint on when the window opens.
        persistent.editing = matches!(working.screen, Screen::Edit(_));
        if let Screen::Edit(editor) = &working.screen {
            persistent.game.source = editor::painted(*editor.board());
        }
        // What pausing says (a solve counted) shows as the window closes.
        working.view.apply(working.session.panel());
        crate::event!("polarium.paused source={:?}", persistent.game.source);
    }
}

/// The Challenge game kept under way, paused, if there is one. Out of
/// line, as a game is large and opening the window deep.
#[inline(never)]
fn kept_run(
    session: &mut Session,
    view: &mut View,
    system: &mut System,
) -> Option<Box<ChallengeScreen>> {
    let kept = system
        .storage
        .section::<SuspendedPuzzle>(SuspendedPuzzle::OWNER);
    let (mode, game) = kept.run()?;
    let resumed = ChallengeScreen::resume(game, mode, session, view);
    if resumed.is_none() {
        // Bytes that make no game are dropped, not asked about again.
        kept.drop_run();
    }
    resumed
}

/// Put up the screen a screen's update asked for. Out of line: the
/// screens it builds (a pad's digits) need not add to the stack of the
/// frames that build none.
#[inline(never)]
fn go(next: Next, working: &mut Working, system: &mut System) {
    let session = &mut working.session;
    if matches!(working.screen, Screen::Challenge(_)) && !matches!(next, Next::Stay) {
        // Challenge's field had the board area: the board comes back whole.
        crate::framework::events::new_board();
    }
    let next = match next {
        Next::Stay => return,
        Next::Resume => Screen::resume(false, session.game.solved, *session.board()),
        Next::Play => Screen::Play(Play::START),
        Next::Replay => Screen::Play(Play::REPLAY),
        Next::List => Screen::List(List::open(session, system)),
        Next::BackToList(offer) => Screen::List(List::back(offer, session, system)),
        Next::Pad(purpose) => Screen::Pad(Pad::open(purpose, session, system)),
        Next::Check(search) => Screen::Checking(Checking::new(search)),
        Next::ChooseSize(purpose, size) => {
            Screen::ChooseSize(SizeChoice::open(purpose, size, session, system))
        }
        Next::Edit => Screen::Edit(Editor::open(session)),
        Next::Make(code) => match Making::start(code, session) {
            Some(making) => Screen::Making(Box::new(making)),
            None => return,
        },
        Next::Challenge => {
            Screen::Challenge(ChallengeScreen::open(session, &mut working.view, system))
        }
        Next::Lesson => Screen::Lesson(LessonScreen::boxed(Stage::Draw, session)),
    };
    if let Screen::Pad(pad) = core::mem::replace(&mut working.screen, next) {
        working.view.retire_pad(pad.into_panel());
    }
}

/// The fewest tries the built-in puzzle being played was solved in (0:
/// none, or only with the solution shown).
fn best_tries(game: &Game, saved: &PolariumSave) -> u8 {
    match game.source {
        Source::Builtin(index) => {
            let best = saved.best(usize::from(index));
            if best.is_clean() { best.tries() } else { 0 }
        }
        Source::Password(_) | Source::Made(_) | Source::Endless { .. } => 0,
    }
}

/// Redraw the panel's lines when what they say changed.
#[inline(never)]
fn refresh_panel(working: &mut Working, saved: &PolariumSave) {
    if !working.screen.shows_puzzle() {
        working.info = None;
        working.shown_seconds = None;
        return;
    }
    let game = &working.session.game;
    let best = best_tries(game, saved);
    let tier = working.session.tier();
    let key = (game.source, game.tries, best, tier);
    if working.info != Some(key) {
        working.info = Some(key);
        let board = working.session.board();
        let name = match game.source {
            Source::Builtin(index) => {
                let tier = builtin::TIERS.get(usize::from(index)).copied().unwrap_or(0);
                format!("No. {}\n{}", index + 1, tier_name(tier))
            }
            Source::Password(_) => "Custom".into(),
            Source::Made(_) => "New puzzle".into(),
            Source::Endless { code, .. } => endless::label(code, tier),
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
            game.tries,
        ));
    }
    let seconds = game.clock.seconds();
    if working.shown_seconds != Some(seconds) {
        working.shown_seconds = Some(seconds);
        working.view.set_clock(&format_time(seconds));
    }
}

/// The screen in charge's update and where it leads; whether it led to
/// another screen. Out of line: what it holds is off the stack by the time the
/// solver runs (the deepest the stack goes).
#[inline(never)]
fn update_screen(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> bool {
    let session = &mut working.session;
    let next = match &mut working.screen {
        Screen::Play(play) => play.update(session, system),
        Screen::List(list) => list.update(session, system),
        Screen::Pad(pad) => pad.update(session, system),
        Screen::Checking(checking) => checking.update(session),
        Screen::ChooseSize(choice) => choice.update(session, system),
        Screen::Edit(editor) => editor.update(session, system),
        Screen::Making(making) => making.update(session),
        Screen::Challenge(challenge) => challenge.update(session, system),
        Screen::Lesson(lesson) => lesson.update(persistent, session, system),
    };
    let changed = !matches!(next, Next::Stay);
    go(next, working, system);
    changed
}

/// One frame of the solver's work, if it is running, and what it found:
/// a hint's stroke found as the player asked for it is replayed.
#[inline(never)]
fn run_search(working: &mut Working) -> Next {
    let session = &mut working.session;
    let Some((search, purpose)) = session.take_search() else {
        return Next::Stay;
    };
    let (search, searched) = search.step(purpose.pace());
    session.set_search(search.map(|search| (search, purpose)));
    match searched {
        Searched::Working(percent) if purpose.pace() == Pace::Waiting => {
            session.show_percent("Thinking", percent);
        }
        Searched::Working(_) => {}
        Searched::Done(progress, states) => {
            session.search_done();
            crate::framework::events::search_answered(purpose.name());
            match purpose {
                Purpose::Hint(hint) => {
                    let quiet = working.screen.is_quiet();
                    if hints::solved(session, hint, progress, quiet) {
                        return Next::Replay;
                    }
                }
                Purpose::Recall => hints::recalled(session, progress),
                Purpose::Rate => endless::rated(session, &progress, states),
            }
        }
    }
    Next::Stay
}
