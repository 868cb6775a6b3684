//! A Minesweeper field of any size up to 30x16: Beginner, Intermediate,
//! Expert and the player's own ([`Size`]).
//!
//! The rules are the pocket [`Board`](super::Board)'s, written once for both
//! (`moves.rs`): the first reveal safe and opening, a chord decided before
//! anything opens, flags and "?", on the same one-byte [`Square`]s, with
//! the size a value. What differs is how each reaches its squares: the
//! pocket board keeps its 96 bytes (what the app holds while closed) and
//! its loops tuned to 14x6; a field keeps its squares 32 to a row and fills
//! by scanlines over rows of bits. The tests play a field of 14x6 beside
//! the pocket board and compare every square after every move.

pub mod code;
mod mines;
pub mod no_guess;
mod place;
mod size;
pub mod snapshot;
mod solver;

use heapless::Vec;

use super::clock::{self, MAX_FRAMES};
use super::code::DEALS;
use super::game_state::GameState;
use super::moves::{self, Grid};
use super::outcome::Outcome;
use super::square::{Square, SquareFlags};
use shared::random::Rng;

pub use mines::Mines;
pub use no_guess::FieldNoGuess;
pub use place::Place;
pub use size::{
    Dimension, MAX_HEIGHT, MAX_SQUARES, MAX_WIDTH, MIN_CUSTOM_MINES, MIN_CUSTOM_SIDE, Size,
};
pub use solver::{FieldSolver, Solved};

/// Squares kept a row, whatever the width: a place's packed form is then
/// its index, with no multiply, and a mask keeps every index in bounds.
pub const STRIDE: usize = 32;
/// Squares kept: `STRIDE` a row, room for the tallest field's rows (see
/// [`Field::slots`]).
pub const SLOTS: usize = STRIDE * MAX_HEIGHT as usize;
const _: () = assert!(
    MAX_WIDTH as usize <= STRIDE - 2,
    "a row and a bit each side fit a word"
);

/// A field and the game on it. Every method takes any [`Place`]; places
/// off the field are ignored.
// `repr(C, align(4))`: the squares start the struct on a word boundary, so
// the hot loops read and write them four at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(4))]
pub struct Field {
    /// [`STRIDE`] to a row; squares off the field stay empty (nothing
    /// writes them), so a count may run over all of them.
    squares: [Square; SLOTS],
    size: Size,
    state: GameState,
    no_guess: bool,
    new_record: bool,
    cursor: Place,
    /// The first reveal: while a no-guess layout is made, the move waiting
    /// for it; once the game is under way, where it began.
    first: Option<Place>,
    /// Frames since the first reveal, held at [`MAX_FRAMES`] (99:59).
    elapsed_frames: u32,
    /// Moves that did something, for the efficiency statistic 3BV / clicks.
    clicks: u16,
    /// Which deal this is (0..=9999; `DEALS` until one is chosen): with the
    /// size, setting and first square it fixes the mines (see [`code`]).
    deal: u16,
    /// The mines are the deal's for the first reveal (drawn from the code's
    /// seed): the snapshot need not keep them.
    dealt: bool,
    /// Mines laid (the counter asks after every move).
    mines_laid: u16,
}

/// What one floodfill did; `pushed` (seeds queued) lets tests prove no
/// square is queued twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Flood {
    revealed: u16,
    pushed: u16,
    /// Safe squares still covered afterwards (0: the move won).
    covered_safe: u16,
}

impl Field {
    /// A fresh field; mines are laid on the first reveal.
    #[must_use]
    pub const fn new(size: Size, no_guess: bool) -> Self {
        Self {
            squares: [Square::EMPTY; SLOTS],
            size,
            state: GameState::Fresh,
            no_guess,
            new_record: false,
            cursor: Place::new(size.width() / 2, size.height() / 2),
            first: None,
            elapsed_frames: 0,
            clicks: 0,
            deal: DEALS,
            dealt: false,
            mines_laid: 0,
        }
    }

    /// Starts over on the same size, deal and cursor.
    pub fn reset(&mut self) {
        *self = Self {
            cursor: self.cursor,
            deal: self.deal,
            ..Self::new(self.size, self.no_guess)
        };
    }

