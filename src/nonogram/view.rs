//! Drawing the nonogram: the board, its clues, the corner's clock and its
//! words, all on the raster; the number pad's text on the layer above.
//!
//! Every frame the app says what the screen should show (a [`Scene`]); the
//! view compares each cell and each line of clues with what it drew last
//! and redraws only what changed. A new screen is painted afresh from row
//! patterns. Each piece of drawing is drawn only in a frame with room for
//! one as long as its kind took lately ([`piece`]), so opening a 20x15
//! board or an undo of a long drag never costs a frame more than its
//! share. While a board is up, the list page SELECT goes to is painted off
//! screen by a view of its own (`paint_ahead`) and copied in whole when
//! asked for.

use alloc::{boxed::Box, string::String, vec::Vec};

use super::art::{Colours, art_ink};
use super::cell_art::{self, CellArt, Look};
use super::glyphs::{self, COLON, Glyph};
use super::layout::{
    CLOCK_LINE, ColumnPlacement, GLYPH_HEIGHT, Layout, ROW_ZOOM_LINE, SCREEN_HEIGHT, SCREEN_WIDTH,
    TITLE_LINE, ZOOM_BAND, line_widths,
};
use super::raster::{Columns, Kinds, NIBBLES, Raster, SCREEN_TILES, TILE_ROWS, widened};
use super::raster_text::TextArea;
use super::rules::{
    Greying, Grid, PuzzleClues,
    colour_art::ColourPicture,
    play::{Mark, Marks},
    share_code,
};
use crate::fnv;
use crate::framework::{
    frame_time, plane,
    transition::Area,
    widgets::{
        pad_panel::{PadPanel, RetiredPad},
        prepared::{PreparedLine, prepared_all},
        text::LINE_HEIGHT,
    },
};

/// The nonogram takes the whole screen: a 20x15 board needs every line.
pub const WINDOW: Area = Area::new(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT);

/// The kinds of piece the view draws, each timed as it goes
/// ([`frame_time::Piece`]): none says beforehand what it takes.
mod piece {
    use crate::framework::frame_time::Piece;

    /// Working out the patterns a screen is painted afresh from: a
    /// board's, and a list page's boxes; then, a row of slots at a time,
    /// the list's "?" and number of each puzzle not solved.
    pub static PLAN_PAINT: Piece = Piece::new();
    pub static PLAN_LIST: Piece = Piece::new();
    pub static PLAN_QUESTIONS: Piece = Piece::new();
    /// A band of the screen painted afresh (paper, or a board with every
    /// cell empty).
    pub static PAINT: Piece = Piece::new();
    /// One look of a cell, drawn the first time a cell has it.
    pub static CELL_ART: Piece = Piece::new();
    /// The cells of a board row that changed.
    pub static CELL_ROW: Piece = Piece::new();
    /// A line's clues, and the corner's large ones (a band painted over,
    /// then the numbers at twice the size).
    pub static CLUES: Piece = Piece::new();
    pub static ZOOM: Piece = Piece::new();
    /// The corner's clock (and a drag's count beside it): near the
    /// screen's top, and it changes without a press.
    pub static CLOCK: Piece = Piece::in_vblank();
    /// A slot's picture on a list page.
    pub static SLOT_PICTURE: Piece = Piece::new();
    /// A list page's labels.
    pub static SLOT_LABELS: Piece = Piece::new();
    /// A line of a share code's digits.
    pub static CODE_LINE: Piece = Piece::new();
    /// A line of text, and the title's (twice the size over a solved
    /// picture: timed apart, as it takes several lines' time).
    pub static TEXT_LINE: Piece = Piece::new();
    pub static TITLE_LINE: Piece = Piece::new();
    /// Old text painted over.
    pub static ERASE: Piece = Piece::new();
    /// A band of the board kept aside, or put back.
    pub static KEEP: Piece = Piece::new();
    pub static RESTORE: Piece = Piece::new();
    /// What the screen showed, put back with the board.
    pub static RESTORE_STATE: Piece = Piece::new();
    /// Reading the column clues, and placing them where two digits crowd.
    pub static PLACEMENTS: Piece = Piece::new();
}

/// The colours of the board's cells.
const fn cell_inks(c: &Colours) -> cell_art::Inks {
    cell_art::Inks {
        empty: c.empty,
        filled: c.filled,
        cross: c.cross,
        mistake: c.mistake,
        cursor: c.cursor,
    }
}

/// What a drawing function asks before each piece: whether it fits (on
/// screen `frame_time::Piece::room`, off screen ahead of a press
/// `frame_time::Piece::room_ahead`).
pub type Room<'a> = dyn FnMut(&'static frame_time::Piece) -> bool + 'a;

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
    /// Where the board's clues are small, the cursor's row and column
    /// clues large in the corner (the column's in the title's line, while
    /// the title is empty).
    pub zoom: bool,
    /// Once solved, the picture without its grid, in colour.
    pub reveal: Option<Reveal>,
}

/// A solved picture shown without its grid: in its own colours (a
/// built-in's) or in the board's two, row by row from the top.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reveal {
    /// The picture's own colours; `None`: the board's filled and empty.
    pub art: Option<ColourPicture>,
    /// Rows shown so far, from the top.
    pub rows: u8,
    /// The title over the board at twice the size (where it fits).
    pub large_title: bool,
}

impl Scene<'_> {
    /// A hash of everything the screen shows (FNV-1a), so an unchanged
    /// frame costs nothing.
    fn fingerprint(&self) -> u32 {
        let cursor = self
            .cursor
            .map_or(u32::MAX, |(x, y)| u32::from(x) << 8 | u32::from(y));
        let reveal = self.reveal.map_or(0, |reveal| {
            1 | u32::from(reveal.rows) << 1
                | u32::from(reveal.large_title) << 9
                | reveal.art.map_or(0, |art| art.index() as u32 + 1) << 10
        });
        let flags = u32::from(self.greying.is_some())
            | u32::from(self.finished) << 1
            | u32::from(self.zoom) << 2
            | reveal << 3;
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
/// Lines of text a text page holds, and its width in columns of 8 pixels.
pub const TEXT_PAGE_LINES: i32 = 11;
const TEXT_PAGE_COLUMNS: i32 = 26;
#[cfg(test)]
pub const TEXT_PAGE_WIDTH: i32 = TEXT_PAGE_COLUMNS * 8;
/// Tile rows of the text page's box: text lines are taller than a tile.
const TEXT_PAGE_TILE_ROWS: i32 = (TEXT_PAGE_LINES * LINE_HEIGHT + 7) / 8;
const LIST_COLUMNS: usize = 5;
const SLOT_WIDTH: i32 = 44;
const SLOT_HEIGHT: i32 = 56;
const LIST_LEFT: i32 = 10;
const LIST_TOP: i32 = 22;
/// A slot's picture box: its inside, from the slot's top-left.
const BOX_INSET: i32 = 2;
const BOX_WIDTH: i32 = SLOT_WIDTH - 4;
const BOX_HEIGHT: i32 = 34;
/// Where a slot's labels sit below its top: its best time, its number.
const TIME_LABEL: i32 = 40;
const NUMBER_LABEL: i32 = 48;
/// The labels' extent: "99:59" over "999", in the small digits.
const LABELS_WIDTH: i32 = 18;
/// A clean solve's star after its time: two pixels apart, and its width.
const STAR_WIDTH: i32 = 2 + glyphs::STAR.width;
const _: () = assert!(4 + LABELS_WIDTH + STAR_WIDTH <= SLOT_WIDTH);
const LABELS_HEIGHT: i32 = NUMBER_LABEL + 5 - TIME_LABEL;

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
    /// Begun and left unfinished, its clock at these seconds: shown under
    /// its "?" where a solved puzzle's best time goes.
    pub left_at: Option<u16>,
    /// Solved clean once (no mistake, no start hint): a star after its time.
    pub clean: bool,
    /// The picture's own colours (a built-in's): it is drawn in them.
    pub art: Option<ColourPicture>,
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
    /// Something else, or in other colours: to be painted over.
    Stale,
    /// A list page's plan being worked out, from this row of slots on.
    Planning(Wanted, usize),
    /// Being painted afresh for `Wanted`, from this tile row down.
    Painting(Wanted, usize),
    /// The page painted ahead coming in for `Wanted`, from this tile on.
    CopyingIn(Wanted, usize),
    Board(Layout),
    /// The list, with picture boxes for these slots (a bit each).
    List(u16),
}

/// Tiles of a kept board copied aside, or put back, in one piece.
const TILES_PER_KEEP: usize = 100;

/// A line's clues not drawn (see `View::rows`): a key kept as a plain
/// number, not an `Option`, which would double the view's size where it is
/// made on the stack.
const UNDRAWN: u64 = u64::MAX;

/// Tile rows painted in one piece when the screen is painted afresh.
const PAINT_BAND: usize = 4;

/// The kinds of pixel row a screen is painted from (indices into
/// `Painter::patterns`).
mod row_kind {
    /// The screen's edge, top and bottom.
    pub const EDGE: u8 = 0;
    pub const PAPER: u8 = 1;
    /// Across the board's cells.
    pub const CELLS: u8 = 2;
    /// On one of the board's light lines, or a heavy one.
    pub const LIGHT: u8 = 3;
    pub const HEAVY: u8 = 4;
    /// Across the column clues, striped (see `is_striped`).
    pub const COLUMN_CLUES: u8 = 5;
    /// On the top or bottom of a row of the list's picture boxes, or
    /// across their insides (the first row's, then the second's).
    pub const BOX_EDGES: [u8; 2] = [2, 4];
    pub const BOX_INSIDES: [u8; 2] = [3, 5];
    /// Across a row of boxes' "?"s, one for each of the glyph's rows, and
    /// across the numbers under them (the first row of boxes', then the
    /// second's).
    pub const QUESTIONS: [u8; 2] = [6, 16];
    pub const NUMBERS: [u8; 2] = [11, 21];
    /// Rows of a glyph: kinds each of those takes.
    pub const GLYPH_ROWS: u8 = 5;
    /// Kinds every painting works out, and all of them.
    pub const BASE_COUNT: usize = 6;
    pub const COUNT: usize = 26;
}

/// A screen painted afresh, a band of tile rows at a time: each pixel row
/// is one of a few patterns (paper, across the board's cells, on a grid
/// line, across the list's picture boxes), worked out once when painting
/// starts.
struct Painter {
    patterns: Vec<Columns>,
    kinds: Box<Kinds>,
    /// The list's slots of puzzles not solved yet and the player's empty
    /// ones, which a painting of the list paints whole ("?" or "+", and the
    /// number) instead of leaving them to be drawn after it: those the
    /// next painting is to paint (set before each wipe), and those the
    /// painting under way paints.
    questions: [Question; LIST_SLOTS],
    painted: [Question; LIST_SLOTS],
    /// The palette index of each colour of a picture in colour.
    art_inks: [u8; 16],
}

/// A slot showing a puzzle not solved yet ("?") or an empty slot of the
/// player's ("+"): its number, its best time as its entry has it, and
/// whether it is empty.
type Question = Option<(u16, Option<u16>, bool)>;

/// The entry a slot's `Question` stands for.
const fn question_entry((number, best, empty_slot): (u16, Option<u16>, bool)) -> ListEntry {
    ListEntry {
        number,
        best,
        picture: None,
        empty_slot,
        left_at: None,
        clean: false,
        art: None,
    }
}

