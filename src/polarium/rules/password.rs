//! Polarium DS passwords: 30 digits, three lines of ten, that carry a
//! puzzle of up to 8x8 with its start and end hints.
//!
//! Each line, read with its digits reversed (the first typed digit is the
//! units), is a 32-bit number whose four bytes, least significant first,
//! are the next four of twelve octets:
//! - octets 0-7: tile rows, bit 0 the leftmost tile, set for black;
//! - octet 8: start hint, high nibble y, low nibble x, in ringed-grid
//!   coordinates (0 and width + 1 are the ring); octet 9: end hint;
//! - octet 10: size, high nibble height, low nibble width;
//! - octet 11: checksum, the sum of octets 0-10 modulo 256.
//!
//! Rows and columns past the size are padded with the checkerboard the DS
//! writes (0x55 on even rows, 0xAA on odd), so our passwords are the DS's.

use super::board::{Board, Cell, MAX_SIDE, Puzzle};

/// Digits in a password.
pub const DIGITS: usize = 30;
/// Digits per line.
pub const LINE_DIGITS: usize = 10;

/// Why a password was refused; each has a line for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasswordError {
    /// Not 30 digits.
    WrongLength,
    /// A character that is not 0-9.
    NotADigit,
    /// Line 1, 2 or 3 reads as 4294967296 or more.
    LineTooLarge { line: u8 },
    /// The checksum octet is not the sum of the others.
    WrongChecksum,
    /// Width or height 0, or more than 8.
    BadSize,
    /// A start or end hint off the ring around the board.
    HintOutsideRing,
}

/// What the player reads.
impl core::fmt::Display for PasswordError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::WrongLength => f.write_str("A password has 30 digits."),
            Self::NotADigit => f.write_str("Only digits, please."),
            Self::LineTooLarge { line } => write!(f, "Line {line} is too large."),
            Self::WrongChecksum => f.write_str("Checksum wrong: a digit is mistyped."),
            Self::BadSize => f.write_str("Board size must be 1 to 8."),
            Self::HintOutsideRing => f.write_str("A hint lies outside the board."),
        }
    }
}

/// The checkerboard padding for row `y`.
const fn padding(y: usize) -> u8 {
    if y.is_multiple_of(2) { 0x55 } else { 0xAA }
}

/// The twelve octets of a puzzle. Puzzles without hints get (0,0) for both.
#[must_use]
pub const fn octets(puzzle: &Puzzle) -> [u8; 12] {
    let board = &puzzle.board;
    let mask = board.row_mask();
    let mut octets = [0u8; 12];
    let mut y = 0;
    while y < MAX_SIDE as usize {
        octets[y] = if y < board.height() as usize {
            board.row(y as u8) | (padding(y) & !mask)
        } else {
            padding(y)
        };
        y += 1;
    }
    let (start, end) = match puzzle.hints {
        Some(hints) => hints,
        None => (Cell::new(0, 0), Cell::new(0, 0)),
    };
    octets[8] = start.y << 4 | start.x;
    octets[9] = end.y << 4 | end.x;
    octets[10] = board.height() << 4 | board.width();
    let mut sum = 0u8;
    let mut i = 0;
    while i < 11 {
        sum = sum.wrapping_add(octets[i]);
        i += 1;
    }
    octets[11] = sum;
    octets
}

/// The three line numbers of a puzzle.
#[must_use]
pub const fn lines(puzzle: &Puzzle) -> [u32; 3] {
    let octets = octets(puzzle);
    let mut lines = [0u32; 3];
    let mut i = 0;
    while i < 3 {
        lines[i] = u32::from_le_bytes([
            octets[4 * i],
            octets[4 * i + 1],
            octets[4 * i + 2],
            octets[4 * i + 3],
        ]);
        i += 1;
    }
    lines
}

/// The 30 digits of a puzzle, as typed (each line's units first).
#[must_use]
pub const fn encode(puzzle: &Puzzle) -> [u8; DIGITS] {
    let lines = lines(puzzle);
    let mut digits = [0u8; DIGITS];
    let mut i = 0;
    while i < 3 {
        let mut value = lines[i];
        let mut d = 0;
        while d < LINE_DIGITS {
            digits[i * LINE_DIGITS + d] = (value % 10) as u8;
            value /= 10;
            d += 1;
        }
        i += 1;
    }
    digits
}

/// The puzzle 30 typed digits (values 0-9) describe.
pub const fn decode(digits: &[u8]) -> Result<Puzzle, PasswordError> {
    if digits.len() != DIGITS {
        return Err(PasswordError::WrongLength);
    }
    let mut lines = [0u32; 3];
    let mut i = 0;
    while i < 3 {
        let mut value: u64 = 0;
        let mut d = LINE_DIGITS;
        while d > 0 {
            d -= 1;
            let digit = digits[i * LINE_DIGITS + d];
            if digit > 9 {
                return Err(PasswordError::NotADigit);
            }
            value = value * 10 + digit as u64;
        }
        if value > u32::MAX as u64 {
            return Err(PasswordError::LineTooLarge { line: i as u8 + 1 });
        }
        lines[i] = value as u32;
        i += 1;
    }
    from_lines(lines)
}

