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
}
