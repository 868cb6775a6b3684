//! The whole screen as pixels: the drawing plane (`framework::plane`),
//! drawn by writing its tiles' 4-bit pixels in video RAM. Cells of 7 or 13
//! pixels and 3x5 clue digits do not line up with tiles, so the board and
//! its clues are drawn here instead of from a tile sheet.

use alloc::vec::Vec;

use super::glyphs::Glyph;
use super::layout::{SCREEN_HEIGHT, SCREEN_WIDTH};
use crate::framework::plane::{self, PlaneTile};

const COLUMNS: usize = (SCREEN_WIDTH / 8) as usize;
const ROWS: usize = (SCREEN_HEIGHT / 8) as usize;
const _: () = assert!(COLUMNS == plane::COLUMNS && ROWS == plane::ROWS);

pub struct Raster {
    /// Stamps gathered for the next `flush` (at most `STAMPS`).
    stamps: Vec<Stamp>,
    /// Counts the drawing asked of it, so a copy of the screen taken over
    /// several frames can tell whether the screen changed under it.
    changes: u32,
}

/// The screen's tiles, once the plane is built.
fn screen() -> Option<&'static [PlaneTile]> {
    let tiles = plane::tiles();
    (tiles.len() == COLUMNS * ROWS).then_some(tiles)
}

impl Raster {
    pub fn new() -> Self {
        Self {
            stamps: Vec::with_capacity(STAMPS),
            changes: 0,
        }
    }

    /// A number that differs after any drawing (wrapping: compare, never
    /// order).
    pub const fn changes(&self) -> u32 {
        self.changes
    }

    /// Drawing is asked for.
    fn changed(&mut self) {
        self.changes = self.changes.wrapping_add(1);
    }

    /// Pixels go straight onto the plane next (here, or where text inks
    /// it): the stamps gathered go first, and it counts as a change.
    pub fn draw_now(&mut self) {
        self.changed();
        self.flush();
    }

    /// Copy the pixels of up to `count` more tiles, in order, onto the end
    /// of `pixels`; true once it holds the whole screen. (Nothing is
    /// copied until the screen has all its tiles.)
    pub fn keep_part(&mut self, pixels: &mut Vec<[u32; 8]>, count: usize) -> bool {
        debug_assert!(!plane::is_off_screen(), "a copy is kept of the screen");
        self.flush();
        let Some(screen) = screen() else {
            return false;
        };
        let from = pixels.len();
        let count = count.min(screen.len().saturating_sub(from));
        // (No-op when made with room for the screen, as a kept board is.)
        pixels.reserve(count);
        // SAFETY: `count` tiles of the screen, into the room just reserved
        // past the length, which they then fill.
        unsafe {
            plane::copy_out(from, pixels.as_mut_ptr().add(from), count);
            pixels.set_len(from + count);
        }
        pixels.len() == screen.len()
    }

    /// Put up the pixels of up to `count` tiles from tile `from`, as
    /// `keep_part` copied them or a page drawn off screen holds them
    /// (`plane::Page`); the tile to go on from (the screen's tile count
    /// once done).
    pub fn restore_part(&mut self, pixels: &[[u32; 8]], from: usize, count: usize) -> usize {
        debug_assert!(!plane::is_off_screen(), "a page is put up on the screen");
        self.changed();
        self.stamps.clear();
        let screen = screen().unwrap_or(&[]);
        let end = (from + count).min(pixels.len()).min(screen.len());
        if let Some(kept) = pixels.get(from..end) {
            // SAFETY: `kept` holds as many tiles as are put up.
            unsafe { plane::copy_in(from, kept.as_ptr(), kept.len()) };
        }
        end
    }

    /// Fill the rectangle `(x, y, width, height)` (clipped to the screen)
    /// with `colour`.
    pub fn fill(&mut self, x: i32, y: i32, width: i32, height: i32, colour: u8) {
        self.fill_all([(x, y, width, height, colour)]);
    }

    /// `fill` each rectangle `(x, y, width, height, colour)`, in order: a
    /// picture of many rectangles asks for the screen once.
    pub fn fill_all(&mut self, rects: impl IntoIterator<Item = (i32, i32, i32, i32, u8)>) {
        self.draw_now();
        let Some(screen) = screen() else {
            return;
        };
        for (x, y, width, height, colour) in rects {
            let (x0, y0) = (x.max(0), y.max(0));
            let (x1, y1) = (
                (x + width).min(SCREEN_WIDTH),
                (y + height).min(SCREEN_HEIGHT),
            );
            if x0 < x1 && y0 < y1 {
                let pattern = u32::from(colour & 15) * 0x1111_1111;
                fill_tiles(screen, (x0, y0, x1, y1), pattern);
            }
        }
    }

