//! A field as bytes and back, to keep a game in progress across power-off.
//!
//! As the pocket board's snapshot: only what the player did is kept, with
//! the size, settings, cursor and counters; neighbour counts are worked out
//! again from the mines. It is written several times a second while a game
//! goes on, and what the save checksums costs cycles by the byte, so it is
//! kept small:
//! - the mines: none before the first reveal; for a field dealt from its
//!   code (`Field::act` on a deal), none at all, drawn again from the deal
//!   and the first reveal; else a bit a square, a row of bytes a row;
//! - each square's mark in two bits (covered, open, flagged, "?" or gone
//!   off), four to a byte. Snapshots may also hold the marks as runs of
//!   one mark (a byte a run of up to 64), which is shorter for most games
//!   but costs the keeping several times as much, and more the further a
//!   game goes; they are read, not written.
//!
//! A snapshot that describes no game a field could be in is refused rather
//! than played.

use heapless::Vec;

use super::{Field, MAX_HEIGHT, MAX_SQUARES, MAX_WIDTH, Mines, Place, SLOTS, STRIDE, Size};
use crate::clock::MAX_FRAMES;
use crate::code::DEALS;
use crate::game_state::GameState;
use crate::square::{Square, SquareFlags};
use shared::random::Rng;

/// Bytes before the body: the size (4), state, switches and the body's
/// form (3), cursor and first reveal (4), clock (4), clicks (2), deal (2).
const HEADER_BYTES: usize = 19;
/// Bytes of a row of mine bits.
const fn mine_row_bytes(width: u8) -> usize {
    (width as usize).div_ceil(8)
}
/// The largest snapshot, Expert's: its mines a bit a square, its marks
/// two bits a square.
pub const MAX_SNAPSHOT_BYTES: usize =
    HEADER_BYTES + mine_row_bytes(MAX_WIDTH) * MAX_HEIGHT as usize + MAX_SQUARES / 4;
/// `first` before the first reveal.
const NOWHERE: u8 = u8::MAX;

/// The header's switches.
const NO_GUESS: u8 = 1;
const NEW_RECORD: u8 = 2;
/// The body's form: the mines drawn again from the deal; the marks as runs.
const DEALT: u8 = 1;
const RUNS: u8 = 2;
/// The longest run a byte holds.
#[cfg(test)]
const LONGEST_RUN: usize = 64;

/// A square's mark, as two bits, a square at a time (`row_marks` works
/// them out four at a time; the tests hold one to the other).
#[cfg(test)]
const fn mark_of(flags: u8) -> u8 {
    if flags & SquareFlags::REVEALED.bits() != 0 {
        1
    } else if flags & SquareFlags::FLAGGED.bits() != 0 {
        2
    } else if flags & SquareFlags::DETONATED.bits() != 0 {
        3
    } else {
        0
    }
}

/// `mark_of` for each square byte's low nibble: a table read a square.
#[cfg(test)]
static MARK_OF: [u8; 16] = {
    let mut table = [0; 16];
    let mut flags = 0;
    while flags < 16 {
        table[flags as usize] = mark_of(flags);
        flags += 1;
    }
    table
};

/// A mark's flags (the mine bit aside).
const MARK_FLAGS: [u8; 4] = [
    0,
    SquareFlags::REVEALED.bits(),
    SquareFlags::FLAGGED.bits(),
    SquareFlags::DETONATED.bits(),
];

/// The marks' bytes as they are made.
struct Body {
    bytes: [u8; MAX_SQUARES / 4],
    len: usize,
}

impl Body {
    fn put(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }
}

impl Field {
    /// Row `y`'s mines as bits: gathered four squares a word, not walked a
    /// square at a time.
    fn mine_row(&self, y: u8) -> u32 {
        const MINE_BITS: u32 = 0x0101_0101 * SquareFlags::MINE.bits() as u32;
        let mut row = 0;
        for part in 0..STRIDE / 4 {
            let four = self.word(usize::from(y) * STRIDE / 4 + part) & MINE_BITS;
            row |= super::gather(four) << (4 * part);
        }
        row & ((1 << self.size.width()) - 1)
    }

