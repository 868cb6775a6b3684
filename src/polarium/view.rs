//! Drawing Polarium: the board's cells on the window layer, the stroke's
//! pieces on the text layer above them, the side panel's text, and sprites
//! for the cursor, the hint markers and the row marks.
//!
//! Every frame the app says what the board area should show (a [`Scene`]);
//! the view works out each tile, compares with what is on screen and
//! changes at most [`TILES_PER_FRAME`] tiles, so a new puzzle or the rows
//! clearing never costs one frame more than its share.

use agb::display::{
    Priority,
    object::{Object, SpriteVram},
    tiled::{RegularBackground, TileSetting},
};
use alloc::{borrow::Cow, boxed::Box, string::String, vec::Vec};

use super::art::{self, Kind, Look, sprites};
use super::next::Refusal;
use super::rules::{Board, Cell, Stroke, board::MAX_RING};
use crate::framework::{
    assets,
    canvas::Canvas,
    transition::Area,
    widgets::{
        pad_panel::PadPanel,
        text::{LINE_HEIGHT, TextBox},
        window,
    },
};

/// Where the Polarium window sits: below the desktop's status bar.
pub const WINDOW: Area = Area::new(8, 16, 224, 144);
/// The square the board is centred in (an 8x8 board and its ring fill it).
const BOARD_LEFT: i32 = 8;
const BOARD_TOP: i32 = 16;
const BOARD_TILES: usize = 18;
/// The side panel's text column.
const PANEL_X: i32 = 160;
const PANEL_COLUMNS: i32 = 8;
/// Tile changes per frame (each maps a tile, which is costly, so a big change
/// is spread over frames).
const TILES_PER_FRAME: usize = 16;

/// What the board area shows this frame.
pub struct Scene<'a> {
    pub board: Option<&'a Board>,
    pub stroke: Option<&'a Stroke>,
    /// Tile rows (0-based, top first) shown as cleared.
    pub cleared_rows: u8,
}

impl<'a> Scene<'a> {
    /// Nothing in the board area: the window's own tiles.
    pub const EMPTY: Self = Self {
        board: None,
        stroke: None,
        cleared_rows: 0,
    };

    /// `board` as it is: no stroke, no row cleared.
    pub const fn still(board: &'a Board) -> Self {
        Self {
            board: Some(board),
            stroke: None,
            cleared_rows: 0,
        }
    }
}

/// What a cell shows: its look and, 1 + the stroke's links there (0: no
/// stroke), packed in a byte each.
#[derive(Clone, Copy, PartialEq, Eq)]
struct CellShown {
    look: Look,
    stroke: u8,
}

impl Scene<'_> {
    /// A hash of everything the board area shows (FNV-1a).
    fn fingerprint(&self) -> u32 {
        let board = self.board.into_iter().flat_map(|board| {
            [board.width(), board.height()]
                .into_iter()
                .chain(board.rows())
        });
        let stroke = self.stroke.into_iter().flat_map(|stroke| {
            core::iter::once(stroke.len() as u8)
                .chain(stroke.cells().iter().map(|cell| cell.index() as u8))
        });
        let bytes = board.chain([self.cleared_rows]).chain(stroke);
        crate::fnv::hash(bytes.map(u32::from))
    }
}

