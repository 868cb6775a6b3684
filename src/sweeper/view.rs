//! Drawing Poop Sweeper: the window and board well on a tiled background, one
//! 16x16 sprite per square (84), the board cursor, the avatar's face, and text
//! for the counters and messages. Everything here is built on open and dropped
//! on close, so a closed Sweeper holds no video memory.
//!
//! OAM budget: 84 squares + cursor + face + menu pointer = 87 of 128.

use agb::display::{
    Priority,
    object::{Object, SpriteVram},
    tiled::RegularBackground,
};
use alloc::{boxed::Box, format, vec::Vec};

use super::{
    art::{self, BOARD_FRAMES, CURSOR_FRAME, FACE_FRAMES, Face, Look, sprites},
    messages,
    records::{self, SweeperSave},
    rules::{
        Board, Difficulty, GameState, HEIGHT, Pos, PosSet, SQUARE_COUNT, Square, WIDTH, code,
        field::{Field, Size, code::FieldCode},
        typed_code::TypedCodeError,
    },
};
use crate::framework::{
    button_hints,
    canvas::Canvas,
    frame_time,
    input::Input,
    lessons::SkippedNote,
    plane,
    transition::Area,
    widgets::{
        list::{List, Row},
        pad_panel::{PadPanel, PadPlace, RetiredPad},
        prepared::{PreparedLine, prepared_all},
        text::{Ink, KeptText, TextBox},
        timer::{format_hundredths, format_time},
        window::{self, ICON_CLOCK},
    },
};

/// Top-left pixel of square (0, 0): inside the well.
const BOARD_X: i32 = 32;
const BOARD_Y: i32 = 64;
const SQUARE: i32 = 12;
const FACE_POS: (i32, i32) = (108, 34);

const SQUARES_PER_STEP: usize = 7;
/// What showing a batch of squares adds to every frame from the one that
/// makes them, in eighths of a display line (a little over what frames take).
const SQUARES_SHOW_EIGHTHS: u32 = 10;
const SPRITES_PER_STEP: usize = 6;
const WELL_ORIGIN: (i32, i32) = (BOARD_X / 8, BOARD_Y / 8);
const WELL_SIZE: (i32, i32) = (WIDTH as i32 * SQUARE / 8, HEIGHT as i32 * SQUARE / 8);
/// The window's tile rows, and the well's with its rim above and below.
const WINDOW_ROWS: i32 = View::WINDOW.height / 8;
const WELL_ROWS: i32 = WELL_SIZE.1 + 2;
/// The well with its rim, in pixels: drawn over the window's fill, which
/// is not drawn under it.
const WELL_AREA: Area = Area::new(
    (WELL_ORIGIN.0 - 1) * 8,
    (WELL_ORIGIN.1 - 1) * 8,
    (WELL_SIZE.0 + 2) * 8,
    WELL_ROWS * 8,
);

/// A piece of the window's building (`View::build_within_frame`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BuildStep {
    /// Board and face frames into video memory, a few at a time.
    Sprites,
    /// A row of the window.
    WindowRow(i32),
    /// A row of the well (-1: its top rim).
    WellRow(i32),
    /// The counters' icons; the title set to be drawn.
    Icons,
    /// Square sprites, a batch.
    Squares,
    /// A counter's first drawing.
    Counter,
    /// The message line chosen.
    MessageSet,
    /// Squares, face and counters made to match the board.
    FirstSync,
    Done,
}

impl BuildStep {
    /// Its kind of piece, timed as it is drawn ([`frame_time::Piece`]).
    fn piece(self) -> &'static frame_time::Piece {
        static SPRITES: frame_time::Piece = frame_time::Piece::new();
        static ROW: frame_time::Piece = frame_time::Piece::new();
        static SMALL: frame_time::Piece = frame_time::Piece::new();
        static COUNTER: frame_time::Piece = frame_time::Piece::new();
        static FIRST_SYNC: frame_time::Piece = frame_time::Piece::new();
        match self {
            Self::Sprites => &SPRITES,
            Self::WindowRow(_) | Self::WellRow(_) => &ROW,
            Self::Icons | Self::Squares | Self::MessageSet | Self::Done => &SMALL,
            Self::Counter => &COUNTER,
            Self::FirstSync => &FIRST_SYNC,
        }
    }
}

/// What the window shows, from the app's mode (which the app owns).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Screen {
    /// The board (playing, or waiting for a no-guess layout).
    Board,
    /// The new-board wipe with this many columns covered.
    Wipe(u8),
    Menu,
    Pad,
    /// The window is closing: only its frame and text.
    Leaving,
    /// A full-size field fills the window (`field_view`): this view
    /// steps aside, its text off the plane and nothing of it shown.
    Field,
}

/// The frame a square shows, from the square alone plus game state.
pub const fn look(square: Square, state: GameState, pressed: bool) -> u8 {
    let over = state.is_over();
    if square.is_revealed() {
        return match (square.is_mine(), square.is_detonated()) {
            (true, true) => Look::Detonated as u8,
            (true, false) => Look::Mine as u8,
            _ if square.neighbours() == 0 => Look::Empty as u8,
            _ => {
                let count = square.neighbours();
                2 + if count < 8 { count } else { 8 }
            }
        };
    }
    if square.is_flagged() {
        return if matches!(state, GameState::Dead) && !square.is_mine() {
            Look::WrongFlag as u8
        } else {
            Look::Flag as u8
        };
    }
    if square.is_mine() && matches!(state, GameState::Dead) {
        return if square.is_detonated() {
            Look::Detonated as u8
        } else {
            Look::Mine as u8
        };
    }
    if pressed && !over {
        Look::Pressed as u8
    } else if square.is_questioned() && !over {
        Look::Question as u8
    } else {
        Look::Covered as u8
    }
}

/// Everything a square's look depends on (see [`look`]).
#[derive(PartialEq, Eq)]
struct LooksFrom {
    squares: [Square; SQUARE_COUNT],
    state: GameState,
    pressed: Option<Pos>,
    wiped_columns: Option<u8>,
}

/// What the window's mines counter and timer show: the pocket board's, or
/// those of the full-size field in play while a menu is over it (the
/// pocket board under the menu is not the game the player left).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Header {
    Board,
    Field { mines_left: i16, seconds: u16 },
}

