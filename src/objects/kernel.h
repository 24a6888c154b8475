// A kernel object: one kernel of a built program and the argument values
// set so far, kept in the packed layout the work-group function reads.
#pragma once
#include "compiler/compiler.h"
#include "runtime/launch_timing.h"
#include "src/objects/memory.h"
#include "src/objects/object.h"
#include "src/objects/program.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace corecl {

class Kernel : public Object<Kernel, _cl_kernel, Tag::Kernel> {
public:
  Kernel(Program &program, std::shared_ptr<compiler::Executable> exe, size_t index);
  /// clCloneKernel: a new kernel object of the same kernel, with a copy of
  /// the arguments set so far.
  Kernel *clone() const;

  Program &program() const { return *program_; }
  Context &context() const { return program_->context(); }
  const compiler::KernelDesc &desc() const { return exe_->kernels()[index_]; }
  /// The kernel's code, generated when first asked for (on a launch or a
  /// query that needs what work-group formation decided). CL_SUCCESS, or
  /// CL_OUT_OF_RESOURCES if generating it failed (told to CORECL_DEBUG as
  /// `entry`'s, with the compiler's log); throws std::bad_alloc without
  /// memory.
  cl_int generatedCode(const char *entry, const compiler::KernelCode *&code) const;
  /// What work-group formation decided for the kernel, for queries: its
  /// code's facts without the code where that is not generated yet
  /// (Executable::facts), so that an application's questions about the
  /// kernels it creates do not cost their code. With CORECL_DUMP_IR,
  /// CORECL_DUMP_ASM or CORECL_CODE_ON_QUERY set the code is generated
  /// (corecl-cc and tests read what its generation leaves behind). Errors
  /// as generatedCode's.
  cl_int formedCode(const char *entry, const compiler::KernelCode *&code) const;
  /// Its position in its program's executables.
  size_t index() const { return index_; }
  const std::shared_ptr<compiler::Executable> &executable() const { return exe_; }
  /// Measured launch durations, shared with clones and the commands in
  /// flight (which outlive the kernel object if it is released).
  const std::shared_ptr<rt::LaunchTiming> &timing() const { return timing_; }

  /// Whether the program is built for `device` (CL_INVALID_PROGRAM_EXECUTABLE
  /// otherwise). Remembered per kernel: a program cannot be rebuilt while
  /// it has kernels, so a yes stays a yes.
  bool builtFor(const Device &device) const {
    if (builtForDevice_.load(std::memory_order_relaxed) == &device)
      return true;
    if (!program_->builtFor(device))
      return false;
    builtForDevice_.store(&device, std::memory_order_relaxed);
    return true;
  }

  /// clSetKernelArg: validates and stores; returns the spec's code (a
  /// refusal told to CORECL_DEBUG=api as `entry`'s).
  cl_int setArg(cl_uint index, size_t size, const void *value, const char *entry);
  /// clSetKernelArgSVMPointer: a __global or __constant pointer argument
  /// set to an address (SVM, or any host memory for fine-grain system SVM).
  cl_int setArgSvmPointer(cl_uint index, const void *value, const char *entry);

  /// A snapshot of the arguments for one launch: the args block with buffer
  /// pointers resolved and __local arguments placed after the kernel's
  /// static local memory, plus the buffers it uses. Typical kernels fit in
  /// the inline storage, so a snapshot allocates nothing (a launch of a
  /// tiny kernel is dominated by such costs).
  class Launch {
  public:
    Launch() = default;
    Launch(Launch &&other) noexcept { moveFrom(other); }
    Launch &operator=(Launch &&other) noexcept {
      if (this != &other) {
        reset();
        moveFrom(other);
      }
      return *this;
    }
    ~Launch() { reset(); }

    /// The args block, 16-byte aligned like the heap block it used to be
    /// (64 would make a command's state an over-aligned allocation, whose
    /// memalign cost more than the rest of the snapshot).
    const char *args() const { return args_; }
    char *args() { return args_; }
    size_t argsSize() const { return argsSize_; }
    /// The group's arena: static `__local` variables and each `__local`
    /// argument, every one 128-byte aligned.
    uint64_t localMemBytes = 0;
    /// What the kernel asked for, without that alignment: the amount the
    /// device's CL_DEVICE_LOCAL_MEM_SIZE limits.
    uint64_t localMemRequested = 0;

