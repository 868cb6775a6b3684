//! Window frames drawn on a background from the UI tile sheet (gfx/window.png):
//! a title bar with a close button, 9-slice edges, a cream fill, and recessed
//! "wells" for content such as the Sweeper board.

use core::ops::Range;

use agb::display::{
    Priority,
    tiled::{RegularBackground, RegularBackgroundSize, TileFormat, TileSetting},
};

use crate::framework::{assets::desktop::UI, transition::Area};

/// Tile indices in gfx/window.png (8 per row; names in gfx/README.md).
mod tile {
    pub const TITLE_TL: usize = 0;
    pub const TITLE_T: usize = 1;
    pub const TITLE_TR: usize = 2;
    pub const CLOSE_T: usize = 3;
    pub const CLOSE_T2: usize = 4;
    pub const FILL: usize = 7;
    pub const TITLE_BL: usize = 8;
    pub const TITLE_B: usize = 9;
    pub const TITLE_BR: usize = 10;
    pub const CLOSE_B: usize = 11;
    pub const CLOSE_B2: usize = 12;
    pub const PLAIN_TL: usize = 16;
    pub const PLAIN_T: usize = 17;
    pub const PLAIN_TR: usize = 18;
    pub const LEFT: usize = 19;
    pub const RIGHT: usize = 20;
    pub const BL: usize = 21;
    pub const B: usize = 22;
    pub const BR: usize = 23;
    pub const WELL_TL: usize = 24;
    pub const WELL_T: usize = 25;
    pub const WELL_TR: usize = 26;
    pub const WELL_L: usize = 27;
    pub const WELL_R: usize = 29;
    pub const WELL_BL: usize = 30;
    pub const WELL_B: usize = 31;
    pub const WELL_BR: usize = 32;
    pub const WELL_FILL_DARK: usize = 39;
    pub const ICON_CLOCK: usize = 40;
}

pub use tile::ICON_CLOCK;

/// An app window's layer for its frame and wells (priority 1): its text
/// and pictures go on the drawing plane over it (`framework::plane`).
pub fn layer() -> RegularBackground {
    RegularBackground::new(
        Priority::P1,
        RegularBackgroundSize::Background32x32,
        TileFormat::FourBpp,
    )
}

/// The slot of `desktop::PALETTES` every UI tile uses (a test checks it).
const UI_PALETTE: usize = 0;

/// The colours of the UI tiles.
pub fn palette() -> &'static agb::display::Palette16 {
    &crate::framework::assets::desktop::PALETTES[UI_PALETTE]
}

/// The pixels of UI tile `index` (4 bits each, a word per row; none if
/// there is no such tile): for drawing it into a raster.
pub fn pixels(index: usize) -> &'static [u32] {
    match UI.tile_settings.get(index) {
        Some(setting) => UI.tiles.get_tile_data(setting.tile_id()),
        None => &[],
    }
}

/// The colour of a window's fill: the screen's backdrop (the colour shown
/// where no layer has a pixel) is set to it, and an app's window is shown
/// through hardware window 0 with only its own layers
/// (`transition::mask`), so the fill needs no tiles: [`put`] leaves it
/// blank.
pub fn fill_colour() -> agb::display::Rgb15 {
    let index = pixels(tile::FILL)
        .first()
        .map_or(0, |row| (row & 15) as usize);
    palette().colour(index)
}

/// Put one UI tile at tile position `(x, y)` (the fill as no tile: the
/// backdrop shows through, see [`fill_colour`]).
pub fn put(layer: &mut RegularBackground, (x, y): (i32, i32), index: usize) {
    if index == tile::FILL {
        layer.set_tile((x, y), &UI.tiles, TileSetting::BLANK);
    } else if let Some(setting) = UI.tile_settings.get(index) {
        layer.set_tile((x, y), &UI.tiles, *setting);
    }
}

/// Draw only some tile rows of a window (each tile is costly to write, so apps
/// spread a big window over the frames of the opening animation).
pub fn draw_window_rows(layer: &mut RegularBackground, area: Area, titled: bool, rows: Range<i32>) {
    draw_window_rows_around(layer, area, titled, rows, Area::new(0, 0, 0, 0));
}

