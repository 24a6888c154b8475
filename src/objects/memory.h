// Buffers, sub-buffers and images. Device memory is host memory: an
// object's storage is an aligned host allocation, the application's own
// pointer for CL_MEM_USE_HOST_PTR, or (an image made from a buffer) the
// buffer's storage, so map and unmap never copy.
#pragma once
#include "include/corecl/image_abi.h"
#include "src/objects/context.h"
#include "src/objects/object.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

namespace corecl {

/// What makes a memory object an image: its type, format and size in
/// pixels, and how its storage is laid out (pitches in bytes).
struct ImageDesc {
  cl_mem_object_type type = 0; // 0: not an image
  cl_image_format format = {};
  size_t elementSize = 0; // bytes per pixel
  size_t width = 0, height = 0, depth = 0, arraySize = 0;
  size_t rowPitch = 0, slicePitch = 0;

  /// The pixels along each of the three storage dimensions: a 1D array's
  /// layers are its rows, a 2D array's its slices.
  void extent(size_t out[3]) const {
    out[0] = width;
    out[1] = type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? arraySize : std::max<size_t>(height, 1);
    out[2] = type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? arraySize : std::max<size_t>(depth, 1);
  }
  /// Bytes from the first pixel to the end of the last.
  size_t storageBytes() const {
    size_t e[3];
    extent(e);
    return (e[2] - 1) * slicePitch + (e[1] - 1) * rowPitch + e[0] * elementSize;
  }
};

class MemObject : public Object<MemObject, _cl_mem, Tag::Mem> {
public:
  using DestructorFn = void(CL_CALLBACK *)(cl_mem, void *);

  /// Creates a buffer. Validates nothing: the entry point has. Returns
  /// nullptr if the storage cannot be allocated.
  static MemObject *createBuffer(Context &context, cl_mem_flags flags, size_t size,
                                 void *hostPtr, std::vector<cl_mem_properties> properties);
  /// Creates an image laid out as `desc` says: in the application's
  /// memory (CL_MEM_USE_HOST_PTR, desc's pitches are the host's), in
  /// `buffer`'s storage (1D buffer images, 2D images from a buffer), or
  /// in storage of its own, filled from hostPtr (whose pitches are
  /// hostRowPitch and hostSlicePitch) for CL_MEM_COPY_HOST_PTR. Validates
  /// nothing; returns nullptr if the storage cannot be allocated.
  static MemObject *createImage(Context &context, cl_mem_flags flags, const ImageDesc &desc,
                                void *hostPtr, size_t hostRowPitch, size_t hostSlicePitch,
                                MemObject *buffer, std::vector<cl_mem_properties> properties);
  /// Creates a pipe of `maxPackets` packets of `packetSize` bytes, empty
  /// (include/corecl/pipe_abi.h). Validates nothing; returns nullptr if the
  /// storage cannot be allocated.
  static MemObject *createPipe(Context &context, cl_mem_flags flags, cl_uint packetSize,
                               cl_uint maxPackets);
  /// Creates a sub-buffer of `parent` covering [origin, origin + size).
  static MemObject *createSubBuffer(MemObject &parent, cl_mem_flags flags, size_t origin,
                                    size_t size);
  ~MemObject();

  Context &context() const { return *context_; }
  cl_mem_object_type type() const {
    return image_.type ? image_.type : pipePacketSize_ ? CL_MEM_OBJECT_PIPE : CL_MEM_OBJECT_BUFFER;
  }
  bool isPipe() const { return pipePacketSize_ != 0; }
  /// CL_PIPE_PACKET_SIZE and CL_PIPE_MAX_PACKETS (0 but for pipes).
  cl_uint pipePacketSize() const { return pipePacketSize_; }
  cl_uint pipeMaxPackets() const { return pipeMaxPackets_; }
  bool isImage() const { return image_.type != 0; }
  /// The image's description (type 0 for buffers).
  const ImageDesc &image() const { return image_; }
  /// What a kernel's image argument points at (image_abi.h).
  const corecl_image *deviceImage() const { return &deviceImage_; }
  /// CL_MEM_ASSOCIATED_MEMOBJECT: a sub-buffer's parent, or the buffer an
  /// image was made from.
  MemObject *associated() const { return parent_ ? parent_.get() : buffer_.get(); }
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
  /// A new object over `storage` (freed with it if `owns`, also if the
  /// object cannot be allocated).
  static MemObject *adopt(Context &context, cl_mem_flags flags, size_t size, char *storage,
                          bool owns, void *hostPtr, std::vector<cl_mem_properties> properties);

  Ref<Context> context_;
  cl_mem_flags flags_;
  size_t size_;
  char *data_ = nullptr;
  bool ownsData_ = false;
  void *hostPtr_ = nullptr;
  Ref<MemObject> parent_; // null unless a sub-buffer
  Ref<MemObject> buffer_; // the buffer an image lives in, if any
  ImageDesc image_;
  corecl_image deviceImage_ = {};
  cl_uint pipePacketSize_ = 0, pipeMaxPackets_ = 0;
  size_t offset_ = 0;
  std::vector<cl_mem_properties> properties_;

  std::mutex mutex_;
  std::vector<void *> mappings_;
  std::atomic<cl_uint> mapCount_{0};
  std::vector<std::pair<DestructorFn, void *>> destructorCallbacks_;
};

} // namespace corecl