    /// The code that names this field's deal.
    #[must_use]
    pub const fn code(&self) -> code::FieldCode {
        code::FieldCode {
            size: self.size,
            no_guess: self.no_guess,
            deal: self.deal,
            first: self.first_reveal(),
        }
    }

    /// The deal (0..=9999; [`DEALS`] until one is chosen).
    #[must_use]
    pub const fn deal(&self) -> u16 {
        self.deal
    }

    /// Whether a deal has been chosen for this field yet.
    #[must_use]
    pub const fn is_dealt(&self) -> bool {
        self.deal < DEALS
    }

    /// Chooses the deal of a fresh field (ignored once mines are laid, and
    /// kept below [`DEALS`]): its first move lays the mines with the
    /// random numbers of [`code::FieldCode::seed`].
    pub fn set_deal(&mut self, deal: u16) {
        if self.state == GameState::Fresh {
            self.deal = deal % DEALS;
        }
    }

    // ----- reading -----

    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    #[must_use]
    pub const fn state(&self) -> GameState {
        self.state
    }

    #[must_use]
    pub const fn no_guess(&self) -> bool {
        self.no_guess
    }

    /// Row `y`'s squares (none past the last row).
    #[must_use]
    pub fn row(&self, y: u8) -> &[Square] {
        if y >= self.size.height() {
            return &[];
        }
        let start = usize::from(y) * STRIDE;
        self.squares
            .get(start..start + usize::from(self.size.width()))
            .unwrap_or(&[])
    }

    /// Where `place`'s square is kept; `None` off the field.
    fn slot(&self, place: Place) -> Option<usize> {
        self.size
            .contains(place)
            .then_some(usize::from(place.packed()))
    }

    /// Every square as kept, 32 to a row (the places past the field's
    /// width and height are empty): a view compares them whole to find
    /// whether anything changed.
    #[must_use]
    pub fn slots(&self) -> &[Square] {
        &self.squares
    }

    /// The square at `place`, `None` off the field.
    #[must_use]
    pub fn square(&self, place: Place) -> Option<Square> {
        self.slot(place)
            .and_then(|slot| self.squares.get(slot).copied())
    }

    fn square_mut(&mut self, place: Place) -> Option<&mut Square> {
        self.slot(place).and_then(|slot| self.squares.get_mut(slot))
    }

    /// Squares `4 * word..4 * word + 4` as one word, the first in the low
    /// byte (an aligned load: see the struct's `repr`).
    fn word(&self, word: usize) -> u32 {
        let at = (word * 4) % SLOTS;
        u32::from_le_bytes([
            self.squares[at].0,
            self.squares[at + 1].0,
            self.squares[at + 2].0,
            self.squares[at + 3].0,
        ])
    }

    /// Rows of bits (bit x of row y for square (x, y)): the squares with
    /// none of `flags`, and those of them with no mine around.
    fn rows_without(
        &self,
        flags: SquareFlags,
    ) -> ([u32; MAX_HEIGHT as usize], [u32; MAX_HEIGHT as usize]) {
        const LOW_BITS: u32 = 0x0101_0101;
        let flags = LOW_BITS * u32::from(flags.bits());
        let columns = (1u32 << self.size.width()) - 1;
        let (mut without, mut zeros) = ([0u32; MAX_HEIGHT as usize], [0u32; MAX_HEIGHT as usize]);
        for y in 0..usize::from(self.size.height()) {
            let (mut row, mut zero) = (0u32, 0u32);
            // Four squares a word: a bit each at 0, 8, 16 and 24, gathered.
            for part in 0..STRIDE / 4 {
                let four = self.word(y * STRIDE / 4 + part);
                let set = four & flags; // flags live in a square's low nibble
                let has = (set | set >> 1 | set >> 2 | set >> 3) & LOW_BITS;
                let count = four >> 4 & 0x0F0F_0F0F;
                let busy = count | count >> 1 | count >> 2 | count >> 3;
                let free = !has & LOW_BITS;
                row |= gather(free) << (4 * part);
                zero |= gather(free & !busy) << (4 * part);
            }
            without[y] = row & columns;
            zeros[y] = zero & columns;
        }
        (without, zeros)
    }

