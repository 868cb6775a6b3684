//! A small seeded pseudo-random number generator.
//!
//! Mulberry32: one `u32` of state advanced by a Weyl sequence and scrambled on
//! output. The whole state is a single word, so it can be saved or handed to a
//! generator cheaply, and every seed (including 0) gives a full-period stream.
//! Not cryptographic; good enough to lay out mines.

/// Seeded pseudo-random number generator (mulberry32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u32,
}

/// Odd increment of the Weyl sequence: any odd constant visits all 2^32 states.
const WEYL_INCREMENT: u32 = 0x6D2B_79F5;

impl Rng {
    /// A generator seeded with `seed`. Every seed works, 0 included.
    #[must_use]
    pub const fn new(seed: u32) -> Self {
        Self { state: seed }
    }

    /// The current state; `Rng::new(rng.state())` continues the same stream.
    #[must_use]
    pub const fn state(&self) -> u32 {
        self.state
    }

    /// Stir outside entropy (e.g. the frame a button went down) into the
    /// state; the same value stirred in at the same point gives the same stream.
    pub fn mix(&mut self, entropy: u32) {
        self.state ^= entropy.wrapping_mul(0x9E37_79B9);
        let _ = self.next_u32();
    }

    /// The next 32 uniformly distributed bits.
    pub fn next_u32(&mut self) -> u32 {
        self.state = self.state.wrapping_add(WEYL_INCREMENT);
        let mut z = self.state;
        z = (z ^ (z >> 15)).wrapping_mul(z | 1);
        z ^= z.wrapping_add((z ^ (z >> 7)).wrapping_mul(z | 61));
        z ^ (z >> 14)
    }

    /// A uniform number in `0..n`; returns 0 when `n` is 0 rather than panicking.
    ///
    /// Lemire's multiply-and-reject: the rejection removes the modulo bias, and
    /// it rejects at most `n / 2^32` of draws, so the loop ends almost at once.
    /// The threshold needs a division (a slow library call on the GBA), so it
    /// is only worked out when the low half is small enough to be at risk:
    /// the results are the same as always computing it.
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let mut product = wide_multiply(self.next_u32(), n);
        if (product as u32) < n {
            // 2^32 mod n: the low products below this would over-represent some outputs.
            let threshold = n.wrapping_neg() % n;
            while (product as u32) < threshold {
                product = wide_multiply(self.next_u32(), n);
            }
        }
        (product >> 32) as u32
    }
}

/// `a * b` to 64 bits from four 16-bit products: Thumb code has no long
/// multiply, and the library's takes several times as long.
#[must_use]
pub const fn wide_multiply(a: u32, b: u32) -> u64 {
    let (a_low, a_high) = (a & 0xFFFF, a >> 16);
    let (b_low, b_high) = (b & 0xFFFF, b >> 16);
    let middle = (a_high * b_low) as u64 + (a_low * b_high) as u64;
    (((a_high * b_high) as u64) << 32 | (a_low * b_low) as u64) + (middle << 16)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_wide_multiply_is_the_multiply() {
        let mut rng = super::Rng::new(3);
        for _ in 0..200_000 {
            let (a, b) = (rng.next_u32(), rng.next_u32());
            assert_eq!(super::wide_multiply(a, b), u64::from(a) * u64::from(b));
        }
        for (a, b) in [
            (0, 0),
            (u32::MAX, u32::MAX),
            (u32::MAX, 1),
            (0xFFFF, 0x1_0000),
        ] {
            assert_eq!(super::wide_multiply(a, b), u64::from(a) * u64::from(b));
        }
    }

    use super::Rng;

    #[test]
    fn seed_zero_is_not_stuck() {
        let mut rng = Rng::new(0);
        let a = rng.next_u32();
        let b = rng.next_u32();
        assert_ne!(a, b);
        assert_ne!(a | b, 0);
    }

    #[test]
    fn same_seed_same_stream_and_state_resumes() {
        let mut a = Rng::new(1234);
        let mut b = Rng::new(1234);
        for _ in 0..10 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
        let mut resumed = Rng::new(a.state());
        assert_eq!(a.next_u32(), resumed.next_u32());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u16; 6];
        for _ in 0..600 {
            let v = rng.below(6) as usize;
            assert!(v < 6);
            seen[v] += 1;
        }
        // Each bucket expects 100; a fair generator stays well within 50..150.
        assert!(seen.iter().all(|&count| (50..150).contains(&count)));
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }
}