/// A slot's entry and whether it is selected (`None`: no entry).
type SlotLook = Option<(ListEntry, bool)>;

/// The list's slots as drawn.
#[derive(Clone)]
struct Slots {
    /// Each slot as drawn (`None`: not drawn).
    shown: Vec<SlotLook>,
    /// A slot whose picture is drawn but not yet its labels and frames:
    /// the slot, what it showed before, and the entry drawn.
    half_drawn: Option<(usize, SlotLook, ListEntry)>,
}

impl Slots {
    fn new() -> Self {
        Self {
            shown: alloc::vec![None; LIST_SLOTS],
            half_drawn: None,
        }
    }

    fn forget(&mut self) {
        self.shown.fill(None);
        self.half_drawn = None;
    }
}

/// A board as it was when a page was painted over it: its pixels and what
/// the view knew of them, put back when the same puzzle's board is wanted
/// again (a copy instead of a drawing).
struct KeptBoard {
    layout: Layout,
    puzzle: Option<u32>,
    /// Each tile's pixels, copied a piece at a time (whole once it holds
    /// every tile).
    pixels: Vec<[u32; 8]>,
    /// Tiles put back so far, while it comes back.
    restored: usize,
    /// The raster's count of changes as the copy began: a copy in part is
    /// finished only while the screen has not changed since.
    changes: u32,
    /// The count of them besides the clock's (`View::board_changes`): a
    /// whole copy is taken again once the board has changed since.
    board_changes: u32,
    cells: [CellRow; 15],
    revealed: u16,
    rows: [u64; 15],
    columns: [u64; 20],
    zoom: [Option<u64>; 2],
    clock: Option<(u16, Option<u8>)>,
    title: TextArea,
    lines: TextArea,
}

/// The list page SELECT goes to, painted off screen while the player looks
/// at a board (`View::paint_ahead`), with what its own view knows of it:
/// SELECT then copies it in, a copy instead of a drawing.
struct Ahead {
    view: View,
    page: plane::Page,
    /// Drawn whole as last asked for.
    done: bool,
}

pub struct View {
    raster: Raster,
    colours: Colours,
    showing: Showing,
    painter: Box<Painter>,
    /// The screen was just painted: the clue areas and the list's boxes
    /// are bare where nothing is drawn yet.
    fresh: bool,
    /// Each cell as drawn (`u8::MAX`: not drawn).
    cells: [CellRow; 15],
    /// The rows drawn in the revealed picture's colours, a bit each.
    revealed: u16,
    cell_art: CellArt,
    /// Each line's clues as drawn (a key of their look; [`UNDRAWN`]: not
    /// drawn, a key that at worst draws its line again).
    rows: [u64; 15],
    columns: [u64; 20],
    /// Where each column's clues sit, for the clues and layout of the key
    /// (worked out again only when they change).
    placements: Option<(u32, [ColumnPlacement; 20])>,
    /// The corner's large clues as drawn, the row's and the column's (a
    /// key of their look, or `ZOOM_OFF`).
    zoom: [Option<u64>; 2],
    clock: Option<(u16, Option<u8>)>,
    /// The scene the screen fully shows (a hash; `None` while work is left).
    settled_on: Option<u32>,
    puzzle_shown: Option<u32>,
    /// The list's slots as drawn.
    slots: Slots,
    /// The share code on the text page: a key of its digits and the lines
    /// of it drawn so far.
    code: Option<(u32, usize)>,
    title: TextArea,
    lines: TextArea,
    /// Text asked for since the last `draw_text`, in order.
    text_due: Vec<TextChange>,
    /// Old text is to be painted over before anything else is drawn: not
    /// at once, as a screen painted afresh covers it anyway.
    erase_due: bool,
    /// The number pad has the page, while a share code is typed.
    pad_up: bool,
    /// The board under the page shown, if it is to come back.
    kept_board: Option<Box<KeptBoard>>,
    /// The list page painted ahead, while a board is up.
    ahead: Option<Box<Ahead>>,
    /// Of the raster's count of changes, the clock's (see `keep_ahead`).
    clock_changes: u32,
    /// The pad of a screen that has gone, its text taken off by `follow_pad`.
    retired_pad: RetiredPad<share_code::CodeError>,
}

/// New text for one of the boxes.
enum TextChange {
    Title(String),
    /// The lines, and those of them rendered at build time.
    Lines(String, &'static [&'static PreparedLine]),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Board(Layout),
    /// The list, with picture boxes for these slots (a bit each).
    List(u16),
}

impl View {
    pub fn new(colours: Colours) -> Self {
        Self {
            raster: Raster::new(),
            colours,
            showing: Showing::Stale,
            // Made on the heap directly, not on the stack and moved.
            painter: Box::new(Painter {
                patterns: alloc::vec![[0; _]; row_kind::COUNT],
                kinds: Box::new([row_kind::PAPER; _]),
                questions: [None; LIST_SLOTS],
                painted: [None; LIST_SLOTS],
                art_inks: core::array::from_fn(|colour| art_ink(colour as u8)),
            }),
            fresh: false,
            cells: [CellRow::UNDRAWN; 15],
            revealed: 0,
            cell_art: CellArt::new(),
            rows: [UNDRAWN; 15],
            columns: [UNDRAWN; 20],
            placements: None,
            zoom: [None; 2],
            clock: None,
            settled_on: None,
            puzzle_shown: None,
            slots: Slots::new(),
            code: None,
            title: TextArea::new((4, 2), 64, 1),
            lines: TextArea::new((4, 40), 64, 6),
            text_due: Vec::new(),
            erase_due: false,
            pad_up: false,
            kept_board: None,
            ahead: None,
            clock_changes: 0,
            retired_pad: RetiredPad::default(),
        }
    }

    /// The board kept aside and the page painted ahead go with the window.
    pub fn forget_kept_board(&mut self) {
        self.kept_board = None;
        self.ahead = None;
    }

    /// New colours: everything is drawn again.
    pub fn set_colours(&mut self, colours: Colours) {
        if colours != self.colours {
            self.colours = colours;
            self.kept_board = None;
            self.showing = Showing::Stale;
            self.forget();
            self.title.forget();
            self.lines.forget();
        }
    }

    fn forget(&mut self) {
        self.fresh = false;
        self.cells = [CellRow::UNDRAWN; 15];
        self.revealed = 0;
        self.rows = [UNDRAWN; 15];
        self.columns = [UNDRAWN; 20];
        self.zoom = [None; 2];
        self.clock = None;
        self.settled_on = None;
        self.slots.forget();
        self.code = None;
    }

    /// Paint the screen afresh when what it shows changes, a band at a
    /// time while the frame has room; true while it waits for room.
    #[inline(never)]
    fn wipe_towards(&mut self, wanted: Wanted, entries: &[ListEntry], room: &mut Room) -> bool {
        let mut next = match self.showing {
            Showing::Board(shown) if wanted == Wanted::Board(shown) => return false,
            Showing::List(boxes) if wanted == Wanted::List(boxes) => return false,
            Showing::Painting(painting, next) if painting == wanted => next,
            Showing::Planning(planning, band) if planning == wanted => {
                if !self.plan_questions_from(wanted, band, room) {
                    return true;
                }
                0
            }
            Showing::CopyingIn(copying, next) if copying == wanted => {
                return self.copy_in_ahead(wanted, next, room);
            }
            _ => {
                if let Wanted::Board(layout) = wanted {
                    if self.keeps_whole_board(layout) {
                        return self.restore_board(room);
                    }
                    // Another board: the kept one will not come back.
                    self.kept_board = None;
                }
                if let (Showing::Board(layout), Wanted::List(_)) = (self.showing, wanted)
                    && !self.keeps_board(layout)
                {
                    self.start_keeping(layout);
                }
                if let Some(kept) = self.kept_board.as_mut()
                    && kept.pixels.len() < SCREEN_TILES
                {
                    // The page waits on the copy (none was kept ahead).
                    crate::event!("nonogram.board keeping kept={}", kept.pixels.len());
                    loop {
                        if !room(&piece::KEEP) {
                            return true;
                        }
                        if self.raster.keep_part(&mut kept.pixels, TILES_PER_KEEP) {
                            break;
                        }
                    }
                }
                if self.ahead_shows(wanted, entries) {
                    // The copy covers everything, as painting does.
                    self.title.forget();
                    self.lines.forget();
                    self.forget();
                    return self.copy_in_ahead(wanted, 0, room);
                }
                let plan = match wanted {
                    Wanted::Board(_) => &piece::PLAN_PAINT,
                    Wanted::List(_) => &piece::PLAN_LIST,
                };
                if !room(plan) {
                    return true;
                }
                // Painting covers everything: nothing drawn is left.
                self.title.forget();
                self.lines.forget();
                self.forget();
                self.plan_paint(wanted);
                if !self.plan_questions_from(wanted, 0, room) {
                    return true;
                }
                0
            }
        };
        while next < TILE_ROWS {
            if !room(&piece::PAINT) {
                self.showing = Showing::Painting(wanted, next);
                return true;
            }
            let band = next..(next + PAINT_BAND).min(TILE_ROWS);
            next = band.end;
            let painter = &self.painter;
            self.raster
                .paint_rows(band, &painter.kinds, &painter.patterns);
        }
        self.showing = match wanted {
            Wanted::Board(layout) => Showing::Board(layout),
            Wanted::List(boxes) => Showing::List(boxes),
        };
        announce_clock(wanted);
        self.cells = [CellRow::EMPTY; 15];
        self.revealed = 0;
        self.fresh = true;
        // The slots the painting drew whole, unselected.
        for (shown, painted) in self.slots.shown.iter_mut().zip(&self.painter.painted) {
            if let Some(question) = *painted {
                *shown = Some((question_entry(question), false));
            }
        }
        false
    }

    /// A list page's plan, from row of slots `band` on: each row's "?"s or
    /// "+"s and numbers a piece, while `room` says it fits. False (the plan
    /// kept for a later frame) when it does not.
    fn plan_questions_from(&mut self, wanted: Wanted, mut band: usize, room: &mut Room) -> bool {
        if let Wanted::List(boxes) = wanted {
            while band < row_kind::QUESTIONS.len() {
                if !room(&piece::PLAN_QUESTIONS) {
                    self.showing = Showing::Planning(wanted, band);
                    return false;
                }
                plan_question_band(&mut self.painter, boxes, &self.colours, band);
                band += 1;
            }
        }
        self.showing = Showing::Painting(wanted, 0);
        true
    }

    /// Whether the page painted ahead shows `wanted` whole, in these
    /// colours, with at most half its slots other than `entries`: over
    /// another page's slots, each drawn again, the copy costs more than
    /// painting the page afresh.
    fn ahead_shows(&self, wanted: Wanted, entries: &[ListEntry]) -> bool {
        let Wanted::List(boxes) = wanted else {
            return false;
        };
        self.ahead.as_ref().is_some_and(|ahead| {
            ahead.done
                && ahead.view.showing == Showing::List(boxes)
                && ahead.view.colours == self.colours
                && (ahead.view.slots.shown.iter().enumerate())
                    .filter(|&(slot, shown)| {
                        shown.map(|(entry, _)| entry) != entries.get(slot).copied()
                    })
                    .count()
                    <= LIST_SLOTS / 2
        })
    }

