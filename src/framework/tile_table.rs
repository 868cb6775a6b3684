//! agb keeps every tile in video RAM in a hash table, which doubles (every
//! entry moved) when it fills: a window that makes hundreds of tiles would
//! pay for that in the middle of its opening. Growing it once at boot, to
//! hold every tile the ROM ever has at once, keeps each tile's cost the same
//! (the table is never made smaller, so what it takes on the heap it would
//! take anyway from the first time the largest window opened).

use agb::display::tiled::DynamicTile16;
use alloc::vec::Vec;

/// Tiles the table is grown to hold: the Picross window's full-screen
/// raster (600) and the desktop's under it, with room to spare.
const MOST_TILES: usize = 700;

/// Make and let go of `MOST_TILES` tiles. Their video memory is taken back
/// when the next frame is shown.
pub fn reserve() {
    let mut tiles = Vec::with_capacity(MOST_TILES);
    for _ in 0..MOST_TILES {
        tiles.push(DynamicTile16::new());
    }
    drop(tiles);
}
