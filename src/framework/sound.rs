//! Music (agb-tracker playing our XM modules on the GBA's tone generators,
//! `psg`) and sound effects (agb's mixer).
//!
//! Switching music fades the old track out over [`FADE_FRAMES`] and then starts
//! the new one at full volume, rather than cutting from one to the other.
//! agb-tracker sets every channel's volume each frame through its `Mixer` trait,
//! and the band scales those volumes by its `fade` (drums and the bell, which
//! fade by themselves, are cut when the fade ends).

use agb::sound::mixer::{Frequency, Mixer, MixerController, SoundChannel, SoundData};
use agb_tracker::{Track, TrackerInner};
use alloc::boxed::Box;

use super::psg::{self, Band, Generator, Timbre, Voice};

type Tracker = TrackerInner<'static, psg::NoteId>;

/// Mixer rate for the sound effects. 18,157 Hz mixes 304 samples a frame
/// instead of 32,768 Hz's 549; the sfx WAVs are made at this rate
/// (sfx/make_sfx.py), since include_wav! does not resample.
pub const FREQUENCY: Frequency = Frequency::Hz18157;

/// Shorter than a window transition, so the desktop tune is back (and its
/// tracker allocated) by the time a closing window is gone.
pub const FADE_FRAMES: u8 = 12;

/// A piece of music: an XM module played by agb-tracker, and the name the
/// `music.start` event logs. Apps declare their own in their folder.
pub struct Tune {
    pub name: &'static str,
    pub track: Track,
    /// How the band plays each of the track's instruments, in order.
    pub voices: &'static [Voice],
}

/// make_music.py's instruments (lead, arp, bass, kick, snare, hat) as the
/// tone generators play them.
const fn band(lead: Voice, arp: Voice) -> [Voice; 6] {
    const fn noise(clock: u8, gain: u16) -> Voice {
        Voice {
            generator: Generator::Noise,
            timbre: Timbre::Noise(clock),
            gain,
            decay: 1,
        }
    }
    [
        lead,
        arp,
        Voice {
            generator: Generator::Wave,
            timbre: Timbre::Wave(&psg::TRIANGLE),
            gain: 34,
            decay: 0,
        },
        // Kick: a low rumble; snare: a hiss; hat: a short, high, metallic one.
        noise(0x73, 34),
        noise(0x32, 34),
        noise(0x18, 24),
    ]
}

/// The pulse tunes': a 25% pulse lead and a square pluck.
pub static PULSE_BAND: [Voice; 6] = band(
    Voice {
        generator: Generator::Square1,
        timbre: Timbre::Square(1),
        gain: 32,
        decay: 0,
    },
    Voice {
        generator: Generator::Square2,
        timbre: Timbre::Square(2),
        gain: 32,
        decay: 0,
    },
);

/// The desktop's: a thin bell that fades by itself, and a soft pluck.
pub static BELL_BAND: [Voice; 6] = band(
    Voice {
        generator: Generator::Square1,
        timbre: Timbre::Square(0),
        gain: 40,
        decay: 3,
    },
    Voice {
        generator: Generator::Square2,
        timbre: Timbre::Square(1),
        gain: 32,
        decay: 0,
    },
);

fn same(a: Option<&'static Tune>, b: Option<&'static Tune>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => core::ptr::eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// Samples the mixer mixes a frame at [`FREQUENCY`].
const SAMPLES_A_FRAME: usize = 304;

/// A sound effect: its samples (`include_wav!`), and how many frames the
/// mixer takes to play them (worked out as the ROM is built, from the
/// file's length: see [`effect!`](crate::effect)).
#[derive(Clone, Copy)]
pub struct Effect {
    pub data: SoundData,
    pub frames: u16,
}

/// Frames a WAV file of `bytes` (8-bit mono at [`FREQUENCY`], its header
/// counted as samples too) takes to play: one more than its samples fill.
#[must_use]
pub const fn frames_of(bytes: usize) -> u16 {
    let frames = bytes / SAMPLES_A_FRAME + 1;
    if frames > u16::MAX as usize {
        u16::MAX
    } else {
        frames as u16
    }
}

/// A sound effect from a WAV file in the crate (the path as `include_wav!`
/// takes it): `static CURSOR: Effect = effect!("sfx/cursor.wav");`.
#[macro_export]
macro_rules! effect {
    ($path:literal) => {
        $crate::framework::sound::Effect {
            data: agb::include_wav!($path),
            frames: $crate::framework::sound::frames_of(
                include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)).len(),
            ),
        }
    };
}

