#!/usr/bin/env python3
"""Build gfx/font/pocket-sans.ttf from gfx/font/glyphs.txt.

Every '#' becomes an exact square of UNIT font units, so at the intended size
(PIXEL_SIZE px per em) each square is exactly one screen pixel and the font
rasterises without any anti-aliasing.  Use it in agb as

    static FONT: Font = include_font!("gfx/font/pocket-sans.ttf", 10);

It refuses to write a font that agb would draw differently from the text:
digits of unequal advance, or a glyph box not starting at the glyph's column 0.

Requires: fonttools.  Run: python3 gfx/font/make_font.py
"""
import io
from pathlib import Path
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
PIXEL_SIZE = 10          # px per em: the size to pass to include_font!
UNIT = 100               # font units per pixel
UPM = PIXEL_SIZE * UNIT  # 1000
ASCENT_PX = 8            # 7px caps + 1px headroom
DESCENT_PX = 2
LINE_GAP_PX = 1          # line height = 8 + 2 + 1 = 11px
ROWS_ABOVE_BASELINE = 7


def parse(path):
    glyphs = {}
    cur = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.startswith("@ "):
            name = raw[2:]
            if name == "space":
                ch = " "
            elif name.startswith("U+") and len(name) > 2:
                ch = chr(int(name[2:], 16))
            else:
                ch = name
            assert len(ch) == 1, raw
            cur = []
            glyphs[ch] = cur
        elif raw.startswith("#") and cur is None:
            continue  # header comment
        elif cur is not None and raw and set(raw) <= set("#."):
            cur.append(raw)
        elif raw.startswith("# ") or raw == "":
            continue
        else:
            raise ValueError(f"bad line {raw!r}")
    for ch, rows in glyphs.items():
        w = len(rows[0])
        assert all(len(r) == w for r in rows), f"ragged glyph {ch!r}"
        assert len(rows) <= 9, f"too tall {ch!r}"
    return glyphs


def first_inked_column(rows):
    return next((x for x in range(len(rows[0])) if any(r[x] == "#" for r in rows)), None)


def first_inked_row(rows):
    return next(y for y, r in enumerate(rows) if "#" in r)


def glyph_name(ch):
    return "space" if ch == " " else f"uni{ord(ch):04X}"


def draw(rows):
    pen = TTGlyphPen(None)
    if first_inked_column(rows) not in (None, 0):
        # agb draws a glyph's bitmap from its ink's left edge (it drops the
        # left bearing), so blank leading columns - a centred "1" - would
        # vanish. A zero-width contour at x = 0 starts the glyph box there;
        # its two opposite edges cancel, so it never inks a pixel.
        top = (ROWS_ABOVE_BASELINE - first_inked_row(rows)) * UNIT
        pen.moveTo((0, top - UNIT))
        pen.lineTo((0, top))
        pen.closePath()
    for r, row in enumerate(rows):
        top = (ROWS_ABOVE_BASELINE - r) * UNIT
        bottom = top - UNIT
        x = 0
        while x < len(row):
            if row[x] == "#":
                x0 = x
                while x < len(row) and row[x] == "#":
                    x += 1
                # one clockwise rectangle per horizontal run (runs never overlap)
                pen.moveTo((x0 * UNIT, bottom))
                pen.lineTo((x0 * UNIT, top))
                pen.lineTo((x * UNIT, top))
                pen.lineTo((x * UNIT, bottom))
                pen.closePath()
            else:
                x += 1
    return pen.glyph()


def build():
    glyphs = parse(HERE / "glyphs.txt")
    order = [".notdef"] + [glyph_name(c) for c in glyphs]
    fb = FontBuilder(UPM, isTTF=True)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({ord(c): glyph_name(c) for c in glyphs})
    outlines = {".notdef": draw(["###", "#.#", "#.#", "#.#", "#.#", "#.#", "###"])}
    metrics = {".notdef": (4 * UNIT, 0)}
    for c, rows in glyphs.items():
        outlines[glyph_name(c)] = draw(rows)
        metrics[glyph_name(c)] = ((len(rows[0]) + 1) * UNIT, 0)
    fb.setupGlyf(outlines)
    fb.setupHorizontalMetrics(metrics)
    asc, desc, gap = ASCENT_PX * UNIT, -DESCENT_PX * UNIT, LINE_GAP_PX * UNIT
    fb.setupHorizontalHeader(ascent=asc, descent=desc, lineGap=gap)
    fb.setupNameTable({
        "familyName": "Pocket Sans",
        "styleName": "Regular",
        "copyright": "Copyright (c) Pocket Desk contributors. MIT licence.",
        "version": "Version 1.0",
    })
    fb.setupOS2(sTypoAscender=asc, sTypoDescender=desc, sTypoLineGap=gap,
                usWinAscent=asc, usWinDescent=-desc, sxHeight=5 * UNIT,
                sCapHeight=7 * UNIT)
    fb.setupPost()
    # fixed timestamps so the TTF is byte-for-byte reproducible
    fb.font["head"].created = fb.font["head"].modified = 0
    fb.font.recalcTimestamp = False
    data = io.BytesIO()
    fb.save(data)
    check(data.getvalue(), glyphs)
    out = HERE / "pocket-sans.ttf"
    out.write_bytes(data.getvalue())
    print(f"wrote {out} ({len(glyphs)} glyphs)")


def check(ttf, glyphs):
    """Fail on a font that agb would draw differently from glyphs.txt."""
    font = TTFont(io.BytesIO(ttf))
    advances = {c: font["hmtx"][glyph_name(c)][0] for c in "0123456789"}
    # Tabular digits: counters, clocks and codes keep their columns.
    assert len(set(advances.values())) == 1, f"digit advances differ: {advances}"
    for c, rows in glyphs.items():
        glyph = font["glyf"][glyph_name(c)]
        if first_inked_column(rows) is None:
            continue
        # agb places the glyph box's left edge at the pen: it must be the
        # glyph's column 0, blank or not, and end at its last inked column.
        last = max(x for r in rows for x, p in enumerate(r) if p == "#")
        assert (glyph.xMin, glyph.xMax) == (0, (last + 1) * UNIT), \
            f"{c!r}: box x {glyph.xMin}..{glyph.xMax}, want 0..{(last + 1) * UNIT}"


if __name__ == "__main__":
    build()