pub struct View {
    frame_layer: RegularBackground,
    squares: Vec<Object>,
    looks: [u8; SQUARE_COUNT],
    /// What `looks` were last worked out from.
    looks_from: Option<LooksFrom>,
    /// Flags on the board as `looks` were worked out.
    flags: u8,
    cursor: Object,
    face: Object,
    face_shown: Face,
    mines_box: TextBox,
    timer_box: TextBox,
    message_box: TextBox,
    shown_mines: Option<i16>,
    /// What the mines counter was last worked out from: counting the board
    /// every frame is wasted work, as mines move only when the state does
    /// (or a full-size field's count, see [`Header`]).
    mines_key: Option<(GameState, Difficulty, u8, Option<i16>)>,
    shown_seconds: Option<u16>,
    shown_variant: Option<usize>,
    message_locked: bool,
    /// The message line says where the skipped lesson is found again,
    /// until the first move.
    skipped_note: SkippedNote,
    title: TextBox,
    /// Steps of the building done (`next_step`).
    built: u8,
    /// Whether the building's last step, a sync, is done.
    synced: bool,
    /// The screen drawn last frame (a change takes things off the layer).
    last_screen: Screen,
    /// A menu and a pad whose screens have gone, their text to take off.
    retired_menu: Option<Box<List>>,
    /// The last menu, blank, kept for the next (see `List::reusing`).
    spare_menu: Option<Box<List>>,
    retired_pad: RetiredPad<TypedCodeError>,
    /// The message line as it was when a menu came up.
    kept_message: Option<KeptText>,
    board_frames: Vec<SpriteVram>,
    face_frames: Vec<SpriteVram>,
    /// A full-size field has the window: nothing of this view is on the
    /// plane or shown (`step_aside`), and its building leaves the plane
    /// alone until it steps back.
    aside: bool,
}

#[cfg(any(debug_assertions, feature = "events"))]
impl Drop for View {
    fn drop(&mut self) {
        crate::event!("settle.unignore id=sweeper_face");
        announce_board_held(false);
    }
}

/// The board answers A's release (a square is revealed as A comes up, the
/// genre's way): while it takes input, the window's inside is a held-key box
/// for the harness's settle measure (tests/src/settle.rs), so a reveal counts
/// from the release that asked for it, and a press's own look from the press.
fn announce_board_held(held: bool) {
    announce_held("sweeper_board", View::WINDOW, held);
}

/// Events builds: `area`, named `id`, is a held-key box for the harness's
/// settle measure (or no longer is): see `announce_board_held`.
pub fn announce_held(id: &str, area: Area, held: bool) {
    if held {
        crate::event!(
            "settle.held id={} x={} y={} w={} h={}",
            id,
            area.x,
            area.y,
            area.width,
            area.height
        );
    } else {
        crate::event!("settle.unheld id={}", id);
    }
    let _ = (id, area);
}

impl View {
    /// Where the Sweeper window sits: below the desktop's status bar.
    pub const WINDOW: Area = Area::new(8, 16, 224, 144);

    /// A view with nothing drawn yet: `build_step` draws it over the frames
    /// of the opening animation (all at once it would take several frames).
    pub fn new() -> Self {
        let frame_layer = window::layer();
        let mut cursor = Object::new(sprites::BOARD.sprite(CURSOR_FRAME));
        cursor.set_priority(Priority::P0);
        let mut face = Object::new(sprites::FACES.sprite(Face::Idle as usize));
        face.set_pos(FACE_POS).set_priority(Priority::P1);
        // The face blinks by itself: the harness's settle measure leaves it
        // out (tests/src/settle.rs).
        crate::event!(
            "settle.ignore id=sweeper_face x={} y={} w=32 h=32",
            FACE_POS.0,
            FACE_POS.1
        );
        announce_board_held(true);
        Self {
            frame_layer,
            squares: Vec::with_capacity(SQUARE_COUNT),
            looks: [Look::Covered as u8; SQUARE_COUNT],
            looks_from: None,
            flags: 0,
            cursor,
            face,
            face_shown: Face::Idle,
            mines_box: TextBox::new((44, 42), 4, 1),
            timer_box: TextBox::new((164, 42), 5, 1).ticking("sweeper_clock"),
            message_box: TextBox::new((16, 145), MESSAGE_TILES, 1).knowing(&messages::KNOWN),
            shown_mines: None,
            mines_key: None,
            shown_seconds: None,
            shown_variant: None,
            message_locked: false,
            skipped_note: SkippedNote::default(),
            title: TextBox::new((16, 19), 16, 1).knowing(&TITLE_KNOWN),
            built: 0,
            synced: false,
            kept_message: None,
            last_screen: Screen::Board,
            retired_menu: None,
            spare_menu: None,
            retired_pad: RetiredPad::default(),
            board_frames: Vec::with_capacity(BOARD_FRAMES),
            face_frames: Vec::with_capacity(FACE_FRAMES),
            aside: false,
        }
    }

    /// For a window that opens on a full-size field: built with nothing on
    /// the plane, as `step_aside` leaves it.
    pub fn start_aside(&mut self) {
        self.step_aside();
        self.last_screen = Screen::Field;
    }

    /// A full-size field takes the window: this view's text and icons
    /// leave the plane (the field's screen draws on all of it), and are
    /// drawn again when it steps back.
    fn step_aside(&mut self) {
        self.aside = true;
        for text in [
            &mut self.title,
            &mut self.mines_box,
            &mut self.timer_box,
            &mut self.message_box,
        ] {
            text.blank();
        }
        for (column, row) in ICON_TILES {
            plane::put(column, row, &[0; plane::TILE_WORDS]);
        }
        self.kept_message = None;
        (self.shown_mines, self.mines_key, self.shown_seconds) = (None, None, None);
        self.shown_variant = None;
        // The message line stays blank until a board's screen asks for it
        // (`clear_message`): under a menu it is blank.
        self.message_locked = true;
    }

    /// Back from a full-size field: the title, icons and counters again.
    fn step_back(&mut self) {
        self.aside = false;
        self.draw_icons();
        // At once: the building that types a title set gradually is over.
        self.title.set(TITLE);
    }

    /// The counters' icons.
    fn draw_icons(&mut self) {
        // On the plane, over the window's fill: the icons' clear pixels
        // must show the window, not the desktop behind it.
        let [(mines_column, mines_row), (clock_column, clock_row)] = ICON_TILES;
        if let Some(mines) = art::icon::MINES.tile_settings.first() {
            plane::put(
                mines_column,
                mines_row,
                art::icon::MINES.tiles.get_tile_data(mines.tile_id()),
            );
        }
        plane::put_from(
            clock_column,
            clock_row,
            window::pixels(ICON_CLOCK),
            window::palette(),
        );
    }

