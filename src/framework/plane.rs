//! The drawing plane: one background layer over the whole screen whose every
//! map entry names a tile of its own, made once at boot and never unmapped
//! (in a game that shows the desk as its pause menu: made as it pauses and
//! let go as it goes on, [`build_for_a_while`] and [`release`]).
//! Apps draw on it by writing those tiles' pixels (text, boards, pictures),
//! so a screen goes up with no tile to make, map or let go, in the frame
//! that draws it. Under it, each app keeps a layer of its own for its
//! window's frame and wells, from the UI tile sheet.
//!
//! The plane's tiles use one palette slot, which holds the open app's
//! colours ([`set_palette`]: its art's palette, the text colours added);
//! text finds its ink there by colour
//! ([`crate::framework::widgets::text::Ink`]).
//!
//! The desktop shows the plane under an app's window only, as one of the
//! app's layers, and blanks it when the app has closed.

use agb::{
    display::{
        Palette16, Priority, Rgb15,
        tiled::{DynamicTile16, RegularBackground, RegularBackgroundSize, TileEffect, TileFormat},
    },
    external::portable_atomic::{AtomicPtr, Ordering},
};
use alloc::{boxed::Box, vec::Vec};

use crate::framework::assets::{self, text_colours};

/// The plane's size in tiles: the screen's.
pub const COLUMNS: usize = 30;
pub const ROWS: usize = 20;
pub const TILES: usize = COLUMNS * ROWS;

/// Words of 4-bit pixels in a tile.
pub const TILE_WORDS: usize = 8;

/// The palette slot the plane's tiles use.
pub const PALETTE: u8 = assets::PLANE_PALETTE;

/// A tile of the plane: where its 8 words of pixels are in video RAM.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct PlaneTile(*mut u32);

impl PlaneTile {
    /// Its pixels, a word a row. The plane is drawn by one screen at a
    /// time, with no other reference to its pixels kept.
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    pub fn data_mut(&self) -> &mut [u32; TILE_WORDS] {
        // SAFETY: 8 words of video RAM the plane's layer keeps mapped while
        // it is built (the ROM's life, or a pause: no `PlaneTile` is kept
        // past `release`), written a word at a time.
        unsafe { &mut *self.0.cast::<[u32; TILE_WORDS]>() }
    }

    /// Its pixels, to read (the tests compare screens with it).
    #[cfg(test)]
    pub fn data(&self) -> &[u32; TILE_WORDS] {
        // SAFETY: as in `data_mut`.
        unsafe { &*self.0.cast::<[u32; TILE_WORDS]>() }
    }
}

/// The plane's layer and where each of its tiles is, once built.
struct Built {
    layer: RegularBackground,
    /// Each place's tile, row-major.
    tiles: [PlaneTile; TILES],
    /// The tiles as runs that follow one another in video RAM: where each
    /// run starts on the screen and its first tile's pixels (see
    /// [`copy_out`]). agb hands out a fresh table's tiles in order from the
    /// middle of its area, wrapping round to its start: two runs.
    runs: Vec<(usize, *mut [u32; TILE_WORDS])>,
    /// The tiles' handles, for a plane that is let go ([`release`]); none
    /// for the ROM's own plane, which keeps its video RAM for good.
    handles: Vec<DynamicTile16>,
}

static PLANE: AtomicPtr<Built> = AtomicPtr::new(core::ptr::null_mut());

/// Make the plane's tiles, blank, and map them: once, at boot, before any
/// other tile (it is most of video RAM's tiles, and agb's table of tiles
/// grows to hold them now instead of in an app's opening). Later calls do
/// nothing.
pub fn build() {
    build_keeping(false);
}

/// Make the plane as [`build`] does, for a while: a game that shows the
/// desk as its pause menu gets the plane's video RAM back ([`release`]).
pub fn build_for_a_while() {
    build_keeping(true);
}

