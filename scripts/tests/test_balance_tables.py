#!/usr/bin/env python3
"""Checks of scripts/balance_tables.py, which prints docs/balance.md's tables and chart
from the cells scripts/balance_study.sh played: its rows (rates, points and their
quartiles, the margin's interval), how it groups victory lines into kinds, the Four
Roads table and the chart it writes, all from study folders the test writes itself.
Run by the test command (ctest: scripts_tests).
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
sys.path.insert(0, SCRIPTS)

import balance_tables as b  # noqa: E402


def results(vps, union_rate=0.5):
    """A tournament's results.json with games of these (Union, Confederate) points."""
    games = [{"game": i, "winner": "union" if u > c else "confederate", "vp": [u, c],
              "lines": [{"side": "union", "rule": "21.11", "what": "eliminated Hood (7)",
                         "points": u},
                        {"side": "confederate", "rule": "21.12",
                         "what": f"{c} Confederate strength point(s) exited at 0117",
                         "points": c}]}
             for i, (u, c) in enumerate(vps)]
    share = {"rate": union_rate, "ci95": [union_rate - 0.1, union_rate + 0.1]}
    other = {"rate": 1 - union_rate, "ci95": [0.4 - union_rate, 1.2 - union_rate]}
    return {"games": games, "summary": {"union": share, "confederate": other,
                                        "refused": 0, "errors": 0}}


class Rows(unittest.TestCase):
    def test_quartiles_interpolate_between_ranks(self):
        self.assertEqual(b.quartiles([1, 2, 3, 4, 5]), (2, 4))
        self.assertEqual(b.quartiles([0, 10]), (2.5, 7.5))

    def test_a_cells_row_gives_means_quartiles_and_the_margins_interval(self):
        row = b.cell_row("basic", "stand", results([(10, 0), (20, 10), (30, 20), (40, 10)]))
        cells = [c.strip() for c in row.strip("|").split("|")]
        self.assertEqual(cells[:3], ["basic", "stand", "4"])
        self.assertEqual(cells[3], "50.0% [40.0, 60.0]")
        self.assertEqual(cells[5], "25.0 (18-32)")  # Union points, mean (quartiles)
        self.assertEqual(cells[6], "10.0 (8-12)")
        # Margins 10, 10, 10, 30: mean 15, sd 10, half-width 1.96 * 10 / 2.
        self.assertEqual(cells[7], "+15.0 [+5.2, +24.8]")

    def test_a_voided_game_is_left_out_of_the_points(self):
        r = results([(10, 0), (30, 20)])
        r["games"].append({"game": 2, "error": "refused"})
        self.assertIn("| 2 |", b.cell_row("basic", "stand", r))


class Kinds(unittest.TestCase):
    def test_lines_group_by_their_words_without_counts_units_or_turns(self):
        self.assertEqual(b.kind("eliminated Hood (7)"), "eliminated units")
        self.assertEqual(b.kind("eliminated the Union Train"), "eliminated the Union Train")
        self.assertEqual(b.kind("86 Union strength point(s) exited at 0117"),
                         "Union strength point(s) exited at 0117")
        # A hex keeps its four digits; a Game-Turn becomes N.
        self.assertEqual(b.kind("held 1823 on Game-Turn 15"), "held 1823 on Game-Turn N")


class Command(unittest.TestCase):
    def test_the_tables_and_a_well_formed_chart_from_a_study_folder(self):
        with tempfile.TemporaryDirectory() as d:
            for name, rate in (("1977_basic_stand", 0.25), ("1977_basic_withdraw", 0.75)):
                os.makedirs(os.path.join(d, name))
                with open(os.path.join(d, name, "results.json"), "w") as f:
                    json.dump(results([(10, 0), (0, 10)], rate), f)
            out = subprocess.run([sys.executable, os.path.join(SCRIPTS, "balance_tables.py"), d],
                                 capture_output=True, text=True, check=True).stdout
            self.assertIn("| basic | stand | 2 | 25.0% [15.0, 35.0] |", out)
            self.assertIn("| basic | withdraw | 2 | 75.0% [65.0, 85.0] |", out)
            self.assertIn("4 games, 0 refused actions, 0 games voided", out)
            svg = ET.parse(os.path.join(d, "union_win_rates.svg")).getroot()
            bars = [r for r in svg.iter("{http://www.w3.org/2000/svg}rect")
                    if r.get("fill") in ("#c04040", "#3060c0") and r.get("width") != "10"]
            # Two bars, their heights in the ratio of the win rates.
            self.assertEqual(len(bars), 2)
            h = sorted(float(r.get("height")) for r in bars)
            self.assertAlmostEqual(h[1] / h[0], 3.0, places=2)
            self.assertFalse(os.path.exists(os.path.join(d, "union_win_rates.svg.tmp")))

    def test_four_roads_scenarios_have_a_table_of_their_own_and_no_chart(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "fr_wilderness"))
            with open(os.path.join(d, "fr_wilderness", "results.json"), "w") as f:
                json.dump(results([(10, 0), (0, 10)], 0.5), f)
            out = subprocess.run([sys.executable, os.path.join(SCRIPTS, "balance_tables.py"), d],
                                 capture_output=True, text=True, check=True).stdout
            self.assertIn("| scenario | games | Union wins |", out)
            self.assertIn("| Wilderness | 2 | 50.0% [40.0, 60.0] |", out)
            self.assertNotIn("standard rules", out)
            self.assertNotIn("Where the points come from", out)
            self.assertFalse(os.path.exists(os.path.join(d, "union_win_rates.svg")))
            out = subprocess.run([sys.executable, os.path.join(SCRIPTS, "balance_tables.py"), d,
                                  "--sources"], capture_output=True, text=True, check=True).stdout
            self.assertIn("Where the points come from", out)

    def test_without_a_folder_it_says_how_to_call_it(self):
        r = subprocess.run([sys.executable, os.path.join(SCRIPTS, "balance_tables.py")],
                           capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("Usage", r.stderr)


if __name__ == "__main__":
    unittest.main()
