"""Minimal FastTracker 2 (.xm, v1.04) writer plus a tiny reference renderer.

Only what Pocket Desk's music needs: 8-bit mono samples (forward loop or
one-shot), volume envelopes with sustain, notes / key-off / instrument /
volume-column "set volume", linear frequency table.  Everything here is
supported by agb-tracker's XM importer (agb_xm_core 0.25).

The renderer is deliberately simple (nearest-sample, no interpolation) and
only exists to check a module by ear/eye on a PC: the GBA plays the music on
its tone generators (src/framework/psg.rs).
"""
import struct
from dataclasses import dataclass, field

import numpy as np

NOTE_NAMES = {"C": 0, "C#": 1, "DB": 1, "D": 2, "D#": 3, "EB": 3, "E": 4, "F": 5,
              "F#": 6, "GB": 6, "G": 7, "G#": 8, "AB": 8, "A": 9, "A#": 10, "BB": 10, "B": 11}
KEY_OFF = 97


def note_number(name):
    """'C4' -> XM note number (1 = C-0, C-4 = 49)."""
    name = name.upper()
    octave = int(name[-1])
    return 1 + octave * 12 + NOTE_NAMES[name[:-1]]


@dataclass
class Sample:
    data: np.ndarray          # int8 samples
    loop: bool = False
    loop_start: int = 0
    volume: int = 64
    finetune: int = 0
    relative_note: int = 0
    panning: int = 128
    name: str = ""


@dataclass
class Instrument:
    name: str
    sample: Sample
    envelope: list = field(default_factory=list)   # [(tick, 0..64), ...]
    sustain: int = None                              # envelope point index
    fadeout: int = 0


@dataclass
class Cell:
    note: int = 0
    instrument: int = 0
    volume: int = 0      # raw volume column byte (0x10..0x50 = set volume 0..64)
    effect: int = 0
    param: int = 0


