// The common functions (OpenCL C 3.0, 6.15.5) for float and double, every
// width, with the scalar-argument forms the spec lists. min, max and clamp
// are in common_integer.cl.
#include "builtins.h"

#define COMMON(T, N)                                                                           \
  OVERLOAD T##N degrees(T##N r) { return r * (T##N)((T)(180.0 / M_PI)); }                      \
  OVERLOAD T##N radians(T##N d) { return d * (T##N)((T)(M_PI / 180.0)); }                      \
  OVERLOAD T##N mix(T##N x, T##N y, T##N a) { return x + (y - x) * a; }                        \
  OVERLOAD T##N step(T##N edge, T##N x) { return x < edge ? (T##N)0 : (T##N)1; }               \
  OVERLOAD T##N smoothstep(T##N e0, T##N e1, T##N x) {                                         \
    T##N t = (x - e0) / (e1 - e0);                                                             \
    t = t < (T##N)0 ? (T##N)0 : t > (T##N)1 ? (T##N)1 : t;                                     \
    return t * t * ((T##N)3 - (T##N)2 * t);                                                    \
  }                                                                                            \
  OVERLOAD T##N sign(T##N x) {                                                                 \
    T##N z = x == x ? x : (T##N)0; /* +-0 stays, NaN becomes 0 */                              \
    return x > (T##N)0 ? (T##N)1 : x < (T##N)0 ? (T##N)-1 : z;                                 \
  }

#define COMMON_SCALAR(T, N)                                                                    \
  OVERLOAD T##N mix(T##N x, T##N y, T a) { return mix(x, y, (T##N)(a)); }                      \
  OVERLOAD T##N step(T edge, T##N x) { return step((T##N)(edge), x); }                         \
  OVERLOAD T##N smoothstep(T e0, T e1, T##N x) { return smoothstep((T##N)(e0), (T##N)(e1), x); }

#define VECTOR_WIDTHS(F, T) F(T, 2) F(T, 3) F(T, 4) F(T, 8) F(T, 16)
FOR_EACH_FLOAT(COMMON)
VECTOR_WIDTHS(COMMON_SCALAR, float)
VECTOR_WIDTHS(COMMON_SCALAR, double)
