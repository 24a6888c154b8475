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

HOST_UNARY(tan)
HOST_UNARY(asin)
HOST_UNARY(acos)
HOST_UNARY(atan)

#define HOST_BINARY(name)                                                                      \
  OVERLOAD float name(float x, float y) { return __builtin_##name##f(x, y); }                  \
  OVERLOAD double name(double x, double y) { return __builtin_##name(x, y); }

HOST_BINARY(atan2)

// The pi-scaled functions and a few more, from the ones above.
#define DERIVED(T)                                                                             \
  OVERLOAD T sinpi(T x) { return sin((T)M_PI * x); }                                           \
  OVERLOAD T cospi(T x) { return cos((T)M_PI * x); }                                           \
  OVERLOAD T tanpi(T x) { return tan((T)M_PI * x); }                                           \
  OVERLOAD T asinpi(T x) { return asin(x) / (T)M_PI; }                                         \
  OVERLOAD T acospi(T x) { return acos(x) / (T)M_PI; }                                         \
  OVERLOAD T atanpi(T x) { return atan(x) / (T)M_PI; }                                         \
  OVERLOAD T atan2pi(T y, T x) { return atan2(y, x) / (T)M_PI; }

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

#define POINTER_FORMS(AS, T)                                                                   \
  OVERLOAD T sincos(T x, AS T *c) {                                                            \
    *c = cos(x);                                                                               \
    return sin(x);                                                                             \
  }

OUT_SPACES(POINTER_FORMS, float)
OUT_SPACES(POINTER_FORMS, double)

