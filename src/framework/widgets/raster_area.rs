//! A rectangle of a layer whose tiles are its own: each place gets a
//! dynamic tile, made and mapped once, and drawing there is then writing
//! that tile's pixels (a few hundred cycles) instead of mapping a sheet's
//! tile through agb's tile table (over a thousand). For areas redrawn
//! whole at a key press, such as a board.
//!
//! Pixels come from tile sheets in one of two palettes: the area's own, and
//! one other translated into it ([`Translation`]); a tile may be drawn with
//! a second one over it (its colour 0 see-through).

use agb::display::{
    Palette16, Rgb15,
    tiled::{DynamicTile16, RegularBackground, TileEffect, TileSetting},
};
use alloc::vec::Vec;

use crate::framework::assets::desktop;

/// Words of 4-bit pixel data in one tile.
pub const TILE_WORDS: usize = 8;

pub struct RasterArea {
    tiles: Vec<DynamicTile16>,
    /// The area's top-left tile on its layer.
    origin: (i32, i32),
    columns: usize,
    rows: usize,
    palette: u8,
}

impl RasterArea {
    /// An area of `columns` x `rows` tiles from tile `origin`, in palette
    /// slot `palette`; none of its tiles made yet.
    pub fn new(origin: (i32, i32), columns: usize, rows: usize, palette: u8) -> Self {
        Self {
            tiles: Vec::with_capacity(columns * rows),
            origin,
            columns,
            rows,
            palette,
        }
    }

    /// Whether every tile is made and mapped.
    pub fn is_built(&self) -> bool {
        self.tiles.len() == self.columns * self.rows
    }

    /// Make and map up to `count` more tiles (see-through until drawn), in
    /// rows from the top; true once all are.
    pub fn build(&mut self, layer: &mut RegularBackground, count: usize) -> bool {
        let index = self.tiles.len();
        // The place, kept as a column and row (no dividing).
        let (mut column, mut row) = (index, 0usize);
        while column >= self.columns {
            column -= self.columns;
            row += 1;
        }
        for _ in 0..count {
            if self.is_built() {
                break;
            }
            let tile = DynamicTile16::new().fill_with(0);
            let position = (self.origin.0 + column as i32, self.origin.1 + row as i32);
            layer.set_tile_dynamic16(position, &tile, TileEffect::default().palette(self.palette));
            self.tiles.push(tile);
            column += 1;
            if column == self.columns {
                (column, row) = (0, row + 1);
            }
        }
        self.is_built()
    }

    /// Take up to `count` of the last tiles off `layer` and let them go,
    /// in reverse of [`Self::build`]; true once none is left. Letting all
    /// of them go at once, as the window closes, would crowd that frame.
    pub fn dismantle(&mut self, layer: &mut RegularBackground, count: usize) -> bool {
        for _ in 0..count {
            let Some(tile) = self.tiles.pop() else {
                break;
            };
            let mut index = self.tiles.len();
            let mut row = 0;
            while index >= self.columns {
                index -= self.columns;
                row += 1;
            }
            let position = (self.origin.0 + index as i32, self.origin.1 + row);
            // Blank needs a tile set of the layer's format, not the tile's.
            layer.set_tile(position, &desktop::UI.tiles, TileSetting::BLANK);
            drop(tile);
        }
        self.tiles.is_empty()
    }

    /// Tile `(column, row)` of the area made to show `under` (in the area's
    /// palette, or another one through `translation`) with `over` (in the
    /// area's palette) on top where its pixels are not colour 0. Ignored
    /// outside the area or before it is built.
    pub fn put(
        &mut self,
        (column, row): (usize, usize),
        under: &[u32],
        translation: Option<&Translation>,
        over: Option<&[u32]>,
    ) {
        if column >= self.columns || row >= self.rows {
            return;
        }
        let Some(tile) = self.tiles.get_mut(row * self.columns + column) else {
            return;
        };
        let (Ok(out), Ok(under)) = (
            <&mut [u32; TILE_WORDS]>::try_from(tile.data_mut()),
            <&[u32; TILE_WORDS]>::try_from(under),
        ) else {
            return;
        };
        let over = over.and_then(|over| <&[u32; TILE_WORDS]>::try_from(over).ok());
        for word in 0..TILE_WORDS {
            let mut value = under[word];
            if let Some(translation) = translation {
                value = translation.word(value);
            }
            if let Some(over) = over {
                value = (value & !opaque_mask(over[word])) | over[word];
            }
            out[word] = value;
        }
    }
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
