#!/usr/bin/env python3
"""Generates CoreCL's explicit conversions (OpenCL C 3.0, 6.4.3):
convert_<dst><N>[_sat][_rte|_rtz|_rtp|_rtn](<src><N>) for every pair of
char..ulong, half, float and double and every width N (scalar, 2, 3, 4, 8, 16).

Usage: gen_conversions.py OUTPUT.cl

Semantics:
- integer to integer: wraps (modulo), or clamps to the destination's range
  with _sat; rounding suffixes change nothing.
- integer or floating point to floating point: rounds to nearest even by
  default. The directed modes convert to nearest, compare the result with
  the source exactly, and step one unit in the last place (on the bits)
  when it is on the wrong side.
- floating point to integer: rounds by the mode (rtz by default), then
  saturates: NaN becomes 0, values beyond the range its nearest bound. The
  unsaturated forms, whose out-of-range results the spec leaves to the
  implementation, saturate as well.

Vector forms are written with __builtin_convertvector and comparisons
(vector masks), so they stay vector code.
"""
import sys

# name: (kind, bits, signed)
TYPES = {
    "char": ("int", 8, True),
    "uchar": ("int", 8, False),
    "short": ("int", 16, True),
    "ushort": ("int", 16, False),
    "int": ("int", 32, True),
    "uint": ("int", 32, False),
    "long": ("int", 64, True),
    "ulong": ("int", 64, False),
    "half": ("float", 16, True),
    "float": ("float", 32, True),
    "double": ("float", 64, True),
}
WIDTHS = ["", "2", "3", "4", "8", "16"]
MODES = ["", "_rte", "_rtz", "_rtp", "_rtn"]
SIGNED_OF_BITS = {8: "char", 16: "short", 32: "int", 64: "long"}
MANTISSA = {"half": 11, "float": 24, "double": 53}


def rng(t):
    _, bits, signed = TYPES[t]
    if signed:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def int_literal(v):
    if v == -(1 << 63):
        return "(-9223372036854775807L - 1)"
    if v >= (1 << 63):
        return "%dUL" % v
    if v >= (1 << 31) or v < -(1 << 31):
        return "%dL" % v
    return "%d" % v


def float_literal(v, ftype):
    # Values used here are 0 or +-2^k, exact in both formats.
    if v == 0:
        s = "0.0"
    else:
        k = abs(v).bit_length() - 1
        assert abs(v) == 1 << k
        s = "%s0x1p%d" % ("-" if v < 0 else "", k)
    return s + ("f" if ftype == "float" else "")


class Emitter:
    def __init__(self, n):
        self.n = n

    def ty(self, t):
        return t + self.n

    def cvt(self, expr, to):
        if self.n:
            return "__builtin_convertvector(%s, %s)" % (expr, to + self.n)
        return "(%s)(%s)" % (to, expr)

    def mask(self, expr, from_bits, to_bits):
        """A comparison result (int for scalars, a -1/0 mask of from_bits
        elements for vectors) as a condition for to_bits elements."""
        if not self.n or from_bits == to_bits:
            return "(%s)" % expr
        return "__builtin_convertvector(%s, %s)" % (expr, SIGNED_OF_BITS[to_bits] + self.n)


def int_to_int(e, src, dst, sat):
    lines = []
    if sat:
        smin, smax = rng(src)
        dmin, dmax = rng(dst)
        st = e.ty(src)
        lines.append("  %s y = x;" % st)
        if dmin > smin:
            lo = "(%s)(%s)" % (st, int_literal(dmin))
            lines.append("  y = y < %s ? %s : y;" % (lo, lo))
        if dmax < smax:
            hi = "(%s)(%s)" % (st, int_literal(dmax))
            lines.append("  y = y > %s ? %s : y;" % (hi, hi))
        lines.append("  return %s;" % e.cvt("y", dst))
    else:
        lines.append("  return %s;" % e.cvt("x", dst))
    return lines


