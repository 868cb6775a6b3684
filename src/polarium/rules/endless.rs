//! Endless-mode codes: 8 digits that name a generated puzzle, so a player
//! can note one down, share it or play it again.
//!
//! Written `WHnnnnnC`:
//! - `W` the width, 3 to 8;
//! - `H` the height, 3 to 8;
//! - `nnnnn` the puzzle number, 00000 to 99999;
//! - `C` a Damm check digit over the first seven, which catches every
//!   single mistyped digit and every swap of two neighbouring digits.
//!
//! Every width and height from 3 to 8 is allowed (36 sizes): the generator
//! makes them all, though boards narrower than they are tall more often
//! have several solutions. The number and the size together pick the
//! generator's seed, and the generator is deterministic, so a code always
//! gives the same puzzle.

use super::board::MAX_SIDE;
use super::generator::Generator;

/// Digits in a code.
pub const DIGITS: usize = 8;
/// Smallest side a code names.
pub const MIN_SIDE: u8 = 3;
/// Puzzle numbers per size: five digits.
pub const NUMBERS: u32 = 100_000;

/// A size and a puzzle number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EndlessCode {
    pub width: u8,
    pub height: u8,
    /// The puzzle number, `0..NUMBERS`.
    pub seed: u32,
}

/// Why a code was refused; each has a line for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not 8 digits.
    WrongLength,
    /// A value that is not 0-9.
    NotADigit,
    /// The check digit does not match: something was mistyped.
    WrongCheckDigit,
    /// The first digit is not 3 to 8.
    BadWidth,
    /// The second digit is not 3 to 8.
    BadHeight,
}

/// What the player reads.
impl core::fmt::Display for CodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::WrongLength => "A puzzle code has 8 digits.",
            Self::NotADigit => "Only digits, please.",
            Self::WrongCheckDigit => "Check digit wrong: a digit is mistyped.",
            Self::BadWidth => "Width (1st digit) must be 3 to 8.",
            Self::BadHeight => "Height (2nd digit) must be 3 to 8.",
        })
    }
}

/// The Damm interim digit of `digits` (each 0-9), from 0: the check digit
/// of a prefix, and 0 for a whole code whose check digit is right.
const fn damm(digits: &[u8]) -> u8 {
    shared::damm::check_digit(0, digits)
}

impl EndlessCode {
    /// A code for a size and number; `None` unless both sides are 3..=8 and
    /// the number is below [`NUMBERS`].
    #[must_use]
    pub const fn new(width: u8, height: u8, seed: u32) -> Option<Self> {
        if width < MIN_SIDE || width > MAX_SIDE || height < MIN_SIDE || height > MAX_SIDE {
            return None;
        }
        if seed >= NUMBERS {
            return None;
        }
        Some(Self {
            width,
            height,
            seed,
        })
    }

    /// The 8 digits to show (values 0-9). Out-of-range fields (they are
    /// public) are wrapped into range first.
    #[must_use]
    pub const fn digits(self) -> [u8; DIGITS] {
        let mut digits = [0u8; DIGITS];
        digits[0] = self.width % 10;
        digits[1] = self.height % 10;
        let mut number = self.seed % NUMBERS;
        let mut i = 6;
        while i > 1 {
            digits[i] = (number % 10) as u8;
            number /= 10;
            i -= 1;
        }
        let mut body = [0u8; DIGITS - 1];
        let mut i = 0;
        while i < DIGITS - 1 {
            body[i] = digits[i];
            i += 1;
        }
        digits[DIGITS - 1] = damm(&body);
        digits
    }

    /// Read a typed code (values 0-9).
    pub const fn parse(digits: &[u8]) -> Result<Self, CodeError> {
        if digits.len() != DIGITS {
            return Err(CodeError::WrongLength);
        }
        let mut i = 0;
        while i < DIGITS {
            if digits[i] > 9 {
                return Err(CodeError::NotADigit);
            }
            i += 1;
        }
        if !shared::damm::is_valid(0, digits) {
            return Err(CodeError::WrongCheckDigit);
        }
        let (width, height) = (digits[0], digits[1]);
        if width < MIN_SIDE || width > MAX_SIDE {
            return Err(CodeError::BadWidth);
        }
        if height < MIN_SIDE || height > MAX_SIDE {
            return Err(CodeError::BadHeight);
        }
        let mut seed = 0;
        let mut i = 2;
        while i < DIGITS - 1 {
            seed = seed * 10 + digits[i] as u32;
            i += 1;
        }
        Ok(Self {
            width,
            height,
            seed,
        })
    }

    /// The generator's seed: the number spread over 32 bits, with the size
    /// mixed in so equal numbers of different sizes are unrelated.
    #[must_use]
    pub const fn generator_seed(self) -> u32 {
        let size = (self.height as u32) << 4 | self.width as u32;
        (self.seed ^ size << 24).wrapping_mul(0x9E37_79B9) ^ 0x9A1A_417B
    }

    /// The generator whose first puzzle this code names (`None` only for
    /// a size [`Self::new`] would refuse).
    #[must_use]
    pub const fn generator(self) -> Option<Generator> {
        if self.width < MIN_SIDE || self.height < MIN_SIDE {
            return None;
        }
        Generator::new(self.width, self.height, self.generator_seed())
    }
}

#[cfg(test)]
mod tests;
