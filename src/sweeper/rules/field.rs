//! A Minesweeper field of any size up to 30x16: Beginner, Intermediate,
//! Expert and the player's own ([`Size`]).
//!
//! The rules are the pocket [`Board`](super::Board)'s — the first reveal
//! safe and opening, a chord decided before anything opens, flags and
//! "?" — on the same one-byte [`Square`]s and the same stack floodfill,
//! with the size a value. The pocket board keeps a type of its own: its 96
//! bytes are what the app holds while closed, and its hot loops are tuned
//! to 14x6. The tests play a field of 14x6 beside it and compare every
//! square after every move.

mod mines;
mod size;

use heapless::Vec;

use super::clock::{self, MAX_FRAMES};
use super::game_state::GameState;
use super::outcome::Outcome;
use super::square::{Square, SquareFlags};
use shared::random::Rng;

pub use mines::Mines;
pub use size::{MAX_HEIGHT, MAX_SQUARES, MAX_WIDTH, MIN_CUSTOM_MINES, MIN_CUSTOM_SIDE, Size};

/// A square's place on a field: column `x`, row `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Place {
    pub x: u8,
    pub y: u8,
}

impl Place {
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Self {
        Self { x, y }
    }

    /// `x` in the low five bits, `y` above: a floodfill stack entry, whose
    /// neighbours are fixed offsets from it.
    const fn packed(self) -> u16 {
        (self.y as u16) << 5 | self.x as u16
    }

    const fn unpacked(bits: u16) -> Self {
        Self {
            x: (bits & 31) as u8,
            y: (bits >> 5) as u8,
        }
    }
}

/// A field and the game on it. Every method takes any [`Place`]; places
/// off the field are ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Row-major, `size.width()` to a row; those past `size.squares()`
    /// stay empty.
    squares: [Square; MAX_SQUARES],
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
}

