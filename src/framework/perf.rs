//! The per-frame meter behind `event perf ...`, and the stack and memory
//! reports. Compiled only where events are (debug builds and the `events`
//! feature), so the shipped `.gba` has none.

use agb::external::portable_atomic::{AtomicUsize, Ordering};

use super::cycles::{now, take_excluded};

pub use super::frame_time::FRAME_CYCLES;

/// A frame's work may use half a frame: the rest is headroom for slower paths
/// the scripts do not reach and for the debug prints of event builds.
pub const FRAME_BUDGET: u32 = FRAME_CYCLES / 2;

/// Frames between periodic reports of every phase's worst frame.
const REPORT_EVERY: u32 = 600;

/// Phases: desktop, transition, waiting, saving, then one per app.
const MAX_PHASES: usize = 4 + 8;

/// Percent of a frame with one decimal, e.g. `12.5`.
pub struct FramePercent(pub u32);

impl core::fmt::Display for FramePercent {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let tenths = u64::from(self.0) * 1000 / u64::from(FRAME_CYCLES);
        write!(f, "{}.{}", tenths / 10, tenths % 10)
    }
}

/// What a frame is spent on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Desktop,
    Transition,
    /// An app's frame that the player waits through (see
    /// [`super::frame_time::FrameFiller`]), held to a larger budget.
    Waiting,
    /// A frame that put an overdue save into the journal (see
    /// [`super::frame_time::overdue_save`]), held to its own budget.
    Saving,
    App(usize),
}

impl Phase {
    fn slot(self) -> usize {
        match self {
            Self::Desktop => 0,
            Self::Transition => 1,
            Self::Waiting => 2,
            Self::Saving => 3,
            Self::App(index) => 4 + index,
        }
    }
}

/// Name of a phase slot for events, in two parts: `desktop`, `transition`,
/// `waiting`, `saving`, `app:<label>`, where `labels[i]` names `Phase::App(i)`.
fn phase_name<'a>(slot: usize, labels: &[&'a str]) -> (&'static str, &'a str) {
    match slot {
        0 => ("desktop", ""),
        1 => ("transition", ""),
        2 => ("waiting", ""),
        3 => ("saving", ""),
        slot => ("app:", labels.get(slot - 4).copied().unwrap_or("?")),
    }
}

/// Measures each frame's work (update, show, sound) and keeps the worst frame
/// per phase. A frame whose phase changes (an app opening, finishing its
/// animation or closing) counts as a transition, so the heavy `open` and the
/// drop of the working state land there.
pub struct FrameMeter {
    start: u32,
    /// Readings taken by [`FrameMeter::mark`] (after update, after show), so an
    /// over-budget frame says where its time went.
    marks: [u32; 2],
    marked: usize,
    before: Phase,
    worst: [u32; MAX_PHASES],
    /// Cycles and frames per phase, for the mean.
    total: [u64; MAX_PHASES],
    count: [u32; MAX_PHASES],
    frames: u32,
}

impl Default for FrameMeter {
    fn default() -> Self {
        Self::new()
    }
}

impl FrameMeter {
    #[must_use]
    pub const fn new() -> Self {
        Self {
            start: 0,
            marks: [0; 2],
            marked: 0,
            before: Phase::Desktop,
            worst: [0; MAX_PHASES],
            total: [0; MAX_PHASES],
            count: [0; MAX_PHASES],
            frames: 0,
        }
    }

    /// Call right after `commit` returns, with the phase then.
    pub fn begin(&mut self, phase: Phase) {
        self.before = phase;
        self.marked = 0;
        take_excluded();
        super::cycles::take_saving();
        self.start = now();
    }

    /// Call between the frame's parts (after the sound, after the update).
    pub fn mark(&mut self) {
        if let Some(mark) = self.marks.get_mut(self.marked) {
            *mark = now();
            self.marked += 1;
        }
    }