    fn set_word(&mut self, word: usize, value: u32) {
        let at = (word * 4) % SLOTS;
        let [a, b, c, d] = value.to_le_bytes();
        self.squares[at].0 = a;
        self.squares[at + 1].0 = b;
        self.squares[at + 2].0 = c;
        self.squares[at + 3].0 = d;
    }

    #[must_use]
    pub const fn cursor(&self) -> Place {
        self.cursor
    }

    /// Moves the cursor to `place`; ignored (false) off the field.
    pub fn set_cursor(&mut self, place: Place) -> bool {
        let on = self.size.contains(place);
        if on {
            self.cursor = place;
        }
        on
    }

    /// Moves the cursor by `dx`, `dy`, stopping at the edges; true if it moved.
    pub fn move_cursor(&mut self, dx: i8, dy: i8) -> bool {
        let step = |at: u8, by: i8, side: u8| {
            (i16::from(at) + i16::from(by)).clamp(0, i16::from(side) - 1) as u8
        };
        let target = Place::new(
            step(self.cursor.x, dx, self.size.width()),
            step(self.cursor.y, dy, self.size.height()),
        );
        let moved = target != self.cursor;
        self.cursor = target;
        moved
    }

    /// The first reveal of a no-guess game, waiting for its layout (see
    /// [`Field::start_with_layout`]).
    #[must_use]
    pub const fn awaiting_layout(&self) -> Option<Place> {
        match (self.state, self.first) {
            (GameState::Fresh, Some(first)) => Some(first),
            _ => None,
        }
    }

    /// Where the game began, once its mines are laid.
    #[must_use]
    pub const fn first_reveal(&self) -> Option<Place> {
        match self.state {
            GameState::Fresh => None,
            _ => self.first,
        }
    }

    /// Frames on the clock since the first reveal.
    #[must_use]
    pub const fn elapsed_frames(&self) -> u32 {
        self.elapsed_frames
    }

    /// The time to the hundredth (records and 3BV/s).
    #[must_use]
    pub const fn elapsed_hundredths(&self) -> u32 {
        clock::hundredths(self.elapsed_frames)
    }

    /// The time in whole seconds, as the clock shows it while a game goes on.
    #[must_use]
    pub const fn elapsed_seconds(&self) -> u16 {
        let seconds = self.elapsed_hundredths() / 100;
        if seconds > u16::MAX as u32 {
            u16::MAX
        } else {
            seconds as u16
        }
    }

    /// Advances the clock by a frame while a game is in progress, holding
    /// at 99:59.
    pub fn tick_frame(&mut self) {
        if self.state == GameState::Playing && self.elapsed_frames < MAX_FRAMES {
            self.elapsed_frames += 1;
        }
    }

    #[must_use]
    pub const fn clicks(&self) -> u16 {
        self.clicks
    }

    /// Whether `place` is covered and marked "?".
    #[must_use]
    pub fn is_questioned(&self, place: Place) -> bool {
        self.state != GameState::Dead && self.square(place).is_some_and(Square::is_questioned)
    }

    /// Whether the last win beat the best time (the caller owns the records).
    #[must_use]
    pub const fn new_record(&self) -> bool {
        self.new_record
    }

    pub fn set_new_record(&mut self, new_record: bool) {
        self.new_record = new_record;
    }

    /// Mines in this game (the size's count until they are laid).
    #[must_use]
    pub fn mine_count(&self) -> u16 {
        if self.state == GameState::Fresh {
            self.size.mines()
        } else {
            self.mines_laid
        }
    }

    #[must_use]
    pub fn flag_count(&self) -> u16 {
        self.count_squares(SquareFlags::FLAGGED)
    }

    #[must_use]
    pub fn revealed_count(&self) -> u16 {
        self.count_squares(SquareFlags::REVEALED)
    }

    /// Mines minus flags, as the counter shows it (negative when over-flagged).
    #[must_use]
    pub fn mines_left(&self) -> i16 {
        self.mine_count() as i16 - self.flag_count() as i16
    }

