// Programs: creation, building with CoreCL's compiler, queries.
#include "src/objects/program.h"
#include "compiler/binary_format.h"
#include "src/api_util.h"
#include "src/objects/platform.h"

#include <algorithm>
#include <cstring>
#include <optional>

using namespace corecl;

namespace {

/// Resolves an application's device list: every handle must be a device
/// among `allowed` (the context's or the program's), else CL_INVALID_DEVICE.
cl_int resolveDevices(const std::vector<Device *> &allowed, cl_uint num_devices,
                      const cl_device_id *list, std::vector<Device *> &devices) {
  for (cl_uint i = 0; i < num_devices; ++i) {
    Device *d = Device::fromHandle(list[i]);
    if (!d || std::find(allowed.begin(), allowed.end(), d) == allowed.end())
      return CL_INVALID_DEVICE;
    devices.push_back(d);
  }
  return CL_SUCCESS;
}

/// The device list of a build or compile call, checked against the program.
cl_int checkDeviceList(const Program &p, cl_uint num_devices, const cl_device_id *list,
                       std::vector<Device *> &devices) {
  if ((num_devices == 0) != (list == nullptr))
    return CL_INVALID_VALUE;
  return resolveDevices(p.devices(), num_devices, list, devices);
}

// Entry points that allocate while they check their arguments (device
// lists, headers, memory lists): each runs whole inside its exception
// guard, so a bad_alloc there is CL_OUT_OF_HOST_MEMORY, never an
// exception escaping into the application.
cl_program createProgramWithBinaryBody(cl_context context, cl_uint num_devices,
                                       const cl_device_id *device_list, const size_t *lengths,
                                       const unsigned char **binaries, cl_int *binary_status,
                                       cl_int *errcode_ret) {
  Context *c = Context::fromHandle(context);
  if (!c)
    return withError<_cl_program>(errcode_ret, CL_INVALID_CONTEXT);
  if (num_devices == 0 || !device_list)
    return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
  std::vector<Device *> devices;
  if (cl_int err = resolveDevices(c->devices(), num_devices, device_list, devices))
    return withError<_cl_program>(errcode_ret, err);
  if (!lengths || !binaries)
    return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
  for (cl_uint i = 0; i < num_devices; ++i)
    if (!lengths[i] || !binaries[i]) {
      if (binary_status)
        for (cl_uint j = 0; j < num_devices; ++j)
          binary_status[j] = j == i ? CL_INVALID_VALUE : CL_SUCCESS;
      return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
    }
  return guardedCreate(errcode_ret, [&]() -> cl_program {
    // Every device gets the same code, so the first valid binary is used;
    // each one is still checked and reported on its own.
    std::optional<compiler::ProgramBinary> chosen;
    bool allValid = true;
    for (cl_uint i = 0; i < num_devices; ++i) {
      auto decoded = compiler::decodeBinary(binaries[i], lengths[i]);
      if (binary_status)
        binary_status[i] = decoded ? CL_SUCCESS : CL_INVALID_BINARY;
      allValid &= decoded.has_value();
      if (decoded && !chosen)
        chosen = std::move(decoded);
    }
    if (!allValid)
      return withError<_cl_program>(errcode_ret, CL_INVALID_BINARY);
    auto *p = new Program(*c, devices);
    cl_program_binary_type type = chosen->kind == compiler::BinaryKind::CompiledObject
                                      ? CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
                                  : chosen->kind == compiler::BinaryKind::Library
                                      ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                                      : CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    p->setBinary(type, std::move(chosen->bitcode), chosen->options);
    return withError(errcode_ret, CL_SUCCESS, p->handle());
  });
}

cl_program createProgramWithBuiltInKernelsBody(cl_context context, cl_uint num_devices,
                                               const cl_device_id *device_list,
                                               const char *kernel_names, cl_int *errcode_ret) {
  Context *c = Context::fromHandle(context);
  if (!c)
    return withError<_cl_program>(errcode_ret, CL_INVALID_CONTEXT);
  if (num_devices == 0 || !device_list || !kernel_names)
    return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
  std::vector<Device *> devices;
  if (cl_int err = resolveDevices(c->devices(), num_devices, device_list, devices))
    return withError<_cl_program>(errcode_ret, err);
  // CoreCL devices have no built-in kernels (CL_DEVICE_BUILT_IN_KERNELS "").
  return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
}

cl_int buildProgramBody(cl_program program, cl_uint num_devices, const cl_device_id *device_list,
                        const char *options, void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                        void *user_data) {
  Program *p = Program::fromHandle(program);
  if (!p)
    return CL_INVALID_PROGRAM;
  std::vector<Device *> devices;
  if (cl_int err = checkDeviceList(*p, num_devices, device_list, devices))
    return err;
  if (!pfn_notify && user_data)
    return CL_INVALID_VALUE;
  return guarded([&] {
    // The build runs to completion here; with a callback the spec lets it
    // return early, but finishing first is equally valid and simpler to use.
    cl_int result = p->build(devices, options ? options : "");
    if (pfn_notify)
      pfn_notify(program, user_data);
    return result;
  });
}

cl_int compileProgramBody(cl_program program, cl_uint num_devices, const cl_device_id *device_list,
                          const char *options, cl_uint num_input_headers,
                          const cl_program *input_headers, const char **header_include_names,
                          void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data) {
  Program *p = Program::fromHandle(program);
  if (!p)
    return CL_INVALID_PROGRAM;
  std::vector<Device *> devices;
  if (cl_int err = checkDeviceList(*p, num_devices, device_list, devices))
    return err;
  if ((num_input_headers == 0) != (input_headers == nullptr) ||
      (num_input_headers == 0) != (header_include_names == nullptr) || (!pfn_notify && user_data))
    return CL_INVALID_VALUE;
  std::vector<compiler::HeaderFile> headers;
  for (cl_uint i = 0; i < num_input_headers; ++i) {
    Program *h = Program::fromHandle(input_headers[i]);
    if (!h || !header_include_names[i])
      return h ? CL_INVALID_VALUE : CL_INVALID_PROGRAM;
    headers.push_back({header_include_names[i], h->source()});
  }
  return guarded([&] {
    cl_int result = p->compile(devices, options ? options : "", headers);
    if (pfn_notify)
      pfn_notify(program, user_data);
    return result;
  });
}

cl_program linkProgramBody(cl_context context, cl_uint num_devices, const cl_device_id *device_list,
                           const char *options, cl_uint num_input_programs,
                           const cl_program *input_programs,
                           void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data,
                           cl_int *errcode_ret) {
  Context *c = Context::fromHandle(context);
  if (!c)
    return withError<_cl_program>(errcode_ret, CL_INVALID_CONTEXT);
  if ((num_devices == 0) != (device_list == nullptr) || num_input_programs == 0 ||
      !input_programs || (!pfn_notify && user_data))
    return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
  std::vector<Device *> devices;
  if (cl_int err = resolveDevices(c->devices(), num_devices, device_list, devices))
    return withError<_cl_program>(errcode_ret, err);
  std::vector<Program *> inputs;
  for (cl_uint i = 0; i < num_input_programs; ++i) {
    Program *in = Program::fromHandle(input_programs[i]);
    if (!in)
      return withError<_cl_program>(errcode_ret, CL_INVALID_PROGRAM);
    if (&in->context() != c)
      return withError<_cl_program>(errcode_ret, CL_INVALID_CONTEXT);
    cl_program_binary_type type = in->binaryType();
    if (type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && type != CL_PROGRAM_BINARY_TYPE_LIBRARY)
      return withError<_cl_program>(errcode_ret, CL_INVALID_OPERATION);
    inputs.push_back(in);
  }
  return guardedCreate(errcode_ret, [&]() -> cl_program {
    auto *p = new Program(*c, devices.empty() ? c->devices() : devices);
    cl_int result = p->link(inputs, options ? options : "");
    if (result == CL_INVALID_LINKER_OPTIONS) {
      p->releasePublic();
      return withError<_cl_program>(errcode_ret, result);
    }
    if (pfn_notify)
      pfn_notify(p->handle(), user_data);
    // A failed link still returns the program, so its log can be read.
    return withError(errcode_ret, result, p->handle());
  });
}

} // namespace

