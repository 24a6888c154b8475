// The relational functions (comparisons, classification, signbit, any,
// all, bitselect, select), the common functions (degrees, radians, mix,
// step, smoothstep, sign) and shuffle/shuffle2, against host references,
// over every pair of edge values (zeros, infinities, NaNs, denormals,
// extremes) and a random sweep.
#include "builtins/builtins_fixture.h"

#include <cmath>
#include <functional>
#include <limits>

namespace corecl::test {
namespace {

template <class F> std::vector<F> floatEdges() {
  using L = std::numeric_limits<F>;
  return {F(0),
          -F(0),
          F(1),
          F(-1),
          F(1.5),
          F(-2.25),
          L::infinity(),
          -L::infinity(),
          L::quiet_NaN(),
          -L::quiet_NaN(),
          L::denorm_min(),
          -L::denorm_min(),
          L::min(),
          -L::min(),
          L::max(),
          -L::max(),
          F(0.5),
          F(100)};
}

constexpr size_t kCount = 48 * 64;

template <class F> void fillPairs(std::vector<F> &x, std::vector<F> &y, std::vector<F> &z) {
  std::vector<F> e = floatEdges<F>();
  std::mt19937 rng(3);
  std::uniform_real_distribution<F> d(-4, 4);
  for (size_t i = 0; i < kCount; ++i) {
    if (i < e.size() * e.size()) {
      x[i] = e[i % e.size()];
      y[i] = e[i / e.size()];
    } else {
      x[i] = d(rng);
      y[i] = (i % 5 == 0) ? x[i] : d(rng);
    }
    z[i] = (i % 3 == 0) ? F(0.25) : d(rng) / 4 + F(0.5);
  }
}

class RelationalCommon : public BuiltinsTest {
public:
  template <class F> void checkFloat(const char *name, int n) {
    SCOPED_TRACE(testing::Message() << name << n);
    using I = std::conditional_t<sizeof(F) == 4, int32_t, int64_t>;
    struct Fn {
      std::string call;
      std::function<bool(F, F)> pred; // a predicate, or null for a value
      std::function<F(F, F, F)> value;
      bool exact;
    };
    const F pi = F(3.14159265358979323846);
    std::vector<Fn> fns = {
        {"isequal(x, y)", [](F a, F b) { return a == b; }, nullptr, true},
        {"isnotequal(x, y)", [](F a, F b) { return a != b; }, nullptr, true},
        {"isgreater(x, y)", [](F a, F b) { return a > b; }, nullptr, true},
        {"isgreaterequal(x, y)", [](F a, F b) { return a >= b; }, nullptr, true},
        {"isless(x, y)", [](F a, F b) { return a < b; }, nullptr, true},
        {"islessequal(x, y)", [](F a, F b) { return a <= b; }, nullptr, true},
        {"islessgreater(x, y)", [](F a, F b) { return a < b || a > b; }, nullptr, true},
        {"isordered(x, y)", [](F a, F b) { return !std::isnan(a) && !std::isnan(b); }, nullptr,
         true},
        {"isunordered(x, y)", [](F a, F b) { return std::isnan(a) || std::isnan(b); }, nullptr,
         true},
        {"isfinite(x)", [](F a, F) { return std::isfinite(a); }, nullptr, true},
        {"isinf(x)", [](F a, F) { return std::isinf(a); }, nullptr, true},
        {"isnan(x)", [](F a, F) { return std::isnan(a); }, nullptr, true},
        {"isnormal(x)", [](F a, F) { return std::isnormal(a); }, nullptr, true},
        {"signbit(x)", [](F a, F) { return std::signbit(a); }, nullptr, true},
        {"degrees(x)", nullptr, [=](F a, F, F) { return a * F(F(180) / pi); }, false},
        {"radians(x)", nullptr, [=](F a, F, F) { return a * F(pi / F(180)); }, false},
        {"step(x, y)", nullptr, [](F a, F b, F) { return b < a ? F(0) : F(1); }, true},
        {"sign(x)", nullptr,
         [](F a, F, F) { return std::isnan(a) ? F(0)
                                : a > 0       ? F(1)
                                : a < 0       ? F(-1)
                                              : a; }, true},
        {"mix(x, y, z)", nullptr, [](F a, F b, F c) { return a + (b - a) * c; }, false},
        {"smoothstep(x, y, z)", nullptr,
         [](F e0, F e1, F v) {
           F t = std::fmin(std::fmax((v - e0) / (e1 - e0), F(0)), F(1));
           return t * t * (3 - 2 * t);
         },
         false},
    };
    if (n > 1) {
      fns.push_back({"step(x.s0, y)", nullptr, nullptr, true});
      fns.push_back({"mix(x, y, z.s0)", nullptr, nullptr, false});
    }
    std::string T = name, w = widthSuffix(n);
    std::string src = std::string(sizeof(F) == 8 ? "" : "") + loadStoreMacros(n) +
                      "kernel void k(global const " + T + " *a, global const " + T +
                      " *b, global const " + T +
                      " *c, global uchar *out) {\n"
                      "  size_t i = get_global_id(0);\n  " +
                      T + w + " x = LOAD(i, a), y = " + "LOAD(i, b), z = LOAD(i, c);\n";
    size_t region = kCount * 8;
    std::string rt = n == 1 ? "int" : sizeof(F) == 4 ? "int" : "long";
    for (size_t f = 0; f < fns.size(); ++f)
      src += "  STORE(" + fns[f].call + ", i, (global " + (fns[f].pred ? rt : T) + " *)(out + " +
             std::to_string(f * region) + "));\n";
    src += "}\n";
    cl_kernel k = buildKernel(src, "k");
    ASSERT_TRUE(k);
    std::vector<F> x(kCount), y(kCount), z(kCount);
    fillPairs(x, y, z);
    cl_mem out = poisonBuffer(region * fns.size());
    ASSERT_TRUE(run(k, {bufferOf(x), bufferOf(y), bufferOf(z), out}, kCount / n));
    std::vector<unsigned char> got = readBytes(out, region * fns.size());
    for (size_t f = 0; f < fns.size(); ++f) {
      size_t failures = 0;
      for (size_t i = 0; i < kCount; ++i) {
        size_t lane0 = i - i % n;
        bool ok;
        std::string detail;
        if (fns[f].pred) {
          size_t rb = rt == "int" ? 4 : 8;
          int64_t g = rb == 4 ? elementAt<int32_t>(got, f * region / 4 + i)
                              : elementAt<int64_t>(got, f * region / 8 + i);
          bool p = fns[f].pred(x[i], y[i]);
          int64_t e = p ? (n == 1 ? 1 : -1) : 0;
          ok = g == e;
          detail = "got " + std::to_string(g) + " expected " + std::to_string(e);
        } else {
          F g = elementAt<F>(got, f * region / sizeof(F) + i);
          F e;
          if (fns[f].call == "step(x.s0, y)")
            e = y[i] < x[lane0] ? F(0) : F(1);
          else if (fns[f].call == "mix(x, y, z.s0)")
            e = x[i] + (y[i] - x[i]) * z[lane0];
          else
            e = fns[f].value(x[i], y[i], z[i]);
          if (std::isnan(e) || (!fns[f].exact && !(std::isfinite(x[i]) && std::isfinite(y[i]))))
            ok = true; // not checked: NaN results, infinite inputs of mix, smoothstep...
          else if (fns[f].exact)
            ok = bitsOf(g) == bitsOf(e);
          else if (fns[f].call.rfind("smoothstep", 0) == 0 && !(x[i] < y[i]))
            ok = true; // undefined unless edge0 < edge1
          else if (std::isinf(e) || std::fabs(e) > std::numeric_limits<F>::max() / 4)
            ok = true; // overflowing intermediate values
          else
            ok = std::fabs(g - e) <=
                 4 * std::numeric_limits<F>::epsilon() * std::fmax(F(1), std::fabs(e));
          detail = "got " + std::to_string(g) + " expected " + std::to_string(e);
        }
        if (!ok && failures++ < 3)
          ADD_FAILURE() << fns[f].call << " x=" << x[i] << " y=" << y[i] << " z=" << z[i] << ": "
                        << detail;
      }
      EXPECT_EQ(failures, 0u) << fns[f].call;
    }
  }
};

TEST_F(RelationalCommon, Float) {
  for (int n : {1, 2, 3, 4, 8, 16})
    checkFloat<float>("float", n);
}

TEST_F(RelationalCommon, Double) {
  for (int n : {1, 2, 3, 4, 8, 16})
    checkFloat<double>("double", n);
}

// any, all, bitselect and select over integer types; select's condition
// in both its signed and unsigned forms.
TEST_F(RelationalCommon, IntegerSelections) {
  for (const char *t : {"char", "short", "int", "long"})
    for (int n : {1, 2, 3, 4, 8, 16}) {
      SCOPED_TRACE(testing::Message() << t << n);
      int bytes = std::string(t) == "char"    ? 1
                  : std::string(t) == "short" ? 2
                  : std::string(t) == "int"   ? 4
                                              : 8;
      std::string w = widthSuffix(n), T = t;
      std::string src = loadStoreMacros(n) + "kernel void k(global const " + T +
                        " *a, global const " + T + " *b, global const " + T +
                        " *c, global int *anyall, global " + T +
                        " *sel) {\n"
                        "  size_t i = get_global_id(0);\n  " +
                        T + w +
                        " x = LOAD(i, a), y = LOAD(i, b), z = LOAD(i, c);\n"
                        "  anyall[2 * i] = any(z);\n  anyall[2 * i + 1] = all(z);\n"
                        "  STORE(bitselect(x, y, z), 3 * i, sel);\n"
                        "  STORE(select(x, y, z), 3 * i + 1, sel);\n"
                        "  STORE(select(x, y, as_u" +
                        T + w + "(z)), 3 * i + 2, sel);\n}\n";
      cl_kernel k = buildKernel(src, "k");
      ASSERT_TRUE(k);
      const size_t items = 512, count = items * n;
      std::vector<unsigned char> a(count * bytes), b(count * bytes), c(count * bytes);
      std::mt19937 rng(n);
      for (size_t i = 0; i < a.size(); ++i) {
        a[i] = uint8_t(rng());
        b[i] = uint8_t(rng());
        c[i] = uint8_t(rng());
      }
      // Some conditions all zero, all set, or set in the sign bit only.
      for (size_t i = 0; i < count; ++i) {
        size_t item = i / n;
        if (item % 4 == 0)
          std::memset(&c[i * bytes], 0, bytes);
        if (item % 4 == 1)
          c[i * bytes + bytes - 1] |= 0x80;
        if (item % 8 == 2)
          c[i * bytes + bytes - 1] &= 0x7f;
      }
      cl_mem anyall = poisonBuffer(items * 2 * 4), sel = poisonBuffer(count * 3 * bytes);
      ASSERT_TRUE(run(k,
                      {makeBuffer(a.size(), a.data()), makeBuffer(b.size(), b.data()),
                       makeBuffer(c.size(), c.data()), anyall, sel},
                      items));
      std::vector<unsigned char> ga = readBytes(anyall, items * 8),
                                 gs = readBytes(sel, count * 3 * bytes);
      for (size_t item = 0; item < items; ++item) {
        bool any = false, all = true;
        for (int j = 0; j < n; ++j) {
          bool msb = c[(item * n + j) * bytes + bytes - 1] & 0x80;
          any |= msb;
          all &= msb;
        }
        ASSERT_EQ(elementAt<int32_t>(ga, 2 * item), any ? 1 : 0) << "any " << item;
        ASSERT_EQ(elementAt<int32_t>(ga, 2 * item + 1), all ? 1 : 0) << "all " << item;
        for (int j = 0; j < n; ++j) {
          size_t e = item * n + j;
          bool pick;
          if (n == 1) {
            pick = false;
            for (int q = 0; q < bytes; ++q)
              pick |= c[e * bytes + q] != 0;
          } else {
            pick = c[e * bytes + bytes - 1] & 0x80;
          }
          for (int q = 0; q < bytes; ++q) {
            size_t at = e * bytes + q;
            uint8_t bs = uint8_t((a[at] & ~c[at]) | (b[at] & c[at]));
            uint8_t s = pick ? b[at] : a[at];
            size_t base = (3 * item * n + j) * bytes + q;
            ASSERT_EQ(gs[base], bs) << "bitselect " << e;
            ASSERT_EQ(gs[base + n * bytes], s) << "select " << e;
            ASSERT_EQ(gs[base + 2 * n * bytes], s) << "select (unsigned) " << e;
          }
        }
      }
    }
}

// shuffle and shuffle2 for each pair of widths, on uint and double
// elements, with masks that use bits above the index.
TEST_F(RelationalCommon, Shuffle) {
  for (const char *t : {"uchar", "uint", "double"})
    for (int m : {2, 4, 8, 16})
      for (int n : {2, 4, 8, 16}) {
        SCOPED_TRACE(testing::Message() << t << " " << m << " -> " << n);
        std::string T = t, U = T == "double" ? "ulong" : T, M = std::to_string(m),
                    N = std::to_string(n);
        int bytes = T == "uchar" ? 1 : T == "uint" ? 4 : 8;
        std::string src = "kernel void k(global const " + T + " *a, global const " + U +
                          " *mask, global " + T +
                          " *o) {\n"
                          "  size_t i = get_global_id(0);\n"
                          "  " +
                          T + M + " x = vload" + M + "(2 * i, a), y = vload" + M +
                          "(2 * i + 1, a);\n"
                          "  " +
                          U + N + " k = vload" + N +
                          "(i, mask);\n"
                          "  vstore" +
                          N +
                          "(shuffle(x, k), 2 * i, o);\n"
                          "  vstore" +
                          N + "(shuffle2(x, y, k), 2 * i + 1, o);\n}\n";
        cl_kernel k = buildKernel(src, "k");
        ASSERT_TRUE(k);
        const size_t items = 64;
        std::vector<unsigned char> a(items * 2 * m * bytes);
        std::mt19937 rng(m * 17 + n);
        for (auto &v : a)
          v = uint8_t(rng());
        std::vector<unsigned char> mask(items * n * bytes);
        for (auto &v : mask)
          v = uint8_t(rng());
        cl_mem o = poisonBuffer(items * 2 * n * bytes);
        ASSERT_TRUE(run(
            k, {makeBuffer(a.size(), a.data()), makeBuffer(mask.size(), mask.data()), o}, items));
        std::vector<unsigned char> g = readBytes(o, items * 2 * n * bytes);
        for (size_t i = 0; i < items; ++i)
          for (int j = 0; j < n; ++j) {
            uint64_t sel = 0;
            std::memcpy(&sel, &mask[(i * n + j) * bytes], bytes);
            size_t s1 = sel % m, s2 = sel % (2 * m);
            ASSERT_EQ(0,
                      std::memcmp(&g[(2 * i * n + j) * bytes], &a[(2 * i * m + s1) * bytes], bytes))
                << "shuffle " << i << " " << j;
            ASSERT_EQ(0, std::memcmp(&g[((2 * i + 1) * n + j) * bytes],
                                     &a[(2 * i * m + s2) * bytes], bytes))
                << "shuffle2 " << i << " " << j;
          }
      }
}

} // namespace
} // namespace corecl::test
