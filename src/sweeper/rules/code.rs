//! Board codes: 10 digits that name a board, so it can be replayed or shared.
//!
//! Written as two groups of five, `DNddd dffCC`:
//! - `D` difficulty, 1 (Easy) to 3 (Hard);
//! - `N` no-guess boards, 0 or 1;
//! - `dddd` the deal, 0000-9999;
//! - `ff` the first square opened, 00-83 (row by row), or 99 before the
//!   first move;
//! - `CC` check digits: the first eight digits, weighted 1..8, summed, mod
//!   97, so one mistyped digit or two swapped neighbours are always caught.
//!
//! A deal fixes the random numbers the mines are placed with, and the first
//! square (kept clear, and an opening) the rest: a code with its first
//! square is exactly the board shared, opened there; one without (99) is
//! the deal, the first square still to choose.

use core::fmt;

#[cfg(test)]
use super::SQUARE_COUNT;
use super::{Difficulty, Pos};

pub const DIGITS: usize = 10;
/// Digits in a group as the code is written and typed.
pub const GROUP: usize = 5;
/// `ff` of a board not yet opened.
const NOT_OPENED: u8 = 99;

/// Why a typed board code was refused; `Display` is what the player reads,
/// two lines broken where the phrase breaks (the pad's column is narrow).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CodeError {
    WrongLength,
    NotADigit,
    BadDifficulty,
    BadNoGuess,
    BadFirstSquare,
    CheckDigits,
}

impl CodeError {
    #[cfg(any(test, feature = "testing"))]
    pub const ALL: [Self; 6] = [
        Self::WrongLength,
        Self::NotADigit,
        Self::BadDifficulty,
        Self::BadNoGuess,
        Self::BadFirstSquare,
        Self::CheckDigits,
    ];
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::WrongLength => "A board code\nhas 10 digits.",
            Self::NotADigit => "Only digits,\nplease.",
            Self::BadDifficulty => "The first digit\nis 1, 2 or 3.",
            Self::BadNoGuess => "The second digit\nis 0 or 1.",
            Self::BadFirstSquare => "Digits 7 and 8:\n00 to 83, or 99.",
            Self::CheckDigits => "Check digits don't\nmatch. Typo?",
        })
    }
}
/// Deals per difficulty and setting.
pub const DEALS: u16 = 10_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCode {
    pub difficulty: Difficulty,
    pub no_guess: bool,
    pub deal: u16,
    /// The first square opened; `None` before the first move.
    pub first: Option<Pos>,
}

impl BoardCode {
    pub fn digits(self) -> [u8; DIGITS] {
        let deal = self.deal % DEALS;
        let mut digits = [0u8; DIGITS];
        digits[0] = self.difficulty as u8 + 1;
        digits[1] = u8::from(self.no_guess);
        digits[2] = (deal / 1000) as u8;
        digits[3] = (deal / 100 % 10) as u8;
        digits[4] = (deal / 10 % 10) as u8;
        digits[5] = (deal % 10) as u8;
        let first = self
            .first
            .and_then(|pos| pos.index())
            .map_or(NOT_OPENED, |index| index as u8);
        digits[6] = first / 10;
        digits[7] = first % 10;
        let check = check_value(&digits[..CHECKED]);
        digits[8] = check / 10;
        digits[9] = check % 10;
        digits
    }

    /// Read a typed code.
    pub fn parse(digits: &[u8]) -> Result<Self, CodeError> {
        if digits.len() != DIGITS {
            return Err(CodeError::WrongLength);
        }
        if digits.iter().any(|&d| d > 9) {
            return Err(CodeError::NotADigit);
        }
        let difficulty = match digits[0] {
            1 => Difficulty::Easy,
            2 => Difficulty::Medium,
            3 => Difficulty::Hard,
            _ => return Err(CodeError::BadDifficulty),
        };
        let no_guess = match digits[1] {
            0 => false,
            1 => true,
            _ => return Err(CodeError::BadNoGuess),
        };
        if check_value(&digits[..CHECKED]) != digits[8] * 10 + digits[9] {
            return Err(CodeError::CheckDigits);
        }
        let first = match digits[6] * 10 + digits[7] {
            NOT_OPENED => None,
            index => Some(Pos::from_index(usize::from(index)).ok_or(CodeError::BadFirstSquare)?),
        };
        let deal = digits[2..6]
            .iter()
            .fold(0u16, |deal, &d| deal * 10 + u16::from(d));
        Ok(Self {
            difficulty,
            no_guess,
            deal,
            first,
        })
    }

    /// The random seed a deal's mines are placed with.
    pub fn seed(self) -> u32 {
        let setting = self.difficulty as u32 * 2 + u32::from(self.no_guess);
        // Spread deals over the seed space (golden-ratio multiplier).
        (setting * u32::from(DEALS) + u32::from(self.deal)).wrapping_mul(0x9E37_79B9) ^ 0x5EED
    }
}

/// The digits a code's check digits cover: all but those two.
const CHECKED: usize = DIGITS - 2;

