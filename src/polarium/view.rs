//! Drawing Polarium: the board area (the board's cells with the stroke's
//! pieces over them, and the window's inside around the ring) as pixels of
//! its own tiles on the window layer, the side panel's text, and sprites
//! for the cursor, the hint markers and the row marks.
//!
//! A board whose ring does not fit the window's inside at the art's size
//! has smaller cells (`layout.rs`): each is drawn line by line over the
//! parts of the tiles it falls on, from the art without some of its lines;
//! the lines of cells that look alike are worked out once.
//!
//! Every frame the app says what the board area should show (a [`Scene`]);
//! the view works out each tile, a row of tiles at a time, compares it with
//! what is on screen and rewrites only the tiles that differ, as many a
//! frame as the frame has room for (each kind of piece timed as it goes).
//! A new puzzle is painted over the last, not wiped first.
//! The area is part of the drawing plane, whose tiles were made at boot:
//! mapping a sheet's tile through agb costs several times writing one's
//! pixels, and a board is hundreds of tiles.

use agb::display::{
    Palette16, Priority,
    object::{Object, SpriteVram},
    tiled::RegularBackground,
};
use alloc::{borrow::Cow, boxed::Box, string::String, vec::Vec};
use core::ops::RangeInclusive;

use super::art::{self, Kind, Look, sprites};
use super::layout::{self, BOARD_COLUMNS, BOARD_LEFT, BOARD_ROWS, BOARD_TOP, Layout, PANEL_X};
use super::messages::{self, TITLE};
use super::next::Refusal;
use super::rules::{Board, Cell, Stroke, board::MAX_RING};
use crate::framework::{
    PreparedLine, assets,
    canvas::Canvas,
    frame_time, plane, prepared,
    transition::Area,
    widgets::{
        font,
        pad_panel::{PadPanel, RetiredPad},
        raster_area::{RasterArea, Translation, overlay},
        text::{LINE_HEIGHT, TextBox},
        window,
    },
};

/// Where the Polarium window sits: below the desktop's status bar.
pub const WINDOW: Area = Area::new(
    layout::WINDOW_LEFT,
    layout::WINDOW_TOP,
    layout::WINDOW_WIDTH,
    layout::WINDOW_HEIGHT,
);
const PANEL_COLUMNS: i32 = 8;
/// The panel's text: pixels across.
#[cfg(test)]
pub const PANEL_WIDTH: i32 = PANEL_COLUMNS * 8;
/// The panel's boxes, top to bottom: the puzzle's lines, the clock and the
/// message, each on tile rows of its own, the message's fourth line clear
/// of the window's foot.
const INFO_Y: i32 = 40;
const CLOCK_Y: i32 = 88;
const MESSAGE_Y: i32 = 104;
/// Lines the puzzle's box and the message hold.
const PANEL_LINES: i32 = 4;
/// A box's tile rows past its first (`TextBox::new`'s `rows`) for `lines`
/// lines from `y`.
const fn rows_for(y: i32, lines: i32) -> i32 {
    (y % 8 + lines * LINE_HEIGHT + 7) / 8 - 1
}
const _: () = {
    let info_last = INFO_Y / 8 + rows_for(INFO_Y, PANEL_LINES);
    let clock_last = CLOCK_Y / 8 + rows_for(CLOCK_Y, 1);
    let message_last = MESSAGE_Y / 8 + rows_for(MESSAGE_Y, PANEL_LINES);
    assert!(info_last < CLOCK_Y / 8 && clock_last < MESSAGE_Y / 8);
    // The window's frame is its last tile row.
    assert!(message_last < (layout::WINDOW_TOP + layout::WINDOW_HEIGHT - layout::FRAME) / 8);
};
/// The list's rows, the page's name above them in the title's place (ten
/// rows and a name would not fit the window), the pointer left of them.
const LIST_X: i32 = PANEL_X;
const LIST_Y: i32 = 33;
/// The list's tile rows past its first: its last is above the window's
/// frame, and a page of puzzles (the columns' labels, ten rows) has its
/// letters inside, all but descenders, which no puzzle's row has.
const LIST_ROWS: i32 = 14;
const _: () = {
    let frame_row = (layout::WINDOW_TOP + layout::WINDOW_HEIGHT - layout::FRAME) / 8;
    assert!(LIST_Y / 8 + LIST_ROWS < frame_row);
    let last_baseline = LIST_Y + 10 * LINE_HEIGHT + font::GLYPH_TOP + 6;
    assert!(last_baseline < (LIST_Y / 8 + LIST_ROWS + 1) * 8);
};
/// What the columns of a page of puzzles hold: the line over their rows.
pub const LIST_COLUMNS: &PreparedLine = prepared!("# Size Tries");
/// The list's text: pixels across.
#[cfg(test)]
pub const LIST_WIDTH: i32 = (PANEL_COLUMNS + 1) * 8;
/// The kinds of piece the view draws, each timed as it goes
/// ([`frame_time::Piece`]): a step of the window's building, a row of the
/// window around the board worked out, and drawn, the board compared with
/// the screen, a cell.
static BUILD_STEP: frame_time::Piece = frame_time::Piece::new();
static PLAN_ROW: frame_time::Piece = frame_time::Piece::new();
static AROUND_ROW: frame_time::Piece = frame_time::Piece::new();
static COMPARE: frame_time::Piece = frame_time::Piece::new();
static CELL: frame_time::Piece = frame_time::Piece::new();

/// Window rows a piece of the building draws (beside the board area).
const BUILD_ROWS_PER_STEP: i32 = 2;

/// Looks a cell has, kinds of cell ([`Look`], [`Kind`]) and what the
/// stroke shows on one ([`CellShown::stroke`]).
const LOOKS: usize = 4;
const KINDS: usize = 4;
const STROKES: usize = 17;
/// How many cells' lines [`SmallCells`] keeps: more than a board shows
/// kinds of plain cells and most strokes' pieces.
const SMALL_CELLS: usize = 24;

/// What the board area shows this frame.
pub struct Scene<'a> {
    pub board: Option<&'a Board>,
    pub stroke: Option<&'a Stroke>,
    /// Tile rows (0-based, top first) shown as cleared.
    pub cleared_rows: u8,
}