    /// Copy the page painted ahead onto the screen from tile `next`, by
    /// pieces as `room` allows, then take on what its view knows of it
    /// (the text wanted now is typed over it where it differs); true while
    /// work is left.
    #[inline(never)]
    fn copy_in_ahead(&mut self, wanted: Wanted, mut next: usize, room: &mut Room) -> bool {
        let Some(ahead) = self.ahead.take() else {
            self.showing = Showing::Stale;
            return true;
        };
        while next < SCREEN_TILES {
            if !room(&piece::RESTORE) {
                self.showing = Showing::CopyingIn(wanted, next);
                self.ahead = Some(ahead);
                return true;
            }
            next = self
                .raster
                .restore_part(ahead.page.pixels(), next, TILES_PER_KEEP);
        }
        // What its view knows comes in a piece of its own.
        if !room(&piece::RESTORE_STATE) {
            self.showing = Showing::CopyingIn(wanted, next);
            self.ahead = Some(ahead);
            return true;
        }
        let from = &ahead.view;
        self.forget();
        self.showing = from.showing;
        self.fresh = from.fresh;
        self.slots = from.slots.clone();
        self.code = from.code;
        self.take_on_text(from.title.clone(), from.lines.clone());
        announce_clock(wanted);
        // The page stays as painted, and its view with it: it is brought
        // up to date for the next SELECT once a board is back.
        self.ahead = Some(ahead);
        crate::event!("nonogram.list copied_in");
        false
    }

    /// Text areas as they were drawn on the pixels just put up (a board
    /// kept aside, a page painted ahead), asked for as the text is wanted
    /// now: what differs is typed over them.
    fn take_on_text(&mut self, title: TextArea, lines: TextArea) {
        let title = core::mem::replace(&mut self.title, title);
        let lines = core::mem::replace(&mut self.lines, lines);
        self.title.set(title.wanted());
        self.lines.set_knowing(lines.wanted(), lines.known());
        self.erase_due = true;
    }

    /// Whether a page is painted ahead now (see `paint_ahead`): on a board
    /// drawn whole and copied aside (a quick SELECT needs that copy most),
    /// with no save waiting for room.
    pub fn paints_ahead(&self) -> bool {
        let Showing::Board(layout) = self.showing else {
            return false;
        };
        !frame_time::save_is_waiting() && self.keeps_whole_board(layout)
    }

    /// The text of the list page to paint ahead (see `paint_ahead`), asked
    /// for by `text` of the page's own view: when the page is new.
    pub fn set_ahead_text(&mut self, text: impl FnOnce(&mut View)) {
        let colours = self.colours;
        let ahead = self.ahead.get_or_insert_with(|| {
            Box::new(Ahead {
                view: View::new(colours),
                page: plane::Page::new(),
                done: false,
            })
        });
        text(&mut ahead.view);
        ahead.view.draw_text();
        ahead.done = false;
    }

    /// On a board drawn whole and copied aside, with nothing else to draw:
    /// paint the list page `scene` off screen, as a light frame has room,
    /// so SELECT copies it in whole at once (its text asked for first, by
    /// `set_ahead_text`).
    pub fn paint_ahead(&mut self, scene: &ListScene) {
        if !self.paints_ahead() {
            return;
        }
        let colours = self.colours;
        let Some(ahead) = self.ahead.as_mut() else {
            return;
        };
        if ahead.view.colours != colours {
            ahead.view.set_colours(colours);
            ahead.done = false;
        }
        if ahead.done {
            return;
        }
        // The page is blanked first, by pieces the size of a keep's.
        while !ahead.page.is_blanked() {
            if !piece::KEEP.room_ahead() {
                return;
            }
            ahead.page.blank_part(TILES_PER_KEEP);
        }
        let Ahead { view, page, done } = &mut **ahead;
        page.draw_into(|| {
            let busy = view.sync_list_within(scene, &mut frame_time::Piece::room_ahead)
                || !view.advance_text_within(true, &mut frame_time::Piece::room_ahead);
            view.raster.flush();
            if !busy {
                *done = true;
                crate::event!("nonogram.list painted_ahead");
            }
        });
    }

    /// Whether the board kept aside is this puzzle's, in `layout`, and
    /// either whole or still to be finished (the screen has not changed
    /// since its copy began).
    fn keeps_board(&self, layout: Layout) -> bool {
        self.kept_board.as_ref().is_some_and(|kept| {
            kept.layout == layout
                && kept.puzzle == self.puzzle_shown
                && (kept.pixels.len() == SCREEN_TILES || kept.changes == self.raster.changes())
        })
    }

    /// Whether a whole copy of this puzzle's board in `layout` is kept.
    fn keeps_whole_board(&self, layout: Layout) -> bool {
        self.keeps_board(layout)
            && self
                .kept_board
                .as_ref()
                .is_some_and(|kept| kept.pixels.len() == SCREEN_TILES)
    }

    /// On a board drawn whole, with nothing to draw: copy it aside ahead of
    /// a page (the list, SELECT away), as a light frame has room, so the page
    /// then comes in at once. A whole copy is taken again once anything but
    /// the clock has changed since (a mark, a note, the solved picture), so
    /// B brings back the board as it was, not an older one to be brought
    /// up to date on screen; never for a clock's tick alone, which would
    /// leave only part of a copy for SELECT to finish (an older second
    /// comes back and is drawn again). `first_only`: a board's first copy
    /// only (see `keep_first_copy`).
    fn keep_ahead(&mut self, room: &mut Room, first_only: bool) {
        let Showing::Board(layout) = self.showing else {
            return;
        };
        let current = self.kept_board.as_ref().is_some_and(|kept| {
            kept.pixels.len() == SCREEN_TILES && kept.board_changes == self.board_changes()
        });
        if current {
            return;
        }
        // A board's first copy is part of showing it: SELECT soon after
        // finds it taken. A copy taken again (after a mark) is ahead work,
        // and a save waiting for room comes first.
        let first = !self
            .kept_board
            .as_ref()
            .is_some_and(|kept| kept.puzzle == self.puzzle_shown && kept.layout == layout);
        if !first && (first_only || frame_time::save_is_waiting()) {
            return;
        }
        for piece in 0.. {
            if !room(&piece::KEEP) || !(first || piece::KEEP.fits_ahead()) {
                return;
            }
            // Nothing draws between this frame's pieces: whether to go on
            // with a copy in part or begin anew is asked once.
            if piece == 0 {
                let partial = self
                    .kept_board
                    .as_ref()
                    .is_some_and(|kept| kept.pixels.len() < SCREEN_TILES);
                if !(partial && self.keeps_board(layout)) {
                    self.start_keeping(layout);
                }
            }
            let Some(kept) = self.kept_board.as_mut() else {
                return;
            };
            if self.raster.keep_part(&mut kept.pixels, TILES_PER_KEEP) {
                crate::event!("nonogram.board kept_ahead");
                return;
            }
        }
    }

    /// Start keeping the board shown (its pixels are copied by pieces
    /// before the page is painted over it), with what is known of it.
    #[inline(never)]
    fn start_keeping(&mut self, layout: Layout) {
        self.kept_board = Some(Box::new(KeptBoard {
            layout,
            puzzle: self.puzzle_shown,
            pixels: Vec::with_capacity(SCREEN_TILES),
            restored: 0,
            changes: self.raster.changes(),
            board_changes: self.board_changes(),
            cells: self.cells,
            revealed: self.revealed,
            rows: self.rows,
            columns: self.columns,
            zoom: self.zoom,
            clock: self.clock,
            title: self.title.clone(),
            lines: self.lines.clone(),
        }));
    }

    /// Put the kept board back, by pieces as `room` allows; true while
    /// work is left (the screen is then neither the page nor the board).
    #[inline(never)]
    fn restore_board(&mut self, room: &mut Room) -> bool {
        let Some(kept) = self.kept_board.as_mut() else {
            return true;
        };
        while kept.restored < kept.pixels.len() {
            if !room(&piece::RESTORE) {
                return true;
            }
            self.showing = Showing::Stale;
            kept.restored = self
                .raster
                .restore_part(&kept.pixels, kept.restored, TILES_PER_KEEP);
        }
        // What the view knew of the board comes back in a piece of its own.
        if !room(&piece::RESTORE_STATE) {
            return true;
        }
        let Some(kept) = self.kept_board.take() else {
            return true;
        };
        let kept = *kept;
        self.forget();
        self.cells = kept.cells;
        self.revealed = kept.revealed;
        self.rows = kept.rows;
        self.columns = kept.columns;
        self.zoom = kept.zoom;
        self.clock = kept.clock;
        self.take_on_text(kept.title, kept.lines);
        self.showing = Showing::Board(kept.layout);
        announce_clock(Wanted::Board(kept.layout));
        crate::event!("nonogram.board restored");
        false
    }

    /// Work out the rows of the screen `wanted` painted afresh: paper
    /// inside the edge, and a board's empty cells and grid lines (heavier
    /// every five cells; where lines cross, the heavier shows).
    /// (Out of line: its patterns would crowd the stack of the drawing
    /// that calls it.)
    #[inline(never)]
    fn plan_paint(&mut self, wanted: Wanted) {
        let c = self.colours;
        let solid = |colour: u8| u32::from(colour & 15) * 0x1111_1111;
        let painter = &mut *self.painter;
        // The list's "?" and number rows are copies of these, made only for
        // a row of boxes that has them.
        let base = &mut painter.patterns[..row_kind::BASE_COUNT];
        for (kind, pattern) in base.iter_mut().enumerate() {
            if kind == usize::from(row_kind::EDGE) {
                pattern.fill(solid(c.edge));
            } else {
                pattern.fill(solid(c.paper));
                put(pattern, 0, c.edge);
                put(pattern, SCREEN_WIDTH - 1, c.edge);
            }
        }
        painter.kinds.fill(row_kind::PAPER);
        painter.kinds[0] = row_kind::EDGE;
        painter.kinds[SCREEN_HEIGHT as usize - 1] = row_kind::EDGE;
        painter.painted = [None; LIST_SLOTS];
        let layout = match wanted {
            Wanted::Board(layout) => layout,
            Wanted::List(boxes) => {
                plan_boxes(painter, boxes, &c);
                // Their "?" and numbers follow, a row of slots a piece
                // (`plan_questions_from`).
                painter.painted = painter.questions;
                return;
            }
        };
        let heavy = |i: i32, last: i32| i % 5 == 0 || i == last;
        let [_, _, cells, light, heavy_row, clue_stripes, ..] = &mut painter.patterns[..] else {
            return;
        };
        let mut striped = false;
        for x in 0..layout.columns {
            if is_striped(&layout, x as usize) {
                striped = true;
                let left = layout.board_x + x * layout.cell + 1;
                put_run(clue_stripes, left..left + layout.cell - 1, c.stripe);
            }
        }
        if striped {
            let rows = layout.top.max(0) as usize..(layout.board_y - 1).max(0) as usize;
            for kind in painter.kinds.get_mut(rows).into_iter().flatten() {
                *kind = row_kind::COLUMN_CLUES;
            }
        }
        for column in 0..=layout.columns {
            let x = layout.board_x + column * layout.cell;
            let line = if heavy(column, layout.columns) {
                c.grid_five
            } else {
                c.grid
            };
            put(cells, x, line);
            put(light, x, line);
            // A heavy line across shows over every line down.
            put(heavy_row, x, c.grid_five);
            if column < layout.columns {
                let inside = x + 1..x + layout.cell;
                put_run(cells, inside.clone(), c.empty);
                put_run(light, inside.clone(), c.grid);
                put_run(heavy_row, inside, c.grid_five);
            }
        }
        let mut y = layout.board_y;
        for row in 0..=layout.rows {
            let line = if heavy(row, layout.rows) {
                row_kind::HEAVY
            } else {
                row_kind::LIGHT
            };
            let kinds = &mut painter.kinds;
            if let Some(kind) = kinds.get_mut(y as usize) {
                *kind = line;
            }
            if row < layout.rows {
                for kind in kinds
                    .iter_mut()
                    .skip(y as usize + 1)
                    .take(layout.cell as usize - 1)
                {
                    *kind = row_kind::CELLS;
                }
            }
            y += layout.cell;
        }
    }