    /// Draw pieces of the window while the frame has room for them (each
    /// kind timed as it goes), then as much of its
    /// text as the rest of the frame holds; true once everything is there.
    /// The text types alongside the other pieces: a box whose line made
    /// tiles draws it only the frame after, and waiting for it would hold
    /// them up.
    pub fn build_within_frame(
        &mut self,
        board: &Board,
        data: &SweeperSave,
        (face, screen): (Face, Screen),
    ) -> bool {
        let pieces_done = loop {
            let step = self.next_step();
            if step == BuildStep::Done {
                break true;
            }
            if !step.piece().room() {
                break false;
            }
            self.build(step, board, data, (face, screen));
            if step == BuildStep::Squares {
                // Shown from this frame on: the drawing after it in this
                // frame leaves room for that.
                frame_time::showing_grows(SQUARES_SHOW_EIGHTHS);
            }
        };
        self.advance_build_text() && pieces_done
    }

    /// The window's title and message line, as the frame has room; true
    /// once both are whole.
    pub(super) fn advance_build_text(&mut self) -> bool {
        let title = self.title.advance();
        let message = self.message_box.advance();
        title && message
    }

    /// The next piece of the window to draw.
    pub(super) fn next_step(&self) -> BuildStep {
        let step = i32::from(self.built);
        if self.face_frames.len() < FACE_FRAMES {
            BuildStep::Sprites
        } else if step < WINDOW_ROWS {
            BuildStep::WindowRow(step)
        } else if step < WINDOW_ROWS + WELL_ROWS {
            BuildStep::WellRow(step - WINDOW_ROWS - 1)
        } else if step == WINDOW_ROWS + WELL_ROWS {
            BuildStep::Icons
        } else if self.squares.len() < SQUARE_COUNT {
            BuildStep::Squares
        } else if !self.aside && (self.shown_mines.is_none() || self.shown_seconds.is_none()) {
            BuildStep::Counter
        } else if self.shown_variant.is_none() && !self.message_locked {
            BuildStep::MessageSet
        } else if !self.synced {
            BuildStep::FirstSync
        } else {
            BuildStep::Done
        }
    }

    /// Draw one piece (`look`: the face and screen the first sync shows).
    pub(super) fn build(
        &mut self,
        step: BuildStep,
        board: &Board,
        data: &SweeperSave,
        (face, screen): (Face, Screen),
    ) {
        match step {
            BuildStep::Sprites => {
                // Every board and face frame goes into video memory while the
                // window opens, so a frame first seen mid-game (a blink, a
                // mine) never allocates then.
                let next = self.board_frames.len();
                if next < BOARD_FRAMES {
                    for frame in next..(next + SPRITES_PER_STEP).min(BOARD_FRAMES) {
                        self.board_frames
                            .push(SpriteVram::from(sprites::BOARD.sprite(frame)));
                    }
                } else {
                    for frame in 0..FACE_FRAMES {
                        self.face_frames
                            .push(SpriteVram::from(sprites::FACES.sprite(frame)));
                    }
                }
                return;
            }
            BuildStep::WindowRow(row) => {
                window::draw_window_rows_around(
                    &mut self.frame_layer,
                    Self::WINDOW,
                    true,
                    row..row + 1,
                    WELL_AREA,
                );
            }
            BuildStep::WellRow(row) => {
                window::draw_well_rows(&mut self.frame_layer, WELL_ORIGIN, WELL_SIZE, row..row + 1);
            }
            BuildStep::Icons => {
                if !self.aside {
                    self.draw_icons();
                    self.title.set_gradually(TITLE);
                }
            }
            BuildStep::Squares => {
                let Some(covered) = self.board_frames.get(Look::Covered as usize).cloned() else {
                    return;
                };
                let start = self.squares.len();
                for index in start..(start + SQUARES_PER_STEP).min(SQUARE_COUNT) {
                    let mut object = Object::new(covered.clone());
                    let (x, y) = square_origin(index);
                    object.set_pos((x, y)).set_priority(Priority::P1);
                    self.squares.push(object);
                }
                return;
            }
            BuildStep::Counter => {
                // The counters' first drawing.
                if self.shown_mines.is_none() {
                    self.sync_mines(i16::from(board.mines_left()));
                } else {
                    self.sync_timer(board.elapsed_seconds());
                }
                return;
            }
            BuildStep::MessageSet => {
                // A game kept as it ended: its result is typed with the
                // window.
                self.sync_message(board, data, false);
                return;
            }
            BuildStep::FirstSync => {
                self.sync(board, None, (face, Header::Board), screen, data);
                self.synced = true;
                return;
            }
            BuildStep::Done => return,
        }
        self.built = self.built.saturating_add(1);
    }

    /// Build everything now (tests).
    #[cfg(test)]
    pub fn build_all(&mut self, board: &Board, data: &SweeperSave) {
        loop {
            match self.next_step() {
                BuildStep::Done => break,
                step => self.build(step, board, data, (Face::Idle, Screen::Board)),
            }
        }
        while !self.advance_build_text() {}
    }

    /// Bring sprites and text up to date with the board (call from update),
    /// the counter and timer with `header`'s game.
    pub fn sync(
        &mut self,
        board: &Board,
        pressed: Option<Pos>,
        (face, header): (Face, Header),
        screen: Screen,
        data: &SweeperSave,
    ) {
        if self.aside {
            return;
        }
        let wiped_columns = match screen {
            Screen::Wipe(columns) => Some(columns),
            _ => None,
        };
        let state = board.state();
        // Walking the squares is much of a frame's fixed cost, and most
        // frames change none of what decides their looks.
        let looks_from = LooksFrom {
            squares: *board.squares(),
            state,
            pressed,
            wiped_columns,
        };
        let squares_change = self.looks_from.as_ref() != Some(&looks_from);
        if squares_change {
            self.sync_squares(board, pressed, wiped_columns);
            self.looks_from = Some(looks_from);
        }
        let cursor = board.cursor();
        let (x, y) = square_at(cursor.x(), cursor.y());
        self.cursor.set_pos((x - 2, y - 2));
        if face != self.face_shown {
            self.face_shown = face;
            if let Some(sprite) = self.face_frames.get(face as usize) {
                self.face.set_sprite(sprite.clone());
            }
        }
        let (field_mines, seconds) = match header {
            Header::Board => (None, board.elapsed_seconds()),
            Header::Field {
                mines_left,
                seconds,
            } => (Some(mines_left), seconds),
        };
        let mines_key = Some((state, board.difficulty(), self.flags, field_mines));
        // One counter a frame, as the frame has room: a new board changes
        // both (the timer follows in the next frame).
        static COUNTER: frame_time::Piece = frame_time::Piece::new();
        if self.mines_key != mines_key {
            if COUNTER.room() {
                self.mines_key = mines_key;
                self.sync_mines(field_mines.unwrap_or_else(|| i16::from(board.mines_left())));
            }
        } else if self.shown_seconds != Some(seconds) && COUNTER.room() {
            self.sync_timer(seconds);
        }
        self.sync_message(board, data, matches!(screen, Screen::Wipe(_)));
        // The message line last, in the room the rest left: it is drawn a
        // line at a time as frames have room.
        let _ = self.message_box.advance();
    }

