//! Poop Sweeper's side of the app contract: which screen is up, what each
//! screen's answer (`Next`) puts up next, the clock and the avatar's face.
//! Each screen is a file of its own (play.rs, generating.rs, wipe.rs,
//! menu.rs, options.rs, sizes.rs, stats_page.rs, pad.rs, lesson.rs,
//! field_play.rs); drawing lives in `view.rs` (the pocket board's window)
//! and `field_view.rs` (a full-size field's, the whole screen).

use alloc::boxed::Box;

use super::{
    Sweeper,
    art::{self, Face},
    custom::{CUSTOM_HINTS, Custom},
    field_play::FieldPlay,
    field_view,
    game::SuspendedGame,
    generating::Generating,
    lesson::LessonScreen,
    menu::{MENU_HINTS, Menu, ROW_FULL_SIZE, ROW_OPTIONS, ROW_STATS},
    moves::fingerprint,
    next::Next,
    options::{OPTION_CODE, OPTIONS_HINTS, Options},
    pad::{PAD_HINTS, Pad},
    play::Play,
    records::SweeperSave,
    rules::{
        Board, Difficulty, GameState, Pos, code,
        field::{Field, Mines, Place, Size, code::FieldCode},
    },
    sizes::{ROW_CUSTOM, SIZES_HINTS, Sizes},
    sounds,
    stats_page::{STATS_HINTS, StatsPage},
    view::{Header, Screen, View},
    wipe::Wipe,
};
use crate::framework::{
    App, AppInfo, PreparedLine, Request, System, app::Icon, assets::sfx, canvas::Canvas, events,
    lessons, save::Suspended, transition::Area, widgets::list::List,
};

/// The screen up: exactly one at a time, owning its data; the view is told
/// which (`Mode::screen`) rather than keeping its own copy.
// The generator is inline on purpose: `Working` lives on the heap only while
// the window is open, and boxing it would add an allocation to the first move.
#[allow(clippy::large_enum_variant)]
enum Mode {
    Play(Play),
    Generating(Generating),
    Wipe(Wipe),
    Menu(Menu),
    Options(Options),
    Stats(Box<StatsPage>),
    Sizes(Sizes),
    Custom(Custom),
    Pad(Pad),
    Lesson(LessonScreen),
    /// A full-size field (`Working::field`), the window filling the screen.
    Field(Box<FieldPlay>),
    /// The window is closing, the menu or pad already let go (`dismantle`).
    Leaving,
}

impl Mode {
    fn screen(&self) -> Screen {
        match self {
            Self::Play(_) | Self::Generating(_) | Self::Lesson(_) => Screen::Board,
            Self::Wipe(wipe) => Screen::Wipe(wipe.columns()),
            Self::Menu(_)
            | Self::Options(_)
            | Self::Stats(_)
            | Self::Sizes(_)
            | Self::Custom(_) => Screen::Menu,
            Self::Pad(_) => Screen::Pad,
            Self::Field(_) => Screen::Field,
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
            Self::Play(play) => play.pressed(),
            Self::Lesson(lesson) => lesson.pressed(),
            _ => None,
        }
    }

    /// The board shown: the lesson's while it runs, else the game's.
    fn board<'a>(&'a self, game: &'a Board) -> &'a Board {
        match self {
            Self::Lesson(lesson) => lesson.board(),
            _ => game,
        }
    }
}