    /// A row of cells `size` pixels square (at most 16), cell `c`'s
    /// top-left at `(x0 + c * pitch, y)`: each with a look takes its pixel
    /// rows (a nibble a pixel, the pixels of `mask`), one without is left
    /// as it is. The row must be on screen.
    pub fn cells(
        &mut self,
        (x0, y): (i32, i32),
        (pitch, size): (i32, usize),
        looks: &[Option<&[Span]>],
        mask: Span,
    ) {
        self.draw_now();
        let right = x0 + (looks.len() as i32 - 1) * pitch + size as i32;
        let Some(screen) = screen() else {
            return;
        };
        if x0 < 0 || right > SCREEN_WIDTH {
            return;
        }
        cells_into(screen, (x0, y), (pitch, size), looks, mask);
    }

    /// Paint tile rows `tile_rows` (of the screen's 20) whole: pixel row
    /// `y` takes the pattern `patterns[kinds[y]]`, a word per tile column.
    /// Nothing of what was there is read or kept.
    pub fn paint_rows(
        &mut self,
        tile_rows: core::ops::Range<usize>,
        kinds: &Kinds,
        patterns: &[Columns],
    ) {
        self.draw_now();
        if let Some(screen) = screen()
            && tile_rows.end <= ROWS
        {
            paint_tiles(screen, tile_rows, kinds, patterns);
        }
    }

    /// The outline of a rectangle, one pixel thick.
    pub fn frame(&mut self, x: i32, y: i32, width: i32, height: i32, colour: u8) {
        self.fill(x, y, width, 1, colour);
        self.fill(x, y + height - 1, width, 1, colour);
        self.fill(x, y, 1, height, colour);
        self.fill(x + width - 1, y, 1, height, colour);
    }

    /// Draw `glyph`'s set pixels with its top-left at `(x, y)`, each pixel
    /// `scale` x `scale`, once the stamps before it are drawn (`flush`).
    pub fn glyph(&mut self, glyph: Glyph, (x, y): (i32, i32), scale: i32, colour: u8) {
        if scale > 2 && glyph.width * scale > 16 {
            self.glyph_in_runs(glyph, (x, y), scale, colour);
            return;
        }
        // A glyph as wide as a stamp once scaled is one stamp, its rows
        // widened and repeated: far less than a fill for each run.
        let rows = glyph.rows.map(|bits| match scale {
            1 => u16::from(bits),
            2 => DOUBLED[usize::from(bits & 0x7F)],
            _ => widened(bits, scale),
        });
        self.stamp((x, y), rows, scale, colour);
    }

