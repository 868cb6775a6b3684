//! Game time kept to the frame. The GBA shows a frame every 280,896 cycles
//! of its 2^24 Hz clock (59.7275 a second), so a count of frames converts
//! exactly to seconds and hundredths: 280,896 / 2^24 is 4,389 / 2^18.

/// The largest time the clock shows, 99:59; it holds there.
pub const MAX_SECONDS: u16 = 99 * 60 + 59;

const NUMERATOR: u32 = 4_389;
const SHIFT: u32 = 18;
const FRACTION: u32 = (1 << SHIFT) - 1;

/// The first frame count at which `seconds` whole seconds have gone by.
#[must_use]
pub const fn frames_for(seconds: u32) -> u32 {
    (seconds << SHIFT).div_ceil(NUMERATOR)
}

/// The most frames a game's clock counts: the last frame that shows 99:59.
pub const MAX_FRAMES: u32 = frames_for(MAX_SECONDS as u32 + 1) - 1;
const _: () = assert!(
    MAX_FRAMES < 1 << 24,
    "a board keeps its clock in three bytes"
);

/// `frames` in units of 2^-18 s (held at [`MAX_FRAMES`], so the product
/// never overflows).
const fn time(frames: u32) -> u32 {
    let frames = if frames < MAX_FRAMES {
        frames
    } else {
        MAX_FRAMES
    };
    frames * NUMERATOR
}

/// Whole seconds in `frames` (held at [`MAX_FRAMES`]).
#[must_use]
pub const fn seconds(frames: u32) -> u32 {
    time(frames) >> SHIFT
}

/// Hundredths of a second in `frames`, rounded down (held as [`seconds`]).
#[must_use]
pub const fn hundredths(frames: u32) -> u32 {
    let time = time(frames);
    (time >> SHIFT) * 100 + (((time & FRACTION) * 100) >> SHIFT)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact figure: frames × 280,896 cycles over 2^24 cycles a second.
    fn exact_hundredths(frames: u32) -> u64 {
        u64::from(frames) * 280_896 * 100 / (1 << 24)
    }

    #[test]
    fn frames_convert_exactly_at_the_true_frame_rate() {
        for frames in (0..=MAX_FRAMES).step_by(7).chain([MAX_FRAMES]) {
            assert_eq!(
                u64::from(hundredths(frames)),
                exact_hundredths(frames),
                "{frames}"
            );
            assert_eq!(u64::from(seconds(frames)), exact_hundredths(frames) / 100);
        }
        // An hour of play is 60:16 on the clock, not 60:00.
        assert_eq!(seconds(216_000), 60 * 60 + 16);
        // 814 frames are 13.62 s.
        assert_eq!(hundredths(814), 1362);
    }

    #[test]
    fn frames_for_is_the_first_frame_of_each_second() {
        for second in 0..=u32::from(MAX_SECONDS) {
            let first = frames_for(second);
            assert_eq!(seconds(first), second);
            if first > 0 {
                assert_eq!(seconds(first - 1), second - 1);
            }
        }
        assert_eq!(seconds(MAX_FRAMES), u32::from(MAX_SECONDS));
        assert_eq!(seconds(MAX_FRAMES + 1_000_000), u32::from(MAX_SECONDS));
    }
}
