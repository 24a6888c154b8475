// Buffers and sub-buffers: creation with every flag rule, info, callbacks.
#include "src/objects/memory.h"
#include "src/info_util.h"
#include "src/memory_flags.h"
#include "src/objects/device.h"

#include <bit>

using namespace corecl;

namespace {

cl_mem createBuffer(cl_context context, const cl_mem_properties *properties, cl_mem_flags flags,
                    size_t size, void *host_ptr, cl_int *errcode_ret, const char *entry) {
  Context *c;
  std::vector<cl_mem_properties> props;
  if (cl_int err = openMemCreate(context, properties, flags, 0, c, props, entry))
    return withError<_cl_mem>(errcode_ret, err);
  if (size == 0 || size > c->maxMemAllocSize())
    return withError<_cl_mem>(errcode_ret,
                              apiError(entry, CL_INVALID_BUFFER_SIZE,
                                       "size %zu is 0 or above CL_DEVICE_MAX_MEM_ALLOC_SIZE %llu",
                                       size, (unsigned long long)c->maxMemAllocSize()));
  bool needsHostPtr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (needsHostPtr != (host_ptr != nullptr))
    return withError<_cl_mem>(
        errcode_ret, apiError(entry, CL_INVALID_HOST_PTR,
                              needsHostPtr ? "host_ptr is NULL but flags 0x%llx ask to use or "
                                             "copy it"
                                           : "host_ptr is not NULL but flags 0x%llx neither use "
                                             "nor copy it",
                              (unsigned long long)flags));
  // A buffer on SVM must lie inside the allocation.
  if (flags & CL_MEM_USE_HOST_PTR)
    if (auto svm = c->svmAllocationOf(host_ptr))
      if (size > svm->size - size_t(static_cast<char *>(host_ptr) - svm->base))
        return withError<_cl_mem>(
            errcode_ret, apiError(entry, CL_INVALID_BUFFER_SIZE,
                                  "size %zu runs past the end of the SVM allocation host_ptr "
                                  "points into (%zu bytes)",
                                  size, svm->size));
  if (!(flags & kAccessFlags))
    flags |= CL_MEM_READ_WRITE;
  MemObject *mem = MemObject::createBuffer(*c, flags, size, host_ptr, std::move(props));
  if (!mem)
    return withError<_cl_mem>(errcode_ret, apiError(entry, CL_MEM_OBJECT_ALLOCATION_FAILURE,
                                                    "no memory for %zu bytes", size));
  return withError(errcode_ret, CL_SUCCESS, mem->handle());
}

/// A sub-buffer flag that contradicts its parent's.
cl_int contradicts(cl_mem_flags parent, cl_mem_flags requested, const char *entry) {
  return apiError(entry, CL_INVALID_VALUE, "flags 0x%llx contradict the parent's flags 0x%llx",
                  (unsigned long long)requested, (unsigned long long)parent);
}

/// Sub-buffer flags: checked against the parent's, unspecified ones inherited.
cl_int subBufferFlags(cl_mem_flags parent, cl_mem_flags requested, cl_mem_flags &result,
                      const char *entry) {
  if (cl_int err = checkKnownFlags(requested, kAccessFlags | kHostAccessFlags, entry))
    return err;
  if ((parent & CL_MEM_WRITE_ONLY) && (requested & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY)))
    return contradicts(parent, requested, entry);
  if ((parent & CL_MEM_READ_ONLY) && (requested & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY)))
    return contradicts(parent, requested, entry);
  if ((parent & CL_MEM_HOST_WRITE_ONLY) && (requested & CL_MEM_HOST_READ_ONLY))
    return contradicts(parent, requested, entry);
  if ((parent & CL_MEM_HOST_READ_ONLY) && (requested & CL_MEM_HOST_WRITE_ONLY))
    return contradicts(parent, requested, entry);
  if ((parent & CL_MEM_HOST_NO_ACCESS) &&
      (requested & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)))
    return contradicts(parent, requested, entry);
  result = requested;
  if (!(requested & kAccessFlags))
    result |= parent & kAccessFlags;
  if (!(requested & kHostAccessFlags))
    result |= parent & kHostAccessFlags;
  result |= parent & kHostPtrFlags;
  return CL_SUCCESS;
}

} // namespace