pub struct Working {
    /// Boxed: made apart from the rest, off the stack of the window's
    /// opening (it is the working state's largest part).
    view: Box<View>,
    mode: Mode,
    /// The full-size field in play, if the player chose one (the pocket
    /// board waits in the persistent state meanwhile); kept across closing
    /// and power-off in the suspend section.
    field: Option<Box<Field>>,
    /// A field kept, read back over the opening's frames (see `open`).
    resuming: Resuming,
    /// The custom field's size last chosen (this session's).
    custom: Size,
    /// The avatar's face, as `update` last decided it.
    face: Face,
}

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

    fn boot(system: &mut System) -> Board {
        let save = system.saved::<Sweeper>();
        crate::event!(
            "sweeper.records wins={} easy={:?} question_marks={}",
            save.wins(),
            save.line(Difficulty::Easy, false),
            save.question_marks
        );
        Board::new(Difficulty::Easy, false)
    }

    fn suspend(board: &Board, working: &Working, _system: &mut System) -> SuspendedGame {
        SuspendedGame::of(board, working.field.as_deref())
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
            // A field in play keeps no pocket board: it is read as the
            // window opens.
            None if !game.is_empty() && !game.has_field() => {
                crate::event!("sweeper.resume refused");
            }
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
        // A full-size field in play when the window last closed (or the
        // power went) comes back from the game kept, read in the opening's
        // second frame (it is a third of a frame's work, and this one has
        // the window to make).
        let field_kept = system
            .storage
            .section::<SuspendedGame>(SuspendedGame::OWNER)
            .has_field();
        // Closed while a no-guess first move waited for its layout: the
        // search starts again from that square (it finds the same layout),
        // and the move is then made as if the window had stayed open.
        let generating = board
            .awaiting_layout()
            .map(|first| Generating::new(board, first));
        // The first time: how to play.
        let lesson = generating.is_none() && !lessons::seen(&mut system.storage, Self::INFO.id);
        crate::event!("sweeper.opening lesson={}", lesson);
        let resume = field_kept && generating.is_none() && !lesson;
        let mut view = boxed_view();
        if resume {
            view.start_aside();
        }
        let mode = match generating {
            Some(generating) => Mode::Generating(generating),
            None if lesson => Mode::Lesson(LessonScreen::start(&mut view)),
            None if resume => Mode::Field(boxed_field_play(None)),
            None => Mode::Play(Play::default()),
        };
        Working {
            view,
            mode,
            // Kept for later when another screen comes first.
            field: if field_kept && !resume {
                kept_field(system)
            } else {
                None
            },
            resuming: if resume {
                Resuming::Waiting
            } else {
                Resuming::No
            },
            face: Face::Idle,
            custom: DEFAULT_CUSTOM,
        }
    }

    fn prepare(board: &mut Board, working: &mut Working, system: &mut System) -> bool {
        let look = (
            face_for(working.mode.board(board).state(), false),
            working.mode.screen(),
        );
        // A kept field is read in frames of their own, the window's first
        // being full already: its mines, then the rest.
        match core::mem::replace(&mut working.resuming, Resuming::No) {
            Resuming::No => {}
            Resuming::Waiting => working.resuming = Resuming::Mines,
            Resuming::Mines => {
                let kept = system
                    .storage
                    .section::<SuspendedGame>(SuspendedGame::OWNER);
                working.resuming = Resuming::Read(kept.dealt_mines());
                return false;
            }
            Resuming::Read(mines) => {
                match read_kept_field(system, mines.as_ref()) {
                    Some(field) => working.resuming = Resuming::Check(field),
                    None => play_the_pocket_board(working),
                }
                return false;
            }
            Resuming::Check(field) => {
                working.field = checked(field);
                if working.field.is_none() {
                    play_the_pocket_board(working);
                }
                return false;
            }
        }
        let records = system.saved::<Sweeper>();
        // The field's squares first, a frame's worth: the pocket view's
        // pieces then take what the frame has left.
        let field_drawn = match (&mut working.mode, working.field.as_deref()) {
            (Mode::Field(play), Some(field)) => {
                play.draw(field, face_for(field.state(), false), records)
            }
            _ => true,
        };
        let built = working
            .view
            .build_within_frame(working.mode.board(board), records, look);
        // Not whole until a kept field is read, however quick the rest.
        field_drawn && built && matches!(working.resuming, Resuming::No)
    }

    fn window(_board: &Board, working: &Working) -> Area {
        match working.mode {
            Mode::Field(_) => field_view::WINDOW,
            _ => View::WINDOW,
        }
    }

    fn update(board: &mut Board, working: &mut Working, system: &mut System) -> Request {
        let view = &mut working.view;
        let next = match &mut working.mode {
            Mode::Field(play) => match working.field.as_deref_mut() {
                Some(field) => play.update(field, system),
                None => Next::Play,
            },
            Mode::Play(play) => play.update(board, view, system),
            Mode::Generating(generating) => generating.update(board, view, system),
            Mode::Wipe(wipe) => wipe.update(board, view, system),
            Mode::Menu(menu) => menu.update(board, system),
            Mode::Options(options) => options.update(board, system),
            Mode::Stats(page) => page.update(system),
            Mode::Sizes(sizes) => sizes.update(system),
            Mode::Custom(custom) => custom.update(system),
            Mode::Pad(pad) => pad.update(board, system),
            Mode::Lesson(lesson) => lesson.update(view, system),
            Mode::Leaving => Next::Stay,
        };
        go(next, board, working, system);
        // The game's clock waits under the menu and the lesson; the
        // lesson's board keeps its own time (a clock standing still looks
        // broken).
        let face = match (&mut working.mode, working.field.as_deref_mut()) {
            (Mode::Lesson(lesson), _) => {
                lesson.tick_frame();
                face_for(lesson.board().state(), lesson.pressed().is_some())
            }
            (Mode::Field(_), Some(field)) if field.awaiting_layout().is_some() => Face::Thinking,
            (Mode::Field(play), Some(field)) => {
                field.tick_frame();
                face_for(field.state(), play.pressed().is_some())
            }
            // A menu over the full-size field in play shows its face.
            (mode, Some(field)) if mode.is_over_board() => face_for(field.state(), false),
            (mode, _) => {
                if !mode.is_over_board() {
                    board.tick_frame();
                }
                face_for(board.state(), mode.pressed().is_some())
            }
        };
        working.face = match face {
            _ if matches!(working.mode, Mode::Generating(_)) => Face::Thinking,
            // A blink every three seconds, so the avatar looks alive.
            Face::Idle if system.frame % 180 < 6 => Face::Blink,
            face => face,
        };
        Request::Stay
    }

    fn draw(board: &Board, working: &mut Working, records: &SweeperSave) {
        let screen = working.mode.screen();
        let under_pad = match &mut working.mode {
            Mode::Pad(pad) => Some(&mut *pad.menu),
            _ => None,
        };
        working.view.change_screen(screen, under_pad);
        if let (Mode::Field(play), Some(field)) = (&mut working.mode, working.field.as_deref()) {
            let _ = play.draw(field, working.face, records);
            return;
        }
        if let Mode::Pad(pad) = &mut working.mode {
            working.view.draw_pad(&mut pad.pad);
        }
        let pressed = working.mode.pressed();
        // Over the full-size field in play, the window's counter and timer
        // are the field's.
        let header = match working.field.as_deref() {
            Some(field) if working.mode.is_over_board() => Header::Field {
                mines_left: field.mines_left(),
                seconds: field.elapsed_seconds(),
            },
            _ => Header::Board,
        };
        working.view.sync(
            working.mode.board(board),
            pressed,
            (working.face, header),
            screen,
            records,
        );
        match &mut working.mode {
            Mode::Menu(menu) => working.view.draw_menu(&mut menu.list),
            Mode::Options(options) => working.view.draw_menu(&mut options.list),
            Mode::Stats(page) => working.view.draw_menu(page.list()),
            Mode::Sizes(sizes) => working.view.draw_menu(&mut sizes.list),
            Mode::Custom(custom) => working.view.draw_menu(&mut custom.list),
            _ => {}
        }
    }

    fn show(board: &Board, working: &mut Working, canvas: &mut Canvas) {
        if let (Mode::Field(play), Some(field)) = (&working.mode, working.field.as_deref()) {
            play.show(field, canvas);
            return;
        }
        let shown = working.mode.board(board);
        working.view.show(shown, working.mode.screen(), canvas);
        match &working.mode {
            Mode::Menu(Menu { list })
            | Mode::Options(Options { list })
            | Mode::Sizes(Sizes { list })
            | Mode::Custom(Custom { list, .. }) => list.show(canvas),
            Mode::Pad(pad) => pad.pad.show(canvas),
            _ => {}
        }
    }

    fn claims_start(_board: &Board, working: &Working) -> bool {
        matches!(working.mode, Mode::Pad(_))
    }

    fn button_hints(board: &Board, working: &Working) -> Option<&'static PreparedLine> {
        Some(match &working.mode {
            Mode::Play(_) | Mode::Generating(_) | Mode::Wipe(_) => Play::button_hints(board),
            Mode::Menu(_) => MENU_HINTS,
            Mode::Options(_) => OPTIONS_HINTS,
            Mode::Stats(_) => STATS_HINTS,
            Mode::Sizes(_) => SIZES_HINTS,
            Mode::Custom(_) => CUSTOM_HINTS,
            Mode::Pad(_) => PAD_HINTS,
            Mode::Field(_) => FieldPlay::button_hints(working.field.as_deref()?),
            Mode::Lesson(lesson) => lesson.button_hints(),
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
        match &mut working.mode {
            Mode::Play(play) => play.drop_held(),
            Mode::Lesson(lesson) => lesson.drop_held(),
            Mode::Field(play) => play.drop_held(),
            _ => {}
        }
        crate::event!("sweeper.paused board={:08x}", fingerprint(board));
    }
}