/// Let go of a plane made by [`build_for_a_while`]: its tiles' video RAM
/// (once the next frame is shown) and its tables on the heap.
///
/// # Safety
/// Nothing drawn on the plane is still in use: no app's window is open, and
/// no table of its tiles ([`tiles`]) or copy of a [`PlaneTile`] is kept,
/// in working state or persistent (their `'static` is the plane's life).
pub unsafe fn release() {
    let built = PLANE.swap(core::ptr::null_mut(), Ordering::Relaxed);
    if built.is_null() {
        return;
    }
    // SAFETY: made by `Box::into_raw` in `build_keeping`, and no longer
    // reachable through `PLANE`; the caller keeps no reference into it.
    let built = unsafe { Box::from_raw(built) };
    if built.handles.is_empty() {
        // The ROM's own plane stays: its tiles have no handles to let go.
        PLANE.store(Box::into_raw(built), Ordering::Relaxed);
    }
}

fn build_keeping(keep_handles: bool) {
    if !PLANE.load(Ordering::Relaxed).is_null() {
        return;
    }
    let mut built = Box::new(Built {
        layer: RegularBackground::new(
            Priority::P0,
            RegularBackgroundSize::Background32x32,
            TileFormat::FourBpp,
        ),
        tiles: [PlaneTile(core::ptr::null_mut()); TILES],
        runs: Vec::new(),
        handles: Vec::with_capacity(if keep_handles { TILES } else { 0 }),
    });
    let effect = TileEffect::default().palette(PALETTE);
    let mut index = 0;
    for row in 0..ROWS as i32 {
        for column in 0..COLUMNS as i32 {
            let tile = DynamicTile16::new().fill_with(0);
            built.layer.set_tile_dynamic16((column, row), &tile, effect);
            built.tiles[index] = PlaneTile(tile.data().as_ptr().cast_mut());
            index += 1;
            if keep_handles {
                built.handles.push(tile);
            } else {
                // The ROM's plane never lets a tile go: the layer's
                // reference keeps it in video RAM, and this handle would
                // only give it back.
                core::mem::forget(tile);
            }
        }
    }
    let mut next: *mut [u32; TILE_WORDS] = core::ptr::null_mut();
    for (index, tile) in built.tiles.iter().enumerate() {
        let pixels = tile.0.cast::<[u32; TILE_WORDS]>();
        if pixels != next {
            built.runs.push((index, pixels));
        }
        next = pixels.wrapping_add(1);
    }
    PLANE.store(Box::into_raw(built), Ordering::Relaxed);
    if !keep_handles {
        grow_tile_table(0);
    }
}

/// agb's table of the tiles in video RAM doubles (every entry moved) as it
/// fills, and is never made smaller. Grown once to hold the plane and all
/// the desktop and an open app add to it (`in_use` of them a game's own,
/// already there), no window's opening pays for that, and a pause menu's
/// heap comes back whole when it closes. The tiles' video RAM is taken
/// back when a frame is shown. (The test ROM shows no frame to take it
/// back: its table grows as its tests go.)
pub fn grow_tile_table(in_use: usize) {
    #[cfg(not(test))]
    {
        let room = if PLANE.load(Ordering::Relaxed).is_null() {
            TILES + TABLE_ROOM
        } else {
            TABLE_ROOM
        };
        // As many as video RAM holds at once at most (a game's own tiles
        // are in it already).
        let spare: alloc::vec::Vec<DynamicTile16> = (0..room.saturating_sub(in_use))
            .map(|_| DynamicTile16::new())
            .collect();
        drop(spare);
    }
    #[cfg(test)]
    let _ = in_use;
}

/// Tiles besides the plane's that agb's table is grown to hold at boot: the
/// desktop's text and art and an open app's.
#[cfg(not(test))]
const TABLE_ROOM: usize = 400;

fn built() -> Option<&'static Built> {
    // SAFETY: set by `build_keeping` from a leaked box, never written
    // through again (the map is fixed; pixels are written through `tile`,
    // which this reference does not cover), and freed by `release` only
    // once nothing holds a reference into it.
    unsafe { PLANE.load(Ordering::Relaxed).as_ref() }
}

/// Show the plane in `frame`, if it is built.
pub fn show(
    frame: &mut agb::display::GraphicsFrame,
) -> Option<agb::display::tiled::RegularBackgroundId> {
    built().map(|plane| plane.layer.show(frame))
}

/// Every tile of the plane, row-major (none before it is built); while a
/// page is drawn off screen ([`Page::draw_into`]), the page's.
#[must_use]
pub fn tiles() -> &'static [PlaneTile] {
    let target = TARGET.load(Ordering::Relaxed);
    if !target.is_null() {
        // SAFETY: set only by `Page::draw_into`, to its page's table of
        // `TILES` tiles, for the length of a call that borrows the page.
        return unsafe { core::slice::from_raw_parts(target, TILES) };
    }
    built().map_or(&[], |plane| &plane.tiles)
}

