//! Drawing Challenge's field into Polarium's board area: the ringed grid a
//! tile (8x8 pixels) a cell, the falling block over it at its pixel
//! offset, the stroke, the cursor, the flashes of a release, and the next
//! block in a box beside the field at half size.
//!
//! Every tile of the area has a key saying what it shows; a frame works
//! out each key and rewrites, as the frame has room, only the tiles whose
//! key changed. A key is all of a tile's look: its pixels are made from it
//! and kept in a small cache by key, as the falling block's tiles come
//! round again and again.

use agb::display::Rgb;
use alloc::{boxed::Box, vec};

use super::super::{
    layout::{BOARD_COLUMNS, BOARD_ROWS},
    rules::{
        Cell,
        challenge::{
            Block, Challenge, FIELD_ROWS, FIELD_WIDTH, RING_ROWS, RING_WIDTH, SUB_ROW_SHIFT,
        },
    },
    view::View,
};
use crate::framework::{frame_time, widgets::raster_area::TILE_WORDS};

/// The ringed grid's top-left tile in the board area.
const FIELD_COLUMN: usize = 0;
const FIELD_ROW: usize = 1;
/// The next block's box (a ring around 4x2 tiles of half-size cells).
const PREVIEW_COLUMN: usize = 11;
const PREVIEW_ROW: usize = 1;
const PREVIEW_COLUMNS: usize = 6;
const PREVIEW_ROWS: usize = 4;
const _: () = assert!(FIELD_COLUMN + RING_WIDTH as usize <= PREVIEW_COLUMN);
const _: () = assert!(PREVIEW_COLUMN + PREVIEW_COLUMNS <= BOARD_COLUMNS);
const _: () = assert!(FIELD_ROW + RING_ROWS as usize <= BOARD_ROWS);

/// Working out the area's keys up to the first row that changed, drawing
/// a row of the area's tiles (working out the keys up to the next with
/// it), and a row of the window's own around them.
static KEYS: frame_time::Piece = frame_time::Piece::new();
static ROW: frame_time::Piece = frame_time::Piece::new();
static WINDOW_ROW: frame_time::Piece = frame_time::Piece::new();
/// The board palette's entries nearest the field's colours, found before
/// the first drawing (not as the screen is made, in the window's busiest
/// frame).
static INKS: frame_time::Piece = frame_time::Piece::new();

/// A tile's key nobody draws: the area's tiles start unknown.
const UNKNOWN: u32 = u32::MAX;
/// The window's own tile.
const WINDOW: u32 = u32::MAX - 1;

/// What a cell of the grid looks like under the stroke and the block.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
enum Look {
    Ring = 0,
    Empty = 1,
    White = 2,
    Black = 3,
    /// A row clearing.
    Flash = 4,
    /// The ring while the warning blinks on.
    Warning = 5,
}

/// The colours the field is drawn in, as numbers of the board's palette.
#[derive(Clone, Copy)]
struct Inks {
    ring: u32,
    ring_edge: u32,
    empty: u32,
    empty_dot: u32,
    white: u32,
    white_edge: u32,
    black: u32,
    black_edge: u32,
    stroke: u32,
    cursor: u32,
    flash: u32,
    warning: u32,
}

impl Inks {
    fn of(view: &View) -> Self {
        let [
            ring,
            ring_edge,
            empty,
            empty_dot,
            white,
            white_edge,
            black,
            black_edge,
            stroke,
            cursor,
            flash,
            warning,
        ] = view
            .nearest_colours([
                Rgb::new(160, 144, 184),
                Rgb::new(88, 72, 120),
                Rgb::new(24, 88, 104),
                Rgb::new(48, 152, 136),
                Rgb::new(255, 248, 240),
                Rgb::new(160, 144, 184),
                Rgb::new(40, 24, 56),
                Rgb::new(88, 72, 120),
                Rgb::new(224, 72, 64),
                Rgb::new(248, 208, 72),
                Rgb::new(248, 232, 200),
                Rgb::new(248, 160, 144),
            ])
            .map(u32::from);
        Self {
            ring,
            ring_edge,
            empty,
            empty_dot,
            white,
            white_edge,
            black,
            black_edge,
            stroke,
            cursor,
            flash,
            warning,
        }
    }

    /// Fill and edge colours of a look.
    const fn of_look(&self, look: u32) -> (u32, u32) {
        match look {
            0 => (self.ring, self.ring_edge),
            1 => (self.empty, self.empty),
            2 => (self.white, self.white_edge),
            3 => (self.black, self.black_edge),
            4 => (self.flash, self.cursor),
            _ => (self.warning, self.ring_edge),
        }
    }
}

