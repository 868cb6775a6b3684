//! The Challenge screen: its menu (play from level 1, practice from any
//! level reached, the high scores), the game (the rules in
//! `rules/challenge.rs`, drawn by `field.rs`) and its end.
//!
//! Controls in the game are Puzzle mode's: the D-pad moves the cursor,
//! hold A (or L) and move to draw, let go to flip, B drops the stroke; R
//! held brings the block down faster; SELECT twice gives up. A game under
//! way is kept when the window closes (and every few seconds, against a
//! power cut): Polarium opens on it again, paused until A.

mod field;

// Its steps are out of line (`#[inline(never)]`), as play.rs's: inlined,
// their locals would deepen the frames of Polarium's other screens, on a
// small IWRAM stack.

use agb::input::Button;
use alloc::{boxed::Box, format, string::String};
use core::fmt::Write;

use super::{
    Polarium,
    messages::{AGAIN_OR_MENU, GAME_OVER, NOT_RANKED, PAUSED, PAUSED_ASKED, SCORE},
    next::{Next, Offer},
    rules::{
        Cell,
        challenge::{Challenge, Clear, Events, FIELD_ROWS, LEVELS, Mode, RING_ROWS, RING_WIDTH},
        stroke::Step,
    },
    session::Session,
    sounds,
    view::{Sprites, View},
};
use crate::framework::widgets::prepared::prepared_all;
use crate::framework::{PreparedLine, hints, prepared};
use crate::framework::{System, assets::sfx};
use field::{Field, Overlay, Release};

/// Frames a release's flashes show (the flipped tiles, the rows going).
const RELEASE_FRAMES: u8 = 14;
/// The warning blinks: on for half of this many frames, off for the rest.
const BLINK_FRAMES: u32 = 32;
const URGENT_BLINK_FRAMES: u32 = 12;
/// The tune goes faster once the stack is this high, and back once it is
/// down to [`CALM_STACK`] (apart, so it does not switch back and forth).
const FAST_STACK: u8 = 8;
const CALM_STACK: u8 = 5;

/// The top bar's button hints, phase by phase (`button_hints`).
pub const HINTS: [&PreparedLine; 6] = [
    hints!("A: choose  B: list"),
    hints!("\u{2190}\u{2192}: tables  B: back"),
    hints!("A: draw  R: drop  SELECT: end"),
    hints!("A: play  SELECT twice: give up"),
    hints!("A: again  B: menu"),
    hints!("B: back"),
];

/// The panel's title over a game: a practice game says it is one (its
/// score goes in the practice table).
const fn title(mode: Mode) -> &'static str {
    match mode {
        Mode::Normal => "Challenge",
        Mode::Practice => "Practice",
    }
}
const WARNING: &str = "Clear rows\nquickly!";

/// Frames a first SELECT waits for the second that gives up.
const QUIT_FRAMES: u16 = 120;

/// The menu's rows.
const PLAY: usize = 0;
const PRACTICE: usize = 1;
const SCORES: usize = 2;
const RULES: usize = 3;
const MENU_ROWS: usize = 4;

/// How to play, on the menu's last row: the rules and buttons in the
/// panel's width.
/// How to play, under its name: rendered when the ROM is built.
const HOW_TO_PLAY: &PreparedLine = prepared!(
    "Rows fall in.\nHold A, move:\ndraw a line.\nLet go: its\ntiles flip.\nA row of one\ncolour clears.\nClear again\nin 3 s: combo.\nR: drop fast."
);
/// The menu's rows but the practice level's, rendered when the ROM is built.
static MENU_KNOWN: [&PreparedLine; 3] = prepared_all!["Play", "High scores", "How to play"];

/// Where the screen is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Menu,
    Scores(Mode),
    /// How to play.
    Rules,
    Playing,
    /// A game under way, stopped until the player presses A: as the
    /// window reopens on a kept game.
    Paused,
    /// The game ended; its rank in its table, if it made it.
    Over(Option<usize>),
}

/// What the panel shows during a game: redrawn when it changes.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Shown {
    points: u32,
    lines: u16,
    level: u8,
    combo: u8,
}

