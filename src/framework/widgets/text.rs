//! Text in our pixel font ("Pocket Sans", gfx/font/).
//!
//! A [`TextBox`] is a rectangle of tiles: an app's are the drawing plane's
//! (`framework::plane`), mapped once at boot; the desktop's are its own,
//! made with the box on the desktop's layer. Either way drawing text is
//! writing pixels, never making or mapping a tile. Its text is drawn from
//! the glyphs `font.rs` prepared when the ROM was built, each line's
//! letters straight into the tiles under them, by ARM code in IWRAM
//! (`ink_letters`); a line rendered when the ROM was built (`show`) is
//! copied in (`put_tile_row`). Lines break and align as agb's `Layout`
//! would break them (the tests compare the two).
//!
//! A box owns its pixels, not whole tiles: boxes of the plane may share a
//! tile, and blanking one leaves the other's pixels alone.
//!
//! `set` draws at once; `set_gradually` leaves the text to `advance`,
//! which draws a line at a time while the frame has room for it (a
//! [`frame_time::Piece`], timed as it goes); the old text stays until the
//! new one's first line is drawn.

use agb::display::{
    Rgb15,
    tiled::{DynamicTile16, RegularBackground, TileEffect},
};
use alloc::{string::String, vec::Vec};

use super::{
    font::{self, GLYPH_ROWS, GLYPH_TOP},
    prepared::PreparedLine,
};
use crate::framework::{
    assets::{self, text_colours},
    frame_time, plane,
};

pub use super::font::LINE_HEIGHT;

/// Drawing a line of text in a narrow box (a panel's) or a wide one, and
/// a block of lines rendered at build time (each timed as it goes:
/// [`frame_time::Piece`]): a short line need not wait for room for a long
/// one.
static NARROW_LINE: frame_time::Piece = frame_time::Piece::new();
static WIDE_LINE: frame_time::Piece = frame_time::Piece::new();
static BLOCK: frame_time::Piece = frame_time::Piece::new();
/// A text's first line, which blanks the box's old text under it first.
static BLANKING_LINE: frame_time::Piece = frame_time::Piece::new();
/// The widest box, in tiles, whose lines are narrow ones.
const NARROW_COLUMNS: i32 = 12;

/// How a line sits in its box.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// The colours a box's text is drawn in (found by colour in the palette
/// its tiles use: the plane's, or the desktop's text palette).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ink {
    /// The letters'.
    pub normal: Rgb15,
    /// Letters marked as wrong (`font::colour(MARK)` in the text).
    pub mark: Rgb15,
    /// Under the letters; none shows what is behind the text's layer.
    pub paper: Option<Rgb15>,
}

impl Ink {
    /// Dark letters, red marks: text on a window's cream.
    pub const DARK: Self = Self {
        normal: text_colours::INK,
        mark: text_colours::MARK,
        paper: None,
    };
    /// Cream letters, pink marks: text on a dark well.
    pub const LIGHT: Self = Self {
        normal: text_colours::LIGHT,
        mark: text_colours::LIGHT_MARK,
        paper: None,
    };

    /// `self` on paper of colour `paper`.
    #[must_use]
    pub const fn on(self, paper: Rgb15) -> Self {
        Self {
            paper: Some(paper),
            ..self
        }
    }

    /// Its palette entries in slot `slot`.
    fn in_slot(self, slot: u8) -> Inks {
        Inks {
            normal: u32::from(plane::index_of(slot, self.normal)),
            mark: u32::from(plane::index_of(slot, self.mark)),
            paper: self
                .paper
                .map_or(0, |paper| u32::from(plane::index_of(slot, paper))),
        }
    }
}

/// An [`Ink`]'s palette entries.
#[derive(Clone, Copy)]
struct Inks {
    normal: u32,
    mark: u32,
    paper: u32,
}

impl Inks {
    /// The palette entry of colour `index` of a text (see [`MARK`]).
    const fn colour(self, index: u32) -> u32 {
        match index {
            1 => self.normal,
            MARK => self.mark,
            other => other,
        }
    }
}

/// The colour a text switches to (`font::colour(MARK)`) for letters marked
/// as wrong, drawn in its box's [`Ink::mark`]; colour 1 is its
/// [`Ink::normal`].
pub const MARK: u32 = 2;

/// Text that `advance` draws a line at a time (the box's `waiting` text),
/// and where it has got to.
#[derive(Clone, Copy)]
struct Pending {
    alignment: Align,
    at: Cursor,
    /// The text is this known block whole: it goes up as one copy.
    block: Option<&'static PreparedLine>,
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

/// A text box's pixels and text, kept while other text has the box
/// (`TextBox::keep`).
pub struct KeptText {
    /// Each tile of the box, in order.
    pixels: Vec<KeptTile>,
    shown: Option<u32>,
}

/// A tile as kept: its 4-bit rows as they were (a copy costs less than
/// any packing of them), or left alone.
enum KeptTile {
    /// Outside what the box had drawn: left as it is.
    Untouched,
    Pixels([u32; 8]),
}

/// Where a box's tiles come from.
enum Tiles {
    /// The drawing plane's, under the box (an app's box).
    Plane,
    /// Its own, made and mapped on a layer with the box (a desktop box: the
    /// desktop's layer is not the plane): where each tile's pixels are,
    /// row-major (null where text cannot reach), and the tiles.
    Own {
        pixels: Vec<*mut u32>,
        _tiles: Vec<DynamicTile16>,
    },
}

pub struct TextBox {
    /// Top-left corner in pixels on the screen.
    origin: (i32, i32),
    /// Size in whole tiles. Its tiles are (columns + 1) x (rows + 1): text
    /// not aligned to 8 pixels spills into the extra column and row.
    columns: i32,
    rows: i32,
    ink: Ink,
    tiles: Tiles,
    /// Hash of the text and alignment on screen, so setting the same text
    /// again costs nothing.
    shown: Option<u32>,
    /// Text still to draw (see `set_gradually`), and how far it has got.
    pending: Option<Pending>,
    /// The text `pending` draws, kept with its capacity from one text to
    /// the next: a box allocates once, and the heap is the same before and
    /// after whatever it drew.
    waiting: String,
    /// Lines its texts may have that were rendered at build time (a menu's
    /// rows): such a line is inked from those pixels, not typed.
    known: &'static [&'static PreparedLine],
    /// The old text's pixels are still on screen: they are blanked when the
    /// new text's first pixels go in, not before, so the box is never seen
    /// empty between the two.
    stale: bool,
    /// The box pixel rows drawn in since it was last blank: blanking
    /// paints only those (a box that drew nothing has nothing to take away,
    /// and boxes of the plane may lie over one another, each blanked before
    /// the other draws).
    inked: core::ops::Range<i32>,
    /// The box pixel columns drawn in since then (in those rows).
    inked_columns: core::ops::Range<i32>,
    /// Events builds: the name of a box that changes with no key pressed (a
    /// clock), and whether the harness has been told where it is (see `ticking`).
    #[cfg(any(debug_assertions, feature = "events"))]
    ticking: Option<(&'static str, bool)>,
}

impl TextBox {
    /// A box of `columns` x `rows` tiles on the drawing plane, its top-left
    /// pixel at `origin` on the screen.
    pub fn new(origin: (i32, i32), columns: i32, rows: i32) -> Self {
        Self {
            origin,
            columns,
            rows,
            ink: Ink::DARK,
            tiles: Tiles::Plane,
            shown: None,
            pending: None,
            waiting: String::new(),
            known: &[],
            stale: false,
            inked: 0..0,
            inked_columns: 0..0,
            #[cfg(any(debug_assertions, feature = "events"))]
            ticking: None,
        }
    }