    /// Row `y`'s marks (see `mark_of`), two bits a square: squares 0 to
    /// 15 in one word and 16 on in the other, each with how many squares of
    /// the field it holds. Worked out four squares at a time (words, not
    /// the library's long arithmetic, which is slow on the GBA).
    fn row_marks(&self, y: u8) -> [(u32, u32); 2] {
        const LOW_BITS: u32 = 0x0101_0101;
        let mut halves = [0u32; 2];
        for part in 0..STRIDE / 4 {
            let four = self.word(usize::from(y) * STRIDE / 4 + part);
            let revealed = four >> 1 & LOW_BITS;
            let flagged = four >> 2 & LOW_BITS & !revealed;
            let detonated = four >> 3 & LOW_BITS & !(revealed | flagged);
            // A byte's two-bit mark, the four gathered into one byte.
            let each = revealed | (flagged << 1) | (detonated * 3);
            let byte = (each | each >> 6 | each >> 12 | each >> 18) & 0xFF;
            halves[part / 4] |= byte << (8 * (part % 4));
        }
        let width = u32::from(self.size.width());
        let first = width.min(16);
        let second = width - first;
        let keep = |squares: u32| {
            if squares >= 16 {
                u32::MAX
            } else {
                (1 << (2 * squares)) - 1
            }
        };
        [
            (halves[0] & keep(first), first),
            (halves[1] & keep(second), second),
        ]
    }

    /// The field as bytes ([`Field::from_snapshot`] reads them back).
    #[must_use]
    pub fn snapshot(&self) -> Vec<u8, MAX_SNAPSHOT_BYTES> {
        let mut bytes: Vec<u8, MAX_SNAPSHOT_BYTES> = Vec::new();
        let size = self.size;
        let first = self.first.unwrap_or(Place::new(NOWHERE, NOWHERE));
        let [mines_low, mines_high] = size.mines().to_le_bytes();
        let dealt = self.dealt && self.state != GameState::Fresh;
        let _ = bytes.extend_from_slice(&[
            size.width(),
            size.height(),
            mines_low,
            mines_high,
            self.state as u8,
            (u8::from(self.no_guess) * NO_GUESS) | (u8::from(self.new_record) * NEW_RECORD),
            u8::from(dealt) * DEALT,
            self.cursor.x,
            self.cursor.y,
            first.x,
            first.y,
        ]);
        let _ = bytes.extend_from_slice(&self.elapsed_frames.to_le_bytes());
        let _ = bytes.extend_from_slice(&self.clicks.to_le_bytes());
        let _ = bytes.extend_from_slice(&self.deal.to_le_bytes());
        if self.state != GameState::Fresh && !dealt {
            for y in 0..size.height() {
                let row = self.mine_row(y).to_le_bytes();
                let _ = bytes.extend_from_slice(&row[..mine_row_bytes(size.width())]);
            }
        }
        // The marks packed four to a byte, each row's after the last's: a
        // row's worked out four squares a word, then put a half-word at a
        // time onto the bits not yet a byte (a cost the same for every
        // game, which the frame it is kept in can count on). Made in a
        // buffer of their own and added in one go: a push a byte costs more
        // than the rest.
        let mut body = Body {
            bytes: [0; MAX_SQUARES / 4],
            len: 0,
        };
        let (mut pending, mut pending_bits) = (0u32, 0u32);
        for y in 0..size.height() {
            for (marks, width) in self.row_marks(y) {
                let (mut marks, mut bits) = (marks, 2 * width);
                while bits > 0 {
                    // Under 8 bits wait, so 16 more fit the word.
                    let taken = bits.min(16);
                    pending |= (marks & ((1 << taken) - 1)) << pending_bits;
                    pending_bits += taken;
                    (marks, bits) = (marks >> taken, bits - taken);
                    while pending_bits >= 8 {
                        body.put(pending as u8);
                        (pending, pending_bits) = (pending >> 8, pending_bits - 8);
                    }
                }
            }
        }
        if pending_bits > 0 {
            body.put(pending as u8);
        }
        let _ = bytes.extend_from_slice(body.bytes.get(..body.len).unwrap_or(&[]));
        bytes
    }

    /// The field a snapshot describes; `None` if it is not one a game
    /// could be in.
    #[must_use]
    pub fn from_snapshot(bytes: &[u8]) -> Option<Self> {
        Self::from_snapshot_and(bytes, None)
    }