    /// Squares with both of `flags` (one or two flags), four to a word: the
    /// counter asks after every move. Squares off the field are empty: none
    /// counts.
    pub(crate) fn count_squares(&self, flags: SquareFlags) -> u16 {
        const LOW_BITS: u32 = 0x0101_0101;
        debug_assert!(flags.bits().count_ones() <= 2);
        let bits = u32::from(flags.bits());
        // The lowest and highest flag (the same for one).
        let (low, high) = (bits.trailing_zeros(), 31 - bits.leading_zeros());
        let mut total = 0;
        for word in 0..SLOTS / 4 {
            let four = self.word(word);
            // A 1 in each byte whose square has both, summed into the top byte.
            let both = four >> low & four >> high & LOW_BITS;
            total += both.wrapping_mul(LOW_BITS) >> 24;
        }
        total as u16
    }

    /// Bechtel's Board Benchmark: the fewest clicks that clear the field,
    /// openings (connected areas of zeros) plus the numbered safe squares
    /// no opening uncovers. 0 before mines are laid.
    ///
    /// Worked on rows of bits: each opening is walked from one zero with a
    /// stack, a zero at a time, its 3x3 marked uncovered a row at a time.
    #[must_use]
    pub fn three_bv(&self) -> u16 {
        const ROWS: usize = MAX_HEIGHT as usize;
        if self.state == GameState::Fresh {
            return 0;
        }
        let height = usize::from(self.size.height());
        let (safe, zero) = self.rows_without(SquareFlags::MINE);
        // Zeros already in a counted opening, and squares some opening uncovers.
        let (mut seen, mut opened) = ([0u32; ROWS], [0u32; ROWS]);
        let mut stack = [0u16; SLOTS];
        let mut openings = 0u16;
        for y in 0..height {
            loop {
                let fresh = zero[y] & !seen[y];
                if fresh == 0 {
                    break;
                }
                let lowest = fresh & fresh.wrapping_neg();
                seen[y] |= lowest;
                openings += 1;
                stack[0] = (y as u16) << 5 | lowest.trailing_zeros() as u16;
                let mut len = 1;
                while len > 0 {
                    len -= 1;
                    let packed = stack[len % SLOTS];
                    let (x, row) = (u32::from(packed & 31), usize::from(packed >> 5));
                    // Columns x - 1..=x + 1 (x - 1 is not there at x = 0).
                    let around = (7u32 << x) >> 1;
                    for near in row.saturating_sub(1)..(row + 2).min(height) {
                        opened[near] |= around & safe[near];
                        let mut new = zero[near] & around & !seen[near];
                        seen[near] |= new;
                        while new != 0 {
                            stack[len % SLOTS] = (near as u16) << 5 | new.trailing_zeros() as u16;
                            len += 1;
                            new &= new - 1;
                        }
                    }
                }
            }
        }
        let lone_numbers: u32 = (0..height)
            .map(|row| (safe[row] & !opened[row]).count_ones())
            .sum();
        openings + lone_numbers as u16
    }

    /// The up-to-eight neighbours of `place` on the field, row by row.
    pub fn neighbours(&self, place: Place) -> impl Iterator<Item = Place> + use<> {
        let size = self.size;
        // Off the field, none (and no arithmetic on wild coordinates).
        let steps = if size.contains(place) { 9u8 } else { 0 };
        (0..steps).filter_map(move |k| {
            let (dx, dy) = (k % 3, k / 3);
            let x = (place.x + dx).checked_sub(1)?;
            let y = (place.y + dy).checked_sub(1)?;
            let neighbour = Place::new(x, y);
            (k != 4 && size.contains(neighbour)).then_some(neighbour)
        })
    }

    /// Squares drawn pressed while A is held on `place`: the square itself
    /// if it can be revealed, or for a revealed number its covered,
    /// unflagged neighbours (the chord preview).
    #[must_use]
    pub fn pressed_preview(&self, place: Place) -> Vec<Place, 8> {
        moves::pressed_preview(self, place)
    }

    // ----- moves -----

    /// What releasing A on `place` does: the first reveal lays mines away
    /// from it (or asks for a no-guess layout), a revealed number chords,
    /// a covered unflagged square is revealed, anything else is ignored.
    pub fn act(&mut self, place: Place, rng: &mut Rng) -> Outcome {
        moves::act(self, place, rng)
    }