/// As [`draw_window_rows`], leaving out the tiles inside `hole` (pixels on
/// the layer, whole tiles): where a well goes, drawn over the fill, the fill
/// would be written for nothing.
pub fn draw_window_rows_around(
    layer: &mut RegularBackground,
    area: Area,
    titled: bool,
    rows: Range<i32>,
    hole: Area,
) {
    let (left, top) = (area.x / 8, area.y / 8);
    let (width, height) = (area.width / 8, area.height / 8);
    let (hole_x, hole_y) = (
        hole.x / 8..(hole.x + hole.width) / 8,
        hole.y / 8..(hole.y + hole.height) / 8,
    );
    for ty in rows.start.max(0)..rows.end.min(height) {
        let y = top + ty;
        let in_hole_row = hole_y.contains(&y);
        for tx in 0..width {
            let x = left + tx;
            if in_hole_row && hole_x.contains(&x) {
                continue;
            }
            put(
                layer,
                (x, y),
                window_tile((width, height), titled, (tx, ty)),
            );
        }
    }
}

/// The UI tile at `(tx, ty)` of a window `size` tiles big (so an app that
/// draws over part of its window can put the window back).
pub fn window_tile((width, height): (i32, i32), titled: bool, (tx, ty): (i32, i32)) -> usize {
    let last_x = tx == width - 1;
    match ty {
        0 if titled => edge_row(
            tx,
            width,
            [
                tile::TITLE_TL,
                tile::TITLE_T,
                tile::CLOSE_T,
                tile::CLOSE_T2,
                tile::TITLE_TR,
            ],
        ),
        1 if titled => edge_row(
            tx,
            width,
            [
                tile::TITLE_BL,
                tile::TITLE_B,
                tile::CLOSE_B,
                tile::CLOSE_B2,
                tile::TITLE_BR,
            ],
        ),
        0 => edge_row(
            tx,
            width,
            [
                tile::PLAIN_TL,
                tile::PLAIN_T,
                tile::PLAIN_T,
                tile::PLAIN_T,
                tile::PLAIN_TR,
            ],
        ),
        _ if ty == height - 1 => match tx {
            0 => tile::BL,
            _ if last_x => tile::BR,
            _ => tile::B,
        },
        _ => match tx {
            0 => tile::LEFT,
            _ if last_x => tile::RIGHT,
            _ => tile::FILL,
        },
    }
}

/// Left edge, middle, the two close-button tiles, right edge of a top row.
fn edge_row(tx: i32, width: i32, [left, middle, close, close2, right]: [usize; 5]) -> usize {
    match tx {
        0 => left,
        _ if tx == width - 1 => right,
        _ if tx == width - 2 => close2,
        _ if tx == width - 3 => close,
        _ => middle,
    }
}

/// Draw some rows of a well (-1 is the top rim, `height` the bottom rim).
pub fn draw_well_rows(
    layer: &mut RegularBackground,
    (x, y): (i32, i32),
    (width, height): (i32, i32),
    rows: Range<i32>,
) {
    for ty in rows.start.max(-1)..rows.end.min(height + 1) {
        for tx in -1..=width {
            let (top, bottom) = (ty == -1, ty == height);
            let (left, right) = (tx == -1, tx == width);
            let tile = match (top, bottom, left, right) {
                (true, _, true, _) => tile::WELL_TL,
                (true, _, _, true) => tile::WELL_TR,
                (_, true, true, _) => tile::WELL_BL,
                (_, true, _, true) => tile::WELL_BR,
                (true, ..) => tile::WELL_T,
                (_, true, ..) => tile::WELL_B,
                (_, _, true, _) => tile::WELL_L,
                (_, _, _, true) => tile::WELL_R,
                _ => tile::WELL_FILL_DARK,
            };
            put(layer, (x + tx, y + ty), tile);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framework::assets::palette_of;

    #[test_case]
    fn every_ui_tile_uses_one_palette(_gba: &mut agb::Gba) {
        for setting in UI.tile_settings {
            assert_eq!(usize::from(palette_of(setting)), UI_PALETTE);
        }
        assert_eq!(pixels(tile::FILL).len(), 8);
        // The fill is one colour, which the backdrop stands in for.
        let fill = pixels(tile::FILL);
        assert!(
            fill.iter()
                .all(|&row| row == fill[0] && row == (row & 15) * 0x1111_1111)
        );
    }
}
