/* The Mandelbrot escape-time iteration, written once for a kernel and its
 * host reference: C and C++ compile ESCAPE_TIME for the host, and
 * ESCAPE_TIME_TEXT pastes the same tokens into OpenCL C source, so that the
 * two cannot drift apart. Shared by mandelbrot.c and bench/kernels.cpp's
 * Mandelbrot row, which times this kernel. */
#ifndef CORECL_EXAMPLES_ESCAPE_TIME_H
#define CORECL_EXAMPLES_ESCAPE_TIME_H

/* From z = (zr, zi) at c = (cr, ci), all float variables in scope: leaves
 * in a new int n the steps before |z| > 2, at most maxIter. */
#define ESCAPE_TIME(maxIter)                                                                       \
  int n = 0;                                                                                       \
  while (n < maxIter && zr * zr + zi * zi <= 4.0f) {                                               \
    float t = zr * zr - zi * zi + cr;                                                              \
    zi = 2.0f * zr * zi + ci;                                                                      \
    zr = t;                                                                                        \
    ++n;                                                                                           \
  }

/* ESCAPE_TIME(maxIter) as a string literal of OpenCL C. The middle step
 * expands ESCAPE_TIME before # turns its tokens into text. */
#define ESCAPE_TIME_TEXT(maxIter) ESCAPE_TIME_EXPANDED_(ESCAPE_TIME(maxIter))
#define ESCAPE_TIME_EXPANDED_(...) ESCAPE_TIME_QUOTED_(__VA_ARGS__)
#define ESCAPE_TIME_QUOTED_(...) #__VA_ARGS__

#endif
