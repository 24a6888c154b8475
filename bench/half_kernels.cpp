// Half precision (cl_khr_fp16) against the same kernels in float: SAXPY
// (memory-bound: half moves half the bytes) and a GEMM with 16 x 16 tiles
// in local memory (compute-bound: half is computed in float lanes and
// rounded after every operation). PoCL's device reports no cl_khr_fp16,
// so the half rows run on CoreCL alone (n/a for PoCL); the float rows run
// on both.
#include "kernel_row.h"

#include <CL/cl.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace bench {
namespace {

bool hasFp16(const Driver &d) {
  size_t size = 0;
  if (clGetDeviceInfo(d.device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size) != CL_SUCCESS)
    return false;
  std::string extensions(size, '\0');
  clGetDeviceInfo(d.device, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr);
  return extensions.find("cl_khr_fp16") != std::string::npos;
}

/// Exact small values (multiples of 1/4 up to 1 in magnitude) as half bits
/// and as floats: every sum these rows form is exact in half.
uint16_t halfBits(float v) {
  if (v == 0)
    return std::signbit(v) ? 0x8000 : 0;
  int e;
  float m = std::frexp(std::fabs(v), &e); // v = m 2^e, m in [0.5, 1)
  uint16_t bits = uint16_t((e + 14) << 10 | (uint16_t(m * 2048) & 0x3ff));
  return v < 0 ? bits | 0x8000 : bits;
}

enum class Precision { Half, Float };

const char *typeName(Precision p) {
  return p == Precision::Half ? "half" : "float";
}

/// y = a * x + y over 32M elements.
class Saxpy : public KernelRow {
public:
  explicit Saxpy(Precision p) : p_(p) {}
  std::string name() const override {
    return std::string("SAXPY in ") + typeName(p_) + " (32M elements)";
  }
  double work() const override { return 3.0 * bytes() * kN; } // read x, y; write y
  bool isFlops() const override { return false; }
  bool supportedBy(const Driver &d) const override { return p_ == Precision::Float || hasFp16(d); }
  void setUp(const Driver &d) override {
    std::string t = typeName(p_);
    compile(d,
            "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
            "kernel void saxpy(" +
                t + " a, global const " + t + " *x, global " + t +
                " *y) {\n"
                "  size_t i = get_global_id(0);\n"
                "  y[i] = a * x[i] + y[i];\n"
                "}\n",
            "saxpy");
    std::vector<unsigned char> x(bytes() * kN), y(bytes() * kN, 0);
    for (size_t i = 0; i < kN; ++i)
      store(x, i, float(int(i % 8) - 4) / 4);
    y_ = buffer(y.size(), y.data());
    if (p_ == Precision::Half) {
      uint16_t a = halfBits(0.5f);
      setArgs(a, buffer(x.size(), x.data()), y_);
    } else {
      setArgs(0.5f, buffer(x.size(), x.data()), y_);
    }
    runs_ = 0;
  }
  void run() override {
    size_t global = kN;
    d_->runKernel(kernel_, 1, &global, nullptr, "saxpy");
    ++runs_;
  }
  bool verify() override {
    // y = runs * 0.5 x after `runs` runs from zero: exact while it stays
    // below 2^11 quarters.
    std::vector<unsigned char> y(bytes() * kN);
    check(clEnqueueReadBuffer(d_->queue, y_, CL_TRUE, 0, y.size(), y.data(), 0, nullptr, nullptr),
          "read y");
    for (size_t i = 0; i < kN; i += 4099) {
      float expected = float(runs_) * 0.5f * (float(int(i % 8) - 4) / 4);
      if (std::fabs(expected) > 256)
        continue; // past the exact range: checked on earlier runs
      if (!same(y, i, expected))
        return false;
    }
    return true;
  }

private:
  static constexpr size_t kN = 32u << 20;
  size_t bytes() const { return p_ == Precision::Half ? 2 : 4; }
  void store(std::vector<unsigned char> &v, size_t i, float value) const {
    if (p_ == Precision::Half) {
      uint16_t h = halfBits(value);
      std::memcpy(&v[2 * i], &h, 2);
    } else {
      std::memcpy(&v[4 * i], &value, 4);
    }
  }
  bool same(const std::vector<unsigned char> &v, size_t i, float expected) const {
    if (p_ == Precision::Half) {
      uint16_t h;
      std::memcpy(&h, &v[2 * i], 2);
      return h == halfBits(expected);
    }
    float f;
    std::memcpy(&f, &v[4 * i], 4);
    return f == expected;
  }

