//! Soft reset: A+B+START+SELECT held together restarts the ROM from its
//! splash, from any screen, as commercial GBA games do. What is waiting to
//! be saved is written first, so a reset never costs a save.

use agb::input::Button;

use super::{input::Input, save::Storage};

/// The keys of the chord.
const CHORD: [Button; 4] = [Button::A, Button::B, Button::Start, Button::Select];

/// Whether the chord is held, the last of its keys going down this frame
/// (so a reset happens once, when the chord is made).
pub fn chord_made(input: &Input) -> bool {
    input.chord_made(&CHORD)
}

/// Write every changed section, then restart: the BIOS clears the RAM and
/// resets the hardware registers (sound, display, DMA, timers), then
/// starts the cartridge from its entry point, as at power-on but for the
/// Game Boy logo.
pub fn restart(storage: &mut Storage) -> ! {
    storage.commit();
    crate::event!("system.reset");
    // Safety: interrupts off first (the RAM their handler uses is about
    // to be cleared); RegisterRamReset with every flag clears EWRAM, IWRAM
    // (but its top 512 bytes), palettes, video memory and sprites, and
    // resets every register; SoftReset clears that top and starts the ROM.
    // This code runs from ROM and keeps nothing on the stack in between.
    unsafe {
        (0x0400_0208 as *mut u16).write_volatile(0);
        core::arch::asm!("movs r0, #0xff", "svc #1", "svc #0", options(noreturn));
    }
}
