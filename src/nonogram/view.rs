//! Drawing the nonogram: the board, its clues and the corner's clock on the
//! raster; names and messages in the font on the text layer above.
//!
//! Every frame the app says what the screen should show (a [`Scene`]); the
//! view compares each cell and each line of clues with what it drew last
//! and redraws only what changed, within a per-frame budget, so opening a
//! 20x15 board or an undo of a long drag never costs a frame more than its
//! share.

use agb::display::tiled::RegularBackground;
use alloc::{boxed::Box, string::String, vec::Vec};

use super::art::Colours;
use super::glyphs::{self, COLON, Glyph};
use super::layout::{GLYPH_HEIGHT, Layout, SCREEN_HEIGHT, SCREEN_WIDTH};
use super::raster::Raster;
use super::raster_text::TextArea;
use super::rules::{
    Greying, Grid, PuzzleClues,
    play::{Mark, Marks},
    share_code,
};
use crate::fnv;
use crate::framework::{
    canvas::Canvas,
    transition::Area,
    widgets::{pad_panel::PadPanel, text::LINE_HEIGHT, window},
};

/// The nonogram takes the whole screen: a 20x15 board needs every line.
pub const WINDOW: Area = Area::new(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT);

/// Work allowed per frame, in the view's own units: a cell is one or two, a
/// line of clues several.
const WORK_PER_FRAME: u32 = 8;
/// Pixel rows of the screen wiped per frame when the scene changes layout.
const WIPE_ROWS_PER_FRAME: i32 = 16;

/// What the board screen shows.
pub struct Scene<'a> {
    /// Which puzzle this is (a new number for each puzzle started).
    pub puzzle: u32,
    pub layout: Layout,
    pub clues: &'a PuzzleClues,
    pub marks: &'a Marks,
    pub cursor: Option<(u8, u8)>,
    /// Greying by row and by column; `None`: the hint guide is off.
    pub greying: Option<(&'a [Greying], &'a [Greying])>,
    /// Solved: the clues make way and the picture shows plain.
    pub finished: bool,
    /// The clock, in seconds (`None`: no clock, as in the editor).
    pub seconds: Option<u16>,
    /// Cells in the drag so far, shown while painting.
    pub run: Option<u8>,
    /// Cells to point out (the editor's ambiguous cells).
    pub marked: Option<&'a Grid>,
}

impl Scene<'_> {
    /// A hash of everything the screen shows (FNV-1a), so an unchanged
    /// frame costs nothing.
    fn fingerprint(&self) -> u32 {
        let cursor = self
            .cursor
            .map_or(u32::MAX, |(x, y)| u32::from(x) << 8 | u32::from(y));
        let flags = u32::from(self.greying.is_some()) | u32::from(self.finished) << 1;
        let run = self.run.map_or(u32::MAX, u32::from);
        let seconds = self.seconds.map_or(u32::MAX, u32::from);
        let marked = self.marked.map_or(u32::MAX, |grid| {
            fnv::hash((0..grid.height()).map(|y| grid.row(y)))
        });
        fnv::extend(
            self.marks.fingerprint(),
            [self.puzzle, cursor, flags, seconds, run, marked],
        )
    }
}

/// What the list screen shows: up to [`LIST_SLOTS`] pictures, solved ones
/// drawn, the others a "?".
pub struct ListScene<'a> {
    pub entries: &'a [ListEntry],
    pub selected: usize,
    /// A page of text (the options, the editor's menu): no pictures, the
    /// text lines near the top.
    pub text_page: bool,
    /// A share code's digits to show on the text page from its second
    /// line, drawn in the board's own digits (no text tiles: video RAM has
    /// too few left for a long code in the font), [`CODE_GROUPS_PER_LINE`]
    /// groups a line. Empty for none.
    pub code: &'a [u8],
}

/// The text page's first line below a share code of `digits` digits.
#[must_use]
pub fn line_after_code(digits: usize) -> usize {
    let lines = digits.div_ceil(CODE_GROUPS_PER_LINE * share_code::GROUP_DIGITS) as i32;
    1 + (lines * CODE_LINE_HEIGHT + LINE_HEIGHT - 1) as usize / LINE_HEIGHT as usize
}

