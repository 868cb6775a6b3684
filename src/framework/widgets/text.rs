//! Text on a background layer, in our pixel font ("Pocket Sans", gfx/font/).
//!
//! A [`TextBox`] owns a rectangle of tiles on a 4bpp background. Setting new
//! text blanks those tiles and draws the string laid out by agb's layout engine
//! (`Layout`, with our own tile backend, which agb's text API allows through
//! `LetterGroup::pixels_packed`). The tiles are freed with the box (or, after
//! `release`, when something is drawn over them or the background goes), so a
//! closed app leaves no text tiles behind. Tile pixels are written when the text
//! changes, as agb's own renderers do; map, palette and OAM changes are latched
//! at VBlank by the frame commit.

use agb::{
    display::{
        font::{AlignmentKind, Font, Layout, LayoutSettings, LetterGroup},
        tiled::{DynamicTile16, RegularBackground, TileEffect},
    },
    fixnum::vec2,
    include_font,
};
use alloc::vec::Vec;

use crate::framework::assets::TEXT_PALETTE;

pub static FONT: Font = include_font!("gfx/font/pocket-sans.ttf", 10);

/// Line height of the font in pixels.
pub const LINE_HEIGHT: i32 = 11;

pub struct TextBox {
    /// Top-left corner in pixels on the background.
    origin: (i32, i32),
    /// Size in whole tiles.
    columns: i32,
    rows: i32,
    palette: u8,
    /// The box's own tiles, row-major, (columns + 1) x (rows + 1): text not
    /// aligned to 8 pixels spills into the extra column and row. A tile is made
    /// and put on the background the first time a pixel lands in it; new text
    /// then only rewrites pixels, far cheaper than re-mapping (a line redrawn
    /// costs a fraction of one drawn on fresh tiles).
    tiles: Vec<Option<DynamicTile16>>,
    /// Hash of the text and alignment on screen, so setting the same text
    /// again costs nothing.
    shown: Option<u32>,
    /// Text still being drawn (see `set_gradually`).
    pending: Option<Layout>,
    /// Events builds: the name of a box that changes with no key pressed (a
    /// clock), and whether the harness has been told where it is (see `ticking`).
    #[cfg(any(debug_assertions, feature = "events"))]
    ticking: Option<(&'static str, bool)>,
}

impl TextBox {
    pub fn new(origin: (i32, i32), columns: i32, rows: i32) -> Self {
        Self {
            origin,
            columns,
            rows,
            palette: TEXT_PALETTE,
            tiles: Vec::new(),
            shown: None,
            pending: None,
            #[cfg(any(debug_assertions, feature = "events"))]
            ticking: None,
        }
    }

    /// Marks a box that changes on its own, such as a clock. Events builds
    /// tell the harness where it is while it shows anything, so that its
    /// ticks are not taken for the answer to a key press (the `settle`
    /// measure, tests/src/settle.rs).
    pub fn ticking(self, id: &'static str) -> Self {
        #[cfg(any(debug_assertions, feature = "events"))]
        let mut this = self;
        #[cfg(any(debug_assertions, feature = "events"))]
        {
            this.ticking = Some((id, false));
        }
        #[cfg(not(any(debug_assertions, feature = "events")))]
        let (this, _) = (self, id);
        this
    }

    #[cfg(any(debug_assertions, feature = "events"))]
    fn announce_ticking(&mut self, shown: bool) {
        let Some((id, announced)) = &mut self.ticking else {
            return;
        };
        if *announced == shown {
            return;
        }
        *announced = shown;
        if shown {
            let (x, y) = (self.origin.0 / 8 * 8, self.origin.1 / 8 * 8);
            let (w, h) = ((self.columns + 1) * 8, (self.rows + 1) * 8);
            crate::event!("settle.ignore id={id} x={x} y={y} w={w} h={h}");
        } else {
            crate::event!("settle.unignore id={id}");
        }
    }

    pub fn with_palette(mut self, palette: u8) -> Self {
        self.palette = palette;
        self
    }

