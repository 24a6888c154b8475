#include "src/objects/kernel.h"
#include "src/objects/queue.h"
#include "src/objects/sampler.h"

#include "src/debug_log.h"
#include "src/objects/device.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace corecl {

namespace {
// Bytes a __local argument takes in the group's arena: 128-byte aligned
// (enough for any OpenCL C type). A size past the device's local memory
// counts as just past it, so that sums over arguments cannot wrap around
// and the launch is refused (CL_OUT_OF_RESOURCES) instead of running with
// a short arena.
uint64_t cappedLocalSize(uint64_t size) {
  return std::min<uint64_t>(size, Device::kLocalMemSize + 1);
}
uint64_t localArgBytes(uint64_t size) {
  return (cappedLocalSize(size) + 127) / 128 * 128;
}
} // namespace

using compiler::ArgKind;

Kernel::Kernel(Program &program, std::shared_ptr<compiler::Executable> exe, size_t index)
    : program_(program), exe_(std::move(exe)), index_(index),
      timing_(std::make_shared<rt::LaunchTiming>()) {
  const compiler::KernelDesc &d = desc();
  args_.assign(d.argsBlockSize, 0);
  set_.assign(d.args.size(), false);
  buffers_.resize(d.args.size());
  svmPointers_.assign(d.args.size(), false);
  localSizes_.assign(d.args.size(), 0);
}

Kernel *Kernel::clone() const {
  auto copy = std::make_unique<Kernel>(*program_, exe_, index_);
  copy->timing_ = timing_;
  std::lock_guard lock(mutex_);
  copy->args_ = args_;
  copy->set_ = set_;
  copy->buffers_ = buffers_;
  copy->svmPointers_ = svmPointers_;
  copy->localSizes_ = localSizes_;
  return copy.release();
}

cl_int Kernel::setArg(cl_uint index, size_t size, const void *value, const char *entry) {
  const compiler::KernelDesc &d = desc();
  if (index >= d.args.size())
    return apiError(entry, CL_INVALID_ARG_INDEX, "arg_index %u, but %s has %zu arguments", index,
                    d.name.c_str(), d.args.size());
  const compiler::KernelArg &arg = d.args[index];
  // The argument as a reason names it: "argument 2 (n) of k".
  const char *name = arg.name.c_str(), *kernel = d.name.c_str();
  std::lock_guard lock(mutex_);
  switch (arg.kind) {
  case ArgKind::Buffer: {
    if (size != sizeof(cl_mem))
      return apiError(entry, CL_INVALID_ARG_SIZE,
                      "argument %u (%s) of %s is a buffer: arg_size %zu is not sizeof(cl_mem)",
                      index, name, kernel, size);
    cl_mem handle = value ? *static_cast<const cl_mem *>(value) : nullptr;
    MemObject *mem = nullptr;
    if (handle) {
      mem = MemObject::fromHandle(handle);
      if (!mem || &mem->context() != &context() || mem->type() != CL_MEM_OBJECT_BUFFER)
        return apiError(entry, CL_INVALID_MEM_OBJECT,
                        "argument %u (%s) of %s: %p is not a live buffer of the kernel's context",
                        index, name, kernel, static_cast<const void *>(handle));
    }
    buffers_[index] = mem ? mem->handle() : nullptr;
    break;
  }
  case ArgKind::LocalPointer:
    if (value)
      return apiError(entry, CL_INVALID_ARG_VALUE,
                      "argument %u (%s) of %s is __local: arg_value must be NULL", index, name,
                      kernel);
    if (size == 0)
      return apiError(entry, CL_INVALID_ARG_SIZE,
                      "argument %u (%s) of %s is __local: arg_size must not be 0", index, name,
                      kernel);
    localSizes_[index] = size;
    break;
  case ArgKind::Sampler: {
    if (size != sizeof(cl_sampler))
      return apiError(entry, CL_INVALID_ARG_SIZE,
                      "argument %u (%s) of %s is a sampler: arg_size %zu is not "
                      "sizeof(cl_sampler)",
                      index, name, kernel, size);
    Sampler *sampler =
        value ? Sampler::fromHandle(*static_cast<const cl_sampler *>(value)) : nullptr;
    if (!sampler || &sampler->context() != &context())
      return apiError(entry, CL_INVALID_SAMPLER,
                      "argument %u (%s) of %s: not a live sampler of the kernel's context", index,
                      name, kernel);
    // The kernel receives the CLK_* bits (image_abi.h), not the handle.
    uint32_t bits = sampler->bits();
    std::memset(args_.data() + arg.offset, 0, arg.size);
    std::memcpy(args_.data() + arg.offset, &bits, std::min<size_t>(sizeof bits, arg.size));
    break;
  }
  case ArgKind::Image: {
    if (size != sizeof(cl_mem))
      return apiError(entry, CL_INVALID_ARG_SIZE,
                      "argument %u (%s) of %s is an image: arg_size %zu is not sizeof(cl_mem)",
                      index, name, kernel, size);
    MemObject *mem = value ? MemObject::fromHandle(*static_cast<const cl_mem *>(value)) : nullptr;
    if (!mem || !mem->isImage() || &mem->context() != &context())
      return apiError(entry, CL_INVALID_MEM_OBJECT,
                      "argument %u (%s) of %s: not a live image of the kernel's context", index,
                      name, kernel);
    if ((arg.access == compiler::AccessQualifier::ReadOnly && (mem->flags() & CL_MEM_WRITE_ONLY)) ||
        (arg.access == compiler::AccessQualifier::WriteOnly && (mem->flags() & CL_MEM_READ_ONLY)))
      return apiError(entry, CL_INVALID_ARG_VALUE,
                      "argument %u (%s) of %s: the image's flags 0x%llx forbid the kernel's "
                      "access qualifier",
                      index, name, kernel, (unsigned long long)mem->flags());
    buffers_[index] = mem->handle();
    break;
  }
  case ArgKind::Pipe: {
    if (size != sizeof(cl_mem))
      return apiError(entry, CL_INVALID_ARG_SIZE,
                      "argument %u (%s) of %s is a pipe: arg_size %zu is not sizeof(cl_mem)", index,
                      name, kernel, size);
    MemObject *mem = value ? MemObject::fromHandle(*static_cast<const cl_mem *>(value)) : nullptr;
    if (!mem || &mem->context() != &context())
      return apiError(entry, CL_INVALID_MEM_OBJECT,
                      "argument %u (%s) of %s: not a live memory object of the kernel's context",
                      index, name, kernel);
    if (!mem->isPipe())
      return apiError(entry, CL_INVALID_ARG_VALUE,
                      "argument %u (%s) of %s is a pipe: the memory object is not one", index, name,
                      kernel);
    buffers_[index] = mem->handle();
    break;
  }
  case ArgKind::Queue: {
    if (size != sizeof(cl_command_queue))
      return apiError(entry, CL_INVALID_ARG_SIZE,
                      "argument %u (%s) of %s is a queue_t: arg_size %zu is not "
                      "sizeof(cl_command_queue)",
                      index, name, kernel, size);
    CommandQueue *q =
        value ? CommandQueue::fromHandle(*static_cast<const cl_command_queue *>(value)) : nullptr;
    if (!q || !q->onDevice() || &q->context() != &context())
      return apiError(entry, CL_INVALID_DEVICE_QUEUE,
                      "argument %u (%s) of %s: not a live on-device queue of the kernel's context",
                      index, name, kernel);
    // The kernel receives the handle (device_enqueue_abi.h).
    std::memcpy(args_.data() + arg.offset, value, sizeof(cl_command_queue));
    break;
  }
  case ArgKind::Value:
    if (size != arg.size)
      return apiError(entry, CL_INVALID_ARG_SIZE,
                      "argument %u (%s) of %s takes %zu bytes, arg_size is %zu", index, name,
                      kernel, size_t(arg.size), size);
    if (!value)
      return apiError(entry, CL_INVALID_ARG_VALUE, "argument %u (%s) of %s: arg_value is NULL",
                      index, name, kernel);
    std::memcpy(args_.data() + arg.offset, value, size);
    break;
  }
  svmPointers_[index] = false;
  set_[index] = true;
  return CL_SUCCESS;
}

