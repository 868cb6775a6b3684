#!/usr/bin/env python3
"""Strongest frequency of the first SECONDS of a WAV, the way the harness's
`expect-pitch` finds it (Goertzel filters 0.2% apart from 60 to 6000 Hz, then
0.02% steps around the best): where the numbers in sound_pitch.play come from.

Run: python3 sfx/make_music.py --render DIR
     python3 tests/e2e/pitch_of.py DIR/desktop.wav SECONDS [SKIP_SECONDS [LO HI]]
Requires: numpy.
"""
import sys
import wave

import numpy as np


def goertzel(x, rate, f):
    c = 2.0 * np.cos(2.0 * np.pi * f / rate)
    s1 = s2 = 0.0
    for v in x:
        s1, s2 = v + c * s1 - s2, s1
    return s1 * s1 + s2 * s2 - c * s1 * s2


def power(x, rate, f):
    # Same quantity as goertzel(), vectorised: |DFT at f|^2.
    n = np.arange(len(x))
    return abs(np.sum(x * np.exp(-2j * np.pi * f * n / rate))) ** 2


def strongest(x, rate, lo=60.0, hi=6000.0):
    x = x - x.mean()
    best = (0.0, lo)
    f = lo
    while f < min(hi, rate / 2):
        p = power(x, rate, f)
        if p > best[0]:
            best = (p, f)
        f *= 1.002
    found, top = best[1], best[0]
    f = best[1] / 1.002
    while f < best[1] * 1.002:
        p = power(x, rate, f)
        if p > top:
            top, found = p, f
        f *= 1.0002
    return found


def main():
    path, seconds = sys.argv[1], float(sys.argv[2])
    skip = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    lo, hi = (float(sys.argv[4]), float(sys.argv[5])) if len(sys.argv) > 5 else (60.0, 6000.0)
    with wave.open(path) as w:
        rate = w.getframerate()
        raw = w.readframes(w.getnframes())
        width, channels = w.getsampwidth(), w.getnchannels()
    dtype = {1: np.uint8, 2: np.int16}[width]
    x = np.frombuffer(raw, dtype=dtype).astype(float)
    if channels > 1:
        x = x[::channels]
    start = int(skip * rate)
    x = x[start:start + int(seconds * rate)]
    print(f"{strongest(x, rate, lo, hi):.1f}")


if __name__ == "__main__":
    main()