    /// Each square's sprite to its look, and the flags counted. During a
    /// wipe (`wiped_columns`), the columns it has covered show covered and
    /// the rest stay as they were drawn: the old board goes column by
    /// column, whatever the game under it already holds.
    pub(super) fn sync_squares(
        &mut self,
        board: &Board,
        pressed: Option<Pos>,
        wiped_columns: Option<u8>,
    ) {
        let preview = pressed.map_or(PosSet::EMPTY, |pos| board.pressed_preview(pos));
        let state = board.state();
        // The column is counted along rather than taken as `index % WIDTH`,
        // since Thumb code has no divide: a library call for every square
        // adds up.
        let (mut x, mut y) = (0u8, 0u8);
        let mut flags = 0u8;
        for (index, square) in board.squares().iter().enumerate() {
            flags += u8::from(square.is_flagged());
            let pos = Pos::new(x, y);
            (x, y) = if x + 1 == WIDTH {
                (0, y + 1)
            } else {
                (x + 1, y)
            };
            let frame = match wiped_columns {
                Some(columns) if pos.x() < columns => Look::Covered as u8,
                Some(_) => continue,
                None => look(*square, state, preview.contains(pos)),
            };
            if self.looks[index] != frame {
                self.looks[index] = frame;
                if let Some(object) = self.squares.get_mut(index)
                    && let Some(sprite) = self.board_frames.get(usize::from(frame))
                {
                    object.set_sprite(sprite.clone());
                }
            }
        }
        self.flags = flags;
    }

    /// The mines-left counter.
    fn sync_mines(&mut self, mines_left: i16) {
        if self.shown_mines != Some(mines_left) {
            self.shown_mines = Some(mines_left);
            self.mines_box.set(&counter_text(mines_left));
        }
    }

    fn sync_timer(&mut self, seconds: u16) {
        if self.shown_seconds != Some(seconds) {
            self.shown_seconds = Some(seconds);
            self.timer_box.set(&format_time(seconds));
        }
    }

    /// The message line: the setting and its record, or the game's result.
    /// `wiping`: a new board is on its way; its line shows already.
    fn sync_message(&mut self, board: &Board, data: &SweeperSave, wiping: bool) {
        let variant = records::line(board.difficulty(), board.no_guess());
        if self.shown_variant != Some(variant) && !self.message_locked {
            self.shown_variant = Some(variant);
            if board.state().is_over() && !wiping {
                self.game_over_message(board, win_three_bv(board));
            } else {
                let line = data.lines[variant];
                let best = line.best_hundredths.map(format_hundredths);
                let text = match best {
                    Some(best) => format!(
                        "{}  Best {}  Won {}/{}",
                        setting_name(board),
                        best,
                        line.tally.won,
                        line.tally.played
                    ),
                    // The way to the menu is a button hint: not said
                    // when Settings turns them off.
                    None if button_hints::shown() => alloc::string::String::from(
                        messages::unplayed_line(board.difficulty(), board.no_guess()),
                    ),
                    None => alloc::string::String::from(setting_name(board)),
                };
                self.message_box.set_gradually(&text);
            }
        }
    }

    /// Win: time, 3BV (the board's `three_bv`) and efficiency (3BV /
    /// clicks) like ranked-play clones; loss: how to go again. A new best
    /// time is celebrated here, once.
    pub fn game_over_message(&mut self, board: &Board, three_bv: u8) {
        let won = |label: &str| {
            format!(
                "{label} 3BV {three_bv}  Eff {}%  A: new",
                efficiency(three_bv, board.clicks())
            )
        };
        let text = match board.state() {
            GameState::Won if board.new_record() => won("New record!"),
            GameState::Won => won("Cleared!"),
            _ => messages::LOST.into(),
        };
        // Typed as the frames have room: with the board's last change and
        // the status bar's hints.
        self.message_box.set_gradually(&text);
        self.message_locked = true;
    }

    /// Whether the message line shows all it was asked to.
    pub fn message_shown(&self) -> bool {
        !self.message_box.is_drawing()
    }

    /// A line of its own on the message line (the lesson's), kept until
    /// `clear_message`.
    pub fn say(&mut self, text: &str) {
        // Said over a menu: the line kept under it does not come back.
        self.kept_message = None;
        self.message_locked = true;
        self.shown_variant = None;
        self.message_box.set_gradually(text);
    }

    /// The lesson was skipped: the message line says where it is found
    /// again, until the first move (`first_move`).
    pub fn say_lesson_skipped(&mut self) {
        self.say(messages::LESSON_SKIPPED);
        self.skipped_note.skipped();
    }

    /// This frame's keys on the board: the first move since the lesson was
    /// skipped takes its note off the message line.
    pub fn first_move(&mut self, input: &Input) {
        if self.skipped_note.first_move(input) {
            self.clear_message();
        }
    }

    pub fn clear_message(&mut self) {
        self.message_locked = false;
        self.shown_variant = None;
    }

    /// The menu, on the well where the board was, its difficulty selected;
    /// the mode that holds it is the app's.
    pub fn menu(&mut self, board: &Board, data: &SweeperSave) -> List {
        Self::new_menu(board, data, self.spare_menu.take())
    }

    /// The menu again, drawn on the text boxes of `page`, a list as long in the
    /// same place (the statistics page).
    pub fn menu_on(board: &Board, data: &SweeperSave, page: Box<List>) -> List {
        Self::new_menu(board, data, Some(page))
    }

    fn new_menu(board: &Board, data: &SweeperSave, spare: Option<Box<List>>) -> List {
        let mut menu = List::new(menu_rows(board, data), MENU_ORIGIN, MENU_COLUMNS)
            .with_ink(Ink::LIGHT)
            .knowing(&MENU_KNOWN)
            .reusing(spare);
        menu.select(board.difficulty() as usize);
        menu
    }

