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

/// Dangling ends on the boundary.
#[inline(always)]
const fn end_count(key: u32) -> u32 {
    (key & key >> 1 & 0x0015_5555).count_ones()
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

/// How far a solve has got. (A stroke is a few hundred bytes; a frame's
/// copy of it costs nothing worth boxing for.)
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

/// What the scan needs to know about the cell it is at, worked out once per
/// cell so the per-state work is only bit operations.
#[derive(Clone, Copy)]
struct Here {
    x: usize,
    y: usize,
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
    /// Where each layer starts in the space while `keep_all`: layer `c`
    /// holds the states after cell `c - 1`; layer 0 is the empty state.
    layer_starts: [u32; MAX_RING as usize * MAX_RING as usize + 2],
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
    reading: Option<ReadBack>,
    finished: Option<Progress>,
}

impl Solver {
    #[must_use]
    pub fn new<const CAPACITY: usize, const SLOTS: usize>(
        puzzle: &Puzzle,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Space::<CAPACITY, SLOTS>::FITS;
        let board = puzzle.board;
        space.keys[0] = 0;
        space.counts[0][0] = 1;
        space.next_generation();
        let mut layer_starts = [0; MAX_RING as usize * MAX_RING as usize + 2];
        layer_starts[1] = 1;
        let mut forbidden = [[0u16; 2]; MAX_RING as usize + 1];
        for y in 1..=board.height() {
            let black = u16::from(board.row(y - 1)) << 1;
            let tiles = u16::from(board.row_mask()) << 1;
            forbidden[y as usize] = [black, tiles & !black];
        }
        let mut solver = Self {
            board,
            hints: puzzle.hints,
            ring_width: board.ring_width() as usize,
            ring_height: board.ring_height() as usize,
            forbidden,
            cell: 0,
            here: Here {
                x: 0,
                y: 0,
                row_start: true,
                tile_row: false,
                tile: false,
                forbidden: [false; 2],
                right: [true; 2],
                below: Below::Nothing,
                end_rule: EndRule::May,
                single: false,
            },
            keep_all: true,
            layer_starts,
            previous: (0, 1),
            next_start: 1,
            built: 0,
            cursor: 0,
            states: 1,
            seek: None,
            found: false,
            reading: None,
            finished: None,
        };
        solver.here = solver.here_at(0, 0);
        solver
    }

    /// Total cells to scan.
    fn total(&self) -> usize {
        self.ring_width * self.ring_height
    }

    /// States created so far (the solver's effort).
    #[must_use]
    pub const fn states(&self) -> u32 {
        self.states
    }

    /// Expand at most `budget` states, then say how far it got.
    pub fn step<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
        budget: u32,
    ) -> Progress {
        if let Some(done) = &self.finished {
            return done.clone();
        }
        if self.reading.is_some() {
            return self.read_back(space, budget);
        }
        let mut budget = budget;
        while budget > 0 {
            if self.cursor < self.previous.1 {
                if !self.expand(space, self.cursor) {
                    return self.finish(Progress::OutOfSpace);
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
            return Some(self.finish(Progress::Unsolvable));
        }
        if self.keep_all && built.1 + Space::<CAPACITY, SLOTS>::LAYER_LIMIT > CAPACITY {
            self.keep_all = false;
        }
        self.previous = if self.keep_all {
            self.layer_starts[self.cell + 1] = built.1 as u32;
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
        let (mut y, mut x) = (self.here.y, self.here.x + 1);
        if x == self.ring_width {
            (y, x) = (y + 1, 0);
        }
        self.here = self.here_at(y, x);
        None
    }

    /// Run to the end in one go (tests and content generation).
    #[cfg(test)]
    pub fn solve<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Progress {
        loop {
            match self.step(space, u32::MAX) {
                Progress::Working { .. } => {}
                done => return done,
            }
        }
    }

    fn finish(&mut self, progress: Progress) -> Progress {
        self.finished = Some(progress.clone());
        progress
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

    /// The rules at cell (y, x).
    fn here_at(&self, y: usize, x: usize) -> Here {
        let cell = Cell::new(y as u8, x as u8);
        let end_rule = match self.hints {
            None => EndRule::May,
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
        Here {
            x,
            y,
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
        if !self.here.row_start {
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
            && (!self.here.tile_row || self.transit(space, index, moved | FLIP_BLACK))
    }

    /// A step down out of the current cell from state `key`: the state with
    /// the next row's colour chosen, or `None` if the cell below forbids it.
    #[inline(always)]
    fn down(&self, key: u32) -> Option<u32> {
        match self.here.below {
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
        let x = here.x;
        let flag = key & FLAGS;
        let flips_black = usize::from(key & FLIP_BLACK != 0);
        let forbidden = here.forbidden[flips_black];
        let required = here.tile && !forbidden;
        let end_rule = here.end_rule;
        if key & DONE != 0 {
            return required || end_rule == EndRule::Must || self.emit(space, from, key);
        }
        let can_right = here.right[flips_black];
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
                if here.single && key & PLUGS == 0 {
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

    /// Add `key` (reached from state `from`) to the layer being built, or add
    /// `from`'s count to the copy already there; false when the layer is full.
    #[inline(always)]
    fn emit<const CAPACITY: usize, const SLOTS: usize>(
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

    /// After the last cell: a complete stroke, read back, or none.
    fn conclude<const CAPACITY: usize, const SLOTS: usize>(
        &mut self,
        space: &mut Space<CAPACITY, SLOTS>,
    ) -> Progress {
        let (start, end) = self.previous;
        let Some(last) = (start..end).find(|&i| space.keys[i] & DONE != 0) else {
            return self.finish(Progress::Unsolvable);
        };
        let count = u32::from(space.counts[self.cell & 1][last - start]).min(COUNT_LIMIT);
        if !self.keep_all {
            return self.finish(Progress::Solvable { count });
        }
        self.reading = Some(ReadBack {
            cell: self.total(),
            index: last,
            probe: None,
            right: 0,
            down: 0,
            on: 0,
            count,
        });
        Progress::Working {
            scanned: self.total() as u8,
            total: self.total() as u8,
        }
    }

    /// Read the stroke back, `budget` spent as two per state re-expanded
    /// and two per cell (each costs about as much as two forward states): cell by cell backwards, a state of the layer
    /// before that leads to the state after gives the cell's steps.
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
                self.layer_starts[cell] as usize,
                self.layer_starts[cell + 1] as usize,
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
            self.here = self.here_at(y, x);
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
            let mut before = space.keys[pred];
            if x == 0 {
                before = (before << 2 & PLUGS) | (before & DONE);
            }
            let bit = 1u128 << Cell::new(y as u8, x as u8).index();
            if plug(key, x) != NONE {
                reading.down |= bit;
            }
            if plug(key, x + 1) != NONE {
                reading.right |= bit;
            }
            let touched = plug(before, x) | plug(before, x + 1) | plug(key, x) | plug(key, x + 1);
            if touched != NONE || (key & DONE != 0 && before & DONE == 0) {
                reading.on |= bit;
            }
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
        self.finish(Progress::Solved(Solution {
            stroke,
            count: reading.count,
        }))
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
    right: u128,
    down: u128,
    on: u128,
    count: u32,
}

/// The ordered stroke through the cells `on`, linked by the steps `right`
/// and `down` (bitsets over the 10-wide grid), from the start hint if any.
fn trace(board: &Board, hints: Option<(Cell, Cell)>, on: u128, right: u128, down: u128) -> Stroke {
    const WIDTH: usize = MAX_RING as usize;
    const CELLS: usize = WIDTH * WIDTH;
    // Each cell's links (1 up, 2 right, 4 down, 8 left), read off the
    // bitsets a 32-bit word at a time: 64- and 128-bit shifts are library
    // calls on the ARM7.
    let words = |set: u128| {
        [
            set as u32,
            (set >> 32) as u32,
            (set >> 64) as u32,
            (set >> 96) as u32,
        ]
    };
    let (right, down, on) = (words(right), words(down), words(on));
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

#[cfg(all(test, not(target_arch = "arm")))]
mod tests;