/// Eight pixels of one colour.
const fn spread(colour: u32) -> u32 {
    colour * 0x1111_1111
}

/// The pixels of the middle two columns, and of the columns left and right
/// of them.
const MIDDLE: u32 = 0x000F_F000;
const LEFT_ARM: u32 = 0x0000_0FFF;
const RIGHT_ARM: u32 = 0xFFF0_0000;
const EDGES: u32 = 0xF000_000F;

/// What the field shows besides the game: set by the screen each frame.
#[derive(Clone, Copy, Default)]
pub struct Overlay {
    /// The cursor's cell, if shown.
    pub cursor: Option<Cell>,
    /// The falling block and the next's box are shown (the box only then).
    pub falling: bool,
    /// The next block is in its box (not once the game is over).
    pub next: bool,
    /// The ring blinks on.
    pub warning: bool,
    /// A release's flashes: the rows as they were after the flip (the
    /// rows that cleared flash) and the cells the stroke turned.
    pub release: Option<Release>,
}

/// The field as a release left it before its rows went, for a few frames.
#[derive(Clone, Copy, Default)]
pub struct Release {
    /// Field rows, top first; `None` above the stack.
    pub rows: [Option<u8>; FIELD_ROWS as usize],
    /// Bit `r`: field row `r` cleared.
    pub cleared: u16,
    /// Bit `x` of word `y`: ringed cell `(y, x)` was on the stroke.
    pub stroke: [u16; RING_ROWS as usize],
}

pub struct Field {
    /// Per tile of the board area, the key it shows.
    shown: Box<[u32]>,
    /// The window's own tiles around the field and the preview are drawn.
    window_drawn: bool,
    /// `None` until the first drawing finds them.
    inks: Option<Inks>,
    /// Tiles' pixels made lately, a slot per key's hash (`cached_pixels`).
    cache: Box<[(u32, [u32; TILE_WORDS])]>,
}

/// Slots of the cache of tiles' pixels: a power of two.
const CACHE_SLOTS: usize = 64;

impl Field {
    pub fn new(view: &View) -> Self {
        // Where the view shows the window's own tiles, they stay.
        let shown = (0..BOARD_COLUMNS * BOARD_ROWS)
            .map(|index| {
                if view.shows_window_tile((index % BOARD_COLUMNS, index / BOARD_COLUMNS)) {
                    WINDOW
                } else {
                    UNKNOWN
                }
            })
            .collect();
        Self {
            shown,
            window_drawn: false,
            inks: None,
            cache: vec![(UNKNOWN, [0; TILE_WORDS]); CACHE_SLOTS].into_boxed_slice(),
        }
    }

    /// Bring the board area closer to `game` with `overlay`, as the frame
    /// has room: every tile whose key changed is rewritten. True once all
    /// are.
    #[inline(never)]
    pub fn draw(&mut self, view: &mut View, game: &Challenge, overlay: &Overlay) -> bool {
        if self.inks.is_none() {
            if !INKS.room() {
                return false;
            }
            self.inks = Some(Inks::of(view));
        }
        if !self.window_drawn && !self.draw_window(view) {
            return false;
        }
        // Working out the keys, up to the first row that changed.
        if !KEYS.room() {
            return false;
        }
        let links = stroke_links(game);
        let fall = Fall::of(game, overlay.falling);
        let mut keys = [0u32; RING_WIDTH as usize];
        for y in 0..RING_ROWS {
            row_keys(game, overlay, &links, &fall, y, &mut keys);
            let row = FIELD_ROW + usize::from(y);
            if !self.put_changed(view, row, FIELD_COLUMN, &keys) {
                return false;
            }
        }
        // Outside a game the box makes way for the window: the menu's
        // pointer is beside it.
        let next = overlay.falling.then(|| {
            if overlay.next {
                *game.next()
            } else {
                Block::default()
            }
        });
        for row in 0..PREVIEW_ROWS {
            let keys: [u32; PREVIEW_COLUMNS] = core::array::from_fn(|column| {
                next.as_ref()
                    .map_or(WINDOW, |next| preview_key(next, column, row))
            });
            if !self.put_changed(view, PREVIEW_ROW + row, PREVIEW_COLUMN, &keys) {
                return false;
            }
        }
        true
    }

