//! Unsigned integers of a few hundred bits: a share code's payload is one
//! number, typed in decimal and read as binary fields.

/// 32-bit words, least significant first: room for any payload a share code
/// can hold (its decimal digits and every candidate encoding), with a margin.
const WORDS: usize = 12;

/// A fixed-size unsigned integer. Arithmetic past the capacity wraps
/// silently; callers keep within it (see [`WORDS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BigNumber {
    words: [u32; WORDS],
}

impl BigNumber {
    /// Bits the number can hold.
    pub const CAPACITY_BITS: usize = WORDS * 32;

    /// `self * factor + addend`.
    pub fn mul_add(&mut self, factor: u32, addend: u32) {
        let mut carry = u64::from(addend);
        for word in &mut self.words {
            let product = u64::from(*word) * u64::from(factor) + carry;
            *word = product as u32;
            carry = product >> 32;
        }
        debug_assert_eq!(carry, 0, "share code number overflowed");
    }

    /// Divides by `divisor` (at least 1) and returns the remainder.
    pub fn div_rem(&mut self, divisor: u32) -> u32 {
        let divisor = u64::from(divisor.max(1));
        let mut remainder = 0u64;
        for word in self.words.iter_mut().rev() {
            let part = (remainder << 32) | u64::from(*word);
            *word = (part / divisor) as u32;
            remainder = part % divisor;
        }
        remainder as u32
    }

    /// Bit `index` (0 is the units); 0 past the capacity.
    #[must_use]
    pub fn bit(&self, index: usize) -> bool {
        self.words
            .get(index / 32)
            .is_some_and(|word| (word >> (index % 32)) & 1 == 1)
    }

    /// Sets bit `index` (ignored past the capacity).
    pub fn set_bit(&mut self, index: usize) {
        if let Some(word) = self.words.get_mut(index / 32) {
            *word |= 1 << (index % 32);
        }
    }

    /// Bits up to the highest set bit (0 for 0).
    #[must_use]
    pub fn bit_len(&self) -> usize {
        self.words
            .iter()
            .rposition(|&word| word != 0)
            .map_or(0, |top| {
                top * 32 + 32 - self.words[top].leading_zeros() as usize
            })
    }

    /// Whether the number is 0.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&word| word == 0)
    }

    /// Decimal digits needed to write the number (1 for 0).
    #[must_use]
    pub fn decimal_len(&self) -> usize {
        let mut rest = *self;
        let mut len = 1;
        rest.div_rem(10);
        while !rest.is_zero() {
            rest.div_rem(10);
            len += 1;
        }
        len
    }

    /// The number from decimal digits, most significant first (each 0-9).
    #[must_use]
    pub fn from_decimal(digits: &[u8]) -> Self {
        let mut number = Self::default();
        for &digit in digits {
            number.mul_add(10, u32::from(digit));
        }
        number
    }

    /// Writes the number's lowest `out.len()` decimal digits into `out`, most
    /// significant first (leading zeros included).
    pub fn write_decimal(&self, out: &mut [u8]) {
        let mut rest = *self;
        for digit in out.iter_mut().rev() {
            *digit = rest.div_rem(10) as u8;
        }
    }
}

#[cfg(all(test, not(target_arch = "arm")))]
mod tests {
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

    #[test]
    fn fields_come_back_in_order() {
        let mut number = BigNumber::default();
        // Written last field first, so the first field is the lowest place.
        number.mul_add(1 << 20, 0xA_BCDE);
        number.mul_add(8, 5);
        number.mul_add(15, 14);
        number.mul_add(20, 19);
        assert_eq!(number.div_rem(20), 19);
        assert_eq!(number.div_rem(15), 14);
        assert_eq!(number.div_rem(8), 5);
        assert!(number.bit(1) && number.bit(2) && !number.bit(0));
        assert_eq!(number.div_rem(1 << 20), 0xA_BCDE);
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
