#include "src/objects/launch_run.h"

#include "runtime/clock.h"
#include "runtime/printf_buffer.h"
#include "src/objects/device.h"
#include "src/objects/kernel.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace corecl {
namespace {

/// The largest divisor of n not above limit, preferring multiples of
/// `multiple` (the vector width) so whole SIMD steps fill each group.
size_t pickDivisor(size_t n, size_t limit, size_t multiple) {
  size_t best = 1;
  for (size_t d = std::min(n, limit); d >= 1; --d) {
    if (n % d)
      continue;
    if (d % multiple == 0)
      return d;
    if (best == 1)
      best = d;
  }
  return best;
}

} // namespace

void chooseLocalSize(const compiler::KernelDesc &desc, const compiler::KernelCode &code,
                     cl_uint dims, const size_t *global, bool nonUniform, size_t *local) {
  if (desc.reqdWorkGroupSize[0]) {
    for (cl_uint d = 0; d < dims; ++d)
      local[d] = desc.reqdWorkGroupSize[d];
    return;
  }
  size_t multiple = std::max<uint32_t>(1, code.vectorWidth);
  size_t target = std::min<size_t>(code.hasBarriers ? 64 : 256, Kernel::maxWorkGroupSizeOf(code));
  for (cl_uint d = 0; d < dims; ++d)
    local[d] = 1;
  if (nonUniform && global[0] > target)
    local[0] = target;
  else
    local[0] = pickDivisor(global[0], target, multiple);
}

cl_int runLaunch(corecl_wg_fn entry, const void *args, const rt::NDRange &range, bool prints,
                 rt::LaunchTiming *timing, uint64_t workItems) {
  // Zeroed (the first 8 bytes are the records' write cursor) by calloc,
  // whose large blocks are fresh pages: only what the kernel writes is
  // touched, so the generous size costs nothing unused.
  std::unique_ptr<char, decltype(&std::free)> printfBuffer(nullptr, &std::free);
  rt::NDRange withPrintf;
  const rt::NDRange *r = &range;
  if (prints) {
    printfBuffer.reset(static_cast<char *>(std::calloc(Device::kPrintfBufferSize, 1)));
    if (!printfBuffer)
      return CL_OUT_OF_HOST_MEMORY;
    withPrintf = range;
    withPrintf.printfBuffer = printfBuffer.get();
    withPrintf.printfCapacity = Device::kPrintfBufferSize;
    r = &withPrintf;
  }
  if (timing) {
    uint64_t start = rt::monotonicNanoseconds();
    rt::runNDRange(entry, args, *r);
    timing->record(workItems, rt::monotonicNanoseconds() - start);
  } else {
    rt::runNDRange(entry, args, *r);
  }
  if (prints) {
    std::string text = rt::formatPrintfBuffer(printfBuffer.get(), Device::kPrintfBufferSize);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  }
  return CL_SUCCESS;
}

} // namespace corecl
