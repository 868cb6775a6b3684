//! A complete Polarium solver: finds a stroke that leaves every row one
//! colour, or proves there is none, for any board up to 8x8, with or without
//! start and end hints.
//!
//! Per row, the tiles a solving stroke flips are exactly the row's black
//! tiles or exactly its white ones. So once each row's colour is chosen,
//! every tile is either required on the stroke or forbidden, and only the
//! ring is free: the question is whether a simple path covers the required
//! cells and avoids the forbidden ones. A frontier ("plug") dynamic
//! programme answers it: the ringed grid is scanned cell by cell, row by
//! row, and a state records, for each edge crossing the boundary between
//! scanned and unscanned cells, which path fragment it belongs to. Fragments
//! are either bracket pairs (both ends on the boundary) or dangling ends
//! whose other end is an end of the stroke; the colour of the current row
//! rides along in the state. States are merged in a hash table, so the work
//! is polynomial in practice. Every layer's states are kept while there is
//! room, so a solution can be read back (by finding, cell by cell backwards,
//! a state that leads to the one after it); each state also counts the
//! strokes reaching it, so the solver reports how many solutions there are.
//! When the room runs out the solver still decides, keeping two layers.
//!
//! The work is resumable ([`Solver::step`] with a budget), so the GBA can
//! spread it over frames.

use super::board::{Board, Cell, MAX_RING, Puzzle};
use super::stroke::Stroke;

/// Working memory: up to `CAPACITY` states over a whole solve, and layers
/// of up to three-quarters of `SLOTS` (a power of two, at most 65536)
/// states, merged in a hash table. Zeroed bytes are a valid empty space, so
/// it can be allocated zeroed on the heap.
pub struct Space<const CAPACITY: usize, const SLOTS: usize> {
    keys: [u32; CAPACITY],
    /// Strokes reaching each state (saturating), by position in its layer,
    /// for the layer being expanded and the one being built (by the parity
    /// of the cell).
    counts: [[u16; SLOTS]; 2],
    /// Per slot, the layer's generation (high half) and 1 + the position
    /// within the layer (low half); a slot of another generation is empty,
    /// so the table is never cleared between layers.
    table: [u32; SLOTS],
    /// The generation of the layer being built.
    generation: u16,
    /// `keys` holds layers (not a clear table of dead states).
    dirty: bool,
    /// The rules at each cell, in scan order (see [`CellRules::packed`]), per
    /// side (the board, and it upside down).
    rules: [[u32; CELLS]; 2],
    /// Per side and cell, [`Here::clear_ahead`].
    clear_ahead: [[u8; CELLS]; 2],
    /// Where each layer of the layered scan starts in `keys` while it keeps
    /// them all: layer `c` holds the states after cell `c - 1`; layer 0 is
    /// the empty state.
    layer_starts: [u32; CELLS + 2],
    /// Per side, the stroke ends forced row by row (see [`ends_after`]).
    ends_after: [EndsAfter; 2],
}

/// The cartridge's space (on the EWRAM heap while a solve runs).
pub type RomSpace = Space<20480, 4096>;

/// Strokes counted per state saturate here (a difficulty needs no more).
pub const COUNT_LIMIT: u32 = u16::MAX as u32;

impl<const CAPACITY: usize, const SLOTS: usize> Space<CAPACITY, SLOTS> {
    /// Most states one layer may hold: the table stays three-quarters full at most.
    const LAYER_LIMIT: usize = SLOTS * 3 / 4;
    const TABLE_BITS: u32 = SLOTS.trailing_zeros();
    const FITS: () = assert!(CAPACITY >= 2 * Self::LAYER_LIMIT && SLOTS <= 1 << 16);
    const STACK_FITS: () = assert!(SLOTS / 2 >= (CELLS + 1) * LEVEL);
    /// Entries of each depth-first search's table of dead states: half the
    /// largest power of two in `keys`, in buckets of [`BUCKET`].
    const DEAD_SLOTS: usize = 1 << (usize::BITS - 2 - CAPACITY.leading_zeros());

    /// Where the depth-first stack of side `side` starts in `table`.
    const fn stack(side: usize) -> usize {
        side * SLOTS / 2
    }

    /// How a dead state (never a complete one) of the layer before `cell`
    /// is recorded: its plugs, colour flags and cell in one word, never zero
    /// (the empty entry) except for the first cell's empty state, which is
    /// never recorded; and the first entry of its bucket.
    #[inline(always)]
    fn dead_entry(side: usize, cell: usize, key: u32) -> (u32, usize) {
        let entry = (key & PLUGS) | (key >> 28 & 7) << 22 | (cell as u32) << 25;
        let hash = entry.wrapping_mul(0x9E37_79B1) >> (32 - Self::DEAD_SLOTS.trailing_zeros());
        (
            entry,
            side * Self::DEAD_SLOTS + (hash as usize & !(BUCKET - 1)),
        )
    }

    /// Buckets fill from the front, so the first empty entry ends a search.
    #[inline(always)]
    fn is_dead(&self, side: usize, cell: usize, key: u32) -> bool {
        let (entry, bucket) = Self::dead_entry(side, cell, key);
        for &found in &self.keys[bucket..bucket + BUCKET] {
            if found == entry {
                return true;
            }
            if found == 0 {
                return false;
            }
        }
        false
    }

    /// Record a dead state; when its bucket is full, in place of the entry
    /// deepest in the scan (the one that spares the least work).
    #[inline(always)]
    fn record_dead(&mut self, side: usize, cell: usize, key: u32) {
        let (entry, bucket) = Self::dead_entry(side, cell, key);
        let entries = &mut self.keys[bucket..bucket + BUCKET];
        let mut victim = 0;
        for i in 0..BUCKET {
            if entries[i] == 0 {
                victim = i;
                break;
            }
            if entries[i] >> 25 > entries[victim] >> 25 {
                victim = i;
            }
        }
        entries[victim] = entry;
    }

    /// Every word back to zero, as freshly allocated (benchmarks time each
    /// solve from a fresh space, as the cartridge runs it).
    #[cfg(any(test, feature = "bench"))]
    pub fn clear(&mut self) {
        self.keys.fill(0);
        for counts in &mut self.counts {
            counts.fill(0);
        }
        self.table.fill(0);
        self.generation = 0;
        self.dirty = false;
        for rules in &mut self.rules {
            rules.fill(0);
        }
        for clear in &mut self.clear_ahead {
            clear.fill(0);
        }
        self.layer_starts.fill(0);
        for row in self.ends_after.iter_mut().flatten().flatten() {
            row.fill(0);
        }
    }

    /// A fresh generation for a new layer: every slot reads as empty.
    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.fill(0);
            self.generation = 1;
        }
    }
}

