// vloadN/vstoreN for every element type and width, through global,
// constant, local and private memory at unaligned offsets (OpenCL C 1.2
// and 2.0's generic pointers), and the half-precision loads and stores:
// every half value loaded, and stores in each rounding mode of every half,
// the midpoints between halves and their neighbours, overflow, underflow,
// NaN and infinities, against host references.
#include "builtins/builtins_fixture.h"
#include "builtins/half_reference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace corecl::test {
namespace {

struct ElementType {
  const char *name;
  int bytes;
};
const ElementType kElementTypes[] = {{"char", 1},  {"uchar", 1}, {"short", 2}, {"ushort", 2},
                                     {"int", 4},   {"uint", 4},  {"long", 8},  {"ulong", 8},
                                     {"float", 4}, {"double", 8}};

class VloadVstore : public BuiltinsTest {
public:
  // One work-item copies `blocks` vectors of width n: global to global,
  // constant to global, and global (offset by one element) to local to
  // private to global (offset by one).
  void check(const ElementType &t, int n, const char *std) {
    SCOPED_TRACE(testing::Message() << t.name << n << " " << std);
    const int blocks = 8;
    const size_t elems = size_t(blocks) * n + 1;
    std::string T = t.name, N = std::to_string(n), B = std::to_string(blocks);
    std::string src = "kernel void k(global const " + T + " *a, constant " + T + " *c, global " +
                      T + " *o1, global " + T + " *o2, global " + T +
                      " *o3) {\n"
                      "  local " +
                      T + " l[" + B + " * " + N +
                      "];\n"
                      "  " +
                      T + " p[" + B + " * " + N +
                      "];\n"
                      "  for (size_t i = 0; i < " +
                      B +
                      "; ++i) {\n"
                      "    vstore" +
                      N + "(vload" + N +
                      "(i, a), i, o1);\n"
                      "    vstore" +
                      N + "(vload" + N +
                      "(i, c), i, o2);\n"
                      "    vstore" +
                      N + "(vload" + N +
                      "(i, a + 1), i, l);\n"
                      "  }\n"
                      "  for (size_t i = 0; i < " +
                      B +
                      "; ++i)\n"
                      "    vstore" +
                      N + "(vload" + N +
                      "(i, l), i, p);\n"
                      "  for (size_t i = 0; i < " +
                      B +
                      "; ++i)\n"
                      "    vstore" +
                      N + "(vload" + N +
                      "(i, p), i, o3 + 1);\n"
                      "}\n";
    cl_kernel k = buildKernel(src, "k", std);
    ASSERT_TRUE(k);
    size_t bytes = elems * t.bytes;
    std::vector<unsigned char> in(bytes);
    std::mt19937 rng(n * 100 + t.bytes);
    for (auto &b : in)
      b = uint8_t(rng());
    cl_mem a = makeBuffer(bytes, in.data()), o1 = poisonBuffer(bytes), o2 = poisonBuffer(bytes),
           o3 = poisonBuffer(bytes);
    ASSERT_TRUE(run(k, {a, a, o1, o2, o3}, 1));
    std::vector<unsigned char> g1 = readBytes(o1, bytes), g2 = readBytes(o2, bytes),
                               g3 = readBytes(o3, bytes);
    size_t body = size_t(blocks) * n * t.bytes;
    for (size_t i = 0; i < bytes; ++i) {
      uint8_t copied = i < body ? in[i] : 0xAB; // the last element is not written
      ASSERT_EQ(g1[i], copied) << "global byte " << i;
      ASSERT_EQ(g2[i], copied) << "constant byte " << i;
      uint8_t shifted = i >= size_t(t.bytes) ? in[i] : 0xAB; // the first is not written
      ASSERT_EQ(g3[i], shifted) << "local/private byte " << i;
    }
  }
};

TEST_F(VloadVstore, AllTypesAndWidths) {
  for (const char *std : {"-cl-std=CL1.2", "-cl-std=CL2.0", "-cl-std=CL3.0"})
    for (const ElementType &t : kElementTypes)
      for (int n : {2, 3, 4, 8, 16})
        check(t, n, std);
}

class HalfLoadsStores : public BuiltinsTest {};

TEST_F(HalfLoadsStores, LoadEveryHalf) {
  // vload_half, vload_half4, vloada_half4, vload_half3 and vloada_half3 from
  // global memory; then the same through private memory (CL1.2 overloads).
  const char *src = R"(
    kernel void k(global const half *h, global float *o) {
      size_t i = get_global_id(0);
      o[i] = vload_half(i, h);
      if (i % 4 == 0) {
        vstore4(vload_half4(i / 4, h), i / 4, o + 65536);
        vstore4(vloada_half4(i / 4, h), i / 4, o + 2 * 65536);
        vstore3(vloada_half3(i / 4, h), 0, o + 4 * 65536 + i);
      }
      if (i % 3 == 0 && i + 3 <= 65536)
        vstore3(vload_half3(i / 3, h), i / 3, o + 3 * 65536);
      ushort p[2];
      p[0] = ((global const ushort *)h)[i];
      o[5 * 65536 + i] = vload_half(0, (private half *)p);
    })";
  cl_kernel k = buildKernel(src, "k");
  ASSERT_TRUE(k);
  std::vector<uint16_t> h(65536);
  for (size_t i = 0; i < h.size(); ++i)
    h[i] = uint16_t(i);
  cl_mem out = poisonBuffer(6 * 65536 * sizeof(float));
  ASSERT_TRUE(run(k, {bufferOf(h), out}, 65536));
  std::vector<unsigned char> got = readBytes(out, 6 * 65536 * sizeof(float));
  for (size_t i = 0; i < 65536; ++i) {
    long double e = halfValue(uint16_t(i));
    for (int r : {0, 1, 2, 3, 4, 5}) {
      if (r == 3 && i >= 65535)
        continue; // 65536 is not a multiple of 3
      if (r == 4 && i % 4 == 3)
        continue; // vloada_half3 reads three of each four
      float g = elementAt<float>(got, r * 65536 + i);
      if (std::isnan(e))
        ASSERT_TRUE(std::isnan(g)) << r << " " << i;
      else
        ASSERT_EQ(bitsOf(g), bitsOf(float(e))) << "form " << r << " half 0x" << std::hex << i;
    }
  }
}