/// The custom field's page first offers a field between Intermediate and
/// Expert.
const DEFAULT_CUSTOM: Size = match Size::custom(24, 14, 60) {
    Some(size) => size,
    None => Size::EXPERT,
};

/// Where reading a kept field back is, over the opening's frames.
enum Resuming {
    No,
    /// The window's first frame: nothing yet.
    Waiting,
    /// Its mines next, if they are drawn again from its deal.
    Mines,
    /// The field next, with the mines drawn for it.
    Read(Option<Mines>),
    /// The field read, to be checked for a game.
    Check(Box<Field>),
}

/// The avatar's face for a game in `state`, A held on a square or not.
fn face_for(state: GameState, pressed: bool) -> Face {
    match state {
        GameState::Dead => Face::Dead,
        GameState::Won => Face::Won,
        _ if pressed => Face::Thinking,
        _ => Face::Idle,
    }
}

/// The full-size field kept in the game section, if one is (a damaged one
/// is dropped: the pocket board plays). Out of line, as the reading's parts:
/// the window's opening has the view to make on the stack.
#[inline(never)]
fn kept_field(system: &mut System) -> Option<Box<Field>> {
    let kept = system
        .storage
        .section::<SuspendedGame>(SuspendedGame::OWNER);
    let mines = kept.dealt_mines();
    read_kept_field(system, mines.as_ref()).and_then(checked)
}