def step_bits(e, dst, shrink, grow):
    """Returns the lines that move r one ulp in magnitude where the masks
    (conditions sized for dst) say so, and return it."""
    bits = TYPES[dst][1]
    it = e.ty(SIGNED_OF_BITS[bits])
    lines = ["  %s b = as_%s(r);" % (it, it)]
    one = "(%s)1" % it
    if shrink:
        lines.append("  b = %s ? b - %s : b;" % (shrink, one))
    if grow:
        lines.append("  b = %s ? b + %s : b;" % (grow, one))
    lines.append("  return as_%s(b);" % e.ty(dst))
    return lines


def directed(mode, g, l, pos, neg):
    """Shrink/grow conditions from greater/less-than-source masks and the
    source's sign masks (neg None for unsigned sources)."""
    if mode == "rtz":
        shrink = "((%s & %s) | (%s & %s))" % (pos, g, neg, l) if neg else g
        return shrink, None
    if mode == "rtp":
        return ("(%s & %s)" % (neg, l) if neg else None), "(%s & %s)" % (pos, l)
    if mode == "rtn":
        return "(%s & %s)" % (pos, g), ("(%s & %s)" % (neg, g) if neg else None)
    raise ValueError(mode)


def int_to_float(e, src, dst, mode):
    _, sbits, signed = TYPES[src]
    dbits = TYPES[dst][1]
    exact = sbits < MANTISSA[dst] or (not signed and sbits <= MANTISSA[dst])
    if exact or mode == "rte":
        return ["  return %s;" % e.cvt("x", dst)]
    st, dt = e.ty(src), e.ty(dst)
    lim = float_literal(1 << (sbits - 1 if signed else sbits), dst)
    lines = [
        "  %s r = %s;" % (dt, e.cvt("x", dst)),
        # r rounds to the limit only from below; elsewhere it converts back
        # exactly.
        "  %s rc = r >= (%s)%s ? (%s)0 : r;" % (dt, dt, lim, dt),
        "  %s ri = %s;" % (st, e.cvt("rc", src)),
        "  %s lim = r >= (%s)%s;" % (e.ty(SIGNED_OF_BITS[dbits]) if e.n else "int", dt, lim),
        "  %s below = r < (%s)%s;" % (e.ty(SIGNED_OF_BITS[dbits]) if e.n else "int", dt, lim),
    ]
    g = "(lim | %s)" % e.mask("ri > x", sbits, dbits)
    l = "(below & %s)" % e.mask("ri < x", sbits, dbits)
    pos = e.mask("x > (%s)0" % st, sbits, dbits)
    neg = e.mask("x < (%s)0" % st, sbits, dbits) if signed else None
    shrink, grow = directed(mode, g, l, pos, neg)
    return lines + step_bits(e, dst, shrink, grow)


def to_half(e, src, mode):
    """To half from an integer or a wider floating-point type. Directed
    roundings compose: rounding to float in the mode and then to half in
    the same mode is rounding to half once. To nearest, a wider source
    first rounds to odd in float (the truncation with its last bit set when
    inexact): 24 bits rounded to odd and then to nearest in 11 give the
    correctly rounded half; integers below 2^24 are exact in float."""
    kind, bits, _ = TYPES[src]
    if mode != "rte":
        return ["  return convert_half%s_%s(convert_float%s_%s(x));" % (e.n, mode, e.n, mode)]
    if src == "float" or (kind == "int" and bits < 24):
        return ["  return %s;" % e.cvt("x", "half")]
    it = e.ty("int")
    return [
        "  %s t = convert_float%s_rtz(x);" % (e.ty("float"), e.n),
        "  %s b = as_%s(t);" % (it, it),
        "  b = %s ? b | (%s)1 : b;" % (e.mask("convert_%s%s(t) != x" % (src, e.n), bits, 32), it),
        "  return %s;" % e.cvt("as_%s(b)" % e.ty("float"), "half"),
    ]


def float_to_float(e, src, dst, mode):
    if src == dst or TYPES[src][1] < TYPES[dst][1] or mode == "rte":
        return ["  return %s;" % ("x" if src == dst else e.cvt("x", dst))]
    # To a narrower type, directed: round to nearest, compare exactly in
    # the source type and step.
    sbits, dbits = TYPES[src][1], TYPES[dst][1]
    lines = [
        "  %s r = %s;" % (e.ty(dst), e.cvt("x", dst)),
        "  %s rd = %s;" % (e.ty(src), e.cvt("r", src)),
    ]
    g = e.mask("rd > x", sbits, dbits)
    l = e.mask("rd < x", sbits, dbits)
    pos = e.mask("x > (%s)0" % e.ty(src), sbits, dbits)
    neg = e.mask("x < (%s)0" % e.ty(src), sbits, dbits)
    shrink, grow = directed(mode, g, l, pos, neg)
    return lines + step_bits(e, dst, shrink, grow)


