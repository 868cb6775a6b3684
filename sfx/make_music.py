#!/usr/bin/env python3
"""Compose Pocket Desk's music and write it as XM modules.

  sfx/desktop.xm   "Desk Breeze"  - relaxed desktop tune, F major, 100 BPM, 16 bars (~38 s loop)
  sfx/sweeper.xm   "Poop Patrol"  - playful Poop Sweeper tune, C major, 140 BPM, 16 bars (~27 s loop)
  sfx/polarium.xm  "Flip Circuit" - steady electronic Polarium tune, A minor, 128 BPM, 16 bars
  sfx/challenge.xm, challenge_fast.xm  "Falling Rows" - Polarium Challenge, E minor, 140 and 170 BPM, 16 bars

All instruments are tiny synthesized 8-bit samples made here.  Original
compositions, MIT licence (see sfx/credits/README.md).

Run: python3 sfx/make_music.py [--render DIR]   (--render writes WAV previews)
Requires: numpy.
"""
import sys
import wave
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from xmwriter import KEY_OFF, Cell, Instrument, Module, Sample, note_number  # noqa: E402

HERE = Path(__file__).resolve().parent
RNG = np.random.default_rng(1234)  # fixed seed: reproducible noise
MIX = 0.5  # master level applied to every instrument's default volume


# --------------------------------------------------------------------------
# Samples.  Waves have CYCLE samples a cycle, tuned up WAVE_NOTE semitones so
# that C-4 still sounds at 261 Hz (8363 Hz * 4 / 128).  At 128 samples a
# cycle a tracker speed's raw value (8 fractional bits) is the note's
# frequency in hertz, which the GBA's tone generators play
# (src/framework/psg.rs; the samples are for this script's rendering).
# Drums are recorded at 16726 Hz and played at C-5.
# --------------------------------------------------------------------------
CYCLE = 128
WAVE_NOTE = 24  # 12 * log2(128 / 32) semitones
BELL_CYCLE = CYCLE
BELL_NOTE = WAVE_NOTE


def i8(x):
    return np.clip(np.round(x), -127, 127).astype(np.int8)


def looping_wave(data, volume, name):
    return Sample(data, loop=True, volume=volume, relative_note=WAVE_NOTE, name=name)


def pulse(duty, amp=44):
    return i8(np.where(np.arange(CYCLE) < CYCLE * duty, amp, -amp))


