//! The persistent Minesweeper board and the moves a player can make on it.

use heapless::Vec;

use super::SQUARE_COUNT;
use super::difficulty::Difficulty;
use super::game_state::GameState;
use super::layout::Layout;
use super::moves::{self, Grid};
use super::outcome::Outcome;
use super::pos::Pos;
use super::pos_set::PosSet;
use super::square::{Square, SquareFlags};
use shared::random::Rng;

use super::clock::{self, MAX_FRAMES};

/// The whole game, small enough (<= 96 bytes) to stay in a static while the
/// app is closed. Per-square state lives in the squares themselves; counts
/// such as flags and revealed squares are recounted on demand (the squares
/// are cheap to scan) rather than stored, so they can never drift out of sync.
///
/// Every method accepts any [`Pos`]; off-board positions are ignored.
// `repr(C, align(4))`: the squares start the struct on a word boundary, so
// the floodfill can read them four at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(4))]
pub struct Board {
    squares: [Square; SQUARE_COUNT],
    state: GameState,
    difficulty: Difficulty,
    /// [`NO_GUESS`] and [`NEW_RECORD`]: two bits of one byte, so the clock
    /// has three.
    switches: u8,
    cursor: Pos,
    /// The first reveal (off the board before it): while a no-guess layout
    /// is being made, the move waiting for it (kept here, not with the
    /// search, so it outlives the window closing); once the game is under
    /// way, where it began, which the board's code names.
    first: Pos,
    /// Frames since the first reveal, held at [`MAX_FRAMES`] (99:59, under
    /// 2^24): little-endian in three bytes, which keeps the board in 96.
    elapsed_frames: [u8; 3],
    /// Moves that did something (reveals, chords, flag toggles), for the
    /// efficiency statistic 3BV / clicks.
    clicks: u16,
    /// Which deal this is (0..=9999): with the difficulty, no-guess setting
    /// and first square it fixes the mines, so a board can be shared as a code.
    deal: u16,
}

const _: () = assert!(core::mem::size_of::<Board>() <= 96);

/// [`Board`]'s switches: no-guess generation, and whether the last win set
/// a record.
const NO_GUESS: u8 = 1;
const NEW_RECORD: u8 = 2;

/// [`Board`]'s `first` before the first reveal: off the board.
const NOTHING_AWAITS: Pos = Pos::new(15, 15);

/// What one floodfill did; `pushed` lets tests prove no square is queued twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Flood {
    revealed: u8,
    pushed: u8,
    /// Safe squares still covered afterwards (0: the move won).
    covered_safe: u8,
}

impl Board {
    /// A fresh board; mines are placed on the first reveal.
    #[must_use]
    pub const fn new(difficulty: Difficulty, no_guess: bool) -> Self {
        Self {
            squares: [Square::EMPTY; SQUARE_COUNT],
            state: GameState::Fresh,
            difficulty,
            switches: if no_guess { NO_GUESS } else { 0 },
            cursor: Pos::new(super::WIDTH / 2, super::HEIGHT / 2),
            first: NOTHING_AWAITS,
            elapsed_frames: [0; 3],
            clicks: 0,
            deal: super::code::DEALS,
        }
    }

    /// Starts over with the same settings, cursor and deal.
    pub fn reset(&mut self) {
        *self = Self {
            cursor: self.cursor,
            deal: self.deal,
            ..Self::new(self.difficulty, self.no_guess())
        };
    }

    /// The code that names this board's deal.
    #[must_use]
    pub const fn code(&self) -> super::code::BoardCode {
        super::code::BoardCode {
            difficulty: self.difficulty(),
            no_guess: self.no_guess(),
            deal: self.deal(),
            first: self.first_reveal(),
        }
    }

    /// The deal number of this board (see [`super::code`]); `code::DEALS` until
    /// one is chosen.
    #[must_use]
    pub const fn deal(&self) -> u16 {
        self.deal
    }

    /// Whether a deal has been chosen for this board yet.
    #[must_use]
    pub const fn is_dealt(&self) -> bool {
        self.deal < super::code::DEALS
    }

