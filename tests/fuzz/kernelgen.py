"""Random OpenCL C kernels with defined behaviour, and their expected output.

Every program is generated as a small syntax tree that prints itself twice:
as OpenCL C for the driver under test, and as Python that computes the
same results on the host. The Python runs each work-item as a generator
that yields at barriers, so a work-group runs in lock step between
barriers, as the OpenCL execution model requires.

Defined behaviour by construction:
- all arithmetic is on `uint` (wraps); shifts take their count modulo 32;
  other types appear in round trips back to uint: truncation to 8 and 16
  bits (signed and unsigned), 64-bit products and shifts, and float
  arithmetic on 12-bit values, which stays exact (a conversion to a
  narrower signed type truncates, as Clang defines it);
  division and remainder divide by `x | 1`;
- private arrays and buffers are indexed modulo their (power-of-two) size,
  local memory modulo the local size;
- every loop has a bound of at most a few iterations;
- barriers stand only where the whole work-group reaches them: at the top
  level, or under conditions and loop bounds built only from values that
  are the same for the whole group (constants, group id, local size,
  read-only input at such an index, counters of such loops), with no
  varying break or continue in loops that contain them;
- a work-item writes local memory only at its own slot between two
  barriers and reads other slots only after the next one;
- atomics are commutative (add, xor, max, min; one operation per
  location) and their return value is not used, so the final values do not
  depend on the order;
- early returns happen only after the last barrier (among them, at times,
  a guard at the top level that the remaining statements follow).

Modes select a mix of features, like CLSmith's: basic, divergence,
barriers, atomics, helpers, vectors and all.
"""

import random

M = 0xFFFFFFFF
IN_SIZE = 64  # uints in the read-only input buffer (power of two)
ACC_SIZE = 4  # global atomic accumulators
LOCAL_MAX = 256
MODES = ["basic", "divergence", "barriers", "atomics", "helpers", "vectors", "all"]


def input_value(i):
    """The input buffer's contents, as the host harness fills it."""
    x = (i * 2654435761 + 12345) & M
    x ^= x >> 13
    return (x * 2246822519) & M


# ---------------------------------------------------------------- expressions


class Expr:
    uniform = False  # the same value for every work-item of a group


class Const(Expr):
    def __init__(self, v):
        self.v = v & M
        self.uniform = True

    def c(self):
        return "%uu" % self.v

    def py(self):
        return str(self.v)


class Var(Expr):
    def __init__(self, name, uniform=False, vector=False):
        self.name = name
        self.uniform = uniform
        self.vector = vector

    def c(self):
        return self.name

    def py(self):
        return self.name


# The width of the program's vector variables (uintN), set per program.
VECTOR = {"width": 4}


def vtype():
    return "uint%d" % VECTOR["width"]


def lane(i):
    """OpenCL C's name of lane i: x, y, z, w up to four lanes, else s0..sf."""
    return "xyzw"[i] if VECTOR["width"] <= 4 else "s%x" % i


def swizzle(order):
    if VECTOR["width"] <= 4:
        return "".join("xyzw"[i] for i in order)
    return "s" + "".join("%x" % i for i in order)


class Component(Expr):
    """One lane of a vector variable."""

    def __init__(self, var, lane):
        self.var, self.lane = var, lane

    def c(self):
        return "%s.%s" % (self.var.name, lane(self.lane))

    def py(self):
        return "%s[%d]" % (self.var.name, self.lane)


class ArrayRead(Expr):
    def __init__(self, name, size, index):
        self.name, self.size, self.index = name, size, index

    def c(self):
        return "%s[(%s) & %du]" % (self.name, self.index.c(), self.size - 1)

    def py(self):
        return "%s[(%s) & %d]" % (self.name, self.index.py(), self.size - 1)


class InputRead(Expr):
    def __init__(self, index):
        self.index = index
        self.uniform = index.uniform

    def c(self):
        return "inp[(%s) & %du]" % (self.index.c(), IN_SIZE - 1)

    def py(self):
        return "IN[(%s) & %d]" % (self.index.py(), IN_SIZE - 1)


class Binary(Expr):
    ARITH = ["+", "-", "*", "&", "|", "^"]
    ALL = ARITH + ["/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&&", "||"]

    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.uniform = a.uniform and b.uniform

    def c(self):
        a, b, op = self.a.c(), self.b.c(), self.op
        if op in ("/", "%"):
            return "((%s) %s ((%s) | 1u))" % (a, op, b)
        if op in ("<<", ">>"):
            return "((%s) %s ((%s) & 31u))" % (a, op, b)
        if op in ("<", ">", "<=", ">=", "==", "!=", "&&", "||"):
            return "((uint)((%s) %s (%s)))" % (a, op, b)
        return "((%s) %s (%s))" % (a, op, b)

    def py(self):
        a, b, op = self.a.py(), self.b.py(), self.op
        if op == "/":
            return "((%s) // ((%s) | 1))" % (a, b)
        if op == "%":
            return "((%s) %% ((%s) | 1))" % (a, b)
        if op == "<<":
            return "(((%s) << ((%s) & 31)) & M)" % (a, b)
        if op == ">>":
            return "((%s) >> ((%s) & 31))" % (a, b)
        if op == "&&":
            return "int(bool(%s) and bool(%s))" % (a, b)
        if op == "||":
            return "int(bool(%s) or bool(%s))" % (a, b)
        if op in ("<", ">", "<=", ">=", "==", "!="):
            return "int((%s) %s (%s))" % (a, op, b)
        return "(((%s) %s (%s)) & M)" % (a, op, b)


class Unary(Expr):
    def __init__(self, op, a):
        self.op, self.a = op, a
        self.uniform = a.uniform

    def c(self):
        if self.op == "!":
            return "((uint)!(%s))" % self.a.c()
        return "(%s(%s))" % (self.op, self.a.c())

    def py(self):
        if self.op == "!":
            return "int(not (%s))" % self.a.py()
        return "((%s(%s)) & M)" % (self.op, self.a.py())