    /// The mines of a snapshot that keeps none (a field dealt from its
    /// code), drawn again: the costlier half of reading it, for a frame of
    /// its own (then [`Field::from_snapshot_and`]). `None` for any other.
    #[must_use]
    pub fn dealt_mines(bytes: &[u8]) -> Option<Mines> {
        let header = bytes.get(..HEADER_BYTES)?;
        let size = Size::custom(
            header[0],
            header[1],
            u16::from_le_bytes([header[2], header[3]]),
        )?;
        let first = Place::new(header[9], header[10]);
        if header[6] & DEALT == 0 || !size.contains(first) {
            return None;
        }
        let mut field = Self::new(size, header[5] & NO_GUESS != 0);
        field.deal = u16::from_le_bytes([header[17], header[18]]);
        Some(Mines::random(
            size,
            first,
            &mut Rng::new(field.code().seed()),
        ))
    }

    /// [`Field::from_snapshot`] with the mines [`Field::dealt_mines`] drew
    /// for `bytes` (if it drew any), not drawn again.
    #[must_use]
    pub fn from_snapshot_and(bytes: &[u8], dealt: Option<&Mines>) -> Option<Self> {
        Self::from_snapshot_unchecked(bytes, dealt).filter(Self::holds_a_game)
    }

    /// [`Field::from_snapshot_and`] but for the last check, that the squares
    /// make a game ([`Field::holds_a_game`]): a frame's work split in two.
    /// A field that fails that check must not be played.
    #[must_use]
    pub fn from_snapshot_unchecked(bytes: &[u8], dealt: Option<&Mines>) -> Option<Self> {
        // Made on the stack (internal work RAM, several times faster to
        // write than the heap's) and read into.
        let mut field = Self::new(Size::BEGINNER, false);
        field.read(bytes, dealt)?;
        Some(field)
    }

    /// Become the field `bytes` describe (with the mines `dealt` drawn for
    /// them, if given); `None` if they describe no game.
    fn read(&mut self, bytes: &[u8], dealt_mines: Option<&Mines>) -> Option<()> {
        let (header, mut body) = bytes.split_at_checked(HEADER_BYTES)?;
        let number = |at: usize| u16::from_le_bytes([header[at], header[at + 1]]);
        // Only a field the menu makes: a standard one or a custom one.
        let size = Size::custom(header[0], header[1], number(2))?;
        let state = *GameState::ALL.get(usize::from(header[4]))?;
        let (switches, form) = (header[5], header[6]);
        if switches & !(NO_GUESS | NEW_RECORD) != 0 || form & !(DEALT | RUNS) != 0 {
            return None;
        }
        let (no_guess, new_record) = (switches & NO_GUESS != 0, switches & NEW_RECORD != 0);
        let (dealt, runs) = (form & DEALT != 0, form & RUNS != 0);
        let cursor = Place::new(header[7], header[8]);
        let first = match (header[9], header[10]) {
            (NOWHERE, NOWHERE) => None,
            (x, y) => Some(Place::new(x, y)),
        };
        let elapsed_frames = u32::from_le_bytes([header[11], header[12], header[13], header[14]]);
        let (clicks, deal) = (number(15), number(17));
        if !size.contains(cursor)
            || first.is_some_and(|first| !size.contains(first))
            || elapsed_frames > MAX_FRAMES
            || deal > DEALS
        {
            return None;
        }
        self.squares.fill(Square::EMPTY);
        (self.size, self.no_guess, self.deal) = (size, no_guess, deal);
        // The mines: drawn again from the deal, or a bit a square.
        let mut rows = [0u32; MAX_HEIGHT as usize];
        if state != GameState::Fresh {
            if dealt {
                let first = first?;
                let seed = self.code().seed();
                let mines = match dealt_mines {
                    Some(mines) if mines.drawn() == Some((first, seed)) => *mines,
                    Some(_) => return None,
                    None => Mines::random(size, first, &mut Rng::new(seed)),
                };
                for (y, row) in rows.iter_mut().enumerate() {
                    *row = mines.row(y as u8);
                }
            } else {
                let row_bytes = mine_row_bytes(size.width());
                for row in rows.iter_mut().take(usize::from(size.height())) {
                    let (these, rest) = body.split_at_checked(row_bytes)?;
                    let mut word = [0u8; 4];
                    word[..row_bytes].copy_from_slice(these);
                    *row = u32::from_le_bytes(word);
                    body = rest;
                }
            }
        } else if dealt {
            return None;
        }
        // Each square's mark and mine bit into place, tallying how many
        // squares hold each of the sixteen sets of flags: the checks below
        // are sums of those counts.
        // Each square's mark into place: a run a slice filled at a time.
        let (width, total) = (usize::from(size.width()), size.squares());
        let (mut x, mut y, mut placed) = (0, 0, 0);
        if runs {
            for &byte in body {
                let length = usize::from(byte & 63) + 1;
                if placed + length > total {
                    return None;
                }
                let flags = Square(MARK_FLAGS[usize::from(byte >> 6)]);
                for _ in 0..length {
                    self.squares[(y * STRIDE + x) % SLOTS] = flags;
                    x += 1;
                    if x == width {
                        (x, y) = (0, y + 1);
                    }
                }
                placed += length;
            }
        } else {
            if body.len() != total.div_ceil(4) {
                return None;
            }
            for &byte in body {
                let mut marks = byte;
                for _ in 0..4 {
                    if placed < total {
                        self.squares[(y * STRIDE + x) % SLOTS] =
                            Square(MARK_FLAGS[usize::from(marks & 3)]);
                        x += 1;
                        if x == width {
                            (x, y) = (0, y + 1);
                        }
                        placed += 1;
                    }
                    marks >>= 2;
                }
            }
        }
        if placed != total {
            return None;
        }
        // The mines laid (their bits and the counts; the marks kept).
        if state != GameState::Fresh {
            self.lay_mines(&Mines::at_rows(size, rows));
        }
        self.state = state;
        self.new_record = new_record;
        self.cursor = cursor;
        self.first = first;
        self.elapsed_frames = elapsed_frames;
        self.clicks = clicks;
        self.dealt = dealt;
        Some(())
    }

