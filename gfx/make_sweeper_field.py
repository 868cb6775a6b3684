"""sweeper-field.png: the full-size fields' squares, 8x8 tiles in the order
of board.png's frames (so one look names a square at either size), from the
text art below: one character per pixel, a hex digit naming the shared
palette's entry. The pocket board's 16x16 squares drawn again at 8x8: a
teal keycap, the cream of an open square with its lavender grid line, the
numbers in board.png's colours. Run from the repo root:
python3 gfx/make_sweeper_field.py (needs pillow)."""
from PIL import Image

PALETTE = Image.open("gfx/palette.png").getpalette()[: 16 * 3]

KEYCAP = """
eeeeeeec
eddddddc
eddddddc
eddddddc
eddddddc
eddddddc
eddddddc
cccccccc"""

PRESSED = """
cccccccc
cddddddd
cddddddd
cddddddd
cddddddd
cddddddd
cddddddd
cddddddd"""

OPEN = """
33333333
35555555
35555555
35555555
35555555
35555555
35555555
35555555"""

# 3x5 digits, drawn at columns 3-5, rows 2-6 of an open square.
DIGITS = {
    1: [".x.", "xx.", ".x.", ".x.", "xxx"],
    2: ["xx.", "..x", ".x.", "x..", "xxx"],
    3: ["xx.", "..x", ".x.", "..x", "xx."],
    4: ["x.x", "x.x", "xxx", "..x", "..x"],
    5: ["xxx", "x..", "xx.", "..x", "xx."],
    6: [".xx", "x..", "xxx", "x.x", "xxx"],
    7: ["xxx", "..x", ".x.", ".x.", ".x."],
    8: ["xxx", "x.x", "xxx", "x.x", "xxx"],
}
# board.png's number colours: blue, teal, red, plum, brown, dark teal, ink,
# lavender.
DIGIT_COLOURS = {1: "f", 2: "d", 3: "9", 4: "2", 5: "7", 6: "c", 7: "1", 8: "3"}

FLAG = """
eeeeeeec
edd991dc
ed9991dc
edd991dc
edddd1dc
edddd1dc
edd111dc
cccccccc"""

MINE = """
33333333
35555855
35558785
35587785
35877778
38777778
35888885
35555555"""

DETONATED = """
33333333
39999899
39998789
39987789
39877778
38777778
39888889
39999999"""

WRONG_FLAG = """
eeeeeeec
e9dddd9c
ed9dd9dc
edd99ddc
edd99ddc
ed9dd9dc
e9dddd9c
cccccccc"""

QUESTION = """
eeeeeeec
edd44ddc
ed4dd4dc
edddd4dc
eddd4ddc
eddddddc
eddd4ddc
cccccccc"""

# Frames 15 and 16 are board.png's cursor, a sprite: here see-through.
NOTHING = "\n" + "\n".join(["." * 8] * 8)


def number(n):
    rows = [list(row) for row in OPEN.strip().split("\n")]
    for dy, line in enumerate(DIGITS[n]):
        for dx, pixel in enumerate(line):
            if pixel == "x":
                rows[2 + dy][3 + dx] = DIGIT_COLOURS[n]
    return "\n" + "\n".join("".join(row) for row in rows)


FRAMES = (
    [KEYCAP, PRESSED, OPEN]
    + [number(n) for n in range(1, 9)]
    + [FLAG, MINE, DETONATED, WRONG_FLAG, NOTHING, NOTHING, QUESTION]
)


# The full-size fields' cursor, a 16x16 sprite placed 2 pixels up and left
# of its square: board.png's cursor brackets (its frame 15) at 12x12, round
# an 8x8 square instead of a 12x12 one.
CURSOR = """
11111..11111....
1bbb1..1bbb1....
1b111..111b1....
1b1......1b1....
111......111....
................
................
111......111....
1b1......1b1....
1b111..111b1....
1bbb1..1bbb1....
11111..11111....
................
................
................
................"""


def write(art, size, path):
    width, height = size
    image = Image.new("P", (width * len(art), height), 0)
    image.putpalette(PALETTE)
    for frame, picture in enumerate(art):
        rows = picture.strip("\n").split("\n")
        assert len(rows) == height and all(len(row) == width for row in rows), frame
        for y, row in enumerate(rows):
            for x, pixel in enumerate(row):
                image.putpixel((width * frame + x, y), 0 if pixel == "." else int(pixel, 16))
    image.save(path, transparency=0)


def main():
    write(FRAMES, (8, 8), "gfx/sweeper-field.png")
    write([CURSOR], (16, 16), "gfx/sweeper-field-cursor.png")


if __name__ == "__main__":
    main()
