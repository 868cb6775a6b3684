//! Text on a background layer, in our pixel font ("Pocket Sans", gfx/font/).
//!
//! A [`TextBox`] owns a rectangle of tiles on a 4bpp background. Its text is
//! drawn from the glyphs `font.rs` prepared when the ROM was built: each
//! line's letters are ORed straight into the tiles under them, by ARM code
//! in IWRAM (`ink_letters`). Lines break and align
//! as agb's `Layout` would break them (the tests compare the two).
//!
//! Making and mapping a tile through agb costs far more than its letters, so:
//! - a box keeps its tiles from one text to the next (new text rewrites
//!   pixels), and a screen that comes back can take the boxes of the last
//!   one (`List::reusing`), or have its tiles made ahead, out of sight
//!   (`reserve`);
//! - `set` draws at once; `set_gradually` leaves the text to `advance`, which
//!   draws a line at a time while the frame has room for it
//!   (`frame_time::room_for_bounded`: `just bench` holds a line and a tile
//!   to what they claim), and a line whose tiles were made this frame
//!   waits for the next, when they are on the map, so a line never shows in
//!   part (the lines after it get their tiles made meanwhile); the old text
//!   stays until the new one's first line is drawn.
//!
//! The tiles are freed with the box (or, after `release`, when something is
//! drawn over them or the background goes), so a closed app leaves no text
//! tiles behind. Map, palette and OAM changes are latched at VBlank by the
//! frame commit.

use agb::display::tiled::{DynamicTile16, RegularBackground, TileEffect};
use alloc::{boxed::Box, string::String, vec::Vec};

use super::{
    font::{self, GLYPH_ROWS, GLYPH_TOP},
    prepared::{self, PreparedLine},
};
use crate::framework::{assets::TEXT_PALETTE, frame_time};

pub use super::font::LINE_HEIGHT;

/// How a line sits in its box.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// Text that `advance` draws a line at a time (the box's `waiting` text),
/// and where it has got to.
struct Pending {
    alignment: Align,
    at: Cursor,
    /// False for text only laid out to make the tiles it will need (`reserve`).
    visible: bool,
}

/// Where drawing a text has got to: the byte its next line starts from,
/// that line's place in the box, and the ink's colour there.
#[derive(Clone, Copy)]
struct Cursor {
    byte: usize,
    line: i32,
    colour: u32,
}

impl Cursor {
    const fn at_line(line: i32) -> Self {
        Self {
            byte: 0,
            line,
            colour: 1,
        }
    }
}

impl Pending {
    fn new(alignment: Align, first_line: i32) -> Self {
        Self {
            alignment,
            at: Cursor::at_line(first_line),
            visible: true,
        }
    }
}

/// Display lines (of 1,232 cycles) that making and mapping one new tile
/// may take (agb's tile allocator and map). `just bench` holds it to this.
pub const TILE_COST: u32 = 3;

/// Display lines that laying out and drawing a line of `bytes` letters on
/// tiles it has may take: laying it out, and its letters into the tiles. `just bench` holds it to this (`text.*.pct_of_claim`).
pub const fn line_cost(bytes: usize) -> u32 {
    12 + (bytes as u32).saturating_mul(9) / 8
}

/// A text box's pixels and text, kept while other text has the box
/// (`TextBox::keep`).
pub struct KeptText {
    /// Each tile of the box, in order.
    pixels: Vec<KeptTile>,
    shown: Option<u32>,
}

/// A tile's pixels as kept: text is one colour on nothing, so most tiles
/// take a bit a pixel (a quarter of their 4-bit rows).
enum KeptTile {
    /// The tile was not made.
    Missing,
    Blank,
    /// Palette index `ink` where a row's bit `x` is set, else 0.
    Inked {
        ink: u8,
        rows: [u8; 8],
    },
    /// Any other pixels, as they were.
    Other(Box<[u32; 8]>),
}

impl KeptTile {
    fn of(pixels: &[u32; 8]) -> Self {
        // The first lit pixel's colour is the ink; every row must be that
        // ink where it is lit (a word at a time: this keeps whole boxes).
        let Some(&first) = pixels.iter().find(|&&word| word != 0) else {
            return Self::Blank;
        };
        let ink = first >> (first.trailing_zeros() & !3) & 0xF;
        let mut rows = [0u8; 8];
        for (row, &word) in rows.iter_mut().zip(pixels) {
            let lit = (word | word >> 1 | word >> 2 | word >> 3) & 0x1111_1111;
            if word != lit * ink {
                return Self::Other(Box::new(*pixels));
            }
            *row = gather(lit);
        }
        Self::Inked {
            ink: ink as u8,
            rows,
        }
    }

    /// Its pixels, 4 bits each, a word a row.
    #[cfg(test)]
    fn pixels(&self) -> [u32; 8] {
        let mut pixels = [0; 8];
        self.put(&mut pixels);
        pixels
    }

    /// Write its pixels into `data` (a tile's rows, in video memory): from
    /// IWRAM, as a screen change puts a whole line's tiles back at once.
    #[unsafe(link_section = ".iwram.kept_tile_put")]
    #[inline(never)]
    fn put(&self, data: &mut [u32]) {
        match self {
            Self::Missing | Self::Blank => data.fill(0),
            Self::Inked { ink, rows } => {
                let ink = u32::from(*ink);
                for (word, &row) in data.iter_mut().zip(rows) {
                    *word = spread(row) * ink;
                }
            }
            Self::Other(pixels) => {
                for (word, &pixel) in data.iter_mut().zip(pixels.iter()) {
                    *word = pixel;
                }
            }
        }
    }
}

/// 8 nibbles, each 0 or 1, as a row's 8 bits (nibble `x` to bit `x`):
/// `spread` undone.
const fn gather(nibbles: u32) -> u8 {
    let mut x = nibbles;
    x = (x | x >> 3) & 0x0303_0303;
    x = (x | x >> 6) & 0x000F_000F;
    (x | x >> 12) as u8
}