    /// The full-size fields' page, drawn on the text boxes of `menu`, a
    /// list as long in the same place.
    pub fn sizes_on(data: &SweeperSave, no_guess: bool, menu: Box<List>) -> List {
        List::new(size_rows(data, no_guess), MENU_ORIGIN, MENU_COLUMNS)
            .with_ink(Ink::LIGHT)
            .knowing(&MENU_KNOWN)
            .reusing(Some(menu))
            .with_selectable(Size::STANDARD.len() + 1)
    }

    /// The custom field's page, drawn on the text boxes of `sizes`, a list
    /// as long in the same place: width, height, mines and the way to play.
    pub fn custom_on(size: Size, no_guess: bool, sizes: Box<List>) -> List {
        List::new(custom_rows(size, no_guess), MENU_ORIGIN, MENU_COLUMNS)
            .with_ink(Ink::LIGHT)
            .knowing(&MENU_KNOWN)
            .reusing(Some(sizes))
            .with_selectable(CUSTOM_LABELS.len())
    }

    /// The custom page's rows again, after a number changed.
    pub fn refresh_custom(page: &mut List, size: Size, no_guess: bool) {
        for (i, row) in custom_rows(size, no_guess).into_iter().enumerate() {
            page.set_row(i, row);
        }
    }

    /// The options page, drawn on the text boxes of `menu`, a list as long in the
    /// same place: its first rows the options, the rest blank.
    /// Its code row is the full-size field's code while one is in play
    /// (`field`), else the pocket board's.
    pub fn options_on(
        board: &Board,
        field: Option<&Field>,
        data: &SweeperSave,
        menu: Box<List>,
    ) -> List {
        let code = field.map(Field::code);
        List::new(option_rows(board, code, data), MENU_ORIGIN, MENU_COLUMNS)
            .with_ink(Ink::LIGHT)
            .knowing(&MENU_KNOWN)
            .reusing(Some(menu))
            .with_selectable(OPTIONS)
    }

    /// The options' rows again, after one changed.
    pub fn refresh_options(options: &mut List, board: &Board, data: &SweeperSave) {
        for (i, row) in option_rows(board, None, data)
            .into_iter()
            .enumerate()
            .take(OPTIONS)
        {
            options.set_row(i, row);
        }
    }

    /// What a change of screen since the last frame takes off the drawing
    /// plane, before this frame's drawing: the text of a menu or pad whose
    /// screen has gone, the message line under a menu coming up, and the
    /// menu under a pad coming up (`under_pad`).
    pub fn change_screen(&mut self, screen: Screen, under_pad: Option<&mut List>) {
        self.retired_pad.close();
        if let Some(mut menu) = self.retired_menu.take() {
            // Nothing else draws on the well's part of the plane.
            menu.blank();
            self.spare_menu = Some(menu);
        }
        let last = core::mem::replace(&mut self.last_screen, screen);
        match (last == Screen::Board, screen == Screen::Board) {
            (false, true) => announce_board_held(true),
            (true, false) => announce_board_held(false),
            _ => {}
        }
        match (last, screen) {
            (Screen::Field, Screen::Field) => {}
            (_, Screen::Field) => self.step_aside(),
            (Screen::Field, _) => self.step_back(),
            _ => {}
        }
        match (last, screen) {
            // The game's line is kept while a menu's page is up (its
            // words would not fit it), and put back as it was after.
            (Screen::Board | Screen::Wipe(_), Screen::Menu) => {
                self.kept_message = self.message_box.keep();
                self.message_box.blank();
            }
            (Screen::Menu, Screen::Board) => {
                if let Some(kept) = self.kept_message.take() {
                    self.message_box.restore(kept);
                }
            }
            // A new board's line replaces the old one at once: putting the
            // old one back would only be painted over.
            (Screen::Menu, Screen::Wipe(_)) => self.kept_message = None,
            (Screen::Menu, Screen::Pad) => {
                if let Some(menu) = under_pad {
                    menu.blank();
                }
            }
            _ => {}
        }
    }

    /// A menu whose screen has gone: its text leaves in the next `change_screen`.
    pub fn retire_menu(&mut self, menu: Box<List>) {
        self.retired_menu = Some(menu);
    }

    /// A pad whose screen has gone: its text leaves in the next `change_screen`.
    pub fn retire_pad(&mut self, pad: Box<PadPanel<TypedCodeError>>) {
        self.retired_pad.hold(pad);
    }

    /// The menu's text, on the drawing plane, as the frames have room.
    pub fn draw_menu(&mut self, menu: &mut List) {
        let _ = menu.draw();
    }

    /// Where the board-code pad goes: over the menu, whose text goes.
    pub const PAD_PLACE: PadPlace = PadPlace {
        title: "Type a code:",
        keys_origin: (126, 64),
        text_origin: (36, 66),
        text_columns: 11,
        ink: Ink::LIGHT,
    };

    /// The pad's text is drawn on the drawing plane.
    pub fn draw_pad<E: Copy + core::fmt::Display>(&mut self, pad: &mut PadPanel<E>) {
        pad.draw();
    }

    pub fn show(&mut self, board: &Board, screen: Screen, canvas: &mut Canvas) {
        if screen == Screen::Field {
            return;
        }
        canvas.background(&self.frame_layer);
        canvas.object(&self.face);
        match screen {
            // The menu's and the pad's sprites are shown by their holder,
            // the app's mode.
            Screen::Pad | Screen::Menu | Screen::Leaving | Screen::Field => return,
            Screen::Board if !board.state().is_over() => canvas.object(&self.cursor),
            Screen::Board | Screen::Wipe(_) => {}
        }
        for square in &self.squares {
            canvas.object(square);
        }
    }
}

/// The plane tiles of the mines counter's and the clock's icons.
const ICON_TILES: [(i32, i32); 2] = [(4, 5), (19, 5)];

/// The window's title, rendered at build time: it goes up as a copy.
const TITLE: &str = "Poop Sweeper";
static TITLE_KNOWN: [&PreparedLine; 1] = prepared_all![TITLE];