    fn glyph_in_runs(&mut self, glyph: Glyph, (x, y): (i32, i32), scale: i32, colour: u8) {
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

    /// Up to five rows of up to 16 pixels (bit 0 leftmost) with the top-left
    /// at `(x, y)`, each row drawn `repeat` times, in `colour`: gathered and
    /// drawn with the others at the next `flush` (or other drawing), so a
    /// line of digits is one call into IWRAM.
    pub fn stamp(&mut self, (x, y): (i32, i32), rows: [u16; 5], repeat: i32, colour: u8) {
        if x >= SCREEN_WIDTH || x <= -16 || !(-80..SCREEN_HEIGHT).contains(&y) {
            return;
        }
        // Off the left edge: the pixels left of 0 go.
        let cut = (-x).max(0);
        let stamp = Stamp {
            x: (x + cut) as i16,
            y: y as i16,
            rows: rows.map(|bits| bits >> cut),
            repeat: repeat.clamp(0, 16) as u8,
            colour: colour & 15,
        };
        self.changed();
        if self.stamps.len() >= STAMPS {
            self.flush();
        }
        self.stamps.push(stamp);
    }

    /// Draw the stamps gathered so far.
    pub fn flush(&mut self) {
        if let Some(screen) = screen()
            && !self.stamps.is_empty()
        {
            stamps_into(screen, &self.stamps);
        }
        self.stamps.clear();
    }
}

/// Up to 16 pixels of a row, a nibble each: pixels 0-7, then 8-15.
pub type Span = [u32; 2];

/// A pattern word for each of the screen's tile columns.
pub type Columns = [u32; COLUMNS];

/// Which pattern each pixel row of the screen takes (`paint_rows`).
pub type Kinds = [u8; SCREEN_HEIGHT as usize];

/// Tile rows of the screen.
pub const TILE_ROWS: usize = ROWS;

/// Tiles of the whole screen.
pub const SCREEN_TILES: usize = COLUMNS * ROWS;

/// Write whole tiles of `tile_rows` from `patterns` by `kinds` (see
/// `Raster::paint_rows`): a screen painted afresh is one pass over its
/// tiles, a store a word, so it runs from IWRAM as ARM code.
#[inline(never)]
#[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn paint_tiles(
    tiles: &[PlaneTile],
    tile_rows: core::ops::Range<usize>,
    kinds: &Kinds,
    patterns: &[Columns],
) {
    for ty in tile_rows {
        let (Some(row), Some(kinds)) = (
            tiles.get(ty * COLUMNS..(ty + 1) * COLUMNS),
            kinds.get(ty * 8..ty * 8 + 8),
        ) else {
            return;
        };
        // The eight pixel rows' patterns, looked up once per tile row.
        // (Index loops: iterator adapters would call out to ROM.)
        let mut lines: [&Columns; 8] = [&[0; COLUMNS]; 8];
        let mut line = 0;
        while line < 8 {
            if let Some(pattern) = patterns.get(usize::from(kinds[line])) {
                lines[line] = pattern;
            }
            line += 1;
        }
        // Lines of the same pattern as the line above share its word.
        let mut same = [false; 8];
        let mut line = 1;
        while line < 8 {
            same[line] = kinds[line] == kinds[line - 1];
            line += 1;
        }
        // Most tile rows are one pattern all the way down (paper, the
        // inside of a box): a tile is then one word stored eight times.
        let mut uniform = true;
        let mut line = 1;
        while line < 8 {
            uniform &= same[line];
            line += 1;
        }
        let mut column = 0;
        while column < COLUMNS {
            if uniform {
                let word = lines[0][column];
                *row[column].data_mut() = [word; 8];
            } else {
                let words = row[column].data_mut();
                let mut word = lines[0][column];
                words[0] = word;
                let mut line = 1;
                while line < 8 {
                    if !same[line] {
                        word = lines[line][column];
                    }
                    words[line] = word;
                    line += 1;
                }
            }
            column += 1;
        }
    }
}

/// Up to five rows of up to 16 pixels in one colour (see `Raster::stamp`).
#[derive(Clone, Copy, Default)]
pub struct Stamp {
    x: i16,
    y: i16,
    rows: [u16; 5],
    repeat: u8,
    colour: u8,
}

/// Stamps waiting for `Raster::flush`.
const STAMPS: usize = 16;

/// A glyph row's bits (7 at most) with each pixel doubled: scale 2.
static DOUBLED: [u16; 128] = {
    let mut table = [0; 128];
    let mut bits = 0;
    while bits < 128 {
        let mut gx = 0;
        while gx < 7 {
            if bits & (1 << gx) != 0 {
                table[bits] |= 0b11 << (gx * 2);
            }
            gx += 1;
        }
        bits += 1;
    }
    table
};

/// A row of pixels (bit 0 leftmost) with each pixel `scale` wide, as far
/// as 16 pixels.
#[must_use]
pub fn widened(bits: u8, scale: i32) -> u16 {
    let block = (1u16 << scale.clamp(0, 15)) - 1;
    let mut row = 0;
    let mut gx = 0;
    while gx * scale < 16 {
        if bits & (1 << gx) != 0 {
            row |= block << (gx * scale);
        }
        gx += 1;
    }
    row
}

/// A row of up to seven pixels (bit 0 leftmost) with each pixel doubled.
#[must_use]
pub fn doubled(bits: u8) -> u16 {
    DOUBLED[usize::from(bits & 0x7F)]
}

/// Eight pixels' bits as a mask of nibbles.
pub static NIBBLES: [u32; 256] = {
    let mut table = [0; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut x = 0;
        while x < 8 {
            if bits & (1 << x) != 0 {
                table[bits] |= 0xF << (x * 4);
            }
            x += 1;
        }
        bits += 1;
    }
    table
};