    /// Whether the squares make a game a field could be in (see
    /// [`Field::from_snapshot_unchecked`]), counted four squares a word.
    #[must_use]
    pub fn holds_a_game(&self) -> bool {
        let size = self.size;
        let count = |flags: SquareFlags| usize::from(self.count_squares(flags));
        let mine_count = count(SquareFlags::MINE);
        let all_mines = mine_count == usize::from(size.mines());
        // Once mines are laid, the first reveal is a safe square, open.
        let first_opened = self.first.is_some_and(|first| {
            self.square(first).is_some_and(|square| {
                square.flags() & (SquareFlags::MINE | SquareFlags::REVEALED)
                    == SquareFlags::REVEALED
            })
        });
        let revealed = count(SquareFlags::REVEALED);
        let revealed_mines = count(SquareFlags::MINE | SquareFlags::REVEALED);
        match self.state {
            // Mines are laid on the first reveal: flags and "?"s before it,
            // and a no-guess field's first reveal waiting for its layout.
            GameState::Fresh => {
                mine_count == 0 && revealed == 0 && (self.first.is_none() || self.no_guess)
            }
            // A safe square still covered, or the game would be won.
            GameState::Playing => {
                all_mines
                    && first_opened
                    && revealed_mines == 0
                    && revealed + mine_count < size.squares()
            }
            // Every safe square open, every mine flagged.
            GameState::Won => {
                all_mines
                    && first_opened
                    && revealed_mines == 0
                    && revealed + mine_count == size.squares()
                    && count(SquareFlags::MINE | SquareFlags::FLAGGED) == mine_count
            }
            // No mine is ever revealed: the ones that went off are marked.
            GameState::Dead => {
                let gone_off = count(SquareFlags::DETONATED);
                all_mines
                    && first_opened
                    && revealed_mines == 0
                    && gone_off >= 1
                    && count(SquareFlags::DETONATED | SquareFlags::MINE) == gone_off
            }
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::Outcome;
    use shared::random::Rng;
    use std::vec::Vec;

    /// The marks' part of a snapshot a square at a time: packed four to a
    /// byte, and as runs (the form older snapshots may hold).
    fn marks_a_square_at_a_time(field: &Field) -> (Vec<u8>, Vec<u8>) {
        let size = field.size;
        let mut runs = Vec::new();
        let mut packed = std::vec![0u8; size.squares().div_ceil(4)];
        let (mut mark, mut length, mut index) = (u8::MAX, 0, 0);
        for y in 0..size.height() {
            for square in field.row(y) {
                let next = MARK_OF[usize::from(square.0 & 15)];
                packed[index >> 2] |= next << ((index & 3) * 2);
                index += 1;
                if next == mark && length < LONGEST_RUN {
                    length += 1;
                    continue;
                }
                if length > 0 {
                    runs.push(mark << 6 | (length - 1) as u8);
                }
                (mark, length) = (next, 1);
            }
        }
        runs.push(mark << 6 | (length - 1) as u8);
        (packed, runs)
    }

    /// `field`'s snapshot with its marks as runs, as older ROMs wrote it
    /// where that was shorter.
    fn snapshot_with_runs(field: &Field) -> Vec<u8> {
        let bytes = field.snapshot();
        let (packed, runs) = marks_a_square_at_a_time(field);
        let mut with_runs = bytes[..bytes.len() - packed.len()].to_vec();
        with_runs[6] |= RUNS;
        with_runs.extend_from_slice(&runs);
        with_runs
    }

    /// A no-guess field kept while its first reveal waits for a layout
    /// comes back waiting on the same square: the search runs again.
    #[test]
    fn a_field_waiting_for_its_layout_comes_back_waiting() {
        let mut field = Field::new(Size::EXPERT, true);
        field.set_deal(77);
        let first = Place::new(12, 5);
        assert_eq!(field.act(first, &mut Rng::new(1)), Outcome::NeedsLayout);
        let kept = Field::from_snapshot(&field.snapshot()).expect("a game");
        assert_eq!(kept.awaiting_layout(), Some(first));
        assert_eq!(kept, field);
    }

    #[test]
    fn marks_made_a_word_at_a_time_are_those_made_a_square_at_a_time() {
        for field in fields_of_random_games(400) {
            let snapshot = field.snapshot();
            let (expected, _) = marks_a_square_at_a_time(&field);
            assert_eq!(
                &snapshot[snapshot.len() - expected.len()..],
                expected.as_slice(),
                "{:?}",
                field.size()
            );
            assert_eq!(snapshot[6] & RUNS, 0);
        }
    }

    /// Snapshots that hold their marks as runs, as older ROMs wrote most,
    /// read back as the same field.
    #[test]
    fn marks_kept_as_runs_read_back() {
        let mut shorter = 0;
        for field in fields_of_random_games(if cfg!(miri) { 2 } else { 200 }) {
            let bytes = snapshot_with_runs(&field);
            shorter += usize::from(bytes.len() < field.snapshot().len());
            assert_eq!(Field::from_snapshot(&bytes).as_ref(), Some(&field));
        }
        assert!(shorter > 0);
    }

    fn sizes() -> [Size; 5] {
        let custom = |w, h, m| Size::custom(w, h, m).expect("a custom size");
        [
            Size::BEGINNER,
            Size::INTERMEDIATE,
            Size::EXPERT,
            custom(9, 11, 20),
            custom(30, 16, 435),
        ]
    }

    /// Every field a game passes through, from random games on every size:
    /// reveals, marks and chords at random squares, no-guess or not, the
    /// clock ticking, the cursor moving, to the end and past it.
    fn fields_of_random_games(games: u32) -> Vec<Field> {
        let mut rng = Rng::new(0x5AFE_F1E1);
        let mut fields = Vec::new();
        for game in 0..games {
            let size = sizes()[(game % 5) as usize];
            let mut field = Field::new(size, game % 4 == 0);
            field.set_deal(rng.below(u32::from(DEALS)) as u16);
            for _ in 0..60 {
                let mut place = Place::new(
                    rng.below(u32::from(size.width())) as u8,
                    rng.below(u32::from(size.height())) as u8,
                );
                // Often a player who knows where the mines are: games are won too.
                if field.state() == GameState::Playing && rng.below(4) != 0 {
                    let safe = (0..size.height())
                        .flat_map(|y| (0..size.width()).map(move |x| Place::new(x, y)))
                        .find(|&p| {
                            field
                                .square(p)
                                .is_some_and(|s| !s.is_mine() && !s.is_revealed())
                        });
                    place = safe.unwrap_or(place);
                }
                // Half the games are dealt from their code, as the app deals.
                let dealing = game % 2 == 1 && field.state() == GameState::Fresh;
                match rng.below(5) {
                    0 | 1 => {
                        let mut deal = Rng::new(field.code().seed());
                        let moves = if dealing { &mut deal } else { &mut rng };
                        if field.act(place, moves) == Outcome::NeedsLayout {
                            fields.push(field.clone());
                            let mines = Mines::random(size, place, &mut rng);
                            let _ = field.start_with_layout(place, &mines);
                        }
                    }
                    2 => {
                        let _ = field.cycle_mark(place, true);
                    }
                    3 => {
                        let _ = field.move_cursor(rng.below(3) as i8 - 1, rng.below(3) as i8 - 1);
                    }
                    _ => {
                        for _ in 0..rng.below(200) {
                            field.tick_frame();
                        }
                    }
                }
                field.set_new_record(rng.below(7) == 0);
                fields.push(field.clone());
            }
        }
        fields
    }

    #[test]
    fn every_field_of_a_game_comes_back_as_it_was() {
        let fields = fields_of_random_games(if cfg!(miri) { 2 } else { 300 });
        let states = |wanted| fields.iter().filter(|f| f.state() == wanted).count();
        assert!(states(GameState::Won) > 0 && states(GameState::Dead) > 0);
        assert!(fields.iter().any(|field| field.awaiting_layout().is_some()));
        let mut forms = [0u32; 2];
        for field in &fields {
            let bytes = field.snapshot();
            forms[usize::from(bytes[6] & DEALT)] += 1;
            assert_eq!(Field::from_snapshot(&bytes).as_ref(), Some(field));
        }
        // Both forms of body: mines kept or drawn again.
        assert!(forms.iter().all(|&count| count > 0), "{forms:?}");
    }

    #[test]
    fn a_dealt_field_reads_in_two_halves() {
        for field in fields_of_random_games(if cfg!(miri) { 2 } else { 60 }) {
            let bytes = field.snapshot();
            let mines = Field::dealt_mines(&bytes);
            assert_eq!(mines.is_some(), bytes[6] & DEALT != 0);
            assert_eq!(
                Field::from_snapshot_and(&bytes, mines.as_ref()).as_ref(),
                Some(&field)
            );
            // Mines drawn for another field are refused.
            let other = Mines::random(field.size(), Place::new(0, 0), &mut Rng::new(1));
            if mines.is_some() {
                assert!(Field::from_snapshot_and(&bytes, Some(&other)).is_none());
            }
        }
    }

    #[test]
    fn expert_fits_the_largest_snapshot() {
        // Its mines kept (not the deal's), and a mark that changes at every
        // square: no runs to save bytes.
        let mut field = Field::new(Size::EXPERT, false);
        field.set_deal(1);
        let _ = field.act(Place::new(0, 0), &mut Rng::new(1));
        for index in 0..MAX_SQUARES {
            let place = Place::new((index % 30) as u8, (index / 30) as u8);
            if index % 2 == 1 && field.square(place).is_some_and(|s| !s.is_revealed()) {
                let _ = field.toggle_flag(place);
            }
        }
        let bytes = field.snapshot();
        assert_eq!(bytes.len(), MAX_SNAPSHOT_BYTES);
        assert_eq!(Field::from_snapshot(&bytes), Some(field));
        // A game dealt from its code keeps no mines: its marks only.
        let mut dealt = Field::new(Size::EXPERT, false);
        dealt.set_deal(1234);
        let _ = dealt.act(Place::new(15, 8), &mut Rng::new(dealt.code().seed()));
        let bytes = dealt.snapshot();
        assert_eq!(bytes.len(), HEADER_BYTES + MAX_SQUARES / 4);
        assert_eq!(Field::from_snapshot(&bytes), Some(dealt));
    }

    /// Damage of every kind: never a panic, and what is read back is a
    /// game the rules can hold, its size, state, cursor, clock and counts
    /// as the bytes say.
    #[test]
    fn damaged_snapshots_are_refused_or_read_as_a_game() {
        let fields = fields_of_random_games(if cfg!(miri) { 1 } else { 40 });
        let mut rng = Rng::new(0x0DA3_A6ED);
        let (mut refused, mut read) = (0u32, 0u32);
        for (index, field) in fields.iter().enumerate() {
            // Both forms of marks: packed, and as runs (older snapshots).
            let good = if index % 2 == 0 {
                field.snapshot().to_vec()
            } else {
                snapshot_with_runs(field)
            };
            for _ in 0..if cfg!(miri) { 2 } else { 30 } {
                let mut bytes: Vec<u8> = good.to_vec();
                match rng.below(3) {
                    0 => {
                        let at = rng.below(bytes.len() as u32) as usize;
                        bytes[at] = rng.next_u32() as u8;
                    }
                    1 => {
                        let at = rng.below(bytes.len() as u32) as usize;
                        bytes[at] ^= 1 << rng.below(8);
                    }
                    _ => bytes.truncate(rng.below(bytes.len() as u32) as usize),
                }
                match Field::from_snapshot(&bytes) {
                    Some(back) => {
                        // A game the rules can hold: kept again, it reads
                        // back as itself.
                        let again = back.snapshot();
                        assert_eq!(Field::from_snapshot(&again).as_ref(), Some(&back));
                        assert_eq!(again[..6], bytes[..6]);
                        assert_eq!(again[7..HEADER_BYTES], bytes[7..HEADER_BYTES]);
                        read += 1;
                    }
                    None => refused += 1,
                }
            }
        }
        assert!(refused > 0 && read > 0, "{refused} refused, {read} read");
        for length in 0..MAX_SNAPSHOT_BYTES + 2 {
            let noise: Vec<u8> = (0..length).map(|_| rng.next_u32() as u8).collect();
            let _ = Field::from_snapshot(&noise);
        }
    }

    #[test]
    fn games_no_field_could_be_in_are_refused() {
        let size = Size::BEGINNER;
        let mut rng = Rng::new(4);
        let mut field = Field::new(size, false);
        let _ = field.act(Place::new(4, 4), &mut rng);
        let good = field.snapshot();
        assert!(Field::from_snapshot(&good).is_some());
        let edit = |change: &dyn Fn(&mut Vec<u8>)| {
            let mut bytes = good.to_vec();
            change(&mut bytes);
            Field::from_snapshot(&bytes)
        };
        // A size no menu makes, a cursor or first square off the field.
        assert!(edit(&|b| b[0] = 31).is_none());
        assert!(edit(&|b| b[1] = 17).is_none());
        assert!(
            edit(&|b| b[2] = 80).is_none(),
            "no room left for the first reveal"
        );
        assert!(edit(&|b| b[7] = 9).is_none());
        assert!(edit(&|b| b[10] = 9).is_none());
        // A state, switch or form out of range, a clock past 99:59, a deal
        // past the last.
        assert!(edit(&|b| b[4] = 4).is_none());
        assert!(edit(&|b| b[5] = 4).is_none());
        assert!(edit(&|b| b[6] = 4).is_none());
        assert!(edit(&|b| b[14] = 0x40).is_none());
        assert!(edit(&|b| b[18] = 0x40).is_none());
        // A byte too many or too few.
        assert!(edit(&|b| b.push(0)).is_none());
        assert!(edit(&|b| b.truncate(b.len() - 1)).is_none());
        // Games no field could be in, written as their snapshots: a field's
        // squares changed behind the rules' back.
        let refused = |change: &dyn Fn(&mut Field)| {
            let mut wrong = field.clone();
            change(&mut wrong);
            Field::from_snapshot(&wrong.snapshot()).is_none()
        };
        let mine = (0..size.squares())
            .map(|index| Place::new((index % 9) as u8, (index / 9) as u8))
            .find(|&place| field.square(place).is_some_and(Square::is_mine))
            .expect("a mine");
        let set = |field: &mut Field, place: Place, flag: SquareFlags, on: bool| {
            if let Some(square) = field.square_mut(place) {
                square.set(flag, on);
            }
        };
        // One mine too few; a revealed mine in a game still going.
        assert!(refused(&|f| set(f, mine, SquareFlags::MINE, false)));
        assert!(refused(&|f| set(f, mine, SquareFlags::REVEALED, true)));
        // Every safe square open in a game still going: nothing left but mines.
        let all_open = |f: &mut Field| {
            for index in 0..size.squares() {
                let place = Place::new((index % 9) as u8, (index / 9) as u8);
                if f.square(place).is_some_and(|s| !s.is_mine()) {
                    set(f, place, SquareFlags::REVEALED, true);
                }
            }
        };
        assert!(refused(&all_open));
        // The same as won, but with its mines left unflagged.
        assert!(refused(&|f| {
            all_open(f);
            f.state = GameState::Won;
        }));
        // A mine that went off in a game still going, or on a safe square
        // in a lost one.
        let safe = Place::new(0, 0);
        assert!(
            field
                .square(safe)
                .is_some_and(|s| !s.is_mine() && !s.is_revealed())
        );
        assert!(refused(&|f| {
            f.state = GameState::Dead;
            set(f, safe, SquareFlags::DETONATED, true);
        }));
        // A size only the rules play, not the menu (the pocket board's).
        let pocket = Field::new(Size::new(14, 6, 20).expect("the pocket size"), false);
        assert!(Field::from_snapshot(&pocket.snapshot()).is_none());
    }
}
