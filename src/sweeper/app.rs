//! Poop Sweeper's side of the app contract: input on A release (as the seed
//! describes), the timer, records and sound. Drawing lives in `view.rs`.

use agb::input::Button;

use super::{
    art::Face,
    records::SweeperSave,
    rules::{
        Board, Difficulty, GameState, NoGuessGenerator, Outcome, Pos,
        code::{self, BoardCode},
    },
    sounds,
    view::View,
};
use crate::{
    framework::{
        App, AppInfo, Request, System,
        assets::sfx,
        canvas::Canvas,
        widgets::{
            list::{ListEvent, Row},
            numpad::{NumberPad, PadEvent},
            numpad_view,
            timer::Timer,
        },
    },
    random::Rng,
};

pub struct Sweeper;

/// Candidate layouts the no-guess search tries per frame. One Hard candidate
/// costs most of a frame (see `just bench`), so one per frame keeps the game
/// responsive while the avatar shows its thinking face.
pub const NO_GUESS_STEPS_PER_FRAME: u8 = 1;
/// Frames per column of the reset wipe.
const WIPE_FRAMES_PER_COLUMN: u8 = 1;

/// A held A button: where it went down, and whether another button cancelled it.
#[derive(Clone, Copy)]
struct HeldA {
    pos: Pos,
    cancelled: bool,
}

pub struct Working {
    view: View,
    held: Option<HeldA>,
    generating: Option<(Pos, NoGuessGenerator)>,
    /// Columns wiped so far while resetting.
    wipe: Option<u8>,
    wipe_frames: u8,
    /// Difficulty menu (SELECT), with best times as badges.
    menu_open: bool,
    /// Typing a board code (from the menu).
    pad: Option<NumberPad>,
    /// The deal the next wipe starts; `None` picks one at random.
    next_deal: Option<u16>,
    /// Counts frames into seconds for the board's clock.
    clock: Timer,
}

/// Menu rows after the three difficulties.
const ROW_NO_GUESS: usize = 3;
const ROW_CODE: usize = 4;

impl App for Sweeper {
    type Persistent = Board;
    type Working = Working;
    type Save = SweeperSave;

    const INFO: AppInfo = AppInfo {
        id: "sweeper",
        label: "Sweeper",
        icon: 0,
        music: Some(&sounds::TUNE),
        window: View::WINDOW,
    };

    fn boot(system: &mut System) -> Board {
        let save = system.save::<Sweeper>();
        crate::event!(
            "sweeper.records wins={} easy={:?}",
            save.wins(),
            save.record(Difficulty::Easy, false)
        );
        Board::new(Difficulty::Easy, false)
    }

    fn open(board: &mut Board, system: &mut System) -> Working {
        // The first deal is drawn on first open, not at power-on, so it comes
        // after the player's timing has been mixed into the random numbers.
        if !board.is_dealt() {
            board.set_deal(system.rng.below(u32::from(code::DEALS)) as u16);
        }
        crate::event!("sweeper.opened board={:08x}", fingerprint(board));
        let view = View::new();
        Working {
            view,
            held: None,
            generating: None,
            wipe: None,
            wipe_frames: 0,
            menu_open: false,
            pad: None,
            next_deal: None,
            clock: Timer::new(),
        }
    }

    fn prepare(board: &mut Board, working: &mut Working, system: &mut System) -> bool {
        let done = working.view.build_step(board, system.save::<Sweeper>());
        if done {
            working
                .view
                .sync(board, None, face_for(board, None), system.save::<Sweeper>());
        }
        done
    }

    fn update(board: &mut Board, working: &mut Working, system: &mut System) -> Request {
        if working.pad.is_some() {
            update_pad(board, working, system);
        } else if working.menu_open {
            update_menu(board, working, system);
        } else if let Some(column) = working.wipe {
            update_wipe(board, working, system, column);
        } else if working.generating.is_some() {
            update_generation(board, working, system);
        } else {
            update_play(board, working, system);
        }
        if !working.menu_open && working.pad.is_none() {
            tick_timer(board, working);
        }
        let pressed = working
            .held
            .filter(|held| !held.cancelled)
            .map(|held| held.pos);
        let face = match face_for(board, pressed) {
            _ if working.generating.is_some() => Face::Thinking,
            // A blink every three seconds, so the avatar looks alive.
            Face::Idle if system.frame % 180 < 6 => Face::Blink,
            face => face,
        };
        // A frame that began with a save (~75k cycles) leaves the drawing to
        // the next one; the game itself has already moved on.
        if !system.storage.busy() {
            working
                .view
                .sync(board, pressed, face, system.save::<Sweeper>());
        }
        Request::Stay
    }

    fn show(board: &Board, working: &mut Working, canvas: &mut Canvas) {
        working.view.show(board, canvas);
    }

    fn claims_start(_board: &Board, working: &Working) -> bool {
        working.pad.is_some()
    }

