"""The Remez exchange and the helpers shared by the coefficient generators in
builtins/tools/ (explog_, pow_, special_ and trig_coefficients.py).

Not a script: the generators import it (they put their own folder on
sys.path first, so that they run from any directory). Needs only the
standard library and mpmath; the working precision is the caller's (mp.prec
or mp.dps set by the generator before it calls anything here).

remez() is one weighted minimax fit, min over c of
    max |w(x) (f(x) - sum c_j x^powers[j])|  on [a, b],
found by the exchange algorithm on a grid. Its options select the details
in which the generators' fits were written differently (where the first
reference lies, how a new one is picked, when to stop, what is returned);
each generator keeps the options it was written with, because they decide
the last bits of the coefficients and the committed tables must regenerate
exactly.
"""

import argparse
import contextlib
import difflib
import io
import os
import struct
import sys

from mpmath import mp, mpf

# --- rounding and literals ----------------------------------------------------


def round_to(x, bits):
    """x rounded to nearest with a `bits`-bit significand (no range limits)."""
    with mp.workprec(bits):
        return +mpf(x)


def to_double(x):
    """x correctly rounded to a double (a Python float)."""
    return float(mpf(x))


def to_single(x):
    """x rounded to a float through a double (a Python float holding the
    float's value): two roundings, as special_coefficients.py has always done."""
    return struct.unpack("f", struct.pack("f", float(x)))[0]


def hex_literal(x, suffix="", trim=True):
    """A C hexadecimal literal of x, which must be a double (or narrower)
    value: Python's float.hex() spelling, with the trailing zeros of the
    fraction dropped when `trim`, followed by `suffix` ("f" for float)."""
    v = float(x)
    assert mpf(v) == x, "not representable"
    h = v.hex()
    if trim and "." in h:
        mant, exp = h.split("p")
        h = mant.rstrip("0").rstrip(".") + "p" + exp
    return h + suffix


def log2(e):
    """log2 of an error as a float, for printing (-inf for no error)."""
    return float(mp.log(e, 2)) if e > 0 else float("-inf")


# --- grids --------------------------------------------------------------------


def uniform_grid(a, b, n):
    """n equally spaced points from a to b, both included exactly."""
    return [a + (b - a) * (mpf(i) / (n - 1)) for i in range(n)]


def chebyshev_grid(a, b, n):
    """n points on [a, b] at the extrema of a Chebyshev polynomial: denser
    towards the ends, where the extrema of a fit's error crowd."""
    return [(a + b) / 2 - (b - a) / 2 * mp.cos(mp.pi * i / (n - 1)) for i in range(n)]


def polynomial(coeffs, powers, x):
    """sum c_j x^powers[j]."""
    return sum(c * x**p for c, p in zip(coeffs, powers))


def max_error(f, w, coeffs, powers, xs):
    """max |w(x) (f(x) - p(x))| over the points xs, p given by its
    coefficients on the powers (w None: the absolute error)."""
    worst = mpf(0)
    for x in xs:
        e = f(x) - polynomial(coeffs, powers, x)
        worst = max(worst, abs(e if w is None else w(x) * e))
    return worst


# --- the exchange ---------------------------------------------------------------


