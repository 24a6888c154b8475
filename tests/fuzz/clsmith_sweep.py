#!/usr/bin/env python3
"""Differential sweeps with CLSmith, a random-program generator nobody here
wrote (ChrisLidbury/CLSmith, "Many-Core Compiler Fuzzing", PLDI 2015).

CLSmith and its cl_launcher are not part of CoreCL and are never built by
this repository: build them outside it (docs/conformance.md says how) and
pass their build folder. For every mode and seed this script generates a
program, runs it through the ICD loader on CoreCL and on each baseline
driver (PoCL 3.1, PoCL 7.1, ...), with default options and with
-cl-opt-disable, and compares the printed results. A CoreCL hang, crash,
build failure or result that differs from baselines that agree with each
other is a failure; a CoreCL run far slower than the slowest baseline is
reported as slow; programs where the baselines disagree with each other are
listed for a third look, never decided by a vote. The third look can be a
referee: a driver too slow to run every program (Oclgrind, Debian's OpenCL
simulator) that runs only the programs where the baselines disagree or none
answered or only one answered, and decides them when CoreCL answered; --rejudge applies it to
the runs of an earlier log.

  clsmith_sweep.py --clsmith /tmp/clsmith/build --include /tmp/clsmith/include \\
      --corecl build/vendors/corecl.icd \\
      --baseline pocl3=/etc/OpenCL/vendors/pocl.icd --baseline pocl7=/tmp/pocl7/pocl.icd \\
      --seeds 5000-5099 [--modes all] [--save /tmp/clsmith/failures] [--log sweep.jsonl]
      [--referee oclgrind=/tmp/oclgrind.icd]
  clsmith_sweep.py ... --referee oclgrind=/tmp/oclgrind.icd --rejudge sweep.jsonl
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzz import parse_seeds  # noqa: E402

# The twelve mode combinations of issue 49: CLSmith's flags for each.
MODES = {
    "basic": [],
    "vectors": ["--vectors"],
    "barriers": ["--barriers"],
    "atomics": ["--atomics"],
    "atomic_reductions": ["--atomic_reductions"],
    "divergence": ["--divergence"],
    "fake_divergence": ["--fake_divergence"],
    "group_divergence": ["--group_divergence"],
    "inter_thread_comm": ["--inter_thread_comm"],
    "emi": ["--emi"],
    "divergence_vectors": ["--divergence", "--vectors"],
    "divergence_barriers": ["--divergence", "--track_divergence", "--barriers"],
}

# A CoreCL run slower than this many times the slowest baseline, and longer
# than SLOW_FLOOR seconds, is reported (issue 49: a right answer found far
# later than PoCL finds it is a defect too).
SLOW_RATIO = 4.0
SLOW_FLOOR = 5.0


def generate(clsmith, mode, seed, folder):
    """Path of the generated program, or None when CLSmith fails."""
    path = os.path.join(folder, "%s_%d.cl" % (mode, seed))
    try:
        proc = subprocess.run([os.path.join(clsmith, "CLSmith"), "--seed", str(seed)] +
                              MODES[mode] + ["--output_file", path], cwd=folder,
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:  # CLSmith itself loops on some seeds
        return None
    if proc.returncode != 0 or not os.path.exists(path):
        return None
    return path


def launch(clsmith, include, vendors, program, opt_disable, timeout):
    """(verdict, output, seconds): verdict ok, timeout, crash or error."""
    env = dict(os.environ, OCL_ICD_VENDORS=vendors, CORECL_CACHE="0",
               POCL_KERNEL_CACHE="0")
    command = [os.path.join(clsmith, "cl_launcher"), "-f", program, "-p", "0", "-d", "0", "-i",
               include]
    if opt_disable:
        command.append("---disable_opts")
    start = time.time()
    try:
        # A new session, so that a timeout kills the launcher's whole group.
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.communicate()
        return "timeout", "", timeout
    seconds = time.time() - start
    if proc.returncode < 0:
        return "crash", "signal %d: %s" % (-proc.returncode, err[-500:]), seconds
    text = out.strip()
    # cl_launcher prints "Error..." lines with a zero exit status for some
    # failures; a result is a comma-separated list of hex words.
    if proc.returncode != 0 or not text or "rror" in text:
        return "error", (text + " " + err)[-500:].strip(), seconds
    return "ok", text, seconds


def judge(corecl, baselines, same_options):
    """The verdict for CoreCL given the baselines' runs; `same_options` when
    the baselines ran with CoreCL's options (only then are times compared)."""
    verdict, output, seconds = corecl
    answered = {name: run for name, run in baselines.items() if run[0] == "ok"}
    outputs = {run[1] for run in answered.values()}
    timed_out = any(run[0] == "timeout" for run in baselines.values())
    if verdict == "crash":
        # Every driver crashing, at both options, is the program's doing
        # (CLSmith --vectors seed 10330 loads through a null pointer).
        if baselines and all(run[0] == "crash" for run in baselines.values()):
            return "crash_everywhere"
        return "crash"
    if len(outputs) > 1:
        return "baselines_disagree"
    # One baseline answers where another runs past the limit: PoCL 7.1
    # deletes loops that never end (CLSmith's `x != 27` stepping by 4),
    # which PoCL 3.1, PoCL 7.1 itself at -cl-opt-disable and CoreCL run.
    # A disagreement between the baselines, for a third look.
    if verdict == "timeout" and answered and timed_out:
        return "baselines_disagree"
    if verdict == "timeout":
        return "hang" if answered else "timeout_everywhere"
    if verdict == "error":
        return "error" if answered else "error_everywhere"
    if not answered:
        return "only_corecl_answers"
    if output not in outputs:
        return "mismatch"
    slowest = max(run[2] for run in answered.values())
    if same_options and seconds > SLOW_FLOOR and seconds > SLOW_RATIO * slowest:
        return "slow"
    return "agree"


