//! A play timer: counts frames while running, shows minutes:seconds, and holds
//! at 99:59 (the display has two minute digits).

/// GBA frames per second, rounded: the timer reads 1 second per 60 frames,
/// 0.45% fast against wall time, the same rounding most GBA games use.
const FRAMES_PER_SECOND: u16 = 60;
/// 99:59, the largest time the display shows.
pub const MAX_SECONDS: u16 = 99 * 60 + 59;

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Timer {
    seconds: u16,
    frames: u8,
    running: bool,
}

impl Timer {
    pub const fn new() -> Self {
        Self {
            seconds: 0,
            frames: 0,
            running: false,
        }
    }

    pub fn start(&mut self) {
        self.running = true;
    }

    pub fn reset(&mut self) {
        *self = Self::new();
    }

    /// Advance one frame; returns true when the shown seconds changed.
    pub fn tick(&mut self) -> bool {
        if !self.running || self.seconds >= MAX_SECONDS {
            return false;
        }
        self.frames += 1;
        if u16::from(self.frames) >= FRAMES_PER_SECOND {
            self.frames = 0;
            self.seconds += 1;
            return true;
        }
        false
    }

    #[cfg(test)]
    pub fn seconds(&self) -> u16 {
        self.seconds
    }

    #[cfg(test)]
    pub fn set_seconds(&mut self, seconds: u16) {
        self.seconds = seconds.min(MAX_SECONDS);
        self.frames = 0;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn timer_counts_only_while_running_and_holds_at_99_59(_gba: &mut agb::Gba) {
        let mut timer = Timer::new();
        for _ in 0..120 {
            timer.tick();
        }
        assert_eq!(timer.seconds(), 0);
        timer.start();
        for _ in 0..120 {
            timer.tick();
        }
        assert_eq!(timer.seconds(), 2);
        timer.set_seconds(MAX_SECONDS - 1);
        for _ in 0..600 {
            timer.tick();
        }
        assert_eq!(timer.seconds(), MAX_SECONDS);
        assert_eq!(format_time(timer.seconds()).as_str(), "99:59");
        assert_eq!(format_time(65).as_str(), "01:05");
        assert_eq!(format_time(u16::MAX).as_str(), "99:59");
    }
}
