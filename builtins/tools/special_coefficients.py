#!/usr/bin/env python3
"""Coefficients of the "special" math family (builtins/lib/math_special.cl).

erf/erfc, tgamma/lgamma and their private exp/log/sinpi helpers use
polynomials found here by a Remez exchange (minimax relative or absolute
error) in mpmath, plus tables of exactly computed constants. Not run at build
time: rerun it by hand; it writes builtins/include/math_special_data.h,
which lib/math_special.cl includes.

  python3 builtins/tools/special_coefficients.py -o builtins/include/math_special_data.h

--check compares with the committed file instead (ctest tools.builtin_tables).

Each fit prints, as a comment, the error of the polynomial with its
coefficients rounded to the target precision (so a degree can be chosen).
Needs only the standard library and mpmath.
"""
import os
import sys

import mpmath
from mpmath import mp, mpf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from remez import generate, max_error, remez, to_single, uniform_grid  # noqa: E402

mp.dps = 60
OUTPUT = "builtins/include/math_special_data.h"


def rounder(kind):
    return float if kind == "double" else to_single


def fit(f, a, b, deg, rel=True):
    """Minimax polynomial of degree deg for f on [a, b] (relative error when
    rel). Returns the coefficients (lowest first) as mpf."""
    cs, _ = remez(f, "relative" if rel else None, a, b, range(deg + 1), points=1500,
                  keep="window", stop="spread", tol=1e-4, iterations=40, best=True)
    return cs


def rounded_error(f, a, b, cs, kind, rel=True, samples=800):
    rd = rounder(kind)
    rc = [mpf(rd(c)) for c in cs]
    w = (lambda x: 1 / abs(f(x))) if rel else None
    return max_error(f, w, rc, range(len(rc)), uniform_grid(mpf(a), mpf(b), samples + 1))


def fmt(v, kind):
    if kind == "double":
        return float(v).hex()
    return to_single(v).hex() + "f"


def emit_poly(name, f, a, b, deg, kind, rel=True):
    cs = fit(f, a, b, deg, rel)
    e = rounded_error(f, a, b, cs, kind, rel)
    ctype = "double" if kind == "double" else "float"
    print("// %s: degree %d on [%s, %s], %s error %.3g (2^%.1f)" % (
        name, deg, mpmath.nstr(mpf(a), 8), mpmath.nstr(mpf(b), 8), "relative" if rel else "absolute",
        e, mpmath.log(e, 2) if e else -999))
    print("#define %s_DEG %d" % (name, deg))
    print("__constant %s %s[%d] = {%s};" % (ctype, name, deg + 1, ", ".join(fmt(c, kind) for c in cs)))
    print()
    return cs


def erfc_scaled(x):
    return mp.erfc(x) * mp.exp(x * x)


def emit_shifted(name, f, lo, hi, deg, kind):
    """f(centre + s) = P(s) on [lo, hi], centre its (rounded) midpoint."""
    c = mpf(fmt_value(kind, (mpf(lo) + hi) / 2))
    g = lambda t: f(c + t)
    print("#define %s_C %s" % (name, fmt(c, kind)))
    emit_poly(name, g, lo - c, hi - c, deg, kind)


def erfc_tail_scaled(u):
    """H(u) = erfc(a) exp(a^2) a for u = 1/a^2: erfc(a) = exp(-a^2) H(1/a^2) / a."""
    a = 1 / mp.sqrt(u)
    return erfc_scaled(a) * a


def fmt_value(kind, v):
    return float(v) if kind == "double" else to_single(v)


def split_hi(v, bits):
    """v rounded to `bits` significant bits (exact multiples for range reduction)."""
    m, e = mpmath.frexp(v)
    return mpmath.ldexp(mpmath.nint(mpmath.ldexp(m, bits)), e - bits)


def emit_constants():
    ln2 = mp.log(2)
    for kind, bits in (("double", 40), ("float", 16)):
        hi = split_hi(ln2, bits)
        lo = ln2 - hi
        suffix = "D" if kind == "double" else "F"
        print("// ln 2 = LN2HI + LN2LO, LN2HI with %d bits so k * LN2HI is exact" % bits)
        print("#define SPECIAL_LN2HI_%s %s" % (suffix, fmt(hi, kind)))
        print("#define SPECIAL_LN2LO_%s %s" % (suffix, fmt(lo, kind)))
    hl = mp.log(2 * mp.pi) / 2
    h = mpf(float(hl))
    print("// log(2 pi) / 2 and log(pi), double-double")
    print("#define SPECIAL_HLOG2PI_HI %s" % float(h).hex())
    print("#define SPECIAL_HLOG2PI_LO %s" % float(hl - h).hex())
    lp = mp.log(mp.pi)
    print("#define SPECIAL_LOGPI_HI %s" % float(lp).hex())
    print("#define SPECIAL_LOGPI_LO %s" % float(lp - mpf(float(lp))).hex())
    print("#define SPECIAL_PI_HI %s" % float(mp.pi).hex())
    print("#define SPECIAL_PI_LO %s" % float(mp.pi - mpf(float(mp.pi))).hex())
    print()