/// Groups of a share code on one line of the code page.
pub const CODE_GROUPS_PER_LINE: usize = 4;
/// Lines of the longest code.
const CODE_LINES: i32 = share_code::MAX_GROUPS.div_ceil(CODE_GROUPS_PER_LINE) as i32;
const CODE_TOP: i32 = LIST_TOP + 6 + LINE_HEIGHT;
const CODE_LINE_HEIGHT: i32 = 12;
const CODE_DIGIT_ADVANCE: i32 = 8;
const CODE_GROUP_GAP: i32 = 8;

pub const LIST_SLOTS: usize = 10;
/// Lines of text a text page holds.
pub const TEXT_PAGE_LINES: i32 = 11;
/// Tile rows of the text page's box: text lines are taller than a tile.
const TEXT_PAGE_TILE_ROWS: i32 = (TEXT_PAGE_LINES * LINE_HEIGHT + 7) / 8;
const LIST_COLUMNS: usize = 5;
const SLOT_WIDTH: i32 = 44;
const SLOT_HEIGHT: i32 = 56;
const LIST_LEFT: i32 = 10;
const LIST_TOP: i32 = 22;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ListEntry {
    /// The number under the picture.
    pub number: u16,
    /// Its best time, if solved.
    pub best: Option<u16>,
    /// The picture to draw: `None` shows a "?" (not solved yet) or, for an
    /// empty slot of the player's own, a "+".
    pub picture: Option<Grid>,
    pub empty_slot: bool,
}

/// How a row of cells looks (or was drawn), a bit per cell in each mask.
#[derive(Clone, Copy, PartialEq, Eq)]
struct CellRow {
    filled: u32,
    crossed: u32,
    mistakes: u32,
    /// Marked as ambiguous by the editor's check.
    marked: u32,
    cursor: u32,
    /// Not drawn yet.
    undrawn: u32,
}

impl CellRow {
    /// Empty cells, drawn.
    const EMPTY: Self = Self {
        filled: 0,
        crossed: 0,
        mistakes: 0,
        marked: 0,
        cursor: 0,
        undrawn: 0,
    };
    const UNDRAWN: Self = Self {
        undrawn: u32::MAX,
        ..Self::EMPTY
    };

    /// Row `y` as `scene` shows it: once finished, only the filled cells.
    fn of(scene: &Scene, y: usize) -> Self {
        let (filled, crossed, mistakes) = scene.marks.masks(y);
        let marked = scene.marked.map_or(0, |grid| grid.row(y));
        let cursor = match scene.cursor {
            Some((x, cursor_y)) if !scene.finished && usize::from(cursor_y) == y => 1 << x,
            _ => 0,
        };
        if scene.finished {
            return Self {
                filled: filled & !mistakes,
                marked,
                ..Self::EMPTY
            };
        }
        Self {
            filled,
            crossed,
            mistakes,
            marked,
            cursor,
            undrawn: 0,
        }
    }

    /// Cells that look different in `wanted` (or are not drawn yet).
    const fn differs(&self, wanted: &Self) -> u32 {
        (self.filled ^ wanted.filled)
            | (self.crossed ^ wanted.crossed)
            | (self.mistakes ^ wanted.mistakes)
            | (self.marked ^ wanted.marked)
            | (self.cursor ^ wanted.cursor)
            | self.undrawn
    }

    /// Records the cells in `bits` as drawn the way `wanted` shows them.
    fn take(&mut self, wanted: &Self, bits: u32) {
        let blend = |drawn: u32, wanted: u32| drawn & !bits | wanted & bits;
        self.filled = blend(self.filled, wanted.filled);
        self.crossed = blend(self.crossed, wanted.crossed);
        self.mistakes = blend(self.mistakes, wanted.mistakes);
        self.marked = blend(self.marked, wanted.marked);
        self.cursor = blend(self.cursor, wanted.cursor);
        self.undrawn &= !bits;
    }

    /// The mark of the cell at `bit` (a mistake shows over a fill).
    const fn mark(&self, bit: u32) -> Mark {
        if self.mistakes & bit != 0 {
            Mark::Mistake
        } else if self.filled & bit != 0 {
            Mark::Filled
        } else if self.crossed & bit != 0 {
            Mark::Crossed
        } else {
            Mark::Empty
        }
    }
}

