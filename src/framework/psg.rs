//! The GBA's four tone generators (two square waves, the wave channel and
//! noise) as the band agb-tracker plays the music on.
//!
//! The generators make their sound in hardware: music played on them costs
//! the CPU a few register writes a frame, where mixing the same five
//! channels in software took a tenth of every frame. agb's mixer is left
//! the sound effects only. Each instrument of a track has a [`Voice`]: the
//! generator it plays on and how it sounds there. agb-tracker still reads
//! the XM module (notes, speeds, envelopes, arpeggios); [`Band`] stands in
//! for its mixer and turns what it asks of each channel into the
//! generators' registers once a frame ([`Band::flush`]).

use agb::fixnum::Num;
use alloc::borrow::Cow;

/// Which of the four generators a voice plays on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Generator {
    Square1 = 0,
    Square2 = 1,
    Wave = 2,
    Noise = 3,
}

const GENERATORS: usize = 4;

/// How a voice sounds on its generator.
#[derive(Clone, Copy, Debug)]
pub enum Timbre {
    /// A square wave with this duty: 0 = 12.5%, 1 = 25%, 2 = 50%, 3 = 75%.
    Square(u8),
    /// The wave channel playing 32 four-bit samples a cycle (two a byte,
    /// the high nibble first).
    Wave(&'static [u8; 16]),
    /// Noise, as SOUND4CNT_H's low byte: the clock's divider (bits 0-2),
    /// a 7-bit shift register instead of 15 bits (bit 3: a short, buzzier
    /// pattern) and the clock's shift (bits 4-7).
    Noise(u8),
}

/// An instrument of a track as the band plays it.
#[derive(Clone, Copy, Debug)]
pub struct Voice {
    pub generator: Generator,
    pub timbre: Timbre,
    /// Loudness: level 0-15 = tracker volume (1.0 = 256) x gain / 256.
    pub gain: u16,
    /// The hardware's own fade from the note's first level, a step every
    /// `decay` 64ths of a second (a drum, a bell: one-shot samples that
    /// fade by themselves); 0 follows the tracker's volume instead (its
    /// envelopes, key-off and the music's fade).
    pub decay: u8,
}

/// A triangle, 0 to 15 and back: the bass.
pub static TRIANGLE: [u8; 16] = [
    0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10,
];

/// Samples a cycle in make_music.py's looping waves (its `CYCLE`): a
/// tracker speed of `s` then sounds at `s x 32,768 / 128` Hz, which is
/// the speed's raw value (8 fractional bits).
const CYCLE_SAMPLES: u32 = 128;
const _: () = assert!(32_768 / CYCLE_SAMPLES == 1 << 8);

/// A note agb-tracker asks for: which sample, and what it last set.
pub struct Note {
    sample: *const u8,
    volume: Num<i16, 8>,
    speed: Num<u32, 8>,
    paused: bool,
    stopped: bool,
}

/// A note's generator and which note on it (a newer one takes it over).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NoteId {
    generator: Generator,
    generation: u32,
}

/// One generator: the note it plays and what its registers hold.
struct Slot {
    generation: u32,
    note: Option<Note>,
    voice: Option<Voice>,
    /// A new note starts at the next flush.
    trigger: bool,
    /// Frames since the note started (for a decaying one's level now).
    age: u16,
    /// The new note's level as its sample sets it (see `play_sound`).
    nominal: u8,
    /// Level and rate last written (level 0: silent).
    level: u8,
    rate: u16,
    /// The note's frequency, and the rate worked out for it.
    hertz: u32,
    want_rate: u16,
    /// The wave samples last written into the wave channel's memory.
    table: Option<&'static [u8; 16]>,
}

impl Slot {
    const fn new() -> Self {
        Self {
            generation: 0,
            note: None,
            voice: None,
            trigger: false,
            age: 0,
            nominal: 0,
            level: 0,
            rate: 0,
            hertz: 0,
            want_rate: 0,
            table: None,
        }
    }