impl<'a> Scene<'a> {
    /// Nothing in the board area: the window's own tiles.
    pub const EMPTY: Self = Self {
        board: None,
        stroke: None,
        cleared_rows: 0,
    };

    /// `board` as it is: no stroke, no row cleared.
    pub const fn still(board: &'a Board) -> Self {
        Self {
            board: Some(board),
            stroke: None,
            cleared_rows: 0,
        }
    }
}

/// A row of the board area outside a board's cells as it must be drawn:
/// the window's own tile (its index) where the screen shows something
/// else, and how many of them there are.
pub(super) struct RowPlan {
    tiles: [Option<u8>; BOARD_COLUMNS],
    pub(super) changes: u32,
}

/// What a cell shows: its look and, 1 + the stroke's links there (0: no
/// stroke).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct CellShown {
    look: Look,
    stroke: u8,
}

/// What is under a tile of the board area: the window's own (a UI tile) or
/// a cell's (a board sheet tile).
#[derive(Clone, Copy, PartialEq, Eq)]
enum FrameTile {
    Window(u8),
    Sheet(u16),
}

impl Scene<'_> {
    /// A hash of everything the board area shows (FNV-1a).
    fn fingerprint(&self) -> u32 {
        let board = self.board.into_iter().flat_map(|board| {
            [board.width(), board.height()]
                .into_iter()
                .chain(board.rows())
        });
        let stroke = self.stroke.into_iter().flat_map(|stroke| {
            core::iter::once(stroke.len() as u8)
                .chain(stroke.cells().iter().map(|cell| cell.index() as u8))
        });
        let bytes = board.chain([self.cleared_rows]).chain(stroke);
        crate::fnv::hash(bytes.map(u32::from))
    }
}

/// A change to the side panel, or the pad, that `update` asks for.
enum PanelChange {
    Title(&'static str),
    Info(Cow<'static, str>),
    Message(Cow<'static, str>),
    /// A list page's name and rows, and the rows rendered when the ROM
    /// was built that it may have.
    List(String, &'static [&'static PreparedLine]),
    /// A list page's name, and its rows rendered when the ROM was built.
    ShownList(&'static str, &'static PreparedLine),
    ClearList,
    HideClock,
    OpenPad,
    ClosePad,
}

/// The panel changes a frame's `update` asked for, in order: `update`
/// draws nothing, so they wait here for `draw` ([`View::apply`]).
#[derive(Default)]
pub struct Panel(Vec<PanelChange>);

impl Panel {
    /// The panel's title, in place of the game's name (a list's name is
    /// its first line instead).
    pub fn set_title(&mut self, text: &'static str) {
        self.0.push(PanelChange::Title(text));
    }

    /// The panel's lines about the puzzle.
    pub fn set_info(&mut self, text: impl Into<Cow<'static, str>>) {
        self.0.push(PanelChange::Info(text.into()));
    }

    /// A message under the panel's lines, drawn as the frames have room.
    pub fn set_message(&mut self, text: impl Into<Cow<'static, str>>) {
        self.0.push(PanelChange::Message(text.into()));
    }

    /// The clock goes until the puzzle's lines are drawn again.
    pub fn hide_clock(&mut self) {
        self.0.push(PanelChange::HideClock);
    }

    /// The puzzle list takes the panel: the puzzle's lines make way.
    pub fn set_list(&mut self, text: String) {
        self.set_list_knowing(text, &[LIST_COLUMNS]);
    }

    /// As `set_list`, its rows that are among `known` (rendered when the
    /// ROM was built) copied, not typed.
    pub fn set_list_knowing(&mut self, text: String, known: &'static [&'static PreparedLine]) {
        self.0.push(PanelChange::List(text, known));
    }

    /// As `set_list`, for a page whose rows never change: they go up at
    /// once, copied, not typed.
    pub fn show_list(&mut self, name: &'static str, rows: &'static PreparedLine) {
        self.0.push(PanelChange::ShownList(name, rows));
    }

    /// The list goes; the puzzle's lines are drawn again.
    pub fn clear_list(&mut self) {
        self.0.push(PanelChange::ClearList);
    }

    /// The number pad takes the window (the pad screen holds the pad).
    pub fn open_pad(&mut self) {
        self.0.push(PanelChange::OpenPad);
    }

    pub fn close_pad(&mut self) {
        self.0.push(PanelChange::ClosePad);
    }
}

/// A value for each tile of the window's board area.
type Grid<T> = [[T; BOARD_COLUMNS]; BOARD_ROWS];

/// A grid of `fill` made on the heap, not built on the stack and moved
/// there (the view's grids are most of its bytes).
fn grid<T: Copy>(fill: T) -> Box<Grid<T>> {
    let rows = alloc::vec![[fill; BOARD_COLUMNS]; BOARD_ROWS].into_boxed_slice();
    rows.try_into()
        .unwrap_or_else(|_| Box::new([[fill; BOARD_COLUMNS]; BOARD_ROWS]))
}

pub struct View {
    frame_layer: RegularBackground,
    /// The board area's own tiles, drawn as pixels.
    raster: RasterArea,
    /// The UI tiles' colours as the board's palette has them (`None`: it
    /// had no room, and the window around the board shows blank).
    window_colours: Option<Translation>,
    /// The last window tile translated into the board's palette, by its
    /// index: most of the area around a board (and all of it under a page
    /// with no board) is one tile, copied rather than translated again.
    window_translated: Option<(u8, [u32; plane::TILE_WORDS])>,
    /// The board's palette with the UI's colours added: the plane's, from
    /// the first frame shown.
    board_colours: Palette16,
    board_colours_loaded: bool,
    /// What each tile of the board area shows under, and the stroke's
    /// piece over it, row by row (`None`: not known).
    frame_shown: Box<Grid<Option<FrameTile>>>,
    stroke_shown: Box<Grid<Option<Option<u16>>>>,
    /// The scene the board area fully shows (a hash; `None` while the last
    /// `sync` ran out of room), so an unchanged frame costs nothing.
    settled_on: Option<u32>,
    /// The scene being drawn, and the next cell of it to compare.
    syncing: Option<(u32, usize)>,
    /// The lines of cells drawn at the small pitch, as worked out.
    small_cells: SmallCells,
    /// What each cell of the ringed grid shows now (`None`: not known).
    cells_shown: [[Option<CellShown>; MAX_RING as usize]; MAX_RING as usize],
    /// The board size (`None`: no board) the window is drawn around.
    around: Option<Option<(u8, u8)>>,
    /// The window being drawn around a board size, from this tile row.
    going_around: Option<(Option<(u8, u8)>, usize)>,
    /// The tile rows and columns the cells of a board drawn smaller than
    /// the art drew over, since the window was drawn around it.
    drawn_over: Option<(RangeInclusive<usize>, RangeInclusive<usize>)>,
    title: TextBox,
    /// What the title says outside lists: the game's name, or a mode's.
    title_text: &'static str,
    /// The message last asked for, to come back when a list goes.
    message_text: Cow<'static, str>,
    info: TextBox,
    clock: TextBox,
    message: TextBox,
    list: TextBox,
    /// The number pad has the window: the board and the panel made way.
    pad_up: bool,
    /// A pad whose screen has gone, its text taken off at the next `ClosePad`.
    closing_pad: RetiredPad<Refusal>,
    frames: Vec<SpriteVram>,
    /// Whether the start's and the end's hint frames hold the small rings.
    small_rings: [bool; 2],
    /// Steps of `build_step` done.
    built: u8,
}

impl View {
    /// A view on the heap: made out of line, so its bytes are on the stack
    /// only inside this call (the view is most of the app's working state).
    #[inline(never)]
    pub fn boxed() -> Box<Self> {
        Box::new(Self::new())
    }