/// What the raster shows at the moment.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Showing {
    /// Being wiped to paper, down to this pixel row.
    Wiping(i32),
    Blank,
    Board(Layout),
    List,
}

pub struct View {
    frame_layer: RegularBackground,
    text_layer: RegularBackground,
    raster: Raster,
    colours: Colours,
    showing: Showing,
    /// What should show once the wipe ends.
    wanted: Wanted,
    /// Each cell as drawn (`u8::MAX`: not drawn).
    cells: [CellRow; 15],
    /// Each line's clues as drawn (a key of their look; `None`: not drawn).
    rows: [Option<u64>; 15],
    columns: [Option<u64>; 20],
    clock: Option<(u16, Option<u8>)>,
    /// The scene the screen fully shows (a hash; `None` while work is left).
    settled_on: Option<u32>,
    puzzle_shown: Option<u32>,
    list_slots: [Option<(ListEntry, bool)>; LIST_SLOTS],
    /// The share code on the text page: a key of its digits and the lines
    /// of it drawn so far.
    code: Option<(u32, usize)>,
    title: TextArea,
    lines: TextArea,
    /// Text asked for since the last `draw_text`, in order.
    text_due: Vec<TextChange>,
    built: bool,
    /// The number pad has the page, while a share code is typed.
    pad_up: bool,
    /// The pad of a screen that has gone, its text taken off by `follow_pad`.
    retired_pad: Option<Box<PadPanel<share_code::CodeError>>>,
}

/// New text for one of the boxes.
enum TextChange {
    Title(String),
    Lines(String),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Board(Layout),
    List,
}

impl View {
    pub fn new(palette: u8, colours: Colours) -> Self {
        let (frame_layer, text_layer) = window::layers();
        Self {
            frame_layer,
            text_layer,
            raster: Raster::new(palette, colours.paper),
            colours,
            showing: Showing::Blank,
            wanted: Wanted::List,
            cells: [CellRow::UNDRAWN; 15],
            rows: [None; 15],
            columns: [None; 20],
            clock: None,
            settled_on: None,
            puzzle_shown: None,
            list_slots: [None; LIST_SLOTS],
            code: None,
            title: TextArea::new((4, 2), 64, 1),
            lines: TextArea::new((4, 40), 64, 6),
            text_due: Vec::new(),
            built: false,
            pad_up: false,
            retired_pad: None,
        }
    }

    /// Make the next part of the screen's tiles; true once all are there.
    pub fn build_step(&mut self) -> bool {
        if self.built {
            return true;
        }
        self.built = self.raster.build_step(&mut self.frame_layer);
        if self.built {
            self.raster
                .frame(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT, self.colours.edge);
        }
        false
    }

    /// Let the screen's tiles go a part at a time as the window closes;
    /// true once all are gone.
    pub fn dismantle_step(&mut self) -> bool {
        self.built = false;
        self.raster.dismantle_step(&mut self.frame_layer)
    }

    /// New colours: everything is drawn again.
    pub fn set_colours(&mut self, colours: Colours) {
        if colours != self.colours {
            self.colours = colours;
            self.showing = Showing::Wiping(0);
            self.forget();
            self.title.forget();
            self.lines.forget();
        }
    }

    fn forget(&mut self) {
        self.cells = [CellRow::UNDRAWN; 15];
        self.rows = [None; 15];
        self.columns = [None; 20];
        self.clock = None;
        self.settled_on = None;
        self.list_slots = [None; LIST_SLOTS];
        self.code = None;
    }

