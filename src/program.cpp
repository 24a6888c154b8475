// Programs: creation, building with CoreCL's compiler, queries.
#include "src/objects/program.h"
#include "compiler/binary_format.h"
#include "src/info_util.h"
#include "src/objects/platform.h"

#include <algorithm>
#include <cstring>
#include <optional>

using namespace corecl;

namespace {

/// Resolves an application's device list: every handle must be a device
/// among `allowed` (the context's or the program's), else CL_INVALID_DEVICE.
cl_int resolveDevices(const std::vector<Device *> &allowed, cl_uint num_devices,
                      const cl_device_id *list, std::vector<Device *> &devices,
                      const char *allowedName, const char *entry) {
  for (cl_uint i = 0; i < num_devices; ++i) {
    Device *d = Device::fromHandle(list[i]);
    if (!d || std::find(allowed.begin(), allowed.end(), d) == allowed.end())
      return apiError(entry, CL_INVALID_DEVICE, "device_list[%u] %p is not one of the %s's devices",
                      i, static_cast<const void *>(list[i]), allowedName);
    devices.push_back(d);
  }
  return CL_SUCCESS;
}

/// num_devices and device_list: both given or neither (`required`: both).
cl_int checkDeviceCount(cl_uint num_devices, const cl_device_id *list, bool required,
                        const char *entry) {
  if ((num_devices == 0) != (list == nullptr) || (required && num_devices == 0))
    return apiError(entry, CL_INVALID_VALUE, "num_devices is %u and device_list is %s", num_devices,
                    list ? "not NULL" : "NULL");
  return CL_SUCCESS;
}

/// The opening of the entry points that make a program for a context:
/// the context, then num_devices and device_list (both given, or with
/// `required` false, neither).
cl_int resolveContextFor(cl_context context, cl_uint num_devices, const cl_device_id *list,
                         bool required, Context *&c, const char *entry) {
  if (cl_int err = resolve(context, c, entry))
    return err;
  return checkDeviceCount(num_devices, list, required, entry);
}

/// The opening of a build or compile call: the program, then its device
/// list, then the callback and its data.
cl_int resolveBuild(cl_program program, cl_uint num_devices, const cl_device_id *list,
                    bool userDataWithoutCallback, Program *&p, std::vector<Device *> &devices,
                    const char *entry) {
  if (cl_int err = resolve(program, p, entry))
    return err;
  if (cl_int err = checkDeviceCount(num_devices, list, false, entry))
    return err;
  if (cl_int err = resolveDevices(p->devices(), num_devices, list, devices, "program", entry))
    return err;
  return userDataWithoutCallback ? noCallbackForUserData(entry) : CL_SUCCESS;
}

// Entry points that allocate while they check their arguments (device
// lists, headers, memory lists): each runs whole inside its exception
// guard, so a bad_alloc there is CL_OUT_OF_HOST_MEMORY, never an
// exception escaping into the application.
cl_program createProgramWithBinaryBody(cl_context context, cl_uint num_devices,
                                       const cl_device_id *device_list, const size_t *lengths,
                                       const unsigned char **binaries, cl_int *binary_status,
                                       cl_int *errcode_ret) {
  const char *entry = "clCreateProgramWithBinary";
  auto fail = [&](cl_int code) { return withError<_cl_program>(errcode_ret, code); };
  Context *c;
  if (cl_int err = resolveContextFor(context, num_devices, device_list, true, c, entry))
    return fail(err);
  std::vector<Device *> devices;
  if (cl_int err =
          resolveDevices(c->devices(), num_devices, device_list, devices, "context", entry))
    return fail(err);
  if (!lengths || !binaries)
    return fail(apiError(entry, CL_INVALID_VALUE, "%s is NULL", lengths ? "binaries" : "lengths"));
  for (cl_uint i = 0; i < num_devices; ++i)
    if (!lengths[i] || !binaries[i]) {
      if (binary_status)
        for (cl_uint j = 0; j < num_devices; ++j)
          binary_status[j] = j == i ? CL_INVALID_VALUE : CL_SUCCESS;
      return fail(apiError(entry, CL_INVALID_VALUE, "%s[%u] is %s",
                           lengths[i] ? "binaries" : "lengths", i, lengths[i] ? "NULL" : "0"));
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
      return fail(apiError(entry, CL_INVALID_BINARY,
                           "a binary is not one CoreCL made (see binary_status)"));
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
  const char *entry = "clCreateProgramWithBuiltInKernels";
  auto fail = [&](cl_int code) { return withError<_cl_program>(errcode_ret, code); };
  Context *c;
  if (cl_int err = resolveContextFor(context, num_devices, device_list, true, c, entry))
    return fail(err);
  if (!kernel_names)
    return fail(apiError(entry, CL_INVALID_VALUE, "kernel_names is NULL"));
  std::vector<Device *> devices;
  if (cl_int err =
          resolveDevices(c->devices(), num_devices, device_list, devices, "context", entry))
    return fail(err);
  // CoreCL devices have no built-in kernels (CL_DEVICE_BUILT_IN_KERNELS "").
  return fail(apiError(entry, CL_INVALID_VALUE, "no CoreCL device has a built-in kernel (\"%s\")",
                       kernel_names));
}

cl_int buildProgramBody(cl_program program, cl_uint num_devices, const cl_device_id *device_list,
                        const char *options, void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                        void *user_data) {
  const char *entry = "clBuildProgram";
  Program *p;
  std::vector<Device *> devices;
  if (cl_int err = resolveBuild(program, num_devices, device_list, !pfn_notify && user_data, p,
                                devices, entry))
    return err;
  return guarded([&] {
    // The build runs to completion here; with a callback the spec lets it
    // return early, but finishing first is equally valid and simpler to use.
    cl_int result = p->build(devices, options ? options : "", entry);
    if (pfn_notify)
      pfn_notify(program, user_data);
    return result;
  });
}

cl_int compileProgramBody(cl_program program, cl_uint num_devices, const cl_device_id *device_list,
                          const char *options, cl_uint num_input_headers,
                          const cl_program *input_headers, const char **header_include_names,
                          void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data) {
  const char *entry = "clCompileProgram";
  Program *p;
  std::vector<Device *> devices;
  if (cl_int err = resolveBuild(program, num_devices, device_list, !pfn_notify && user_data, p,
                                devices, entry))
    return err;
  if ((num_input_headers == 0) != (input_headers == nullptr) ||
      (num_input_headers == 0) != (header_include_names == nullptr))
    return apiError(entry, CL_INVALID_VALUE,
                    "num_input_headers is %u but input_headers is %s and header_include_names %s",
                    num_input_headers, input_headers ? "not NULL" : "NULL",
                    header_include_names ? "not NULL" : "NULL");
  std::vector<compiler::HeaderFile> headers;
  for (cl_uint i = 0; i < num_input_headers; ++i) {
    Program *h;
    if (cl_int err = resolve(input_headers[i], h, entry))
      return err;
    if (!header_include_names[i])
      return apiError(entry, CL_INVALID_VALUE, "header_include_names[%u] is NULL", i);
    headers.push_back({header_include_names[i], h->source()});
  }
  return guarded([&] {
    cl_int result = p->compile(devices, options ? options : "", headers, entry);
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
  const char *entry = "clLinkProgram";
  auto fail = [&](cl_int code) { return withError<_cl_program>(errcode_ret, code); };
  Context *c;
  if (cl_int err = resolveContextFor(context, num_devices, device_list, false, c, entry))
    return fail(err);
  if (num_input_programs == 0 || !input_programs)
    return fail(apiError(entry, CL_INVALID_VALUE,
                         "num_input_programs is %u and input_programs is %s", num_input_programs,
                         input_programs ? "not NULL" : "NULL"));
  if (!pfn_notify && user_data)
    return fail(noCallbackForUserData(entry));
  std::vector<Device *> devices;
  if (cl_int err =
          resolveDevices(c->devices(), num_devices, device_list, devices, "context", entry))
    return fail(err);
  std::vector<Program *> inputs;
  for (cl_uint i = 0; i < num_input_programs; ++i) {
    Program *in;
    if (cl_int err = resolve(input_programs[i], in, entry))
      return fail(err);
    if (&in->context() != c)
      return fail(
          apiError(entry, CL_INVALID_CONTEXT, "input_programs[%u] is of another context", i));
    cl_program_binary_type type = in->binaryType();
    if (type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && type != CL_PROGRAM_BINARY_TYPE_LIBRARY)
      return fail(apiError(entry, CL_INVALID_OPERATION,
                           "input_programs[%u] is neither a compiled object nor a library", i));
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

/// The build a clGetProgramBuildInfo asks about: the program's, for a
/// device of its context.
cl_int resolveBuildOf(cl_program program, cl_device_id device, Program *&p, Device *&d,
                      const char *entry) {
  if (cl_int err = resolve(program, p, entry))
    return err;
  if (cl_int err = resolve(device, d, entry))
    return err;
  if (!p->context().hasDevice(d))
    return apiError(entry, CL_INVALID_DEVICE, "the device is not one of the program's context");
  return CL_SUCCESS;
}

} // namespace

extern "C" {

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count,
                                                              const char **strings,
                                                              const size_t *lengths,
                                                              cl_int *errcode_ret) {
  Context *c;
  if (cl_int err = resolve(context, c))
    return withError<_cl_program>(errcode_ret, err);
  if (count == 0 || !strings)
    return withError<_cl_program>(errcode_ret, apiError(__func__, CL_INVALID_VALUE,
                                                        "count is %u and strings is %s", count,
                                                        strings ? "not NULL" : "NULL"));
  for (cl_uint i = 0; i < count; ++i)
    if (!strings[i])
      return withError<_cl_program>(errcode_ret,
                                    apiError(__func__, CL_INVALID_VALUE, "strings[%u] is NULL", i));
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
  if (cl_int err = checkLive<Context>(context))
    return withError<_cl_program>(errcode_ret, err);
  if (!il || !length)
    return withError<_cl_program>(errcode_ret,
                                  apiError(__func__, CL_INVALID_VALUE, "il is %s and length is %zu",
                                           il ? "not NULL" : "NULL", length));
  if (!compiler::spirvToolsAvailable())
    return withError<_cl_program>(
        errcode_ret, apiError(__func__, CL_INVALID_OPERATION,
                              "no device takes SPIR-V: llvm-spirv-15 or spirv-val is not "
                              "installed (CL_DEVICE_IL_VERSION is empty)"));
  return guardedCreate(errcode_ret, [&]() -> cl_program {
    std::string bytes(static_cast<const char *>(il), length);
    std::string why;
    std::optional<compiler::SpirvModuleInfo> info =
        compiler::inspectSpirv(bytes, /*validate=*/true, why);
    if (!info)
      return withError<_cl_program>(
          errcode_ret, apiError("clCreateProgramWithIL", CL_INVALID_VALUE, "%s", why.c_str()));
    Context *c = Context::fromHandle(context);
    auto *p = new Program(*c, std::move(bytes), std::move(*info));
    return withError(errcode_ret, CL_SUCCESS, p->handle());
  });
}

/// cl_khr_il_program's name for clCreateProgramWithIL.
CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithILKHR(cl_context context, const void *il,
                                                             size_t length, cl_int *errcode_ret) {
  return clCreateProgramWithIL(context, il, length, errcode_ret);
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
  return checkLive<Platform>(platform);
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramInfo(cl_program program, cl_program_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return answerInfo<Program>(program, param_name, param_value_size, param_value,
                             param_value_size_ret, [&](Program *p, auto put) -> cl_int {
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
                                 if (!p->fromIl()) {
                                   if (put.sizeRet)
                                     *put.sizeRet = 0; // not created from IL
                                   return CL_SUCCESS;
                                 }
                                 return put(p->il().data(), p->il().size());
                               case CL_PROGRAM_BINARY_SIZES:
                                 return put(
                                     std::vector<size_t>(p->devices().size(), p->binary().size()));
                               case CL_PROGRAM_BINARIES: {
                                 // An array of the application's pointers, one per device; NULL
                                 // entries are skipped, as the spec allows.
                                 size_t bytes = p->devices().size() * sizeof(unsigned char *);
                                 if (put.value && put.size < bytes)
                                   return CL_INVALID_VALUE;
                                 if (put.sizeRet)
                                   *put.sizeRet = bytes;
                                 if (put.value) {
                                   std::string binary = p->binary();
                                   auto **targets = static_cast<unsigned char **>(put.value);
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
                                   return noExecutable("clGetProgramInfo");
                                 // Block kernels (device-side enqueue)
                                 // are the runtime's, not listed.
                                 size_t count = 0;
                                 std::string names;
                                 for (const auto &k : exe->kernels())
                                   if (!k.blockKernel) {
                                     ++count;
                                     names += (names.empty() ? "" : ";") + k.name;
                                   }
                                 if (param_name == CL_PROGRAM_NUM_KERNELS)
                                   return put(count);
                                 return put(names);
                               }
                               case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT: {
                                 auto exe = p->executable();
                                 if (!exe)
                                   return noExecutable("clGetProgramInfo");
                                 return put(cl_bool(p->hasConstructors() ? CL_TRUE : CL_FALSE));
                               }
                               case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
                                 if (!p->executable())
                                   return noExecutable("clGetProgramInfo");
                                 // Not run (program_constructors.h says why).
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
  Program *p;
  Device *d;
  if (cl_int err = resolveBuildOf(program, device, p, d, __func__))
    return err;
  return answerQuery(__func__, param_name, param_value_size, param_value, param_value_size_ret,
                     [&](InfoBuffer put) -> cl_int {
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
                         return put(size_t(info.status == CL_BUILD_SUCCESS && p->executable()
                                               ? p->globalVariableBytes()
                                               : 0));
                       default:
                         return CL_INVALID_VALUE;
                       }
                     });
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramReleaseCallback(cl_program program,
                                                            void(CL_CALLBACK *)(cl_program, void *),
                                                            void *) {
  return unsupported<Program>(program, "program-scope global destructors");
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program program,
                                                                   cl_uint spec_id,
                                                                   size_t spec_size,
                                                                   const void *spec_value) {
  Program *p;
  if (cl_int err = resolve(program, p, __func__))
    return err;
  return guarded(
      [&, entry = __func__] { return p->setSpecConstant(spec_id, spec_size, spec_value, entry); });
}

} // extern "C"