    pub fn new() -> Self {
        let frame_layer = window::layer();
        let mut board_colours = art::tiles::PALETTES
            .first()
            .cloned()
            .unwrap_or_else(|| Palette16::new([agb::display::Rgb15(0); 16]));
        let window_colours = Translation::merge(window::palette(), &mut board_colours);
        Self {
            frame_layer,
            raster: RasterArea::new((BOARD_LEFT / 8, BOARD_TOP / 8), BOARD_COLUMNS, BOARD_ROWS),
            window_colours,
            window_translated: None,
            board_colours,
            board_colours_loaded: false,
            frame_shown: grid(None),
            stroke_shown: grid(None),
            settled_on: None,
            syncing: None,
            small_cells: SmallCells::new(),
            cells_shown: [[None; MAX_RING as usize]; MAX_RING as usize],
            around: None,
            going_around: None,
            drawn_over: None,
            title: TextBox::new((PANEL_X, 22), PANEL_COLUMNS, 1).knowing(&messages::KNOWN_TITLES),
            title_text: TITLE,
            message_text: Cow::Borrowed(""),
            info: TextBox::new(
                (PANEL_X, INFO_Y),
                PANEL_COLUMNS,
                rows_for(INFO_Y, PANEL_LINES),
            )
            .knowing(&messages::KNOWN_INFO),
            clock: TextBox::new((PANEL_X, CLOCK_Y), PANEL_COLUMNS, rows_for(CLOCK_Y, 1))
                .ticking("polarium_clock"),
            message: TextBox::new(
                (PANEL_X, MESSAGE_Y),
                PANEL_COLUMNS,
                rows_for(MESSAGE_Y, PANEL_LINES),
            )
            .knowing(&messages::KNOWN),
            list: TextBox::new((LIST_X, LIST_Y), PANEL_COLUMNS + 1, LIST_ROWS),
            pad_up: false,
            closing_pad: RetiredPad::default(),
            frames: Vec::with_capacity(art::LOADED_FRAMES),
            small_rings: [false; 2],
            built: 0,
        }
    }

    /// Draw pieces of the window (its sprites, its rows beside the board
    /// area, the title) while the frame has room; true once it is all there.
    pub fn build_within_frame(&mut self) -> bool {
        while !self.built() {
            if !BUILD_STEP.room() {
                return false;
            }
            self.build_step();
        }
        true
    }

    /// Whether the window's own pieces are all drawn.
    pub(super) fn built(&self) -> bool {
        i32::from(self.built) > WINDOW.height / 8 / BUILD_ROWS_PER_STEP
    }

    /// Draw the next piece of the window.
    pub(super) fn build_step(&mut self) {
        if self.frames.len() < art::LOADED_FRAMES {
            for frame in 0..art::LOADED_FRAMES {
                self.frames
                    .push(SpriteVram::from(sprites::POLARIUM_SPRITES.sprite(frame)));
            }
            return;
        }
        let step = i32::from(self.built);
        if step < WINDOW.height / 8 / BUILD_ROWS_PER_STEP {
            let first = step * BUILD_ROWS_PER_STEP;
            // The board area's tiles are the board's to draw (`sync`).
            let board_area = Area::new(
                BOARD_LEFT,
                BOARD_TOP,
                BOARD_COLUMNS as i32 * 8,
                BOARD_ROWS as i32 * 8,
            );
            window::draw_window_rows_around(
                &mut self.frame_layer,
                WINDOW,
                false,
                first..first + BUILD_ROWS_PER_STEP,
                board_area,
            );
        } else {
            // Typed with the panel's text, as the frames have room.
            self.title.set_gradually(self.title_text);
        }
        self.built += 1;
    }

    /// Whether the board area and the panel show all they were asked to.
    pub fn is_idle(&self) -> bool {
        self.settled() && self.text_done()
    }

    /// Whether every box of the panel's text is drawn whole.
    pub fn text_done(&self) -> bool {
        ![
            &self.title,
            &self.info,
            &self.clock,
            &self.message,
            &self.list,
        ]
        .iter()
        .any(|text| text.is_drawing())
    }

    /// Bring the board area closer to `scene` while the frame has room: the
    /// window around the board's ring where its size changed, a row of
    /// tiles at a time, then each cell whose look or stroke changed. True
    /// if anything was drawn.
    pub fn sync(&mut self, scene: &Scene) -> bool {
        self.sync_within(scene, &mut frame_time::Piece::room)
    }