    /// Wipe the screen a band at a time when what it shows changes; true
    /// while wiping (the caller's scene waits).
    fn wipe_towards(&mut self, wanted: Wanted) -> bool {
        let same = match (self.showing, wanted) {
            (Showing::Board(shown), Wanted::Board(layout)) => shown == layout,
            (Showing::List, Wanted::List) => true,
            _ => false,
        };
        if same && self.wanted == wanted {
            return false;
        }
        if let Showing::Board(_) | Showing::List = self.showing {
            self.showing = Showing::Wiping(1);
            // The wipe paints over the text.
            self.title.forget();
            self.lines.forget();
            self.forget();
        }
        self.wanted = wanted;
        if let Showing::Wiping(row) = self.showing {
            let rows = WIPE_ROWS_PER_FRAME.min(SCREEN_HEIGHT - 1 - row);
            self.raster
                .fill(1, row, SCREEN_WIDTH - 2, rows, self.colours.paper);
            self.showing = if row + rows >= SCREEN_HEIGHT - 1 {
                Showing::Blank
            } else {
                Showing::Wiping(row + rows)
            };
            return true;
        }
        self.showing = match wanted {
            Wanted::Board(layout) => {
                self.draw_grid(&layout);
                Showing::Board(layout)
            }
            Wanted::List => Showing::List,
        };
        true
    }

    /// The grid lines, heavier every five cells.
    fn draw_grid(&mut self, layout: &Layout) {
        let c = &self.colours;
        let (width, height) = (
            layout.board_right() - layout.board_x,
            layout.board_bottom() - layout.board_y,
        );
        self.raster
            .fill(layout.board_x, layout.board_y, width, height, c.grid);
        for x in (0..=layout.columns).step_by(5).chain([layout.columns]) {
            let px = layout.board_x + x * layout.cell;
            self.raster.fill(px, layout.board_y, 1, height, c.grid_five);
        }
        for y in (0..=layout.rows).step_by(5).chain([layout.rows]) {
            let py = layout.board_y + y * layout.cell;
            self.raster.fill(layout.board_x, py, width, 1, c.grid_five);
        }
    }

    /// Bring the board screen a step closer to `scene`. True while work is
    /// left for later frames.
    pub fn sync(&mut self, scene: &Scene) -> bool {
        let fingerprint = scene.fingerprint();
        if self.settled_on == Some(fingerprint) {
            return false;
        }
        let layout = scene.layout;
        if self.puzzle_shown != Some(scene.puzzle) {
            // Another puzzle: every line and cell is drawn again.
            self.forget();
            self.puzzle_shown = Some(scene.puzzle);
        }
        if self.wipe_towards(Wanted::Board(layout)) {
            return true;
        }
        self.place_text(
            (layout.left + 2, layout.top + 1),
            (layout.left + 2, layout.board_y + 2),
            8,
            6,
        );
        let mut work = WORK_PER_FRAME;
        // The cells first: they answer the player's buttons. Row by row, as
        // masks: only cells whose look changed are visited.
        for y in 0..layout.rows as usize {
            let wanted = CellRow::of(scene, y);
            let columns = (1u32 << layout.columns) - 1;
            let mut changed = self.cells[y].differs(&wanted) & columns;
            while changed != 0 {
                if work < 2 {
                    return true;
                }
                work -= 2;
                let x = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.cells[y].take(&wanted, 1 << x);
                let bit = 1 << x;
                self.draw_cell(
                    &layout,
                    (x as i32, y as i32),
                    wanted.mark(bit),
                    wanted.cursor & bit != 0,
                    wanted.marked & bit != 0,
                );
            }
        }
        let cursor = if scene.finished { None } else { scene.cursor };
        for y in 0..layout.rows as usize {
            let key = line_key(scene, y, false, cursor.map(|c| usize::from(c.1)));
            if self.rows[y] == Some(key) {
                continue;
            }
            if work < 8 {
                return true;
            }
            work -= 8;
            self.rows[y] = Some(key);
            self.draw_row_clues(&layout, scene, y, key);
        }
        for x in 0..layout.columns as usize {
            let key = line_key(scene, x, true, cursor.map(|c| usize::from(c.0)));
            if self.columns[x] == Some(key) {
                continue;
            }
            if work < 6 {
                return true;
            }
            work -= 6;
            self.columns[x] = Some(key);
            self.draw_column_clues(&layout, scene, x, key);
        }
        let clock = (scene.seconds.unwrap_or(u16::MAX), scene.run);
        if self.clock != Some(clock) && work >= 6 {
            self.clock = Some(clock);
            self.draw_clock(&layout, clock);
        }
        let settled = self.clock == Some(clock);
        if settled {
            self.settled_on = Some(fingerprint);
        }
        !settled
    }