    /// Bring the board screen closer to `scene`, as far as this frame has
    /// room for. True while work is left for later frames.
    pub fn sync(&mut self, scene: &Scene) -> bool {
        self.sync_within(scene, &mut frame_time::Piece::room)
    }

    /// Bring the board screen closer to `scene`, drawing each piece that
    /// `room` (given the piece's kind) says fits.
    pub fn sync_within(&mut self, scene: &Scene, room: &mut Room) -> bool {
        // The title's line shows the large clues only while it is empty.
        let fingerprint = fnv::extend(
            scene.fingerprint(),
            [u32::from(self.title.wanted().is_empty())],
        );
        if self.settled_on == Some(fingerprint) {
            // A picture being revealed changes again in a few frames: it
            // is kept once whole.
            if scene
                .reveal
                .is_none_or(|reveal| i32::from(reveal.rows) == scene.layout.rows)
            {
                self.keep_ahead(room, false);
            }
            return false;
        }
        let layout = scene.layout;
        if self.puzzle_shown != Some(scene.puzzle) {
            // Another puzzle: the screen is painted afresh.
            self.showing = Showing::Stale;
            self.puzzle_shown = Some(scene.puzzle);
        }
        if self.wipe_towards(Wanted::Board(layout), &[], room) || !self.erase_old_text(room) {
            return true;
        }
        // While playing, the lines are the buttons' hint under the board,
        // where the board leaves a line; once solved, beside the picture.
        let hint_line = !scene.finished && has_hint_line(&layout);
        // The editor (no clock) where the board leaves no line: the corner
        // under the run's line.
        let corner_help = !scene.finished && !hint_line && scene.seconds.is_none();
        let (lines, lines_columns, rows) = if hint_line {
            let y =
                layout.board_bottom() + (SCREEN_HEIGHT - layout.board_bottom() - LINE_HEIGHT) / 2;
            ((layout.left + 2, y), hint_line_width(&layout) / 8, 1)
        } else if corner_help {
            (
                (corner_help_left(&layout), layout.top + ROW_ZOOM_LINE),
                8,
                corner_help_lines(&layout),
            )
        } else {
            ((layout.left + 2, layout.board_y + 2), 8, 6)
        };
        // The corner's large clues draw over the title's place. Once
        // solved, the band over the board is bare: a large title spans it.
        let title = (layout.left + 2, layout.top + TITLE_LINE);
        let title = match scene.reveal {
            Some(reveal) if scene.finished && reveal.large_title => {
                (title, layout.board_right() - title.0, 2)
            }
            _ => (title, 64, 1),
        };
        self.place_text(title, (lines, lines_columns, rows), false);
        // The corner's large clues, then its title, and the hint line under
        // the board: nothing else is drawn where they are.
        if !self.sync_zoom(scene, room) {
            return true;
        }
        // Once solved, the title (large) reaches over the clock's box and
        // the columns' clues: it goes up after them (`advance_text`), so
        // their paper never cuts it.
        if !scene.finished {
            self.advance_text_within(hint_line || corner_help, room);
        }
        // The cells first: they answer the player's buttons. Row by row, as
        // masks: only cells whose look changed are drawn.
        let size = (layout.cell - 1) as usize;
        self.cell_art.prepare(size, cell_inks(&self.colours));
        let columns = (1u32 << layout.columns) - 1;
        for y in 0..layout.rows as usize {
            let wanted = CellRow::of(scene, y);
            let row = 1u16 << y;
            let in_colour = scene.finished
                && scene
                    .reveal
                    .is_some_and(|reveal| y < usize::from(reveal.rows));
            if in_colour {
                if self.revealed & row == 0 {
                    if !room(&piece::CELL_ROW) {
                        return true;
                    }
                    self.revealed |= row;
                    self.cells[y].take(&wanted, u32::MAX);
                    let art = scene.reveal.and_then(|reveal| reveal.art);
                    self.draw_colour_row(&layout, y, art, wanted.filled);
                }
                continue;
            }
            let changed = self.cells[y].differs(&wanted) & columns;
            if changed == 0 {
                continue;
            }
            if self.revealed & row != 0 {
                // Back from the colours (the screen shows another state of
                // the same board): its grid is drawn afresh.
                self.showing = Showing::Stale;
                self.forget();
                return true;
            }
            let mut looks = [None; 20];
            let mut left = changed;
            while left != 0 {
                let x = left.trailing_zeros() as usize;
                let bit = left & left.wrapping_neg();
                left &= left - 1;
                let look = Look {
                    mark: wanted.mark(bit),
                    cursor: wanted.cursor & bit != 0,
                    marked: wanted.marked & bit != 0,
                };
                // A look not drawn before is drawn first, in its own piece.
                if !self.cell_art.is_drawn(look) {
                    if !room(&piece::CELL_ART) {
                        return true;
                    }
                    self.cell_art.draw(look);
                }
                looks[x] = Some(look);
            }
            if !room(&piece::CELL_ROW) {
                return true;
            }
            self.cells[y].take(&wanted, changed);
            self.draw_cell_row(&layout, y, &looks);
        }
        let cursor = if scene.finished { None } else { scene.cursor };
        for y in 0..layout.rows as usize {
            let key = line_key(scene, y, false, cursor.map(|c| usize::from(c.1)));
            if self.rows[y] == key {
                continue;
            }
            let on_paper = self.fresh && self.rows[y] == UNDRAWN;
            if !room(&piece::CLUES) {
                return true;
            }
            self.rows[y] = key;
            self.draw_row_clues(&layout, scene, y, key, on_paper);
        }
        let Some(placements) = self.placements_for(&layout, scene.clues, room) else {
            return true;
        };
        for (x, &placement) in placements.iter().enumerate().take(layout.columns as usize) {
            let placed = fnv::hash([placement.lift as u32, placement.nudged]);
            let key = line_key(scene, x, true, cursor.map(|c| usize::from(c.0)))
                ^ u64::from(placed) << 32;
            if self.columns[x] == key {
                continue;
            }
            let on_paper = self.fresh && self.columns[x] == UNDRAWN;
            if !room(&piece::CLUES) {
                return true;
            }
            self.columns[x] = key;
            self.draw_column_clues(&layout, scene, (x, placement), key, on_paper);
        }
        let clock = (scene.seconds.unwrap_or(u16::MAX), scene.run);
        if self.clock != Some(clock) {
            if !room(&piece::CLOCK) {
                // A clock shown before waits for a frame to draw the new
                // time whole in (see `piece::CLOCK`): the board is complete,
                // and the time runs on meanwhile.
                return self.clock.is_none();
            }
            self.clock = Some(clock);
            self.draw_clock(&layout, clock);
            frame_time::piece_done();
        }
        self.settled_on = Some(fingerprint);
        false
    }

    /// On a board just drawn whole, its text with it: its first copy
    /// aside begins in what is left of this frame, so a SELECT in the next
    /// finds most of it taken. (A copy taken again waits for a frame of its
    /// own, after the move's save.)
    pub fn keep_first_copy(&mut self) {
        self.keep_ahead(&mut frame_time::Piece::room, true);
    }

    /// The cursor's row and column clues, large in the corner where the
    /// board's own are small (before the title is typed: the column's
    /// take the title's line while it is empty); true once drawn.
    #[inline(never)]
    fn sync_zoom(&mut self, scene: &Scene, room: &mut Room) -> bool {
        let layout = scene.layout;
        let shown = scene.zoom && layout.zooms() && !scene.finished;
        let cursor = scene.cursor.filter(|_| shown);
        let title_free = self.title.wanted().is_empty();
        for column in [false, true] {
            let wanted = cursor
                .map(|(x, y)| usize::from(if column { x } else { y }))
                .filter(|_| !column || title_free);
            let key = wanted.map_or(ZOOM_OFF, |index| line_key(scene, index, column, None));
            let slot = usize::from(column);
            if self.zoom[slot] == Some(key) {
                continue;
            }
            // A screen just painted is bare paper there.
            if wanted.is_none() && self.fresh && self.zoom[slot].is_none() {
                self.zoom[slot] = Some(key);
                continue;
            }
            // The line painted over, then its band: two fills; and the
            // numbers at scale 2, the marker as one more.
            if !room(&piece::ZOOM) {
                return false;
            }
            self.zoom[slot] = Some(key);
            let top = layout.top + if column { TITLE_LINE } else { ROW_ZOOM_LINE };
            self.draw_zoom(&layout, scene, wanted, column, top);
        }
        true
    }

    /// A line of the corner's large clues with their glyphs' top at `top`
    /// (`None`: the line bare).
    #[inline(never)]
    fn draw_zoom(
        &mut self,
        layout: &Layout,
        scene: &Scene,
        index: Option<usize>,
        column: bool,
        top: i32,
    ) {
        let c = self.colours;
        let (from, to) = layout.zoom_span();
        let band_top = top - 1;
        self.raster
            .fill(from, band_top, to - from, ZOOM_BAND, c.paper);
        let Some(index) = index else {
            return;
        };
        let numbers = line_clues(scene, index, column);
        let Some(zoom) = layout.zoom(line_widths(numbers)) else {
            return;
        };
        // On the highlight, as the cursor's row and column are.
        let band_left = zoom.left - 2;
        self.raster
            .fill(band_left, band_top, to - band_left, ZOOM_BAND, c.highlight);
        let glyph_top = top + (GLYPH_HEIGHT * 2 - GLYPH_HEIGHT * zoom.scale) / 2;
        crate::event!(
            "nonogram.zoom line={} index={index} scale={} marker={}",
            if column { "column" } else { "row" },
            zoom.scale,
            zoom.marker
        );
        let mut x = zoom.left;
        if zoom.marker {
            let marker = if column {
                glyphs::COLUMN_MARKER
            } else {
                glyphs::ROW_MARKER
            };
            self.raster
                .glyph(marker, (x, glyph_top), zoom.scale, c.clue);
            x += marker.width * zoom.scale + zoom.gap;
        }
        let greying = greying_of(scene, index, column);
        if numbers.is_empty() {
            let done = greying.is_some_and(|g| g.complete);
            self.clue_glyph(glyphs::clue(0), (x, glyph_top), zoom.scale, (done, true));
        }
        for (number_index, &number) in numbers.iter().enumerate() {
            let glyph = glyphs::clue(number);
            let done = greying.is_some_and(|g| g.is_greyed(number_index));
            self.clue_glyph(glyph, (x, glyph_top), zoom.scale, (done, true));
            x += glyph.width * zoom.scale + zoom.gap;
        }
        self.raster.flush();
    }

