#!/usr/bin/env python3
"""Tables and chart of docs/balance.md from the cells scripts/balance_study.sh played.

Usage: scripts/balance_tables.py DIR [--sources]
Reads DIR/<cell>_<posture>/results.json (Road to Richmond) and DIR/fr_<scenario>/
results.json (Four Roads to Richmond), prints the Markdown tables of the cells it finds
(win rates, points, the margin) and, for Road to Richmond, writes
DIR/union_win_rates.svg. --sources adds where the points come from (mean per game, by
side and kind of victory line).
"""
import json
import math
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic_file import write_text  # noqa: E402

CELLS = [("1977_ae", "SPI 1977", "attack-effectiveness"),
         ("1977_basic", "SPI 1977", "basic"),
         ("1977_all", "SPI 1977", "tournament, attack-effectiveness"),
         ("2016_basic", "DG 2016", "basic"),
         ("2016_all", "DG 2016", "tournament")]
POSTURES = ["stand", "withdraw", "total"]
SCENARIOS = [("fredericksburg", "Fredericksburg"), ("chancellorsville", "Chancellorsville"),
             ("wilderness", "Wilderness"), ("spotsylvania-1", "Spotsylvania 1"),
             ("spotsylvania-2", "Spotsylvania 2")]
HEADER = ("| {first} | games | Union wins | Confederate wins | Union VP (IQR) | "
          "Confederate VP (IQR) | margin |")


def quartiles(xs):
    s = sorted(xs)
    def q(p):
        k = (len(s) - 1) * p
        f, c = math.floor(k), math.ceil(k)
        return s[f] + (s[c] - s[f]) * (k - f)
    return q(0.25), q(0.75)


def pct(p):
    return f"{100 * p['rate']:.1f}% [{100 * p['ci95'][0]:.1f}, {100 * p['ci95'][1]:.1f}]"


def load(d):
    path = os.path.join(d, "results.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def cell_row(label, posture, r):
    """One cell's row: its rules and posture, then games_row's columns."""
    return f"| {label} | {posture} " + games_row(r)


def games_row(r):
    """Games, both sides' win rates, points (mean and quartiles) and the margin."""
    games = [g for g in r["games"] if "error" not in g]
    u = [g["vp"][0] for g in games]
    c = [g["vp"][1] for g in games]
    m = [a - b for a, b in zip(u, c)]
    n = len(m)
    mean = sum(m) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in m) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    uq, cq = quartiles(u), quartiles(c)
    s = r["summary"]
    return (f"| {n} | {pct(s['union'])} | {pct(s['confederate'])} | "
            f"{sum(u) / n:.1f} ({uq[0]:.0f}-{uq[1]:.0f}) | {sum(c) / n:.1f} ({cq[0]:.0f}-{cq[1]:.0f}) | "
            f"{mean:+.1f} [{mean - half:+.1f}, {mean + half:+.1f}] |")


def kind(what):
    """A victory line's kind: its words without the counts and the unit named."""
    if what.startswith("eliminated ") and "Train" not in what:
        return "eliminated units"
    k = re.sub(r"^\d+ ", "", what)            # a count of strength points or units
    k = re.sub(r"\b\d{1,2}\b", "N", k)          # Game-Turns (hexes have four digits)
    return re.sub(r" \(N\)$", "", k)


def sources(results):
    """Mean points per game by side and kind of victory line, over every cell."""
    print("\nWhere the points come from (mean per game, by side and kind of line):\n")
    keys = set()
    per = {}
    for name, r in results.items():
        tot = defaultdict(float)
        games = [g for g in r["games"] if "error" not in g]
        for g in games:
            for l in g["lines"]:
                tot[(l["side"], l["rule"], kind(l["what"]))] += l["points"]
        per[name] = {k: v / len(games) for k, v in tot.items()}
        keys |= set(k for k, v in per[name].items() if abs(v) >= 0.5)
    keys = sorted(keys)
    print("| cell | " + " | ".join(f"{s}: {what} ({rule})" for s, rule, what in keys) + " |")
    print("| --- |" + " --- |" * len(keys))
    for name in results:
        print(f"| {name} | " + " | ".join(f"{per[name].get(k, 0.0):.1f}" for k in keys) + " |")