    /// Choose the deal of a fresh board (ignored once mines are placed, and
    /// kept below [`super::code::DEALS`]).
    pub fn set_deal(&mut self, deal: u16) {
        if self.state == GameState::Fresh {
            self.deal = deal % super::code::DEALS;
        }
    }

    /// Changes the difficulty; a different one starts a new game, since the
    /// mine count of the current one would no longer match.
    pub fn set_difficulty(&mut self, difficulty: Difficulty) {
        if difficulty != self.difficulty {
            self.difficulty = difficulty;
            self.reset();
        }
    }

    /// Turns no-guess generation on or off; a change starts a new game.
    pub fn set_no_guess(&mut self, no_guess: bool) {
        if no_guess != self.no_guess() {
            self.switches ^= NO_GUESS;
            self.reset();
        }
    }

    // ----- reading -----

    #[must_use]
    pub const fn state(&self) -> GameState {
        self.state
    }

    #[must_use]
    pub const fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    #[must_use]
    pub const fn no_guess(&self) -> bool {
        self.switches & NO_GUESS != 0
    }

    /// All squares, row-major (index = y * WIDTH + x).
    #[must_use]
    pub const fn squares(&self) -> &[Square; SQUARE_COUNT] {
        &self.squares
    }

    /// The square at `pos`, `None` off the board.
    #[must_use]
    pub fn square(&self, pos: Pos) -> Option<Square> {
        pos.index()
            .and_then(|index| self.squares.get(index).copied())
    }

    #[must_use]
    pub const fn cursor(&self) -> Pos {
        self.cursor
    }

    /// Moves the cursor to `pos`; ignored (false) off the board.
    pub fn set_cursor(&mut self, pos: Pos) -> bool {
        if pos.is_on_board() {
            self.cursor = pos;
        }
        pos.is_on_board()
    }

    /// Moves the cursor by `dx`, `dy`, stopping at the edges; true if it moved.
    pub fn move_cursor(&mut self, dx: i8, dy: i8) -> bool {
        let x = (i16::from(self.cursor.x()) + i16::from(dx)).clamp(0, i16::from(super::WIDTH) - 1);
        let y = (i16::from(self.cursor.y()) + i16::from(dy)).clamp(0, i16::from(super::HEIGHT) - 1);
        let target = Pos::new(x as u8, y as u8);
        let moved = target != self.cursor;
        self.cursor = target;
        moved
    }

    /// The first reveal of a no-guess game chosen before its layout was
    /// made: the search for one must (re)start from it, and its reveal then
    /// comes from [`Board::start_with_layout`].
    #[must_use]
    pub const fn awaiting_layout(&self) -> Option<Pos> {
        if matches!(self.state, GameState::Fresh) && self.first.is_on_board() {
            Some(self.first)
        } else {
            None
        }
    }

    /// Where the game began: its first reveal, once mines are laid (`None`
    /// before, and for a game kept by a version that did not keep it).
    #[must_use]
    pub const fn first_reveal(&self) -> Option<Pos> {
        if !matches!(self.state, GameState::Fresh) && self.first.is_on_board() {
            Some(self.first)
        } else {
            None
        }
    }

    /// Frames on the clock since the first reveal.
    #[must_use]
    pub const fn elapsed_frames(&self) -> u32 {
        let [low, middle, high] = self.elapsed_frames;
        u32::from_le_bytes([low, middle, high, 0])
    }

    /// Whole seconds on the clock (what it shows).
    #[must_use]
    pub const fn elapsed_seconds(&self) -> u16 {
        clock::seconds(self.elapsed_frames()) as u16
    }

    /// The time to the hundredth (records and 3BV/s).
    #[must_use]
    pub const fn elapsed_hundredths(&self) -> u32 {
        clock::hundredths(self.elapsed_frames())
    }

    /// Advances the clock by a frame while a game is in progress, holding
    /// at 99:59.
    pub fn tick_frame(&mut self) {
        let frames = self.elapsed_frames();
        if self.state == GameState::Playing && frames < MAX_FRAMES {
            self.set_elapsed_frames(frames + 1);
        }
    }

