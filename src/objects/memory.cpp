#include "src/objects/memory.h"

#include "include/corecl/pipe_abi.h"

#include "runtime/aligned_memory.h"
#include "runtime/transfer.h"

#include <algorithm>
#include <cstring>

namespace corecl {

MemObject::MemObject(Context &context, cl_mem_flags flags, size_t size)
    : context_(&context), flags_(flags), size_(size) {}

MemObject *MemObject::adopt(Context &context, cl_mem_flags flags, size_t size, char *storage,
                            bool owns, void *hostPtr, std::vector<cl_mem_properties> properties) {
  MemObject *mem;
  try {
    mem = new MemObject(context, flags, size);
  } catch (...) {
    if (owns)
      rt::freeAligned(storage);
    throw;
  }
  mem->data_ = storage;
  mem->ownsData_ = owns;
  if (flags & CL_MEM_USE_HOST_PTR)
    mem->hostPtr_ = hostPtr;
  mem->properties_ = std::move(properties);
  return mem;
}

MemObject *MemObject::createBuffer(Context &context, cl_mem_flags flags, size_t size, void *hostPtr,
                                   std::vector<cl_mem_properties> properties) {
  char *storage;
  bool owns = true;
  if (flags & CL_MEM_USE_HOST_PTR) {
    storage = static_cast<char *>(hostPtr);
    owns = false;
  } else {
    storage = static_cast<char *>(rt::allocateAligned(size));
    if (!storage)
      return nullptr;
    if (flags & CL_MEM_COPY_HOST_PTR)
      std::memcpy(storage, hostPtr, size);
  }
  return adopt(context, flags, size, storage, owns, hostPtr, std::move(properties));
}

MemObject *MemObject::createPipe(Context &context, cl_mem_flags flags, cl_uint packetSize,
                                 cl_uint maxPackets) {
  const size_t bytes = CORECL_PIPE_DATA_OFFSET(maxPackets) + size_t(packetSize) * maxPackets;
  char *storage = static_cast<char *>(rt::allocateAligned(bytes));
  if (!storage)
    return nullptr;
  // Empty: slot i writable at position i.
  corecl_pipe header = {};
  header.packet_size = packetSize;
  header.capacity = maxPackets;
  std::memcpy(storage, &header, sizeof header);
  for (uint64_t i = 0; i < maxPackets; ++i)
    std::memcpy(storage + CORECL_PIPE_SEQ_OFFSET + 8 * i, &i, sizeof i);
  MemObject *pipe = adopt(context, flags, bytes, storage, true, nullptr, {});
  if (pipe) {
    pipe->pipePacketSize_ = packetSize;
    pipe->pipeMaxPackets_ = maxPackets;
  }
  return pipe;
}

MemObject *MemObject::createImage(Context &context, cl_mem_flags flags, const ImageDesc &desc,
                                  void *hostPtr, size_t hostRowPitch, size_t hostSlicePitch,
                                  MemObject *buffer, std::vector<cl_mem_properties> properties) {
  const size_t bytes = desc.storageBytes();
  char *storage;
  bool owns = false;
  if (buffer) {
    storage = buffer->data();
  } else if (flags & CL_MEM_USE_HOST_PTR) {
    storage = static_cast<char *>(hostPtr);
  } else {
    storage = static_cast<char *>(rt::allocateAligned(bytes));
    if (!storage)
      return nullptr;
    owns = true;
    if (flags & CL_MEM_COPY_HOST_PTR) {
      size_t region[3];
      desc.extent(region);
      region[0] *= desc.elementSize;
      rt::RectLayout to = {{0, 0, 0}, desc.rowPitch, desc.slicePitch};
      rt::RectLayout from = {{0, 0, 0}, hostRowPitch, hostSlicePitch};
      rt::copyRect(storage, to, static_cast<const char *>(hostPtr), from, region);
    }
  }
  MemObject *mem = adopt(context, flags, bytes, storage, owns, hostPtr, std::move(properties));
  mem->image_ = desc;
  corecl_image &dev = mem->deviceImage_;
  size_t extent[3];
  desc.extent(extent);
  dev.data = storage;
  dev.row_pitch = desc.rowPitch;
  dev.slice_pitch = desc.slicePitch;
  dev.width = uint32_t(desc.width);
  dev.height = uint32_t(std::max<size_t>(desc.height, 1));
  dev.depth = uint32_t(std::max<size_t>(desc.depth, 1));
  dev.array_size = uint32_t(std::max<size_t>(desc.arraySize, 1));
  dev.channel_order = desc.format.image_channel_order;
  dev.channel_data_type = desc.format.image_channel_data_type;
  dev.element_size = uint32_t(desc.elementSize);
  dev.image_type = desc.type;
  mem->buffer_ = Ref<MemObject>(buffer);
  return mem;
}

MemObject *MemObject::createSubBuffer(MemObject &parent, cl_mem_flags flags, size_t origin,
                                      size_t size) {
  MemObject *mem = new MemObject(parent.context(), flags, size);
  mem->parent_ = Ref<MemObject>(&parent);
  mem->offset_ = origin;
  mem->data_ = parent.data_ + origin;
  if (parent.hostPtr_)
    mem->hostPtr_ = static_cast<char *>(parent.hostPtr_) + origin;
  return mem;
}

MemObject::~MemObject() {
  // The application learns, most recent registration first, that the
  // storage (and for USE_HOST_PTR its own pointer) is free to reuse.
  for (auto it = destructorCallbacks_.rbegin(); it != destructorCallbacks_.rend(); ++it)
    it->first(handle(), it->second);
  if (ownsData_)
    rt::freeAligned(data_);
}

void *MemObject::addMapping(size_t offset, size_t size) {
  void *ptr = data_ + offset;
  std::lock_guard lock(mutex_);
  mappings_.push_back(ptr);
  mapCount_.fetch_add(1, std::memory_order_relaxed);
  return ptr;
}

bool MemObject::removeMapping(void *ptr) {
  std::lock_guard lock(mutex_);
  auto it = std::find(mappings_.begin(), mappings_.end(), ptr);
  if (it == mappings_.end())
    return false;
  mappings_.erase(it);
  mapCount_.fetch_sub(1, std::memory_order_relaxed);
  return true;
}

void MemObject::addDestructorCallback(DestructorFn fn, void *userData) {
  std::lock_guard lock(mutex_);
  destructorCallbacks_.emplace_back(fn, userData);
}

} // namespace corecl
