// The commands on images: read, write, copy (between images and to and
// from buffers), fill and map. An image's pixels are rows of a linear
// allocation (ImageDesc's pitches), so each command is a rectangular copy
// or fill in bytes once its origin and region, in pixels, are checked
// against the image's type and size.
#include "runtime/image_format.h"
#include "runtime/transfer.h"
#include "src/api_util.h"
#include "src/enqueue_copy.h"
#include "src/enqueue_rect.h"
#include "src/enqueue_util.h"

#include <array>
#include <cstring>

using namespace corecl;

namespace {

/// An image used by a command on `queue`.
cl_int resolveImage(const CommandQueue &queue, cl_mem handle, MemObject *&image, const char *name,
                    const char *entry) {
  image = MemObject::fromHandle(handle);
  if (!image || !image->isImage())
    return apiError(entry, CL_INVALID_MEM_OBJECT, "%s %p is not a live image", name,
                    static_cast<const void *>(handle));
  if (&image->context() != &queue.context())
    return apiError(entry, CL_INVALID_CONTEXT, "%s is of another context than the queue's", name);
  return CL_SUCCESS;
}

/// The opening of the commands on one image: the queue and its wait list,
/// then the image (`name` is its argument's).
cl_int resolveQueueImage(cl_command_queue queueHandle, cl_uint numEvents, const cl_event *waitList,
                         cl_mem imageHandle, CommandQueue *&q, MemObject *&image, const char *name,
                         const char *entry) {
  if (cl_int err = resolveQueue(queueHandle, numEvents, waitList, q, entry))
    return err;
  return resolveImage(*q, imageHandle, image, name, entry);
}

/// The checks of an image's `origin` and `region` (in pixels): given, no
/// empty dimension, the dimensions an image of its type has (a 1D image's
/// unused ones 0 and 1, a 2D image's third), and inside the image. `side`
/// names the arguments ("src": src_origin, ...).
cl_int checkImageRegion(const ImageDesc &d, const size_t *origin, const size_t *region,
                        const char *side, const char *entry) {
  if (!origin || !region)
    return apiError(entry, CL_INVALID_VALUE, "%sorigin or region is NULL", side);
  unsigned dims = 3; // dimensions the type addresses
  if (d.type == CL_MEM_OBJECT_IMAGE1D || d.type == CL_MEM_OBJECT_IMAGE1D_BUFFER)
    dims = 1;
  else if (d.type == CL_MEM_OBJECT_IMAGE1D_ARRAY || d.type == CL_MEM_OBJECT_IMAGE2D)
    dims = 2;
  size_t extent[3];
  d.extent(extent);
  for (unsigned i = 0; i < 3; ++i) {
    if (region[i] == 0)
      return apiError(entry, CL_INVALID_VALUE, "region[%u] is 0", i);
    if (i >= dims && (origin[i] != 0 || region[i] != 1))
      return apiError(entry, CL_INVALID_VALUE,
                      "%sorigin[%u] %zu and region[%u] %zu must be 0 and 1 for image type 0x%x",
                      side, i, origin[i], i, region[i], d.type);
    if (origin[i] > extent[i] || region[i] > extent[i] - origin[i])
      return apiError(entry, CL_INVALID_VALUE,
                      "%sorigin[%u] %zu + region[%u] %zu exceeds the image's %zu pixels", side, i,
                      origin[i], i, region[i], extent[i]);
  }
  return CL_SUCCESS;
}

/// Where the rectangle at `origin` (pixels) lies in the image's storage.
rt::RectLayout imageLayout(const ImageDesc &d, const size_t origin[3]) {
  return {{origin[0] * d.elementSize, origin[1], origin[2]}, d.rowPitch, d.slicePitch};
}

/// The region in bytes along rows.
std::array<size_t, 3> byteRegion(const ImageDesc &d, const size_t region[3]) {
  return {region[0] * d.elementSize, region[1], region[2]};
}

/// The host side of a read or write: its pitches defaulted and checked.
/// A 1D array's layers are the host's slices but the image's rows.
cl_int hostLayout(const ImageDesc &d, const size_t region[3], size_t rowPitch, size_t slicePitch,
                  const void *ptr, rt::RectLayout &out, const char *entry) {
  const size_t rowBytes = region[0] * d.elementSize;
  const bool rowsAreLayers = d.type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
  const bool hasSlices = d.type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                         d.type == CL_MEM_OBJECT_IMAGE2D_ARRAY || d.type == CL_MEM_OBJECT_IMAGE3D;
  if (!hasSlices && slicePitch != 0)
    return apiError(entry, CL_INVALID_VALUE, "slice_pitch %zu must be 0 for image type 0x%x",
                    slicePitch, d.type);
  if (rowsAreLayers) {
    // The layer pitch is the host's row pitch for the rectangle copy.
    size_t row = rowPitch ? rowPitch : rowBytes;
    if (row < rowBytes)
      return apiError(entry, CL_INVALID_VALUE, "row_pitch %zu is below region[0] x %zu bytes",
                      rowPitch, d.elementSize);
    size_t layer = slicePitch ? slicePitch : row;
    if (layer < row)
      return apiError(entry, CL_INVALID_VALUE, "slice_pitch %zu is below the row pitch %zu",
                      slicePitch, row);
    size_t origin[3] = {0, 0, 0};
    size_t bytes[3] = {rowBytes, region[1], 1};
    return resolveRect(origin, bytes, layer, layer * region[1],
                       SIZE_MAX - reinterpret_cast<uintptr_t>(ptr), out, "host", entry);
  }
  size_t origin[3] = {0, 0, 0};
  size_t bytes[3] = {rowBytes, region[1], region[2]};
  return resolveRect(origin, bytes, rowPitch, slicePitch,
                     SIZE_MAX - reinterpret_cast<uintptr_t>(ptr), out, "host", entry);
}

/// clEnqueueReadImage and clEnqueueWriteImage.
cl_int enqueueHostImage(cl_command_queue command_queue, cl_mem image, bool toHost, cl_bool blocking,
                        const size_t *origin, const size_t *region, size_t rowPitch,
                        size_t slicePitch, void *ptr, cl_uint numEvents, const cl_event *waitList,
                        cl_event *event, const char *entry) {
  CommandQueue *q;
  MemObject *mem;
  if (cl_int err =
          resolveQueueImage(command_queue, numEvents, waitList, image, q, mem, "image", entry))
    return err;
  const ImageDesc &d = mem->image();
  if (cl_int err = checkImageRegion(d, origin, region, "", entry))
    return err;
  if (!ptr)
    return apiError(entry, CL_INVALID_VALUE, "ptr is NULL");
  rt::RectLayout host{};
  if (cl_int err = hostLayout(d, region, rowPitch, slicePitch, ptr, host, entry))
    return err;
  if (toHost ? !mem->hostCanRead() : !mem->hostCanWrite())
    return apiError(entry, CL_INVALID_OPERATION, "the image's flags forbid the host to %s it",
                    toHost ? "read" : "write");
  return enqueueHostRectCopy(*q, toHost ? CL_COMMAND_READ_IMAGE : CL_COMMAND_WRITE_IMAGE, mem,
                             imageLayout(d, origin), ptr, host, byteRegion(d, region), toHost,
                             blocking, numEvents, waitList, event, entry);
}

/// Whether two boxes [a, a + r) and [b, b + r) of the same image meet.
bool overlaps(const size_t a[3], const size_t b[3], const size_t r[3]) {
  for (int i = 0; i < 3; ++i)
    if (a[i] + r[i] <= b[i] || b[i] + r[i] <= a[i])
      return false;
  return true;
}

/// A buffer's side of a copy to or from an image: `region` pixels of
/// `elementSize` bytes packed from `offset`.
cl_int bufferLayout(const MemObject &buffer, size_t offset, const size_t region[3],
                    size_t elementSize, rt::RectLayout &out, const char *entry) {
  size_t origin[3] = {offset, 0, 0};
  size_t bytes[3] = {region[0] * elementSize, region[1], region[2]};
  return resolveRect(origin, bytes, 0, 0, buffer.size(), out, "buffer", entry);
}

/// clEnqueueCopyImageToBuffer (`toBuffer`) and clEnqueueCopyBufferToImage:
/// the image's region packed in the buffer from `offset`.
cl_int enqueueImageBufferCopy(cl_command_queue command_queue, cl_mem imageHandle,
                              cl_mem bufferHandle, bool toBuffer, const size_t *origin,
                              const size_t *region, size_t offset, cl_uint numEvents,
                              const cl_event *waitList, cl_event *event, const char *entry) {
  const char *side = toBuffer ? "src_" : "dst_";
  CommandQueue *q;
  MemObject *image, *buffer;
  // The source is resolved first, as the spec lists the arguments.
  if (toBuffer) {
    if (cl_int err = resolveQueueImage(command_queue, numEvents, waitList, imageHandle, q, image,
                                       "src_image", entry))
      return err;
    if (cl_int err = resolveBuffer(*q, bufferHandle, buffer, entry))
      return err;
  } else {
    if (cl_int err = resolveQueue(command_queue, numEvents, waitList, q, entry))
      return err;
    if (cl_int err = resolveBuffer(*q, bufferHandle, buffer, entry))
      return err;
    if (cl_int err = resolveImage(*q, imageHandle, image, "dst_image", entry))
      return err;
  }
  const ImageDesc &d = image->image();
  if (cl_int err = checkImageRegion(d, origin, region, side, entry))
    return err;
  rt::RectLayout inBuffer{};
  if (cl_int err = bufferLayout(*buffer, offset, region, d.elementSize, inBuffer, entry))
    return err;
  rt::RectLayout inImage = imageLayout(d, origin);
  return toBuffer
             ? enqueueRectCopy(*q, CL_COMMAND_COPY_IMAGE_TO_BUFFER, image, inImage, buffer,
                               inBuffer, byteRegion(d, region), numEvents, waitList, event, entry)
             : enqueueRectCopy(*q, CL_COMMAND_COPY_BUFFER_TO_IMAGE, buffer, inBuffer, image,
                               inImage, byteRegion(d, region), numEvents, waitList, event, entry);
}

} // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(
    cl_command_queue command_queue, cl_mem image, cl_bool blocking_read, const size_t *origin,
    const size_t *region, size_t row_pitch, size_t slice_pitch, void *ptr,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return enqueueHostImage(command_queue, image, true, blocking_read, origin, region, row_pitch,
                          slice_pitch, ptr, num_events_in_wait_list, event_wait_list, event,
                          __func__);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(
    cl_command_queue command_queue, cl_mem image, cl_bool blocking_write, const size_t *origin,
    const size_t *region, size_t input_row_pitch, size_t input_slice_pitch, const void *ptr,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return enqueueHostImage(command_queue, image, false, blocking_write, origin, region,
                          input_row_pitch, input_slice_pitch, const_cast<void *>(ptr),
                          num_events_in_wait_list, event_wait_list, event, __func__);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue command_queue, cl_mem src_image,
                                                   cl_mem dst_image, const size_t *src_origin,
                                                   const size_t *dst_origin, const size_t *region,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  const char *entry = __func__;
  CommandQueue *q;
  MemObject *src, *dst;
  if (cl_int err = resolveQueueImage(command_queue, num_events_in_wait_list, event_wait_list,
                                     src_image, q, src, "src_image", entry))
    return err;
  if (cl_int err = resolveImage(*q, dst_image, dst, "dst_image", entry))
    return err;
  const ImageDesc &s = src->image(), &d = dst->image();
  if (s.format.image_channel_order != d.format.image_channel_order ||
      s.format.image_channel_data_type != d.format.image_channel_data_type)
    return apiError(entry, CL_IMAGE_FORMAT_MISMATCH,
                    "src_image's format (0x%x, 0x%x) is not dst_image's (0x%x, 0x%x)",
                    s.format.image_channel_order, s.format.image_channel_data_type,
                    d.format.image_channel_order, d.format.image_channel_data_type);
  if (cl_int err = checkImageRegion(s, src_origin, region, "src_", entry))
    return err;
  if (cl_int err = checkImageRegion(d, dst_origin, region, "dst_", entry))
    return err;
  if (src == dst && overlaps(src_origin, dst_origin, region))
    return apiError(entry, CL_MEM_COPY_OVERLAP, "the source and destination regions overlap");
  return enqueueRectCopy(*q, CL_COMMAND_COPY_IMAGE, src, imageLayout(s, src_origin), dst,
                         imageLayout(d, dst_origin), byteRegion(s, region), num_events_in_wait_list,
                         event_wait_list, event, entry);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(
    cl_command_queue command_queue, cl_mem src_image, cl_mem dst_buffer, const size_t *src_origin,
    const size_t *region, size_t dst_offset, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return enqueueImageBufferCopy(command_queue, src_image, dst_buffer, true, src_origin, region,
                                dst_offset, num_events_in_wait_list, event_wait_list, event,
                                __func__);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_image, size_t src_offset,
    const size_t *dst_origin, const size_t *region, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return enqueueImageBufferCopy(command_queue, dst_image, src_buffer, false, dst_origin, region,
                                src_offset, num_events_in_wait_list, event_wait_list, event,
                                __func__);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue command_queue, cl_mem image,
                                                   const void *fill_color, const size_t *origin,
                                                   const size_t *region,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  const char *entry = __func__;
  CommandQueue *q;
  MemObject *mem;
  if (cl_int err = resolveQueueImage(command_queue, num_events_in_wait_list, event_wait_list, image,
                                     q, mem, "image", entry))
    return err;
  if (!fill_color)
    return apiError(entry, CL_INVALID_VALUE, "fill_color is NULL");
  const ImageDesc &d = mem->image();
  if (cl_int err = checkImageRegion(d, origin, region, "", entry))
    return err;
  return guarded([&] {
    // The color as the image stores it (float, int or uint four-vector
    // per the channel type), one pixel repeated along each row.
    std::array<unsigned char, 16> pixel = {};
    rt::packColor({rt::ChannelOrder(d.format.image_channel_order),
                   rt::ChannelType(d.format.image_channel_data_type)},
                  fill_color, pixel.data());
    Ref<MemObject> keep(mem);
    rt::RectLayout layout = imageLayout(d, origin);
    std::array<size_t, 3> r = {region[0], region[1], region[2]};
    const size_t elementSize = d.elementSize;
    Event *e = q->enqueue(
        CL_COMMAND_FILL_IMAGE,
        [=] {
          for (size_t z = 0; z < r[2]; ++z)
            for (size_t y = 0; y < r[1]; ++y) {
              char *row = keep->data() + (layout.origin[2] + z) * layout.slicePitch +
                          (layout.origin[1] + y) * layout.rowPitch + layout.origin[0];
              rt::fillPattern(row, r[0] * elementSize, pixel.data(), elementSize);
            }
          return CL_SUCCESS;
        },
        num_events_in_wait_list, event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(cl_command_queue command_queue, cl_mem image,
                                                 cl_bool blocking_map, cl_map_flags map_flags,
                                                 const size_t *origin, const size_t *region,
                                                 size_t *image_row_pitch, size_t *image_slice_pitch,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event,
                                                 cl_int *errcode_ret) {
  const char *entry = __func__;
  auto fail = [&](cl_int code) { return withError<void>(errcode_ret, code); };
  CommandQueue *q;
  MemObject *mem;
  if (cl_int err = resolveQueueImage(command_queue, num_events_in_wait_list, event_wait_list, image,
                                     q, mem, "image", entry))
    return fail(err);
  const ImageDesc &d = mem->image();
  if (cl_int err = checkImageRegion(d, origin, region, "", entry))
    return fail(err);
  if (cl_int err = checkMapFlags(*mem, map_flags, "image", entry))
    return fail(err);
  const bool layered = d.type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                       d.type == CL_MEM_OBJECT_IMAGE2D_ARRAY || d.type == CL_MEM_OBJECT_IMAGE3D;
  if (!image_row_pitch || (layered && !image_slice_pitch))
    return fail(apiError(entry, CL_INVALID_VALUE,
                         "image_row_pitch is NULL, or image_slice_pitch is NULL for image type "
                         "0x%x",
                         d.type));
  try {
    // Zero-copy, as for buffers: the pointer is into the image's storage.
    Event *e = q->enqueue(CL_COMMAND_MAP_IMAGE, nullptr, num_events_in_wait_list, event_wait_list);
    if (cl_int err = completeEnqueue(e, event, blocking_map))
      return fail(err);
    *image_row_pitch = d.rowPitch;
    if (image_slice_pitch)
      // A 1D array's layers are its rows.
      *image_slice_pitch = d.type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? d.rowPitch
                           : layered                             ? d.slicePitch
                                                                 : 0;
    rt::RectLayout at = imageLayout(d, origin);
    return withError<void>(errcode_ret, CL_SUCCESS,
                           mem->addMapping(at.offset(), mem->size() - at.offset()));
  } catch (const std::bad_alloc &) {
    return fail(caught(entry, CL_OUT_OF_HOST_MEMORY, "out of host memory"));
  }
}

} // extern "C"
