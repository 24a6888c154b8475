// The ICD face of CoreCL: the dispatch table every handle carries,
// clIcdGetPlatformIDsKHR, and the extension-function lookup.
#include "src/objects/command_buffer.h"
#include "src/objects/object.h"
#include "src/objects/platform.h"

#include <cstring>
#include <tuple>
#include <type_traits>

using namespace corecl;

namespace {

/// Fills a dispatch slot of an extension CoreCL does not support (GL, D3D,
/// DX9, EGL sharing, cl_ext_device_fission): the call fails cleanly with
/// CL_INVALID_OPERATION, through errcode_ret for functions that return an
/// object.
template <class Fn> struct Unsupported;
template <class R, class... Args> struct Unsupported<R(CL_API_CALL *)(Args...)> {
  static R CL_API_CALL call(Args... args) {
    if constexpr (sizeof...(Args) > 0) {
      using Last = std::tuple_element_t<sizeof...(Args) - 1, std::tuple<Args...>>;
      if constexpr (std::is_same_v<Last, cl_int *>) {
        if (Last err = std::get<sizeof...(Args) - 1>(std::tie(args...)))
          *err = CL_INVALID_OPERATION;
      }
    }
    if constexpr (std::is_same_v<R, cl_int>)
      return CL_INVALID_OPERATION;
    else if constexpr (!std::is_void_v<R>)
      return R{};
  }
};

/// Slots the headers declare as plain void* (their extension's header was
/// not included): nothing can call them through a typed pointer of ours.
template <> struct Unsupported<void *> {
  static cl_int CL_API_CALL invalid() { return CL_INVALID_OPERATION; }
  static inline void *const call = reinterpret_cast<void *>(&invalid);
};

template <class Fn> void fillUnsupported(Fn &slot) {
  if (slot)
    return;
  if constexpr (std::is_same_v<Fn, void *>)
    slot = Unsupported<void *>::call;
  else
    slot = &Unsupported<Fn>::call;
}

cl_icd_dispatch makeDispatchTable() {
  cl_icd_dispatch d;
  std::memset(&d, 0, sizeof d);
#define CORECL_ENTRY(name) d.name = &name;
#include "icd/entry_points.def"
#undef CORECL_ENTRY
  // Every remaining slot belongs to an extension CoreCL does not report.
  fillUnsupported(d.clCreateFromGLBuffer);
  fillUnsupported(d.clCreateFromGLTexture2D);
  fillUnsupported(d.clCreateFromGLTexture3D);
  fillUnsupported(d.clCreateFromGLRenderbuffer);
  fillUnsupported(d.clGetGLObjectInfo);
  fillUnsupported(d.clGetGLTextureInfo);
  fillUnsupported(d.clEnqueueAcquireGLObjects);
  fillUnsupported(d.clEnqueueReleaseGLObjects);
  fillUnsupported(d.clGetGLContextInfoKHR);
  fillUnsupported(d.clGetDeviceIDsFromD3D10KHR);
  fillUnsupported(d.clCreateFromD3D10BufferKHR);
  fillUnsupported(d.clCreateFromD3D10Texture2DKHR);
  fillUnsupported(d.clCreateFromD3D10Texture3DKHR);
  fillUnsupported(d.clEnqueueAcquireD3D10ObjectsKHR);
  fillUnsupported(d.clEnqueueReleaseD3D10ObjectsKHR);
  fillUnsupported(d.clCreateSubDevicesEXT);
  fillUnsupported(d.clRetainDeviceEXT);
  fillUnsupported(d.clReleaseDeviceEXT);
  fillUnsupported(d.clCreateEventFromGLsyncKHR);
  fillUnsupported(d.clCreateFromGLTexture);
  fillUnsupported(d.clGetDeviceIDsFromD3D11KHR);
  fillUnsupported(d.clCreateFromD3D11BufferKHR);
  fillUnsupported(d.clCreateFromD3D11Texture2DKHR);
  fillUnsupported(d.clCreateFromD3D11Texture3DKHR);
  fillUnsupported(d.clCreateFromDX9MediaSurfaceKHR);
  fillUnsupported(d.clEnqueueAcquireD3D11ObjectsKHR);
  fillUnsupported(d.clEnqueueReleaseD3D11ObjectsKHR);
  fillUnsupported(d.clGetDeviceIDsFromDX9MediaAdapterKHR);
  fillUnsupported(d.clEnqueueAcquireDX9MediaSurfacesKHR);
  fillUnsupported(d.clEnqueueReleaseDX9MediaSurfacesKHR);
  fillUnsupported(d.clCreateFromEGLImageKHR);
  fillUnsupported(d.clEnqueueAcquireEGLObjectsKHR);
  fillUnsupported(d.clEnqueueReleaseEGLObjectsKHR);
  fillUnsupported(d.clCreateEventFromEGLSyncKHR);
  fillUnsupported(d.clGetKernelSubGroupInfoKHR);
  return d;
}

struct ExtensionFunction {
  const char *name;
  void *address;
};

} // namespace

const cl_icd_dispatch *corecl::dispatchTable() {
  static const cl_icd_dispatch table = makeDispatchTable();
  return &table;
}

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                       cl_platform_id *platforms,
                                                       cl_uint *num_platforms) {
  return clGetPlatformIDs(num_entries, platforms, num_platforms);
}

CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name) {
  // Only extension functions are found here; core functions are not, as
  // the specification requires.
  static const ExtensionFunction table[] = {
      {"clIcdGetPlatformIDsKHR", reinterpret_cast<void *>(&clIcdGetPlatformIDsKHR)},
      {"clCreateProgramWithILKHR", reinterpret_cast<void *>(&clCreateProgramWithILKHR)},
  };
  if (!func_name)
    return nullptr;
  for (const ExtensionFunction &f : table)
    if (std::strcmp(f.name, func_name) == 0)
      return f.address;
  return commandBufferFunction(func_name);
}

CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
                                                                        const char *func_name) {
  if (!Platform::fromHandle(platform))
    return nullptr;
  return clGetExtensionFunctionAddress(func_name);
}

} // extern "C"
