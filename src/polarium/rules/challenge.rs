//! Challenge: Polarium's action mode. Blocks of black and white rows fall
//! into a field; strokes flip tiles, and rows that turn one colour clear.
//!
//! # Rules
//!
//! - The field is [`FIELD_WIDTH`] tiles across and [`FIELD_ROWS`] down,
//!   inside the grey ring. Tiles lie in a stack at the bottom; the rows
//!   above it are empty.
//! - One block (2 to 4 rows) at a time falls from above the field; when its
//!   bottom meets the stack it lands and joins it, and the next block (shown
//!   in advance) starts falling from the top. The fall speeds up with the
//!   level; [`Challenge::set_hurry`] speeds it while the player asks.
//! - The player draws a stroke as in Puzzle mode: anywhere on the ringed
//!   grid (ring, empty rows and tiles), one step at a time, never crossing
//!   itself, stepping back onto the cell before to take a step back.
//!   Letting go flips every tile under the stroke (the ring and empty cells
//!   have nothing to flip; the falling block is not in the grid yet), then
//!   every row of one colour clears and the rows above drop. Strokes are
//!   unlimited.
//! - Each block comes from its level's patterns (`challenge/patterns.txt`):
//!   one stroke through the marked tiles clears it, and each level has its
//!   own kind of stroke for the player to learn.
//! - A clear scores [`LINE_POINTS`] for the rows it cleared together, times
//!   the level, times the combo. It opens a [`COMBO_FRAMES`] window; each
//!   further clear inside it raises the combo by one and opens the window
//!   again. A clear that empties a field where at least two blocks had
//!   landed since it was last empty is a Clear Screen, worth
//!   [`CLEAR_SCREEN_POINTS`] times the level on top.
//! - Every [`LINES_PER_LEVEL`] lines the level goes up, to [`LEVELS`].
//!   Practice starts at any level, with the lines of the levels before it
//!   counted as cleared, so the level is always the lines' hundred plus one.
//! - The game ends when a block lands and does not fit (the tiles reach the
//!   top), or when [`TOTAL_LINES`] are cleared. The warning is on while
//!   the game would end within two landings with nothing cleared: the
//!   falling block and the next one do not both fit. It comes on a whole
//!   block's fall before the end, time to see it and clear rows;
//!   [`Challenge::fits`] tells whether the falling block itself still does.
//!
//! # For the app
//!
//! Make a game with [`Challenge::new`]`(level, seed)` (level 1 for a normal
//! game), then each frame:
//! - hand the stroke input over: [`Challenge::step`] for the cell the
//!   cursor moved to while A is held (O(1)), [`Challenge::release`] when A
//!   is let go, [`Challenge::cancel_stroke`] to drop it;
//! - call [`Challenge::tick`] once;
//! - act on the [`Events`] both return, and draw from the accessors:
//!   [`Challenge::square`] per ringed cell, [`Challenge::falling`] with
//!   [`Challenge::descent`] (in 1/[`SUB_ROWS`] of a row, for a smooth fall),
//!   [`Challenge::next`] for the preview, [`Challenge::stroke`],
//!   [`Challenge::score`], [`Challenge::combo`], [`Challenge::warning`] and
//!   [`Challenge::stack_height`] (for the tune's tempo).
//!
//! When the game ends, [`Challenge::score`] goes into the [`Records`] under
//! the game's [`Mode`] (the app knows whether it started practice); the
//! practice menu offers levels up to [`Records::best_level`].
//!
//! Rows clear at once in the rules; [`Clear::rows`] names the rows as they
//! were, so the app can animate them going and the rows above coming down.
//! Neither call does more than a pass over the field and the stroke.
//!
//! # Why its own stroke
//!
//! Puzzle mode's [`crate::Stroke`] is sized for the largest puzzle's ringed
//! grid (its bitset, its cell index, the packed form kept in SRAM), which is
//! shorter than the Challenge field. Rather than widen a type the puzzles'
//! saves depend on, [`FieldStroke`] is the same walk on this grid, with the
//! same [`Step`] answers.

pub mod kept;
mod levels;
mod patterns;
pub mod scores;

pub use levels::{FALL_SPEED, LEVELS, LINES_PER_LEVEL, TOTAL_LINES};
pub use patterns::{BLOCK_MAX_ROWS, PATTERNS, Pattern};
pub use scores::{HighScores, Mode, Records, Score, TOP_SCORES};

use crate::board::Cell;
use crate::stroke::{Step, direction};
use shared::random::Rng;