/// Draw `stamps` (their `x` on screen): rows off the top or bottom and
/// pixels past the right edge are left out. Every digit on the board is a
/// stamp, so it runs from IWRAM as ARM code, with index loops (iterator
/// adapters would call out to ROM), compiled for size (IWRAM is short).
#[optimize(size)]
#[inline(never)]
#[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn stamps_into(tiles: &[PlaneTile], stamps: &[Stamp]) {
    let mut s = 0;
    while s < stamps.len() {
        let stamp = &stamps[s];
        s += 1;
        let (x, mut py) = (i32::from(stamp.x), i32::from(stamp.y));
        let shift = ((x & 7) * 4) as u32;
        let column = (x >> 3) as usize;
        let ink = u32::from(stamp.colour) * 0x1111_1111;
        // The tiles under the stamp's rows, looked up once per tile row.
        let (mut words, mut words_row) = ([core::ptr::null_mut(); 3], usize::MAX);
        let mut r = 0;
        while r < 5 {
            let bits = stamp.rows[r];
            r += 1;
            let mask = [
                NIBBLES[usize::from(bits & 0xFF)],
                NIBBLES[usize::from(bits >> 8)],
            ];
            let masks = across_tiles(mask, shift);
            let mut repeated = 0;
            while repeated < stamp.repeat {
                repeated += 1;
                // (Not `contains`: that would call out to ROM.)
                #[allow(clippy::manual_range_contains)]
                let on_screen = py >= 0 && py < SCREEN_HEIGHT;
                if bits != 0 && on_screen {
                    let ty = (py >> 3) as usize;
                    if ty != words_row {
                        words = tile_words(tiles, ty, column);
                        words_row = ty;
                    }
                    write_row(&words, (py & 7) as usize, &masks, ink);
                }
                py += 1;
            }
        }
    }
}

/// A row of up to 16 pixels (a nibble each) moved right by `shift` bits
/// (0 to 28, a pixel's multiple) across the three tile words it can touch.
#[inline(always)]
const fn across_tiles(span: Span, shift: u32) -> [u32; 3] {
    if shift == 0 {
        [span[0], span[1], 0]
    } else {
        let back = 32 - shift;
        [
            span[0] << shift,
            span[0] >> back | span[1] << shift,
            span[1] >> back,
        ]
    }
}

/// The words of the (up to three) tiles from `column` on tile row `ty`
/// (null past the screen's edge): a tile's address is in EWRAM, so the
/// drawing functions look them up once per tile row. Inlined into them, to
/// run from IWRAM.
#[inline(always)]
fn tile_words(tiles: &[PlaneTile], ty: usize, column: usize) -> [*mut u32; 3] {
    let mut words = [core::ptr::null_mut(); 3];
    let mut k = 0;
    while k < 3 {
        if column + k < COLUMNS
            && let Some(tile) = tiles.get(ty * COLUMNS + column + k)
        {
            words[k] = tile.data_mut().as_mut_ptr();
        }
        k += 1;
    }
    words
}

/// Pixel row `line` of the tiles `words`: the pixels of `masks` take their
/// nibble of `inks`.
#[inline(always)]
fn write_row(words: &[*mut u32; 3], line: usize, masks: &[u32; 3], inks: u32) {
    if line < 8 {
        // Written out, not looped: this is the innermost step of every
        // stamp.
        write_word(words[0], line, masks[0], inks);
        write_word(words[1], line, masks[1], inks);
        write_word(words[2], line, masks[2], inks);
    }
}

/// Pixel row `line` (below eight) of the tile at `tile`: the pixels of
/// `mask` take their nibble of `inks`.
#[inline(always)]
fn write_word(tile: *mut u32, line: usize, mask: u32, inks: u32) {
    if mask != 0 && !tile.is_null() {
        // SAFETY: a non-null word is the start of a tile's eight words
        // (`tile_words`), borrowed with the tiles for the caller's whole
        // run, and the caller checked `line` is below eight.
        unsafe {
            let word = tile.add(line);
            *word = (*word & !mask) | (inks & mask);
        }
    }
}