    pub fn set(&mut self, background: &mut RegularBackground, text: &str) {
        self.draw(background, text, AlignmentKind::Left);
    }

    pub fn set_centred(&mut self, background: &mut RegularBackground, text: &str) {
        self.draw(background, text, AlignmentKind::Centre);
    }

    pub fn set_right(&mut self, background: &mut RegularBackground, text: &str) {
        self.draw(background, text, AlignmentKind::Right);
    }

    /// Blank the box's pixels but keep its tiles on the background (far
    /// cheaper than `clear`, for a box that will be used again in place).
    pub fn blank(&mut self) {
        self.blank_pixels();
        self.shown = None;
        self.pending = None;
    }

    /// Blank the box and let go of its tiles without taking them off the
    /// background: they stay mapped (and blank; the background holds its own
    /// reference) until something is drawn over them or the background goes.
    /// Unmapping a tile is costly; this is a few writes per tile. The
    /// next `set` maps fresh tiles.
    pub fn release(&mut self) {
        self.blank();
        self.tiles.clear();
        #[cfg(any(debug_assertions, feature = "events"))]
        self.announce_ticking(false);
    }

    fn stride(&self) -> usize {
        (self.columns + 1) as usize
    }

    /// Blank the pixels of the tiles the box already has.
    fn prepare(&mut self) {
        self.ensure_tiles();
        self.blank_pixels();
    }

    fn blank_pixels(&mut self) {
        for tile in self.tiles.iter_mut().flatten() {
            tile.data_mut().fill(0);
        }
    }

    /// Room for every tile of the box (each made on first use).
    fn ensure_tiles(&mut self) {
        if self.tiles.is_empty() {
            self.tiles
                .resize_with(self.stride() * (self.rows + 1) as usize, || None);
        }
    }

    /// The tile at `index`, made and mapped on first use.
    fn tile(
        &mut self,
        background: &mut RegularBackground,
        index: usize,
    ) -> Option<&mut DynamicTile16> {
        let stride = self.stride();
        let (left, top) = (self.origin.0 / 8, self.origin.1 / 8);
        let palette = self.palette;
        let slot = self.tiles.get_mut(index)?;
        if slot.is_none() {
            let tile = DynamicTile16::new().fill_with(0);
            let position = (
                left + (index % stride) as i32,
                top + (index / stride) as i32,
            );
            background.set_tile_dynamic16(position, &tile, TileEffect::default().palette(palette));
            *slot = Some(tile);
        }
        slot.as_mut()
    }

    fn draw(&mut self, background: &mut RegularBackground, text: &str, alignment: AlignmentKind) {
        self.start(text, alignment);
        self.advance(background, usize::MAX);
    }

    /// Like `set`, but the text appears over the next frames: each `advance`
    /// draws a few letter groups (agb's layout is costly per letter, so a
    /// whole menu at once would not fit in a frame).
    pub fn set_gradually(&mut self, text: &str) {
        self.start(text, AlignmentKind::Left);
    }

    pub fn set_right_gradually(&mut self, text: &str) {
        self.start(text, AlignmentKind::Right);
    }

    /// Redraw lines `first..first + count` of the box (counting from 0 at
    /// the top, `LINE_HEIGHT` apart) with `text`, leaving the other lines as
    /// they are: only those pixel rows are blanked, and `text` is laid out
    /// starting on line `first`. Draws with `advance`, like `set_gradually`.
    /// For boxes where one line changes at a time (a number pad's digits
    /// under its title): redrawing all of it would cost far more.
    pub fn retype_lines(&mut self, first: i32, count: i32, text: &str) {
        self.ensure_tiles();
        let dy = self.origin.1.rem_euclid(8);
        let rows = (dy + first * LINE_HEIGHT)..(dy + (first + count) * LINE_HEIGHT);
        let stride = self.stride();
        // Row by row (no division per tile: Thumb code has no divide).
        for (row, tiles) in self.tiles.chunks_mut(stride).enumerate() {
            let top = row as i32 * 8;
            if top + 8 <= rows.start || top >= rows.end {
                continue;
            }
            for tile in tiles.iter_mut().flatten() {
                for (line, pixels) in tile.data_mut().iter_mut().enumerate() {
                    if rows.contains(&(top + line as i32)) {
                        *pixels = 0;
                    }
                }
            }
        }
        // The whole-box fingerprint no longer describes what is shown.
        self.shown = None;
        let mut laid_out = alloc::string::String::new();
        for _ in 0..first.max(0) {
            laid_out.push('\n');
        }
        laid_out.push_str(text);
        self.pending = Some(Self::layout(&laid_out, AlignmentKind::Left, self.columns));
    }

