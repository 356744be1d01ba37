#!/usr/bin/env python3
"""Draws a `bluegray tune` run's curve as an SVG (docs/ai.md, "Tuning").

usage: scripts/tune_curve.py DIR/tune_log.csv OUT.svg [--window N]

Top panel: each iteration's mean match score of its two candidates (dots; a
row is a new set of seeds, so a dot is noisy) and the running mean over the
last N iterations (the line, default 10). Bottom panel: every tuned weight
after the step, as a ratio to where it started (1 = unchanged), so weights of
different scales share one axis. Only the standard library: the chart is a
few lines and polylines.
"""
import csv
import html
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic_file import write_text  # noqa: E402

W, H = 760, 560
LEFT, RIGHT = 60, 180
PANELS = [(30, 230), (290, 520)]  # (top, bottom) of the score and weight panels
COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf"]


class BadLog(ValueError):
    """A log this script cannot draw: said in one line, never a traceback."""


def read(path):
    """The log's rows and its tuned weights' names, every figure checked numeric."""
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise BadLog(f"{path}: {e}") from None
    if not rows:
        raise BadLog(f"{path}: no iterations yet")
    weights = [k for k in rows[0] if k and "." in k and k.split(".")[0] in ("union", "confederate")]
    for n, r in enumerate(rows, start=2):  # line 1 is the header
        for k in ["iteration", "score_mean"] + weights:
            try:
                float(r[k])
            except (KeyError, TypeError, ValueError):
                raise BadLog(f"{path}: line {n}: {k} is not a number") from None
    its = [int(float(r["iteration"])) for r in rows]
    if its[0] < 1 or any(b <= a for a, b in zip(its, its[1:])):
        raise BadLog(f"{path}: iterations must count up from 1")
    return rows, weights


def scale(v, lo, hi, top, bottom):
    return bottom - (v - lo) / (hi - lo) * (bottom - top) if hi > lo else (top + bottom) / 2


def draw(rows, weights, window=10):
    """The chart's SVG text for a log's rows."""
    its = [int(float(r["iteration"])) for r in rows]
    score = [float(r["score_mean"]) for r in rows]
    x_hi = max(its[-1], 2)

    def x(i):
        return LEFT + (i - 1) / (x_hi - 1) * (W - LEFT - RIGHT)

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         f'font-family="sans-serif" font-size="11">',
         f'<rect width="{W}" height="{H}" fill="white"/>']
    # Score panel: 0-100%.
    top, bottom = PANELS[0]
    o.append(f'<text x="{LEFT}" y="{top - 10}" font-size="13">Mean score of the two '
             f'candidates per iteration (dots) and over the last {window} (line)</text>')
    for p in range(0, 101, 25):
        y = scale(p, 0, 100, top, bottom)
        o.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        o.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{p}%</text>')
    for i, s in zip(its, score):
        o.append(f'<circle cx="{x(i):.1f}" cy="{scale(100 * s, 0, 100, top, bottom):.1f}" r="2" '
                 f'fill="#999"/>')
    pts = []
    for k in range(len(score)):
        part = score[max(0, k - window + 1):k + 1]
        pts.append(f"{x(its[k]):.1f},{scale(100 * sum(part) / len(part), 0, 100, top, bottom):.1f}")
    o.append(f'<polyline points="{" ".join(pts)}" fill="none" stroke="black" stroke-width="2"/>')
    # Weight panel: ratio to the start.
    top, bottom = PANELS[1]
    start = {w: float(rows[0][w]) for w in weights}
    ratios = {w: [float(r[w]) / start[w] if start[w] else 1.0 for r in rows] for w in weights}
    lo = min(0.5, min(min(v) for v in ratios.values()))
    hi = max(1.5, max(max(v) for v in ratios.values()))
    o.append(f'<text x="{LEFT}" y="{top - 10}" font-size="13">Each tuned weight after the step, '
             f'as a ratio to its first iterate</text>')
    for t in (lo, 1.0, hi):
        y = scale(t, lo, hi, top, bottom)
        o.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        o.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{t:.2f}</text>')
    for n, w in enumerate(weights):
        c = COLOURS[n % len(COLOURS)]
        pts = " ".join(f"{x(i):.1f},{scale(v, lo, hi, top, bottom):.1f}"
                       for i, v in zip(its, ratios[w]))
        o.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="1.5"/>')
        o.append(f'<text x="{W - RIGHT + 8}" y="{top + 14 * n + 4}" fill="{c}">'
                 f'{html.escape(w)} {float(rows[-1][w]):.3g}</text>')
    for i in sorted({1, x_hi // 2, its[-1]}):
        o.append(f'<text x="{x(i):.1f}" y="{bottom + 16}" text-anchor="middle">{i}</text>')
    o.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{bottom + 32}" '
             f'text-anchor="middle">iteration</text>')
    o.append("</svg>")
    return "\n".join(o) + "\n"


def main(argv):
    args = list(argv)
    window = 10
    if "--window" in args:
        i = args.index("--window")
        try:
            window = int(args[i + 1])
        except (IndexError, ValueError):
            window = 0
        if window < 1:
            print("--window takes a whole number of iterations, at least 1", file=sys.stderr)
            return 2
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        rows, weights = read(args[0])
    except BadLog as e:
        print(e, file=sys.stderr)
        return 1
    write_text(args[1], draw(rows, weights, window))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