/// A row's 8 bits as 8 nibbles, each 0 or 1 (bit `x` to nibble `x`).
#[inline(always)]
const fn spread(row: u8) -> u32 {
    let mut x = row as u32;
    x = (x | x << 12) & 0x000F_000F;
    x = (x | x << 6) & 0x0303_0303;
    (x | x << 3) & 0x1111_1111
}

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
    /// Text still to draw (see `set_gradually`), and how far it has got.
    pending: Option<Pending>,
    /// The text `pending` draws, kept with its capacity from one text to
    /// the next: a box allocates once, and the heap is the same before and
    /// after whatever it drew.
    waiting: String,
    /// The old text's pixels are still on screen: they are blanked when the
    /// new text's first pixels go in, not before, so the box is never seen
    /// empty between the two.
    stale: bool,
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
            waiting: String::new(),
            stale: false,
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
        self.draw(background, text, Align::Left);
    }

    pub fn set_centred(&mut self, background: &mut RegularBackground, text: &str) {
        self.draw(background, text, Align::Centre);
    }

    /// `just bench`: `set`, and how many tiles it made.
    #[cfg(feature = "bench")]
    pub fn set_counting(&mut self, background: &mut RegularBackground, text: &str) -> u32 {
        let before = self.tiles.iter().flatten().count();
        self.set(background, text);
        (self.tiles.iter().flatten().count() - before) as u32
    }

    pub fn set_right(&mut self, background: &mut RegularBackground, text: &str) {
        self.draw(background, text, Align::Right);
    }

    /// Blank the box's pixels but keep its tiles on the background (far
    /// cheaper than `clear`, for a box that will be used again in place).
    pub fn blank(&mut self) {
        self.blank_pixels();
        self.stale = false;
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

    /// Give `to`, a box on the same background and palette that this one's
    /// tiles overlap, those of its tiles on `to`'s place where `to` has none,
    /// blank: they are on the map already, so `to`'s text goes in with no
    /// tile to make (two screens sharing a panel hand it back and forth).
    /// This box keeps the rest.
    pub fn hand_over(&mut self, to: &mut TextBox) {
        if self.palette != to.palette || self.tiles.is_empty() {
            return;
        }
        to.ensure_tiles();
        let (stride, to_stride) = (self.stride(), to.stride() as i32);
        let (dx, dy) = (
            self.origin.0.div_euclid(8) - to.origin.0.div_euclid(8),
            self.origin.1.div_euclid(8) - to.origin.1.div_euclid(8),
        );
        // Row by row, with no division a tile (Thumb code has no divide).
        for (row, tiles) in self.tiles.chunks_mut(stride).enumerate() {
            let y = row as i32 + dy;
            if y < 0 || y > to.rows {
                continue;
            }
            for (column, slot) in tiles.iter_mut().enumerate() {
                let x = column as i32 + dx;
                if slot.is_none() || x < 0 || x >= to_stride {
                    continue;
                }
                let Some(target) = to.tiles.get_mut((y * to_stride + x) as usize) else {
                    continue;
                };
                if target.is_none()
                    && let Some(mut tile) = slot.take()
                {
                    tile.data_mut().fill(0);
                    *target = Some(tile);
                }
            }
        }
    }

    /// The end of a text: true; a text with no ink at all has not blanked
    /// the old one yet, so that goes now.
    fn drawn(&mut self, visible: bool) -> bool {
        if visible && self.stale {
            self.blank_pixels();
            self.stale = false;
        }
        true
    }

    /// Whether the box holds any tiles.
    pub fn has_tiles(&self) -> bool {
        self.tiles.iter().any(Option::is_some)
    }

    fn stride(&self) -> usize {
        (self.columns + 1) as usize
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

    /// The box's pixels and the text they show, to put back with `restore`
    /// after other text has had the box: a copy instead of a retyping.
    /// `None` while text is still being drawn.
    pub fn keep(&self) -> Option<KeptText> {
        if self.pending.is_some() || self.stale {
            return None;
        }
        let pixels = self
            .tiles
            .iter()
            .map(|tile| {
                tile.as_ref()
                    .and_then(|tile| <[u32; 8]>::try_from(tile.data()).ok())
                    .map_or(KeptTile::Missing, |pixels| KeptTile::of(&pixels))
            })
            .collect();
        Some(KeptText {
            pixels,
            shown: self.shown,
        })
    }

    /// Put back what `keep` took, into the tiles it came from (a tile made
    /// since stays blank); false, leaving the box as it is, if the box has
    /// other tiles now.
    pub fn restore(&mut self, kept: KeptText) -> bool {
        self.restore_from(&kept)
    }

    /// `restore`, leaving `kept` to put back again later (a line shown
    /// often, kept once).
    pub fn restore_from(&mut self, kept: &KeptText) -> bool {
        if kept.pixels.len() != self.tiles.len() {
            return false;
        }
        for (tile, pixels) in self.tiles.iter_mut().zip(&kept.pixels) {
            if let Some(tile) = tile {
                pixels.put(tile.data_mut());
            }
        }
        self.shown = kept.shown;
        self.pending = None;
        self.stale = false;
        true
    }

    /// Make up to `count` of the box's tiles not made yet (blank), where
    /// its text can land, so text set later only writes pixels (a line
    /// needing new tiles waits a frame for them to be on the map); true
    /// once every one is made.
    pub fn premap(&mut self, background: &mut RegularBackground, count: usize) -> bool {
        self.ensure_tiles();
        let stride = self.stride();
        // The spill column holds ink only for a box not on a tile's edge.
        let columns = if self.origin.0.rem_euclid(8) == 0 {
            stride - 1
        } else {
            stride
        };
        let mut left = count;
        let mut row_start = 0;
        while row_start < self.tiles.len() {
            for index in row_start..row_start + columns {
                if self.tiles.get(index).is_some_and(Option::is_none) {
                    if left == 0 {
                        return false;
                    }
                    self.map_tile(background, index);
                    left -= 1;
                }
            }
            row_start += stride;
        }
        true
    }

    /// Makes the tile at `index` and puts it on the background.
    #[inline(never)]
    fn map_tile(&mut self, background: &mut RegularBackground, index: usize) {
        let stride = self.stride();
        // Row and column by subtraction: Thumb code has no divide.
        let (mut row, mut column) = (0, index);
        while column >= stride {
            column -= stride;
            row += 1;
        }
        let position = (self.origin.0 / 8 + column as i32, self.origin.1 / 8 + row);
        let palette = self.palette;
        let Some(slot) = self.tiles.get_mut(index) else {
            return;
        };
        let tile = DynamicTile16::new().fill_with(0);
        background.set_tile_dynamic16(position, &tile, TileEffect::default().palette(palette));
        *slot = Some(tile);
    }

    fn draw(&mut self, background: &mut RegularBackground, text: &str, alignment: Align) {
        if self.start(text, alignment) {
            self.pending = None;
            let mut at = Cursor::at_line(0);
            self.render(
                background,
                text,
                alignment,
                &mut at,
                &mut |_| true,
                (true, false),
            );
        }
    }

    /// Show a line rendered when the ROM was built in place of what the box
    /// shows, `alignment` in its width: its bits spread into the box's
    /// tiles, at once. A tile the ink lands in that the box lacks is made
    /// now (on the map only from the next frame: a box shown often makes
    /// its tiles ahead with `premap`).
    pub fn show(
        &mut self,
        background: &mut RegularBackground,
        line: &PreparedLine,
        alignment: Align,
    ) {
        let key = fingerprint(line.text, alignment);
        if self.shown == Some(key) && self.pending.is_none() {
            return;
        }
        self.shown = Some(key);
        #[cfg(any(debug_assertions, feature = "events"))]
        self.announce_ticking(true);
        self.pending = None;
        self.stale = false;
        self.ensure_tiles();
        let room = self.columns * 8;
        let left = match alignment {
            Align::Left => 0,
            Align::Right => room - line.width,
            Align::Centre => (room - line.width) / 2,
        };
        let (dx, dy) = (self.origin.0.rem_euclid(8), self.origin.1.rem_euclid(8));
        let place = Place {
            stride: self.stride(),
            first_row: GLYPH_TOP + dy,
            left: left + dx,
        };
        // The tiles the ink lands in that the box lacks, made first.
        if self.tiles.iter().any(Option::is_none) {
            self.map_tiles_under(background, line, place);
        }
        put_line(&mut self.tiles, line, place);
    }

    /// Make the tiles the box lacks where `line`, put at `place`, has ink.
    fn map_tiles_under(
        &mut self,
        background: &mut RegularBackground,
        line: &PreparedLine,
        place: Place,
    ) {
        let mut missing = Vec::new();
        let mut top = -place.first_row;
        for (row, tiles) in self.tiles.chunks(place.stride).enumerate() {
            for (column, _) in tiles.iter().enumerate().filter(|(_, tile)| tile.is_none()) {
                let x = column as i32 * 8 - place.left;
                let inked = (top..top + 8)
                    .filter(|glyph_row| (0..GLYPH_ROWS as i32).contains(glyph_row))
                    .any(|glyph_row| prepared::pixels_at(line.row(glyph_row as usize), x) != 0);
                if inked {
                    missing.push(row * place.stride + column);
                }
            }
            top += 8;
        }
        for index in missing {
            self.map_tile(background, index);
        }
    }

    /// Like `set`, but drawn by the next `advance` (the view's `draw`), for
    /// text decided in `update`.
    pub fn set_gradually(&mut self, text: &str) {
        if self.start(text, Align::Left) {
            self.wait_for(text, Pending::new(Align::Left, 0));
        }
    }

    pub fn set_right_gradually(&mut self, text: &str) {
        if self.start(text, Align::Right) {
            self.wait_for(text, Pending::new(Align::Right, 0));
        }
    }

    /// Redraw lines `first..first + count` of the box (counting from 0 at
    /// the top, `LINE_HEIGHT` apart) with `text`, leaving the other lines as
    /// they are: only those pixel rows are blanked, and `text` is laid out
    /// starting on line `first`. Drawn by `advance`, like `set_gradually`.
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
        self.wait_for(text, Pending::new(Align::Left, first.max(0)));
    }

    /// Make, over the next `advance`s, the tiles `text` would need, drawing
    /// nothing: a screen whose text is known ahead (a menu) is then drawn at
    /// once when it comes, with no tile to make. Done while nothing else is
    /// drawn (a window opening).
    pub fn reserve(&mut self, text: &str, right: bool) {
        let alignment = if right { Align::Right } else { Align::Left };
        if self.start(text, alignment) {
            // Nothing is shown: the next `set` of this text draws it.
            self.shown = None;
            let pending = Pending {
                visible: false,
                ..Pending::new(alignment, 0)
            };
            self.wait_for(text, pending);
        }
    }

    /// Whether text set with `set_gradually` or `retype_lines` waits for `advance`.
    pub fn is_drawing(&self) -> bool {
        self.pending.is_some()
    }

    /// Blank the box for new text; false when that text is already on screen.
    fn start(&mut self, text: &str, alignment: Align) -> bool {
        let key = fingerprint(text, alignment);
        if self.shown == Some(key) {
            return false;
        }
        self.shown = Some(key);
        #[cfg(any(debug_assertions, feature = "events"))]
        self.announce_ticking(true);
        self.ensure_tiles();
        self.stale = true;
        true
    }

    /// Draw more of the text set with `set_gradually` or `retype_lines` while
    /// the frame has room, a line at a time (a line that needs more new
    /// tiles than the frame has room to map is drawn again, whole, next
    /// frame: drawing is ORing, so the tiles it did get are unharmed); true
    /// once all of it is drawn.
    pub fn advance(&mut self, background: &mut RegularBackground) -> bool {
        self.advance_reserving(background, 0)
    }

    /// `advance`, keeping `reserve` display lines of the frame's room for
    /// work that follows it and is not bounded by the room.
    pub fn advance_reserving(&mut self, background: &mut RegularBackground, reserve: u32) -> bool {
        let Some(mut pending) = self.pending.take() else {
            return true;
        };
        let text = core::mem::take(&mut self.waiting);
        let finished = self.render(
            background,
            &text,
            pending.alignment,
            &mut pending.at,
            &mut |lines| frame_time::room_for_bounded(lines + reserve),
            (pending.visible, true),
        );
        self.waiting = text;
        if !finished {
            self.pending = Some(pending);
        }
        finished
    }

    /// Draw all the text still waiting, whatever the frame's room.
    pub fn finish(&mut self, background: &mut RegularBackground) {
        if let Some(mut pending) = self.pending.take() {
            let text = core::mem::take(&mut self.waiting);
            let (alignment, visible) = (pending.alignment, pending.visible);
            let at = &mut pending.at;
            self.render(
                background,
                &text,
                alignment,
                at,
                &mut |_| true,
                (visible, false),
            );
            self.waiting = text;
        }
    }

    /// Makes `text` the one `advance` draws.
    fn wait_for(&mut self, text: &str, pending: Pending) {
        self.waiting.clear();
        self.waiting.push_str(text);
        self.pending = Some(pending);
    }

    /// Lays `text` out in the box's width and draws its lines from `at`,
    /// moving `at` past each line drawn whole, while `room` (asked with the
    /// display lines a piece of work may take) says it fits: the tiles a
    /// line needs are made first, then its letters go straight into them
    /// (`ink_letters`). True once no line is left.
    fn render(
        &mut self,
        background: &mut RegularBackground,
        text: &str,
        alignment: Align,
        at: &mut Cursor,
        room: &mut dyn FnMut(u32) -> bool,
        (visible, patient): (bool, bool),
    ) -> bool {
        let (dx, dy) = (self.origin.0.rem_euclid(8), self.origin.1.rem_euclid(8));
        let bottom = (self.rows + 1) * 8;
        // Setting up and laying out the first line come before its letters
        // are known: not started where the frame has no room for a line.
        if !room(line_cost(0)) {
            return false;
        }
        let mut lines = Lines::starting_at(text, alignment, self.columns * 8, at.byte);
        // The first line whose new tiles were made this frame: its pixels,
        // and those of the lines after it, go in next frame, when the tiles
        // are on the map. The lines after it get their tiles made now.
        let mut waiting: Option<Cursor> = None;
        loop {
            // What laying the line out takes is part of its cost, spent
            // before its length is known: the room asked for is the rest.
            let laying_out = frame_time::lines_used();
            // The box pixel row of the line's glyph row 0.
            let top = at.line * LINE_HEIGHT + GLYPH_TOP + dy;
            let next = if top < bottom { lines.next() } else { None };
            let Some(line) = next else {
                return match waiting {
                    Some(first) => {
                        *at = first;
                        false
                    }
                    None => self.drawn(visible),
                };
            };
            let before = *at;
            let letters = text.get(line.start..line.end).unwrap_or("");
            let spent = frame_time::lines_used().saturating_sub(laying_out);
            if !room(line_cost(letters.len()).saturating_sub(spent)) {
                *at = waiting.unwrap_or(before);
                return false;
            }
            at.byte = lines.processed;
            at.line += 1;
            let run = Run {
                letters,
                x: line.left + dx,
                top,
                bottom,
            };
            let colour = at.colour;
            at.colour = end_colour(letters, colour);
            match self.flush(
                background,
                &run,
                colour,
                (visible && waiting.is_none(), patient),
                room,
            ) {
                Flushed::Whole => {}
                Flushed::TilesMade => {
                    waiting.get_or_insert(before);
                }
                Flushed::NoRoom => {
                    *at = waiting.unwrap_or(before);
                    return false;
                }
            }
        }
    }

    /// Puts a line's letters (`run`, starting in colour `colour`) into the
    /// tiles under them, after making those it lacks as long as `room` lets
    /// each be mapped (only makes them when not `visible`).
    fn flush(
        &mut self,
        background: &mut RegularBackground,
        run: &Run,
        colour: u32,
        (visible, patient): (bool, bool),
        room: &mut dyn FnMut(u32) -> bool,
    ) -> Flushed {
        let (first, last) = (
            run.top.max(0),
            (run.top + GLYPH_ROWS as i32 - 1).min(run.bottom - 1),
        );
        if first > last {
            return Flushed::Whole;
        }
        let stride = self.stride().min(MAX_STRIDE);
        let first_tile_row = (first >> 3) as usize;
        let tile_rows = ((last >> 3) - (first >> 3) + 1) as usize;
        let span =
            first_tile_row * stride..((first_tile_row + tile_rows) * stride).min(self.tiles.len());
        // Every tile the line needs is made first (blank: a line cut short
        // by the frame's end shows nothing of itself).
        let mut mapped_any = false;
        if self
            .tiles
            .get(span.clone())
            .is_some_and(|tiles| tiles.iter().any(Option::is_none))
        {
            let needed = inked_columns(run, colour, stride, first, last);
            for (row, &columns) in needed.iter().enumerate().take(tile_rows) {
                let mut columns = columns;
                while columns != 0 {
                    let column = columns.trailing_zeros() as usize;
                    columns &= columns - 1;
                    let index = (first_tile_row + row) * stride + column;
                    if self.tiles.get(index).is_some_and(Option::is_none) {
                        if !room(TILE_COST) {
                            return Flushed::NoRoom;
                        }
                        self.map_tile(background, index);
                        mapped_any = true;
                    }
                }
            }
        }
        if !visible {
            return Flushed::Whole;
        }
        // A tile made this frame is on the map only from the next: drawing
        // now would show the line without it for a frame.
        if mapped_any && patient {
            return Flushed::TilesMade;
        }
        if self.stale {
            self.blank_pixels();
            self.stale = false;
        }
        // Each tile's pixels (null for a tile not made), for ARM code to
        // index: it cannot call the Thumb code that reaches them.
        let mut tiles = [core::ptr::null_mut::<u32>(); 2 * MAX_STRIDE];
        if let Some(span) = self.tiles.get_mut(span) {
            for (pointer, tile) in tiles.iter_mut().zip(span) {
                if let Some(tile) = tile {
                    *pointer = tile.data_mut().as_mut_ptr();
                }
            }
        }
        let place = Strip {
            stride,
            top: run.top,
            first,
            last,
        };
        // In batches, so the letters fit on the stack.
        let mut batch: heapless::Vec<Letter, LETTER_BATCH> = heapless::Vec::new();
        let mut colour = colour;
        font::for_each_letter(run.letters, run.x, &mut colour, |glyph, x, colour| {
            if x <= -8 || x >= stride as i32 * 8 {
                return;
            }
            if batch.is_full() {
                ink_letters(&tiles, &batch, place);
                batch.clear();
            }
            let _ = batch.push(Letter {
                rows: glyph.rows.as_ptr(),
                x: x as i16,
                colour: colour as u16,
            });
        });
        ink_letters(&tiles, &batch, place);
        Flushed::Whole
    }
}