    /// A box with tiles of its own on `layer`, made and mapped now (blank),
    /// in the shared palette's slot: for the desktop, whose layer is not
    /// the plane. The spill column is made only for a box off the tile grid.
    pub fn on_layer(
        layer: &mut RegularBackground,
        origin: (i32, i32),
        columns: i32,
        rows: i32,
    ) -> Self {
        let mut text = Self::new(origin, columns, rows);
        let (left, top) = (origin.0.div_euclid(8), origin.1.div_euclid(8));
        let spill = origin.0.rem_euclid(8) != 0;
        let mut pixels = Vec::with_capacity(text.stride() * (rows + 1) as usize);
        let mut tiles = Vec::with_capacity(pixels.capacity());
        for row in 0..=rows {
            for column in 0..=columns {
                if column == columns && !spill {
                    pixels.push(core::ptr::null_mut());
                    continue;
                }
                let tile = DynamicTile16::new().fill_with(0);
                layer.set_tile_dynamic16(
                    (left + column, top + row),
                    &tile,
                    TileEffect::default().palette(assets::DESK_TEXT_PALETTE),
                );
                pixels.push(tile.data().as_ptr().cast_mut());
                tiles.push(tile);
            }
        }
        text.tiles = Tiles::Own {
            pixels,
            _tiles: tiles,
        };
        text
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

    /// The box drawn in `ink`.
    #[must_use]
    pub fn with_ink(mut self, ink: Ink) -> Self {
        self.ink = ink;
        self
    }

    /// The lines its texts may have that were rendered at build time: each
    /// goes up as a copy of its pixels (`prepared_all![...]` of a menu's
    /// rows), the others typed. A text that is one of them whole, a block
    /// of lines (as a message), goes up as one copy, as `show` puts it.
    pub fn set_known(&mut self, known: &'static [&'static PreparedLine]) {
        self.known = known;
    }

    /// The box, told its known texts (see `set_known`).
    #[must_use]
    pub fn knowing(mut self, known: &'static [&'static PreparedLine]) -> Self {
        self.set_known(known);
        self
    }