/// Fill pixels `x0..x1` by `y0..y1` (on screen, not empty) with
/// `pattern`: a tile at a time, its rows in a run. A list page's turn
/// fills every slot's picture and labels, mostly in part-tiles that are
/// read and written a word a row, so it runs from IWRAM as ARM code.
#[inline(never)]
#[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn fill_tiles(tiles: &[PlaneTile], (x0, y0, x1, y1): (i32, i32, i32, i32), pattern: u32) {
    let first_column = (x0 >> 3) as usize;
    let end_column = ((x1 + 7) >> 3) as usize;
    // The pixels of the first and last tile columns inside the rectangle.
    let first_mask = span_mask(x0 & 7, (x1 - (x0 & !7)).min(8));
    let last_mask = span_mask(0, x1 - ((end_column as i32 - 1) * 8));
    let mut ty = y0 >> 3;
    while ty << 3 < y1 {
        let from_line = (y0 - (ty << 3)).max(0) as usize;
        let to_line = (y1 - (ty << 3)).min(8) as usize;
        let mut column = first_column;
        while column < end_column {
            let mut mask = u32::MAX;
            if column == first_column {
                mask &= first_mask;
            }
            if column + 1 == end_column {
                mask &= last_mask;
            }
            if let Some(tile) = tiles.get(ty as usize * COLUMNS + column) {
                // One loop for whole and part tiles (a whole one keeps
                // nothing of the old pixels): small, as IWRAM must be.
                let (keep, ink) = (!mask, pattern & mask);
                let words = tile.data_mut();
                let mut line = from_line;
                while line < to_line {
                    let word = &mut words[line & 7];
                    *word = (*word & keep) | ink;
                    line += 1;
                }
            }
            column += 1;
        }
        ty += 1;
    }
}