/// Tiles across the field: a row is a byte.
pub const FIELD_WIDTH: u8 = 8;
/// Rows down the field: room for three of the tallest blocks, so that a
/// block landing before the last is cleared is a threat, not yet the end.
/// With the ring and 11-pixel cells it fits the screen's height and leaves
/// more than half its width for the preview, score, lines, level and combo.
pub const FIELD_ROWS: u8 = 12;
/// Cells across the ringed grid.
pub const RING_WIDTH: u8 = FIELD_WIDTH + 2;
/// Cells down the ringed grid.
pub const RING_ROWS: u8 = FIELD_ROWS + 2;
/// The combo window: three seconds at 60 frames a second.
pub const COMBO_FRAMES: u8 = 180;
/// The fall is counted in 1/[`SUB_ROWS`] of a row: a pixel offset is
/// `descent * cell_pixels >> SUB_ROW_SHIFT`.
pub const SUB_ROW_SHIFT: u8 = 10;
pub const SUB_ROWS: u16 = 1 << SUB_ROW_SHIFT;
/// How many times faster the block falls while hurried, as a shift.
pub const HURRY_SHIFT: u8 = 2;
/// Points for rows cleared by one stroke (index: how many), before the
/// level and combo multiply them: more rows at once are worth more each.
pub const LINE_POINTS: [u32; FIELD_ROWS as usize + 1] = [
    0, 100, 300, 600, 1000, 1500, 2100, 2800, 3600, 4500, 5500, 6600, 7800,
];
/// The Clear Screen bonus, before the level multiplies it.
pub const CLEAR_SCREEN_POINTS: u32 = 5000;
/// Blocks that must have landed since the field was last empty for
/// emptying it to be a Clear Screen: one block alone is routine.
pub const CLEAR_SCREEN_BLOCKS: u8 = 2;

/// Rows of tiles, top first: a block falling or waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Block {
    /// Bit `x` is column `x` (0 = leftmost), set for black; rows past the
    /// height are 0.
    pub rows: [u8; BLOCK_MAX_ROWS],
    pub height: u8,
}

impl Block {
    /// `pattern` dealt with `colours` (bit `r`: row `r` is black where it is
    /// not marked) and mirrored left to right or not.
    #[must_use]
    pub const fn dealt(pattern: &Pattern, colours: u8, mirrored: bool) -> Self {
        let mut rows = [0; BLOCK_MAX_ROWS];
        let mut r = 0;
        while r < pattern.height as usize {
            let marks = if mirrored {
                pattern.marks[r].reverse_bits()
            } else {
                pattern.marks[r]
            };
            let ground = if colours >> r & 1 == 1 { 0xFF } else { 0 };
            rows[r] = ground ^ marks;
            r += 1;
        }
        Self {
            rows,
            height: pattern.height,
        }
    }
}

/// What a cell of the ringed grid shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    Ring,
    /// A field cell above the stack.
    Empty,
    White,
    Black,
    /// Outside the ringed grid.
    Outside,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A block landed with no room for it.
    ToppedOut,
    /// All [`TOTAL_LINES`] lines cleared.
    Completed,
}

/// Rows one release cleared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clear {
    /// Bit `r` for field row `r` (0 = top), as the rows were before they
    /// went.
    pub rows: u16,
    pub count: u8,
    /// The multiplier this clear scored with: 1 for a first clear.
    pub combo: u8,
    /// Everything it scored, the Clear Screen bonus included.
    pub points: u32,
    /// It emptied the field after two blocks or more: a Clear Screen.
    pub clear_screen: bool,
}

/// What one call changed, for the app's sounds and animations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Events {
    /// The falling block landed and joined the stack (it was
    /// [`Challenge::falling`] before the call).
    pub landed: bool,
    /// A new block started falling and [`Challenge::next`] is a new one.
    pub spawned: bool,
    /// Tiles the released stroke turned over.
    pub flipped: u8,
    pub cleared: Option<Clear>,
    /// The combo window closed without a further clear.
    pub combo_ended: bool,
    /// The warning came on (`Some(true)`) or went off (`Some(false)`).
    pub warning: Option<bool>,
    /// The new level.
    pub level_up: Option<u8>,
    pub game_over: Option<Ending>,
}

/// A stroke on the Challenge's ringed grid: orthogonal steps that never
/// revisit a cell (see [`crate::Stroke`] for the puzzles' one).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FieldStroke {
    cells: heapless::Vec<Cell, { RING_WIDTH as usize * RING_ROWS as usize }>,
    /// Bit `x` of word `y`: the cell is on the stroke.
    visited: [u16; RING_ROWS as usize],
}