/// The menu's, the options' and the statistics page's labels rendered at
/// build time (the page takes the menu's list): every one but the board's
/// code goes up as a copy (`a_menu_label_is_typed_only_for_the_code`).
/// A line is looked for in order: the menu's, shown most, come first.
static MENU_KNOWN: [&PreparedLine; 38] = prepared_all![
    "Easy   10 poops",
    "Medium 15 poops",
    "Hard   20 poops",
    FULL_SIZE,
    "Options",
    "Statistics",
    SIZE_LABELS[0],
    SIZE_LABELS[1],
    SIZE_LABELS[2],
    CUSTOM,
    CUSTOM_LABELS[0],
    CUSTOM_LABELS[1],
    CUSTOM_LABELS[2],
    CUSTOM_LABELS[3],
    NO_GUESS_FIELD,
    NO_GUESS_LIMIT,
    "No-guess boards: on",
    "No-guess boards: off",
    "Question marks: on",
    "Question marks: off",
    "How to play",
    messages::WON_PLAYED,
    messages::WIN_RATE,
    messages::STREAK_BEST,
    messages::BEST_TIME,
    messages::BEST_RATE,
    messages::STATS_HEADINGS[0],
    messages::STATS_HEADINGS[1],
    messages::STATS_HEADINGS[2],
    messages::STATS_HEADINGS[3],
    messages::STATS_HEADINGS[4],
    messages::STATS_HEADINGS[5],
    messages::FIELD_STATS_HEADINGS[0],
    messages::FIELD_STATS_HEADINGS[1],
    messages::FIELD_STATS_HEADINGS[2],
    messages::FIELD_STATS_HEADINGS[3],
    messages::FIELD_STATS_HEADINGS[4],
    messages::FIELD_STATS_HEADINGS[5],
];

/// The menu's rows: the difficulties with their best times, the no-guess
/// switch, and the board's code (the app acts on the row numbers).
fn menu_rows(board: &Board, data: &SweeperSave) -> Vec<Row> {
    let mut rows = Vec::new();
    for difficulty in Difficulty::ALL {
        let line = data.line(difficulty, data.no_guess(board));
        let best = line
            .best_hundredths
            .map(format_hundredths)
            .unwrap_or_default();
        let name = match difficulty {
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::Hard => "Hard",
        };
        let label = format!("{name:<7}{} poops", difficulty.mines());
        rows.push(Row::new(&label, &best));
    }
    rows.push(Row::new(FULL_SIZE, ""));
    rows.push(Row::new("Options", ""));
    rows.push(Row::new("Statistics", ""));
    debug_assert_eq!(rows.len(), MENU_ROWS);
    rows
}

/// The menu's row for the full-size fields' page.
const FULL_SIZE: &str = "Full size";

/// The board's code (the pocket board's, or the full-size field's in play),
/// as the options page's last rows show it: groups of five, as the pad
/// takes them. Two groups fit a row; a longer code splits between two
/// rows, the first row's share never more than the second's, so no group
/// is left alone on a row of its own.
fn code_rows(board: &Board, field: Option<FieldCode>) -> [Row; 2] {
    let digits = match field {
        Some(field) => field.digits(),
        None => heapless::Vec::from_slice(&board.code().digits()).unwrap_or_default(),
    };
    code_labels(&digits).map(|label| Row::new(&label, ""))
}

/// "Code" and the digits in groups of five, on one row or split (see
/// `code_rows`).
fn code_labels(digits: &[u8]) -> [heapless::String<24>; 2] {
    let groups = digits.len().div_ceil(code::GROUP);
    let first_row = if groups <= 2 { groups } else { groups / 2 };
    let mut rows: [heapless::String<24>; 2] = Default::default();
    let _ = rows[0].push_str("Code");
    for (i, digit) in digits.iter().enumerate() {
        let row = &mut rows[usize::from(i / code::GROUP >= first_row)];
        if i % code::GROUP == 0 && !row.is_empty() {
            let _ = row.push(' ');
        }
        let _ = row.push(char::from(b'0' + digit));
    }
    rows
}

/// The full-size page's rows: each standard field with its best time, as
/// many rows as the menu (the rest blank) so the page takes its text.
fn size_rows(data: &SweeperSave, no_guess: bool) -> Vec<Row> {
    let mut rows: Vec<Row> = Size::STANDARD
        .iter()
        .zip(SIZE_LABELS)
        .map(|(&size, label)| {
            let best = data
                .fields
                .as_deref()
                .and_then(|fields| fields.line(size, no_guess))
                .and_then(|line| line.best().first().copied())
                .map(|win| format_hundredths(win.hundredths()))
                .unwrap_or_default();
            Row::new(label, &best)
        })
        .collect();
    rows.push(Row::new(CUSTOM, ""));
    rows.resize_with(MENU_ROWS, || Row::new("", ""));
    rows
}

/// The full-size page's labels: each field's name and size, and custom.
const SIZE_LABELS: [&str; 3] = ["Beginner 9x9", "Intermediate 16x16", "Expert 30x16"];
const CUSTOM: &str = messages::FIELD_NAMES[3];
/// The custom page's labels (its rows as `custom::Row` numbers them).
const CUSTOM_LABELS: [&str; 4] = ["Width", "Height", "Mines", "Play"];
/// Under them, with no-guess boards on: this field is one, or how many
/// mines a no-guess field of its size may hide.
const NO_GUESS_FIELD: &str = "A no-guess field";
const NO_GUESS_LIMIT: &str = "No-guess up to";

/// The custom page's rows: each number of `size` and the way to play it.
fn custom_rows(size: Size, no_guess: bool) -> Vec<Row> {
    let numbers = [
        u16::from(size.width()),
        u16::from(size.height()),
        size.mines(),
    ];
    let mut rows: Vec<Row> = CUSTOM_LABELS
        .iter()
        .zip(
            numbers
                .iter()
                .map(|number| format!("\u{2190} {number} \u{2192}")),
        )
        .map(|(label, badge)| Row::new(label, &badge))
        .collect();
    rows.push(Row::new(
        CUSTOM_LABELS[3],
        &format!("{}x{}", size.width(), size.height()),
    ));
    // With no-guess boards on, whether this field will be one.
    if no_guess && size.allows_no_guess() {
        rows.push(Row::new(NO_GUESS_FIELD, ""));
    } else if no_guess {
        let most = size.most_no_guess_mines();
        rows.push(Row::new(NO_GUESS_LIMIT, &format!("{most} mines")));
    }
    rows.resize_with(MENU_ROWS, || Row::new("", ""));
    rows
}

/// Where the menu and the pages in its place go.
const MENU_ORIGIN: (i32, i32) = (40, 67);
const MENU_COLUMNS: i32 = 20;
/// Rows of the menu (see `menu_rows`).
const MENU_ROWS: usize = 6;

/// The message line's width in tiles, and in pixels.
const MESSAGE_TILES: i32 = 26;
#[cfg(test)]
pub const MESSAGE_WIDTH: i32 = MESSAGE_TILES * 8;
/// Rows of the options page with an option or the code (the rest are
/// blank, so the page has as many rows as the menu and takes its text
/// boxes).
const OPTIONS: usize = 4;

