#!/usr/bin/env python3
"""Issue 15's targets for the computer opponent, played and tabulated (docs/ai.md,
"Issue 15's targets: where they stand").

  scripts/ai_targets.py [--bin PATH] [--out DIR] [--games N] [--seed S] [--jobs J]
                        [--shard K/N] [--only REGEX] [--table-only] [--save FILE]
                        [--from FILE ...] [--hard PLAYER] [--normal PLAYER]
                        [--pool-seed S ...]

Plays every match the targets name (Road to Richmond; each match once with the player as
the Union and once as the Confederate, on the same seeds, so the seeds are paired):

  normal-ref-*   ai-normal against the frozen reference ref-2026: 75% paired, 60% a side
  hard-normal-*  ai-hard against ai-normal: 60% paired
  easy-normal    ai-easy against ai-normal: it loses (a gentle level)
  <level>-greedy-*, <level>-random-*  every level against the baselines: at or above
                 the figures of the issue's start (1977 rules) or, under the other
                 rule sets, of the ref rows
  ref-greedy-*, ref-random-*  ref-2026 (the start's ai-normal) against the baselines
                 under the tournament options and the revised rules: those figures

each under the 1977 rules plain, with the tournament options and with the revised
exclusive rules where the targets ask for them. `ai-hard` plays as
`ai-hard@rollouts=12,time-cap=60,candidates=16,zone-timing=1`, so that no game depends on
the machine's speed (its phases take under the 2 s allowance; the cap only matters on a
loaded or slower machine), its rollouts, destinations and zone pricing spelled out so that
the records of the players it replaced (`ai-hard@time-cap=60`, 48 rollouts, before the
nineteenth stop; `ai-hard@rollouts=6,time-cap=60`, 9 destinations, before the
twenty-third; `ai-hard@rollouts=6,time-cap=60,candidates=16`, 72 rollouts, before the
twenty-sixth; `ai-hard@rollouts=12,time-cap=60,candidates=16`, the activation area at its
flat price, before the fortieth) never count as its own; --hard PLAYER measures a
candidate's settings in its place (or reads an earlier player's records), and --normal
PLAYER a candidate `ai-normal` (as the player of its rows and as the opponent of
`ai-hard`'s and `ai-easy`'s: a change of `ai-normal` moves them all). Every record, a
folder's or a --from file's, names its players and seed, and the table counts only the
row's, so a candidate's games never count as the shipped player's, nor one seed set's as
another's.

Each tournament writes DIR/<match>-u or -c (with --shard K/N: DIR/<match>-u/shard-K-of-N,
the shards of any number of machines read back together). A tournament whose
results.json is there with the games asked for is not played again, so an interrupted
run resumes. Then the tables are printed from whatever DIR holds: win rates with 95%
Wilson intervals (draws count half), each target met on the point estimate or beyond
doubt (the interval's lower end at or above it). --table-only prints without playing.
A full run is 11 600 games, most of the time `ai-hard`'s: its 1 200 against `ai-normal`
alone take about 4.5 hours of one core (13.5 s of CPU a game with 144 rollouts, the
twenty-sixth stop); --jobs plays games in parallel; --only picks matches by name.

--save FILE writes every side's games in DIR (shards merged: game, winner, points) to one
small JSON file to keep with the commit that played them; --from FILE (repeatable)
counts a saved file's games with DIR's and skips playing a side it holds whole, so a run
longer than one sitting (or one machine) is finished by another with --from and the
--shard still missing. A game found twice (two shards, a file and a folder) is refused.

--pool-seed S (repeatable) counts seed set S's games too: every row pooled over --seed
and those seeds (a second seed set's games, saved with --from, beside the first's), the
intervals those of the sum. Only --seed is played.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic_file import write_text  # noqa: E402
from paired_score import score, wilson  # noqa: E402

# The shipped level, spelled out (above).
HARD = "ai-hard@rollouts=12,time-cap=60,candidates=16,zone-timing=1"
NORMAL = "ai-normal"  # the shipped level (--normal: a candidate's settings in its place)
RULES = {
    "plain": [],
    "options": ["--options", "tournament,attack-effectiveness"],
    "revised": ["--param", "exclusive=revised"],
}


def matches(hard, normal=NORMAL):
    """(name, player, opponent, rules) of every match; `hard` plays the ai-hard rows and
    `normal` the ai-normal rows, as the player or as ai-hard's and ai-easy's opponent."""
    return (
        [(f"normal-ref-{r}", normal, "ref-2026", r) for r in RULES]
        + [(f"hard-normal-{r}", hard, normal, r) for r in RULES]
        + [("easy-normal-plain", "ai-easy", normal, "plain")]
        + [(f"{lv}-{b}-{r}", p, b, r)
           for r in RULES
           for lv, p in (("easy", "ai-easy"), ("normal", normal), ("hard", hard))
           for b in ("greedy", "random")]
        # The start measured the baselines under the 1977 rules only; under the
        # other two rule sets the start's ai-normal, kept as ref-2026, plays them, and
        # its figures are the ones ai-normal and ai-hard must keep there.
        + [(f"ref-{b}-{r}", "ref-2026", b, r)
           for r in RULES if r != "plain" for b in ("greedy", "random")]
    )


# The figures at the start (docs/ai.md, "Results against the baselines"),
# Union and Confederate, which every level must keep; a pairing the start
# did not measure is held to the baselines' own target (95% against random).
START = {
    "easy-greedy-plain": (90.0, 75.0),
    "normal-greedy-plain": (94.5, 86.0),
    "hard-greedy-plain": (96.0, 92.5),
    "normal-random-plain": (99.5, 100.0),
}

NO_FLOOR = "not measured"  # a row no figure binds: reported, not judged


def complete(folder, games, seed, shard, union, confederate):
    """The folder holds this very tournament, finished (not another player's run)."""
    try:
        with open(os.path.join(folder, "results.json")) as f:
            r = json.load(f)
    except (OSError, ValueError):
        return False
    return (r.get("games_total") == games and r.get("seed") == seed
            and r.get("shard") == (shard or "1/1") and r.get("union_player") == union
            and r.get("confederate_player") == confederate)


def saved_games(saved, key, games, seed, union, confederate):
    """The games of this side the --from records hold (played by these players)."""
    held = set()
    for sv in saved:
        r = sv["sides"].get(key)
        if (r and r["games_total"] == games and r["seed"] == seed
                and r["union_player"] == union and r["confederate_player"] == confederate):
            held.update(g[0] for g in r["games"])
            held.update(r["voided"])
    return held


def play(args, saved, match_list):
    for name, player, opponent, rules in match_list:
        if args.only and not re.search(args.only, name):
            continue
        for side, union, confederate in (("u", player, opponent), ("c", opponent, player)):
            folder = os.path.join(args.out, f"{name}-{side}")
            held = saved_games(saved, f"{name}-{side}", args.games, args.seed, union,
                               confederate)
            if held == set(range(args.games)):
                print(f"{folder}: in a --from record already", flush=True)
                continue
            if held and not args.shard:
                sys.exit(f"{folder}: --from records hold {len(held)} of its games; play the "
                         "missing shard with --shard K/N")
            if args.shard:
                k, n = args.shard.split("/")
                folder = os.path.join(folder, f"shard-{k}-of-{n}")
            if complete(folder, args.games, args.seed, args.shard, union, confederate):
                print(f"{folder}: done already", flush=True)
                continue
            cmd = [args.bin, "tournament", "--union", union, "--confederate", confederate,
                   "--games", str(args.games), "--jobs", str(args.jobs), "--seed",
                   str(args.seed), "--quiet", "--out", folder] + RULES[rules]
            if args.shard:
                cmd += ["--shard", args.shard]
            print(" ".join(cmd), flush=True)
            subprocess.run(cmd, check=True)


def match_of(r):
    """What makes two result files the same match: its players, rules and seed."""
    return (r["union_player"], r["confederate_player"], r["rules"], r["seed"])


def result_files(folder):
    """A side's results.json, or its shards' (folders shard-K-of-N)."""
    one = os.path.join(folder, "results.json")
    if os.path.exists(one):
        return [one]
    return sorted(glob.glob(os.path.join(folder, "shard-*", "results.json")))


def read_side(folder):
    """A side's games as played: one record a results.json (the folder's, or each of its
    shards'), in the form --save writes (players, rules, seed, games_total, voided game
    numbers, games as [game, winner, Union VP, Confederate VP])."""
    records = []
    for path in result_files(folder):
        with open(path) as f:
            r = json.load(f)
        u, c, rules, seed = match_of(r)
        records.append({
            "union_player": u, "confederate_player": c, "rules": rules, "seed": seed,
            "games_total": r["games_total"],
            "voided": [g["game"] for g in r["games"] if "error" in g],
            "games": [[g["game"], g["winner"], g["vp"][0], g["vp"][1]]
                      for g in r["games"] if "error" not in g]})
    return records


def merge(folder, records):
    """One side's records together, as game -> winner; refuses records of different
    matches, and a game in two of them (shards of different --shard N, a folder copied,
    a saved record and a folder): it would count twice, as `tournament merge` refuses."""
    if len({match_of(r) for r in records}) > 1:
        sys.exit(f"{folder}: shards of different matches: "
                 f"{sorted({match_of(r) for r in records})}")
    games, seen = {}, set()
    for r in records:
        for game, winner, *_ in r["games"] + [[g, None] for g in r["voided"]]:
            if game in seen:
                sys.exit(f"{folder}: game {game} is in more than one shard or record")
            seen.add(game)
            if winner is not None:  # a voided game counts for no one
                games[game] = winner
    return games


def load(folder, saved=(), players=None, seed=None):
    """The games of a side's folder (its results.json, or its shards' together) and the
    same side's games in saved records (--from), as game -> winner. With `players`
    (Union, Confederate) and `seed`, a record of other players (another --hard) or
    other seeds, in the folder or saved, is not counted. `seed` may be a tuple of seeds
    (--pool-seed): each seed's records are merged on their own, as one seed's would be,
    and the games kept apart as (seed, game) -> winner, since every seed set numbers
    its games from 0."""
    seeds = None if seed is None else set(seed) if isinstance(seed, tuple) else {seed}
    key = os.path.basename(os.path.normpath(folder))
    records = read_side(folder) + [sv["sides"][key] for sv in saved if key in sv["sides"]]
    kept = [r for r in records
            if (not players or (r["union_player"], r["confederate_player"]) == players)
            and (seeds is None or r["seed"] in seeds)]
    for r in records:
        if r not in kept:  # said, so that a table of "not played" is never a surprise
            print(f"{folder}: not counting {len(r['games'])} games of "
                  f"{r['union_player']} vs {r['confederate_player']}, seed {r['seed']}",
                  file=sys.stderr)
    if seeds is None or len(seeds) == 1:
        return merge(folder, kept)
    pooled = {}
    for one in sorted(seeds):
        games = merge(folder, [r for r in kept if r["seed"] == one])
        pooled.update({(one, g): w for g, w in games.items()})
    return pooled


def save(out, path):
    """Every side's games in OUT, merged over its shards, as one small JSON file (the
    game, its winner and the points): a record to commit, so that a later session (or
    another machine) can tabulate it with --from and play only what is missing."""
    sides_out = {}
    for name, *_ in matches(HARD):  # the names are the same for any --hard
        for side in ("u", "c"):
            folder = os.path.join(out, f"{name}-{side}")
            records = read_side(folder)
            if not records:
                continue
            merge(folder, records)  # refuses shards of different matches, or a game twice
            one = dict(records[0])
            one["voided"] = sorted(g for r in records for g in r["voided"])
            one["games"] = sorted(g for r in records for g in r["games"])
            sides_out[f"{name}-{side}"] = one
    write_text(path, json.dumps({"format": 1, "sides": sides_out}, separators=(",", ":")) + "\n")
    print(f"{path}: {sum(len(v['games']) for v in sides_out.values())} games of "
          f"{len(sides_out)} sides")


def rate(results, side):
    n = len(results)
    if n == 0:
        return None
    k = score(results, side)
    return 100 * k / n, wilson(k, n), n


def cell(r):
    if r is None:
        return "not played"
    p, (lo, hi), n = r
    return f"{p:.1f}% [{lo:.1f}, {hi:.1f}] ({n})"


def verdict(r, target, below=False):
    if r is None:
        return "not played"
    p, (lo, hi), _ = r
    if below:
        return "met beyond doubt" if hi < target else "met" if p < target else "not met"
    return "met beyond doubt" if lo >= target else "met" if p >= target else "not met"


def sides(out, name, saved, player, opponent, seed):
    u = load(os.path.join(out, f"{name}-u"), saved, (player, opponent), seed)
    c = load(os.path.join(out, f"{name}-c"), saved, (opponent, player), seed)
    paired = None
    if u and c:
        k, n = score(u, "union") + score(c, "confederate"), len(u) + len(c)
        paired = (100 * k / n, wilson(k, n), n)
    return rate(u, "union"), rate(c, "confederate"), paired


def table(out, saved, match_list, seed):
    print("| match | rules | as the Union | as the Confederate | paired | target | verdict |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, player, opponent, rules in match_list:
        if "greedy" in name or "random" in name:
            continue
        u, c, paired = sides(out, name, saved, player, opponent, seed)
        if name.startswith("normal-ref"):
            target = "75% paired, 60% a side"
            v = verdict(paired, 75)
            v += "; sides " + verdict(u, 60) + " / " + verdict(c, 60)
        elif name.startswith("hard-normal"):
            target, v = "60% paired", verdict(paired, 60)
        else:
            target, v = "loses (below 50%)", verdict(paired, 50, below=True)
        print(f"| `{player}` vs `{opponent}` | {rules} | {cell(u)} | {cell(c)} | {cell(paired)} "
              f"| {target} | {v} |")
    print()
    print("| player | against | rules | as the Union | as the Confederate "
          "| at the issue's start | verdict |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, player, opponent, rules in match_list:
        if not ("greedy" in name or "random" in name):
            continue
        u, c, _ = sides(out, name, saved, player, opponent, seed)
        start, s = baseline_floor(out, saved, seed, name, opponent, rules)
        if not (u and c):
            v = "not played"
        elif name.startswith("ref-"):
            v = "the start's figure under these rules"
        elif start is None:
            v = "reported (no figure at the start)" if s == NO_FLOOR else f"not judged ({s})"
        else:
            v = "met" if u[0] >= start[0] and c[0] >= start[1] else "not met"
        print(f"| `{player}` | `{opponent}` | {rules} | {cell(u)} | {cell(c)} | {s} | {v} |")


def baseline_floor(out, saved, seed, name, opponent, rules):
    """The (Union, Confederate) figures a baseline row must keep, and how to show them.

    The issue's start's own figures under the 1977 rules (START); under the other rule
    sets, ref-2026's (the start's ai-normal) for ai-normal and ai-hard; otherwise the
    baselines' own 95% against random, and nothing against greedy."""
    if name.startswith("ref-"):
        return None, "(this row is it)"
    if name in START:
        start = START[name]
        return start, f"{start[0]:.1f}% / {start[1]:.1f}%"
    if rules != "plain" and not name.startswith("easy-"):
        u, c, _ = sides(out, f"ref-{opponent}-{rules}", saved, "ref-2026", opponent, seed)
        if u and c:
            return (u[0], c[0]), f"{u[0]:.1f}% / {c[0]:.1f}% (`ref-2026`)"
        return None, "`ref-2026` not played"
    if opponent == "random":
        return (95.0, 95.0), "not measured (target 95%)"
    return None, NO_FLOOR



def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="build/rel/bluegray")
    ap.add_argument("--out", default="out/targets")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--shard", default="", help="K/N: this machine's slice of every match")
    ap.add_argument("--only", default="", help="play only the matches whose name matches")
    ap.add_argument("--table-only", action="store_true")
    ap.add_argument("--hard", default=HARD,
                    help="the player of the ai-hard rows (a candidate's settings: "
                    "ai-hard@rollouts=8,time-cap=60)")
    ap.add_argument("--normal", default=NORMAL,
                    help="the player of the ai-normal rows, and ai-hard's and ai-easy's "
                    "opponent (a candidate's settings: ai-normal@zone-timing=1)")
    ap.add_argument("--save", default="", help="write OUT's games to this small JSON file")
    ap.add_argument("--from", dest="saved", action="append", default=[],
                    help="a --save file to count with OUT's games (repeatable)")
    ap.add_argument("--pool-seed", dest="pool", type=int, action="append", default=[],
                    help="count this seed set's games too, in every row (repeatable): the "
                    "table of --seed and these seeds pooled; only --seed is played")
    args = ap.parse_args()
    match_list = matches(args.hard, args.normal)
    if args.shard and not re.fullmatch(r"[1-9][0-9]*/[1-9][0-9]*", args.shard):
        sys.exit("--shard wants K/N")
    saved = []
    for path in args.saved:
        with open(path) as f:
            saved.append(json.load(f))
    if not args.table_only:
        if not os.access(args.bin, os.X_OK):
            sys.exit(f"no binary at {args.bin} (build the Release target first)")
        play(args, saved, match_list)
    if args.save:
        save(args.out, args.save)
    seeds = args.seed
    if args.pool:
        seeds = tuple(sorted({args.seed, *args.pool}))
        print(f"seeds {', '.join(map(str, seeds))} pooled: each row counts every seed "
              f"set's games\n")
    table(args.out, saved, match_list, seeds)


if __name__ == "__main__":
    main()