pub struct ChallengeScreen {
    phase: Phase,
    game: Challenge,
    mode: Mode,
    menu_row: usize,
    practice_level: u8,
    cursor: Cell,
    drawing: bool,
    /// A release's flashes, and the frames they have left.
    release: Option<(Release, u8)>,
    /// Frames since the game started (the warning's blink).
    frames: u32,
    /// The faster tune is playing.
    fast_tune: bool,
    /// Frames left to press SELECT again and give up (0: not asked).
    quit_asked: u16,
    /// The menu says which levels practice offers (after a refused one).
    practice_told: bool,
    shown: Option<Shown>,
    field: Field,
}

impl ChallengeScreen {
    /// The menu, over an empty well.
    #[inline(never)]
    pub fn open(session: &mut Session, view: &mut View, system: &mut System) -> Box<Self> {
        let mut screen = Self::new(Challenge::new(1, 0), Mode::Normal, view);
        screen.show_menu(session, system);
        system.sound.play(sfx::CONFIRM);
        screen
    }

    /// A kept game under way (`Challenge::to_kept`'s bytes), paused; `None`
    /// if the bytes make no game.
    #[inline(never)]
    pub fn resume(
        kept: &[u8],
        mode: Mode,
        session: &mut Session,
        view: &mut View,
    ) -> Option<Box<Self>> {
        let Some(game) = Challenge::from_kept(kept) else {
            crate::event!("challenge.resume refused");
            return None;
        };
        let mut screen = Self::new(game, mode, view);
        crate::event!(
            "challenge.resumed points={} lines={} stack={}",
            screen.game.points(),
            screen.game.lines(),
            screen.game.stack_height()
        );
        screen.phase = Phase::Paused;
        session.panel().clear_list();
        session.panel().set_title(title(mode));
        session.panel().set_message(PAUSED);
        screen.show_numbers(session);
        Some(screen)
    }

    fn new(game: Challenge, mode: Mode, view: &mut View) -> Box<Self> {
        let field = Field::new(view);
        view.forget_area();
        Box::new(Self {
            phase: Phase::Menu,
            game,
            mode,
            menu_row: PLAY,
            practice_level: 1,
            cursor: start_cursor(),
            drawing: false,
            release: None,
            frames: 0,
            fast_tune: false,
            quit_asked: 0,
            practice_told: false,
            shown: None,
            field,
        })
    }

    /// The game under way (playing or paused) and its table, to be kept.
    pub fn run(&self) -> Option<(Mode, &Challenge)> {
        matches!(self.phase, Phase::Playing | Phase::Paused).then_some((self.mode, &self.game))
    }