// Plugs: two bits per boundary position, 11 positions for a 10-wide grid.
const NONE: u32 = 0;
const OPEN: u32 = 1;
const CLOSE: u32 = 2;
const END: u32 = 3;
const PLUGS: u32 = (1 << 22) - 1;
/// The current row flips its black tiles (else its white ones).
const FLIP_BLACK: u32 = 1 << 30;
/// The next row's colour is chosen: by the first step down into one of its
/// tiles, so no step goes down into a tile the next row forbids, and states
/// that have not stepped down yet are not split by a choice that does not
/// matter to them yet.
const NEXT_CHOSEN: u32 = 1 << 28;
/// The next row flips its black tiles (when chosen).
const NEXT_FLIPS_BLACK: u32 = 1 << 29;
const FLAGS: u32 = FLIP_BLACK | NEXT_FLIPS_BLACK | NEXT_CHOSEN;
/// The stroke is complete: every later cell must be off it.
const DONE: u32 = 1 << 31;

#[inline(always)]
const fn plug(key: u32, i: usize) -> u32 {
    key >> (2 * i) & 3
}

#[inline(always)]
const fn with_plug(key: u32, i: usize, value: u32) -> u32 {
    key & !(3 << (2 * i)) | value << (2 * i)
}

/// Dangling ends on the boundary: never more than two (a stroke has two
/// ends), so told apart without a population count (a library loop on the
/// ARM7).
#[inline(always)]
const fn end_count(key: u32) -> u32 {
    let ends = key & key >> 1 & 0x0015_5555;
    if ends == 0 {
        0
    } else if ends & (ends - 1) == 0 {
        1
    } else {
        2
    }
}

/// The boundary position of the other end of the bracket at `i`.
#[inline(always)]
fn partner(key: u32, i: usize) -> usize {
    let mut depth = 0i32;
    if plug(key, i) == OPEN {
        let mut j = i;
        loop {
            match plug(key, j) {
                OPEN => depth += 1,
                CLOSE => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                return j;
            }
            j += 1;
        }
    } else {
        let mut j = i;
        loop {
            match plug(key, j) {
                CLOSE => depth += 1,
                OPEN => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                return j;
            }
            j -= 1;
        }
    }
}

/// Whether a cell may, must or must not be an end of the stroke.
#[derive(Clone, Copy, PartialEq, Eq)]
enum EndRule {
    May,
    Must,
    Never,
}

/// How far a solve has got. (A stroke is the large variant, but it is made
/// once, at the end: copying it is not worth boxing for.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Still working: cells scanned out of the total.
    Working { scanned: u8, total: u8 },
    /// A solving stroke (from the start hint, if any) and how many there are.
    Solved(Solution),
    /// Some stroke solves it, but the space had no room to keep the layers
    /// a stroke is read back from.
    Solvable { count: u32 },
    /// No stroke solves the puzzle.
    Unsolvable,
    /// One layer needs more states than the space's table holds.
    OutOfSpace,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub stroke: Stroke,
    /// Distinct solving strokes (as sets of steps, either direction),
    /// saturating at [`COUNT_LIMIT`].
    pub count: u32,
}

/// The rules at a cell, worked out once per cell (see [`Here`]).
struct CellRules {
    x: usize,
    /// The first cell of a row (the boundary moves down first).
    row_start: bool,
    /// The row has tiles (its colour is chosen).
    tile_row: bool,
    /// The cell is a tile.
    tile: bool,
    /// The cell is forbidden when its row flips white (`[0]`) or black (`[1]`).
    forbidden: [bool; 2],
    /// The cell to the right may be stepped onto, per colour of this row.
    right: [bool; 2],
    /// What lies below.
    below: Below,
    end_rule: EndRule,
    /// The stroke may be this one cell.
    single: bool,
}

// The bits of a packed [`CellRules`]: the column in bits 0..4, then a bit
// per flag (the forbidden and right bits by the row's colour, white first),
// what is below and the end rule in two bits each, and the ends ahead (see
// [`ends_ahead`]) in the top half.
const ROW_START: u32 = 1 << 4;
const TILE_ROW: u32 = 1 << 5;
const TILE: u32 = 1 << 6;
const FORBIDDEN_SHIFT: u32 = 7;
const RIGHT_SHIFT: u32 = 9;
const SINGLE: u32 = 1 << 11;
const BELOW_SHIFT: u32 = 12;
const END_RULE_SHIFT: u32 = 14;
const ENDS_AHEAD_SHIFT: u32 = 16;

impl CellRules {
    /// In one word, for the space's table (the ends ahead are added later).
    fn packed(&self) -> u32 {
        let flag = |bit: bool, value: u32| if bit { value } else { 0 };
        let below = match self.below {
            Below::Nothing => 0,
            Below::Ring => 1,
            Below::Tile { black } => 2 + u32::from(black),
        };
        let end_rule = match self.end_rule {
            EndRule::May => 0,
            EndRule::Must => 1,
            EndRule::Never => 2,
        };
        self.x as u32
            | flag(self.row_start, ROW_START)
            | flag(self.tile_row, TILE_ROW)
            | flag(self.tile, TILE)
            | flag(self.forbidden[0], 1 << FORBIDDEN_SHIFT)
            | flag(self.forbidden[1], 2 << FORBIDDEN_SHIFT)
            | flag(self.right[0], 1 << RIGHT_SHIFT)
            | flag(self.right[1], 2 << RIGHT_SHIFT)
            | flag(self.single, SINGLE)
            | below << BELOW_SHIFT
            | end_rule << END_RULE_SHIFT
    }
}

/// What the scan needs to know about the cell it is at: its packed
/// [`CellRules`] and whether a complete stroke may stop there, so the
/// per-state work is only tests of bits in registers.
#[derive(Clone, Copy)]
struct Here {
    rules: u32,
    /// A bit per value of a key's colour flags, set when no tile after this
    /// cell need flip (and no hint cell is ahead).
    clear_ahead: u32,
}

impl Here {
    /// A cell no stroke may touch (a placeholder before the tables are filled).
    const OFF_GRID: Self = Self {
        rules: 3 << FORBIDDEN_SHIFT | 2 << END_RULE_SHIFT,
        clear_ahead: 0,
    };

    /// The rules at `cell` of side `side`, from the space's tables.
    #[inline(always)]
    fn at<const CAPACITY: usize, const SLOTS: usize>(
        space: &Space<CAPACITY, SLOTS>,
        side: usize,
        cell: usize,
    ) -> Self {
        Self {
            rules: space.rules[side][cell],
            clear_ahead: u32::from(space.clear_ahead[side][cell]),
        }
    }

    #[inline(always)]
    fn x(self) -> usize {
        (self.rules & 15) as usize
    }

    #[inline(always)]
    fn row_start(self) -> bool {
        self.rules & ROW_START != 0
    }

    #[inline(always)]
    fn tile_row(self) -> bool {
        self.rules & TILE_ROW != 0
    }