/// Copy the pixels of the plane's tiles `from..from + count` (row-major,
/// within the screen) to `to`, a run of tiles in video RAM at a time;
/// nothing before the plane is built.
///
/// # Safety
/// `to` is valid for writing `count` tiles, none of them the plane's.
pub unsafe fn copy_out(from: usize, to: *mut [u32; TILE_WORDS], count: usize) {
    each_run(from, count, |screen, run, length| {
        // SAFETY: `length` tiles of one of the plane's runs, into the
        // caller's room for them.
        unsafe { core::ptr::copy_nonoverlapping(run, to.add(screen - from), length) };
    });
}

/// Copy `count` tiles of pixels from `pixels` onto the plane's tiles
/// `from..` (row-major, within the screen), a run at a time.
///
/// # Safety
/// `pixels` is valid for reading `count` tiles, none of them the plane's.
pub unsafe fn copy_in(from: usize, pixels: *const [u32; TILE_WORDS], count: usize) {
    each_run(from, count, |screen, run, length| {
        // SAFETY: as in `copy_out`, the other way.
        unsafe { core::ptr::copy_nonoverlapping(pixels.add(screen - from), run, length) };
    });
}

/// Call `copy` with each part of the plane's tiles `from..from + count`
/// (past the screen's end: none) that lies in one run: where it starts on
/// the screen, where in video RAM, how many. The plane's own tiles, also
/// while drawing goes off screen.
fn each_run(from: usize, count: usize, mut copy: impl FnMut(usize, *mut [u32; TILE_WORDS], usize)) {
    let Some(plane) = built() else {
        return;
    };
    let end = from.saturating_add(count).min(TILES);
    for (at, &(start, pixels)) in plane.runs.iter().enumerate() {
        let run_end = plane.runs.get(at + 1).map_or(TILES, |&(next, _)| next);
        let (first, last) = (from.max(start), end.min(run_end));
        if first < last {
            copy(first, pixels.wrapping_add(first - start), last - first);
        }
    }
}

/// Whether drawing goes to a page off screen ([`Page::draw_into`]).
#[must_use]
pub fn is_off_screen() -> bool {
    !TARGET.load(Ordering::Relaxed).is_null()
}

/// The table of tiles drawing goes to instead of the plane's (null: the
/// plane's).
static TARGET: AtomicPtr<PlaneTile> = AtomicPtr::new(core::ptr::null_mut());

/// A screen's worth of tiles in work RAM, drawn on exactly as the plane is
/// while it is not shown, so a screen can be made ready ahead of the press
/// that asks for it and then copied in whole (`pixels`, a tile of eight
/// words each, row-major). It is blanked a part at a time before it is
/// drawn on ([`Page::blank_part`]): 19 KB at once would take a frame.
pub struct Page {
    pixels: Vec<[u32; TILE_WORDS]>,
    /// Where each tile's pixels go, blanked or not.
    tiles: Vec<PlaneTile>,
}

impl Page {
    /// A page with room for a screen of tiles, none blanked yet.
    #[must_use]
    pub fn new() -> Self {
        let mut pixels: Vec<[u32; TILE_WORDS]> = Vec::with_capacity(TILES);
        let base = pixels.as_mut_ptr();
        let tiles = (0..TILES)
            // SAFETY: within the room just made for `TILES` tiles, which
            // the page never grows past (so it never moves).
            .map(|index| PlaneTile(unsafe { base.add(index) }.cast()))
            .collect();
        Self { pixels, tiles }
    }

    /// Blank up to `count` more tiles; true once every tile is.
    pub fn blank_part(&mut self, count: usize) -> bool {
        let end = (self.pixels.len() + count).min(TILES);
        self.pixels.resize(end, [0; TILE_WORDS]);
        self.is_blanked()
    }

    /// Whether every tile has been blanked (it can be drawn on).
    #[must_use]
    pub fn is_blanked(&self) -> bool {
        self.pixels.len() == TILES
    }