    /// The level a note playing here has now (a decaying one fades).
    fn level_now(&self) -> u8 {
        match self.voice {
            Some(voice) if voice.decay != 0 => {
                // A step is decay/64 s; a frame is 1/59.73 s.
                let steps = u32::from(self.age) * 64 / (60 * u32::from(voice.decay));
                self.level.saturating_sub(steps.min(15) as u8)
            }
            _ => self.level,
        }
    }
}

/// agb-tracker's mixer, made of the four generators: see the module.
pub struct Band {
    slots: [Slot; GENERATORS],
    /// The track playing, to find a note's voice by its sample.
    track: Option<&'static agb_tracker::Track>,
    voices: &'static [Voice],
    /// Multiplies every volume asked for (x/256): the music's fade. (A
    /// voice that fades by itself, `decay`, keeps its first level.)
    pub fade: i16,
    /// The generators are routed to the speakers (see `power_up`).
    powered: bool,
}

impl Band {
    pub const fn new() -> Self {
        Self {
            slots: [Slot::new(), Slot::new(), Slot::new(), Slot::new()],
            track: None,
            voices: &[],
            fade: 256,
            powered: false,
        }
    }

    /// Play `track`, its samples voiced by `voices` (in the track's order).
    pub fn set_track(&mut self, track: &'static agb_tracker::Track, voices: &'static [Voice]) {
        debug_assert_eq!(voices.len(), track.samples.len(), "a voice a sample");
        self.track = Some(track);
        self.voices = voices;
    }

    /// A note's voice, and its level as its sample's volume sets it.
    fn voice_of(&self, sample: *const u8) -> Option<(Voice, u8)> {
        let samples = self.track?.samples.iter();
        let (index, known) = samples
            .enumerate()
            .find(|(_, known)| core::ptr::eq(known.data.as_ptr(), sample))?;
        let voice = *self.voices.get(index)?;
        Some((voice, level_of(known.volume, voice)))
    }

    /// The sound was switched off and on again (sleep): the generators'
    /// registers are set up again, and the notes sounding start again.
    pub fn power_cycled(&mut self) {
        self.powered = false;
    }

    /// Silence every generator.
    pub fn silence(&mut self) {
        for slot in &mut self.slots {
            slot.note = None;
        }
        self.flush();
    }

    /// Write what the notes now ask for into the generators' registers:
    /// once a frame, after the tracker's step.
    pub fn flush(&mut self) {
        // SAFETY: the sound registers, each written whole; only the band
        // writes the generators' (agb's mixer, made before the band's first
        // flush, writes SOUNDCNT_H whole only as it is made).
        if unsafe { power_up(!self.powered) } {
            self.powered = true;
            // Their registers were cleared: every note still sounding
            // starts again.
            for slot in &mut self.slots {
                slot.trigger = slot.note.is_some() && slot.level_now() > 0;
                slot.level = 0;
                slot.table = None;
            }
        }
        for (index, slot) in self.slots.iter_mut().enumerate() {
            let generator = GENERATOR_ORDER[index];
            let wanted = match (&slot.note, slot.voice) {
                (Some(note), Some(voice)) if !note.stopped && !note.paused => {
                    let faded = (i32::from(note.volume.to_raw()) * i32::from(self.fade)) >> 8;
                    let volume = Num::from_raw(faded.clamp(0, i32::from(i16::MAX)) as i16);
                    Some((voice, level_of(volume, voice), note.speed.to_raw()))
                }
                _ => None,
            };
            slot.age = slot.age.saturating_add(1);
            let Some((voice, level, hertz)) = wanted.filter(|&(_, level, _)| level != 0) else {
                if slot.level != 0 || slot.trigger {
                    // SAFETY: as above.
                    unsafe { write_silence(generator) };
                    slot.level = 0;
                }
                slot.trigger = false;
                continue;
            };
            // (A division, which the GBA does in software: only when the
            // note's frequency changes.)
            if hertz != slot.hertz {
                slot.hertz = hertz;
                slot.want_rate = rate_of(generator, hertz);
            }
            let rate = slot.want_rate;
            let follows = voice.decay == 0 && level != slot.level;
            if slot.trigger || slot.level == 0 || (follows && generator != Generator::Wave) {
                // A square's or the noise's level is set only as a note
                // starts: a change of level starts it again.
                if let Timbre::Wave(samples) = voice.timbre
                    && slot
                        .table
                        .is_none_or(|table| !core::ptr::eq(table, samples))
                {
                    // SAFETY: as above.
                    unsafe { write_wave(samples) };
                    slot.table = Some(samples);
                }
                // SAFETY: as above.
                unsafe { write_note(generator, voice, level, rate) };
                (slot.level, slot.rate, slot.trigger, slot.age) = (level, rate, false, 0);
            } else {
                if follows {
                    // The wave channel's level changes as it plays.
                    // SAFETY: as above.
                    unsafe { SOUND3CNT_H.write_volatile(wave_volume(level)) };
                    slot.level = level;
                }
                if rate != slot.rate && generator != Generator::Noise {
                    // SAFETY: as above.
                    unsafe { write_rate(generator, rate) };
                    slot.rate = rate;
                }
            }
        }
    }
}

