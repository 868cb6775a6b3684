#!/usr/bin/env python3
"""Write the full-size field end-to-end scripts (sweeper_field_*.play) for the
fields the ROM deals on a blank cartridge.

Games are deterministic: same SRAM, same keys, same fields. This script asks
the ROM for each field's mines (the `sweeper.field_layout` events of a
debug/test build, a row an event, logged at the first reveal), then plans the
key presses of a loss, a new field of the same size, and a win, for each
standard size. Run it again after changing the random numbers, the fields'
deals or the menu:

    cargo build --release --features events
    python3 tests/e2e/gen_field.py
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROM = ROOT / "target/thumbv4t-none-eabi/release/pocket-desk"
HARNESS = ROOT / "target/release/harness"
SIZES = {"beginner": (9, 9, 0), "intermediate": (16, 16, 1), "expert": (30, 16, 2),
         "custom": (20, 10, 3)}
# The custom page's first size, and the keys to 20x10 with 50 mines from it.
CUSTOM_KEYS = """wait 10
press LEFT
press LEFT
press LEFT
press LEFT
press DOWN
press LEFT
press LEFT
press LEFT
press LEFT
press DOWN
hold LEFT 40
wait-event sweeper.custom width=20 height=10 mines=50
press DOWN
press A
"""

OPEN_SWEEPER = """wait-event desktop.ready
press A
wait-event app.running name=sweeper
# A blank cartridge's first open shows how to play: skipped.
press SELECT
wait-event sweeper.lesson end
"""


def open_field(width, height, row):
    """SELECT, the menu's "Full size" row, the size's row."""
    keys = ["press SELECT", "press DOWN", "press DOWN", "press DOWN", "press A", "wait 10"]
    keys += ["press DOWN"] * row + ["press A"]
    keys = "\n".join(keys) + "\n"
    if row == 3:
        # Custom: its page, then its numbers chosen.
        keys += CUSTOM_KEYS
    return keys + f"wait-event sweeper.field size={width}x{height}\n"


def run(script: str) -> str:
    path = ROOT / "tests/out/gen_field.play"
    path.parent.mkdir(parents=True, exist_ok=True)
    # Planning runs take no pictures: the goldens come from the scripts.
    path.write_text("\n".join(line for line in script.split("\n") if not line.startswith("golden")))
    result = subprocess.run([HARNESS, "play", ROM, path, "--verbose", "--out", ROOT / "tests/out/gen"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(result.stdout + result.stderr)
    return result.stdout + result.stderr


def layout(out: str, height: int):
    """The mines of the last field whose layout the run logged."""
    rows = re.findall(r"sweeper\.field_layout row=(\d+) mines=([01]+)", out)
    rows = rows[-height:]
    assert [int(y) for y, _ in rows] == list(range(height)), rows
    return {(x, y) for y, line in ((int(y), line) for y, line in rows)
            for x, c in enumerate(line) if c == "1"}


def moves(frm, to):
    """Keys from square `frm` to `to`: four squares a press with L held
    while that far, then a square a press."""
    (x, y), (tx, ty) = frm, to
    keys = []
    for delta, plus, minus in ((tx - x, "RIGHT", "LEFT"), (ty - y, "DOWN", "UP")):
        key = plus if delta > 0 else minus
        keys += [f"press L+{key}"] * (abs(delta) // 4) + [f"press {key}"] * (abs(delta) % 4)
    return keys


def neighbours(p, width, height):
    x, y = p
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height:
                yield x + dx, y + dy


def opened_by(first, mine_at, width, height):
    """The squares a reveal's floodfill opens (as the rules' floodfill does)."""
    count = lambda p: sum(n in mine_at for n in neighbours(p, width, height))
    opened, stack = set(), [first]
    while stack:
        p = stack.pop()
        if p in opened:
            continue
        opened.add(p)
        if count(p) == 0:
            stack += [n for n in neighbours(p, width, height) if n not in opened]
    return opened


def win(start, mine_at, width, height):
    """Keys revealing every safe square the floodfills have not opened,
    snaking row by row from `start`'s opening."""
    lines, cursor = [], start
    opened = opened_by(start, mine_at, width, height)
    for y in range(height):
        xs = range(width) if y % 2 == 0 else range(width - 1, -1, -1)
        for x in xs:
            if (x, y) in mine_at or (x, y) in opened:
                continue
            lines += moves(cursor, (x, y))
            cursor = (x, y)
            lines.append("press A")
            opened |= opened_by((x, y), mine_at, width, height)
    safe = {(x, y) for y in range(height) for x in range(width)} - mine_at
    assert opened == safe
    return lines