class Module:
    def __init__(self, name, channels, tempo=6, bpm=125):
        self.name = name
        self.channels = channels
        self.tempo = tempo
        self.bpm = bpm
        self.instruments = []
        self.patterns = []
        self.order = []
        self.restart = 0

    def add_instrument(self, inst):
        self.instruments.append(inst)
        return len(self.instruments)  # 1-based

    def new_pattern(self, rows):
        self.patterns.append([[Cell() for _ in range(self.channels)] for _ in range(rows)])
        return len(self.patterns) - 1

    # ---- writing --------------------------------------------------------
    def to_bytes(self):
        out = bytearray()
        out += b"Extended Module: "
        out += self.name.encode("ascii")[:20].ljust(20, b" ")
        out += b"\x1a"
        out += b"PocketDesk xmwriter".ljust(20, b" ")
        out += struct.pack("<H", 0x0104)
        order = bytes(self.order).ljust(256, b"\0")
        out += struct.pack("<IHHHHHHHH", 20 + 256, len(self.order), self.restart,
                           self.channels, len(self.patterns), len(self.instruments),
                           1, self.tempo, self.bpm)
        out += order
        for pat in self.patterns:
            data = bytearray()
            for row in pat:
                for c in row:
                    fields = [(1, c.note), (2, c.instrument), (4, c.volume), (8, c.effect), (16, c.param)]
                    mask = 0x80
                    for bit, v in fields:
                        if v:
                            mask |= bit
                    if mask == 0x9F:
                        data += bytes([c.note, c.instrument, c.volume, c.effect, c.param])
                    else:
                        data.append(mask)
                        data += bytes(v for bit, v in fields if v)
            out += struct.pack("<IBHH", 9, 0, len(pat), len(data))
            out += data
        for inst in self.instruments:
            s = inst.sample
            hdr = bytearray()
            hdr += inst.name.encode("ascii")[:22].ljust(22, b"\0")
            hdr += bytes([0])
            hdr += struct.pack("<H", 1)
            hdr += struct.pack("<I", 40)
            hdr += bytes(96)                       # every note -> sample 0
            env = list(inst.envelope)[:12]
            pts = b"".join(struct.pack("<HH", x, y) for x, y in env).ljust(48, b"\0")
            hdr += pts
            hdr += bytes(48)                       # panning envelope
            hdr += bytes([len(env), 0])
            hdr += bytes([inst.sustain or 0, 0, 0])  # vol sustain, loop start, loop end
            hdr += bytes([0, 0, 0])
            vtype = (1 if env else 0) | (2 if env and inst.sustain is not None else 0)
            hdr += bytes([vtype, 0])
            hdr += bytes([0, 0, 0, 0])             # auto-vibrato
            hdr += struct.pack("<H", inst.fadeout)
            hdr += bytes(22)                       # reserved
            out += struct.pack("<I", 4 + len(hdr)) + hdr
            assert 4 + len(hdr) == 263
            data = np.asarray(s.data, np.int8)
            n = len(data)
            loop_start = s.loop_start if s.loop else 0
            loop_len = (n - s.loop_start) if s.loop else 0
            out += struct.pack("<IIIBbBBbB", n, loop_start, loop_len, s.volume, s.finetune,
                               1 if s.loop else 0, s.panning, s.relative_note, 0)
            out += s.name.encode("ascii")[:22].ljust(22, b"\0")
            delta = np.diff(np.concatenate([[0], data.astype(np.int16)])).astype(np.int8)
            out += delta.tobytes()
        return bytes(out)

    def save(self, path):
        b = self.to_bytes()
        with open(path, "wb") as f:
            f.write(b)
        return len(b)

    # ---- reference renderer ----------------------------------------------
    def render(self, rate=32768, loops=1):
        """Render to float mono (-1..1), following agb-tracker's timing."""
        tick_len = 2.5 / self.bpm
        out = []
        state = [None] * self.channels
        inst_env_cache = {}

        def env_value(inst, t, released):
            if not inst.envelope:
                return 1.0
            pts = inst.envelope
            if inst.sustain is not None and not released:
                t = min(t, pts[inst.sustain][0])
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                if x0 <= t <= x1:
                    return (y0 + (y1 - y0) * (t - x0) / max(1, x1 - x0)) / 64
            return pts[-1][1] / 64

        for _ in range(loops):
            for pi in self.order:
                for row in self.patterns[pi]:
                    for ch, c in enumerate(row):
                        if c.note == KEY_OFF:
                            if state[ch]:
                                state[ch]["released"] = state[ch]["tick"]
                        elif c.note:
                            ins = self.instruments[(c.instrument or (state[ch] or {}).get("ins", 1)) - 1]
                            s = ins.sample
                            freq = 8363 * 2 ** ((c.note - 1 + s.relative_note - 48) / 12)
                            # agb-tracker multiplies the volume column by the sample volume
                            vol = s.volume / 64 * ((c.volume - 0x10) / 64 if 0x10 <= c.volume <= 0x50 else 1)
                            state[ch] = {"ins": self.instruments.index(ins) + 1, "inst": ins,
                                         "pos": 0.0, "step": freq / rate, "vol": vol,
                                         "tick": 0, "released": None, "fade": 1.0}
                        elif 0x10 <= c.volume <= 0x50 and state[ch]:
                            state[ch]["vol"] = state[ch]["inst"].sample.volume / 64 * (c.volume - 0x10) / 64
                    for _t in range(self.tempo):
                        n = int(round(tick_len * rate))
                        buf = np.zeros(n)
                        for ch in range(self.channels):
                            st = state[ch]
                            if not st:
                                continue
                            ins, s = st["inst"], st["inst"].sample
                            rel = st["released"]
                            if rel is not None and not ins.envelope:
                                state[ch] = None
                                continue
                            e = env_value(ins, st["tick"], rel is not None)
                            if rel is not None:
                                st["fade"] = max(0.0, st["fade"] - ins.fadeout / 32768 * 1)
                            g = st["vol"] * e * st["fade"]
                            idx = st["pos"] + st["step"] * np.arange(n)
                            data = s.data.astype(np.float64) / 128
                            L = len(data)
                            if s.loop:
                                ls = s.loop_start
                                ll = L - ls
                                wrapped = np.where(idx >= L, ls + (idx - ls) % ll, idx)
                                buf += data[wrapped.astype(int)] * g
                                st["pos"] = float(ls + (st["pos"] + st["step"] * n - ls) % ll) if st["pos"] + st["step"] * n >= L else st["pos"] + st["step"] * n
                            else:
                                valid = idx < L
                                buf[valid] += data[idx[valid].astype(int)] * g
                                st["pos"] += st["step"] * n
                                if st["pos"] >= L:
                                    state[ch] = None
                            st["tick"] += 1
                        out.append(buf)
        return np.concatenate(out)
