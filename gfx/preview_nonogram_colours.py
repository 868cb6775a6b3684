#!/usr/bin/env python3
"""Checks src/nonogram/colours.txt against src/nonogram/puzzles.txt and draws
a preview sheet: each picture's clue shape (left) beside its colours (right).

    python3 gfx/preview_nonogram_colours.py [OUT.png] [FIRST [LAST]]

NONOGRAM_COLOURS=FILE checks another file of the same format (a part).
Needs `pillow` for the preview; the check alone runs without it (the build
checks the same rules again, so this is for drawing, not for safety).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PALETTE = [None, "281838", "584878", "a090b8", "fff8f0", "f8e8c8", "e0b078",
           "a86838", "683828", "e04840", "f8a090", "f8d048", "185868",
           "309888", "80d8b0", "4070d8"]
MIN_COLOURS, MAX_COLOURS = 3, 7


def read(path, cell_chars):
    puzzles, name = [], None
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if line.startswith(";") or not line.strip():
            continue
        if line.startswith("= "):
            name = line[2:]
            puzzles.append((name, []))
        else:
            if any(c not in cell_chars for c in line):
                raise SystemExit(f"{path}: {name}: bad row {line!r}")
            puzzles[-1][1].append(line)
    return puzzles


def check(shapes, colours):
    problems = []
    order = [n for n, _ in shapes]
    unknown = [n for n, _ in colours if n not in order]
    if unknown:
        problems.append(f"names not in puzzles.txt: {unknown}")
    known = [order.index(n) for n, _ in colours if n in order]
    if known != sorted(set(known)):
        problems.append("pictures out of puzzles.txt's order, or one twice")
    by_name = dict(colours)
    for name, rows in shapes:
        art = by_name.get(name)
        if art is None:
            continue
        if len(art) != len(rows) or any(len(a) != len(r) for a, r in zip(art, rows)):
            problems.append(f"{name}: size differs")
            continue
        inked, blank = set(), set()
        for a, r in zip(art, rows):
            for c, s in zip(a, r):
                (inked if s == "#" else blank).add(c)
        if inked & blank:
            problems.append(f"{name}: colours {sorted(inked & blank)} on filled and blank cells")
        count = len(inked | blank)
        if not MIN_COLOURS <= count <= MAX_COLOURS:
            problems.append(f"{name}: {count} colours (wants {MIN_COLOURS}-{MAX_COLOURS})")
    return problems


def main():
    shapes = read(os.path.join(ROOT, "src/nonogram/puzzles.txt"), "#.")
    path = os.environ.get("NONOGRAM_COLOURS", os.path.join(ROOT, "src/nonogram/colours.txt"))
    colours = read(path, "123456789abcdef")
    problems = check(shapes, colours)
    for p in problems:
        print(p)
    print(f"{len(colours)} of {len(shapes)} pictures coloured, {len(problems)} problems")
    if len(sys.argv) < 2:
        return
    from PIL import Image, ImageDraw
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    last = int(sys.argv[3]) if len(sys.argv) > 3 else len(colours)
    by_name = dict(colours)
    chosen = [(i + 1, n, r, by_name.get(n)) for i, (n, r) in enumerate(shapes)
              if first <= i + 1 <= last and n in by_name]
    scale, per_row = 8, 4
    tile_w, tile_h = 2 * 20 * scale + 3 * scale, 15 * scale + 14
    rows_needed = (len(chosen) + per_row - 1) // per_row
    sheet = Image.new("RGB", (per_row * tile_w, max(1, rows_needed) * tile_h), "#808080")
    draw = ImageDraw.Draw(sheet)
    for k, (number, name, rows, art) in enumerate(chosen):
        ox, oy = (k % per_row) * tile_w, (k // per_row) * tile_h
        draw.text((ox + 2, oy + 1), f"{number} {name}", fill="black")
        oy += 12
        for y, row in enumerate(rows):
            for x, c in enumerate(row):
                fill = "#281838" if c == "#" else "#f8e8c8"
                draw.rectangle([ox + x * scale, oy + y * scale,
                                ox + x * scale + scale - 1, oy + y * scale + scale - 1], fill=fill)
        ax = ox + len(rows[0]) * scale + scale
        for y, row in enumerate(art):
            for x, c in enumerate(row):
                draw.rectangle([ax + x * scale, oy + y * scale,
                                ax + x * scale + scale - 1, oy + y * scale + scale - 1],
                               fill="#" + PALETTE[int(c, 16)])
    sheet.save(sys.argv[1])
    print(f"preview: {sys.argv[1]}")


if __name__ == "__main__":
    main()
