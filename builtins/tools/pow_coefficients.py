#!/usr/bin/env python3
"""Generates builtins/include/math_pow_data.h: the coefficients, tables and
constants of the pow family (math_pow.h, included by lib/math_pow.cl). Not
run at build time: rerun it by hand when an algorithm changes. Needs
python3 and mpmath only.

    python3 builtins/tools/pow_coefficients.py -o builtins/include/math_pow_data.h

--check compares with the committed file instead (ctest tools.builtin_tables).

Polynomials are fitted with the Remez exchange of remez.py (weighted
minimax over a chosen basis of powers) in 60-digit arithmetic, then rounded
to double; the printed error is measured with the rounded coefficients.
"""
import os
import struct
import sys

import mpmath as mp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from remez import generate, log2, max_error, remez, to_double, uniform_grid  # noqa: E402

mp.mp.dps = 60
OUTPUT = 'builtins/include/math_pow_data.h'


def hexd(x):
    return float(x).hex()


def fit(f, w, powers, a, b):
    """Minimises max |w(x) (f(x) - sum c_i x^powers[i])| on [a, b]; returns
    the c_i rounded to double and the error with them on the grid."""
    coef, _ = remez(f, w, a, b, powers, points=3001, spacing="uniform", start="chebyshev",
                    refine=True, stop="reference", tol=mp.mpf('1e-6'), iterations=30)
    cd = [to_double(c) for c in coef]
    return cd, max_error(f, w, cd, powers, uniform_grid(mp.mpf(a), mp.mpf(b), 3001))


def print_poly(name, cd, worst, note):
    print(f'// {name}: {note}; max error 2^{log2(worst):.1f}')
    for i, c in enumerate(cd):
        print(f'#define {name}{i} {hexd(c)}')
    print()


# --- float pow: log2 and exp2 computed in double ---------------------------
# log2(m) = s * P(s^2) with s = (m - 1) / (m + 1), m in [sqrt(1/2), sqrt(2)).
SQ = mp.sqrt(mp.mpf(2))
SMAX = (SQ - 1) / (SQ + 1)
ZMAX = SMAX**2 * mp.mpf('1.0001')


def log2_atanh_ratio(z):
    # log2((1 + s)/(1 - s)) / s = (2 / ln 2) sum z^k / (2k + 1)
    return 2 / mp.log(2) * mp.nsum(lambda k: z**k / (2 * k + 1), [0, mp.inf])


# 2^f = 1 + f Q(f) on f in [-1/2, 1/2].
F2 = mp.mpf('0.5')


def exp2m1_over_f(f):
    if f == 0:
        return mp.log(2)
    return mp.expm1(f * mp.log(2)) / f


def float_polys():
    cd, worst = fit(log2_atanh_ratio, lambda z: 1 / log2_atanh_ratio(z),
                    list(range(6)), 0, ZMAX)
    print_poly('POWF_LOG2_C', cd, worst, 'log2(m) = s P(s^2), relative')
    cd, worst = fit(exp2m1_over_f, None, list(range(8)), -F2, F2)
    print_poly('POWF_EXP2_C', cd, worst, '2^f = 1 + f Q(f), absolute on Q')

# --- double pow: log in double-double, table-driven -------------------------
N_LOG = 128
OFF = 0x3FE6900000000000  # z in [0.705078125, 1.41015625); 1.0 centres entry 75
LOG_ONE = 75


def bits_to_mp(b):
    return mp.mpf(struct.unpack('<d', struct.pack('<Q', b))[0])


def log_table():
    """1/c, log(c) hi and lo per subinterval, and the bound on |r|."""
    invc, logc_hi, logc_lo = [], [], []
    rmax = mp.mpf(0)
    for i in range(N_LOG):
        lo = bits_to_mp(OFF + (i << 45))
        hi = bits_to_mp(OFF + ((i + 1) << 45))
        if i == LOG_ONE:
            ic = 1.0
        else:
            ic = to_double(2 / (lo + hi))  # symmetric range of r = z/c - 1
        lc = -mp.log(mp.mpf(ic))
        h = to_double(lc)
        invc.append(ic)
        logc_hi.append(h)
        logc_lo.append(to_double(lc - mp.mpf(h)))
        rmax = max(rmax, abs(lo * mp.mpf(ic) - 1), abs(hi * mp.mpf(ic) - 1))
    return invc, logc_hi, logc_lo, rmax * mp.mpf('1.001')


def log1p_tail(r):
    # (log1p(r) - r + r^2/2) / r^3
    return mp.nsum(lambda k: (-1) ** (k + 1) * r ** (k - 3) / k, [3, mp.inf])


# exp(r) = 1 + r + r^2/2 + r^3 Q(r), |r| <= ln2/256 plus slack.
N_EXP = 128
EMAX = mp.log(2) / (2 * N_EXP) * mp.mpf('1.01')


def expm1_tail(r):
    return mp.nsum(lambda k: r ** (k - 3) / mp.factorial(k), [3, mp.inf])