    /// The buttons that do something here (`App::button_hints`).
    pub const fn button_hints(&self) -> &'static PreparedLine {
        match self.phase {
            Phase::Menu => HINTS[0],
            Phase::Scores(_) => HINTS[1],
            Phase::Playing => HINTS[2],
            Phase::Paused => HINTS[3],
            Phase::Over(_) => HINTS[4],
            Phase::Rules => HINTS[5],
        }
    }

    /// The list's pointer on the menu's row.
    pub fn sprites(&self) -> Sprites<'static> {
        Sprites {
            list_row: (self.phase == Phase::Menu).then_some(self.menu_row),
            ..Sprites::default()
        }
    }

    #[inline(never)]
    pub fn update(&mut self, session: &mut Session, system: &mut System) -> Next {
        match self.phase {
            Phase::Menu => self.update_menu(session, system),
            Phase::Scores(mode) => {
                self.update_scores(mode, session, system);
                Next::Stay
            }
            Phase::Rules => {
                let input = &system.input;
                if input.just_pressed(Button::B) || input.just_pressed(Button::A) {
                    self.phase = Phase::Menu;
                    self.show_menu(session, system);
                    system.sound.play(sfx::CLOSE);
                }
                Next::Stay
            }
            Phase::Playing => {
                self.update_playing(session, system);
                Next::Stay
            }
            Phase::Paused => {
                self.update_paused(session, system);
                Next::Stay
            }
            Phase::Over(_) => {
                self.update_over(session, system);
                Next::Stay
            }
        }
    }

    /// The board area and the panel brought up to date, as the frame has
    /// room; true once the board area is.
    #[inline(never)]
    pub fn draw(&mut self, view: &mut View) -> bool {
        let playing = self.phase == Phase::Playing;
        let overlay = Overlay {
            cursor: playing.then_some(self.cursor),
            falling: matches!(self.phase, Phase::Playing | Phase::Paused | Phase::Over(_)),
            next: matches!(self.phase, Phase::Playing | Phase::Paused),
            warning: playing && self.game.warning() && {
                // Faster once the falling block itself has no room.
                let period = if self.game.fits() {
                    BLINK_FRAMES
                } else {
                    URGENT_BLINK_FRAMES
                };
                self.frames % period < period / 2
            },
            release: self.release.map(|(release, _)| release),
        };
        self.field.draw(view, &self.game, &overlay)
    }

    /// The window is closing: a game under way stops, to be kept.
    pub fn pause(&mut self) {
        if self.phase == Phase::Playing {
            self.phase = Phase::Paused;
            self.stop_stroke();
            crate::event!("challenge.paused points={}", self.game.points());
        }
    }

    fn stop_stroke(&mut self) {
        self.drawing = false;
        self.release = None;
        self.quit_asked = 0;
        self.game.cancel_stroke();
        self.game.set_hurry(false);
    }

    /// Paused: A plays on, SELECT twice gives up.
    #[inline(never)]
    fn update_paused(&mut self, session: &mut Session, system: &mut System) {
        if self.asks_to_give_up(session, system) {
            return;
        }
        if system.input.just_pressed(Button::A) || system.input.just_pressed(Button::L) {
            crate::event!("challenge.play_on");
            self.phase = Phase::Playing;
            // Not a stroke's start: the press that plays on is let go first.
            self.drawing = false;
            self.frames = 0;
            session.panel().set_message(self.playing_message());
            animates(true);
            system.sound.play(sfx::CONFIRM);
            system.sound.play_music(&sounds::CHALLENGE_TUNE);
        } else if self.quit_asked == 1 {
            session.panel().set_message(PAUSED);
        }
    }

    /// The panel's message while a game is played: the warning, if on.
    fn playing_message(&self) -> &'static str {
        if self.game.warning() { WARNING } else { "" }
    }

    /// SELECT twice gives up the game (once only asks: SELECT opens a list
    /// elsewhere, and a run is not lost to one press). True once given up.
    fn asks_to_give_up(&mut self, session: &mut Session, system: &mut System) -> bool {
        self.quit_asked = self.quit_asked.saturating_sub(1);
        if system.input.just_pressed(Button::Select) {
            if self.quit_asked > 0 {
                self.game_over(session, system);
                return true;
            }
            self.quit_asked = QUIT_FRAMES;
            // Paused, the panel still says how to play on.
            session.panel().set_message(if self.phase == Phase::Paused {
                PAUSED_ASKED
            } else {
                "SELECT again:\ngive up"
            });
            system.sound.play(sfx::ERROR);
        }
        false
    }

    #[inline(never)]
    fn update_menu(&mut self, session: &mut Session, system: &mut System) -> Next {
        let input = &system.input;
        let (dx, dy) = input.repeated_direction();
        let pressed = input.just_pressed(Button::A)
            || input.just_pressed(Button::B)
            || input.just_pressed(Button::Select);
        if self.practice_told && (pressed || dy != 0) {
            self.practice_told = false;
            session.panel().set_message("");
        }
        if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
            system.sound.play(sfx::CLOSE);
            return Next::BackToList(Offer::Challenge);
        }
        if input.just_pressed(Button::A) {
            match self.menu_row {
                PLAY => self.start(Mode::Normal, 1, session, system),
                PRACTICE => self.start(Mode::Practice, self.practice_level, session, system),
                SCORES => {
                    self.phase = Phase::Scores(Mode::Normal);
                    show_scores(Mode::Normal, session, system);
                    system.sound.play(sfx::CONFIRM);
                }
                RULES => {
                    self.phase = Phase::Rules;
                    crate::event!("challenge.rules");
                    session.panel().show_list("How to play", HOW_TO_PLAY);
                    system.sound.play(sfx::CONFIRM);
                }
                _ => {}
            }
            return Next::Stay;
        }
        if dy != 0 {
            let row = self.menu_row as i32 + dy;
            if (0..MENU_ROWS as i32).contains(&row) {
                self.menu_row = row as usize;
                system.sound.play(sfx::CURSOR);
            }
        } else if dx != 0 && self.menu_row == PRACTICE {
            let best = system.saved::<Polarium>().challenge_records().best_level();
            let level = i32::from(self.practice_level) + dx;
            if (1..=i32::from(best.min(LEVELS))).contains(&level) {
                self.practice_level = level as u8;
                self.show_menu(session, system);
                system.sound.play(sfx::CURSOR);
            } else {
                crate::event!("challenge.practice refused level={level}");
                self.practice_told = true;
                session
                    .panel()
                    .set_message("Practice the\nlevels you\nhave reached.");
                system.sound.play(sfx::ERROR);
            }
        }
        Next::Stay
    }

    #[inline(never)]
    fn show_menu(&mut self, session: &mut Session, system: &mut System) {
        let best = system.saved::<Polarium>().challenge_records().best_level();
        self.practice_level = self.practice_level.clamp(1, best.max(1));
        crate::event!("challenge.menu best_level={best}");
        session.panel().set_list_knowing(
            format!(
                "Challenge\nPlay\nPractice {}\nHigh scores\nHow to play",
                self.practice_level
            ),
            &MENU_KNOWN,
        );
    }

    #[inline(never)]
    fn update_scores(&mut self, mode: Mode, session: &mut Session, system: &mut System) {
        let input = &system.input;
        let (dx, _) = input.repeated_direction();
        if input.just_pressed(Button::B) || input.just_pressed(Button::A) {
            self.phase = Phase::Menu;
            self.show_menu(session, system);
            system.sound.play(sfx::CLOSE);
        } else if dx != 0 {
            let other = match mode {
                Mode::Normal => Mode::Practice,
                Mode::Practice => Mode::Normal,
            };
            self.phase = Phase::Scores(other);
            show_scores(other, session, system);
            system.sound.play(sfx::CURSOR);
        }
    }

    /// A new game from `level`.
    #[inline(never)]
    fn start(&mut self, mode: Mode, level: u8, session: &mut Session, system: &mut System) {
        let seed = seed(system);
        crate::event!("challenge.start level={level} seed={seed} mode={mode:?}");
        crate::framework::events::new_board();
        self.game = Challenge::new(level, seed);
        self.mode = mode;
        self.phase = Phase::Playing;
        self.cursor = start_cursor();
        self.drawing = false;
        self.release = None;
        self.frames = 0;
        self.fast_tune = false;
        self.shown = None;
        session.panel().clear_list();
        session.panel().set_title(title(mode));
        session.panel().set_message("");
        animates(true);
        system.sound.play(sfx::CONFIRM);
        system.sound.play_music(&sounds::CHALLENGE_TUNE);
    }

    #[inline(never)]
    fn update_playing(&mut self, session: &mut Session, system: &mut System) {
        self.frames = self.frames.wrapping_add(1);
        if let Some((_, frames)) = &mut self.release {
            *frames -= 1;
            if *frames == 0 {
                self.release = None;
            }
        }
        if self.asks_to_give_up(session, system) {
            return;
        }
        if self.quit_asked == 1 {
            session.panel().set_message(self.playing_message());
        }
        let mut events = self.steer(system);
        let ticked = self.game.tick();
        merge(&mut events, &ticked);
        self.act_on(&events, session, system);
        if self.phase == Phase::Playing {
            self.show_numbers(session);
            self.pick_tune(system);
        }
    }

    /// The faster tune while the stack is high.
    fn pick_tune(&mut self, system: &mut System) {
        let stack = self.game.stack_height();
        let fast = if self.fast_tune {
            stack > CALM_STACK
        } else {
            stack >= FAST_STACK
        };
        if fast != self.fast_tune {
            self.fast_tune = fast;
            crate::event!("challenge.tune fast={fast}");
            system.sound.play_music(if fast {
                &sounds::CHALLENGE_FAST_TUNE
            } else {
                &sounds::CHALLENGE_TUNE
            });
        }
    }

    /// The player's input this frame: the cursor, the stroke, a release.
    #[inline(never)]
    fn steer(&mut self, system: &mut System) -> Events {
        let input = &system.input;
        let held = input.pressed(Button::A) || input.pressed(Button::L);
        let pressed = input.just_pressed(Button::A) || input.just_pressed(Button::L);
        self.game.set_hurry(input.pressed(Button::R));
        if input.just_pressed(Button::B) && !self.game.stroke().is_empty() {
            self.game.cancel_stroke();
            self.drawing = false;
            system.sound.play(sfx::CLOSE);
            return Events::default();
        }
        if pressed && !self.drawing {
            self.game.cancel_stroke();
            let _ = self.game.step(self.cursor);
            self.drawing = true;
            system.sound.play(sounds::STROKE);
        }
        if !held && self.drawing {
            self.drawing = false;
            return self.release(system);
        }
        let (dx, dy) = input.repeated_direction();
        if (dx, dy) == (0, 0) {
            return Events::default();
        }
        // One step at a time: a diagonal press moves up or down.
        let x = i32::from(self.cursor.x) + dx.signum() * i32::from(dy == 0);
        let y = i32::from(self.cursor.y) + dy.signum();
        if !(0..i32::from(RING_WIDTH)).contains(&x) || !(0..i32::from(RING_ROWS)).contains(&y) {
            return Events::default();
        }
        let next = Cell::new(y as u8, x as u8);
        if self.drawing {
            match self.game.step(next) {
                Step::Drawn => system.sound.play(sounds::STROKE),
                Step::Retracted => system.sound.play(sfx::CURSOR),
                // The cursor stays on the stroke's end.
                Step::Refused => return Events::default(),
            }
        }
        self.cursor = next;
        Events::default()
    }

    /// Lets go of the stroke: the field as the flip leaves it is kept for
    /// the flashes, then the rules flip and clear.
    #[inline(never)]
    fn release(&mut self, system: &mut System) -> Events {
        let mut release = Release::default();
        for (row, shown) in release.rows.iter_mut().enumerate() {
            *shown = self.game.field_row(row as u8);
        }
        for &cell in self.game.stroke().cells() {
            if let Some(row) = release.stroke.get_mut(usize::from(cell.y)) {
                *row |= 1 << cell.x;
            }
            let tile = cell.x >= 1 && cell.x <= 8 && cell.y >= 1 && cell.y <= FIELD_ROWS;
            if let Some(Some(bits)) = release.rows.get_mut(usize::from(cell.y).wrapping_sub(1))
                && tile
            {
                *bits ^= 1 << (cell.x - 1);
            }
        }
        let events = self.game.release();
        if events.flipped > 0 {
            release.cleared = events.cleared.map_or(0, |clear| clear.rows);
            self.release = Some((release, RELEASE_FRAMES));
            if events.cleared.is_none() {
                system.sound.play(sounds::FLIP);
            }
        }
        events
    }

    #[inline(never)]
    fn act_on(&mut self, events: &Events, session: &mut Session, system: &mut System) {
        if let Some(clear) = events.cleared {
            cleared(&clear, system);
        }
        if events.landed {
            crate::event!(
                "challenge.land stack={} next={:?}",
                self.game.stack_height(),
                self.game.falling().rows
            );
        }
        if let Some(on) = events.warning {
            crate::event!("challenge.warning on={on}");
            if on {
                system.sound.play(sounds::WARNING);
            }
            session.panel().set_message(if on { WARNING } else { "" });
        }
        if let Some(level) = events.level_up {
            crate::event!("challenge.level level={level}");
            system.sound.play(sfx::CONFIRM);
        }
        if events.game_over.is_some() {
            self.game_over(session, system);
        }
    }

    /// The game has ended (or was given up): its score enters its table.
    #[inline(never)]
    fn game_over(&mut self, session: &mut Session, system: &mut System) {
        let score = self.game.score();
        let save = system.save::<Polarium>();
        let rank = save.enter_challenge(self.mode, score);
        if rank.is_some() {
            system.storage.commit_soon();
        }
        crate::event!(
            "challenge.over points={} level={} lines={} rank={}",
            score.points,
            score.level,
            score.lines,
            rank.map_or(0, |rank| rank + 1)
        );
        self.phase = Phase::Over(rank);
        self.stop_stroke();
        // The game is no longer one to keep.
        system.storage.suspend_soon();
        self.show_numbers(session);
        let place = match rank {
            Some(rank) => format!("Rank {}!", rank + 1),
            None => String::from(NOT_RANKED),
        };
        session
            .panel()
            .set_message(format!("{GAME_OVER}\n{place}\n{AGAIN_OR_MENU}"));
        animates(false);
        system.sound.play(sounds::GAME_OVER);
        system.sound.play_music(&sounds::TUNE);
    }

    #[inline(never)]
    fn update_over(&mut self, session: &mut Session, system: &mut System) {
        let input = &system.input;
        if input.just_pressed(Button::A) {
            let level = self.game.start_level();
            self.start(self.mode, level, session, system);
        } else if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
            // The menu stands over an empty well, not the game just lost.
            self.game = Challenge::new(1, 0);
            self.phase = Phase::Menu;
            session.panel().set_message("");
            self.show_menu(session, system);
            system.sound.play(sfx::CLOSE);
        }
    }

    /// The score, lines, level and combo, when one changed.
    #[inline(never)]
    fn show_numbers(&mut self, session: &mut Session) {
        let now = Shown {
            points: self.game.points(),
            lines: self.game.lines(),
            level: self.game.level(),
            combo: self.game.combo(),
        };
        if self.shown == Some(now) {
            return;
        }
        self.shown = Some(now);
        let mut text = String::new();
        let _ = write!(
            text,
            "{SCORE}\n{}\nLines {}\nLevel {}",
            now.points, now.lines, now.level
        );
        // The combo beside the level: the box holds four lines.
        if now.combo > 1 {
            let _ = write!(text, "  x{}", now.combo);
        }
        session.panel().set_info(text);
    }
}

