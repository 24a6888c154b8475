// What every kernel launch does, whoever asked for it (clEnqueueNDRangeKernel
// in src/enqueue_kernel.cpp, a kernel's enqueue_kernel in
// device_launch.cpp): the local size CoreCL picks when none is given, and
// running the groups with printf's buffer.
#pragma once
#include "compiler/compiler.h"
#include "runtime/launch_timing.h"
#include "runtime/ndrange.h"

#include <CL/cl.h>

namespace corecl {

/// Chooses a local size: dimension 0 gets up to 256 work-items (vector
/// friendly), higher dimensions 1, so groups stay cheap to schedule and
/// there are enough of them to balance across workers. A required size
/// is the one chosen.
void chooseLocalSize(const compiler::KernelDesc &desc, const compiler::KernelCode &code,
                     cl_uint dims, const size_t *global, bool nonUniform, size_t *local);

/// Runs one launch over `range` on the calling thread: the work-group
/// function, a printf buffer if the kernel prints (flushed when the launch
/// completes, as the spec describes), and, with `timing`, the measurement
/// that decides whether the kernel's next launches run inline.
cl_int runLaunch(corecl_wg_fn entry, const void *args, const rt::NDRange &range, bool prints,
                 rt::LaunchTiming *timing, uint64_t workItems);

} // namespace corecl