impl FieldStroke {
    #[must_use]
    pub const fn new() -> Self {
        Self {
            cells: heapless::Vec::new(),
            visited: [0; RING_ROWS as usize],
        }
    }

    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    #[must_use]
    pub fn last(&self) -> Option<Cell> {
        self.cells.last().copied()
    }

    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.y < RING_ROWS
            && cell.x < RING_WIDTH
            && self.visited[cell.y as usize] >> cell.x & 1 == 1
    }

    /// Extend the stroke onto `cell`, or take back the last step when `cell`
    /// is the one before the end. The first cell may be any cell of the grid.
    pub fn step(&mut self, cell: Cell) -> Step {
        if cell.y >= RING_ROWS || cell.x >= RING_WIDTH {
            return Step::Refused;
        }
        let len = self.cells.len();
        if len >= 2 && self.cells[len - 2] == cell {
            self.retract();
            return Step::Retracted;
        }
        if self.contains(cell) || self.last().is_some_and(|end| !end.touches(cell)) {
            return Step::Refused;
        }
        if self.cells.push(cell).is_err() {
            return Step::Refused;
        }
        self.visited[cell.y as usize] |= 1 << cell.x;
        Step::Drawn
    }

    /// Take back the last cell (the whole stroke once only one is left).
    pub fn retract(&mut self) {
        if let Some(cell) = self.cells.pop() {
            self.visited[cell.y as usize] &= !(1 << cell.x);
        }
    }

    pub fn clear(&mut self) {
        self.cells.clear();
        self.visited = [0; RING_ROWS as usize];
    }

    /// How the stroke joins at cell `i`: 1 up, 2 right, 4 down, 8 left, for
    /// drawing its segments.
    #[must_use]
    pub fn links(&self, i: usize) -> u8 {
        let Some(&cell) = self.cells.get(i) else {
            return 0;
        };
        let before = i.checked_sub(1).and_then(|j| self.cells.get(j));
        let after = self.cells.get(i + 1);
        before.map_or(0, |&other| direction(cell, other))
            | after.map_or(0, |&other| direction(cell, other))
    }
}

/// A game of Challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Field rows, top first; only the bottom `stack` of them hold tiles
    /// (the rest are 0).
    rows: [u8; FIELD_ROWS as usize],
    stack: u8,
    falling: Block,
    /// How far the falling block's bottom edge is below the field's top
    /// edge, in 1/[`SUB_ROWS`] of a row.
    descent: u16,
    next: Block,
    last_pattern: u16,
    stroke: FieldStroke,
    rng: Rng,
    level: u8,
    start_level: u8,
    lines: u16,
    /// Lines cleared towards the next level (counted apart so no division
    /// is needed).
    lines_in_level: u16,
    points: u32,
    combo: u8,
    combo_frames: u8,
    blocks_since_empty: u8,
    warning: bool,
    hurry: bool,
    ending: Option<Ending>,
}

impl Challenge {
    /// A game starting at `level` (1 to [`LEVELS`]; 1 is a normal game,
    /// higher ones practice), its blocks dealt from `seed`.
    #[must_use]
    pub fn new(level: u8, seed: u32) -> Self {
        let level = level.clamp(1, LEVELS);
        let mut game = Self {
            rows: [0; FIELD_ROWS as usize],
            stack: 0,
            falling: Block::default(),
            descent: 0,
            next: Block::default(),
            last_pattern: u16::MAX,
            stroke: FieldStroke::new(),
            rng: Rng::new(seed),
            level,
            start_level: level,
            lines: (level as u16 - 1) * LINES_PER_LEVEL,
            lines_in_level: 0,
            points: 0,
            combo: 0,
            combo_frames: 0,
            blocks_since_empty: 0,
            warning: false,
            hurry: false,
            ending: None,
        };
        game.falling = game.deal();
        game.next = game.deal();
        game
    }

    /// A block from the current level's patterns, never the one dealt just
    /// before it.
    fn deal(&mut self) -> Block {
        let first = patterns::FIRST[self.level as usize - 1];
        let count = patterns::FIRST[self.level as usize] - first;
        let mut index = first;
        if count > 1 {
            let last = self.last_pattern;
            let excluded = (first..first + count).contains(&last);
            let pick = self.rng.below(u32::from(count - u16::from(excluded))) as u16 + first;
            index = if excluded && pick >= last {
                pick + 1
            } else {
                pick
            };
        }
        self.last_pattern = index;
        let bits = self.rng.next_u32();
        Block::dealt(&PATTERNS[index as usize], bits as u8, bits >> 8 & 1 == 1)
    }