/// What one floodfill did; `pushed` lets tests prove no square is queued twice.
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
            squares: [Square::EMPTY; MAX_SQUARES],
            size,
            state: GameState::Fresh,
            no_guess,
            new_record: false,
            cursor: Place::new(size.width() / 2, size.height() / 2),
            first: None,
            elapsed_frames: 0,
            clicks: 0,
        }
    }

    /// Starts over on the same size, with the cursor where it is.
    pub fn reset(&mut self) {
        *self = Self {
            cursor: self.cursor,
            ..Self::new(self.size, self.no_guess)
        };
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

    /// The field's squares, row-major (index = y * width + x).
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        self.squares.get(..self.size.squares()).unwrap_or(&[])
    }

    /// The square at `place`, `None` off the field.
    #[must_use]
    pub fn square(&self, place: Place) -> Option<Square> {
        self.size
            .index_of(place)
            .and_then(|index| self.squares.get(index).copied())
    }

    fn square_mut(&mut self, place: Place) -> Option<&mut Square> {
        self.size
            .index_of(place)
            .and_then(|index| self.squares.get_mut(index))
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
            self.count_squares(Square::is_mine)
        }
    }

    #[must_use]
    pub fn flag_count(&self) -> u16 {
        self.count_squares(Square::is_flagged)
    }

    #[must_use]
    pub fn revealed_count(&self) -> u16 {
        self.count_squares(Square::is_revealed)
    }

    /// Mines minus flags, as the counter shows it (negative when over-flagged).
    #[must_use]
    pub fn mines_left(&self) -> i16 {
        self.mine_count() as i16 - self.flag_count() as i16
    }

    fn count_squares(&self, predicate: fn(Square) -> bool) -> u16 {
        self.squares()
            .iter()
            .filter(|square| predicate(**square))
            .count() as u16
    }

    /// Bechtel's Board Benchmark: the fewest clicks that clear the field,
    /// openings (connected areas of zeros) plus the numbered safe squares
    /// no opening uncovers. 0 before mines are laid.
    ///
    /// Worked on rows of bits, as the pocket board's: an opening grows
    /// from one zero by smearing its bits a square each way until it stops
    /// changing.
    #[must_use]
    pub fn three_bv(&self) -> u16 {
        const ROWS: usize = MAX_HEIGHT as usize;
        if self.state == GameState::Fresh {
            return 0;
        }
        let height = usize::from(self.size.height());
        let row_bits = (1u32 << self.size.width()) - 1;
        let smear = |row: u32| (row | row << 1 | row >> 1) & row_bits;
        let around = |rows: &[u32; ROWS], y: usize| {
            let above = if y > 0 { rows[y - 1] } else { 0 };
            let below = rows.get(y + 1).copied().unwrap_or(0);
            smear(above | rows[y] | below)
        };
        let (mut safe, mut zero) = ([0u32; ROWS], [0u32; ROWS]);
        let rows = self.squares().chunks_exact(usize::from(self.size.width()));
        for ((safe, zero), row) in safe.iter_mut().zip(zero.iter_mut()).zip(rows) {
            for (bit, square) in row.iter().enumerate() {
                if !square.is_mine() {
                    *safe |= 1 << bit;
                    if square.neighbours() == 0 {
                        *zero |= 1 << bit;
                    }
                }
            }
        }
        let mut opened = [0u32; ROWS];
        let mut left = zero;
        let mut openings = 0u16;
        while let Some(y) = left.iter().position(|&row| row != 0) {
            let mut opening = [0u32; ROWS];
            opening[y] = left[y] & left[y].wrapping_neg();
            let mut grew = true;
            while grew {
                grew = false;
                for row in 0..height {
                    let grown = around(&opening, row) & zero[row];
                    grew |= grown != opening[row];
                    opening[row] = grown;
                }
            }
            for row in 0..height {
                left[row] &= !opening[row];
                opened[row] |= around(&opening, row) & safe[row];
            }
            openings += 1;
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
        let mut pressed = Vec::new();
        if self.state.is_over() {
            return pressed;
        }
        let Some(square) = self.square(place) else {
            return pressed;
        };
        if square.is_revealed_number() {
            for neighbour in self.neighbours(place) {
                if self.is_coverable(neighbour) {
                    let _ = pressed.push(neighbour);
                }
            }
        } else if !square.is_revealed() && !square.is_flagged() {
            let _ = pressed.push(place);
        }
        pressed
    }

    /// Covered and unflagged: what a reveal or chord would uncover.
    fn is_coverable(&self, place: Place) -> bool {
        self.square(place)
            .is_some_and(|square| !square.is_revealed() && !square.is_flagged())
    }

    // ----- moves -----

    /// What releasing A on `place` does: the first reveal lays mines away
    /// from it (or asks for a no-guess layout), a revealed number chords,
    /// a covered unflagged square is revealed, anything else is ignored.
    pub fn act(&mut self, place: Place, rng: &mut Rng) -> Outcome {
        let Some(square) = self.square(place) else {
            return Outcome::Ignored;
        };
        let outcome = match self.state {
            GameState::Dead | GameState::Won => Outcome::Ignored,
            // A flag placed before the first move guards its square.
            GameState::Fresh if square.is_flagged() => Outcome::Ignored,
            GameState::Fresh if self.no_guess => {
                self.first = Some(place);
                return Outcome::NeedsLayout;
            }
            GameState::Fresh => {
                self.place_mines(place, rng);
                self.first = Some(place);
                self.reveal(place)
            }
            GameState::Playing if square.is_revealed() => self.chord(place),
            GameState::Playing => self.reveal(place),
        };
        self.forget_uncovered_questions();
        self.count_click(outcome)
    }

    /// A "?" goes with its square's cover, or under a flag; a lost game
    /// keeps only the mine that went off.
    fn forget_uncovered_questions(&mut self) {
        if self.state == GameState::Dead {
            return;
        }
        for square in &mut self.squares {
            if square.is_detonated() && (square.is_revealed() || square.is_flagged()) {
                square.set(SquareFlags::DETONATED, false);
            }
        }
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
    /// `first` is on it and not a mine.
    pub fn start_with_layout(&mut self, first: Place, mines: &Mines) -> Outcome {
        if self.state != GameState::Fresh || !self.size.contains(first) || mines.contains(first) {
            return Outcome::Ignored;
        }
        self.first = Some(first);
        self.lay_mines(mines);
        let outcome = self.reveal(first);
        self.forget_uncovered_questions();
        self.count_click(outcome)
    }

    /// Lays `mines` into the squares (mine bits and neighbour counts; mines
    /// off the field are left out) and starts the game without revealing
    /// anything. Flags and "?"s placed before the first move stay.
    pub fn lay_mines(&mut self, mines: &Mines) {
        const MINE: u8 = SquareFlags::MINE.bits();
        const MARKS: u8 = SquareFlags::FLAGGED.bits() | SquareFlags::DETONATED.bits();
        let width = usize::from(self.size.width());
        for (y, row) in self.squares[..self.size.squares()]
            .chunks_exact_mut(width)
            .enumerate()
        {
            let y = y as u8;
            let mine_row = mines.row(y);
            for (x, square) in row.iter_mut().enumerate() {
                let mine = (mine_row >> x) as u8 & 1;
                let count = mines.around(x as u8, y);
                *square = Square((count << 4) | (mine * MINE) | (square.0 & MARKS));
            }
        }
        self.state = GameState::Playing;
        self.elapsed_frames = 0;
        self.new_record = false;
    }

    fn count_click(&mut self, outcome: Outcome) -> Outcome {
        if !matches!(outcome, Outcome::Ignored | Outcome::NeedsLayout) {
            self.clicks = self.clicks.saturating_add(1);
        }
        outcome
    }

    /// Flags or unflags a covered square, before the first move too.
    pub fn toggle_flag(&mut self, place: Place) -> Outcome {
        self.cycle_mark(place, false)
    }

    /// B on a covered square: a flag; on a flag, nothing, or with
    /// `question_marks` a "?" (and on a "?", nothing).
    pub fn cycle_mark(&mut self, place: Place, question_marks: bool) -> Outcome {
        if self.state.is_over() {
            return Outcome::Ignored;
        }
        let Some(square) = self.square_mut(place) else {
            return Outcome::Ignored;
        };
        if square.is_revealed() {
            return Outcome::Ignored;
        }
        let outcome = if square.is_flagged() {
            square.set(SquareFlags::FLAGGED, false);
            square.set(SquareFlags::DETONATED, question_marks);
            if question_marks {
                Outcome::Questioned
            } else {
                Outcome::Unflagged
            }
        } else if square.is_questioned() {
            square.set(SquareFlags::DETONATED, false);
            Outcome::Unquestioned
        } else {
            square.set(SquareFlags::FLAGGED, true);
            Outcome::Flagged
        };
        self.count_click(outcome)
    }

    /// Uncovers a covered, unflagged square while playing. A mine ends the
    /// game; a zero floods outwards. Does not count a click (`act` does).
    pub fn reveal(&mut self, place: Place) -> Outcome {
        if self.state != GameState::Playing || !self.is_coverable(place) {
            return Outcome::Ignored;
        }
        if self.square(place).is_some_and(Square::is_mine) {
            return self.detonate(place);
        }
        let flood = self.flood_reveal(place);
        if flood.covered_safe == 0 {
            return self.win();
        }
        Outcome::Revealed {
            count: flood.revealed,
        }
    }

    /// Sets off the mine at `place`: marked DETONATED, the game is lost.
    fn detonate(&mut self, place: Place) -> Outcome {
        let Some(index) = self.size.index_of(place) else {
            return Outcome::Ignored;
        };
        // The bit marked "?"s until now: only the mines that go off keep it.
        if self.state != GameState::Dead {
            for square in &mut self.squares {
                square.set(SquareFlags::DETONATED, false);
            }
        }
        if let Some(square) = self.squares.get_mut(index) {
            square.set(SquareFlags::DETONATED, true);
        }
        self.state = GameState::Dead;
        Outcome::Lost
    }

    /// Floodfill from a safe square: reveal it and, through zeros,
    /// everything connected plus the numbered border, with an explicit
    /// stack of packed places (each enters it at most once, so a stack the
    /// size of the largest field cannot overflow). False flags and "?"s it
    /// uncovers are removed.
    ///
    /// "Revealed, a mine or queued" lives in a bitmap of rows, one word a
    /// row with "visited" borders (bit 0, the bits past the last column,
    /// and whole rows above and below), so a zero's eight neighbours are
    /// three word loads and one test, with no edge checks.
    fn flood_reveal(&mut self, start: Place) -> Flood {
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
        let width = usize::from(self.size.width());
        // visited[y + 1] bit x + 1: square (x, y) is revealed, a mine or queued.
        let mut visited = [u32::MAX; MAX_HEIGHT as usize + 2];
        let done_before = self.visited_rows(&mut visited);
        let mut stack: Vec<u16, MAX_SQUARES> = Vec::new();
        visited[usize::from(start.y) + 1] |= 2 << start.x;
        let _ = stack.push(start.packed());
        flood.pushed = 1;
        while let Some(packed) = stack.pop() {
            let Place { x, y } = Place::unpacked(packed);
            let (x, y) = (u32::from(x), usize::from(y));
            // Only places on the field are queued: `start` was checked, and
            // a neighbour is queued only if its `visited` bit is clear,
            // which border bits never are.
            let Some(square) = self.squares.get_mut(y * width + x as usize) else {
                continue;
            };
            let bits = square.0;
            square.0 = (bits | REVEALED) & !MARKS;
            if bits >> 4 != 0 {
                continue; // a number: the border of the opening
            }
            // Rows y - 1, y, y + 1 are visited[y..y + 3]; in each, columns
            // x - 1..=x + 1 are bits x..=x + 2.
            let (above, here, below) = (visited[y], visited[y + 1], visited[y + 2]);
            if (above & here & below) >> x & 7 == 7 {
                continue; // every neighbour is already open or queued
            }
            // Queues a row's unvisited squares among columns x - 1..=x + 1;
            // `left` is the packed place of column x - 1 in that row.
            let mut queue_row = |row: usize, marks: u32, left: u16| {
                let free = !(marks >> x) & 7;
                if free == 0 {
                    return;
                }
                visited[row] = marks | free << x;
                for (bit, offset) in [(1, 0), (4, 2), (2, 1)] {
                    if free & bit != 0 {
                        let _ = stack.push(left.wrapping_add(offset));
                    }
                }
                flood.pushed += free.count_ones() as u16;
            };
            queue_row(y + 1, here, packed.wrapping_sub(1));
            queue_row(y, above, packed.wrapping_sub(33));
            queue_row(y + 2, below, packed.wrapping_add(31));
        }
        // Every square queued was unvisited and is now revealed, so the
        // squares this fill uncovered are the visited bits it added.
        let border = Self::border(self.size.width());
        let done_after: u16 = visited[1..=usize::from(self.size.height())]
            .iter()
            .map(|row| (row & !border).count_ones() as u16)
            .sum();
        flood.revealed = done_after - done_before;
        flood.covered_safe = self.size.squares() as u16 - done_after;
        flood
    }

    /// A floodfill row's bits that are not columns of a field `width`
    /// squares wide: bit 0 (column -1) and those past the last column.
    const fn border(width: u8) -> u32 {
        !(((1u32 << width) - 1) << 1)
    }

    /// Fills the floodfill's bitmap of revealed or mined squares (row y is
    /// `rows[y + 1]`, square x bit x + 1, the borders set) and returns how
    /// many there are.
    fn visited_rows(&self, rows: &mut [u32; MAX_HEIGHT as usize + 2]) -> u16 {
        const DONE: u8 = SquareFlags::MINE.bits() | SquareFlags::REVEALED.bits();
        let border = Self::border(self.size.width());
        let mut count = 0;
        let squares = self.squares().chunks_exact(usize::from(self.size.width()));
        for (row, squares) in rows[1..].iter_mut().zip(squares) {
            let bits = squares.iter().enumerate().fold(0u32, |bits, (x, square)| {
                bits | u32::from(square.0 & DONE != 0) << x
            });
            count += bits.count_ones() as u16;
            *row = border | bits << 1;
        }
        count
    }

    /// On a revealed number whose flagged neighbours match it, reveals every
    /// other covered neighbour, all together: if any is a mine the chord
    /// loses, whatever the floods uncovered first, and false flags around
    /// it go back to covered and flagged, so the player sees the mistake.
    /// It wins only when it sets off no mine and leaves no safe square
    /// covered. Does not count a click (`act` does).
    pub fn chord(&mut self, place: Place) -> Outcome {
        if self.state != GameState::Playing {
            return Outcome::Ignored;
        }
        let Some(square) = self.square(place) else {
            return Outcome::Ignored;
        };
        if !square.is_revealed_number() {
            return Outcome::Ignored;
        }
        let mut flags = 0;
        let mut false_flags: Vec<Place, 8> = Vec::new();
        let mut targets: Vec<Place, 8> = Vec::new();
        for neighbour in self.neighbours(place) {
            let Some(other) = self.square(neighbour) else {
                continue;
            };
            if other.is_flagged() {
                flags += 1;
                if !other.is_mine() {
                    let _ = false_flags.push(neighbour);
                }
            } else if !other.is_revealed() {
                let _ = targets.push(neighbour);
            }
        }
        if flags != square.neighbours() {
            return Outcome::ChordRefused;
        }
        if targets.is_empty() {
            return Outcome::Ignored;
        }
        // The mines among the targets decide the outcome before anything is
        // opened: floods never uncover a mine, so no order can hide one.
        let is_mine =
            |field: &Self, target: Place| field.square(target).is_some_and(Square::is_mine);
        let mut revealed = 0;
        let mut covered_safe = u16::MAX;
        for &target in &targets {
            // An earlier target's floodfill may already have uncovered this one.
            if is_mine(self, target) || !self.is_coverable(target) {
                continue;
            }
            // Safe targets open even when the chord loses: every mistake shows.
            let flood = self.flood_reveal(target);
            revealed += flood.revealed;
            covered_safe = flood.covered_safe;
        }
        for &target in &targets {
            if is_mine(self, target) {
                self.detonate(target);
            }
        }
        if self.state == GameState::Dead {
            for &flag in &false_flags {
                if let Some(square) = self.square_mut(flag) {
                    square.set(SquareFlags::REVEALED, false);
                    square.set(SquareFlags::FLAGGED, true);
                }
            }
            return Outcome::Lost;
        }
        if covered_safe == 0 {
            return self.win();
        }
        Outcome::Chorded { count: revealed }
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

#[cfg(test)]
mod tests;