    /// The known block of lines that reads `text` whole, if there is one (a
    /// known line goes up with the other lines of its text, as `render`
    /// finds it).
    fn known_block(&self, text: &str) -> Option<&'static PreparedLine> {
        self.known
            .iter()
            .copied()
            .find(|known| known.lines > 1 && known.text == text)
    }

    /// Shows `text` as the known block that reads it, if there is one (left
    /// aligned: a block's lines all start at its left edge); whether it did.
    fn show_if_known(&mut self, text: &str) -> bool {
        let Some(block) = self.known_block(text) else {
            return false;
        };
        self.show(block, Align::Left);
        true
    }

    pub fn set(&mut self, text: &str) {
        self.draw(text, Align::Left);
    }

    pub fn set_centred(&mut self, text: &str) {
        self.draw(text, Align::Centre);
    }

    /// Blank the box: its text goes at once.
    pub fn blank(&mut self) {
        self.paint(i32::MIN..i32::MAX);
        self.inked = 0..0;
        self.inked_columns = 0..0;
        self.stale = false;
        self.shown = None;
        self.pending = None;
    }

    fn stride(&self) -> usize {
        (self.columns + 1) as usize
    }

    /// Its ink's entries in the palette its tiles use.
    fn inks(&self) -> Inks {
        let slot = match self.tiles {
            Tiles::Plane => plane::PALETTE,
            Tiles::Own { .. } => assets::DESK_TEXT_PALETTE,
        };
        self.ink.in_slot(slot)
    }

    /// Where the box's tiles' pixels are, for ARM code to index.
    fn grid(&self) -> Grid {
        match &self.tiles {
            Tiles::Plane => {
                let (left, top) = (self.origin.0.div_euclid(8), self.origin.1.div_euclid(8));
                let plane = plane::tiles();
                let start =
                    (top.max(0) as usize * plane::COLUMNS + left.max(0) as usize).min(plane.len());
                let columns = (plane::COLUMNS as i32 - left).clamp(0, self.columns + 1);
                let rows = (plane::ROWS as i32 - top).clamp(0, self.rows + 1);
                Grid {
                    tiles: plane.get(start..).unwrap_or(&[]).as_ptr().cast(),
                    stride: plane::COLUMNS,
                    columns: if plane.is_empty() || left < 0 || top < 0 {
                        0
                    } else {
                        columns as usize
                    },
                    rows: rows as usize,
                }
            }
            Tiles::Own { pixels, .. } => Grid {
                tiles: pixels.as_ptr(),
                stride: self.stride(),
                columns: self.stride(),
                rows: (self.rows + 1) as usize,
            },
        }
    }

    /// The pixels of the box's tile at `(column, row)` (8 words); null where
    /// it has none.
    #[cfg(test)]
    fn tile(&self, column: usize, row: usize) -> *mut u32 {
        self.grid().tile(column, row)
    }

    /// Box pixel rows `rows` now hold ink.
    fn ink_rows(&mut self, rows: core::ops::Range<i32>, columns: core::ops::Range<i32>) {
        let join = |was: &core::ops::Range<i32>, more: core::ops::Range<i32>| {
            if was.is_empty() {
                more
            } else {
                was.start.min(more.start)..was.end.max(more.end)
            }
        };
        self.inked_columns = join(&self.inked_columns, columns);
        self.inked = join(&self.inked, rows);
    }

    /// The whole box holds ink, as far as blanking knows.
    fn ink_all(&mut self) {
        self.inked = 0..(self.rows + 1) * 8;
        self.inked_columns = 0..(self.columns + 1) * 8;
    }

    /// Paint the box's pixels in box pixel rows `rows` (counted from the
    /// top of its first tile row) with its paper, leaving pixels of the
    /// tiles it shares that are outside it alone; nothing if it drew none.
    fn paint(&mut self, rows: core::ops::Range<i32>) {
        let look = (self.grid(), self.inks());
        self.paint_with(rows, look);
    }

    /// As `paint`, with the box's tiles and ink already found.
    fn paint_with(&mut self, rows: core::ops::Range<i32>, (grid, inks): (Grid, Inks)) {
        let (dx, dy) = (self.origin.0.rem_euclid(8), self.origin.1.rem_euclid(8));
        let top = rows.start.max(dy).max(self.inked.start);
        let bottom = rows.end.min((self.rows + 1) * 8).min(self.inked.end);
        if top >= bottom {
            return;
        }
        let area = Area {
            left: dx.max(self.inked_columns.start),
            right: (dx + self.columns * 8).min(self.inked_columns.end),
            top,
            bottom,
            colour: inks.paper * 0x1111_1111,
        };
        for row in (top >> 3)..=((bottom - 1) >> 3) {
            paint_tile_row(grid, row as usize, area, row * 8);
        }
    }

    /// The box's pixels and the text they show, to put back with `restore`
    /// after other text has had the box: a copy instead of a retyping.
    /// Tiles it has drawn nothing in since it was last blank are not kept:
    /// blanking leaves them alone, and so does `restore`. `None` while
    /// text is still being drawn.
    pub fn keep(&mut self) -> Option<KeptText> {
        if self.pending.is_some() || self.stale {
            return None;
        }
        let (columns, rows) = (self.stride(), (self.rows + 1) as usize);
        let mut pixels = Vec::with_capacity(columns * rows);
        let grid = self.grid();
        let overlaps = |span: &core::ops::Range<i32>, tile: usize| {
            let start = tile as i32 * 8;
            span.start < start + 8 && start < span.end
        };
        for row in 0..rows {
            for column in 0..columns {
                if !overlaps(&self.inked, row) || !overlaps(&self.inked_columns, column) {
                    pixels.push(KeptTile::Untouched);
                    continue;
                }
                let tile = grid.tile(column, row);
                let mut words = [0u32; 8];
                if !tile.is_null() {
                    for (line, word) in words.iter_mut().enumerate() {
                        // SAFETY: a live tile's 8 words.
                        *word = unsafe { tile.add(line).read_volatile() };
                    }
                }
                pixels.push(KeptTile::Pixels(words));
            }
        }
        Some(KeptText {
            pixels,
            shown: self.shown,
        })
    }

    /// Put back what `keep` took (whole tiles: a box kept is one that
    /// shares none).
    pub fn restore(&mut self, kept: KeptText) {
        self.restore_from(&kept);
    }

    /// `restore`, leaving `kept` to put back again later (a line shown
    /// often, kept once).
    pub fn restore_from(&mut self, kept: &KeptText) {
        let grid = self.grid();
        for (row, tiles) in kept.pixels.chunks(self.stride()).enumerate() {
            for (column, pixels) in tiles.iter().enumerate() {
                let tile = grid.tile(column, row);
                let KeptTile::Pixels(words) = pixels else {
                    continue;
                };
                if tile.is_null() {
                    continue;
                }
                for (line, &word) in words.iter().enumerate() {
                    // SAFETY: a live tile's 8 words.
                    unsafe { tile.add(line).write_volatile(word) };
                }
            }
        }
        self.shown = kept.shown;
        self.pending = None;
        self.stale = false;
        self.ink_all();
    }

    fn draw(&mut self, text: &str, alignment: Align) {
        if alignment == Align::Left && self.show_if_known(text) {
            return;
        }
        if self.start(text, alignment) {
            self.pending = None;
            let mut at = Cursor::at_line(0);
            self.render(text, alignment, &mut at, &mut |_| true);
        }
    }

    /// Show a line rendered when the ROM was built in place of what the box
    /// shows, `alignment` in its width: its pixels copied into the box's
    /// tiles, at once.
    pub fn show(&mut self, line: &PreparedLine, alignment: Align) {
        let key = fingerprint(line.text, alignment);
        if self.shown == Some(key) && self.pending.is_none() {
            return;
        }
        self.shown = Some(key);
        #[cfg(any(debug_assertions, feature = "events"))]
        self.announce_ticking(true);
        self.pending = None;
        self.put_block(line, alignment);
    }

    /// Like `show`, but copied in by the next `advance` (the view's
    /// `draw`), as a piece of its own: a block of many lines, decided in
    /// `update`, leaves the press's frame to the drawing before it.
    pub fn show_gradually(&mut self, line: &'static PreparedLine) {
        let key = fingerprint(line.text, Align::Left);
        if self.shown == Some(key) {
            return;
        }
        self.shown = Some(key);
        #[cfg(any(debug_assertions, feature = "events"))]
        self.announce_ticking(true);
        self.pending = Some(Pending {
            alignment: Align::Left,
            at: Cursor::at_line(0),
            block: Some(line),
        });
    }

    /// `line`'s pixels copied into the box's tiles in place of what it
    /// shows (see `show`).
    fn put_block(&mut self, line: &PreparedLine, alignment: Align) {
        self.stale = false;
        let room = self.columns * 8;
        let left = match alignment {
            Align::Left => 0,
            Align::Right => room - line.width,
            Align::Centre => (room - line.width) / 2,
        };
        let (dx, dy) = (self.origin.0.rem_euclid(8), self.origin.1.rem_euclid(8));
        let (pixels, columns) = line.rows();
        let inks = self.inks();
        let grid = self.grid();
        // The box pixel rows the text takes; the tile rows under them or
        // under ink from before are written, the rest is paper already.
        let first = GLYPH_TOP + dy;
        let text = first..(first + line.height() as i32).min((self.rows + 1) * 8);
        let written = if self.inked.is_empty() {
            text.clone()
        } else {
            text.start.min(self.inked.start)..text.end.max(self.inked.end)
        };
        for row in written.start.div_euclid(8).max(0)..(written.end + 7).div_euclid(8) {
            let at = Staging {
                columns,
                height: line.height() as i32,
                left: left + dx,
                top: row * 8 - first,
                ink: inks.normal,
                paper: inks.paper * 0x1111_1111,
                area_left: dx,
                area_right: dx + self.columns * 8,
            };
            put_tile_row(grid, row as usize, pixels, at);
        }
        self.inked = text;
        self.inked_columns = 0..(self.columns + 1) * 8;
    }

    /// Like `set`, but drawn by the next `advance` (the view's `draw`), for
    /// text decided in `update`.
    pub fn set_gradually(&mut self, text: &str) {
        if self.start(text, Align::Left) {
            let pending = Pending {
                alignment: Align::Left,
                at: Cursor::at_line(0),
                block: self.known_block(text),
            };
            if pending.block.is_some() {
                // Put up by `advance` as one copy.
                self.pending = Some(pending);
            } else {
                self.wait_for(text, pending);
            }
        }
    }

    pub fn set_right_gradually(&mut self, text: &str) {
        if self.start(text, Align::Right) {
            self.wait_for(
                text,
                Pending {
                    alignment: Align::Right,
                    at: Cursor::at_line(0),
                    block: None,
                },
            );
        }
    }

    /// Redraw lines `first..first + count` of the box (counting from 0 at
    /// the top, `LINE_HEIGHT` apart) with `text`, leaving the other lines as
    /// they are: only those pixel rows are blanked, and `text` is laid out
    /// starting on line `first`. Drawn by `advance`, like `set_gradually`.
    pub fn retype_lines(&mut self, first: i32, count: i32, text: &str) {
        let dy = self.origin.1.rem_euclid(8);
        self.paint((dy + first * LINE_HEIGHT)..(dy + (first + count) * LINE_HEIGHT));
        // The whole-box fingerprint no longer describes what is shown.
        self.shown = None;
        self.wait_for(
            text,
            Pending {
                alignment: Align::Left,
                at: Cursor::at_line(first.max(0)),
                block: None,
            },
        );
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
        self.stale = true;
        true
    }

    /// Draw more of the text set with `set_gradually` or `retype_lines` while
    /// the frame has room, a line at a time; true once all of it is drawn.
    pub fn advance(&mut self) -> bool {
        let Some(mut pending) = self.pending.take() else {
            return true;
        };
        if let Some(block) = pending.block {
            if !BLOCK.room() {
                self.pending = Some(pending);
                return false;
            }
            self.put_block(block, Align::Left);
            return true;
        }
        let text = core::mem::take(&mut self.waiting);
        let line = if self.columns <= NARROW_COLUMNS {
            &NARROW_LINE
        } else {
            &WIDE_LINE
        };
        let finished = self.render(&text, pending.alignment, &mut pending.at, &mut |blanks| {
            if blanks { &BLANKING_LINE } else { line }.room()
        });
        self.waiting = text;
        if !finished {
            self.pending = Some(pending);
        }
        finished
    }

    /// Draw all the text still waiting, whatever the frame's room.
    pub fn finish(&mut self) {
        let Some(mut pending) = self.pending.take() else {
            return;
        };
        if let Some(block) = pending.block {
            self.put_block(block, Align::Left);
            return;
        }
        let text = core::mem::take(&mut self.waiting);
        self.render(&text, pending.alignment, &mut pending.at, &mut |_| true);
        self.waiting = text;
    }

    /// Makes `text` the one `advance` draws.
    fn wait_for(&mut self, text: &str, pending: Pending) {
        self.waiting.clear();
        self.waiting.push_str(text);
        self.pending = Some(pending);
    }

    /// Lays `text` out in the box's width and draws its lines from `at`,
    /// moving `at` past each line drawn, while `room` (told whether the line
    /// blanks the box's old text first) says it fits. True once no line is
    /// left.
    fn render(
        &mut self,
        text: &str,
        alignment: Align,
        at: &mut Cursor,
        room: &mut dyn FnMut(bool) -> bool,
    ) -> bool {
        let (dx, dy) = (self.origin.0.rem_euclid(8), self.origin.1.rem_euclid(8));
        let bottom = (self.rows + 1) * 8;
        let mut lines = Lines::starting_at(text, alignment, self.columns * 8, at.byte);
        // The box's tiles and ink, found once for all its lines.
        let look = (self.grid(), self.inks());
        loop {
            // The box pixel row of the line's glyph row 0.
            let top = at.line * LINE_HEIGHT + GLYPH_TOP + dy;
            let next = if top < bottom { lines.next() } else { None };
            let Some(line) = next else {
                // A text with no ink at all has not blanked the old one yet.
                if self.stale {
                    self.paint_with(i32::MIN..i32::MAX, look);
                    self.inked = 0..0;
                    self.inked_columns = 0..0;
                    self.stale = false;
                }
                return true;
            };
            let letters = text.get(line.start..line.end).unwrap_or("");
            let prepared = PreparedLine::find(self.known, letters);
            if !room(self.stale && !self.inked.is_empty()) {
                return false;
            }
            at.byte = lines.processed;
            at.line += 1;
            if self.stale {
                self.paint_with(i32::MIN..i32::MAX, look);
                self.inked = 0..0;
                self.inked_columns = 0..0;
                self.stale = false;
            }
            at.colour = self.ink_line(
                (letters, prepared),
                (line.left + dx, top),
                bottom,
                at.colour,
                look,
            );
        }
    }

    /// Puts a line's letters, starting in colour `colour` at box pixel
    /// column `x`, glyph row 0 at box pixel row `top`, into the tiles under
    /// them (`grid`, in `inks`; nothing at or below row `bottom`): from
    /// `known`'s pixels if they are a line rendered at build time (see
    /// `known`), else typed. Returns the colour the line leaves the ink in.
    fn ink_line(
        &mut self,
        (letters, known): (&str, Option<&PreparedLine>),
        (x, top): (i32, i32),
        bottom: i32,
        colour: u32,
        (grid, inks): (Grid, Inks),
    ) -> u32 {
        let (first, last) = (top.max(0), (top + GLYPH_ROWS as i32 - 1).min(bottom - 1));
        if first > last {
            return end_colour(letters, colour);
        }
        let (inked, end) = match known {
            Some(known) => {
                let ink = inks.colour(colour) as u16;
                let inked = ink_prepared(grid, known, (x, top), ink, bottom)
                    .then_some((x, x + known.width));
                (inked, end_colour(letters, colour))
            }
            None => {
                let width = self.stride().min(MAX_STRIDE) as i32 * 8;
                let place = Strip { top, first, last };
                // The letters' colour changes are followed as they go in.
                let mut colour = colour;
                let inked = put_letters(
                    grid,
                    place,
                    (letters, x, &mut colour),
                    |x, _| x > -8 && x < width,
                    |colour| inks.colour(colour),
                );
                (inked, colour)
            }
        };
        if let Some((left, right)) = inked {
            self.ink_rows(first..last + 1, left.max(0)..right + 1);
        }
        end
    }
}