    #[inline(always)]
    fn tile(self) -> bool {
        self.rules & TILE != 0
    }

    /// Forbidden when the row flips white (`flips_black` 0) or black (1).
    #[inline(always)]
    fn forbidden(self, flips_black: usize) -> bool {
        self.rules >> (FORBIDDEN_SHIFT as usize + flips_black) & 1 != 0
    }

    /// The cell to the right may be stepped onto, by the row's colour.
    #[inline(always)]
    fn right(self, flips_black: usize) -> bool {
        self.rules >> (RIGHT_SHIFT as usize + flips_black) & 1 != 0
    }

    #[inline(always)]
    fn single(self) -> bool {
        self.rules & SINGLE != 0
    }

    #[inline(always)]
    fn below(self) -> Below {
        match self.rules >> BELOW_SHIFT & 3 {
            0 => Below::Nothing,
            1 => Below::Ring,
            black => Below::Tile { black: black == 3 },
        }
    }

    #[inline(always)]
    fn end_rule(self) -> EndRule {
        match self.rules >> END_RULE_SHIFT & 3 {
            0 => EndRule::May,
            1 => EndRule::Must,
            _ => EndRule::Never,
        }
    }

    /// Without hints, the fewest ends the cells after this one force, two
    /// bits per value of a key's colour flags.
    #[inline(always)]
    fn ends_ahead(self) -> u32 {
        self.rules >> ENDS_AHEAD_SHIFT
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Below {
    /// The edge of the grid.
    Nothing,
    /// A ring cell: always allowed.
    Ring,
    /// A tile, black or not: stepping onto it chooses the next row's colour.
    Tile { black: bool },
}

/// A solve in progress; its states live in a [`Space`] passed to each call.
pub struct Solver {
    /// The layered scan alone, or two depth-first searches: of the board
    /// and of it upside down, taking turns (a board too hard one way down
    /// is often easy the other, and the first to answer answers for both).
    scans: [Scan; 2],
    both: bool,
    /// The scan the next step goes to.
    turn: usize,
    /// The answer; a stroke found upside down is kept here until the next
    /// step turns it the right way up.
    finished: Option<Progress>,
    turn_back: bool,
}

impl Solver {
    /// The layered scan: it also counts the strokes (see [`Solution`]).
    #[must_use]
    pub fn new<const CAPACITY: usize, const SLOTS: usize>(
        puzzle: &Puzzle,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Self {
        let scan = Scan::new(puzzle, space);
        Self {
            scans: [scan.clone(), scan],
            both: false,
            turn: 0,
            finished: None,
            turn_back: false,
        }
    }

    /// The cartridge's solve when a stroke is wanted (a check, a hint): depth
    /// first (see [`Self::depth_first`]), hints or none. The layered scan
    /// ([`Self::new`]) measures a puzzle's difficulty instead: on boards with
    /// many strokes from their hints, as designers draw them, it has the
    /// most states where the depth-first search has the least work.
    #[must_use]
    pub fn start<const CAPACITY: usize, const SLOTS: usize>(
        puzzle: &Puzzle,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Self {
        Self::depth_first(puzzle, space)
    }

    /// A solve that looks for one stroke, depth first, the board and it
    /// upside down taking turns: each stops at the first stroke it finds
    /// (so neither counts them; the count given is 1) and remembers states
    /// it has proven lead nowhere, so none is followed twice while its half
    /// of the space has room. Solvable boards with many strokes are where
    /// the layered scan has the most states and this has the least work.
    #[must_use]
    pub fn depth_first<const CAPACITY: usize, const SLOTS: usize>(
        puzzle: &Puzzle,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Space::<CAPACITY, SLOTS>::STACK_FITS;
        if space.dirty {
            space.keys.fill(0);
        }
        let upside_down = Puzzle {
            board: puzzle.board.upside_down(),
            hints: puzzle.hints.map(|(start, end)| {
                let flip = |cell: Cell| Cell::new(puzzle.board.ring_height() - 1 - cell.y, cell.x);
                (flip(start), flip(end))
            }),
        };
        let scans = [
            Scan::depth_first(puzzle, space, 0),
            Scan::depth_first(&upside_down, space, 1),
        ];
        // Dirty: the dead states they record are this solve's.
        space.dirty = true;
        Self {
            scans,
            both: true,
            turn: 0,
            finished: None,
            turn_back: false,
        }
    }

    /// States created so far (the solver's effort).
    #[must_use]
    pub fn states(&self) -> u32 {
        if self.both {
            self.scans[0].states + self.scans[1].states
        } else {
            self.scans[0].states
        }
    }

    /// Work through at most `budget` states, then say how far it got.
    /// (Out of line, as are the scan's steps and endings: inlined, their
    /// strokes and answers would share one frame on the small IWRAM stack.)
    #[inline(never)]
    pub fn step<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        budget: u32,
    ) -> Progress {
        if (self.finished.is_none() || self.turn_back)
            && let Some((scanned, total)) = self.advance(space, budget)
        {
            return Progress::Working { scanned, total };
        }
        self.finished.clone().unwrap_or(Progress::Unsolvable)
    }

    /// The work of a step: still working (cells scanned of the total), or
    /// `None` with the answer in `finished`. (Only one answer is ever on
    /// the stack of a step this way.)
    #[inline(never)]
    fn advance<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        budget: u32,
    ) -> Option<(u8, u8)> {
        if self.turn_back {
            self.turn_back = false;
            if let Some(Progress::Solved(solution)) = &self.finished {
                self.finished = Some(self.right_way_up(solution));
            }
            return None;
        }
        let turn = self.turn;
        if self.both {
            self.turn ^= 1;
        }
        let answer = self.step_scan(turn, space, budget);
        if let Progress::Working { scanned, total } = answer {
            let scanned = if self.both {
                self.scans[0].deepest.max(self.scans[1].deepest) as u8
            } else {
                scanned
            };
            return Some((scanned, total));
        }
        // A stroke found upside down is turned back by the next step.
        self.turn_back = self.both && turn == 1 && matches!(answer, Progress::Solved(_));
        self.finished = Some(answer);
        let total = self.scans[1].total() as u8;
        self.turn_back.then_some((total, total))
    }

    /// One step of scan `turn`, on the stack: its fields are read for every
    /// state, and the box holding the solver is in the slower EWRAM.
    #[inline(never)]
    fn step_scan<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        turn: usize,
        space: &mut Space<CAPACITY, SLOTS>,
        budget: u32,
    ) -> Progress {
        let mut scan = self.scans[turn].clone();
        let answer = scan.step(space, budget);
        self.scans[turn] = scan;
        answer
    }

    /// A stroke found on the board upside down, turned back.
    #[inline(never)]
    fn right_way_up(&self, solution: &Solution) -> Progress {
        let board = &self.scans[0].board;
        let bottom = board.ring_height() - 1;
        let mut cells = [Cell::new(0, 0); CELLS];
        let found = solution.stroke.cells();
        for (cell, &upside_down) in cells.iter_mut().zip(found) {
            *cell = Cell::new(bottom - upside_down.y, upside_down.x);
        }
        match Stroke::from_cells(board, &cells[..found.len()]) {
            Some(stroke) => Progress::Solved(Solution {
                stroke,
                count: solution.count,
            }),
            None => Progress::Solvable {
                count: solution.count,
            },
        }
    }

    /// Run to the end (tests and content generation), in steps big enough
    /// to cost nothing and small enough for two scans to take turns.
    #[cfg(any(test, feature = "testing"))]
    pub fn solve<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Progress {
        loop {
            match self.step(space, 4096) {
                Progress::Working { .. } => {}
                done => return done,
            }
        }
    }
}

/// One scan of a board (or of it upside down): the layered scan or a
/// depth-first search; its states live in a [`Space`] passed to each call.
#[derive(Clone)]
struct Scan {
    /// Which half of the space's depth-first tables it uses.
    side: usize,
    board: Board,
    hints: Option<(Cell, Cell)>,
    ring_width: usize,
    ring_height: usize,
    /// Per ringed-grid row, the columns a stroke may not touch when the row
    /// flips its white tiles (`[0]`) or its black ones (`[1]`).
    forbidden: [[u16; 2]; MAX_RING as usize + 1],
    /// The cell being scanned, row-major over the ringed grid.
    cell: usize,
    here: Here,
    /// Every layer is still in the space (else only the last two).
    keep_all: bool,
    /// The layer being expanded and the one being built, as space indexes.
    previous: (usize, usize),
    next_start: usize,
    /// States so far in the layer being built.
    built: usize,
    /// Next state of the previous layer to expand.
    cursor: usize,
    /// States created so far: the measure of effort.
    states: u32,
    /// Reading back: the state being looked for, and whether it was made.
    seek: Option<u32>,
    found: bool,
    /// The space's tables of rules per cell are filled in (the first
    /// step's work).
    prepared: Prepared,
    /// Searching depth first: the cell of the state on top of the stack.
    depth_first: Option<usize>,
    /// The deepest cell the depth-first search has reached (its progress).
    deepest: usize,
    /// The depth-first stack holds a complete stroke, up to this level.
    found_at: Option<usize>,
    /// Where in the space's table the depth-first search is collecting one
    /// state's successors, and how many so far.
    collect_at: Option<usize>,
    collected: usize,
    reading: Option<ReadBack>,
}

impl Scan {
    fn new<const CAPACITY: usize, const SLOTS: usize>(
        puzzle: &Puzzle,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Space::<CAPACITY, SLOTS>::FITS;
        let board = puzzle.board;
        space.keys[0] = 0;
        space.counts[0][0] = 1;
        space.dirty = true;
        space.next_generation();
        space.layer_starts[0] = 0;
        space.layer_starts[1] = 1;
        let mut forbidden = [[0u16; 2]; MAX_RING as usize + 1];
        for y in 1..=board.height() {
            let black = u16::from(board.row(y - 1)) << 1;
            let tiles = u16::from(board.row_mask()) << 1;
            forbidden[y as usize] = [black, tiles & !black];
        }
        Self {
            side: 0,
            board,
            hints: puzzle.hints,
            ring_width: board.ring_width() as usize,
            ring_height: board.ring_height() as usize,
            forbidden,
            cell: 0,
            here: Here::OFF_GRID,
            keep_all: true,
            previous: (0, 1),
            next_start: 1,
            built: 0,
            cursor: 0,
            states: 1,
            seek: None,
            found: false,
            prepared: Prepared::Nothing,
            depth_first: None,
            deepest: 0,
            found_at: None,
            collect_at: None,
            collected: 0,
            reading: None,
        }
    }

