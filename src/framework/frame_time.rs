//! How much of the current frame is gone, read from the display's line
//! counter (VCOUNT), so work the player waits for can fill a frame without
//! dropping it. Compiled into every build: the shipped ROM paces its work by
//! it, where the cycle meter ([`super::perf`]) exists only to measure.
//!
//! The frame loop's work starts when the display enters vertical blank (line
//! 160) and must end before it does so again, 228 lines later.

#[cfg(any(debug_assertions, feature = "events"))]
use agb::external::portable_atomic::{AtomicBool, Ordering};

/// Lines in one frame: 160 drawn, 68 of vertical blank.
pub const FRAME_LINES: u32 = 228;
/// CPU cycles in one frame (the clocks' own figure: they count real time).
#[cfg(any(debug_assertions, feature = "events"))]
pub use super::widgets::timer::CYCLES_PER_FRAME as FRAME_CYCLES;
/// The line at which vertical blank, and so the frame's work, starts.
const VBLANK_LINE: u32 = 160;

/// The line the display is on (VCOUNT).
fn line() -> u32 {
    // SAFETY: VCOUNT is a read-only 16-bit I/O register, always readable.
    u32::from(unsafe { (0x0400_0006 as *const u16).read_volatile() })
}

/// Lines since this frame's work began (since vertical blank started).
#[must_use]
pub fn lines_used() -> u32 {
    (line() + FRAME_LINES - VBLANK_LINE) % FRAME_LINES
}

/// On a screen where the player waits for an answer (a check, a hint being
/// worked out), work may go on until this many lines of the frame are gone;
/// drawing and sound still fit after it (see [`WAITING_FRAME_CYCLES`]).
pub const WAITING_WORK_LINES: u32 = 135;

/// The most a waiting frame may take in all, its drawing and sound with it:
/// the cycle meter holds such frames to this instead of half a frame.
#[cfg(any(debug_assertions, feature = "events"))]
pub const WAITING_FRAME_CYCLES: u32 = FRAME_CYCLES / 10 * 9;

/// Whether this frame is one the player waits through (see [`waiting`]).
#[cfg(any(debug_assertions, feature = "events"))]
static WAITING: AtomicBool = AtomicBool::new(false);

/// Work the player waits for, done in slices for as long as the frame has
/// room: another slice is started only while one as long as the longest so
/// far would still end by [`WAITING_WORK_LINES`].
pub struct FrameFiller {
    longest: u32,
}

impl FrameFiller {
    /// This frame is one the player waits through (see [`waiting`]).
    #[must_use]
    pub fn start() -> Self {
        waiting();
        Self { longest: 0 }
    }

    /// Runs one slice of the work, timing it.
    pub fn slice<T>(&mut self, work: impl FnOnce() -> T) -> T {
        let before = lines_used();
        let result = work();
        self.longest = self.longest.max(lines_used().saturating_sub(before));
        result
    }

    /// Whether another slice fits in this frame.
    #[must_use]
    pub fn has_room(&self) -> bool {
        lines_used() + self.longest <= WAITING_WORK_LINES
    }
}

/// Runs `slice` (work the player waits for) until it gives an answer or the
/// frame has no room for another (see [`FrameFiller`]); the answer, if one
/// came this frame.
pub fn fill_frame<T>(mut slice: impl FnMut() -> Option<T>) -> Option<T> {
    let mut frame = FrameFiller::start();
    loop {
        if let Some(answer) = frame.slice(&mut slice) {
            return Some(answer);
        }
        if !frame.has_room() {
            return None;
        }
    }
}

/// Say that this frame's work is for a player waiting on it, so the cycle
/// meter (where there is one) holds it to its waiting budget.
fn waiting() {
    #[cfg(any(debug_assertions, feature = "events"))]
    WAITING.store(true, Ordering::Relaxed);
}

/// Whether [`waiting`] was said this frame; the cycle meter asks once a
/// frame, which starts the next frame as not waiting.
#[cfg(any(debug_assertions, feature = "events"))]
#[must_use]
pub fn take_waiting() -> bool {
    WAITING.swap(false, Ordering::Relaxed)
}
