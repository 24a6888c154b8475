// CLBlast, the real library (Debian's libclblast), with its default
// tuning: kernels written by others, in the shapes BLAS users run. SGEMM
// and DGEMM go through CLBlast's indirect Xgemm kernel (register tiles,
// float2..float8 vectors, barriers inside the K loop); a small SGEMM takes
// its GemmDirect path; SGEMV and SAXPY are the memory-bound level 1 and 2
// routines. Each result is checked against a host computation.
#include "kernels.h"
#include "row_helpers.h"

#include <clblast_c.h>

#include <cmath>
#include <cstdio>
#include <random>

namespace bench {
namespace {

enum class Routine { Sgemm, Dgemm, SgemmSmall, Sgemv, Saxpy };

template <class T> std::vector<T> randomValues(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<T> v(n);
  for (T &x : v)
    x = T(dist(gen));
  return v;
}

/// C = A B for row-major n x n matrices, in double.
template <class T>
std::vector<double> hostGemm(const std::vector<T> &a, const std::vector<T> &b, size_t n) {
  std::vector<double> c(n * n, 0.0);
  for (size_t i = 0; i < n; ++i)
    for (size_t k = 0; k < n; ++k) {
      double aik = a[i * n + k];
      for (size_t j = 0; j < n; ++j)
        c[i * n + j] += aik * double(b[k * n + j]);
    }
  return c;
}

class ClblastRoutine : public Benchmark {
public:
  explicit ClblastRoutine(Routine routine) : routine_(routine) {}

  std::string name() const override {
    static const char *const names[] = {
        "CLBlast SGEMM (N=1024, default tuning)", "CLBlast DGEMM (N=512, default tuning)",
        "CLBlast SGEMM, GemmDirect path (N=128)", "CLBlast SGEMV (4096 x 4096)",
        "CLBlast SAXPY (16M floats)"};
    return names[int(routine_)];
  }
  double work() const override {
    switch (routine_) {
    case Routine::Sgemv:
      return 4.0 * kGemvN * kGemvN; // the matrix read once
    case Routine::Saxpy:
      return 12.0 * kAxpyN; // two reads and a write
    default:
      return 2.0 * double(n()) * n() * n();
    }
  }
  bool isFlops() const override { return routine_ != Routine::Sgemv && routine_ != Routine::Saxpy; }

  void setUp(const Driver &d) override {
    d_ = &d;
    switch (routine_) {
    case Routine::Sgemv:
      af_ = randomValues<float>(kGemvN * kGemvN, 1);
      xf_ = randomValues<float>(kGemvN, 2);
      a_ = d.buffer(af_.size() * 4, af_.data());
      b_ = d.buffer(xf_.size() * 4, xf_.data());
      c_ = d.buffer(kGemvN * 4);
      break;
    case Routine::Saxpy:
      xf_ = randomValues<float>(kAxpyN, 3);
      yf_ = randomValues<float>(kAxpyN, 4);
      a_ = d.buffer(xf_.size() * 4, xf_.data());
      c_ = d.buffer(yf_.size() * 4, yf_.data());
      break;
    case Routine::Dgemm:
      ad_ = randomValues<double>(n() * n(), 5);
      bd_ = randomValues<double>(n() * n(), 6);
      a_ = d.buffer(ad_.size() * 8, ad_.data());
      b_ = d.buffer(bd_.size() * 8, bd_.data());
      c_ = d.buffer(n() * n() * 8);
      break;
    default:
      af_ = randomValues<float>(n() * n(), 7);
      bf_ = randomValues<float>(n() * n(), 8);
      a_ = d.buffer(af_.size() * 4, af_.data());
      b_ = d.buffer(bf_.size() * 4, bf_.data());
      c_ = d.buffer(n() * n() * 4);
    }
  }

  void run() override {
    cl_command_queue queue = d_->queue;
    CLBlastStatusCode status = CLBlastSuccess;
    switch (routine_) {
    case Routine::Sgemv:
      status = CLBlastSgemv(CLBlastLayoutRowMajor, CLBlastTransposeNo, kGemvN, kGemvN, 1.0f, a_,
                            0, kGemvN, b_, 0, 1, 0.0f, c_, 0, 1, &queue, nullptr);
      break;
    case Routine::Saxpy:
      // y += 0.5 x, undone by the next run's -0.5: y stays bounded.
      status = CLBlastSaxpy(kAxpyN, sign_ * 0.5f, a_, 0, 1, c_, 0, 1, &queue, nullptr);
      sign_ = -sign_;
      break;
    case Routine::Dgemm:
      status = CLBlastDgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, n(),
                            n(), n(), 1.0, a_, 0, n(), b_, 0, n(), 0.0, c_, 0, n(), &queue,
                            nullptr);
      break;
    default:
      status = CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, n(),
                            n(), n(), 1.0f, a_, 0, n(), b_, 0, n(), 0.0f, c_, 0, n(), &queue,
                            nullptr);
    }
    if (status != CLBlastSuccess) {
      std::fprintf(stderr, "%s on %s: CLBlast status %d\n", name().c_str(), d_->name.c_str(),
                   int(status));
      std::exit(1);
    }
    check(clFinish(queue), "clFinish");
    ++runs_;
  }

  bool verify() override {
    switch (routine_) {
    case Routine::Sgemv: {
      std::vector<float> y = d_->read<float>(c_, kGemvN);
      return checkEvery(1, kGemvN, [&](size_t i) {
        double want = 0;
        for (size_t j = 0; j < kGemvN; ++j)
          want += double(af_[i * kGemvN + j]) * xf_[j];
        return near(y[i], want, 1e-3);
      });
    }
    case Routine::Saxpy: {
      // An odd number of runs leaves y + 0.5 x, an even number y.
      std::vector<float> y = d_->read<float>(c_, kAxpyN);
      double scale = runs_ % 2 ? 0.5 : 0.0;
      return checkEvery(
          1, kAxpyN, [&](size_t i) { return std::fabs(y[i] - (yf_[i] + scale * xf_[i])) <= 1e-5; });
    }
    case Routine::Dgemm:
      return close(d_->read<double>(c_, n() * n()), hostGemm(ad_, bd_, n()), 1e-10);
    default:
      return close(d_->read<float>(c_, n() * n()), hostGemm(af_, bf_, n()), 1e-3);
    }
  }

  void tearDown() override {
    for (cl_mem m : {a_, b_, c_})
      if (m)
        clReleaseMemObject(m);
    a_ = b_ = c_ = nullptr;
  }

private:
  static constexpr size_t kGemvN = 4096;
  static constexpr size_t kAxpyN = size_t(16) << 20;

  size_t n() const {
    return routine_ == Routine::Sgemm ? 1024 : routine_ == Routine::Dgemm ? 512 : 128;
  }
  template <class T>
  static bool close(const std::vector<T> &got, const std::vector<double> &want, double tol) {
    return checkEvery(1, got.size(), [&](size_t i) { return near(got[i], want[i], tol * 32); });
  }

  Routine routine_;
  const Driver *d_ = nullptr;
  std::vector<float> af_, bf_, xf_, yf_;
  std::vector<double> ad_, bd_;
  cl_mem a_ = nullptr, b_ = nullptr, c_ = nullptr;
  float sign_ = 1.0f;
  int runs_ = 0;
};

} // namespace

void addClblastBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  addRows<ClblastRoutine>(list, Routine::Sgemm, Routine::Dgemm, Routine::SgemmSmall, Routine::Sgemv,
                          Routine::Saxpy);
}

} // namespace bench
