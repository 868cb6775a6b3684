//! Game time, for every clock that is shown or recorded: whole seconds counted
//! from frames at the GBA's true frame rate ([`SecondClock`]), the apps' play
//! timer ([`Timer`], minutes:seconds held at 99:59) and the desktop's play
//! time (h:mm:ss). Pure (`core` and `heapless`), so its tests run on the host.

use core::fmt::Write;

/// The GBA's system clock: 2^24 cycles a second.
pub const CYCLES_PER_SECOND: u32 = 1 << 24;
/// One frame: 228 lines of 1,232 cycles. A second is about 59.73 frames, not
/// 60, so a clock counting 60 frames as a second falls behind the wall.
pub const CYCLES_PER_FRAME: u32 = 228 * 1232;
// A frame adds less than a second, so `SecondClock::tick` completes at most
// one second and its remainder stays below a second.
const _: () = assert!(CYCLES_PER_FRAME < CYCLES_PER_SECOND);

/// 99:59, the largest time the display shows.
pub const MAX_SECONDS: u16 = 99 * 60 + 59;

/// Turns frames into whole seconds exactly: the part of a second not yet
/// complete is kept in cycles, so nothing is rounded away and no drift ever
/// builds up.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct SecondClock {
    /// Cycles into the second under way (below [`CYCLES_PER_SECOND`]).
    cycles: u32,
}

impl SecondClock {
    pub const fn new() -> Self {
        Self { cycles: 0 }
    }

    /// Counts one frame; true when it completes a second.
    pub fn tick(&mut self) -> bool {
        self.cycles += CYCLES_PER_FRAME;
        if self.cycles >= CYCLES_PER_SECOND {
            self.cycles -= CYCLES_PER_SECOND;
            return true;
        }
        false
    }

    /// Counts `frames` frames at once; returns the seconds they complete.
    pub fn advance(&mut self, frames: u32) -> u32 {
        let cycles = u64::from(self.cycles) + u64::from(frames) * u64::from(CYCLES_PER_FRAME);
        // A second is a power of two of cycles: a shift and a mask split them.
        self.cycles = (cycles % u64::from(CYCLES_PER_SECOND)) as u32;
        (cycles / u64::from(CYCLES_PER_SECOND)) as u32
    }
}

/// A game's clock: the seconds played, counted from the frames the game
/// ticks it (at the GBA's 59.73 frames a second), held at 99:59. The game
/// says when it runs by ticking it; it keeps only `seconds` across a close
/// and starts again from there with [`Timer::at`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Timer {
    seconds: u16,
    clock: SecondClock,
}

impl Timer {
    pub const fn new() -> Self {
        Self::at(0)
    }

    /// A clock that has counted `seconds` (held at 99:59).
    pub const fn at(seconds: u16) -> Self {
        Self {
            seconds: if seconds < MAX_SECONDS {
                seconds
            } else {
                MAX_SECONDS
            },
            clock: SecondClock::new(),
        }
    }

    /// A frame of play; true when the seconds shown changed.
    pub fn tick(&mut self) -> bool {
        if self.seconds >= MAX_SECONDS {
            return false;
        }
        let completed = self.clock.tick();
        self.seconds += u16::from(completed);
        completed
    }

    /// `seconds` more at once (a penalty), held at 99:59.
    pub fn add(&mut self, seconds: u16) {
        self.seconds = self.seconds.saturating_add(seconds).min(MAX_SECONDS);
    }

    pub const fn seconds(&self) -> u16 {
        self.seconds
    }
}

/// "mm:ss" for a number of seconds (held at 99:59).
pub fn format_time(seconds: u16) -> heapless::String<5> {
    let seconds = seconds.min(MAX_SECONDS);
    let mut text = heapless::String::new();
    let digits = [
        seconds / 600,
        seconds / 60 % 10,
        seconds % 60 / 10,
        seconds % 10,
    ];
    for (i, digit) in digits.into_iter().enumerate() {
        if i == 2 {
            let _ = text.push(':');
        }
        // digit < 10, so always a valid char
        let _ = text.push(char::from(b'0' + digit as u8));
    }
    text
}

/// "mm:ss.hh" for a time in hundredths of a second (records), held at
/// 99:59.99.
pub fn format_hundredths(hundredths: u32) -> heapless::String<8> {
    let hundredths = hundredths.min(u32::from(MAX_SECONDS) * 100 + 99);
    let mut text = heapless::String::new();
    let _ = text.push_str(&format_time((hundredths / 100) as u16));
    let _ = write!(text, ".{:02}", hundredths % 100);
    text
}

