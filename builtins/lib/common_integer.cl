// min, max and clamp for every integer and floating-point type and width,
// with the scalar-second-argument forms the spec lists.
#include "builtins.h"

#define MINMAX(T, N)                                                                           \
  OVERLOAD T##N min(T##N a, T##N b) { return a < b ? a : b; }                                  \
  OVERLOAD T##N max(T##N a, T##N b) { return a > b ? a : b; }                                  \
  OVERLOAD T##N clamp(T##N x, T##N lo, T##N hi) { return min(max(x, lo), hi); }

#define MINMAX_SCALAR(T, N)                                                                    \
  OVERLOAD T##N min(T##N a, T b) { return min(a, (T##N)(b)); }                                 \
  OVERLOAD T##N max(T##N a, T b) { return max(a, (T##N)(b)); }                                 \
  OVERLOAD T##N clamp(T##N x, T lo, T hi) { return clamp(x, (T##N)(lo), (T##N)(hi)); }

#define VECTOR_WIDTHS(F, T) F(T, 2) F(T, 3) F(T, 4) F(T, 8) F(T, 16)

#define ALL_TYPES(F)                                                                           \
  F(char) F(uchar) F(short) F(ushort) F(int) F(uint) F(long) F(ulong) F(float) F(double)

#define DEFINE_FOR(T) FOR_EACH_WIDTH(MINMAX, T) VECTOR_WIDTHS(MINMAX_SCALAR, T)
ALL_TYPES(DEFINE_FOR)
