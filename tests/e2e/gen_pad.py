#!/usr/bin/env python3
"""Key presses that type digits on the shared number pad (7 8 9 / 4 5 6 /
1 2 3 / 0), from the key under the cursor, for writing .play scripts:

    python3 tests/e2e/gen_pad.py 588047758258804775823599954982
"""
import sys

KEYS = {7: (0, 0), 8: (1, 0), 9: (2, 0), 4: (0, 1), 5: (1, 1), 6: (2, 1),
        1: (0, 2), 2: (1, 2), 3: (2, 2), 0: (1, 3)}


def presses(digits, start=(0, 0)):
    x, y = start
    out = []
    for ch in digits:
        tx, ty = KEYS[int(ch)]
        moves = []
        horizontal = ["RIGHT" if tx > x else "LEFT"] * abs(tx - x)
        vertical = ["DOWN" if ty > y else "UP"] * abs(ty - y)
        # Row 3 has only the 0: leave or reach it vertically, in column 1.
        moves = vertical + horizontal if y == 3 else horizontal + vertical
        out.append(f"# {ch}")
        out += [f"press {m}" for m in moves]
        out.append("press A")
        x, y = tx, ty
    return out


if __name__ == "__main__":
    print("\n".join(presses(sys.argv[1])))
