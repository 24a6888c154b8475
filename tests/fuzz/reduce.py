#!/usr/bin/env python3
"""Shrinks a failing random kernel (fuzz.py --save) to a small one.

Line deletion can make a defined program undefined (an uninitialised
variable reads as anything at -O0 and at -O3 alike, but an endless loop
may be assumed away): the loop counters' increments are kept, and the
result is worth checking by hand before it becomes a regression test.

The oracle needs no reference: a candidate is still interesting while
CoreCL at default options and with -cl-opt-disable both build it and
disagree (or the default build crashes). When both are wrong alike,
--reference-env names a setting that is right instead, such as
CORECL_REGION_PACKETS=0 (work-item loops in place of region packets). Deletes single lines and whole
braced blocks, keeping braces balanced, until nothing more can go.

  reduce.py --runner build/tests/corecl_fuzz_runner --vendors build/vendors \\
            seed2525.cl > small.cl
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile


def outcome(args, source, options, extra_env=None):
    with tempfile.NamedTemporaryFile("w", suffix=".cl", delete=False) as f:
        f.write(source)
        path = f.name
    env = dict(os.environ, OCL_ICD_VENDORS=args.vendors, CORECL_CACHE="0")
    env.update(extra_env or {})
    try:
        proc = subprocess.run([args.runner, path, str(args.global_size), str(args.local_size),
                               options], env=env, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "timeout"
    finally:
        os.unlink(path)
    if proc.returncode < 0:
        return "crash"
    if proc.returncode != 0:
        return "error"
    return proc.stdout


def interesting(args, source):
    fast = outcome(args, source, "")
    if fast == "crash":
        return True
    if fast in ("error", "timeout"):
        return False
    if args.reference_env:
        slow = outcome(args, source, "", dict(v.split("=", 1) for v in args.reference_env))
    else:
        slow = outcome(args, source, "-cl-opt-disable")
    return slow not in ("error", "timeout", "crash") and slow != fast


# The counters that bound kernelgen's while loops: deleting their increment
# would make a loop endless, whose behaviour is undefined.
GUARD = re.compile(r"^\s*w\d+\+\+;\s*$")
RETURN = re.compile(r"\s*return\b")


def balanced(lines):
    depth = 0
    for line in lines:
        depth += line.count("{") - line.count("}")
        if depth < 0:
            return False
    return depth == 0


def block_end(lines, start):
    """The line that closes the block opened on `start`, or None."""
    depth = 0
    for i in range(start, len(lines)):
        depth += lines[i].count("{") - lines[i].count("}")
        if depth == 0:
            return i
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runner", required=True)
    ap.add_argument("--vendors", required=True)
    ap.add_argument("--reference-env", action="append", metavar="VAR=VALUE",
                    help="compare against this environment instead of -cl-opt-disable")
    ap.add_argument("program")
    args = ap.parse_args()
    lines = open(args.program).read().split("\n")
    m = re.search(r"global=(\d+) local=(\d+)", lines[0])
    args.global_size, args.local_size = int(m.group(1)), m.group(2)
    shape = re.search(r"shape=(\d+x\d+)", lines[0])
    if shape:  # rows of a 2-D group, launched as such
        args.local_size = shape.group(1)
    if not interesting(args, "\n".join(lines)):
        sys.exit("the program does not show a difference from its reference")
    changed = True
    while changed:
        changed = False
        i = 1
        while i < len(lines):
            # A whole block first, then the single line.
            candidates = []
            if lines[i].rstrip().endswith("{"):
                end = block_end(lines, i)
                if end is not None and end > i:
                    candidates.append(lines[:i] + lines[end + 1:])
            candidates.append(lines[:i] + lines[i + 1:])
            if GUARD.match(lines[i]):
                candidates = candidates[:-1]  # the loop must still end
            if RETURN.match(lines[i]):
                candidates = candidates[:-1]  # a helper without its return is undefined
            for candidate in candidates:
                if balanced(candidate) and interesting(args, "\n".join(candidate)):
                    lines = candidate
                    changed = True
                    break
            else:
                i += 1
        print("%d lines" % len(lines), file=sys.stderr)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
