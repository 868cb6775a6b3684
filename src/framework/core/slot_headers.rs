//! agb's slot header blocks, read before agb's save manager starts, to give
//! a slot whose header is unreadable everywhere an empty header of its own.
//!
//! agb keeps each slot's header in one of the blocks after the global
//! header; writes move it to the spare ("ghost") block, so slot `k`'s header
//! is often not in block `k + 1`. A slot with no readable header anywhere is
//! reported corrupted, and agb then takes block `k + 1` as its header: erasing
//! or writing that slot would overwrite whichever slot's header really lives
//! there. So before agb reads SRAM, each such slot gets an empty header in a
//! block no readable header needs, and agb sees an empty slot. Pure: the
//! blocks are passed in and the repairs handed back.

use alloc::vec::Vec;

use crate::section::SectionTag;

/// agb's block size on SRAM.
pub const BLOCK: usize = 128;

/// agb's block type of a slot header, and the slot states it stores.
const SLOT_HEADER: u16 = 2;
const EMPTY: u8 = 0;
const GHOST: u8 = 2;

/// A readable slot header: its slot, whether it is a ghost (the copy a
/// slot falls back to), and whether its metadata reads back as agb reads it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Header {
    slot: usize,
    ghost: bool,
    metadata_reads: bool,
}

/// Where agb keeps the metadata's length and CRC-32, and the metadata
/// itself (what fits in the header; a longer one continues in data blocks).
const METADATA_LENGTH: usize = 28;
const METADATA_CRC: usize = 32;
const METADATA: usize = 36;
const FIRST_METADATA_BLOCK: usize = 12;

fn read(block: &[u8; BLOCK]) -> Option<Header> {
    let word = |at: usize| u16::from_le_bytes([block[at], block[at + 1]]);
    let long =
        |at: usize| u32::from_le_bytes([block[at], block[at + 1], block[at + 2], block[at + 3]]);
    if word(0) != crc16_arc(&block[2..]) || word(2) != SLOT_HEADER || block[8] > GHOST {
        return None;
    }
    let inline = &block[METADATA..];
    let length = long(METADATA_LENGTH) as usize;
    // One continued in data blocks is not followed here: counted as unread.
    let metadata_reads = word(FIRST_METADATA_BLOCK) == 0
        && inline.get(..length).is_some_and(|metadata| {
            crc32(metadata) == long(METADATA_CRC)
                && postcard::from_bytes::<SectionTag>(metadata).is_ok()
        });
    Some(Header {
        slot: usize::from(block[9]),
        ghost: block[8] == GHOST,
        metadata_reads,
    })
}

/// An empty header for `slot`, as agb writes one when it formats.
pub fn empty_header(slot: usize) -> [u8; BLOCK] {
    let mut block = [0u8; BLOCK];
    block[2..4].copy_from_slice(&SLOT_HEADER.to_le_bytes());
    block[8] = EMPTY;
    block[9] = slot as u8;
    let crc = crc16_arc(&block[2..]);
    block[0..2].copy_from_slice(&crc.to_le_bytes());
    block
}

/// Given the header blocks (the `slots + 1` blocks after the global header),
/// the slots agb may take the wrong header block for, each with the index in
/// `blocks` to write an empty header for it to, or `None` when it must be
/// left alone (never erased or written). A slot that no readable header
/// names gets a block holding no readable header, else a ghost whose slot
/// has a header of its own (`None` if there is none). A slot with only a
/// ghost is recovered from it by agb when the ghost's metadata reads back
/// (then agb uses the ghost's block); otherwise it is left alone if its
/// usual block holds another slot's live header.
pub fn headerless(blocks: &[[u8; BLOCK]], slots: usize) -> Vec<(usize, Option<usize>)> {
    let headers: Vec<Option<Header>> = blocks.iter().map(read).collect();
    let named = |slot: usize| headers.iter().flatten().any(|header| header.slot == slot);
    let live = |slot: usize| {
        headers
            .iter()
            .flatten()
            .any(|header| header.slot == slot && !header.ghost)
    };
    let mut spare: Vec<usize> = (0..blocks.len())
        .filter(|&i| headers[i].is_none())
        .chain((0..blocks.len()).filter(|&i| {
            headers[i]
                .is_some_and(|header| header.ghost && (header.slot >= slots || live(header.slot)))
        }))
        .collect();
    let recoverable = |slot: usize| {
        headers
            .iter()
            .flatten()
            .any(|header| header.slot == slot && header.ghost && header.metadata_reads)
    };
    let mut repairs: Vec<(usize, Option<usize>)> = (0..slots)
        .filter(|&slot| named(slot) && !live(slot) && !recoverable(slot))
        .filter(|&slot| {
            headers
                .get(slot)
                .copied()
                .flatten()
                .is_some_and(|header| header.slot != slot && !header.ghost)
        })
        .map(|slot| (slot, None))
        .collect();
    for slot in (0..slots).filter(|&slot| !named(slot)) {
        // Its own usual block if that is spare, so a fresh chip's layout stays.
        let pick = spare
            .iter()
            .position(|&i| i == slot)
            .or((!spare.is_empty()).then_some(0));
        repairs.push((slot, pick.map(|pick| spare.remove(pick))));
    }
    repairs
}

