//! Field codes: digits that name a field of any size, so it can be replayed
//! or shared, as the pocket board's codes do (`crate::code`).
//!
//! The first digit says which board, and so how long the code is:
//! - `1` to `3`: the pocket board (`crate::code`, 10 digits);
//! - `4`, `5`, `6`: Beginner, Intermediate, Expert, 11 digits,
//!   `S N dddd fff CC`;
//! - `7`: a custom field, 18 digits, `7 N ww hh mmm dddd fff CC`: its width
//!   (08-30), height (08-16) and mines (010 up to (w-1)(h-1)).
//!
//! `N` is 1 for a no-guess board, `dddd` the deal (0000-9999), `fff` the
//! first square opened (row by row, 000 up to the field's last), or 999
//! before the first move; `CC` check digits: every digit before them,
//! weighted 1, 2, 3..., summed, mod 97, so one mistyped digit or two
//! swapped neighbours are always caught.

use core::fmt;

use heapless::Vec;

use super::place::Place;
use super::size::Size;
use crate::code::{DEALS, check_value};

/// Digits in a standard field's code and a custom one's.
pub const STANDARD_DIGITS: usize = 11;
pub const CUSTOM_DIGITS: usize = 18;
/// The longest code.
pub const MAX_DIGITS: usize = CUSTOM_DIGITS;
/// The first digit of a standard field's code (Beginner's; the next two
/// follow), and of a custom one's.
const FIRST_STANDARD: u8 = 4;
const CUSTOM: u8 = 7;
/// `fff` before the first move.
const NOT_OPENED: u16 = 999;

/// Why a typed field code was refused; `Display` is what the player reads,
/// two lines broken where the phrase breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FieldCodeError {
    WrongLength,
    NotADigit,
    BadBoard,
    BadNoGuess,
    BadSize,
    /// A no-guess field denser than one is made (see
    /// [`Size::allows_no_guess`]).
    NoGuessTooDense,
    BadFirstSquare,
    CheckDigits,
}

impl FieldCodeError {
    #[cfg(any(test, feature = "testing"))]
    pub const ALL: [Self; 8] = [
        Self::WrongLength,
        Self::NotADigit,
        Self::BadBoard,
        Self::BadNoGuess,
        Self::BadSize,
        Self::NoGuessTooDense,
        Self::BadFirstSquare,
        Self::CheckDigits,
    ];
}

impl fmt::Display for FieldCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::WrongLength => "A field code has\n11 or 18 digits.",
            Self::NotADigit => "Only digits,\nplease.",
            Self::BadBoard => "The first digit\nis 4, 5, 6 or 7.",
            Self::BadNoGuess => "The second digit\nis 0 or 1.",
            Self::BadSize => "No such field:\n8-30 x 8-16.",
            Self::NoGuessTooDense => "No-guess fields:\n1 mine in 4 at most.",
            Self::BadFirstSquare => "No such first\nsquare.",
            Self::CheckDigits => "Check digits don't\nmatch. Typo?",
        })
    }
}

/// A field's code: its size, setting and deal, and where it was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldCode {
    pub size: Size,
    pub no_guess: bool,
    pub deal: u16,
    /// The first square opened; `None` before the first move.
    pub first: Option<Place>,
}

impl FieldCode {
    /// The code's digits, 11 for a standard field, 18 for a custom one.
    #[must_use]
    pub fn digits(self) -> Vec<u8, MAX_DIGITS> {
        /// `number`'s last `count` digits onto `digits`.
        fn put(digits: &mut Vec<u8, MAX_DIGITS>, number: u32, count: u32) {
            for place in (0..count).rev() {
                let _ = digits.push((number / 10u32.pow(place) % 10) as u8);
            }
        }
        let mut digits: Vec<u8, MAX_DIGITS> = Vec::new();
        let size = self.size;
        match size.standard() {
            Some(index) => put(&mut digits, u32::from(FIRST_STANDARD) + index as u32, 1),
            None => put(&mut digits, u32::from(CUSTOM), 1),
        }
        put(&mut digits, u32::from(self.no_guess), 1);
        if size.standard().is_none() {
            put(&mut digits, u32::from(size.width()), 2);
            put(&mut digits, u32::from(size.height()), 2);
            put(&mut digits, u32::from(size.mines()), 3);
        }
        put(&mut digits, u32::from(self.deal % DEALS), 4);
        let first = self
            .first
            .filter(|&first| size.contains(first))
            .map_or(NOT_OPENED, |first| {
                u16::from(first.y) * u16::from(size.width()) + u16::from(first.x)
            });
        put(&mut digits, u32::from(first), 3);
        let check = check_value(&digits);
        put(&mut digits, u32::from(check), 2);
        digits
    }