    /// Puts `frames` (at most [`MAX_FRAMES`]) on the clock.
    fn set_elapsed_frames(&mut self, frames: u32) {
        let [low, middle, high, _] = frames.min(MAX_FRAMES).to_le_bytes();
        self.elapsed_frames = [low, middle, high];
    }

    #[must_use]
    pub const fn clicks(&self) -> u16 {
        self.clicks
    }

    /// Whether `pos` is covered and marked "?" (see [`Square::is_questioned`]).
    #[must_use]
    pub fn is_questioned(&self, pos: Pos) -> bool {
        self.state != GameState::Dead && self.square(pos).is_some_and(Square::is_questioned)
    }

    /// Whether the last win beat the best time (set by the caller, which owns the records).
    #[must_use]
    pub const fn new_record(&self) -> bool {
        self.switches & NEW_RECORD != 0
    }

    pub fn set_new_record(&mut self, new_record: bool) {
        self.switches = self.switches & !NEW_RECORD | if new_record { NEW_RECORD } else { 0 };
    }

    /// Mines in this game (the difficulty's count until they are placed).
    #[must_use]
    pub fn mine_count(&self) -> u8 {
        if self.state == GameState::Fresh {
            self.difficulty.mines()
        } else {
            self.count_squares(Square::is_mine)
        }
    }

    #[must_use]
    pub fn flag_count(&self) -> u8 {
        self.count_squares(Square::is_flagged)
    }

    #[cfg(any(test, feature = "testing"))]
    #[must_use]
    pub fn revealed_count(&self) -> u8 {
        self.count_squares(Square::is_revealed)
    }

    /// Mines minus flags, as the counter shows it (negative when over-flagged).
    #[must_use]
    pub fn mines_left(&self) -> i8 {
        self.mine_count() as i8 - self.flag_count() as i8
    }

    fn count_squares(&self, predicate: fn(Square) -> bool) -> u8 {
        self.squares
            .iter()
            .filter(|square| predicate(**square))
            .count() as u8
    }

    /// Bechtel's Board Benchmark: the fewest clicks that clear the board, i.e.
    /// openings (connected areas of zeros) plus numbered safe squares that no
    /// opening uncovers. 0 before mines are placed.
    ///
    /// Worked on rows of bits (bit x of row y is square (x, y)): an opening
    /// grows from one zero by smearing its bits one square each way until it
    /// stops changing, so the whole count is a few word operations a row (a
    /// square-by-square search weighed on the winning frame).
    #[must_use]
    pub fn three_bv(&self) -> u8 {
        const ROWS: usize = super::HEIGHT as usize;
        const ROW_BITS: u16 = (1 << super::WIDTH) - 1;
        /// A row's bits and their left and right neighbours.
        fn smear(row: u16) -> u16 {
            (row | row << 1 | row >> 1) & ROW_BITS
        }
        /// Row `y` of `rows` smeared, with the rows above and below.
        fn around(rows: &[u16; ROWS], y: usize) -> u16 {
            let above = if y > 0 { rows[y - 1] } else { 0 };
            let below = rows.get(y + 1).copied().unwrap_or(0);
            smear(above | rows[y] | below)
        }
        if self.state == GameState::Fresh {
            return 0;
        }
        let (mut safe, mut zero) = ([0u16; ROWS], [0u16; ROWS]);
        // Rows of 14 squares, counted along (Thumb code has no divide).
        for ((safe, zero), row) in safe
            .iter_mut()
            .zip(zero.iter_mut())
            .zip(self.squares.chunks_exact(usize::from(super::WIDTH)))
        {
            for (bit, square) in row.iter().enumerate() {
                if !square.is_mine() {
                    *safe |= 1 << bit;
                    if square.neighbours() == 0 {
                        *zero |= 1 << bit;
                    }
                }
            }
        }
        let mut opened = [0u16; ROWS]; // squares some opening uncovers
        let mut left = zero; // zeros not yet in a counted opening
        let mut openings = 0u8;
        while let Some(y) = left.iter().position(|&row| row != 0) {
            let mut opening = [0u16; ROWS];
            opening[y] = left[y] & left[y].wrapping_neg(); // its lowest zero
            let mut grew = true;
            while grew {
                grew = false;
                for row in 0..ROWS {
                    let grown = around(&opening, row) & zero[row];
                    grew |= grown != opening[row];
                    opening[row] = grown;
                }
            }
            for row in 0..ROWS {
                left[row] &= !opening[row];
                opened[row] |= around(&opening, row) & safe[row];
            }
            openings += 1;
        }
        let lone_numbers: u32 = (0..ROWS)
            .map(|row| (safe[row] & !opened[row]).count_ones())
            .sum();
        openings + lone_numbers as u8
    }

