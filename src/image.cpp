// Images: creation (clCreateImage* with every descriptor and host pointer
// rule), the supported formats and clGetImageInfo. The commands on images
// are in enqueue_image.cpp, the pixel formats in runtime/image_format.h.
#include "runtime/image_format.h"
#include "src/api_util.h"
#include "src/info_util.h"
#include "src/memory_flags.h"
#include "src/objects/device.h"
#include "src/objects/memory.h"

#include <vector>

using namespace corecl;

namespace {

// runtime/image_format.h numbers its enums as the API does.
static_assert(uint32_t(rt::ChannelOrder::RGBA) == CL_RGBA);
static_assert(uint32_t(rt::ChannelOrder::sBGRA) == CL_sBGRA);
static_assert(uint32_t(rt::ChannelType::UNORM_INT8) == CL_UNORM_INT8);
static_assert(uint32_t(rt::ChannelType::FLOAT) == CL_FLOAT);

rt::ImageFormat toRuntime(const cl_image_format &f) {
  return {rt::ChannelOrder(f.image_channel_order), rt::ChannelType(f.image_channel_data_type)};
}

bool isImageType(cl_mem_object_type type) {
  switch (type) {
  case CL_MEM_OBJECT_IMAGE1D:
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
  case CL_MEM_OBJECT_IMAGE2D:
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
  case CL_MEM_OBJECT_IMAGE3D:
    return true;
  default:
    return false;
  }
}

/// Whether CoreCL stores `format` in images of `type`: every valid
/// format, but depth only in 2D images and 2D arrays (cl_khr_depth_images).
bool supports(cl_mem_object_type type, const cl_image_format &format) {
  if (!rt::isValidFormat(toRuntime(format)))
    return false;
  // The spec makes CL_Rx two channels and CL_RGx three, the CTS one and
  // two: their element size would disagree with one of them. And the
  // spec's border color for the padded orders (CL_Rx, CL_RGx, CL_RGBx,
  // CL_sRGBx) is (0, 0, 0, 0), where the CTS expects an opaque one. No
  // application needs them (the packed formats come in CL_RGB too).
  switch (format.image_channel_order) {
  case CL_Rx:
  case CL_RGx:
  case CL_RGBx:
  case CL_sRGBx:
    return false;
  default:
    break;
  }
  if (format.image_channel_order == CL_DEPTH)
    return type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  return true;
}

/// Every format CoreCL supports for `type`, in the API's numbering.
std::vector<cl_image_format> supportedFormats(cl_mem_object_type type) {
  std::vector<cl_image_format> formats;
  for (cl_channel_order order = CL_R; order <= CL_ABGR; ++order)
    for (cl_channel_type data = CL_SNORM_INT8; data <= CL_UNORM_INT_101010_2; ++data) {
      cl_image_format f = {order, data};
      if (supports(type, f))
        formats.push_back(f);
    }
  return formats;
}

/// The largest pixel counts an image of `type` may have per dimension
/// (width, height, depth or array size).
void maxExtent(cl_mem_object_type type, size_t out[3]) {
  out[0] = out[1] = out[2] = 1;
  switch (type) {
  case CL_MEM_OBJECT_IMAGE1D:
    out[0] = Device::kImage2dMaxSize;
    break;
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    out[0] = Device::kImageMaxBufferSize;
    break;
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    out[0] = Device::kImage2dMaxSize;
    out[1] = Device::kImageMaxArraySize;
    break;
  case CL_MEM_OBJECT_IMAGE2D:
    out[0] = out[1] = Device::kImage2dMaxSize;
    break;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    out[0] = out[1] = Device::kImage2dMaxSize;
    out[2] = Device::kImageMaxArraySize;
    break;
  case CL_MEM_OBJECT_IMAGE3D:
    out[0] = out[1] = out[2] = Device::kImage3dMaxSize;
    break;
  }
}

/// An image's requested size as (width, height or layers, depth or
/// layers), for the limits above.
void requestedExtent(const cl_image_desc &d, size_t out[3]) {
  out[0] = d.image_width;
  out[1] = d.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? d.image_array_size
           : d.image_type == CL_MEM_OBJECT_IMAGE2D || d.image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                   d.image_type == CL_MEM_OBJECT_IMAGE3D
               ? d.image_height
               : 1;
  out[2] = d.image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? d.image_array_size
           : d.image_type == CL_MEM_OBJECT_IMAGE3D     ? d.image_depth
                                                       : 1;
}

cl_int descriptorError(const char *entry, const char *reason) {
  return apiError(entry, CL_INVALID_IMAGE_DESCRIPTOR, "%s", reason);
}

/// Checks `format` and sets the pixel size.
cl_int checkFormat(const cl_image_format *format, size_t &elementSize, const char *entry) {
  if (!format)
    return apiError(entry, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "image_format is NULL");
  elementSize = rt::pixelBytes(toRuntime(*format)); // 0 for an invalid pair
  if (elementSize == 0)
    return apiError(entry, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                    "channel order 0x%x with channel type 0x%x is not an image format",
                    format->image_channel_order, format->image_channel_data_type);
  return CL_SUCCESS;
}

/// The image a descriptor asks for, checked against the spec's rules and
/// CoreCL's limits: `out` gets the layout of its storage, `hostRow` and
/// `hostSlice` the pitches of host_ptr, `buffer` the buffer it is made
/// from (1D buffer images, 2D images from a buffer).
cl_int describe(const cl_image_desc *desc, size_t elementSize, const cl_image_format &format,
                cl_mem_flags flags, void *hostPtr, ImageDesc &out, size_t &hostRow,
                size_t &hostSlice, MemObject *&buffer, const Context &context, const char *entry) {
  if (!desc)
    return descriptorError(entry, "image_desc is NULL");
  const cl_image_desc &d = *desc;
  if (!isImageType(d.image_type))
    return apiError(entry, CL_INVALID_IMAGE_DESCRIPTOR, "image_type 0x%x is not an image type",
                    d.image_type);
  if (d.num_mip_levels != 0 || d.num_samples != 0)
    return descriptorError(entry, "num_mip_levels and num_samples must be 0");
  size_t want[3], limit[3];
  requestedExtent(d, want);
  maxExtent(d.image_type, limit);
  for (int i = 0; i < 3; ++i)
    if (want[i] == 0)
      return apiError(entry, CL_INVALID_IMAGE_DESCRIPTOR,
                      "image of type 0x%x has a 0 size (width %zu, height %zu, depth %zu, array "
                      "size %zu)",
                      d.image_type, d.image_width, d.image_height, d.image_depth,
                      d.image_array_size);
  for (int i = 0; i < 3; ++i)
    if (want[i] > limit[i])
      return apiError(entry, CL_INVALID_IMAGE_SIZE,
                      "%zu x %zu x %zu pixels exceed CoreCL's %zu x %zu x %zu for image type 0x%x",
                      want[0], want[1], want[2], limit[0], limit[1], limit[2], d.image_type);
  if (!supports(d.image_type, format))
    return apiError(entry, CL_IMAGE_FORMAT_NOT_SUPPORTED,
                    "format (0x%x, 0x%x) is not supported for image type 0x%x",
                    format.image_channel_order, format.image_channel_data_type, d.image_type);

  // The buffer of 1D buffer images and of 2D images made from one.
  buffer = nullptr;
  const bool fromBuffer = d.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER ||
                          (d.image_type == CL_MEM_OBJECT_IMAGE2D && d.mem_object);
  if (d.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER && !d.mem_object)
    return descriptorError(entry, "a 1D buffer image needs a buffer in mem_object");
  if (d.mem_object && !fromBuffer)
    return apiError(entry, CL_INVALID_IMAGE_DESCRIPTOR,
                    "mem_object must be NULL for image type 0x%x", d.image_type);
  if (fromBuffer) {
    buffer = MemObject::fromHandle(d.mem_object);
    if (!buffer || buffer->type() != CL_MEM_OBJECT_BUFFER)
      return descriptorError(entry, "mem_object is not a live buffer (images made from another "
                                    "image are not supported)");
    if (&buffer->context() != &context)
      return descriptorError(entry, "mem_object is of another context");
    if (hostPtr)
      return apiError(entry, CL_INVALID_HOST_PTR,
                      "host_ptr must be NULL for an image made from a buffer");
    if (flags & kHostPtrFlags)
      return apiError(entry, CL_INVALID_VALUE,
                      "flags 0x%llx: an image made from a buffer takes no host pointer flags",
                      (unsigned long long)flags);
  }

  // Pitches: given ones are checked against host_ptr (or the buffer), the
  // storage's own are tight unless the pixels stay where they are.
  const size_t tightRow = d.image_width * elementSize;
  const bool layered = d.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                       d.image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                       d.image_type == CL_MEM_OBJECT_IMAGE3D;
  if (!hostPtr && !fromBuffer && (d.image_row_pitch || d.image_slice_pitch))
    return descriptorError(entry, "image_row_pitch and image_slice_pitch must be 0 without "
                                  "host_ptr");
  hostRow = d.image_row_pitch ? d.image_row_pitch : tightRow;
  if (hostRow < tightRow || hostRow % elementSize != 0)
    return apiError(entry, CL_INVALID_IMAGE_DESCRIPTOR,
                    "image_row_pitch %zu is below width x pixel size (%zu) or not a multiple of "
                    "the pixel size %zu",
                    d.image_row_pitch, tightRow, elementSize);
  if (fromBuffer && d.image_type == CL_MEM_OBJECT_IMAGE2D &&
      hostRow % (Device::kImagePitchAlignment * elementSize) != 0)
    return descriptorError(entry, "image_row_pitch is not a multiple of "
                                  "CL_DEVICE_IMAGE_PITCH_ALIGNMENT pixels");
  // One row (1D arrays: a layer is a row) or one 2D slice.
  const size_t tightSlice =
      d.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? hostRow : hostRow * want[1];
  hostSlice = d.image_slice_pitch ? d.image_slice_pitch : tightSlice;
  if (layered && (hostSlice < tightSlice || hostSlice % hostRow != 0))
    return apiError(entry, CL_INVALID_IMAGE_DESCRIPTOR,
                    "image_slice_pitch %zu is below %zu or not a multiple of the row pitch %zu",
                    d.image_slice_pitch, tightSlice, hostRow);

  out = ImageDesc{};
  out.type = d.image_type;
  out.format = format;
  out.elementSize = elementSize;
  out.width = d.image_width;
  out.height = d.image_type == CL_MEM_OBJECT_IMAGE2D ||
                       d.image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                       d.image_type == CL_MEM_OBJECT_IMAGE3D
                   ? d.image_height
                   : 0;
  out.depth = d.image_type == CL_MEM_OBJECT_IMAGE3D ? d.image_depth : 0;
  out.arraySize = layered && d.image_type != CL_MEM_OBJECT_IMAGE3D ? d.image_array_size : 0;
  const bool inPlace = fromBuffer || (flags & CL_MEM_USE_HOST_PTR);
  out.rowPitch = inPlace ? hostRow : tightRow;
  out.slicePitch =
      inPlace ? (layered ? hostSlice : 0)
              : (d.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? tightRow : tightRow * want[1]);
  if (out.storageBytes() > context.maxMemAllocSize())
    return apiError(entry, CL_INVALID_IMAGE_SIZE,
                    "%zu bytes of pixels exceed CL_DEVICE_MAX_MEM_ALLOC_SIZE %llu",
                    out.storageBytes(), (unsigned long long)context.maxMemAllocSize());
  if (buffer && out.storageBytes() > buffer->size())
    return apiError(entry, CL_INVALID_IMAGE_SIZE, "the image's %zu bytes exceed mem_object's %zu",
                    out.storageBytes(), buffer->size());
  return CL_SUCCESS;
}

cl_mem createImage(cl_context context, const cl_mem_properties *properties, cl_mem_flags flags,
                   const cl_image_format *image_format, const cl_image_desc *image_desc,
                   void *host_ptr, cl_int *errcode_ret, const char *entry) {
  Context *c;
  std::vector<cl_mem_properties> props;
  if (cl_int err =
          openMemCreate(context, properties, flags, CL_MEM_KERNEL_READ_AND_WRITE, c, props, entry))
    return withError<_cl_mem>(errcode_ret, err);
  size_t elementSize = 0;
  if (cl_int err = checkFormat(image_format, elementSize, entry))
    return withError<_cl_mem>(errcode_ret, err);
  ImageDesc desc;
  size_t hostRow = 0, hostSlice = 0;
  MemObject *buffer = nullptr;
  if (cl_int err = describe(image_desc, elementSize, *image_format, flags, host_ptr, desc, hostRow,
                            hostSlice, buffer, *c, entry))
    return withError<_cl_mem>(errcode_ret, err);
  const bool needsHostPtr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (!buffer && needsHostPtr != (host_ptr != nullptr))
    return withError<_cl_mem>(
        errcode_ret,
        apiError(entry, CL_INVALID_HOST_PTR,
                 needsHostPtr ? "host_ptr is NULL but flags 0x%llx ask to use or copy it"
                              : "host_ptr is not NULL but flags 0x%llx neither use nor copy it",
                 (unsigned long long)flags));
  if (!(flags & kAccessFlags))
    flags |= buffer ? buffer->flags() & kAccessFlags : CL_MEM_READ_WRITE;
  if (buffer && !(flags & kHostAccessFlags))
    flags |= buffer->flags() & kHostAccessFlags;
  MemObject *image = MemObject::createImage(*c, flags, desc, host_ptr, hostRow, hostSlice, buffer,
                                            std::move(props));
  if (!image)
    return withError<_cl_mem>(errcode_ret,
                              apiError(entry, CL_MEM_OBJECT_ALLOCATION_FAILURE,
                                       "no memory for %zu bytes", desc.storageBytes()));
  return withError(errcode_ret, CL_SUCCESS, image->handle());
}

} // namespace