    /// Read a typed code.
    pub fn parse(digits: &[u8]) -> Result<Self, FieldCodeError> {
        if digits.len() != STANDARD_DIGITS && digits.len() != CUSTOM_DIGITS {
            return Err(FieldCodeError::WrongLength);
        }
        if digits.iter().any(|&digit| digit > 9) {
            return Err(FieldCodeError::NotADigit);
        }
        let number = |range: core::ops::Range<usize>| {
            digits
                .get(range)
                .unwrap_or(&[])
                .iter()
                .fold(0u32, |number, &digit| number * 10 + u32::from(digit))
        };
        let board = number(0..1) as u8;
        let custom = match board {
            CUSTOM => true,
            board if (FIRST_STANDARD..CUSTOM).contains(&board) => false,
            _ => return Err(FieldCodeError::BadBoard),
        };
        let expected = if custom {
            CUSTOM_DIGITS
        } else {
            STANDARD_DIGITS
        };
        if digits.len() != expected {
            return Err(FieldCodeError::WrongLength);
        }
        let no_guess = match number(1..2) {
            0 => false,
            1 => true,
            _ => return Err(FieldCodeError::BadNoGuess),
        };
        let checked = digits.len() - 2;
        if u32::from(check_value(&digits[..checked])) != number(checked..digits.len()) {
            return Err(FieldCodeError::CheckDigits);
        }
        let (size, rest) = if custom {
            // A standard field has its own, shorter code: one code a deal.
            let size = Size::custom(number(2..4) as u8, number(4..6) as u8, number(6..9) as u16)
                .filter(|size| size.standard().is_none())
                .ok_or(FieldCodeError::BadSize)?;
            (size, 9)
        } else {
            let index = usize::from(board - FIRST_STANDARD);
            let size = *Size::STANDARD.get(index).ok_or(FieldCodeError::BadBoard)?;
            (size, 2)
        };
        if no_guess && !size.allows_no_guess() {
            return Err(FieldCodeError::NoGuessTooDense);
        }
        let deal = number(rest..rest + 4) as u16;
        let first = match number(rest + 4..rest + 7) as u16 {
            NOT_OPENED => None,
            index if usize::from(index) < size.squares() => {
                let width = u16::from(size.width());
                Some(Place::new((index % width) as u8, (index / width) as u8))
            }
            _ => return Err(FieldCodeError::BadFirstSquare),
        };
        Ok(Self {
            size,
            no_guess,
            deal,
            first,
        })
    }