cl_int Kernel::setArgSvmPointer(cl_uint index, const void *value, const char *entry) {
  const compiler::KernelDesc &d = desc();
  if (index >= d.args.size())
    return apiError(entry, CL_INVALID_ARG_INDEX, "arg_index %u, but %s has %zu arguments", index,
                    d.name.c_str(), d.args.size());
  const compiler::KernelArg &arg = d.args[index];
  if (arg.kind != ArgKind::Buffer)
    return apiError(entry, CL_INVALID_ARG_INDEX,
                    "argument %u (%s) of %s is not a __global or __constant pointer", index,
                    arg.name.c_str(), d.name.c_str());
  std::lock_guard lock(mutex_);
  std::memcpy(args_.data() + arg.offset, &value, sizeof value);
  buffers_[index] = nullptr;
  svmPointers_[index] = true;
  set_[index] = true;
  return CL_SUCCESS;
}

cl_int Kernel::generatedCode(const char *entry, const compiler::KernelCode *&code) const {
  code = exe_->code(index_);
  if (code)
    return CL_SUCCESS;
  return apiError(entry, CL_OUT_OF_RESOURCES, "the code of kernel '%s' could not be generated: %s",
                  desc().name.c_str(), exe_->codeFailure(index_).c_str());
}

cl_int Kernel::formedCode(const char *entry, const compiler::KernelCode *&code) const {
  if (std::getenv("CORECL_DUMP_IR") || std::getenv("CORECL_DUMP_ASM") ||
      std::getenv("CORECL_CODE_ON_QUERY"))
    return generatedCode(entry, code);
  code = exe_->facts(index_);
  if (code)
    return CL_SUCCESS;
  return apiError(entry, CL_OUT_OF_RESOURCES, "the code of kernel '%s' could not be generated: %s",
                  desc().name.c_str(), exe_->codeFailure(index_).c_str());
}

