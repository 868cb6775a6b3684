//! Pitch of recorded audio, for `expect-pitch`: checks that sound effects and
//! music play at the pitch they were written at, on the tone generators and
//! through the mixer.

/// The frequency in `lo..hi` Hz with the most energy in `samples` (taken at
/// `rate` Hz), found by scanning Goertzel filters 0.2% apart, then refining
/// between the best one's neighbours. `None` for a silent recording.
/// (`tests/e2e/pitch_of.py` does the same for the reference renderings.)
pub fn strongest_frequency(samples: &[i16], rate: f64, lo: f64, hi: f64) -> Option<f64> {
    if samples.iter().all(|&s| s == samples[0]) || rate <= 0.0 {
        return None;
    }
    // mGBA hands out ~96 kHz: average runs of samples down to about four
    // times the top of the band first, so a long recording scans quickly.
    let step = ((rate / (4.0 * hi)).floor() as usize).max(1);
    let rate = rate / step as f64;
    let reduced: Vec<f64> = samples
        .chunks_exact(step)
        .map(|run| run.iter().map(|&s| f64::from(s)).sum::<f64>() / step as f64)
        .collect();
    if reduced.len() < 2 {
        return None; // too short to have a pitch
    }
    let mean = reduced.iter().sum::<f64>() / reduced.len() as f64;
    let centred: Vec<f64> = reduced.iter().map(|&s| s - mean).collect();
    let mut best = (0.0, lo);
    let mut frequency = lo;
    while frequency < hi.min(rate / 2.0) {
        let power = goertzel(&centred, rate, frequency);
        if power > best.0 {
            best = (power, frequency);
        }
        frequency *= 1.002;
    }
    // Refine: 0.02% steps across the neighbouring filters.
    let (mut power, mut found) = best;
    let mut f = best.1 / 1.002;
    while f < best.1 * 1.002 {
        let p = goertzel(&centred, rate, f);
        if p > power {
            (power, found) = (p, f);
        }
        f *= 1.0002;
    }
    Some(found)
}

/// Energy of `samples` at `frequency` (one DFT bin at any frequency).
fn goertzel(samples: &[f64], rate: f64, frequency: f64) -> f64 {
    let coefficient = 2.0 * (std::f64::consts::TAU * frequency / rate).cos();
    let (mut previous, mut before) = (0.0, 0.0);
    for &sample in samples {
        let current = sample + coefficient * previous - before;
        before = previous;
        previous = current;
    }
    previous * previous + before * before - coefficient * previous * before
}

/// Write `samples` (mono, 16-bit, taken at `rate` Hz) as a WAV file.
pub fn write_wav(path: &std::path::Path, (samples, rate): &(Vec<i16>, f64)) -> std::io::Result<()> {
    let rate = rate.round() as u32;
    let bytes = u32::try_from(samples.len() * 2).unwrap_or(u32::MAX);
    let mut wav = Vec::with_capacity(44 + samples.len() * 2);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + bytes).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&rate.to_le_bytes());
    wav.extend_from_slice(&(rate * 2).to_le_bytes());
    wav.extend_from_slice(&2u16.to_le_bytes());
    wav.extend_from_slice(&16u16.to_le_bytes());
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&bytes.to_le_bytes());
    for sample in samples {
        wav.extend_from_slice(&sample.to_le_bytes());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, wav)
}

#[cfg(test)]
mod tests {
    use super::strongest_frequency;

    fn tone(hz: f64, rate: f64, seconds: f64, square: bool) -> Vec<i16> {
        (0..(rate * seconds) as usize)
            .map(|i| {
                let phase = (i as f64 * hz / rate).fract();
                let value = if square {
                    if phase < 0.25 { 1.0 } else { -1.0 }
                } else {
                    (phase * std::f64::consts::TAU).sin()
                };
                (value * 8000.0) as i16
            })
            .collect()
    }

    #[test]
    fn finds_a_sine_and_a_narrow_square_wave() {
        let found = strongest_frequency(&tone(440.0, 32768.0, 0.2, false), 32768.0, 60.0, 6000.0);
        assert!(
            found.is_some_and(|f| (f / 440.0 - 1.0).abs() < 0.005),
            "{found:?}"
        );
        // A 25% square (the cursor sound's wave) still peaks at its fundamental.
        let found = strongest_frequency(&tone(1318.5, 32768.0, 0.035, true), 32768.0, 60.0, 6000.0);
        assert!(
            found.is_some_and(|f| (f / 1318.5 - 1.0).abs() < 0.02),
            "{found:?}"
        );
    }

    #[test]
    fn silence_has_no_pitch() {
        assert_eq!(strongest_frequency(&[0; 1000], 32768.0, 60.0, 6000.0), None);
        assert_eq!(strongest_frequency(&[], 32768.0, 60.0, 6000.0), None);
    }
}