extern "C" {

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size,
                                               void *host_ptr, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    return createBuffer(context, nullptr, flags, size, host_ptr, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context context,
                                                             const cl_mem_properties *properties,
                                                             cl_mem_flags flags, size_t size,
                                                             void *host_ptr, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    return createBuffer(context, properties, flags, size, host_ptr, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags,
                                                  cl_buffer_create_type buffer_create_type,
                                                  const void *buffer_create_info,
                                                  cl_int *errcode_ret) {
  const char *entry = __func__;
  MemObject *parent = MemObject::fromHandle(buffer);
  if (!parent || parent->type() != CL_MEM_OBJECT_BUFFER || parent->parent())
    return withError<_cl_mem>(errcode_ret, apiError(entry, CL_INVALID_MEM_OBJECT,
                                                    "%p is not a live buffer that is no "
                                                    "sub-buffer",
                                                    static_cast<const void *>(buffer)));
  cl_mem_flags resolved = 0;
  if (cl_int err = subBufferFlags(parent->flags(), flags, resolved, entry))
    return withError<_cl_mem>(errcode_ret, err);
  if (buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION || !buffer_create_info)
    return withError<_cl_mem>(errcode_ret, apiError(entry, CL_INVALID_VALUE,
                                                    buffer_create_info
                                                        ? "buffer_create_type 0x%x is not "
                                                          "CL_BUFFER_CREATE_TYPE_REGION"
                                                        : "buffer_create_info is NULL (type 0x%x)",
                                                    buffer_create_type));
  auto region = *static_cast<const cl_buffer_region *>(buffer_create_info);
  if (region.size == 0)
    return withError<_cl_mem>(errcode_ret,
                              apiError(entry, CL_INVALID_BUFFER_SIZE, "the region's size is 0"));
  if (region.origin > parent->size() || region.size > parent->size() - region.origin)
    return withError<_cl_mem>(errcode_ret,
                              apiError(entry, CL_INVALID_VALUE,
                                       "origin %zu + size %zu exceeds the buffer's %zu bytes",
                                       region.origin, region.size, parent->size()));
  if (region.origin % (Device::kMemBaseAddrAlignBits / 8) != 0)
    return withError<_cl_mem>(errcode_ret,
                              apiError(entry, CL_MISALIGNED_SUB_BUFFER_OFFSET,
                                       "origin %zu is not a multiple of %u bytes", region.origin,
                                       unsigned(Device::kMemBaseAddrAlignBits / 8)));
  return guardedCreate(errcode_ret, [&] {
    MemObject *sub = MemObject::createSubBuffer(*parent, resolved, region.origin, region.size);
    return withError(errcode_ret, CL_SUCCESS, sub->handle());
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainMemObject(cl_mem memobj) {
  return retainHandle<MemObject>(memobj);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseMemObject(cl_mem memobj) {
  return releaseHandle<MemObject>(memobj);
}

CL_API_ENTRY cl_int CL_API_CALL clGetMemObjectInfo(cl_mem memobj, cl_mem_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret) {
  return answerInfo<MemObject>(memobj, param_name, param_value_size, param_value,
                               param_value_size_ret, [&](MemObject *m, auto put) -> cl_int {
                                 switch (param_name) {
                                 case CL_MEM_TYPE:
                                   return put(m->type());
                                 case CL_MEM_FLAGS:
                                   return put(m->flags());
                                 case CL_MEM_SIZE:
                                   return put(m->size());
                                 case CL_MEM_HOST_PTR:
                                   return put(m->hostPtr());
                                 case CL_MEM_MAP_COUNT:
                                   return put(m->mapCount());
                                 case CL_MEM_REFERENCE_COUNT:
                                   return put(m->publicRefCount());
                                 case CL_MEM_CONTEXT:
                                   return put(cl_context(m->context().handle()));
                                 case CL_MEM_ASSOCIATED_MEMOBJECT:
                                   return put(cl_mem(m->associated() ? m->associated()->handle()
                                                                     : nullptr));
                                 case CL_MEM_OFFSET:
                                   return put(m->offset());
                                 case CL_MEM_USES_SVM_POINTER:
                                   // A CL_MEM_USE_HOST_PTR buffer on SVM memory.
                                   return put(
                                       cl_bool(m->hostPtr() && (m->flags() & CL_MEM_USE_HOST_PTR) &&
                                                       m->context().svmAllocationOf(m->hostPtr())
                                                   ? CL_TRUE
                                                   : CL_FALSE));
                                 case CL_MEM_PROPERTIES:
                                   return put(m->properties());
                                 default:
                                   return CL_INVALID_VALUE;
                                 }
                               });
}

CL_API_ENTRY cl_int CL_API_CALL clSetMemObjectDestructorCallback(
    cl_mem memobj, void(CL_CALLBACK *pfn_notify)(cl_mem, void *), void *user_data) {
  MemObject *m;
  if (cl_int err = resolve(memobj, m))
    return err;
  if (!pfn_notify)
    return apiError(__func__, CL_INVALID_VALUE, "pfn_notify is NULL");
  return guarded([&] {
    m->addDestructorCallback(pfn_notify, user_data);
    return CL_SUCCESS;
  });
}

} // extern "C"