    /// One frame: the combo window runs down and the block falls, landing if
    /// it reaches the stack.
    pub fn tick(&mut self) -> Events {
        let mut events = Events::default();
        if self.ending.is_some() {
            return events;
        }
        if self.combo_frames > 0 {
            self.combo_frames -= 1;
            if self.combo_frames == 0 {
                self.combo = 0;
                events.combo_ended = true;
            }
        }
        let speed = FALL_SPEED[self.level as usize - 1];
        let speed = if self.hurry {
            speed << HURRY_SHIFT
        } else {
            speed
        };
        self.descent = self.descent.saturating_add(speed);
        let floor = self.floor();
        if self.descent >= floor {
            if self.stack + self.falling.height > FIELD_ROWS {
                self.descent = floor;
                self.end(Ending::ToppedOut, &mut events);
                return events;
            }
            let top = (FIELD_ROWS - self.stack - self.falling.height) as usize;
            self.rows[top..top + self.falling.height as usize]
                .copy_from_slice(&self.falling.rows[..self.falling.height as usize]);
            self.stack += self.falling.height;
            self.blocks_since_empty = self.blocks_since_empty.saturating_add(1);
            self.falling = self.next;
            self.next = self.deal();
            self.descent = 0;
            events.landed = true;
            events.spawned = true;
        }
        self.update_warning(&mut events);
        events
    }

    /// Where the falling block's bottom edge lands, in the units of
    /// [`Self::descent`].
    fn floor(&self) -> u16 {
        u16::from(FIELD_ROWS - self.stack) * SUB_ROWS
    }

    /// Whether the falling block and the next would not both fit: the
    /// warning's condition.
    const fn is_threatened(stack: u8, falling: &Block, next: &Block) -> bool {
        stack + falling.height + next.height > FIELD_ROWS
    }

    fn update_warning(&mut self, events: &mut Events) {
        let warning = Self::is_threatened(self.stack, &self.falling, &self.next);
        if warning != self.warning {
            self.warning = warning;
            events.warning = Some(warning);
        }
    }

    fn end(&mut self, ending: Ending, events: &mut Events) {
        self.ending = Some(ending);
        self.stroke.clear();
        self.combo_frames = 0;
        events.game_over = Some(ending);
        if self.warning {
            self.warning = false;
            events.warning = Some(false);
        }
    }

    /// The stroke moves onto `cell` (or steps back off the last one); O(1).
    /// Refused once the game is over.
    pub fn step(&mut self, cell: Cell) -> Step {
        if self.ending.is_some() {
            return Step::Refused;
        }
        self.stroke.step(cell)
    }

    pub fn cancel_stroke(&mut self) {
        self.stroke.clear();
    }

    /// Lets go of the stroke: its tiles flip, rows of one colour clear and
    /// score. The stroke is gone afterwards.
    pub fn release(&mut self) -> Events {
        let mut events = Events::default();
        if self.ending.is_some() {
            self.stroke.clear();
            return events;
        }
        let top = FIELD_ROWS - self.stack;
        for &cell in self.stroke.cells() {
            let on_tile =
                cell.x >= 1 && cell.x <= FIELD_WIDTH && cell.y > top && cell.y <= FIELD_ROWS;
            if on_tile {
                self.rows[cell.y as usize - 1] ^= 1 << (cell.x - 1);
                events.flipped += 1;
            }
        }
        self.stroke.clear();
        let (cleared, count) = self.clear_rows();
        if count == 0 {
            return events;
        }
        self.combo = self.combo.saturating_add(1);
        self.combo_frames = COMBO_FRAMES;
        let level = u32::from(self.level);
        let combo = u32::from(self.combo);
        let mut points = LINE_POINTS[count as usize]
            .saturating_mul(level)
            .saturating_mul(combo);
        let clear_screen = self.stack == 0 && self.blocks_since_empty >= CLEAR_SCREEN_BLOCKS;
        if clear_screen {
            points = points.saturating_add(CLEAR_SCREEN_POINTS * level);
        }
        if self.stack == 0 {
            self.blocks_since_empty = 0;
        }
        self.points = self.points.saturating_add(points);
        events.cleared = Some(Clear {
            rows: cleared,
            count,
            combo: self.combo,
            points,
            clear_screen,
        });
        self.count_lines(count, &mut events);
        if self.ending.is_none() {
            self.update_warning(&mut events);
        }
        events
    }

