#!/usr/bin/env python3
"""Differential random testing of CoreCL's compiler.

Generates random kernels (kernelgen.py), runs each through the ICD loader
on CoreCL with default options and with -cl-opt-disable (with --cl3, also as
OpenCL C 3.0, where the generic address space and the 3.0 builtin overloads
are in play; and on PoCL with --pocl), and compares every result with the host reference the generator
computes. Crashes, build failures, timeouts and mismatches are reported
and their programs saved.

  fuzz.py --runner build/tests/corecl_fuzz_runner --vendors build/vendors \\
          --seeds 0-999 [--pocl /etc/OpenCL/vendors/pocl.icd] [--save dir]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernelgen  # noqa: E402


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            seeds += range(int(a), int(b) + 1)
        else:
            seeds.append(int(part))
    return seeds


def run(runner, vendors, path, program, options, timeout):
    """(verdict, detail, seconds): verdict ok, crash, build, error,
    timeout or mismatch."""
    env = dict(os.environ, OCL_ICD_VENDORS=vendors, CORECL_CACHE="0")
    start = time.time()
    try:
        local = "%dx%d" % program.shape if program.shape else str(program.local_size)
        proc = subprocess.run([runner, path, str(program.global_size), local,
                               (program.options + " " + options).strip()], env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", "more than %d s" % timeout, timeout
    seconds = time.time() - start
    if proc.returncode < 0:
        return "crash", "signal %d\n%s" % (-proc.returncode, proc.stderr[-2000:]), seconds
    if proc.returncode == 3:
        return "build", proc.stderr[-4000:], seconds
    if proc.returncode != 0:
        return "error", proc.stderr[-2000:], seconds
    lines = dict(line.split(" ", 1) for line in proc.stdout.strip().split("\n"))
    out = [int(x, 16) for x in lines["out"].split()]
    acc = [int(x, 16) for x in lines["acc"].split()]
    return "ok", (out, acc), seconds


def compare(result, expected):
    out, acc = result
    want_out, want_acc = expected
    for i, (got, want) in enumerate(zip(out, want_out)):
        if got != want:
            bad = sum(1 for g, w in zip(out, want_out) if g != w)
            return "out[%d] = %08x, expected %08x (%d of %d differ)" % (i, got, want, bad,
                                                                       len(out))
    if acc != want_acc:
        return "acc = %s, expected %s" % (acc, want_acc)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runner", required=True)
    ap.add_argument("--vendors", required=True, help="OCL_ICD_VENDORS for CoreCL")
    ap.add_argument("--pocl", help="OCL_ICD_VENDORS for PoCL (optional)")
    ap.add_argument("--seeds", default="0-49")
    ap.add_argument("--mode", choices=kernelgen.MODES, help="one mode for every seed")
    ap.add_argument("--save", help="folder for the programs that fail")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--cl3", action="store_true",
                    help="also build every program with -cl-std=CL3.0 on CoreCL")
    ap.add_argument("--groups-of-one", action="store_true",
                    help="launch every program with one work-item per group")
    args = ap.parse_args()

    configs = [("corecl", args.vendors, ""), ("corecl-O0", args.vendors, "-cl-opt-disable")]
    if args.cl3:
        configs.append(("corecl-cl3", args.vendors, "-cl-std=CL3.0"))
    if args.pocl:
        configs.append(("pocl", args.pocl, ""))
    failures, counts, slow = [], {}, []
    work = tempfile.mkdtemp(prefix="corecl-fuzz-")
    seeds = parse_seeds(args.seeds)
    for seed in seeds:
        program = kernelgen.generate(seed, args.mode, args.groups_of_one)
        path = os.path.join(work, "p%d.cl" % seed)
        with open(path, "w") as f:
            f.write(program.c_source)
        try:
            expected = program.expected()
        except Exception as e:  # a bug of the generator, not of a driver
            failures.append((seed, program, "generator", "reference", repr(e)))
            continue
        times = {}
        for name, vendors, options in configs:
            verdict, detail, seconds = run(args.runner, vendors, path, program, options,
                                           args.timeout)
            times[name] = seconds
            if verdict == "ok":
                problem = compare(detail, expected)
                if problem:
                    verdict, detail = "mismatch", problem
            key = (name, program.mode, verdict)
            counts[key] = counts.get(key, 0) + 1
            if verdict != "ok":
                failures.append((seed, program, name, verdict, detail))
        if "pocl" in times and times["corecl"] > 10 * max(times["pocl"], 0.5):
            slow.append((seed, times["corecl"], times["pocl"]))
        if not args.quiet:
            print("seed %d (%s, %d/%d): %s" % (
                seed, program.mode, program.global_size, program.local_size,
                " ".join("%s %.1fs" % (n, t) for n, t in times.items())), flush=True)

    print("\n%d programs, seeds %s" % (len(seeds), args.seeds))
    for name, _, _ in configs:
        for mode in kernelgen.MODES:
            row = {v: n for (c, m, v), n in counts.items() if c == name and m == mode}
            if row:
                print("  %-10s %-11s %s" % (name, mode, " ".join(
                    "%s=%d" % kv for kv in sorted(row.items()))))
    for seed, corecl, pocl in slow:
        print("  slow: seed %d CoreCL %.1fs, PoCL %.1fs" % (seed, corecl, pocl))
    # PoCL's own failures are listed but do not fail the run: the reference
    # decides, and PoCL is only a second opinion.
    own = [f for f in failures if f[2] != "pocl"]
    for seed, program, name, verdict, detail in failures:
        print("\nFAIL seed %d mode %s on %s: %s\n%s" % (seed, program.mode, name, verdict,
                                                      str(detail)[:1500]))
        if args.save:
            os.makedirs(args.save, exist_ok=True)
            base = os.path.join(args.save, "seed%d" % seed)
            with open(base + ".cl", "w") as f:
                f.write(program.c_source)
            with open(base + ".txt", "a") as f:
                f.write("%s: %s\n%s\n" % (name, verdict, detail))
    print("\n%d failures on CoreCL, %d on PoCL" % (len(own), len(failures) - len(own)))
    return 1 if own else 0


if __name__ == "__main__":
    sys.exit(main())