    /// Squares drawn pressed while A is held on `pos`: the square itself if it
    /// can be revealed, or for a revealed number its covered, unflagged
    /// neighbours (the chord preview).
    #[must_use]
    pub fn pressed_preview(&self, pos: Pos) -> PosSet {
        moves::pressed_preview(self, pos).into_iter().collect()
    }

    // ----- moves -----

    /// What releasing A on `pos` does: the first reveal places mines away
    /// from it (or asks for a no-guess layout), a revealed number chords,
    /// a covered unflagged square is revealed, anything else is ignored.
    pub fn act(&mut self, pos: Pos, rng: &mut Rng) -> Outcome {
        moves::act(self, pos, rng)
    }

    /// Places the difficulty's mines at random outside the 3x3 around
    /// `first` and starts the game (without revealing anything). Only on a
    /// fresh board with `first` on it; returns whether it did anything.
    pub fn place_mines(&mut self, first: Pos, rng: &mut Rng) -> bool {
        if self.state != GameState::Fresh || !first.is_on_board() {
            return false;
        }
        let layout = Layout::random(first, self.difficulty.mines(), rng);
        self.lay_mines(&layout);
        true
    }

    /// Starts a fresh game with a ready-made `layout` (from the no-guess
    /// generator) and reveals `first`. Ignored unless the board is fresh,
    /// `first` is on it, not flagged and not a mine in `layout`.
    pub fn start_with_layout(&mut self, first: Pos, layout: &Layout) -> Outcome {
        let flagged = self.square(first).is_none_or(Square::is_flagged);
        if self.state != GameState::Fresh || flagged || layout.is_mine(first) {
            return Outcome::Ignored;
        }
        self.first = first;
        self.lay_mines(layout);
        moves::reveal_first(self, first)
    }

