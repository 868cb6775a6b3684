#!/usr/bin/env python3
"""Synthesize Pocket Desk's sound effects as 8-bit mono WAV files at 18157 Hz.

agb's include_wav! does not resample, so RATE must be the mixer's rate
(src/framework/sound.rs, Frequency::Hz18157) for these to play at their true
pitch.  Change RATE and the mixer together.

Run: python3 sfx/make_sfx.py     Requires: numpy.
"""
import wave
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
RATE = 18157
RNG = np.random.default_rng(77)


def t_axis(secs):
    return np.arange(int(RATE * secs)) / RATE


def square(freq, t, duty=0.5):
    ph = np.cumsum(np.broadcast_to(freq, t.shape)) / RATE
    return np.where((ph % 1.0) < duty, 1.0, -1.0)


def tri(freq, t):
    ph = np.cumsum(np.broadcast_to(freq, t.shape)) / RATE
    return 4 * np.abs((ph % 1.0) - 0.5) - 1


def sine(freq, t):
    ph = np.cumsum(np.broadcast_to(freq, t.shape)) / RATE
    return np.sin(2 * np.pi * ph)


def env_ad(t, attack=0.002, decay=0.1):
    return np.minimum(1, t / attack) * np.exp(-t / decay)


def lowpass(x, a=0.35):
    y = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc += a * (v - acc)
        y[i] = acc
    return y


def fade_tail(x, secs=0.01):
    n = min(len(x), int(RATE * secs))
    x = x.copy()
    x[-n:] *= np.linspace(1, 0, n)
    return x


def notes(seq, gap=0.0, wave_fn=square, duty=0.5, decay=0.08):
    """seq: [(freq_hz, secs), ...] played one after another."""
    parts = []
    for f, d in seq:
        t = t_axis(d)
        w = wave_fn(f, t) if wave_fn is not square else square(f, t, duty)
        parts.append(w * env_ad(t, 0.002, decay))
        if gap:
            parts.append(np.zeros(int(RATE * gap)))
    return np.concatenate(parts)


def hz(name):
    names = {"C": 0, "C#": 1, "D": 2, "D#": 3, "E": 4, "F": 5, "F#": 6, "G": 7, "G#": 8, "A": 9, "A#": 10, "B": 11}
    n = names[name[:-1]] + 12 * int(name[-1])
    return 440.0 * 2 ** ((n - 57) / 12)


def cursor_move():
    t = t_axis(0.035)
    return 0.45 * square(hz("E6"), t, 0.25) * env_ad(t, 0.001, 0.012)


def open_app():
    seq = [(hz(n), 0.05) for n in ("C5", "E5", "G5")] + [(hz("C6"), 0.16)]
    return 0.5 * lowpass(notes(seq, duty=0.25, decay=0.06), 0.5)


def close_app():
    seq = [(hz(n), 0.045) for n in ("G5", "E5")] + [(hz("C5"), 0.12)]
    return 0.5 * lowpass(notes(seq, duty=0.25, decay=0.05), 0.5)


def confirm():
    a = notes([(hz("E6"), 0.06)], wave_fn=tri, decay=0.05)
    b = notes([(hz("B6"), 0.2)], wave_fn=tri, decay=0.07)
    return 0.7 * np.concatenate([a, b])


def error():
    parts = []
    for _ in range(2):
        t = t_axis(0.09)
        w = 0.5 * (square(hz("A2"), t, 0.5) + square(hz("A2") * 1.03, t, 0.5))
        parts.append(w * np.minimum(1, t / 0.003) * (1 - t / 0.09) ** 0.5)
        parts.append(np.zeros(int(RATE * 0.03)))
    return 0.45 * lowpass(np.concatenate(parts), 0.25)


def reveal():
    t = t_axis(0.06)
    f = 900 * np.exp(-t / 0.03) + 300
    w = sine(f, t) * env_ad(t, 0.001, 0.018)
    click = RNG.uniform(-1, 1, len(t)) * np.exp(-t / 0.002) * 0.3
    return 0.7 * (w + click)


def flag():
    t = t_axis(0.1)
    f = 500 + 1400 * (t / 0.1) ** 0.7
    w = square(f, t, 0.5) * env_ad(t, 0.002, 0.04)
    tick = np.zeros(len(t))
    n = int(0.004 * RATE)
    tick[:n] = RNG.uniform(-1, 1, n) * np.linspace(1, 0, n)
    return 0.4 * lowpass(w, 0.4) + 0.3 * tick


def chord():
    parts = []
    for f in (700, 850, 1000):
        t = t_axis(0.045)
        ff = f * np.exp(-t / 0.03) + 250
        parts.append(sine(ff, t) * env_ad(t, 0.001, 0.014))
    return 0.7 * np.concatenate(parts)


def boom():
    t = t_axis(0.9)
    noise = lowpass(RNG.uniform(-1, 1, len(t)), 0.12)
    noise /= np.abs(noise).max()
    rumble = sine(90 * np.exp(-t / 0.25) + 28, t)
    w = noise * np.exp(-t / 0.22) * 0.8 + rumble * np.exp(-t / 0.3) * 0.7
    # a comedic "splat" on top
    splat_t = t_axis(0.12)
    splat = square(220 * np.exp(-splat_t / 0.05) + 60, splat_t, 0.3) * env_ad(splat_t, 0.001, 0.05)
    w[:len(splat)] += 0.35 * splat
    return 0.9 * w / np.abs(w).max()


