#!/usr/bin/env python3
"""Generate every Pocket Desk graphic from code.

Outputs (all PNG, RGBA, alpha 0 = transparent, every colour from PALETTE):
  gfx/palette.png   16x1   the shared palette, index order (index 0 = transparent)
  gfx/desktop.png   240x160 desktop background with status bar
  gfx/window.png    64x48  8x8 UI tilesheet (window 9-slice, title bar, well, ...)
  gfx/splash.png    240x160 boot logo
  gfx/icons/*.png   32x32 one app icon per file (each app includes its own)
  gfx/selection.png 32x32 frames: the selection ring, plain and bright
  gfx/pointer.png   16x16 frames: desktop pointer
  gfx/board.png     16x16 frames: Poop Sweeper squares + board cursor
  gfx/faces.png     32x32 frames: sweeper avatar faces (24x24 drawn top-left)
  gfx/numpad.png    16x16 frames: number pad keys
  gfx/widgets.png   16x16 frames: settings widgets

Layouts are documented in gfx/README.md.  Run:  python3 gfx/make_gfx.py
Pass --preview DIR to also write 3x previews there (not committed).
Requires: pillow, numpy.
"""
import math
import sys
from pathlib import Path

import numpy as np
from PIL import Image

HERE = Path(__file__).resolve().parent

# --------------------------------------------------------------------------
# Palette: 15 colours + transparent.  Components are multiples of 8 so they
# are exactly representable in the GBA's 15-bit colour.
# --------------------------------------------------------------------------
PALETTE = [
    (".", None, "transparent"),
    ("k", (0x28, 0x18, 0x38), "ink (outlines, text)"),
    ("p", (0x58, 0x48, 0x78), "plum (deep shadow)"),
    ("l", (0xa0, 0x90, 0xb8), "lavender (soft shadow, grid)"),
    ("w", (0xff, 0xf8, 0xf0), "white (highlights)"),
    ("c", (0xf8, 0xe8, 0xc8), "cream (window fill)"),
    ("t", (0xe0, 0xb0, 0x78), "tan (cream/yellow shade)"),
    ("b", (0xa8, 0x68, 0x38), "brown"),
    ("d", (0x68, 0x38, 0x28), "dark brown"),
    ("r", (0xe0, 0x48, 0x40), "red"),
    ("i", (0xf8, 0xa0, 0x90), "pink"),
    ("y", (0xf8, 0xd0, 0x48), "yellow"),
    ("T", (0x18, 0x58, 0x68), "dark teal"),
    ("g", (0x30, 0x98, 0x88), "teal"),
    ("m", (0x80, 0xd8, 0xb0), "mint"),
    ("u", (0x40, 0x70, 0xd8), "blue"),
]
CH = {c: i for i, (c, _, _) in enumerate(PALETTE)}
RGBA = np.zeros((16, 4), np.uint8)
for i, (_, rgb, _) in enumerate(PALETTE):
    if rgb:
        RGBA[i] = (*rgb, 255)
K, P, L, W, C, T_, B, D, R, I, Y, DT, G, M, U = range(1, 16)


def art(text):
    """ASCII art -> index array.  Whitespace-only lines are ignored."""
    rows = [r.strip() for r in text.strip("\n").splitlines() if r.strip()]
    w = len(rows[0])
    assert all(len(r) == w for r in rows), rows
    return np.array([[CH[c] for c in r] for r in rows], np.uint8)


def blit(dst, src, x, y, transparent=True):
    h, w = src.shape
    region = dst[y:y + h, x:x + w]
    if transparent:
        np.copyto(region, src, where=src != 0)
    else:
        region[:] = src


def recolour(a, mapping):
    out = a.copy()
    for s, d in mapping.items():
        out[a == CH[s]] = CH[d]
    return out


def save(a, name, scale_preview=3, preview_only=False):
    img = Image.fromarray(RGBA[a], "RGBA")
    if not preview_only:
        (HERE / name).parent.mkdir(exist_ok=True)
        img.save(HERE / name, optimize=True)
    if PREVIEW:
        (PREVIEW / name).parent.mkdir(exist_ok=True)
        bg = Image.new("RGBA", img.size, (0x30, 0x98, 0x88, 255))
        bg.alpha_composite(img)
        bg.resize((img.width * scale_preview, img.height * scale_preview),
                  Image.NEAREST).save(PREVIEW / name)
    return img


# ---- shape helpers -------------------------------------------------------

def ellipse_mask(h, w, cx, cy, rx, ry):
    yy, xx = np.mgrid[0:h, 0:w]
    return ((xx + 0.5 - cx) / rx) ** 2 + ((yy + 0.5 - cy) / ry) ** 2 <= 1.0


def outline(mask, diagonal=False):
    """Pixels outside mask that touch it (4- or 8-neighbour)."""
    m = np.pad(mask, 1)
    n = m[:-2, 1:-1] | m[2:, 1:-1] | m[1:-1, :-2] | m[1:-1, 2:]
    if diagonal:
        n |= m[:-2, :-2] | m[:-2, 2:] | m[2:, :-2] | m[2:, 2:]
    return n & ~mask


