#!/usr/bin/env python3
"""Checks of scripts/paired_score.py, which prints a candidate's paired score over two
tournament folders (scripts/strength.py counts with its score and wilson too): draws
count half, each side is scored from its own folder, the seed-by-seed comparison with a
baseline counts a seed only when one of the two won it, and a folder that is not a
tournament's is refused in one line. Run by the test command (ctest: scripts_tests).
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

import paired_score as ps  # noqa: E402


def folder(root, name, winners, errors=()):
    """A `bluegray tournament --out` folder whose game on seed 100 + i has winners[i]."""
    path = os.path.join(root, name)
    os.makedirs(path)
    games = [{"game": i, "seed": 100 + i, "error": "refused"} if i in errors else
             {"game": i, "seed": 100 + i, "winner": w} for i, w in enumerate(winners)]
    with open(os.path.join(path, "results.json"), "w") as f:
        json.dump({"games": games}, f)
    return path


def run(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = ps.main(["paired_score.py", *argv])
    return rc, out.getvalue().splitlines()


class Scoring(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.root = self.dir.name

    def test_draws_count_half_and_each_side_from_its_own_folder(self):
        u = folder(self.root, "u", ["union", "confederate", "draw", "union"])
        c = folder(self.root, "c", ["confederate", "confederate", "union", "draw"])
        rc, lines = run("ai-hard", u, c)
        self.assertEqual(rc, 0)
        self.assertEqual(lines[0], "ai-hard")
        # Union: 2 won + a draw = 2.5 of 4; Confederate 2.5 of 4; paired 5 of 8.
        lo, hi = ps.wilson(2.5, 4)
        self.assertEqual(lines[1], f"  as the Union: 62.5% [{lo:.1f}, {hi:.1f}] of 4")
        self.assertEqual(lines[2], f"  as the Confederate: 62.5% [{lo:.1f}, {hi:.1f}] of 4")
        lo, hi = ps.wilson(5, 8)
        self.assertEqual(lines[3], f"  paired: 62.5% [{lo:.1f}, {hi:.1f}] of 8")

    def test_a_game_that_ended_in_error_is_not_counted(self):
        u = folder(self.root, "u", ["union", "union", "confederate"], errors=(1,))
        c = folder(self.root, "c", ["confederate"])
        _, lines = run("p", u, c)
        self.assertTrue(lines[1].startswith("  as the Union: 50.0% ["), lines[1])
        self.assertTrue(lines[1].endswith(" of 2"), lines[1])

    def compared(self, u, c, bu, bc, errors=((), ())):
        """The two baseline lines of a run with these winners (candidate's Union and
        Confederate games, the baseline's), the baseline's games in `errors` unfinished."""
        _, lines = run("p", folder(self.root, "u", u), folder(self.root, "c", c),
                       folder(self.root, "bu", bu, errors[0]),
                       folder(self.root, "bc", bc, errors[1]))
        return lines[4:6]

    def test_the_baseline_comparison_counts_seeds_one_of_them_won(self):
        lines = self.compared(["union", "union", "confederate", "draw"],
                              ["confederate", "union", "confederate", "confederate"],
                              ["union", "confederate", "union", "union"],
                              ["union", "union", "confederate", "confederate"])
        # Union: seed 101 won only by the candidate; 102 and 103 only by the baseline
        # (the candidate's draw on 103 is not a win). Confederate: 100 won only by the
        # candidate; 102 and 103 by both, so neither count.
        self.assertEqual(lines[0], "  union: baseline 75.0%, won only by the candidate 1, "
                                   "only by the baseline 2")
        self.assertEqual(lines[1], "  confederate: baseline 50.0%, won only by the candidate "
                                   "1, only by the baseline 0")

    def test_a_seed_the_baseline_did_not_finish_is_compared_with_nothing(self):
        lines = self.compared(["union", "union"], ["confederate", "confederate"],
                              ["confederate", "union"], ["union", "confederate"],
                              errors=((0,), (1,)))
        # Seed 100's Union game and seed 101's Confederate one have no baseline result:
        # the candidate's wins there are not counted as wins the baseline missed.
        self.assertEqual(lines[0], "  union: baseline 100.0%, won only by the candidate 0, "
                                   "only by the baseline 0")
        self.assertEqual(lines[1], "  confederate: baseline 0.0%, won only by the candidate "
                                   "1, only by the baseline 0")

    def test_the_interval_is_wilsons(self):
        # The docs' figures: 200 of 200 is "100% [98.1, 100]", 0 of 0 has no width.
        self.assertEqual(tuple(round(v, 1) for v in ps.wilson(200, 200)), (98.1, 100.0))
        self.assertEqual(ps.wilson(0, 0), (0.0, 0.0))
        lo, hi = ps.wilson(50, 100)
        self.assertAlmostEqual(lo + hi, 100.0)
        self.assertLess(lo, 50.0)


class Refusals(unittest.TestCase):
    def test_a_folder_that_is_not_a_tournaments(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "empty"))
            with open(os.path.join(d, "empty", "results.json"), "w") as f:
                f.write('{"games": []}')
            os.makedirs(os.path.join(d, "junk"))
            with open(os.path.join(d, "junk", "results.json"), "w") as f:
                f.write("not json")
            for name, says in (("missing", "not a tournament's results"),
                               ("junk", "not a tournament's results"),
                               ("empty", "no games finished")):
                with self.subTest(folder=name):
                    with self.assertRaises(SystemExit) as e:
                        ps.load(os.path.join(d, name))
                    self.assertIn(says, str(e.exception.code))

    def test_the_wrong_number_of_arguments_prints_the_usage(self):
        rc, lines = run("p", "only-one-folder")
        self.assertEqual(rc, 2)
        self.assertIn("paired_score.py PLAYER U_DIR C_DIR [BASE_U_DIR BASE_C_DIR]", lines[2])


if __name__ == "__main__":
    unittest.main()