    /// The tiles of board-area row `row` from `column` on made to show
    /// `keys`, those that changed, while the frame has room.
    fn put_changed(&mut self, view: &mut View, row: usize, column: usize, keys: &[u32]) -> bool {
        let first = row * BOARD_COLUMNS + column;
        let Some(shown) = self.shown.get_mut(first..first + keys.len()) else {
            return true;
        };
        // The row's changed tiles go up together, as the frame has room.
        if shown.iter().zip(keys).all(|(was, key)| was == key) {
            return true;
        }
        if !ROW.room() {
            return false;
        }
        for (dx, (shown, &key)) in shown.iter_mut().zip(keys).enumerate() {
            if *shown == key {
                continue;
            }
            if key == WINDOW {
                view.put_window_tile((column + dx, row));
                *shown = key;
                continue;
            }
            let Some(inks) = &self.inks else {
                return false;
            };
            let pixels = cached_pixels(&mut self.cache, inks, key);
            view.put_area_tile((column + dx, row), pixels);
            *shown = key;
        }
        true
    }

    /// The window's own tiles where the field and the preview are not,
    /// while the frame has room; true once all are.
    fn draw_window(&mut self, view: &mut View) -> bool {
        let outside = |column: usize, row: usize| {
            let field = (FIELD_COLUMN..FIELD_COLUMN + RING_WIDTH as usize).contains(&column)
                && (FIELD_ROW..FIELD_ROW + RING_ROWS as usize).contains(&row);
            let preview = (PREVIEW_COLUMN..PREVIEW_COLUMN + PREVIEW_COLUMNS).contains(&column)
                && (PREVIEW_ROW..PREVIEW_ROW + PREVIEW_ROWS).contains(&row);
            !field && !preview
        };
        for row in 0..BOARD_ROWS {
            let Some(shown) = self
                .shown
                .get_mut(row * BOARD_COLUMNS..(row + 1) * BOARD_COLUMNS)
            else {
                continue;
            };
            // A row's tiles go up together, each a copy of the window's.
            if !shown
                .iter()
                .enumerate()
                .any(|(column, &key)| outside(column, row) && key != WINDOW)
            {
                continue;
            }
            if !WINDOW_ROW.room() {
                return false;
            }
            for (column, key) in shown.iter_mut().enumerate() {
                if outside(column, row) && *key != WINDOW {
                    view.put_window_tile((column, row));
                    *key = WINDOW;
                }
            }
        }
        self.window_drawn = true;
        true
    }
}

/// The pixels of a tile with `key`, from the cache or made (and kept in
/// the key's slot).
fn cached_pixels<'a>(
    cache: &'a mut [(u32, [u32; TILE_WORDS])],
    inks: &Inks,
    key: u32,
) -> &'a [u32; TILE_WORDS] {
    // Fibonacci hashing: keys differ mostly in their low bits.
    let slot = (key.wrapping_mul(0x9E37_79B9) >> 26) as usize & (CACHE_SLOTS - 1);
    let entry = &mut cache[slot];
    if entry.0 != key {
        *entry = (
            key,
            if key & PREVIEW_BIT != 0 {
                preview_pixels(inks, key)
            } else {
                cell_pixels(inks, key)
            },
        );
    }
    &entry.1
}

const CELLS: usize = RING_WIDTH as usize * RING_ROWS as usize;

/// Per ringed cell (row by row), 1 + how the stroke joins there (0: off it).
fn stroke_links(game: &Challenge) -> [u8; CELLS] {
    let mut links = [0; CELLS];
    let stroke = game.stroke();
    for (i, cell) in stroke.cells().iter().enumerate() {
        let index = usize::from(cell.y) * RING_WIDTH as usize + usize::from(cell.x);
        if let Some(slot) = links.get_mut(index) {
            *slot = 1 + stroke.links(i);
        }
    }
    links
}

/// Where the falling block is, in pixels below the field's top edge.
struct Fall {
    block: Block,
    /// Its top and bottom edges (the top may be above the field: clipped).
    top: i32,
    bottom: i32,
}

impl Fall {
    fn of(game: &Challenge, shown: bool) -> Self {
        let block = *game.falling();
        let bottom = if shown {
            (i32::from(game.descent()) * 8) >> SUB_ROW_SHIFT
        } else {
            0
        };
        Self {
            block,
            top: bottom - i32::from(block.height) * 8,
            bottom,
        }
    }

    /// The block's row at pixel line `y` below the field's top (which it
    /// covers).
    fn row_at(&self, y: i32) -> u8 {
        let row = ((y - self.top) >> 3) as usize;
        self.block.rows.get(row).copied().unwrap_or(0)
    }
}

