#!/usr/bin/env python3
"""The CLSmith sweep's verdicts (clsmith_sweep.judge and the referee's
rules) on hand-made runs: no CLSmith or driver needed."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clsmith_sweep import judge, needs_referee, referee_verdict  # noqa: E402


def ok(result, seconds=1.0):
    return ["ok", result, seconds]


CRASH = ["crash", "signal 11", 1.0]
TIMEOUT = ["timeout", "", 30.0]


class Judge(unittest.TestCase):
    def test_agreement(self):
        self.assertEqual(judge(ok("a"), {"p3": ok("a"), "p7": ok("a")}, True), "agree")

    def test_a_result_unlike_agreeing_baselines_is_a_mismatch(self):
        runs = {"p3": ok("a"), "p7": ok("a")}
        self.assertEqual(judge(ok("b"), runs, True), "mismatch")
        self.assertFalse(needs_referee("mismatch", ok("b"), runs))

    def test_baselines_that_differ_need_a_third_look(self):
        runs = {"p3": ok("a"), "p7": ok("b")}
        self.assertEqual(judge(ok("a"), runs, True), "baselines_disagree")
        self.assertTrue(needs_referee("baselines_disagree", ok("a"), runs))

    def test_one_baseline_is_no_consensus(self):
        # Issue 49's seed 10270: PoCL 3.1 answers otherwise, PoCL 7.1 crashes.
        runs = {"p3": ok("a"), "p7": CRASH}
        self.assertEqual(judge(ok("b"), runs, True), "mismatch")
        self.assertTrue(needs_referee("mismatch", ok("b"), runs))

    def test_a_referee_decides_only_runs_corecl_answered(self):
        runs = {"p3": TIMEOUT, "p7": ok("a")}
        self.assertEqual(judge(TIMEOUT, runs, True), "baselines_disagree")
        self.assertFalse(needs_referee("baselines_disagree", TIMEOUT, runs))

    def test_referee_verdicts(self):
        self.assertEqual(referee_verdict(ok("a"), ok("a", 40.0)), "referee_agrees")
        self.assertEqual(referee_verdict(ok("a"), ok("b", 40.0)), "referee_disagrees")
        self.assertEqual(referee_verdict(ok("a"), TIMEOUT), "referee_undecided")

    def test_hangs_crashes_and_slow_runs(self):
        self.assertEqual(judge(TIMEOUT, {"p3": ok("a")}, True), "hang")
        self.assertEqual(judge(TIMEOUT, {"p3": TIMEOUT}, True), "timeout_everywhere")
        self.assertEqual(judge(CRASH, {"p3": ok("a")}, True), "crash")
        self.assertEqual(judge(CRASH, {"p3": CRASH, "p7": CRASH}, True), "crash_everywhere")
        self.assertEqual(judge(ok("a", 30.0), {"p3": ok("a", 2.0)}, True), "slow")
        # Times are compared only when the baselines ran with CoreCL's options.
        self.assertEqual(judge(ok("a", 30.0), {"p3": ok("a", 2.0)}, False), "agree")


if __name__ == "__main__":
    unittest.main()