    /// Call right before `commit`; logs `perf.over` for a frame over budget,
    /// and every phase's worst on returning to the desktop and periodically.
    pub fn end(&mut self, after: Phase, labels: &[&str]) {
        let end = now();
        let cycles = end.wrapping_sub(self.start).saturating_sub(take_excluded());
        let waiting = super::frame_time::take_waiting();
        let saving = super::frame_time::take_overdue_save();
        let phase = if saving {
            Phase::Saving
        } else if after != self.before {
            Phase::Transition
        } else if waiting {
            Phase::Waiting
        } else {
            after
        };
        let slot = phase.slot();
        if let (Some(worst), Some(total), Some(count)) = (
            self.worst.get_mut(slot),
            self.total.get_mut(slot),
            self.count.get_mut(slot),
        ) {
            *worst = (*worst).max(cycles);
            *total += u64::from(cycles);
            *count += 1;
        }
        self.frames = self.frames.wrapping_add(1);
        let budget = match phase {
            Phase::Waiting => super::frame_time::WAITING_FRAME_CYCLES,
            _ => FRAME_BUDGET,
        };
        if cycles > budget {
            let (name, id) = phase_name(slot, labels);
            // Marks not taken this frame read as the end, so their parts read 0.
            let [sound_end, update_end] = match self.marked {
                0 => [end, end],
                1 => [self.marks[0], end],
                _ => self.marks,
            };
            crate::event!(
                "perf.over phase={}{} cycles={} pct={} update={} show={} sound={} save={} frame={}",
                name,
                id,
                cycles,
                FramePercent(cycles),
                update_end.wrapping_sub(sound_end),
                end.wrapping_sub(update_end),
                sound_end.wrapping_sub(self.start),
                super::cycles::take_saving(),
                self.frames
            );
        }
        let back_on_desktop = after == Phase::Desktop && self.before != Phase::Desktop;
        if back_on_desktop || self.frames.is_multiple_of(REPORT_EVERY) {
            self.report(labels);
        }
    }

    fn report(&self, labels: &[&str]) {
        let phases = self.worst.iter().zip(&self.total).zip(&self.count);
        for (slot, ((&worst, &total), &count)) in phases.enumerate() {
            if count > 0 {
                let (name, id) = phase_name(slot, labels);
                crate::event!(
                    "perf phase={}{} worst={} pct={} mean={} frames={}",
                    name,
                    id,
                    worst,
                    FramePercent(worst),
                    total / u64::from(count),
                    count
                );
            }
        }
    }
}

/// What [`paint_stack`] fills the unused stack with.
pub const STACK_PAINT: u32 = 0x5AC4_57AC;
/// The top of the stack `main` runs on: the BIOS sets it below its own
/// interrupt and supervisor stacks at the end of IWRAM.
const STACK_TOP: usize = 0x0300_7F00;

/// Fill the stack below this call with [`STACK_PAINT`], from the end of the
/// code and data linked into IWRAM, and log where: the harness reads IWRAM
/// back to learn how deep the stack has reached (the first word no longer
/// painted), so every script measures the room left between the stack and
/// IWRAM's code. Call first thing in `main`, when the stack is shallow.
#[inline(never)]
pub fn paint_stack() {
    unsafe extern "C" {
        static __iwram_end: u8;
    }
    let bottom = (&raw const __iwram_end as usize + 3) & !3;
    let marker = 0u32;
    // Well below this frame, whose own words must not be overwritten.
    let top = (core::ptr::addr_of!(marker) as usize).saturating_sub(256) & !3;
    let mut address = bottom;
    while address < top {
        // SAFETY: between the end of IWRAM's linked sections and below the
        // live stack: memory nothing owns yet, word aligned.
        unsafe { (address as *mut u32).write_volatile(STACK_PAINT) };
        address += 4;
    }
    crate::event!("stack.painted bottom={:#x} top={:#x}", bottom, STACK_TOP);
}

/// Log where agb's IWRAM allocations end: the mixer takes its buffers from
/// the bottom of the painted stack, so the stack's room starts above them.
/// Call once the mixer exists. The probe's word is kept, not freed: a freed
/// block gets the allocator's bookkeeping written into it.
pub fn log_iwram_allocations() {
    use core::alloc::{Allocator, Layout};
    let layout = Layout::new::<u32>();
    if let Ok(block) = agb::InternalAllocator.allocate(layout) {
        let end = block.as_ptr() as *const u8 as usize + layout.size();
        IWRAM_ALLOCATIONS_END.store(end, Ordering::Relaxed);
        crate::event!("stack.heap_end address={:#x}", end);
    }
}

/// Where agb's IWRAM allocations ended at boot (nothing allocates there later).
static IWRAM_ALLOCATIONS_END: AtomicUsize = AtomicUsize::new(0);

/// Log the RAM in use `at` a moment (`rest` on the desktop, or an app's
/// name with its window open): IWRAM's linked code and data with agb's
/// allocations there (the stack comes on top; the harness measures its
/// peak), and EWRAM's linked data with the heap in use.
#[cfg(any(debug_assertions, feature = "events"))]
pub fn log_memory(at: &str) {
    unsafe extern "C" {
        static __iwram_end: u8;
        static __ewram_data_end: u8;
    }
    const IWRAM: usize = 0x0300_0000;
    const EWRAM: usize = 0x0200_0000;
    let iwram = IWRAM_ALLOCATIONS_END
        .load(Ordering::Relaxed)
        .max(&raw const __iwram_end as usize)
        - IWRAM;
    let heap = super::heap::in_use();
    let ewram = &raw const __ewram_data_end as usize - EWRAM + heap;
    crate::event!(
        "memory at={} iwram={} ewram={} heap={}",
        at,
        iwram,
        ewram,
        heap
    );
}