    /// Lays the size's mines at random outside the 3x3 around `first` and
    /// starts the game (without revealing anything). Only on a fresh field
    /// with `first` on it; returns whether it did anything.
    pub fn place_mines(&mut self, first: Place, rng: &mut Rng) -> bool {
        if self.state != GameState::Fresh || !self.size.contains(first) {
            return false;
        }
        let mines = Mines::random(self.size, first, rng);
        self.lay_mines(&mines);
        true
    }

    /// Starts a fresh game with a ready-made layout (from a no-guess
    /// search) and reveals `first`. Ignored unless the field is fresh,
    /// `first` is on it, not flagged and not a mine.
    pub fn start_with_layout(&mut self, first: Place, mines: &Mines) -> Outcome {
        if !self.begin(first, mines) {
            return Outcome::Ignored;
        }
        self.open_first()
    }

    /// The first half of `start_with_layout`: lays `mines` for a first
    /// reveal on `first`, nothing revealed yet (a screen lays them as A
    /// goes down, on a copy, and opens as it comes up). False, and nothing
    /// done, where `start_with_layout` would ignore it.
    pub fn begin(&mut self, first: Place, mines: &Mines) -> bool {
        let flagged = self.square(first).is_none_or(Square::is_flagged);
        if self.state != GameState::Fresh || flagged || mines.contains(first) {
            return false;
        }
        self.first = Some(first);
        self.lay_mines(mines);
        self.dealt = mines.drawn() == Some((first, self.code().seed()));
        true
    }

    /// The second half: the first reveal of a field `begin` laid, counted
    /// as `act` counts it. Ignored once that square is open, or on a field
    /// not begun.
    pub fn open_first(&mut self) -> Outcome {
        let Some(first) = self.first else {
            return Outcome::Ignored;
        };
        let covered = self
            .square(first)
            .is_some_and(|square| !square.is_revealed());
        if self.state != GameState::Playing || !covered {
            return Outcome::Ignored;
        }
        moves::reveal_first(self, first)
    }

    /// Lays `mines` into the squares (mine bits and neighbour counts; mines
    /// off the field are left out) and starts the game without revealing
    /// anything. Flags and "?"s placed before the first move stay (and what
    /// is open, for a field read back from its snapshot).
    ///
    /// The counts of a whole row come at once: its eight neighbours' rows
    /// of mine bits, each shifted onto the square, are added as bit planes
    /// (a bit of every column's count to a word); then the squares are
    /// written four to a word.
    pub fn lay_mines(&mut self, mines: &Mines) {
        const MARKS: u32 = 0x0101_0101
            * (SquareFlags::FLAGGED.bits()
                | SquareFlags::DETONATED.bits()
                | SquareFlags::REVEALED.bits()) as u32;
        let height = self.size.height();
        let columns = (1u32 << self.size.width()) - 1;
        let row = |y: u8| mines.row(y) & columns;
        for y in 0..height {
            let above = if y > 0 { row(y - 1) } else { 0 };
            let below = if y + 1 < height { row(y + 1) } else { 0 };
            let here = row(y);
            // planes[k]: bit k of every column's count.
            let mut planes = [0u32; 4];
            for neighbours in [
                above << 1,
                above,
                above >> 1,
                here << 1,
                here >> 1,
                below << 1,
                below,
                below >> 1,
            ] {
                let mut carry = neighbours & columns;
                for plane in &mut planes {
                    let next = *plane & carry;
                    *plane ^= carry;
                    carry = next;
                }
            }
            let parts = usize::from(self.size.width()).div_ceil(4);
            for part in 0..parts {
                let nibble = |bits: u32| spread(bits >> (4 * part) & 15);
                let counts = nibble(planes[0])
                    | nibble(planes[1]) << 1
                    | nibble(planes[2]) << 2
                    | nibble(planes[3]) << 3;
                let word = usize::from(y) * STRIDE / 4 + part;
                let marks = self.word(word) & MARKS;
                let mut four = counts << 4 | nibble(here) | marks;
                if part + 1 == parts {
                    // Squares past the last column stay empty.
                    four &= nibble(columns) * 0xFF;
                }
                self.set_word(word, four);
            }
        }
        self.state = GameState::Playing;
        self.elapsed_frames = 0;
        self.new_record = false;
        self.dealt = false;
        // Those on the field only.
        self.mines_laid = (0..height).map(|y| row(y).count_ones() as u16).sum();
    }