/// The cursor's first cell: the bottom ring's middle.
const fn start_cursor() -> Cell {
    Cell::new(RING_ROWS - 1, RING_WIDTH / 2)
}

/// A new game's seed. Test builds deal a known game when L is held as it
/// starts, so a script can draw strokes known in advance.
fn seed(system: &mut System) -> u32 {
    #[cfg(feature = "events")]
    if system.input.pressed(Button::L) {
        return 1;
    }
    system.rng.next_u32()
}

/// Both calls' events of a frame as one.
fn merge(into: &mut Events, from: &Events) {
    into.landed |= from.landed;
    into.spawned |= from.spawned;
    into.combo_ended |= from.combo_ended;
    into.cleared = into.cleared.or(from.cleared);
    into.warning = from.warning.or(into.warning);
    into.level_up = from.level_up.or(into.level_up);
    into.game_over = into.game_over.or(from.game_over);
}

/// Rows cleared: their sound and event.
fn cleared(clear: &Clear, system: &mut System) {
    crate::event!(
        "challenge.clear rows={} combo={} points={}",
        clear.count,
        clear.combo,
        clear.points
    );
    if clear.clear_screen {
        crate::event!("challenge.clear_screen");
        system.sound.play(sounds::CLEAR_SCREEN);
    } else if clear.combo > 1 {
        system.sound.play(sounds::COMBO);
    } else {
        system.sound.play(sounds::ROWS_CLEAR);
    }
}

