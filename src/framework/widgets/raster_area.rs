//! A rectangle of the drawing plane (`framework::plane`) drawn tile by
//! tile from tile sheets: drawing there is writing that tile's pixels (a
//! few hundred cycles), for areas redrawn whole at a key press, such as a
//! board.
//!
//! Pixels come from tile sheets in the plane's palette, or from another
//! palette's tiles translated into it once ([`Translation::tile`]) and then
//! copied; a tile may be drawn with a second one over it (its colour 0
//! see-through).

use agb::display::{Palette16, Rgb15};

use crate::framework::plane::{self, PlaneTile};

/// Words of 4-bit pixel data in one tile.
pub const TILE_WORDS: usize = 8;

pub struct RasterArea {
    /// The plane's tiles from the area's top-left one on.
    tiles: &'static [PlaneTile],
    columns: usize,
    rows: usize,
}

impl RasterArea {
    /// An area of `columns` x `rows` tiles of the plane from tile `origin`
    /// (clipped to the plane).
    pub fn new((x, y): (i32, i32), columns: usize, rows: usize) -> Self {
        let (x, y) = (
            x.clamp(0, plane::COLUMNS as i32) as usize,
            y.clamp(0, plane::ROWS as i32) as usize,
        );
        Self {
            tiles: plane::tiles().get(y * plane::COLUMNS + x..).unwrap_or(&[]),
            columns: columns.min(plane::COLUMNS - x),
            rows: rows.min(plane::ROWS - y),
        }
    }

    /// The pixels of the area's tile `(column, row)`; none outside it.
    #[inline]
    fn tile(&mut self, column: usize, row: usize) -> Option<&'static mut [u32; TILE_WORDS]> {
        if column >= self.columns || row >= self.rows {
            return None;
        }
        self.tiles
            .get(row * plane::COLUMNS + column)
            .map(PlaneTile::data_mut)
    }

    /// Tile `(column, row)` of the area made to show `under` with `over` on
    /// top where its pixels are not colour 0 (both in the area's palette).
    /// Ignored outside the area.
    pub fn put(&mut self, (column, row): (usize, usize), under: &[u32], over: Option<&[u32]>) {
        let (Some(out), Ok(under)) = (
            self.tile(column, row),
            <&[u32; TILE_WORDS]>::try_from(under),
        ) else {
            return;
        };
        let over = over.and_then(|over| <&[u32; TILE_WORDS]>::try_from(over).ok());
        for word in 0..TILE_WORDS {
            let mut value = under[word];
            if let Some(over) = over {
                value = overlay(value, over[word]);
            }
            out[word] = value;
        }
    }

    /// Tile `(column, row)` of the area made to show `pixels` (in the
    /// area's palette) as they are: a copy. Ignored outside the area.
    pub fn copy(&mut self, (column, row): (usize, usize), pixels: &[u32; TILE_WORDS]) {
        if let Some(out) = self.tile(column, row) {
            *out = *pixels;
        }
    }

    /// A block of pixels drawn from pixel `(x, y)` of the area, over
    /// whatever tiles it falls on (the tiles' other pixels stay): a line
    /// of the block for each of `lines` (up to 16), its first `width` (1 to
    /// 16) pixels of 8 in `low` and the rest in `high` (4 bits each, the
    /// first lowest; the pixels past `width` 0). Lines and columns outside
    /// the area are left out.
    pub fn put_block(&mut self, (x, y): (usize, usize), lines: &[(u32, u32)], width: usize) {
        let shift = 4 * (x & 7) as u32;
        let back = 32 - shift;
        let masks = spread(line_masks(width), shift);
        // Tile by tile, each with a loop of a few instructions a line (this
        // runs for every cell of a board): the pixels past `width` being
        // 0, a line shifted into place needs no masking.
        for (part, &mask) in masks.iter().enumerate() {
            let column = (x >> 3) + part;
            if mask == 0 || column >= self.columns {
                continue;
            }
            let keep = !mask;
            let mut at = 0;
            while at < lines.len() {
                let (row, top) = ((y + at) >> 3, (y + at) & 7);
                // The block's lines on this row of tiles.
                let band = (TILE_WORDS - top).min(lines.len() - at);
                let (Some(words), Some(band)) = (
                    self.tile(column, row)
                        .and_then(|tile| tile.get_mut(top..top + band)),
                    lines.get(at..at + band),
                ) else {
                    break;
                };
                at += band.len();
                let words = words.iter_mut().zip(band);
                // Where the block covers the whole of a tile's lines, they
                // need not be read.
                match (part, shift) {
                    (0, 0) if keep == 0 => words.for_each(|(word, &(low, _))| *word = low),
                    (1, 1..) if keep == 0 => words.for_each(|(word, &(low, high))| {
                        *word = low >> back | high << shift;
                    }),
                    (0, _) => {
                        words.for_each(|(word, &(low, _))| *word = (*word & keep) | low << shift)
                    }
                    (1, 0) => words.for_each(|(word, &(_, high))| *word = (*word & keep) | high),
                    (1, _) => words.for_each(|(word, &(low, high))| {
                        *word = (*word & keep) | low >> back | high << shift;
                    }),
                    _ => words.for_each(|(word, &(_, high))| *word = (*word & keep) | high >> back),
                }
            }
        }
    }
}