    /// As `sync`, each piece drawn only if `room` says it fits.
    fn sync_within(
        &mut self,
        scene: &Scene,
        room: &mut dyn FnMut(&'static frame_time::Piece) -> bool,
    ) -> bool {
        let fingerprint = scene.fingerprint();
        if self.settled_on == Some(fingerprint) {
            return false;
        }
        self.settled_on = None;
        let size = scene.board.map(|board| (board.width(), board.height()));
        let mut drew = false;
        if self.around != Some(size) {
            // Until this pass ends, the window around the board area is
            // partly the old ring's and partly the new one's: no ring is
            // whole there. A scene that goes back to the old size (a puzzle
            // made while its area made way) is then drawn afresh, rather
            // than this pass being left half done, to be taken up later
            // over cells it takes for shown.
            self.around = None;
            let mut row = match self.going_around {
                Some((going, row)) if going == size => row,
                _ => {
                    // The cells are placed anew around a new ring.
                    self.cells_shown = [[None; MAX_RING as usize]; MAX_RING as usize];
                    0
                }
            };
            while row < BOARD_ROWS {
                self.going_around = Some((size, row));
                if !room(&PLAN_ROW) {
                    return drew;
                }
                self.forget_drawn_over(row);
                let plan = self.plan_around(scene.board, row);
                if plan.changes > 0 {
                    if !room(&AROUND_ROW) {
                        return drew;
                    }
                    self.draw_row(&plan, row);
                    drew = true;
                }
                row += 1;
            }
            self.note_drawn_over(scene.board);
            self.going_around = None;
            self.around = Some(size);
        }
        let Some(board) = scene.board else {
            self.settled_on = Some(fingerprint);
            return drew;
        };
        let links = StrokeMap::of(scene.stroke);
        let layout = Layout::of_board(board);
        let mut next = match self.syncing {
            Some((syncing, next)) if syncing == fingerprint => next,
            _ => 0,
        };
        if !room(&COMPARE) {
            return drew;
        }
        while let Some((index, cell, wanted)) = self.next_changed_cell(scene, board, &links, next) {
            self.syncing = Some((fingerprint, index));
            if !room(&CELL) {
                return drew;
            }
            self.draw_cell(board, &layout, cell, wanted);
            drew = true;
            next = index + 1;
        }
        self.syncing = None;
        self.settled_on = Some(fingerprint);
        drew
    }

    /// The first cell of the ringed grid from index `from` (row by row)
    /// whose look or stroke differs from what it shows, with what it must
    /// show.
    #[inline(never)]
    pub(super) fn next_changed_cell(
        &self,
        scene: &Scene,
        board: &Board,
        links: &StrokeMap,
        from: usize,
    ) -> Option<(usize, Cell, CellShown)> {
        let width = usize::from(board.ring_width());
        let (mut y, mut x) = (0, from);
        // Row and column by subtraction: Thumb code has no divide.
        while x >= width {
            x -= width;
            y += 1;
        }
        let mut index = from;
        while y < usize::from(board.ring_height()) {
            let shown_row = self.cells_shown.get(y)?;
            while x < width {
                let cell = Cell::new(y as u8, x as u8);
                let wanted = CellShown {
                    look: look(scene, board, cell),
                    stroke: links.0.get(cell.index()).copied().unwrap_or(0),
                };
                if shown_row.get(x).copied()? != Some(wanted) {
                    return Some((index, cell, wanted));
                }
                x += 1;
                index += 1;
            }
            x = 0;
            y += 1;
        }
        None
    }

    /// Row `row` of the board area's tiles outside the ring of `board` (all
    /// of them with none): the window's own, and how many differ.
    #[inline(never)]
    pub(super) fn plan_around(&self, board: Option<&Board>, row: usize) -> RowPlan {
        let mut plan = RowPlan {
            tiles: [None; BOARD_COLUMNS],
            changes: 0,
        };
        let (Some(frames), Some(strokes)) = (self.frame_shown.get(row), self.stroke_shown.get(row))
        else {
            return plan;
        };
        // The cells draw the tiles they cover whole; those they cover in
        // part show the window under them first.
        let covered = board.map_or(0..0, |board| Layout::of_board(board).covered_columns(row));
        for (column, ((wanted, frame), stroke)) in
            plan.tiles.iter_mut().zip(frames).zip(strokes).enumerate()
        {
            if covered.contains(&column) {
                continue;
            }
            let index = window_tile_at(column as i32, row as i32) as u8;
            if *frame != Some(FrameTile::Window(index)) || *stroke != Some(None) {
                *wanted = Some(index);
                plan.changes += 1;
            }
        }
        plan
    }

    /// Row `row` of the board area made to show `plan`: of the tiles it
    /// names, only those that differ are set.
    #[inline(never)]
    pub(super) fn draw_row(&mut self, plan: &RowPlan, row: usize) {
        let (Some(frames), Some(strokes)) = (
            self.frame_shown.get_mut(row),
            self.stroke_shown.get_mut(row),
        ) else {
            return;
        };
        // The plan names only tiles that differ: noted as shown, then
        // copied (two passes: the rows noted are the view's own).
        for ((tile, frame), stroke) in plan.tiles.iter().zip(frames).zip(strokes) {
            if let Some(index) = *tile {
                *frame = Some(FrameTile::Window(index));
                *stroke = Some(None);
            }
        }
        for (column, tile) in plan.tiles.iter().enumerate() {
            if let Some(index) = *tile {
                self.put_window((column, row), index);
            }
        }
    }

    /// A cell's tiles rewritten to show `wanted`. (Writing a tile costs
    /// little more than finding out whether it differs.)
    #[inline(never)]
    pub(super) fn draw_cell(
        &mut self,
        board: &Board,
        layout: &Layout,
        cell: Cell,
        wanted: CellShown,
    ) {
        if let Some(shown) = self
            .cells_shown
            .get_mut(usize::from(cell.y))
            .and_then(|row| row.get_mut(usize::from(cell.x)))
        {
            *shown = Some(wanted);
        }
        let kind = Kind::of(board, cell);
        if !layout.at_art_pitch() {
            self.draw_cell_pixels(layout, kind, cell, wanted);
            return;
        }
        let (w, h) = kind.tiles();
        let (px, py) = layout.cell_position(cell);
        // Both are on the board area, at whole tiles.
        let (column, row) = (
            ((px - BOARD_LEFT) >> 3) as usize,
            ((py - BOARD_TOP) >> 3) as usize,
        );
        for dy in 0..h {
            for dx in 0..w {
                let under = art::look_tile(wanted.look, (dx, dy));
                let over = match wanted.stroke {
                    0 => None,
                    on => Some(art::stroke_tile(kind, on - 1, (dx, dy))),
                };
                let at = (column + dx, row + dy);
                let _ = now_shows(&mut self.frame_shown, at, FrameTile::Sheet(under as u16));
                let _ = now_shows(&mut self.stroke_shown, at, over.map(|over| over as u16));
                self.raster
                    .put(at, art::sheet_pixels(under), over.map(art::sheet_pixels));
            }
        }
    }

    /// The window is drawn around `board`: what the next board's window
    /// must be drawn again on, if its cells are smaller than the art.
    pub(super) fn note_drawn_over(&mut self, board: Option<&Board>) {
        self.drawn_over = board
            .map(Layout::of_board)
            .filter(|layout| !layout.at_art_pitch())
            .map(|layout| layout.tiles_under_ring());
    }

    /// Row `row` of the tiles the cells of a board drawn smaller than the
    /// art drew over made unknown: they drew over parts of tiles, which the
    /// window's own must be drawn again on around the next board.
    pub(super) fn forget_drawn_over(&mut self, row: usize) {
        let Some((rows, columns)) = &self.drawn_over else {
            return;
        };
        if !rows.contains(&row) {
            return;
        }
        let columns = columns.clone();
        if let Some(frames) = self
            .frame_shown
            .get_mut(row)
            .and_then(|frames| frames.get_mut(columns.clone()))
        {
            frames.fill(None);
        }
        if let Some(strokes) = self
            .stroke_shown
            .get_mut(row)
            .and_then(|strokes| strokes.get_mut(columns))
        {
            strokes.fill(None);
        }
    }

    /// A cell of a board drawn smaller than the art, line by line from the
    /// art's with some lines left out, over parts of the tiles it falls on.
    fn draw_cell_pixels(&mut self, layout: &Layout, kind: Kind, cell: Cell, wanted: CellShown) {
        let (px, py) = layout.cell_position(cell);
        let (w, h) = layout.cell_size(cell);
        // The board lies within the board area.
        let (x, y) = ((px - BOARD_LEFT) as usize, (py - BOARD_TOP) as usize);
        let (w, h) = (w as usize, h as usize);
        let size = (w, h);
        let lines = self.small_cells.lines(kind, wanted, size);
        self.raster
            .put_block((x, y), lines.get(..h).unwrap_or(&[]), w);
    }

    /// The board area is Challenge's to draw (`challenge/field.rs`): what
    /// the view knew it showed is forgotten, so the next scene is drawn
    /// whole.
    pub(super) fn forget_area(&mut self) {
        *self.frame_shown = [[None; BOARD_COLUMNS]; BOARD_ROWS];
        *self.stroke_shown = [[None; BOARD_COLUMNS]; BOARD_ROWS];
        self.cells_shown = [[None; MAX_RING as usize]; MAX_RING as usize];
        self.settled_on = None;
        self.syncing = None;
        self.around = None;
        self.going_around = None;
        self.drawn_over = None;
    }

    /// Board-area tile `at` shows `pixels` (in the board's palette).
    pub(super) fn put_area_tile(&mut self, at: (usize, usize), pixels: &[u32]) {
        self.raster.put(at, pixels, None);
    }

    /// Whether board-area tile `at` is known to show the window's own tile
    /// there, nothing over it.
    pub(super) fn shows_window_tile(&self, (column, row): (usize, usize)) -> bool {
        let window = FrameTile::Window(window_tile_at(column as i32, row as i32) as u8);
        self.frame_shown.get(row).and_then(|row| row.get(column)) == Some(&Some(window))
            && self.stroke_shown.get(row).and_then(|row| row.get(column)) == Some(&Some(None))
    }

    /// Board-area tile `at` shows the window's own tile there.
    pub(super) fn put_window_tile(&mut self, at: (usize, usize)) {
        self.put_window(at, window_tile_at(at.0 as i32, at.1 as i32) as u8);
    }

    /// Board-area tile `at` shows window tile `index`, nothing over it.
    fn put_window(&mut self, at: (usize, usize), index: u8) {
        let Some(translation) = self.window_colours.as_ref() else {
            self.raster
                .put(at, window::pixels(usize::from(index)), None);
            return;
        };
        let pixels = match &self.window_translated {
            Some((cached, pixels)) if *cached == index => pixels,
            _ => {
                let pixels = translation.tile(window::pixels(usize::from(index)));
                &self.window_translated.insert((index, pixels)).1
            }
        };
        self.raster.copy(at, pixels);
    }

    /// The board palette's colours nearest each of `wanted`: Challenge
    /// draws its field in the puzzles' colours. (In the palette's own
    /// five-bit channels, each entry read once.)
    pub(super) fn nearest_colours<const N: usize>(
        &self,
        wanted: [agb::display::Rgb; N],
    ) -> [u8; N] {
        let channels = |rgb15: u16| [rgb15 & 31, rgb15 >> 5 & 31, rgb15 >> 10 & 31].map(i32::from);
        let mut entries = [[0i32; 3]; 16];
        for (index, entry) in entries.iter_mut().enumerate().skip(1) {
            *entry = channels(self.board_colours.colour(index).0);
        }
        wanted.map(|colour| {
            let wanted = channels(colour.to_rgb15().0);
            let distance = |entry: &[i32; 3]| -> i32 {
                entry
                    .iter()
                    .zip(&wanted)
                    .map(|(a, b)| (a - b) * (a - b))
                    .sum()
            };
            (1..16)
                .min_by_key(|&index| distance(&entries[index]))
                .unwrap_or(1) as u8
        })
    }

    /// Whether the board area shows everything the last `sync` was asked for.
    pub fn settled(&self) -> bool {
        self.settled_on.is_some()
    }

    /// Make the changes `update` asked for.
    pub fn apply(&mut self, panel: &mut Panel) {
        // The message a list covered comes back when the list goes, unless
        // what follows it says otherwise.
        let mut message_back = false;
        for change in panel.0.drain(..) {
            message_back = matches!(change, PanelChange::ClearList)
                || (message_back && matches!(change, PanelChange::Title(_) | PanelChange::Info(_)));
            match change {
                PanelChange::Title(text) => {
                    self.title_text = text;
                    self.title.set_gradually(text);
                }
                PanelChange::Info(text) => self.set_info(&text),
                PanelChange::Message(text) => {
                    self.message.set_gradually(&text);
                    self.message_text = text;
                }
                PanelChange::List(text, known) => {
                    self.list.set_known(known);
                    self.set_list(&text);
                }
                PanelChange::ShownList(name, rows) => self.show_list(name, rows),
                PanelChange::ClearList => self.clear_list(),
                PanelChange::HideClock => self.clock.set_gradually(""),
                PanelChange::OpenPad => self.open_pad(),
                PanelChange::ClosePad => self.close_pad(),
            }
        }
        if message_back && !self.message_text.is_empty() {
            self.message.set_gradually(&self.message_text);
        }
    }

    /// The panel's lines about the puzzle.
    pub fn set_info(&mut self, text: &str) {
        self.info.set_gradually(text);
    }

    pub fn set_clock(&mut self, text: &str) {
        self.clock.set_gradually(text);
    }

    /// The list takes the panel, in place of the puzzle's lines.
    fn set_list(&mut self, text: &str) {
        for text in [&mut self.info, &mut self.clock, &mut self.message] {
            text.blank();
        }
        let (name, rows) = text.split_once('\n').unwrap_or((text, ""));
        self.title.set_gradually(name);
        self.list.set_gradually(rows);
    }

    /// The list takes the panel with rows rendered when the ROM was built.
    fn show_list(&mut self, name: &str, rows: &'static PreparedLine) {
        for text in [&mut self.info, &mut self.clock, &mut self.message] {
            text.blank();
        }
        self.title.set_gradually(name);
        self.list.show_gradually(rows);
    }

    /// The list goes; the puzzle's lines come back as they are set.
    fn clear_list(&mut self) {
        self.list.blank();
        self.title_text = TITLE;
        self.title.set_gradually(TITLE);
    }

    /// The number pad takes the window: the board and the panel make way.
    fn open_pad(&mut self) {
        self.info.blank();
        self.clock.blank();
        self.message.blank();
        self.list.blank();
        // The pad's screen types no panel text: the title goes back now.
        self.title.set_gradually(TITLE);
        self.title.finish();
        self.pad_up = true;
    }

    /// The pad's digits and keys, on the drawing plane.
    pub fn draw_pad(&mut self, pad: &mut PadPanel<Refusal>) {
        pad.draw();
    }

    /// The pad of a screen that has gone: its text goes at the `ClosePad`
    /// that screen asked for, in order with the changes around it.
    pub fn retire_pad(&mut self, pad: Box<PadPanel<Refusal>>) {
        self.closing_pad.hold(pad);
    }

    fn close_pad(&mut self) {
        // The pad's text is left blank (`PadPanel::close`): where the board
        // shows no stroke it looks as it expects.
        self.pad_up = false;
        self.closing_pad.close();
    }

    /// Draw more of the panel's text, box by box, as the frame has room.
    pub fn advance_text(&mut self) {
        for text in [
            &mut self.title,
            &mut self.info,
            &mut self.clock,
            &mut self.message,
            &mut self.list,
        ] {
            // In order, as the frame has room.
            if !text.advance() {
                return;
            }
        }
    }

    /// Layers, then the sprites: the cursor, hint markers and row marks.
    pub fn show(&mut self, canvas: &mut Canvas, sprites: &Sprites) {
        if !self.board_colours_loaded {
            // The board area draws the window's colours too.
            plane::set_palette(&self.board_colours);
            self.board_colours_loaded = true;
        }
        canvas.background(&self.frame_layer);
        if self.frames.len() < art::LOADED_FRAMES {
            return;
        }
        if self.pad_up {
            // The pad's sprites are its screen's to show.
            return;
        }
        let Some(board) = sprites.board else {
            if let Some(row) = sprites.list_row {
                let mut pointer = Object::new(assets::sprites::POINTER.sprite(0));
                pointer
                    .set_pos((LIST_X - 13, LIST_Y + row as i32 * LINE_HEIGHT - 4))
                    .set_priority(Priority::P0);
                canvas.object(&pointer);
            }
            return;
        };
        let layout = Layout::of_board(board);
        if let Some(ends) = sprites.hints {
            self.load_hint_rings(&layout, ends);
        }
        let object = |frame: usize, (x, y): (i32, i32)| {
            let mut object = Object::new(self.frames[frame].clone());
            object.set_pos((x, y)).set_priority(Priority::P0);
            object
        };
        if let Some(cell) = sprites.cursor {
            canvas.object(&object(
                Kind::of(board, cell) as usize,
                layout.sprite_position(cell),
            ));
        }
        if let Some((start, end)) = sprites.hints {
            for (cell, frame) in [(start, art::START_FRAME), (end, art::END_FRAME)] {
                let (x, y) = layout.cell_position(cell);
                let (w, h) = layout.cell_size(cell);
                canvas.object(&object(frame, (x + w / 2 - 8, y + h / 2 - 8)));
            }
        }
        if let Some(mixed) = sprites.row_marks {
            // Beside the ring where there is room before the panel (the
            // stroke may run along the ring), else on it.
            let ring = Cell::new(0, board.width() + 1);
            let (ring_x, _) = layout.cell_position(ring);
            let beside = ring_x + layout.cell_size(ring).0;
            let x = if beside + 12 <= PANEL_X {
                beside
            } else {
                ring_x - 4
            };
            for row in 0..board.height() {
                let (_, y) = layout.sprite_position(Cell::new(row + 1, 0));
                let frame = if mixed >> row & 1 == 1 {
                    art::MIXED_FRAME
                } else {
                    art::SOLID_FRAME
                };
                canvas.object(&object(frame, (x, y)));
            }
        }
    }
}

impl View {
    /// The hint frames hold the rings the hints' cells take: the small ones
    /// on the ring's 8-pixel cells, where a large one would overlap the
    /// tiles and the window's edge. Swapped in place, so the frames loaded
    /// at once stay as many.
    fn load_hint_rings(&mut self, layout: &Layout, (start, end): (Cell, Cell)) {
        for (index, cell, (frame, small)) in [
            (0, start, (art::START_FRAME, art::SMALL_START_FRAME)),
            (1, end, (art::END_FRAME, art::SMALL_END_FRAME)),
        ] {
            let (w, h) = layout.cell_size(cell);
            let on_ring = w.min(h) <= layout::RING;
            if self.small_rings[index] != on_ring {
                self.small_rings[index] = on_ring;
                let sheet = if on_ring { small } else { frame };
                if let Some(slot) = self.frames.get_mut(frame) {
                    *slot = SpriteVram::from(sprites::POLARIUM_SPRITES.sprite(sheet));
                }
            }
        }
    }
}

/// The sprites of a frame.
#[derive(Default)]
pub struct Sprites<'a> {
    pub board: Option<&'a Board>,
    pub cursor: Option<Cell>,
    pub hints: Option<(Cell, Cell)>,
    /// After a failed try: bit per row, set for rows left mixed.
    pub row_marks: Option<u8>,
    /// The list's selected row, when the list is up.
    pub list_row: Option<usize>,
}

/// Events builds: the board area animates by itself (a hint's replay,
/// the rows clearing after a solve) until this is said again with `false`, so the harness's settle measure
/// leaves it out meanwhile (tests/src/settle.rs). Out of line: its events'
/// formatting would otherwise deepen the frames of the solver's callers.
#[inline(never)]
pub fn board_animates(animating: bool) {
    if animating {
        let (w, h) = (BOARD_COLUMNS * 8, BOARD_ROWS * 8);
        crate::event!("settle.ignore id=polarium_board x={BOARD_LEFT} y={BOARD_TOP} w={w} h={h}");
    } else {
        crate::event!("settle.unignore id=polarium_board");
        // What the animation's end changes (a message) counts from here.
        crate::event!("anim.end note=polarium_board");
    }
}

/// The window's own tile at board-area tile `(column, row)`.
fn window_tile_at(column: i32, row: i32) -> usize {
    let tx = (BOARD_LEFT - WINDOW.x) / 8 + column;
    let ty = (BOARD_TOP - WINDOW.y) / 8 + row;
    window::window_tile((WINDOW.width / 8, WINDOW.height / 8), false, (tx, ty))
}

/// Records that tile `(column, row)` of the board area shows `tile` in
/// `shown`; true if it showed something else (or nothing known).
fn now_shows<T: PartialEq + Copy>(
    shown: &mut [[Option<T>; BOARD_COLUMNS]; BOARD_ROWS],
    (column, row): (usize, usize),
    tile: T,
) -> bool {
    match shown.get_mut(row).and_then(|tiles| tiles.get_mut(column)) {
        Some(slot) if *slot != Some(tile) => {
            *slot = Some(tile);
            true
        }
        _ => false,
    }
}

/// The lines of a cell of `kind`, `size` pixels (at most the art's), from
/// the art's tiles `tile` names for each part: without the lines and
/// columns a cell smaller than the art leaves out.
fn art_lines(
    kind: Kind,
    (w, h): (usize, usize),
    tile: impl Fn((usize, usize)) -> usize,
) -> CellLines {
    const CLEAR: [u32; 8] = [0; 8];
    // The art's tiles, as `[dy][dx]`.
    let pieces: [[&[u32; 8]; 2]; 2] = core::array::from_fn(|dy| {
        core::array::from_fn(|dx| {
            <&[u32; 8]>::try_from(art::sheet_pixels(tile((dx, dy)))).unwrap_or(&CLEAR)
        })
    });
    let across = kind.tiles().0;
    let shrunk = w != across * 8;
    let mut lines = [(0, 0); layout::ART_PITCH as usize];
    for (at, out) in lines.iter_mut().enumerate().take(h) {
        let line = layout::art_line(h as i32, at);
        let [left, right] = pieces[line >> 3 & 1];
        let row = line & 7;
        *out = if across == 1 {
            (left[row], 0)
        } else if shrunk {
            layout::shrink_line(left[row], right[row])
        } else {
            (left[row], right[row])
        };
    }
    lines
}

/// The lines of cells drawn smaller than the art, by look, kind and
/// stroke, kept as they are worked out: cells that look alike (most of a
/// board's) then cost only their drawing. When full, the oldest goes.
struct SmallCells {
    /// Per look, kind and stroke, 1 + its entry (0: none).
    slots: [u8; LOOKS * KINDS * STROKES],
    /// Each entry's index in `slots`, and its lines.
    entries: Vec<(u16, CellLines)>,
    /// The entry replaced next once they are all used.
    oldest: usize,
}

impl SmallCells {
    fn new() -> Self {
        Self {
            slots: [0; LOOKS * KINDS * STROKES],
            entries: Vec::new(),
            oldest: 0,
        }
    }