/// The field kept, read with the mines drawn for it ahead, but not yet
/// checked for a game (`checked`).
#[inline(never)]
fn read_kept_field(system: &mut System, dealt: Option<&Mines>) -> Option<Box<Field>> {
    let kept = system
        .storage
        .section::<SuspendedGame>(SuspendedGame::OWNER);
    let field = kept.field_unchecked(dealt).map(Box::new);
    if field.is_none() && kept.has_field() {
        crate::event!("sweeper.field_resume refused");
    }
    field
}

/// A field's screen made on the heap, in a frame of its own (its view is
/// big): opening a code's field at `first`, if it has one.
#[inline(never)]
fn boxed_field_play(first: Option<Place>) -> Box<FieldPlay> {
    Box::new(FieldPlay::opening(first))
}

/// A view made on the heap, in a frame of its own.
#[inline(never)]
fn boxed_view() -> Box<View> {
    Box::new(View::new())
}

/// A kept field that cannot be read: the pocket board plays, its message
/// line free again (the view stepped aside for the field).
fn play_the_pocket_board(working: &mut Working) {
    working.mode = Mode::Play(Play::default());
    working.view.clear_message();
}

/// A kept field read back, if its squares make a game.
fn checked(field: Box<Field>) -> Option<Box<Field>> {
    if !field.holds_a_game() {
        crate::event!("sweeper.field_resume refused");
        return None;
    }
    crate::event!(
        "sweeper.field_resumed size={}x{} state={:?} cursor={},{}",
        field.size().width(),
        field.size().height(),
        field.state(),
        field.cursor().x,
        field.cursor().y
    );
    Some(field)
}

/// A new field of `size`, its deal drawn now: no-guess if the player's
/// boards are and the size allows it.
#[inline(never)]
fn new_field(size: Size, board: &Board, system: &mut System) -> Box<Field> {
    field_of_code(FieldCode {
        size,
        no_guess: system.saved::<Sweeper>().no_guess(board) && size.allows_no_guess(),
        deal: system.rng.below(u32::from(code::DEALS)) as u16,
        first: None,
    })
}

