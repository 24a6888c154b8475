// Buffers and sub-buffers. Device memory is host memory: a buffer's storage
// is an aligned host allocation, or the application's own pointer for
// CL_MEM_USE_HOST_PTR, so map and unmap never copy.
#pragma once
#include "src/objects/context.h"
#include "src/objects/object.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace corecl {

class MemObject : public Object<MemObject, _cl_mem, Tag::Mem> {
public:
  using DestructorFn = void(CL_CALLBACK *)(cl_mem, void *);

  /// Creates a buffer. Validates nothing: the entry point has. Returns
  /// nullptr if the storage cannot be allocated.
  static MemObject *createBuffer(Context &context, cl_mem_flags flags, size_t size,
                                 void *hostPtr, std::vector<cl_mem_properties> properties);
  /// Creates a sub-buffer of `parent` covering [origin, origin + size).
  static MemObject *createSubBuffer(MemObject &parent, cl_mem_flags flags, size_t origin,
                                    size_t size);
  ~MemObject();

  Context &context() const { return *context_; }
  cl_mem_object_type type() const { return CL_MEM_OBJECT_BUFFER; }
  cl_mem_flags flags() const { return flags_; }
  size_t size() const { return size_; }
  /// The bytes of this object (for a sub-buffer: from its origin).
  char *data() const { return data_; }
  /// CL_MEM_HOST_PTR: the application's pointer for CL_MEM_USE_HOST_PTR.
  void *hostPtr() const { return hostPtr_; }
  MemObject *parent() const { return parent_.get(); }
  size_t offset() const { return offset_; }
  const std::vector<cl_mem_properties> &properties() const { return properties_; }
  /// The buffer whose storage this object lives in: offset() is the offset
  /// in it, since sub-buffers are never made of sub-buffers.
  const MemObject &root() const { return parent_ ? *parent_ : *this; }

  bool hostCanRead() const { return !(flags_ & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)); }
  bool hostCanWrite() const { return !(flags_ & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)); }

  // Mappings: the pointers handed out by clEnqueueMap*, checked by unmap.
  void *addMapping(size_t offset, size_t size);
  /// Returns false if `ptr` is not a live mapping of this object.
  bool removeMapping(void *ptr);
  cl_uint mapCount() const { return mapCount_.load(std::memory_order_relaxed); }

  void addDestructorCallback(DestructorFn fn, void *userData);

private:
  MemObject(Context &context, cl_mem_flags flags, size_t size);

  Ref<Context> context_;
  cl_mem_flags flags_;
  size_t size_;
  char *data_ = nullptr;
  bool ownsData_ = false;
  void *hostPtr_ = nullptr;
  Ref<MemObject> parent_; // null unless a sub-buffer
  size_t offset_ = 0;
  std::vector<cl_mem_properties> properties_;

  std::mutex mutex_;
  std::vector<void *> mappings_;
  std::atomic<cl_uint> mapCount_{0};
  std::vector<std::pair<DestructorFn, void *>> destructorCallbacks_;
};

} // namespace corecl