/// A change to the side panel, or the pad, that `update` asks for.
enum PanelChange {
    Info(Cow<'static, str>),
    Message(Cow<'static, str>),
    List(String),
    ClearList,
    OpenPad,
    ClosePad,
}

/// The panel changes a frame's `update` asked for, in order: `update`
/// draws nothing, so they wait here for `draw` ([`View::apply`]).
#[derive(Default)]
pub struct Panel(Vec<PanelChange>);

impl Panel {
    /// The panel's lines about the puzzle.
    pub fn set_info(&mut self, text: impl Into<Cow<'static, str>>) {
        self.0.push(PanelChange::Info(text.into()));
    }

    /// A message under the panel's lines, drawn as the frames have room.
    pub fn set_message(&mut self, text: impl Into<Cow<'static, str>>) {
        self.0.push(PanelChange::Message(text.into()));
    }

    /// The puzzle list takes the panel: the puzzle's lines make way.
    pub fn set_list(&mut self, text: String) {
        self.0.push(PanelChange::List(text));
    }

    /// The list goes; the puzzle's lines are drawn again.
    pub fn clear_list(&mut self) {
        self.0.push(PanelChange::ClearList);
    }

    /// The number pad takes the window (the pad screen holds the pad).
    pub fn open_pad(&mut self) {
        self.0.push(PanelChange::OpenPad);
    }

    pub fn close_pad(&mut self) {
        self.0.push(PanelChange::ClosePad);
    }
}

pub struct View {
    frame_layer: RegularBackground,
    text_layer: RegularBackground,
    /// The board size the cells are drawn for (`None`: the window shows).
    size_shown: Option<(u8, u8)>,
    /// Tiles of the board area (row-major) put back to the window's own
    /// so far, after the board's size changed.
    restored: usize,
    /// What each cell of the ringed grid shows now (`None`: not drawn).
    cells_shown: [[Option<CellShown>; MAX_RING as usize]; MAX_RING as usize],
    /// The scene the board area fully shows (a hash; `None` while the last
    /// `sync` ran out of budget), so an unchanged frame costs nothing.
    settled_on: Option<u32>,
    title: TextBox,
    info: TextBox,
    clock: TextBox,
    message: TextBox,
    list: TextBox,
    /// The number pad has the window: the board and the panel made way.
    pad_up: bool,
    /// A pad whose screen has gone, its text taken off at the next `ClosePad`.
    closing_pad: Option<Box<PadPanel<Refusal>>>,
    frames: Vec<SpriteVram>,
    /// Steps of `build_step` done.
    built: u8,
    /// The board's palette slot (`System::app_palette`).
    palette: u8,
}

impl View {
    pub fn new(palette: u8) -> Self {
        let (frame_layer, text_layer) = window::layers();
        Self {
            frame_layer,
            text_layer,
            size_shown: None,
            restored: BOARD_TILES * BOARD_TILES,
            cells_shown: [[None; MAX_RING as usize]; MAX_RING as usize],
            settled_on: None,
            title: TextBox::new((PANEL_X, 22), PANEL_COLUMNS, 1),
            info: TextBox::new((PANEL_X, 40), PANEL_COLUMNS, 5),
            clock: TextBox::new((PANEL_X, 95), PANEL_COLUMNS, 1).ticking("polarium_clock"),
            message: TextBox::new((PANEL_X, 112), PANEL_COLUMNS, 5),
            list: TextBox::new((PANEL_X + 4, 38), PANEL_COLUMNS, 15),
            pad_up: false,
            closing_pad: None,
            frames: Vec::with_capacity(art::FRAMES),
            built: 0,
            palette,
        }
    }

    /// Draw the next piece of the window; true once it is all there.
    pub fn build_step(&mut self) -> bool {
        const ROWS_PER_STEP: i32 = 3;
        const STEPS: i32 = WINDOW.height / 8 / ROWS_PER_STEP;
        if self.frames.len() < art::FRAMES {
            for frame in 0..art::FRAMES {
                self.frames
                    .push(SpriteVram::from(sprites::POLARIUM_SPRITES.sprite(frame)));
            }
            return false;
        }
        let step = i32::from(self.built);
        if step < STEPS {
            let first = step * ROWS_PER_STEP;
            window::draw_window_rows(
                &mut self.frame_layer,
                WINDOW,
                false,
                first..first + ROWS_PER_STEP,
            );
        } else if step == STEPS {
            self.title.set(&mut self.text_layer, "Polarium");
        } else {
            return true;
        }
        self.built += 1;
        false
    }

    /// Bring the board area a step closer to `scene`: at most
    /// [`TILES_PER_FRAME`] tiles change. True if anything was drawn.
    pub fn sync(&mut self, scene: &Scene) -> bool {
        let fingerprint = scene.fingerprint();
        if self.settled_on == Some(fingerprint) {
            return false;
        }
        self.settled_on = None;
        let mut budget = TILES_PER_FRAME;
        let size = scene.board.map(|board| (board.width(), board.height()));
        if size != self.size_shown && self.size_shown.is_some() {
            // Put the window back where the old board was, then draw anew.
            // Nothing counts as drawn from here on, even if the size comes
            // back before the window is whole again.
            self.restored = 0;
            self.size_shown = None;
            self.cells_shown = [[None; MAX_RING as usize]; MAX_RING as usize];
        }
        // The budget's worth of tiles a frame, on both layers.
        while self.restored < BOARD_TILES * BOARD_TILES {
            if budget < 2 {
                return true;
            }
            budget -= 2;
            let (row, column) = (
                (self.restored / BOARD_TILES) as i32,
                (self.restored % BOARD_TILES) as i32,
            );
            let position = (BOARD_LEFT / 8 + column, BOARD_TOP / 8 + row);
            window::put(&mut self.frame_layer, position, window_tile_at(column, row));
            self.text_layer
                .set_tile(position, &art::tiles::BOARD.tiles, TileSetting::BLANK);
            self.restored += 1;
        }
        self.size_shown = size;
        let Some(board) = scene.board else {
            self.settled_on = Some(fingerprint);
            return budget < TILES_PER_FRAME;
        };
        let links = StrokeMap::of(scene.stroke);
        for y in 0..board.ring_height() {
            for x in 0..board.ring_width() {
                let cell = Cell::new(y, x);
                let wanted = CellShown {
                    look: look(scene, board, cell),
                    stroke: links.0[cell.index()],
                };
                let shown = &mut self.cells_shown[usize::from(y)][usize::from(x)];
                if *shown == Some(wanted) {
                    continue;
                }
                let kind = Kind::of(board, cell);
                let (w, h) = kind.tiles();
                if budget < 2 * w * h {
                    return true;
                }
                budget -= 2 * w * h;
                *shown = Some(wanted);
                let (px, py) = cell_position(board, cell);
                for dy in 0..h {
                    for dx in 0..w {
                        let position = (px / 8 + dx as i32, py / 8 + dy as i32);
                        let frame = art::look_tile(wanted.look, (dx, dy));
                        self.put_sheet(position, frame, false);
                        match wanted.stroke {
                            0 => {
                                self.text_layer.set_tile(
                                    position,
                                    &art::tiles::BOARD.tiles,
                                    TileSetting::BLANK,
                                );
                            }
                            on => {
                                let piece = art::stroke_tile(kind, on - 1, (dx, dy));
                                self.put_sheet(position, piece, true);
                            }
                        }
                    }
                }
            }
        }
        self.settled_on = Some(fingerprint);
        budget < TILES_PER_FRAME
    }

    /// Whether the board area shows everything the last `sync` was asked for.
    pub fn settled(&self) -> bool {
        self.settled_on.is_some()
    }

    fn put_sheet(&mut self, position: (i32, i32), index: usize, text: bool) {
        let layer = if text {
            &mut self.text_layer
        } else {
            &mut self.frame_layer
        };
        if let Some(setting) = art::tiles::BOARD.tile_settings.get(index) {
            layer.set_tile(
                position,
                &art::tiles::BOARD.tiles,
                setting.palette(self.palette),
            );
        }
    }

    /// Make the changes `update` asked for.
    pub fn apply(&mut self, panel: &mut Panel) {
        for change in panel.0.drain(..) {
            match change {
                PanelChange::Info(text) => self.set_info(&text),
                PanelChange::Message(text) => self.message.set_gradually(&text),
                PanelChange::List(text) => self.set_list(&text),
                PanelChange::ClearList => self.clear_list(),
                PanelChange::OpenPad => self.open_pad(),
                PanelChange::ClosePad => self.close_pad(),
            }
        }
    }

    /// The panel's lines about the puzzle.
    pub fn set_info(&mut self, text: &str) {
        self.info.set_gradually(text);
    }

    pub fn set_clock(&mut self, text: &str) {
        self.clock.set_gradually(text);
    }

    fn set_list(&mut self, text: &str) {
        self.info.release();
        self.clock.release();
        self.message.blank();
        self.list.set_gradually(text);
    }

    fn clear_list(&mut self) {
        self.list.release();
        // The list's blank tiles stay mapped over the panel's other boxes:
        // they map their own again when next drawn.
        self.info.release();
        self.clock.release();
        self.message.release();
    }

    /// The number pad takes the window: the board and the panel make way.
    fn open_pad(&mut self) {
        self.info.release();
        self.clock.release();
        self.message.blank();
        self.list.release();
        self.pad_up = true;
    }

    /// The pad's digits and keys, on the window's text layer.
    pub fn draw_pad(&mut self, pad: &mut PadPanel<Refusal>) {
        pad.draw(&mut self.text_layer);
    }

    /// The pad of a screen that has gone: its text goes at the `ClosePad`
    /// that screen asked for, in order with the changes around it.
    pub fn retire_pad(&mut self, pad: Box<PadPanel<Refusal>>) {
        self.closing_pad = Some(pad);
    }

    fn close_pad(&mut self) {
        self.pad_up = false;
        if let Some(pad) = self.closing_pad.take() {
            pad.close();
        }
    }

    /// Draw more of the panel's text, box by box, as the frame has room.
    pub fn advance_text(&mut self) {
        for text in [
            &mut self.info,
            &mut self.clock,
            &mut self.message,
            &mut self.list,
        ] {
            // In order, as the frame has room.
            if !text.advance(&mut self.text_layer) {
                return;
            }
        }
    }

    /// Layers, then the sprites: the cursor, hint markers and row marks.
    pub fn show(&self, canvas: &mut Canvas, sprites: &Sprites) {
        canvas.background(&self.frame_layer);
        canvas.background(&self.text_layer);
        if self.frames.len() < art::FRAMES {
            return;
        }
        if self.pad_up {
            // The pad's sprites are its screen's to show.
            return;
        }
        let Some(board) = sprites.board else {
            if let Some(row) = sprites.list_row {
                let mut pointer = Object::new(assets::sprites::POINTER.sprite(0));
                pointer
                    .set_pos((PANEL_X - 4, 38 + (row as i32 + 1) * LINE_HEIGHT - 4))
                    .set_priority(Priority::P0);
                canvas.object(&pointer);
            }
            return;
        };
        let object = |frame: usize, (x, y): (i32, i32)| {
            let mut object = Object::new(self.frames[frame].clone());
            object.set_pos((x, y)).set_priority(Priority::P0);
            object
        };
        if let Some(cell) = sprites.cursor {
            canvas.object(&object(
                Kind::of(board, cell) as usize,
                cell_position(board, cell),
            ));
        }
        if let Some((start, end)) = sprites.hints {
            for (cell, frame) in [(start, art::START_FRAME), (end, art::END_FRAME)] {
                let (x, y) = cell_position(board, cell);
                let (w, h) = cell_size(board, cell);
                canvas.object(&object(frame, (x + w / 2 - 8, y + h / 2 - 8)));
            }
        }
        if let Some(mixed) = sprites.row_marks {
            // Beside the ring where there is room before the panel (the
            // stroke may run along the ring), else on it.
            let ring = Cell::new(0, board.width() + 1);
            let (ring_x, _) = cell_position(board, ring);
            let beside = ring_x + cell_size(board, ring).0;
            let x = if beside + 12 <= PANEL_X {
                beside
            } else {
                ring_x - 4
            };
            for row in 0..board.height() {
                let (_, y) = cell_position(board, Cell::new(row + 1, 0));
                let frame = if mixed >> row & 1 == 1 {
                    art::MIXED_FRAME
                } else {
                    art::SOLID_FRAME
                };
                canvas.object(&object(frame, (x, y)));
            }
        }
    }
}

/// The sprites of a frame.
#[derive(Default)]
pub struct Sprites<'a> {
    pub board: Option<&'a Board>,
    pub cursor: Option<Cell>,
    pub hints: Option<(Cell, Cell)>,
    /// After a failed try: bit per row, set for rows left mixed.
    pub row_marks: Option<u8>,
    /// The list's selected row, when the list is up.
    pub list_row: Option<usize>,
}

/// The window's own tile at board-area tile `(column, row)`.
fn window_tile_at(column: i32, row: i32) -> usize {
    let tx = (BOARD_LEFT - WINDOW.x) / 8 + column;
    let ty = (BOARD_TOP - WINDOW.y) / 8 + row;
    window::window_tile((WINDOW.width / 8, WINDOW.height / 8), false, (tx, ty))
}

/// Top-left pixel of the board's ring.
fn origin(board: &Board) -> (i32, i32) {
    (
        BOARD_LEFT + 64 - 8 * i32::from(board.width()),
        BOARD_TOP + 64 - 8 * i32::from(board.height()),
    )
}

/// Top-left pixel of a cell.
pub fn cell_position(board: &Board, cell: Cell) -> (i32, i32) {
    let (ox, oy) = origin(board);
    let along = |i: u8| {
        if i == 0 {
            0
        } else {
            8 + 16 * (i32::from(i) - 1)
        }
    };
    (ox + along(cell.x), oy + along(cell.y))
}

fn cell_size(board: &Board, cell: Cell) -> (i32, i32) {
    let (w, h) = Kind::of(board, cell).tiles();
    (8 * w as i32, 8 * h as i32)
}

/// How a cell looks in `scene`.
fn look(scene: &Scene, board: &Board, cell: Cell) -> Look {
    if !board.is_tile(cell) {
        Look::Ring
    } else if scene.cleared_rows >> (cell.y - 1) & 1 == 1 {
        Look::Cleared
    } else if board.is_black(cell) {
        Look::Black
    } else {
        Look::White
    }
}

/// Per cell of a 10x10 grid, 1 + how the stroke joins there (0: not on it),
/// worked out once a frame rather than per tile.
struct StrokeMap([u8; MAX_RING as usize * MAX_RING as usize]);

impl StrokeMap {
    fn of(stroke: Option<&Stroke>) -> Self {
        let mut map = Self([0; MAX_RING as usize * MAX_RING as usize]);
        if let Some(stroke) = stroke {
            for (i, cell) in stroke.cells().iter().enumerate() {
                if let Some(slot) = map.0.get_mut(cell.index()) {
                    *slot = 1 + stroke.links(i);
                }
            }
        }
        map
    }
}
