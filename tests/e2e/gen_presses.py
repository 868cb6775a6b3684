#!/usr/bin/env python3
"""Write the random part of tests/e2e/sweeper_presses.play: seeded one-frame
taps of the D-pad with no frame or one frame between them, and the cursor
they must leave on the 14x6 board (moves stop at the edges). A press is
dropped if the cursor ends anywhere else. Run it again to change the seed:

    python3 tests/e2e/gen_presses.py > /tmp/taps && edit the script
"""
import random
import sys

WIDTH, HEIGHT = 14, 6
# The blank cartridge's board once sweeper_presses.play has opened (7,3) and
# (1,4) and flagged (1,3): '.' covered, 'F' flagged, digits open (B on an
# open square does nothing, on a covered one flags, on a flag takes it off).
BOARD = """\
..101..1000000
..102.31000000
..101.10122100
.F1011101..100
.1210000122100
...10000000000"""
STEPS = {"LEFT": (-1, 0), "RIGHT": (1, 0), "UP": (0, -1), "DOWN": (0, 1)}


def taps(seed, count, start):
    rng = random.Random(seed)
    x, y = start
    lines = []
    keys = [rng.choice(sorted(STEPS)) for _ in range(count)]
    for key, after in zip(keys, keys[1:] + [None]):
        lines += [f"down {key}", "wait 1", f"up {key}"]
        # The same key next needs a frame up between, or it is one hold.
        if after == key or rng.choice((0, 1)):
            lines.append("wait 1")
        dx, dy = STEPS[key]
        x = min(max(x + dx, 0), WIDTH - 1)
        y = min(max(y + dy, 0), HEIGHT - 1)
    return lines, (x, y)


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    lines, (x, y) = taps(seed, 120, (1, 3))
    square = BOARD.splitlines()[y][x]
    outcome, mines_left = {".": ("Flagged", 8), "F": ("Unflagged", 10)}.get(square, ("Ignored", 9))
    print(f"# 120 taps, seed {seed} (tests/e2e/gen_presses.py), ending on ({x},{y}).")
    print("\n".join(lines))
    print("press B")
    print(f"wait-event sweeper.move outcome={outcome} state=Playing mines_left={mines_left} cursor={x},{y}")
