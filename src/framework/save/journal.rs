//! SRAM written a little at a time: the storage medium agb's save slots run
//! on. A slot write goes into a queue in RAM, in the order agb makes it, and
//! the frame loop copies the queue to SRAM a few hundred bytes a frame
//! ([`Journal::drain`]), so no frame stops for a save.
//!
//! A power cut part way through the queue leaves SRAM exactly as a cut part
//! way through agb's own write would (the same bytes, in the same order), and
//! agb's ghost slot already recovers from that: the section reads as before
//! the write or as after it. Reads see the queue over SRAM, so agb's slot
//! manager works on what SRAM will hold.

use alloc::{collections::VecDeque, rc::Rc, vec::Vec};
use core::cell::RefCell;

use super::header::sram;

/// One slot write's bytes at one place in SRAM.
struct Write {
    offset: usize,
    bytes: Vec<u8>,
}

/// A section write as the save events tell it: which queued writes are its.
pub struct Mark {
    pub owner: &'static str,
    /// Its serialized size and fingerprint, for the `save.end` event.
    pub bytes: usize,
    pub hash: u32,
    /// Queue numbers: its first write, and one past its last.
    first: u32,
    end: u32,
    begun: bool,
}

#[derive(Default)]
struct Queue {
    writes: VecDeque<Write>,
    /// Bytes of the front write already in SRAM.
    copied: usize,
    /// Writes queued and writes copied since boot (queue numbers).
    queued: u32,
    finished: u32,
    marks: VecDeque<Mark>,
}

/// What a drain did, for the save events.
pub enum Progress {
    Began(&'static str),
    Ended(Mark),
}

/// The queue, shared by agb's slot manager (which writes into it) and the
/// frame loop (which drains it).
#[derive(Clone, Default)]
pub struct Journal(Rc<RefCell<Queue>>);

impl Journal {
    /// Whether bytes wait to be copied to SRAM.
    pub fn is_empty(&self) -> bool {
        self.0.borrow().writes.is_empty()
    }

    /// Queue number the next write will get: a section write's marks are
    /// taken around it.
    pub fn position(&self) -> u32 {
        self.0.borrow().queued
    }

    /// Name the writes queued since `first` as `owner`'s section write.
    pub fn mark(&self, owner: &'static str, first: u32, bytes: usize, hash: u32) {
        let mut queue = self.0.borrow_mut();
        let end = queue.queued;
        queue.marks.push_back(Mark {
            owner,
            bytes,
            hash,
            first,
            end,
            begun: false,
        });
    }

    /// Copy up to `budget` queued bytes to SRAM, oldest first; `report` is
    /// told when a marked section write starts and ends.
    pub fn drain(&self, mut budget: usize, report: &mut dyn FnMut(Progress)) {
        let mut queue = self.0.borrow_mut();
        loop {
            queue.announce(report);
            if budget == 0 {
                break;
            }
            let copied = queue.copied;
            let Some(front) = queue.writes.front() else {
                break;
            };
            let take = budget.min(front.bytes.len() - copied);
            copy_to_sram(front.offset + copied, &front.bytes[copied..copied + take]);
            budget -= take;
            if copied + take == front.bytes.len() {
                queue.writes.pop_front();
                queue.copied = 0;
                queue.finished += 1;
                if queue.writes.is_empty() {
                    // Nothing is kept between saves: the heap is as it was.
                    queue.writes.shrink_to_fit();
                }
            } else {
                queue.copied = copied + take;
            }
        }
    }

    /// Copy everything queued to SRAM now (before a reset or a sleep).
    pub fn finish(&self, report: &mut dyn FnMut(Progress)) {
        self.drain(usize::MAX, report);
    }
}

impl Queue {
    /// Report the marks whose first write is next to copy (before a byte of
    /// it goes out) and those whose writes have all been copied.
    fn announce(&mut self, report: &mut dyn FnMut(Progress)) {
        while let Some(mark) = self.marks.front_mut() {
            if self.finished < mark.first {
                break;
            }
            if !mark.begun {
                mark.begun = true;
                report(Progress::Began(mark.owner));
            }
            if self.finished < mark.end {
                break;
            }
            if let Some(mark) = self.marks.pop_front() {
                report(Progress::Ended(mark));
            }
            if self.marks.is_empty() {
                self.marks.shrink_to_fit();
            }
        }
    }
}

/// SRAM's 8-bit bus takes a byte at a time: the loops around it run as ARM
/// code from IWRAM, where agb's block reads (three a section write) and the
/// journal's copies cost a third of what Thumb code from ROM does.
#[inline(never)]
#[unsafe(link_section = ".iwram.sram_copy")]
#[instruction_set(arm::a32)]
fn copy_to_sram(offset: usize, bytes: &[u8]) {
    sram::write(offset, bytes);
}

#[inline(never)]
#[unsafe(link_section = ".iwram.sram_copy")]
#[instruction_set(arm::a32)]
fn copy_from_sram(offset: usize, buffer: &mut [u8]) {
    sram::read(offset, buffer);
}

impl agb_save::StorageMedium for Journal {
    type Error = ();

    fn info(&self) -> agb_save::StorageInfo {
        agb_save::StorageInfo {
            size: sram::SIZE,
            erase_size: None,
            write_size: core::num::NonZeroUsize::MIN,
        }
    }

    fn read(&mut self, offset: usize, buf: &mut [u8]) -> Result<(), ()> {
        let end = offset.checked_add(buf.len()).ok_or(())?;
        if end > sram::SIZE {
            return Err(());
        }
        copy_from_sram(offset, buf);
        // What is queued over it, oldest first, so the newest wins.
        for write in &self.0.borrow().writes {
            let from = write.offset.max(offset);
            let to = (write.offset + write.bytes.len()).min(end);
            if from < to {
                buf[from - offset..to - offset]
                    .copy_from_slice(&write.bytes[from - write.offset..to - write.offset]);
            }
        }
        Ok(())
    }

    fn erase(&mut self, _offset: usize, _len: usize) -> Result<(), ()> {
        Ok(())
    }

    fn write(&mut self, offset: usize, data: &[u8]) -> Result<(), ()> {
        if offset
            .checked_add(data.len())
            .is_none_or(|end| end > sram::SIZE)
        {
            return Err(());
        }
        let mut queue = self.0.borrow_mut();
        queue.writes.push_back(Write {
            offset,
            bytes: data.to_vec(),
        });
        queue.queued += 1;
        drop(queue);
        // A section write runs on a fiber (`save::SectionWrite`): the rest
        // of it waits for another frame's room.
        crate::framework::fiber::pause();
        Ok(())
    }

    /// What was just queued reads back as queued: agb verifies each block
    /// right after writing it, which here is the copy just made.
    fn verify(&mut self, offset: usize, expected: &[u8]) -> Result<bool, ()> {
        Ok(self
            .0
            .borrow()
            .writes
            .back()
            .is_some_and(|write| write.offset == offset && write.bytes.len() == expected.len()))
    }
}