/// A line of letters to put in a box: from pixel column `x`, glyph row 0 at
/// box pixel row `top`, nothing at or below row `bottom`.
struct Run<'a> {
    letters: &'a str,
    x: i32,
    top: i32,
    bottom: i32,
}

/// The colour `letters` leave the ink in, from `colour`.
fn end_colour(letters: &str, colour: u32) -> u32 {
    letters
        .chars()
        .filter_map(font::control)
        .fold(colour, |colour, change| change.unwrap_or(colour))
}

/// The tile columns `run`'s ink lands in, a bit each, in each of the two
/// tile rows from the one holding box pixel row `first` (ink outside
/// `first..=last` aside).
fn inked_columns(run: &Run, colour: u32, stride: usize, first: i32, last: i32) -> [u32; 2] {
    let mut columns = [0u32; 2];
    let base = first >> 3;
    let mut colour = colour;
    font::for_each_letter(run.letters, run.x, &mut colour, |glyph, x, _| {
        if x <= -8 || x >= stride as i32 * 8 {
            return;
        }
        let cut = (-x).max(0) as u32 * 4;
        let x = x.max(0);
        let spill = if x & 7 != 0 && ((x >> 3) as usize) + 1 < stride {
            3
        } else {
            1
        };
        for (r, &pixels) in glyph.rows.iter().enumerate() {
            let y = run.top + r as i32;
            if pixels >> cut == 0 || y < first || y > last {
                continue;
            }
            if let Some(row) = columns.get_mut(((y >> 3) - base) as usize) {
                *row |= spill << (x >> 3);
            }
        }
    });
    columns
}

