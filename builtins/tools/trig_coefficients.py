#!/usr/bin/env python3
"""Generates builtins/include/math_trig_data.h: the polynomial coefficients,
split constants and tables of CoreCL's trigonometric functions (math_trig.h).

Not run at build time; rerun by hand after changing a degree or an interval:
    python3 builtins/tools/trig_coefficients.py > builtins/include/math_trig_data.h

Needs only the standard library and mpmath. Each polynomial is a minimax fit
of the relative error of the function it serves (weighted Remez exchange in
the variable z = r*r), then its coefficients are rounded to the target
format one at a time, lowest order first, refitting the remaining ones after
each rounding so that later coefficients absorb the rounding of earlier ones.
"""

import sys
from mpmath import mp, mpf, sin, cos, atan, asin, sqrt, pi, matrix, lu_solve, floor, ldexp

mp.prec = 192

FORMATS = {"F": 24, "D": 53}


def round_to(x, bits):
    """x rounded to nearest with a `bits`-bit significand (no range limits)."""
    with mp.workprec(bits):
        return +mpf(x)


def literal(x, fmt):
    """A C hex literal of x, already representable in the format."""
    v = float(x)
    assert mpf(v) == x, "not representable"
    h = v.hex()
    if "." in h:
        mant, exp = h.split("p")
        mant = mant.rstrip("0").rstrip(".")
        h = mant + "p" + exp
    return h + ("f" if fmt == "F" else "")


# --- weighted Remez on z in [lo, hi] ------------------------------------------


def remez(f, w, lo, hi, degree, fixed=(), iterations=30, grid=1000):
    """Coefficients c[0..degree] of the polynomial minimising max |w(z) (p(z) - f(z))|
    with c[0..len(fixed)-1] held at the given values. Returns (coeffs, max error)."""
    nfix = len(fixed)
    free = degree + 1 - nfix

    def g(z):  # what the free part must approximate
        return f(z) - sum(c * z**j for j, c in enumerate(fixed))

    # Start from the Chebyshev extrema.
    n = free + 1
    nodes = [(lo + hi) / 2 - (hi - lo) / 2 * cos(pi * i / (n - 1)) for i in range(n)]
    coeffs = None
    zs = [lo + (hi - lo) * (mpf(i) / grid) for i in range(grid + 1)]
    for _ in range(iterations):
        a = matrix(n, n)
        b = matrix(n, 1)
        for i, z in enumerate(nodes):
            for j in range(free):
                a[i, j] = z ** (nfix + j)
            a[i, free] = (-1) ** i / w(z)
            b[i] = g(z)
        sol = lu_solve(a, b)
        coeffs = [sol[j] for j in range(free)]
        level = abs(sol[free])

        def err(z):
            return w(z) * (sum(c * z ** (nfix + j) for j, c in enumerate(coeffs)) - g(z))

        es = [err(z) for z in zs]
        # Local extrema of the error on the grid (endpoints included), then one
        # alternating extremum per sign run.
        ext = []
        for i in range(len(zs)):
            left = es[i - 1] if i > 0 else None
            right = es[i + 1] if i + 1 < len(zs) else None
            e = es[i]
            if (left is None or abs(e) >= abs(left)) and (right is None or abs(e) >= abs(right)):
                ext.append((zs[i], e))
        runs = []
        for z, e in ext:
            if runs and (runs[-1][1] > 0) == (e > 0):
                if abs(e) > abs(runs[-1][1]):
                    runs[-1] = (z, e)
            else:
                runs.append((z, e))
        while len(runs) > n:  # drop the smallest at either end
            if abs(runs[0][1]) < abs(runs[-1][1]):
                runs.pop(0)
            else:
                runs.pop()
        worst = max(abs(e) for e in es)
        if len(runs) < n:
            break
        nodes = [z for z, _ in runs]
        if worst <= level * (1 + mpf(2) ** -20):
            break
    return list(fixed) + coeffs, worst


