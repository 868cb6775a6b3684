//! FNV-1a: a cheap hash for caches that only ask "has this changed?" (what
//! a screen shows, a line of text). It takes 32-bit words; a byte goes in
//! as one word, which is byte-wise FNV-1a.

const OFFSET: u32 = 0x811C_9DC5;
const PRIME: u32 = 0x0100_0193;

/// The hash of `words`.
#[must_use]
pub fn hash(words: impl IntoIterator<Item = u32>) -> u32 {
    extend(OFFSET, words)
}

/// `hash` carried on over more `words`.
#[must_use]
pub fn extend(hash: u32, words: impl IntoIterator<Item = u32>) -> u32 {
    words
        .into_iter()
        .fold(hash, |hash, word| (hash ^ word).wrapping_mul(PRIME))
}

const OFFSET_64: u64 = 0xCBF2_9CE4_8422_2325;
const PRIME_64: u64 = 0x0000_0100_0000_01B3;

/// 64-bit FNV-1a of `bytes`, taken four at a time as little-endian words
/// (the last zero-padded): a quarter of the 64-bit multiplies a byte at a
/// time would take on the ARM7. Only equal-length inputs are compared by
/// it, so the padding cannot make two of them equal.
#[must_use]
pub fn hash64_bytes(bytes: &[u8]) -> u64 {
    bytes.chunks(4).fold(OFFSET_64, |hash, chunk| {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        times_prime_64(hash ^ u64::from(u32::from_le_bytes(word)))
    })
}

/// `hash * PRIME_64` (mod 2^64) from 32-bit multiplies only: the prime is
/// 2^40 + 0x1B3, and each half-word times 0x1B3 fits a word. Thumb code has
/// no 64-bit multiply: the library's takes several times as long.
fn times_prime_64(hash: u64) -> u64 {
    const LOW: u32 = (PRIME_64 & 0xFFFF_FFFF) as u32;
    let (low, high) = (hash as u32, (hash >> 32) as u32);
    let low_product = u64::from((low & 0xFFFF) * LOW) + (u64::from((low >> 16) * LOW) << 16);
    let high_product = u64::from(high.wrapping_mul(LOW)) << 32;
    low_product
        .wrapping_add(high_product)
        .wrapping_add(hash << 40)
}

#[cfg(test)]
mod tests {
    /// The standard 32-bit FNV-1a test vectors, fed a byte a word.
    #[test]
    fn matches_the_reference_vectors() {
        assert_eq!(super::hash([]), 0x811C_9DC5);
        assert_eq!(super::hash(b"a".iter().map(|&b| u32::from(b))), 0xE40C_292C);
        assert_eq!(
            super::hash(b"foobar".iter().map(|&b| u32::from(b))),
            0xBF9C_F968
        );
    }

    /// The multiply without a 64-bit multiply is the multiply.
    #[test]
    fn the_prime_multiply_is_exact() {
        let mut value = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..100_000 {
            assert_eq!(
                super::times_prime_64(value),
                value.wrapping_mul(super::PRIME_64)
            );
            value = value
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
        }
        for edge in [0, 1, u64::MAX, 0xFFFF, 0xFFFF_FFFF, 1 << 63] {
            assert_eq!(
                super::times_prime_64(edge),
                edge.wrapping_mul(super::PRIME_64)
            );
        }
    }

    /// Every one-bit change of a section-sized input changes the hash, and
    /// no two of them collide.
    #[test]
    fn the_64_bit_hash_tells_every_one_bit_change_apart() {
        let base: std::vec::Vec<u8> = (0..257u32).map(|i| (i * 37 % 256) as u8).collect();
        let mut seen = std::collections::BTreeSet::new();
        assert!(seen.insert(super::hash64_bytes(&base)));
        for bit in 0..base.len() * 8 {
            let mut flipped = base.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            assert!(seen.insert(super::hash64_bytes(&flipped)), "bit {bit}");
        }
        assert_ne!(super::hash64_bytes(&[]), super::hash64_bytes(&[0]));
    }
}
