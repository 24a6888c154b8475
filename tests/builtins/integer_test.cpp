// The integer builtins (abs, abs_diff, add_sat, sub_sat, hadd, rhadd, clz,
// ctz, popcount, mul_hi, mad_hi, mad_sat, rotate, upsample, mul24, mad24)
// for every integer type and width, against 128-bit host references:
// every pair of operands for the 8-bit types, every value of the first
// operand plus edge cases and a random sweep for the wider ones.
#include "builtins/builtins_fixture.h"

#include <limits>
#include <type_traits>

namespace corecl::test {
namespace {

using i128 = __int128;
using u128 = unsigned __int128;

template <class T> const char *clName();
template <> const char *clName<int8_t>() {
  return "char";
}
template <> const char *clName<uint8_t>() {
  return "uchar";
}
template <> const char *clName<int16_t>() {
  return "short";
}
template <> const char *clName<uint16_t>() {
  return "ushort";
}
template <> const char *clName<int32_t>() {
  return "int";
}
template <> const char *clName<uint32_t>() {
  return "uint";
}
template <> const char *clName<int64_t>() {
  return "long";
}
template <> const char *clName<uint64_t>() {
  return "ulong";
}

// Elements per kernel run: a multiple of every width (3 included) above
// 65536, so that the first 65536 hold every pair of 8-bit operands.
constexpr size_t kCount = 48 * 1366;

template <class T> struct Ref {
  using U = std::make_unsigned_t<T>;
  static constexpr int kBits = sizeof(T) * 8;
  static constexpr i128 kMin = std::numeric_limits<T>::min();
  static constexpr i128 kMax = std::numeric_limits<T>::max();

  static uint64_t sat(i128 v) { return uint64_t(T(v < kMin ? kMin : v > kMax ? kMax : v)); }
  static uint64_t wrap(i128 v) { return uint64_t(T(v)); }
  static uint64_t clz(T a) {
    int n = 0;
    for (int i = kBits - 1; i >= 0 && !((U(a) >> i) & 1); --i)
      ++n;
    return wrap(n);
  }
  static uint64_t ctz(T a) {
    int n = 0;
    for (int i = 0; i < kBits && !((U(a) >> i) & 1); ++i)
      ++n;
    return wrap(n);
  }
  static uint64_t popcount(T a) {
    int n = 0;
    for (int i = 0; i < kBits; ++i)
      n += (U(a) >> i) & 1;
    return wrap(n);
  }
  static i128 mulHi(T a, T b) {
    if (std::is_signed_v<T>)
      return (i128(a) * i128(b)) >> kBits; // arithmetic: floor
    return i128((u128(U(a)) * u128(U(b))) >> kBits);
  }
  static uint64_t madSat(T a, T b, T c) {
    if (std::is_signed_v<T>)
      return sat(i128(a) * i128(b) + i128(c));
    u128 p = u128(U(a)) * u128(U(b)) + u128(U(c));
    return p > u128(U(kMax)) ? uint64_t(U(kMax)) : uint64_t(p);
  }
  static uint64_t rotate(T a, T b) {
    int s = int(U(b) % kBits);
    U u = U(a);
    return uint64_t(U(s ? U(u << s) | U(u >> (kBits - s)) : u));
  }
  static i128 low24(T a) {
    int32_t v = int32_t(uint32_t(a) << 8) >> 8;
    return std::is_signed_v<T> ? i128(v) : i128(uint32_t(a) & 0xffffff);
  }
};

struct Function {
  std::string call; // the call, on operands x, y, z of the kernel
  int resultBytes;  // size of the result's elements
  bool (*applies)(int bits, bool isSigned);
};

bool always(int, bool) {
  return true;
}
bool notLong(int bits, bool) {
  return bits < 64;
}
bool only32(int bits, bool) {
  return bits == 32;
}

template <class T> std::vector<T> operands(int which) {
  std::vector<T> v(kCount);
  std::mt19937_64 rng(1234 + which);
  std::vector<T> edges = {T(0),
                          T(1),
                          T(2),
                          T(3),
                          T(-1),
                          T(-2),
                          std::numeric_limits<T>::min(),
                          T(std::numeric_limits<T>::min() + 1),
                          std::numeric_limits<T>::max(),
                          T(std::numeric_limits<T>::max() - 1),
                          T(std::numeric_limits<T>::max() / 2),
                          T(std::numeric_limits<T>::max() / 2 + 1),
                          T(0x5555555555555555ull),
                          T(0xaaaaaaaaaaaaaaaaull),
                          T(0x7f),
                          T(0x80),
                          T(0xff),
                          T(0x100),
                          T(0x7fff),
                          T(0x8000),
                          T(0xffffff),
                          T(0x800000)};
  size_t e = edges.size();
  for (size_t i = 0; i < kCount; ++i) {
    if (sizeof(T) == 1 && i < 65536) {
      v[i] = T(which == 0 ? i & 0xff : which == 1 ? i >> 8 : rng());
    } else if (which == 0 && i < 65536) {
      v[i] = T(i); // every 16-bit value, the low ones of wider types
    } else if (i - 65536 < e * e && i >= 65536) {
      size_t j = i - 65536; // every pair of edge values
      v[i] = which == 0 ? edges[j % e] : which == 1 ? edges[j / e] : edges[(j * 7) % e];
    } else {
      uint64_t r = rng();
      // Mix small and full-range random values.
      v[i] = T((rng() & 1) ? r : r % 1000 - 500);
    }
  }
  // For the wide types the first operand sweeps the low values: pair them
  // with edge and random second operands.
  return v;
}

template <class T> class IntegerChecker {
public:
  using U = std::make_unsigned_t<T>;
  using R = Ref<T>;

  static std::vector<Function> functions() {
    return {
        {"abs(x)", sizeof(T), always},          {"abs_diff(x, y)", sizeof(T), always},
        {"add_sat(x, y)", sizeof(T), always},   {"sub_sat(x, y)", sizeof(T), always},
        {"hadd(x, y)", sizeof(T), always},      {"rhadd(x, y)", sizeof(T), always},
        {"clz(x)", sizeof(T), always},          {"ctz(x)", sizeof(T), always},
        {"popcount(x)", sizeof(T), always},     {"mul_hi(x, y)", sizeof(T), always},
        {"mad_hi(x, y, z)", sizeof(T), always}, {"mad_sat(x, y, z)", sizeof(T), always},
        {"rotate(x, y)", sizeof(T), always},    {"upsample(x, UY)", 2 * sizeof(T), notLong},
        // mul24 and mad24 are defined for 24-bit operands only (signed for
        // int): the shifts bring every operand into range, as the
        // reference's low24 does.
        {"mul24((x << 8) >> 8, (y << 8) >> 8)", sizeof(T), only32},
        {"mad24((x << 8) >> 8, (y << 8) >> 8, z)", sizeof(T), only32},
    };
  }

  // The expected bits of function `f` (an index into functions()).
  static uint64_t expected(size_t f, T a, T b, T c) {
    i128 A = a, B = b, C = c;
    switch (f) {
    case 0:
      return uint64_t(U(A < 0 ? -A : A));
    case 1:
      return uint64_t(U(A > B ? A - B : B - A));
    case 2:
      return R::sat(A + B);
    case 3:
      return R::sat(A - B);
    case 4:
      return R::wrap((A + B) >> 1);
    case 5:
      return R::wrap((A + B + 1) >> 1);
    case 6:
      return R::clz(a);
    case 7:
      return R::ctz(a);
    case 8:
      return R::popcount(a);
    case 9:
      return R::wrap(R::mulHi(a, b));
    case 10:
      return R::wrap(R::mulHi(a, b) + C);
    case 11:
      return R::madSat(a, b, c);
    case 12:
      return R::rotate(a, b);
    case 13: {
      u128 w = (u128(U(a)) << R::kBits) | U(b);
      // (For 32-bit types the mask is all 64 bits; shifting by 64 is UB.)
      return 2 * R::kBits >= 64 ? uint64_t(w) : uint64_t(w) & ((uint64_t(1) << (2 * R::kBits)) - 1);
    }
    case 14:
      return R::wrap(R::low24(a) * R::low24(b));
    case 15:
      return R::wrap(R::low24(a) * R::low24(b) + C);
    }
    return 0;
  }

  static void run(BuiltinsTest &fixture, int n) {
    SCOPED_TRACE(testing::Message() << clName<T>() << widthSuffix(n));
    const int bits = sizeof(T) * 8;
    const bool isSigned = std::is_signed_v<T>;
    std::vector<Function> fns = functions();
    std::string t = clName<T>();
    std::string u = clName<U>();
    std::string w = widthSuffix(n);
    std::string src = loadStoreMacros(n) + "kernel void k(global const " + t +
                      " *a, global const " + t + " *b, global const " + t +
                      " *c, global uchar *out) {\n"
                      "  size_t i = get_global_id(0);\n"
                      "  " +
                      t + w + " x = LOAD(i, a), y = LOAD(i, b), z = LOAD(i, c);\n";
    size_t region = kCount * 8;
    for (size_t f = 0; f < fns.size(); ++f) {
      if (!fns[f].applies(bits, isSigned))
        continue;
      std::string call = fns[f].call;
      size_t pos = call.find("UY");
      if (pos != std::string::npos)
        call.replace(pos, 2, "as_" + u + w + "(y)");
      std::string rt = fns[f].resultBytes == int(sizeof(T)) ? t : "";
      if (f == 0 || f == 1)
        rt = u; // abs and abs_diff return the unsigned type
      if (f == 13)
        rt = std::string(bits == 8 ? "short" : bits == 16 ? "int" : "long");
      if (f == 13 && !isSigned)
        rt = "u" + rt;
      src += "  STORE(" + call + ", i, (global " + rt + " *)(out + " + std::to_string(f * region) +
             "));\n";
    }
    src += "}\n";
    cl_kernel k = fixture.buildKernel(src, "k", "-cl-std=CL3.0");
    ASSERT_TRUE(k);
    std::vector<T> a = operands<T>(0), b = operands<T>(1), c = operands<T>(2);
    cl_mem out = fixture.poisonBuffer(region * fns.size());
    ASSERT_TRUE(fixture.run(k, {fixture.bufferOf(a), fixture.bufferOf(b), fixture.bufferOf(c), out},
                            kCount / n));
    std::vector<unsigned char> got = fixture.readBytes(out, region * fns.size());
    for (size_t f = 0; f < fns.size(); ++f) {
      if (!fns[f].applies(bits, isSigned))
        continue;
      int rb = fns[f].resultBytes;
      size_t failures = 0;
      for (size_t i = 0; i < kCount; ++i) {
        uint64_t g = 0;
        std::memcpy(&g, got.data() + f * region + i * rb, rb);
        uint64_t e = expected(f, a[i], b[i], c[i]);
        if (rb < 8)
          e &= (uint64_t(1) << (rb * 8)) - 1;
        if (g != e && failures++ < 5)
          ADD_FAILURE() << fns[f].call << " with x=" << int64_t(a[i]) << " y=" << int64_t(b[i])
                        << " z=" << int64_t(c[i]) << ": got 0x" << std::hex << g << ", expected 0x"
                        << e;
      }
      EXPECT_EQ(failures, 0u) << fns[f].call;
    }
  }
};

class IntegerBuiltins : public BuiltinsTest {
public:
  template <class T> void allWidths() {
    for (int n : {1, 2, 3, 4, 8, 16})
      IntegerChecker<T>::run(*this, n);
  }
};

TEST_F(IntegerBuiltins, Char) {
  allWidths<int8_t>();
}
TEST_F(IntegerBuiltins, Uchar) {
  allWidths<uint8_t>();
}
TEST_F(IntegerBuiltins, Short) {
  allWidths<int16_t>();
}
TEST_F(IntegerBuiltins, Ushort) {
  allWidths<uint16_t>();
}
TEST_F(IntegerBuiltins, Int) {
  allWidths<int32_t>();
}
TEST_F(IntegerBuiltins, Uint) {
  allWidths<uint32_t>();
}
TEST_F(IntegerBuiltins, Long) {
  allWidths<int64_t>();
}
TEST_F(IntegerBuiltins, Ulong) {
  allWidths<uint64_t>();
}

} // namespace
} // namespace corecl::test
