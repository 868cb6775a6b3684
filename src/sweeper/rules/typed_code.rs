//! A code as a player types it on the pad: a pocket board's ([`BoardCode`],
//! 10 digits, first digit 1 to 3) or a full-size field's ([`FieldCode`], 11
//! digits for Beginner, Intermediate and Expert, first digit 4 to 6, or 18
//! for a custom field, first digit 7). The first digit says which, and so
//! how long the code is: the pad reads the length from the first group.

use core::fmt;

use super::code::{self, BoardCode, CodeError};
use super::field::code::{CUSTOM_DIGITS, FieldCode, FieldCodeError, STANDARD_DIGITS};

/// Digits in a group as codes are written and typed.
pub const GROUP: usize = code::GROUP;
/// The longest code.
pub const MAX_DIGITS: usize = CUSTOM_DIGITS;

/// A code typed: which board it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypedCode {
    Board(BoardCode),
    Field(FieldCode),
}

/// Why a typed code was refused; `Display` is what the player reads, two
/// lines broken where the phrase breaks (the pad's column is narrow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypedCodeError {
    /// The first digit names no kind of board.
    BadFirstDigit,
    Board(CodeError),
    Field(FieldCodeError),
}

impl fmt::Display for TypedCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadFirstDigit => f.write_str("The first digit\nis 1 to 7."),
            Self::Board(error) => error.fmt(f),
            Self::Field(error) => error.fmt(f),
        }
    }
}

/// The whole code's length, from its first digit.
pub fn length_of(digits: &[u8]) -> Result<usize, TypedCodeError> {
    match digits.first() {
        Some(1..=3) => Ok(code::DIGITS),
        Some(4..=6) => Ok(STANDARD_DIGITS),
        Some(7) => Ok(CUSTOM_DIGITS),
        _ => Err(TypedCodeError::BadFirstDigit),
    }
}

impl TypedCode {
    /// Read a typed code of either kind.
    pub fn parse(digits: &[u8]) -> Result<Self, TypedCodeError> {
        length_of(digits)?;
        match digits.first() {
            Some(1..=3) => BoardCode::parse(digits)
                .map(Self::Board)
                .map_err(TypedCodeError::Board),
            _ => FieldCode::parse(digits)
                .map(Self::Field)
                .map_err(TypedCodeError::Field),
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::field::{Place, Size};
    use crate::{Difficulty, Pos};
    use shared::random::Rng;

    #[test]
    fn every_kind_of_code_is_read_back_as_what_it_names() {
        let board = BoardCode {
            difficulty: Difficulty::Medium,
            no_guess: true,
            deal: 4321,
            first: Some(Pos::new(3, 2)),
        };
        let digits = board.digits();
        assert_eq!(length_of(&digits[..GROUP]), Ok(code::DIGITS));
        assert_eq!(TypedCode::parse(&digits), Ok(TypedCode::Board(board)));
        let custom = Size::custom(20, 10, 50).expect("a custom size");
        for size in [Size::BEGINNER, Size::INTERMEDIATE, Size::EXPERT, custom] {
            let field = FieldCode {
                size,
                no_guess: size == Size::EXPERT,
                deal: 77,
                first: Some(Place::new(4, 5)),
            };
            let digits = field.digits();
            assert_eq!(length_of(&digits[..GROUP]), Ok(digits.len()));
            assert_eq!(TypedCode::parse(&digits), Ok(TypedCode::Field(field)));
        }
    }

    #[test]
    fn the_first_digit_decides_and_bad_input_never_panics() {
        for first in [0, 8, 9] {
            assert_eq!(
                length_of(&[first, 1, 2]),
                Err(TypedCodeError::BadFirstDigit)
            );
        }
        assert_eq!(length_of(&[]), Err(TypedCodeError::BadFirstDigit));
        let mut rng = Rng::new(0x7C0D);
        for _ in 0..50_000 {
            let length = rng.below(20) as usize;
            let digits: std::vec::Vec<u8> = (0..length).map(|_| rng.below(11) as u8).collect();
            if let Ok(code) = TypedCode::parse(&digits) {
                let written = match code {
                    TypedCode::Board(board) => board.digits().to_vec(),
                    TypedCode::Field(field) => field.digits().to_vec(),
                };
                assert_eq!(written, digits);
            }
        }
        // A pocket code's own refusals come through as its own.
        let mut digits = BoardCode {
            difficulty: Difficulty::Easy,
            no_guess: false,
            deal: 1,
            first: None,
        }
        .digits();
        digits[9] = (digits[9] + 1) % 10;
        assert_eq!(
            TypedCode::parse(&digits),
            Err(TypedCodeError::Board(CodeError::CheckDigits))
        );
    }
}
