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
        (hash ^ u64::from(u32::from_le_bytes(word))).wrapping_mul(PRIME_64)
    })
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