// A cell tile's key: bits 0-2 its look, 3-7 the stroke (1 + links), 8 the
// cursor, 9 flipped by a release, and where the falling block covers it:
// bit 10, the first line (11-14) and the line after the last (15-18) it
// covers, the colour of the block's row at the first (19) and the last
// (20) line, and the line (mod 8) its rows start on (21-23).
const CURSOR_BIT: u32 = 1 << 8;
const FLIPPED_BIT: u32 = 1 << 9;
const BLOCK_BIT: u32 = 1 << 10;
/// Set on the preview's tiles' keys.
const PREVIEW_BIT: u32 = 1 << 30;

/// The keys of ringed row `y`'s cells.
fn row_keys(
    game: &Challenge,
    overlay: &Overlay,
    links: &[u8; CELLS],
    fall: &Fall,
    y: u8,
    keys: &mut [u32; RING_WIDTH as usize],
) {
    let ring_look = if overlay.warning {
        Look::Warning
    } else {
        Look::Ring
    } as u32;
    let first_link = usize::from(y) * RING_WIDTH as usize;
    let links = links
        .get(first_link..first_link + RING_WIDTH as usize)
        .unwrap_or(&[0; RING_WIDTH as usize]);
    let cursor = overlay.cursor.filter(|cell| cell.y == y).map(|cell| cell.x);
    let flipped = overlay
        .release
        .as_ref()
        .and_then(|release| release.stroke.get(usize::from(y)).copied())
        .unwrap_or(0);
    let ring_row = y == 0 || y == RING_ROWS - 1;
    // The tiles of the row, if a field row: `None` above the stack; and
    // whether it is clearing.
    let field_row = y.wrapping_sub(1);
    let (bits, flash) = match &overlay.release {
        _ if ring_row => (None, false),
        Some(release) if release.cleared >> field_row & 1 == 1 => (None, true),
        Some(release) => (
            release.rows.get(usize::from(field_row)).copied().flatten(),
            false,
        ),
        None => (game.field_row(field_row), false),
    };
    let block = if ring_row || fall.bottom <= 0 {
        None
    } else {
        block_part(fall, field_row)
    };
    for (x, (key, &link)) in keys.iter_mut().zip(links).enumerate() {
        let x = x as u8;
        let mut value = u32::from(link) << 3;
        if cursor == Some(x) {
            value |= CURSOR_BIT;
        }
        if ring_row || x == 0 || x == RING_WIDTH - 1 {
            *key = value | ring_look;
            continue;
        }
        let column = x - 1;
        let look = if flash {
            Look::Flash
        } else {
            match bits {
                None => Look::Empty,
                Some(bits) if bits >> column & 1 == 1 => Look::Black,
                Some(_) => Look::White,
            }
        };
        value |= look as u32;
        if flipped >> x & 1 == 1 && matches!(look, Look::White | Look::Black) {
            value |= FLIPPED_BIT;
        }
        if let Some(part) = &block {
            value |= part.base
                | u32::from(part.first >> column & 1) << 19
                | u32::from(part.last >> column & 1) << 20;
        }
        *key = value;
    }
}

/// Where the falling block covers a field row's tiles: the key's bits for
/// the lines, and the block's rows at the first and last line covered.
struct BlockPart {
    base: u32,
    first: u8,
    last: u8,
}

fn block_part(fall: &Fall, field_row: u8) -> Option<BlockPart> {
    let cell_top = i32::from(field_row) * 8;
    let from = fall.top.max(cell_top).max(0);
    let to = fall.bottom.min(cell_top + 8);
    if from >= to {
        return None;
    }
    // The block's rows start where `y - top` is a multiple of 8.
    let row_start = (fall.top - cell_top) & 7;
    Some(BlockPart {
        base: BLOCK_BIT
            | ((from - cell_top) as u32) << 11
            | ((to - cell_top) as u32) << 15
            | (row_start as u32) << 21,
        first: fall.row_at(from),
        last: fall.row_at(to - 1),
    })
}