class Convert(Expr):
    """A round trip through another type and back to uint: narrow and
    signed integers (truncation, sign extension), 64-bit arithmetic, and
    float arithmetic on values small enough to stay exact (with or without
    a fused multiply-add)."""

    KINDS = ["uchar", "ushort", "char", "short", "mulhi64", "shr64", "float"]

    def __init__(self, kind, a, b=None, c=None):
        self.kind, self.a, self.b, self.c_ = kind, a, b, c
        self.uniform = all(x.uniform for x in (a, b, c) if x is not None)

    def c(self):
        a = self.a.c()
        k = self.kind
        if k in ("uchar", "ushort"):
            return "((uint)(%s)(%s))" % (k, a)
        if k in ("char", "short"):
            return "((uint)(int)(%s)(%s))" % (k, a)
        if k == "mulhi64":
            return "((uint)(((ulong)(%s) * (ulong)(%s)) >> 32))" % (a, self.b.c())
        if k == "shr64":
            return "((uint)(((ulong)(%s) << 32 | (ulong)(%s)) >> ((%s) & 63u)))" % (
                a, self.b.c(), self.c_.c())
        return ("((uint)((float)((%s) & 0xFFFu) * (float)((%s) & 0xFFFu) + "
                "(float)((%s) & 0xFFFu)))" % (a, self.b.c(), self.c_.c()))

    def py(self):
        a = self.a.py()
        k = self.kind
        if k == "uchar":
            return "((%s) & 0xFF)" % a
        if k == "ushort":
            return "((%s) & 0xFFFF)" % a
        if k == "char":
            return "cl_sext((%s), 8)" % a
        if k == "short":
            return "cl_sext((%s), 16)" % a
        if k == "mulhi64":
            return "(((%s) * (%s)) >> 32)" % (a, self.b.py())
        if k == "shr64":
            return "(((((%s) << 32) | (%s)) >> ((%s) & 63)) & M)" % (a, self.b.py(), self.c_.py())
        return "(((%s) & 0xFFF) * ((%s) & 0xFFF) + ((%s) & 0xFFF))" % (a, self.b.py(),
                                                                     self.c_.py())


class Ternary(Expr):
    def __init__(self, cond, a, b):
        self.cond, self.a, self.b = cond, a, b
        self.uniform = cond.uniform and a.uniform and b.uniform

    def c(self):
        return "((%s) ? (%s) : (%s))" % (self.cond.c(), self.a.c(), self.b.c())

    def py(self):
        return "((%s) if (%s) else (%s))" % (self.a.py(), self.cond.py(), self.b.py())


# OpenCL integer builtins on uint with their Python meaning (module-level
# helpers in the reference prelude).
BUILTINS = {
    "min": 2, "max": 2, "clz": 1, "popcount": 1, "rotate": 2, "mul_hi": 2,
    "add_sat": 2, "sub_sat": 2, "abs_diff": 2, "hadd": 2, "rhadd": 2,
    "mad_hi": 3, "mul24": 2, "mad24": 3, "bitselect": 3, "select": 3, "clamp": 3,
}


class Builtin(Expr):
    def __init__(self, name, args):
        self.name, self.args = name, args
        self.uniform = all(a.uniform for a in args)

    def c(self):
        args = [a.c() for a in self.args]
        if self.name in ("mul24", "mad24"):
            # Defined only for operands that fit in 24 bits.
            args[0] = "((%s) & 0xFFFFFFu)" % args[0]
            args[1] = "((%s) & 0xFFFFFFu)" % args[1]
        if self.name == "clamp":
            # Undefined when the bounds are out of order.
            lo, hi = args[1], args[2]
            args[1] = "min(%s, %s)" % (lo, hi)
            args[2] = "max(%s, %s)" % (lo, hi)
        return "%s(%s)" % (self.name, ", ".join(args))

    def py(self):
        return "cl_%s(%s)" % (self.name, ", ".join(a.py() for a in self.args))


class Call(Expr):
    def __init__(self, fn, args):
        self.fn, self.args = fn, args
        self.uniform = all(a.uniform for a in args)

    def c(self):
        return "%s(%s)" % (self.fn, ", ".join(["inp"] + [a.c() for a in self.args]))

    def py(self):
        return "%s(%s)" % (self.fn, ", ".join(a.py() for a in self.args))


class VectorExpr:
    """A uintN value: c() is OpenCL C, py() a Python N-tuple."""


class VecVar(VectorExpr):
    def __init__(self, name):
        self.name = name

    def c(self):
        return self.name

    def py(self):
        return self.name


class VecBuild(VectorExpr):
    def __init__(self, lanes):
        self.lanes = lanes

    def c(self):
        return "((%s)(%s))" % (vtype(), ", ".join(l.c() for l in self.lanes))

    def py(self):
        return "(%s,)" % ", ".join(l.py() for l in self.lanes)


class VecSwizzle(VectorExpr):
    def __init__(self, var, order):
        self.var, self.order = var, order

    def c(self):
        return "%s.%s" % (self.var.name, swizzle(self.order))

    def py(self):
        return "(%s,)" % ", ".join("%s[%d]" % (self.var.name, i) for i in self.order)


class VecBinary(VectorExpr):
    OPS = ["+", "-", "*", "&", "|", "^"]

    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b

    def c(self):
        return "((%s) %s (%s))" % (self.a.c(), self.op, self.b.c())

    def py(self):
        return "vec_op(lambda p, q: (p %s q) & M, %s, %s)" % (self.op, self.a.py(), self.b.py())


class VecBuiltin(VectorExpr):
    NAMES = ["min", "max", "rotate", "add_sat", "abs_diff", "hadd"]

    def __init__(self, name, a, b):
        self.name, self.a, self.b = name, a, b

    def c(self):
        return "%s(%s, %s)" % (self.name, self.a.c(), self.b.c())

    def py(self):
        return "vec_op(cl_%s, %s, %s)" % (self.name, self.a.py(), self.b.py())


class VecLaneDivision(VectorExpr):
    """a / d in every lane, the lanes where d is 0 replaced by a's (from
    seed 43000). The division runs in every lane, also where d is 0, an
    unspecified value in OpenCL C that select() then drops: CLSmith's
    vector "safe" macros do this (`&&` is elementwise on vectors), and a
    constant divisor with a zero lane is poison to LLVM as a whole, which
    must not make the other lanes undefined (--vectors seed 10238)."""

    def __init__(self, a, d):
        self.a, self.d = a, d

    def c(self):
        return "select((%s) / (%s), (%s), (%s) == (%s)(0))" % (
            self.a.c(), self.d.c(), self.a.c(), self.d.c(), vtype())

    def py(self):
        return "vec_op(lambda p, q: p if q == 0 else p // q, %s, %s)" % (self.a.py(), self.d.py())