/// The width and height three line numbers' size octet gives (unchecked:
/// for lists of puzzles already known to be valid).
#[must_use]
pub const fn size(lines: [u32; 3]) -> (u8, u8) {
    let octet = (lines[2] >> 16) as u8;
    (octet & 0x0F, octet >> 4)
}

/// The puzzle three line numbers describe (the built-in puzzles are stored so).
pub const fn from_lines(lines: [u32; 3]) -> Result<Puzzle, PasswordError> {
    let mut octets = [0u8; 12];
    let mut i = 0;
    while i < 3 {
        let bytes = lines[i].to_le_bytes();
        let mut b = 0;
        while b < 4 {
            octets[4 * i + b] = bytes[b];
            b += 1;
        }
        i += 1;
    }
    let mut sum = 0u8;
    let mut i = 0;
    while i < 11 {
        sum = sum.wrapping_add(octets[i]);
        i += 1;
    }
    if sum != octets[11] {
        return Err(PasswordError::WrongChecksum);
    }
    let height = octets[10] >> 4;
    let width = octets[10] & 0x0F;
    let mut rows = [0u8; MAX_SIDE as usize];
    let mut y = 0;
    while y < MAX_SIDE as usize {
        rows[y] = octets[y];
        y += 1;
    }
    let Some(board) = Board::from_rows(width, height, rows) else {
        return Err(PasswordError::BadSize);
    };
    let start = Cell::new(octets[8] >> 4, octets[8] & 0x0F);
    let end = Cell::new(octets[9] >> 4, octets[9] & 0x0F);
    if !board.contains(start) || !board.contains(end) {
        return Err(PasswordError::HintOutsideRing);
    }
    Ok(Puzzle {
        board,
        hints: Some((start, end)),
    })
}

