#!/usr/bin/env python3
"""Generates the half-precision overloads of CoreCL's builtins (cl_khr_fp16)
from the declarations in Clang's opencl-c.h, so that every half overload a
program can call has a definition.

Usage: gen_half.py opencl-c.h OUTPUT.cl

Every half value is exactly a float, so most functions compute in float
and round the result to half once (to nearest even):
- Exact or correctly rounded operations (fabs, floor, fmod, remquo, sqrt,
  ldexp, the comparisons, ...) stay exact or correctly rounded: float's 24
  bits are at least 2 * 11 + 2, so rounding twice gives the same answer as
  rounding once for +, -, *, / and sqrt, and the other exact results are
  representable in half.
- The other functions carry their float error (a few float ulps, about
  2^-12 half ulps) plus the final rounding: within the half bounds of the
  OpenCL C spec.
Functions that only move bits (select, bitselect, shuffle, vloadN, vstoreN,
the async copies, prefetch) work on ushort and reinterpret. The functions
that need more than one rounding's care or half's own range (fma,
nextafter, nan, fract, isnormal) are
written by hand in lib/half_exact.cl; the conversions come from
gen_conversions.py, vload_half/vstore_half from lib/vload_vstore.cl and
read_imageh/write_imageh from lib/image_rw.cl and lib/image_sample.cl
(images are plain descriptors there, not Clang's image types), and the
sub-group functions from lib/sub_group.cl (their reductions and scans round
each step to half, which one float computation rounded once would not).

Declarations under extensions or features CoreCL does not report (mipmaps,
Intel sub-groups, sub-group rotation, floating-point atomics) are skipped.
"""
import re
import sys

DECL = re.compile(r"^(\w+)\s+__ovld(?:\s+__\w+)*\s+(\w+)\((.*)\);\s*$")
HALF = re.compile(r"\bhalf(\d*)\b")
# Under these #if conditions the declarations belong to what CoreCL does not
# report.
SKIPPED_CONDITIONS = re.compile(
    r"mipmap|cl_intel_|subgroup_rotate|float_atomics|_fp16_(global|local)_atomic")
# Defined elsewhere (see the docstring), or not reported (atomics on half).
SKIPPED_NAMES = re.compile(
    r"^(convert_|v(load|store)a?_half|atomic_|fma$|nextafter$|nan$|fract$|isnormal$|intel_|"
    r"read_imageh$|write_imageh$|sub_group_)")
# Functions that only move half values: computed on ushort.
BIT_MOVES = {
    "select", "bitselect", "shuffle", "shuffle2", "vload2", "vload3", "vload4", "vload8",
    "vload16", "vstore2", "vstore3", "vstore4", "vstore8", "vstore16", "async_work_group_copy",
    "async_work_group_strided_copy", "prefetch"
}


QUALIFIERS = {
    "const", "volatile", "__global", "__local", "__private", "__constant", "__generic",
    "read_only", "write_only", "read_write"
}


def unnamed(param):
    """A parameter's type without the name some declarations give it."""
    param = param.strip()
    if param.endswith("*"):
        return param
    m = re.match(r"^(.*\*)\s*\w+$", param)
    if m:
        return m.group(1).strip()
    words = param.split()
    if len([w for w in words if w not in QUALIFIERS]) >= 2:
        words = words[:-1]
    return " ".join(words)


def declarations(header):
    """Yields (return type, name, [parameter types]) of every declaration
    outside skipped conditions, once each."""
    stack = []
    seen = set()
    for line in open(header):
        stripped = line.strip()
        if stripped.startswith("#if"):
            stack.append(bool(SKIPPED_CONDITIONS.search(stripped)))
            continue
        if stripped.startswith("#endif"):
            stack.pop()
            continue
        if stripped.startswith("#else") or stripped.startswith("#elif"):
            # The alternative of a skipped block is not CoreCL's either way:
            # keep it only when its own condition is fine.
            stack[-1] = bool(SKIPPED_CONDITIONS.search(stripped))
            continue
        if any(stack):
            continue
        m = DECL.match(stripped)
        if not m or stripped in seen:
            continue
        seen.add(stripped)
        ret, name, params = m.group(1), m.group(2), m.group(3)
        params = [unnamed(p) for p in params.split(",")] if params.strip() else []
        if not HALF.search(ret) and not any(HALF.search(p) for p in params):
            continue
        if SKIPPED_NAMES.match(name):
            continue
        yield ret, name, params