# Verdicts a referee decides, when CoreCL answered.
NEEDS_REFEREE = {"baselines_disagree", "only_corecl_answers"}


def needs_referee(verdict, corecl, baselines):
    """Whether a referee decides this run: CoreCL answered, and the baselines
    disagree, none answered, or the one that answered differs from CoreCL
    (the others crashed or ran past the limit: one driver's word is not a
    consensus)."""
    if corecl[0] != "ok":
        return False
    if verdict == "mismatch":
        return sum(run[0] == "ok" for run in baselines.values()) == 1
    return verdict in NEEDS_REFEREE


def referee_verdict(corecl, referee):
    """The verdict once a referee ran a program CoreCL answered: the referee
    agrees, gives another result (a failure to look into: CoreCL's or the
    referee's), or gave no result (undecided)."""
    if referee[0] != "ok":
        return "referee_undecided"
    return "referee_agrees" if referee[1] == corecl[1] else "referee_disagrees"


FAILURES = {"crash", "hang", "error", "mismatch", "slow", "referee_disagrees"}


def rejudge(args, referee_name, referee_vendors):
    """Runs the referee on the runs of an earlier log that need it; returns
    the number of runs it found CoreCL wrong on."""
    work = tempfile.mkdtemp(prefix="clsmith-")
    counts = {}
    referees = {}  # (mode, seed): a program's result does not depend on options
    for line in open(args.rejudge):
        run = json.loads(line)
        if not needs_referee(run["verdict"], run["corecl"], run["baselines"]):
            continue
        program = generate(args.clsmith, run["mode"], run["seed"], work)
        if program is None:
            continue
        key = (run["mode"], run["seed"])
        if key not in referees:
            referees[key] = launch(args.clsmith, args.include, referee_vendors, program, False,
                                   args.referee_timeout)
        referee = referees[key]
        verdict = referee_verdict(run["corecl"], referee)
        counts[verdict] = counts.get(verdict, 0) + 1
        print("%-20s %s seed %d%s (was %s; %s %.1fs %s)" %
              (verdict, run["mode"], run["seed"], " -cl-opt-disable" if run["opt_disable"] else "",
               run["verdict"], referee_name, referee[2], referee[0]), flush=True)
        if verdict == "referee_disagrees" and args.save:
            os.makedirs(args.save, exist_ok=True)
            shutil.copy(program, args.save)
        os.remove(program)
    shutil.rmtree(work, ignore_errors=True)
    print("\n" + ", ".join("%s %d" % item for item in sorted(counts.items())))
    return counts.get("referee_disagrees", 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clsmith", required=True, help="folder with CLSmith and cl_launcher")
    ap.add_argument("--include", required=True,
                    help="CLSmith's runtime headers (CLSmith.h, safe_math_macros.h, ...)")
    ap.add_argument("--corecl", required=True, help="OCL_ICD_VENDORS for CoreCL")
    ap.add_argument("--baseline", action="append", default=[],
                    help="name=OCL_ICD_VENDORS of a driver to compare with (repeatable)")
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--modes", default="all", help="comma-separated names, or all")
    ap.add_argument("--opt", default="both", choices=["default", "disable", "both"])
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--save", help="copy failing programs here")
    ap.add_argument("--log", help="append one JSON line a run here")
    ap.add_argument("--referee", help="name=OCL_ICD_VENDORS of a driver that decides the runs "
                    "where the baselines disagree or none answered")
    ap.add_argument("--referee-timeout", type=float, default=600)
    ap.add_argument("--rejudge", help="a --log file: run only the referee on its runs that "
                    "need one")
    args = ap.parse_args()

    referee_name, referee_vendors = (args.referee.split("=", 1) if args.referee
                                     else (None, None))
    if args.rejudge:
        if not args.referee:
            ap.error("--rejudge needs --referee")
        return 1 if rejudge(args, referee_name, referee_vendors) else 0
    baselines = dict(item.split("=", 1) for item in args.baseline)
    modes = list(MODES) if args.modes == "all" else args.modes.split(",")
    opts = {"default": [False], "disable": [True], "both": [False, True]}[args.opt]
    work = tempfile.mkdtemp(prefix="clsmith-")
    counts = {}
    failures = []
    log = open(args.log, "a") if args.log else None
    for seed in parse_seeds(args.seeds):
        for mode in modes:
            program = generate(args.clsmith, mode, seed, work)
            if program is None:
                counts["generator_failed"] = counts.get("generator_failed", 0) + 1
                continue
            # A CLSmith program's result does not depend on optimisation, so
            # the baselines run once, at default options; again at
            # -cl-opt-disable only to judge a CoreCL -cl-opt-disable run that
            # found no result (some programs finish only once an optimiser
            # removes their loops of billions of empty trips).
            runs_default = None
            referee_run = None
            for opt_disable in opts:
                corecl = launch(args.clsmith, args.include, args.corecl, program, opt_disable,
                                args.timeout)
                if opt_disable and corecl[0] != "ok":
                    runs = {name: launch(args.clsmith, args.include, vendors, program, True,
                                         args.timeout) for name, vendors in baselines.items()}
                else:
                    if runs_default is None:
                        runs_default = {name: launch(args.clsmith, args.include, vendors, program,
                                                     False, args.timeout)
                                        for name, vendors in baselines.items()}
                    runs = runs_default
                verdict = judge(corecl, runs, runs is not runs_default or not opt_disable)
                referee = None
                if referee_name and needs_referee(verdict, corecl, runs):
                    if referee_run is None:
                        referee_run = launch(args.clsmith, args.include, referee_vendors, program,
                                             False, args.referee_timeout)
                    referee = referee_run
                    verdict = referee_verdict(corecl, referee)
                counts[verdict] = counts.get(verdict, 0) + 1
                tag = "%s seed %d%s" % (mode, seed, " -cl-opt-disable" if opt_disable else "")
                timed = [("corecl", corecl)] + list(runs.items())
                if referee:
                    timed.append((referee_name, referee))
                times = " ".join("%s %.1fs %s" % (name, run[2], run[0]) for name, run in timed)
                print("%-20s %s  (%s)" % (verdict, tag, times), flush=True)
                if log:
                    log.write(json.dumps({"mode": mode, "seed": seed, "opt_disable": opt_disable,
                                          "verdict": verdict, "corecl": corecl,
                                          "baselines": runs, "referee": referee}) + "\n")
                    log.flush()
                if verdict in FAILURES or verdict in NEEDS_REFEREE or verdict == "referee_undecided":
                    failures.append((verdict, tag))
                    if args.save:
                        os.makedirs(args.save, exist_ok=True)
                        shutil.copy(program, args.save)
                if verdict == "timeout_everywhere" and not opt_disable:
                    # Loops of billions of trips on every driver: the same at
                    # -cl-opt-disable, where nothing removes them.
                    break
            os.remove(program)
    shutil.rmtree(work, ignore_errors=True)
    print("\n" + ", ".join("%s %d" % item for item in sorted(counts.items())))
    for verdict, tag in failures:
        print("  %s: %s" % (verdict, tag))
    bad = sum(counts.get(v, 0) for v in FAILURES)
    print("%d passed, %d failed" % (sum(counts.values()) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
