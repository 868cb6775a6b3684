//! Music (agb-tracker playing our XM modules on the GBA's tone generators,
//! `psg`) and sound effects (agb's mixer).
//!
//! Switching music fades the old track out over [`FADE_FRAMES`] and then starts
//! the new one at full volume, rather than cutting from one to the other.
//! agb-tracker sets every channel's volume each frame through its `Mixer` trait,
//! and the band scales those volumes by its `fade` (drums and the bell, which
//! fade by themselves, are cut when the fade ends).

use agb::sound::mixer::{ChannelId, Frequency, Mixer, MixerController, SoundChannel, SoundData};
use agb_tracker::{Track, TrackerInner};

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

/// Played after the last effect ends: four frames of silence at
/// [`FREQUENCY`], which fill the three buffers agb 0.25's mixer plays from,
/// so the hardware may replay them while the mixer rests (mixing nothing
/// costs agb's mixer more than mixing silence).
static SILENCE: SoundData = agb::include_wav!("sfx/silence.wav");
const _: () = assert!(
    matches!(FREQUENCY, Frequency::Hz18157),
    "silence.wav: 4 x 304 samples"
);

pub struct Sound<'a> {
    mixer: Mixer<'a>,
    /// The effects playing (`SILENCE` among them after the last): while
    /// there are none the mixer is left alone.
    effects: heapless::Vec<ChannelId, 8>,
    /// `SILENCE` has played since the last effect.
    silenced: bool,
    band: Band,
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
            effects: heapless::Vec::new(),
            silenced: false,
            band: Band::new(),
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
            old.stop(&mut self.band);
            self.band.silence();
            crate::event!("music.start track=silence");
        }
        self.playing = None;
    }

    /// Play a sound effect (a `SoundData` from `include_wav!`).
    pub fn play(&mut self, effect: SoundData) {
        if !self.sfx_on {
            return;
        }
        // Those that ended go first: at most 8 play at once, as the mixer
        // has channels, and every one playing is known.
        let mixer = &mut self.mixer;
        self.effects.retain(|id| mixer.channel(id).is_some());
        if let Some(id) = mixer.play_sound(SoundChannel::new_high_priority(effect)) {
            if self.effects.push(id).is_err() {
                // Not known, it could be cut off by the mixer's rest.
                if let Some(channel) = mixer.channel(&id) {
                    channel.stop();
                }
            }
            self.silenced = false;
        }
    }

    /// Advance music and mix this frame's audio; call once per frame.
    pub fn frame(&mut self) {
        let wanted = self.wanted.filter(|_| self.music_on);
        let changing = !same(wanted, self.playing);
        if changing && (self.fade_left == 0 || self.tracker.is_none()) {
            if let Some(mut old) = self.tracker.take() {
                old.stop(&mut self.band);
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
            tracker.step(&mut self.band);
        }
        self.band.flush();
        let mixer = &mut self.mixer;
        self.effects.retain(|id| mixer.channel(id).is_some());
        if self.effects.is_empty() && !self.silenced {
            self.silenced = true;
            // Low priority: an effect may take its channel.
            if let Some(id) = mixer.play_sound(SoundChannel::new(SILENCE)) {
                let _ = self.effects.push(id);
            }
        }
        if !self.effects.is_empty() {
            self.mixer.frame();
        }
    }
}