    fn key(kind: Kind, wanted: CellShown) -> usize {
        (wanted.look as usize * KINDS + kind as usize) * STROKES + usize::from(wanted.stroke)
    }

    /// The lines of a cell of `kind` and `size` showing `wanted`.
    fn lines(&mut self, kind: Kind, wanted: CellShown, size: (usize, usize)) -> &CellLines {
        let key = Self::key(kind, wanted);
        let entry = match self.slots.get(key).copied().unwrap_or(0) {
            0 => self.work_out(key, kind, wanted, size),
            slot => usize::from(slot - 1),
        };
        match self.entries.get(entry) {
            Some((_, lines)) => lines,
            None => &EMPTY_LINES,
        }
    }

    /// A new entry for `key`: the lines of a cell of `kind` and `size`
    /// showing `wanted`, the look's with the stroke's piece over them.
    fn work_out(
        &mut self,
        key: usize,
        kind: Kind,
        wanted: CellShown,
        size: (usize, usize),
    ) -> usize {
        // The look's own lines, if kept, under the stroke's piece.
        let plain = CellShown {
            stroke: 0,
            ..wanted
        };
        let kept = match self.slots.get(Self::key(kind, plain)).copied() {
            Some(slot @ 1..) => self.entries.get(usize::from(slot - 1)),
            _ => None,
        };
        let mut lines = match kept {
            Some((_, lines)) => *lines,
            None => art_lines(kind, size, |part| art::look_tile(wanted.look, part)),
        };
        if let Some(links) = wanted.stroke.checked_sub(1) {
            let over = art_lines(kind, size, |part| art::stroke_tile(kind, links, part));
            for (line, over) in lines.iter_mut().zip(&over) {
                *line = (overlay(line.0, over.0), overlay(line.1, over.1));
            }
        }
        let entry = if self.entries.len() < SMALL_CELLS {
            // All at once: growing would copy the entries kept, in a frame
            // that gave room to one cell's drawing.
            self.entries.reserve_exact(SMALL_CELLS - self.entries.len());
            self.entries.push((key as u16, lines));
            self.entries.len() - 1
        } else {
            let entry = self.oldest;
            self.oldest = if entry + 1 < SMALL_CELLS {
                entry + 1
            } else {
                0
            };
            if let Some(old) = self.entries.get_mut(entry) {
                if let Some(slot) = self.slots.get_mut(usize::from(old.0)) {
                    *slot = 0;
                }
                *old = (key as u16, lines);
            }
            entry
        };
        if let Some(slot) = self.slots.get_mut(key) {
            *slot = entry as u8 + 1;
        }
        entry
    }
}

const EMPTY_LINES: CellLines = [(0, 0); layout::ART_PITCH as usize];

/// A cell's lines of pixels, up to the art's size: 8 pixels of 4 bits in
/// each word, the first lowest.
type CellLines = [(u32, u32); layout::ART_PITCH as usize];

/// How a cell looks in `scene`.
fn look(scene: &Scene, board: &Board, cell: Cell) -> Look {
    if !board.is_tile(cell) {
        Look::Ring
    } else if scene.cleared_rows >> (cell.y - 1) & 1 == 1 {
        Look::Cleared
    } else if board.is_black(cell) {
        Look::Black
    } else {
        Look::White
    }
}

/// Per cell of a 10x10 grid, 1 + how the stroke joins there (0: not on it),
/// worked out once a frame rather than per tile.
pub(super) struct StrokeMap([u8; MAX_RING as usize * MAX_RING as usize]);

impl StrokeMap {
    pub(super) fn of(stroke: Option<&Stroke>) -> Self {
        let mut map = Self([0; MAX_RING as usize * MAX_RING as usize]);
        if let Some(stroke) = stroke {
            for (i, cell) in stroke.cells().iter().enumerate() {
                if let Some(slot) = map.0.get_mut(cell.index()) {
                    *slot = 1 + stroke.links(i);
                }
            }
        }
        map
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::Board;
    use super::*;
    use alloc::vec::Vec;

    /// Every text the panel knows (`messages.rs`) fits where it goes, in
    /// the font's glyphs: the title's line, four above the clock's, four in
    /// the message (its fourth clear of the window's foot).
    #[test_case]
    fn known_texts_fit_the_panel(_gba: &mut agb::Gba) {
        let boxes = [
            (&messages::KNOWN[..], 4),
            (&messages::KNOWN_INFO[..], 4),
            (&messages::KNOWN_TITLES[..], 1),
        ];
        for (known, lines) in boxes {
            for line in known {
                assert!(line.lines <= lines, "{}", line.text);
                font::assert_fits(line.text, PANEL_WIDTH);
            }
        }
    }

    /// Every tile of the drawing plane, in order.
    fn plane_pixels() -> Vec<[u32; 8]> {
        plane::tiles().iter().map(|tile| *tile.data()).collect()
    }

    /// `scene` drawn whole, with room for everything.
    fn draw_whole(view: &mut View, scene: &Scene) {
        for _ in 0..100 {
            view.sync_within(scene, &mut |_| true);
            if view.settled() {
                return;
            }
        }
        panic!("the scene never settled");
    }

    /// A board area that made way for a while (a puzzle being made) and
    /// then gets a board of the old size back shows that board whole, the
    /// ring and the window around it included, however far the making way
    /// got, and after it had made way in part before: as a view that draws
    /// the board at once shows it.
    #[test_case]
    fn a_board_after_its_area_made_way_in_part_is_whole(_gba: &mut agb::Gba) {
        plane::build();
        let board = |phase: u8| {
            let rows = core::array::from_fn(|y| {
                if (y as u8 + phase).is_multiple_of(3) {
                    0x15
                } else {
                    0x2A
                }
            });
            Board::from_rows(6, 6, rows)
        };
        let (Some(before), Some(after)) = (board(0), board(1)) else {
            panic!("no boards");
        };
        plane::clear();
        draw_whole(&mut View::new(), &Scene::still(&after));
        let expected = plane_pixels();
        for pieces in [0u32, 1, 2, 3, 5, 8, 13, 21] {
            plane::clear();
            let mut view = View::new();
            let make_way_in_part = |view: &mut View| {
                let mut left = pieces;
                view.sync_within(&Scene::EMPTY, &mut |_| {
                    let fits = left > 0;
                    left = left.saturating_sub(1);
                    fits
                });
            };
            // Twice: the second time takes up where the first stopped.
            draw_whole(&mut view, &Scene::still(&before));
            make_way_in_part(&mut view);
            draw_whole(&mut view, &Scene::still(&before));
            make_way_in_part(&mut view);
            draw_whole(&mut view, &Scene::still(&after));
            assert!(
                plane_pixels() == expected,
                "the area made way for {pieces} pieces"
            );
        }
    }
}