    /// A depth-first search using half `side` of the space's tables,
    /// which must hold no dead states but its own.
    fn depth_first<const CAPACITY: usize, const SLOTS: usize>(
        puzzle: &Puzzle,
        space: &mut Space<CAPACITY, SLOTS>,
        side: usize,
    ) -> Self {
        let mut scan = Self::new(puzzle, space);
        scan.side = side;
        let level = Space::<CAPACITY, SLOTS>::stack(side);
        space.table[level] = 0;
        space.table[level + 1] = 0;
        scan.depth_first = Some(0);
        scan
    }

    /// Fill in the next stage of the tables of rules per cell (a stage a
    /// step keeps each step short), in place (they are too big for the
    /// stack to build and move; out of line, as its working tables would
    /// sit in every step's frame).
    #[inline(never)]
    fn prepare<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
    ) {
        let side = self.side;
        self.prepared = match self.prepared {
            Prepared::Nothing => {
                let mut cell = 0;
                for y in 0..self.ring_height {
                    for x in 0..self.ring_width {
                        space.rules[side][cell] = self.here_at(y, x).packed();
                        cell += 1;
                    }
                }
                // With hints the stroke's ends are known: none are counted.
                if self.hints.is_none() {
                    Prepared::Rules
                } else {
                    Prepared::EndsAhead
                }
            }
            Prepared::Rules => {
                ends_after(&self.board, &self.forbidden, &mut space.ends_after[side]);
                Prepared::EndsAfter
            }
            Prepared::EndsAfter => {
                ends_ahead(&self.board, &space.ends_after[side], &mut space.rules[side]);
                Prepared::EndsAhead
            }
            Prepared::EndsAhead | Prepared::All => {
                clear_ahead(
                    &self.board,
                    self.hints,
                    &self.forbidden,
                    &mut space.clear_ahead[side],
                );
                self.here = Here::at(space, side, 0);
                Prepared::All
            }
        };
    }

    /// Total cells to scan.
    fn total(&self) -> usize {
        self.ring_width * self.ring_height
    }

