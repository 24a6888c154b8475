// A kernel object: one kernel of a built program and the argument values
// set so far, kept in the packed layout the work-group function reads.
#pragma once
#include "compiler/compiler.h"
#include "runtime/launch_timing.h"
#include "src/objects/memory.h"
#include "src/objects/object.h"
#include "src/objects/program.h"

#include <memory>
#include <mutex>
#include <vector>

namespace corecl {

class Kernel : public Object<Kernel, _cl_kernel, Tag::Kernel> {
public:
  Kernel(Program &program, std::shared_ptr<compiler::Executable> exe, size_t index);
  /// clCloneKernel: same kernel, a copy of the arguments.
  Kernel(const Kernel &other, int cloneTag);
  ~Kernel();

  Program &program() const { return *program_; }
  Context &context() const { return program_->context(); }
  const compiler::KernelDesc &desc() const { return exe_->kernels()[index_]; }
  corecl_wg_fn entry() const { return exe_->entry(index_); }
  const std::shared_ptr<compiler::Executable> &executable() const { return exe_; }
  /// Measured launch durations, shared with clones and the commands in
  /// flight (which outlive the kernel object if it is released).
  const std::shared_ptr<rt::LaunchTiming> &timing() const { return timing_; }

  /// clSetKernelArg: validates and stores; returns the spec's code.
  cl_int setArg(cl_uint index, size_t size, const void *value);
  bool allArgsSet() const;

  /// A snapshot of the arguments for one launch: the args block with buffer
  /// pointers resolved and __local arguments placed after the kernel's
  /// static local memory, plus references that keep the buffers alive.
  struct Launch {
    std::vector<char> args;
    std::vector<Ref<MemObject>> buffers;
    uint64_t localMemBytes = 0;
  };
  /// CL_INVALID_KERNEL_ARGS if a buffer argument was released since.
  cl_int snapshot(Launch &launch) const;
  /// Bytes of __local memory (static + arguments) a launch needs.
  uint64_t localMemSize() const;
  /// CL_KERNEL_WORK_GROUP_SIZE: the device limit, lowered for kernels whose
  /// values live across barriers need a lot of per-work-item storage.
  size_t maxWorkGroupSize() const;

private:
  Program *program_; // internally retained
  std::shared_ptr<compiler::Executable> exe_;
  size_t index_;
  std::shared_ptr<rt::LaunchTiming> timing_;
  mutable std::mutex mutex_;
  std::vector<char> args_;
  std::vector<bool> set_;
  // Buffer arguments as the application gave them: like other drivers,
  // CoreCL does not keep them alive (a released buffer's destructor
  // callbacks must run even while a kernel still names it); a launch
  // takes references for as long as its command runs.
  std::vector<cl_mem> buffers_;
  std::vector<uint64_t> localSizes_;      // per argument (__local args)
};

} // namespace corecl
