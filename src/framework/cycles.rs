//! The CPU cycle clock: the frame meter (`perf.rs`), the debug events and
//! the `bench` feature's benchmarks read it. Compiled only where events are
//! (debug builds and the `events` feature), so the shipped `.gba` has none.
//!
//! Timers 2 and 3 run cascaded as one free-running 32-bit counter of CPU
//! cycles (16.78 MHz): timer 2 counts cycles, timer 3 counts timer 2's
//! overflows. agb's mixer owns timers 0 and 1, so these two are free.

use core::cell::RefCell;

use agb::external::critical_section::{self, Mutex};
use agb::external::portable_atomic::{AtomicU32, Ordering};
use agb::timer::{Divider, Timer, Timers};

struct Counter {
    low: Timer,
    high: Timer,
}

impl Counter {
    fn read(&self) -> u32 {
        // Timer 3 can tick between the two reads; reading it on both sides and
        // retrying means a carry never tears the 32-bit value.
        loop {
            let high = self.high.value();
            let low = self.low.value();
            if self.high.value() == high {
                return (u32::from(high) << 16) | u32::from(low);
            }
        }
    }
}

/// A static so the frame loop and the benchmarks share it without the `Gba`.
static COUNTER: Mutex<RefCell<Option<Counter>>> = Mutex::new(RefCell::new(None));

/// Starts the cycle counter on timers 2 and 3 (call once, at boot).
pub fn install(timers: Timers<'_>) {
    let Timers {
        timer2: mut low,
        timer3: mut high,
        ..
    } = timers;
    // The high half first, so it is already counting when the low half starts.
    high.set_cascade(true).set_enabled(true);
    low.set_divider(Divider::Divider1).set_enabled(true);
    critical_section::with(|cs| {
        COUNTER.replace(cs, Some(Counter { low, high }));
    });
}

/// The free-running cycle count (wraps every ~256 s); 0 before [`install`].
/// Subtract two readings with `wrapping_sub`.
#[must_use]
pub fn now() -> u32 {
    critical_section::with(|cs| COUNTER.borrow_ref(cs).as_ref().map_or(0, Counter::read))
}

/// Cycles spent printing debug events since the frame began: the shipped ROM
/// prints nothing, so the meter leaves them out.
static EXCLUDED: AtomicU32 = AtomicU32::new(0);

/// The cycles left out since the last call (the frame meter calls it once a
/// frame), and a fresh count.
pub fn take_excluded() -> u32 {
    EXCLUDED.swap(0, Ordering::Relaxed)
}

/// Every cycle left out since boot (wrapping): the frame's pacing leaves
/// them out too (`frame_time::lines_used`).
static EXCLUDED_EVER: AtomicU32 = AtomicU32::new(0);

/// Leave the time since `start` (a [`now`] reading) out of this frame's
/// count and its pacing (debug work the shipped ROM does not do).
pub fn exclude_since(start: u32) {
    let spent = now().wrapping_sub(start);
    EXCLUDED.fetch_add(spent, Ordering::Relaxed);
    EXCLUDED_EVER.fetch_add(spent, Ordering::Relaxed);
}

/// Leave the time since `start` out of this frame's count only: a sleep,
/// which the shipped ROM does too, and after which the display is where
/// it is.
pub fn exclude_from_count_since(start: u32) {
    EXCLUDED.fetch_add(now().wrapping_sub(start), Ordering::Relaxed);
}

/// Every cycle left out since boot, wrapping (compare differences only).
pub fn excluded_ever() -> u32 {
    EXCLUDED_EVER.load(Ordering::Relaxed)
}

/// Cycles spent on save slices since the frame began (events builds: the
/// `perf.over` event says how much of a long frame was the save's).
static SAVING: AtomicU32 = AtomicU32::new(0);

/// Count the time since `start` (a [`now`] reading) as the save's.
pub fn count_saving_since(start: u32) {
    SAVING.fetch_add(now().wrapping_sub(start), Ordering::Relaxed);
}

/// The save's cycles since the last call, and a fresh count.
pub fn take_saving() -> u32 {
    SAVING.swap(0, Ordering::Relaxed)
}
