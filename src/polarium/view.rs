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
use alloc::vec::Vec;

use super::art::{self, Kind, Look, sprites};
use super::rules::{Board, Cell, Stroke, board::MAX_RING};
use crate::framework::{
    assets,
    canvas::Canvas,
    transition::Area,
    widgets::{
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
/// Tile changes per frame (each ~800 cycles).
const TILES_PER_FRAME: usize = 48;

/// What the board area shows this frame.
pub struct Scene<'a> {
    pub board: Option<&'a Board>,
    pub stroke: Option<&'a Stroke>,
    /// Tile rows (0-based, top first) shown as cleared.
    pub cleared_rows: u8,
}

/// A tile of the board area: a UI tile of the window, or one of ours.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tile {
    Window(usize),
    /// An index into the board sheet's tile settings.
    Sheet(usize),
    Blank,
}

pub struct View {
    frame_layer: RegularBackground,
    text_layer: RegularBackground,
    /// What each tile of the board area shows now, per layer.
    frame_shown: [[Option<Tile>; BOARD_TILES]; BOARD_TILES],
    text_shown: [[Option<Tile>; BOARD_TILES]; BOARD_TILES],
    title: TextBox,
    info: TextBox,
    clock: TextBox,
    message: TextBox,
    list: TextBox,
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
            frame_shown: [[None; BOARD_TILES]; BOARD_TILES],
            text_shown: [[None; BOARD_TILES]; BOARD_TILES],
            title: TextBox::new((PANEL_X, 22), PANEL_COLUMNS, 1),
            info: TextBox::new((PANEL_X, 40), PANEL_COLUMNS, 5),
            clock: TextBox::new((PANEL_X, 95), PANEL_COLUMNS, 1),
            message: TextBox::new((PANEL_X, 112), PANEL_COLUMNS, 5),
            list: TextBox::new((PANEL_X + 4, 38), PANEL_COLUMNS, 15),
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
            window::draw_window_rows(&mut self.frame_layer, WINDOW, false, first..first + ROWS_PER_STEP);
            // What the window put under the board area (its rows are the
            // window's: both start at the window's top).
            for row in first..(first + ROWS_PER_STEP).min(BOARD_TILES as i32) {
                for column in 0..BOARD_TILES as i32 {
                    self.frame_shown[row as usize][column as usize] =
                        Some(Tile::Window(window_tile_at(column, row)));
                    self.text_shown[row as usize][column as usize] = Some(Tile::Blank);
                }
            }
        } else if step == STEPS {
            self.title.set(&mut self.text_layer, "Polarium");
        } else {
            return true;
        }
        self.built += 1;
        false
    }

    /// Bring the board area a step closer to `scene`.
    pub fn sync(&mut self, scene: &Scene) {
        let links = StrokeMap::of(scene.stroke);
        let mut budget = TILES_PER_FRAME;
        for row in 0..BOARD_TILES {
            for column in 0..BOARD_TILES {
                if budget == 0 {
                    return;
                }
                let (frame, text) = wanted(scene, &links, column as i32, row as i32);
                let position = (BOARD_LEFT / 8 + column as i32, BOARD_TOP / 8 + row as i32);
                if self.frame_shown[row][column] != Some(frame) {
                    self.put(position, frame, false);
                    self.frame_shown[row][column] = Some(frame);
                    budget -= 1;
                }
                if self.text_shown[row][column] != Some(text) {
                    self.put(position, text, true);
                    self.text_shown[row][column] = Some(text);
                    budget -= 1;
                }
            }
        }
    }

    /// Whether the board area shows everything the last `sync` asked for.
    pub fn settled(&self, scene: &Scene) -> bool {
        let links = StrokeMap::of(scene.stroke);
        (0..BOARD_TILES).all(|row| {
            (0..BOARD_TILES).all(|column| {
                let (frame, text) = wanted(scene, &links, column as i32, row as i32);
                self.frame_shown[row][column] == Some(frame) && self.text_shown[row][column] == Some(text)
            })
        })
    }

    fn put(&mut self, position: (i32, i32), tile: Tile, text: bool) {
        let layer = if text { &mut self.text_layer } else { &mut self.frame_layer };
        match tile {
            Tile::Window(index) => window::put(layer, position, index),
            Tile::Sheet(index) => {
                let setting = art::tiles::BOARD.tile_settings[index];
                layer.set_tile(position, &art::tiles::BOARD.tiles, setting.palette(self.palette));
            }
            Tile::Blank => {
                layer.set_tile(position, &art::tiles::BOARD.tiles, TileSetting::BLANK);
            }
        }
    }

    /// The panel's lines about the puzzle.
    pub fn set_info(&mut self, text: &str) {
        self.info.set(&mut self.text_layer, text);
    }

    pub fn set_clock(&mut self, text: &str) {
        self.clock.set(&mut self.text_layer, text);
    }

    /// A message under the panel's lines, typed out a little each frame.
    pub fn set_message(&mut self, text: &str) {
        self.message.set_gradually(text);
    }

    /// The puzzle list takes the panel: the puzzle's lines make way.
    pub fn set_list(&mut self, text: &str) {
        self.info.release();
        self.clock.release();
        self.message.blank();
        self.list.set_gradually(text);
    }

    /// The list goes; the caller draws the puzzle's lines again.
    pub fn clear_list(&mut self) {
        self.list.release();
    }

    /// Type out a little more of the message and list.
    pub fn advance_text(&mut self) {
        let _ = self.message.advance(&mut self.text_layer, 1);
        let _ = self.list.advance(&mut self.text_layer, 1);
    }

    /// Layers, then the sprites: the cursor, hint markers and row marks.
    pub fn show(&self, canvas: &mut Canvas, sprites: &Sprites) {
        canvas.background(&self.frame_layer);
        canvas.background(&self.text_layer);
        if self.frames.len() < art::FRAMES {
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
            canvas.object(&object(Kind::of(board, cell) as usize, cell_position(board, cell)));
        }
        if let Some((start, end)) = sprites.hints {
            for (cell, frame) in [(start, art::START_FRAME), (end, art::END_FRAME)] {
                let (x, y) = cell_position(board, cell);
                let (w, h) = cell_size(board, cell);
                canvas.object(&object(frame, (x + w / 2 - 8, y + h / 2 - 8)));
            }
        }
        if let Some(mixed) = sprites.row_marks {
            let (x, _) = cell_position(board, Cell::new(0, board.width() + 1));
            for row in 0..board.height() {
                let (_, y) = cell_position(board, Cell::new(row + 1, 0));
                let frame = if mixed >> row & 1 == 1 { art::MIXED_FRAME } else { art::SOLID_FRAME };
                canvas.object(&object(frame, (x - 4, y)));
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
    let along = |i: u8| if i == 0 { 0 } else { 8 + 16 * (i32::from(i) - 1) };
    (ox + along(cell.x), oy + along(cell.y))
}

fn cell_size(board: &Board, cell: Cell) -> (i32, i32) {
    let (w, h) = Kind::of(board, cell).tiles();
    (8 * w as i32, 8 * h as i32)
}

/// The cell at board-area tile `(column, row)` and the part of it the tile
/// is, if a cell is there.
fn cell_at(board: &Board, column: i32, row: i32) -> Option<(Cell, (usize, usize))> {
    let (ox, oy) = origin(board);
    let (px, py) = (BOARD_LEFT + 8 * column - ox, BOARD_TOP + 8 * row - oy);
    let along = |p: i32, tiles: u8| -> Option<(u8, usize)> {
        let last = 8 + 16 * i32::from(tiles);
        match p {
            _ if p < 0 || p > last => None,
            0 => Some((0, 0)),
            _ if p == last => Some((tiles + 1, 0)),
            _ => Some((((p - 8) / 16 + 1) as u8, ((p - 8) % 16 / 8) as usize)),
        }
    };
    let (x, dx) = along(px, board.width())?;
    let (y, dy) = along(py, board.height())?;
    Some((Cell::new(y, x), (dx, dy)))
}

/// What the board area's tile `(column, row)` shows on the window layer and
/// on the text layer.
fn wanted(scene: &Scene, links: &StrokeMap, column: i32, row: i32) -> (Tile, Tile) {
    let window = Tile::Window(window_tile_at(column, row));
    let Some(board) = scene.board else {
        return (window, Tile::Blank);
    };
    let Some((cell, part)) = cell_at(board, column, row) else {
        return (window, Tile::Blank);
    };
    let look = if !board.is_tile(cell) {
        Look::Ring
    } else if scene.cleared_rows >> (cell.y - 1) & 1 == 1 {
        Look::Cleared
    } else if board.is_black(cell) {
        Look::Black
    } else {
        Look::White
    };
    let frame = Tile::Sheet(art::look_tile(look, part));
    let text = match links.0[cell.index()] {
        0 => Tile::Blank,
        on => Tile::Sheet(art::stroke_tile(Kind::of(board, cell), on - 1, part)),
    };
    (frame, text)
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