/// A cell tile's pixels from its key.
fn cell_pixels(inks: &Inks, key: u32) -> [u32; TILE_WORDS] {
    let (fill, edge) = inks.of_look(key & 7);
    let links = (key >> 3 & 31) as u8;
    let mut words = [0; TILE_WORDS];
    for (line, word) in words.iter_mut().enumerate() {
        *word = plain_line(
            fill,
            edge,
            key & 7 == Look::Empty as u32,
            inks.empty_dot,
            line,
        );
    }
    if key & BLOCK_BIT != 0 {
        let (from, to) = ((key >> 11 & 15) as usize, (key >> 15 & 15) as usize);
        let row_start = (key >> 21 & 7) as usize;
        let switch = if row_start > from && row_start < to {
            row_start
        } else {
            to
        };
        for (line, word) in words.iter_mut().enumerate().take(to).skip(from) {
            let black = if line < switch {
                key >> 19 & 1
            } else {
                key >> 20 & 1
            } == 1;
            let (fill, edge) = if black {
                (inks.black, inks.black_edge)
            } else {
                (inks.white, inks.white_edge)
            };
            // The edge is the last line of each of the block's rows.
            let last_of_row = (line + 1) & 7 == row_start;
            *word = if last_of_row {
                spread(edge)
            } else {
                (spread(fill) & !0xF000_0000) | edge << 28
            };
        }
    }
    if key & FLIPPED_BIT != 0 {
        let ink = spread(inks.stroke);
        for (line, word) in words.iter_mut().enumerate().take(7).skip(1) {
            let mask = if line == 1 || line == 6 {
                0x0FFF_FFF0
            } else {
                0x0F00_00F0
            };
            *word = (*word & !mask) | (ink & mask);
        }
    }
    if links != 0 {
        let links = links - 1;
        let ink = spread(inks.stroke);
        for (line, word) in words.iter_mut().enumerate() {
            let mut mask = 0;
            let middle = line == 3 || line == 4;
            if middle || (line < 3 && links & 1 != 0) || (line > 4 && links & 4 != 0) {
                mask |= MIDDLE;
            }
            if middle && links & 8 != 0 {
                mask |= LEFT_ARM;
            }
            if middle && links & 2 != 0 {
                mask |= RIGHT_ARM;
            }
            *word = (*word & !mask) | (ink & mask);
        }
    }
    if key & CURSOR_BIT != 0 {
        let ink = spread(inks.cursor);
        words[0] = ink;
        words[TILE_WORDS - 1] = ink;
        for word in words.iter_mut().take(TILE_WORDS - 1).skip(1) {
            *word = (*word & !EDGES) | (ink & EDGES);
        }
    }
    words
}

/// A line of a plain cell: `fill` with an `edge` on the right and the
/// bottom (an empty cell: a dot at its middle).
const fn plain_line(fill: u32, edge: u32, empty: bool, dot: u32, line: usize) -> u32 {
    if empty {
        return if line == 4 {
            (spread(fill) & !0x000F_0000) | dot << 16
        } else {
            spread(fill)
        };
    }
    if line == TILE_WORDS - 1 {
        spread(edge)
    } else {
        (spread(fill) & !0xF000_0000) | edge << 28
    }
}

/// The key of tile `(column, row)` of the preview's box: the ring around
/// it, or four half-size cells of `next` (2 bits each: 0 none, 1 white,
/// 2 black), the block at the bottom of the box.
fn preview_key(next: &Block, column: usize, row: usize) -> u32 {
    if column == 0 || row == 0 || column == PREVIEW_COLUMNS - 1 || row == PREVIEW_ROWS - 1 {
        return PREVIEW_BIT | 1 << 8;
    }
    let mut key = PREVIEW_BIT;
    for dy in 0..2 {
        // Half-size rows 0-3, the block's last at 3.
        let mini_row = (row - 1) * 2 + dy;
        let Some(block_row) = (mini_row + usize::from(next.height)).checked_sub(4) else {
            continue;
        };
        let Some(&bits) = next
            .rows
            .get(block_row)
            .filter(|_| block_row < usize::from(next.height))
        else {
            continue;
        };
        for dx in 0..2 {
            let x = (column - 1) * 2 + dx;
            let black = bits >> x & 1 == 1;
            key |= (1 + u32::from(black)) << (2 * (dy * 2 + dx));
        }
    }
    key
}

fn preview_pixels(inks: &Inks, key: u32) -> [u32; TILE_WORDS] {
    if key & 1 << 8 != 0 {
        return [spread(inks.ring); TILE_WORDS];
    }
    let mut words = [0; TILE_WORDS];
    for (line, word) in words.iter_mut().enumerate() {
        let dy = line / 4;
        let mut value = 0;
        for dx in 0..2 {
            let (fill, edge) = match key >> (2 * (dy * 2 + dx)) & 3 {
                1 => (inks.white, inks.white_edge),
                2 => (inks.black, inks.black_edge),
                _ => (inks.empty, inks.empty),
            };
            // Half-size cells: 4 pixels, the last column and line an edge.
            let half = if line % 4 == 3 {
                spread(edge) & 0xFFFF
            } else {
                (spread(fill) & 0x0FFF) | edge << 12
            };
            value |= half << (16 * dx);
        }
        *word = value;
    }
    words
}

const _: () = assert!(FIELD_WIDTH == 8);