/// CRC-32 (IEEE), agb's checksum of slot data and metadata.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// CRC-16/ARC, agb's block checksum.
pub fn crc16_arc(bytes: &[u8]) -> u16 {
    let mut crc = 0u16;
    for &byte in bytes {
        crc ^= u16::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xA001
            } else {
                crc >> 1
            };
        }
    }
    crc
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALID: u8 = 1;

    fn header(slot: usize, state: u8) -> [u8; BLOCK] {
        let mut block = empty_header(slot);
        block[8] = state;
        block[16] = 7; // a generation, so it differs from an empty header
        let crc = crc16_arc(&block[2..]);
        block[0..2].copy_from_slice(&crc.to_le_bytes());
        block
    }

    /// A header whose metadata names `owner`, as agb writes it.
    fn owned(slot: usize, state: u8, owner: &str) -> [u8; BLOCK] {
        let mut block = header(slot, state);
        let tag = SectionTag::new(owner, 1).unwrap();
        let metadata = postcard::to_allocvec(&tag).unwrap();
        block[METADATA..METADATA + metadata.len()].copy_from_slice(&metadata);
        block[METADATA_LENGTH..METADATA_LENGTH + 4]
            .copy_from_slice(&(metadata.len() as u32).to_le_bytes());
        block[METADATA_CRC..METADATA_CRC + 4].copy_from_slice(&crc32(&metadata).to_le_bytes());
        let crc = crc16_arc(&block[2..]);
        block[0..2].copy_from_slice(&crc.to_le_bytes());
        block
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn crc16_arc_matches_the_standard_check_value() {
        assert_eq!(crc16_arc(b"123456789"), 0xBB3D);
    }

    #[test]
    fn an_intact_layout_needs_nothing() {
        // Slot 1's header moved to the last block; block 2 is its ghost.
        let blocks = [
            header(0, VALID),
            header(1, GHOST),
            header(2, EMPTY),
            header(1, VALID),
        ];
        assert_eq!(headerless(&blocks, 3), []);
        // An empty slot's header has no metadata to read.
        assert_eq!(
            read(&empty_header(5)),
            Some(Header {
                slot: 5,
                ghost: false,
                metadata_reads: false,
            })
        );
    }

    #[test]
    fn a_slot_with_no_readable_header_gets_one_where_no_header_is_needed() {
        // Slot 0's header moved to block 3 and was then damaged; block 1
        // (slot 0's usual block) holds slot 1's live header.
        let mut damaged = header(0, VALID);
        damaged[20] ^= 4;
        let blocks = [
            header(1, VALID),
            header(1, GHOST),
            header(2, VALID),
            damaged,
        ];
        // Block 0 must not be touched: the damaged block 3 takes it, before
        // slot 1's ghost.
        assert_eq!(headerless(&blocks, 3), [(0, Some(3))]);
    }

    #[test]
    fn a_cut_off_chip_gets_each_slot_its_usual_block() {
        let blank = [0xFF; BLOCK];
        let blocks = [header(0, VALID), header(1, VALID), blank, blank, blank];
        assert_eq!(headerless(&blocks, 4), [(2, Some(2)), (3, Some(3))]);
    }

    #[test]
    fn a_slot_with_only_a_ghost_is_left_alone_where_its_usual_block_is_taken() {
        // Slot 0's live header (last block) is damaged, its ghost (whose
        // metadata does not read) is in block 2; block 0, its usual one,
        // holds slot 1's live header.
        let blank = [0xFF; BLOCK];
        let blocks = [header(1, VALID), header(2, VALID), header(0, GHOST), blank];
        assert_eq!(headerless(&blocks, 3), [(0, None)]);
        // A ghost whose metadata reads is where agb recovers the slot from.
        let blocks = [
            header(1, VALID),
            header(2, VALID),
            owned(0, GHOST, "desk"),
            blank,
        ];
        assert_eq!(headerless(&blocks, 3), []);
        // With its usual block its own ghost, agb's erase is safe.
        let blocks = [header(0, GHOST), header(1, VALID), header(2, VALID), blank];
        assert_eq!(headerless(&blocks, 3), []);
    }

    #[test]
    fn a_ghost_is_never_taken_from_a_slot_that_needs_it() {
        // Slot 0 has only its ghost (agb recovers it from there); slot 1 has
        // no header and there is no spare block for it.
        let blocks = [header(0, GHOST), header(2, VALID)];
        assert_eq!(headerless(&blocks, 3), [(1, None)]);
    }
}