    /// Run `draw` with every drawing on the plane going to this page
    /// instead; nothing, before the page is blanked whole.
    pub fn draw_into<T>(&mut self, draw: impl FnOnce() -> T) -> Option<T> {
        if !self.is_blanked() {
            return None;
        }
        TARGET.store(self.tiles.as_mut_ptr(), Ordering::Relaxed);
        let result = draw();
        TARGET.store(core::ptr::null_mut(), Ordering::Relaxed);
        Some(result)
    }

    /// Its pixels, a tile of eight words each, row-major (as many tiles
    /// as are blanked).
    #[must_use]
    pub fn pixels(&self) -> &[[u32; TILE_WORDS]] {
        &self.pixels
    }
}

impl Default for Page {
    fn default() -> Self {
        Self::new()
    }
}

/// The pixels of the tile at place `index` (row-major): 8 words, one a
/// row; null outside the plane or before it is built.
#[must_use]
pub fn tile(index: usize) -> *mut u32 {
    tiles()
        .get(index)
        .map_or(core::ptr::null_mut(), |tile| tile.0)
}

/// The pixels of the tile at `(column, row)`; null off the plane.
#[must_use]
pub fn tile_at(column: i32, row: i32) -> *mut u32 {
    if column < 0 || row < 0 || column >= COLUMNS as i32 || row >= ROWS as i32 {
        return core::ptr::null_mut();
    }
    tile(row as usize * COLUMNS + column as usize)
}

/// Put `pixels` (8 words) into the tile at `(column, row)`.
pub fn put(column: i32, row: i32, pixels: &[u32]) {
    let tile = tile_at(column, row);
    if tile.is_null() {
        return;
    }
    for (line, &word) in pixels.iter().take(TILE_WORDS).enumerate() {
        // SAFETY: a plane tile's 8 words in video RAM, written a word at a time.
        unsafe { tile.add(line).write_volatile(word) };
    }
}

/// Put `pixels` (8 words), numbered as palette `from` numbers its colours,
/// into the tile at `(column, row)`, in the plane's (a colour it lacks
/// shows as see-through).
pub fn put_from(column: i32, row: i32, pixels: &[u32], from: &Palette16) {
    let mut map = [0u32; 16];
    for (index, entry) in map.iter_mut().enumerate().skip(1) {
        *entry = u32::from(index_of(PALETTE, from.colour(index)));
    }
    let mut translated = [0u32; TILE_WORDS];
    for (word, &pixels) in translated.iter_mut().zip(pixels) {
        *word = (0..8).fold(0, |word, x| {
            word | map[(pixels >> (x * 4) & 15) as usize] << (x * 4)
        });
    }
    put(column, row, &translated);
}

/// Blank the whole plane (see-through): an app's pictures and text go with it.
pub fn clear() {
    if is_off_screen() {
        for tile in tiles() {
            *tile.data_mut() = [0; TILE_WORDS];
        }
        return;
    }
    // A run at a time, as one fill of words (agb's from IWRAM, as ARM):
    // a third of the cycles of a tile at a time.
    each_run(0, TILES, |_, run, length| {
        // SAFETY: `length` of the plane's own tiles in video RAM, written
        // a word at a time.
        unsafe { core::ptr::write_bytes(run, 0, length) };
    });
}

/// Make `palette` the plane's colours (an app's art's, as its pixels
/// number them), with the text colours in entries it leaves unused (still
/// `Rgb15(0)`, as agb leaves them) where it lacks them.
pub fn set_palette(palette: &Palette16) {
    let mut colours = palette.clone();
    for colour in text_colours::ALL {
        if (1..16).any(|index| colours.colour(index) == colour) {
            continue;
        }
        if let Some(free) = (1..16).find(|&index| colours.colour(index) == Rgb15(0)) {
            colours.update_colour(free, colour);
        }
    }
    assets::load_background_palette(PALETTE, &colours);
}

/// The entry of palette slot `slot` holding `colour` (from 1; 0 if none).
#[must_use]
pub fn index_of(slot: u8, colour: Rgb15) -> u8 {
    (1..16u8)
        .find(|&index| {
            // SAFETY: background palette memory, slot and index below 16.
            let entry = unsafe {
                assets::BACKGROUND_PALETTE_RAM
                    .add(usize::from(slot & 15) * 16 + usize::from(index))
                    .read_volatile()
            };
            entry == colour.0
        })
        .unwrap_or(0)
}
