//! Binary arithmetic coding in 32-bit integers (Witten, Neal and Cleary's
//! coder): each bit costs about -log2 of the probability the model gave it,
//! so a cell its neighbours predict well costs a fraction of a bit.
//!
//! The interval `[low, high]` narrows with every bit; its leading bits, once
//! settled, are written out. Bits the decoder reads past the end are zeros,
//! and the encoder's last bits are chosen so that any continuation decodes
//! the same, so the coded bits can stop at their last 1.

use super::bits::{BitReader, BitWriter};
use super::reciprocal;

// In 32 bits: the GBA shifts 64-bit numbers with a slow library call.
const HALF: u32 = 1 << 31;
const QUARTER: u32 = 1 << 30;
const THREE_QUARTERS: u32 = HALF + QUARTER;
const TOP: u32 = u32::MAX;

/// How likely the next bit is 0: `zeros` to `ones` (both at least 1, their
/// sum far below a quarter of the interval).
#[derive(Clone, Copy, Debug)]
pub struct Odds {
    pub zeros: u32,
    pub ones: u32,
}

impl Odds {
    /// Where the interval splits: values up to the result code a 0. That is
    /// `low + range * zeros / total - 1`, worked out in 32-bit steps (the
    /// GBA's 64-bit divide is a slow library call) with the same result.
    fn split(self, low: u32, high: u32) -> u32 {
        let zeros = self.zeros.max(1);
        let total = zeros + self.ones.max(1);
        // The model's counts stay far below 2^16, so the products below fit.
        debug_assert!(total <= 0xFFFF);
        // range = quotient * total + remainder, from range - 1 (which fits
        // 32 bits: the range is at most 2^32).
        let by_total = reciprocal::divisor(total);
        let (mut quotient, mut remainder) = by_total.div_rem(high - low);
        remainder += 1;
        if remainder == total {
            quotient += 1;
            remainder = 0;
        }
        // range * zeros / total = quotient * zeros + remainder * zeros / total.
        low + (quotient * zeros + by_total.div_rem(remainder * zeros).0) - 1
    }
}

#[derive(Clone, Debug)]
pub struct Encoder {
    low: u32,
    high: u32,
    /// Bits decided but not yet known: each is the opposite of the next bit out.
    pending: u32,
    out: BitWriter,
}

impl Encoder {
    #[must_use]
    pub fn new(out: BitWriter) -> Self {
        Self {
            low: 0,
            high: TOP,
            pending: 0,
            out,
        }
    }

    pub fn encode(&mut self, bit: bool, odds: Odds) {
        let split = odds.split(self.low, self.high);
        if bit {
            self.low = split + 1;
        } else {
            self.high = split;
        }
        loop {
            if self.high < HALF {
                self.emit(false);
            } else if self.low >= HALF {
                self.emit(true);
                self.low -= HALF;
                self.high -= HALF;
            } else if self.low >= QUARTER && self.high < THREE_QUARTERS {
                self.pending += 1;
                self.low -= QUARTER;
                self.high -= QUARTER;
            } else {
                break;
            }
            self.low <<= 1;
            self.high = (self.high << 1) | 1;
        }
    }

    /// Writes the bits that pin the interval down and hands the output back.
    #[must_use]
    pub fn finish(mut self) -> BitWriter {
        // The interval holds [QUARTER, HALF] or [HALF, THREE_QUARTERS]: "01"
        // or "10" then anything lands inside it.
        self.pending += 1;
        let bit = self.low >= QUARTER;
        self.emit(bit);
        self.out
    }

    fn emit(&mut self, bit: bool) {
        self.out.push(bit);
        for _ in 0..self.pending {
            self.out.push(!bit);
        }
        self.pending = 0;
    }
}

#[derive(Clone, Debug)]
pub struct Decoder {
    low: u32,
    high: u32,
    /// The coded bits under the interval; always within `[low, high]`,
    /// whatever bits come in, so no subtraction can go below zero.
    value: u32,
    input: BitReader,
}