    fn draw_cell(
        &mut self,
        layout: &Layout,
        (x, y): (i32, i32),
        mark: Mark,
        cursor: bool,
        marked: bool,
    ) {
        let c = self.colours;
        let (px, py) = layout.cell_inside(x, y);
        let n = layout.cell - 1;
        let background = if mark == Mark::Filled {
            c.filled
        } else {
            c.empty
        };
        self.raster.fill(px, py, n, n, background);
        if marked {
            // A solid diamond in the mistake colour: told apart from a
            // cross or a fill by shape as well as colour.
            let (cx, cy, r) = (px + n / 2, py + n / 2, (n / 3).max(1));
            for dy in -r..=r {
                let half = r - dy.abs();
                self.raster
                    .fill(cx - half, cy + dy, 2 * half + 1, 1, c.mistake);
            }
        }
        if let Mark::Crossed | Mark::Mistake = mark {
            let colour = if mark == Mark::Mistake {
                c.mistake
            } else {
                c.cross
            };
            let inset = if n >= 9 { 2 } else { 1 };
            let (a, b) = (inset, n - 1 - inset);
            self.raster.line((px + a, py + a), (px + b, py + b), colour);
            self.raster.line((px + a, py + b), (px + b, py + a), colour);
        }
        if cursor {
            self.raster.frame(px, py, n, n, c.cursor);
            if n >= 9 {
                self.raster.frame(px + 1, py + 1, n - 2, n - 2, c.cursor);
            }
        }
    }

    fn draw_row_clues(&mut self, layout: &Layout, scene: &Scene, y: usize, key: u64) {
        let c = self.colours;
        let top = layout.board_y + y as i32 * layout.cell + 1;
        let highlight = key & HIGHLIGHT != 0;
        let paper = if highlight { c.highlight } else { c.paper };
        let left = layout.left;
        self.raster
            .fill(left, top, layout.board_x - left - 1, layout.cell - 1, paper);
        if scene.finished {
            return;
        }
        let numbers = scene.clues.row(y).as_slice();
        let (mut x, glyph_top) = layout.row_clues_end(y as i32);
        let greying = greying_of(scene, y, false);
        if numbers.is_empty() {
            x -= glyphs::clue(0).width * layout.scale;
            let done = greying.is_some_and(|g| g.complete);
            self.clue_glyph(glyphs::clue(0), (x, glyph_top), layout.scale, done);
        }
        for (index, &number) in numbers.iter().enumerate().rev() {
            let glyph = glyphs::clue(number);
            x -= glyph.width * layout.scale;
            let done = greying.is_some_and(|g| g.is_greyed(index));
            self.clue_glyph(glyph, (x, glyph_top), layout.scale, done);
            x -= layout.row_clue_gap();
        }
    }

    fn draw_column_clues(&mut self, layout: &Layout, scene: &Scene, x: usize, key: u64) {
        let c = self.colours;
        let left = layout.board_x + x as i32 * layout.cell + 1;
        let highlight = key & HIGHLIGHT != 0;
        let paper = if highlight { c.highlight } else { c.paper };
        let top = layout.top;
        self.raster
            .fill(left, top, layout.cell - 1, layout.board_y - top - 1, paper);
        if scene.finished {
            return;
        }
        let numbers = scene.clues.column(x).as_slice();
        let (centre, mut bottom) = layout.column_clues_end(x as i32);
        let greying = greying_of(scene, x, true);
        let pitch = layout.column_clue_pitch();
        let place = |glyph: Glyph, bottom: i32| {
            (
                centre - glyph.width * layout.scale / 2,
                bottom - GLYPH_HEIGHT * layout.scale,
            )
        };
        if numbers.is_empty() {
            let done = greying.is_some_and(|g| g.complete);
            let glyph = glyphs::clue(0);
            self.clue_glyph(glyph, place(glyph, bottom), layout.scale, done);
        }
        for (index, &number) in numbers.iter().enumerate().rev() {
            let glyph = glyphs::clue(number);
            let done = greying.is_some_and(|g| g.is_greyed(index));
            self.clue_glyph(glyph, place(glyph, bottom), layout.scale, done);
            bottom -= pitch;
        }
    }

