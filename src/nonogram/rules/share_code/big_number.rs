//! Unsigned integers of a few hundred bits: a share code's payload is one
//! number, typed in decimal and read as binary fields.
//!
//! Kept in 16-bit limbs so that every step of multiplying or dividing by a
//! small number fits a 32-bit word: the GBA has no 64-bit divide, and the
//! library routine for one is slow.

/// 16-bit limbs, least significant first: room for any payload a share code
/// can hold (its decimal digits and every candidate encoding), with a margin.
const LIMBS: usize = 24;

use super::reciprocal::Divisor;

/// Decimal digits handled per division or multiplication.
const CHUNK_DIGITS: usize = 4;
/// 10 to the [`CHUNK_DIGITS`].
const CHUNK: Divisor = Divisor::new(10_000);
const TEN: Divisor = Divisor::new(10);

/// A fixed-size unsigned integer. Arithmetic past the capacity wraps
/// silently; callers keep within it (see [`LIMBS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BigNumber {
    limbs: [u16; LIMBS],
}

impl BigNumber {
    /// Bits the number can hold.
    pub const CAPACITY_BITS: usize = LIMBS * 16;

    /// Zero.
    pub const ZERO: Self = Self { limbs: [0; LIMBS] };

    /// `self * factor + addend`, both at most `0xFFFF`.
    pub const fn mul_add(&mut self, factor: u32, addend: u32) {
        debug_assert!(factor <= 0xFFFF && addend <= 0xFFFF);
        let mut carry = addend;
        let mut index = 0;
        while index < LIMBS {
            // At most 0xFFFF * 0xFFFF + 0xFFFF: within 32 bits.
            let product = self.limbs[index] as u32 * factor + carry;
            self.limbs[index] = product as u16;
            carry = product >> 16;
            index += 1;
        }
        debug_assert!(carry == 0, "share code number overflowed");
    }

    /// Divides by `divisor` (from 1 to `0xFFFF`) and returns the remainder.
    pub const fn div_rem(&mut self, divisor: u32) -> u32 {
        self.div_rem_by(Divisor::new(divisor))
    }

    /// [`Self::div_rem`] by a divisor with its reciprocal ready.
    pub const fn div_rem_by(&mut self, divisor: Divisor) -> u32 {
        debug_assert!(divisor.get() <= 0xFFFF);
        let mut remainder = 0;
        // Limbs above the highest non-zero one stay zero.
        let mut index = self.used_limbs();
        while index > 0 {
            index -= 1;
            // The remainder is below the divisor, so this fits 32 bits.
            let (quotient, rest) = divisor.div_rem((remainder << 16) | self.limbs[index] as u32);
            self.limbs[index] = quotient as u16;
            remainder = rest;
        }
        remainder
    }

    /// Limbs up to the highest non-zero one.
    const fn used_limbs(&self) -> usize {
        let mut used = LIMBS;
        while used > 0 && self.limbs[used - 1] == 0 {
            used -= 1;
        }
        used
    }

    /// Bit `index` (0 is the units); 0 past the capacity.
    #[must_use]
    pub const fn bit(&self, index: usize) -> bool {
        index < Self::CAPACITY_BITS && (self.limbs[index / 16] >> (index % 16)) & 1 == 1
    }

    /// Sets bit `index` (ignored past the capacity).
    pub const fn set_bit(&mut self, index: usize) {
        if index < Self::CAPACITY_BITS {
            self.limbs[index / 16] |= 1 << (index % 16);
        }
    }

    /// Bits up to the highest set bit (0 for 0).
    #[must_use]
    pub const fn bit_len(&self) -> usize {
        match self.used_limbs() {
            0 => 0,
            used => used * 16 - self.limbs[used - 1].leading_zeros() as usize,
        }
    }

    /// Whether the number is 0.
    #[must_use]
    pub const fn is_zero(&self) -> bool {
        self.used_limbs() == 0
    }

    /// Decimal digits needed to write the number (1 for 0).
    #[must_use]
    pub const fn decimal_len(&self) -> usize {
        let mut rest = *self;
        let mut len = 0;
        loop {
            let chunk = rest.div_rem_by(CHUNK);
            if rest.is_zero() {
                let mut top = TEN.div_rem(chunk).0;
                len += 1;
                while top > 0 {
                    top = TEN.div_rem(top).0;
                    len += 1;
                }
                return len;
            }
            len += CHUNK_DIGITS;
        }
    }