/// The bits of the first `count` pixels of a line of 16.
const fn line_masks(count: usize) -> (u32, u32) {
    match count {
        0 => (0, 0),
        1..8 => ((1 << (4 * count)) - 1, 0),
        8 => (u32::MAX, 0),
        9..16 => (u32::MAX, (1 << (4 * (count - 8))) - 1),
        _ => (u32::MAX, u32::MAX),
    }
}

/// A line of up to 16 pixels moved `shift` bits (under 32) along, as the
/// words of the three tiles it may fall on.
const fn spread((low, high): (u32, u32), shift: u32) -> [u32; 3] {
    if shift == 0 {
        return [low, high, 0];
    }
    let back = 32 - shift;
    [low << shift, low >> back | high << shift, high >> back]
}

/// `over`'s pixels drawn on `under`'s where they are not colour 0.
pub const fn overlay(under: u32, over: u32) -> u32 {
    (under & !opaque_mask(over)) | over
}

/// The nibbles of `pixels` that are not colour 0, as all-ones nibbles.
const fn opaque_mask(pixels: u32) -> u32 {
    let any = (pixels | pixels >> 1 | pixels >> 2 | pixels >> 3) & 0x1111_1111;
    any * 15
}

/// Colour numbers of one palette mapped to another's, two pixels (a byte)
/// at a time.
pub struct Translation([u8; 256]);

impl Translation {
    /// Maps `from`'s colours into `into`: each colour `into` already has
    /// keeps its number there, each other takes a free entry of `into`
    /// (one still `Rgb15(0)`, which agb leaves unused entries as). Colour
    /// 0 stays see-through. `None` if `into` has too few free entries.
    pub fn merge(from: &Palette16, into: &mut Palette16) -> Option<Self> {
        let mut map = [0u8; 16];
        for (index, slot) in map.iter_mut().enumerate().skip(1) {
            let colour = from.colour(index);
            if colour == Rgb15(0) {
                continue;
            }
            let found = (1..16).find(|&at| into.colour(at) == colour);
            let at = match found {
                Some(at) => at,
                None => {
                    let free = (1..16).find(|&at| into.colour(at) == Rgb15(0))?;
                    into.update_colour(free, colour);
                    free
                }
            };
            *slot = at as u8;
        }
        let mut bytes = [0u8; 256];
        for (byte, out) in bytes.iter_mut().enumerate() {
            *out = map[byte & 15] | map[byte >> 4] << 4;
        }
        Some(Self(bytes))
    }

    /// Eight pixels' colour numbers translated.
    fn word(&self, pixels: u32) -> u32 {
        let byte = |shift: u32| u32::from(self.0[(pixels >> shift & 0xff) as usize]) << shift;
        byte(0) | byte(8) | byte(16) | byte(24)
    }

    /// A tile's pixels translated (a tile short of words reads as blank).
    #[must_use]
    pub fn tile(&self, pixels: &[u32]) -> [u32; TILE_WORDS] {
        let mut out = [0; TILE_WORDS];
        for (out, &word) in out.iter_mut().zip(pixels) {
            *out = self.word(word);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn over_covers_only_its_coloured_pixels(_gba: &mut agb::Gba) {
        assert_eq!(opaque_mask(0x1020_0F00), 0xF0F0_0F00);
        assert_eq!(opaque_mask(0), 0);
        assert_eq!(opaque_mask(0x8888_8888), 0xFFFF_FFFF);
    }

    #[test_case]
    fn a_line_of_pixels_spreads_over_the_tiles_it_falls_on(_gba: &mut agb::Gba) {
        let line = (0x7654_3210, 0xFEDC_BA98);
        assert_eq!(spread(line, 0), [0x7654_3210, 0xFEDC_BA98, 0]);
        assert_eq!(spread(line, 8), [0x5432_1000, 0xDCBA_9876, 0xFE]);
        // Fourteen pixels from the last of a tile reach into a third tile.
        assert_eq!(
            spread((0x7654_3210, 0x00DC_BA98), 28),
            [0x0000_0000, 0x8765_4321, 0x000D_CBA9]
        );
        assert_eq!(line_masks(14), (u32::MAX, 0x00FF_FFFF));
        assert_eq!(line_masks(8), (u32::MAX, 0));
        assert_eq!(line_masks(3), (0xFFF, 0));
    }

    #[test_case]
    fn a_merge_keeps_shared_colours_and_adds_the_rest(_gba: &mut agb::Gba) {
        let mut from = [Rgb15(0); 16];
        from[1] = Rgb15(0x1111);
        from[2] = Rgb15(0x2222);
        let mut into = [Rgb15(0); 16];
        into[1] = Rgb15(0x2222);
        let mut into = Palette16::new(into);
        let Some(translation) = Translation::merge(&Palette16::new(from), &mut into) else {
            panic!("room to merge");
        };
        assert_eq!(into.colour(2), Rgb15(0x1111));
        assert_eq!(translation.word(0x0000_0021), 0x0000_0012);
        // A full palette has no room for a new colour.
        let full = Palette16::new(core::array::from_fn(|i| Rgb15(0x100 + i as u16)));
        assert!(Translation::merge(&Palette16::new(from), &mut full.clone()).is_none());
    }
}