    /// A clue number: solid, or greyed (dimmed and struck through, so it
    /// differs by shape as well as colour).
    fn clue_glyph(&mut self, glyph: Glyph, (x, y): (i32, i32), scale: i32, done: bool) {
        let c = self.colours;
        let colour = if done { c.clue_done } else { c.clue };
        self.raster.glyph(glyph, (x, y), scale, colour);
        if done {
            let (w, h) = (glyph.width * scale, GLYPH_HEIGHT * scale);
            self.raster.line((x - 1, y + h), (x + w, y - 1), c.clue);
        }
    }

    /// The clock (mm:ss) and, while painting, the run's length.
    fn draw_clock(&mut self, layout: &Layout, (seconds, run): (u16, Option<u8>)) {
        let c = self.colours;
        let (x, y) = (layout.left + 2, layout.top + 13);
        self.raster.fill(x, y, 60, 10, c.paper);
        // `u16::MAX`: a scene without a clock.
        let gx = if seconds == u16::MAX {
            x - 6
        } else {
            self.time((x, y), seconds, 2)
        };
        if let Some(run) = run {
            let glyph = glyphs::clue(run.min(20));
            self.raster.glyph(glyph, (gx + 6, y), 2, c.cursor);
        }
    }

    /// The corner's line of text (the puzzle's number, or its name once
    /// solved), typed from the next `draw_text`.
    pub fn set_title(&mut self, text: &str) {
        self.text_due.push(TextChange::Title(text.into()));
    }

    /// Lines in the left column (the clues' place once solved), typed from
    /// the next `draw_text`.
    pub fn set_lines(&mut self, text: &str) {
        self.text_due.push(TextChange::Lines(text.into()));
    }

    /// Start typing the text asked for since the last call, in the order it
    /// was asked for (each change blanks its box).
    pub fn draw_text(&mut self) {
        for change in core::mem::take(&mut self.text_due) {
            match change {
                TextChange::Title(text) => self.type_title(&text),
                TextChange::Lines(text) => self.type_lines(&text),
            }
        }
        // Old text goes before anything else is drawn where it was.
        let paper = self.colours.paper;
        self.title.erase(&mut self.raster, paper);
        self.lines.erase(&mut self.raster, paper);
    }

    fn type_title(&mut self, text: &str) {
        self.title.set(text);
    }

    fn type_lines(&mut self, text: &str) {
        self.lines.set(text);
    }

    /// Draw the text where it changed, into the raster (once the screen's
    /// other drawing is done: it would paint over the text).
    pub fn advance_text(&mut self) {
        if !self.built || matches!(self.showing, Showing::Wiping(_) | Showing::Blank) {
            return;
        }
        let (ink, paper) = (self.colours.clue, self.colours.paper);
        if self.title.draw(&mut self.raster, ink, paper) {
            self.lines.draw(&mut self.raster, ink, paper);
        }
    }

    /// Put the text areas at these pixel positions, `columns` of 8 pixels
    /// wide and `lines` lines of text high.
    fn place_text(&mut self, title: (i32, i32), lines: (i32, i32), columns: i32, rows: i32) {
        let paper = self.colours.paper;
        let raster = &mut self.raster;
        self.title.place(raster, paper, (title, columns * 8, 1));
        self.lines.place(raster, paper, (lines, columns * 8, rows));
    }

    /// Bring the list screen a step closer to `scene`.
    pub fn sync_list(&mut self, scene: &ListScene) -> bool {
        if self.wipe_towards(Wanted::List) {
            return true;
        }
        let (lines, rows) = if scene.text_page {
            ((LIST_LEFT + 8, LIST_TOP + 6), TEXT_PAGE_TILE_ROWS)
        } else {
            ((LIST_LEFT, LIST_TOP + 2 * SLOT_HEIGHT + 4), 2)
        };
        self.place_text((LIST_LEFT, 6), lines, 26, rows);
        if self.sync_code(scene.code) {
            return true;
        }
        for slot in 0..LIST_SLOTS {
            let wanted = scene
                .entries
                .get(slot)
                .map(|&entry| (entry, slot == scene.selected));
            if self.list_slots[slot] == wanted {
                continue;
            }
            self.list_slots[slot] = wanted;
            self.draw_slot(slot, wanted);
            return true;
        }
        false
    }

