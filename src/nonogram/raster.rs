//! The whole screen as pixels: a background layer of its own tiles, one per
//! 8x8 block, drawn by writing their 4-bit pixels in video RAM. Cells of 7
//! or 13 pixels and 3x5 clue digits do not line up with tiles, so the board
//! and its clues are drawn here instead of from a tile sheet.

use agb::display::tiled::{DynamicTile16, RegularBackground, TileEffect, TileSetting};
use alloc::vec::Vec;

use super::glyphs::Glyph;
use super::layout::{SCREEN_HEIGHT, SCREEN_WIDTH};
use crate::framework::widgets::font::Glyph as FontGlyph;

const COLUMNS: usize = (SCREEN_WIDTH / 8) as usize;
const ROWS: usize = (SCREEN_HEIGHT / 8) as usize;
/// Tiles made and mapped per `build_step` (mapping a tile is costly, so the
/// screen's are spread over frames).
const TILES_PER_STEP: usize = 30;

pub struct Raster {
    tiles: Vec<DynamicTile16>,
    palette: u8,
    background: u8,
}

impl Raster {
    /// A raster in palette slot `palette`, its tiles filled with colour
    /// `background` as they are made.
    pub fn new(palette: u8, background: u8) -> Self {
        Self {
            tiles: Vec::with_capacity(COLUMNS * ROWS),
            palette,
            background,
        }
    }

    /// Make and map the next tiles; true once the whole screen has them.
    pub fn build_step(&mut self, layer: &mut RegularBackground) -> bool {
        for _ in 0..TILES_PER_STEP {
            let index = self.tiles.len();
            if index == COLUMNS * ROWS {
                return true;
            }
            let tile = DynamicTile16::new().fill_with(self.background);
            let position = ((index % COLUMNS) as i32, (index / COLUMNS) as i32);
            layer.set_tile_dynamic16(position, &tile, TileEffect::default().palette(self.palette));
            self.tiles.push(tile);
        }
        self.tiles.len() == COLUMNS * ROWS
    }

    /// Take the last tiles off `layer` and let them go, as `build_step`
    /// made them; true once none is left. Letting the whole screen's go at
    /// once, when the window closes, would crowd that frame.
    pub fn dismantle_step(&mut self, layer: &mut RegularBackground) -> bool {
        for _ in 0..TILES_PER_STEP {
            let Some(tile) = self.tiles.pop() else {
                return true;
            };
            let index = self.tiles.len();
            let position = ((index % COLUMNS) as i32, (index / COLUMNS) as i32);
            // Blank needs a tile set of the layer's format, not its tiles.
            layer.set_tile(
                position,
                &super::art::tiles::SWATCH.tiles,
                TileSetting::BLANK,
            );
            drop(tile);
        }
        self.tiles.is_empty()
    }

    /// Fill the rectangle `(x, y, width, height)` (clipped to the screen)
    /// with `colour`.
    pub fn fill(&mut self, x: i32, y: i32, width: i32, height: i32, colour: u8) {
        let (x0, y0) = (x.max(0), y.max(0));
        let (x1, y1) = (
            (x + width).min(SCREEN_WIDTH),
            (y + height).min(SCREEN_HEIGHT),
        );
        if x0 >= x1 || y0 >= y1 || self.tiles.len() < COLUMNS * ROWS {
            return;
        }
        fill_tiles(
            &mut self.tiles,
            (x0, y0, x1, y1),
            u32::from(colour & 15) * 0x1111_1111,
        );
    }

    /// The outline of a rectangle, one pixel thick.
    pub fn frame(&mut self, x: i32, y: i32, width: i32, height: i32, colour: u8) {
        self.fill(x, y, width, 1, colour);
        self.fill(x, y + height - 1, width, 1, colour);
        self.fill(x, y, 1, height, colour);
        self.fill(x + width - 1, y, 1, height, colour);
    }