class VecScalar(VectorExpr):
    """A scalar widened to all four lanes."""

    def __init__(self, e):
        self.e = e

    def c(self):
        return "((%s)(%s))" % (vtype(), self.e.c())

    def py(self):
        return "((%s),) * %d" % (self.e.py(), VECTOR["width"])


class VecReduce(Expr):
    """A scalar from a vector: the sum of its lanes, or one lane of an
    expression."""

    def __init__(self, v, lane=None):
        self.v, self.lane = v, lane

    def c(self):
        if self.lane is None:
            t = self.v.c()
            return "(%s)" % " + ".join("(%s).%s" % (t, lane(i)) for i in range(VECTOR["width"]))
        return "(%s).%s" % (self.v.c(), lane(self.lane))

    def py(self):
        if self.lane is None:
            return "(sum(%s) & M)" % self.v.py()
        return "(%s)[%d]" % (self.v.py(), self.lane)


# ----------------------------------------------------------------- statements


class Out:
    """Lines of C and Python, indented in step."""

    def __init__(self):
        self.c_lines, self.py_lines = [], []

    def c(self, depth, text):
        self.c_lines.append("  " * depth + text)

    def py(self, depth, text):
        self.py_lines.append("    " * depth + text)


class Context:
    """Where a statement is being generated."""

    def __init__(self, uniform, barriers_ok, loops, depth, returns_ok, in_helper, in_switch):
        self.uniform = uniform  # the whole group runs this code together
        self.barriers_ok = barriers_ok
        self.loops = loops  # innermost last: (kind, counter, continue code)
        self.depth = depth
        self.returns_ok = returns_ok
        self.in_helper = in_helper
        self.in_switch = in_switch

    def but(self, **kw):
        c = Context(self.uniform, self.barriers_ok, list(self.loops), self.depth, self.returns_ok,
                    self.in_helper, self.in_switch)
        for k, v in kw.items():
            setattr(c, k, v)
        return c