    /// Bring the share code on the text page a line closer to `digits`
    /// (the old one wiped first); true while drawing.
    fn sync_code(&mut self, digits: &[u8]) -> bool {
        let key =
            (!digits.is_empty()).then(|| fnv::hash(digits.iter().map(|&digit| u32::from(digit))));
        if self.code.map(|(shown, _)| shown) != key {
            if self.code.is_some() {
                let height = CODE_LINE_HEIGHT * CODE_LINES;
                self.raster.fill(
                    LIST_LEFT,
                    CODE_TOP,
                    SCREEN_WIDTH - LIST_LEFT - 2,
                    height,
                    self.colours.paper,
                );
            }
            self.code = key.map(|key| (key, 0));
            return true;
        }
        let Some((key, drawn)) = self.code else {
            return false;
        };
        let line_digits = CODE_GROUPS_PER_LINE * share_code::GROUP_DIGITS;
        let Some(line) = digits.chunks(line_digits).nth(drawn) else {
            return false;
        };
        let y = CODE_TOP + drawn as i32 * CODE_LINE_HEIGHT;
        let mut x = LIST_LEFT + 8;
        for (index, &digit) in line.iter().enumerate() {
            if index > 0 && index % share_code::GROUP_DIGITS == 0 {
                x += CODE_GROUP_GAP;
            }
            self.raster
                .glyph(glyphs::clue(digit.min(9)), (x, y), 2, self.colours.clue);
            x += CODE_DIGIT_ADVANCE;
        }
        self.code = Some((key, drawn + 1));
        true
    }

    fn draw_slot(&mut self, slot: usize, entry: Option<(ListEntry, bool)>) {
        let c = self.colours;
        let x = LIST_LEFT + (slot % LIST_COLUMNS) as i32 * SLOT_WIDTH;
        let y = LIST_TOP + (slot / LIST_COLUMNS) as i32 * SLOT_HEIGHT;
        self.raster.fill(x, y, SLOT_WIDTH, SLOT_HEIGHT, c.paper);
        let Some((entry, selected)) = entry else {
            return;
        };
        // The picture's box: 40x30 at most, its cells as big as fit.
        let (bx, by, bw, bh) = (x + 2, y + 2, SLOT_WIDTH - 4, 34);
        self.raster.fill(bx, by, bw, bh, c.empty);
        self.raster.frame(
            bx - 1,
            by - 1,
            bw + 2,
            bh + 2,
            if selected { c.cursor } else { c.grid },
        );
        if selected {
            self.raster.frame(bx - 2, by - 2, bw + 4, bh + 4, c.cursor);
        }
        match entry.picture {
            Some(picture) => {
                let (w, h) = (picture.width() as i32, picture.height() as i32);
                let size = ((bw - 2) / w).min((bh - 2) / h).max(1);
                let (ox, oy) = (bx + (bw - size * w) / 2, by + (bh - size * h) / 2);
                for py in 0..h {
                    for px in 0..w {
                        if picture.contains(px as usize, py as usize) {
                            self.raster
                                .fill(ox + px * size, oy + py * size, size, size, c.filled);
                        }
                    }
                }
                if let Some(seconds) = entry.best {
                    self.time((x + 4, y + 40), seconds, 1);
                }
            }
            None if entry.empty_slot => {
                let (cx, cy) = (bx + bw / 2, by + bh / 2);
                self.raster.fill(cx - 8, cy - 1, 16, 3, c.grid);
                self.raster.fill(cx - 1, cy - 8, 3, 16, c.grid);
            }
            None => {
                self.raster.glyph(
                    glyphs::QUESTION,
                    (bx + bw / 2 - 6, by + bh / 2 - 10),
                    4,
                    c.grid,
                );
            }
        }
        self.small_number((x + 4, y + 48), entry.number);
    }

