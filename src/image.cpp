// Images. CoreCL reports CL_DEVICE_IMAGE_SUPPORT = CL_FALSE for now, so no
// image can be created: creation returns CL_INVALID_OPERATION (the spec's
// code when no device in the context supports images), queries list no
// formats, and image commands reject every cl_mem as not an image.
#include "src/api_util.h"
#include "src/enqueue_util.h"

using namespace corecl;

extern "C" {

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags,
                                              const cl_image_format *, const cl_image_desc *,
                                              void *, cl_int *errcode_ret) {
  return unsupportedCreate<Context, _cl_mem>(errcode_ret, context, "images");
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context,
                                                            const cl_mem_properties *,
                                                            cl_mem_flags, const cl_image_format *,
                                                            const cl_image_desc *, void *,
                                                            cl_int *errcode_ret) {
  return unsupportedCreate<Context, _cl_mem>(errcode_ret, context, "images");
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags,
                                                const cl_image_format *, size_t, size_t, size_t,
                                                void *, cl_int *errcode_ret) {
  return unsupportedCreate<Context, _cl_mem>(errcode_ret, context, "images");
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags,
                                                const cl_image_format *, size_t, size_t, size_t,
                                                size_t, size_t, void *, cl_int *errcode_ret) {
  return unsupportedCreate<Context, _cl_mem>(errcode_ret, context, "images");
}

CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                                           cl_mem_object_type image_type,
                                                           cl_uint num_entries,
                                                           cl_image_format *image_formats,
                                                           cl_uint *num_image_formats) {
  if (cl_int err = checkLive<Context>(context))
    return err;
  switch (image_type) {
  case CL_MEM_OBJECT_IMAGE1D:
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
  case CL_MEM_OBJECT_IMAGE2D:
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
  case CL_MEM_OBJECT_IMAGE3D: break;
  default:
    return apiError(__func__, CL_INVALID_VALUE, "image_type 0x%x is not an image type", image_type);
  }
  if (num_entries == 0 && image_formats)
    return apiError(__func__, CL_INVALID_VALUE, "num_entries is 0 but image_formats is not NULL");
  // No device of the context supports images: the list is empty.
  if (num_image_formats)
    *num_image_formats = 0;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem image, cl_image_info, size_t, void *,
                                               size_t *) {
  return neverLive(__func__, CL_INVALID_MEM_OBJECT, image, "image");
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue q, cl_mem, cl_bool,
                                                   const size_t *, const size_t *, size_t, size_t,
                                                   void *, cl_uint n, const cl_event *w,
                                                   cl_event *) {
  return refuseCommand(q, n, w, kNoImages);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(cl_command_queue q, cl_mem, cl_bool,
                                                    const size_t *, const size_t *, size_t,
                                                    size_t, const void *, cl_uint n,
                                                    const cl_event *w, cl_event *) {
  return refuseCommand(q, n, w, kNoImages);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue q, cl_mem, cl_mem,
                                                   const size_t *, const size_t *, const size_t *,
                                                   cl_uint n, const cl_event *w, cl_event *) {
  return refuseCommand(q, n, w, kNoImages);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(cl_command_queue q, cl_mem, cl_mem,
                                                           const size_t *, const size_t *, size_t,
                                                           cl_uint n, const cl_event *w,
                                                           cl_event *) {
  return refuseCommand(q, n, w, kNoImages);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(cl_command_queue q, cl_mem, cl_mem,
                                                           size_t, const size_t *,
                                                           const size_t *, cl_uint n,
                                                           const cl_event *w, cl_event *) {
  return refuseCommand(q, n, w, kNoImages);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue q, cl_mem, const void *,
                                                   const size_t *, const size_t *, cl_uint n,
                                                   const cl_event *w, cl_event *) {
  return refuseCommand(q, n, w, kNoImages);
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(cl_command_queue q, cl_mem, cl_bool, cl_map_flags,
                                                 const size_t *, const size_t *, size_t *,
                                                 size_t *, cl_uint n, const cl_event *w,
                                                 cl_event *, cl_int *errcode_ret) {
  return withError<void>(errcode_ret, refuseCommand(q, n, w, kNoImages, __func__));
}

} // extern "C"