    /// Whether text set with `set_gradually` or `retype_lines` is still being drawn.
    pub fn is_drawing(&self) -> bool {
        self.pending.is_some()
    }

    /// Blank the box and lay the text out, ready for `advance` (unless it is
    /// already on screen).
    fn start(&mut self, text: &str, alignment: AlignmentKind) {
        let key = fingerprint(text, alignment);
        if self.shown == Some(key) {
            return;
        }
        self.shown = Some(key);
        #[cfg(any(debug_assertions, feature = "events"))]
        self.announce_ticking(true);
        self.prepare();
        self.pending = Some(Self::layout(text, alignment, self.columns));
    }

    fn layout(text: &str, alignment: AlignmentKind, columns: i32) -> Layout {
        Layout::new(
            text,
            &FONT,
            &LayoutSettings::new()
                .with_alignment(alignment)
                .with_max_line_length(columns * 8)
                .with_max_group_width(32),
        )
    }

    /// Draw up to `groups` more letter groups; true once all text is drawn.
    /// Every piece of text goes through here, with agb's glyph iterator
    /// inlined into it, so it runs from IWRAM (as Thumb: ARM would stop that
    /// inlining and call the iterator in ROM for every pixel row).
    #[inline(never)]
    #[unsafe(link_section = ".iwram.textbox_advance")]
    pub fn advance(&mut self, background: &mut RegularBackground, groups: usize) -> bool {
        let Some(mut layout) = self.pending.take() else {
            return true;
        };
        for _ in 0..groups {
            let Some(group) = layout.next() else {
                return true;
            };
            self.blit(background, &group);
        }
        self.pending = Some(layout);
        false
    }

