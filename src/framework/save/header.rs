//! The global header block of agb's save slots, and raw SRAM access.
//!
//! agb's slots cannot protect their own global header: if a byte of it
//! flips, agb sees "not our save" and formats, dropping good slot data. So
//! before handing SRAM to agb we compare the header with the one agb would
//! write and, when only a few bytes differ, put the right bytes back. A blank
//! or foreign save is left for agb to format. The header of the old
//! single-slot format is recognised (and repaired) the same way, so that save
//! can be migrated.

use super::slot_headers::crc16_arc;

/// SRAM blocks are 128 bytes (agb uses max(erase size, 128)).
pub const SECTOR: usize = 128;

/// How many differing bytes still count as "our header, damaged".
const REPAIRABLE_BYTES: usize = 8;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HeaderState {
    /// Exactly `expected`.
    Matches,
    /// `expected` with a few bytes flipped: safe to repair.
    Damaged,
    /// Something else.
    Differs,
}

/// How close `header` is to `expected`.
pub fn compare(header: &[u8; SECTOR], expected: &[u8; SECTOR]) -> HeaderState {
    match header.iter().zip(expected).filter(|(a, b)| a != b).count() {
        0 => HeaderState::Matches,
        n if n <= REPAIRABLE_BYTES => HeaderState::Damaged,
        _ => HeaderState::Differs,
    }
}

/// A chip that was never written (or erased) reads as one repeated byte.
pub fn is_blank(header: &[u8; SECTOR]) -> bool {
    header.iter().all(|&b| b == header[0])
}

/// The global header block agb writes when it formats SRAM (see agb_save's
/// SaveFormat.md): CRC-16/ARC of bytes 2.., block type 1, "agbS", slot count,
/// game identifier.
pub fn expected(slots: u16, identifier: &[u8; 32]) -> [u8; SECTOR] {
    let mut block = [0u8; SECTOR];
    block[2] = 1;
    block[8..12].copy_from_slice(b"agbS");
    block[12..14].copy_from_slice(&slots.to_le_bytes());
    block[14..46].copy_from_slice(identifier);
    let crc = crc16_arc(&block[2..]);
    block[0..2].copy_from_slice(&crc.to_le_bytes());
    block
}

/// Raw byte access to cartridge SRAM (8-bit bus at 0x0E000000), used before
/// agb's save manager takes over: the header check, and reading the old
/// format through `agb_save` directly.
pub mod sram {
    const BASE: usize = 0x0E00_0000;
    pub const SIZE: usize = 32 * 1024;

    // Always inlined: the journal's copies wrap these in ARM code in IWRAM
    // (`journal::copy_to_sram`), which a call back into Thumb code in ROM
    // would undo.
    #[inline(always)]
    pub fn read(offset: usize, buffer: &mut [u8]) {
        for (i, byte) in buffer
            .iter_mut()
            .enumerate()
            .take(SIZE.saturating_sub(offset))
        {
            // SAFETY: SRAM is mapped at BASE..BASE+SIZE and only byte access is valid.
            *byte = unsafe { core::ptr::read_volatile((BASE + offset + i) as *const u8) };
        }
    }

    #[inline(always)]
    pub fn write(offset: usize, bytes: &[u8]) {
        for (i, byte) in bytes.iter().enumerate().take(SIZE.saturating_sub(offset)) {
            // SAFETY: as above; nothing else touches SRAM before agb's save init.
            unsafe { core::ptr::write_volatile((BASE + offset + i) as *mut u8, *byte) };
        }
    }

    /// SRAM as an `agb_save` storage medium.
    pub struct Raw;

    impl agb_save::StorageMedium for Raw {
        type Error = ();

        fn info(&self) -> agb_save::StorageInfo {
            agb_save::StorageInfo {
                size: SIZE,
                erase_size: None,
                write_size: core::num::NonZeroUsize::MIN,
            }
        }

        fn read(&mut self, offset: usize, buf: &mut [u8]) -> Result<(), ()> {
            if offset + buf.len() > SIZE {
                return Err(());
            }
            read(offset, buf);
            Ok(())
        }

        fn erase(&mut self, _offset: usize, _len: usize) -> Result<(), ()> {
            Ok(())
        }

        fn write(&mut self, offset: usize, data: &[u8]) -> Result<(), ()> {
            if offset + data.len() > SIZE {
                return Err(());
            }
            write(offset, data);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn header_comparison(_gba: &mut agb::Gba) {
        let id = *b"pocket-desk test________________";
        let good = expected(4, &id);
        assert_eq!(compare(&good, &good), HeaderState::Matches);
        let mut flipped = good;
        flipped[20] ^= 0x10;
        flipped[0] ^= 0x01;
        assert_eq!(compare(&flipped, &good), HeaderState::Damaged);
        assert!(is_blank(&[0xFF; SECTOR]) && !is_blank(&good));
        let mut foreign = good;
        foreign[14..46].copy_from_slice(b"some-other-game-save____________");
        assert_eq!(compare(&foreign, &good), HeaderState::Differs);
    }
}