/// Where a prepared line goes in a box's tiles.
#[derive(Clone, Copy)]
struct Place {
    /// Tiles a row of the box.
    stride: usize,
    /// The box pixel row of the glyphs' row 0.
    first_row: i32,
    /// The box pixel column of the line's first pixel.
    left: i32,
}

/// Writes every pixel of every tile the box has: the line's where it has
/// ink, blank elsewhere (nothing read, nothing blanked first), a tile row
/// at a time (`put_tile_row`).
fn put_line(tiles: &mut [Option<DynamicTile16>], line: &PreparedLine, place: Place) {
    let stride = place.stride.min(MAX_STRIDE);
    let (pixels, columns) = line.rows();
    let mut top = -place.first_row;
    for tile_row in tiles.chunks_mut(stride) {
        // Each tile's pixels (none for a tile not made), for ARM code to
        // index: it cannot call the Thumb code that reaches them.
        let mut row: heapless::Vec<&mut [u32], MAX_STRIDE> = tile_row
            .iter_mut()
            .map(|tile| tile.as_mut().map_or(&mut [][..], |tile| tile.data_mut()))
            .collect();
        let at = Staging {
            columns,
            left: place.left,
            top,
        };
        put_tile_row(&mut row, pixels, at);
        top += 8;
    }
}