  Precision p_;
  cl_mem y_ = nullptr;
  size_t runs_ = 0;
};

/// C = A B for 1024 x 1024 matrices, 16 x 16 tiles in local memory, each
/// work-item one element of C.
class TiledGemm : public KernelRow {
public:
  explicit TiledGemm(Precision p) : p_(p) {}
  std::string name() const override {
    return std::string("GEMM in ") + typeName(p_) + ", 16x16 local tiles (1024^3)";
  }
  double work() const override { return 2.0 * kN * kN * kN; }
  bool isFlops() const override { return true; }
  bool supportedBy(const Driver &d) const override { return p_ == Precision::Float || hasFp16(d); }
  void setUp(const Driver &d) override {
    std::string t = typeName(p_);
    compile(d,
            "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
            "#define T " +
                t + "\n" + R"(
            #define TS 16
            kernel void gemm(uint n, global const T *a, global const T *b, global T *c) {
              local T ta[TS][TS], tb[TS][TS];
              size_t col = get_global_id(0), row = get_global_id(1);
              size_t lc = get_local_id(0), lr = get_local_id(1);
              T acc = 0;
              for (uint k0 = 0; k0 < n; k0 += TS) {
                ta[lr][lc] = a[row * n + k0 + lc];
                tb[lr][lc] = b[(k0 + lr) * n + col];
                barrier(CLK_LOCAL_MEM_FENCE);
                for (uint k = 0; k < TS; ++k)
                  acc += ta[lr][k] * tb[k][lc];
                barrier(CLK_LOCAL_MEM_FENCE);
              }
              c[row * n + col] = acc;
            })",
            "gemm");
    // Entries in {-1, -1/2, 0, 1/2, 1}: every partial sum is a multiple of
    // 1/4 below 2^9 in magnitude, exact in half.
    a_.resize(kN * kN);
    b_.resize(kN * kN);
    for (size_t i = 0; i < kN * kN; ++i) {
      a_[i] = float(int((i * 2654435761u >> 7) % 5) - 2) / 2;
      b_[i] = float(int((i * 40503u >> 5) % 5) - 2) / 2;
    }
    c_ = buffer(kN * kN * bytes());
    setArgs(cl_uint(kN), buffer(kN * kN * bytes(), encode(a_).data()),
            buffer(kN * kN * bytes(), encode(b_).data()), c_);
  }
  void run() override {
    size_t global[2] = {kN, kN}, local[2] = {16, 16};
    d_->runKernel(kernel_, 2, global, local, "gemm");
  }
  bool verify() override {
    std::vector<unsigned char> c(kN * kN * bytes());
    check(clEnqueueReadBuffer(d_->queue, c_, CL_TRUE, 0, c.size(), c.data(), 0, nullptr, nullptr),
          "read c");
    for (size_t row = 0; row < kN; row += 61)
      for (size_t col = 0; col < kN; col += 37) {
        float expected = 0;
        for (size_t k = 0; k < kN; ++k)
          expected += a_[row * kN + k] * b_[k * kN + col];
        size_t i = row * kN + col;
        if (p_ == Precision::Half) {
          uint16_t h;
          std::memcpy(&h, &c[2 * i], 2);
          if (h != halfBits(expected))
            return false;
        } else {
          float f;
          std::memcpy(&f, &c[4 * i], 4);
          if (f != expected)
            return false;
        }
      }
    return true;
  }

private:
  static constexpr size_t kN = 1024;
  size_t bytes() const { return p_ == Precision::Half ? 2 : 4; }
  std::vector<unsigned char> encode(const std::vector<float> &v) const {
    std::vector<unsigned char> out(v.size() * bytes());
    for (size_t i = 0; i < v.size(); ++i) {
      if (p_ == Precision::Half) {
        uint16_t h = halfBits(v[i]);
        std::memcpy(&out[2 * i], &h, 2);
      } else {
        std::memcpy(&out[4 * i], &v[i], 4);
      }
    }
    return out;
  }

  Precision p_;
  std::vector<float> a_, b_;
  cl_mem c_ = nullptr;
};

} // namespace

void addHalfBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  for (Precision p : {Precision::Float, Precision::Half})
    list.push_back(std::make_unique<Saxpy>(p));
  for (Precision p : {Precision::Float, Precision::Half})
    list.push_back(std::make_unique<TiledGemm>(p));
}

} // namespace bench
