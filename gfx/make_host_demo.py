"""The host demo's room, digits and sprites (host_demo_*.png) from the text
art below: one character per pixel, a hex digit naming the shared palette's
entry ('.' = 0, see-through). Run from the repo root: python3 gfx/make_host_demo.py
(needs pillow)."""
from PIL import Image

PALETTE = Image.open("gfx/palette.png").getpalette()[: 16 * 3]

# 8x8 tiles of the room.
TILES = {
    "cream": """
55555556
55555556
55555556
55555556
55555556
55555556
55555556
66666666""",
    "tan": """
66666667
66666667
66666667
66666667
66666667
66666667
66666667
77777777""",
    "plank": """
77777778
77777778
77777778
88888888
77787777
77787777
77787777
88888888""",
    "skirting": """
88888888
11111111
22222222
22222222
22222222
11111111
66666666
66666666""",
    "glass": """
eeeeeeee
efffffff
efffffff
efff4fff
eff44fff
efffffff
efffffff
efffffff""",
    "frame": """
11111111
14444441
14444441
11111111
77777777
77777777
88888888
77777777""",
    "plaque_left": """
1ccccccc
1ccccccc
1ccccccc
1ccccccc
1ccccccc
1ccccccc
1ccccccc
1ccccccc""",
    "plaque_right": """
ccccccc1
ccccccc1
ccccccc1
ccccccc1
ccccccc1
ccccccc1
ccccccc1
ccccccc1""",
}

# Digits for the counter, on the plaque's dark teal: 5x7 glyphs.
GLYPHS = [
    [".444.", "4...4", "4..44", "4.4.4", "44..4", "4...4", ".444."],
    ["..4..", ".44..", "..4..", "..4..", "..4..", "..4..", ".444."],
    [".444.", "4...4", "....4", "...4.", "..4..", ".4...", "44444"],
    [".444.", "4...4", "....4", "..44.", "....4", "4...4", ".444."],
    ["...4.", "..44.", ".4.4.", "4..4.", "44444", "...4.", "...4."],
    ["44444", "4....", "4444.", "....4", "....4", "4...4", ".444."],
    ["..44.", ".4...", "4....", "4444.", "4...4", "4...4", ".444."],
    ["44444", "....4", "...4.", "..4..", ".4...", ".4...", ".4..."],
    [".444.", "4...4", "4...4", ".444.", "4...4", "4...4", ".444."],
    [".444.", "4...4", "4...4", ".4444", "....4", "...4.", ".44.."],
]

# 16x16 sprites: the walker (two steps) and the ball.
WALKER = [
    """
......1111......
.....188881.....
....18888881....
....1aaaaaa1....
....1a1aa1a1....
....1aaaaaa1....
.....1aaaa1.....
....19999991....
...1a999999a1...
...1a999999a1...
....19999991....
....1ffffff1....
....1ff11ff1....
....1ff1.1ff1...
....1111.1111...
................""",
    """
......1111......
.....188881.....
....18888881....
....1aaaaaa1....
....1a1aa1a1....
....1aaaaaa1....
.....1aaaa1.....
....19999991....
...1a999999a1...
...1a999999a1...
....19999991....
....1ffffff1....
.....1ffff1.....
.....1f11f1.....
.....11..11.....
................""",
]
BALL = """
................
................
.....111111.....
....1bbbbbb1....
...1b44bbbbb1...
..1b44bbbbbbb1..
..1b4bbbbbbbb1..
..1bbbbbbbbb61..
..1bbbbbbbbb61..
..1bbbbbbbb661..
..1bbbbbbb6661..
...1bbbb66661...
....1666666 1...
.....111111.....
................
................""".replace(" ", "1")


def rows(art):
    lines = [line for line in art.strip("\n").split("\n")]
    return [[0 if c == "." else int(c, 16) for c in line] for line in lines]


def image(width, height):
    picture = Image.new("P", (width, height), 0)
    picture.putpalette(PALETTE)
    return picture


def put(picture, art, x0, y0):
    for y, row in enumerate(rows(art) if isinstance(art, str) else art):
        for x, index in enumerate(row):
            picture.putpixel((x0 + x, y0 + y), index)


def check(art, width, height):
    grid = rows(art)
    assert len(grid) == height and all(len(row) == width for row in grid), art


for art in TILES.values():
    check(art, 8, 8)
for art in WALKER + [BALL]:
    check(art, 16, 16)

def digit_tile(d):
    tile = [[12] * 8 for _ in range(8)]
    for y, line in enumerate(GLYPHS[d]):
        for x, c in enumerate(line):
            if c == "4":
                tile[y][x + 1] = 4
    return tile


# The room: a plank wall with a window and the counter's plaque, the
# skirting, then a checked floor of 16-pixel squares.
room = image(240, 160)
for ty in range(20):
    for tx in range(30):
        if ty < 4:
            name = "plank"
            if 20 <= tx < 26 and ty in (1, 2):
                name = "glass"
            if 20 <= tx < 26 and ty == 3:
                name = "frame"
            if ty == 1 and tx == 2:
                name = "plaque_left"
            if ty == 1 and tx == 6:
                name = "plaque_right"
            if ty == 1 and 3 <= tx < 6:
                name = "digit"
        elif ty == 4:
            name = "skirting"
        else:
            name = "cream" if (tx // 2 + ty // 2) % 2 == 0 else "tan"
        if name == "digit":
            put(room, digit_tile(0), tx * 8, ty * 8)
        else:
            put(room, TILES[name], tx * 8, ty * 8)
room.save("gfx/host_demo_room.png", transparency=0)

digits = image(80, 8)
for d in range(10):
    put(digits, digit_tile(d), d * 8, 0)
digits.save("gfx/host_demo_digits.png", transparency=0)

sprites = image(48, 16)
for i, art in enumerate(WALKER + [BALL]):
    put(sprites, art, i * 16, 0)
sprites.save("gfx/host_demo_sprites.png", transparency=0)
