// The rest of the math table, for float and double, scalar and every vector
// width, through Clang's library builtins: LLVM lowers them to calls into
// the host C library (glibc), which the JIT resolves. glibc's results are
// within the OpenCL bounds for these functions on the tested inputs, but
// this is a stopgap: CoreCL's own vectorisable, accuracy-checked versions
// are the builtins work still to do (docs/conformance.md).
// native_* and half_* map to the full-precision functions, which the spec
// allows (they may be more accurate than required).
// Only scalar forms live here: this file is compiled for x86-64, whose
// calling convention passes wide vectors differently from the spir64
// callers; the vector forms are in math_host_vectors.cl.
#include "builtins.h"

#define HOST_UNARY(name)                                                                       \
  OVERLOAD float name(float x) { return __builtin_##name##f(x); }                              \
  OVERLOAD double name(double x) { return __builtin_##name(x); }

HOST_UNARY(sinh)
HOST_UNARY(cosh)
HOST_UNARY(tanh)
HOST_UNARY(asinh)
HOST_UNARY(acosh)
HOST_UNARY(atanh)
HOST_UNARY(expm1)
HOST_UNARY(log1p)
HOST_UNARY(cbrt)
HOST_UNARY(erf)
HOST_UNARY(erfc)
HOST_UNARY(tgamma)
HOST_UNARY(lgamma)
HOST_UNARY(logb)

#define HOST_BINARY(name)                                                                      \
  OVERLOAD float name(float x, float y) { return __builtin_##name##f(x, y); }                  \
  OVERLOAD double name(double x, double y) { return __builtin_##name(x, y); }

HOST_BINARY(hypot)
HOST_BINARY(fmod)
HOST_BINARY(remainder)
HOST_BINARY(nextafter)

// exp10, rsqrt, powr, maxmag and minmag, from the functions above.
#define DERIVED(T)                                                                             \
  OVERLOAD T exp10(T x) { return __builtin_pow((double)10, (double)x); }                       \
  OVERLOAD T rsqrt(T x) { return (T)1 / sqrt(x); }                                             \
  OVERLOAD T powr(T x, T y) { return pow(x, y); }                                              \
  OVERLOAD T maxmag(T x, T y) {                                                                \
    return fabs(x) > fabs(y) ? x : fabs(y) > fabs(x) ? y : fmax(x, y);                         \
  }                                                                                            \
  OVERLOAD T minmag(T x, T y) {                                                                \
    return fabs(x) < fabs(y) ? x : fabs(y) < fabs(x) ? y : fmin(x, y);                         \
  }

DERIVED(float)
DERIVED(double)

// native_* and half_* (float only).
#define NATIVE_UNARY(prefix, name)                                                             \
  OVERLOAD float prefix##_##name(float x) { return name(x); }
#define NATIVE_BINARY(prefix, name)                                                            \
  OVERLOAD float prefix##_##name(float x, float y) { return name(x, y); }
#define NATIVE_SET(prefix)                                                                     \
  NATIVE_UNARY(prefix, cos)                                                                    \
  NATIVE_UNARY(prefix, exp)                                                                    \
  NATIVE_UNARY(prefix, exp2)                                                                   \
  NATIVE_UNARY(prefix, exp10)                                                                  \
  NATIVE_UNARY(prefix, log)                                                                    \
  NATIVE_UNARY(prefix, log2)                                                                   \
  NATIVE_UNARY(prefix, log10)                                                                  \
  NATIVE_UNARY(prefix, recip)                                                                  \
  NATIVE_UNARY(prefix, rsqrt)                                                                  \
  NATIVE_UNARY(prefix, sin)                                                                    \
  NATIVE_UNARY(prefix, sqrt)                                                                   \
  NATIVE_UNARY(prefix, tan)                                                                    \
  NATIVE_BINARY(prefix, divide)                                                                \
  NATIVE_BINARY(prefix, powr)

OVERLOAD static inline float recip(float x) { return 1.0f / x; }
OVERLOAD static inline float divide(float x, float y) { return x / y; }

NATIVE_SET(native)
NATIVE_SET(half)

// Functions with pointer outputs, for every address space a kernel may pass.
#define OUT_SPACES(F, T)                                                                       \
  F(__global, T) F(__local, T) F(__private, T) F(__generic, T)

OVERLOAD float ldexp(float x, int n) { return __builtin_ldexpf(x, n); }
OVERLOAD double ldexp(double x, int n) { return __builtin_ldexp(x, n); }

// ldexp for vectors: per-element exponents, or one exponent for all.
#define LDEXP_VECTOR(T, N)                                                                     \
  OVERLOAD T##N ldexp(T##N x, int##N k) {                                                      \
    T##N r;                                                                                    \
    for (int i = 0; i < N; ++i)                                                                \
      r[i] = ldexp(x[i], k[i]);                                                                \
    return r;                                                                                  \
  }                                                                                            \
  OVERLOAD T##N ldexp(T##N x, int k) { return ldexp(x, (int##N)(k)); }
#define LDEXP_ALL(T)                                                                           \
  LDEXP_VECTOR(T, 2)                                                                           \
  LDEXP_VECTOR(T, 3) LDEXP_VECTOR(T, 4) LDEXP_VECTOR(T, 8) LDEXP_VECTOR(T, 16)
LDEXP_ALL(float)
LDEXP_ALL(double)

// lgamma_r: lgamma and the sign of gamma(x), which is negative exactly for
// negative non-integers whose floor is odd (poles report +1, as C does).
#define LGAMMA_R(AS, T)                                                                        \
  OVERLOAD T lgamma_r(T x, AS int *sign) {                                                     \
    T f = floor(x);                                                                            \
    bool negative = x < (T)0 && f != x && fmod(f, (T)2) != (T)0;                               \
    *sign = negative ? -1 : 1;                                                                 \
    return lgamma(x);                                                                          \
  }
OUT_SPACES(LGAMMA_R, float)
OUT_SPACES(LGAMMA_R, double)
