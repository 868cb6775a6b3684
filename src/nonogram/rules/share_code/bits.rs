//! The picture's bits inside the payload number: plain binary, the first bit
//! in the lowest place. Trailing zeros are never stored: the reader sees
//! zeros past the end, so a written bit string and the same string with zeros
//! appended read the same.

use super::big_number::BigNumber;

/// Most bits a picture may take: well past anything that fits a share code,
/// and short of what would overflow the payload number with its header.
pub const MAX_PICTURE_BITS: usize = BigNumber::CAPACITY_BITS - 24;

/// Bits written in order, into the low end of a number.
#[derive(Clone, Debug, Default)]
pub struct BitWriter {
    bits: BigNumber,
    written: usize,
}

impl BitWriter {
    pub fn push(&mut self, bit: bool) {
        if bit {
            self.bits.set_bit(self.written);
        }
        self.written = self.written.saturating_add(1);
    }

    /// The bits as a number; `None` when more than [`MAX_PICTURE_BITS`] were
    /// written (a picture no share code can hold).
    #[must_use]
    pub fn finish(self) -> Option<BigNumber> {
        (self.written <= MAX_PICTURE_BITS).then_some(self.bits)
    }
}

/// Bits read back in the order they were written.
#[derive(Clone, Debug)]
pub struct BitReader {
    bits: BigNumber,
    next: usize,
}

impl BitReader {
    #[must_use]
    pub const fn new(bits: BigNumber) -> Self {
        Self { bits, next: 0 }
    }

    /// The next bit; false past the end.
    pub fn read(&mut self) -> bool {
        let bit = self.bits.bit(self.next);
        self.next = self.next.saturating_add(1);
        bit
    }
}

#[cfg(test)]
mod tests {
    use super::{BitReader, BitWriter, MAX_PICTURE_BITS};

    #[test]
    fn bits_read_back_in_order_then_zeros() {
        let pattern = [true, false, false, true, true, false, true];
        let mut writer = BitWriter::default();
        for &bit in &pattern {
            writer.push(bit);
        }
        writer.push(false);
        let bits = writer.finish().unwrap();
        assert_eq!(bits.bit_len(), pattern.len());
        let mut reader = BitReader::new(bits);
        for &bit in &pattern {
            assert_eq!(reader.read(), bit);
        }
        assert!((0..1000).all(|_| !reader.read()));
    }

    #[test]
    fn too_many_bits_are_refused() {
        let mut writer = BitWriter::default();
        for _ in 0..MAX_PICTURE_BITS {
            writer.push(true);
        }
        assert!(writer.clone().finish().is_some());
        writer.push(false);
        assert!(writer.finish().is_none());
    }
}