std::vector<double> storeInputs(bool forDouble) {
  std::vector<double> v;
  for (uint32_t h = 0; h < 0x7c00; ++h) {
    double x = double(halfValue(uint16_t(h)));
    double next = double(halfValue(uint16_t(h + 1 == 0x7c00 ? h : h + 1)));
    double mid = h + 1 == 0x7c00 ? 65520.0 : (x + next) / 2;
    for (double y : {x, mid}) {
      v.push_back(y);
      if (forDouble) {
        v.push_back(std::nextafter(y, 0.0));
        v.push_back(std::nextafter(y, 1e300));
      } else {
        v.push_back(double(std::nextafter(float(y), 0.0f)));
        v.push_back(double(std::nextafter(float(y), 1e30f)));
      }
    }
  }
  for (double y : {65504.0, 65519.0, 65519.99, 65520.0, 65535.0, 65536.0, 70000.0, 1e10, 1e30,
                   0x1p-25, 0x1p-26, 0x1.8p-25, 0x1p-24, 0x1.8p-24, 0x1p-149, 0x1p-126, 0x1p-140,
                   double(std::numeric_limits<float>::max())})
    v.push_back(y);
  if (forDouble)
    for (double y : {1e300, 0x1p-1074, 0x1p-1022, 0x1p-25 + 0x1p-80})
      v.push_back(y);
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i)
    v.push_back(std::ldexp(double(rng() >> 11), int(rng() % 50) - 53 - 30));
  size_t n = v.size();
  for (size_t i = 0; i < n; ++i)
    v.push_back(-v[i]);
  v.push_back(std::numeric_limits<double>::infinity());
  v.push_back(-std::numeric_limits<double>::infinity());
  v.push_back(std::numeric_limits<double>::quiet_NaN());
  v.push_back(-std::numeric_limits<double>::quiet_NaN());
  while (v.size() % 48)
    v.push_back(0.0);
  return v;
}

TEST_F(HalfLoadsStores, StoreRoundingModes) {
  const char *modes[] = {"", "_rte", "_rtz", "_rtp", "_rtn"};
  for (const char *data : {"float", "double"})
    for (int n : {1, 3, 4, 16}) {
      SCOPED_TRACE(testing::Message() << data << n);
      bool isDouble = std::string(data) == "double";
      std::vector<double> in = storeInputs(isDouble);
      size_t count = in.size();
      std::vector<unsigned char> bytes(count * (isDouble ? 8 : 4));
      for (size_t i = 0; i < count; ++i) {
        if (isDouble)
          std::memcpy(bytes.data() + 8 * i, &in[i], 8);
        else {
          float f = float(in[i]);
          std::memcpy(bytes.data() + 4 * i, &f, 4);
        }
      }
      std::string w = widthSuffix(n);
      std::string src = loadStoreMacros(n) + "kernel void k(global const " + data +
                        " *a, global half *o) {\n  size_t i = get_global_id(0);\n  " + data + w +
                        " x = LOAD(i, a);\n";
      // Each mode through vstore_half and, for vectors, vstorea_half.
      int regions = 0;
      for (const char *m : modes) {
        src += "  vstore_half" + w + m + "(x, i, o + " + std::to_string(regions++ * count) + ");\n";
        if (n > 1 && n != 3)
          src +=
              "  vstorea_half" + w + m + "(x, i, o + " + std::to_string(regions++ * count) + ");\n";
      }
      src += "}\n";
      cl_kernel k = buildKernel(src, "k");
      ASSERT_TRUE(k);
      cl_mem out = poisonBuffer(regions * count * 2);
      ASSERT_TRUE(run(k, {makeBuffer(bytes.size(), bytes.data()), out}, count / n));
      std::vector<unsigned char> got = readBytes(out, regions * count * 2);
      int region = 0;
      for (const char *m : modes) {
        std::string mode = *m ? m + 1 : "rte";
        for (int form = 0; form < ((n > 1 && n != 3) ? 2 : 1); ++form, ++region) {
          size_t failures = 0;
          for (size_t i = 0; i < count; ++i) {
            long double x = isDouble ? (long double)in[i] : (long double)float(in[i]);
            uint16_t e = halfOf(x, mode);
            uint16_t g = elementAt<uint16_t>(got, region * count + i);
            bool ok = std::isnan(x) ? ((g & 0x7fff) > 0x7c00) : g == e;
            if (!ok && failures++ < 3)
              ADD_FAILURE() << "vstore" << (form ? "a" : "") << "_half" << w << m << "("
                            << (double)x << "): got 0x" << std::hex << g << ", expected 0x" << e;
          }
          EXPECT_EQ(failures, 0u) << m;
        }
      }
    }
}

} // namespace
} // namespace corecl::test
