// native_* and half_* (float only). Both may be less accurate than the
// full functions (half_*: 8192 ulp; native_*: implementation-defined); they
// map to CoreCL's full-precision functions, which are branch-free and
// vectorise, so they are as fast as a lower-precision variant would be in
// most kernels and exact to the full bounds.
#include "builtins.h"

OVERLOAD static inline float recip(float x) { return 1.0f / x; }
OVERLOAD static inline float divide(float x, float y) { return x / y; }
VECTORIZE_UNARY(recip, float)
VECTORIZE_BINARY(divide, float)

#define NATIVE_UNARY(prefix, name)                                                             \
  OVERLOAD float prefix##_##name(float x) { return name(x); }                                  \
  VECTORIZE_UNARY(prefix##_##name, float)
#define NATIVE_BINARY(prefix, name)                                                            \
  OVERLOAD float prefix##_##name(float x, float y) { return name(x, y); }                      \
  VECTORIZE_BINARY(prefix##_##name, float)
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

NATIVE_SET(native)
NATIVE_SET(half)
