#!/usr/bin/env python3
"""The computer opponent's strength table (docs/ai.md, "Strength"), played afresh.

  scripts/strength.py TITLE [--games N] [--jobs J] [--seed S ...] [--bin PATH]
                      [--out DIR] [--only REGEX] [--rules NAME ...]

Plays, with the built `bluegray tournament`, every pairing of the table under each rule
set of the title: the levels against each other (ai-hard against ai-normal, ai-normal
against the frozen reference ref-2026, ai-easy against ai-normal) and every level
against the baselines (greedy, random). Each pairing is played twice on the same seeds,
once with the player as the Union and once as the Confederate, so both sides meet the
same dice: N games a side a seed. Then it prints the Markdown table: the player's paired
score (a win 1, a draw a half) with its 95% Wilson interval and the number of games.

--seed is repeatable: the games of every seed are pooled. In Road to Richmond the levels
play with their clock cap lifted (`@time-cap=60`), so that every game depends on the seed
alone, never on the machine's speed: a Movement Phase ends by its node budget there, as
it does in play (TITLES says why Four Roads keeps the cap). A tournament whose results.json is already in DIR
for the same players, seed and games is not played again, so an interrupted run resumes.
--only keeps the rows whose name (e.g. "ai-hard/ai-normal") the pattern matches; --rules
keeps the named rule sets (columns). Progress goes to stderr, the table to stdout.
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired_score import wilson  # noqa: E402

# Each title's rule sets (the column's name and the tournament's arguments), and whether
# its levels play with their clock cap lifted: in Road to Richmond a Movement Phase ends
# by its node budget well inside the 2 s cap, so lifting it changes no game and makes
# every game depend on its seed alone; in Four Roads' larger battles ai-hard's phases
# run into the cap, which is part of the player as it ships, so there the cap stays.
TITLES = {
    "road-to-richmond": ([
        ("1977", []),
        ("tournament options", ["--options", "tournament,attack-effectiveness"]),
        ("revised", ["--param", "exclusive=revised"]),
    ], True),
    "four-roads": ([
        (s, ["--param", f"scenario={s}"])
        for s in ("fredericksburg", "chancellorsville", "wilderness", "spotsylvania-1",
                  "spotsylvania-2")
    ], False),
}

# The table's rows: the player and its opponent.
PAIRINGS = [
    ("ai-hard", "ai-normal"),
    ("ai-normal", "ref-2026"),
    ("ai-easy", "ai-normal"),
] + [(level, baseline) for level in ("ai-hard", "ai-normal", "ai-easy")
     for baseline in ("greedy", "random")]

LEVELS = ("ai-easy", "ai-normal", "ai-hard")


def as_played(player, lift_cap):
    """The spec a player is played with: a level with its clock cap lifted where the
    title's games allow it (TITLES)."""
    return f"{player}@time-cap=60" if lift_cap and player in LEVELS else player


def folder_name(player, opponent, rules, seed, side):
    slug = re.sub(r"[^a-z0-9]+", "-", f"{player}-vs-{opponent}-{rules}").strip("-")
    return f"{slug}-s{seed}-{side}"


def finished(folder, games, seed, union, confederate):
    """The folder holds this very tournament, played to its last game."""
    try:
        with open(os.path.join(folder, "results.json")) as f:
            r = json.load(f)
    except (OSError, ValueError):
        return None
    same = (r.get("games_total") == games and r.get("seed") == seed
            and r.get("union_player") == union and r.get("confederate_player") == confederate
            and len(r.get("games", [])) == games)
    return r if same else None


def tournament(args, rule_args, union, confederate, seed, folder):
    """The results of one tournament, played unless DIR holds it already."""
    done = finished(folder, args.games, seed, union, confederate)
    if done:
        print(f"{folder}: played already", file=sys.stderr, flush=True)
        return done
    cmd = [args.bin, "tournament", "--title", args.title, "--union", union,
           "--confederate", confederate, "--games", str(args.games), "--jobs",
           str(args.jobs), "--seed", str(seed), "--quiet", "--out", folder] + rule_args
    print(" ".join(cmd), file=sys.stderr, flush=True)
    run = subprocess.run(cmd, capture_output=True, text=True)
    sys.stderr.write(run.stdout + run.stderr)
    if run.returncode != 0:
        sys.exit(f"{folder}: the tournament failed (exit code {run.returncode})")
    done = finished(folder, args.games, seed, union, confederate)
    if not done:
        sys.exit(f"{folder}: the tournament wrote no complete results.json")
    return done