/// Draw a row of cells `size` pixels square, the top-left of cell `c` at
/// `(x0 + c * pitch, y)` (all on screen): each cell with a look takes its
/// pixel rows (the pixels of `mask`, a nibble each), a cell without is left
/// as it is. Index loops: iterator adapters would call out of line.
#[inline(never)]
fn cells_into(
    tiles: &[PlaneTile],
    (x0, y): (i32, i32),
    (pitch, size): (i32, usize),
    looks: &[Option<&[Span]>],
    mask: Span,
) {
    let mut c = 0;
    let mut x = x0;
    while c < looks.len() {
        if let Some(rows) = looks[c] {
            let shift = ((x & 7) * 4) as u32;
            let masks = across_tiles(mask, shift);
            let column = (x >> 3) as usize;
            let (mut words, mut words_row) = ([core::ptr::null_mut(); 3], usize::MAX);
            let mut r = 0;
            while r < size && r < rows.len() {
                let py = y + r as i32;
                let inks = across_tiles(rows[r], shift);
                let ty = (py >> 3) as usize;
                if ty != words_row {
                    words = tile_words(tiles, ty, column);
                    words_row = ty;
                }
                let line = (py & 7) as usize;
                let mut k = 0;
                while k < 3 {
                    let m = masks[k];
                    if m != 0 && !words[k].is_null() {
                        // SAFETY: as in `write_row`.
                        unsafe {
                            let word = words[k].add(line);
                            *word = (*word & !m) | (inks[k] & m);
                        }
                    }
                    k += 1;
                }
                r += 1;
            }
        }
        c += 1;
        x += pitch;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The screen a pixel a nibble, as the tiles hold it, row by row.
    struct Screen(alloc::vec::Vec<u32>);

    impl Screen {
        const WORDS: usize = (SCREEN_WIDTH * SCREEN_HEIGHT / 8) as usize;

        fn new(colour: u8) -> Self {
            Self(alloc::vec![u32::from(colour) * 0x1111_1111; Self::WORDS])
        }

        fn set(&mut self, (x, y): (i32, i32), colour: u8) {
            if (0..SCREEN_WIDTH).contains(&x) && (0..SCREEN_HEIGHT).contains(&y) {
                let word = &mut self.0[(y * SCREEN_WIDTH + x) as usize / 8];
                let shift = (x % 8) * 4;
                *word = (*word & !(0xF << shift)) | u32::from(colour) << shift;
            }
        }

        /// The first eight pixels where `raster` shows something else.
        fn first_difference(&self, raster: &Raster) -> Option<(usize, usize)> {
            (0..Self::WORDS).find_map(|i| {
                let (x, y) = (i * 8 % SCREEN_WIDTH as usize, i * 8 / SCREEN_WIDTH as usize);
                let _ = raster;
                let word = plane::tiles()[y / 8 * COLUMNS + x / 8].data()[y % 8];
                (word != self.0[i]).then_some((x, y))
            })
        }
    }

    /// Stamps at every offset within a tile, clipped at each edge, a fill,
    /// a paint of tile rows from patterns and a row of cells each set
    /// exactly their pixels: the screen read back is the one drawn pixel by
    /// pixel.
    #[test_case]
    fn each_way_of_drawing_sets_exactly_its_pixels(_gba: &mut agb::Gba) {
        plane::build();
        let mut raster = Raster::new();
        raster.fill(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT, 1);
        let mut expected = Screen::new(1);
        assert_eq!(expected.first_difference(&raster), None, "made blank");

        // Two tile rows painted from patterns: a pattern a pixel row.
        let mut patterns = [[0u32; COLUMNS]; 3];
        for (kind, pattern) in patterns.iter_mut().enumerate() {
            for (column, word) in pattern.iter_mut().enumerate() {
                *word = 0x1111_1111 * ((kind as u32 + column as u32) % 14 + 2);
            }
        }
        let mut kinds = [0u8; SCREEN_HEIGHT as usize];
        for (y, kind) in kinds.iter_mut().enumerate() {
            *kind = (y % 3) as u8;
        }
        raster.paint_rows(2..4, &kinds, &patterns);
        for y in 16..32 {
            for x in 0..SCREEN_WIDTH {
                let colour = (i32::from(kinds[y as usize]) + x / 8) % 14 + 2;
                expected.set((x, y), colour as u8);
            }
        }
        // Stamps: every offset in a tile, across the right edge, off the
        // left one twice as tall, and off the bottom.
        let rows = [0b1011_0000_1111_0001, 0x8001, 0, 0xFFFF, 0b101];
        let mut places: alloc::vec::Vec<(i32, i32, i32)> =
            (0..8).map(|x| (x + 17 * x, 40 + 7 * x, 1)).collect();
        places.extend([(230, 100, 1), (-5, 110, 2), (100, 157, 1)]);
        for &(x, y, repeat) in &places {
            raster.stamp((x, y), rows, repeat, 7);
            for (r, &bits) in rows.iter().enumerate() {
                for bit in (0..16).filter(|bit| bits & (1 << bit) != 0) {
                    for again in 0..repeat {
                        expected.set((x + bit, y + r as i32 * repeat + again), 7);
                    }
                }
            }
        }
        raster.flush();
        // A glyph at every scale the screens use, as stamps or runs of
        // fills: each pixel a square of the scale's side.
        let glyph = super::super::glyphs::QUESTION;
        for scale in 1..=5 {
            let (x, y) = (4 + scale * 22, 120 - scale * 3);
            raster.glyph(glyph, (x, y), scale, 12);
            for (gy, &bits) in glyph.rows.iter().enumerate() {
                for gx in (0..glyph.width).filter(|gx| bits & (1 << gx) != 0) {
                    for (dx, dy) in (0..scale * scale).map(|i| (i % scale, i / scale)) {
                        expected.set((x + gx * scale + dx, y + gy as i32 * scale + dy), 12);
                    }
                }
            }
        }
        raster.flush();
        // A fill across tiles, clipped at the bottom.
        raster.fill(3, 150, 77, 20, 9);
        for y in 150..170 {
            for x in 3..80 {
                expected.set((x, y), 9);
            }
        }
        // A row of cells 6 pixels square at a pitch of 7, every other one
        // drawn, each row of a cell in its own colour.
        let art: alloc::vec::Vec<Span> = (0..6).map(|r| [0x1111_1111 * (r + 10), 0]).collect();
        let looks: alloc::vec::Vec<Option<&[Span]>> = (0..9)
            .map(|c| (c % 2 == 0).then_some(art.as_slice()))
            .collect();
        raster.cells((61, 70), (7, 6), &looks, [0x00FF_FFFF, 0]);
        for c in (0..9).step_by(2) {
            for r in 0..6 {
                for x in 0..6 {
                    expected.set((61 + c * 7 + x, 70 + r), (r + 10) as u8);
                }
            }
        }
        // Rectangles filled together, one off the screen's edge.
        raster.fill_all([
            (150, 60, 13, 5, 11),
            (158, 62, 3, 9, 12),
            (236, 150, 9, 20, 13),
        ]);
        for (x0, y0, width, height, colour) in [
            (150, 60, 13, 5, 11),
            (158, 62, 3, 9, 12),
            (236, 150, 9, 20, 13),
        ] {
            for y in y0..y0 + height {
                for x in x0..x0 + width {
                    expected.set((x, y), colour);
                }
            }
        }
        assert_eq!(
            expected.first_difference(&raster),
            None,
            "the first eight pixels that differ"
        );

        // Kept in parts, painted over, put back in parts of another size:
        // the screen as it was.
        let mut kept = alloc::vec::Vec::new();
        while !raster.keep_part(&mut kept, 97) {}
        raster.fill(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT, 3);
        let mut from = 0;
        while from < kept.len() {
            from = raster.restore_part(&kept, from, 61);
        }
        assert_eq!(
            expected.first_difference(&raster),
            None,
            "kept and put back: the first eight pixels that differ"
        );
    }
}