    /// Flags or unflags a covered square, before the first move too.
    pub fn toggle_flag(&mut self, place: Place) -> Outcome {
        moves::cycle_mark(self, place, false)
    }

    /// B on a covered square: a flag; on a flag, nothing, or with
    /// `question_marks` a "?" (and on a "?", nothing).
    pub fn cycle_mark(&mut self, place: Place, question_marks: bool) -> Outcome {
        moves::cycle_mark(self, place, question_marks)
    }

    /// Uncovers a covered, unflagged square while playing. A mine ends the
    /// game; a zero floods outwards. Does not count a click (`act` does).
    pub fn reveal(&mut self, place: Place) -> Outcome {
        moves::reveal(self, place)
    }

    /// On a revealed number whose flagged neighbours match it, reveals
    /// every other covered neighbour, all together (see `moves::chord`).
    /// Does not count a click (`act` does).
    pub fn chord(&mut self, place: Place) -> Outcome {
        moves::chord(self, place)
    }

    /// Floodfill from a safe square: reveal it and, through zeros,
    /// everything connected plus the numbered border. False flags and "?"s
    /// it uncovers are removed.
    ///
    /// A scanline fill over rows of bits, with an explicit stack (no
    /// recursion, no heap): a seed is a zero, its whole run of zeros along
    /// the row is opened with a few word operations, the covered squares
    /// beside the run in the rows above and below open with it, and each
    /// run of zeros among them becomes a seed. A square is queued at most
    /// once, so a stack the size of the largest field cannot overflow.
    /// Work goes by runs, not squares: this runs as Thumb code from the
    /// cartridge, where each instruction costs.
    fn flood_reveal(&mut self, start: Place) -> Flood {
        const ROWS: usize = MAX_HEIGHT as usize;
        const REVEALED: u8 = SquareFlags::REVEALED.bits();
        const MARKS: u8 = SquareFlags::FLAGGED.bits() | SquareFlags::DETONATED.bits();
        let mut flood = Flood {
            revealed: 0,
            pushed: 0,
            covered_safe: u16::MAX,
        };
        if !self.size.contains(start) {
            return flood;
        }
        let height = usize::from(self.size.height());
        let columns = (1u32 << self.size.width()) - 1;
        // Covered safe squares (what a fill may open) and the zeros among them.
        let (covered, zeros) = self.rows_without(SquareFlags::MINE | SquareFlags::REVEALED);
        // What this fill opens; the zeros queued or opened as a run; the runs opened.
        let (mut open, mut seen, mut done) = ([0u32; ROWS], [0u32; ROWS], [0u32; ROWS]);
        let (x, y) = (u32::from(start.x), usize::from(start.y));
        open[y] = 1 << x;
        let mut stack = [0u16; SLOTS];
        let mut len = 0;
        if zeros[y] >> x & 1 != 0 {
            seen[y] = 1 << x;
            stack[0] = start.packed();
            len = 1;
            #[cfg(test)]
            {
                flood.pushed = 1;
            }
        }
        while len > 0 {
            len -= 1;
            let packed = stack[len % SLOTS];
            let (x, y) = (u32::from(packed & 31), usize::from(packed >> 5) % ROWS);
            if done[y] >> x & 1 != 0 {
                continue; // its run was opened from another of its squares
            }
            // The run of zeros along the row through x, grown a square each
            // way at a time.
            let mut run = 1u32 << x;
            loop {
                let grown = (run | run << 1 | run >> 1) & zeros[y];
                if grown == run {
                    break;
                }
                run = grown;
            }
            seen[y] |= run;
            done[y] |= run;
            let beside = (run | run << 1 | run >> 1) & columns;
            for row in y.saturating_sub(1)..(y + 2).min(height) {
                let opened = beside & covered[row];
                open[row] |= opened;
                // A seed for each run of zeros not yet seen among them.
                let mut fresh = opened & zeros[row] & !seen[row];
                while fresh != 0 {
                    let lowest = fresh & fresh.wrapping_neg();
                    seen[row] |= lowest;
                    stack[len % SLOTS] = (row as u16) << 5 | lowest.trailing_zeros() as u16;
                    len += 1;
                    #[cfg(test)]
                    {
                        flood.pushed += 1;
                    }
                    // The rest of its run within `fresh` is the seed's to open.
                    let rest = fresh & !fresh.wrapping_add(lowest);
                    fresh &= !rest;
                }
            }
        }
        let (mut revealed, mut left) = (0u16, 0u16);
        for y in 0..height {
            left += (covered[y] & !open[y]).count_ones() as u16;
            let bits = open[y];
            revealed += bits.count_ones() as u16;
            // Four squares a word: each opened square's bit spread to its byte.
            for part in 0..STRIDE / 4 {
                let four_bits = bits >> (4 * part) & 15;
                if four_bits == 0 {
                    continue;
                }
                let spread = spread(four_bits);
                let word = y * STRIDE / 4 + part;
                let four = self.word(word);
                let marks = spread * u32::from(MARKS);
                self.set_word(word, (four | (spread * u32::from(REVEALED))) & !marks);
            }
        }
        flood.revealed = revealed;
        flood.covered_safe = left;
        flood
    }
}