/// Parses "dddddddddd dddddddddd dddddddddd" at compile time, for the
/// built-in puzzle list; panics (a build error) on a malformed or invalid line.
#[must_use]
pub const fn lines_from_text(text: &[u8]) -> [u32; 3] {
    let mut digits = [0u8; DIGITS];
    let mut count = 0;
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c.is_ascii_digit() {
            assert!(count < DIGITS, "a password has 30 digits");
            digits[count] = c - b'0';
            count += 1;
        } else {
            assert!(c == b' ', "a password is digits in three groups");
        }
        i += 1;
    }
    match decode(&digits) {
        Ok(puzzle) => lines(&puzzle),
        Err(_) => panic!("not a valid password"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn typed(text: &str) -> heapless::Vec<u8, 64> {
        text.bytes()
            .filter(u8::is_ascii_digit)
            .map(|c| c - b'0')
            .collect()
    }

    const PUBLIC: &str = "5880477582 5880477582 3599954982";

    #[test]
    fn the_public_vector_is_an_8x8_checkerboard() {
        let puzzle = decode(&typed(PUBLIC)).unwrap();
        assert_eq!(puzzle.board.width(), 8);
        assert_eq!(puzzle.board.height(), 8);
        for y in 0..8 {
            assert_eq!(puzzle.board.row(y), padding(y as usize), "row {y}");
        }
        assert_eq!(puzzle.hints, Some((Cell::new(1, 1), Cell::new(1, 7))));
        assert_eq!(&encode(&puzzle)[..], &typed(PUBLIC)[..]);
        assert_eq!(lines_from_text(PUBLIC.as_bytes()), lines(&puzzle));
    }

    #[test]
    fn small_boards_are_padded_with_the_checkerboard() {
        let board = Board::from_rows(3, 2, [0b001, 0b110, 0, 0, 0, 0, 0, 0]).unwrap();
        let puzzle = Puzzle {
            board,
            hints: Some((Cell::new(0, 0), Cell::new(3, 4))),
        };
        let octets = octets(&puzzle);
        assert_eq!(octets[0], 0x55 & !0b111 | 0b001);
        assert_eq!(octets[1], 0xAA & !0b111 | 0b110);
        assert_eq!(&octets[2..8], &[0x55, 0xAA, 0x55, 0xAA, 0x55, 0xAA]);
        assert_eq!(octets[8], 0x00);
        assert_eq!(octets[9], 0x34);
        assert_eq!(octets[10], 0x23);
        assert_eq!(decode(&encode(&puzzle)), Ok(puzzle));
    }

    #[test]
    fn every_error_is_named() {
        assert_eq!(decode(&typed("123")), Err(PasswordError::WrongLength));
        let mut digits = typed(PUBLIC);
        digits[4] = 12;
        assert_eq!(decode(&digits), Err(PasswordError::NotADigit));
        // 9999999999 reversed is over 2^32 - 1 on each line.
        for line in 0..3 {
            let mut digits = typed(PUBLIC);
            digits[line * 10..line * 10 + 10].fill(9);
            assert_eq!(
                decode(&digits),
                Err(PasswordError::LineTooLarge {
                    line: line as u8 + 1
                })
            );
        }
        // 4294967295 is the largest line: typed reversed.
        let mut digits = typed(PUBLIC);
        digits[..10].copy_from_slice(&typed("5927694924"));
        assert_eq!(decode(&digits), Err(PasswordError::WrongChecksum));
        digits[..10].copy_from_slice(&typed("6927694924"));
        assert_eq!(
            decode(&digits),
            Err(PasswordError::LineTooLarge { line: 1 })
        );
        // One digit changed: the checksum catches it.
        let mut digits = typed(PUBLIC);
        digits[0] = 6;
        assert_eq!(decode(&digits), Err(PasswordError::WrongChecksum));
    }

    fn with_octets(octets: [u8; 12]) -> Result<Puzzle, PasswordError> {
        let mut octets = octets;
        octets[11] = octets[..11].iter().fold(0u8, |a, &b| a.wrapping_add(b));
        let line = |i: usize| u32::from_le_bytes(octets[4 * i..4 * i + 4].try_into().unwrap());
        from_lines([line(0), line(1), line(2)])
    }

    #[test]
    fn sizes_and_hints_are_checked() {
        let mut octets = [0x55u8; 12];
        octets[8] = 0x00;
        octets[9] = 0x99;
        for (size, ok) in [
            (0x88, true),
            (0x08, false),
            (0x80, false),
            (0x98, false),
            (0x89, false),
        ] {
            octets[10] = size;
            assert_eq!(with_octets(octets).is_ok(), ok, "size {size:#x}");
            if !ok {
                assert_eq!(with_octets(octets), Err(PasswordError::BadSize));
            }
        }
        octets[10] = 0x55;
        assert_eq!(with_octets(octets), Err(PasswordError::HintOutsideRing));
        octets[9] = 0x66;
        assert!(with_octets(octets).is_ok());
        octets[8] = 0x07;
        assert_eq!(with_octets(octets), Err(PasswordError::HintOutsideRing));
    }

    #[test]
    fn every_message_is_distinct_and_short() {
        let errors = [
            PasswordError::WrongLength,
            PasswordError::NotADigit,
            PasswordError::LineTooLarge { line: 1 },
            PasswordError::LineTooLarge { line: 2 },
            PasswordError::LineTooLarge { line: 3 },
            PasswordError::WrongChecksum,
            PasswordError::BadSize,
            PasswordError::HintOutsideRing,
        ];
        let message = |error: &PasswordError| std::format!("{error}");
        for (i, a) in errors.iter().enumerate() {
            assert!(message(a).len() <= 40, "{a}");
            for b in &errors[i + 1..] {
                assert_ne!(message(a), message(b));
            }
        }
    }

    /// A million random digit strings: no panic, and every accepted one
    /// encodes back to a password that decodes to the same puzzle.
    #[test]
    fn a_million_random_passwords_never_panic() {
        let mut rng = shared::random::Rng::new(0x5A55_0001);
        let mut accepted = 0u32;
        for round in 0..1_000_000u32 {
            let mut digits = [0u8; DIGITS];
            // Half wholly random, half a valid password with a few digits changed.
            if round % 2 == 0 {
                for d in &mut digits {
                    *d = rng.below(10) as u8;
                }
            } else {
                let mut octets = [0u8; 12];
                for o in &mut octets[..8] {
                    *o = rng.next_u32() as u8;
                }
                let (w, h) = (1 + rng.below(8) as u8, 1 + rng.below(8) as u8);
                octets[8] = (rng.below(h as u32 + 2) as u8) << 4 | rng.below(w as u32 + 2) as u8;
                octets[9] = (rng.below(h as u32 + 2) as u8) << 4 | rng.below(w as u32 + 2) as u8;
                octets[10] = h << 4 | w;
                let puzzle = with_octets(octets).unwrap();
                digits = encode(&puzzle);
                for _ in 0..rng.below(3) {
                    digits[rng.below(DIGITS as u32) as usize] = rng.below(10) as u8;
                }
            }
            let len = if round % 97 == 0 {
                rng.below(40) as usize
            } else {
                DIGITS
            };
            let input: heapless::Vec<u8, 40> = (0..len)
                .map(|i| digits.get(i).copied().unwrap_or(3))
                .collect();
            if let Ok(puzzle) = decode(&input) {
                accepted += 1;
                assert_eq!(decode(&encode(&puzzle)), Ok(puzzle));
            }
        }
        assert!(accepted > 100_000, "{accepted}");
    }

    proptest! {
        #[test]
        fn every_puzzle_round_trips(
            w in 1u8..=8, h in 1u8..=8, rows in any::<[u8; 8]>(),
            hints in any::<[u8; 4]>(),
        ) {
            let board = Board::from_rows(w, h, rows).unwrap();
            let cell = |a: u8, b: u8| Cell::new(a % (h + 2), b % (w + 2));
            let puzzle = Puzzle { board, hints: Some((cell(hints[0], hints[1]), cell(hints[2], hints[3]))) };
            prop_assert_eq!(decode(&encode(&puzzle)), Ok(puzzle));
        }
    }
}
