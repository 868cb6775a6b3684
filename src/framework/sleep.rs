//! Sleep: L+R+SELECT (used by no app) turns the screen and sound off and
//! stops the CPU through the BIOS's Stop until the same keys are pressed
//! again, then carries on exactly where it was. Nothing counts the sleep:
//! the clocks count frames, and no frame passes. What is waiting to be saved
//! is written first (a sleeping GBA is often switched off next).

use agb::input::Button;

// SOUNDCNT_H, the mix of Direct Sound and the tone generators, which
// switching the sound off may clear (mGBA does): kept across the sleep.
use super::psg::{FIFO_RESETS, SOUNDCNT_H};
use super::{input::Input, save::Storage};

/// The keys of the chord.
const CHORD: [Button; 3] = [Button::L, Button::R, Button::Select];
/// The chord's bits in the keypad registers (SELECT 2, R 8, L 9).
const CHORD_BITS: u16 = 1 << 2 | 1 << 8 | 1 << 9;

const DISPCNT: *mut u16 = 0x0400_0000 as *mut u16;
const SOUNDCNT_X: *mut u16 = 0x0400_0084 as *mut u16;
const KEYINPUT: *const u16 = 0x0400_0130 as *const u16;
const KEYCNT: *mut u16 = 0x0400_0132 as *mut u16;
const IE: *mut u16 = 0x0400_0200 as *mut u16;
const IF: *mut u16 = 0x0400_0202 as *mut u16;
const IME: *mut u16 = 0x0400_0208 as *mut u16;
/// The keypad's interrupt (IE and IF bit 12).
const KEYPAD_IRQ: u16 = 1 << 12;
/// KEYCNT: interrupt when every selected key is down.
const KEYCNT_IRQ_WHEN_ALL: u16 = 1 << 14 | 1 << 15;
/// DISPCNT's forced blank: the screen shows nothing and costs nothing.
const FORCED_BLANK: u16 = 1 << 7;

/// Whether the chord is held, the last of its keys going down this frame.
pub fn chord_made(input: &Input) -> bool {
    input.chord_made(&CHORD)
}

/// Sleep until the chord is pressed again (and let go): once the keys are
/// let go, the screen and sound go off, anything waiting to be saved is
/// written, and the CPU stops. The keys are then read afresh, so the chord
/// does nothing else.
pub fn sleep(storage: &mut Storage, input: &mut Input) {
    crate::event!("system.sleep");
    // The frame meter leaves the sleep out, as it does printing: no frame
    // is shown from here to the wake.
    #[cfg(any(debug_assertions, feature = "events"))]
    let start = super::cycles::now();
    // Safety: the hardware registers above, each read and written whole;
    // interrupts are off throughout, so nothing else touches them.
    unsafe {
        // The chord is still down: asleep now, the keypad would wake it.
        wait_until_released();
        let ime = IME.read_volatile();
        IME.write_volatile(0);
        let ie = IE.read_volatile();
        let dispcnt = DISPCNT.read_volatile();
        let sound = SOUNDCNT_X.read_volatile();
        let mix = SOUNDCNT_H.read_volatile() & !FIFO_RESETS;
        DISPCNT.write_volatile(dispcnt | FORCED_BLANK);
        SOUNDCNT_X.write_volatile(0);
        storage.commit();
        KEYCNT.write_volatile(CHORD_BITS | KEYCNT_IRQ_WHEN_ALL);
        IE.write_volatile(KEYPAD_IRQ);
        loop {
            IF.write_volatile(KEYPAD_IRQ);
            core::arch::asm!("svc #3", out("r0") _, out("r1") _, out("r2") _, out("r3") _);
            if chord_down() {
                break;
            }
            // An emulator that does not stop the CPU (mGBA calls its front
            // end instead): Halt, which every one does, waits for the keys.
            core::arch::asm!("svc #2", out("r0") _, out("r1") _, out("r2") _, out("r3") _);
            if chord_down() {
                break;
            }
        }
        KEYCNT.write_volatile(0);
        IF.write_volatile(KEYPAD_IRQ);
        wait_until_released();
        SOUNDCNT_X.write_volatile(sound);
        SOUNDCNT_H.write_volatile(mix);
        DISPCNT.write_volatile(dispcnt);
        IE.write_volatile(ie);
        IME.write_volatile(ime);
    }
    #[cfg(any(debug_assertions, feature = "events"))]
    super::cycles::exclude_from_count_since(start);
    input.update();
    crate::event!("system.wake");
}

/// Whether every key of the chord is down (the register's bits are 0 for a
/// key down).
fn chord_down() -> bool {
    // Safety: reading the keypad register.
    unsafe { KEYINPUT.read_volatile() & CHORD_BITS == 0 }
}

fn wait_until_released() {
    // Safety: reading the keypad register.
    while unsafe { KEYINPUT.read_volatile() } & CHORD_BITS != CHORD_BITS {}
}
