#!/usr/bin/env python3
"""Checks of scripts/strength.py, which plays docs/ai.md's strength table: against a
stand-in for `bluegray tournament` the test writes itself, each pairing is played from
both sides on the same seeds, the seeds' games are pooled, draws count half, a voided
game is left out, a tournament already played is not played again, and the table is
the one the doc shows.
"""
import contextlib
import io
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import strength as st  # noqa: E402

# A stand-in for bluegray: the Union wins game i when i is even, the Confederate when
# it is odd, except that a player named ai-hard wins every game it plays, game 1 is a
# draw when greedy plays, and game 0 ends in an error when random plays. It logs each
# call so the test sees what was played.
FAKE = r'''#!/usr/bin/env python3
import json, os, sys
a = sys.argv[2:]
opt = {a[i]: a[i + 1] for i in range(0, len(a) - 1) if a[i].startswith("--")}
u, c, n, seed = opt["--union"], opt["--confederate"], int(opt["--games"]), int(opt["--seed"])
with open(os.environ["FAKE_LOG"], "a") as log:
    log.write(" ".join(a) + "\n")
games = []
for i in range(n):
    w = "union" if i % 2 == 0 else "confederate"
    if u.startswith("ai-hard"): w = "union"
    if c.startswith("ai-hard"): w = "confederate"
    if i == 1 and "greedy" in (u, c): w = "draw"
    g = {"game": i, "seed": seed * 1000 + i, "winner": w}
    if i == 0 and "random" in (u, c): g = {"game": i, "seed": seed * 1000, "error": "refused"}
    games.append(g)
os.makedirs(opt["--out"], exist_ok=True)
with open(os.path.join(opt["--out"], "results.json"), "w") as f:
    json.dump({"games_total": n, "seed": seed, "union_player": u, "confederate_player": c,
               "shard": "1/1", "games": games, "summary": {"refused": 0, "errors": 0}}, f)
'''


class Table(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.bin = os.path.join(self.dir.name, "bluegray")
        with open(self.bin, "w") as f:
            f.write(FAKE)
        os.chmod(self.bin, 0o755)
        self.log = os.path.join(self.dir.name, "calls.log")
        os.environ["FAKE_LOG"] = self.log

    def run_strength(self, *extra):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = st.main(["road-to-richmond", "--bin", self.bin, "--out",
                          os.path.join(self.dir.name, "out"), "--games", "4", *extra])
        self.assertEqual(rc, 0)
        return out.getvalue().splitlines()

    def calls(self):
        with open(self.log) as f:
            return f.read().splitlines()

    def test_every_pairing_is_played_from_both_sides_on_the_same_seeds(self):
        lines = self.run_strength("--seed", "7", "--seed", "8", "--rules", "revised",
                                  "--only", "^(ai-hard/ai-normal|ai-normal/ref-2026)$")
        calls = self.calls()
        self.assertEqual(len(calls), 2 * 2 * 2)  # 2 rows, 2 seeds, 2 sides
        hard_union = [c for c in calls if "--union ai-hard@time-cap=60 " in c
                      and "--confederate ai-normal@time-cap=60 " in c]
        hard_conf = [c for c in calls if "--union ai-normal@time-cap=60 " in c
                     and "--confederate ai-hard@time-cap=60 " in c]
        self.assertEqual(len(hard_union), 2)
        self.assertEqual(len(hard_conf), 2)
        for c in calls:
            self.assertIn("--param exclusive=revised", c)
            self.assertIn("--title road-to-richmond", c)
        self.assertEqual(lines[0], "| player | against | revised |")
        self.assertEqual(lines[1], "| --- | --- | --- |")
        # ai-hard wins all 16 games of two seeds; ai-normal against ref-2026 half.
        self.assertEqual(lines[2], "| `ai-hard` | `ai-normal` | 100.0% [80.6, 100.0] (16) |")
        self.assertEqual(lines[3], "| `ai-normal` | `ref-2026` | 50.0% [28.0, 72.0] (16) |")

    def test_draws_count_half_and_voided_games_are_left_out(self):
        lines = self.run_strength("--rules", "1977", "--only", "ai-normal/(greedy|random)")
        # Against greedy: games 0, 2 won as the Union, 3 won as the Confederate, two
        # draws: 3 + 2 halves of 8. Against random, game 0 voided on each side: 3 of 6.
        self.assertEqual(lines[2], "| `ai-normal` | `greedy` | 50.0% [21.5, 78.5] (8) |")
        self.assertEqual(lines[3], "| `ai-normal` | `random` | 50.0% [18.8, 81.2] (6) |")
        self.assertEqual(len(lines), 4)

    def test_a_tournament_already_played_is_not_played_again(self):
        self.run_strength("--rules", "1977", "--only", "ai-easy/greedy")
        first = len(self.calls())
        again = self.run_strength("--rules", "1977", "--only", "ai-easy/greedy")
        self.assertEqual(first, 2)
        self.assertEqual(len(self.calls()), 2)
        self.assertEqual(again[2], "| `ai-easy` | `greedy` | 50.0% [21.5, 78.5] (8) |")

    def test_every_rule_set_is_a_column(self):
        lines = self.run_strength("--only", "ai-hard/random", "--games", "1")
        self.assertEqual(lines[0], "| player | against | 1977 | tournament options | revised |")
        self.assertEqual(len(self.calls()), 6)

    def test_an_unknown_rule_set_is_refused(self):
        with contextlib.redirect_stderr(io.StringIO()), self.assertRaises(SystemExit):
            st.main(["road-to-richmond", "--bin", self.bin, "--rules", "1862"])


class Cells(unittest.TestCase):
    def test_a_cell_with_no_games_says_so(self):
        self.assertEqual(st.cell(0, 0), "not measured")

    def test_a_large_count_has_a_thousands_separator(self):
        self.assertEqual(st.cell(775, 1200), "64.6% [61.8, 67.2] (1,200)")


if __name__ == "__main__":
    unittest.main()