/// Which tile row `put_tile_row` writes.
#[derive(Clone, Copy)]
struct Staging {
    /// Words a glyph row of the line takes.
    columns: usize,
    /// The box pixel column of the line's first pixel.
    left: i32,
    /// The glyph row on the tile row's pixel row 0.
    top: i32,
}

/// The pixels of a tile row's tiles (`row`, 8 words each), from a prepared
/// line's rows (`pixels`). Every line shown goes through here, so it runs
/// from IWRAM as ARM code, with nothing but indexing and arithmetic (ARM
/// code cannot take Thumb functions inline).
#[inline(never)]
#[unsafe(link_section = ".iwram.text_put_tile_row")]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn put_tile_row(row: &mut [&mut [u32]], pixels: &[u32], at: Staging) {
    let shift = ((at.left & 7) * 4) as u32;
    // The line's word under the first tile column's left edge (off the
    // 8-pixel grid, the one before it, whose high pixels come first).
    let first = -(at.left >> 3) - i32::from(shift != 0);
    let mut column = 0;
    while column < row.len() {
        let tile = &mut *row[column];
        let index = first + column as i32;
        let mut pixel_row = 0;
        while pixel_row < tile.len() {
            let glyph_row = at.top + pixel_row as i32;
            let mut word = 0;
            if glyph_row >= 0 && (glyph_row as usize) < GLYPH_ROWS {
                let start = glyph_row as usize * at.columns;
                if index >= 0 && (index as usize) < at.columns {
                    let this = pixels[start + index as usize];
                    word = if shift == 0 {
                        this
                    } else {
                        this >> (32 - shift)
                    };
                }
                if shift != 0 && index + 1 >= 0 && ((index + 1) as usize) < at.columns {
                    word |= pixels[start + (index + 1) as usize] << shift;
                }
            }
            tile[pixel_row] = word;
            pixel_row += 1;
        }
        column += 1;
    }
}