/// The options page's rows: each option and what it is set to.
fn option_rows(board: &Board, field: Option<FieldCode>, data: &SweeperSave) -> Vec<Row> {
    let on = |value: bool| if value { "on" } else { "off" };
    let mut rows = Vec::from([
        Row::new(
            &format!("No-guess boards: {}", on(data.no_guess(board))),
            "",
        ),
        Row::new(&format!("Question marks: {}", on(data.question_marks)), ""),
        Row::new("How to play", ""),
    ]);
    rows.extend(code_rows(board, field));
    rows.resize_with(MENU_ROWS, || Row::new("", ""));
    rows
}

fn square_origin(index: usize) -> (i32, i32) {
    square_at(
        (index % usize::from(WIDTH)) as u8,
        (index / usize::from(WIDTH)) as u8,
    )
}

/// Top-left pixel of square (x, y); no division, so it is cheap every frame.
fn square_at(x: u8, y: u8) -> (i32, i32) {
    (
        BOARD_X + i32::from(x) * SQUARE,
        BOARD_Y + i32::from(y) * SQUARE,
    )
}

/// The mines counter's text: three digits like the classic counter (and a
/// one-glyph string does not render through agb's layout, so never one).
pub fn counter_text(left: i16) -> alloc::string::String {
    if left < 0 {
        format!("-{:02}", -left)
    } else {
        format!("{left:03}")
    }
}

/// 3BV per click as a percentage, as ranked-play clones show it.
/// The board's 3BV if the game is won, else 0: only a win's records and
/// line say it, and working it out walks the whole board.
pub fn win_three_bv(board: &Board) -> u8 {
    if board.state() == GameState::Won {
        board.three_bv()
    } else {
        0
    }
}

fn efficiency(three_bv: u8, clicks: u16) -> u32 {
    u32::from(three_bv) * 100 / u32::from(clicks).max(1)
}