extern "C" {

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count,
                                                              const char **strings,
                                                              const size_t *lengths,
                                                              cl_int *errcode_ret) {
  Context *c = Context::fromHandle(context);
  if (!c)
    return withError<_cl_program>(errcode_ret, CL_INVALID_CONTEXT);
  if (count == 0 || !strings)
    return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
  for (cl_uint i = 0; i < count; ++i)
    if (!strings[i])
      return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
  return guardedCreate(errcode_ret, [&] {
    std::string source;
    for (cl_uint i = 0; i < count; ++i) {
      if (lengths && lengths[i])
        source.append(strings[i], lengths[i]);
      else
        source.append(strings[i]);
    }
    return withError(errcode_ret, CL_SUCCESS, (new Program(*c, std::move(source)))->handle());
  });
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(
    cl_context context, cl_uint num_devices, const cl_device_id *device_list, const size_t *lengths,
    const unsigned char **binaries, cl_int *binary_status, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&] {
    return createProgramWithBinaryBody(context, num_devices, device_list, lengths, binaries,
                                       binary_status, errcode_ret);
  });
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(
    cl_context context, cl_uint num_devices, const cl_device_id *device_list,
    const char *kernel_names, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&] {
    return createProgramWithBuiltInKernelsBody(context, num_devices, device_list, kernel_names,
                                               errcode_ret);
  });
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithIL(cl_context context, const void *il,
                                                          size_t length, cl_int *errcode_ret) {
  if (!Context::fromHandle(context))
    return withError<_cl_program>(errcode_ret, CL_INVALID_CONTEXT);
  if (!il || !length)
    return withError<_cl_program>(errcode_ret, CL_INVALID_VALUE);
  // No CoreCL device accepts an intermediate language (CL_DEVICE_IL_VERSION "").
  return withError<_cl_program>(errcode_ret, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainProgram(cl_program program) {
  return retainHandle<Program>(program);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseProgram(cl_program program) {
  return releaseHandle<Program>(program);
}

CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program program, cl_uint num_devices,
                                               const cl_device_id *device_list, const char *options,
                                               void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                               void *user_data) {
  return guarded([&] {
    return buildProgramBody(program, num_devices, device_list, options, pfn_notify, user_data);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clCompileProgram(
    cl_program program, cl_uint num_devices, const cl_device_id *device_list, const char *options,
    cl_uint num_input_headers, const cl_program *input_headers, const char **header_include_names,
    void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data) {
  return guarded([&] {
    return compileProgramBody(program, num_devices, device_list, options, num_input_headers,
                              input_headers, header_include_names, pfn_notify, user_data);
  });
}

CL_API_ENTRY cl_program CL_API_CALL clLinkProgram(cl_context context, cl_uint num_devices,
                                                  const cl_device_id *device_list,
                                                  const char *options, cl_uint num_input_programs,
                                                  const cl_program *input_programs,
                                                  void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                                  void *user_data, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&] {
    return linkProgramBody(context, num_devices, device_list, options, num_input_programs,
                           input_programs, pfn_notify, user_data, errcode_ret);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadCompiler(void) {
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id platform) {
  if (!Platform::fromHandle(platform))
    return CL_INVALID_PLATFORM;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramInfo(cl_program program, cl_program_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return answerInfo<Program>(program, param_value_size, param_value, param_value_size_ret,
                             [&](Program *p, auto put) -> cl_int {
                               const auto &devices = p->devices();
                               switch (param_name) {
                               case CL_PROGRAM_REFERENCE_COUNT:
                                 return put(p->publicRefCount());
                               case CL_PROGRAM_CONTEXT:
                                 return put(cl_context(p->context().handle()));
                               case CL_PROGRAM_NUM_DEVICES:
                                 return put(cl_uint(devices.size()));
                               case CL_PROGRAM_DEVICES: {
                                 std::vector<cl_device_id> ids;
                                 for (Device *d : devices)
                                   ids.push_back(d->handle());
                                 return put(ids);
                               }
                               case CL_PROGRAM_SOURCE:
                                 return put(p->hasSource() ? p->source() : std::string());
                               case CL_PROGRAM_IL:
                                 if (param_value_size_ret)
                                   *param_value_size_ret = 0; // not created from IL
                                 return CL_SUCCESS;
                               case CL_PROGRAM_BINARY_SIZES:
                                 return put(
                                     std::vector<size_t>(p->devices().size(), p->binary().size()));
                               case CL_PROGRAM_BINARIES: {
                                 // An array of the application's pointers, one per device; NULL
                                 // entries are skipped, as the spec allows.
                                 size_t bytes = p->devices().size() * sizeof(unsigned char *);
                                 if (param_value && param_value_size < bytes)
                                   return CL_INVALID_VALUE;
                                 if (param_value_size_ret)
                                   *param_value_size_ret = bytes;
                                 if (param_value) {
                                   std::string binary = p->binary();
                                   auto **targets = static_cast<unsigned char **>(param_value);
                                   for (size_t i = 0; i < p->devices().size(); ++i)
                                     if (targets[i] && !binary.empty())
                                       std::memcpy(targets[i], binary.data(), binary.size());
                                 }
                                 return CL_SUCCESS;
                               }
                               case CL_PROGRAM_NUM_KERNELS:
                               case CL_PROGRAM_KERNEL_NAMES: {
                                 auto exe = p->executable();
                                 if (!exe)
                                   return CL_INVALID_PROGRAM_EXECUTABLE;
                                 if (param_name == CL_PROGRAM_NUM_KERNELS)
                                   return put(size_t(exe->kernels().size()));
                                 std::string names;
                                 for (const auto &k : exe->kernels())
                                   names += (names.empty() ? "" : ";") + k.name;
                                 return put(names);
                               }
                               case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
                               case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
                                 return put(cl_bool(CL_FALSE));
                               default:
                                 return CL_INVALID_VALUE;
                               }
                             });
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramBuildInfo(cl_program program, cl_device_id device,
                                                      cl_program_build_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
  Program *p = Program::fromHandle(program);
  if (!p)
    return CL_INVALID_PROGRAM;
  Device *d = Device::fromHandle(device);
  if (!d || !p->context().hasDevice(d))
    return CL_INVALID_DEVICE;
  auto put = [&](auto v) {
    return writeInfo(param_value_size, param_value, param_value_size_ret, v);
  };
  Program::BuildInfo info = p->buildInfo(*d);
  switch (param_name) {
  case CL_PROGRAM_BUILD_STATUS:
    return put(info.status);
  case CL_PROGRAM_BUILD_OPTIONS:
    return put(info.options);
  case CL_PROGRAM_BUILD_LOG:
    return put(info.log);
  case CL_PROGRAM_BINARY_TYPE:
    return put(p->binaryType());
  case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
    return put(size_t(0));
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramReleaseCallback(cl_program program,
                                                            void(CL_CALLBACK *)(cl_program, void *),
                                                            void *) {
  if (!Program::fromHandle(program))
    return CL_INVALID_PROGRAM;
  // No CoreCL device supports program-scope global destructors.
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program program, cl_uint,
                                                                   size_t, const void *) {
  if (!Program::fromHandle(program))
    return CL_INVALID_PROGRAM;
  // Specialization constants belong to IL programs, which CoreCL does not take.
  return CL_INVALID_OPERATION;
}

} // extern "C"
