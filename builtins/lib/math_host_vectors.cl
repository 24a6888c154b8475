// Vector forms of the functions whose scalar forms defer to the host C
// library (math_host.cl). They are compiled for spir64 like their callers:
// the scalar calls they make are ordinary calls, while a wide vector
// argument crossing into the x86-64-compiled file would be passed the x86
// way (in memory) and read as garbage.
#include "builtins.h"

// The scalar forms are declared first: once a file declares an overload of
// a builtin, Clang stops adding its implicit declarations (the scalar
// forms would be invisible and the scalar calls would widen to vectors).
#define UNARY_VECTORS(name)                                                                    \
  OVERLOAD float name(float);                                                                  \
  OVERLOAD double name(double);                                                                \
  VECTORIZE_UNARY(name, float)                                                                 \
  VECTORIZE_UNARY(name, double)
#define BINARY_VECTORS(name)                                                                   \
  OVERLOAD float name(float, float);                                                           \
  OVERLOAD double name(double, double);                                                        \
  VECTORIZE_BINARY(name, float)                                                                \
  VECTORIZE_BINARY(name, double)
#define FLOAT_UNARY_VECTORS(name)                                                              \
  OVERLOAD float name(float);                                                                  \
  VECTORIZE_UNARY(name, float)
#define FLOAT_BINARY_VECTORS(name)                                                             \
  OVERLOAD float name(float, float);                                                           \
  VECTORIZE_BINARY(name, float)

UNARY_VECTORS(sinh)
UNARY_VECTORS(cosh)
UNARY_VECTORS(tanh)
UNARY_VECTORS(asinh)
UNARY_VECTORS(acosh)
UNARY_VECTORS(atanh)
UNARY_VECTORS(expm1)
UNARY_VECTORS(log1p)
UNARY_VECTORS(cbrt)
UNARY_VECTORS(erf)
UNARY_VECTORS(erfc)
UNARY_VECTORS(tgamma)
UNARY_VECTORS(lgamma)
UNARY_VECTORS(logb)
BINARY_VECTORS(hypot)
BINARY_VECTORS(fmod)
BINARY_VECTORS(remainder)
BINARY_VECTORS(nextafter)

// The derived functions of math_host.cl.
UNARY_VECTORS(exp10)
UNARY_VECTORS(rsqrt)
BINARY_VECTORS(powr)
BINARY_VECTORS(maxmag)
BINARY_VECTORS(minmag)

// native_* and half_* (float only).
#define NATIVE_VECTORS(prefix)                                                                 \
  FLOAT_UNARY_VECTORS(prefix##_cos)                                                            \
  FLOAT_UNARY_VECTORS(prefix##_exp)                                                            \
  FLOAT_UNARY_VECTORS(prefix##_exp2)                                                           \
  FLOAT_UNARY_VECTORS(prefix##_exp10)                                                          \
  FLOAT_UNARY_VECTORS(prefix##_log)                                                            \
  FLOAT_UNARY_VECTORS(prefix##_log2)                                                           \
  FLOAT_UNARY_VECTORS(prefix##_log10)                                                          \
  FLOAT_UNARY_VECTORS(prefix##_recip)                                                          \
  FLOAT_UNARY_VECTORS(prefix##_rsqrt)                                                          \
  FLOAT_UNARY_VECTORS(prefix##_sin)                                                            \
  FLOAT_UNARY_VECTORS(prefix##_sqrt)                                                           \
  FLOAT_UNARY_VECTORS(prefix##_tan)                                                            \
  FLOAT_BINARY_VECTORS(prefix##_divide)                                                        \
  FLOAT_BINARY_VECTORS(prefix##_powr)
NATIVE_VECTORS(native)
NATIVE_VECTORS(half)