size_t Kernel::maxWorkGroupSizeOf(const compiler::KernelCode &code) {
  size_t limit = Device::kMaxWorkGroupSize;
  uint64_t perItem = code.wiStoragePerItem;
  // Keep one group's storage under 64 MiB, but never refuse groups of 64.
  if (perItem > 0)
    limit = std::min<size_t>(limit, std::max<size_t>(64, (64ull << 20) / perItem));
  return limit;
}

uint64_t Kernel::localMemSize(const compiler::KernelCode &code) const {
  std::lock_guard lock(mutex_);
  uint64_t total = (code.staticLocalMemSize + 127) / 128 * 128;
  for (uint64_t s : localSizes_)
    total += localArgBytes(s);
  return total;
}

void Kernel::Launch::prepare(size_t argsSize, size_t maxBuffers) {
  reset();
  if (argsSize > kInlineArgs)
    args_ = static_cast<char *>(::operator new(argsSize));
  argsSize_ = argsSize;
  if (maxBuffers > kInlineBuffers)
    buffers_ = new MemObject *[maxBuffers];
}

void Kernel::Launch::holdBuffers() {
  if (holdsBuffers_)
    return;
  for (size_t i = 0; i < bufferCount_; ++i)
    buffers_[i]->retainInternal();
  holdsBuffers_ = true;
}

void Kernel::Launch::reset() noexcept {
  if (holdsBuffers_)
    for (size_t i = 0; i < bufferCount_; ++i)
      buffers_[i]->releaseInternal();
  holdsBuffers_ = false;
  bufferCount_ = 0;
  if (buffers_ != inlineBuffers_)
    delete[] buffers_;
  buffers_ = inlineBuffers_;
  if (args_ != inlineArgs_)
    ::operator delete(args_);
  args_ = inlineArgs_;
  argsSize_ = 0;
  localMemBytes = 0;
  localMemRequested = 0;
}

void Kernel::Launch::moveFrom(Launch &other) noexcept {
  if (other.args_ == other.inlineArgs_) {
    std::memcpy(inlineArgs_, other.inlineArgs_, other.argsSize_);
    args_ = inlineArgs_;
  } else {
    args_ = std::exchange(other.args_, other.inlineArgs_);
  }
  if (other.buffers_ == other.inlineBuffers_) {
    std::copy_n(other.inlineBuffers_, other.bufferCount_, inlineBuffers_);
    buffers_ = inlineBuffers_;
  } else {
    buffers_ = std::exchange(other.buffers_, other.inlineBuffers_);
  }
  argsSize_ = std::exchange(other.argsSize_, 0);
  bufferCount_ = std::exchange(other.bufferCount_, 0);
  holdsBuffers_ = std::exchange(other.holdsBuffers_, false);
  localMemBytes = std::exchange(other.localMemBytes, 0);
  localMemRequested = std::exchange(other.localMemRequested, 0);
}

cl_int Kernel::snapshot(const compiler::KernelCode &code, Launch &launch, std::string *why) const {
  const compiler::KernelDesc &d = desc();
  auto refuse = [&](size_t i, const char *what) {
    if (why)
      *why = "argument " + std::to_string(i) +
             (d.args[i].name.empty() ? "" : " (" + d.args[i].name + ")") + " of " + d.name + " " +
             what;
    return CL_INVALID_KERNEL_ARGS;
  };
  launch.prepare(args_.size(), d.args.size());
  std::lock_guard lock(mutex_);
  for (size_t i = 0; i < set_.size(); ++i)
    if (!set_[i])
      return refuse(i, "was never set");
  if (!args_.empty())
    std::memcpy(launch.args(), args_.data(), args_.size());
  // __local arguments follow the kernel's own __local variables, each
  // 128-byte aligned (enough for any OpenCL C type).
  uint64_t offset = (code.staticLocalMemSize + 127) / 128 * 128;
  uint64_t requested = code.staticLocalMemSize;
  for (size_t i = 0; i < d.args.size(); ++i) {
    const compiler::KernelArg &arg = d.args[i];
    if (svmPointers_[i])
      continue; // the address is in the args block already
    if (arg.kind == ArgKind::Buffer || arg.kind == ArgKind::Image || arg.kind == ArgKind::Pipe) {
      MemObject *mem = nullptr;
      if (buffers_[i]) {
        mem = MemObject::fromHandle(buffers_[i]);
        if (!mem)
          return refuse(i, "names a memory object released since");
        launch.addBuffer(mem);
      }
      // A buffer's bytes or a pipe's (pipe_abi.h), or an image's
      // descriptor (image_abi.h).
      const void *data = !mem ? nullptr
                         : arg.kind == ArgKind::Image
                             ? static_cast<const void *>(mem->deviceImage())
                             : mem->data();
      std::memcpy(launch.args() + arg.offset, &data, sizeof data);
    } else if (arg.kind == ArgKind::LocalPointer) {
      std::memcpy(launch.args() + arg.offset, &offset, sizeof offset);
      offset += localArgBytes(localSizes_[i]);
      requested += cappedLocalSize(localSizes_[i]);
    }
  }
  launch.localMemBytes = offset;
  launch.localMemRequested = requested;
  return CL_SUCCESS;
}

} // namespace corecl