    /// "mm:ss" in the small digits at `scale`; returns where it ends.
    fn time(&mut self, (x, y): (i32, i32), seconds: u16, scale: i32) -> i32 {
        let minutes = (seconds / 60).min(99);
        let glyphs = [
            glyphs::digit((minutes / 10) as u8),
            glyphs::digit((minutes % 10) as u8),
            COLON,
            glyphs::digit((seconds % 60 / 10) as u8),
            glyphs::digit((seconds % 10) as u8),
        ];
        let mut gx = x;
        for glyph in glyphs {
            self.raster.glyph(glyph, (gx, y), scale, self.colours.clue);
            gx += (glyph.width + 1) * scale;
        }
        gx
    }

    fn small_number(&mut self, (x, y): (i32, i32), number: u16) {
        let mut gx = x;
        let mut started = false;
        for place in [100, 10, 1] {
            let digit = (number / place % 10) as u8;
            if digit != 0 || started || place == 1 {
                started = true;
                self.raster
                    .glyph(glyphs::digit(digit), (gx, y), 1, self.colours.accent);
                gx += 4;
            }
        }
    }

    /// The layers; a pad's sprites are its screen's to show.
    pub fn show(&self, canvas: &mut Canvas) {
        canvas.background(&self.frame_layer);
        canvas.background(&self.text_layer);
    }

    /// The number pad takes a text page: the page's own text makes way.
    fn open_pad(&mut self) {
        self.type_title("");
        self.type_lines("");
        self.pad_up = true;
    }

    /// Bring the pad's text and keys up to date (once the page is shown).
    pub fn draw_pad(&mut self, pad: &mut PadPanel<share_code::CodeError>) {
        pad.draw(&mut self.text_layer);
    }

    /// The pad of a screen that has gone: its text goes at the next
    /// `follow_pad`.
    pub fn retire_pad(&mut self, pad: Box<PadPanel<share_code::CodeError>>) {
        self.retired_pad = Some(pad);
    }

    fn close_pad(&mut self) {
        self.pad_up = false;
        if let Some(pad) = self.retired_pad.take() {
            pad.close();
        }
    }

    /// Make way for the number pad while a screen has one (`up`), and take
    /// it down once none has.
    pub fn follow_pad(&mut self, up: bool) {
        match (up, self.pad_up) {
            (true, false) => self.open_pad(),
            (false, true) => self.close_pad(),
            _ => {}
        }
    }

    /// Draw a text page (the options, the extras, the editor's menu); true
    /// while drawing is left for later frames.
    pub fn sync_text_page(&mut self) -> bool {
        self.sync_code_page(&[])
    }

    /// Draw a text page with a share code's digits on it.
    pub fn sync_code_page(&mut self, code: &[u8]) -> bool {
        self.sync_list(&ListScene {
            entries: &[],
            selected: 0,
            text_page: true,
            code,
        })
    }
}

/// The look of a line's clues: greyed bits, contradiction, highlight,
/// finished, hint guide on.
const HIGHLIGHT: u64 = 1 << 20;
const FINISHED: u64 = 1 << 21;
const GUIDED: u64 = 1 << 22;
const COMPLETE: u64 = 1 << 23;

fn greying_of(scene: &Scene, index: usize, column: bool) -> Option<Greying> {
    let (rows, columns) = scene.greying?;
    let list = if column { columns } else { rows };
    list.get(index).copied()
}

fn line_key(scene: &Scene, index: usize, column: bool, cursor_line: Option<usize>) -> u64 {
    // The numbers themselves (they change as the editor's picture does),
    // folded into the bits below the flags.
    let clues = if column {
        scene.clues.column(index)
    } else {
        scene.clues.row(index)
    };
    let numbers = fnv::hash(clues.as_slice().iter().map(|&n| u32::from(n)));
    let mut key = u64::from(numbers) << 32;
    if let Some(greying) = greying_of(scene, index, column) {
        key |= GUIDED | u64::from(greying.greyed);
        if greying.complete {
            key |= COMPLETE;
        }
    }
    if cursor_line == Some(index) {
        key |= HIGHLIGHT;
    }
    if scene.finished {
        key = FINISHED;
    }
    key
}