/// Puts the letters of `run` (its text, the first letter's pixel column,
/// and the colour its ink starts in) that `keep` (given a letter's column
/// and advance) lets through into `grid` at `place`, each in the palette
/// entry `entry` gives its colour: in batches, so the letters fit on the
/// stack. Returns the pixel columns the letters kept took (from the first's
/// column to the last's advance), if any. ASCII's glyphs are read from
/// their table, not looked up out of line.
fn put_letters(
    grid: Grid,
    place: Strip,
    (letters, mut x, colour): (&str, i32, &mut u32),
    mut keep: impl FnMut(i32, i32) -> bool,
    entry: impl Fn(u32) -> u32,
) -> Option<(i32, i32)> {
    let mut batch = [Letter {
        rows: core::ptr::null(),
        x: 0,
        colour: 0,
    }; LETTER_BATCH];
    let mut count = 0;
    let mut inked: Option<(i32, i32)> = None;
    let bytes = letters.as_bytes();
    let glyphs = font::ASCII_GLYPHS;
    let unknown = &glyphs[usize::from(b'?' - b' ')];
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        let glyph = if byte == b' ' {
            x += i32::from(glyphs[0].advance);
            i += 1;
            continue;
        } else if byte < 0x80 {
            i += 1;
            glyphs
                .get(usize::from(byte.wrapping_sub(b' ')))
                .unwrap_or(unknown)
        } else {
            // Past ASCII (rare): a colour change, or a glyph looked up out
            // of line.
            let Some(c) = letters.get(i..).and_then(|rest| rest.chars().next()) else {
                break;
            };
            i += c.len_utf8();
            if let Some(change) = font::control(c) {
                *colour = change.unwrap_or(*colour);
                continue;
            }
            font::glyph(c)
        };
        let (at, advance) = (x, i32::from(glyph.advance));
        x += advance;
        if !keep(at, advance) {
            continue;
        }
        if count == LETTER_BATCH {
            ink_letters(grid, &batch, place);
            count = 0;
        }
        batch[count] = Letter {
            rows: glyph.rows.as_ptr(),
            x: at as i16,
            colour: entry(*colour) as u16,
        };
        count += 1;
        let (x0, x1) = inked.unwrap_or((at, at));
        inked = Some((x0.min(at), x1.max(at + advance)));
    }
    ink_letters(grid, batch.get(..count).unwrap_or(&[]), place);
    inked
}

/// Puts `letters` on the drawing plane in palette entry `colour`, the first
/// at screen pixel `x`, glyph row 0 at screen row `y`, leaving out a letter
/// whose advance would end past `right`: the same fast path as a text box's
/// (for text drawn into a picture on the plane, as Picross's). Returns the
/// rectangle its letters took (x0, y0, x1, y1, exclusive), if any.
pub fn ink_on_plane(
    letters: &str,
    (x, y): (i32, i32),
    right: i32,
    colour: u8,
) -> Option<(i32, i32, i32, i32)> {
    let grid = Grid::of_plane()?;
    let screen_bottom = (plane::ROWS * 8) as i32;
    let place = Strip {
        top: y,
        first: y.max(0),
        last: (y + GLYPH_ROWS as i32 - 1).min(screen_bottom - 1),
    };
    if place.first > place.last {
        return None;
    }
    put_letters(
        grid,
        place,
        (letters, x, &mut 1),
        |at, advance| at >= 0 && at + advance - 1 <= right,
        |_| u32::from(colour & 15),
    )
    .map(|(x0, x1)| (x0, y, x1, y + GLYPH_ROWS as i32))
}