def inner_edge(mask, dx, dy):
    """Pixels of mask whose neighbour at (dx,dy) is outside the mask."""
    m = np.pad(mask, 1)
    h, w = mask.shape
    nb = m[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
    return mask & ~nb


# ---- font (reuse gfx/font/glyphs.txt for baked-in labels) ---------------

def load_glyphs():
    glyphs, cur = {}, None
    for raw in (HERE / "font" / "glyphs.txt").read_text(encoding="utf-8").splitlines():
        if raw.startswith("@ "):
            name = raw[2:]
            ch = " " if name == "space" else (chr(int(name[2:], 16)) if name.startswith("U+") and len(name) > 2 else name)
            cur = glyphs.setdefault(ch, [])
        elif cur is not None and raw and set(raw) <= set("#."):
            cur.append(raw)
    out = {}
    for ch, rows in glyphs.items():
        rows = rows + ["." * len(rows[0])] * (9 - len(rows))
        out[ch] = np.array([[c == "#" for c in r] for r in rows], bool)
    return out


GLYPHS = load_glyphs()


def text_mask(s, scale=1):
    cols = []
    for ch in s:
        g = GLYPHS[ch]
        cols.append(g)
        cols.append(np.zeros((9, 1), bool))
    m = np.concatenate(cols[:-1], axis=1)
    return np.kron(m, np.ones((scale, scale), bool))


# ==========================================================================
# Sweeper board: 12x12 squares drawn top-left in 16x16 frames
# ==========================================================================

KEYCAP = art("""
.mmmmmmmmm..
mwmmmmmmmgT.
mmgggggggTT.
mmgggggggTT.
mmgggggggTT.
mmgggggggTT.
mmgggggggTT.
mmgggggggTT.
mgggggggggT.
mTTTTTTTTTT.
.TTTTTTTTT..
............
""")  # raised teal keycap; the transparent 1px gap shows the dark well

PRESSED = art("""
............
.TTTTTTTTT..
TTgggggggTT.
Tggggggggg T.
Tggggggggg T.
Tggggggggg T.
Tggggggggg T.
Tggggggggg T.
Tggggggggg T.
Tggggggggg T.
.TTTTTTTTT..
............
""".replace(" ", ""))  # keycap pushed down flush with the board

REVEALED = art("""
llllllllllll
lccccccccccc
lccccccccccc
lccccccccccc
lccccccccccc
lccccccccccc
lccccccccccc
lccccccccccc
lccccccccccc
lccccccccccc
lccccccccccc
lccccccccccc
""")

BIG_DIGITS = {
    1: """..##..
.###..
####..
..##..
..##..
..##..
..##..
######""",
    2: """.####.
##..##
....##
...##.
..##..
.##...
##....
######""",
    3: """.####.
##..##
....##
..###.
....##
....##
##..##
.####.""",
    4: """...##.
..###.
.####.
##.##.
##.##.
######
...##.
...##.""",
    5: """######
##....
#####.
....##
....##
....##
##..##
.####.""",
    6: """..###.
.##...
##....
#####.
##..##
##..##
##..##
.####.""",
    7: """######
....##
....##
...##.
..##..
..##..
..##..
..##..""",
    8: """.####.
##..##
##..##
.####.
##..##
##..##
##..##
.####.""",
}
NUMBER_COLOURS = {1: U, 2: G, 3: R, 4: P, 5: D, 6: DT, 7: K, 8: L}

POOP_SMALL = art("""
.....kk.....
....kwbk....
....kbbbk...
...kkkbbdk..
..ktbbbbbdk.
..kbbbbbbbk.
.kkkbkbbkkbk
.ktbbbbbbbbk
.kbbkbbbkbdk
.kbbbkkkbbdk
..kkkkkkkkk.
""")  # 12 wide x 11 tall

FLAG = art("""
......k.....
....iik.....
..rrrrk.....
...rrrk.....
....rrk.....
......k.....
......k.....
....kkkkk...
...kkkkkkk..
""")  # 12 wide x 10 tall


def board_frames():
    frames = []

    def cell(base):
        f = np.zeros((16, 16), np.uint8)
        blit(f, base, 0, 0, transparent=False)
        return f

    frames.append(cell(KEYCAP))          # 0 unrevealed
    frames.append(cell(PRESSED))         # 1 pressed
    frames.append(cell(REVEALED))        # 2 revealed empty
    for n in range(1, 9):                # 3..10 numbers 1..8
        f = cell(REVEALED)
        d = art(BIG_DIGITS[n].replace("#", "k"))
        d[d == K] = NUMBER_COLOURS[n]
        blit(f, d, 3, 2)
        frames.append(f)
    f = cell(KEYCAP)                     # 11 flag
    blit(f, FLAG[:, 1:], 0, 1)
    frames.append(f)
    f = cell(REVEALED)                   # 12 mine (poop)
    blit(f, POOP_SMALL, 0, 1)
    frames.append(f)
    det = REVEALED.copy()                # 13 detonated mine
    det[1:, 1:] = R
    f = cell(det)
    blit(f, POOP_SMALL, 0, 1)
    frames.append(f)
    f = cell(REVEALED)                   # 14 wrong flag: greyed flag, red X
    blit(f, recolour(FLAG, {"r": "l", "i": "w", "k": "p"}), 0, 1)
    blit(f, art("""
    kk....kk
    krk..krk
    .krkkrk.
    ..krrk..
    ..krrk..
    .krkkrk.
    krk..krk
    kk....kk
    """), 2, 2)
    frames.append(f)
    # 15/16 board cursor: place at (square_x - 2, square_y - 2)
    cur = np.zeros((16, 16), np.uint8)
    arm = 6
    for (ox, sx) in ((0, 1), (15, -1)):
        for (oy, sy) in ((0, 1), (15, -1)):
            for t in range(arm):
                for d, col in ((0, K), (1, Y), (2, K)):
                    cur[oy + sy * d, ox + sx * t] = col
                    cur[oy + sy * t, ox + sx * d] = col
            # tidy the corner: yellow body, ink rim
            cur[oy, ox] = K
            cur[oy + sy, ox + sx] = Y
            cur[oy + sy * 2, ox + sx * 2] = K
            # cap the arm ends with ink
            cur[oy + sy, ox + sx * arm] = K
            cur[oy + sy * arm, ox + sx] = K
            cur[oy, ox + sx * arm] = K
            cur[oy + sy * arm, ox] = K
            cur[oy + sy * 2, ox + sx * arm] = K
            cur[oy + sy * arm, ox + sx * 2] = K
    frames.append(cur)
    frames.append(recolour(cur, {"y": "w"}))
    return frames


# ==========================================================================
# Faces: 24x24 drawn top-left in 32x32 frames
# ==========================================================================

def face_base():
    f = np.zeros((32, 32), np.uint8)
    body = ellipse_mask(24, 24, 12, 12, 11.0, 11.0)
    sub = np.zeros((24, 24), np.uint8)
    sub[body] = Y
    shade = body & ~ellipse_mask(24, 24, 10.6, 10.4, 10.6, 10.6)
    sub[shade] = T_
    sub[outline(body)] = K
    sub[5:7, 6] = W
    sub[4, 7:9] = W
    sub[5, 7] = W
    blit(f, sub, 0, 0)
    return f


FACE_PARTS = {
    "idle": """
    ..........................
    """,
}


def face_frames():
    frames = []

    def eyes_open(f, y=8):
        for x in (7, 14):
            f[y:y + 4, x:x + 2] = K
            f[y, x] = W
            f[y + 1, x] = W if False else f[y + 1, x]
        return f

    def cheeks(f):
        f[14:16, 4:6] = I
        f[14:16, 18:20] = I

    # 0 idle: happy
    f = face_base()
    eyes_open(f)
    cheeks(f)
    blit(f, art("""
    k......k
    .k....k.
    ..kkkk..
    """), 8, 14)
    frames.append(f)
    # 1 blink
    f = face_base()
    for x in (7, 14):
        f[10, x - 1:x + 3] = K
        f[9, x - 1] = K
        f[9, x + 2] = K
    cheeks(f)
    blit(f, art("""
    k......k
    .k....k.
    ..kkkk..
    """), 8, 14)
    frames.append(f)
    # 2 thinking (A held): wide eyes, small "o" mouth, sweat drop
    f = face_base()
    for x in (6, 14):
        blit(f, art("""
        .kk.
        kwkk
        kkkk
        kkkk
        .kk.
        """), x, 7)
    cheeks(f)
    blit(f, art("""
    .kk.
    krrk
    krrk
    .kk.
    """), 10, 15)
    blit(f, art("""
    .k.
    kwk
    kmk
    .k.
    """), 19, 3)
    frames.append(f)
    # 3 dead: X eyes, wobbly mouth with tongue
    f = face_base()
    for x in (6, 14):
        blit(f, art("""
        k..k
        .kk.
        .kk.
        k..k
        """), x, 8)
    blit(f, art("""
    .kkkkkk.
    k......k
    ....kk..
    ...kik..
    ....k...
    """), 8, 15)
    frames.append(f)
    # 4 won: sunglasses + grin
    f = face_base()
    blit(f, art("""
    kkkkkkkkkkkkkkkkkkkk
    .kkkkkkkkkkkkkkkkkk.
    .kwwkkkkk..kwwkkkkk.
    .kwkkkkkk..kwkkkkkk.
    ..kkkkkk....kkkkkk..
    """), 2, 7)
    blit(f, art("""
    kkkkkkkkkk
    kwwwwwwwwk
    .krrrrrrk.
    ..kkkkkk..
    """), 7, 14)
    frames.append(f)
    return frames


# ==========================================================================
# Icons (32x32)
# ==========================================================================

def plate(colour_face, colour_shade, colour_hi):
    f = np.zeros((32, 32), np.uint8)
    yy, xx = np.mgrid[0:32, 0:32]

    def rrect(x0, y0, x1, y1, r):
        cx = np.clip(xx, x0 + r, x1 - r)
        cy = np.clip(yy, y0 + r, y1 - r)
        return (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r + 0.5

    body = rrect(3, 3, 28, 27, 4)
    shadow = rrect(3, 5, 28, 29, 4)
    f[outline(shadow | body) & ~body] = K
    f[shadow & ~body] = P
    f[body] = colour_face
    f[inner_edge(body, 0, 1)] = colour_shade
    f[inner_edge(body, 0, 1) & ~inner_edge(body, 0, -1)] = colour_shade
    f[inner_edge(body, 0, -1)] = colour_hi
    f[inner_edge(body, -1, 0) & (yy < 26)] = colour_hi
    f[outline(body)] = K
    f[outline(shadow) & (yy > 20)] = K
    return f


def sweeper_icon():
    f = plate(C, T_, W)
    # poop: three tiers
    h, w = 32, 32
    tiers = [
        ellipse_mask(h, w, 16, 23.0, 9.5, 4.6),
        ellipse_mask(h, w, 16, 17.6, 7.2, 3.8),
        ellipse_mask(h, w, 16.5, 12.8, 4.6, 3.2),
        ellipse_mask(h, w, 17.5, 9.6, 1.8, 1.8),
    ]
    body = tiers[0] | tiers[1] | tiers[2] | tiers[3]
    f[body] = B
    # crease lines between tiers (dark brown) and highlights
    for upper, lower in ((tiers[1], tiers[0]), (tiers[2], tiers[1]), (tiers[3], tiers[2])):
        crease = outline(upper) & lower & ~upper
        yy = np.mgrid[0:h, 0:w][0]
        crease &= yy > (np.argmax(upper.any(axis=1)) + 2)
        f[crease] = D
    for tm in tiers:
        hl = inner_edge(tm, 0, -1) & body
        ys, xs = np.nonzero(hl)
        if len(xs):
            cx = xs.mean()
            f[hl & (np.mgrid[0:h, 0:w][1] < cx)] = T_
    # shadow on the right/bottom
    f[inner_edge(body, 1, 0) | inner_edge(body, 0, 1)] = D
    f[outline(body, diagonal=False)] = K
    # face on the bottom tier
    blit(f, art("""
    kk...kk
    kk...kk
    """), 13, 19)
    f[19, 13] = W
    f[19, 18] = W
    blit(f, art("""
    k...k
    .kkk.
    """), 14, 23)
    f[22, 10:12] = I
    f[22, 21:23] = I
    # little flag planted in the top
    blit(f, art("""
    ....k
    .iiik
    rrrrk
    .rrrk
    ...rk
    ....k
    ....k
    """), 16, 2)
    f[8, 20] = K
    return f


def settings_icon():
    f = plate(U, DT, M)
    h = w = 32
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy = 16.0, 15.5
    ang = np.arctan2(yy + 0.5 - cy, xx + 0.5 - cx)
    rad = np.hypot(yy + 0.5 - cy, xx + 0.5 - cx)
    teeth = 8
    phase = (ang / (2 * math.pi) * teeth + 0.25) % 1.0
    tooth = (phase > 0.2) & (phase < 0.6)
    outer = np.where(tooth, 10.3, 7.8)
    gear = (rad <= outer) & (rad > 3.3)
    g = np.zeros((32, 32), np.uint8)
    g[gear] = L
    g[inner_edge(gear, 0, -1) | inner_edge(gear, -1, 0)] = W
    g[gear & (rad < 6.2) & (rad > 4.8) & ((xx + yy) < 31)] = W
    g[inner_edge(gear, 0, 1) | inner_edge(gear, 1, 0)] = P
    g[gear & (rad < 6.2) & (rad > 4.8) & ((xx + yy) > 32)] = P
    g[outline(gear)] = K
    f[g != 0] = g[g != 0]
    return f


def select_frames():
    a = np.zeros((32, 32), np.uint8)
    yy, xx = np.mgrid[0:32, 0:32]

    def rrect(x0, y0, x1, y1, r):
        cx = np.clip(xx, x0 + r, x1 - r)
        cy = np.clip(yy, y0 + r, y1 - r)
        return (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r + 0.5

    outer = rrect(0, 0, 31, 31, 6)
    inner = rrect(2, 2, 29, 29, 5)
    ring = outer & ~inner
    a[ring] = Y
    a[inner_edge(outer, 0, 0) & False] = K
    a[ring & ~np.pad(ring, 1)[2:, 1:-1] & (yy > 16)] = T_  # lower lip shade
    a[outline(outer) & (xx >= 0)] = 0
    # ink rim on both edges of the ring
    rim = ring & (inner_edge(outer, 1, 0) | inner_edge(outer, -1, 0) | inner_edge(outer, 0, 1) | inner_edge(outer, 0, -1))
    a[rim] = K
    b = recolour(a, {"y": "w", "t": "y"})
    return [a, b]


# ==========================================================================
# Pointer (16x16)
# ==========================================================================

ARROW = art("""
k...............
kk..............
kwk.............
kwwk............
kwwwk...........
kwwwwk..........
kwwwwwk.........
kwwwwwlk........
kwwwwwllk.......
kwwwwkkkkk......
kwkkwlk.........
kk.kwlk.........
k...kwlk........
.....kwk........
.....kk.........
................
""")

HAND = art("""
....kk..........
...kwwk.........
...kwlk.........
...kwlk.........
...kwlkkk.......
...kwlkwlkk.....
.kkkwlkwlkwkk...
kwwkwlwlwlwlk...
kwlkwwwwwwwlk...
.kwkwwwwwwwlk...
.kwwwwwwwwwlk...
..kwwwwwwwllk...
..kwwwwwwwlk....
...kwwwwwllk....
....kllllkk.....
.....kkkkk......
""")


def pointer_frames():
    a = ARROW
    pressed = recolour(ARROW, {"w": "c", "l": "t"})
    return [a, pressed, HAND]


# ==========================================================================
# Number pad keys (16x16)
# ==========================================================================

KEY_UP = art("""
.kkkkkkkkkkkkkk.
kwwwwwwwwwwwwwck
kwccccccccccccck
kwccccccccccccck
kwccccccccccccck
kwccccccccccccck
kwccccccccccccck
kwccccccccccccck
kwccccccccccccck
kwccccccccccccck
kcccccccccccccck
kttttttttttttttk
kttttttttttttttk
.kkkkkkkkkkkkkk.
................
................
""")

KEY_DOWN = art("""
................
................
.kkkkkkkkkkkkkk.
ktttttttttttttck
kcccccccccccccck
kcccccccccccccck
kcccccccccccccck
kcccccccccccccck
kcccccccccccccck
kcccccccccccccck
kcccccccccccccck
kcccccccccccccck
kcccccccccccccck
kttttttttttttttk
.kkkkkkkkkkkkkk.
................
""")


def numpad_frames():
    frames = [KEY_UP.copy(), KEY_DOWN.copy()]
    labels = [str(d) for d in range(10)] + ["\u2190", "\u2713", "\u00d7"]
    for pressed in (False, True):
        for lab in labels:
            f = (KEY_DOWN if pressed else KEY_UP).copy()
            g = GLYPHS[lab][:7]
            cols = np.nonzero(g.any(axis=0))[0]
            g = g[:, cols.min():cols.max() + 1]
            x = 1 + (14 - g.shape[1] + 1) // 2
            y = 3 + (2 if pressed else 0)
            colour = {"\u2190": R, "\u2713": G, "\u00d7": R}.get(lab, K)
            sub = f[y:y + 7, x:x + g.shape[1]]
            sub[g] = colour
            frames.append(f)
    return frames


# ==========================================================================
# Widgets (16x16)
# ==========================================================================

def widget_frames():
    box = art("""
    .kkkkkkkkkk.....
    kllllllllllk....
    klwwwwwwwwck....
    klwwwwwwwwck....
    klwwwwwwwwck....
    klwwwwwwwwck....
    klwwwwwwwwck....
    klwwwwwwwwck....
    klwwwwwwwwck....
    kcccccccccck....
    .kkkkkkkkkk.....
    ................
    ................
    ................
    ................
    ................
    """)
    checked = box.copy()
    blit(checked, art("""
    ........kk
    .......kgk
    .kk...kgk.
    kggk.kgk..
    .kggkgk...
    ..kggk....
    ...kk.....
    """), 2, 2)
    knob = art("""
    ...kkkkk........
    ..kwwwwwk.......
    .kwwmmmwTk......
    .kwmmgggTk......
    .kwmgggggk......
    .kwmgggggk......
    .kwmgggggk......
    .kmggggggk......
    .kggggggTk......
    .kTTTTTTTk......
    ..kkkkkkk.......
    ................
    ................
    ................
    ................
    ................
    """)
    left = art("""
    ....kk..........
    ...kyk..........
    ..kyyk..........
    .kyyyk..........
    kyyyyk..........
    .ktyyk..........
    ..ktyk..........
    ...ktk..........
    ....kk..........
    ................
    ................
    ................
    ................
    ................
    ................
    ................
    """)
    right = left[:, ::-1].copy()
    right = np.roll(right, -10, axis=1)
    speaker = art("""
    ................
    ......kk........
    .....kwk...k....
    ....kwlk....k...
    kkkkwllk.k...k..
    kwwwwllk..k..k..
    kwlllllk..k..k..
    kwlllllk..k..k..
    kkkkpllk.k...k..
    ....kplk....k...
    .....kpk...k....
    ......kk........
    ................
    ................
    ................
    ................
    """)
    mute = speaker.copy()
    mute[:, 8:] = 0
    blit(mute, art("""
    r...r
    .r.r.
    ..r..
    .r.r.
    r...r
    """), 10, 4)
    note = art("""
    ......kkkkkkk...
    ......kuuuuuuk..
    ......kuwwwwuk..
    ......kukkkkuk..
    ......kuk..kuk..
    ......kuk..kuk..
    ......kuk..kuk..
    ...kkkkuk.kkuk..
    ..kwuuuuk.kuuk..
    ..kuuuuuk.kuuk..
    ..kuuuuTk.kuTk..
    ...kkkkk...kk...
    ................
    ................
    ................
    ................
    """)
    clock = art("""
    ...kkkkkk.......
    ..kwwwwwwk......
    .kwwwkwwwck.....
    kwwwwkwwwwck....
    kwwwwkwwwwck....
    kwwwwkkkwwck....
    kwwwwwwwwwck....
    kwwwwwwwwwck....
    .kcwwwwwwck.....
    ..kccccccck.....
    ...kkkkkkk......
    ................
    ................
    ................
    ................
    ................
    """)
    return [box, checked, knob, left, right, speaker, mute, note, clock]


# ==========================================================================
# Window / UI tilesheet (8x8 tiles, 8 tiles per row)
# ==========================================================================

def tile(text):
    a = art(text)
    assert a.shape == (8, 8), a.shape
    return a


WIN_TILES = [
    # --- row 0: title bar top half (with the window's top border)
    ("title_tl", """
    ..kkkkkk
    .kwwwwww
    kwuuuuuu
    kwuuuuuu
    kwuuuuuu
    kwuuuuuu
    kwuuuuuu
    kwuuuuuu"""),
    ("title_t", """
    kkkkkkkk
    wwwwwwww
    uuuuuuuu
    uuuuuuuu
    uuuuuuuu
    uuuuuuuu
    uuuuuuuu
    uuuuuuuu"""),
    ("title_tr", """
    kkkkkk..
    wwwwwwk.
    uuuuuuTk
    uuuuuuTk
    uuuuuuTk
    uuuuuuTk
    uuuuuuTk
    uuuuuuTk"""),
    ("close_t", """
    kkkkkkkk
    wwwwwwww
    uukkkkkk
    ukiiiiii
    ukiwwiii
    ukiiwwii
    ukiiiwwi
    ukiiiiww"""),
    ("close_t2", """
    kkkkkkkk
    wwwwwwww
    kkkkkkuu
    iiiiirku
    iiwwirku
    iwwiirku
    wwiiirku
    wiiiirku"""),
    ("title_grip", """
    kkkkkkkk
    wwwwwwww
    uuuuuuuu
    uuuuuuuu
    TTTTTTTT
    mmmmmmmm
    TTTTTTTT
    mmmmmmmm"""),
    ("blank", """
    ........
    ........
    ........
    ........
    ........
    ........
    ........
    ........"""),
    ("fill", """
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc"""),
    # --- row 1: title bar bottom half (with the separator)
    ("title_bl", """
    kwuuuuuu
    kwuuuuuu
    kwuuuuuu
    kwuuuuuu
    kTTTTTTT
    kkkkkkkk
    kwwwwwww
    kwcccccc"""),
    ("title_b", """
    uuuuuuuu
    uuuuuuuu
    uuuuuuuu
    uuuuuuuu
    TTTTTTTT
    kkkkkkkk
    wwwwwwww
    cccccccc"""),
    ("title_br", """
    uuuuuuTk
    uuuuuuTk
    uuuuuuTk
    uuuuuuTk
    TTTTTTTk
    kkkkkkkk
    wwwwwwtk
    cccccctk"""),
    ("close_b", """
    ukiiiwwi
    ukiiwwii
    ukirrrrr
    uukkkkkk
    TTTTTTTT
    kkkkkkkk
    wwwwwwww
    cccccccc"""),
    ("close_b2", """
    wwiiirku
    iwwiirku
    rrrrrrku
    kkkkkkuu
    TTTTTTTT
    kkkkkkkk
    wwwwwwww
    cccccccc"""),
    ("title_grip_b", """
    TTTTTTTT
    mmmmmmmm
    TTTTTTTT
    uuuuuuuu
    TTTTTTTT
    kkkkkkkk
    wwwwwwww
    cccccccc"""),
    ("sep", """
    cccccccc
    cccccccc
    cccccccc
    llllllll
    wwwwwwww
    cccccccc
    cccccccc
    cccccccc"""),
    ("fill_alt", """
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc"""),
    # --- row 2: plain (dialog) top, body edges
    ("plain_tl", """
    ..kkkkkk
    .kwwwwww
    kwwccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc"""),
    ("plain_t", """
    kkkkkkkk
    wwwwwwww
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc"""),
    ("plain_tr", """
    kkkkkk..
    wwwwwwk.
    cccccctk
    cccccctk
    cccccctk
    cccccctk
    cccccctk
    cccccctk"""),
    ("left", """
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc"""),
    ("right", """
    cccccctk
    cccccctk
    cccccctk
    cccccctk
    cccccctk
    cccccctk
    cccccctk
    cccccctk"""),
    ("bl", """
    kwcccccc
    kwcccccc
    kwcccccc
    kctttttt
    .kkkkkkk
    ..pppppp
    ........
    ........"""),
    ("b", """
    cccccccc
    cccccccc
    cccccccc
    tttttttt
    kkkkkkkk
    pppppppp
    ........
    ........"""),
    ("br", """
    cccccctk
    cccccctk
    cccccctk
    tttttttk
    kkkkkkk.
    pppppp..
    ........
    ........"""),
    # --- row 3: sunken well (inner edge sits on the tile border facing the inside)
    ("well_tl", """
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    ccccccpp
    cccccppk"""),
    ("well_t", """
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    pppppppp
    kkkkkkkk"""),
    ("well_tr", """
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    ppppcccc
    kkkwcccc"""),
    ("well_l", """
    cccccppk
    cccccppk
    cccccppk
    cccccppk
    cccccppk
    cccccppk
    cccccppk
    cccccppk"""),
    ("well_fill", """
    llllllll
    llllllll
    llllllll
    llllllll
    llllllll
    llllllll
    llllllll
    llllllll"""),
    ("well_r", """
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc
    kwcccccc"""),
    ("well_bl", """
    cccccppk
    ccccccwk
    ccccccww
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc"""),
    ("well_b", """
    kkkkkkkk
    wwwwwwww
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc"""),
    # --- row 4: well corner, highlight bar, button 3-slice
    ("well_br", """
    kwcccccc
    wwcccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc
    cccccccc"""),
    ("hilite_l", """
    kwcccccc
    kwyyyyyy
    kyyyyyyy
    kyyyyyyy
    kyyyyyyy
    kyyyyyyy
    kwtttttt
    kwcccccc"""),
    ("hilite", """
    cccccccc
    yyyyyyyy
    yyyyyyyy
    yyyyyyyy
    yyyyyyyy
    yyyyyyyy
    tttttttt
    cccccccc"""),
    ("hilite_r", """
    cccccctk
    yyyyyytk
    yyyyyyyk
    yyyyyyyk
    yyyyyyyk
    yyyyyyyk
    ttttttyk
    cccccctk"""),
    ("btn_l", """
    ..kkkkkk
    .kwwwwww
    kwmmmmmm
    kwmmmmmm
    kmmmmmmm
    kgmmmmmm
    .kgggggg
    ..kkkkkk"""),
    ("btn", """
    kkkkkkkk
    wwwwwwww
    mmmmmmmm
    mmmmmmmm
    mmmmmmmm
    mmmmmmmm
    gggggggg
    kkkkkkkk"""),
    ("btn_r", """
    kkkkkk..
    wwwwwwk.
    mmmmmmgk
    mmmmmmgk
    mmmmmmgk
    mmmmmmgk
    ggggggk.
    kkkkkk.."""),
    ("well_fill_dark", """
    pppppppp
    pppppppp
    pppppppp
    pppppppp
    pppppppp
    pppppppp
    pppppppp
    pppppppp"""),
    # --- row 5: small icons for text lines (status bar / menus)
    ("ico_clock", """
    ..kkkk..
    .kwwkwk.
    kwwwkwck
    kwwwkkck
    kwwwwwck
    kcwwwwck
    .kcccck.
    ..kkkk.."""),
    ("ico_flag", """
    ..k.....
    iik.....
    rrk.....
    rrk.....
    .rk.....
    ..k.....
    .kkk....
    kkkkk..."""),
    ("ico_star", """
    ...k....
    ..kyk...
    kkkyykkk
    kyyyyytk
    .kyyytk.
    .kytkyk.
    ktk.ktk.
    kk...kk."""),
    ("ico_a", """
    .kkkkk..
    kgmmmgk.
    kmgkgmk.
    kmkmkmk.
    kmkkkmk.
    kgmmmgk.
    .kkkkk..
    ........"""),
    ("ico_b", """
    .kkkkk..
    kiiiiik.
    kikkiik.
    kikkkik.
    kikkkik.
    kiiiiik.
    .kkkkk..
    ........"""),
    ("dot", """
    ........
    ........
    ...kk...
    ..kyyk..
    ..kytk..
    ...kk...
    ........
    ........"""),
    ("ico_heart", """
    .kk.kk..
    kiikrrk.
    kiwrrrk.
    kirrrrk.
    .krrrk..
    ..krk...
    ...k....
    ........"""),
]


# Poop Sweeper's mines-counter icon: the Sweeper includes it beside its app
# icon (src/sweeper/art.rs), so it is not in the shared window sheet.
SWEEPER_MINES = """
    ...kk...
    ..ktbk..
    ..kkbdk.
    .ktbbbdk
    .kbbbbdk
    ktbbbbbk
    kbbbbbdk
    .kkkkkk."""


def window_sheet():
    names = [n for n, _ in WIN_TILES]
    assert len(set(names)) == len(names)
    rows = (len(WIN_TILES) + 7) // 8
    sheet = np.zeros((rows * 8, 64), np.uint8)
    for i, (name, text) in enumerate(WIN_TILES):
        sheet[(i // 8) * 8:(i // 8) * 8 + 8, (i % 8) * 8:(i % 8) * 8 + 8] = tile(text)
    return sheet, names


def compose_window(sheet, names, tw, th, title=True):
    """Preview helper mirroring how the game should assemble a window."""
    idx = {n: i for i, n in enumerate(names)}

    def t(n):
        i = idx[n]
        return sheet[(i // 8) * 8:(i // 8) * 8 + 8, (i % 8) * 8:(i % 8) * 8 + 8]

    out = np.zeros((th * 8, tw * 8), np.uint8)
    for ty in range(th):
        for tx in range(tw):
            last_x, last_y = tx == tw - 1, ty == th - 1
            if title and ty == 0:
                n = "title_tl" if tx == 0 else ("title_tr" if last_x else ("close_t2" if tx == tw - 2 else ("close_t" if tx == tw - 3 else "title_t")))
            elif title and ty == 1:
                n = "title_bl" if tx == 0 else ("title_br" if last_x else ("close_b2" if tx == tw - 2 else ("close_b" if tx == tw - 3 else "title_b")))
            elif not title and ty == 0:
                n = "plain_tl" if tx == 0 else ("plain_tr" if last_x else "plain_t")
            elif last_y:
                n = "bl" if tx == 0 else ("br" if last_x else "b")
            else:
                n = "left" if tx == 0 else ("right" if last_x else "fill")
            out[ty * 8:ty * 8 + 8, tx * 8:tx * 8 + 8] = t(n)
    return out


def compose_well(sheet, names, tw, th, fill="well_fill_dark"):
    """Well of tw x th interior tiles: returns (tw+2) x (th+2) tiles."""
    idx = {n: i for i, n in enumerate(names)}

    def t(n):
        i = idx[n]
        return sheet[(i // 8) * 8:(i // 8) * 8 + 8, (i % 8) * 8:(i % 8) * 8 + 8]

    out = np.zeros(((th + 2) * 8, (tw + 2) * 8), np.uint8)
    for ty in range(th + 2):
        for tx in range(tw + 2):
            top, bot, lef, rig = ty == 0, ty == th + 1, tx == 0, tx == tw + 1
            n = {(True, False, True, False): "well_tl", (True, False, False, True): "well_tr",
                 (False, True, True, False): "well_bl", (False, True, False, True): "well_br",
                 (True, False, False, False): "well_t", (False, True, False, False): "well_b",
                 (False, False, True, False): "well_l", (False, False, False, True): "well_r"}.get(
                (top, bot, lef, rig), fill)
            out[ty * 8:ty * 8 + 8, tx * 8:tx * 8 + 8] = t(n)
    return out


# ==========================================================================
# Desktop background (240x160)
# ==========================================================================

def desktop():
    a = np.full((160, 240), G, np.uint8)
    # 32x32 repeating motif: soft diagonal checker of lighter/darker teal
    # cushions with a small sparkle, offset every other row.
    motif = art("""
    ................................
    ................................
    ................................
    ..........T.....................
    .........TTT....................
    ........TTmTT...................
    .........TTT....................
    ..........T.....................
    ................................
    ................................
    ................................
    ................................
    ................................
    ................................
    ................................
    ................................
    ................................
    ................................
    ................................
    ..........................T.....
    ..........................T.....
    .........................TmT....
    .......................TTmmmTT..
    .........................TmT....
    ..........................T.....
    ..........................T.....
    ................................
    ................................
    ................................
    ................................
    ................................
    ................................
    """)
    # diagonal stripes every 16px in dark teal (2px wide, dotted)
    for y in range(16, 160):
        for x in range(240):
            if (x + y) % 32 in (0,) and (y // 2 + x // 2) % 2 == 0:
                a[y, x] = DT
    for y0 in range(0, 160, 32):
        for x0 in range(0, 240, 32):
            sub = a[y0:y0 + 32, x0:x0 + 32]
            m = motif[:sub.shape[0], :sub.shape[1]]
            np.copyto(sub, m, where=m != 0)
    # --- status bar (16px)
    a[0:16, :] = C
    a[0, :] = W
    a[1, :] = W
    a[12, :] = T_
    a[13, :] = K
    a[14, :] = P
    a[15, :] = DT
    # left badge: a little "pocket" emblem, title text goes from x=16
    pocket = art("""
    .kkkkkkkkk.
    kuuuuuuuuuk
    kuyuyuyuyuk
    kuuuuuuuuuk
    kuuuuuuuuuk
    kuyuuuuuyuk
    .kuuuuuuuk.
    ..kuuuuuk..
    ...kkkkk...
    """)
    blit(a, pocket, 3, 2)
    # right side: clock text area (code draws "12:34" ending near x=236)
    return a


# ==========================================================================
# Splash (240x160)
# ==========================================================================

def splash():
    a = np.full((160, 240), DT, np.uint8)
    # checker of soft diamonds
    for y in range(160):
        for x in range(240):
            if ((x // 8) + (y // 8)) % 2 == 0 and (x % 8 in (3, 4)) and (y % 8 in (3, 4)):
                a[y, x] = G
    # big pocket emblem
    em = np.zeros((56, 64), np.uint8)
    yy, xx = np.mgrid[0:56, 0:64]
    # desk window peeking out of the pocket
    win = (xx >= 14) & (xx <= 49) & (yy >= 2) & (yy <= 30)
    em[win] = C
    em[win & (yy <= 7)] = Y
    em[win & (yy == 2)] = W
    em[outline(win)] = K
    em[8, 15:49] = K
    em[11:13, 18:30] = L
    em[15:17, 18:36] = L
    em[19:21, 18:26] = L
    em[4:6, 44:47] = R
    # pocket: rounded shield shape
    cx = 31.5
    half = np.where(yy <= 38, 25.5 - (yy - 20) * 0.12,
                    (25.5 - 18 * 0.12) - (yy - 38) * 2.3)
    pk = (yy >= 20) & (np.abs(xx + 0.5 - cx - 0.5) <= half)
    em[pk] = U
    em[inner_edge(pk, 0, -1)] = M
    em[pk & (yy >= 21) & (yy <= 22)] = M
    em[pk & ~np.pad(pk, 2)[2:-2, 4:] & (xx > 30)] = DT
    # stitching
    stitch = inner_edge(pk & ~inner_edge(pk, 0, -1), 0, 0)
    sm = pk.copy()
    for _ in range(3):
        sm &= ~(inner_edge(sm, 1, 0) | inner_edge(sm, -1, 0) | inner_edge(sm, 0, 1) | inner_edge(sm, 0, -1))
    st = (inner_edge(sm, 1, 0) | inner_edge(sm, -1, 0) | inner_edge(sm, 0, 1)) & (yy > 24)
    em[st & (((xx + yy) % 4) < 2)] = Y
    em[25, 12:52][(np.arange(40) % 4) < 2] = Y
    em[outline(pk)] = K
    # drop shadow
    shadow = np.zeros_like(em)
    body = em != 0
    sh = np.zeros_like(body)
    sh[2:, 2:] = body[:-2, :-2]
    shadow[sh & ~body] = K
    blit(a, shadow, 88, 14)
    blit(a, em, 88, 14)
    # title text, 2x scale, outlined with a drop shadow
    for text, y, fill, hi in (("Pocket", 76, W, C), ("Desk", 104, Y, W)):
        m = text_mask(text, 3)
        h, w = m.shape
        x = (240 - w) // 2
        # ink outline + 2px drop shadow
        big = np.zeros((h + 6, w + 6), bool)
        big[3:3 + h, 3:3 + w] = m
        out = outline(big, diagonal=True)
        shadow = np.zeros_like(big)
        shadow[2:, 2:] = (big | out)[:-2, :-2]
        layer = np.zeros(big.shape, np.uint8)
        layer[shadow] = K
        layer[out] = K
        layer[big] = fill
        # shade the lower third of every stroke
        layer[inner_edge(big, 0, 1)] = T_ if fill != W else L
        blit(a, layer, x - 3, y - 3)
    # tagline in 1x font
    m = text_mask("puzzles in your pocket")
    h, w = m.shape
    x = (240 - w) // 2
    big = np.zeros((h + 2, w + 2), bool)
    big[1:1 + h, 1:1 + w] = m
    layer = np.zeros(big.shape, np.uint8)
    layer[outline(big, diagonal=True)] = K
    layer[big] = M
    blit(a, layer, x - 1, 138)
    return a


# ==========================================================================

def sheet(frames, fw, fh, cols=None):
    cols = cols or len(frames)
    rows = (len(frames) + cols - 1) // cols
    out = np.zeros((rows * fh, cols * fw), np.uint8)
    for i, f in enumerate(frames):
        out[(i // cols) * fh:(i // cols) * fh + fh, (i % cols) * fw:(i % cols) * fw + fw] = f
    return out


def count_unique_tiles(a):
    seen = set()
    for ty in range(a.shape[0] // 8):
        for tx in range(a.shape[1] // 8):
            t = a[ty * 8:ty * 8 + 8, tx * 8:tx * 8 + 8]
            variants = [t, t[:, ::-1], t[::-1, :], t[::-1, ::-1]]
            key = min(v.tobytes() for v in variants)
            seen.add(key)
    return len(seen)


def bbox_centre(frame):
    ys, xs = np.nonzero(frame)
    return (xs.min() + xs.max()) / 2, (ys.min() + ys.max()) / 2


def check_concentric(icons, rings):
    """The desktop puts the selection ring on the icon's own 32x32 cell, so
    each ring frame must be centred on every icon's art (to half a pixel: the
    icons are an odd number of pixels tall, the ring an even number)."""
    for r, ring in enumerate(rings):
        rx, ry = bbox_centre(ring)
        for i, icon in enumerate(icons):
            ix, iy = bbox_centre(icon)
            assert abs(rx - ix) <= 0.5 and abs(ry - iy) <= 0.5, \
                f"ring frame {r} centred at ({rx}, {ry}), icon {i} at ({ix}, {iy})"


PREVIEW = None


# ==========================================================================
# Polarium: board tiles, the stroke's pieces, cursor and marks
# ==========================================================================

# Cell kinds of the ringed grid: (width, height) in pixels. Tiles are 16x16;
# the neutral ring is 8 px thick, so an 8x8 board and its ring fill 144x144.
POLARIUM_KINDS = {"tile": (16, 16), "ring_h": (16, 8), "ring_v": (8, 16), "corner": (8, 8)}


def polarium_tile(black):
    f = np.zeros((16, 16), np.uint8)
    if black:
        f[:, :] = K
        f[0, :15] = P
        f[:15, 0] = P
    else:
        f[:, :] = W
        f[14, :15] = L
        f[:15, 14] = L
    # the grid line between tiles
    f[15, :] = P
    f[:, 15] = P
    return f


def polarium_ring_tile():
    f = np.full((8, 8), T_, np.uint8)
    f[1, 1] = B
    f[5, 5] = B
    return f


def polarium_cleared_tile():
    f = np.full((16, 16), C, np.uint8)
    f[15, :] = T_
    f[:, 15] = T_
    return f


def polarium_stroke(kind, links):
    """The stroke through one cell: a 4 px band (ink edge, yellow core) from
    the cell's centre towards each linked side (1 up, 2 right, 4 down, 8
    left), and a knob where the stroke ends (one link or none)."""
    w, h = POLARIUM_KINDS[kind]
    f = np.zeros((16, 16), np.uint8)
    cx, cy = w // 2, h // 2
    band, core = np.zeros((16, 16), bool), np.zeros((16, 16), bool)
    for bit, (x0, y0, x1, y1) in {
        1: (cx - 2, 0, cx + 2, cy + 2), 2: (cx - 2, cy - 2, w, cy + 2),
        4: (cx - 2, cy - 2, cx + 2, h), 8: (0, cy - 2, cx + 2, cy + 2),
    }.items():
        if links & bit:
            band[y0:y1, x0:x1] = True
            c = {1: (cx - 1, 0, cx + 1, cy + 1), 2: (cx - 1, cy - 1, w, cy + 1),
                 4: (cx - 1, cy - 1, cx + 1, h), 8: (0, cy - 1, cx + 1, cy + 1)}[bit]
            core[c[1]:c[3], c[0]:c[2]] = True
    if bin(links).count("1") <= 1:
        r = 3 if min(w, h) >= 16 else 2
        band[cy - r:cy + r, cx - r:cx + r] = True
        core[cy - r + 1:cy + r - 1, cx - r + 1:cx + r - 1] = True
    f[band] = K
    f[core] = Y
    return f


def polarium_tiles():
    """Background tiles: row 0-1 the board's cells (white, black, cleared
    16x16, the ring's 8x8), then the stroke atlas: one 16x16 block per link
    mask (columns 0-15) for each cell kind (tile, ring_h, ring_v, corner)."""
    out = np.zeros((16 + 4 * 16, 256), np.uint8)
    blit(out, polarium_tile(False), 0, 0, False)
    blit(out, polarium_tile(True), 16, 0, False)
    blit(out, polarium_cleared_tile(), 32, 0, False)
    blit(out, polarium_ring_tile(), 48, 0, False)
    for k, kind in enumerate(POLARIUM_KINDS):
        for links in range(16):
            blit(out, polarium_stroke(kind, links), 16 * links, 16 + 16 * k, False)
    return out


def polarium_sprites():
    """16x16 frames: cursor for each cell kind, start and end hint markers,
    a mixed-row mark, a one-colour-row mark."""
    frames = []
    for kind, (w, h) in POLARIUM_KINDS.items():
        f = np.zeros((16, 16), np.uint8)
        # corner brackets: an L at each corner of the cell
        for (x, y, dx, dy) in ((0, 0, 1, 1), (w - 1, 0, -1, 1), (0, h - 1, 1, -1), (w - 1, h - 1, -1, -1)):
            for i in range(4 if min(w, h) >= 16 else 3):
                f[y, x + dx * i] = R
                f[y + dy * i, x] = R
        frames.append(f)
    def ring_marker(colour):
        f = np.zeros((16, 16), np.uint8)
        m = ellipse_mask(16, 16, 8, 8, 6.5, 6.5) & ~ellipse_mask(16, 16, 8, 8, 4.0, 4.0)
        f[outline(m)] = K
        f[m] = colour
        return f
    frames.append(ring_marker(G))   # start hint
    frames.append(ring_marker(R))   # end hint
    frames.append(art("""
    ................
    ................
    ................
    ................
    ....kk....kk....
    ...krrk..krrk...
    ....krrkkrrk....
    .....krrrrk.....
    .....krrrrk.....
    ....krrkkrrk....
    ...krrk..krrk...
    ....kk....kk....
    ................
    ................
    ................
    ................
    """))
    frames.append(art("""
    ................
    ................
    ................
    ................
    ..........kk....
    .........kgk....
    ..kk....kgk.....
    .kgk...kgk......
    ..kgk.kgk.......
    ...kgkgk........
    ....kgk.........
    .....k..........
    ................
    ................
    ................
    ................
    """))
    return frames


def polarium_icon():
    f = plate(C, T_, W)
    # a 3x3 board in its ring, a stroke through it
    f[7:25, 7:25] = T_
    for y in range(3):
        for x in range(3):
            black = (x + y) % 2 == 0
            x0, y0 = 9 + 5 * x, 9 + 5 * y
            f[y0:y0 + 4, x0:x0 + 4] = K if black else W
    f[outline(np.pad(np.ones((18, 18), bool), ((7, 7), (7, 7))))] = K
    for (x0, y0, x1, y1) in ((10, 10, 12, 22), (10, 20, 22, 22), (20, 10, 22, 22)):
        f[y0:y1, x0:x1] = Y
    f[9:12, 19:23] = R
    return f


def nonogram_icon():
    f = plate(C, T_, W)
    # a 5x5 grid with a heart being filled in, clue ticks above and left
    f[9:26, 9:26] = L
    heart = [".#.#.", "#####", "#####", ".###.", "..#.."]
    for y in range(5):
        for x in range(5):
            x0, y0 = 10 + 3 * x, 10 + 3 * y
            f[y0:y0 + 2, x0:x0 + 2] = R if heart[y][x] == "#" else W
    # the last cell still to fill, and a cross in an empty one
    f[22:24, 16:18] = W
    f[22, 10] = f[23, 11] = f[22, 11] = f[23, 10] = P
    for x in range(5):
        f[6:8, 10 + 3 * x] = K if x % 2 == 0 else P
        f[10 + 3 * x, 6:8] = K if x % 2 == 0 else P
    return f


def palette_swatch():
    """Every colour once, so a raster drawing in any of them can rely on one
    palette (the nonogram draws its board pixel by pixel)."""
    return np.arange(16, dtype=np.uint8).reshape(1, 16).repeat(8, 0).repeat(8, 1)[:8, :128]


def main():
    global PREVIEW
    if "--preview" in sys.argv:
        PREVIEW = Path(sys.argv[sys.argv.index("--preview") + 1])
        PREVIEW.mkdir(parents=True, exist_ok=True)

    pal = np.arange(16, dtype=np.uint8).reshape(1, 16)
    Image.fromarray(RGBA[pal], "RGBA").save(HERE / "palette.png")

    d = desktop()
    save(d, "desktop.png")
    s = splash()
    save(s, "splash.png")
    ws, names = window_sheet()
    save(ws, "window.png", 6)
    save(sheet(board_frames(), 16, 16), "board.png", 4)
    save(sheet(face_frames(), 32, 32), "faces.png", 4)
    # One file per app icon (the app includes its own), the ring for all.
    icons = {"sweeper": sweeper_icon(), "settings": settings_icon(), "polarium": polarium_icon(),
             "nonogram": nonogram_icon()}
    rings = select_frames()
    check_concentric(list(icons.values()), rings)
    for name, icon in icons.items():
        save(icon, f"icons/{name}.png", 4)
    save(sheet(rings, 32, 32), "selection.png", 4)
    save(tile(SWEEPER_MINES), "sweeper-mines.png", 8)
    save(sheet(pointer_frames(), 16, 16), "pointer.png", 4)
    save(sheet(numpad_frames(), 16, 16, 13), "numpad.png", 4)
    save(polarium_tiles(), "polarium-tiles.png", 4)
    save(sheet(polarium_sprites(), 16, 16), "polarium_sprites.png", 4)
    save(sheet(widget_frames(), 16, 16), "widgets.png", 4)
    save(palette_swatch(), "nonogram-swatch.png", 4)
    print("desktop unique tiles:", count_unique_tiles(d))
    print("splash unique tiles:", count_unique_tiles(s))
    print("window tiles:", len(names))
    if PREVIEW:
        # mock-up of a desktop with a window + sweeper board, for judging
        mock = d.copy()
        win = compose_window(ws, names, 26, 16)
        blit(mock, win, 8, 24)
        well = compose_well(ws, names, 21, 9)
        blit(mock, well, 16, 48, transparent=False)
        bf = board_frames()
        import random
        rnd = random.Random(3)
        for r in range(6):
            for c in range(14):
                k = rnd.choice([0, 0, 0, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 13, 14])
                blit(mock, bf[k][:12, :12], 24 + c * 12, 56 + r * 12)
        blit(mock, bf[15], 24 + 4 * 12 - 2, 56 + 2 * 12 - 2)
        ff = face_frames()
        blit(mock, ff[0][:24, :24], 180, 150 - 24)
        ic = [sweeper_icon(), settings_icon()] + select_frames()
        save(mock, "mock_window.png", preview_only=True)
        m2 = d.copy()
        blit(m2, ic[0], 16, 28)
        blit(m2, ic[2], 16, 28)
        blit(m2, ic[1], 64, 28)
        blit(m2, pointer_frames()[0], 80, 44)
        w2 = compose_window(ws, names, 12, 8, title=False)
        blit(m2, w2, 120, 80)
        save(m2, "mock_desktop.png", preview_only=True)


if __name__ == "__main__":
    main()