def emit_log_table():
    """128 rows {1/c, -log(1/c) hi, lo} for c the centres of [1 + j/128, 1 + (j+1)/128)."""
    print("// log helper: for m in [1 + j/128, 1 + (j+1)/128), m * INV - 1 is small;"
          " log(m) = LOGHI + LOGLO + log(m * INV) with LOGHI + LOGLO = -log(INV)")
    print("__constant double special_log_table[384] = {")
    for j in range(128):
        inv = mpf(float(1 / (1 + (mpf(j) + mpf(0.5)) / 128)))
        lg = -mp.log(inv)
        hi = mpf(float(lg))
        print("  %s, %s, %s," % (float(inv).hex(), float(hi).hex(), float(lg - hi).hex()))
    print("};")
    print()


def stirling_tail(u):
    """z * (lgamma(z) - ((z - 1/2) log z - z + log(2 pi)/2)) as a function of u = 1/z^2."""
    if u == 0:
        return mpf(1) / 12
    z = 1 / mp.sqrt(u)
    return z * (mp.loggamma(z) - ((z - mpf(0.5)) * mp.log(z) - z + mp.log(2 * mp.pi) / 2))


def main():
    print("// Generated by builtins/tools/special_coefficients.py; do not edit by hand.")
    print("// Rerun: python3 builtins/tools/special_coefficients.py -o %s" % OUTPUT)
    print()
    emit_constants()
    # erf(x) = x + x * P(x^2) for |x| < 0.5.
    q = lambda t: mpf(2) / mp.sqrt(mp.pi) - 1 if t == 0 else mp.erf(mp.sqrt(t)) / mp.sqrt(t) - 1
    emit_poly("special_erf_small_d", q, 0, 0.25, 10, "double")
    emit_poly("special_erf_small_f", q, 0, 0.25, 6, "float")
    # erfc(a) = exp(-a^2) G(a) for a >= 1/2, G in a - centre on [1/2, 2) and
    # [2, 4) (double) or on [1/2, 2) (float), then G = H(1/a^2) / a up to
    # 27.5 (double) or 10.5 (float), where erfc has underflowed.
    emit_shifted("special_erfc_a1_d", erfc_scaled, 0.5, 2, 20, "double")
    emit_shifted("special_erfc_a2_d", erfc_scaled, 2, 4, 20, "double")
    emit_poly("special_erfc_b_d", erfc_tail_scaled, 1 / mpf(27.5) ** 2, mpf(1) / 16, 15, "double")
    emit_shifted("special_erfc_a_f", erfc_scaled, 0.5, 2, 10, "float")
    emit_poly("special_erfc_b_f", erfc_tail_scaled, 1 / mpf(10.5) ** 2, mpf(1) / 4, 9, "float")
    # exp(r) for |r| <= ln2/2 (a little wider for the reduction's rounding).
    w = mp.log(2) / 2 * (1 + mpf(2) ** -10)
    emit_poly("special_exp_d", mp.exp, -w, w, 12, "double")
    emit_poly("special_exp_f", mp.exp, -w, w, 6, "float")
    emit_log_table()
    # Stirling's correction for z >= 7: z * S(z) = P(1/z^2).
    emit_poly("special_stirling", stirling_tail, 0, mpf(1) / 49, 8, "double")
    # sin(pi r) = r * P(r^2), cos(pi r) = P(r^2) for |r| <= 1/4.
    emit_poly("special_sinpi", lambda t: mp.pi if t == 0 else mp.sin(mp.pi * mp.sqrt(t)) / mp.sqrt(t),
              0, mpf(1) / 16, 6, "double")
    emit_poly("special_cospi", lambda t: mp.cos(mp.pi * mp.sqrt(t)), 0, mpf(1) / 16, 7, "double")
    # lgamma near its zeros: lgamma(1 + t) = t * P(t), lgamma(2 + t) = t * P(t), |t| <= 1/8.
    l1 = lambda t: -mp.euler if t == 0 else mp.loggamma(1 + t) / t
    l2 = lambda t: 1 - mp.euler if t == 0 else mp.loggamma(2 + t) / t
    emit_poly("special_lgamma1", l1, -0.125, 0.125, 14, "double")
    emit_poly("special_lgamma2", l2, -0.125, 0.125, 11, "double")


if __name__ == "__main__":
    generate(main, OUTPUT)