def double_polys(rmax):
    cd, worst = fit(log1p_tail, None, list(range(6)), -rmax, rmax)
    print(f'// |r| <= 2^{float(mp.log(rmax, 2)):.2f}; error of r^3 P(r) relative to r: '
          f'2^{log2(worst * rmax**2):.1f}')
    print_poly('POW_LOG1P_C', cd, worst, 'log1p(r) = r - r^2/2 + r^3 P(r), absolute on P')
    cd, worst = fit(expm1_tail, None, list(range(3)), -EMAX, EMAX)
    print(f'// error of r^3 Q(r): 2^{log2(worst * EMAX**3):.1f}')
    print_poly('POW_EXPM1_C', cd, worst, 'exp(r) = 1 + r + r^2/2 + r^3 Q(r), absolute on Q')


# --- constants ---------------------------------------------------------------
LN2 = mp.log(2)


def constants():
    # ln2 hi with 42 significant bits: k * LN2_HI is exact for |k| < 2^11.
    ln2_hi = to_double(mp.floor(LN2 * 2**42) / 2**42)
    ln2_lo = to_double(LN2 - mp.mpf(ln2_hi))
    ln2n_hi = to_double(LN2 / N_EXP)
    ln2n_lo = to_double(LN2 / N_EXP - mp.mpf(ln2n_hi))
    print(f'#define POW_LN2_HI {hexd(ln2_hi)}')
    print(f'#define POW_LN2_LO {hexd(ln2_lo)}')
    print(f'#define POW_INV_LN2N {hexd(to_double(N_EXP / LN2))}')
    print(f'#define POW_LN2N_HI {hexd(ln2n_hi)}')
    print(f'#define POW_LN2N_LO {hexd(ln2n_lo)}')
    print()

# --- cbrt: first guess from the bits -----------------------------------------
# as_uint(x) / 3 + B approximates the bits of cbrt(x) (the exponent field is
# divided by 3, the mantissa bits linearly interpolate); B is chosen to
# minimise the largest relative error over a period of three binades.


def cbrt_guess_err(B, mbits, bias):
    worst = mp.mpf(0)
    one = bias << mbits
    for e in range(3):
        for k in range(0, 1 << 10):
            bits = one + (e << mbits) + (k << (mbits - 10))
            g = bits // 3 + B
            # value of a bit pattern with the given layout
            x = mp.ldexp(1 + mp.mpf(bits & ((1 << mbits) - 1)) / 2**mbits, (bits >> mbits) - bias)
            y = mp.ldexp(1 + mp.mpf(g & ((1 << mbits) - 1)) / 2**mbits, (g >> mbits) - bias)
            worst = max(worst, abs(y / mp.cbrt(x) - 1))
    return worst


def best_B(mbits, bias):
    # B ~ (bias - bias/3 - delta) * 2^mbits; search delta.
    base = (bias - bias // 3) << mbits
    lo, hi = base - (1 << (mbits - 1)), base + (1 << (mbits - 1))
    for _ in range(40):
        m1 = lo + (hi - lo) // 3
        m2 = hi - (hi - lo) // 3
        if cbrt_guess_err(m1, mbits, bias) < cbrt_guess_err(m2, mbits, bias):
            hi = m2
        else:
            lo = m1
    B = (lo + hi) // 2
    return B, cbrt_guess_err(B, mbits, bias)


def cbrt_magics():
    mp.mp.dps = 30
    B, e = best_B(23, 127)
    print(f'#define CBRTF_MAGIC 0x{B:08x}u  // first guess within 2^{log2(e):.2f}')
    # double: the same on the high 32 bits (20 mantissa bits).
    B, e = best_B(20, 1023)
    print(f'#define CBRT_MAGIC_HI 0x{B:08x}u  // first guess within 2^{log2(e):.2f}')
    mp.mp.dps = 60
    print()

# --- tables ------------------------------------------------------------------


def print_table(name, vals, per_line=3):
    print(f'__constant double {name}[{len(vals)}] = {{')
    for k in range(0, len(vals), per_line):
        print('    ' + ', '.join(hexd(v) for v in vals[k:k + per_line]) + ',')
    print('};')


def tables(invc, logc_hi, logc_lo):
    print('// 1/c for the 128 subintervals of z (exact 1 for the one holding 1.0) and')
    print('// -log(1/c) = log(c) as a double-double.')
    print_table('corecl_pow_log_invc', invc)
    print_table('corecl_pow_log_logc_hi', logc_hi)
    print_table('corecl_pow_log_logc_lo', logc_lo)
    t_hi, t_lo = [], []
    for j in range(N_EXP):
        v = mp.power(2, mp.mpf(j) / N_EXP)
        h = to_double(v)
        t_hi.append(h)
        t_lo.append(to_double(v - mp.mpf(h)))
    print('// 2^(j/128) as a double-double.')
    print_table('corecl_pow_exp_hi', t_hi)
    print_table('corecl_pow_exp_lo', t_lo)


def main():
    print('// Generated by builtins/tools/pow_coefficients.py; do not edit by hand.')
    print('// Kept as generated (ctest tools.builtin_tables compares):\n// clang-format off')
    print(f'// Rerun: python3 builtins/tools/pow_coefficients.py -o {OUTPUT}')
    float_polys()
    invc, logc_hi, logc_lo, rmax = log_table()
    double_polys(rmax)
    constants()
    cbrt_magics()
    tables(invc, logc_hi, logc_lo)


if __name__ == '__main__':
    generate(main, OUTPUT)