/// How a line's strip went into its tiles.
enum Flushed {
    /// Every pixel in (or, out of sight, every tile made).
    Whole,
    /// Tiles were made this frame: the pixels go in next frame, when they
    /// are on the map.
    TilesMade,
    /// The frame had no room for a tile the line needs.
    NoRoom,
}

/// The widest box drawn, in tiles (a bit each in a line's mask of inked columns):
/// the screen's width and a spill column.
const MAX_STRIDE: usize = 32;

/// Letters put into a box's tiles at a time (`ink_letters`).
const LETTER_BATCH: usize = 24;

/// A letter to put in: its glyph's rows, its left edge in box pixels (above
/// -8: a glyph that starts left of the box shows its part inside), and its
/// palette index.
#[derive(Clone, Copy)]
struct Letter {
    rows: *const u32,
    x: i16,
    colour: u16,
}

/// Where `ink_letters` puts letters: `stride` tiles a row from the tile row
/// holding box pixel row `first`, glyph row 0 at box pixel row `top`, and
/// only rows `first..=last`.
#[derive(Clone, Copy)]
struct Strip {
    stride: usize,
    top: i32,
    first: i32,
    last: i32,
}

/// ORs `letters` into the tiles of two tile rows (`tiles`, 8 words each,
/// null where the box has no tile). Every letter of text made at run time
/// goes through here, so it runs from IWRAM as ARM code, with nothing but
/// indexing, arithmetic and raw pointers (ARM code cannot take Thumb
/// functions inline).
#[inline(never)]
#[unsafe(link_section = ".iwram.text_ink_letters")]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn ink_letters(tiles: &[*mut u32; 2 * MAX_STRIDE], letters: &[Letter], at: Strip) {
    let base = at.first >> 3;
    let stride = at.stride;
    let mut index = 0;
    while index < letters.len() {
        let letter = letters[index];
        index += 1;
        let mut x = i32::from(letter.x);
        let cut = if x < 0 { (-x * 4) as u32 } else { 0 };
        if x < 0 {
            x = 0;
        }
        let column = (x >> 3) as usize;
        let shift = ((x & 7) * 4) as u32;
        let colour = u32::from(letter.colour);
        let mut r = 0;
        while r < GLYPH_ROWS {
            let y = at.top + r as i32;
            // SAFETY: `rows` points at a glyph's GLYPH_ROWS words.
            let pixels =
                (unsafe { *((letter.rows as usize + r * 4) as *const u32) } >> cut) * colour;
            r += 1;
            if pixels == 0 || y < at.first || y > at.last {
                continue;
            }
            let row_start = ((y >> 3) - base) as usize * stride;
            let offset = (y & 7) as usize * 4;
            let tile = tiles[row_start + column];
            if !tile.is_null() {
                // SAFETY: a tile's 8 words, from a live DynamicTile16.
                unsafe { *((tile as usize + offset) as *mut u32) |= pixels << shift };
            }
            if shift != 0 && column + 1 < stride {
                let tile = tiles[row_start + column + 1];
                if !tile.is_null() {
                    // SAFETY: as above.
                    unsafe { *((tile as usize + offset) as *mut u32) |= pixels >> (32 - shift) };
                }
            }
        }
    }
}

/// One line of laid-out text: where it starts (pixels from the box's left)
/// and the byte range of `text` it shows (no line break in it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Line {
    pub left: i32,
    pub start: usize,
    pub end: usize,
}

/// Breaks text into lines the way agb's `Layout` does: at `\n`, and before
/// the word that would overflow `max_width` (inside a word only when it is
/// the line's first); spaces at a line's start are skipped. Unlike agb's, a
/// last line of a single character is kept.
pub struct Lines<'a> {
    text: &'a str,
    alignment: Align,
    max_width: i32,
    processed: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `text` from byte `from` on (0, or where an earlier
    /// `Lines` had got to: see `position`).
    pub fn starting_at(text: &'a str, alignment: Align, max_width: i32, from: usize) -> Self {
        Self {
            text,
            alignment,
            max_width,
            processed: from,
        }
    }

    /// The byte the next line starts from.
    pub fn position(&self) -> usize {
        self.processed
    }

    fn line(&self, width: i32, start: usize, end: usize) -> Line {
        let left = match self.alignment {
            Align::Left => 0,
            Align::Right => self.max_width - width,
            Align::Centre => (self.max_width - width) / 2,
        };
        Line { left, start, end }
    }
}

impl Iterator for Lines<'_> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        let text = self.text;
        let start = self.processed
            + text
                .get(self.processed..)?
                .bytes()
                .take_while(|&b| b == b' ')
                .count();
        if start >= text.len() {
            self.processed = text.len();
            return None;
        }
        let space = i32::from(font::glyph(' ').advance);
        let (mut words, mut word, mut spaces) = (0, 0, 0);
        let mut word_start = start;
        for (i, c) in text[start..].char_indices() {
            let i = i + start;
            if c == '\n' {
                self.processed = i + 1;
                return Some(self.line(words + word + spaces * space, start, i));
            } else if c == ' ' {
                spaces += 1;
                words += word;
                word = 0;
                word_start = i + 1;
            } else if font::control(c).is_some() {
                continue;
            } else {
                word += i32::from(font::glyph(c).advance);
            }
            if self.max_width > 0 && self.max_width < words + word + spaces * space {
                let width = if spaces == 0 {
                    // A word longer than the line breaks where it overflows
                    // (after its first letter at least, so lines advance).
                    self.processed = if i == start { i + c.len_utf8() } else { i };
                    word
                } else {
                    self.processed = word_start;
                    words + (spaces - 1) * space
                };
                return Some(self.line(width, start, self.processed));
            }
        }
        self.processed = text.len();
        Some(self.line(words + word + spaces * space, start, text.len()))
    }
}

