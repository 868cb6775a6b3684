//! The framework's pure parts, a crate of their own so that the ROM and the
//! host tests build the same files once each: the save's section contract
//! and records (`section`, `record`, `tally`, `capacity`), agb's slot headers read
//! before its save manager (`slot_headers`), the boot notice's wording
//! (`notice`), the old single-slot format's reader (`legacy`), the number
//! pad's model (`numpad`), the pager (`pager`) and the clocks' arithmetic
//! (`timer`). No agb: what draws and what touches SRAM stays in the
//! framework, which re-exports these where they belong
//! (`framework::save`, `framework::widgets`).
#![cfg_attr(not(test), no_std)]

extern crate alloc;

pub mod capacity;
pub mod legacy;
pub mod notice;
pub mod numpad;
pub mod pager;
pub mod record;
pub mod section;
pub mod slot_headers;
pub mod tally;
pub mod timer;

/// Test bodies the ROM's test build runs on the GBA (`src/rules_on_gba.rs`):
/// the same arithmetic as the ARM code it is there.
#[cfg(feature = "testing")]
pub mod rom_tests {
    use crate::timer::{SecondClock, Timer, format_play_time, format_time};

    /// An hour of frames reads 1:00:00 on the desktop and 60:00 on a game's
    /// timer.
    pub fn an_hour_of_frames_is_an_hour_on_the_gba() {
        let mut clock = SecondClock::new();
        let mut timer = Timer::new();
        let mut seconds = 0;
        for _ in 0..215_019 {
            seconds += u32::from(clock.tick());
            timer.tick();
        }
        assert_eq!(format_play_time(seconds).as_str(), "0:59:59");
        assert_eq!(format_time(timer.seconds()).as_str(), "59:59");
        seconds += u32::from(clock.tick());
        timer.tick();
        assert_eq!(format_play_time(seconds).as_str(), "1:00:00");
        assert_eq!(format_time(timer.seconds()).as_str(), "60:00");
    }
}