/// A volume (1.0 = 256) as a generator's level, 0-15.
fn level_of(volume: Num<i16, 8>, voice: Voice) -> u8 {
    let level = (i32::from(volume.to_raw()) * i32::from(voice.gain)) >> 8;
    level.clamp(0, 15) as u8
}

impl Drop for Band {
    fn drop(&mut self) {
        self.silence();
    }
}

const GENERATOR_ORDER: [Generator; GENERATORS] = [
    Generator::Square1,
    Generator::Square2,
    Generator::Wave,
    Generator::Noise,
];

/// The generator's rate register for a note of `hertz` (a speed's raw
/// value, which the tracker's 8 fractional bits leave up to 1 Hz low: half
/// a hertz is added back). A square sounds at 131,072 / (2048 - rate) Hz,
/// the wave channel's 32 samples at 65,536 / (2048 - rate) Hz. (The noise
/// has no pitch.)
fn rate_of(generator: Generator, hertz: u32) -> u16 {
    let clock: u32 = match generator {
        Generator::Square1 | Generator::Square2 => 131_072,
        Generator::Wave => 65_536,
        Generator::Noise => return 0,
    };
    let twice = 2 * hertz.min(1 << 20) + 1;
    let period = ((2 * clock + twice / 2) / twice).clamp(1, 2048);
    (2048 - period) as u16
}

impl agb_tracker::Mixer for Band {
    type ChannelId = NoteId;
    type SoundChannel = Note;

    fn channel(&mut self, id: &NoteId) -> Option<&mut Note> {
        let slot = &mut self.slots[id.generator as usize];
        if slot.generation != id.generation {
            return None;
        }
        slot.note.as_mut()
    }

    fn play_sound(&mut self, note: Note) -> Option<NoteId> {
        let (voice, nominal) = self.voice_of(note.sample)?;
        let slot = &mut self.slots[voice.generator as usize];
        // Two fading notes on one generator (a kick and a hat on the
        // noise): the louder keeps it, the later of two as loud. (The
        // tracker sets a note's volume after it starts it: the sample's
        // volume stands for it here.)
        let sounding = if slot.trigger {
            slot.nominal
        } else if slot
            .note
            .as_ref()
            .is_some_and(|playing| !playing.stopped && !playing.paused)
        {
            slot.level_now()
        } else {
            0
        };
        if voice.decay != 0 && sounding > nominal {
            return None;
        }
        slot.generation = slot.generation.wrapping_add(1);
        slot.note = Some(note);
        slot.voice = Some(voice);
        slot.trigger = true;
        slot.nominal = nominal;
        Some(NoteId {
            generator: voice.generator,
            generation: slot.generation,
        })
    }
}