/// Puts a prepared line (or block) on the drawing plane as `ink_on_plane`
/// puts the same letters typed: glyph row 0 of its first line at screen
/// row `y`, its pen starting at screen pixel `x`, in palette entry
/// `colour`, ink only. Each 8-pixel column of its pixels is inked as a
/// typed letter is, so a line costs its columns, not its letters and
/// their layout. Returns the rectangle its ink may take (x0, y0, x1, y1,
/// exclusive), if any shows.
pub fn ink_prepared_on_plane(
    line: &PreparedLine,
    (x, y): (i32, i32),
    colour: u8,
) -> Option<(i32, i32, i32, i32)> {
    let grid = Grid::of_plane()?;
    let bottom = (plane::ROWS * 8) as i32;
    ink_prepared(grid, line, (x, y), u16::from(colour & 15), bottom).then_some((
        x,
        y,
        x + line.width,
        y + line.height() as i32,
    ))
}

/// Inks `line`'s pixels into `grid` (see `ink_prepared_on_plane`), glyph
/// row 0 of its first line at grid pixel row `y`, nothing at or below row
/// `bottom`; whether any of its rows fell inside.
fn ink_prepared(
    grid: Grid,
    line: &PreparedLine,
    (x, y): (i32, i32),
    colour: u16,
    bottom: i32,
) -> bool {
    let (pixels, columns) = line.rows();
    let height = line.height();
    let mut shown = false;
    for index in 0..line.lines {
        let top = y + (index as i32) * LINE_HEIGHT;
        let place = Strip {
            top,
            first: top.max(0),
            last: (top + GLYPH_ROWS as i32 - 1).min(bottom - 1),
        };
        if place.first > place.last {
            continue;
        }
        shown = true;
        let mut batch = [Letter {
            rows: core::ptr::null(),
            x: 0,
            colour,
        }; LETTER_BATCH];
        let mut count = 0;
        for column in 0..columns {
            let left = x + column as i32 * 8;
            // A letter is cut at the grid's left edge by less than its width.
            if left <= -8 {
                continue;
            }
            let Some(rows) = pixels.get(column * height + index * LINE_HEIGHT as usize..) else {
                break;
            };
            if count == LETTER_BATCH {
                ink_letters(grid, &batch, place);
                count = 0;
            }
            batch[count] = Letter {
                rows: rows.as_ptr(),
                x: left as i16,
                colour,
            };
            count += 1;
        }
        ink_letters(grid, batch.get(..count).unwrap_or(&[]), place);
    }
    shown
}

/// The colour `letters` leave the ink in, from `colour`.
fn end_colour(letters: &str, colour: u32) -> u32 {
    // Colour changes are past ASCII; most lines have none.
    if letters.is_ascii() {
        return colour;
    }
    letters
        .chars()
        .filter_map(font::control)
        .fold(colour, |colour, change| change.unwrap_or(colour))
}

/// Which tile row `put_tile_row` writes, and how.
#[derive(Clone, Copy)]
struct Staging {
    /// Columns of 8 pixels the text takes.
    columns: usize,
    /// The text's pixel rows.
    height: i32,
    /// The box pixel column of the line's first pixel.
    left: i32,
    /// The glyph row on the tile row's pixel row 0.
    top: i32,
    /// The letters' palette index, and the paper's pixels (a word of them).
    ink: u32,
    paper: u32,
    /// The box's pixel columns (`area_left..area_right`): pixels outside
    /// are another box's.
    area_left: i32,
    area_right: i32,
}

/// The pixels of a tile row's tiles (`row`, 8 words each, null where the
/// box has none, `MAX_STRIDE` of them), from a prepared line's rows
/// (`pixels`): the line's ink on the paper inside the box, whatever was
/// there before. Every prepared line shown goes through here, so it runs
/// from IWRAM as ARM code, with nothing but indexing, arithmetic and raw
/// pointers (ARM code cannot take Thumb functions inline).
#[optimize(size)]
#[inline(never)]
#[unsafe(link_section = ".iwram.text_put_tile_row")]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn put_tile_row(grid: Grid, tile_row: usize, pixels: &[u32], at: Staging) {
    static NOTHING: u32 = 0;
    let nothing = &raw const NOTHING as usize;
    let shift = ((at.left & 7) * 4) as u32;
    // Shifting by 32 keeps the word whole: `wrapping_shr` masks it to 0.
    let back = 32 - shift;
    // The line's word under the first tile column's left edge (off the
    // 8-pixel grid, the one before it, whose high pixels come first).
    let first = -(at.left >> 3) - i32::from(shift != 0);
    // The tile's pixel rows that hold glyph rows: paper above and below.
    let glyph_from = if at.top < 0 { -at.top } else { 0 };
    let glyph_to = if at.height - at.top < 8 {
        at.height - at.top
    } else {
        8
    };
    let (above, below) = (
        glyph_from.clamp(0, 8) as usize,
        glyph_to.clamp(0, 8) as usize,
    );
    let below = below.max(above);
    // A column's words are its pixel rows, one after another (see
    // `PreparedLine`).
    let column_bytes = at.height as usize * 4;
    // Each column's word for the tile's first glyph pixel row.
    let rows = pixels.as_ptr() as usize + (at.top + glyph_from).max(0) as usize * 4;
    let mut column = 0;
    while column < grid.columns {
        let tile = grid.tile(column, tile_row) as usize;
        let x = column as i32 * 8;
        column += 1;
        if tile == 0 || x + 8 <= at.area_left || x >= at.area_right {
            continue;
        }
        let mask = span_mask(at.area_left - x, at.area_right - x);
        let index = first + column as i32 - 1;
        // The two words under the tile, read down the rows; a word the line
        // lacks is read as nothing, again and again.
        let word_at = |index: i32| {
            if index >= 0 && (index as usize) < at.columns {
                (rows + index as usize * column_bytes, 4)
            } else {
                (nothing, 0)
            }
        };
        let (mut this, this_step) = word_at(index);
        let (mut next, next_step) = if shift == 0 {
            (nothing, 0)
        } else {
            word_at(index + 1)
        };
        let put = |row: usize, pixels: u32| {
            let address = (tile + row * 4) as *mut u32;
            // SAFETY: a tile's 8 words, from the plane or a live DynamicTile16.
            unsafe {
                *address = if mask == u32::MAX {
                    pixels
                } else {
                    (*address & !mask) | (pixels & mask)
                };
            }
        };
        let mut row = 0;
        while row < above {
            put(row, at.paper);
            row += 1;
        }
        if shift == 0 && mask == u32::MAX {
            // A whole tile on the line's own columns (a bar's title): one
            // word of the line a row, written as it is.
            while row < below {
                // SAFETY: inside the line's rows, or `NOTHING`; the tile's
                // 8 words.
                unsafe {
                    let word = *(this as *const u32);
                    *((tile + row * 4) as *mut u32) = (word * at.ink) | (at.paper & !(word * 15));
                }
                this += this_step;
                row += 1;
            }
        }
        while row < below {
            // SAFETY: inside the line's rows, or `NOTHING`.
            let word = unsafe { *(this as *const u32) }.wrapping_shr(back)
                | unsafe { *(next as *const u32) } << shift;
            this += this_step;
            next += next_step;
            put(row, (word * at.ink) | (at.paper & !(word * 15)));
            row += 1;
        }
        while row < 8 {
            put(row, at.paper);
            row += 1;
        }
    }
}

