#!/usr/bin/env python3
"""Generates builtins/include/math_explog_data.h: the polynomial coefficients
and split constants of builtins/include/math_explog.h.

Not run at build time: rerun it by hand (python3 + mpmath, no other
dependencies) when an approximation changes:
    python3 builtins/tools/explog_coefficients.py -o builtins/include/math_explog_data.h
--check compares with the committed file instead (ctest tools.builtin_tables).
Each polynomial is a weighted minimax fit found by the Remez exchange
(remez.py) on a dense grid, in high precision; the coefficients are
then rounded to the target format and nudged by single units in the last
place while that lowers the error. The printed error is that of the rounded
polynomial, measured on the grid, as log2 of the weighted error (relative to
the function the polynomial stands for).
"""
import os
import sys

import mpmath
from mpmath import mp, mpf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from remez import chebyshev_grid, generate, hex_literal, log2, remez, round_to  # noqa: E402

mp.dps = 40
GRID = 1500
OUTPUT = 'builtins/include/math_explog_data.h'


def fit(macro, name, fmt, a, b, func, weight, powers):
    """Fits func ~ sum c_j x^powers[j] on [a, b] with the given weight and
    rounds the coefficients to fmt (24 or 53) bits: to nearest, then nudged
    one unit in the last place at a time while that lowers the error."""
    exact, level = remez(func, weight, a, b, powers, points=GRID, best=True)
    xs = chebyshev_grid(mpf(a), mpf(b), GRID)
    g = [func(x) for x in xs]
    w = [weight(x) for x in xs]
    table = {p: [x**p for x in xs] for p in powers}

    cs = [round_to(c, fmt) for c in exact]
    # Weighted residuals, updated in place as coefficients move.
    res = [w[i] * (g[i] - sum(c * table[p][i] for c, p in zip(cs, powers))) for i in range(len(xs))]
    err = max(abs(r) for r in res)
    improved = True
    while improved:
        improved = False
        for j, p in enumerate(powers):
            step = mpf(2) ** (mpmath.floor(mpmath.log(abs(cs[j]), 2)) - fmt + 1)
            for delta in (step, -step):
                trial = [r - w[i] * delta * table[p][i] for i, r in enumerate(res)]
                e = max(abs(r) for r in trial)
                if e < err:
                    cs[j] += delta
                    res, err, improved = trial, e, True
                    break
    suffix = 'f' if fmt == 24 else ''
    print(f'// {name} on [{mpmath.nstr(mpf(a), 6)}, {mpmath.nstr(mpf(b), 6)}], '
          f'error 2^{log2(err):.1f} (unrounded 2^{log2(level):.1f})')
    for c, p in zip(cs, powers):
        print(f'#define {macro}{p} {hexfloat(c, fmt)}{suffix}')
    # The whole list, for MATH_POLY_FD (math_internal.h).
    print(f'#define {macro} ' + ', '.join(f'{macro}{p}' for p in powers))


def hexfloat(v, fmt):
    """C hexadecimal literal of v rounded to fmt bits."""
    return hex_literal(round_to(v, fmt))


def split(macro, name, value, fmt, hibits):
    """value = hi + lo with hi rounded to hibits bits (so that small integer
    multiples of hi are exact) and lo to fmt bits."""
    with mp.workprec(hibits):
        hi = +value
    with mp.workprec(fmt):
        lo = +(value - hi)
    suffix = 'f' if fmt == 24 else ''
    fd = 'F' if fmt == 24 else 'D'
    print(f'// {name} = hi + lo, hi {hibits} bits')
    print(f'#define {macro}_HI_{fd} {hexfloat(hi, fmt)}{suffix}')
    print(f'#define {macro}_LO_{fd} {hexfloat(lo, fmt)}{suffix}')


def single(macro, name, value, fmt):
    suffix = 'f' if fmt == 24 else ''
    fd = 'F' if fmt == 24 else 'D'
    print(f'// {name}')
    print(f'#define {macro}_{fd} {hexfloat(value, fmt)}{suffix}')


LN2 = mp.log(2)
# |r| after the reduction x - n ln2, n = rint(x / ln2): ln2 / 2 plus slack
# for the rounding of x / ln2.
R_EXP = LN2 / 2 * (1 + mpf(2) ** -20)
# s = f / (2 + f) for f = m - 1, m in [sqrt(1/2), sqrt(2)).
S_LOG = (mp.sqrt(2) - 1) / (mp.sqrt(2) + 1) * (1 + mpf(2) ** -20)
TINY = mpf(2) ** -80  # stands in for 0 where the fitted quotient has a removable singularity


