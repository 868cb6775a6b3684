//! The persistent Minesweeper board and the moves a player can make on it.

use heapless::Vec;

use super::SQUARE_COUNT;
use super::difficulty::Difficulty;
use super::game_state::GameState;
use super::layout::Layout;
use super::outcome::Outcome;
use super::pos::Pos;
use super::pos_set::PosSet;
use super::square::{Square, SquareFlags};
use crate::random::Rng;

/// The timer shows minutes:seconds up to 99:59 and holds there.
pub const MAX_SECONDS: u16 = 99 * 60 + 59;

/// The whole game, small enough (<= 96 bytes) to stay in a static while the
/// app is closed. Per-square state lives in the squares themselves; counts
/// such as flags and revealed squares are recounted on demand (84 bytes is
/// cheap to scan) rather than stored, so they can never drift out of sync.
///
/// Every method accepts any [`Pos`]; off-board positions are ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    squares: [Square; SQUARE_COUNT],
    state: GameState,
    difficulty: Difficulty,
    no_guess: bool,
    new_record: bool,
    cursor: Pos,
    /// Whole seconds since the first reveal, held at [`MAX_SECONDS`].
    elapsed_seconds: u16,
    /// Moves that did something (reveals, chords, flag toggles), for the
    /// efficiency statistic 3BV / clicks.
    clicks: u16,
    /// Which deal this is (0..=9999): with the difficulty, no-guess setting
    /// and first square it fixes the mines, so a board can be shared as a code.
    deal: u16,
}