/// Played after the last effect ends: four frames of silence, which fill
/// the three buffers agb 0.25's mixer plays from, so the hardware may
/// replay them while the mixer rests (mixing nothing costs agb's mixer more
/// than mixing silence).
static SILENCE: Effect = crate::effect!("sfx/silence.wav");
const _: () = assert!(
    matches!(FREQUENCY, Frequency::Hz18157),
    "silence.wav and SAMPLES_A_FRAME: 304 samples a frame"
);
/// Frames the mixer goes on after `SILENCE` starts: its own, and two for
/// an effect whose last buffer the mixer put off a frame or two.
const SILENCE_FRAMES: u16 = 4 + 2;

pub struct Sound<'a> {
    mixer: Mixer<'a>,
    /// Frames the mixer still has to mix: the longest of the effects
    /// playing, then `SILENCE`'s; at 0 it rests.
    mixing_frames: u16,
    /// `SILENCE` has played since the last effect.
    silenced: bool,
    /// In IWRAM: written every frame, and kept off the desktop's EWRAM.
    band: Box<Band, agb::InternalAllocator>,
    tracker: Option<Tracker>,
    /// `None`: silence.
    playing: Option<&'static Tune>,
    wanted: Option<&'static Tune>,
    fade_left: u8,
    pub music_on: bool,
    pub sfx_on: bool,
}

impl<'a> Sound<'a> {
    pub fn new(controller: &'a mut MixerController) -> Self {
        Self {
            mixer: controller.mixer(FREQUENCY),
            mixing_frames: 0,
            silenced: false,
            band: Box::new_in(Band::new(), agb::InternalAllocator),
            tracker: None,
            playing: None,
            wanted: None,
            fade_left: 0,
            music_on: true,
            sfx_on: true,
        }
    }

    /// Ask for a tune; the current one fades out first.
    pub fn play_music(&mut self, tune: &'static Tune) {
        if !same(Some(tune), self.wanted) {
            self.wanted = Some(tune);
            self.fade_left = if self.tracker.is_some() {
                FADE_FRAMES
            } else {
                0
            };
        }
    }

    /// The sound was switched off and on again (sleep): the music goes on.
    pub fn power_cycled(&mut self) {
        self.band.power_cycled();
    }

    /// Silence the music at once (a game leaving its pause menu): its
    /// tracker is let go now, not after a fade.
    pub fn stop_music(&mut self) {
        self.wanted = None;
        self.fade_left = 0;
        if let Some(mut old) = self.tracker.take() {
            old.stop(&mut *self.band);
            self.band.silence();
            crate::event!("music.start track=silence");
        }
        self.playing = None;
    }

    /// Play a sound effect (an [`Effect`] from [`effect!`](crate::effect)).
    pub fn play(&mut self, effect: Effect) {
        if self.sfx_on
            && self
                .mixer
                .play_sound(SoundChannel::new_high_priority(effect.data))
                .is_some()
        {
            self.mixing_frames = self.mixing_frames.max(effect.frames);
            self.silenced = false;
        }
    }

    /// Advance music and mix this frame's audio; call once per frame.
    pub fn frame(&mut self) {
        let wanted = self.wanted.filter(|_| self.music_on);
        let changing = !same(wanted, self.playing);
        if changing && (self.fade_left == 0 || self.tracker.is_none()) {
            if let Some(mut old) = self.tracker.take() {
                old.stop(&mut *self.band);
            }
            if let Some(tune) = wanted {
                self.band.set_track(&tune.track, tune.voices);
            }
            self.tracker = wanted.map(|tune| Tracker::new(&tune.track));
            self.playing = wanted;
            crate::event!(
                "music.start track={}",
                wanted.map_or("silence", |tune| tune.name)
            );
        }
        if let Some(tracker) = self.tracker.as_mut() {
            let volume = if !same(wanted, self.playing) {
                self.fade_left = self.fade_left.saturating_sub(1);
                i16::from(self.fade_left) * 256 / i16::from(FADE_FRAMES)
            } else {
                256
            };
            self.band.fade = volume;
            tracker.step(&mut *self.band);
        }
        self.band.flush();
        if self.mixing_frames == 0 && !self.silenced {
            self.silenced = true;
            // Low priority: an effect may take its channel.
            if self
                .mixer
                .play_sound(SoundChannel::new(SILENCE.data))
                .is_some()
            {
                self.mixing_frames = SILENCE_FRAMES;
            }
        }
        if self.mixing_frames > 0 {
            self.mixing_frames -= 1;
            self.mixer.frame();
        }
    }
}