    /// The cells of board row `y` that have a look in `looks`.
    #[inline(never)]
    fn draw_cell_row(&mut self, layout: &Layout, y: usize, looks: &[Option<Look>; 20]) {
        let size = (layout.cell - 1) as usize;
        let art = &self.cell_art;
        let rows = looks.map(|look| look.and_then(|look| art.rows(look)));
        let origin = layout.cell_inside(0, y as i32);
        let across = &rows[..layout.columns as usize];
        self.raster.cells(
            origin,
            (layout.cell, size),
            across,
            cell_art::row_mask(size),
        );
    }

    /// Row `y` of the revealed picture: each run of one colour a fill over
    /// its cells and the grid lines between them, so the picture shows
    /// without its grid inside the board's outer line.
    fn draw_colour_row(
        &mut self,
        layout: &Layout,
        y: usize,
        art: Option<ColourPicture>,
        filled: u32,
    ) {
        let c = self.colours;
        let columns = layout.columns as usize;
        let row = art.map(|art| art.row(y));
        let colour_at = |x: usize| match row {
            Some(row) => self.painter.art_inks[usize::from(row[x])],
            None if filled & 1 << x != 0 => c.filled,
            None => c.empty,
        };
        let (left, top) = layout.cell_inside(0, y as i32);
        let last_row = y + 1 == layout.rows as usize;
        let height = layout.cell - i32::from(last_row);
        let mut x = 0;
        while x < columns {
            let colour = colour_at(x);
            let start = x;
            while x < columns && colour_at(x) == colour {
                x += 1;
            }
            let width = (x - start) as i32 * layout.cell - i32::from(x == columns);
            self.raster.fill(
                left + start as i32 * layout.cell,
                top,
                width,
                height,
                colour,
            );
        }
    }

    /// A row's clues; `on_paper`: its area is bare paper already.
    #[inline(never)]
    fn draw_row_clues(
        &mut self,
        layout: &Layout,
        scene: &Scene,
        y: usize,
        key: u64,
        on_paper: bool,
    ) {
        let c = self.colours;
        let top = layout.board_y + y as i32 * layout.cell + 1;
        let highlight = key & HIGHLIGHT != 0;
        let paper = if highlight { c.highlight } else { c.paper };
        let left = layout.left;
        if highlight || !on_paper {
            self.raster
                .fill(left, top, layout.board_x - left - 1, layout.cell - 1, paper);
        }
        if scene.finished {
            return;
        }
        let numbers = scene.clues.row(y).as_slice();
        let (mut x, glyph_top) = layout.row_clues_end(y as i32);
        let greying = greying_of(scene, y, false);
        if numbers.is_empty() {
            x -= glyphs::clue(0).width * layout.scale;
            let done = greying.is_some_and(|g| g.complete);
            self.clue_glyph(
                glyphs::clue(0),
                (x, glyph_top),
                layout.scale,
                (done, highlight),
            );
        }
        for (index, &number) in numbers.iter().enumerate().rev() {
            let glyph = glyphs::clue(number);
            x -= glyph.width * layout.scale;
            let done = greying.is_some_and(|g| g.is_greyed(index));
            self.clue_glyph(glyph, (x, glyph_top), layout.scale, (done, highlight));
            x -= layout.row_clue_gap();
        }
        self.raster.flush();
    }

    /// Where each column's clues sit, worked out afresh only for new clues
    /// or a new layout, if `room` has room for it (`None` if not).
    fn placements_for(
        &mut self,
        layout: &Layout,
        clues: &PuzzleClues,
        room: &mut Room,
    ) -> Option<[ColumnPlacement; 20]> {
        if !layout.columns_crowd {
            return Some([ColumnPlacement::default(); 20]);
        }
        // Reading the clues to see whether they are new: a piece of its own.
        if !room(&piece::PLACEMENTS) {
            return None;
        }
        // A column's numbers and its count, a word each (plain loops: this
        // runs at every change of the screen).
        let mut key = fnv::hash([layout.cell as u32, layout.scale as u32]);
        for x in 0..clues.width() {
            let column = clues.column(x).as_slice();
            for &number in column {
                key = fnv::extend(key, [u32::from(number)]);
            }
            key = fnv::extend(key, [column.len() as u32 | 0x100]);
        }
        if let Some((kept, placements)) = self.placements
            && kept == key
        {
            return Some(placements);
        }
        let wide = (0..clues.width())
            .filter(|&x| clues.column(x).as_slice().iter().any(|&n| n >= 10))
            .count();
        // One-digit numbers never clash (every layout's columns are wider
        // than two digits): each column keeps its place.
        let placements = if wide == 0 {
            [ColumnPlacement::default(); 20]
        } else {
            if !room(&piece::PLACEMENTS) {
                return None;
            }
            layout.column_placements(clues)
        };
        self.placements = Some((key, placements));
        Some(placements)
    }

    /// A column's clues; `on_paper`: its area is bare paper already.
    #[inline(never)]
    fn draw_column_clues(
        &mut self,
        layout: &Layout,
        scene: &Scene,
        (x, placement): (usize, ColumnPlacement),
        key: u64,
        on_paper: bool,
    ) {
        let c = self.colours;
        let left = layout.board_x + x as i32 * layout.cell + 1;
        let highlight = key & HIGHLIGHT != 0;
        // Striped as the screen was painted, but plain once solved.
        let striped = is_striped(layout, x);
        let paper = if highlight {
            c.highlight
        } else if striped && !scene.finished {
            c.stripe
        } else {
            c.paper
        };
        let top = layout.top;
        if highlight || !on_paper || (striped && scene.finished) {
            self.raster
                .fill(left, top, layout.cell - 1, layout.board_y - top - 1, paper);
        }
        if scene.finished {
            return;
        }
        let numbers = scene.clues.column(x).as_slice();
        let greying = greying_of(scene, x, true);
        let place = |number: u8, slot: usize| {
            let nudged = placement.nudged & 1 << slot != 0;
            let level = slot as i32 + placement.lift;
            let (left, bottom) = layout.column_clue_at(x as i32, number, level, nudged);
            (left, bottom - GLYPH_HEIGHT * layout.scale)
        };
        if numbers.is_empty() {
            let done = greying.is_some_and(|g| g.complete);
            let glyph = glyphs::clue(0);
            self.clue_glyph(glyph, place(0, 0), layout.scale, (done, highlight));
        }
        for (slot, (index, &number)) in numbers.iter().enumerate().rev().enumerate() {
            let glyph = glyphs::clue(number);
            let done = greying.is_some_and(|g| g.is_greyed(index));
            self.clue_glyph(glyph, place(number, slot), layout.scale, (done, highlight));
        }
        self.raster.flush();
    }

    /// A clue number: solid, or greyed (lighter, and never struck
    /// through: a stroke over a digit makes another of it, a 5 a Z), on
    /// the cursor's highlight if `lit`.
    fn clue_glyph(
        &mut self,
        glyph: Glyph,
        (x, y): (i32, i32),
        scale: i32,
        (done, lit): (bool, bool),
    ) {
        let c = self.colours;
        let colour = match (done, lit) {
            (false, _) => c.clue,
            (true, false) => c.clue_done,
            (true, true) => c.clue_done_lit,
        };
        self.raster.glyph(glyph, (x, y), scale, colour);
    }

    /// The clock (mm:ss) and, while painting, the run's length.
    #[inline(never)]
    fn draw_clock(&mut self, layout: &Layout, (seconds, run): (u16, Option<u8>)) {
        let before = self.raster.changes();
        self.draw_clock_digits(layout, (seconds, run));
        let drawn = self.raster.changes().wrapping_sub(before);
        self.clock_changes = self.clock_changes.wrapping_add(drawn);
    }

    /// The raster's count of changes, less the clock's.
    fn board_changes(&self) -> u32 {
        self.raster.changes().wrapping_sub(self.clock_changes)
    }

    fn draw_clock_digits(&mut self, layout: &Layout, (seconds, run): (u16, Option<u8>)) {
        let c = self.colours;
        let (x, y, width, height) = clock_box(layout);
        self.raster.fill(x, y, width, height, c.paper);
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
        self.raster.flush();
    }

    /// The corner's line of text (the puzzle's number, or its name once
    /// solved), typed from the next `draw_text`.
    pub fn set_title(&mut self, text: &str) {
        // The last text asked for wins: one asked for and replaced in the
        // same frame never reaches the raster.
        self.text_due
            .retain(|change| !matches!(change, TextChange::Title(_)));
        self.text_due.push(TextChange::Title(text.into()));
    }

    /// Lines in the left column (the clues' place once solved), typed from
    /// the next `draw_text`.
    pub fn set_lines(&mut self, text: &str) {
        self.set_lines_knowing(text, &[]);
    }