fn setting_name(board: &Board) -> &'static str {
    messages::setting_name(board.difficulty(), board.no_guess())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        framework::{canvas::OAM_SLOTS, widgets::numpad::NumberPad},
        random::Rng,
        sweeper::rules::{Difficulty, Outcome},
    };

    /// Every line the message line knows (`messages.rs`) fits it, in the
    /// font's glyphs.
    #[test_case]
    fn known_lines_fit_the_message_line(_gba: &mut agb::Gba) {
        for line in &messages::KNOWN {
            assert_eq!(line.lines, 1, "{}", line.text);
            crate::framework::widgets::font::assert_fits(line.text, MESSAGE_WIDTH);
        }
    }

    /// Every length of board code fits the options page's label column,
    /// none with a group alone on its row: the pocket board's on one row,
    /// a standard field's and a custom field's split between two.
    #[test_case]
    fn board_codes_fit_their_rows(_gba: &mut agb::Gba) {
        use super::super::rules::field::code::{MAX_DIGITS, STANDARD_DIGITS};
        let label_width = (MENU_COLUMNS - 8) * 8;
        for (digits, second_row) in [
            (code::DIGITS, ""),
            (STANDARD_DIGITS, "88888 8"),
            (MAX_DIGITS, "88888 888"),
        ] {
            let rows = code_labels(&[8; MAX_DIGITS][..digits]);
            assert_eq!(rows[1].as_str(), second_row);
            for row in &rows {
                crate::framework::widgets::font::assert_fits(row, label_width);
            }
        }
    }

    #[test_case]
    fn a_menu_label_is_typed_only_for_the_code(_gba: &mut agb::Gba) {
        let mut data = SweeperSave::default();
        for difficulty in Difficulty::ALL {
            for no_guess in [false, true] {
                for marks in [false, true] {
                    data.question_marks = marks;
                    let board = Board::new(difficulty, no_guess);
                    for row in menu_rows(&board, &data)
                        .iter()
                        .chain(&option_rows(&board, None, &data))
                    {
                        let label = row.label.as_str();
                        let known = PreparedLine::find(&MENU_KNOWN, label).is_some();
                        assert!(
                            known
                                || label.is_empty()
                                || label.starts_with("Code ")
                                || label.chars().all(|c| c.is_ascii_digit() || c == ' '),
                            "{label:?} is typed"
                        );
                    }
                }
            }
        }
        // The statistics page, on the menu's list: every label of every line.
        for line in 0..super::super::records::LINES {
            for row in super::super::stats_page::rows(line, &data) {
                let label = row.label.as_str();
                assert!(
                    PreparedLine::find(&MENU_KNOWN, label).is_some(),
                    "{label:?} is typed"
                );
            }
        }
        // And every full-size field's heading.
        for page in super::super::records::LINES..super::super::stats_page::PAGES {
            let rows = super::super::stats_page::rows(page, &data);
            let heading = rows.first().map_or("", |row| row.label.as_str());
            assert!(
                PreparedLine::find(&MENU_KNOWN, heading).is_some(),
                "{heading:?} is typed"
            );
        }
    }

    /// Play `board` to a loss (reveal a mine) or a win (reveal every safe square).
    fn finish(board: &mut Board, win: bool) {
        for pos in Pos::all() {
            let Some(square) = board.square(pos) else {
                continue;
            };
            if board.state().is_over() {
                break;
            }
            if square.is_mine() != win && !square.is_revealed() {
                board.reveal(pos);
            }
        }
    }

    fn objects_shown(gba: &mut agb::Gba, view: &mut View, board: &Board, screen: Screen) -> usize {
        objects_with(gba, view, board, screen, |_| {})
    }

    /// Sprites shown by the view and by what the app's mode holds (`extra`).
    fn objects_with(
        gba: &mut agb::Gba,
        view: &mut View,
        board: &Board,
        screen: Screen,
        extra: impl FnOnce(&mut Canvas),
    ) -> usize {
        // The canvas drops sprites past the hardware's 128; count what was asked.
        let mut gfx = gba.graphics.get();
        let mut frame = gfx.frame();
        let mut canvas = Canvas::new(&mut frame);
        view.show(board, screen, &mut canvas);
        extra(&mut canvas);
        let count = canvas.objects();
        frame.commit();
        assert!(count <= OAM_SLOTS, "{count} sprites asked for");
        count
    }

    /// A frame of the pocket board with nothing pressed, the face idle.
    fn sync_idle(view: &mut View, board: &Board, screen: Screen, data: &SweeperSave) {
        view.sync(board, None, (Face::Idle, Header::Board), screen, data);
    }

    /// A wipe covers the old board column by column: the columns it has
    /// reached show covered, the others the old board's looks, even when
    /// the game under them is already a new one (a difficulty chosen).
    #[test_case]
    fn a_wipe_covers_the_old_board_column_by_column(_gba: &mut agb::Gba) {
        let data = SweeperSave::default();
        let mut view = View::new();
        let mut board = Board::new(Difficulty::Easy, false);
        view.build_all(&board, &data);
        let mut rng = Rng::new(7);
        board.act(Pos::new(7, 3), &mut rng);
        sync_idle(&mut view, &board, Screen::Board, &data);
        let old = view.looks;
        assert!(old.iter().any(|&look| look != Look::Covered as u8));
        board.set_difficulty(Difficulty::Medium);
        for columns in [0, 3, WIDTH] {
            sync_idle(&mut view, &board, Screen::Wipe(columns), &data);
            for (index, &look) in view.looks.iter().enumerate() {
                let wanted = if index % usize::from(WIDTH) < usize::from(columns) {
                    Look::Covered as u8
                } else {
                    old[index]
                };
                assert_eq!(look, wanted, "square {index} after {columns} columns");
            }
        }
    }

    /// The hardware shows 128 objects: every state stays within them, with
    /// every square, the face, the cursor while a game goes on, and the
    /// pad's keys among them.
    #[test_case]
    fn oam_use_stays_within_128_in_every_state(gba: &mut agb::Gba) {
        let squares = SQUARE_COUNT;
        let on_board = |shown: usize, cursor: bool| {
            // The squares, the face, and the cursor while a game goes on.
            let least = squares + 1 + usize::from(cursor);
            assert!(
                (least..=128).contains(&shown),
                "{shown} objects, want {least} to 128"
            );
        };
        let data = SweeperSave::default();
        let mut view = View::new();
        let mut board = Board::new(Difficulty::Hard, false);
        view.build_all(&board, &data);
        let mut rng = Rng::new(7);
        // idle, fresh board: 84 squares + cursor + face
        sync_idle(&mut view, &board, Screen::Board, &data);
        on_board(objects_shown(gba, &mut view, &board, Screen::Board), true);
        // pressed chord preview on a revealed number
        assert!(matches!(
            board.act(Pos::new(7, 3), &mut rng),
            Outcome::Revealed { .. }
        ));
        let number = Pos::all()
            .find(|&pos| board.square(pos).is_some_and(|s| s.is_revealed_number()))
            .unwrap();
        assert!(!board.pressed_preview(number).is_empty());
        view.sync(
            &board,
            Some(number),
            (Face::Thinking, Header::Board),
            Screen::Board,
            &data,
        );
        on_board(objects_shown(gba, &mut view, &board, Screen::Board), true);
        // loss with every mine shown (no cursor once the game is over)
        let mut lost = board.clone();
        finish(&mut lost, false);
        assert_eq!(lost.state(), GameState::Dead);
        view.sync(
            &lost,
            None,
            (Face::Dead, Header::Board),
            Screen::Board,
            &data,
        );
        on_board(objects_shown(gba, &mut view, &lost, Screen::Board), false);
        // win with the mines auto-flagged
        let mut won = board.clone();
        finish(&mut won, true);
        assert_eq!(won.state(), GameState::Won);
        view.sync(&won, None, (Face::Won, Header::Board), Screen::Board, &data);
        on_board(objects_shown(gba, &mut view, &won, Screen::Board), false);
        // menu (pointer + face) and number pad (13 keys + hand + face)
        let menu = view.menu(&board, &data);
        let shown = objects_with(gba, &mut view, &board, Screen::Menu, |canvas| {
            menu.show(canvas)
        });
        assert!((1..=128).contains(&shown), "menu: {shown} objects");
        let pad = PadPanel::new(
            NumberPad::<&str>::new(8, 4, |_| Ok(())),
            View::PAD_PLACE,
            "test",
        );
        // Every key of the pad, and the hand.
        let keys = crate::framework::widgets::numpad::GRID
            .iter()
            .flatten()
            .flatten()
            .count();
        let shown = objects_with(gba, &mut view, &board, Screen::Pad, |canvas| {
            pad.show(canvas)
        });
        assert!((keys + 1..=128).contains(&shown), "pad: {shown} objects");
    }

    #[test_case]
    fn looks_follow_the_rules(_gba: &mut agb::Gba) {
        use crate::sweeper::rules::{Square, SquareFlags};
        let mut mine = Square::EMPTY;
        mine.set(SquareFlags::MINE, true);
        assert_eq!(look(mine, GameState::Playing, false), Look::Covered as u8);
        assert_eq!(look(mine, GameState::Dead, false), Look::Mine as u8);
        let mut wrong = Square::EMPTY;
        wrong.set(SquareFlags::FLAGGED, true);
        assert_eq!(look(wrong, GameState::Dead, false), Look::WrongFlag as u8);
        assert_eq!(look(wrong, GameState::Playing, false), Look::Flag as u8);
        assert_eq!(
            look(Square::EMPTY, GameState::Playing, true),
            Look::Pressed as u8
        );
        let mut boom = mine;
        boom.set(SquareFlags::DETONATED, true);
        boom.set(SquareFlags::REVEALED, true);
        assert_eq!(look(boom, GameState::Dead, false), Look::Detonated as u8);
    }

    #[test_case]
    fn a_losing_chord_shows_its_false_flag_as_the_x(_gba: &mut agb::Gba) {
        use crate::sweeper::rules::Layout;
        // (1,1) shows 1 for the mine at (2,0), but the flag is on (0,1): the
        // chord's floodfill opens (0,1), then the mine goes off. The mines
        // in the far corner keep that floodfill from clearing the board.
        let mines = [(2, 0), (12, 4), (13, 4), (12, 5)];
        let layout = Layout::from_mines(mines.iter().map(|&(x, y)| Pos::new(x, y)).collect());
        let mut board = Board::new(Difficulty::Easy, false);
        assert!(matches!(
            board.start_with_layout(Pos::new(1, 1), &layout),
            Outcome::Revealed { count: 1 }
        ));
        board.toggle_flag(Pos::new(0, 1));
        assert_eq!(board.act(Pos::new(1, 1), &mut Rng::new(1)), Outcome::Lost);
        let false_flag = board.square(Pos::new(0, 1)).unwrap_or_default();
        assert_eq!(
            look(false_flag, board.state(), false),
            Look::WrongFlag as u8
        );
    }
}