extern "C" {

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags flags,
                                              const cl_image_format *image_format,
                                              const cl_image_desc *image_desc, void *host_ptr,
                                              cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    return createImage(context, nullptr, flags, image_format, image_desc, host_ptr, errcode_ret,
                       entry);
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context,
                                                            const cl_mem_properties *properties,
                                                            cl_mem_flags flags,
                                                            const cl_image_format *image_format,
                                                            const cl_image_desc *image_desc,
                                                            void *host_ptr, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    return createImage(context, properties, flags, image_format, image_desc, host_ptr, errcode_ret,
                       entry);
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags flags,
                                                const cl_image_format *image_format,
                                                size_t image_width, size_t image_height,
                                                size_t image_row_pitch, void *host_ptr,
                                                cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    cl_image_desc desc = {};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = image_width;
    desc.image_height = image_height;
    desc.image_row_pitch = image_row_pitch;
    return createImage(context, nullptr, flags, image_format, &desc, host_ptr, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags flags,
                                                const cl_image_format *image_format,
                                                size_t image_width, size_t image_height,
                                                size_t image_depth, size_t image_row_pitch,
                                                size_t image_slice_pitch, void *host_ptr,
                                                cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    cl_image_desc desc = {};
    desc.image_type = CL_MEM_OBJECT_IMAGE3D;
    desc.image_width = image_width;
    desc.image_height = image_height;
    desc.image_depth = image_depth;
    desc.image_row_pitch = image_row_pitch;
    desc.image_slice_pitch = image_slice_pitch;
    return createImage(context, nullptr, flags, image_format, &desc, host_ptr, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                                           cl_mem_object_type image_type,
                                                           cl_uint num_entries,
                                                           cl_image_format *image_formats,
                                                           cl_uint *num_image_formats) {
  const char *entry = __func__;
  Context *c;
  if (cl_int err = resolve(context, c, entry))
    return err;
  if (cl_int err = validateBufferFlags(flags, entry, CL_MEM_KERNEL_READ_AND_WRITE))
    return err;
  if (!isImageType(image_type))
    return apiError(entry, CL_INVALID_VALUE, "image_type 0x%x is not an image type", image_type);
  if (num_entries == 0 && image_formats)
    return apiError(entry, CL_INVALID_VALUE, "num_entries is 0 but image_formats is not NULL");
  return guarded([&] {
    // Every supported format serves every access: CoreCL reads and writes
    // pixels through the same conversions whatever the kernel's qualifier.
    std::vector<cl_image_format> formats = supportedFormats(image_type);
    if (image_formats)
      for (size_t i = 0; i < formats.size() && i < num_entries; ++i)
        image_formats[i] = formats[i];
    if (num_image_formats)
      *num_image_formats = cl_uint(formats.size());
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem image, cl_image_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  if (MemObject *m = MemObject::fromHandle(image); m && !m->isImage())
    return apiError(__func__, CL_INVALID_MEM_OBJECT, "%p is a buffer, not an image",
                    static_cast<const void *>(image));
  return answerInfo<MemObject>(
      image, param_name, param_value_size, param_value, param_value_size_ret,
      [&](MemObject *m, auto put) -> cl_int {
        const ImageDesc &d = m->image();
        switch (param_name) {
        case CL_IMAGE_FORMAT:
          return put(d.format);
        case CL_IMAGE_ELEMENT_SIZE:
          return put(d.elementSize);
        case CL_IMAGE_ROW_PITCH:
          return put(d.rowPitch);
        case CL_IMAGE_SLICE_PITCH: // 0 for the types without slices or layers
          return put(d.type == CL_MEM_OBJECT_IMAGE1D || d.type == CL_MEM_OBJECT_IMAGE1D_BUFFER ||
                             d.type == CL_MEM_OBJECT_IMAGE2D
                         ? size_t(0)
                         : d.slicePitch);
        case CL_IMAGE_WIDTH:
          return put(d.width);
        case CL_IMAGE_HEIGHT:
          return put(d.height);
        case CL_IMAGE_DEPTH:
          return put(d.depth);
        case CL_IMAGE_ARRAY_SIZE:
          return put(d.arraySize);
        case CL_IMAGE_BUFFER: // deprecated alias of CL_MEM_ASSOCIATED_MEMOBJECT
          return put(cl_mem(m->type() == CL_MEM_OBJECT_IMAGE1D_BUFFER && m->associated()
                                ? m->associated()->handle()
                                : nullptr));
        case CL_IMAGE_NUM_MIP_LEVELS:
        case CL_IMAGE_NUM_SAMPLES:
          return put(cl_uint(0));
        default:
          return CL_INVALID_VALUE;
        }
      });
}

} // extern "C"
