//! Work on a stack of its own, run a slice at a time: a [`Fiber`] runs its
//! job until the job calls [`pause`], and the next [`Fiber::resume`] (in a
//! later frame) carries on from there. For a call that cannot be cut up
//! from outside but reaches code of ours at its natural seams: agb's save
//! slot write calls the journal once a sector, and pauses there, so a write
//! is spread over frames instead of taking one whole (`save::Storage`).
//!
//! One fiber runs at a time, resumed from the frame loop's stack. Its stack
//! is on the heap; an interrupt taken while it runs uses it too (agb's
//! handler runs on the interrupted stack), so it keeps room for that.

use agb::external::portable_atomic::{AtomicPtr, Ordering};
use alloc::boxed::Box;

core::arch::global_asm!(
    // Save the callee-saved registers and the return address on the
    // running stack, store its pointer in `*r0`, continue on the stack at
    // `r1` from where it was left (or from its first entry). ARM code: Thumb
    // on the GBA cannot push r8 to r11.
    ".section .text.pocket_desk_fiber_switch,\"ax\",%progbits",
    ".arm",
    ".balign 4",
    ".global pocket_desk_fiber_switch",
    ".type pocket_desk_fiber_switch,%function",
    "pocket_desk_fiber_switch:",
    "    push {{r4-r11, lr}}",
    "    str sp, [r0]",
    "    mov sp, r1",
    "    pop {{r4-r11, lr}}",
    "    bx lr",
    ".size pocket_desk_fiber_switch, . - pocket_desk_fiber_switch",
    ".thumb",
);

unsafe extern "C" {
    fn pocket_desk_fiber_switch(save: *mut usize, to: usize);
}

/// Registers `pocket_desk_fiber_switch` keeps on a stack: r4 to r11 and lr.
const SAVED_WORDS: usize = 9;

/// What the switch needs, at a fixed address while the fiber lives.
struct Context {
    /// The fiber's stack pointer while it is paused (or before it starts).
    fiber_sp: usize,
    /// The resumer's stack pointer while the fiber runs.
    resumer_sp: usize,
    job: Option<Box<dyn FnOnce()>>,
    finished: bool,
}

/// The fiber running now, if any.
static RUNNING: AtomicPtr<Context> = AtomicPtr::new(core::ptr::null_mut());

/// A job and its stack. Dropped before its job ends, it runs the job to
/// the end first: what the job holds is freed on its own stack.
pub struct Fiber {
    context: Box<Context>,
    /// Eight-byte words: the stack stays aligned as AAPCS asks.
    _stack: Box<[u64]>,
}

impl Fiber {
    /// A fiber that runs `job` on a stack of `stack_bytes` once resumed.
    pub fn new(stack_bytes: usize, job: impl FnOnce() + 'static) -> Self {
        let mut stack =
            alloc::vec![0u64; stack_bytes.div_ceil(8).max(SAVED_WORDS)].into_boxed_slice();
        let top = stack.as_mut_ptr_range().end.cast::<usize>();
        // The first switch to the fiber pops eight zeroed registers and
        // returns into `entry` with the stack at `top`.
        // SAFETY: the stack is at least SAVED_WORDS words long.
        let start = unsafe { top.sub(SAVED_WORDS) };
        // SAFETY: `start` is the first of the stack's last SAVED_WORDS
        // words, inside the allocation.
        unsafe {
            start
                .add(SAVED_WORDS - 1)
                .write(entry as *const () as usize)
        };
        Self {
            context: Box::new(Context {
                fiber_sp: start as usize,
                resumer_sp: 0,
                job: Some(Box::new(job)),
                finished: false,
            }),
            _stack: stack,
        }
    }

    /// The most of its stack the job has used so far, in bytes: the stack
    /// starts zeroed, and the job's frames leave words that are not (the
    /// tests and the `save.queued` events check the headroom left).
    #[cfg(any(debug_assertions, feature = "events"))]
    pub fn stack_used(&self) -> usize {
        let untouched = self._stack.iter().take_while(|&&word| word == 0).count();
        (self._stack.len() - untouched) * 8
    }

    /// Run the job until it pauses or ends; true once it has ended.
    pub fn resume(&mut self) -> bool {
        if self.context.finished || !RUNNING.load(Ordering::Relaxed).is_null() {
            return self.context.finished;
        }
        let context: *mut Context = &mut *self.context;
        RUNNING.store(context, Ordering::Relaxed);
        // SAFETY: the fiber's stack pointer is where it paused (or its
        // start), inside its stack, which lives as long as `self`; the
        // switch back stores into `resumer_sp` of the same context.
        unsafe {
            pocket_desk_fiber_switch(&raw mut (*context).resumer_sp, (*context).fiber_sp);
        }
        RUNNING.store(core::ptr::null_mut(), Ordering::Relaxed);
        self.context.finished
    }
}

impl Drop for Fiber {
    fn drop(&mut self) {
        while !self.resume() {}
    }
}

/// Inside a fiber: back to whoever resumed it, until it is resumed again.
/// Outside one: nothing.
pub fn pause() {
    let context = RUNNING.load(Ordering::Relaxed);
    if !context.is_null() {
        // SAFETY: a fiber is running, so `context` is its live context and
        // `resumer_sp` the stack `resume` left.
        unsafe {
            pocket_desk_fiber_switch(&raw mut (*context).fiber_sp, (*context).resumer_sp);
        }
    }
}

/// Where a fiber starts: runs its job, then goes back for good.
extern "C" fn entry() -> ! {
    let context = RUNNING.load(Ordering::Relaxed);
    // SAFETY: `resume` set RUNNING to this fiber's context before switching.
    if let Some(job) = unsafe { (*context).job.take() } {
        job();
    }
    // SAFETY: as above; the context outlives the fiber's last switch.
    unsafe { (*context).finished = true };
    loop {
        pause();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::rc::Rc;
    use core::cell::Cell;

    #[test_case]
    fn a_job_runs_a_slice_per_resume(_gba: &mut agb::Gba) {
        let steps = Rc::new(Cell::new(0u32));
        let seen = steps.clone();
        let mut fiber = Fiber::new(1024, move || {
            for _ in 0..3 {
                seen.set(seen.get() + 1);
                pause();
            }
            seen.set(seen.get() + 10);
        });
        assert_eq!(steps.get(), 0, "nothing runs before the first resume");
        for expected in 1..=3 {
            assert!(!fiber.resume());
            assert_eq!(steps.get(), expected);
        }
        assert!(fiber.resume(), "the job ends on the fourth");
        assert_eq!(steps.get(), 13);
        assert!(fiber.resume(), "an ended fiber stays ended");
        assert_eq!(steps.get(), 13);
        let used = fiber.stack_used();
        assert!(used > 36 && used < 1024, "{used} bytes of its stack used");
    }

    #[test_case]
    fn a_fiber_dropped_part_way_finishes_its_job(_gba: &mut agb::Gba) {
        let done = Rc::new(Cell::new(false));
        let flag = done.clone();
        let before = crate::framework::heap::in_use();
        let mut fiber = Fiber::new(1024, move || {
            let held = alloc::vec![7u8; 300];
            pause();
            pause();
            flag.set(held.len() == 300);
        });
        assert!(!fiber.resume());
        drop(fiber);
        assert!(done.get(), "the job ran to its end");
        assert_eq!(
            crate::framework::heap::in_use(),
            before,
            "and freed what it held"
        );
    }

    #[test_case]
    fn pause_outside_a_fiber_does_nothing(_gba: &mut agb::Gba) {
        pause();
    }
}