/// The high-score table of `mode` in the panel.
fn show_scores(mode: Mode, session: &mut Session, system: &mut System) {
    let records = system.saved::<Polarium>().challenge_records();
    let table = records.table(mode);
    let mut text = String::from(match mode {
        Mode::Normal => "Scores\n",
        Mode::Practice => "Practice\n",
    });
    if table.entries().is_empty() {
        text.push_str("None yet");
    }
    for (rank, score) in table.entries().iter().enumerate() {
        let _ = write!(
            text,
            "{}. {}\n  Lv{} {} lines\n",
            rank + 1,
            score.points,
            score.level,
            score.lines
        );
    }
    crate::event!(
        "challenge.scores mode={mode:?} entries={} best={}",
        table.entries().len(),
        table.entries().first().map_or(0, |score| score.points)
    );
    session.panel().set_list(text);
}

/// The game animates by itself: the harness's settle measure leaves the
/// window out while it runs.
fn animates(animating: bool) {
    if animating {
        let area = super::view::WINDOW;
        crate::event!(
            "settle.ignore id=challenge x={} y={} w={} h={}",
            area.x,
            area.y,
            area.width,
            area.height
        );
    } else {
        crate::event!("settle.unignore id=challenge");
        crate::event!("anim.end note=challenge");
    }
}