    /// Lays `layout` into the squares (mine bits and neighbour counts) and
    /// starts the game without revealing anything. Part of every first move,
    /// so it runs from IWRAM as ARM code: each mine adds one to its eight
    /// neighbours in a bordered 16x8 grid of counts (fixed offsets, no edge
    /// checks), then the squares are written in one pass.
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram.lay_mines"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    pub fn lay_mines(&mut self, layout: &Layout) {
        const STRIDE: usize = 16;
        const MINE: u8 = SquareFlags::MINE.bits();
        const MARKS: u8 = SquareFlags::FLAGGED.bits() | SquareFlags::DETONATED.bits();
        let width = usize::from(super::WIDTH);
        let mines = layout.mines().words();
        // counts[(y + 1) * 16 + x + 1]: mines around (x, y).
        let mut counts = [0u8; STRIDE * 8];
        let mut index = 0;
        while index < SQUARE_COUNT {
            if mines[(index / 32) % 3] >> (index % 32) & 1 != 0 {
                let (y, x) = (index / width, index % width);
                let corner = y * STRIDE + x; // the padded index of (x - 1, y - 1)
                let mut k = 0;
                while k < 9 {
                    // The 3x3 around the mine, itself included (taken off
                    // again below); `& 127` keeps it provably in bounds.
                    counts[(corner + (k / 3) * STRIDE + k % 3) & 127] += 1;
                    k += 1;
                }
            }
            index += 1;
        }
        let mut y = 0;
        while y < usize::from(super::HEIGHT) {
            let mut x = 0;
            while x < width {
                let index = y * width + x;
                let mine = (mines[(index / 32) % 3] >> (index % 32)) as u8 & 1;
                let count = counts[((y + 1) * STRIDE + x + 1) & 127] - mine;
                // Flags and "?"s placed before the first move stay.
                let flag = self.squares[index].0 & MARKS;
                self.squares[index] = Square((count << 4) | (mine * MINE) | flag);
                x += 1;
            }
            y += 1;
        }
        self.state = GameState::Playing;
        self.elapsed_frames = [0; 3];
        self.set_new_record(false);
    }

    /// Flags or unflags a covered square, before the first move too (the
    /// mines are then laid around the flags).
    pub fn toggle_flag(&mut self, pos: Pos) -> Outcome {
        moves::cycle_mark(self, pos, false)
    }

    /// B on a covered square: a flag; on a flag, nothing, or with
    /// `question_marks` a "?" (and on a "?", nothing). Revealing a "?"
    /// square works as on any covered one.
    pub fn cycle_mark(&mut self, pos: Pos, question_marks: bool) -> Outcome {
        moves::cycle_mark(self, pos, question_marks)
    }

    /// Uncovers a covered, unflagged square while playing. A mine ends the
    /// game (that mine is marked DETONATED); a zero floods outwards.
    /// Does not count a click (`act` does).
    pub fn reveal(&mut self, pos: Pos) -> Outcome {
        moves::reveal(self, pos)
    }

    /// Floodfill from a safe square: reveal it and, through zeros, everything
    /// connected plus the numbered border. Iterative with an explicit stack of
    /// one-byte packed positions (4 bits x, 4 bits y; no recursion); each
    /// square enters the stack at most once, so the 84-slot stack cannot
    /// overflow. False flags and "?"s it uncovers are removed, like GNOME
    /// Mines does.
    ///
    /// This is the hottest loop of the game (`just bench` measures it), so
    /// "revealed, a mine or queued" lives in a bitmap of rows rather than in
    /// the squares: a zero's eight neighbours are then three word loads and
    /// one test instead of eight byte loads and tests. Rows are padded with
    /// "visited" borders (bits 0 and 15, whole rows above and below), so there
    /// are no edge checks. It runs from IWRAM as ARM code.
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram.flood_reveal"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn flood_reveal(&mut self, start: Pos) -> Flood {
        const REVEALED: u8 = SquareFlags::REVEALED.bits();
        const MARKS: u8 = SquareFlags::FLAGGED.bits() | SquareFlags::DETONATED.bits();
        let mut flood = Flood {
            revealed: 0,
            pushed: 0,
            covered_safe: u8::MAX,
        };
        if !start.is_on_board() {
            return flood;
        }
        // visited[y + 1] bit x + 1: square (x, y) is revealed, a mine or queued.
        let mut visited = [u32::MAX; 8];
        let done_before = self.visited_rows(&mut visited);
        let mut stack: Vec<u8, SQUARE_COUNT> = Vec::new();
        let first = start.bits();
        visited[usize::from(first >> 4) + 1] |= 2 << (first & 15);
        let _ = stack.push(first);
        #[cfg(test)]
        {
            flood.pushed = 1;
        }
        // Plain `while` loops and macros only: this ARM function cannot inline
        // (Thumb) iterator helpers or closures, and a call per step would
        // cost more than the step.
        while let Some(packed) = stack.pop() {
            let x = u32::from(packed & 15);
            let y = usize::from(packed >> 4);
            // Board index y * 14 + x is the packed y * 16 + x less 2y.
            let index = usize::from(packed) - 2 * y;
            debug_assert!(index < SQUARE_COUNT && y < usize::from(super::HEIGHT));
            // SAFETY (this and the row reads below): only on-board squares are
            // queued (`start` was checked, and a neighbour is queued only if
            // its `visited` bit is clear, which border bits never are), so
            // index < 84 and y + 2 < 8.
            let square = unsafe { self.squares.get_unchecked_mut(index) };
            let bits = square.0;
            square.0 = (bits | REVEALED) & !MARKS;
            if bits >> 4 != 0 {
                continue; // a number: the border of the opening
            }
            // Rows y - 1, y, y + 1 are visited[y..y + 3]; in each, columns
            // x - 1, x, x + 1 are bits x..x + 3.
            let (above, here, below) = unsafe {
                (
                    *visited.get_unchecked(y),
                    *visited.get_unchecked(y + 1),
                    *visited.get_unchecked(y + 2),
                )
            };
            if (above & here & below) >> x & 7 == 7 {
                continue; // every neighbour is already open or queued
            }
            // Queues a row's unvisited squares among columns x - 1..=x + 1;
            // `left` is the packed position of column x - 1 in that row.
            macro_rules! queue_row {
                ($row:expr, $marks:expr, $left:expr) => {
                    let free = !($marks >> x) & 7;
                    if free != 0 {
                        unsafe { *visited.get_unchecked_mut($row) = $marks | (free << x) };
                        let left: u8 = $left;
                        if free & 1 != 0 {
                            let _ = stack.push(left);
                        }
                        if free & 4 != 0 {
                            let _ = stack.push(left.wrapping_add(2));
                        }
                        if free & 2 != 0 {
                            let _ = stack.push(left.wrapping_add(1));
                        }
                        #[cfg(test)]
                        {
                            flood.pushed += free.count_ones() as u8;
                        }
                    }
                };
            }
            queue_row!(y + 1, here, packed.wrapping_sub(1));
            queue_row!(y, above, packed.wrapping_sub(17));
            queue_row!(y + 2, below, packed.wrapping_add(15));
        }
        // Every square queued was unvisited and is now revealed, so the
        // squares this fill uncovered are the visited bits it added.
        let done_after = count_board_bits(&visited);
        flood.revealed = done_after.wrapping_sub(done_before);
        flood.covered_safe = (SQUARE_COUNT as u8).wrapping_sub(done_after);
        flood
    }

    /// Fills the floodfill's bitmap of revealed or mined squares and returns
    /// how many there are. Row y is `rows[y + 1]`, square x bit x + 1; the
    /// caller sets everything else (rows 0 and 7), a border that reads "visited".
    ///
    /// The squares are read a word (four squares) at a time, MINE | REVEALED
    /// being their low two bits. Two rows are 28 bytes, exactly seven words,
    /// so each pair of rows is gathered whole and then split.
    /// Not inlined, so none of its values stay live through the fill loop.
    #[inline(never)]
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram.flood_reveal"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn visited_rows(&self, rows: &mut [u32; 8]) -> u8 {
        const WORDS_PER_PAIR: usize = 2 * super::WIDTH as usize / 4;
        const ROW_BITS: u32 = (1 << super::WIDTH) - 1;
        // One bit per square (bit 0 of each byte) from a word of four squares.
        // (A macro, not a closure: closures do not inherit the ARM attribute.)
        macro_rules! word {
            ($at:expr) => {{
                let at = $at;
                let four = u32::from_le_bytes([
                    self.squares[at].0,
                    self.squares[at + 1].0,
                    self.squares[at + 2].0,
                    self.squares[at + 3].0,
                ]);
                (four | (four >> 1)) & 0x0101_0101
            }};
        }
        // Nibble-wise sums of the per-square bits (at most 12 each): the count.
        let mut sums = 0u32;
        let mut pair = 0;
        while pair < usize::from(super::HEIGHT) / 2 {
            let mut bits = 0u32;
            let mut part = 0;
            while part < WORDS_PER_PAIR {
                let at = (pair * WORDS_PER_PAIR + part) * 4;
                // Two words at once: squares a0..a3 land on bits 0, 8, 16, 24
                // and b0..b3 on 4, 12, 20, 28; two shifted ORs then line them
                // up as a0 a1 a2 a3 b0 b1 b2 b3 in the low byte.
                let second = if part + 1 < WORDS_PER_PAIR {
                    word!(at + 4)
                } else {
                    0
                };
                let both = word!(at) | second << 4;
                sums += both;
                let spread = both | (both >> 7);
                bits |= ((spread | (spread >> 14)) & 0xFF) << (part * 4);
                part += 2;
            }
            rows[2 * pair + 1] = BORDER | (bits & ROW_BITS) << 1;
            rows[2 * pair + 2] = BORDER | (bits >> super::WIDTH & ROW_BITS) << 1;
            pair += 1;
        }
        let bytes = (sums & 0x0F0F_0F0F) + (sums >> 4 & 0x0F0F_0F0F);
        (bytes.wrapping_mul(0x0101_0101) >> 24) as u8
    }

    /// On a revealed number whose flagged neighbours match it, reveals
    /// every other covered neighbour, all together (see `moves::chord`).
    /// Does not count a click (`act` does).
    pub fn chord(&mut self, pos: Pos) -> Outcome {
        moves::chord(self, pos)
    }

    /// Flags every mine, four squares per word (part of the winning move,
    /// which `just bench` times with the floodfill).
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram.flood_reveal"))]
    #[cfg_attr(target_arch = "arm", instruction_set(arm::a32))]
    fn flag_mines(&mut self) {
        const MINE_BITS: u32 = 0x0101_0101 * SquareFlags::MINE.bits() as u32;
        const FLAG_SHIFT: u32 = SquareFlags::FLAGGED.bits().trailing_zeros();
        // Three words per step: fewer loop branches in a loop this short.
        let mut word = 0;
        while word < SQUARE_COUNT / 4 {
            let mut part = 0;
            while part < 3 {
                let at = (word + part) * 4;
                let four = u32::from_le_bytes([
                    self.squares[at].0,
                    self.squares[at + 1].0,
                    self.squares[at + 2].0,
                    self.squares[at + 3].0,
                ]);
                let [a, b, c, d] = (four | (four & MINE_BITS) << FLAG_SHIFT).to_le_bytes();
                self.squares[at].0 = a;
                self.squares[at + 1].0 = b;
                self.squares[at + 2].0 = c;
                self.squares[at + 3].0 = d;
                part += 1;
            }
            word += 3;
        }
    }
}

