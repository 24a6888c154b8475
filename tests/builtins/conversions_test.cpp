// The explicit conversions convert_<dst><N>[_sat][_<rounding>] for every
// pair of char..ulong, float and double and every width, against host
// references: every value of the 8- and 16-bit sources, edge cases (0,
// +-0.5 boundaries, the destinations' bounds, NaN, infinities, 2^24 +- 1,
// 2^53 +- 1, denormals) and a random sweep for the others.
//
// The references compute in long double, which holds every 64-bit integer
// and every float and double exactly; directed roundings step from the
// nearest result to the correct side with nextafter.
#include "builtins/builtins_fixture.h"

#include <cmath>
#include <limits>

namespace corecl::test {
namespace {

enum class Kind { Int, Float };

struct Type {
  const char *name;
  Kind kind;
  int bytes;
  bool isSigned;
};

const Type kTypes[] = {
    {"char", Kind::Int, 1, true},    {"uchar", Kind::Int, 1, false},
    {"short", Kind::Int, 2, true},   {"ushort", Kind::Int, 2, false},
    {"int", Kind::Int, 4, true},     {"uint", Kind::Int, 4, false},
    {"long", Kind::Int, 8, true},    {"ulong", Kind::Int, 8, false},
    {"float", Kind::Float, 4, true}, {"double", Kind::Float, 8, true},
};
const char *kModes[] = {"", "_rte", "_rtz", "_rtp", "_rtn"};

// A source value: its bits, and its exact value (NaN for NaN).
struct Value {
  uint64_t bits;
  long double value;
};

long double intMin(const Type &t) {
  return t.isSigned ? -std::ldexp(1.0L, t.bytes * 8 - 1) : 0.0L;
}
long double intMax(const Type &t) {
  return std::ldexp(1.0L, t.bytes * 8 - (t.isSigned ? 1 : 0)) - 1;
}

Value fromBits(const Type &t, uint64_t bits) {
  int w = t.bytes * 8;
  if (w < 64)
    bits &= (uint64_t(1) << w) - 1;
  if (t.kind == Kind::Float) {
    if (t.bytes == 4) {
      float f;
      uint32_t b = uint32_t(bits);
      std::memcpy(&f, &b, 4);
      return {bits, (long double)f};
    }
    double d;
    std::memcpy(&d, &bits, 8);
    return {bits, (long double)d};
  }
  if (t.isSigned && w < 64 && (bits >> (w - 1)) & 1)
    return {bits, (long double)(int64_t(bits | ~((uint64_t(1) << w) - 1)))};
  if (t.isSigned && w == 64)
    return {bits, (long double)int64_t(bits)};
  return {bits, (long double)bits};
}

uint64_t floatBits(const Type &t, long double v) {
  if (t.bytes == 4)
    return bitsOf(float(v));
  return bitsOf(double(v));
}

/// The source values for type t.
std::vector<uint64_t> sourceBits(const Type &t) {
  std::vector<uint64_t> out;
  if (t.kind == Kind::Int && t.bytes <= 2) {
    for (uint64_t i = 0; i < (uint64_t(1) << (t.bytes * 8)); ++i)
      out.push_back(i);
    return out;
  }
  std::vector<long double> values = {0,   1,   2,   3,     127,   128,   129,
                                     255, 256, 257, 32767, 32768, 65535, 65536};
  for (int k : {7, 8, 15, 16, 23, 24, 25, 31, 32, 52, 53, 54, 62, 63, 64})
    for (long double d : {-1.0L, 0.0L, 1.0L, 2.0L, 3.0L})
      values.push_back(std::ldexp(1.0L, k) + d);
  auto add = [&](long double v) {
    if (t.kind == Kind::Int) {
      if (v >= intMin(t) && v <= intMax(t))
        out.push_back(uint64_t(t.isSigned ? uint64_t(int64_t(v)) : uint64_t(v)));
    } else {
      out.push_back(floatBits(t, v));
    }
  };
  for (long double v : values) {
    add(v);
    add(-v);
  }
  if (t.kind == Kind::Int) {
    add(intMin(t));
    add(intMax(t));
    add(intMin(t) + 1);
    add(intMax(t) - 1);
  } else {
    // Half-way points and their neighbours, at the destinations' bounds.
    std::vector<long double> extra = {0.5,   1.5,   2.5,   0.25,    0.75,    126.5,   127.5,  128.5,
                                      254.5, 255.5, 256.5, 32767.5, 32768.5, 65535.5, 65536.5};
    for (long double v : extra) {
      add(v);
      add(-v);
    }
    bool isFloat = t.bytes == 4;
    long double inf = std::numeric_limits<long double>::infinity();
    for (long double v : {inf, -inf})
      add(v);
    uint64_t nan = isFloat ? 0x7fc00000 : 0x7ff8000000000000;
    uint64_t sign = isFloat ? 0x80000000u : 0x8000000000000000u;
    for (uint64_t b : {nan, nan | sign, nan | 1, uint64_t(1), uint64_t(1) | sign, sign})
      out.push_back(b);
    // Every float value just around the half-way points and bounds.
    std::vector<uint64_t> around;
    for (uint64_t b : out)
      for (int64_t d = -2; d <= 2; ++d)
        around.push_back(b + d);
    out.insert(out.end(), around.begin(), around.end());
    // The largest finite values.
    uint64_t maxFinite = isFloat ? 0x7f7fffff : 0x7fefffffffffffff;
    out.push_back(maxFinite);
    out.push_back(maxFinite | sign);
  }
  std::mt19937_64 rng(42);
  while (out.size() < 20000) {
    uint64_t r = rng();
    if (t.kind == Kind::Float && (rng() & 1)) {
      // Random values of moderate magnitude (integer-ish range).
      long double v = std::ldexp((long double)(r >> 11), int(rng() % 80) - 60 - 53);
      add((rng() & 1) ? v : -v);
    } else {
      out.push_back(r);
    }
  }
  return out;
}

/// The expected bits of convert_<d>[sat][mode] of v, or false when the
/// result is implementation-defined (unsaturated out-of-range conversions
/// of floating-point values).
bool expected(const Type &s, const Type &d, bool sat, const char *mode, Value v, uint64_t &bits) {
  std::string m = mode;
  if (d.kind == Kind::Int) {
    long double x = v.value;
    if (s.kind == Kind::Float) {
      if (std::isnan(x)) {
        if (!sat)
          return false;
        bits = 0;
        return true;
      }
      x = m == "_rte"   ? std::nearbyint(x)
          : m == "_rtp" ? std::ceil(x)
          : m == "_rtn" ? std::floor(x)
                        : std::trunc(x);
      if (!sat && (x < intMin(d) || x > intMax(d)))
        return false;
    }
    if (sat)
      x = x < intMin(d) ? intMin(d) : x > intMax(d) ? intMax(d) : x;
    if (x < 0)
      bits = uint64_t(int64_t(x));
    else if (x < std::ldexp(1.0L, 64))
      bits = uint64_t(x);
    else
      bits = 0;
    if (d.bytes < 8)
      bits &= (uint64_t(1) << (d.bytes * 8)) - 1;
    return true;
  }
  // To floating point.
  long double x = v.value;
  if (std::isnan(x)) {
    bits = d.bytes == 4 ? bitsOf(std::numeric_limits<float>::quiet_NaN())
                        : bitsOf(std::numeric_limits<double>::quiet_NaN());
    return true; // compared as "is NaN" below
  }
  auto pick = [&](auto r) {
    using F = decltype(r);
    long double rv = r;
    if (m == "_rtz" && std::fabs(rv) > std::fabs(x))
      r = std::nextafter(r, F(0));
    else if (m == "_rtp" && rv < x)
      r = std::nextafter(r, std::numeric_limits<F>::infinity());
    else if (m == "_rtn" && rv > x)
      r = std::nextafter(r, -std::numeric_limits<F>::infinity());
    return bitsOf(r);
  };
  // long double to float/double rounds to nearest even (the default mode).
  bits = d.bytes == 4 ? pick(float(x)) : pick(double(x));
  return true;
}

bool isNanBits(const Type &t, uint64_t b) {
  if (t.bytes == 4)
    return (b & 0x7fffffff) > 0x7f800000;
  return (b & 0x7fffffffffffffff) > 0x7ff0000000000000;
}

class Conversions : public BuiltinsTest {
public:
  void check(const Type &s, int n) {
    SCOPED_TRACE(testing::Message() << "from " << s.name << widthSuffix(n));
    std::vector<uint64_t> src = sourceBits(s);
    while (src.size() % 48)
      src.push_back(src[src.size() % 7]);
    size_t count = src.size();
    std::vector<unsigned char> input(count * s.bytes);
    for (size_t i = 0; i < count; ++i)
      std::memcpy(input.data() + i * s.bytes, &src[i], s.bytes);

    struct Conv {
      const Type *d;
      bool sat;
      const char *mode;
    };
    std::vector<Conv> convs;
    std::string w = widthSuffix(n);
    std::string code = loadStoreMacros(n) + "kernel void k(global const " + s.name +
                       " *a, global uchar *out) {\n  size_t i = get_global_id(0);\n  " + s.name +
                       w + " x = LOAD(i, a);\n";
    size_t region = count * 8;
    for (const Type &d : kTypes)
      for (bool sat : {false, true}) {
        if (sat && d.kind == Kind::Float)
          continue;
        for (const char *mode : kModes) {
          code += "  STORE(convert_" + std::string(d.name) + w + (sat ? "_sat" : "") + mode +
                  "(x), i, (global " + d.name + " *)(out + " +
                  std::to_string(convs.size() * region) + "));\n";
          convs.push_back({&d, sat, mode});
        }
      }
    code += "}\n";
    cl_kernel k = buildKernel(code, "k");
    ASSERT_TRUE(k);
    cl_mem out = poisonBuffer(region * convs.size());
    ASSERT_TRUE(run(k, {makeBuffer(input.size(), input.data()), out}, count / n));
    std::vector<unsigned char> got = readBytes(out, region * convs.size());
    for (size_t c = 0; c < convs.size(); ++c) {
      const Conv &cv = convs[c];
      std::string name =
          std::string("convert_") + cv.d->name + w + (cv.sat ? "_sat" : "") + cv.mode;
      size_t failures = 0;
      for (size_t i = 0; i < count; ++i) {
        uint64_t e;
        Value v = fromBits(s, src[i]);
        if (!expected(s, *cv.d, cv.sat, cv.mode, v, e))
          continue;
        uint64_t g = 0;
        std::memcpy(&g, got.data() + c * region + i * cv.d->bytes, cv.d->bytes);
        bool ok = g == e;
        if (cv.d->kind == Kind::Float && std::isnan(v.value))
          ok = isNanBits(*cv.d, g);
        if (!ok && failures++ < 3)
          ADD_FAILURE() << name << "(" << (double)v.value << " bits 0x" << std::hex << v.bits
                        << "): got 0x" << g << ", expected 0x" << e;
      }
      EXPECT_EQ(failures, 0u) << name;
    }
  }
};

TEST_F(Conversions, Scalar) {
  for (const Type &s : kTypes)
    check(s, 1);
}

TEST_F(Conversions, Vectors) {
  for (int n : {2, 3, 4, 8, 16})
    for (const Type &s : kTypes)
      check(s, n);
}

} // namespace
} // namespace corecl::test
