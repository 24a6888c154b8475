// shuffle and shuffle2 (OpenCL C 3.0, 6.15.15) for every element type and
// every pair of widths 2, 4, 8 and 16. Only the low bits of each mask
// element that index the input(s) are used, as the spec says.
#include "builtins.h"

#define SHUFFLE(T, U, M, N)                                                                    \
  OVERLOAD T##N shuffle(T##M x, U##N mask) {                                                   \
    T##N r;                                                                                    \
    for (int i = 0; i < N; ++i)                                                                \
      r[i] = x[mask[i] & (M - 1)];                                                             \
    return r;                                                                                  \
  }                                                                                            \
  OVERLOAD T##N shuffle2(T##M x, T##M y, U##N mask) {                                          \
    T##N r;                                                                                    \
    for (int i = 0; i < N; ++i) {                                                              \
      uint k = (uint)(mask[i] & (2 * M - 1));                                                  \
      r[i] = k < M ? x[k] : y[k - M];                                                          \
    }                                                                                          \
    return r;                                                                                  \
  }

#define SHUFFLE_N(T, U, M)                                                                     \
  SHUFFLE(T, U, M, 2) SHUFFLE(T, U, M, 4) SHUFFLE(T, U, M, 8) SHUFFLE(T, U, M, 16)
#define SHUFFLE_TYPE(T, U)                                                                     \
  SHUFFLE_N(T, U, 2) SHUFFLE_N(T, U, 4) SHUFFLE_N(T, U, 8) SHUFFLE_N(T, U, 16)

SHUFFLE_TYPE(char, uchar)
SHUFFLE_TYPE(uchar, uchar)
SHUFFLE_TYPE(short, ushort)
SHUFFLE_TYPE(ushort, ushort)
SHUFFLE_TYPE(int, uint)
SHUFFLE_TYPE(uint, uint)
SHUFFLE_TYPE(long, ulong)
SHUFFLE_TYPE(ulong, ulong)
SHUFFLE_TYPE(float, uint)
SHUFFLE_TYPE(double, ulong)