def remez(f, w, a, b, powers, points=1500, spacing="chebyshev", start="grid",
          local=False, refine=False, keep="ends", stop="level", tol=None,
          iterations=60, best=False):
    """Coefficients c (one per entry of powers) minimising
    max |w(x) (f(x) - sum c_j x^powers[j])| over a grid on [a, b]; w is a
    function, None (absolute error) or "relative" (w = 1/|f|).
    Returns (c, e): e the largest weighted error on the grid of the c
    returned.

    points, spacing: the grid, `points` points "uniform"ly spaced or at
    "chebyshev" extrema (uniform_grid, chebyshev_grid).
    start: the first reference, "chebyshev" (the n + 1 Chebyshev extrema on
    [a, b], off the grid) or "grid" (n + 1 grid points of equally spaced
    indices).
    The next reference holds one extremum of the error per run of equal
    sign on the grid: of the local maxima of |error| only when `local`; moved
    to the maximum between its grid neighbours (ternary search) when
    `refine`; then cut to n + 1 points by dropping the smaller end point
    while too many (keep="ends"), or as the window of n + 1 consecutive
    extrema whose smallest is largest, unless that misses the grid's largest
    error, then the first window holding it (keep="window").
    stop: when the exchange has converged, besides an unchanged reference:
    "level", the grid's largest error within a factor 1 + tol of the
    levelled error of the solve; "reference", the same for the largest
    error on the new reference; "spread", the grid's largest error within a
    factor 1 + tol of the smallest on the new reference. tol defaults to
    10^-6 (in the working precision).
    best: return the coefficients of the iteration with the smallest grid
    error, rather than those of the last one.
    """
    n = len(powers)
    a, b = mpf(a), mpf(b)
    if tol is None:
        tol = mpf(10) ** -6
    if spacing == "uniform":
        xs = uniform_grid(a, b, points)
    else:
        xs = chebyshev_grid(a, b, points)
    if w == "relative":
        weight = lambda x: 1 / abs(f(x))
    elif w is None:
        weight = lambda x: 1
    else:
        weight = w
    fx = [f(x) for x in xs]
    wx = [weight(x) for x in xs]
    table = {p: [x**p for x in xs] for p in powers}

    def err(x):
        return weight(x) * (f(x) - polynomial(coeffs, powers, x))

    if start == "chebyshev":
        ref = chebyshev_grid(a, b, n + 1)
    else:
        ref = [xs[int(round(i * (points - 1) / n))] for i in range(n + 1)]
    result = None
    for _ in range(iterations):
        rows = []
        rhs = []
        for k, x in enumerate(ref):
            rows.append([x**p for p in powers] + [(-1) ** k / weight(x)])
            rhs.append(f(x))
        sol = mp.lu_solve(mp.matrix(rows), mp.matrix(rhs))
        coeffs = [sol[j] for j in range(n)]
        level = abs(sol[n])
        es = [wx[i] * (fx[i] - sum(c * table[p][i] for c, p in zip(coeffs, powers)))
              for i in range(len(xs))]
        emax = max(abs(e) for e in es)
        if not best or result is None or emax < result[1]:
            result = (coeffs, emax)
        if stop == "level" and emax <= level * (1 + tol):
            break
        new = _extrema(xs, es, local, refine, err)
        if len(new) < n + 1:
            break
        if keep == "window":
            new = _window(new, n + 1, max(range(len(xs)), key=lambda i: abs(es[i])), xs)
        else:
            while len(new) > n + 1:  # drop the smaller end
                if abs(new[0][1]) < abs(new[-1][1]):
                    new.pop(0)
                else:
                    new.pop()
        nodes = [x for x, _ in new]
        if nodes == ref:
            break
        ref = nodes
        if stop == "reference" and max(abs(e) for _, e in new) - level < level * tol:
            break
        if stop == "spread" and emax / min(abs(e) for _, e in new) < 1 + tol:
            break
    return result


def _extrema(xs, es, local, refine, err):
    """One (x, error) per run of equal sign of the errors es on the grid xs,
    the largest (the first of equals); see remez()."""
    m = len(xs)
    cand = range(m)
    if local:
        cand = [i for i in cand
                if (i == 0 or abs(es[i]) >= abs(es[i - 1]))
                and (i + 1 == m or abs(es[i]) >= abs(es[i + 1]))]
    runs = []
    for i in cand:
        if runs and (es[runs[-1]] >= 0) == (es[i] >= 0):
            if abs(es[i]) > abs(es[runs[-1]]):
                runs[-1] = i
        else:
            runs.append(i)
    if not refine:
        return [(xs[i], es[i]) for i in runs]
    out = []
    for i in runs:
        lo = xs[max(i - 1, 0)]
        hi = xs[min(i + 1, m - 1)]
        for _ in range(40):
            m1 = lo + (hi - lo) / 3
            m2 = hi - (hi - lo) / 3
            if abs(err(m1)) < abs(err(m2)):
                lo = m1
            else:
                hi = m2
        x = (lo + hi) / 2
        if abs(err(x)) < abs(es[i]):
            x = xs[i]
        out.append((x, err(x)))
    return out


def _window(ext, size, top, xs):
    """The `size` consecutive extrema of ext whose smallest |error| is
    largest, or if they miss the grid point xs[top] of the largest error,
    the first such run that holds it."""
    starts = range(len(ext) - size + 1)
    s = max(starts, key=lambda s: min(abs(e) for _, e in ext[s:s + size]))
    if all(x != xs[top] for x, _ in ext[s:s + size]):
        for t in starts:
            if any(x == xs[top] for x, _ in ext[t:t + size]):
                s = t
                break
    return ext[s:s + size]


# --- the command line ---------------------------------------------------------

# The repository: this file is builtins/tools/remez.py.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def generate(main, path, argv=None):
    """The command line of a generator: main() prints the whole generated
    file, whose place in the repository is `path`. No option: the file on
    stdout; -o FILE: written to FILE; --check [FILE]: compared with FILE
    (default: the committed `path`), printing a unified diff and exiting
    with status 1 when they differ."""
    parser = argparse.ArgumentParser(description="Generates %s." % path)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", nargs="?", const=path, metavar="FILE",
                       help="compare with FILE (default: %s) instead of printing" % path)
    group.add_argument("-o", "--output", metavar="FILE", help="write FILE instead of stdout")
    args = parser.parse_args(argv)
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        main()
    text = text.getvalue()
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    elif args.check:
        name = args.check if args.check != path else os.path.join(ROOT, path)
        with open(name) as f:
            committed = f.read()
        if committed != text:
            sys.stdout.writelines(difflib.unified_diff(
                committed.splitlines(True), text.splitlines(True), name, "regenerated"))
            print("%s differs from what %s generates" % (name, sys.argv[0]), file=sys.stderr)
            sys.exit(1)
        print("%s: up to date" % name, file=sys.stderr)
    else:
        sys.stdout.write(text)