    /// Expand at most `budget` states, then say how far it got.
    #[inline(never)]
    fn step<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        budget: u32,
    ) -> Progress {
        if self.prepared != Prepared::All {
            self.prepare(space);
            return Progress::Working {
                scanned: 0,
                total: self.total() as u8,
            };
        }
        if self.reading.is_some() {
            return self.read_back(space, budget);
        }
        if let Some(reached) = self.found_at {
            return self.found_depth_first(space, reached);
        }
        if self.depth_first.is_some() {
            return self.search(space, budget);
        }
        let mut budget = budget;
        while budget > 0 {
            if self.cursor < self.previous.1 {
                if !self.expand(space, self.cursor) {
                    return Progress::OutOfSpace;
                }
                self.cursor += 1;
                budget -= 1;
                continue;
            }
            if let Some(progress) = self.next_layer(space) {
                return progress;
            }
        }
        Progress::Working {
            scanned: self.cell as u8,
            total: self.total() as u8,
        }
    }

    /// The layer being built is complete: move on to the next cell (or conclude).
    fn next_layer<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Option<Progress> {
        let built = (self.next_start, self.next_start + self.layer_len());
        self.cell += 1;
        space.next_generation();
        if built.0 == built.1 {
            return Some(Progress::Unsolvable);
        }
        if self.keep_all && built.1 + Space::<CAPACITY, SLOTS>::LAYER_LIMIT > CAPACITY {
            self.keep_all = false;
        }
        self.previous = if self.keep_all {
            space.layer_starts[self.cell + 1] = built.1 as u32;
            built
        } else {
            // Only the last layer is needed: move it to the front.
            space.keys.copy_within(built.0..built.1, 0);
            (0, built.1 - built.0)
        };
        self.next_start = self.previous.1;
        self.built = 0;
        self.cursor = self.previous.0;
        if self.cell == self.total() {
            return Some(self.conclude(space));
        }
        self.here = Here::at(space, self.side, self.cell);
        None
    }

    /// States so far in the layer being built.
    fn layer_len(&self) -> usize {
        self.built
    }

    /// Whether the stroke may touch ringed-grid cell (y, x) when its row
    /// flips black tiles (`flips_black`) or white ones.
    fn allowed(&self, y: usize, x: usize, flips_black: bool) -> bool {
        self.forbidden[y][usize::from(flips_black)] >> x & 1 == 0
    }

    /// The rules at ringed-grid cell (y, x).
    fn here_at(&self, y: usize, x: usize) -> CellRules {
        let cell = Cell::new(y as u8, x as u8);
        let end_rule = match self.hints {
            // Ring cells flip nothing: a solving stroke that ends on one
            // still solves without it, so only tiles need be tried as ends.
            None if self.board.is_tile(cell) => EndRule::May,
            None => EndRule::Never,
            Some((a, b)) if a == cell || b == cell => EndRule::Must,
            Some(_) => EndRule::Never,
        };
        let below = if y + 1 >= self.ring_height {
            Below::Nothing
        } else {
            let under = Cell::new(y as u8 + 1, x as u8);
            if self.board.is_tile(under) {
                Below::Tile {
                    black: self.board.is_black(under),
                }
            } else {
                Below::Ring
            }
        };
        let right = |flips_black| x + 1 < self.ring_width && self.allowed(y, x + 1, flips_black);
        CellRules {
            x,
            row_start: x == 0,
            tile_row: y >= 1 && y <= self.board.height() as usize,
            tile: self.board.is_tile(cell),
            forbidden: [!self.allowed(y, x, false), !self.allowed(y, x, true)],
            right: [right(false), right(true)],
            below,
            end_rule,
            single: match self.hints {
                None => true,
                Some((a, b)) => a == b && end_rule == EndRule::Must,
            },
        }
    }

    /// Expand one state of the previous layer into the layer being built;
    /// false when the space is full.
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn expand<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        index: usize,
    ) -> bool {
        let key = space.keys[index];
        self.expand_key(space, index, key)
    }

    /// Expand state `key` (at `index` of the previous layer).
    #[inline(always)]
    fn expand_key<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        index: usize,
        key: u32,
    ) -> bool {
        if !self.here.row_start() {
            return self.transit(space, index, key);
        }
        // A new row: the boundary moves down and the next row's colour
        // becomes this row's; if it is not chosen yet, both are tried.
        let moved = (key << 2 & PLUGS) | (key & DONE);
        if key & NEXT_CHOSEN != 0 {
            let flag = if key & NEXT_FLIPS_BLACK != 0 {
                FLIP_BLACK
            } else {
                0
            };
            return self.transit(space, index, moved | flag);
        }
        self.transit(space, index, moved)
            && (!self.here.tile_row() || self.transit(space, index, moved | FLIP_BLACK))
    }

    /// A step down out of the current cell from state `key`: the state with
    /// the next row's colour chosen, or `None` if the cell below forbids it.
    #[inline(always)]
    fn down(&self, key: u32) -> Option<u32> {
        match self.here.below() {
            Below::Nothing => None,
            Below::Ring => Some(key),
            Below::Tile { black } => {
                if key & NEXT_CHOSEN != 0 {
                    (black == (key & NEXT_FLIPS_BLACK != 0)).then_some(key)
                } else {
                    // The one colour whose flips include this tile.
                    Some(key | NEXT_CHOSEN | if black { NEXT_FLIPS_BLACK } else { 0 })
                }
            }
        }
    }

    /// Every way the path can pass the current cell from state `key`.
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn transit<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        from: usize,
        key: u32,
    ) -> bool {
        let here = self.here;
        let x = here.x();
        let flag = key & FLAGS;
        let flips_black = usize::from(key & FLIP_BLACK != 0);
        let forbidden = here.forbidden(flips_black);
        let required = here.tile() && !forbidden;
        let end_rule = here.end_rule();
        if key & DONE != 0 {
            return required || end_rule == EndRule::Must || self.emit(space, from, key);
        }
        let can_right = here.right(flips_black);
        let left = plug(key, x);
        let up = plug(key, x + 1);
        let base = key & !(0xF << (2 * x));
        let (d, r) = (2 * x, 2 * (x + 1));
        let mut ok = true;
        match (left, up) {
            (NONE, NONE) => {
                if !required && end_rule != EndRule::Must {
                    ok &= self.emit(space, from, base);
                }
                if forbidden {
                    return ok;
                }
                if end_rule != EndRule::Must
                    && can_right
                    && let Some(next) = self.down(base | OPEN << d | CLOSE << r)
                {
                    ok &= self.emit(space, from, next);
                }
                if end_rule != EndRule::Never && end_count(key) < 2 {
                    if let Some(next) = self.down(base | END << d) {
                        ok &= self.emit(space, from, next);
                    }
                    if can_right {
                        ok &= self.emit(space, from, base | END << r);
                    }
                }
                if here.single() && key & PLUGS == 0 {
                    ok &= self.emit(space, from, DONE | flag);
                }
            }
            (incoming, NONE) | (NONE, incoming) => {
                if forbidden {
                    return true;
                }
                if end_rule != EndRule::Must {
                    if let Some(next) = self.down(base | incoming << d) {
                        ok &= self.emit(space, from, next);
                    }
                    if can_right {
                        ok &= self.emit(space, from, base | incoming << r);
                    }
                }
                if end_rule != EndRule::Never {
                    if incoming == END {
                        if base & PLUGS == 0 {
                            ok &= self.emit(space, from, DONE | flag);
                        }
                    } else if end_count(key) < 2 {
                        let at = if left != NONE { x } else { x + 1 };
                        ok &= self.emit(space, from, with_plug(base, partner(key, at), END));
                    }
                }
            }
            (left, up) => {
                if forbidden || end_rule == EndRule::Must {
                    return true;
                }
                let next = match (left, up) {
                    (OPEN, OPEN) => Some(with_plug(base, partner(key, x + 1), OPEN)),
                    (CLOSE, CLOSE) => Some(with_plug(base, partner(key, x), CLOSE)),
                    (CLOSE, OPEN) => Some(base),
                    (OPEN, CLOSE) => None,
                    (END, END) => (base & PLUGS == 0).then_some(DONE | flag),
                    (END, _) => Some(with_plug(base, partner(key, x + 1), END)),
                    _ => Some(with_plug(base, partner(key, x), END)),
                };
                if let Some(next) = next {
                    ok &= self.emit(space, from, next);
                }
            }
        }
        ok
    }

    /// A state `key` reached from state `from`: dropped if the cells ahead
    /// force too many ends, else collected for the depth-first search, or
    /// looked for when reading back, or added to the layer being built
    /// (false when the layer is full). The cheap cases are inlined at
    /// each of `transit`'s calls.
    #[inline(always)]
    fn emit<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        from: usize,
        key: u32,
    ) -> bool {
        // A state whose ends, with those the cells ahead force, are more
        // than a stroke has is dead.
        let flags = key >> 28 & 7;
        let forced = self.here.ends_ahead() >> (2 * flags) & 3;
        if forced != 0 {
            let ends = if key & DONE != 0 { 2 } else { end_count(key) };
            if ends + forced > 2 {
                return true;
            }
        }
        if let Some(at) = self.collect_at {
            // A complete stroke is only worth following if it may stop here
            // (the layered scan carries it on, as its state counts rate
            // puzzles).
            if key & DONE != 0 && self.here.clear_ahead >> flags & 1 == 0 {
                return true;
            }
            // A repeat is harmless: once followed, it is recorded dead.
            space.table[at + self.collected] = key;
            self.collected += 1;
            return true;
        }
        self.insert(space, from, key)
    }

    /// Add `key` (reached from state `from`) to the layer being built, or add
    /// `from`'s count to the copy already there; false when the layer is full.
    /// (Out of line: `transit` makes ten calls, and its copies would crowd
    /// the IWRAM the stack shares.)
    #[inline(never)]
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn insert<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        from: usize,
        key: u32,
    ) -> bool {
        if let Some(wanted) = self.seek {
            self.found |= key == wanted;
            return true;
        }
        let parity = self.cell & 1;
        let count = space.counts[parity][from - self.previous.0];
        let mut slot =
            (key.wrapping_mul(0x9E37_79B1) >> (32 - Space::<CAPACITY, SLOTS>::TABLE_BITS)) as usize;
        let generation = u32::from(space.generation) << 16;
        loop {
            let entry = space.table[slot];
            if entry & 0xFFFF_0000 != generation {
                break;
            }
            let at = (entry & 0xFFFF) as usize - 1;
            if space.keys[self.next_start + at] == key {
                let sum = &mut space.counts[parity ^ 1][at];
                *sum = sum.saturating_add(count);
                return true;
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        let len = self.layer_len();
        if len >= Space::<CAPACITY, SLOTS>::LAYER_LIMIT {
            return false;
        }
        space.keys[self.next_start + len] = key;
        space.counts[parity ^ 1][len] = count;
        space.table[slot] = generation | (len + 1) as u32;
        self.built += 1;
        self.states += 1;
        true
    }

    /// Depth first: expand at most `budget` states. The stack lives in the
    /// space's table, a level per cell: the state before the cell, how many
    /// of its successors are taken and whether they are known, then them.
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn search<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        budget: u32,
    ) -> Progress {
        let total = self.total();
        let side = self.side;
        let mut depth = self.depth_first.unwrap_or(0);
        let mut level = Space::<CAPACITY, SLOTS>::stack(side) + depth * LEVEL;
        // The top level's state and what is known of its successors stay
        // in registers (the stack is in the slower EWRAM); `info` is
        // written back when the search goes deeper or stops.
        let mut key = space.table[level];
        let mut info = if depth == total {
            KNOWN
        } else {
            space.table[level + 1]
        };
        let mut budget = budget;
        loop {
            if info & KNOWN == 0 {
                if budget == 0 {
                    space.table[level + 1] = info;
                    self.depth_first = Some(depth);
                    self.deepest = self.deepest.max(depth);
                    return Progress::Working {
                        scanned: depth as u8,
                        total: total as u8,
                    };
                }
                budget -= 1;
                info = KNOWN | self.collect(space, depth, level, key);
            }
            let (taken, len) = (info >> 8 & 0xFF, info & 0xFF);
            if taken < len {
                info += 1 << 8;
                let next = space.table[level + 2 + taken as usize];
                if next & DONE != 0 {
                    // Nothing ahead needs the stroke (or it was dropped):
                    // it is read off the stack by the next step.
                    space.table[level + 1] = info;
                    space.table[level + LEVEL] = next;
                    self.found_at = Some(depth + 1);
                    return Progress::Working {
                        scanned: total as u8,
                        total: total as u8,
                    };
                }
                if space.is_dead(side, depth + 1, next) {
                    continue;
                }
                space.table[level + 1] = info;
                depth += 1;
                level += LEVEL;
                space.table[level] = next;
                key = next;
                info = if depth == total { KNOWN } else { 0 };
            } else {
                if key & DONE == 0 {
                    space.record_dead(side, depth, key);
                }
                if depth == 0 {
                    return Progress::Unsolvable;
                }
                depth -= 1;
                level -= LEVEL;
                key = space.table[level];
                info = space.table[level + 1];
            }
        }
    }

    /// The successors of state `key` before cell `depth`, stored in the
    /// depth-first stack's level at `level`; how many. (Out of line: the
    /// search loop keeps fewer values live.)
    #[inline(never)]
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn collect<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        depth: usize,
        level: usize,
        key: u32,
    ) -> u32 {
        self.states += 1;
        self.cell = depth;
        self.here = Here::at(space, self.side, depth);
        self.collect_at = Some(level + 2);
        self.collected = 0;
        self.expand_key(space, 0, key);
        self.collect_at = None;
        self.collected as u32
    }

    /// The stack holds a complete stroke's states: read its steps off them
    /// (the next step traces the stroke through them, as after reading back).
    #[inline(never)]
    fn found_depth_first<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &Space<CAPACITY, SLOTS>,
        reached: usize,
    ) -> Progress {
        // Nothing left to read back: the stack gave every cell.
        let mut reading = ReadBack::new(0, 0, 1);
        let base = Space::<CAPACITY, SLOTS>::stack(self.side);
        let (mut y, mut x) = (0, 0);
        for cell in 0..reached {
            let before = space.table[base + cell * LEVEL];
            let after = space.table[base + (cell + 1) * LEVEL];
            reading.mark((y, x), before, after);
            x += 1;
            if x == self.ring_width {
                (y, x) = (y + 1, 0);
            }
        }
        self.found_at = None;
        self.reading = Some(reading);
        Progress::Working {
            scanned: self.total() as u8,
            total: self.total() as u8,
        }
    }

    /// After the last cell: a complete stroke, read back, or none.
    #[inline(never)]
    fn conclude<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Progress {
        let (start, end) = self.previous;
        let Some(last) = (start..end).find(|&i| space.keys[i] & DONE != 0) else {
            return Progress::Unsolvable;
        };
        let count = u32::from(space.counts[self.cell & 1][last - start]).min(COUNT_LIMIT);
        if !self.keep_all {
            return Progress::Solvable { count };
        }
        self.reading = Some(ReadBack::new(self.total(), last, count));
        Progress::Working {
            scanned: self.total() as u8,
            total: self.total() as u8,
        }
    }

    /// Read the stroke back, `budget` spent as two per state re-expanded
    /// and two per cell (each costs about as much as two forward states): cell by cell backwards, a state of the layer
    /// before that leads to the state after gives the cell's steps.
    #[inline(never)]
    fn read_back<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        budget: u32,
    ) -> Progress {
        let budget_at_start = budget;
        let mut budget = budget;
        let Some(mut reading) = self.reading.take() else {
            return Progress::Unsolvable;
        };
        while reading.cell > 0 {
            let cell = reading.cell - 1;
            let (x, y) = (cell % self.ring_width, cell / self.ring_width);
            let key = space.keys[reading.index];
            let (start, end) = (
                space.layer_starts[cell] as usize,
                space.layer_starts[cell + 1] as usize,
            );
            if reading.probe.is_none() {
                if budget < 2 {
                    self.reading = Some(reading);
                    return Progress::Working {
                        scanned: self.total() as u8,
                        total: self.total() as u8,
                    };
                }
                budget -= 2;
            }
            self.cell = cell;
            self.here = Here::at(space, self.side, cell);
            self.seek = Some(key);
            let mut probe = reading.probe.unwrap_or(start);
            let mut pred = None;
            while probe < end {
                if budget < 2 {
                    reading.probe = Some(probe);
                    self.reading = Some(reading);
                    self.seek = None;
                    return Progress::Working {
                        scanned: self.total() as u8,
                        total: self.total() as u8,
                    };
                }
                budget -= 2;
                self.found = false;
                self.expand(space, probe);
                if self.found {
                    pred = Some(probe);
                    break;
                }
                probe += 1;
            }
            let pred = pred.unwrap_or(start);
            reading.mark((y, x), space.keys[pred], key);
            reading.index = pred;
            reading.probe = None;
            reading.cell = cell;
        }
        self.seek = None;
        if budget_at_start != budget {
            // Tracing the stroke through its cells is a call of its own.
            self.reading = Some(reading);
            return Progress::Working {
                scanned: self.total() as u8,
                total: self.total() as u8,
            };
        }
        let stroke = trace(
            &self.board,
            self.hints,
            reading.on,
            reading.right,
            reading.down,
        );
        Progress::Solved(Solution {
            stroke,
            count: reading.count,
        })
    }
}