    #[inline(always)]
    fn blit(&mut self, background: &mut RegularBackground, group: &LetterGroup) {
        // Pixel offset of the origin inside its first tile.
        let (dx, dy) = (self.origin.0.rem_euclid(8), self.origin.1.rem_euclid(8));
        let stride = self.stride();
        let (max_x, max_y) = (stride as i32 * 8, (self.rows + 1) * 8);
        for (start, pixels) in group.pixels_packed() {
            let pos = start + group.position() + vec2(dx, dy);
            if pos.x < 0 || pos.y < 0 || pos.x >= max_x || pos.y >= max_y {
                continue; // outside the box: clipped, never a panic
            }
            let (column, row) = ((pos.x / 8) as usize, (pos.y / 8) as usize);
            let line = (pos.y % 8) as usize;
            let shift = (pos.x % 8) * 4;
            let index = row * stride + column;
            if let Some(tile) = self.tile(background, index) {
                tile.data_mut()[line] |= pixels << shift;
            }
            if shift > 0
                && column + 1 < stride
                && let Some(tile) = self.tile(background, index + 1)
            {
                tile.data_mut()[line] |= pixels >> (32 - shift);
            }
        }
    }
}

#[cfg(any(debug_assertions, feature = "events"))]
impl Drop for TextBox {
    fn drop(&mut self) {
        self.announce_ticking(false);
    }
}

/// FNV-1a over the text and its alignment.
fn fingerprint(text: &str, alignment: AlignmentKind) -> u32 {
    let tag = match alignment {
        AlignmentKind::Left => 1,
        AlignmentKind::Right => 2,
        AlignmentKind::Centre => 3,
        _ => 4,
    };
    crate::fnv::hash(text.bytes().chain(core::iter::once(tag)).map(u32::from))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agb::display::{
        Priority,
        tiled::{RegularBackgroundSize, TileFormat},
    };

    fn background() -> RegularBackground {
        RegularBackground::new(
            Priority::P0,
            RegularBackgroundSize::Background32x32,
            TileFormat::FourBpp,
        )
    }

    /// Whether any of the box's tiles has a pixel set.
    fn has_ink(text: &TextBox) -> bool {
        text.tiles
            .iter()
            .flatten()
            .any(|tile| tile.data().iter().any(|&row| row != 0))
    }

    // The harness prints each test's cycles: these double as cost probes.
    #[test_case]
    fn measure_text_short(_gba: &mut agb::Gba) {
        let mut bg = background();
        let mut text = TextBox::new((8, 8), 10, 1);
        text.set(&mut bg, "00:07");
        assert!(has_ink(&text));
    }

    #[test_case]
    fn measure_text_line(_gba: &mut agb::Gba) {
        let mut bg = background();
        let mut text = TextBox::new((8, 8), 20, 1);
        text.set(&mut bg, "Medium (15 mines)");
        assert!(has_ink(&text));
    }

    /// Which pixel columns of the box's top tile row have ink (bit x = column x).
    fn inked_columns(text: &TextBox) -> u128 {
        let mut columns = 0;
        for (tile_x, tile) in text.tiles.iter().take(text.stride()).enumerate() {
            let Some(tile) = tile else { continue };
            for row in tile.data() {
                for x in 0..8 {
                    if (row >> (x * 4)) & 0xF != 0 {
                        columns |= 1 << (tile_x * 8 + x);
                    }
                }
            }
        }
        columns
    }

    #[test_case]
    fn digits_are_tabular_as_in_glyphs_txt(_gba: &mut agb::Gba) {
        // Digits drawn by agb from the TTF must sit in equal cells, each with
        // its ink in the columns glyphs.txt gives it (the 1 centred, not
        // pushed to the left of its cell).
        let glyphs = include_str!("../../../gfx/font/glyphs.txt");
        let mut text = TextBox::new((0, 0), 10, 1);
        text.set(&mut background(), "0123456789");
        let mut expected = 0u128;
        let mut cell = 0;
        for digit in '0'..='9' {
            let header = alloc::format!("@ {digit}");
            let rows = glyphs
                .lines()
                .skip_while(|line| *line != header)
                .skip(1)
                .take_while(|line| !line.starts_with('@'))
                .filter(|line| !line.is_empty() && line.bytes().all(|b| b == b'#' || b == b'.'));
            let mut width = 0;
            for row in rows {
                width = row.len();
                for (x, pixel) in row.bytes().enumerate() {
                    if pixel == b'#' {
                        expected |= 1 << (cell + x);
                    }
                }
            }
            assert_eq!(width, 5, "digit {digit} is not 5 columns wide");
            cell += width + 1;
        }
        let picture = |columns: u128| -> alloc::string::String {
            (0..cell)
                .map(|x| if (columns >> x) & 1 != 0 { '#' } else { '.' })
                .collect()
        };
        let drawn = inked_columns(&text);
        assert!(
            drawn == expected,
            "inked columns {} want {}",
            picture(drawn),
            picture(expected)
        );
    }

    #[test_case]
    fn retyping_a_line_keeps_the_others(_gba: &mut agb::Gba) {
        let mut bg = background();
        let mut text = TextBox::new((0, 0), 10, 4);
        text.set(&mut bg, "Title");
        let top_row = |text: &TextBox| -> alloc::vec::Vec<u32> {
            text.tiles
                .iter()
                .take(text.stride())
                .flatten()
                .flat_map(|tile| tile.data().iter().copied())
                .collect()
        };
        let title = top_row(&text);
        text.retype_lines(2, 1, "1 2 3");
        assert!(text.advance(&mut bg, usize::MAX));
        // The title's top tile row is untouched; the retyped line drew ink.
        assert!(title.iter().any(|&row| row != 0));
        assert_eq!(title, top_row(&text));
        assert!(has_ink(&text));
        text.release();
        assert!(text.tiles.is_empty() && !has_ink(&text));
    }
}