def expm1_poly(macro, fmt, deg):
    # expm1(r) = r + r^2 Q(r); Q fitted for the relative error of expm1.
    fit(macro, 'expm1(r) = r + r^2 Q(r), Q', fmt, -R_EXP, R_EXP,
        lambda r: (mp.expm1(r) - r) / r**2 if r != 0 else mpf(1) / 2,
        lambda r: abs(r**2 / mp.expm1(r)) if r != 0 else TINY, range(deg + 1))


def log_poly(macro, fmt, deg):
    # log1p(f) = 2 atanh(s) = 2s + s R(z), z = s^2, R(z) = z P(z): the error
    # of R adds s dR to a result near 2s, so the weight is z / 2 on P.
    def g(z):
        s = mp.sqrt(z)
        return (2 * mp.atanh(s) - 2 * s) / (s * z)

    fit(macro, 'log: R(z) = z P(z), z = s^2; P', fmt, TINY, S_LOG**2, g, lambda z: z / 2, range(deg + 1))


def odd_poly(macro, fmt, deg, label, func, xmax):
    # func(x) = x + x^3 P(x^2), relative error.
    def g(z):
        x = mp.sqrt(z)
        return (func(x) - x) / (x * z)

    def w(z):
        x = mp.sqrt(z)
        return x * z / func(x)

    fit(macro, f'{label}(x) = x + x^3 P(z), z = x^2; P', fmt, TINY, mpf(xmax) ** 2, g, w, range(deg + 1))


POLYS = {
    'expm1_f': lambda m: expm1_poly(m, 24, 5),
    'log_f': lambda m: log_poly(m, 24, 2),
    'sinh_f': lambda m: odd_poly(m, 24, 3, 'sinh', mp.sinh, 1),
    'tanh_f': lambda m: odd_poly(m, 24, 4, 'tanh', mp.tanh, mpf('0.55')),
    'asinh_f': lambda m: odd_poly(m, 24, 4, 'asinh', mp.asinh, mpf('0.5')),
    'atanh_f': lambda m: odd_poly(m, 24, 5, 'atanh', mp.atanh, mpf('0.5')),
    'expm1_d': lambda m: expm1_poly(m, 53, 10),
    'log_d': lambda m: log_poly(m, 53, 6),
    'sinh_d': lambda m: odd_poly(m, 53, 6, 'sinh', mp.sinh, 1),
    'tanh_d': lambda m: odd_poly(m, 53, 10, 'tanh', mp.tanh, mpf('0.55')),
    # Double asinh and atanh switch to their logarithm formulas at 1/4.
    'asinh_d': lambda m: odd_poly(m, 53, 7, 'asinh', mp.asinh, mpf('0.25')),
    'atanh_d': lambda m: odd_poly(m, 53, 8, 'atanh', mp.atanh, mpf('0.25')),
}


def constants():
    # Cody-Waite splits: hi has few enough bits that k * hi is exact for
    # every exponent k the functions produce (|k| < 2^8 float, < 2^11 double).
    for fmt, kbits in ((24, 8), (53, 11)):
        split('EXPLOG_LN2_CW', 'ln2', LN2, fmt, fmt - kbits)
        split('EXPLOG_LOG10_2_CW', 'log10(2)', mp.log10(2), fmt, fmt - kbits)
        # The exp reductions use an FMA, x - n hi exact with hi the
        # correctly rounded constant.
        split('EXPLOG_LN2', 'ln2 (fma reduction)', LN2, fmt, fmt)
        split('EXPLOG_LOG10_2', 'log10(2) (fma reduction)', mp.log10(2), fmt, fmt)
        split('EXPLOG_LN10', 'ln10', mp.log(10), fmt, fmt)
        split('EXPLOG_LOG2E', 'log2(e)', 1 / LN2, fmt, fmt)
        split('EXPLOG_LOG10E', 'log10(e)', 1 / mp.log(10), fmt, fmt)
        single('EXPLOG_LOG2_10', 'log2(10)', mp.log(10, 2), fmt)
        single('EXPLOG_LOG2E', 'log2(e)', 1 / LN2, fmt)


def main():
    print('// Generated by builtins/tools/explog_coefficients.py; do not edit by hand.')
    print('// Kept as generated (ctest tools.builtin_tables compares):\n// clang-format off')
    print(f'// Rerun: python3 builtins/tools/explog_coefficients.py -o {OUTPUT}')
    print('// Split constants and polynomial coefficients (lowest order first) of')
    print('// math_explog.h; _F float, _D double.')
    print('#pragma once')
    print()
    constants()
    for name, poly in POLYS.items():
        print()
        poly(f'EXPLOG_{name.upper()}')


if __name__ == '__main__':
    generate(main, OUTPUT)
