//! Division by multiplying with a reciprocal. The GBA's CPU has no divide
//! instruction, and the library routine that stands in for one is slow;
//! a share code takes many divisions, all by
//! numbers known in advance (10, 10,000, the model's small totals).

/// A divisor with its reciprocal, `floor((2^32 - 1) / divisor)`.
#[derive(Clone, Copy, Debug)]
pub struct Divisor {
    divisor: u32,
    reciprocal: u32,
}

impl Divisor {
    /// `divisor` (0 is taken as 1).
    pub const fn new(divisor: u32) -> Self {
        let divisor = if divisor == 0 { 1 } else { divisor };
        Self {
            divisor,
            reciprocal: u32::MAX / divisor,
        }
    }

    /// The divisor.
    pub const fn get(self) -> u32 {
        self.divisor
    }

    /// `(x / divisor, x % divisor)`.
    #[inline]
    pub const fn div_rem(self, x: u32) -> (u32, u32) {
        let mut quotient = high_product_estimate(x, self.reciprocal);
        let mut remainder = x - quotient * self.divisor;
        // At most 3 under (see `high_product_estimate`). Written out: as a
        // loop, the compiler turns it back into a library divide.
        if remainder >= self.divisor {
            quotient += 1;
            remainder -= self.divisor;
        }
        if remainder >= self.divisor {
            quotient += 1;
            remainder -= self.divisor;
        }
        if remainder >= self.divisor {
            quotient += 1;
            remainder -= self.divisor;
        }
        debug_assert!(remainder < self.divisor);
        (quotient, remainder)
    }
}

/// Divisors below this come from a table built with the ROM: the
/// arithmetic coder's totals stay far below it.
const TABLED: usize = 1024;

static TABLE: [Divisor; TABLED] = {
    let mut table = [Divisor::new(1); TABLED];
    let mut divisor = 1;
    while divisor < TABLED {
        table[divisor] = Divisor::new(divisor as u32);
        divisor += 1;
    }
    table
};

/// `divisor` ready to divide by, without a division when it is small.
#[inline]
pub fn divisor(divisor: u32) -> Divisor {
    match TABLE.get(divisor as usize) {
        Some(&tabled) => tabled,
        None => Divisor::new(divisor),
    }
}

/// About `x * reciprocal / 2^32`, at most 3 under `x / divisor`: with the
/// reciprocal rounded down from `(2^32 - 1) / divisor` the exact top half is
/// at most 1 under, and summing three of the four 16-bit partial products,
/// each rounded down, leaving out the lowest, loses at most 2 more.
///
/// Three 32-bit multiplies: the exact top half would take the four
/// that the compiler turns back into a slow 64-bit library multiply.
#[inline]
const fn high_product_estimate(x: u32, reciprocal: u32) -> u32 {
    let (x_high, x_low) = (x >> 16, x & 0xFFFF);
    let (r_high, r_low) = (reciprocal >> 16, reciprocal & 0xFFFF);
    x_high * r_high + ((x_high * r_low) >> 16) + ((x_low * r_high) >> 16)
}

#[cfg(test)]
mod tests {
    use super::{Divisor, high_product_estimate};
    use shared::random::Rng;

    #[test]
    fn high_product_estimates_are_at_most_2_under() {
        let mut rng = Rng::new(5);
        for round in 0..1_000_000 {
            let (a, b) = match round % 3 {
                0 => (rng.next_u32(), rng.next_u32()),
                1 => (u32::MAX - rng.below(3), u32::MAX - rng.below(3)),
                _ => (rng.next_u32() >> rng.below(32), rng.next_u32()),
            };
            let exact = ((u64::from(a) * u64::from(b)) >> 32) as u32;
            let estimate = high_product_estimate(a, b);
            assert!(estimate <= exact && exact - estimate <= 2, "{a} {b}");
        }
    }

    #[test]
    fn quotients_and_remainders_are_exact() {
        let mut rng = Rng::new(6);
        let mut divisors: std::vec::Vec<u32> = (1..=2_000).collect();
        divisors.extend([10_000, 65_535, 65_536, 1 << 31, u32::MAX, 0x8000_0001]);
        divisors.extend((0..2_000).map(|_| rng.next_u32() | 1));
        for divisor in divisors {
            let by = Divisor::new(divisor);
            for x in [
                0,
                1,
                divisor - 1,
                divisor,
                divisor.wrapping_add(1),
                u32::MAX,
                u32::MAX - 1,
            ] {
                assert_eq!(by.div_rem(x), (x / divisor, x % divisor), "{x} / {divisor}");
            }
            for _ in 0..300 {
                let x = rng.next_u32() >> rng.below(32);
                assert_eq!(by.div_rem(x), (x / divisor, x % divisor), "{x} / {divisor}");
            }
        }
        assert_eq!(Divisor::new(0).div_rem(7), (7, 0));
        for d in [0, 1, 2, 602, 1023, 1024, 5000] {
            assert_eq!(
                super::divisor(d).div_rem(123_456_789).0,
                123_456_789 / d.max(1)
            );
        }
    }

    extern crate std;
}
