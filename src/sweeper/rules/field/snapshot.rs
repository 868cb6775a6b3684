//! A field as bytes and back, to keep a game in progress across power-off.
//!
//! As the pocket board's snapshot: only what the player did is kept (which
//! squares hold mines, and which are revealed, flagged, marked "?" or went
//! off, a nibble each), with the size, settings, cursor and counters;
//! neighbour counts are worked out again from the mines. A snapshot that
//! describes no game a field could be in is refused rather than played.

use heapless::Vec;

use super::{Field, MAX_HEIGHT, MAX_SQUARES, Mines, Place, STRIDE, Size};
use crate::clock::MAX_FRAMES;
use crate::code::DEALS;
use crate::game_state::GameState;
use crate::square::{Square, SquareFlags};

/// Bytes before the squares: the size (4), state and switches (3), cursor
/// and first reveal (4), clock (4), clicks (2) and deal (2).
const HEADER_BYTES: usize = 19;
/// The largest snapshot, Expert's: a nibble a square.
pub const MAX_SNAPSHOT_BYTES: usize = HEADER_BYTES + MAX_SQUARES / 2;
/// `first` before the first reveal.
const NOWHERE: u8 = u8::MAX;

impl Field {
    /// The field as bytes ([`Field::from_snapshot`] reads them back).
    #[must_use]
    pub fn snapshot(&self) -> Vec<u8, MAX_SNAPSHOT_BYTES> {
        let mut bytes: Vec<u8, MAX_SNAPSHOT_BYTES> = Vec::new();
        let size = self.size;
        let first = self.first.unwrap_or(Place::new(NOWHERE, NOWHERE));
        let [mines_low, mines_high] = size.mines().to_le_bytes();
        let _ = bytes.extend_from_slice(&[
            size.width(),
            size.height(),
            mines_low,
            mines_high,
            self.state as u8,
            u8::from(self.no_guess),
            u8::from(self.new_record),
            self.cursor.x,
            self.cursor.y,
            first.x,
            first.y,
        ]);
        let _ = bytes.extend_from_slice(&self.elapsed_frames.to_le_bytes());
        let _ = bytes.extend_from_slice(&self.clicks.to_le_bytes());
        let _ = bytes.extend_from_slice(&self.deal.to_le_bytes());
        // Two squares a byte, the first in the low nibble, row after row
        // (a row may end mid-byte): a game in play is kept several times a
        // second.
        let mut low = None;
        for y in 0..size.height() {
            for square in self.row(y) {
                let flags = square.flags().bits();
                match low.take() {
                    None => low = Some(flags),
                    Some(low) => {
                        let _ = bytes.push(low | flags << 4);
                    }
                }
            }
        }
        if let Some(low) = low {
            let _ = bytes.push(low);
        }
        bytes
    }

    /// The field a snapshot describes; `None` if it is not one a game
    /// could be in.
    #[must_use]
    pub fn from_snapshot(bytes: &[u8]) -> Option<Self> {
        // Made on the stack (internal work RAM, several times faster to
        // write than the heap's) and read into.
        let mut field = Self::new(Size::BEGINNER, false);
        field.read(bytes)?;
        Some(field)
    }