impl Decoder {
    #[must_use]
    pub fn new(mut input: BitReader) -> Self {
        let mut value = 0;
        for _ in 0..32 {
            value = (value << 1) | u32::from(input.read());
        }
        Self {
            low: 0,
            high: TOP,
            value,
            input,
        }
    }

    pub fn decode(&mut self, odds: Odds) -> bool {
        let split = odds.split(self.low, self.high);
        let bit = self.value > split;
        if bit {
            self.low = split + 1;
        } else {
            self.high = split;
        }
        loop {
            // The same steps as the encoder's, moving the value along.
            let offset = if self.high < HALF {
                0
            } else if self.low >= HALF {
                HALF
            } else if self.low >= QUARTER && self.high < THREE_QUARTERS {
                QUARTER
            } else {
                break;
            };
            self.low -= offset;
            self.high -= offset;
            self.value -= offset;
            self.low <<= 1;
            self.high = (self.high << 1) | 1;
            self.value = (self.value << 1) | u32::from(self.input.read());
        }
        bit
    }
}

#[cfg(test)]
mod tests {
    use super::{Decoder, Encoder, Odds};

    /// The split in 32-bit steps matches the plain 64-bit formula.
    #[test]
    fn the_split_matches_the_formula() {
        let mut rng = Rng::new(3);
        for round in 0..200_000 {
            let zeros = 1 + rng.below(if round % 2 == 0 { 700 } else { 0x7FFF });
            let ones = 1 + rng.below(if round % 2 == 0 { 700 } else { 0x7FFF });
            let (low, high) = match round % 4 {
                0 => (0, super::TOP),
                1 => (rng.below(1 << 31), super::TOP),
                _ => {
                    let low = rng.next_u32();
                    (low, low + rng.below(super::TOP - low).max(1))
                }
            };
            let odds = Odds { zeros, ones };
            let total = u64::from(zeros + ones);
            let range = u64::from(high - low) + 1;
            let plain = u64::from(low) + range * u64::from(zeros) / total - 1;
            assert_eq!(
                u64::from(odds.split(low, high)),
                plain,
                "{low} {high} {zeros} {ones}"
            );
        }
    }
    use crate::share_code::bits::{BitReader, BitWriter};
    use shared::random::Rng;

    /// Random bits with random skewed odds, coded and decoded.
    #[test]
    fn bits_round_trip_under_any_odds() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for round in 0..2_000 {
            let len = rng.below(300) as usize;
            let mut bits = [false; 300];
            let mut odds = [Odds { zeros: 1, ones: 1 }; 300];
            for i in 0..len {
                odds[i] = Odds {
                    zeros: 1 + rng.below(300),
                    ones: 1 + rng.below(300),
                };
                // Mostly follow the odds, sometimes defy them.
                let p_one = odds[i].ones * 1000 / (odds[i].zeros + odds[i].ones);
                bits[i] = if round % 3 == 0 {
                    rng.below(2) == 1
                } else {
                    rng.below(1000) < p_one
                };
            }
            let mut encoder = Encoder::new(BitWriter::default());
            for i in 0..len {
                encoder.encode(bits[i], odds[i]);
            }
            // Bits that defy long odds cost many bits each: past the
            // writer's limit, nothing to check.
            let Some(coded) = encoder.finish().finish() else {
                continue;
            };
            let mut decoder = Decoder::new(BitReader::new(coded));
            for i in 0..len {
                assert_eq!(decoder.decode(odds[i]), bits[i], "round {round}, bit {i}");
            }
            checked += 1;
        }
        assert!(checked > 1_000, "{checked}");
    }

    #[test]
    fn certain_bits_cost_almost_nothing() {
        let mut encoder = Encoder::new(BitWriter::default());
        let odds = Odds {
            zeros: 1,
            ones: 299,
        };
        for _ in 0..200 {
            encoder.encode(true, odds);
        }
        let coded = encoder.finish().finish().unwrap();
        assert!(coded.bit_len() < 10, "{}", coded.bit_len());
    }
}