    /// The random seed a deal's mines are laid with: every size, setting
    /// and deal its own, and none a pocket board's.
    #[must_use]
    pub fn seed(self) -> u32 {
        let size = self.size;
        // Width and height (5 bits each), mines (9 bits), the setting.
        let shape = (u32::from(size.width()) << 5 | u32::from(size.height())) << 9
            | u32::from(size.mines());
        let setting = shape << 1 | u32::from(self.no_guess);
        setting
            .wrapping_mul(u32::from(DEALS))
            .wrapping_add(u32::from(self.deal))
            .wrapping_mul(0x9E37_79B9)
            ^ 0xF1E1_D5EE
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use shared::random::Rng;

    fn sizes() -> [Size; 6] {
        let custom = |w, h, m| Size::custom(w, h, m).expect("a custom size");
        [
            Size::BEGINNER,
            Size::INTERMEDIATE,
            Size::EXPERT,
            custom(8, 8, 10),
            custom(30, 16, 435),
            custom(17, 11, 33),
        ]
    }

    #[test]
    fn codes_round_trip_for_every_size_deal_and_first_square() {
        for size in sizes() {
            for no_guess in [false, true] {
                for deal in [0, 1, 42, 5000, 9999] {
                    let squares = (0..size.height())
                        .flat_map(|y| (0..size.width()).map(move |x| Some(Place::new(x, y))));
                    for first in squares.chain([None]) {
                        let code = FieldCode {
                            size,
                            no_guess,
                            deal,
                            first,
                        };
                        let digits = code.digits();
                        let length = if size.standard().is_some() {
                            STANDARD_DIGITS
                        } else {
                            CUSTOM_DIGITS
                        };
                        assert_eq!(digits.len(), length);
                        // No field that dense is made no-guess.
                        let expected = if no_guess && !size.allows_no_guess() {
                            Err(FieldCodeError::NoGuessTooDense)
                        } else {
                            Ok(code)
                        };
                        assert_eq!(FieldCode::parse(&digits), expected);
                    }
                }
            }
        }
    }

    #[test]
    fn any_single_typo_or_neighbour_swap_is_caught() {
        for size in sizes() {
            let code = FieldCode {
                size,
                no_guess: true,
                deal: 1234,
                first: Some(Place::new(3, 5)),
            }
            .digits();
            for i in 0..code.len() {
                for wrong in 0..10 {
                    if wrong == code[i] {
                        continue;
                    }
                    let mut typo = code.clone();
                    typo[i] = wrong;
                    assert!(
                        FieldCode::parse(&typo).is_err(),
                        "{size:?}: typo at {i} -> {wrong} passed"
                    );
                }
            }
            for i in 0..code.len() - 1 {
                let mut swapped = code.clone();
                swapped.swap(i, i + 1);
                if swapped != code {
                    assert!(FieldCode::parse(&swapped).is_err(), "swap at {i} passed");
                }
            }
        }
    }

    #[test]
    fn a_custom_code_may_not_name_a_standard_field() {
        let mut digits = std::vec![7, 0, 0, 9, 0, 9, 0, 1, 0, 1, 2, 3, 4, 9, 9, 9];
        let check = check_value(&digits);
        digits.extend([check / 10, check % 10]);
        assert_eq!(FieldCode::parse(&digits), Err(FieldCodeError::BadSize));
        digits[5] = 8; // 9x8: a custom field
        let check = check_value(&digits[..16]);
        digits[16..].copy_from_slice(&[check / 10, check % 10]);
        assert!(FieldCode::parse(&digits).is_ok());
    }

    #[test]
    fn a_code_deals_the_same_field_again() {
        let mut rng = Rng::new(77);
        for size in sizes() {
            let first = Place::new(size.width() / 3, size.height() / 2);
            let code = FieldCode {
                size,
                no_guess: false,
                deal: rng.below(u32::from(DEALS)) as u16,
                first: Some(first),
            };
            let typed = FieldCode::parse(&code.digits()).expect("its own code");
            let dealt = super::super::mines::Mines::random(size, first, &mut Rng::new(code.seed()));
            let again = super::super::mines::Mines::random(
                typed.size,
                typed.first.expect("opened"),
                &mut Rng::new(typed.seed()),
            );
            assert_eq!(dealt, again);
        }
    }

    #[test]
    fn seeds_differ_between_sizes_settings_and_deals() {
        let mut seen = std::collections::BTreeSet::new();
        // Fields that differ in width alone, at the tallest height, too.
        let neighbours = [(8, 16, 40), (9, 16, 40), (29, 16, 99), (29, 15, 99)]
            .map(|(w, h, m)| Size::custom(w, h, m).expect("a custom size"));
        for size in sizes().into_iter().chain(neighbours) {
            for no_guess in [false, true] {
                for deal in 0..500 {
                    let code = FieldCode {
                        size,
                        no_guess,
                        deal,
                        first: None,
                    };
                    assert!(seen.insert(code.seed()), "{code:?}");
                }
            }
        }
    }

    /// Random and mutated inputs: never a panic, every kind of refusal
    /// reached, and whatever is accepted writes back as typed.
    #[test]
    fn fuzzed_codes_never_panic() {
        let mut rng = Rng::new(0x00F1_E1D0);
        let mut outcomes = std::collections::BTreeMap::<Option<FieldCodeError>, u32>::new();
        let valid: std::vec::Vec<_> = sizes()
            .iter()
            .map(|&size| {
                FieldCode {
                    size,
                    no_guess: false,
                    deal: 7,
                    first: None,
                }
                .digits()
            })
            .collect();
        for round in 0..200_000u32 {
            let mut input: std::vec::Vec<u8> = if round % 2 == 0 {
                let length = rng.below(20) as usize;
                (0..length).map(|_| rng.below(12) as u8).collect()
            } else {
                // A real code with a digit or two changed.
                let mut digits = valid[rng.below(valid.len() as u32) as usize].to_vec();
                for _ in 0..=rng.below(2) {
                    let at = rng.below(digits.len() as u32) as usize;
                    digits[at] = rng.below(10) as u8;
                }
                digits
            };
            if round % 7 == 0 {
                // Recompute the check digits, so the deeper checks are reached.
                let checked = input.len().saturating_sub(2);
                if checked > 0 {
                    let check = check_value(&input[..checked]);
                    input[checked] = check / 10;
                    input[checked + 1] = check % 10;
                }
            }
            let parsed = FieldCode::parse(&input);
            if let Ok(code) = parsed {
                assert_eq!(code.digits().as_slice(), input.as_slice());
            }
            *outcomes.entry(parsed.err()).or_default() += 1;
        }
        for error in FieldCodeError::ALL {
            assert!(
                outcomes.contains_key(&Some(error)),
                "{error:?} never seen: {outcomes:?}"
            );
        }
        assert!(outcomes.contains_key(&None));
    }
}