    /// Draw `glyph`'s set pixels with its top-left at `(x, y)`, each pixel
    /// `scale` x `scale`.
    pub fn glyph(&mut self, glyph: Glyph, (x, y): (i32, i32), scale: i32, colour: u8) {
        for (gy, &bits) in glyph.rows.iter().enumerate() {
            let mut gx = 0;
            while gx < glyph.width {
                // Runs of set pixels in one fill each.
                if bits & (1 << gx) == 0 {
                    gx += 1;
                    continue;
                }
                let start = gx;
                while gx < glyph.width && bits & (1 << gx) != 0 {
                    gx += 1;
                }
                self.fill(
                    x + start * scale,
                    y + gy as i32 * scale,
                    (gx - start) * scale,
                    scale,
                    colour,
                );
            }
        }
    }

    /// A letter of the desktop's font with its row 0 at `(x, y)`, in `colour`
    /// (its blank pixels leave what is under them).
    pub fn letter(&mut self, glyph: &FontGlyph, (x, y): (i32, i32), colour: u8) {
        if !(0..SCREEN_WIDTH).contains(&x) || self.tiles.len() < COLUMNS * ROWS {
            return;
        }
        letter_into(&mut self.tiles, &glyph.rows, (x, y), u32::from(colour & 15));
    }

    /// A straight line from `(x0, y0)` to `(x1, y1)`, both ends drawn.
    pub fn line(&mut self, (x0, y0): (i32, i32), (x1, y1): (i32, i32), colour: u8) {
        let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
        for i in 0..=steps {
            let x = x0 + ((x1 - x0) * i + steps / 2 * (x1 - x0).signum()) / steps;
            let y = y0 + ((y1 - y0) * i + steps / 2 * (y1 - y0).signum()) / steps;
            self.fill(x, y, 1, 1, colour);
        }
    }
}

/// Fill pixels `x0..x1` by `y0..y1` (on screen, not empty) with `pattern`:
/// a tile at a time, its rows in a run. Every board redraw is made of
/// these, so it runs from IWRAM as ARM code.
#[inline(never)]
#[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn fill_tiles(tiles: &mut [DynamicTile16], (x0, y0, x1, y1): (i32, i32, i32, i32), pattern: u32) {
    let mut ty = y0 >> 3;
    while ty << 3 < y1 {
        let from_line = (y0 - (ty << 3)).max(0) as usize;
        let to_line = (y1 - (ty << 3)).min(8) as usize;
        let mut tx = x0 >> 3;
        while tx << 3 < x1 {
            let mask = span_mask((x0 - (tx << 3)).max(0), (x1 - (tx << 3)).min(8));
            let index = ty as usize * COLUMNS + tx as usize;
            if let Some(tile) = tiles.get_mut(index) {
                for word in &mut tile.data_mut()[from_line..to_line] {
                    *word = (*word & !mask) | (pattern & mask);
                }
            }
            tx += 1;
        }
        ty += 1;
    }
}

/// ORs a letter's rows (a nibble of 1 or 0 a pixel) into the tiles, in
/// `colour`, row 0 at `(x, y)` (`x` on screen). A page of text is a few
/// hundred letters, a fraction of a frame from ROM: IWRAM is kept for the
/// stack.
fn letter_into(tiles: &mut [DynamicTile16], rows: &[u32], (x, y): (i32, i32), colour: u32) {
    let (column, shift) = ((x >> 3) as usize, ((x & 7) * 4) as u32);
    for (r, &row) in rows.iter().enumerate() {
        let py = y + r as i32;
        if row == 0 || !(0..SCREEN_HEIGHT).contains(&py) {
            continue;
        }
        let (mask, ink) = (row * 0xF, row * colour);
        let index = (py >> 3) as usize * COLUMNS + column;
        let line = (py & 7) as usize;
        if let Some(word) = tiles
            .get_mut(index)
            .and_then(|tile| tile.data_mut().get_mut(line))
        {
            *word = (*word & !(mask << shift)) | (ink << shift);
        }
        if shift > 0
            && column + 1 < COLUMNS
            && let Some(word) = tiles
                .get_mut(index + 1)
                .and_then(|tile| tile.data_mut().get_mut(line))
        {
            *word = (*word & !(mask >> (32 - shift))) | (ink >> (32 - shift));
        }
    }
}

/// The nibbles of pixels `from..to` of a tile row.
const fn span_mask(from: i32, to: i32) -> u32 {
    let high = if to >= 8 {
        u32::MAX
    } else {
        (1 << (to * 4)) - 1
    };
    let low = (1u32 << (from * 4)) - 1;
    high & !low
}
