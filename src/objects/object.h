// The base of every OpenCL object. A handle (cl_context, cl_mem, ...) points
// at the _cl_* struct below, whose first member is the ICD dispatch table as
// cl_khr_icd requires; the C++ object derives from it. Handles are checked
// by a per-type tag, so a null, freed or foreign handle is rejected with the
// type's CL_INVALID_* code instead of being used.
#pragma once
#include <CL/cl_icd.h>

#include <atomic>
#include <cstdint>
#include <utility>

#define CORECL_DECLARE_HANDLE(name)                                                            \
  struct name {                                                                                \
    const cl_icd_dispatch *dispatch;                                                           \
    uint32_t tag;                                                                              \
  }
CORECL_DECLARE_HANDLE(_cl_platform_id);
CORECL_DECLARE_HANDLE(_cl_device_id);
CORECL_DECLARE_HANDLE(_cl_context);
CORECL_DECLARE_HANDLE(_cl_command_queue);
CORECL_DECLARE_HANDLE(_cl_mem);
CORECL_DECLARE_HANDLE(_cl_sampler);
CORECL_DECLARE_HANDLE(_cl_program);
CORECL_DECLARE_HANDLE(_cl_kernel);
CORECL_DECLARE_HANDLE(_cl_event);
CORECL_DECLARE_HANDLE(_cl_command_buffer_khr); // cl_khr_command_buffer
CORECL_DECLARE_HANDLE(_cl_mutable_command_khr); // ..._mutable_dispatch
#undef CORECL_DECLARE_HANDLE

namespace corecl {

/// The dispatch table every CoreCL handle carries (icd/dispatch.cpp).
const cl_icd_dispatch *dispatchTable();

enum class Tag : uint32_t {
  Platform = 0xC0C11001,
  Device,
  Context,
  Queue,
  Mem,
  Sampler,
  Program,
  Kernel,
  Event,
  CommandBuffer,
  MutableCommand,
};

/// The error an entry point reports for a handle that is not a live object
/// of the tag's type.
constexpr cl_int invalidHandleError(Tag tag) {
  switch (tag) {
  case Tag::Platform:
    return CL_INVALID_PLATFORM;
  case Tag::Device:
    return CL_INVALID_DEVICE;
  case Tag::Context:
    return CL_INVALID_CONTEXT;
  case Tag::Queue:
    return CL_INVALID_COMMAND_QUEUE;
  case Tag::Mem:
    return CL_INVALID_MEM_OBJECT;
  case Tag::Sampler:
    return CL_INVALID_SAMPLER;
  case Tag::Program:
    return CL_INVALID_PROGRAM;
  case Tag::Kernel:
    return CL_INVALID_KERNEL;
  case Tag::Event:
    return CL_INVALID_EVENT;
  case Tag::CommandBuffer:
    return -1138; // CL_INVALID_COMMAND_BUFFER_KHR (cl_ext.h)
  case Tag::MutableCommand:
    return -1141; // CL_INVALID_MUTABLE_COMMAND_KHR
  }
  return CL_INVALID_VALUE;
}

/// Reference counting with two views: the public count that clRetain* and
/// clRelease* change and CL_*_REFERENCE_COUNT reports, and the total that
/// also includes CoreCL's internal references (a queue holding its context,
/// a command holding its buffers). The object is deleted when the total
/// reaches zero, so the order in which an application releases objects
/// never frees memory that is still in use.
template <class Derived, class Handle, Tag kTag> class Object : public Handle {
public:
  Object() {
    this->dispatch = dispatchTable();
    this->tag = uint32_t(kTag);
  }
  ~Object() { this->tag = 0; }
  Object(const Object &) = delete;
  Object &operator=(const Object &) = delete;

  static constexpr cl_int kInvalidHandle = invalidHandleError(kTag);

  /// The checked conversion from a handle; nullptr if `h` is not a live
  /// object of this type.
  static Derived *fromHandle(Handle *h) {
    if (!h || h->tag != uint32_t(kTag) || h->dispatch != dispatchTable())
      return nullptr;
    return static_cast<Derived *>(h);
  }
  Handle *handle() { return this; }

  void retainPublic() {
    publicCount_.fetch_add(1, std::memory_order_relaxed);
    retainInternal();
  }
  /// Returns false if the public count was already zero.
  bool releasePublic() {
    cl_uint count = publicCount_.load(std::memory_order_relaxed);
    do {
      if (count == 0)
        return false;
    } while (!publicCount_.compare_exchange_weak(count, count - 1, std::memory_order_acq_rel));
    if (count == 1)
      static_cast<Derived *>(this)->onLastPublicRelease();
    releaseInternal();
    return true;
  }
  void retainInternal() { totalCount_.fetch_add(1, std::memory_order_relaxed); }
  void releaseInternal() {
    if (totalCount_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete static_cast<Derived *>(this);
  }
  cl_uint publicRefCount() const { return publicCount_.load(std::memory_order_relaxed); }

  /// Hook for objects that act when the application lets go (e.g. a queue
  /// flushes). Default: nothing.
  void onLastPublicRelease() {}

private:
  std::atomic<cl_uint> publicCount_{1};
  std::atomic<uint32_t> totalCount_{1};
};

/// An internal (counted) reference to an object.
template <class T> class Ref {
public:
  Ref() = default;
  Ref(T *p) : p_(p) {
    if (p_)
      p_->retainInternal();
  }
  Ref(const Ref &o) : Ref(o.p_) {}
  Ref(Ref &&o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  Ref &operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~Ref() {
    if (p_)
      p_->releaseInternal();
  }
  T *get() const { return p_; }
  T *operator->() const { return p_; }
  T &operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }

private:
  T *p_ = nullptr;
};

} // namespace corecl
