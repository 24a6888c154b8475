// ndrange_1D, ndrange_2D and ndrange_3D (OpenCL C 2.0 s6.13.17.1): Clang's
// ndrange_t, whose layout include/corecl/device_enqueue_abi.h's
// corecl_ndrange repeats. A local size of 0 lets the runtime choose (the
// forms without one); the runtime checks the rest when the range is
// enqueued.
#include "builtins.h"

static ndrange_t make(uint dims, const size_t *start, const size_t *sizes,
                      const size_t *group) {
  ndrange_t r;
  r.workDimension = dims;
  for (uint d = 0; d < 3; ++d) {
    r.globalWorkOffset[d] = d < dims && start ? start[d] : 0;
    r.globalWorkSize[d] = d < dims ? sizes[d] : 1;
    r.localWorkSize[d] = d < dims && group ? group[d] : 0;
  }
  return r;
}

ndrange_t __attribute__((overloadable)) ndrange_1D(size_t sizes) {
  return make(1, 0, &sizes, 0);
}
ndrange_t __attribute__((overloadable)) ndrange_1D(size_t sizes, size_t group) {
  return make(1, 0, &sizes, &group);
}
ndrange_t __attribute__((overloadable)) ndrange_1D(size_t start, size_t sizes, size_t group) {
  return make(1, &start, &sizes, &group);
}

ndrange_t __attribute__((overloadable)) ndrange_2D(const size_t sizes[2]) {
  return make(2, 0, sizes, 0);
}
ndrange_t __attribute__((overloadable)) ndrange_2D(const size_t sizes[2], const size_t group[2]) {
  return make(2, 0, sizes, group);
}
ndrange_t __attribute__((overloadable))
ndrange_2D(const size_t start[2], const size_t sizes[2], const size_t group[2]) {
  return make(2, start, sizes, group);
}

ndrange_t __attribute__((overloadable)) ndrange_3D(const size_t sizes[3]) {
  return make(3, 0, sizes, 0);
}
ndrange_t __attribute__((overloadable)) ndrange_3D(const size_t sizes[3], const size_t group[3]) {
  return make(3, 0, sizes, group);
}
ndrange_t __attribute__((overloadable))
ndrange_3D(const size_t start[3], const size_t sizes[3], const size_t group[3]) {
  return make(3, start, sizes, group);
}