impl Grid for Field {
    type At = Place;

    fn state(&self) -> GameState {
        self.state
    }

    fn set_state(&mut self, state: GameState) {
        self.state = state;
    }

    fn no_guess(&self) -> bool {
        self.no_guess
    }

    fn square(&self, at: Place) -> Option<Square> {
        Field::square(self, at)
    }

    fn square_mut(&mut self, at: Place) -> Option<&mut Square> {
        Field::square_mut(self, at)
    }

    fn squares_mut(&mut self) -> &mut [Square] {
        &mut self.squares
    }

    fn neighbours_of(&self, at: Place) -> impl Iterator<Item = Place> {
        self.neighbours(at)
    }

    fn flood(&mut self, from: Place) -> (u16, u16) {
        let flood = self.flood_reveal(from);
        (flood.revealed, flood.covered_safe)
    }

    /// Four squares a word.
    fn flag_mines(&mut self) {
        const FLAG_SHIFT: u32 = SquareFlags::FLAGGED.bits().trailing_zeros();
        const MINES: u32 = 0x0101_0101 * SquareFlags::MINE.bits() as u32;
        for word in 0..SLOTS / 4 {
            let four = self.word(word);
            if four & MINES != 0 {
                self.set_word(word, four | (four & MINES) << FLAG_SHIFT);
            }
        }
    }

    fn lay_first_mines(&mut self, at: Place, rng: &mut Rng) {
        let dealt = rng.state() == self.code().seed();
        self.place_mines(at, rng);
        self.dealt = dealt;
    }

    fn set_first(&mut self, at: Place) {
        self.first = Some(at);
    }

    fn count_move(&mut self) {
        self.clicks = self.clicks.saturating_add(1);
    }

    /// Four squares a word: a square's DETONATED bit goes where its
    /// REVEALED or FLAGGED bit is set.
    fn forget_uncovered_questions(&mut self) {
        const REVEALED_SHIFT: u32 = SquareFlags::REVEALED.bits().trailing_zeros();
        const FLAGGED_SHIFT: u32 = SquareFlags::FLAGGED.bits().trailing_zeros();
        const DETONATED_SHIFT: u32 = SquareFlags::DETONATED.bits().trailing_zeros();
        const LOW_BITS: u32 = 0x0101_0101;
        if self.state == GameState::Dead {
            return;
        }
        for word in 0..SLOTS / 4 {
            let four = self.word(word);
            let uncovered = (four >> REVEALED_SHIFT | four >> FLAGGED_SHIFT) & LOW_BITS;
            if four >> DETONATED_SHIFT & uncovered != 0 {
                self.set_word(word, four & !(uncovered << DETONATED_SHIFT));
            }
        }
    }
}

/// Bits 0, 8, 16 and 24 of `bytes` as bits 0 to 3.
const fn gather(bytes: u32) -> u32 {
    let pairs = bytes | bytes >> 7; // bits 0-1 and 16-17
    (pairs | pairs >> 14) & 15
}

/// Bits 0 to 3 of `bits` as bits 0, 8, 16 and 24.
const fn spread(bits: u32) -> u32 {
    let pairs = (bits | bits << 14) & 0x0003_0003;
    (pairs | pairs << 7) & 0x0101_0101
}

#[cfg(test)]
mod tests;