    /// As `set_lines`, with the lines of `text` that may be among `known`
    /// (rendered at build time: a menu's rows, its help), which go up as
    /// copies, not typed.
    pub fn set_lines_knowing(&mut self, text: &str, known: &'static [&'static PreparedLine]) {
        self.text_due
            .retain(|change| !matches!(change, TextChange::Lines(..)));
        self.text_due.push(TextChange::Lines(text.into(), known));
    }

    /// Start typing the text asked for since the last call, in the order it
    /// was asked for (each change blanks its box).
    pub fn draw_text(&mut self) {
        for change in core::mem::take(&mut self.text_due) {
            match change {
                TextChange::Title(text) => self.type_title(&text),
                TextChange::Lines(text, known) => self.lines.set_knowing(&text, known),
            }
        }
        self.erase_due = true;
    }

    /// Paint over the old text (see `erase_due`) if `room` says it fits;
    /// true once none is left.
    #[inline(never)]
    fn erase_old_text(&mut self, room: &mut Room) -> bool {
        if !self.erase_due {
            return true;
        }
        if self.title.erase_words() + self.lines.erase_words() > 0 {
            if !room(&piece::ERASE) {
                return false;
            }
            let paper = self.colours.paper;
            self.title.erase(&mut self.raster, paper);
            self.lines.erase(&mut self.raster, paper);
        }
        self.erase_due = false;
        true
    }

    fn type_title(&mut self, text: &str) {
        self.title.set_knowing(text, &PAGE_TITLES);
    }

    /// Draw the lines of text where they changed, into the raster (once
    /// the screen's other drawing is done: the clues' areas would paint
    /// over them).
    pub fn advance_text(&mut self) {
        self.advance_text_within(true, &mut frame_time::Piece::room);
    }

    /// Draw the title where it changed (nothing else draws where it is),
    /// and the lines too if `lines`, each line of text a piece `room`
    /// says fits; true once done.
    #[inline(never)]
    fn advance_text_within(&mut self, lines: bool, room: &mut Room) -> bool {
        if matches!(
            self.showing,
            Showing::Stale | Showing::Planning(..) | Showing::Painting(..) | Showing::CopyingIn(..)
        ) || !self.erase_old_text(room)
        {
            return false;
        }
        let colours = (self.colours.clue, self.colours.paper);
        self.title
            .draw(&mut self.raster, colours, &mut || room(&piece::TITLE_LINE))
            && (!lines
                || self
                    .lines
                    .draw(&mut self.raster, colours, &mut || room(&piece::TEXT_LINE)))
    }

    /// Put the text areas at these pixel positions: the title a line
    /// `title_width` pixels wide at `scale` (1, or 2 for large), the lines
    /// `columns` of 8 pixels wide and `rows` lines of text high; `alone`:
    /// nothing else draws where they are (a new text then replaces only
    /// the lines that differ).
    #[inline(never)]
    fn place_text(
        &mut self,
        (title, title_width, scale): ((i32, i32), i32, i32),
        (lines, columns, rows): ((i32, i32), i32, i32),
        alone: bool,
    ) {
        let paper = self.colours.paper;
        let raster = &mut self.raster;
        self.title
            .place_at_scale(raster, paper, (title, title_width, 1), (alone, scale));
        self.lines
            .place(raster, paper, (lines, columns * 8, rows), alone);
    }

    /// Bring the list screen closer to `scene`, as far as this frame has
    /// room for; true while work is left for later frames.
    pub fn sync_list(&mut self, scene: &ListScene) -> bool {
        self.sync_list_within(scene, &mut frame_time::Piece::room)
    }

    /// Bring the list screen closer to `scene`, drawing each piece that
    /// `room` (given the piece's kind) says fits.
    pub fn sync_list_within(&mut self, scene: &ListScene, room: &mut Room) -> bool {
        let boxes = if scene.text_page {
            0
        } else {
            (1u16 << scene.entries.len().min(LIST_SLOTS)) - 1
        };
        // A painting of the page paints the slots of puzzles not solved
        // yet, and the player's empty ones, whole: pattern rows cost no
        // more than paper.
        for (slot, question) in self.painter.questions.iter_mut().enumerate() {
            *question = scene
                .entries
                .get(slot)
                .filter(|entry| !scene.text_page && entry.picture.is_none())
                .map(|entry| (entry.number, entry.best, entry.empty_slot));
        }
        if self.wipe_towards(Wanted::List(boxes), scene.entries, room) || !self.erase_old_text(room)
        {
            return true;
        }
        let (lines, rows) = if scene.text_page {
            ((LIST_LEFT + 8, LIST_TOP + 6), TEXT_PAGE_TILE_ROWS)
        } else {
            ((LIST_LEFT, LIST_TOP + 2 * SLOT_HEIGHT + 4), 2)
        };
        self.place_text(
            ((LIST_LEFT, 6), TEXT_PAGE_COLUMNS * 8, 1),
            (lines, TEXT_PAGE_COLUMNS, rows),
            true,
        );
        // A page's text first: nothing else is drawn where it is.
        self.advance_text_within(true, room);
        if self.sync_code(scene.code, room) {
            return true;
        }
        for slot in 0..LIST_SLOTS {
            let wanted = scene
                .entries
                .get(slot)
                .map(|&entry| (entry, slot == scene.selected));
            let half = self.slots.half_drawn.filter(|&(half, _, drawn)| {
                half == slot && wanted.map(|(entry, _)| entry) == Some(drawn)
            });
            if self.slots.shown[slot] == wanted && half.is_none() {
                continue;
            }
            let Some((entry, selected)) = wanted else {
                self.slots.shown[slot] = None;
                continue;
            };
            // Two pieces: the picture, then the labels and frames.
            let shown = match half {
                Some((_, shown, _)) => shown,
                None => {
                    if !room(&piece::SLOT_PICTURE) {
                        return true;
                    }
                    let shown = self.slots.shown[slot];
                    self.slot_picture(slot, shown, entry);
                    self.slots.half_drawn = Some((slot, shown, entry));
                    shown
                }
            };
            if !room(&piece::SLOT_LABELS) {
                return true;
            }
            self.slot_labels(slot, shown, (entry, selected));
            self.slots.half_drawn = None;
            self.slots.shown[slot] = wanted;
        }
        false
    }

    /// Bring the share code on the text page closer to `digits` (the old
    /// one painted over first), a line at a time; true while drawing is
    /// left for later frames.
    #[inline(never)]
    fn sync_code(&mut self, digits: &[u8], room: &mut Room) -> bool {
        let key =
            (!digits.is_empty()).then(|| fnv::hash(digits.iter().map(|&digit| u32::from(digit))));
        if self.code.map(|(shown, _)| shown) != key {
            if self.code.is_some() {
                if !room(&piece::CODE_LINE) {
                    return true;
                }
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
        }
        let Some((key, mut drawn)) = self.code else {
            return false;
        };
        let line_digits = CODE_GROUPS_PER_LINE * share_code::GROUP_DIGITS;
        while let Some(line) = digits.chunks(line_digits).nth(drawn) {
            if !room(&piece::CODE_LINE) {
                return true;
            }
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
            self.raster.flush();
            drawn += 1;
            self.code = Some((key, drawn));
        }
        false
    }

    /// Slot `slot`'s top-left pixel and its picture box (x, y, width,
    /// height).
    fn slot_place(slot: usize) -> ((i32, i32), (i32, i32, i32, i32)) {
        let x = LIST_LEFT + (slot % LIST_COLUMNS) as i32 * SLOT_WIDTH;
        let y = LIST_TOP + (slot / LIST_COLUMNS) as i32 * SLOT_HEIGHT;
        (
            (x, y),
            (x + BOX_INSET, y + BOX_INSET, BOX_WIDTH, BOX_HEIGHT),
        )
    }

    /// Slot `slot`'s picture for `entry`, if it showed another (`shown`):
    /// a picture, a "?" unsolved, a "+" for an empty slot of the player's.
    /// Its box was painted with the page.
    #[inline(never)]
    fn slot_picture(&mut self, slot: usize, shown: Option<(ListEntry, bool)>, entry: ListEntry) {
        // The same picture: a "?" or a "+" shows the same for any puzzle.
        if shown.is_some_and(|(shown, _)| {
            (shown.picture, shown.empty_slot, shown.art)
                == (entry.picture, entry.empty_slot, entry.art)
        }) {
            return;
        }
        let c = self.colours;
        let (_, (bx, by, bw, bh)) = Self::slot_place(slot);
        // What the box showed goes: only where it was, when that is known.
        match shown {
            Some((old, _)) => {
                let (x, y, width, height) = Self::slot_content(slot, &old);
                self.raster.fill(x, y, width, height, c.empty);
            }
            None if !self.fresh => self.raster.fill(bx, by, bw, bh, c.empty),
            None => {}
        }
        let (x, y, _, _) = Self::slot_content(slot, &entry);
        match entry.picture {
            Some(picture) => {
                let size = Self::picture_cell(&picture);
                match entry.art {
                    Some(art) => self.colour_picture((x, y), art, size),
                    None => self.picture((x, y), &picture, size, c.filled),
                }
            }
            None if entry.empty_slot => self.raster.glyph(glyphs::PLUS, (x, y), 4, c.grid),
            None => self.raster.glyph(glyphs::QUESTION, (x, y), 4, c.grid),
        }
        self.raster.flush();
    }

    /// A picture's cells as big as fit a slot's box, in pixels.
    fn picture_cell(picture: &super::rules::Grid) -> i32 {
        let fit = |room: &[u8; 33], cells: usize| i32::from(room[cells.min(32)]);
        fit(&CELLS_ACROSS, picture.width()).min(fit(&CELLS_DOWN, picture.height()))
    }

    /// Where `entry`'s content sits in slot `slot`'s box (x, y, width,
    /// height): its picture, its "+" or its "?", centred.
    fn slot_content(slot: usize, entry: &ListEntry) -> (i32, i32, i32, i32) {
        let (_, (bx, by, bw, bh)) = Self::slot_place(slot);
        let (width, height) = match &entry.picture {
            Some(picture) => {
                let size = Self::picture_cell(picture);
                (
                    size * picture.width() as i32,
                    size * picture.height() as i32,
                )
            }
            None => (12, 20),
        };
        let (x, y) = match entry.picture {
            Some(_) => (bx + (bw - width) / 2, by + (bh - height) / 2),
            None => (bx + bw / 2 - 6, by + bh / 2 - 10),
        };
        (x, y, width, height)
    }

    /// Slot `slot`'s number and best time if the entry changed, and its
    /// frames if the selection did.
    #[inline(never)]
    fn slot_labels(
        &mut self,
        slot: usize,
        shown: Option<(ListEntry, bool)>,
        (entry, selected): (ListEntry, bool),
    ) {
        let c = self.colours;
        let ((x, y), (bx, by, bw, bh)) = Self::slot_place(slot);
        if shown.map(|(entry, _)| entry) != Some(entry) {
            if shown.is_some() {
                // Only where labels go: a time (and a star) over a number.
                self.raster.fill(
                    x + 4,
                    y + TIME_LABEL,
                    LABELS_WIDTH + STAR_WIDTH,
                    LABELS_HEIGHT,
                    c.paper,
                );
            } else if !self.fresh {
                self.raster
                    .fill(x, by + bh + 2, SLOT_WIDTH, SLOT_HEIGHT - bh - 4, c.paper);
            }
            if let (Some(seconds), Some(_)) = (entry.best, entry.picture) {
                let end = self.time((x + 4, y + TIME_LABEL), seconds, 1);
                if entry.clean {
                    self.raster
                        .glyph(glyphs::STAR, (end + 2, y + TIME_LABEL), 1, c.accent);
                }
            } else if let (Some(seconds), None) = (entry.left_at, entry.picture) {
                self.time((x + 4, y + TIME_LABEL), seconds, 1);
            }
            self.small_number((x + 4, y + NUMBER_LABEL), entry.number);
        }
        if shown.map(|(_, selected)| selected) != Some(selected) && (selected || shown.is_some()) {
            let (inner, outer) = if selected {
                (c.cursor, c.cursor)
            } else {
                (c.grid, c.paper)
            };
            self.raster.frame(bx - 1, by - 1, bw + 2, bh + 2, inner);
            self.raster.frame(bx - 2, by - 2, bw + 4, bh + 4, outer);
        }
        self.raster.flush();
    }

    /// A picture in its own colours, each cell `size` pixels square, from
    /// `(x, y)`: its background, then its rectangles of other colours
    /// (worked out when the ROM was built), a fill each.
    fn colour_picture(&mut self, (x, y): (i32, i32), art: ColourPicture, size: i32) {
        let inks = self.painter.art_inks;
        let ink = move |colour: u8| inks[usize::from(colour)];
        let whole = (x, y, art.width() as i32 * size, art.height() as i32 * size);
        let background = (whole.0, whole.1, whole.2, whole.3, ink(art.background()));
        let rects = art.rects().map(|rect| {
            (
                x + i32::from(rect.x) * size,
                y + i32::from(rect.y) * size,
                i32::from(rect.width) * size,
                i32::from(rect.height) * size,
                ink(rect.colour),
            )
        });
        self.raster
            .fill_all(core::iter::once(background).chain(rects));
    }

    /// `picture`'s filled cells, each `size` pixels square, from `(x, y)`:
    /// stamps of five rows by 16 pixels.
    fn picture(&mut self, (x, y): (i32, i32), picture: &super::rules::Grid, size: i32, colour: u8) {
        let (width, height) = (picture.width() as i32, picture.height() as i32);
        let parts = ((width * size + 15) / 16).min(4) as usize;
        let mut band = 0;
        while band * 5 < height {
            let mut stamps = [[0u16; 5]; 4];
            for r in 0..5 {
                let py = band * 5 + r;
                if py >= height {
                    break;
                }
                let pixels = row_pixels(picture.row(py as usize), width, size);
                for (part, stamp) in stamps.iter_mut().enumerate() {
                    stamp[r as usize] = pixels[part];
                }
            }
            for (part, rows) in stamps.iter().enumerate().take(parts) {
                let at = (x + part as i32 * 16, y + band * 5 * size);
                self.raster.stamp(at, *rows, size, colour);
            }
            band += 1;
        }
    }

    /// "mm:ss" in the small digits at `scale`; returns where it ends.
    fn time(&mut self, (x, y): (i32, i32), seconds: u16, scale: i32) -> i32 {
        let (minutes, seconds) = minutes_seconds(seconds);
        let (minutes_tens, minutes_ones) = tens_ones(minutes.min(99));
        let (tens, ones) = tens_ones(seconds);
        let glyphs = [
            glyphs::digit(minutes_tens),
            glyphs::digit(minutes_ones),
            COLON,
            glyphs::digit(tens),
            glyphs::digit(ones),
        ];
        if scale == 1 {
            return self.glyph_line(&glyphs, (x, y), self.colours.clue);
        }
        let mut gx = x;
        for glyph in glyphs {
            self.raster.glyph(glyph, (gx, y), scale, self.colours.clue);
            gx += (glyph.width + 1) * scale;
        }
        gx
    }

    /// `glyphs` side by side from `(x, y)`, a pixel apart, at scale 1: as
    /// few stamps as hold them (16 pixels each), not one a glyph. Returns
    /// where the line ends.
    fn glyph_line(&mut self, glyphs: &[Glyph], (x, y): (i32, i32), colour: u8) -> i32 {
        let mut rows = [0u16; 5];
        let (mut start, mut used) = (x, 0);
        for glyph in glyphs {
            if used + glyph.width > 16 {
                self.raster.stamp((start, y), rows, 1, colour);
                rows = [0; 5];
                start += used;
                used = 0;
            }
            for (row, &bits) in rows.iter_mut().zip(&glyph.rows) {
                *row |= u16::from(bits) << used;
            }
            used += glyph.width + 1;
        }
        if used > 0 {
            self.raster.stamp((start, y), rows, 1, colour);
        }
        start + used
    }

    fn small_number(&mut self, (x, y): (i32, i32), number: u16) {
        self.glyph_line(&number_digits(number), (x, y), self.colours.accent);
    }

    /// The number pad takes a text page: the page's own text makes way.
    fn open_pad(&mut self) {
        self.type_title("");
        self.lines.set("");
        self.pad_up = true;
    }

    /// Bring the pad's text and keys up to date (once the page is shown).
    pub fn draw_pad(&mut self, pad: &mut PadPanel<share_code::CodeError>) {
        pad.draw();
    }

    /// The pad of a screen that has gone: its text goes at the next
    /// `follow_pad`.
    pub fn retire_pad(&mut self, pad: Box<PadPanel<share_code::CodeError>>) {
        self.retired_pad.hold(pad);
    }

    fn close_pad(&mut self) {
        self.pad_up = false;
        self.retired_pad.close();
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
/// The corner's large clues not shown (no line key is this).
const ZOOM_OFF: u64 = u64::MAX;

/// The text pages' titles, rendered at build time: a page turn puts its
/// title up as a copy, not typed.
static PAGE_TITLES: [&PreparedLine; 5] = prepared_all![
    "Extras",
    "Options",
    "Statistics",
    "Random puzzle",
    "Share code"
];

/// Whether column `x`'s clues are on a stripe: every other column's, where
/// the clues are small (neighbouring two-digit clues are a pixel apart).
const fn is_striped(layout: &Layout, x: usize) -> bool {
    layout.zooms() && x % 2 == 1
}

/// Line `index`'s clue numbers: a column's if `column`, else a row's.
fn line_clues<'a>(scene: &Scene<'a>, index: usize, column: bool) -> &'a [u8] {
    if column {
        scene.clues.column(index).as_slice()
    } else {
        scene.clues.row(index).as_slice()
    }
}