    /// Takes internal references to the buffers, released with the
    /// snapshot: for a launch that outlives its enqueue call (a command).
    /// A launch that runs and ends inside the call needs none, since the
    /// application holds its buffers for the call's duration (releasing
    /// one concurrently would race with the enqueue's own use of it).
    void holdBuffers();

  private:
    friend class Kernel;
    static constexpr size_t kInlineArgs = 256;
    static constexpr size_t kInlineBuffers = 8;
    /// Sizes the args block (uninitialised) and the buffer list (empty).
    void prepare(size_t argsSize, size_t maxBuffers);
    void addBuffer(MemObject *mem) { buffers_[bufferCount_++] = mem; }
    void reset() noexcept;
    void moveFrom(Launch &other) noexcept;

    char *args_ = inlineArgs_;
    size_t argsSize_ = 0;
    MemObject **buffers_ = inlineBuffers_;
    size_t bufferCount_ = 0;
    bool holdsBuffers_ = false;
    alignas(16) char inlineArgs_[kInlineArgs];
    MemObject *inlineBuffers_[kInlineBuffers];
  };
  /// Takes the snapshot. CL_INVALID_KERNEL_ARGS if an argument was never
  /// set or a buffer argument was released since.
  /// With `why`, a refusal also says which argument and why, in words
  /// (CORECL_DEBUG).
  cl_int snapshot(const compiler::KernelCode &code, Launch &launch,
                  std::string *why = nullptr) const;
  /// Bytes of __local memory (static + arguments) a launch needs.
  uint64_t localMemSize(const compiler::KernelCode &code) const;
  /// CL_KERNEL_WORK_GROUP_SIZE: the device limit, lowered for kernels whose
  /// values live across barriers need a lot of per-work-item storage.
  static size_t maxWorkGroupSizeOf(const compiler::KernelCode &code);
  /// The sub-group width of a launch whose groups' rows (dimension 0) have
  /// `row` work-items, the last group's `lastRow`, and `rows` rows a group:
  /// the kernel's where each group is one row (its last sub-group may be
  /// narrower, the only one) or the width divides every row, else 1
  /// (builtins/lib/sub_group.cl).
  static uint32_t subGroupWidthOf(const compiler::KernelCode &code, uint64_t row, uint64_t lastRow,
                                  uint64_t rows) {
    uint32_t width = code.subGroupWidth;
    return width > 1 && (rows == 1 || (row % width == 0 && lastRow % width == 0)) ? width : 1;
  }

private:
  /// The program, held and counted among its live kernels (a rebuild is
  /// refused while any exist) for exactly the kernel's lifetime, however
  /// construction ends.
  class ProgramHold {
  public:
    explicit ProgramHold(Program &program) : program_(&program) { program.kernelCreated(); }
    ProgramHold(const ProgramHold &) = delete;
    ProgramHold &operator=(const ProgramHold &) = delete;
    ~ProgramHold() { program_->kernelReleased(); }
    Program &operator*() const { return *program_; }
    Program *operator->() const { return program_.get(); }

  private:
    Ref<Program> program_;
  };
  ProgramHold program_;
  std::shared_ptr<compiler::Executable> exe_;
  size_t index_;
  std::shared_ptr<rt::LaunchTiming> timing_;
  mutable std::atomic<const Device *> builtForDevice_{nullptr};
  mutable std::mutex mutex_;
  std::vector<char> args_;
  std::vector<bool> set_;
  // Buffer arguments as the application gave them: like other drivers,
  // CoreCL does not keep them alive (a released buffer's destructor
  // callbacks must run even while a kernel still names it); a launch
  // takes references for as long as its command runs.
  std::vector<cl_mem> buffers_;
  std::vector<bool> svmPointers_;         // pointer arguments set to an address
  std::vector<uint64_t> localSizes_;      // per argument (__local args)
};

} // namespace corecl