const _: () = assert!(core::mem::size_of::<Board>() <= 96);

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
            no_guess,
            new_record: false,
            cursor: Pos::new(super::WIDTH / 2, super::HEIGHT / 2),
            elapsed_seconds: 0,
            clicks: 0,
            deal: super::code::DEALS,
        }
    }

    /// Starts over with the same settings, cursor and deal.
    pub fn reset(&mut self) {
        *self = Self {
            cursor: self.cursor,
            deal: self.deal,
            ..Self::new(self.difficulty, self.no_guess)
        };
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
        if no_guess != self.no_guess {
            self.no_guess = no_guess;
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
        self.no_guess
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

    #[must_use]
    pub const fn elapsed_seconds(&self) -> u16 {
        self.elapsed_seconds
    }

    /// Advances the clock by a second while a game is in progress, holding at 99:59.
    pub fn tick_second(&mut self) {
        if self.state == GameState::Playing && self.elapsed_seconds < MAX_SECONDS {
            self.elapsed_seconds += 1;
        }
    }

    #[must_use]
    pub const fn clicks(&self) -> u16 {
        self.clicks
    }

    /// Whether the last win beat the best time (set by the caller, which owns the records).
    #[must_use]
    pub const fn new_record(&self) -> bool {
        self.new_record
    }

    pub fn set_new_record(&mut self, new_record: bool) {
        self.new_record = new_record;
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
    #[must_use]
    pub fn three_bv(&self) -> u8 {
        if self.state == GameState::Fresh {
            return 0;
        }
        let mut opened = PosSet::EMPTY; // squares some opening uncovers
        let mut openings = 0u8;
        let mut stack: Vec<Pos, SQUARE_COUNT> = Vec::new();
        for start in Pos::all() {
            if !self.is_safe_zero(start) || opened.contains(start) {
                continue;
            }
            openings += 1;
            opened.insert(start);
            let _ = stack.push(start); // cannot overflow: each square enters `opened` once
            while let Some(pos) = stack.pop() {
                for neighbour in pos.neighbours() {
                    if opened.insert(neighbour) && self.is_safe_zero(neighbour) {
                        let _ = stack.push(neighbour);
                    }
                }
            }
        }
        let lone_numbers = Pos::all()
            .filter(|&pos| !opened.contains(pos))
            .filter(|&pos| self.square(pos).is_some_and(|square| !square.is_mine()))
            .count() as u8;
        openings + lone_numbers
    }

    fn is_safe_zero(&self, pos: Pos) -> bool {
        self.square(pos)
            .is_some_and(|square| !square.is_mine() && square.neighbours() == 0)
    }

    /// Squares drawn pressed while A is held on `pos`: the square itself if it
    /// can be revealed, or for a revealed number its covered, unflagged
    /// neighbours (the chord preview).
    #[must_use]
    pub fn pressed_preview(&self, pos: Pos) -> PosSet {
        let mut pressed = PosSet::EMPTY;
        if self.state.is_over() {
            return pressed;
        }
        let Some(square) = self.square(pos) else {
            return pressed;
        };
        if square.is_revealed_number() {
            for neighbour in pos.neighbours() {
                if self.is_coverable(neighbour) {
                    pressed.insert(neighbour);
                }
            }
        } else if !square.is_revealed() && !square.is_flagged() {
            pressed.insert(pos);
        }
        pressed
    }

    /// Covered and unflagged: what a reveal or chord would uncover.
    fn is_coverable(&self, pos: Pos) -> bool {
        self.square(pos)
            .is_some_and(|square| !square.is_revealed() && !square.is_flagged())
    }

    // ----- moves -----

    /// What releasing A on `pos` does: the first reveal places mines away
    /// from it (or asks for a no-guess layout), a revealed number chords,
    /// a covered unflagged square is revealed, anything else is ignored.
    pub fn act(&mut self, pos: Pos, rng: &mut Rng) -> Outcome {
        let Some(square) = self.square(pos) else {
            return Outcome::Ignored;
        };
        let outcome = match self.state {
            GameState::Dead | GameState::Won => Outcome::Ignored,
            GameState::Fresh if self.no_guess => return Outcome::NeedsLayout,
            GameState::Fresh => {
                self.place_mines(pos, rng);
                self.reveal(pos)
            }
            GameState::Playing if square.is_revealed() => self.chord(pos),
            GameState::Playing => self.reveal(pos),
        };
        self.count_click(outcome)
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
    /// `first` is on it and not a mine in `layout`.
    pub fn start_with_layout(&mut self, first: Pos, layout: &Layout) -> Outcome {
        if self.state != GameState::Fresh || !first.is_on_board() || layout.is_mine(first) {
            return Outcome::Ignored;
        }
        self.lay_mines(layout);
        let outcome = self.reveal(first);
        self.count_click(outcome)
    }

    fn lay_mines(&mut self, layout: &Layout) {
        for pos in Pos::all() {
            let mut square = Square::EMPTY;
            square.set(SquareFlags::MINE, layout.is_mine(pos));
            square.set_neighbours(layout.neighbour_count(pos));
            if let Some(slot) = pos.index().and_then(|index| self.squares.get_mut(index)) {
                *slot = square;
            }
        }
        self.state = GameState::Playing;
        self.elapsed_seconds = 0;
        self.new_record = false;
    }

    fn count_click(&mut self, outcome: Outcome) -> Outcome {
        if !matches!(outcome, Outcome::Ignored | Outcome::NeedsLayout) {
            self.clicks = self.clicks.saturating_add(1);
        }
        outcome
    }

    /// Flags or unflags a covered square. Only while playing: before the
    /// first reveal there is nothing to deduce, and the mines are laid on a
    /// cleared board, so flags there would only be thrown away.
    pub fn toggle_flag(&mut self, pos: Pos) -> Outcome {
        if self.state != GameState::Playing {
            return Outcome::Ignored;
        }
        let Some(square) = pos.index().and_then(|index| self.squares.get_mut(index)) else {
            return Outcome::Ignored;
        };
        if square.is_revealed() {
            return Outcome::Ignored;
        }
        let flagged = !square.is_flagged();
        square.set(SquareFlags::FLAGGED, flagged);
        self.count_click(if flagged {
            Outcome::Flagged
        } else {
            Outcome::Unflagged
        })
    }

    /// Uncovers a covered, unflagged square while playing. A mine ends the
    /// game (that mine is marked DETONATED); a zero floods outwards.
    /// Does not count a click (`act` does).
    pub fn reveal(&mut self, pos: Pos) -> Outcome {
        if self.state != GameState::Playing || !self.is_coverable(pos) {
            return Outcome::Ignored;
        }
        let Some(square) = self.square(pos) else {
            return Outcome::Ignored;
        };
        if square.is_mine() {
            let outcome = self.uncover(pos);
            return self.finish_move(outcome);
        }
        // The floodfill already counted what is left, so no second pass.
        let flood = self.flood_reveal(pos);
        let outcome = Outcome::Revealed {
            count: flood.revealed,
        };
        if flood.covered_safe == 0 {
            self.win()
        } else {
            outcome
        }
    }

    /// Uncovers one square without the win check (chording batches several).
    fn uncover(&mut self, pos: Pos) -> Outcome {
        let Some(square) = pos.index().and_then(|index| self.squares.get_mut(index)) else {
            return Outcome::Ignored;
        };
        if square.is_mine() {
            square.set(SquareFlags::DETONATED, true);
            self.state = GameState::Dead;
            return Outcome::Lost;
        }
        let flood = self.flood_reveal(pos);
        Outcome::Revealed {
            count: flood.revealed,
        }
    }

    /// Floodfill from a safe square: reveal it and, through zeros, everything
    /// connected plus the numbered border. Iterative with an explicit stack of
    /// one-byte packed positions (4 bits x, 4 bits y; no recursion). As in the
    /// original, a square's DETONATED bit marks it "queued" while the fill
    /// runs, so each square enters the stack at most once and the 84-slot
    /// stack cannot overflow. False flags it uncovers are removed, like GNOME
    /// Mines does.
    ///
    /// This is the hottest loop of the game, so it works on a copy of the board
    /// with a one-square border (16x8 = 128 bytes): a packed position plus 17 is
    /// its index there, the eight neighbours are fixed offsets, and the border
    /// reads as "revealed" so it is never queued; no edge checks at all. It runs
    /// from IWRAM as ARM code. `just bench` measures it.
    #[unsafe(link_section = ".iwram.flood_reveal")]
    #[instruction_set(arm::a32)]
    fn flood_reveal(&mut self, start: Pos) -> Flood {
        const QUEUED: u8 = SquareFlags::DETONATED.bits();
        const REVEALED: u8 = SquareFlags::REVEALED.bits();
        const FLAGGED: u8 = SquareFlags::FLAGGED.bits();
        const MINE: u8 = SquareFlags::MINE.bits();
        const STRIDE: usize = 16;
        const OFFSETS: [usize; 8] = [
            0,
            1,
            2,
            STRIDE,
            STRIDE + 2,
            2 * STRIDE,
            2 * STRIDE + 1,
            2 * STRIDE + 2,
        ];
        let width = usize::from(super::WIDTH);
        let mut flood = Flood {
            revealed: 0,
            pushed: 0,
            covered_safe: u8::MAX,
        };
        if !start.is_on_board() {
            return flood;
        }
        // Plain `while` loops only: this ARM function cannot inline the
        // (Thumb) iterator helpers, and a call per step would cost more than
        // the step.
        // Padded copy: index = packed position + 17 (x + 1, y + 1).
        let mut padded = [REVEALED; 128];
        let mut row = 0;
        while row < usize::from(super::HEIGHT) {
            let mut column = 0;
            while column < width {
                padded[((row + 1) * STRIDE + column + 1) & 127] =
                    self.squares[row * width + column].0;
                column += 1;
            }
            row += 1;
        }
        let mut stack: Vec<u8, SQUARE_COUNT> = Vec::new();
        flood.covered_safe = 0;
        let first = (usize::from(start.bits()) + STRIDE + 1) & 127;
        padded[first] |= QUEUED;
        let _ = stack.push(start.bits());
        flood.pushed = 1;
        while let Some(packed) = stack.pop() {
            let index = (usize::from(packed) + STRIDE + 1) & 127;
            let bits = padded[index];
            if bits & MINE != 0 {
                continue; // unreachable: zeros have no mine neighbours
            }
            flood.revealed += u8::from(bits & REVEALED == 0);
            padded[index] = (bits | REVEALED) & !FLAGGED;
            if bits >> 4 != 0 {
                continue; // a number: the border of the opening
            }
            // Neighbours of `index` are `index - 17 + offset`; the packed
            // position of padded index `i` is `i - 17`.
            let corner = index.wrapping_sub(STRIDE + 1);
            let mut k = 0;
            while k < OFFSETS.len() {
                let neighbour = corner.wrapping_add(OFFSETS[k]) & 127;
                let other = padded[neighbour];
                if other & (REVEALED | QUEUED) == 0 {
                    padded[neighbour] = other | QUEUED;
                    // Each square is queued once: the stack cannot overflow.
                    let _ = stack.push(neighbour.wrapping_sub(STRIDE + 1) as u8);
                    flood.pushed += 1;
                }
                k += 1;
            }
        }
        let mut row = 0;
        while row < usize::from(super::HEIGHT) {
            let mut column = 0;
            while column < width {
                let square = &mut self.squares[row * width + column];
                // Mines are never queued; leave them (and DETONATED) alone.
                if square.0 & MINE == 0 {
                    let bits = padded[((row + 1) * STRIDE + column + 1) & 127] & !QUEUED;
                    square.0 = bits;
                    flood.covered_safe += u8::from(bits & REVEALED == 0);
                }
                column += 1;
            }
            row += 1;
        }
        flood
    }

    /// On a revealed number whose flagged neighbours match it, reveals every
    /// other covered neighbour. If that loses, flags the floodfill removed
    /// from wrongly flagged neighbours come back, so the player sees the mistake.
    /// Does not count a click (`act` does).
    pub fn chord(&mut self, pos: Pos) -> Outcome {
        if self.state != GameState::Playing {
            return Outcome::Ignored;
        }
        let Some(square) = self.square(pos) else {
            return Outcome::Ignored;
        };
        if !square.is_revealed_number() {
            return Outcome::Ignored;
        }
        let mut flags = 0;
        let mut false_flags = PosSet::EMPTY;
        let mut targets = PosSet::EMPTY;
        for neighbour in pos.neighbours() {
            let Some(other) = self.square(neighbour) else {
                continue;
            };
            if other.is_flagged() {
                flags += 1;
                if !other.is_mine() {
                    false_flags.insert(neighbour);
                }
            } else if !other.is_revealed() {
                targets.insert(neighbour);
            }
        }
        if flags != square.neighbours() {
            return Outcome::ChordRefused;
        }
        if targets.is_empty() {
            return Outcome::Ignored;
        }
        let mut revealed = 0u8;
        for target in targets {
            // An earlier target's floodfill may already have uncovered this one.
            if !self.is_coverable(target) {
                continue;
            }
            // Keep going after a mine, like the original: every mistake shows.
            if let Outcome::Revealed { count } = self.uncover(target) {
                revealed += count;
            }
        }
        if self.state == GameState::Dead {
            for flag in false_flags {
                if let Some(square) = flag.index().and_then(|index| self.squares.get_mut(index)) {
                    square.set(SquareFlags::FLAGGED, true);
                }
            }
            return Outcome::Lost;
        }
        self.finish_move(Outcome::Chorded { count: revealed })
    }

    /// Turns a safe move into a win once every safe square is uncovered,
    /// flagging the remaining mines as the classic games do.
    fn finish_move(&mut self, outcome: Outcome) -> Outcome {
        if self.state != GameState::Playing {
            return outcome;
        }
        // One pass: is every square either a mine or revealed?
        let cleared = self
            .squares
            .iter()
            .all(|square| square.is_mine() || square.is_revealed());
        if !cleared {
            return outcome;
        }
        self.win()
    }

    /// Every safe square is open: flag the mines that are left and win.
    fn win(&mut self) -> Outcome {
        for square in &mut self.squares {
            if square.is_mine() {
                square.set(SquareFlags::FLAGGED, true);
            }
        }
        self.state = GameState::Won;
        Outcome::Won
    }
}

impl Default for Board {
    fn default() -> Self {
        Self::new(Difficulty::default(), false)
    }
}

#[cfg(test)]
mod tests;