    /// Become the field `bytes` describe; `None`, and left as it was, if
    /// they describe no game.
    fn read(&mut self, bytes: &[u8]) -> Option<()> {
        let (header, squares) = bytes.split_at_checked(HEADER_BYTES)?;
        let number = |at: usize| u16::from_le_bytes([header[at], header[at + 1]]);
        // Only a field the menu makes: a standard one or a custom one.
        let size = Size::custom(header[0], header[1], number(2))?;
        if squares.len() != size.squares().div_ceil(2) {
            return None;
        }
        let state = *GameState::ALL.get(usize::from(header[4]))?;
        let switch = |byte: u8| match byte {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        };
        let (no_guess, new_record) = (switch(header[5])?, switch(header[6])?);
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
        // How many squares hold each of the sixteen sets of flags, a byte
        // (two squares) at a time, with no division: the checks below are
        // sums of those counts (the ARM7 reading a kept Expert field).
        let width = usize::from(size.width());
        let mut held = [0usize; 16];
        for &byte in squares {
            held[usize::from(byte & 15)] += 1;
            held[usize::from(byte >> 4)] += 1;
        }
        // A nibble past the last square (an odd count) is always 0.
        let odd = size.squares() % 2 == 1;
        if odd && squares.last().is_some_and(|&byte| byte >> 4 != 0) {
            return None;
        }
        held[0] -= usize::from(odd);
        let nibble = |index: usize| {
            squares
                .get(index / 2)
                .map_or(0, |byte| byte >> (index % 2 * 4) & 15)
        };
        let count = |wanted: SquareFlags| -> usize {
            (0..16u8)
                .filter(|&flags| SquareFlags::from_bits_truncate(flags).contains(wanted))
                .map(|flags| held[usize::from(flags)])
                .sum()
        };
        let any = |is: fn(SquareFlags) -> bool| {
            (0..16u8).any(|flags| {
                held[usize::from(flags)] > 0 && is(SquareFlags::from_bits_truncate(flags))
            })
        };
        let mine_count = count(SquareFlags::MINE);
        let all_mines = mine_count == usize::from(size.mines());
        // Once mines are laid, the first reveal is a safe square, open.
        let first_opened = first.is_some_and(|first| {
            let flags = nibble(usize::from(first.y) * width + usize::from(first.x));
            flags & (SquareFlags::MINE | SquareFlags::REVEALED).bits()
                == SquareFlags::REVEALED.bits()
        });
        let revealed = count(SquareFlags::REVEALED);
        let revealed_mines = count(SquareFlags::MINE | SquareFlags::REVEALED);
        let fits = match state {
            // Mines are laid on the first reveal: flags and "?"s before it,
            // and a no-guess field's first reveal waiting for its layout.
            GameState::Fresh => {
                !any(|flags| !(SquareFlags::FLAGGED | SquareFlags::DETONATED).contains(flags))
                    && (first.is_none() || no_guess)
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
                all_mines
                    && first_opened
                    && revealed_mines == 0
                    && count(SquareFlags::DETONATED) >= 1
                    && !any(|flags| {
                        flags.contains(SquareFlags::DETONATED) && !flags.contains(SquareFlags::MINE)
                    })
            }
        };
        let contradiction = any(|flags| {
            flags.contains(SquareFlags::REVEALED | SquareFlags::FLAGGED)
                || flags.contains(SquareFlags::DETONATED)
                    && flags.intersects(SquareFlags::REVEALED | SquareFlags::FLAGGED)
        });
        if !fits || contradiction {
            return None;
        }
        // Each square's flags into place, a byte of the snapshot at a
        // time, and the mines' rows; then the mines laid, which works out
        // the counts and keeps the flags.
        self.squares.fill(Square::EMPTY);
        (self.size, self.no_guess) = (size, no_guess);
        let mut rows = [0u32; MAX_HEIGHT as usize];
        let mut bytes = squares.iter();
        let mut high = None;
        for (row, bits) in self
            .squares
            .chunks_mut(STRIDE)
            .zip(rows.iter_mut())
            .take(usize::from(size.height()))
        {
            for (x, square) in row.iter_mut().take(width).enumerate() {
                let flags = match high.take() {
                    Some(flags) => flags,
                    None => {
                        let byte = bytes.next().copied().unwrap_or(0);
                        high = Some(byte >> 4);
                        byte & 15
                    }
                };
                *square = Square(flags);
                *bits |= u32::from(flags & SquareFlags::MINE.bits()) << x;
            }
        }
        if state != GameState::Fresh {
            self.lay_mines(&Mines::at_rows(size, rows));
        }
        self.state = state;
        self.new_record = new_record;
        self.cursor = cursor;
        self.first = first;
        self.elapsed_frames = elapsed_frames;
        self.clicks = clicks;
        self.deal = deal;
        Some(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::Outcome;
    use shared::random::Rng;
    use std::vec::Vec;

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
                match rng.below(5) {
                    0 | 1 => {
                        if field.act(place, &mut rng) == Outcome::NeedsLayout {
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
        for field in &fields {
            let bytes = field.snapshot();
            assert_eq!(
                bytes.len(),
                HEADER_BYTES + field.size().squares().div_ceil(2)
            );
            assert_eq!(Field::from_snapshot(&bytes).as_ref(), Some(field));
        }
    }

    #[test]
    fn expert_fits_the_largest_snapshot() {
        let field = Field::new(Size::EXPERT, false);
        assert_eq!(field.snapshot().len(), MAX_SNAPSHOT_BYTES);
    }

    /// Damage of every kind: never a panic, and what is read back is a
    /// field whose own snapshot is the bytes read (nothing is made up).
    #[test]
    fn damaged_snapshots_are_refused_or_read_exactly() {
        let fields = fields_of_random_games(if cfg!(miri) { 1 } else { 40 });
        let mut rng = Rng::new(0x0DA3_A6ED);
        let (mut refused, mut read) = (0u32, 0u32);
        for field in &fields {
            let good = field.snapshot();
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
                        assert_eq!(back.snapshot().as_slice(), bytes.as_slice());
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
        // A state or switch out of range, a clock past 99:59, a deal past the last.
        assert!(edit(&|b| b[4] = 4).is_none());
        assert!(edit(&|b| b[5] = 2).is_none());
        assert!(edit(&|b| b[14] = 0x40).is_none());
        assert!(edit(&|b| b[18] = 0x40).is_none());
        // One mine too few: a square's mine bit taken off.
        let mine = (0..size.squares())
            .find(|&index| {
                let place = Place::new((index % 9) as u8, (index / 9) as u8);
                field.square(place).is_some_and(Square::is_mine)
            })
            .expect("a mine");
        assert!(edit(&|b| b[HEADER_BYTES + mine / 2] &= !(1 << (mine % 2 * 4))).is_none());
        // A revealed mine in a game still going.
        assert!(edit(&|b| b[HEADER_BYTES + mine / 2] |= 2 << (mine % 2 * 4)).is_none());
        // Every safe square open in a game still going: nothing left but mines.
        let all_open = |b: &mut Vec<u8>| {
            for index in 0..size.squares() {
                let place = Place::new((index % 9) as u8, (index / 9) as u8);
                if field.square(place).is_some_and(|s| !s.is_mine()) {
                    b[HEADER_BYTES + index / 2] |= 2 << (index % 2 * 4);
                }
            }
        };
        assert!(edit(&all_open).is_none());
        // The same as won, but with its mines left unflagged.
        assert!(
            edit(&|b| {
                all_open(b);
                b[4] = GameState::Won as u8;
            })
            .is_none()
        );
        // A size only the rules play, not the menu (the pocket board's).
        let pocket = Field::new(Size::new(14, 6, 20).expect("the pocket size"), false);
        assert!(Field::from_snapshot(&pocket.snapshot()).is_none());
    }
}