/// Cells in the largest ringed grid.
const CELLS: usize = MAX_RING as usize * MAX_RING as usize;

const ROWS: usize = MAX_RING as usize;
/// `after[y][colours][x]`: the stroke ends forced in row `y` from column `x`
/// on, rows y-1, y and y+1 flipping black per bits 0, 1 and 2 of `colours`
/// (kept in the space: too big for the stack).
type EndsAfter = [[[u8; ROWS + 1]; 8]; ROWS];

/// Per cell, which colour flags (a bit per value of `key >> 28`) let a
/// complete stroke stop there: no tile after it needs flipping in its row
/// (by its colour) or the next (by the colour chosen, or either if none is
/// chosen yet), every later row is one colour already, and no hint cell is
/// ahead.
fn clear_ahead(
    board: &Board,
    hints: Option<(Cell, Cell)>,
    forbidden: &[[u16; 2]; MAX_RING as usize + 1],
    clear: &mut [u8; CELLS],
) {
    let (width, height) = (board.ring_width() as usize, board.ring_height() as usize);
    let tiles = u16::from(board.row_mask()) << 1;
    // The tiles row `y` flips with each colour (none on the ring rows).
    let flips = |y: usize| {
        if y >= 1 && y + 1 < height {
            [tiles & !forbidden[y][0], tiles & !forbidden[y][1]]
        } else {
            [0, 0]
        }
    };
    let uniform = |[white, black]: [u16; 2]| white == 0 || black == 0;
    let last_hint = hints.map_or(0, |(a, b)| {
        let index = |cell: Cell| usize::from(cell.y) * width + usize::from(cell.x);
        index(a).max(index(b))
    });
    let mut later_uniform = true;
    for y in (0..height).rev() {
        let here = flips(y);
        let next = flips(y + 1);
        // By the next row's flags (`flags & 3`): not chosen, chosen to flip
        // white, (never), chosen to flip black.
        let mut next_clear = 0u8;
        if later_uniform {
            let ok = [uniform(next), next[0] == 0, uniform(next), next[1] == 0];
            for (n, &ok) in ok.iter().enumerate() {
                next_clear |= u8::from(ok) << n;
            }
        }
        for x in 0..width {
            let cell = y * width + x;
            let past = !((2u16 << x) - 1);
            let mut bits = 0;
            for (b, &flips) in here.iter().enumerate() {
                if flips & past == 0 {
                    bits |= next_clear << (4 * b);
                }
            }
            clear[cell] = if cell >= last_hint { bits } else { 0 };
        }
        later_uniform &= uniform(next);
    }
}

