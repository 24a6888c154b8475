// Cold builds of programs heavier than overhead_kernels.cpp's small one:
// a kernel calling many math builtins (float, float4 and double), and a
// generated straight-line kernel of a few thousand statements (the shape of
// piglit's and other generators' tests). Each run builds a source neither
// the driver's memory nor its disk cache has seen, creates the kernel and
// runs it once; the output is checked on the host.
#include "kernel_row.h"
#include "row_helpers.h"

#include <cmath>
#include <string>

namespace bench {
namespace {

class ColdBuild : public BuildRow {
public:
  void run() override {
    releaseProgram();
    // The tag is code, not a comment: PoCL hashes the preprocessed source.
    compile(*d_, source() + "\nint fresh_" + freshSourceTag() + "(int x) { return x; }\n", "k");
    launch();
  }

protected:
  virtual std::string source() const = 0;
  virtual void launch() = 0;
};

/// exp, log, erf, erfc, sin, cos, pow, tgamma, atan2, cbrt on float; a
/// few on float4 and on double.
class MathHeavyBuild : public ColdBuild {
public:
  std::string name() const override { return "cold build + first launch, math-heavy kernel"; }
  void setUp(const Driver &d) override {
    d_ = &d;
    for (size_t i = 0; i < kN; ++i)
      x_[i] = 0.3 + 0.01 * double(i);
    std::vector<float> xf(kN), x4(4 * kN);
    for (size_t i = 0; i < kN; ++i) {
      xf[i] = float(x_[i]);
      for (int l = 0; l < 4; ++l)
        x4[4 * i + l] = float(x_[i]);
    }
    a_ = buffer(kN * 4, xf.data());
    b_ = buffer(kN * 16, x4.data());
    c_ = buffer(kN * 8, x_.data());
    oa_ = buffer(kN * 4);
    ob_ = buffer(kN * 16);
    oc_ = buffer(kN * 8);
  }
  bool verify() override {
    std::vector<float> a = d_->read<float>(oa_, kN), b = d_->read<float>(ob_, 4 * kN);
    std::vector<double> c = d_->read<double>(oc_, kN);
    for (size_t i = 0; i < kN; ++i) {
      double x = double(float(x_[i]));
      double fa = std::exp(x) + std::log(x) + std::erf(x) + std::erfc(x) + std::sin(x) +
                  std::cos(x) + std::pow(x, 2.5) + std::tgamma(x) + std::atan2(x, 1.0) +
                  std::cbrt(x);
      double f4 = std::exp(x) + std::log(x) + std::sin(x) + std::pow(x, x) + std::erf(x);
      double fc = std::exp(x_[i]) + std::log(x_[i]) + std::erf(x_[i]) + std::sin(x_[i]) +
                  std::pow(x_[i], 1.5);
      if (!near(a[i], fa, 1e-5) || !near(c[i], fc, 1e-12))
        return false;
      for (int l = 0; l < 4; ++l)
        if (!near(b[4 * i + l], f4, 1e-5))
          return false;
    }
    return true;
  }

protected:
  std::string source() const override {
    return R"(
      kernel void k(global const float *a, global const float4 *b, global const double *c,
                    global float *oa, global float4 *ob, global double *oc) {
        size_t i = get_global_id(0);
        float x = a[i];
        oa[i] = exp(x) + log(x) + erf(x) + erfc(x) + sin(x) + cos(x) + pow(x, 2.5f) +
                tgamma(x) + atan2(x, 1.0f) + cbrt(x);
        float4 v = b[i];
        ob[i] = exp(v) + log(v) + sin(v) + pow(v, v) + erf(v);
        double d = c[i];
        oc[i] = exp(d) + log(d) + erf(d) + sin(d) + pow(d, 1.5);
      })";
  }
  void launch() override {
    setArgs(a_, b_, c_, oa_, ob_, oc_);
    size_t global = kN;
    d_->runKernel(kernel_, 1, &global, nullptr, "k");
  }

private:
  static constexpr size_t kN = 256;
  std::vector<double> x_ = std::vector<double>(kN);
  cl_mem a_ = nullptr, b_ = nullptr, c_ = nullptr, oa_ = nullptr, ob_ = nullptr, oc_ = nullptr;
};

/// kStatements statements `out[j] = in[p(j)] * m(j) + in[j]` in one block:
/// every load may alias every store, as in generated test kernels.
class LongKernelBuild : public ColdBuild {
public:
  explicit LongKernelBuild(int statements) : statements_(statements) {}
  std::string name() const override {
    return "cold build + first launch, " + std::to_string(statements_) +
           "-statement straight-line kernel";
  }
  void setUp(const Driver &d) override {
    d_ = &d;
    in_.resize(size_t(statements_));
    for (int j = 0; j < statements_; ++j)
      in_[size_t(j)] = j * 7 - 1000;
    in = buffer(in_.size() * 4, in_.data());
    out = buffer(in_.size() * 4);
  }
  bool verify() override {
    std::vector<int> result = d_->read<int>(out, in_.size());
    for (int j = 0; j < statements_; ++j)
      if (result[size_t(j)] != in_[size_t(from(j))] * multiplier(j) + in_[size_t(j)])
        return false;
    return true;
  }

protected:
  std::string source() const override {
    std::string text = "kernel void k(global const int *in, global int *out) {\n";
    for (int j = 0; j < statements_; ++j)
      text += "  out[" + std::to_string(j) + "] = in[" + std::to_string(from(j)) + "] * " +
              std::to_string(multiplier(j)) + " + in[" + std::to_string(j) + "];\n";
    return text + "}\n";
  }
  void launch() override {
    setArgs(in, out);
    size_t global = 1;
    d_->runKernel(kernel_, 1, &global, nullptr, "k");
  }

private:
  int from(int j) const { return j * 7 % statements_; }
  static int multiplier(int j) { return j % 13 + 1; }
  int statements_;
  std::vector<int> in_;
  cl_mem in = nullptr, out = nullptr;
};

/// A program of many kernels of which a few are launched, as OpenMM's and
/// other applications' programs are (dozens of kernels, a handful used per
/// run): `kernels` kernels, alternately a local-memory reduction and a
/// tiled matrix product, each with its own constants; `launched` of them
/// (from the front) are created and run once, their results checked on
/// the host. With none launched the row times clBuildProgram alone. Every
/// run builds a source never seen before.
class ManyKernelsBuild : public BuildRow {
public:
  ManyKernelsBuild(int kernels, int launched) : kernels_(kernels), launched_(launched) {}
  std::string name() const override {
    return launched_
               ? "cold build + first results of " + std::to_string(launched_) + " of " +
                     std::to_string(kernels_) + " kernels"
               : "cold build (clBuildProgram), " + std::to_string(kernels_) + "-kernel program";
  }
  void setUp(const Driver &d) override {
    d_ = &d;
    in_.resize(kItems);
    for (size_t i = 0; i < kItems; ++i)
      in_[i] = float(i % 29) * 0.125f - 1.5f;
    a_ = buffer(kItems * 4, in_.data());
    b_ = buffer(kItems * 4, in_.data());
    for (int k = 0; k < launched_; ++k)
      out_.push_back(buffer(kItems * 4));
  }
  void run() override {
    releaseProgram();
    std::string source;
    for (int k = 0; k < kernels_; ++k)
      source += k % 2 ? matrixProduct(k) : reduction(k);
    // The tag is code, not a comment: PoCL hashes the preprocessed source.
    source += "\nint fresh_" + freshSourceTag() + "(int x) { return x; }\n";
    program_ = d_->build(source.c_str(), "");
    for (int k = 0; k < launched_; ++k) {
      cl_kernel kernel = createKernel(program_, kernelName(k).c_str());
      size_t global[2], local[2];
      if (k % 2) {
        setKernelArgs(kernel, a_, b_, out_[size_t(k)], int(kSide));
        global[0] = global[1] = kSide;
        local[0] = local[1] = 16;
        d_->runKernel(kernel, 2, global, local, "product");
      } else {
        setKernelArgs(kernel, a_, out_[size_t(k)], LocalBytes{kGroup * 4});
        global[0] = kItems;
        local[0] = kGroup;
        d_->runKernel(kernel, 1, global, local, "reduction");
      }
      clReleaseKernel(kernel);
    }
  }
  bool verify() override {
    for (int k = 0; k < launched_; ++k) {
      std::vector<float> result = d_->read<float>(out_[size_t(k)], kItems);
      bool fine = k % 2 ? checkEvery(1, kSide * kSide,
                                     [&](size_t i) {
                                       size_t row = i / kSide, column = i % kSide;
                                       double sum = 0;
                                       for (size_t j = 0; j < kSide; ++j)
                                         sum +=
                                             double(in_[row * kSide + j]) * in_[j * kSide + column];
                                       return near(result[i], sum * k, 1e-4);
                                     })
                        : checkEvery(1, kItems / kGroup, [&](size_t g) {
                            double sum = 0;
                            for (size_t i = g * kGroup; i < (g + 1) * kGroup; ++i)
                              sum += in_[i] * (k + 1.5);
                            return near(result[g], sum, 1e-4);
                          });
      if (!fine)
        return false;
    }
    return true;
  }

private:
  static constexpr size_t kItems = 4096, kGroup = 64, kSide = 64; // kSide^2 == kItems
  static std::string kernelName(int k) {
    return (k % 2 ? "product" : "reduction") + std::to_string(k);
  }
  static std::string reduction(int k) {
    return "kernel void " + kernelName(k) +
           "(global const float *in, global float *out, local float *tmp) {\n"
           "  int l = get_local_id(0);\n"
           "  tmp[l] = in[get_global_id(0)] * " +
           std::to_string(k + 1) +
           ".5f;\n"
           "  barrier(CLK_LOCAL_MEM_FENCE);\n"
           "  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"
           "    if (l < s) tmp[l] += tmp[l + s];\n"
           "    barrier(CLK_LOCAL_MEM_FENCE);\n"
           "  }\n"
           "  if (l == 0) out[get_group_id(0)] = tmp[0];\n"
           "}\n";
  }
  static std::string matrixProduct(int k) {
    return "kernel void " + kernelName(k) +
           "(global const float *A, global const float *B, global float *C, int n) {\n"
           "  local float ta[16][16], tb[16][16];\n"
           "  int lx = get_local_id(0), ly = get_local_id(1);\n"
           "  int gx = get_global_id(0), gy = get_global_id(1);\n"
           "  float acc = 0;\n"
           "  for (int t = 0; t < n; t += 16) {\n"
           "    ta[ly][lx] = A[gy * n + t + lx];\n"
           "    tb[ly][lx] = B[(t + ly) * n + gx];\n"
           "    barrier(CLK_LOCAL_MEM_FENCE);\n"
           "    for (int j = 0; j < 16; ++j) acc = fma(ta[ly][j], tb[j][lx], acc);\n"
           "    barrier(CLK_LOCAL_MEM_FENCE);\n"
           "  }\n"
           "  C[gy * n + gx] = acc * " +
           std::to_string(k) +
           ".0f;\n"
           "}\n";
  }
  int kernels_, launched_;
  std::vector<float> in_;
  cl_mem a_ = nullptr, b_ = nullptr;
  std::vector<cl_mem> out_;
};

} // namespace

void addBuildBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<MathHeavyBuild>());
  addRows<LongKernelBuild>(list, 500, 2000);
  list.push_back(std::make_unique<ManyKernelsBuild>(12, 0));
  list.push_back(std::make_unique<ManyKernelsBuild>(12, 2));
  list.push_back(std::make_unique<ManyKernelsBuild>(40, 3));
}

} // namespace bench