    /// The number from decimal digits, most significant first (each 0-9).
    #[must_use]
    pub fn from_decimal(digits: &[u8]) -> Self {
        let mut number = Self::default();
        // A short chunk first, so the rest are whole.
        let (head, rest) = digits.split_at(digits.len() % CHUNK_DIGITS);
        let mut take = |digits: &[u8]| {
            let value = digits
                .iter()
                .fold(0, |value, &digit| value * 10 + u32::from(digit));
            number.mul_add(10u32.pow(digits.len() as u32), value);
        };
        take(head);
        for chunk in rest.chunks_exact(CHUNK_DIGITS) {
            take(chunk);
        }
        number
    }

    /// Writes the number's lowest `out.len()` decimal digits into `out`, most
    /// significant first (leading zeros included).
    pub fn write_decimal(&self, out: &mut [u8]) {
        let mut rest = *self;
        for digits in out.rchunks_mut(CHUNK_DIGITS) {
            let mut chunk = rest.div_rem_by(CHUNK);
            for digit in digits.iter_mut().rev() {
                let (rest, units) = TEN.div_rem(chunk);
                *digit = units as u8;
                chunk = rest;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::BigNumber;

    #[test]
    fn decimal_round_trip_at_full_width() {
        // 100 nines: more than any share code's payload.
        let nines = [9u8; 100];
        let number = BigNumber::from_decimal(&nines);
        assert_eq!(number.decimal_len(), 100);
        let mut out = [0u8; 100];
        number.write_decimal(&mut out);
        assert_eq!(out, nines);
        let mut padded = [7u8; 103];
        number.write_decimal(&mut padded);
        assert_eq!(padded[..3], [0, 0, 0]);
        assert_eq!(padded[3..], nines);
    }

    /// Random numbers of every size against one digit at a time.
    #[test]
    fn decimal_matches_one_digit_at_a_time() {
        let mut rng = shared::random::Rng::new(11);
        for round in 0..3_000 {
            let len = 1 + round % 110;
            let digits: std::vec::Vec<u8> = (0..len).map(|_| rng.below(10) as u8).collect();
            let number = BigNumber::from_decimal(&digits);
            let mut slow = BigNumber::default();
            for &digit in &digits {
                slow.mul_add(10, u32::from(digit));
            }
            assert_eq!(number, slow);
            let significant = digits
                .iter()
                .position(|&d| d != 0)
                .map_or(1, |first| len - first);
            assert_eq!(number.decimal_len(), significant);
            let mut out = std::vec![0u8; len + round % 7];
            number.write_decimal(&mut out);
            let mut rest = number;
            for digit in out.iter().rev() {
                assert_eq!(u32::from(*digit), rest.div_rem(10));
            }
            assert!(rest.is_zero());
        }
    }

    #[test]
    fn fields_come_back_in_order() {
        let mut number = BigNumber::default();
        // Written last field first, so the first field is the lowest place.
        number.mul_add(1 << 15, 0x3CDE);
        number.mul_add(8, 5);
        number.mul_add(15, 14);
        number.mul_add(20, 19);
        assert_eq!(number.div_rem(20), 19);
        assert_eq!(number.div_rem(15), 14);
        assert_eq!(number.div_rem(8), 5);
        assert!(number.bit(1) && number.bit(2) && !number.bit(0));
        assert_eq!(number.div_rem(1 << 15), 0x3CDE);
        assert!(number.is_zero());
        assert_eq!(number.decimal_len(), 1);
        assert_eq!(number.bit_len(), 0);
        number.set_bit(40);
        assert_eq!(number.bit_len(), 41);
    }

    #[test]
    fn bits_past_the_capacity_read_as_zero() {
        let mut number = BigNumber::default();
        number.set_bit(BigNumber::CAPACITY_BITS - 1);
        number.set_bit(BigNumber::CAPACITY_BITS);
        assert!(number.bit(BigNumber::CAPACITY_BITS - 1));
        assert!(!number.bit(BigNumber::CAPACITY_BITS));
        assert!(!number.bit(usize::MAX));
    }
}