/// Per row, colours of it and its neighbours, and column, the stroke ends
/// forced in the row from that column on (see [`EndsAfter`]). A tile the
/// stroke must flip with only one neighbour it may step on is an end; with
/// none, the whole stroke (two ends).
fn ends_after(board: &Board, forbidden: &[[u16; 2]; MAX_RING as usize + 1], after: &mut EndsAfter) {
    let (width, height) = (board.ring_width() as usize, board.ring_height() as usize);
    let tiles = u16::from(board.row_mask()) << 1;
    // Rows it does not fill (the ring's, and past the board) force none.
    for row in after.iter_mut().flatten() {
        row.fill(0);
    }
    for y in 1..height - 1 {
        for (colours, after) in after[y].iter_mut().enumerate() {
            let (above, here, below) = (colours & 1, colours >> 1 & 1, colours >> 2);
            let open = !forbidden[y][here];
            // Bit-parallel: which cells have at least one, and at least two,
            // neighbours they may step on.
            let (mut one, mut two) = (0u16, 0u16);
            for ways in [
                !forbidden[y - 1][above],
                !forbidden[y + 1][below],
                open << 1,
                open >> 1,
            ] {
                two |= one & ways;
                one |= ways;
            }
            let required = tiles & open;
            let (one_end, two_ends) = (required & one & !two, required & !one);
            let mut sum = 0u8;
            for x in (0..width).rev() {
                let forced = (one_end >> x & 1) + 2 * (two_ends >> x & 1);
                sum = (sum + forced as u8).min(3);
                after[x] = sum;
            }
        }
    }
}