def side_score(results, side):
    """(points, games, refused actions, voided games) of one side over a tournament."""
    games = [g for g in results["games"] if "error" not in g]
    points = sum(1.0 if g["winner"] == side else 0.5 if g["winner"] == "draw" else 0.0
                 for g in games)
    refused = results.get("summary", {}).get("refused", 0)
    return points, len(games), refused, len(results["games"]) - len(games)


def cell(points, games):
    """A table cell: the paired score, its 95% Wilson interval and the games."""
    if games == 0:
        return "not measured"
    lo, hi = wilson(points, games)
    return f"{100 * points / games:.1f}% [{lo:.1f}, {hi:.1f}] ({games:,})"


def table(columns, rows):
    """The Markdown table: rows of (player, opponent, {column: (points, games)})."""
    out = ["| player | against | " + " | ".join(columns) + " |",
           "| --- | --- |" + " --- |" * len(columns)]
    for player, opponent, cells in rows:
        out.append(f"| `{player}` | `{opponent}` | "
                   + " | ".join(cell(*cells.get(c, (0, 0))) for c in columns) + " |")
    return "\n".join(out)


def play(args):
    """Plays every tournament asked for; returns the table's rows and the tallies."""
    all_rules, lift_cap = TITLES[args.title]
    rule_sets = [r for r in all_rules if not args.rules or r[0] in args.rules]
    rows, refused, voided = [], 0, 0
    for player, opponent in PAIRINGS:
        if args.only and not re.search(args.only, f"{player}/{opponent}"):
            continue
        cells = {}
        for name, rule_args in rule_sets:
            points = games = 0
            for seed in args.seed:
                p, o = as_played(player, lift_cap), as_played(opponent, lift_cap)
                for side, union, confederate in (("union", p, o), ("confederate", o, p)):
                    folder = os.path.join(
                        args.out, folder_name(player, opponent, name, seed, side[0]))
                    r = tournament(args, rule_args, union, confederate, seed, folder)
                    s, n, bad, lost = side_score(r, side)
                    points, games, refused, voided = points + s, games + n, refused + bad, voided + lost
            cells[name] = (points, games)
        rows.append((player, opponent, cells))
    return [r[0] for r in rule_sets], rows, refused, voided


def parse(argv):
    ap = argparse.ArgumentParser(prog="strength", description=__doc__.split("\n")[0])
    ap.add_argument("title", choices=sorted(TITLES))
    ap.add_argument("--games", type=int, default=200, help="games a side a seed (200)")
    ap.add_argument("--jobs", type=int, default=2, help="games played in parallel (2)")
    ap.add_argument("--seed", type=int, action="append",
                    help="match seed, repeatable: the seeds' games are pooled (2026)")
    ap.add_argument("--bin", default="build/rel/bluegray", help="the bluegray binary")
    ap.add_argument("--out", default=None, help="folder for the tournaments (out/strength-TITLE)")
    ap.add_argument("--only", help="keep the rows whose 'player/opponent' this matches")
    ap.add_argument("--rules", action="append", help="keep this rule set (repeatable)")
    args = ap.parse_args(argv)
    args.seed = args.seed or [2026]
    args.out = args.out or os.path.join("out", f"strength-{args.title}")
    known = [r[0] for r in TITLES[args.title][0]]
    for r in args.rules or []:
        if r not in known:
            ap.error(f"--rules {r}: {args.title}'s rule sets are {', '.join(known)}")
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs take a positive number")
    if not os.access(args.bin, os.X_OK):
        ap.error(f"no binary at {args.bin} (build the Release target first)")
    return args


def main(argv):
    args = parse(argv)
    columns, rows, refused, voided = play(args)
    print(table(columns, rows))
    total = sum(g for _, _, cells in rows for _, g in cells.values())
    print(f"{total} games, {refused} refused actions, {voided} games voided",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
