#!/usr/bin/env python3
"""Checks of scripts/tune_curve.py, which draws a `bluegray tune` run's curve from its
log: what the two panels plot, and that a log it cannot draw is refused in one line
without leaving a chart behind. Every log here is made by the test itself.
"""
import contextlib
import io
import os
import re
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
sys.path.insert(0, SCRIPTS)

import tune_curve as tc  # noqa: E402

HEADER = ("iteration,ck,ak,games,errors,score_plus,score_minus,score_mean,fitness_plus,"
          "fitness_minus,union.risk_factor,union.combat_factor")


def log(folder, lines, header=HEADER):
    path = os.path.join(folder, "tune_log.csv")
    with open(path, "w") as f:
        f.write(header + "\n" + "".join(line + "\n" for line in lines))
    return path


def row(it, mean, risk, combat):
    return f"{it},1.0,1.0,32,0,{mean},{mean},{mean},0.5,0.5,{risk},{combat}"


def run(*argv):
    """tune_curve's exit code and what it wrote to stderr."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        rc = tc.main(list(argv))
    return rc, err.getvalue()


def polylines(svg):
    return [[tuple(map(float, p.split(","))) for p in m.split()]
            for m in re.findall(r'<polyline points="([^"]*)"', svg)]


class Panels(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def test_the_line_is_the_running_mean_over_the_window(self):
        path = log(self.dir.name, [row(1, 0.2, 1, 1), row(2, 0.6, 1, 1), row(3, 1.0, 1, 1)])
        rows, weights = tc.read(path)
        score_line = polylines(tc.draw(rows, weights, window=2))[0]
        top, bottom = tc.PANELS[0]
        percent = [round((bottom - y) / (bottom - top) * 100, 1) for _, y in score_line]
        # Window 2: 20, then (20 + 60) / 2, then (60 + 100) / 2.
        self.assertEqual(percent, [20.0, 40.0, 80.0])
        xs = [x for x, _ in score_line]
        self.assertEqual(xs, sorted(xs))
        self.assertEqual((xs[0], xs[-1]), (tc.LEFT, tc.W - tc.RIGHT))

    def test_weights_are_drawn_as_ratios_to_their_first_iterate(self):
        path = log(self.dir.name, [row(1, 0.5, 2.0, 0.5), row(2, 0.5, 4.0, 0.5)])
        rows, weights = tc.read(path)
        self.assertEqual(weights, ["union.risk_factor", "union.combat_factor"])
        svg = tc.draw(rows, weights)
        risk, combat = polylines(svg)[1:]
        top, bottom = tc.PANELS[1]
        lo, hi = 0.5, 2.0  # the axis reaches the doubled weight; 0.5-1.5 at least
        ratio = [round(lo + (bottom - y) / (bottom - top) * (hi - lo), 3) for _, y in risk]
        self.assertEqual(ratio, [1.0, 2.0])
        self.assertEqual({y for _, y in combat}, {round(tc.scale(1.0, lo, hi, top, bottom), 1)})
        # The legend gives each weight's last value.
        self.assertIn(">union.risk_factor 4<", svg)
        self.assertIn(">union.combat_factor 0.5<", svg)


class Refusals(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.out = os.path.join(self.dir.name, "chart.svg")

    def refused(self, path, *extra, says):
        rc, err = run(path, self.out, *extra)
        self.assertNotEqual(rc, 0)
        self.assertIn(says, err)
        self.assertNotIn("Traceback", err)
        # No chart, whole or half, is left behind.
        self.assertEqual([f for f in os.listdir(self.dir.name) if not f.endswith(".csv")], [])

    def test_a_log_with_no_iterations(self):
        self.refused(log(self.dir.name, []), says="no iterations yet")

    def test_a_figure_that_is_not_a_number(self):
        path = log(self.dir.name, [row(1, 0.5, 1, 1), row(2, "half", 1, 1)])
        self.refused(path, says="line 3: score_mean is not a number")

    def test_a_missing_column(self):
        path = log(self.dir.name, ["1,1.0,1.0,32,0,0.5"])
        self.refused(path, says="is not a number")

    def test_iterations_that_do_not_count_up(self):
        path = log(self.dir.name, [row(2, 0.5, 1, 1), row(1, 0.5, 1, 1)])
        self.refused(path, says="iterations must count up from 1")

    def test_a_log_that_is_not_there(self):
        self.refused(os.path.join(self.dir.name, "none.csv"), says="none.csv")

    def test_a_window_that_is_not_a_positive_whole_number(self):
        path = log(self.dir.name, [row(1, 0.5, 1, 1)])
        for bad in (["--window", "0"], ["--window", "ten"], ["--window"]):
            with self.subTest(argv=bad):
                self.refused(path, *bad, says="--window")

    def test_the_chart_is_written_whole(self):
        path = log(self.dir.name, [row(1, 0.5, 1, 1), row(2, 0.7, 1.1, 1)])
        self.assertEqual(run(path, self.out), (0, ""))
        self.assertEqual(sorted(os.listdir(self.dir.name)), ["chart.svg", "tune_log.csv"])
        with open(self.out) as f:
            self.assertTrue(f.read().rstrip().endswith("</svg>"))


if __name__ == "__main__":
    unittest.main()