/// Per cell, the fewest stroke ends that the cells after it (in scan
/// order) force, over every colouring of the rows a state does not fix
/// (from [`ends_after`]): two bits for each value of a key's colour flags
/// (`key >> 28`), capped at 3, added to the cell's rules.
fn ends_ahead(board: &Board, after: &EndsAfter, ends: &mut [u32; CELLS]) {
    let (width, height) = (board.ring_width() as usize, board.ring_height() as usize);
    // rows_after[y][b][c]: fewest ends forced in the rows after y, rows y and
    // y+1 flipping black per `b` and `c`.
    let mut rows_after = [[[0u8; 2]; 2]; ROWS];
    for y in (0..height.saturating_sub(2)).rev() {
        for b in 0..2 {
            for c in 0..2 {
                let with = |d: usize| {
                    (after[y + 1][b | c << 1 | d << 2][0] + rows_after[y + 1][c][d]).min(3)
                };
                rows_after[y][b][c] = with(0).min(with(1));
            }
        }
    }
    for y in 0..height {
        for x in 0..width {
            // fewest[b][c]: the rest of this row and the rows below, this row
            // flipping black per `b` and the next per `c` (the row above either).
            let mut fewest = [[0u8; 2]; 2];
            for (b, fewest) in fewest.iter_mut().enumerate() {
                for (c, fewest) in fewest.iter_mut().enumerate() {
                    let colours = b << 1 | c << 2;
                    let rest = after[y][colours][x + 1].min(after[y][colours | 1][x + 1]);
                    *fewest = (rest + rows_after[y][b][c]).min(3);
                }
            }
            let mut packed = 0;
            for flags in 0..8 {
                let ways = fewest[flags >> 2 & 1];
                let fewest = match flags & 3 {
                    1 => ways[0],
                    3 => ways[1],
                    _ => ways[0].min(ways[1]),
                };
                packed |= u32::from(fewest) << (2 * flags);
            }
            ends[y * width + x] |= packed << ENDS_AHEAD_SHIFT;
        }
    }
}

/// Reading a solution back: the cells still to read, the state after the
/// next one, where the search for its predecessor got to, and the steps and
/// cells found so far.
#[derive(Clone, Copy)]
struct ReadBack {
    cell: usize,
    index: usize,
    probe: Option<usize>,
    right: CellSet,
    down: CellSet,
    on: CellSet,
    count: u32,
}

impl ReadBack {
    /// Reading back from the state at `index` of the layer after `cell`
    /// cells, with no steps known yet; `count` solutions.
    fn new(cell: usize, index: usize, count: u32) -> Self {
        Self {
            cell,
            index,
            probe: None,
            right: [0; 4],
            down: [0; 4],
            on: [0; 4],
            count,
        }
    }

    /// The steps out of ringed-grid cell `(y, x)`, from the states before
    /// and after it.
    fn mark(&mut self, (y, x): (usize, usize), before: u32, after: u32) {
        let before = if x == 0 {
            (before << 2 & PLUGS) | (before & DONE)
        } else {
            before
        };
        let index = Cell::new(y as u8, x as u8).index();
        let (word, bit) = (index >> 5, 1 << (index & 31));
        if plug(after, x) != NONE {
            self.down[word] |= bit;
        }
        if plug(after, x + 1) != NONE {
            self.right[word] |= bit;
        }
        let touched = plug(before, x) | plug(before, x + 1) | plug(after, x) | plug(after, x + 1);
        if touched != NONE || (after & DONE != 0 && before & DONE == 0) {
            self.on[word] |= bit;
        }
    }
}

/// How far a scan has filled in the space's tables of rules, a step each.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prepared {
    Nothing,
    /// The rules per cell.
    Rules,
    /// And the ends forced row by row.
    EndsAfter,
    /// And the ends forced ahead of each cell.
    EndsAhead,
    /// And where a complete stroke may stop.
    All,
}

/// Entries per bucket of the table of dead states.
const BUCKET: usize = 4;

/// Words per level of the depth-first stack: the state, what is known of
/// its successors (see [`KNOWN`]), then them.
const LEVEL: usize = 2 + MOST_SUCCESSORS;
/// A level's successors are known; bits 8.. count those taken, bits 0..8
/// how many there are.
const KNOWN: u32 = 1 << 31;
/// Most states one state expands into (two colours of a new row, five
/// ways past an empty cell each).
const MOST_SUCCESSORS: usize = 10;

/// The ordered stroke through the cells `on`, linked by the steps `right`
/// and `down` (bitsets over the 10-wide grid), from the start hint if any.
/// A set of cells of the 10-wide grid, a bit each by [`Cell::index`], in
/// 32-bit words (64- and 128-bit shifts are library calls on the ARM7).
type CellSet = [u32; 4];

fn trace(
    board: &Board,
    hints: Option<(Cell, Cell)>,
    on: CellSet,
    right: CellSet,
    down: CellSet,
) -> Stroke {
    const WIDTH: usize = MAX_RING as usize;
    const CELLS: usize = WIDTH * WIDTH;
    // Each cell's links (1 up, 2 right, 4 down, 8 left).
    let bit = |set: &[u32; 4], i: usize| set[i >> 5] >> (i & 31) & 1 == 1;
    let mut links = [0u8; CELLS];
    let mut x = 0;
    for i in 0..CELLS {
        if bit(&right, i) && x + 1 < WIDTH {
            links[i] |= 2;
            links[i + 1] |= 8;
        }
        if bit(&down, i) && i + WIDTH < CELLS {
            links[i] |= 4;
            links[i + WIDTH] |= 1;
        }
        x = if x + 1 == WIDTH { 0 } else { x + 1 };
    }
    let first = match hints {
        Some((start, _)) => start.index(),
        None => (0..CELLS)
            .find(|&i| bit(&on, i) && links[i].count_ones() <= 1)
            .unwrap_or(0),
    };
    let mut stroke = Stroke::new();
    let mut at = first;
    let mut came_from = 0u8;
    loop {
        stroke.step(board, Cell::new((at / WIDTH) as u8, (at % WIDTH) as u8));
        let onward = links[at] & !came_from;
        let (next, from) = match onward {
            _ if onward & 1 != 0 => (at.wrapping_sub(WIDTH), 4),
            _ if onward & 2 != 0 => (at + 1, 8),
            _ if onward & 4 != 0 => (at + WIDTH, 1),
            _ if onward & 8 != 0 => (at.wrapping_sub(1), 2),
            _ => break,
        };
        if next >= CELLS || stroke.len() >= CELLS {
            break;
        }
        at = next;
        came_from = from;
    }
    stroke
}

#[cfg(test)]
mod tests;