/// The check digits' value for `digits`: each weighted by its place (1,
/// 2, 3...), summed, mod 97 (0..=96). Field codes (`field::code`) check
/// theirs the same way.
pub(crate) fn check_value(digits: &[u8]) -> u8 {
    let sum: u32 = digits
        .iter()
        .enumerate()
        .map(|(i, &d)| (i as u32 + 1) * u32::from(d))
        .sum();
    (sum % 97) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_for_every_setting() {
        for difficulty in Difficulty::ALL {
            for no_guess in [false, true] {
                for deal in [0, 1, 42, 999, 5000, 9999] {
                    let squares = (0..SQUARE_COUNT).map(Pos::from_index);
                    for first in squares.chain([None]) {
                        let code = BoardCode {
                            difficulty,
                            no_guess,
                            deal,
                            first,
                        };
                        assert_eq!(BoardCode::parse(&code.digits()), Ok(code));
                    }
                }
            }
        }
    }

    #[test]
    fn any_single_typo_or_neighbour_swap_is_caught() {
        let code = BoardCode {
            difficulty: Difficulty::Medium,
            no_guess: true,
            deal: 1234,
            first: Pos::from_index(45),
        }
        .digits();
        for i in 0..DIGITS {
            for wrong in 0..10 {
                if wrong == code[i] {
                    continue;
                }
                let mut typo = code;
                typo[i] = wrong;
                assert!(
                    BoardCode::parse(&typo).is_err(),
                    "typo at {i} -> {wrong} passed"
                );
            }
        }
        for i in 0..DIGITS - 1 {
            let mut swapped = code;
            swapped.swap(i, i + 1);
            if swapped != code {
                assert!(BoardCode::parse(&swapped).is_err(), "swap at {i} passed");
            }
        }
    }

    /// Random and mutated inputs: never a panic, every kind of refusal
    /// reached, and whatever is accepted writes back as typed.
    #[test]
    fn a_million_fuzzed_codes_never_panic() {
        extern crate std;
        let mut rng = shared::random::Rng::new(0x000B_0A2D);
        let mut outcomes = std::collections::BTreeMap::<Option<CodeError>, u32>::new();
        let mut input = std::vec::Vec::new();
        for round in 0..1_000_000u32 {
            input.clear();
            if round % 2 == 0 {
                // A real code with one to three digits changed.
                let code = BoardCode {
                    difficulty: Difficulty::ALL[rng.below(3) as usize],
                    no_guess: rng.below(2) == 1,
                    deal: rng.below(u32::from(DEALS)) as u16,
                    first: Pos::from_index(rng.below(SQUARE_COUNT as u32 + 8) as usize),
                };
                input.extend_from_slice(&code.digits());
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(DIGITS as u32) as usize;
                    input[at] = rng.below(if round % 1000 == 0 { 256 } else { 10 }) as u8;
                }
            } else {
                let len = rng.below(14) as usize;
                input.extend(
                    (0..len).map(|_| rng.below(if round % 7 == 0 { 256 } else { 10 }) as u8),
                );
            }
            let outcome = match BoardCode::parse(&input) {
                Ok(code) => {
                    assert_eq!(code.digits()[..], input[..]);
                    None
                }
                Err(error) => Some(error),
            };
            *outcomes.entry(outcome).or_default() += 1;
        }
        std::println!("board code fuzz outcomes: {outcomes:?}");
        assert_eq!(outcomes.len(), CodeError::ALL.len() + 1, "{outcomes:?}");
    }

    #[test]
    fn garbage_is_refused_with_a_message() {
        extern crate std;
        assert_eq!(BoardCode::parse(&[]), Err(CodeError::WrongLength));
        assert_eq!(
            BoardCode::parse(&[1, 0, 0, 0, 0, 0, 0, 0]),
            Err(CodeError::WrongLength)
        );
        assert_eq!(
            BoardCode::parse(&[9, 0, 0, 0, 0, 0, 9, 9, 0, 0]),
            Err(CodeError::BadDifficulty)
        );
        assert_eq!(
            BoardCode::parse(&[1, 7, 0, 0, 0, 0, 9, 9, 0, 0]),
            Err(CodeError::BadNoGuess)
        );
        assert_eq!(
            BoardCode::parse(&[1, 0, 0, 0, 0, 0, 9, 9, 9, 9]),
            Err(CodeError::CheckDigits)
        );
        assert_eq!(
            BoardCode::parse(&[1, 0, 0, 0, 0, 0, 9, 9, 10, 0]),
            Err(CodeError::NotADigit)
        );
        // A square past the board, with check digits that match.
        let mut past = [1, 0, 0, 0, 0, 0, 8, 4, 0, 0];
        let check = check_value(&past[..CHECKED]);
        past[8..].copy_from_slice(&[check / 10, check % 10]);
        assert_eq!(BoardCode::parse(&past), Err(CodeError::BadFirstSquare));
        // Each message fits the pad's two error lines.
        for error in CodeError::ALL {
            assert!(std::format!("{error}").len() <= 40, "{error}");
        }
    }

    #[test]
    fn different_deals_give_different_seeds() {
        let a = BoardCode {
            difficulty: Difficulty::Easy,
            no_guess: false,
            deal: 1,
            first: None,
        };
        let b = BoardCode { deal: 2, ..a };
        let c = BoardCode {
            no_guess: true,
            ..a
        };
        assert_ne!(a.seed(), b.seed());
        assert_ne!(a.seed(), c.seed());
    }
}
