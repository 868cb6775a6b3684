//! A safe wrapper over one headless mGBA GBA core (`struct mCore`).
//!
//! No thread, no window, no audio/video sync: the harness drives the core
//! directly with `runFrame`/`step`, so it runs as fast as the host allows.
//! Save data lives in an in-memory VFile (`VFileMemChunk`), never on disk.
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Result, anyhow, bail};

use crate::{log, sys};

pub const WIDTH: usize = 240;
pub const HEIGHT: usize = 160;
/// Size of the battery-backed SRAM mGBA emulates (what an empty save reads as: 0xFF).
pub const SRAM_SIZE: usize = 32 * 1024;

/// Frames emulated by every core in this process (for the speed report).
static FRAMES: AtomicU64 = AtomicU64::new(0);

pub fn frames_emulated() -> u64 {
    FRAMES.load(Ordering::Relaxed)
}

macro_rules! call {
    ($core:expr, $f:ident($($arg:expr),*)) => {{
        let c = $core.as_ptr();
        unsafe { ((*c).$f.expect(concat!("mCore::", stringify!($f))))(c $(, $arg)*) }
    }};
}

pub struct Core {
    core: NonNull<sys::mCore>,
    screen: Box<[u32]>,
    /// Last frame counter seen, to account frames however they were run.
    last_frame: u32,
    /// Left-channel samples and frames since `start_recording`, if recording.
    recording: Option<(Vec<i16>, u32)>,
}

impl Core {
    /// A fresh GBA with `rom` (a GBA image) inserted and `sram` as its save chip
    /// (empty = factory fresh).
    pub fn new(rom: &[u8], sram: &[u8]) -> Result<Core> {
        let core =
            NonNull::new(unsafe { sys::GBACoreCreate() }).ok_or(anyhow!("GBACoreCreate failed"))?;
        let mut screen = vec![0u32; WIDTH * HEIGHT].into_boxed_slice();
        unsafe {
            let c = core.as_ptr();
            sys::mCoreInitConfig(c, std::ptr::null());
            if !((*c).init.unwrap())(c) {
                bail!("mCore init failed");
            }
            let opts = sys::mCoreOptions {
                // No BIOS file: mGBA's built-in high-level BIOS emulation.
                useBios: false,
                skipBios: true,
                audioSync: false,
                videoSync: false,
                // Muted (faster) until `record-audio` turns the sound on.
                volume: 0x100,
                mute: true,
                ..Default::default()
            };
            sys::mCoreConfigLoadDefaults(&mut (*c).config, &opts);
            sys::mCoreLoadConfig(c);
            ((*c).setVideoBuffer.unwrap())(c, screen.as_mut_ptr(), WIDTH);
            log::attach((*c).timing, screen.as_ptr(), screen.len());
        }
        let mut this = Core {
            core,
            screen,
            last_frame: 0,
            recording: None,
        };
        // mGBA copies neither buffer: VFileMemChunk makes its own copy of both.
        let rom_vf = unsafe { sys::VFileMemChunk(rom.as_ptr().cast(), rom.len()) };
        if rom_vf.is_null() || !call!(this.core, loadROM(rom_vf)) {
            bail!("mGBA refused the ROM image");
        }
        let sram_vf = unsafe { sys::VFileMemChunk(sram.as_ptr().cast(), sram.len()) };
        if sram_vf.is_null() || !call!(this.core, loadSave(sram_vf)) {
            bail!("mGBA refused the in-memory save file");
        }
        call!(this.core, reset());
        this.last_frame = call!(this.core, frameCounter());
        Ok(this)
    }

    fn account(&mut self) {
        let now = call!(self.core, frameCounter());
        FRAMES.fetch_add(now.wrapping_sub(self.last_frame) as u64, Ordering::Relaxed);
        self.last_frame = now;
    }

    /// Keys as a GBA KEYINPUT-style bitmask, 1 = held (see `keys.rs`).
    pub fn set_keys(&mut self, keys: u16) {
        call!(self.core, setKeys(keys as u32));
    }

    /// Runs until the next vblank starts; the screen then holds the finished frame.
    pub fn run_frame(&mut self) {
        call!(self.core, runFrame());
        self.drain_audio();
        self.account();
    }

    /// Runs one CPU instruction (plus any hardware events that fall due).
    pub fn step(&mut self) {
        call!(self.core, step());
        let now = call!(self.core, frameCounter());
        if now != self.last_frame {
            self.drain_audio();
            self.account();
        }
    }

    /// The address of the instruction the CPU executes next, and the cycles
    /// emulated since power-on.
    pub fn next_instruction(&self) -> (u32, u64) {
        let (mut pc, mut cpsr) = (0u32, 0u32);
        let c = self.core.as_ptr();
        unsafe {
            let read = (*c).readRegister.expect("mCore::readRegister");
            read(c, c"pc".as_ptr(), (&raw mut pc).cast());
            read(c, c"cpsr".as_ptr(), (&raw mut cpsr).cast());
        }
        // Between instructions mGBA's PC is one instruction past the next
        // (the prefetched one).
        let thumb = cpsr & 0x20 != 0;
        let address = pc.wrapping_sub(if thumb { 2 } else { 4 });
        let time = unsafe { sys::mTimingGlobalTime((*c).timing) };
        (address, time)
    }

