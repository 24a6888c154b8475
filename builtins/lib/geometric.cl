// Geometric functions for float and double, scalar and 2-, 3-, 4-vectors.
// length/distance/normalize scale by the largest component first, so that
// squaring neither overflows nor underflows; the fast_ forms do not.
#include "builtins.h"

#define GEOMETRIC(T)                                                                           \
  OVERLOAD T dot(T a, T b) { return a * b; }                                                   \
  OVERLOAD T dot(T##2 a, T##2 b) { return a.x * b.x + a.y * b.y; }                             \
  OVERLOAD T dot(T##3 a, T##3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }                 \
  OVERLOAD T dot(T##4 a, T##4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }     \
  OVERLOAD T##3 cross(T##3 a, T##3 b) {                                                        \
    return (T##3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);        \
  }                                                                                            \
  OVERLOAD T##4 cross(T##4 a, T##4 b) {                                                        \
    return (T##4)(cross(a.xyz, b.xyz), (T)0);                                                  \
  }                                                                                            \
  GEOMETRIC_N(T, )                                                                             \
  GEOMETRIC_N(T, 2)                                                                            \
  GEOMETRIC_N(T, 3)                                                                            \
  GEOMETRIC_N(T, 4)

#define MAX_ABS_1(T, v) fabs(v)
#define GEOMETRIC_N(T, N)                                                                      \
  OVERLOAD T length(T##N v) {                                                                  \
    T m = maxAbs(v);                                                                           \
    if (m == (T)0 || isinf(m) || isnan(m))                                                     \
      return isnan(m) ? m : (any(isnan(v)) ? (T)NAN : m);                                      \
    T##N s = v / m;                                                                            \
    return m * sqrt(dot(s, s));                                                                \
  }                                                                                            \
  OVERLOAD T distance(T##N a, T##N b) { return length(a - b); }                                \
  OVERLOAD T##N normalize(T##N v) {                                                            \
    T m = maxAbs(v);                                                                           \
    if (m == (T)0)                                                                             \
      return v;                                                                                \
    if (isinf(m)) /* the infinite components become +-1, the rest 0 */                         \
      v = copysign(isinf(v) ? (T##N)(1) : (T##N)(0), v);                                       \
    else                                                                                       \
      v = v / m;                                                                               \
    return v / sqrt(dot(v, v));                                                                \
  }                                                                                            \
  OVERLOAD T fast_length(T##N v) { return sqrt(dot(v, v)); }                                   \
  OVERLOAD T fast_distance(T##N a, T##N b) { return fast_length(a - b); }                      \
  OVERLOAD T##N fast_normalize(T##N v) {                                                       \
    T d = dot(v, v);                                                                           \
    return d == (T)0 ? v : v * rsqrt(d);                                                       \
  }

OVERLOAD static inline float maxAbs(float v) { return fabs(v); }
OVERLOAD static inline float maxAbs(float2 v) { return fmax(fabs(v.x), fabs(v.y)); }
OVERLOAD static inline float maxAbs(float3 v) { return fmax(fmax(fabs(v.x), fabs(v.y)), fabs(v.z)); }
OVERLOAD static inline float maxAbs(float4 v) { return fmax(maxAbs(v.xy), maxAbs(v.zw)); }
OVERLOAD static inline double maxAbs(double v) { return fabs(v); }
OVERLOAD static inline double maxAbs(double2 v) { return fmax(fabs(v.x), fabs(v.y)); }
OVERLOAD static inline double maxAbs(double3 v) { return fmax(fmax(fabs(v.x), fabs(v.y)), fabs(v.z)); }
OVERLOAD static inline double maxAbs(double4 v) { return fmax(maxAbs(v.xy), maxAbs(v.zw)); }

GEOMETRIC(float)
GEOMETRIC(double)