class Generator:
    def __init__(self, seed, mode=None):
        self.rng = random.Random(seed)
        self.groups_of_one = False
        # Draws for features added later come from a stream of their own, so
        # that every older seed still generates the program it always did.
        self.late_rng = random.Random(seed ^ 0x5EED)
        # Whether the kernel states its work-group size: a stream of its own
        # too, drawn once, so that the late features' draws stay as they were.
        self.states_size = random.Random(seed ^ 0x6EED).random() < 0.3
        # Whether a kernel that states its size runs it as rows of eight or
        # more work-items in y (a stream of its own too): the ids are
        # flattened in the kernel, so the program and its model stay 1-D,
        # but the compiler may vectorise across y (item_order.cpp).
        # Seeds before 19400 keep the programs they always had.
        self.rows_draw = random.Random(seed ^ 0x7EED).random() if seed >= 19400 else 1.0
        # From seed 42000, loops that only step a variable to an end value,
        # up to 2^32 trips (CLSmith's `for (p->g = -15; p->g != 6; p->g +=
        # 9)`), drawn from late_rng, so older seeds keep their programs.
        self.step_loops = seed >= 42000
        # From seed 43000, vector divisions with zero lanes selected away
        # (VecLaneDivision), drawn from late_rng too.
        self.lane_division = seed >= 43000
        # From seed 44000, some private arrays of 64-256 elements (CLSmith's
        # globals struct, kept in memory across barriers, each work-item's
        # copy apart from the next), drawn from late_rng too.
        self.big_arrays = seed >= 44000
        self.mode = mode or MODES[seed % len(MODES)]
        m = self.mode
        self.use_barriers = m in ("barriers", "all")
        self.use_atomics = m in ("atomics", "all")
        self.use_helpers = m in ("helpers", "all")
        self.use_vectors = m in ("vectors", "all")
        self.divergence = 0.6 if m in ("divergence", "all") else 0.3
        self.counter = 0
        self.helpers = []  # (name, arity)
        self.scalars = []  # kernel variables: Var
        self.arrays = []  # (name, size)
        self.vectors = []  # VecVar
        self.stmt_budget = 0
        self.local_size = 1
        self.groups = 1
        self.uses_local = False
        self.uses_local_acc = False

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def chance(self, p):
        return self.rng.random() < p

    # Expressions ---------------------------------------------------------

    def constant(self):
        r = self.rng.random()
        if r < 0.5:
            return Const(self.rng.randint(0, 16))
        if r < 0.8:
            return Const(self.rng.randint(0, 1000))
        return Const(self.rng.choice([M, 0x80000000, 0x7FFFFFFF, self.rng.getrandbits(32)]))

    def leaf(self, scope, uniform_only):
        """A variable, work-item id, constant or input. Values the same for
        the whole group (`uniform_only`) are constants, the group id, the
        local size, counters of loops the whole group runs alike, and input
        at such an index: never variables, which later code may change."""
        helper = scope_is_helper(scope)
        choices = ["const"]
        if uniform_only:
            names = [v for v in scope if getattr(v, "counter", False) and v.uniform]
        else:
            names = list(scope)
        if names:
            choices += ["var"] * 4
        choices += ["input"]
        if not helper:
            choices += ["grp", "lsz"]
            if not uniform_only:
                choices += ["gid", "lid", "gid", "lid"]
                if self.arrays:
                    choices += ["array"]
                if self.vectors:
                    choices += ["lane"]
        pick = self.rng.choice(choices)
        if pick == "var":
            return self.rng.choice(names)
        if pick == "grp":
            return Var("grp", uniform=True)
        if pick == "lsz":
            return Var("lsz", uniform=True)
        if pick == "gid":
            return Var("gid")
        if pick == "lid":
            return Var("lid")
        if pick == "input":
            return InputRead(self.leaf(scope, uniform_only) if self.chance(0.5) else self.constant())
        if pick == "array":
            name, size = self.rng.choice(self.arrays)
            return ArrayRead(name, size, self.expr(scope, 1, uniform_only))
        if pick == "lane":
            return Component(self.rng.choice(self.vectors), self.rng.randrange(VECTOR["width"]))
        return self.constant()

    def expr(self, scope, depth, uniform_only=False):
        if depth <= 0 or self.chance(0.25):
            return self.leaf(scope, uniform_only)
        r = self.rng.random()
        sub = lambda: self.expr(scope, depth - 1, uniform_only)
        if r < 0.45:
            op = self.rng.choice(Binary.ARITH * 2 + Binary.ALL)
            return Binary(op, sub(), sub())
        if r < 0.55:
            return Unary(self.rng.choice(["~", "-", "!"]), sub())
        if r < 0.65:
            return Ternary(sub(), sub(), sub())
        if r < 0.7:
            return Convert(self.rng.choice(Convert.KINDS), sub(), sub(), sub())
        if r < 0.85:
            name = self.rng.choice(sorted(BUILTINS))
            return Builtin(name, [sub() for _ in range(BUILTINS[name])])
        if self.helpers and self.chance(0.7):
            name, arity = self.rng.choice(self.helpers)
            return Call(name, [sub() for _ in range(arity)])
        if self.vectors and not scope_is_helper(scope) and not uniform_only:
            return VecReduce(self.vec_expr(scope, depth - 1),
                             None if VECTOR["width"] <= 4 and self.chance(0.5)
                             else self.rng.randrange(VECTOR["width"]))
        return Binary(self.rng.choice(Binary.ARITH), sub(), sub())

    def vec_expr(self, scope, depth):
        if self.lane_division and depth > 0 and self.late_rng.random() < 0.12:
            # A divisor with constant zero lanes, drawn from late_rng so that
            # older seeds keep their programs.
            lanes = [Const(0) if self.late_rng.random() < 0.4 else self.expr(scope, depth - 1)
                     for _ in range(VECTOR["width"])]
            return VecLaneDivision(self.vec_expr(scope, depth - 1), VecBuild(lanes))
        r = self.rng.random()
        if depth <= 0 or r < 0.3:
            v = self.rng.choice(self.vectors)
            if self.chance(0.5):
                return VecVar(v.name)
            w = VECTOR["width"]
            return VecSwizzle(v, [self.rng.randrange(w) for _ in range(w)])
        if r < 0.45:
            return VecBuild([self.expr(scope, depth - 1) for _ in range(VECTOR["width"])])
        if r < 0.55:
            return VecScalar(self.expr(scope, depth - 1))
        if r < 0.85:
            return VecBinary(self.rng.choice(VecBinary.OPS), self.vec_expr(scope, depth - 1),
                             self.vec_expr(scope, depth - 1))
        return VecBuiltin(self.rng.choice(VecBuiltin.NAMES), self.vec_expr(scope, depth - 1),
                          self.vec_expr(scope, depth - 1))

    def condition(self, scope, ctx, uniform):
        if uniform:
            return self.expr(scope, 2, uniform_only=True)
        e = self.expr(scope, 2)
        if not ctx.in_helper and self.chance(self.divergence):
            # Make sure it varies between work-items.
            e = Binary(self.rng.choice(["<", "&", "%", "=="]),
                       Binary("+", Var("lid"), e) if self.chance(0.5) else Var("gid"),
                       Const(self.rng.randint(2, 9)))
        return e

    # Statements ----------------------------------------------------------

    def block(self, out, scope, ctx, count):
        for _ in range(count):
            if self.stmt_budget <= 0:
                break
            self.statement(out, scope, ctx)

    def statement(self, out, scope, ctx):
        self.stmt_budget -= 1
        if self.step_loops and not ctx.in_helper and self.late_rng.random() < 0.08:
            return self.stmt_step(out, scope, ctx)
        d = ctx.depth
        options = ["assign"] * 6 + ["if"] * 2 + ["for"] * 2 + ["while"]
        if not ctx.in_helper:
            if self.arrays:
                options += ["array"] * 2
            if self.vectors:
                options += ["vector"] * 2
        if ctx.loops:
            options += ["break", "continue"]
        if ctx.depth < 5:
            options += ["switch"]
        if self.use_barriers and ctx.uniform and ctx.barriers_ok and not ctx.in_helper:
            options += ["comm", "comm", "barrier_if", "barrier_loop", "local_reduce"]
        if self.use_atomics and not ctx.in_helper:
            options += ["atomic"]
        if ctx.returns_ok and not ctx.uniform and not ctx.in_helper:
            options += ["return"]
        if ctx.depth >= 6:
            options = [o for o in options if o in ("assign", "array", "vector", "break", "atomic")]
        kind = self.rng.choice(options)
        getattr(self, "stmt_" + kind)(out, scope, ctx)

    def step_place(self, scope, avoid=None):
        """A variable or a private array element at a constant index (C
        and Python text), drawn from late_rng; not `avoid`."""
        rng = self.late_rng
        targets = [v.name for v in scope
                   if v.name not in ("grp", "lsz") and not getattr(v, "counter", False)]
        targets += ["%s[%d]" % (name, k) for name, size in self.arrays for k in range(size)]
        targets = [t for t in targets if t != avoid]
        return rng.choice(targets)

    def stmt_step(self, out, scope, ctx):
        """`for (v = w ^ C; v != END; v += STEP) u += K;`: STEP odd, so the
        loop ends, after ((END - start) / STEP) mod 2^32 trips, up to four
        billion, which only a compiler that folds the loop runs in time.
        In a kernel with barriers an array element lives in per-work-item
        storage, which a region packet reaches through gathers."""
        rng = self.late_rng
        v = self.step_place(scope)
        u = self.step_place(scope, avoid=v)
        w = rng.choice([x.name for x in scope])
        start, end = rng.getrandbits(32), rng.choice([0, 6, rng.getrandbits(32)])
        step = rng.getrandbits(32) | 1
        k = rng.choice([1, 3, rng.getrandbits(32)])
        sign = rng.choice(["+", "-"])
        inverse = pow(step, -1, 1 << 32)
        d = ctx.depth
        out.c(d, "for (%s = %s ^ %du; %s != %du; %s += %du)" % (v, w, start, v, end, v, step))
        out.c(d + 1, "%s %s= %du;" % (u, sign, k))
        out.py(d, "%s = %s ^ %d" % (v, w, start))
        out.py(d, "%s = (%s %s %d * (((%d - %s) * %d) & M)) & M" % (u, u, sign, k, end, v,
                                                                   inverse))
        out.py(d, "%s = %d" % (v, end))

    def assign_target(self, scope, ctx):
        targets = [v for v in scope
                   if v.name not in ("grp", "lsz") and not getattr(v, "counter", False)]
        return self.rng.choice(targets)

    def stmt_assign(self, out, scope, ctx):
        v = self.assign_target(scope, ctx)
        e = self.expr(scope, 3)
        op = self.rng.choice(["=", "=", "+=", "^=", "*=", "-=", "|="])
        d = ctx.depth
        out.c(d, "%s %s %s;" % (v.name, op, e.c()))
        if op == "=":
            out.py(d, "%s = %s" % (v.name, e.py()))
        else:
            out.py(d, "%s = (%s %s (%s)) & M" % (v.name, v.name, op[0], e.py()))

    def stmt_array(self, out, scope, ctx):
        name, size = self.rng.choice(self.arrays)
        idx, e = self.expr(scope, 2), self.expr(scope, 3)
        d = ctx.depth
        out.c(d, "%s[(%s) & %du] = %s;" % (name, idx.c(), size - 1, e.c()))
        out.py(d, "%s[(%s) & %d] = %s" % (name, idx.py(), size - 1, e.py()))

    def stmt_vector(self, out, scope, ctx):
        v = self.rng.choice(self.vectors)
        d = ctx.depth
        if self.chance(0.3):
            k = self.rng.randrange(VECTOR["width"])
            e = self.expr(scope, 2)
            out.c(d, "%s.%s = %s;" % (v.name, lane(k), e.c()))
            out.py(d, "%s = %s[:%d] + (%s,) + %s[%d:]" % (v.name, v.name, k, e.py(), v.name,
                                                         k + 1))
            return
        e = self.vec_expr(scope, 3)
        out.c(d, "%s = %s;" % (v.name, e.c()))
        out.py(d, "%s = tuple(%s)" % (v.name, e.py()))

    def stmt_if(self, out, scope, ctx):
        cond = self.condition(scope, ctx, uniform=False)
        inner = ctx.but(depth=ctx.depth + 1, uniform=ctx.uniform and cond.uniform,
                        barriers_ok=False)
        d = ctx.depth
        out.c(d, "if (%s) {" % cond.c())
        out.py(d, "if %s:" % cond.py())
        out.py(d + 1, "pass")
        self.block(out, scope, inner, self.rng.randint(1, 3))
        if self.chance(0.5):
            out.c(d, "} else {")
            out.py(d, "else:")
            out.py(d + 1, "pass")
            self.block(out, scope, inner, self.rng.randint(1, 3))
        out.c(d, "}")

    def loop_counter(self, ctx):
        name = self.fresh("i")
        return name

    def stmt_for(self, out, scope, ctx, uniform=False, barriers=False):
        i = self.loop_counter(ctx)
        bound = self.expr(scope, 2, uniform_only=uniform)
        if not uniform and not ctx.in_helper and self.chance(self.divergence):
            bound = Binary("+", bound, Var("lid"))
        limit = self.rng.randint(2, 7)
        d = ctx.depth
        out.c(d, "for (uint %s = 0u; %s < ((%s) %% %du); %s++) {" % (i, i, bound.c(), limit, i))
        out.py(d, "%s = 0" % i)
        out.py(d, "while %s < ((%s) %% %d):" % (i, bound.py(), limit))
        loop_uniform = ctx.uniform and bound.uniform
        counter = Var(i, uniform=loop_uniform)
        counter.counter = True
        inner = ctx.but(depth=d + 1, uniform=loop_uniform and barriers, barriers_ok=barriers,
                        in_switch=False,
                        loops=ctx.loops + [("for", i, "%s = (%s + 1) & M" % (i, i), barriers)])
        self.block(out, scope + [counter], inner, self.rng.randint(1, 4))
        out.c(d, "}")
        out.py(d + 1, "%s = (%s + 1) & M" % (i, i))

    def stmt_while(self, out, scope, ctx):
        w = self.fresh("w")
        cond = self.condition(scope, ctx, uniform=False)
        limit = self.rng.randint(1, 6)
        d = ctx.depth
        inner = ctx.but(depth=d + 1, uniform=False, barriers_ok=False, in_switch=False)
        counter = Var(w)
        counter.counter = True
        if self.chance(0.5):
            out.c(d, "uint %s = 0u;" % w)
            out.c(d, "while ((%s) && %s < %du) {" % (cond.c(), w, limit))
            out.c(d + 1, "%s++;" % w)
            out.py(d, "%s = 0" % w)
            out.py(d, "while (%s) and %s < %d:" % (cond.py(), w, limit))
            out.py(d + 1, "%s += 1" % w)
            inner.loops = ctx.loops + [("while", w, "", False)]
            self.block(out, scope + [counter], inner, self.rng.randint(1, 3))
            out.c(d, "}")
        else:
            # do-while: `continue` goes to the condition.
            check = "if not ((%s) and %s < %d): break" % (cond.py(), w, limit)
            out.c(d, "uint %s = 0u;" % w)
            out.c(d, "do {")
            out.c(d + 1, "%s++;" % w)
            out.py(d, "%s = 0" % w)
            out.py(d, "while True:")
            out.py(d + 1, "%s += 1" % w)
            inner.loops = ctx.loops + [("do", w, check, False)]
            self.block(out, scope + [counter], inner, self.rng.randint(1, 3))
            out.c(d, "} while ((%s) && %s < %du);" % (cond.c(), w, limit))
            out.py(d + 1, check)

    def loop_exit(self, out, scope, ctx, keyword):
        kind, counter, continue_code, barrier_loop = ctx.loops[-1]
        if ctx.in_switch and keyword == "break":
            keyword = "continue"  # `break` would leave the switch
        # In a loop with barriers only the whole group may leave early.
        cond = self.condition(scope, ctx, uniform=barrier_loop)
        if barrier_loop and not ctx.uniform:
            return
        d = ctx.depth
        out.c(d, "if (%s) %s;" % (cond.c(), keyword))
        out.py(d, "if %s:" % cond.py())
        if keyword == "continue" and continue_code:
            out.py(d + 1, continue_code)
        out.py(d + 1, keyword)

    def stmt_break(self, out, scope, ctx):
        self.loop_exit(out, scope, ctx, "break")

    def stmt_continue(self, out, scope, ctx):
        self.loop_exit(out, scope, ctx, "continue")

    def stmt_switch(self, out, scope, ctx):
        sel = self.expr(scope, 2)
        cases = self.rng.randint(2, 4)
        s = self.fresh("s")
        d = ctx.depth
        inner = ctx.but(depth=d + 2, uniform=ctx.uniform and sel.uniform, barriers_ok=False,
                        in_switch=True)
        bodies = []
        for k in range(cases):
            body = Out()
            self.block(body, scope, inner, self.rng.randint(0, 2))
            falls = k < cases - 1 and self.chance(0.3)
            bodies.append((body, falls))
        # The selector takes one value more than there are cases: the last
        # case is either `default` (two values) or a plain case (the other
        # value runs nothing).
        last_is_default = self.chance(0.5)
        out.c(d, "switch ((%s) %% %du) {" % (sel.c(), cases + 1))
        out.py(d, "%s = (%s) %% %d" % (s, sel.py(), cases + 1))
        for k, (body, falls) in enumerate(bodies):
            label = "default:" if k == cases - 1 and last_is_default else "case %d:" % k
            out.c(d + 1, label + " {")  # braces: a case may start with a declaration
            out.c_lines += body.c_lines
            out.c(d + 1, "}" if falls else "} break;")
        out.c(d, "}")
        for k in range(cases):
            test = "%s == %d" % (s, k)
            if k == cases - 1 and last_is_default:
                test = "%s >= %d" % (s, k)
            out.py(d, "%s %s:" % ("if" if k == 0 else "elif", test))
            out.py(d + 1, "pass")
            j = k
            while True:  # a case that falls through runs the next one too
                body, falls = bodies[j]
                for line in body.py_lines:
                    out.py_lines.append(line[4:])  # bodies were indented for depth+2
                if not falls:
                    break
                j += 1

    def stmt_comm(self, out, scope, ctx):
        """Exchange through local memory between two barriers."""
        self.uses_local = True
        v = self.assign_target(scope, ctx)
        e, idx = self.expr(scope, 2), self.expr(scope, 2)
        d = ctx.depth
        out.c(d, "lm[lid] = %s;" % e.c())
        out.c(d, "barrier(CLK_LOCAL_MEM_FENCE);")
        out.c(d, "%s ^= lm[(%s) %% lsz];" % (v.name, idx.c()))
        out.c(d, "barrier(CLK_LOCAL_MEM_FENCE);")
        out.py(d, "LM[lid] = %s" % e.py())
        out.py(d, "yield")
        out.py(d, "%s = %s ^ LM[(%s) %% lsz]" % (v.name, v.name, idx.py()))
        out.py(d, "yield")

    def stmt_local_reduce(self, out, scope, ctx):
        """A group-wide sum or OR through an atomic on local memory."""
        self.uses_local_acc = True
        v = self.assign_target(scope, ctx)
        e = self.expr(scope, 2)
        op = self.rng.choice(["add", "or", "xor", "max", "min"])
        init = {"add": 0, "or": 0, "xor": 0, "max": 0, "min": M}[op]
        pyop = {"add": "(a + b) & M", "or": "a | b", "xor": "a ^ b", "max": "max(a, b)",
                "min": "min(a, b)"}[op]
        d = ctx.depth
        out.c(d, "if (lid == 0u) lacc[0] = %uu;" % init)
        out.c(d, "barrier(CLK_LOCAL_MEM_FENCE);")
        out.c(d, "atomic_%s(&lacc[0], %s);" % (op, e.c()))
        out.c(d, "barrier(CLK_LOCAL_MEM_FENCE);")
        out.c(d, "%s += lacc[0];" % v.name)
        out.c(d, "barrier(CLK_LOCAL_MEM_FENCE);")
        out.py(d, "if lid == 0: LACC[0] = %d" % init)
        out.py(d, "yield")
        out.py(d, "LACC[0] = (lambda a, b: %s)(LACC[0], %s)" % (pyop, e.py()))
        out.py(d, "yield")
        out.py(d, "%s = (%s + LACC[0]) & M" % (v.name, v.name))
        out.py(d, "yield")

    def stmt_barrier_if(self, out, scope, ctx):
        cond = self.condition(scope, ctx, uniform=True)
        d = ctx.depth
        inner = ctx.but(depth=d + 1)
        out.c(d, "if (%s) {" % cond.c())
        out.py(d, "if %s:" % cond.py())
        out.py(d + 1, "pass")
        self.block(out, scope, inner, self.rng.randint(1, 3))
        out.c(d, "}")

    def stmt_barrier_loop(self, out, scope, ctx):
        self.stmt_for(out, scope, ctx, uniform=True, barriers=True)

    def stmt_atomic(self, out, scope, ctx):
        # One operation per accumulator: different atomic operations on one
        # location do not commute with each other.
        k = self.rng.randrange(ACC_SIZE)
        op = ["add", "xor", "max", "min"][k]
        e = self.expr(scope, 2)
        d = ctx.depth
        out.c(d, "atomic_%s(&acc[%d], %s);" % (op, k, e.c()))
        pyop = {"add": "(ACC[%d] + (%s)) & M", "or": "ACC[%d] | (%s)", "xor": "ACC[%d] ^ (%s)",
                "max": "max(ACC[%d], %s)", "min": "min(ACC[%d], %s)"}[op]
        out.py(d, "ACC[%d] = %s" % (k, pyop % (k, e.py())))

    def guard(self, out):
        """Sometimes a bounds-guard-like early return at the top level before
        the barrier-free phase (work-items that retire while the others go
        on to its loops)."""
        g = self.late_rng
        if g.random() >= 0.4:
            return
        k, c, m = g.randint(1, 7), g.randint(0, 63), g.choice([2, 3, 4, 8, 16])
        t = g.randint(1, m - 1)
        cond_c = "((gid * %du + %du) %% %du) < %du" % (k, c, m, t)
        cond_py = "((gid * %d + %d) %% %d) < %d" % (k, c, m, t)
        out.c(1, "if (%s) {" % cond_c)
        out.py(1, "if %s:" % cond_py)
        self.store_checksum(out, 2)
        out.c(2, "return;")
        out.c(1, "}")
        out.py(2, "return")

    def stmt_return(self, out, scope, ctx):
        cond = self.condition(scope, ctx, uniform=False)
        d = ctx.depth
        out.c(d, "if (%s) {" % cond.c())
        out.py(d, "if %s:" % cond.py())
        self.store_checksum(out, d + 1)
        out.c(d + 1, "return;")
        out.c(d, "}")
        out.py(d + 1, "return")

    # Checksum of a work-item's state ---------------------------------------

    def state_terms(self):
        terms = [(v.name, v.name) for v in self.scalars]
        for name, size in self.arrays:
            terms += [("%s[%d]" % (name, i), "%s[%d]" % (name, i)) for i in range(size)]
        for v in self.vectors:
            terms += [("%s.%s" % (v.name, lane(i)), "%s[%d]" % (v.name, i))
                      for i in range(VECTOR["width"])]
        return terms

    def store_checksum(self, out, d):
        """out[gid] = the checksum, at depth d: one expression, as seeds
        before 44000 always had; from 44000 one statement per term where
        there are 64 or more (the arrays of up to 256 elements: clang's and
        Python's parsers refuse some 250 nested parentheses)."""
        terms = self.state_terms()
        if len(terms) < 64 or not self.big_arrays:
            out.c(d, "out[gid] = %s;" % self.checksum_c())
            out.py(d, "OUT[gid] = %s" % self.checksum_py())
            return
        h = self.fresh("ck")
        out.c(d, "uint %s = 0u;" % h)
        out.py(d, "%s = 0" % h)
        for c, p in terms:
            out.c(d, "%s = rotate(%s, 5u) ^ %s;" % (h, h, c))
            out.py(d, "%s = cl_rotate(%s, 5) ^ %s" % (h, h, p))
        out.c(d, "out[gid] = %s;" % h)
        out.py(d, "OUT[gid] = %s" % h)

    def checksum_c(self):
        h = "0u"
        for c, _ in self.state_terms():
            h = "(rotate(%s, 5u) ^ %s)" % (h, c)
        return h

    def checksum_py(self):
        h = "0"
        for _, p in self.state_terms():
            h = "(cl_rotate(%s, 5) ^ %s)" % (h, p)
        return h

    # Programs --------------------------------------------------------------

    def helper(self, index):
        name = "h%d" % index
        arity = self.rng.randint(1, 3)
        params = [Var("p%d" % k) for k in range(arity)]
        out = Out()
        out.c(0, "uint %s(%s) {" % (name, ", ".join(["global const uint *inp"] +
                                                    ["uint " + p.name for p in params])))
        out.py(0, "def %s(%s):" % (name, ", ".join(p.name for p in params)))
        scope = list(params)
        mark_helper_scope(scope)
        for _ in range(self.rng.randint(1, 2)):
            t = Var(self.fresh("t"))
            e = self.expr(scope, 2)
            out.c(1, "uint %s = %s;" % (t.name, e.c()))
            out.py(1, "%s = %s" % (t.name, e.py()))
            scope.append(t)
            mark_helper_scope(scope)
        ctx = Context(uniform=False, barriers_ok=False, loops=[], depth=1, returns_ok=False,
                      in_helper=True, in_switch=False)
        self.stmt_budget = self.rng.randint(2, 6)
        self.block(out, scope, ctx, self.stmt_budget)
        ret = self.expr(scope, 2)
        out.c(1, "return %s;" % ret.c())
        out.py(1, "return %s" % ret.py())
        out.c(0, "}")
        self.helpers.append((name, arity))
        return out

    def generate(self):
        rng = self.rng
        VECTOR["width"] = rng.choice([2, 4, 4, 8, 16])
        self.local_size = rng.choice([1, 2, 3, 4, 7, 8, 16, 16, 32, 32, 64, 64, 96, 128])
        self.groups = rng.choice([1, 2, 3, 4])
        if self.local_size * self.groups > 512:
            self.groups = 1
        if self.groups_of_one:
            # Every work-item a group of its own (hashcat's launches): the
            # work-group function runs them in packets of consecutive groups.
            self.groups, self.local_size = self.local_size * self.groups, 1
        self.global_size = self.local_size * self.groups
        # Some NDRanges end with a partial group (OpenCL C 2.0 and later).
        if self.local_size > 1 and self.mode in ("divergence", "barriers", "all") and \
                self.chance(0.3):
            self.global_size -= rng.randint(1, self.local_size - 1)
        helper_outs = []
        if self.use_helpers:
            for k in range(rng.randint(1, 3)):
                helper_outs.append(self.helper(k))
        body = Out()
        base = [Var("grp", uniform=True), Var("lsz", uniform=True)]
        for k in range(rng.randint(2, 5)):
            v = Var("v%d" % k)
            e = self.expr(base + self.scalars, 2)
            body.c(1, "uint %s = %s;" % (v.name, e.c()))
            body.py(1, "%s = %s" % (v.name, e.py()))
            self.scalars.append(v)
        if rng.random() < 0.6:
            for k in range(rng.randint(1, 2)):
                name, size = "a%d" % k, rng.choice([2, 4, 8, 16])
                if self.big_arrays and self.late_rng.random() < 0.25:
                    size = self.late_rng.choice([64, 128, 256])
                inits = [self.expr(base + self.scalars, 1) for _ in range(size)]
                # From seed 42000 some arrays are more aligned than their
                # elements (as SROA leaves a piece of a struct with a long8,
                # CLSmith's shape): across a barrier each work-item's
                # element then sits 4 bytes from the next, whatever the
                # array's alignment claims.
                aligned = ""
                if self.step_loops and self.late_rng.random() < 0.3:
                    aligned = " __attribute__((aligned(%d)))" % self.late_rng.choice([16, 32, 64])
                body.c(1, "uint %s[%d]%s = {%s};" % (name, size, aligned,
                                                     ", ".join(e.c() for e in inits)))
                body.py(1, "%s = [%s]" % (name, ", ".join(e.py() for e in inits)))
                self.arrays.append((name, size))
        if self.use_vectors:
            for k in range(rng.randint(1, 3)):
                v = Var("u%d" % k, vector=True)
                e = VecBuild([self.expr(base + self.scalars, 1) for _ in range(VECTOR["width"])])
                body.c(1, "%s %s = %s;" % (vtype(), v.name, e.c()))
                body.py(1, "%s = %s" % (v.name, e.py()))
                self.vectors.append(v)
        scope = base + self.scalars
        top = Context(uniform=True, barriers_ok=True, loops=[], depth=1, returns_ok=False,
                      in_helper=False, in_switch=False)
        # Phase one may hold barriers; phase two may return early.
        self.stmt_budget = rng.randint(6, 24)
        self.block(body, scope, top, self.stmt_budget)
        self.stmt_budget = rng.randint(2, 10)
        self.guard(body)
        self.block(body, scope, top.but(returns_ok=True, barriers_ok=False), self.stmt_budget)
        self.store_checksum(body, 1)
        return self.assemble(helper_outs, body)

    def assemble(self, helper_outs, body):
        options = "-cl-std=CL3.0" if self.global_size % self.local_size else ""
        c = ["// corecl-kernelgen mode=%s global=%d local=%d options=%s" %
             (self.mode, self.global_size, self.local_size, options)]
        for h in helper_outs:
            c += h.c_lines + [""]
        # reqd_work_group_size: the compiler then knows the local size and
        # the bounds of the local id (work_group_loops.cpp); the last group
        # of the range may still be partial.
        attribute = ""
        self.shape = None
        if self.states_size and not self.groups_of_one:
            attribute = "__attribute__((reqd_work_group_size(%d, 1, 1))) " % self.local_size
            if self.local_size in (16, 32, 64, 128) and self.rows_draw < 0.5 and \
                    self.global_size % self.local_size == 0:
                rows = 16 if self.local_size == 128 and self.rows_draw < 0.25 else 8
                self.shape = (self.local_size // rows, rows)
                attribute = "__attribute__((reqd_work_group_size(%d, %d, 1))) " % self.shape
                c[0] += " shape=%dx%d" % self.shape
        c.append("kernel %svoid entry(global uint *out, global const uint *inp, "
                 "global uint *acc) {" % attribute)
        if self.shape:
            # Groups side by side along x, each lx x ly work-items: the
            # flattened ids are those of the 1-D range the model runs.
            c.append("  uint lid = (uint)(get_local_id(0) + %du * get_local_id(1));" %
                     self.shape[0])
            c.append("  uint grp = (uint)get_group_id(0), lsz = %du;" % self.local_size)
            c.append("  uint gid = grp * lsz + lid;")
        else:
            c.append("  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);")
            c.append("  uint grp = (uint)get_group_id(0), lsz = (uint)get_local_size(0);")
        if self.uses_local:
            c.append("  local uint lm[%d];" % LOCAL_MAX)
        if self.uses_local_acc:
            c.append("  local uint lacc[1];")
        c += body.c_lines
        c.append("}")
        py = []
        for h in helper_outs:
            py += h.py_lines
        py.append("def entry(gid, lid, grp, lsz, OUT, IN, ACC, LM, LACC):")
        py.append("    if False: yield")
        py += body.py_lines
        return Program("\n".join(c) + "\n", "\n".join(py) + "\n", self.global_size,
                       self.local_size, self.mode, options, self.shape)


def scope_is_helper(scope):
    return any(getattr(v, "helper", False) for v in scope)


def mark_helper_scope(scope):
    for v in scope:
        v.helper = True


PRELUDE = """
M = 0xFFFFFFFF
def cl_min(a, b): return min(a, b)
def cl_max(a, b): return max(a, b)
def cl_clz(a): return 32 - a.bit_length()
def cl_popcount(a): return bin(a).count("1")
def cl_rotate(a, b):
    b &= 31
    return ((a << b) | (a >> (32 - b))) & M if b else a
def cl_mul_hi(a, b): return (a * b) >> 32
def cl_add_sat(a, b): return min(a + b, M)
def cl_sub_sat(a, b): return max(a - b, 0)
def cl_abs_diff(a, b): return abs(a - b)
def cl_hadd(a, b): return (a + b) >> 1
def cl_rhadd(a, b): return (a + b + 1) >> 1
def cl_mad_hi(a, b, c): return (((a * b) >> 32) + c) & M
def cl_mul24(a, b): return ((a & 0xFFFFFF) * (b & 0xFFFFFF)) & M
def cl_mad24(a, b, c): return ((a & 0xFFFFFF) * (b & 0xFFFFFF) + c) & M
def cl_bitselect(a, b, c): return (a & ~c & M) | (b & c)
def cl_select(a, b, c): return b if c else a  # scalar select tests c != 0
def cl_clamp(x, lo, hi): return min(max(x, min(lo, hi)), max(lo, hi))
def vec_op(f, a, b): return tuple(f(p, q) for p, q in zip(a, b))
def cl_sext(a, bits):
    a &= (1 << bits) - 1
    return (a - (1 << bits)) & M if a >> (bits - 1) else a
"""


class Program:
    def __init__(self, c_source, py_source, global_size, local_size, mode, options, shape=None):
        self.options = options
        self.shape = shape  # (lx, ly) for a 2-D launch, or None
        self.c_source = c_source
        self.py_source = py_source
        self.global_size = global_size
        self.local_size = local_size
        self.mode = mode

    def expected(self):
        """(out, acc) as the OpenCL execution model gives them."""
        inp = [input_value(i) for i in range(IN_SIZE)]
        env = {"IN": inp}  # helpers read the input too
        exec(PRELUDE + self.py_source, env)
        entry = env["entry"]
        out = [0] * self.global_size
        acc = [0, 0, 0, M]  # the harness's initial accumulators
        groups = (self.global_size + self.local_size - 1) // self.local_size
        for g in range(groups):
            lm = [0] * LOCAL_MAX
            lacc = [0]
            size = min(self.local_size, self.global_size - g * self.local_size)
            items = [entry(g * self.local_size + l, l, g, size, out, inp, acc, lm, lacc)
                     for l in range(size)]
            live = list(items)
            while live:
                finished = []
                for it in live:
                    try:
                        next(it)
                    except StopIteration:
                        finished.append(it)
                if finished and len(finished) != len(live):
                    raise RuntimeError("generator bug: a barrier not reached by the whole group")
                live = [it for it in live if it not in finished]
        return out, acc


def generate(seed, mode=None, groups_of_one=False):
    generator = Generator(seed, mode)
    generator.groups_of_one = groups_of_one
    return generator.generate()


if __name__ == "__main__":
    import sys

    modes = [a for a in sys.argv[2:] if not a.startswith("--")]
    p = generate(int(sys.argv[1]), modes[0] if modes else None)
    sys.stdout.write(p.c_source)
    if "--py" in sys.argv:
        sys.stdout.write(PRELUDE + p.py_source)
