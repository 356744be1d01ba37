#!/usr/bin/env python3
"""Paired score of one player over two tournament runs played on the same seeds.

  paired_score.py PLAYER U_DIR C_DIR [BASE_U_DIR BASE_C_DIR]

U_DIR is the run with PLAYER as the Union, C_DIR the run with PLAYER as the
Confederate (each a `bluegray tournament --out` folder). Prints each side's
win rate and the paired score (draws count half) with 95% Wilson intervals.
Given a baseline's two folders played on the same seeds, it also counts the
games won only by the candidate and only by the baseline, seed by seed.
"""
import json
import math
import sys


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * (c - h), 100 * (c + h))


def load(folder):
    """Seed -> winner of a tournament folder's games; a game that ended in error is left out."""
    try:
        with open(folder + "/results.json") as f:
            games = json.load(f)["games"]
        results = {g["seed"]: g["winner"] for g in games if "error" not in g}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{folder}: not a tournament's results ({e})")
    if not results:
        raise SystemExit(f"{folder}: no games finished")
    return results


def score(results, side):
    return sum(1.0 if w == side else 0.5 if w == "draw" else 0.0 for w in results.values())


def line(name, k, n):
    lo, hi = wilson(k, n)
    return f"{name}: {100 * k / n:.1f}% [{lo:.1f}, {hi:.1f}] of {n}"


def main(argv):
    if len(argv) not in (4, 6):
        print(__doc__)
        return 2
    u, c = load(argv[2]), load(argv[3])
    su, sc = score(u, "union"), score(c, "confederate")
    print(argv[1])
    print("  " + line("as the Union", su, len(u)))
    print("  " + line("as the Confederate", sc, len(c)))
    print("  " + line("paired", su + sc, len(u) + len(c)))
    if len(argv) == 6:
        for side, cand, base in (("union", u, load(argv[4])), ("confederate", c, load(argv[5]))):
            only_c = sum(1 for s, w in cand.items() if w == side and base.get(s) not in (side, None))
            only_b = sum(1 for s, w in base.items() if w == side and cand.get(s) not in (side, None))
            sb = score(base, side)
            print(f"  {side}: baseline {100 * sb / len(base):.1f}%, won only by the candidate "
                  f"{only_c}, only by the baseline {only_b}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