/// The field a code names (a typed one, or a new deal's), its cursor on
/// the code's first square if it has one.
#[inline(never)]
fn field_of_code(code: FieldCode) -> Box<Field> {
    let size = code.size;
    let mut field = Box::new(Field::new(size, code.no_guess));
    field.set_deal(code.deal);
    if let Some(first) = code.first {
        let _ = field.set_cursor(first);
    }
    events::new_board();
    crate::event!(
        "sweeper.field size={}x{} mines={} deal={} no_guess={}",
        size.width(),
        size.height(),
        size.mines(),
        field.deal(),
        code.no_guess
    );
    field
}

/// Put up the screen `next` names, in place of the one that answered:
/// what that one owned goes on (a menu's text to the page in its place, the
/// menu under the pad back up), or is let go with its text (`close`).
/// Out of line: the screens it makes would otherwise sit on the stack
/// under every frame's moves.
#[inline(never)]
fn go(next: Next, board: &mut Board, working: &mut Working, system: &mut System) {
    if matches!(next, Next::Stay) {
        return;
    }
    let old = core::mem::replace(&mut working.mode, Mode::Leaving);
    working.mode = match (next, old) {
        (Next::Stay, old) => old,
        // Another game on the field up: the screen stays, drawing what changed.
        (Next::Field(size), Mode::Field(play)) => {
            working.field = Some(new_field(size, board, system));
            Mode::Field(play)
        }
        (Next::Field(size), old) => {
            if let Mode::Custom(custom) = &old {
                working.custom = custom.size;
            }
            close(&mut working.view, old);
            working.field = Some(new_field(size, board, system));
            Mode::Field(boxed_field_play(None))
        }
        (Next::FieldCode(code), old) => {
            close(&mut working.view, old);
            working.field = Some(field_of_code(code));
            Mode::Field(boxed_field_play(code.first))
        }
        (Next::Menu, Mode::Sizes(sizes)) => back_to_menu(board, system, sizes.list, ROW_FULL_SIZE),
        (Next::Custom, Mode::Sizes(sizes)) => {
            let no_guess = system.saved::<Sweeper>().no_guess(board);
            let list = View::custom_on(working.custom, no_guess, sizes.list);
            Mode::Custom(Custom {
                list: Box::new(list),
                size: working.custom,
                no_guess,
            })
        }
        (Next::Sizes, Mode::Custom(custom)) => {
            working.custom = custom.size;
            let data = system.saved::<Sweeper>();
            let mut list = View::sizes_on(data, data.no_guess(board), custom.list);
            list.select(ROW_CUSTOM);
            system.sound.play(sfx::CLOSE);
            Mode::Sizes(Sizes {
                list: Box::new(list),
            })
        }
        (Next::Sizes, Mode::Menu(menu)) => {
            let data = system.saved::<Sweeper>();
            let mut list = View::sizes_on(data, data.no_guess(board), menu.list);
            // On the field in play's size, if there is one.
            if let Some(size) = working.field.as_deref().map(Field::size) {
                list.select(size.standard().unwrap_or(ROW_CUSTOM));
            }
            system.sound.play(sfx::OPEN);
            Mode::Sizes(Sizes {
                list: Box::new(list),
            })
        }
        (Next::Menu, Mode::Options(options)) => {
            back_to_menu(board, system, options.list, ROW_OPTIONS)
        }
        (Next::Menu, Mode::Stats(page)) => back_to_menu(board, system, page.into_list(), ROW_STATS),
        (Next::Options, Mode::Pad(pad)) => cancel_pad(board, &mut working.view, system, pad),
        (Next::Menu, old) => {
            // A field's squares and text leave the plane; the pocket view
            // steps back onto it in this frame's drawing.
            if let Mode::Field(play) = old {
                play.take_off();
            }
            let list = working.view.menu(board, system.saved::<Sweeper>());
            let mut menu = Menu {
                list: Box::new(list),
            };
            if working.field.is_some() {
                menu.list.select(ROW_FULL_SIZE);
            }
            Mode::Menu(menu)
        }
        (Next::Options, Mode::Menu(menu)) => {
            let field = working.field.as_deref();
            let list = View::options_on(board, field, system.saved::<Sweeper>(), menu.list);
            system.sound.play(sfx::OPEN);
            Mode::Options(Options {
                list: Box::new(list),
            })
        }
        (Next::Stats, Mode::Menu(menu)) => {
            let data = system.saved::<Sweeper>();
            let field = working
                .field
                .as_deref()
                .map(|field| (field.size(), field.no_guess()));
            let setting = (board.difficulty(), board.no_guess());
            let page = StatsPage::new(setting, field, data, menu.list);
            page.log(data);
            system.sound.play(sfx::OPEN);
            Mode::Stats(Box::new(page))
        }
        (Next::Pad, Mode::Options(options)) => {
            system.sound.play(sfx::OPEN);
            Mode::Pad(Pad::over(options.list))
        }
        // Only the menu leads to its pages, and the options page to the pad.
        (Next::Options | Next::Stats | Next::Sizes | Next::Custom | Next::Pad, old) => old,
        (next, old) => {
            close(&mut working.view, old);
            match next {
                Next::Generate(first) => Mode::Generating(Generating::new(board, first)),
                Next::Wipe(code) => {
                    // A pocket board chosen: the field in play is left.
                    working.field = None;
                    let wipe = Wipe::new(code);
                    working.view.clear_message();
                    Mode::Wipe(wipe)
                }
                Next::Lesson => Mode::Lesson(LessonScreen::start(&mut working.view)),
                _ if working.field.is_some() => Mode::Field(boxed_field_play(None)),
                _ => Mode::Play(Play::default()),
            }
        }
    };
}