def is_pointer(param):
    return param.endswith("*")


def width(t):
    m = re.search(r"(\d+)$", t)
    return m.group(1) if m else ""


def cvt(expr, to):
    """Converts a scalar or vector expression to type `to` (same width)."""
    if width(to):
        return "__builtin_convertvector(%s, %s)" % (expr, to)
    return "(%s)(%s)" % (to, expr)


def promoted(ret, name, params):
    """A body computing in float."""
    pre, args, post = [], [], []
    for i, p in enumerate(params):
        arg = "p%d" % i
        m = HALF.search(p)
        if is_pointer(p) and m:
            ftype = "float" + m.group(1)
            pre.append("  %s t%d;" % (ftype, i))
            args.append("&t%d" % i)
            post.append("  *%s = %s;" % (arg, cvt("t%d" % i, "half" + m.group(1))))
        elif m:
            args.append(cvt(arg, "float" + m.group(1)))
        else:
            args.append(arg)
    call = "%s(%s)" % (name, ", ".join(args))
    if ret == "void":
        return pre + ["  %s;" % call] + post
    # Half results are rounded back; vector comparisons' shortN masks come
    # from the float overload's intN ones.
    converted = HALF.fullmatch(ret) or re.fullmatch(r"short\d+", ret)
    result = cvt(call, ret) if converted else call
    return pre + ["  %s r = %s;" % (ret, result)] + post + ["  return r;"]


def bit_moved(ret, name, params):
    """A body on ushort values, reinterpreted."""
    args = []
    for i, p in enumerate(params):
        arg = "p%d" % i
        m = HALF.search(p)
        if is_pointer(p) and m:
            args.append("(%s)%s" % (HALF.sub(lambda k: "ushort" + k.group(1), p), arg))
        elif m:
            args.append("as_ushort%s(%s)" % (m.group(1), arg))
        else:
            args.append(arg)
    call = "%s(%s)" % (name, ", ".join(args))
    if ret == "void":
        return ["  %s;" % call]
    m = HALF.fullmatch(ret)
    if m:
        return ["  return as_half%s(%s);" % (m.group(1), call)]
    return ["  return %s;" % call]


def counterpart(ret, name, params):
    """The prototype of the float (or ushort) function a half overload
    calls. Defining an overload in this file hides Clang's lazily declared
    builtins of that name, so the callee must be declared here."""
    if name in BIT_MOVES:
        to = "ushort"
        ret = HALF.sub(lambda k: "ushort" + k.group(1), ret)
    else:
        to = "float"
        ret = HALF.sub(lambda k: "float" + k.group(1), ret)
        ret = re.sub(r"^short(\d+)$", r"int\1", ret)
    types = [HALF.sub(lambda k: to + k.group(1), p) for p in params]
    # Outputs of the float calls are private temporaries.
    types = [t if to == "ushort" or not is_pointer(t) or "half" not in p else
             re.sub(r"__(global|local|private) ", "", t)
             for t, p in zip(types, params)]
    return "OVERLOAD %s %s(%s);" % (ret, name, ", ".join(types))


def main():
    header, output = sys.argv[1], sys.argv[2]
    out = [
        "// Generated by builtins/gen_half.py from Clang's opencl-c.h: do not edit.",
        '#include "builtins.h"',
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable",
        "",
    ]
    decls = list(declarations(header))
    prototypes = []
    for ret, name, params in decls:
        proto = counterpart(ret, name, params)
        if proto not in prototypes:
            prototypes.append(proto)
    out += prototypes + [""]
    count = 0
    for ret, name, params in decls:
        named = ", ".join("%s p%d" % (p, i) for i, p in enumerate(params))
        out.append("OVERLOAD %s %s(%s) {" % (ret, name, named))
        out += bit_moved(ret, name, params) if name in BIT_MOVES else promoted(ret, name, params)
        out.append("}")
        count += 1
    if count < 800:
        sys.exit("gen_half.py: only %d half declarations found in %s" % (count, header))
    with open(output, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