fn greying_of(scene: &Scene, index: usize, column: bool) -> Option<Greying> {
    let (rows, columns) = scene.greying?;
    let list = if column { columns } else { rows };
    list.get(index).copied()
}

fn line_key(scene: &Scene, index: usize, column: bool, cursor_line: Option<usize>) -> u64 {
    // The numbers themselves (they change as the editor's picture does),
    // folded into the bits below the flags.
    let clues = line_clues(scene, index, column);
    let numbers = fnv::hash(clues.iter().map(|&n| u32::from(n)));
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

/// Set pixel `x` of a row pattern to `colour`.
fn put(pattern: &mut Columns, x: i32, colour: u8) {
    if let Some(word) = pattern.get_mut((x >> 3) as usize) {
        let shift = (x & 7) * 4;
        *word = (*word & !(0xF << shift)) | u32::from(colour & 15) << shift;
    }
}

/// The list's picture boxes in `painter`'s patterns and rows: for each slot
/// in `boxes` (a bit each), its inside in the cells' empty colour and a
/// frame one pixel outside it.
fn plan_boxes(painter: &mut Painter, boxes: u16, c: &Colours) {
    for (row, (&edges, &insides)) in row_kind::BOX_EDGES
        .iter()
        .zip(&row_kind::BOX_INSIDES)
        .enumerate()
    {
        let top = LIST_TOP + row as i32 * SLOT_HEIGHT + BOX_INSET;
        let mut any = false;
        for column in 0..LIST_COLUMNS {
            let slot = row * LIST_COLUMNS + column;
            if boxes & (1 << slot) == 0 {
                continue;
            }
            any = true;
            let left = LIST_LEFT + column as i32 * SLOT_WIDTH + BOX_INSET;
            let (right, edge) = (left + BOX_WIDTH, usize::from(edges));
            put_run(&mut painter.patterns[edge], left - 1..right + 1, c.grid);
            let inside = &mut painter.patterns[usize::from(insides)];
            put_run(inside, left..right, c.empty);
            put(inside, left - 1, c.grid);
            put(inside, right, c.grid);
        }
        if !any {
            continue;
        }
        let kinds = &mut painter.kinds;
        kinds[(top - 1) as usize] = edges;
        kinds[(top + BOX_HEIGHT) as usize] = edges;
        for kind in &mut kinds[top as usize..(top + BOX_HEIGHT) as usize] {
            *kind = insides;
        }
    }
}

/// The list's slots of puzzles not solved yet and the player's empty ones
/// (`Painter::questions`) in row of slots `band`, in `painter`'s patterns
/// and rows, as `slot_picture` and `slot_labels` draw them: the "?" or "+"
/// in its box, four pixels a glyph pixel, and the number under it.
fn plan_question_band(painter: &mut Painter, boxes: u16, c: &Colours, band: usize) {
    let glyph_rows_of = |glyph: Glyph| glyph.rows.map(|bits| u32::from(widened(bits, 4)));
    let (question_rows, plus_rows) = (glyph_rows_of(glyphs::QUESTION), glyph_rows_of(glyphs::PLUS));
    let first = band * LIST_COLUMNS;
    let mut in_band = [None; LIST_COLUMNS];
    for (column, question) in in_band.iter_mut().enumerate() {
        let slot = first + column;
        if boxes & (1 << slot) != 0 {
            *question = painter.painted[slot];
        }
    }
    if in_band.iter().all(Option::is_none) {
        return;
    }
    let question_kind = usize::from(row_kind::QUESTIONS[band]);
    let number_kind = usize::from(row_kind::NUMBERS[band]);
    let glyph_rows = usize::from(row_kind::GLYPH_ROWS);
    let (base, made) = painter.patterns.split_at_mut(row_kind::BASE_COUNT);
    let (questions, rest) = made
        .split_at_mut(question_kind - row_kind::BASE_COUNT)
        .1
        .split_at_mut(glyph_rows);
    let numbers = &mut rest[number_kind - question_kind - glyph_rows..][..glyph_rows];
    questions.fill(base[usize::from(row_kind::BOX_INSIDES[band])]);
    numbers.fill(base[usize::from(row_kind::PAPER)]);
    // Every slot's "?" is at the same height in its box, its number
    // at the same height under it.
    let (_, question_top, _, _) = View::slot_content(first, &question_entry((0, None, false)));
    let ((_, slot_top), _) = View::slot_place(first);
    let number_top = slot_top + NUMBER_LABEL;
    for (column, question) in in_band.iter().enumerate() {
        let Some((number, _, empty_slot)) = *question else {
            continue;
        };
        let slot = first + column;
        let (x, _, _, _) = View::slot_content(slot, &question_entry((number, None, empty_slot)));
        let rows = if empty_slot {
            &plus_rows
        } else {
            &question_rows
        };
        put_rows(questions, x, rows, c.grid);
        // The digits side by side, a pixel apart (as `glyph_line`).
        let mut rows = [0u32; 5];
        let mut used = 0;
        for digit in number_digits(number) {
            for (row, &bits) in rows.iter_mut().zip(&digit.rows) {
                *row |= u32::from(bits) << used;
            }
            used += digit.width + 1;
        }
        let ((left, _), _) = View::slot_place(slot);
        put_rows(numbers, left + 4, &rows, c.accent);
    }
    let kinds = &mut painter.kinds;
    for row in 0..row_kind::GLYPH_ROWS {
        let question = usize::try_from(question_top).unwrap_or(0) + usize::from(row) * 4;
        for kind in kinds.iter_mut().skip(question).take(4) {
            *kind = row_kind::QUESTIONS[band] + row;
        }
        if let Some(kind) =
            kinds.get_mut(usize::try_from(number_top).unwrap_or(0) + usize::from(row))
        {
            *kind = row_kind::NUMBERS[band] + row;
        }
    }
}

/// Row `i` of a glyph's pixels (`rows[i]`, bit 0 leftmost, 24 at most)
/// from `x` (on screen) in `colour` into `patterns[i]`, a word at a time.
/// (Shifted by under 8, they fit a word: no long arithmetic, which is slow
/// on the GBA.) A list page's plan puts every "?", "+" and number under
/// them so, so it runs from IWRAM as ARM code, with index loops.
#[optimize(size)]
#[inline(never)]
#[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
#[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
fn put_rows(patterns: &mut [Columns], x: i32, rows: &[u32; 5], colour: u8) {
    let ink = u32::from(colour & 15) * 0x1111_1111;
    let first = (x >> 3) as usize;
    let count = patterns.len().min(rows.len());
    let words = patterns.as_mut_ptr().cast::<u32>();
    let mut row = 0;
    while row < count {
        let mut rest = (rows[row] & 0x00FF_FFFF) << (x & 7);
        let mut column = first;
        while rest != 0 && column < plane::COLUMNS {
            let mask = NIBBLES[(rest & 0xFF) as usize];
            // SAFETY: `row` is below the patterns' count and `column`
            // below a pattern's words: a word of `patterns`.
            unsafe {
                let word = words.add(row * plane::COLUMNS + column);
                *word = (*word & !mask) | (ink & mask);
            }
            rest >>= 8;
            column += 1;
        }
        row += 1;
    }
}

/// Where the board's clock is: x, y, width, height.
const fn clock_box(layout: &Layout) -> (i32, i32, i32, i32) {
    (layout.left + 2, layout.top + CLOCK_LINE, 60, 10)
}

/// Tell the harness's settle measure to leave the clock's ticking out
/// while a board is up (`wanted` was just painted).
#[cfg(any(debug_assertions, feature = "events"))]
fn announce_clock(wanted: Wanted) {
    // A page painted off screen is not what the screen shows.
    if plane::is_off_screen() {
        return;
    }
    match wanted {
        Wanted::Board(layout) => {
            let (x, y, w, h) = clock_box(&layout);
            crate::event!("settle.ignore id=nonogram_clock x={x} y={y} w={w} h={h}");
        }
        Wanted::List(_) => crate::event!("settle.unignore id=nonogram_clock"),
    }
}

#[cfg(not(any(debug_assertions, feature = "events")))]
const fn announce_clock(_: Wanted) {}

// Dividing by a constant is a library call in Thumb code (it has no
// multiply-high): the list's labels, ten a page, divide by multiplying
// instead, exact over the ranges they take (checked as the ROM builds).
const SIXTIETH: u32 = 34_953;
const SIXTIETH_SHIFT: u32 = 21;
const TENTH: u32 = 205;
const TENTH_SHIFT: u32 = 11;
const HUNDREDTH: u32 = 41;
const HUNDREDTH_SHIFT: u32 = 12;
const _: () = {
    let mut n = 0u32;
    while n <= u16::MAX as u32 {
        assert!((n * SIXTIETH) >> SIXTIETH_SHIFT == n / 60);
        if n < 1000 {
            assert!((n * TENTH) >> TENTH_SHIFT == n / 10);
            assert!((n * HUNDREDTH) >> HUNDREDTH_SHIFT == n / 100);
        }
        n += 1;
    }
};

/// A slot's number (999 at most) in the small digits, with no leading
/// zeros.
fn number_digits(number: u16) -> heapless::Vec<Glyph, 3> {
    let number = number.min(999);
    let hundreds = ((u32::from(number) * HUNDREDTH) >> HUNDREDTH_SHIFT) as u16;
    let (tens, ones) = tens_ones(number - hundreds * 100);
    let first = if hundreds > 0 {
        0
    } else if tens > 0 {
        1
    } else {
        2
    };
    [
        glyphs::digit(hundreds as u8),
        glyphs::digit(tens),
        glyphs::digit(ones),
    ]
    .into_iter()
    .skip(first)
    .collect()
}

/// `seconds` as whole minutes and the seconds left.
const fn minutes_seconds(seconds: u16) -> (u16, u16) {
    let minutes = ((seconds as u32 * SIXTIETH) >> SIXTIETH_SHIFT) as u16;
    (minutes, seconds - minutes * 60)
}

/// The tens and ones digits of `n` (below 100).
const fn tens_ones(n: u16) -> (u8, u8) {
    let tens = ((n as u32 * TENTH) >> TENTH_SHIFT) as u16;
    (tens as u8, (n - tens * 10) as u8)
}

/// Whether `layout` leaves a line of text under the board, for the
/// buttons' hint while the puzzle is played.
pub const fn has_hint_line(layout: &Layout) -> bool {
    SCREEN_HEIGHT - layout.board_bottom() > LINE_HEIGHT
}

/// Lines of text the corner holds under the clock's line (where the
/// editor, which has no clock, puts its buttons if `has_hint_line` is
/// false).
pub const fn corner_help_lines(layout: &Layout) -> i32 {
    (layout.board_y - layout.top - ROW_ZOOM_LINE) / LINE_HEIGHT
}

/// Where the corner's lines of buttons start: left of the title, so the
/// widest ends clear of the first column's clues.
pub const fn corner_help_left(layout: &Layout) -> i32 {
    let left = layout.left - CORNER_HELP_INDENT;
    if left < 2 { 2 } else { left }
}
const CORNER_HELP_INDENT: i32 = 4;

/// The width of the line under the board, in pixels (whole columns of 8).
pub const fn hint_line_width(layout: &Layout) -> i32 {
    (SCREEN_WIDTH - layout.left - 4) / 8 * 8
}

/// The size of a picture's cells that fits a slot's box, by its width
/// and by its height in cells (at least 1): a table, not a division.
static CELLS_ACROSS: [u8; 33] = cells_fitting(BOX_WIDTH - 2);
static CELLS_DOWN: [u8; 33] = cells_fitting(BOX_HEIGHT - 2);

const fn cells_fitting(pixels: i32) -> [u8; 33] {
    let mut table = [1; 33];
    let mut cells = 1;
    while cells < 33 {
        let size = pixels / cells;
        table[cells as usize] = if size < 1 { 1 } else { size as u8 };
        cells += 1;
    }
    table
}

/// A picture row's cells (a bit each) as pixels, `size` bits a cell, in
/// parts of 16 (pixels past 64 left out): in 32-bit words, as 64-bit
/// shifts are library calls on the GBA.
fn row_pixels(cells: u32, width: i32, size: i32) -> [u16; 4] {
    let mut words = [0u32; 3];
    if size == 1 {
        words[0] = cells;
    } else if size == 2 {
        // Seven cells at a time, doubled by table.
        let mut chunk = 0;
        while chunk * 7 < width && chunk < 4 {
            let pixels = u32::from(super::raster::doubled((cells >> (chunk * 7)) as u8));
            let start = chunk as u32 * 14;
            let (word, shift) = ((start >> 5) as usize, start & 31);
            words[word] |= pixels << shift;
            if shift > 0 {
                words[word + 1] |= pixels >> (32 - shift);
            }
            chunk += 1;
        }
    } else {
        let run = (1u32 << size.clamp(1, 16)) - 1;
        let mut cell = 0;
        while cell < width {
            let start = cell * size;
            if cells >> cell & 1 == 1 && start < 64 {
                let (word, shift) = ((start >> 5) as usize, (start & 31) as u32);
                words[word] |= run << shift;
                if shift > 0 {
                    words[word + 1] |= run >> (32 - shift);
                }
            }
            cell += 1;
        }
    }
    [
        words[0] as u16,
        (words[0] >> 16) as u16,
        words[1] as u16,
        (words[1] >> 16) as u16,
    ]
}

/// Set pixels `run` of a row pattern to `colour`, a word at a time.
fn put_run(pattern: &mut Columns, run: core::ops::Range<i32>, colour: u8) {
    let ink = u32::from(colour & 15) * 0x1111_1111;
    let mut x = run.start.max(0);
    let end = run.end.min(SCREEN_WIDTH);
    while x < end {
        let (column, from) = ((x >> 3) as usize, x & 7);
        let to = (end - (x & !7)).min(8);
        let high = if to >= 8 {
            u32::MAX
        } else {
            (1 << (to * 4)) - 1
        };
        let mask = high & !((1u32 << (from * 4)) - 1);
        if let Some(word) = pattern.get_mut(column) {
            *word = (*word & !mask) | (ink & mask);
        }
        x = (x & !7) + 8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::rules::{builtin, colour_art};

    /// Every word of the plane's pixels, tile by tile.
    fn plane_pixels() -> Vec<[u32; 8]> {
        plane::tiles().iter().map(|tile| *tile.data()).collect()
    }

    /// A page of pictures, solved and not, with its title and lines.
    fn draw_list(view: &mut View, entries: &[ListEntry]) {
        view.set_title("5x5  1-10");
        view.set_lines("No.2 Cup  0:42\nA: play  L/R: pages  B: back");
        view.draw_text();
        let scene = ListScene {
            entries,
            selected: 1,
            text_page: false,
            code: &[],
        };
        assert!(!view.sync_list_within(&scene, &mut |_| true));
        assert!(view.advance_text_within(true, &mut |_| true));
        view.raster.flush();
    }

    /// A page of ten slots from puzzle `first` on: solved where `solved`
    /// says so (a picture and a best time), else a "?", or a "+" on a page
    /// of the player's own slots (`mine`).
    fn page_of(first: u16, solved: impl Fn(usize) -> bool, mine: bool) -> Vec<ListEntry> {
        (0..LIST_SLOTS)
            .map(|slot| {
                let index = usize::from(first) + slot;
                let best = solved(slot).then_some(42 + slot as u16);
                ListEntry {
                    number: first + slot as u16 + 1,
                    best,
                    picture: best.and_then(|_| builtin::picture(index % builtin::COUNT)),
                    empty_slot: mine && best.is_none(),
                    left_at: None,
                    clean: false,
                    art: best.and_then(|_| colour_art::picture(index % builtin::COUNT)),
                }
            })
            .collect()
    }

    /// The slots of puzzles not solved yet and the player's empty ones,
    /// painted with the page ("?" or "+" and number in its pattern rows),
    /// show exactly what drawing them slot by slot shows (a page turned to
    /// from one of pictures): numbers of one, two and three digits, beside
    /// solved slots and alone.
    #[test_case]
    fn unsolved_slots_painted_with_the_page_are_those_drawn_one_by_one(_gba: &mut agb::Gba) {
        plane::build();
        let colours = Colours::new(false);
        let all_solved = page_of(200, |_| true, false);
        for (first, solved, mine) in [
            (0, (|slot| slot % 3 == 0) as fn(usize) -> bool, false),
            (90, |slot| slot == 4 || slot == 9, false),
            (10, |_| false, false),
            (0, |slot| slot == 2, true),
            (10, |_| false, true),
        ] {
            let page = page_of(first, solved, mine);

            plane::clear();
            let mut painted = View::new(colours);
            draw_list(&mut painted, &page);
            let questions = painted.painter.painted.iter().flatten().count();
            let unsolved = (0..LIST_SLOTS).filter(|&slot| !solved(slot)).count();
            assert_eq!(questions, unsolved, "painted with the page");
            let with_page = plane_pixels();

            // Turned to from a page of pictures, and from one of "?"s.
            for before in [&all_solved, &page_of(300, |_| false, false)] {
                plane::clear();
                let mut turned = View::new(colours);
                draw_list(&mut turned, before);
                draw_list(&mut turned, &page);
                assert!(
                    plane_pixels() == with_page,
                    "page from {first}, mine: {mine}"
                );
            }
        }
    }

    /// A list page painted off screen holds exactly the pixels the same
    /// page painted on screen shows, and the screen is left as it was.
    #[test_case]
    fn a_page_painted_off_screen_is_the_page_painted_on_screen(_gba: &mut agb::Gba) {
        plane::build();
        let colours = Colours::new(false);
        let entries: Vec<ListEntry> = (0..LIST_SLOTS)
            .map(|index| {
                let best = (index % 3 != 0).then_some(42 + index as u16);
                ListEntry {
                    number: index as u16 + 1,
                    best,
                    picture: best.and_then(|_| builtin::picture(index)),
                    empty_slot: false,
                    left_at: None,
                    clean: false,
                    art: best.and_then(|_| colour_art::picture(index)),
                }
            })
            .collect();

        plane::clear();
        draw_list(&mut View::new(colours), &entries);
        let on_screen = plane_pixels();
        assert!(
            on_screen.iter().any(|tile| *tile != [0; 8]),
            "drew something"
        );

        plane::clear();
        let mut page = plane::Page::new();
        assert!(
            page.draw_into(|| ()).is_none(),
            "not drawn on before blanked"
        );
        while !page.blank_part(TILES_PER_KEEP) {}
        let mut view = View::new(colours);
        assert!(page.draw_into(|| draw_list(&mut view, &entries)).is_some());
        assert!(!plane::is_off_screen());
        assert!(
            plane_pixels().iter().all(|tile| *tile == [0; 8]),
            "the screen is untouched"
        );
        assert!(page.pixels() == on_screen.as_slice(), "the same pixels");
    }
}