#[cfg(any(debug_assertions, feature = "events"))]
impl Drop for TextBox {
    fn drop(&mut self) {
        self.announce_ticking(false);
    }
}

/// FNV-1a over the text and its alignment.
fn fingerprint(text: &str, alignment: Align) -> u32 {
    let tag = match alignment {
        Align::Left => 1,
        Align::Right => 2,
        Align::Centre => 3,
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

    /// agb drawing the TTF of the same glyphs (gfx/font/make_font.py).
    static FONT: agb::display::font::Font = agb::include_font!("gfx/font/pocket-sans.ttf", 10);

    /// The pixels agb's `Layout` inks for `text`, sorted.
    fn agb_pixels(text: &str, alignment: Align, width: i32) -> Vec<(i32, i32, u32)> {
        use agb::display::font::{AlignmentKind, Layout, LayoutSettings};
        let kind = match alignment {
            Align::Left => AlignmentKind::Left,
            Align::Centre => AlignmentKind::Centre,
            Align::Right => AlignmentKind::Right,
        };
        let settings = LayoutSettings::new()
            .with_alignment(kind)
            .with_max_line_length(width)
            .with_max_group_width(32);
        let mut pixels = Vec::new();
        for group in Layout::new(text, &FONT, &settings) {
            for (at, packed) in group.pixels_packed() {
                let at = at + group.position();
                for k in 0..8 {
                    let colour = (packed >> (4 * k)) & 0xF;
                    if colour != 0 {
                        pixels.push((at.x + k, at.y, colour));
                    }
                }
            }
        }
        pixels.sort_unstable();
        pixels
    }

    /// The pixels a box `width` pixels wide inks for `text` (its tiles read
    /// back), sorted.
    fn our_pixels(
        bg: &mut RegularBackground,
        text: &str,
        alignment: Align,
        width: i32,
    ) -> Vec<(i32, i32, u32)> {
        let mut text_box = TextBox::new((0, 0), width / 8, 18);
        text_box.draw(bg, text, alignment);
        let stride = text_box.stride();
        let mut pixels = Vec::new();
        for (index, tile) in text_box.tiles.iter().enumerate() {
            let Some(tile) = tile else { continue };
            let (tx, ty) = ((index % stride) as i32 * 8, (index / stride) as i32 * 8);
            for (row, word) in tile.data().iter().enumerate() {
                for k in 0..8 {
                    let colour = (word >> (4 * k)) & 0xF;
                    if colour != 0 {
                        pixels.push((tx + k, ty + row as i32, colour));
                    }
                }
            }
        }
        pixels.sort_unstable();
        pixels
    }

    /// Compares with agb, unless the text's last line is a single letter,
    /// which agb leaves out (then returns false).
    fn assert_same_as_agb(
        bg: &mut RegularBackground,
        text: &str,
        alignment: Align,
        width: i32,
    ) -> bool {
        let last = Lines::starting_at(text, alignment, width, 0).last();
        if last.is_some_and(|line| text[line.start..line.end].chars().count() == 1) {
            return false;
        }
        // The box shows what falls inside it.
        let mut agb = agb_pixels(text, alignment, width);
        agb.retain(|&(x, ..)| x >= 0);
        let ours = our_pixels(bg, text, alignment, width);
        assert!(
            ours == agb,
            "{text:?} {alignment:?} in {width} px: {} pixels here, {} by agb; first difference {:?}",
            ours.len(),
            agb.len(),
            ours.iter().zip(&agb).find(|(a, b)| a != b)
        );
        true
    }

    #[test_case]
    fn a_kept_tile_comes_back_as_it_was(_gba: &mut agb::Gba) {
        use super::KeptTile;
        let inked = [
            0x0F0F_0000,
            0xF000_000F,
            0,
            0xFFFF_FFFF,
            0,
            0,
            0x0000_F000,
            0,
        ];
        let mixed = [0x1200_0000, 0, 0, 0, 0, 0, 0, 0x0000_0003];
        let mut seed = 0x9E37_79B9_u32;
        let mut one_ink = |ink: u32| {
            core::array::from_fn::<u32, 8, _>(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                super::spread(seed as u8) * ink
            })
        };
        let randoms: [[u32; 8]; 16] = core::array::from_fn(|ink| one_ink(ink as u32));
        for pixels in [[0; 8], inked, mixed].iter().chain(&randoms) {
            let kept = KeptTile::of(pixels);
            assert_eq!(kept.pixels(), *pixels);
            // One ink on nothing takes a bit a pixel.
            let one_colour = pixels != &mixed && pixels.iter().any(|&word| word != 0);
            assert_eq!(matches!(kept, KeptTile::Inked { .. }), one_colour);
        }
    }

    #[test_case]
    fn every_glyph_is_drawn_as_agb_draws_the_ttf(_gba: &mut agb::Gba) {
        let mut bg = background();
        // Each glyph between two bars (agb leaves out a text of one letter).
        let all: alloc::string::String = (' '..='~')
            .chain(super::font::extra_chars().iter().copied())
            .collect();
        for c in all.chars() {
            assert!(super::font::has_glyph(c), "{c:?}");
            assert!(assert_same_as_agb(
                &mut bg,
                &alloc::format!("|{c}|"),
                Align::Left,
                32
            ));
        }
        let all: Vec<char> = all.chars().collect();
        for part in all.chunks(30) {
            let part: alloc::string::String = part.iter().collect();
            assert!(assert_same_as_agb(&mut bg, &part, Align::Left, 240));
        }
        // A text of one letter, which agb would leave blank, is drawn.
        assert!(!our_pixels(&mut bg, "5", Align::Left, 16).is_empty());
    }

    #[test_case]
    fn lines_break_and_align_as_agb_breaks_them(gba: &mut agb::Gba) {
        let mut gfx = gba.graphics.get();
        let texts = [
            "Medium (15 mines)",
            "Row 3 has a typo: check the digits.\nB: back  A: try again",
            "The stroke may run over the grey ring, never over itself.",
            "A: open    START: back to desk",
            "  leading spaces, then   several   between\n\nand a blank line",
            "Averyveryverylongwordthatcannotfitinanyline at all",
            "No. 12  10x10  3:07\nBest 2:59 \u{2713}",
            "Page 1/2\n 10348  \u{E003}[92256]\u{E001}  77120",
        ];
        let (mut compared, mut skipped) = (0, 0);
        for text in texts {
            for width in (24..=200).step_by(16) {
                for alignment in [Align::Left, Align::Centre, Align::Right] {
                    // A background of its own each time, let go at a
                    // frame's commit, which is when agb frees its tiles.
                    let mut bg = background();
                    let same = assert_same_as_agb(&mut bg, text, alignment, width);
                    drop(bg);
                    gfx.frame().commit();
                    if same {
                        compared += 1;
                    } else {
                        skipped += 1;
                    }
                }
            }
        }
        assert!(
            compared > 5 * skipped,
            "{compared} compared, {skipped} skipped"
        );
    }

    /// Every tile's pixels, in order (a tile not made as blank).
    fn tile_pixels(text: &TextBox) -> Vec<[u32; 8]> {
        text.tiles
            .iter()
            .map(|tile| {
                tile.as_ref()
                    .and_then(|tile| <[u32; 8]>::try_from(tile.data()).ok())
                    .unwrap_or_default()
            })
            .collect()
    }

    #[test_case]
    fn a_prepared_line_shows_as_its_text_typed(gba: &mut agb::Gba) {
        use super::super::prepared::prepared;
        let mut gfx = gba.graphics.get();
        let lines = [
            prepared!("A: choose  \u{2190}\u{2192}: pages  B: back"),
            prepared!("A: paint  B: size  SELECT: solve"),
            prepared!("Pocket Desk"),
            prepared!("\u{d7}Wy,.'jgq_|@~"),
            prepared!("1"),
            prepared!(""),
        ];
        for line in lines {
            // Every offset in a tile, both ways, and every alignment, over
            // old text of another length.
            for (dx, dy) in (0..8).zip([0, 3, 5, 7, 1, 2, 6, 4]) {
                for alignment in [Align::Left, Align::Centre, Align::Right] {
                    let mut bg = background();
                    let origin = (16 + dx, 8 + dy);
                    let mut typed = TextBox::new(origin, 19, 1);
                    typed.set(&mut bg, "old text, longer than most");
                    typed.draw(&mut bg, line.text, alignment);
                    let mut shown = TextBox::new(origin, 19, 1);
                    shown.set(&mut bg, "old");
                    shown.show(&mut bg, line, alignment);
                    assert_eq!(
                        tile_pixels(&typed),
                        tile_pixels(&shown),
                        "{:?} at {origin:?}, {alignment:?}",
                        line.text
                    );
                    // Shown again, nothing changes; typed over, nothing either.
                    shown.show(&mut bg, line, alignment);
                    shown.draw(&mut bg, line.text, alignment);
                    assert_eq!(tile_pixels(&typed), tile_pixels(&shown));
                    drop((typed, shown, bg));
                    gfx.frame().commit();
                }
            }
        }
    }

    /// The cost of a line rendered at build time put in a box with its tiles.
    #[test_case]
    fn measure_prepared_line(_gba: &mut agb::Gba) {
        use super::super::prepared::prepared;
        let mut bg = background();
        let mut text = TextBox::new((16, 3), 18, 1);
        let _ = text.premap(&mut bg, usize::MAX);
        let line = prepared!("A: paint  B: size  SELECT: solve");
        let start = crate::framework::cycles::now();
        text.show(&mut bg, line, Align::Left);
        let spent = crate::framework::cycles::now().wrapping_sub(start);
        agb::println!("a prepared line shown: {spent} cycles");
        text.set(&mut bg, "x");
        let start = crate::framework::cycles::now();
        text.set(&mut bg, line.text);
        let spent = crate::framework::cycles::now().wrapping_sub(start);
        agb::println!("the same line typed: {spent} cycles");
        assert!(has_ink(&text));
    }

    // The harness prints each test's cycles: these double as cost probes.
    #[test_case]
    fn measure_text_short(_gba: &mut agb::Gba) {
        let mut bg = background();
        let mut text = TextBox::new((8, 8), 10, 1);
        text.set(&mut bg, "00:07");
        assert!(has_ink(&text));
    }

    const PAGE: &str = "Check and save\nWidth: 10\nHeight: 10\nShare code\nClear the drawing\nDelete this slot\nDone\nA: choose  B: back";

    #[test_case]
    fn measure_text_page_fresh(_gba: &mut agb::Gba) {
        let mut bg = background();
        let mut text = TextBox::new((18, 28), 26, 16);
        text.set(&mut bg, PAGE);
        assert!(has_ink(&text));
    }

    #[test_case]
    fn measure_text_page_redrawn(_gba: &mut agb::Gba) {
        let mut bg = background();
        let mut text = TextBox::new((18, 28), 26, 16);
        text.set(&mut bg, PAGE);
        let start = crate::framework::cycles::now();
        text.set(&mut bg, "x");
        text.set(&mut bg, PAGE);
        let spent = crate::framework::cycles::now().wrapping_sub(start);
        agb::println!("a page redrawn on its own tiles: {spent} cycles");
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
        text.finish(&mut bg);
        assert!(!text.is_drawing());
        // The title's top tile row is untouched; the retyped line drew ink.
        assert!(title.iter().any(|&row| row != 0));
        assert_eq!(title, top_row(&text));
        assert!(has_ink(&text));
        text.release();
        assert!(text.tiles.is_empty() && !has_ink(&text));
    }
}