def fit(name, f, w0, lo, hi, degree, bits):
    """Remez fit with sequential rounding of the coefficients to `bits` bits."""
    # The weights vanish at z = 0 (the polynomial's share of the function value
    # does); a floor keeps the exchange well posed without changing the fit.
    floor_w = w0(hi) * mpf(2) ** -12

    def w(z):
        return max(w0(z), floor_w)

    fixed = []
    for k in range(degree + 1):
        coeffs, _ = remez(f, w, lo, hi, degree, fixed)
        fixed.append(round_to(coeffs[k], bits))
    # Final error with every coefficient rounded, measured on a fine grid.
    worst = max(
        abs(w(z) * (sum(c * z**j for j, c in enumerate(fixed)) - f(z)))
        for z in [lo + (hi - lo) * mpf(i) / 4000 for i in range(4001)]
    )
    return fixed, worst


def series_guard(exact, limit):
    """f(z) with its z -> 0 limit at 0 (the formulas below divide by powers of z)."""
    return lambda z: limit if z == 0 else exact(z)


# f(z) and w(z) per polynomial; w turns the error of the polynomial into the
# relative error of the function value it is part of.
def sin_f(z):
    r = sqrt(z)
    return (sin(r) - r) / (z * r)


def sin_w(z):
    r = sqrt(z)
    return z if z == 0 else z * r / sin(r)


def cos_f(z):
    return (cos(sqrt(z)) - 1 + z / 2) / (z * z)


def cos_w(z):
    return z * z / cos(sqrt(z))


def sinpi_f(z):
    r = sqrt(z)
    return (sin(pi * r) - pi * r) / (z * r)


def sinpi_w(z):
    r = sqrt(z)
    return z if z == 0 else z * r / sin(pi * r)


def cospi_f(z):
    return (cos(pi * sqrt(z)) - 1 + pi * pi * z / 2) / (z * z)


def cospi_w(z):
    return z * z / cos(pi * sqrt(z))


def atan_f(z):
    r = sqrt(z)
    return (atan(r) - r) / (z * r)


def atan_w(z):
    r = sqrt(z)
    return z if z == 0 else z * r / atan(r)


def asin_f(z):
    r = sqrt(z)
    return (asin(r) - r) / (z * r)


def asin_w(z):
    r = sqrt(z)
    return z if z == 0 else z * r / asin(r)


# Reduced ranges. sin/cos: |r| <= pi/4 plus the slack of a rounded quotient
# in the Cody-Waite path. atan: |t| <= 1/16 plus the slack of a rounded
# breakpoint index. sinpi/cospi: |r| <= 1/4 exactly. asin: |x| <= 1/2.
R_TRIG = mpf("0.7875")
R_ATAN = mpf(1) / 16 + mpf(2) ** -14

POLYS = [
    # name, f, w, z_max, limit of f at 0, {format: degree}
    ("SIN", sin_f, sin_w, R_TRIG**2, mpf(-1) / 6, {"F": 3, "D": 6}),
    ("COS", cos_f, cos_w, R_TRIG**2, mpf(1) / 24, {"F": 2, "D": 5}),
    ("SINPI", sinpi_f, sinpi_w, mpf(1) / 16, -pi**3 / 6, {"F": 3, "D": 6}),
    ("COSPI", cospi_f, cospi_w, mpf(1) / 16, pi**4 / 24, {"F": 2, "D": 5}),
    ("ATAN", atan_f, atan_w, R_ATAN**2, mpf(-1) / 3, {"F": 2, "D": 4}),
    ("ASIN", asin_f, asin_w, mpf(1) / 4, mpf(1) / 6, {"F": 5, "D": 12}),
]


def split(x, bits, parts):
    """x as a sum of `parts` numbers of `bits` bits each, largest first."""
    out = []
    rest = mpf(x)
    for _ in range(parts):
        p = round_to(rest, bits)
        out.append(p)
        rest -= p
    return out