/// The nibbles of a tile row's word from pixel `from` to pixel `to`
/// (clamped to the tile's 8), set.
#[inline(always)]
const fn span_mask(from: i32, to: i32) -> u32 {
    let from = if from < 0 { 0 } else { from };
    let to = if to > 8 { 8 } else { to };
    if from >= to {
        return 0;
    }
    let high = if to == 8 {
        u32::MAX
    } else {
        (1 << (to * 4)) - 1
    };
    high & !((1u32 << (from * 4)) - 1)
}

/// The part of a box `paint_tile_row` paints: box pixel columns
/// `left..right` and rows `top..bottom`, with a word of `colour`.
#[derive(Clone, Copy)]
struct Area {
    left: i32,
    right: i32,
    top: i32,
    bottom: i32,
    colour: u32,
}

/// Paints the part of `area` in the tile row whose pixel row 0 is box row
/// `y`, in its tiles (`row`, null where the box has none).
#[inline(never)]
#[unsafe(link_section = ".iwram.text_paint_tile_row")]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn paint_tile_row(grid: Grid, tile_row: usize, area: Area, y: i32) {
    let first_line = if area.top > y { area.top - y } else { 0 };
    let end_line = if area.bottom - y < 8 {
        area.bottom - y
    } else {
        8
    };
    let first_column = if area.left > 0 { area.left >> 3 } else { 0 };
    let mut end_column = (area.right + 7) >> 3;
    if end_column > grid.columns as i32 {
        end_column = grid.columns as i32;
    }
    let mut column = first_column;
    while column < end_column {
        let tile = grid.tile(column as usize, tile_row) as usize;
        let x = column * 8;
        column += 1;
        if tile == 0 {
            continue;
        }
        let mask = span_mask(area.left - x, area.right - x);
        let paper = area.colour & mask;
        let mut line = first_line;
        if mask == u32::MAX && first_line == 0 && end_line == 8 {
            // The whole tile: eight stores, nothing read.
            // SAFETY: as in `put_tile_row`.
            unsafe { *(tile as *mut [u32; 8]) = [paper; 8] };
            continue;
        }
        if mask == u32::MAX {
            // The whole tile's width: nothing of it is read.
            while line < end_line {
                // SAFETY: as in `put_tile_row`.
                unsafe { *((tile + line as usize * 4) as *mut u32) = paper };
                line += 1;
            }
            continue;
        }
        while line < end_line {
            let address = (tile + line as usize * 4) as *mut u32;
            // SAFETY: as in `put_tile_row`.
            unsafe { *address = (*address & !mask) | paper };
            line += 1;
        }
    }
}

/// The widest box drawn, in tiles: the screen's width and a spill column.
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

/// Where `ink_letters` puts letters: glyph row 0 at box pixel row `top`,
/// and only rows `first..=last`.
#[derive(Clone, Copy)]
struct Strip {
    top: i32,
    first: i32,
    last: i32,
}

/// Where a box's tiles' pixels are: `rows` rows of `columns` from `tiles`,
/// `stride` apart (null where it has none), for ARM code to index.
#[derive(Clone, Copy)]
struct Grid {
    tiles: *const *mut u32,
    stride: usize,
    columns: usize,
    rows: usize,
}

impl Grid {
    /// The whole drawing plane, once it is built.
    fn of_plane() -> Option<Self> {
        let tiles = plane::tiles();
        (!tiles.is_empty()).then(|| Self {
            tiles: tiles.as_ptr().cast(),
            stride: plane::COLUMNS,
            columns: plane::COLUMNS,
            rows: plane::ROWS,
        })
    }

    /// The pixels of tile `(column, row)`; null outside. Inlined into ARM
    /// code, so nothing but arithmetic and a load.
    #[inline(always)]
    fn tile(self, column: usize, row: usize) -> *mut u32 {
        if column >= self.columns || row >= self.rows {
            return core::ptr::null_mut();
        }
        // SAFETY: inside the grid, which `TextBox::grid` made from the
        // plane's table or the box's own.
        unsafe { *((self.tiles as usize + (row * self.stride + column) * 4) as *const *mut u32) }
    }
}

