#!/usr/bin/env python3
"""Checks of scripts/hooks/commit-msg, the hook that keeps commit subjects short
(CONTRIBUTING.md, "Commit messages"): it runs on messages the test writes and must
refuse a subject over 72 characters, an empty one and a subject run into its body, and
accept a good message, git's comment lines and what git writes itself.
"""
import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HOOK = os.path.join(os.path.dirname(HERE), "hooks", "commit-msg")

BODY = ("Move tournaments to src/study\n\n"
        "The players stay in src/ai; the study tools build on them.\n\n"
        "No functional change: the locks and golden transcripts pass.\n")


def hook(message):
    """The hook's exit code and what it wrote to stderr, on a message file."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "COMMIT_EDITMSG")
        with open(path, "w", encoding="utf-8") as f:
            f.write(message)
        r = subprocess.run(["bash", HOOK, path], capture_output=True, text=True, cwd=d)
    return r.returncode, r.stderr


class Refused(unittest.TestCase):
    def test_a_subject_over_72_characters(self):
        rc, err = hook("Move " + "x" * 68 + "\n\nWhy.\n")  # 73 characters
        self.assertEqual(rc, 1)
        self.assertIn("73 characters", err)

    def test_an_empty_subject(self):
        self.assertEqual(hook("\n\n")[0], 1)
        self.assertEqual(hook("# only git's help text\n")[0], 1)

    def test_a_subject_run_into_its_body(self):
        rc, err = hook("Move tournaments to src/study\nThe players stay in src/ai.\n")
        self.assertEqual(rc, 1)
        self.assertIn("blank line", err)


class Accepted(unittest.TestCase):
    def test_a_subject_a_blank_line_and_a_body(self):
        self.assertEqual(hook(BODY), (0, ""))

    def test_exactly_72_characters_and_a_subject_alone(self):
        self.assertEqual(hook("Move " + "x" * 67 + "\n")[0], 0)

    def test_72_characters_that_are_not_all_ascii(self):
        self.assertEqual(hook("Cite Standard Rules 7.12 — " + "é" * 45 + "\n")[0], 0)

    def test_comment_lines_and_the_scissors_are_not_the_message(self):
        message = ("# Please enter the commit message\n" + BODY + "# On branch main\n"
                   "# ------------------------ >8 ------------------------\n" + "x" * 100)
        self.assertEqual(hook(message)[0], 0)

    def test_subjects_git_writes_itself(self):
        for subject in ("Merge branch 'study' into main with a long subject " + "x" * 40,
                        "fixup! " + "x" * 80, "squash! " + "x" * 80):
            with self.subTest(subject=subject[:20]):
                self.assertEqual(hook(subject + "\n")[0], 0)


if __name__ == "__main__":
    unittest.main()