def main():
    out = sys.stdout
    w = out.write
    w("// Generated by builtins/tools/trig_coefficients.py (mpmath): polynomial\n")
    w("// coefficients, split constants and tables of math_trig.h. Do not edit;\n")
    w("// rerun the script instead.\n")
    w("#pragma once\n\n")

    w("// Polynomial coefficients, lowest order first, and the largest relative\n")
    w("// error of each fit (after rounding the coefficients) on its interval.\n")
    for name, f, wt, zmax, limit, degrees in POLYS:
        fz = series_guard(f, limit)
        for fmt, degree in degrees.items():
            coeffs, worst = fit(name, fz, wt, mpf(0), zmax, degree, FORMATS[fmt])
            bits = -mp.log(worst, 2) if worst > 0 else mpf(999)
            w("// %s_%s: degree %d in z on [0, %.6g], error 2^-%.1f\n"
              % (name, fmt, degree, float(zmax), float(bits)))
            for k, c in enumerate(coeffs):
                w("#define TRIG_%s_%s%d %s\n" % (name, fmt, k, literal(c, fmt)))
            print("%s_%s degree %d: 2^-%.1f" % (name, fmt, degree, float(bits)), file=sys.stderr)
    w("\n")

    w("// Constants split into non-overlapping parts (hi + lo, or three parts for\n")
    w("// the Cody-Waite reduction, whose first part times any quotient in range\n")
    w("// is exact in an fma).\n")
    consts = [
        ("PIO2", pi / 2, 2),
        ("PI", pi, 2),
        ("INV_PI", 1 / pi, 2),
        ("TWO_OVER_PI", 2 / pi, 1),
        ("HALF_PI_SQ", pi * pi / 2, 2),
        ("CW_PIO2", pi / 2, 3),
    ]
    for name, value, parts in consts:
        for fmt, bits in FORMATS.items():
            ps = split(value, bits, parts)
            for i, p in enumerate(ps):
                suffix = ["_HI", "_LO"][i] if parts == 2 else ("" if parts == 1 else str(i + 1))
                w("#define TRIG_%s%s_%s %s\n" % (name, suffix, fmt, literal(p, fmt)))
    w("\n")

    # Bits of 2/pi for the Payne-Hanek reductions (math_trig_reduce.h).
    frac_bits = 1400
    with mp.workprec(frac_bits + 64):
        two_over_pi = int(floor(ldexp(2 / pi, frac_bits)))  # bits of weight >= 2^-1400

    def bits(first, count):
        """The bits of 2/pi of weights 2^-first .. 2^-(first + count - 1) as an
        integer (zeros for weights >= 1: 2/pi < 1)."""
        return (two_over_pi >> (frac_bits - (first + count - 1))) & ((1 << count) - 1)

    # float: 32-bit words; word i holds the bits of weights 2^-(32i-63) ..
    # 2^-(32i-32). A float window always lies within words 1..8.
    w("// Bits of 2/pi for float, 32 to a word: word i holds the bits of weights\n")
    w("// 2^-(32i-63) .. 2^-(32i-32); words 1..8 cover every float exponent.\n")
    for i in range(1, 9):
        w("#define TRIG_TWO_OVER_PI_W%d 0x%08xu\n" % (i, bits(32 * i - 63, 32)))
    w("\n")
    # double: 64-bit words; word j holds the bits of weights 2^-(64j-63) ..
    # 2^-(64j) (word 0 is zero), 20 words cover a window of 192 bits at any
    # exponent up to 1023 plus one word for the shift.
    w("// Bits of 2/pi for double, 64 to a word: word j holds the bits of weights\n")
    w("// 2^-(64j-63) .. 2^-(64j); word 0 (the integer part) is zero.\n")
    w("__constant ulong __corecl_trig_two_over_pi_double[20] = {\n")
    for j in range(0, 20, 2):
        w("    " + ", ".join("0x%016xUL" % bits(64 * k - 63, 64) for k in (j, j + 1)) + ",\n")
    w("};\n\n")

    w("// atan(k/8), k = 0..8, as hi + lo, for the breakpoints of atan2.\n")
    for fmt, bits_ in FORMATS.items():
        for k in range(9):
            hi, lo = split(atan(mpf(k) / 8), bits_, 2)
            w("#define TRIG_ATAN_HI%d_%s %s\n" % (k, fmt, literal(hi, fmt)))
            w("#define TRIG_ATAN_LO%d_%s %s\n" % (k, fmt, literal(lo, fmt)))

if __name__ == "__main__":
    main()
