//! Measuring the heap from outside the allocator. agb installs its own global
//! allocator with no statistics, so we probe: allocate ever smaller chunks until
//! nothing more fits, count the bytes, free them all. The chunks form a linked
//! list threaded through themselves, so the probe needs no memory of its own.
//! Costs well under a frame; used by tests and debug events, never per frame.

use core::alloc::Layout;

/// Chunk sizes tried, largest first, so fragments left by freed apps are counted.
const CHUNKS: [usize; 7] = [16384, 2048, 512, 128, 32, 16, 8];

/// Bytes the heap could still hand out right now.
pub fn free_bytes() -> usize {
    let mut head: *mut u8 = core::ptr::null_mut();
    let mut total = 0;
    for size in CHUNKS {
        let Ok(layout) = Layout::from_size_align(size, 4) else {
            continue;
        };
        loop {
            // SAFETY: layout has a non-zero size.
            let chunk = unsafe { alloc::alloc::alloc(layout) };
            if chunk.is_null() {
                break;
            }
            // SAFETY: chunk is at least 8 bytes (two words), 4-aligned, and ours.
            unsafe {
                chunk.cast::<*mut u8>().write(head);
                chunk.cast::<usize>().add(1).write(size);
            }
            head = chunk;
            total += size;
        }
    }
    while !head.is_null() {
        // SAFETY: every node was written above with its successor and size.
        unsafe {
            let next = head.cast::<*mut u8>().read();
            let size = head.cast::<usize>().add(1).read();
            alloc::alloc::dealloc(head, Layout::from_size_align_unchecked(size, 4));
            head = next;
        }
    }
    total
}

/// Heap bytes in use now, measured by probing ([`free_bytes`]). Only debug
/// and test builds call it, so the frame meter leaves its time out.
#[cfg(any(debug_assertions, feature = "events"))]
pub fn in_use() -> usize {
    let start = super::cycles::now();
    let in_use = total().saturating_sub(free_bytes());
    super::cycles::exclude_since(start);
    in_use
}

/// The heap's size: measured once at boot, before anything is allocated.
pub fn total() -> usize {
    use agb::external::portable_atomic::{AtomicUsize, Ordering};
    static TOTAL: AtomicUsize = AtomicUsize::new(0);
    match TOTAL.load(Ordering::Relaxed) {
        0 => {
            let total = free_bytes();
            TOTAL.store(total, Ordering::Relaxed);
            total
        }
        total => total,
    }
}