/// The floodfill's row border: columns -1 and 14 and the unused high half
/// of each row word read as visited.
const BORDER: u32 = 0xFFFF_8001;

/// Visited squares in the floodfill's rows (borders left out).
#[inline(always)]
fn count_board_bits(rows: &[u32; 8]) -> u8 {
    // Two rows per word, borders masked off, then one population count each.
    const INNER: u32 = !BORDER & 0xFFFF;
    let pairs = [
        rows[1] & INNER | (rows[2] & INNER) << 16,
        rows[3] & INNER | (rows[4] & INNER) << 16,
        rows[5] & INNER | (rows[6] & INNER) << 16,
    ];
    (pairs[0].count_ones() + pairs[1].count_ones() + pairs[2].count_ones()) as u8
}

impl Grid for Board {
    type At = Pos;

    fn state(&self) -> GameState {
        self.state
    }

    fn set_state(&mut self, state: GameState) {
        self.state = state;
    }

    fn no_guess(&self) -> bool {
        Board::no_guess(self)
    }

    fn square(&self, at: Pos) -> Option<Square> {
        Board::square(self, at)
    }

    fn square_mut(&mut self, at: Pos) -> Option<&mut Square> {
        at.index().and_then(|index| self.squares.get_mut(index))
    }

    fn squares_mut(&mut self) -> &mut [Square] {
        &mut self.squares
    }

    fn neighbours_of(&self, at: Pos) -> impl Iterator<Item = Pos> {
        at.neighbours()
    }

    fn flood(&mut self, from: Pos) -> (u16, u16) {
        let flood = self.flood_reveal(from);
        (u16::from(flood.revealed), u16::from(flood.covered_safe))
    }

    fn flag_mines(&mut self) {
        Board::flag_mines(self);
    }

    fn lay_first_mines(&mut self, at: Pos, rng: &mut Rng) {
        self.place_mines(at, rng);
    }

    fn set_first(&mut self, at: Pos) {
        self.first = at;
    }

    fn count_move(&mut self) {
        self.clicks = self.clicks.saturating_add(1);
    }
}

impl Default for Board {
    fn default() -> Self {
        Self::new(Difficulty::default(), false)
    }
}

pub mod snapshot;

#[cfg(all(feature = "testing", target_arch = "arm"))]
pub mod rom_tests;
#[cfg(test)]
mod tests;