def main():
    for name, (width, height, row) in SIZES.items():
        start = (width // 2, height // 2)
        first = "press A\nwait-event sweeper.field_move outcome=Revealed\n"
        opening = OPEN_SWEEPER + open_field(width, height, row) + "wait 10\n" + first
        mine_at = layout(run(opening), height)

        # A loss: a false flag on a covered safe square, then a mine.
        opened = opened_by(start, mine_at, width, height)
        safe_covered = next((x, y) for y in range(height) for x in range(width)
                            if (x, y) not in mine_at and (x, y) not in opened)
        mine = min(mine_at, key=lambda p: abs(p[0] - safe_covered[0]) + abs(p[1] - safe_covered[1]))
        loss = "\n".join(moves(start, safe_covered)) + "\npress B\n"
        loss += "wait-event sweeper.field_move outcome=Flagged\n"
        loss += "\n".join(moves(safe_covered, mine)) + "\npress A\n"
        loss += "wait-event sweeper.field_over won=false\n"
        # The records and the game go out; the saving mark, which shows over
        # a window the size of the screen, is gone before the picture.
        loss += "wait-event desktop.saving_mark shown=false\nwait 2\n"
        loss += f"golden tests/golden/field-{name}-lost.png\n"
        # A again: a new field of the size, the cursor back in its middle.
        again = "press A\nwait-event sweeper.field size=" + f"{width}x{height}\nwait 10\n"
        again += "press A\nwait-event sweeper.field_move outcome=Revealed\n"
        second = layout(run(opening + loss + again), height)

        script = f"# Generated by tests/e2e/gen_field.py for the blank cartridge's {name} fields.\n"
        if name == "custom":
            script += "# A custom field (20x10, 50 mines) chosen on the custom page: a loss,\n"
            script += "# A for a new field of the size, and a win (custom fields keep a tally).\n"
        else:
            script += f"# {name.capitalize()} ({width}x{height}) from the menu's full-size page: a loss\n"
            script += "# (every mine shown, the one that went off red, the false flag crossed),\n"
            script += "# A for a new field of the size, and a win, its time kept to the\n"
            script += "# hundredth in the size's records; the record survives a reboot, and\n"
            script += "# the statistics page shows it.\n"
        script += opening + loss + again
        script += "\n".join(win(start, second, width, height)) + "\n"
        script += "wait-event sweeper.field_over won=true\n"
        script += "wait-event desktop.saving_mark shown=false\nwait 2\n"
        script += f"golden tests/golden/field-{name}-won.png\n"
        if name == "custom":
            (ROOT / f"tests/e2e/sweeper_field_{name}.play").write_text(script)
            print(f"wrote tests/e2e/sweeper_field_{name}.play")
            continue
        script += "reboot\nwait-event desktop.ready\npress A\n"
        script += f"wait-event sweeper.field_resumed size={width}x{height} state=Won\n"
        script += "wait-event app.running name=sweeper\n"
        # The menu opens on its "Full size" row while a field is in play.
        script += "press SELECT\nwait 10\npress A\nwait 40\n"
        script += f"golden-region tests/golden/field-{name}-records.png 0 16 240 144\n"
        # The statistics page opens on the field's: its games, and the win's
        # time to the hundredth with its 3BV/s.
        script += "press B\npress DOWN\npress DOWN\npress A\n"
        script += f"wait-event sweeper.stats field={width}x{height} played=2 won=1\nwait 40\n"
        script += f"golden-region tests/golden/field-{name}-stats.png 0 16 240 144\n"
        (ROOT / f"tests/e2e/sweeper_field_{name}.play").write_text(script)
        print(f"wrote tests/e2e/sweeper_field_{name}.play")


NO_GUESS_ON = """# SELECT's Options page: no-guess boards on; B out of it and the menu.
press SELECT
press DOWN
press DOWN
press DOWN
press DOWN
press A
wait 10
press A
press B
press B
wait 10
"""


def no_guess():
    """Expert with no-guess boards on: the first reveal waits for a layout
    searched for on the thinking face, then opens; a win on it goes to the
    no-guess records and statistics page, and a power cut while the search
    is under way leaves a fresh field that searches again."""
    width, height, row = SIZES["expert"]
    start = (width // 2, height // 2)
    opening = OPEN_SWEEPER + NO_GUESS_ON + open_field(width, height, row) + "wait 10\n"
    first = "press A\nwait-event sweeper.field_searched\n"
    first += "wait-event sweeper.field_move outcome=Revealed\n"
    mine_at = layout(run(opening + first), height)
    script = "# Generated by tests/e2e/gen_field.py: an Expert no-guess field on a blank cartridge.\n"
    script += "# The first reveal waits on the thinking face while its layout is searched\n"
    script += "# for (the cursor still moves), then opens; every other safe square is then\n"
    script += "# opened to a win, kept in Expert no-guess's records and statistics page.\n"
    script += opening
    script += "press A\nwait-event sweeper.field_search first=15,8\n"
    script += "golden-region tests/golden/field-no-guess-thinking.png 0 0 240 32\n"
    script += "wait-event sweeper.field_searched\n"
    script += "wait-event sweeper.field_move outcome=Revealed\n"
    script += "\n".join(win(start, mine_at, width, height)) + "\n"
    script += "wait-event sweeper.field_over won=true\n"
    script += "wait-event desktop.saving_mark shown=false\nwait 2\n"
    script += "golden tests/golden/field-no-guess-won.png\n"
    script += "# The full-size page shows the no-guess best time; the statistics page\n"
    script += "# opens on Expert no-guess.\n"
    script += "press SELECT\nwait 10\npress A\nwait 40\n"
    script += "golden-region tests/golden/field-no-guess-records.png 0 16 240 144\n"
    script += "press B\npress DOWN\npress DOWN\npress A\n"
    script += f"wait-event sweeper.stats field={width}x{height} played=1 won=1\n"
    script += "wait 40\n"
    script += "golden-region tests/golden/field-no-guess-stats.png 0 16 240 144\n"
    (ROOT / "tests/e2e/sweeper_field_no_guess.play").write_text(script)
    print("wrote tests/e2e/sweeper_field_no_guess.play")


if __name__ == "__main__":
    if sys.argv[1:] == ["no-guess"]:
        no_guess()
    else:
        main()
        no_guess()