ROUND = {"rte": "rint", "rtz": "trunc", "rtp": "ceil", "rtn": "floor"}


def float_to_int(e, src, dst, mode):
    sbits = TYPES[src][1]
    dbits = TYPES[dst][1]
    dmin, dmax = rng(dst)
    st = e.ty(src)
    lines = ["  %s y = %s(x);" % (st, ROUND[mode])]
    lo = "(%s)%s" % (st, float_literal(dmin, src))
    if dmax.bit_length() <= MANTISSA[src]:
        hi = "(%s)%s.0%s" % (st, dmax, "f" if src == "float" else "")
        lines += [
            "  y = y != y ? (%s)0 : y;" % st,
            "  y = y < %s ? %s : y;" % (lo, lo),
            "  y = y > %s ? %s : y;" % (hi, hi),
            "  return %s;" % e.cvt("y", dst),
        ]
        return lines
    limit = "(%s)%s" % (st, float_literal(dmax + 1, src))
    mt = e.ty(SIGNED_OF_BITS[sbits]) if e.n else "int"
    lines += [
        "  %s over = y >= %s;" % (mt, limit),
        "  y = y != y ? (%s)0 : y;" % st,
        "  y = y < %s ? %s : y;" % (lo, lo),
        "  y = over ? (%s)0 : y;" % st,
        "  %s r = %s;" % (e.ty(dst), e.cvt("y", dst)),
        "  return %s ? (%s)(%s) : r;" % (e.mask("over", sbits, dbits), e.ty(dst), int_literal(dmax)),
    ]
    return lines


def main():
    out = [
        "// Generated by builtins/gen_conversions.py: do not edit.",
        '#include "builtins.h"',
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable",
        "",
    ]
    prototypes = []
    for n in WIDTHS:
        e = Emitter(n)
        for src in TYPES:
            skind = TYPES[src][0]
            for dst in TYPES:
                dkind = TYPES[dst][0]
                sats = ["_sat", ""] if dkind == "int" else [""]
                for sat in sats:
                    for m in MODES:
                        name = "convert_%s%s%s%s" % (dst, n, sat, m)
                        head = "OVERLOAD %s %s(%s x) {" % (e.ty(dst), name, e.ty(src))
                        mode = m[1:] if m else ("rtz" if dkind == "int" else "rte")
                        # Forms that equal another: delegate (inlined).
                        alias = None
                        if skind == "int" and dkind == "int" and m:
                            alias = "convert_%s%s%s" % (dst, n, sat)
                        elif skind == "float" and dkind == "int" and not sat:
                            alias = "convert_%s%s_sat%s" % (dst, n, m)
                        elif dkind == "float" and m == "_rte":
                            alias = "convert_%s%s" % (dst, n)
                        if alias:
                            body = ["  return %s(x);" % alias]
                        elif src == "half" and dkind == "int":
                            # Every half is exactly a float.
                            body = ["  return convert_%s%s%s_%s(convert_float%s(x));"
                                    % (dst, n, sat, mode, n)]
                        elif dst == "half" and src != "half" and (skind == "int"
                                                                  or src == "double"):
                            body = to_half(e, src, mode)
                        elif skind == "int" and dkind == "int":
                            body = int_to_int(e, src, dst, sat)
                        elif dkind == "float" and skind == "int":
                            body = int_to_float(e, src, dst, mode)
                        elif dkind == "float":
                            body = float_to_float(e, src, dst, mode)
                        else:
                            body = float_to_int(e, src, dst, mode)
                        prototypes.append(head[:-2] + ";")
                        out.append(head)
                        out += body
                        out.append("}")
    # Declared up front: bodies call conversions defined later in the file
    # (defining an overload hides Clang's lazy declarations of its name).
    out[3:3] = prototypes
    with open(sys.argv[1], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