/// Let a screen go for a new one: a menu, a page in its place or the pad
/// over it takes its text off in the view's `draw`, and the message line
/// is the board's again.
fn close(view: &mut View, old: Mode) {
    match old {
        Mode::Menu(menu) => view.retire_menu(menu.list),
        Mode::Options(options) => view.retire_menu(options.list),
        Mode::Stats(page) => view.retire_menu(page.into_list()),
        Mode::Sizes(sizes) => view.retire_menu(sizes.list),
        Mode::Custom(custom) => view.retire_menu(custom.list),
        Mode::Field(play) => {
            play.take_off();
            return;
        }
        Mode::Pad(pad) => {
            view.retire_pad(pad.pad);
            view.retire_menu(pad.menu);
        }
        _ => return,
    }
    view.clear_message();
}

/// From a page in the menu's place back to the menu, drawn on the page's
/// tiles, on the row that led there.
fn back_to_menu(board: &Board, system: &mut System, page: Box<List>, row: usize) -> Mode {
    let mut menu = View::menu_on(board, system.saved::<Sweeper>(), page);
    menu.select(row);
    system.sound.play(sfx::CLOSE);
    Mode::Menu(Menu {
        list: Box::new(menu),
    })
}

/// The pad's cancel key (or B on an empty pad): back to the options page
/// under it. Out of line: the frames spent typing need little stack.
#[inline(never)]
fn cancel_pad(board: &Board, view: &mut View, system: &mut System, pad: Pad) -> Mode {
    let Pad { mut menu, pad } = pad;
    view.retire_pad(pad);
    View::refresh_options(&mut menu, board, system.saved::<Sweeper>());
    menu.select(OPTION_CODE);
    system.sound.play(sfx::CLOSE);
    crate::event!("sweeper.pad cancelled");
    Mode::Options(Options { list: menu })
}

#[cfg(test)]
mod tests {
    use crate::framework::widgets::font;

    /// Every refusal of a typed code, a board's or a field's, fits the
    /// pad's text column in two lines broken by hand, so no phrase wraps
    /// in its middle.
    #[test_case]
    fn code_errors_fit_the_pad_in_two_lines(_gba: &mut agb::Gba) {
        use super::super::rules::{
            code::CodeError, field::code::FieldCodeError, typed_code::TypedCodeError,
        };
        use super::View;
        let width = View::PAD_PLACE.text_columns * 8;
        let errors = CodeError::ALL
            .map(TypedCodeError::Board)
            .into_iter()
            .chain(FieldCodeError::ALL.map(TypedCodeError::Field))
            .chain([TypedCodeError::BadFirstDigit]);
        for error in errors {
            let text = alloc::format!("{error}");
            assert!(text.lines().count() <= 2, "{text}");
            font::assert_fits(&text, width);
        }
    }
}
