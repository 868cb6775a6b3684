//! Polarium's graphics (gfx/, drawn as indexed PNGs) and the names of their
//! tiles and frames: the one place that knows where each piece is.

use super::rules::{Board, Cell};

// One include, so the icon, the board's cells and the stroke's pieces share
// one palette (the desktop loads it into `System::app_palette`). The board's
// sheet is not deduplicated: its tiles are copied as pixels
// ([`sheet_pixels`]), which has no way to flip one.
agb::include_background_gfx!(
    pub mod tiles,
    POLARIUM => "gfx/icons/polarium.png",
    BOARD => "gfx/polarium-tiles.png",
);

agb::include_aseprite!(
    pub mod sprites,
    16x16 "gfx/polarium_sprites.png",
);

/// Tiles across gfx/polarium-tiles.png.
const SHEET_COLUMNS: usize = 32;

/// What a cell of the board shows on the window layer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Look {
    White = 0,
    Black = 1,
    /// A row that has cleared (the success animation).
    Cleared = 2,
    Ring = 3,
}

/// The kinds of cell in the ringed grid: tiles are 16x16 pixels, the ring
/// 8 px thick. The value is the kind's row of blocks in the stroke atlas
/// and its cursor frame.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Tile = 0,
    /// Top or bottom ring: 16x8.
    RingAcross = 1,
    /// Left or right ring: 8x16.
    RingDown = 2,
    Corner = 3,
}

impl Kind {
    pub fn of(board: &Board, cell: Cell) -> Self {
        let across = cell.x >= 1 && cell.x <= board.width();
        let down = cell.y >= 1 && cell.y <= board.height();
        match (across, down) {
            (true, true) => Self::Tile,
            (true, false) => Self::RingAcross,
            (false, true) => Self::RingDown,
            (false, false) => Self::Corner,
        }
    }

    /// Size in 8x8 tiles.
    pub const fn tiles(self) -> (usize, usize) {
        match self {
            Self::Tile => (2, 2),
            Self::RingAcross => (2, 1),
            Self::RingDown => (1, 2),
            Self::Corner => (1, 1),
        }
    }
}

/// The index in `tiles::BOARD.tile_settings` of the tile for part `(dx, dy)` (in tiles) of a cell showing `look`.
pub fn look_tile(look: Look, (dx, dy): (usize, usize)) -> usize {
    match look {
        Look::Ring => 6,
        look => look as usize * 2 + dx + dy * SHEET_COLUMNS,
    }
}

/// The index in `tiles::BOARD.tile_settings` of the tile for part `(dx, dy)` of the stroke through a cell of
/// `kind` joined to its neighbours `links` (1 up, 2 right, 4 down, 8 left).
pub fn stroke_tile(kind: Kind, links: u8, (dx, dy): (usize, usize)) -> usize {
    let column = usize::from(links & 15) * 2 + dx;
    let row = 2 + kind as usize * 2 + dy;
    row * SHEET_COLUMNS + column
}

/// The pixels of tile `index` of the board's sheet (4 bits each, a word
/// per row; none if there is no such tile).
pub fn sheet_pixels(index: usize) -> &'static [u32] {
    match tiles::BOARD.tile_settings.get(index) {
        Some(setting) => tiles::BOARD.tiles.get_tile_data(setting.tile_id()),
        None => &[],
    }
}

/// Frames of gfx/polarium_sprites.png after the cursors (frames 0-3, one per [`Kind`]).
pub const START_FRAME: usize = 4;
pub const END_FRAME: usize = 5;
pub const MIXED_FRAME: usize = 6;
pub const SOLID_FRAME: usize = 7;
/// The hint rings an 8-pixel ring cell holds, centred in their frames:
/// loaded in the place of the large ones while a hint is on the ring, so
/// the sprites loaded at once stay [`LOADED_FRAMES`] (agb's sprite cache
/// keeps the room the most it held ever needed).
pub const SMALL_START_FRAME: usize = 8;
pub const SMALL_END_FRAME: usize = 9;
#[cfg(test)]
pub const FRAMES: usize = 10;
/// The frames a Polarium window holds: all but the small rings.
pub const LOADED_FRAMES: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn every_named_piece_is_in_its_sheet(_gba: &mut agb::Gba) {
        assert_eq!(sprites::POLARIUM_SPRITES.sprites().len(), FRAMES);
        assert_eq!(tiles::BOARD.tile_settings.len(), SHEET_COLUMNS * 10);
        assert_eq!(tiles::POLARIUM.tile_settings.len(), 16);
    }
}