/// Puts `letters` into the tiles of two tile rows (`tiles`, 8 words each,
/// null where the box has no tile): each glyph pixel set replaces the
/// pixel under it. Every letter of text made at run time goes through
/// here, so it runs from IWRAM as ARM code, with nothing but indexing,
/// arithmetic and raw pointers (ARM code cannot take Thumb functions
/// inline).
#[optimize(size)]
#[inline(never)]
#[unsafe(link_section = ".iwram.text_ink_letters")]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn ink_letters(grid: Grid, letters: &[Letter], at: Strip) {
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
        let back = 32 - shift;
        let colour = u32::from(letter.colour);
        // Row by row of tiles: the tiles under the letter are looked up
        // once for the rows they hold, not once a pixel row.
        let mut y = at.first;
        while y <= at.last {
            let tile_row = (y >> 3) as usize;
            let end = if (y | 7) < at.last { y | 7 } else { at.last };
            let left = grid.tile(column, tile_row) as usize;
            let right = if shift == 0 {
                0
            } else {
                grid.tile(column + 1, tile_row) as usize
            };
            while y <= end {
                // SAFETY: `first..=last` lies inside the glyph's rows, which
                // start at `top`; `rows` points at its GLYPH_ROWS words.
                let bits =
                    unsafe { *((letter.rows as usize + (y - at.top) as usize * 4) as *const u32) }
                        >> cut;
                let offset = (y & 7) as usize * 4;
                y += 1;
                if bits == 0 {
                    continue;
                }
                let (pixels, mask) = (bits * colour, bits * 15);
                if left != 0 {
                    let address = (left + offset) as *mut u32;
                    // SAFETY: a tile's 8 words, from the plane or a live DynamicTile16.
                    unsafe { *address = (*address & !(mask << shift)) | pixels << shift };
                }
                if right != 0 {
                    let address = (right + offset) as *mut u32;
                    // SAFETY: as above.
                    unsafe { *address = (*address & !(mask >> back)) | pixels >> back };
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

    // Every letter of every text passes through here: in IWRAM as ARM code
    // it runs several times faster than from the cartridge.
    #[unsafe(link_section = ".iwram.text_lines_next")]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn next(&mut self) -> Option<Line> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut start = self.processed;
        while bytes.get(start) == Some(&b' ') {
            start += 1;
        }
        if start >= bytes.len() {
            self.processed = bytes.len();
            return None;
        }
        let space = i32::from(font::ASCII_ADVANCE[usize::from(b' ')]);
        let (mut words, mut word, mut spaces) = (0, 0, 0);
        let mut word_start = start;
        let mut i = start;
        while let Some(&byte) = bytes.get(i) {
            let length = if byte == b'\n' {
                self.processed = i + 1;
                return Some(self.line(words + word + spaces * space, start, i));
            } else if byte == b' ' {
                spaces += 1;
                words += word;
                word = 0;
                word_start = i + 1;
                1
            } else if byte < 0x80 {
                word += i32::from(font::ASCII_ADVANCE[usize::from(byte)]);
                1
            } else {
                // Past ASCII (rare): decoded and looked up out of line.
                let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
                    break;
                };
                if font::control(c).is_some() {
                    i += c.len_utf8();
                    continue;
                }
                word += i32::from(font::glyph(c).advance);
                c.len_utf8()
            };
            if self.max_width > 0 && self.max_width < words + word + spaces * space {
                let width = if spaces == 0 {
                    // A word longer than the line breaks where it overflows
                    // (after its first letter at least, so lines advance).
                    self.processed = if i == start { i + length } else { i };
                    word
                } else {
                    self.processed = word_start;
                    words + (spaces - 1) * space
                };
                return Some(self.line(width, start, self.processed));
            }
            i += length;
        }
        self.processed = bytes.len();
        Some(self.line(words + word + spaces * space, start, bytes.len()))
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
    use agb::display::Palette16;

    /// A blank plane whose colour 1 is the dark ink (as agb's font draws).
    fn blank_plane() {
        plane::build();
        plane::clear();
        plane::set_palette(&Palette16::new([Rgb15(0); 16]));
    }

    /// Every tile's pixels, in order (none as blank).
    fn tile_pixels(text: &TextBox) -> Vec<[u32; 8]> {
        let mut pixels = Vec::new();
        for row in 0..=text.rows as usize {
            for column in 0..text.stride() {
                let tile = text.tile(column, row);
                let mut words = [0u32; 8];
                if !tile.is_null() {
                    for (line, word) in words.iter_mut().enumerate() {
                        // SAFETY: a live tile's 8 words.
                        *word = unsafe { tile.add(line).read_volatile() };
                    }
                }
                pixels.push(words);
            }
        }
        pixels
    }

    /// Whether any of the box's tiles has a pixel set.
    fn has_ink(text: &TextBox) -> bool {
        tile_pixels(text).iter().flatten().any(|&row| row != 0)
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
    fn our_pixels(text: &str, alignment: Align, width: i32) -> Vec<(i32, i32, u32)> {
        blank_plane();
        let mut text_box = TextBox::new((0, 0), width / 8, 18);
        text_box.draw(text, alignment);
        let stride = text_box.stride();
        let mut pixels = Vec::new();
        for (index, tile) in tile_pixels(&text_box).iter().enumerate() {
            let (tx, ty) = ((index % stride) as i32 * 8, (index / stride) as i32 * 8);
            for (row, word) in tile.iter().enumerate() {
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
    fn assert_same_as_agb(text: &str, alignment: Align, width: i32) -> bool {
        let last = Lines::starting_at(text, alignment, width, 0).last();
        if last.is_some_and(|line| text[line.start..line.end].chars().count() == 1) {
            return false;
        }
        // The box shows what falls inside it.
        let mut agb = agb_pixels(text, alignment, width);
        agb.retain(|&(x, ..)| x >= 0);
        let ours = our_pixels(text, alignment, width);
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
    fn every_glyph_is_drawn_as_agb_draws_the_ttf(_gba: &mut agb::Gba) {
        // Each glyph between two bars (agb leaves out a text of one letter).
        let all: alloc::string::String = (' '..='~')
            .chain(super::font::extra_chars().iter().copied())
            .collect();
        for c in all.chars() {
            assert!(super::font::has_glyph(c), "{c:?}");
            assert!(assert_same_as_agb(
                &alloc::format!("|{c}|"),
                Align::Left,
                32
            ));
        }
        let all: Vec<char> = all.chars().collect();
        for part in all.chunks(30) {
            let part: alloc::string::String = part.iter().collect();
            assert!(assert_same_as_agb(&part, Align::Left, 240));
        }
        // A text of one letter, which agb would leave blank, is drawn.
        assert!(!our_pixels("5", Align::Left, 16).is_empty());
    }

    #[test_case]
    fn lines_break_and_align_as_agb_breaks_them(_gba: &mut agb::Gba) {
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
                    if assert_same_as_agb(text, alignment, width) {
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

    #[test_case]
    fn a_prepared_line_shows_as_its_text_typed(_gba: &mut agb::Gba) {
        use super::super::prepared::prepared;
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
                    blank_plane();
                    let origin = (16 + dx, 8 + dy);
                    let mut typed = TextBox::new(origin, 19, 1);
                    typed.set("old text, longer than most");
                    typed.draw(line.text, alignment);
                    let expected = tile_pixels(&typed);
                    blank_plane();
                    let mut shown = TextBox::new(origin, 19, 1);
                    shown.set("old");
                    shown.show(line, alignment);
                    assert_eq!(
                        expected,
                        tile_pixels(&shown),
                        "{:?} at {origin:?}, {alignment:?}",
                        line.text
                    );
                    // Shown again, nothing changes; typed over, nothing either.
                    shown.show(line, alignment);
                    shown.draw(line.text, alignment);
                    assert_eq!(expected, tile_pixels(&shown));
                }
            }
        }
    }

    #[test_case]
    fn a_prepared_block_shows_as_its_lines_typed(_gba: &mut agb::Gba) {
        use super::super::prepared::prepared;
        let blocks = [
            prepared!("More\nPassword in\nPassword out\nNew puzzle"),
            prepared!("A: choose\n\nWy,.'jgq_|@~"),
            prepared!("1"),
        ];
        // Old text taller and shorter than the block, and none at all.
        let olds = ["1\n2\n3\n4\n5\n6", "old", ""];
        for block in blocks {
            for (dx, dy) in (0..8).zip([0, 3, 5, 7, 1, 2, 6, 4]) {
                for old in olds {
                    blank_plane();
                    let origin = (16 + dx, 8 + dy);
                    let mut typed = TextBox::new(origin, 12, 9);
                    typed.set(old);
                    typed.draw(block.text, Align::Left);
                    let expected = tile_pixels(&typed);
                    blank_plane();
                    let mut shown = TextBox::new(origin, 12, 9);
                    shown.set(old);
                    shown.show(block, Align::Left);
                    assert_eq!(
                        expected,
                        tile_pixels(&shown),
                        "{:?} over {old:?} at {origin:?}",
                        block.text
                    );
                    // Typed over, the block goes as a typed text would.
                    shown.set("new");
                    typed.set("new");
                    assert_eq!(tile_pixels(&typed), tile_pixels(&shown));
                }
            }
        }
    }

    /// A prepared line or block inked into a picture on the plane leaves
    /// the plane as typing its lines there does: the same ink, the pixels
    /// between the letters untouched, at every offset within a tile, cut
    /// at the screen's right, top and bottom edges, and the same rectangle
    /// reported.
    #[test_case]
    fn a_prepared_line_inks_the_plane_as_its_letters_typed(_gba: &mut agb::Gba) {
        use super::super::prepared::prepared;
        let blocks = [
            prepared!("Check and save"),
            prepared!("Clear the drawing"),
            prepared!("Wy,.'jgq_|@~ 19"),
            prepared!(
                "Drawing: A fills
move to paint"
            ),
        ];
        let paint = |seed: u32| {
            // Every pixel some colour, so ink-only drawing shows.
            for (index, tile) in plane::tiles().iter().enumerate() {
                for (row, word) in tile.data_mut().iter_mut().enumerate() {
                    *word = (index as u32 * 7 + row as u32 + seed).wrapping_mul(0x0101_0101);
                }
            }
        };
        blank_plane();
        let places = [(0, 0), (1, 3), (7, 9), (12, 150), (225, 40), (30, -4)];
        for block in blocks {
            for (x, y) in places
                .iter()
                .copied()
                .chain((0..8).map(|dx| (40 + dx, 64 + dx)))
            {
                paint(3);
                let mut typed = None;
                for (index, line) in block.text.split('\n').enumerate() {
                    let at = (x, y + index as i32 * LINE_HEIGHT);
                    let rect = ink_on_plane(line, at, 1000, 5);
                    typed = match (typed, rect) {
                        (None, rect) | (rect, None) => rect,
                        (Some((a, b, c, d)), Some((e, f, g, h))) => {
                            Some((a.min(e), b.min(f), c.max(g), d.max(h)))
                        }
                    };
                }
                let expected: Vec<[u32; 8]> = plane::tiles().iter().map(|t| *t.data()).collect();
                paint(3);
                let inked = ink_prepared_on_plane(block, (x, y), 5);
                let got: Vec<[u32; 8]> = plane::tiles().iter().map(|t| *t.data()).collect();
                assert!(expected == got, "{:?} at {:?}", block.text, (x, y));
                if typed.is_some() {
                    let (x0, y0, x1, _) = typed.unwrap_or_default();
                    let (a, b, c, _) = inked.unwrap_or_default();
                    assert_eq!((x0, y0, x1), (a, b, c), "{:?} at {:?}", block.text, (x, y));
                }
            }
        }
    }

    /// A box told which lines (and blocks of lines) were rendered at build
    /// time shows a text with them exactly as typed, at every offset
    /// within a tile, and blanks them for the next text as it blanks typed
    /// ones.
    #[test_case]
    fn known_lines_in_a_box_show_as_typed(_gba: &mut agb::Gba) {
        static KNOWN: [&PreparedLine; 4] = super::super::prepared::prepared_all![
            "Easy   10 poops",
            "Options",
            "How to play",
            "Turn each row\none colour:\nhold A, move."
        ];
        let texts = [
            "Easy   10 poops\nOptions\nCode 123 456\nHow to play",
            "Options",
            "x\n\nHow to play",
            "Turn each row\none colour:\nhold A, move.",
        ];
        for (dx, dy) in (0..8).zip([0, 3, 5, 7, 1, 2, 6, 4]) {
            for text in texts {
                let origin = (16 + dx, 8 + dy);
                blank_plane();
                let mut typed = TextBox::new(origin, 14, 6);
                typed.set(text);
                let expected = tile_pixels(&typed);
                blank_plane();
                let mut known = TextBox::new(origin, 14, 6);
                known.set_known(&KNOWN);
                known.set(text);
                assert_eq!(expected, tile_pixels(&known), "{text:?} at {origin:?}");
                typed.set("new");
                known.set("new");
                assert_eq!(tile_pixels(&typed), tile_pixels(&known), "after {text:?}");
                // The same, set to be drawn as frames have room.
                known.set_gradually(text);
                known.finish();
                typed.set(text);
                assert_eq!(tile_pixels(&typed), tile_pixels(&known), "{text:?} later");
            }
        }
    }

    /// A line rendered at build time, shown in a box, is the line typed
    /// there; and a box's text replaced and set again is drawn as it was
    /// first (the old letters blanked, none left behind).
    #[test_case]
    fn a_prepared_line_shows_as_typed_and_a_page_redraws_the_same(_gba: &mut agb::Gba) {
        use super::super::prepared::prepared;
        let line = prepared!("A: paint  B: size  SELECT: solve");
        blank_plane();
        let mut text = TextBox::new((16, 3), 18, 1);
        text.set(line.text);
        let typed = tile_pixels(&text);
        blank_plane();
        let mut text = TextBox::new((16, 3), 18, 1);
        text.show(line, Align::Left);
        assert_eq!(typed, tile_pixels(&text), "shown from build time");

        const PAGE: &str = "Check and save\nWidth: 10\nHeight: 10\nShare code\nClear the drawing\nDelete this slot\nDone\nA: choose  B: back";
        blank_plane();
        let mut page = TextBox::new((18, 28), 26, 16);
        page.set(PAGE);
        let first = tile_pixels(&page);
        assert!(has_ink(&page));
        page.set("x\nWWWWWWWWWWWWWWWWWWWWWW\n\n\nMMMMMMMMMMMMMMMM");
        assert_ne!(first, tile_pixels(&page));
        page.set(PAGE);
        assert_eq!(first, tile_pixels(&page), "set again");
    }

    /// Which pixel columns of the box's top tile row have ink (bit x = column x).
    fn inked_columns(text: &TextBox) -> u128 {
        let mut columns = 0;
        for (tile_x, tile) in tile_pixels(text).iter().take(text.stride()).enumerate() {
            for row in tile {
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
        blank_plane();
        let mut text = TextBox::new((0, 0), 10, 1);
        text.set("0123456789");
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
        blank_plane();
        let mut text = TextBox::new((0, 0), 10, 4);
        text.set("Title");
        let top_row = |text: &TextBox| -> alloc::vec::Vec<u32> {
            tile_pixels(text)
                .iter()
                .take(text.stride())
                .flatten()
                .copied()
                .collect()
        };
        let title = top_row(&text);
        text.retype_lines(2, 1, "1 2 3");
        text.finish();
        assert!(!text.is_drawing());
        // The title's top tile row is untouched; the retyped line drew ink.
        assert!(title.iter().any(|&row| row != 0));
        assert_eq!(title, top_row(&text));
        assert!(has_ink(&text));
        text.blank();
        assert!(!has_ink(&text));
    }

    /// A kept box comes back pixel for pixel, over the blank and another
    /// text in its place; what it had not drawn in is left to others.
    #[test_case]
    fn a_kept_box_comes_back_as_it_was(_gba: &mut agb::Gba) {
        blank_plane();
        for origin in [(0, 0), (3, 5)] {
            let mut text = TextBox::new(origin, 20, 2);
            text.set("Easy  SELECT: menu");
            let before = tile_pixels(&text);
            let Some(kept) = text.keep() else {
                panic!("a drawn box is kept");
            };
            let untouched = kept
                .pixels
                .iter()
                .filter(|tile| matches!(tile, KeptTile::Untouched))
                .count();
            assert!(untouched > 0, "the short line leaves tiles alone");
            assert!(untouched < kept.pixels.len());
            text.blank();
            text.set("New record!");
            text.blank();
            // Another's pixels in a tile the box had left alone stay.
            let Some(other) = kept
                .pixels
                .iter()
                .rposition(|tile| matches!(tile, KeptTile::Untouched))
            else {
                panic!("an untouched tile");
            };
            let tile = text.tile(other % text.stride(), other / text.stride());
            assert!(!tile.is_null());
            // SAFETY: a live tile's first word.
            unsafe { tile.write_volatile(0x1234_5678) };
            text.restore(kept);
            let mut expected = before.clone();
            expected[other][0] = 0x1234_5678;
            assert!(
                tile_pixels(&text) == expected,
                "back as it was at {origin:?}"
            );
            // SAFETY: as above.
            unsafe { tile.write_volatile(0) };
        }
    }
}