    fn pause(board: &mut Board, working: &mut Working, _system: &mut System) {
        // A move half-made when the window closes is dropped, as if cancelled.
        working.held = None;
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

/// The game clock runs while the game is being played (not in the menu, not
/// while the window is closed); whole seconds live in the persistent board.
fn tick_timer(board: &mut Board, working: &mut Working) {
    if board.state() != GameState::Playing {
        working.clock.reset();
        return;
    }
    working.clock.start();
    if working.clock.tick() {
        board.tick_second();
    }
}

fn update_play(board: &mut Board, working: &mut Working, system: &mut System) {
    let input = &system.input;
    if let Some(held) = working.held.as_mut() {
        if input.other_just_pressed(Button::A) {
            held.cancelled = true;
        }
        if !input.pressed(Button::A) {
            let held = *held;
            working.held = None;
            if !held.cancelled {
                release_a(board, working, system, held.pos);
            }
        }
        return;
    }
    if input.just_pressed(Button::Select) {
        working.menu_open = true;
        working.view.open_menu(board, system.save::<Sweeper>());
        system.sound.play(sfx::OPEN);
        return;
    }
    if input.just_pressed(Button::A) {
        working.held = Some(HeldA {
            pos: board.cursor(),
            cancelled: false,
        });
        return;
    }
    if input.just_pressed(Button::B) {
        let outcome = board.toggle_flag(board.cursor());
        play_outcome(system, outcome);
        log_move(board, outcome);
        return;
    }
    let (dx, dy) = system.input.repeated_direction();
    if (dx, dy) != (0, 0) && board.move_cursor(dx as i8, dy as i8) {
        system.sound.play(sfx::CURSOR);
    }
}

fn release_a(board: &mut Board, working: &mut Working, system: &mut System, pos: Pos) {
    if board.state().is_over() {
        working.wipe = Some(0);
        working.view.clear_message();
        return;
    }
    let seed = board_code(board).seed();
    let outcome = board.act(pos, &mut Rng::new(seed));
    if outcome == Outcome::NeedsLayout {
        let mines = board.difficulty().mines();
        working.generating = Some((pos, NoGuessGenerator::new(pos, mines, seed)));
        crate::event!("sweeper.generate first={},{}", pos.x(), pos.y());
        return;
    }
    finish_move(board, working, system, outcome);
}

fn update_generation(board: &mut Board, working: &mut Working, system: &mut System) {
    let Some((first, generator)) = working.generating.as_mut() else {
        return;
    };
    let first = *first;
    for _ in 0..NO_GUESS_STEPS_PER_FRAME {
        if let Some(layout) = generator.step() {
            crate::event!("sweeper.generated attempts={}", generator.attempts());
            working.generating = None;
            let outcome = board.start_with_layout(first, &layout);
            finish_move(board, working, system, outcome);
            return;
        }
    }
}

fn finish_move(board: &mut Board, working: &mut Working, system: &mut System, outcome: Outcome) {
    play_outcome(system, outcome);
    if board.clicks() == 1 {
        log_layout(board);
    }
    log_move(board, outcome);
    if !matches!(outcome, Outcome::Won | Outcome::Lost) {
        return;
    }
    let won = outcome == Outcome::Won;
    let seconds = board.elapsed_seconds();
    let record = system
        .save::<Sweeper>()
        .record_mut(board.difficulty(), board.no_guess());
    let new_best = record.finish(won, seconds);
    board.set_new_record(new_best);
    system.storage.commit_soon();
    crate::event!(
        "sweeper.over won={} seconds={} new_record={} three_bv={} clicks={}",
        won,
        seconds,
        new_best,
        board.three_bv(),
        board.clicks()
    );
    working.view.game_over_message(board);
}

fn log_move(board: &Board, outcome: Outcome) {
    crate::event!(
        "sweeper.move outcome={:?} state={:?} mines_left={}",
        outcome,
        board.state(),
        board.mines_left()
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
    let mut hash = 0x811C_9DC5u32;
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
    for byte in board
        .squares()
        .iter()
        .map(|square| square.bits())
        .chain(extra)
    {
        hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    }
    hash
}

fn play_outcome(system: &mut System, outcome: Outcome) {
    let effect = match outcome {
        Outcome::Revealed { .. } => sounds::REVEAL,
        Outcome::Flagged | Outcome::Unflagged => sounds::FLAG,
        Outcome::Chorded { .. } => sounds::CHORD,
        Outcome::ChordRefused => sfx::ERROR,
        Outcome::Lost => sounds::BOOM,
        Outcome::Won => sounds::WIN,
        Outcome::Ignored | Outcome::NeedsLayout => return,
    };
    system.sound.play(effect);
}

/// The code that names this board's deal.
pub fn board_code(board: &Board) -> BoardCode {
    BoardCode {
        difficulty: board.difficulty(),
        no_guess: board.no_guess(),
        deal: board.deal(),
    }
}

fn update_wipe(board: &mut Board, working: &mut Working, system: &mut System, column: u8) {
    working.wipe_frames += 1;
    if working.wipe_frames < WIPE_FRAMES_PER_COLUMN {
        return;
    }
    working.wipe_frames = 0;
    let next = column + 1;
    working.view.set_wipe(Some(next));
    if next >= super::rules::WIDTH {
        board.reset();
        let deal = working
            .next_deal
            .take()
            .unwrap_or_else(|| system.rng.below(u32::from(code::DEALS)) as u16);
        board.set_deal(deal);
        working.wipe = None;
        working.view.set_wipe(None);
        crate::event!(
            "sweeper.reset difficulty={:?} no_guess={}",
            board.difficulty(),
            board.no_guess()
        );
    } else {
        working.wipe = Some(next);
    }
}

/// Menu rows: the three difficulties, then the no-guess switch.
fn update_menu(board: &mut Board, working: &mut Working, system: &mut System) {
    let (_, dy) = system.input.repeated_direction();
    let a = system.input.just_pressed(Button::A);
    let b = system.input.just_pressed(Button::B) || system.input.just_pressed(Button::Select);
    match working.view.menu_update(dy, a, b) {
        ListEvent::Nothing => {}
        ListEvent::Moved => system.sound.play(sfx::CURSOR),
        ListEvent::Back => {
            working.menu_open = false;
            working.view.close_menu();
            system.sound.play(sfx::CLOSE);
        }
        ListEvent::Chosen(ROW_NO_GUESS) => {
            board.set_no_guess(!board.no_guess());
            working.view.refresh_menu(board, system.save::<Sweeper>());
            system.sound.play(sfx::CONFIRM);
        }
        ListEvent::Chosen(ROW_CODE) => {
            let pad = NumberPad::new(code::DIGITS, 4, validate_code);
            working.view.open_pad(&pad);
            working.pad = Some(pad);
            system.sound.play(sfx::OPEN);
            crate::event!("sweeper.pad open");
        }
        ListEvent::Chosen(row) => {
            if let Some(difficulty) = Difficulty::ALL.get(row) {
                board.set_difficulty(*difficulty);
                working.menu_open = false;
                working.view.close_menu();
                working.wipe = Some(0);
                system.sound.play(sfx::CONFIRM);
            }
        }
    }
}

fn validate_code(digits: &[u8]) -> Result<(), &'static str> {
    BoardCode::parse(digits).map(|_| ())
}

/// Typing a board code: accepted codes deal that board (after the wipe).
fn update_pad(board: &mut Board, working: &mut Working, system: &mut System) {
    let Some(pad) = working.pad.as_mut() else {
        return;
    };
    let event = match numpad_view::read_input(&system.input) {
        Some(input) => pad.handle(input),
        None => PadEvent::Nothing,
    };
    match event {
        PadEvent::Nothing => {}
        PadEvent::Typed | PadEvent::Deleted => system.sound.play(sfx::CURSOR),
        PadEvent::Refused => system.sound.play(sfx::ERROR),
        PadEvent::Rejected => {
            system.sound.play(sfx::ERROR);
            crate::event!("sweeper.pad rejected error={:?}", pad.error());
        }
        PadEvent::Cancelled => {
            working.pad = None;
            working.view.close_pad();
            working.view.refresh_menu(board, system.save::<Sweeper>());
            system.sound.play(sfx::CLOSE);
            crate::event!("sweeper.pad cancelled");
        }
        PadEvent::Accepted => {
            if let Ok(code) = BoardCode::parse(pad.digits()) {
                board.set_difficulty(code.difficulty);
                board.set_no_guess(code.no_guess);
                board.reset();
                board.set_deal(code.deal);
                working.next_deal = Some(code.deal);
                crate::event!("sweeper.pad accepted deal={}", code.deal);
            }
            working.pad = None;
            working.view.close_pad();
            working.menu_open = false;
            working.view.close_menu();
            working.wipe = Some(0);
            system.sound.play(sfx::CONFIRM);
        }
    }
    if let Some(pad) = working.pad.as_ref() {
        working
            .view
            .sync_pad(pad, system.input.pressed(agb::input::Button::A));
    }
}

/// The menu's rows for a board and its records (used by the view).
pub fn menu_rows(board: &Board, data: &SweeperSave) -> alloc::vec::Vec<Row> {
    let mut rows = alloc::vec::Vec::new();
    for difficulty in Difficulty::ALL {
        let record = data.record(difficulty, board.no_guess());
        let best = record
            .best_seconds
            .map(crate::framework::widgets::timer::format_time)
            .unwrap_or_default();
        let name = match difficulty {
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::Hard => "Hard",
        };
        let label = alloc::format!("{name:<7}({} mines)", difficulty.mines());
        rows.push(Row::new(&label, &best));
    }
    rows.push(Row::new(
        if board.no_guess() {
            "No-guess boards: on"
        } else {
            "No-guess boards: off"
        },
        "",
    ));
    let digits = board_code(board).digits();
    let mut label: heapless::String<24> = heapless::String::new();
    let _ = label.push_str("Code ");
    for (i, digit) in digits.iter().enumerate() {
        if i == 4 {
            let _ = label.push(' ');
        }
        let _ = label.push(char::from(b'0' + digit));
    }
    rows.push(Row::new(&label, ""));
    rows
}