impl agb_tracker::SoundChannel for Note {
    fn new(data: &Cow<'static, [u8]>) -> Self {
        Self {
            sample: data.as_ptr(),
            // The tracker sets the volume before the first flush.
            volume: Num::new(1),
            speed: Num::new(1),
            paused: false,
            stopped: false,
        }
    }

    fn stop(&mut self) {
        self.stopped = true;
    }

    fn pause(&mut self) -> &mut Self {
        self.paused = true;
        self
    }

    fn resume(&mut self) -> &mut Self {
        self.paused = false;
        self
    }

    fn should_loop(&mut self) -> &mut Self {
        self
    }

    fn volume(&mut self, value: impl Into<Num<i16, 8>>) -> &mut Self {
        self.volume = value.into();
        self
    }

    fn restart_point(&mut self, _: impl Into<Num<u32, 8>>) -> &mut Self {
        self
    }

    fn playback(&mut self, playback_speed: impl Into<Num<u32, 8>>) -> &mut Self {
        self.speed = playback_speed.into();
        self
    }

    fn panning(&mut self, _: impl Into<Num<i16, 8>>) -> &mut Self {
        self
    }

    fn set_pos(&mut self, _: impl Into<Num<u32, 8>>) -> &mut Self {
        self
    }
}

// The generators' registers (GBATEK's names).
const SOUND1CNT_L: *mut u16 = 0x0400_0060 as *mut u16;
const SOUND3CNT_L: *mut u16 = 0x0400_0070 as *mut u16;
const SOUND3CNT_H: *mut u16 = 0x0400_0072 as *mut u16;
const SOUNDCNT_L: *mut u16 = 0x0400_0080 as *mut u16;
/// The mix of Direct Sound and the generators (sleep keeps it too).
pub const SOUNDCNT_H: *mut u16 = 0x0400_0082 as *mut u16;
const WAVE_RAM: *mut u16 = 0x0400_0090 as *mut u16;
/// Each generator's control register, in `Generator`'s order: a square's
/// or the noise's envelope (0 turns it off), the wave channel's on/off
/// (SOUND1CNT_H, SOUND2CNT_L, SOUND3CNT_L, SOUND4CNT_L).
const CONTROL: [*mut u16; GENERATORS] = [
    0x0400_0062 as *mut u16,
    0x0400_0068 as *mut u16,
    SOUND3CNT_L,
    0x0400_0078 as *mut u16,
];
/// Each generator's frequency register, with its restart bit: a rate, or
/// the noise's clock (SOUND1CNT_X, SOUND2CNT_H, SOUND3CNT_X, SOUND4CNT_H).
const FREQUENCY: [*mut u16; GENERATORS] = [
    0x0400_0064 as *mut u16,
    0x0400_006c as *mut u16,
    0x0400_0074 as *mut u16,
    0x0400_007c as *mut u16,
];

/// All four generators to both speakers, at a master volume of 3/8: the
/// music then sits as loud under the sound effects as it did mixed.
const ALL_TO_BOTH: u16 = 0xff22;
/// SOUNDCNT_H: the generators' share of the output (bits 0-1, 2 = 100%).
const GENERATORS_FULL: u16 = 2;
/// SOUNDCNT_H's write-only FIFO resets, never written from here (nor by
/// sleep).
pub const FIFO_RESETS: u16 = (1 << 11) | (1 << 15);
/// SOUND1CNT_L: square 1's frequency sweep off.
const NO_SWEEP: u16 = 1 << 3;
/// Start the note (the `_X` registers' bit 15).
const RESTART: u16 = 1 << 15;
/// SOUND3CNT_L: the wave channel on, playing bank 0.
const WAVE_ON: u16 = 1 << 7;
/// SOUND3CNT_L: bank 1 plays, so bank 0 can be written.
const WAVE_BANK_1: u16 = 1 << 6;