    /// Takes out the stack's rows of one colour, the rows above dropping
    /// onto those below: which rows went (bit per field row) and how many.
    fn clear_rows(&mut self) -> (u16, u8) {
        let top = (FIELD_ROWS - self.stack) as usize;
        let mut cleared = 0u16;
        let mut write = FIELD_ROWS as usize;
        for read in (top..FIELD_ROWS as usize).rev() {
            let row = self.rows[read];
            if row == 0 || row == 0xFF {
                cleared |= 1 << read;
            } else {
                write -= 1;
                self.rows[write] = row;
            }
        }
        self.rows[top..write].fill(0);
        let count = (write - top) as u8;
        self.stack -= count;
        (cleared, count)
    }

    fn count_lines(&mut self, count: u8, events: &mut Events) {
        self.lines = (self.lines + u16::from(count)).min(TOTAL_LINES);
        self.lines_in_level += u16::from(count);
        while self.lines_in_level >= LINES_PER_LEVEL && self.level < LEVELS {
            self.lines_in_level -= LINES_PER_LEVEL;
            self.level += 1;
            events.level_up = Some(self.level);
            // The preview shows the new level's blocks at once.
            self.next = self.deal();
        }
        if self.lines >= TOTAL_LINES {
            self.end(Ending::Completed, events);
        }
    }

    /// While set the block falls [`HURRY_SHIFT`] times faster (the player
    /// holding a button to bring it down).
    pub fn set_hurry(&mut self, hurry: bool) {
        self.hurry = hurry;
    }

    /// What the ringed-grid cell shows (y 0 and [`RING_ROWS`]` - 1`, x 0
    /// and [`RING_WIDTH`]` - 1` are the ring).
    #[must_use]
    pub fn square(&self, cell: Cell) -> Square {
        if cell.y >= RING_ROWS || cell.x >= RING_WIDTH {
            Square::Outside
        } else if cell.y == 0 || cell.y == RING_ROWS - 1 || cell.x == 0 || cell.x == RING_WIDTH - 1
        {
            Square::Ring
        } else if cell.y <= FIELD_ROWS - self.stack {
            Square::Empty
        } else if self.rows[cell.y as usize - 1] >> (cell.x - 1) & 1 == 1 {
            Square::Black
        } else {
            Square::White
        }
    }

    /// Field row `row` (0 = top), `None` above the stack.
    #[must_use]
    pub fn field_row(&self, row: u8) -> Option<u8> {
        (row < FIELD_ROWS && row >= FIELD_ROWS - self.stack).then(|| self.rows[row as usize])
    }

    /// Rows of tiles in the field.
    #[must_use]
    pub const fn stack_height(&self) -> u8 {
        self.stack
    }

    #[must_use]
    pub const fn falling(&self) -> &Block {
        &self.falling
    }

    /// How far the falling block's bottom edge is below the field's top
    /// edge, in 1/[`SUB_ROWS`] of a row: its row `r` (of `h`) is drawn
    /// `descent - (h - r) * SUB_ROWS` below the top, clipped there.
    #[must_use]
    pub const fn descent(&self) -> u16 {
        self.descent
    }

    /// The block that falls after this one.
    #[must_use]
    pub const fn next(&self) -> &Block {
        &self.next
    }

    #[must_use]
    pub const fn stroke(&self) -> &FieldStroke {
        &self.stroke
    }

    #[must_use]
    pub const fn level(&self) -> u8 {
        self.level
    }

    #[must_use]
    pub const fn start_level(&self) -> u8 {
        self.start_level
    }

    /// Lines cleared, those of the levels a practice game skipped included.
    #[must_use]
    pub const fn lines(&self) -> u16 {
        self.lines
    }

    #[must_use]
    pub const fn points(&self) -> u32 {
        self.points
    }

    /// The multiplier the last clear scored with while its window is open;
    /// 0 once it has closed.
    #[must_use]
    pub const fn combo(&self) -> u8 {
        self.combo
    }

    /// Frames left in the combo window (0: closed).
    #[must_use]
    pub const fn combo_frames(&self) -> u8 {
        self.combo_frames
    }

    /// The game ends within two landings unless rows are cleared.
    #[must_use]
    pub const fn warning(&self) -> bool {
        self.warning
    }

    /// Whether the falling block has room to land: false, the game ends
    /// when it does, unless rows are cleared first.
    #[must_use]
    pub const fn fits(&self) -> bool {
        self.stack + self.falling.height <= FIELD_ROWS
    }

    #[must_use]
    pub const fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The game's record for the high-score tables.
    #[must_use]
    pub const fn score(&self) -> Score {
        Score {
            points: self.points,
            level: self.level,
            lines: self.lines,
            start_level: self.start_level,
        }
    }
}

#[cfg(test)]
mod tests;