def triangle(amp=60):
    # 16-step "NES style" triangle, each step CYCLE / 32 samples long
    steps = np.concatenate([np.arange(16), np.arange(15, -1, -1)])
    return i8(np.repeat(steps / 7.5 - 1.0, CYCLE // 32) * amp)


def soft_lead(amp=50):
    t = np.arange(CYCLE) / CYCLE
    w = np.sin(2 * np.pi * t) + 0.35 * np.sin(4 * np.pi * t) + 0.18 * np.sign(np.sin(2 * np.pi * t))
    return i8(w / np.abs(w).max() * amp)


def bell(amp=70, cycles=200):
    n = BELL_CYCLE * cycles
    t = np.arange(n) / BELL_CYCLE  # in cycles
    env = np.exp(-t / 55)
    mod = 1.6 * np.exp(-t / 18) * np.sin(2 * np.pi * 2 * t)
    w = np.sin(2 * np.pi * t + mod) * env
    ramp = 24 * BELL_CYCLE // 32  # the first 3/4 cycle fades in
    w[:ramp] *= np.linspace(0.4, 1, ramp)
    return i8(w * amp)


def kick(rate=16726, amp=110):
    n = int(rate * 0.2)
    t = np.arange(n) / rate
    f = 48 + 130 * np.exp(-t / 0.03)
    ph = 2 * np.pi * np.cumsum(f) / rate
    env = np.exp(-t / 0.07)
    click = np.exp(-t / 0.003) * 0.5
    return i8((np.sin(ph) * env + click * RNG.uniform(-1, 1, n)) * amp)


def snare(rate=16726, amp=80):
    n = int(rate * 0.16)
    t = np.arange(n) / rate
    noise = RNG.uniform(-1, 1, n)
    noise = noise - np.concatenate([[0], noise[:-1]]) * 0.5
    tone = np.sin(2 * np.pi * 190 * t) * np.exp(-t / 0.03)
    w = noise * np.exp(-t / 0.045) * 0.8 + tone * 0.6
    return i8(w / np.abs(w).max() * amp)


def hat(rate=16726, amp=50, length=0.045):
    n = int(rate * length)
    t = np.arange(n) / rate
    noise = RNG.uniform(-1, 1, n)
    hp = noise - np.concatenate([[0], noise[:-1]])
    w = hp * np.exp(-t / (length / 4))
    return i8(w / np.abs(w).max() * amp)


def make_instruments(mod, lead_kind):
    ins = {}
    pluck_env = [(0, 64), (3, 52), (12, 30), (40, 12), (90, 0)]
    if lead_kind == "bell":
        ins["lead"] = mod.add_instrument(Instrument("bell", Sample(bell(), loop=False, volume=56, relative_note=BELL_NOTE, name="bell")))
    else:
        ins["lead"] = mod.add_instrument(Instrument(
            "pulse lead", looping_wave(pulse(0.25, 40), 48, "pulse25"),
            envelope=[(0, 64), (2, 56), (10, 34), (30, 22), (80, 0)]))
    ins["arp"] = mod.add_instrument(Instrument(
        "pluck", looping_wave(soft_lead(40) if lead_kind == "bell" else pulse(0.5, 34), 40, "pluck"),
        envelope=pluck_env))
    ins["bass"] = mod.add_instrument(Instrument(
        "tri bass", looping_wave(triangle(64), 60, "triangle"),
        envelope=[(0, 64), (6, 56), (30, 44), (120, 30)], sustain=2, fadeout=2048))
    ins["kick"] = mod.add_instrument(Instrument("kick", Sample(kick(), volume=56, name="kick")))
    ins["snare"] = mod.add_instrument(Instrument("snare", Sample(snare(), volume=40, name="snare")))
    ins["hat"] = mod.add_instrument(Instrument("hat", Sample(hat(), volume=28, name="hat")))
    # leave headroom: the rendering clips, and sound effects play on top
    for inst in mod.instruments:
        inst.sample.volume = round(inst.sample.volume * MIX)
    return ins


# --------------------------------------------------------------------------
# Tiny score notation: "C5/4 r/2 Bb4/2"  (note/rows, r = rest -> key-off)
# --------------------------------------------------------------------------

def parse_line(text):
    events, row = [], 0
    for tok in text.split():
        name, dur = tok.split("/")
        dur = int(dur)
        events.append((row, None if name == "r" else note_number(name), dur))
        row += dur
    return events, row


CHORD_TONES = {  # semitones above root
    "maj7": (0, 4, 7, 11), "m7": (0, 3, 7, 10), "7": (0, 4, 7, 10),
    "": (0, 4, 7, 12), "m": (0, 3, 7, 12), "sus": (0, 5, 7, 10),
}


def chord(sym):
    root = sym[0] + (sym[1] if len(sym) > 1 and sym[1] in "#b" else "")
    kind = sym[len(root):]
    return root, CHORD_TONES[kind]


def place(pattern_rows, ch, start, events, inst, vol=None, release=True):
    for row, note, dur in events:
        r = start + row
        c = pattern_rows[r][ch]
        if note is None:
            if release:
                c.note = KEY_OFF
        else:
            c.note, c.instrument = note, inst
            if vol is not None:
                c.volume = 0x10 + vol


def build(mod, ins, bars, melody, bass_style, arp_style, drum_style, rows_per_bar=16, bars_per_pattern=4):
    """bars: list of chord strings per bar ("F maj7" or "Dm7 G7" for halves)."""
    n_pat = (len(bars) + bars_per_pattern - 1) // bars_per_pattern
    for p in range(n_pat):
        pi = mod.new_pattern(rows_per_bar * bars_per_pattern)
        rows = mod.patterns[pi]
        for b in range(bars_per_pattern):
            bar_idx = p * bars_per_pattern + b
            if bar_idx >= len(bars):
                break
            start = b * rows_per_bar
            ev, total = parse_line(melody[bar_idx])
            assert total == rows_per_bar, (bar_idx, total)
            place(rows, 0, start, ev, ins["lead"])
            chords = bars[bar_idx].split()
            span = rows_per_bar // len(chords)
            for ci, sym in enumerate(chords):
                root, tones = chord(sym)
                arp_style(rows, 1, start + ci * span, span, root, tones, ins["arp"], bar_idx)
                bass_style(rows, 2, start + ci * span, span, root, tones, ins["bass"], bar_idx)
            drum_style(rows, start, ins, bar_idx, len(bars))
        mod.order.append(pi)


# ---- "Desk Breeze" --------------------------------------------------------

def desktop_song():
    mod = Module("Desk Breeze", channels=5, tempo=6, bpm=100)
    ins = make_instruments(mod, "bell")
    bars = ["Fmaj7", "Am7", "Bbmaj7", "C7",
            "Fmaj7", "Am7", "Gm7", "C7",
            "Dm7", "Am7", "Bbmaj7", "Fmaj7",
            "Gm7", "Am7", "Bbmaj7", "Csus C7"]
    melody = [
        "C5/4 A4/2 C5/2 E5/6 r/2",
        "D5/2 C5/2 A4/4 E4/4 G4/4",
        "F4/4 A4/2 Bb4/2 D5/8",
        "C5/4 Bb4/2 A4/2 G4/6 r/2",
        "C5/4 A4/2 C5/2 F5/6 E5/2",
        "E5/2 D5/2 C5/4 A4/4 C5/4",
        "Bb4/4 D5/4 F5/2 E5/2 D5/4",
        "C5/6 Bb4/2 G4/4 E4/4",
        "A4/2 D5/2 F5/4 E5/2 D5/2 C5/4",
        "E5/8 C5/4 A4/4",
        "D5/2 F5/2 A5/4 G5/2 F5/2 D5/4",
        "E5/4 C5/4 A4/8",
        "Bb4/2 D5/2 G5/4 F5/2 D5/2 Bb4/4",
        "C5/2 E5/2 A5/4 G5/2 E5/2 C5/4",
        "D5/4 C5/4 Bb4/4 A4/4",
        "G4/8 r/4 A4/2 Bb4/2",
    ]

    def arp(rows, ch, start, span, root, tones, inst, bar):
        base = note_number(root + "3")
        if base < note_number("E3"):
            base += 12
        voicing = [base + tones[0], base + tones[2], base + tones[3], base + 12 + tones[1], base + 12 + tones[2]]
        order = [0, 1, 2, 3, 4, 3, 2, 1]
        for k in range(span // 2):
            c = rows[start + k * 2][ch]
            c.note, c.instrument = voicing[order[k % 8]], inst
            c.volume = 0x10 + (34 if k % 2 == 0 else 26)

    def bass(rows, ch, start, span, root, tones, inst, bar):
        r = note_number(root + "2")
        if r > note_number("E2"):
            r -= 12
        if span == 16:
            pat = [(0, r, 6), (6, r, 2), (8, r + 7, 4), (12, r + 12, 2), (14, r + tones[2], 2)]
        else:
            pat = [(0, r, 4), (4, r + 7, 4)]
        for row, n, d in pat:
            c = rows[start + row][ch]
            c.note, c.instrument, c.volume = n, inst, 0x10 + 52
            if d >= 4:
                rows[start + row + d - 1][ch].note = KEY_OFF

    def drums(rows, start, ins, bar, nbars):
        for k in range(16):
            c3, c4 = rows[start + k][3], rows[start + k][4]
            if k in (0, 10):
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["kick"], 0x10 + 56
            elif k in (4, 12):
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["snare"], 0x10 + (30 if bar < 8 else 38)
            if k % 2 == 0:
                c4.note, c4.instrument = note_number("C5"), ins["hat"]
                c4.volume = 0x10 + (40 if k % 4 == 0 else 24)
            elif bar >= 8 and k in (7, 15):
                c4.note, c4.instrument, c4.volume = note_number("C5"), ins["hat"], 0x10 + 16
        if bar == nbars - 1:
            for k in (13, 14, 15):
                c3 = rows[start + k][3]
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["snare"], 0x10 + 20 + 6 * (k - 13)

    build(mod, ins, bars, melody, bass, arp, drums)
    return mod


# ---- "Poop Patrol" --------------------------------------------------------

def sweeper_song():
    mod = Module("Poop Patrol", channels=5, tempo=6, bpm=140)
    ins = make_instruments(mod, "pulse")
    bars = ["C", "Am", "F", "G",
            "C", "Am", "Dm7 G7", "C",
            "F", "G", "Em", "Am",
            "Dm7", "G7", "F G", "C G7"]
    melody = [
        "E5/2 G5/2 r/2 E5/2 C5/2 r/2 G4/2 r/2",
        "A4/2 C5/2 E5/2 A5/2 G5/4 E5/4",
        "F5/2 E5/2 D5/2 C5/2 A4/4 C5/4",
        "D5/2 r/2 B4/2 D5/2 G5/6 r/2",
        "E5/2 G5/2 r/2 E5/2 C6/4 G5/4",
        "A5/2 G5/2 E5/2 C5/2 D5/2 E5/2 C5/4",
        "F5/2 E5/2 D5/4 G5/2 F5/2 D5/2 B4/2",
        "C5/4 G4/2 E4/2 C4/4 r/4",
        "A4/2 C5/2 F5/2 A5/2 G5/2 F5/2 C5/4",
        "B4/2 D5/2 G5/2 B5/2 A5/2 G5/2 D5/4",
        "G5/4 E5/2 B4/2 E5/4 G5/4",
        "A5/6 G5/2 E5/4 C5/4",
        "F5/2 r/2 F5/2 E5/2 D5/4 A4/4",
        "B4/2 r/2 B4/2 C5/2 D5/4 G4/4",
        "A4/2 C5/2 F5/4 B4/2 D5/2 G5/4",
        "C6/4 G5/2 E5/2 C5/2 r/2 G4/2 B4/2",
    ]

    def stabs(rows, ch, start, span, root, tones, inst, bar):
        # off-beat chord stabs using the XM arpeggio effect (0xy)
        base = note_number(root + "4")
        if base > note_number("F#4"):
            base -= 12
        x, y = tones[1], tones[2]
        for k in range(2, span, 4):
            c = rows[start + k][ch]
            c.note, c.instrument, c.volume = base, inst, 0x10 + 30
            c.effect, c.param = 0x0, (x << 4) | y
            nxt = rows[start + k + 1][ch]
            nxt.effect, nxt.param = 0x0, (x << 4) | y

    def bass(rows, ch, start, span, root, tones, inst, bar):
        r = note_number(root + "2")
        if r > note_number("F#2"):
            r -= 12
        for k in range(0, span, 2):
            c = rows[start + k][ch]
            c.note, c.instrument = (r if (k // 2) % 2 == 0 else r + 12), inst
            c.volume = 0x10 + (56 if (k // 2) % 2 == 0 else 44)
            rows[start + k + 1][ch].note = KEY_OFF

    def drums(rows, start, ins, bar, nbars):
        for k in range(16):
            c3, c4 = rows[start + k][3], rows[start + k][4]
            if k in (0, 8) or (k == 14 and bar % 2 == 1):
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["kick"], 0x10 + 60
            elif k in (4, 12):
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["snare"], 0x10 + 44
            if k % 2 == 0:
                c4.note, c4.instrument = note_number("C5"), ins["hat"]
                c4.volume = 0x10 + (44 if k % 4 == 2 else 26)
        if bar in (7, nbars - 1):
            for k in (10, 11, 13, 14, 15):
                c3 = rows[start + k][3]
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["snare"], 0x10 + 24 + 4 * (k - 10)

    build(mod, ins, bars, melody, bass, stabs, drums)
    return mod


def polarium_song():
    """Electronic and steady, for thinking: four-on-the-floor, a rolling
    arpeggio, a sparse lead that leaves room."""
    mod = Module("Flip Circuit", channels=5, tempo=6, bpm=128)
    ins = make_instruments(mod, "pulse")
    bars = ["Am", "Am", "F", "G",
            "Am", "Am", "Dm7", "E7",
            "F", "G", "Em", "Am",
            "Dm7", "E7", "F G", "Am E7"]
    melody = [
        "A4/4 r/4 C5/2 E5/2 r/4",
        "A5/6 G5/2 E5/8",
        "F5/4 r/4 A5/2 C6/2 r/4",
        "B5/6 A5/2 G5/8",
        "A4/4 r/4 C5/2 E5/2 r/4",
        "A5/2 B5/2 C6/4 B5/4 G5/4",
        "F5/4 A5/4 D6/4 C6/4",
        "B5/8 G#5/8",
        "A5/2 C6/2 F6/4 E6/4 C6/4",
        "B5/2 D6/2 G6/4 F6/4 D6/4",
        "E6/4 B5/4 G5/4 E5/4",
        "A5/8 r/8",
        "F5/4 A5/4 D6/8",
        "G#5/4 B5/4 E6/8",
        "F5/4 A5/4 G5/4 B5/4",
        "A5/8 E5/4 G#5/4",
    ]

    def rolling(rows, ch, start, span, root, tones, inst, bar):
        # an arpeggio up the chord, an octave above the bass
        base = note_number(root + "4")
        if base > note_number("F#4"):
            base -= 12
        # eighth notes, each let go at once, so the channel rests half the
        # time
        cycle = [0, tones[1], tones[2], 12]
        for k in range(0, span, 2):
            c = rows[start + k][ch]
            c.note, c.instrument = base + cycle[(k // 2) % 4], inst
            c.volume = 0x10 + (30 if k % 8 == 0 else 20)
            rows[start + k + 1][ch].note = KEY_OFF

    def bass(rows, ch, start, span, root, tones, inst, bar):
        r = note_number(root + "2")
        if r > note_number("F#2"):
            r -= 12
        for k in range(0, span, 4):
            for off, note in ((0, r), (2, r + 12)):
                c = rows[start + k + off][ch]
                c.note, c.instrument = note, inst
                c.volume = 0x10 + (58 if off == 0 else 40)
                rows[start + k + off + 1][ch].note = KEY_OFF

    def drums(rows, start, ins, bar, nbars):
        for k in range(16):
            c3, c4 = rows[start + k][3], rows[start + k][4]
            if k % 4 == 0:
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["kick"], 0x10 + 58
            elif k in (6, 14) and bar % 4 == 3:
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["snare"], 0x10 + 30
            if k % 4 == 2:
                c4.note, c4.instrument, c4.volume = note_number("C5"), ins["hat"], 0x10 + 40
            elif k % 2 == 1:
                c4.note, c4.instrument, c4.volume = note_number("C5"), ins["hat"], 0x10 + 18

    build(mod, ins, bars, melody, bass, rolling, drums)
    return mod


def challenge_song(bpm, title):
    """Polarium Challenge: driving, in E minor, eighth-note bass and a
    lead that climbs; made twice, the second faster, for when the stack is
    high (the game switches between them)."""
    mod = Module(title, channels=5, tempo=6, bpm=bpm)
    ins = make_instruments(mod, "pulse")
    bars = ["Em", "Em", "C", "D",
            "Em", "Em", "Am", "B7",
            "C", "D", "Bm", "Em",
            "Am", "B7", "C D", "Em B7"]
    melody = [
        "E5/2 G5/2 B5/4 A5/2 G5/2 F#5/4",
        "E5/4 B4/4 E5/8",
        "G5/2 E5/2 C6/4 B5/4 G5/4",
        "A5/4 F#5/4 D5/8",
        "E5/2 G5/2 B5/4 D6/4 B5/4",
        "C6/4 B5/4 G5/8",
        "A5/2 C6/2 E6/4 D6/4 C6/4",
        "B5/8 D#6/8",
        "E6/4 C6/4 G5/4 C6/4",
        "F#6/4 D6/4 A5/4 D6/4",
        "D6/4 B5/4 F#5/4 B5/4",
        "E6/8 r/8",
        "C6/4 A5/4 E6/4 C6/4",
        "D#6/4 B5/4 F#6/4 D#6/4",
        "E6/4 C6/4 F#6/4 D6/4",
        "E6/8 B5/4 D#6/4",
    ]

    def stabs(rows, ch, start, span, root, tones, inst, bar):
        # off-beat chord tones, let go at once
        base = note_number(root + "4")
        if base > note_number("F#4"):
            base -= 12
        for k in range(2, span, 4):
            c = rows[start + k][ch]
            c.note, c.instrument = base + tones[(k // 4) % len(tones)], inst
            c.volume = 0x10 + 24
            rows[start + k + 1][ch].note = KEY_OFF

    def bass(rows, ch, start, span, root, tones, inst, bar):
        r = note_number(root + "2")
        if r > note_number("F#2"):
            r -= 12
        for k in range(0, span, 2):
            c = rows[start + k][ch]
            c.note, c.instrument = r + (12 if k % 4 == 2 else 0), inst
            c.volume = 0x10 + (56 if k % 4 == 0 else 40)
            rows[start + k + 1][ch].note = KEY_OFF

    def drums(rows, start, ins, bar, nbars):
        for k in range(16):
            c3, c4 = rows[start + k][3], rows[start + k][4]
            if k in (0, 8) or (k == 10 and bar % 2 == 1):
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["kick"], 0x10 + 58
            elif k in (4, 12):
                c3.note, c3.instrument, c3.volume = note_number("C5"), ins["snare"], 0x10 + 34
            if k % 2 == 0:
                c4.note, c4.instrument, c4.volume = note_number("C5"), ins["hat"], 0x10 + (36 if k % 4 == 2 else 20)

    build(mod, ins, bars, melody, bass, stabs, drums)
    return mod


def write_wav(path, data, rate):
    pcm = np.clip(data * 32767, -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


def main():
    render_dir = None
    if "--render" in sys.argv:
        render_dir = Path(sys.argv[sys.argv.index("--render") + 1])
        render_dir.mkdir(parents=True, exist_ok=True)
    for name, song in (
        ("desktop", desktop_song()),
        ("sweeper", sweeper_song()),
        ("polarium", polarium_song()),
        ("challenge", challenge_song(140, "Falling Rows")),
        ("challenge_fast", challenge_song(170, "Falling Rows (high)")),
    ):
        size = song.save(HERE / f"{name}.xm")
        rows = sum(len(song.patterns[p]) for p in song.order)
        secs = rows * song.tempo * 2.5 / song.bpm
        print(f"{name}.xm: {size} bytes, {len(song.order)} patterns, {rows} rows, {secs:.1f} s loop")
        if render_dir:
            audio = song.render(32768)
            peak = np.abs(audio).max()
            print(f"  rendered peak {peak:.2f}")
            write_wav(render_dir / f"{name}.wav", audio / max(peak, 1.0) * 0.9, 32768)


if __name__ == "__main__":
    main()