/// Route the generators to the speakers, the first time and after the
/// sound was switched off and on (`first`; the hardware clears their
/// registers, and mGBA its state of them), or if anything else cleared
/// them; true if it did.
unsafe fn power_up(first: bool) -> bool {
    unsafe {
        if !first && SOUNDCNT_L.read_volatile() == ALL_TO_BOTH {
            return false;
        }
        SOUNDCNT_L.write_volatile(ALL_TO_BOTH);
        let mix = SOUNDCNT_H.read_volatile() & !FIFO_RESETS & !3;
        SOUNDCNT_H.write_volatile(mix | GENERATORS_FULL);
        SOUND1CNT_L.write_volatile(NO_SWEEP);
        true
    }
}

/// The wave channel's 32 samples, into bank 0 while bank 1 plays.
unsafe fn write_wave(samples: &[u8; 16]) {
    unsafe {
        SOUND3CNT_L.write_volatile(WAVE_BANK_1);
        for (word, pair) in samples.chunks_exact(2).enumerate() {
            let address = WAVE_RAM.wrapping_add(word);
            address.write_volatile(u16::from_le_bytes([pair[0], pair[1]]));
        }
    }
}

unsafe fn write_silence(generator: Generator) {
    // A level of 0 with a falling envelope turns a square or the noise
    // off; 0 turns the wave channel off.
    unsafe { CONTROL[generator as usize].write_volatile(0) };
}

/// The envelope register's bits: `level` (0-15) then, with a decay, a
/// falling step every `decay` 64ths of a second.
fn envelope(level: u8, decay: u8) -> u16 {
    (u16::from(level) << 12) | (u16::from(decay.min(7)) << 8)
}

unsafe fn write_note(generator: Generator, voice: Voice, level: u8, rate: u16) {
    let (control, frequency) = match (generator, voice.timbre) {
        (Generator::Square1 | Generator::Square2, Timbre::Square(duty)) => (
            envelope(level, voice.decay) | u16::from(duty & 3) << 6,
            rate,
        ),
        (Generator::Wave, Timbre::Wave(_)) => (WAVE_ON, rate),
        (Generator::Noise, Timbre::Noise(clock)) => {
            (envelope(level, voice.decay), u16::from(clock))
        }
        // A voice whose timbre its generator cannot make stays silent.
        // SAFETY: as the caller's.
        _ => return unsafe { write_silence(generator) },
    };
    let index = generator as usize;
    // SAFETY: the generator's registers, each written whole: its control,
    // the wave channel's volume once it is on, then the note's start.
    unsafe {
        CONTROL[index].write_volatile(control);
        if generator == Generator::Wave {
            SOUND3CNT_H.write_volatile(wave_volume(level));
        }
        FREQUENCY[index].write_volatile(frequency | RESTART);
    }
}

/// The wave channel's volume bits for a level: it has 0, 25, 50, 75 and
/// 100%.
fn wave_volume(level: u8) -> u16 {
    match level {
        0..=1 => 0,
        2..=5 => 3 << 13,
        6..=9 => 2 << 13,
        10..=12 => 1 << 15,
        _ => 1 << 13,
    }
}

/// A pitched generator's new rate, without starting its note again.
unsafe fn write_rate(generator: Generator, rate: u16) {
    unsafe { FREQUENCY[generator as usize].write_volatile(rate) };
}

#[cfg(test)]
mod tests {
    use super::{Generator, rate_of};

    #[test_case]
    fn rates_sound_the_notes_asked_for(_gba: &mut agb::Gba) {
        // C2 on the wave channel, A4 and C6 on a square, within 0.5% of
        // the speed's raw value and a half (see `rate_of`).
        for (generator, hertz, clock) in [
            (Generator::Wave, 65, 65_536),
            (Generator::Square1, 440, 131_072),
            (Generator::Square2, 1046, 131_072),
        ] {
            let rate = u32::from(rate_of(generator, hertz));
            let sounds = clock as f32 / (2048 - rate) as f32;
            let off = (sounds / (hertz as f32 + 0.5) - 1.0).abs();
            assert!(off < 0.005, "{generator:?} {hertz} Hz sounds at {sounds}");
        }
    }
}