    /// The link register: in a function that calls no other (memcpy,
    /// memcmp), where it returns to.
    pub fn link_register(&self) -> u32 {
        let mut lr = 0u32;
        let c = self.core.as_ptr();
        unsafe {
            let read = (*c).readRegister.expect("mCore::readRegister");
            read(c, c"lr".as_ptr(), (&raw mut lr).cast());
        }
        lr & !1
    }

    /// The stack pointer while the CPU runs the program's own code (user or
    /// system mode), not an interrupt's or the BIOS's stack.
    pub fn program_stack_pointer(&self) -> Option<u32> {
        let (mut sp, mut cpsr) = (0u32, 0u32);
        let c = self.core.as_ptr();
        let read_all = unsafe {
            let read = (*c).readRegister.expect("mCore::readRegister");
            read(c, c"cpsr".as_ptr(), (&raw mut cpsr).cast())
                && read(c, c"sp".as_ptr(), (&raw mut sp).cast())
        };
        (read_all && matches!(cpsr & 0x1F, 0x10 | 0x1F)).then_some(sp)
    }

    /// A word of the GBA's memory as the CPU would read it.
    pub fn read32(&self, address: u32) -> u32 {
        call!(self.core, busRead32(address))
    }

    pub fn frame_counter(&self) -> u32 {
        call!(self.core, frameCounter())
    }

    /// The audio is never played; empty the resampler so it cannot fill up
    /// (keeping the left channel's samples while recording).
    fn drain_audio(&mut self) {
        for ch in 0..2 {
            let blip = call!(self.core, getAudioChannel(ch));
            if blip.is_null() {
                continue;
            }
            if let Some((samples, frames)) = self.recording.as_mut().filter(|_| ch == 0) {
                let available = unsafe { sys::blip_samples_avail(blip) }.max(0);
                let start = samples.len();
                samples.resize(start + available as usize, 0);
                let read = unsafe {
                    sys::blip_read_samples(blip, samples[start..].as_mut_ptr(), available, 0)
                };
                samples.truncate(start + read.max(0) as usize);
                *frames += 1;
            }
            unsafe { sys::blip_clear(blip) };
        }
    }

    /// Start keeping the audio the GBA plays (left channel).
    pub fn start_recording(&mut self) {
        self.set_muted(false);
        self.recording = Some((Vec::new(), 0));
    }

    /// mGBA mixes nothing while muted, which keeps emulation faster.
    fn set_muted(&mut self, muted: bool) {
        unsafe {
            let c = self.core.as_ptr();
            sys::mCoreConfigSetIntValue(&mut (*c).config, c"mute".as_ptr(), i32::from(muted));
            ((*c).reloadConfigOption.expect("mCore::reloadConfigOption"))(
                c,
                c"mute".as_ptr(),
                &(*c).config,
            );
        }
    }

    /// The samples kept since `start_recording` and their rate in Hz
    /// (measured: samples per emulated second); recording stops.
    pub fn take_recording(&mut self) -> Option<(Vec<i16>, f64)> {
        /// GBA frames per second: 16,777,216 cycles / 280,896 per frame.
        const FRAME_RATE: f64 = 16_777_216.0 / 280_896.0;
        let (samples, frames) = self.recording.take()?;
        self.set_muted(true);
        let rate = samples.len() as f64 / f64::from(frames.max(1)) * FRAME_RATE;
        Some((samples, rate))
    }

    /// The last completed frame, one `0x00BBGGRR` word per pixel.
    pub fn screen(&self) -> &[u32] {
        &self.screen
    }

    /// A copy of the save chip. Before the ROM first touches SRAM mGBA has not
    /// picked a save type yet; the image is then whatever was loaded (maybe empty).
    pub fn sram(&mut self) -> Vec<u8> {
        let mut ptr: *mut std::ffi::c_void = std::ptr::null_mut();
        let size = call!(self.core, savedataClone(&mut ptr));
        if ptr.is_null() {
            return Vec::new();
        }
        let data = unsafe { std::slice::from_raw_parts(ptr as *const u8, size) }.to_vec();
        unsafe { libc_free(ptr) };
        data
    }

    /// Overwrites the save chip (and the backing in-memory file) with `data`.
    pub fn set_sram(&mut self, data: &[u8]) -> Result<()> {
        if !call!(
            self.core,
            savedataRestore(data.as_ptr().cast(), data.len(), true)
        ) {
            bail!("mGBA could not restore save data ({} bytes)", data.len());
        }
        Ok(())
    }

    /// A save state (CPU, memory, hardware; not the save chip's contents).
    pub fn save_state(&mut self) -> Vec<u8> {
        let size = call!(self.core, stateSize());
        let mut state = vec![0u8; size];
        call!(self.core, saveState(state.as_mut_ptr().cast()));
        state
    }

    pub fn load_state(&mut self, state: &[u8]) -> Result<()> {
        if !call!(self.core, loadState(state.as_ptr().cast())) {
            bail!("mGBA rejected the save state");
        }
        // Rewinding is not "emulating backwards": restart frame accounting here.
        self.last_frame = call!(self.core, frameCounter());
        Ok(())
    }
}

impl Drop for Core {
    fn drop(&mut self) {
        log::detach();
        call!(self.core, deinit());
    }
}

unsafe extern "C" {
    #[link_name = "free"]
    fn libc_free(ptr: *mut std::ffi::c_void);
}
