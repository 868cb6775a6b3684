#!/usr/bin/env python3
"""Stamp the number pad's key labels into gfx/numpad.png.

The blank keys are drawn by hand: frames 0 (up) and 1 (down) of numpad.png.
Every labelled key is one of them with a glyph of the game font
(gfx/font/glyphs.txt) centred on its top face, so the labels always match
the font: frames 2..14 are up keys 0-9, backspace, OK and cancel, and
frames 15..27 the same keys down (the top face 2 px lower). Redraw a blank
key or a glyph, then run:  python3 gfx/make_numpad.py  (needs pillow).
"""
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
SHEET = HERE / "numpad.png"
FRAME = 16
COLUMNS = 13
LABELS = [str(d) for d in range(10)] + ["\u2190", "\u2713", "\u00d7"]
# Palette indices (gfx/README.md): ink, red, teal.
INK, RED, TEAL = 1, 9, 13
COLOUR = {"\u2190": RED, "\u2713": TEAL, "\u00d7": RED}
# The top face's first row of text on an up key.
LABEL_TOP = 3


def glyphs():
    """Each glyph of glyphs.txt as rows of booleans, cap rows only."""
    found, rows = {}, None
    for line in (HERE / "font" / "glyphs.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("@ "):
            name = line[2:]
            if name.startswith("U+") and len(name) > 2:
                name = chr(int(name[2:], 16))
            rows = found.setdefault(name, [])
        elif rows is not None and line and set(line) <= set("#."):
            rows.append([c == "#" for c in line])
    return found


def main():
    sheet = Image.open(SHEET)
    assert sheet.mode == "P", "numpad.png must stay an indexed PNG"
    blank = [sheet.crop((i * FRAME, 0, (i + 1) * FRAME, FRAME)) for i in (0, 1)]
    font = glyphs()
    frames = list(blank)
    for down in (False, True):
        for label in LABELS:
            key = blank[down].copy()
            rows = font[label][:7]
            inked = [x for x in range(len(rows[0])) if any(row[x] for row in rows)]
            left, width = inked[0], inked[-1] - inked[0] + 1
            x0 = 1 + (14 - width + 1) // 2
            y0 = LABEL_TOP + (2 if down else 0)
            for y, row in enumerate(rows):
                for x in range(width):
                    if row[left + x]:
                        key.putpixel((x0 + x, y0 + y), COLOUR.get(label, INK))
            frames.append(key)
    rows = -(-len(frames) // COLUMNS)
    out = Image.new("P", (COLUMNS * FRAME, rows * FRAME), 0)
    out.putpalette(sheet.getpalette())
    for i, frame in enumerate(frames):
        out.paste(frame, ((i % COLUMNS) * FRAME, (i // COLUMNS) * FRAME))
    out.save(SHEET, transparency=0)


if __name__ == "__main__":
    main()