def win():
    run = [(hz(n), 0.075) for n in ("C5", "E5", "G5", "C6", "E6")]
    lead = notes(run, duty=0.25, decay=0.07)
    t = t_axis(0.9)
    vib = 1 + 0.006 * np.sin(2 * np.pi * 6 * t) * np.minimum(1, t / 0.2)
    held = (square(hz("G5") * vib, t, 0.25) * 0.45 + square(hz("C6") * vib, t, 0.5) * 0.35
            + tri(hz("E4"), t) * 0.5)
    held *= np.minimum(1, t / 0.01) * np.exp(-t / 0.5)
    return 0.55 * lowpass(np.concatenate([lead, held]), 0.5)


def stroke_step():
    """Polarium: the stroke grows by a cell (a soft, short blip)."""
    t = t_axis(0.03)
    return 0.35 * tri(hz("A5"), t) * env_ad(t, 0.001, 0.01)


def flip():
    """Polarium: the stroke flips its tiles (a quick rising sweep)."""
    t = t_axis(0.16)
    f = 300 + 900 * (t / 0.16)
    w = square(f, t, 0.5) * env_ad(t, 0.002, 0.06)
    return 0.45 * lowpass(w, 0.35)


def rows_clear():
    """Polarium: the rows clear one after another (a rising arpeggio)."""
    run = [(hz(n), 0.06) for n in ("E5", "G#5", "B5", "E6", "G#6", "B6")]
    tail = notes([(hz("E7"), 0.3)], wave_fn=tri, decay=0.12)
    return 0.5 * lowpass(np.concatenate([notes(run, duty=0.25, decay=0.05), tail]), 0.5)


def combo():
    """Challenge: a clear inside the combo window (a bright upward pair)."""
    run = [(hz("C6"), 0.05), (hz("G6"), 0.05), (hz("C7"), 0.16)]
    return 0.5 * lowpass(notes(run, duty=0.25, decay=0.06), 0.5)


def clear_screen():
    """Challenge: the field emptied (a fanfare up two octaves, held)."""
    run = [(hz(n), 0.05) for n in ("C5", "E5", "G5", "C6", "E6", "G6")]
    held = notes([(hz("C7"), 0.5)], wave_fn=tri, decay=0.2)
    return 0.5 * lowpass(np.concatenate([notes(run, duty=0.25, decay=0.04), held]), 0.5)


def warning():
    """Challenge: the stack is about to top out (two low alarm beeps)."""
    beeps = [(hz("A4"), 0.09), (hz("E4"), 0.09), (hz("A4"), 0.09), (hz("E4"), 0.12)]
    return 0.45 * lowpass(notes(beeps, gap=0.02, duty=0.5, decay=0.08), 0.4)


def game_over():
    """Challenge: the game has ended (a slow fall down a minor chord)."""
    fall = [(hz(n), 0.12) for n in ("E5", "C5", "A4", "E4")]
    tail = notes([(hz("A3"), 0.5)], wave_fn=tri, decay=0.25)
    return 0.5 * lowpass(np.concatenate([notes(fall, duty=0.5, decay=0.1), tail]), 0.4)


def picture():
    """Picross: the solved picture turns to colour (a music-box phrase
    rising to a held major chord)."""
    phrase = [("G5", 0.09), ("C6", 0.09), ("E6", 0.09), ("D6", 0.09), ("G6", 0.09), ("E6", 0.12)]
    lead = notes([(hz(n), d) for n, d in phrase], wave_fn=tri, decay=0.09)
    t = t_axis(0.7)
    held = (tri(hz("C6"), t) * 0.5 + tri(hz("E6"), t) * 0.35 + tri(hz("G6"), t) * 0.3
            + square(hz("C5"), t, 0.25) * 0.15)
    held *= np.minimum(1, t / 0.005) * np.exp(-t / 0.3)
    return 0.6 * lowpass(np.concatenate([lead, held]), 0.6)


def silence():
    # Not heard: played after the last effect ends, it fills the mixer's
    # three buffers (304 samples a frame at this rate) with silence, so the
    # game can stop mixing (src/framework/sound.rs). Four frames' worth.
    return np.zeros(4 * 304)


EFFECTS = {
    "cursor": cursor_move, "open": open_app, "close": close_app,
    "confirm": confirm, "error": error, "reveal": reveal, "flag": flag,
    "chord": chord, "boom": boom, "win": win,
    "stroke": stroke_step, "flip": flip, "rows_clear": rows_clear,
    "combo": combo, "clear_screen": clear_screen, "warning": warning,
    "game_over": game_over, "picture": picture, "silence": silence,
}


def write_u8(path, x):
    x = fade_tail(np.asarray(x, float), 0.005)
    u8 = np.clip(np.round(x * 127) + 128, 1, 255).astype(np.uint8)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(RATE)
        w.writeframes(u8.tobytes())
    return len(u8)


def main():
    for name, fn in EFFECTS.items():
        n = write_u8(HERE / f"{name}.wav", fn())
        print(f"{name}.wav: {n} samples ({n / RATE:.2f} s)")


if __name__ == "__main__":
    main()
