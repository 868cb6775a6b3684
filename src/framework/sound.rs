//! Music (agb-tracker playing our XM modules) and sound effects (agb's mixer).
//!
//! Switching music fades the old track out over [`FADE_FRAMES`] and then starts
//! the new one at full volume, rather than cutting from one to the other.
//! agb-tracker sets every channel's volume each frame through its `Mixer` trait,
//! so the fade is a thin `Mixer` wrapper that scales those volumes.

use agb::external::portable_atomic::{AtomicI16, Ordering};
use agb::{
    fixnum::Num,
    sound::mixer::{ChannelId, Frequency, Mixer, MixerController, SoundChannel, SoundData},
};
use agb_tracker::{Track, Tracker};
use alloc::borrow::Cow;

/// Mixer rate. 18,157 Hz mixes 304 samples a frame instead of 32,768 Hz's
/// 549, which nearly halves the mixer's share of every frame; the sfx WAVs are
/// made at this rate (sfx/make_sfx.py), since include_wav! does not resample.
pub const FREQUENCY: Frequency = Frequency::Hz18157;
/// agb-tracker works out playback speeds for a 32,768 Hz mixer; scaling them
/// by 32768 / 18157 keeps every note at its pitch at [`FREQUENCY`]. Rounded,
/// not truncated (speeds have only 8 fractional bits), and by a 16.16 fixed
/// point factor rather than a division, which the GBA does in software.
fn tracker_speed(speed: Num<u32, 8>) -> Num<u32, 8> {
    /// 32768 / 18157 in 16.16 fixed point.
    const SCALE: u64 = 118_273;
    let raw = (u64::from(speed.to_raw()) * SCALE + (1 << 15)) >> 16;
    Num::from_raw(u32::try_from(raw).unwrap_or(u32::MAX))
}

/// Shorter than a window transition, so the desktop tune is back (and its
/// tracker allocated) by the time a closing window is gone.
pub const FADE_FRAMES: u8 = 12;

/// A piece of music: an XM module played by agb-tracker, and the name the
/// `music.start` event logs. Apps declare their own in their folder.
pub struct Tune {
    pub name: &'static str,
    pub track: Track,
}

fn same(a: Option<&'static Tune>, b: Option<&'static Tune>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => core::ptr::eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

pub struct Sound<'a> {
    mixer: Mixer<'a>,
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

    /// Silence the music at once (a game leaving its pause menu): its
    /// tracker is let go now, not after a fade.
    pub fn stop_music(&mut self) {
        self.wanted = None;
        self.fade_left = 0;
        if let Some(mut old) = self.tracker.take() {
            old.stop(&mut self.mixer);
            crate::event!("music.start track=silence");
        }
        self.playing = None;
    }

    /// Play a sound effect (a `SoundData` from `include_wav!`).
    pub fn play(&mut self, effect: SoundData) {
        if self.sfx_on {
            let _ = self
                .mixer
                .play_sound(SoundChannel::new_high_priority(effect));
        }
    }

    /// Advance music and mix this frame's audio; call once per frame.
    pub fn frame(&mut self) {
        let wanted = self.wanted.filter(|_| self.music_on);
        let changing = !same(wanted, self.playing);
        if changing && (self.fade_left == 0 || self.tracker.is_none()) {
            if let Some(mut old) = self.tracker.take() {
                old.stop(&mut self.mixer);
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
            FADE.store(volume, Ordering::Relaxed);
            tracker.step(&mut Fading(&mut self.mixer));
        }
        self.mixer.frame();
    }
}

/// Volume multiplier (x/256) applied to every tracker channel this frame.
static FADE: AtomicI16 = AtomicI16::new(256);

struct Fading<'m, 'a>(&'m mut Mixer<'a>);

/// A mixer channel whose volume is scaled by [`FADE`].
#[repr(transparent)]
struct FadingChannel(SoundChannel);

impl agb_tracker::Mixer for Fading<'_, '_> {
    type ChannelId = ChannelId;
    type SoundChannel = FadingChannel;

    fn channel(&mut self, channel_id: &ChannelId) -> Option<&mut FadingChannel> {
        self.0.channel(channel_id).map(|channel| {
            // SAFETY: FadingChannel is a repr(transparent) wrapper of SoundChannel.
            unsafe { &mut *(channel as *mut SoundChannel).cast::<FadingChannel>() }
        })
    }

    fn play_sound(&mut self, channel: FadingChannel) -> Option<ChannelId> {
        self.0.play_sound(channel.0)
    }
}

impl agb_tracker::SoundChannel for FadingChannel {
    fn new(data: &Cow<'static, [u8]>) -> Self {
        Self(<SoundChannel as agb_tracker::SoundChannel>::new(data))
    }

    fn stop(&mut self) {
        self.0.stop();
    }

    fn pause(&mut self) -> &mut Self {
        self.0.pause();
        self
    }

    fn resume(&mut self) -> &mut Self {
        self.0.resume();
        self
    }

    fn should_loop(&mut self) -> &mut Self {
        self.0.should_loop();
        self
    }

    fn volume(&mut self, value: impl Into<Num<i16, 8>>) -> &mut Self {
        let scale = Num::<i16, 8>::from_raw(FADE.load(Ordering::Relaxed));
        self.0.volume(value.into() * scale);
        self
    }

    fn restart_point(&mut self, value: impl Into<Num<u32, 8>>) -> &mut Self {
        self.0.restart_point(value);
        self
    }

    fn playback(&mut self, playback_speed: impl Into<Num<u32, 8>>) -> &mut Self {
        self.0.playback(tracker_speed(playback_speed.into()));
        self
    }

    fn panning(&mut self, panning: impl Into<Num<i16, 8>>) -> &mut Self {
        self.0.panning(panning);
        self
    }

    fn set_pos(&mut self, pos: impl Into<Num<u32, 8>>) -> &mut Self {
        self.0.set_pos(pos);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::tracker_speed;
    use agb::fixnum::Num;

    #[test_case]
    fn tracker_speeds_scale_to_the_mixer_rate_within_rounding(_gba: &mut agb::Gba) {
        // Every speed a note can have (up to 64x), against the exact ratio.
        for raw in (0..=16_384u32).step_by(7) {
            let exact = (u64::from(raw) * 32768 + 18157 / 2) / 18157;
            let scaled = u64::from(tracker_speed(Num::from_raw(raw)).to_raw());
            assert!(scaled.abs_diff(exact) <= 1, "{raw}: {scaled} vs {exact}");
        }
        assert_eq!(tracker_speed(Num::from_raw(256)).to_raw(), 462); // 1.0 -> 1.8047
    }
}