/// "h:mm:ss" for the desktop's play time; room for any `u32` of seconds.
pub fn format_play_time(seconds: u32) -> heapless::String<13> {
    let mut text = heapless::String::new();
    let _ = write!(
        text,
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first frame that ends an hour: an hour is 3600 * 2^24 / 280,896
    /// = 215,019.002 frames.
    const HOUR_IN_FRAMES: u32 = 215_020;

    /// The exact answer: whole seconds in `frames` frames.
    fn seconds_in(frames: u32) -> u32 {
        (u64::from(frames) * u64::from(CYCLES_PER_FRAME) / u64::from(CYCLES_PER_SECOND)) as u32
    }

    /// The first frame at or past `seconds` seconds.
    fn frames_to(seconds: u32) -> u32 {
        u64::from(seconds)
            .saturating_mul(u64::from(CYCLES_PER_SECOND))
            .div_ceil(u64::from(CYCLES_PER_FRAME)) as u32
    }

    /// A timer ticked `frames` frames from zero.
    fn timer_after(frames: u32) -> Timer {
        let mut timer = Timer::new();
        for _ in 0..frames {
            timer.tick();
        }
        timer
    }

    #[test]
    fn a_frame_is_the_gba_s_and_a_second_is_59_73_frames() {
        assert_eq!(CYCLES_PER_FRAME, 280_896);
        assert_eq!(CYCLES_PER_SECOND, 16_777_216);
        assert_eq!(frames_to(3600), HOUR_IN_FRAMES);
        assert_eq!(seconds_in(HOUR_IN_FRAMES), 3600);
        assert_eq!(seconds_in(HOUR_IN_FRAMES - 1), 3599);
        // Counting 60 frames a second, the same frames read 3583 seconds.
        assert_eq!(HOUR_IN_FRAMES / 60, 3583);
    }

    #[test]
    fn an_hour_of_frames_reads_1_00_00_on_the_desktop() {
        let mut clock = SecondClock::new();
        let almost = clock.advance(HOUR_IN_FRAMES - 1);
        assert_eq!(format_play_time(almost).as_str(), "0:59:59");
        let hour = almost + clock.advance(1);
        assert_eq!(format_play_time(hour).as_str(), "1:00:00");
    }

    #[test]
    fn the_second_clock_never_drifts_from_the_exact_count() {
        // Every frame of 100 hours against the exact product: the clock is
        // never a second out, so nothing builds up however long it runs.
        let mut clock = SecondClock::new();
        let mut seconds = 0;
        let hundred_hours = frames_to(100 * 3600);
        for frame in 1..=hundred_hours {
            seconds += u32::from(clock.tick());
            assert_eq!(seconds, seconds_in(frame), "after {frame} frames");
        }
        assert_eq!(format_play_time(seconds).as_str(), "100:00:00");
    }

    #[test]
    fn advancing_many_frames_counts_as_ticking_each() {
        let mut ticked = SecondClock::new();
        let mut advanced = SecondClock::new();
        for frames in [0, 1, 2, 59, 60, 61, 1000, HOUR_IN_FRAMES, 3] {
            let by_ticks: u32 = (0..frames).map(|_| u32::from(ticked.tick())).sum();
            assert_eq!(advanced.advance(frames), by_ticks, "{frames} frames");
            assert_eq!(advanced, ticked);
        }
        // The most frames a `u32` frame counter can skip still fits.
        assert_eq!(SecondClock::new().advance(u32::MAX), seconds_in(u32::MAX));
    }

    #[test]
    fn the_timer_counts_the_gba_s_seconds() {
        let mut timer = Timer::new();
        // The first second ends in frame 60 (59.73 frames), the third in
        // frame 180 (179.2), but the fourth in frame 239 (238.9), where a
        // clock of 60 frames a second would still say 3.
        let ticks: u16 = (0..239).map(|_| u16::from(timer.tick())).sum();
        assert_eq!((ticks, timer.seconds()), (4, 4));
        assert_eq!(timer_after(238).seconds(), 3);
    }

    #[test]
    fn an_hour_on_the_timer_reads_60_00() {
        let reads = |frames| format_time(timer_after(frames).seconds());
        assert_eq!(reads(HOUR_IN_FRAMES).as_str(), "60:00");
        assert_eq!(reads(HOUR_IN_FRAMES - 1).as_str(), "59:59");
    }

    #[test]
    fn the_timer_reaches_99_59_on_time_and_holds_there() {
        let frames = frames_to(u32::from(MAX_SECONDS));
        assert_eq!(seconds_in(frames - 1), u32::from(MAX_SECONDS) - 1);
        assert_eq!(seconds_in(frames), u32::from(MAX_SECONDS));
        let mut timer = timer_after(frames - 1);
        assert_eq!(format_time(timer.seconds()).as_str(), "99:58");
        assert!(timer.tick());
        assert_eq!(format_time(timer.seconds()).as_str(), "99:59");
        for _ in 0..600 {
            assert!(!timer.tick());
        }
        assert_eq!(timer.seconds(), MAX_SECONDS);
    }

    #[test]
    fn a_kept_clock_goes_on_and_a_penalty_holds_at_99_59() {
        let mut timer = Timer::at(90);
        let ticks: u16 = (0..60).map(|_| u16::from(timer.tick())).sum();
        assert_eq!((ticks, timer.seconds()), (1, 91));
        timer.add(120);
        assert_eq!(timer.seconds(), 211);
        timer.add(u16::MAX);
        assert_eq!(timer.seconds(), MAX_SECONDS);
        assert!(!timer.tick());
        assert_eq!(Timer::at(u16::MAX).seconds(), MAX_SECONDS);
    }

    #[test]
    fn times_read_as_the_displays_show_them() {
        assert_eq!(format_time(0).as_str(), "00:00");
        assert_eq!(format_time(65).as_str(), "01:05");
        assert_eq!(format_time(u16::MAX).as_str(), "99:59");
        assert_eq!(format_hundredths(0).as_str(), "00:00.00");
        assert_eq!(format_hundredths(1362).as_str(), "00:13.62");
        assert_eq!(format_hundredths(6_105).as_str(), "01:01.05");
        assert_eq!(format_hundredths(u32::MAX).as_str(), "99:59.99");
        assert_eq!(format_play_time(0).as_str(), "0:00:00");
        assert_eq!(format_play_time(3599).as_str(), "0:59:59");
        assert_eq!(format_play_time(360_000).as_str(), "100:00:00");
        assert_eq!(format_play_time(u32::MAX).as_str(), "1193046:28:15");
    }
}