def chart(results, path):
    W, H, L, T, B = 760, 380, 60, 40, 70
    ph = H - T - B
    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         'font-family="sans-serif" font-size="11">',
         '<rect width="100%" height="100%" fill="white"/>',
         f'<text x="{W / 2}" y="22" text-anchor="middle" font-size="14">Union win rate by rule '
         'level and Union posture (AI vs AI, 95% Wilson intervals)</text>']
    for t in range(5):
        y = T + ph - ph * t / 4
        o.append(f'<line x1="{L}" y1="{y:.1f}" x2="{W - 20}" y2="{y:.1f}" stroke="#ddd"/>'
                 f'<text x="{L - 5}" y="{y + 4:.1f}" text-anchor="end">{25 * t}%</text>')
    y50 = T + ph / 2
    o.append(f'<line x1="{L}" y1="{y50}" x2="{W - 20}" y2="{y50}" stroke="#999" '
             'stroke-dasharray="4 3"/>')
    colour = {"stand": "#c04040", "withdraw": "#3060c0", "total": "#40a060"}
    gw = (W - L - 20) / len(CELLS)
    bw = gw / 4.5
    for i, (cell, edition, rules) in enumerate(CELLS):
        x0 = L + i * gw + bw * 0.6
        for j, posture in enumerate(POSTURES):
            r = results.get(f"{cell}_{posture}")
            if not r:
                continue
            u = r["summary"]["union"]
            x = x0 + j * bw * 1.1
            h = ph * u["rate"]
            o.append(f'<rect x="{x:.1f}" y="{T + ph - h:.1f}" width="{bw:.1f}" height="{h:.1f}" '
                     f'fill="{colour[posture]}"/>')
            cx, lo, hi = x + bw / 2, T + ph - ph * u["ci95"][0], T + ph - ph * u["ci95"][1]
            o.append(f'<line x1="{cx:.1f}" y1="{lo:.1f}" x2="{cx:.1f}" y2="{hi:.1f}" '
                     'stroke="black" stroke-width="1.5"/>')
        o.append(f'<text x="{L + i * gw + gw / 2:.1f}" y="{H - B + 16}" text-anchor="middle">'
                 f'{edition}</text><text x="{L + i * gw + gw / 2:.1f}" y="{H - B + 30}" '
                 f'text-anchor="middle">{rules}</text>')
    for j, posture in enumerate(POSTURES):
        x = L + 10 + j * 110
        o.append(f'<rect x="{x}" y="{H - 18}" width="10" height="10" fill="{colour[posture]}"/>'
                 f'<text x="{x + 14}" y="{H - 9}">{posture}</text>')
    o.append("</svg>")
    write_text(path, "\n".join(o) + "\n")


def rtr_tables(d, results):
    """Road to Richmond's two tables, one per edition, of the cells DIR holds."""
    for edition_cells in (CELLS[:3], CELLS[3:]):
        rows = []
        for cell, _, rules in edition_cells:
            for posture in POSTURES:
                r = load(os.path.join(d, f"{cell}_{posture}"))
                if r is not None:
                    results[f"{cell}_{posture}"] = r
                    rows.append(cell_row(rules, posture, r))
        if rows:
            print(f"\n{edition_cells[0][1]} standard rules:\n")
            print(HEADER.format(first="rules | Union posture"))
            print("| --- | --- | --- | --- | --- | --- | --- | --- |")
            print("\n".join(rows))


def fr_table(d, results):
    """Four Roads to Richmond's table, a row per scenario DIR holds."""
    rows = []
    for key, name in SCENARIOS:
        r = load(os.path.join(d, f"fr_{key}"))
        if r is not None:
            results[f"fr_{key}"] = r
            rows.append(f"| {name} " + games_row(r))
    if rows:
        print("\nFour Roads to Richmond:\n")
        print(HEADER.format(first="scenario"))
        print("| --- | --- | --- | --- | --- | --- | --- |")
        print("\n".join(rows))


def main(argv):
    if len(argv) not in (1, 2) or (len(argv) == 2 and argv[1] != "--sources"):
        sys.exit(__doc__)
    d = argv[0]
    results = {}
    rtr_tables(d, results)
    rtr_cells = bool(results)
    fr_table(d, results)
    if not results:
        sys.exit(f"{d}: no cells of the study")
    refused = sum(r["summary"]["refused"] for r in results.values())
    errors = sum(r["summary"]["errors"] for r in results.values())
    print(f"\n{sum(len(r['games']) for r in results.values())} games, {refused} refused "
          f"actions, {errors} games voided by an engine error.")
    if len(argv) == 2:
        sources(results)
    if rtr_cells:
        chart(results, os.path.join(d, "union_win_rates.svg"))


if __name__ == "__main__":
    main(sys.argv[1:])
