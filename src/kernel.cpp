// Kernels: creation from built programs, arguments, and queries.
#include "src/objects/kernel.h"
#include "src/info_util.h"
#include "src/objects/device.h"

#include <algorithm>
#include <cstring>

using namespace corecl;
using compiler::AccessQualifier;
using compiler::AddressSpace;

namespace {

cl_kernel_arg_address_qualifier addressQualifier(AddressSpace space) {
  switch (space) {
  case AddressSpace::Global:
    return CL_KERNEL_ARG_ADDRESS_GLOBAL;
  case AddressSpace::Constant:
    return CL_KERNEL_ARG_ADDRESS_CONSTANT;
  case AddressSpace::Local:
    return CL_KERNEL_ARG_ADDRESS_LOCAL;
  default:
    return CL_KERNEL_ARG_ADDRESS_PRIVATE;
  }
}

cl_kernel_arg_access_qualifier accessQualifier(AccessQualifier access) {
  switch (access) {
  case AccessQualifier::ReadOnly:
    return CL_KERNEL_ARG_ACCESS_READ_ONLY;
  case AccessQualifier::WriteOnly:
    return CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
  case AccessQualifier::ReadWrite:
    return CL_KERNEL_ARG_ACCESS_READ_WRITE;
  default:
    return CL_KERNEL_ARG_ACCESS_NONE;
  }
}

cl_kernel_arg_type_qualifier typeQualifier(uint32_t bits) {
  cl_kernel_arg_type_qualifier q = CL_KERNEL_ARG_TYPE_NONE;
  if (bits & compiler::kConst)
    q |= CL_KERNEL_ARG_TYPE_CONST;
  if (bits & compiler::kRestrict)
    q |= CL_KERNEL_ARG_TYPE_RESTRICT;
  if (bits & compiler::kVolatile)
    q |= CL_KERNEL_ARG_TYPE_VOLATILE;
  if (bits & compiler::kPipe)
    q |= CL_KERNEL_ARG_TYPE_PIPE;
  return q;
}

/// The device a per-device kernel query names: one of the kernel's
/// context, or NULL if that context has only one.
cl_int checkContextDevice(const Context &context, cl_device_id device, const char *entry) {
  if (!device) {
    if (context.devices().size() != 1)
      return apiError(entry, CL_INVALID_DEVICE,
                      "device is NULL but the kernel's context has %zu devices",
                      context.devices().size());
    return CL_SUCCESS;
  }
  Device *d;
  if (cl_int err = resolve(device, d, entry))
    return err;
  if (!context.hasDevice(d))
    return apiError(entry, CL_INVALID_DEVICE, "the device is not one of the kernel's context");
  return CL_SUCCESS;
}

} // namespace

extern "C" {

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program program, const char *kernel_name,
                                                  cl_int *errcode_ret) {
  const char *entry = __func__;
  Program *p;
  if (cl_int err = resolve(program, p))
    return withError<_cl_kernel>(errcode_ret, err);
  if (!kernel_name)
    return withError<_cl_kernel>(errcode_ret,
                                 apiError(entry, CL_INVALID_VALUE, "kernel_name is NULL"));
  auto exe = p->executable();
  if (!exe)
    return withError<_cl_kernel>(errcode_ret, noExecutable(entry));
  return guardedCreate(errcode_ret, [&]() -> cl_kernel {
    const auto &kernels = exe->kernels();
    for (size_t i = 0; i < kernels.size(); ++i)
      if (kernels[i].name == kernel_name && !kernels[i].blockKernel)
        return withError(errcode_ret, CL_SUCCESS, (new Kernel(*p, exe, i))->handle());
    return withError<_cl_kernel>(
        errcode_ret,
        apiError(entry, CL_INVALID_KERNEL_NAME, "the program has no kernel \"%s\"", kernel_name));
  });
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program, cl_uint num_kernels,
                                                         cl_kernel *kernels,
                                                         cl_uint *num_kernels_ret) {
  Program *p;
  if (cl_int err = resolve(program, p))
    return err;
  auto exe = p->executable();
  if (!exe)
    return noExecutable(__func__);
  // Block kernels (device-side enqueue) are the runtime's, not listed.
  std::vector<size_t> listed;
  for (size_t i = 0; i < exe->kernels().size(); ++i)
    if (!exe->kernels()[i].blockKernel)
      listed.push_back(i);
  cl_uint count = cl_uint(listed.size());
  if (kernels && num_kernels < count)
    return apiError(__func__, CL_INVALID_VALUE, "num_kernels %u is fewer than the program's %u",
                    num_kernels, count);
  return guarded([&] {
    if (kernels)
      for (cl_uint i = 0; i < count; ++i)
        kernels[i] = (new Kernel(*p, exe, listed[i]))->handle();
    if (num_kernels_ret)
      *num_kernels_ret = count;
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_kernel CL_API_CALL clCloneKernel(cl_kernel source_kernel, cl_int *errcode_ret) {
  Kernel *k;
  if (cl_int err = resolve(source_kernel, k))
    return withError<_cl_kernel>(errcode_ret, err);
  return guardedCreate(errcode_ret,
                       [&] { return withError(errcode_ret, CL_SUCCESS, k->clone()->handle()); });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainKernel(cl_kernel kernel) {
  return retainHandle<Kernel>(kernel);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseKernel(cl_kernel kernel) {
  return releaseHandle<Kernel>(kernel);
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel, cl_uint arg_index, size_t arg_size,
                                               const void *arg_value) {
  Kernel *k;
  if (cl_int err = resolve(kernel, k))
    return err;
  return guarded(
      [&, entry = __func__] { return k->setArg(arg_index, arg_size, arg_value, entry); });
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel kernel, cl_uint arg_index,
                                                         const void *arg_value) {
  Kernel *k;
  if (cl_int err = resolve(kernel, k))
    return err;
  return guarded(
      [&, entry = __func__] { return k->setArgSvmPointer(arg_index, arg_value, entry); });
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel kernel,
                                                    cl_kernel_exec_info param_name,
                                                    size_t param_value_size,
                                                    const void *param_value) {
  const char *entry = __func__;
  if (cl_int err = checkLive<Kernel>(kernel))
    return err;
  // Both parameters tell the driver which SVM a kernel may reach beyond
  // its arguments; kernels reach all of the process's memory as it is, so
  // CoreCL only checks them.
  switch (param_name) {
  case CL_KERNEL_EXEC_INFO_SVM_PTRS:
    // An empty list (NULL, 0) takes back the pointers set before.
    if ((!param_value && param_value_size) || (param_value && param_value_size == 0) ||
        param_value_size % sizeof(void *))
      return apiError(entry, CL_INVALID_VALUE,
                      "param_value %p, param_value_size %zu: not an array of pointers", param_value,
                      param_value_size);
    return CL_SUCCESS;
  case CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM:
    if (!param_value || param_value_size != sizeof(cl_bool))
      return apiError(entry, CL_INVALID_VALUE,
                      "param_value %p, param_value_size %zu: not a cl_bool", param_value,
                      param_value_size);
    return CL_SUCCESS;
  default:
    return apiError(entry, CL_INVALID_VALUE, "param_name 0x%x is not one the spec defines",
                    param_name);
  }
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelInfo(cl_kernel kernel, cl_kernel_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret) {
  return answerInfo<Kernel>(kernel, param_name, param_value_size, param_value, param_value_size_ret,
                            [&](Kernel *k, auto put) -> cl_int {
                              switch (param_name) {
                              case CL_KERNEL_FUNCTION_NAME:
                                return put(k->desc().name);
                              case CL_KERNEL_NUM_ARGS:
                                return put(cl_uint(k->desc().args.size()));
                              case CL_KERNEL_REFERENCE_COUNT:
                                return put(k->publicRefCount());
                              case CL_KERNEL_CONTEXT:
                                return put(cl_context(k->context().handle()));
                              case CL_KERNEL_PROGRAM:
                                return put(cl_program(k->program().handle()));
                              case CL_KERNEL_ATTRIBUTES:
                                return put(k->desc().attributes);
                              default:
                                return CL_INVALID_VALUE;
                              }
                            });
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel kernel, cl_uint arg_index,
                                                   cl_kernel_arg_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret) {
  Kernel *k;
  if (cl_int err = resolve(kernel, k))
    return err;
  if (arg_index >= k->desc().args.size())
    return apiError(__func__, CL_INVALID_ARG_INDEX, "arg_index %u, but %s has %zu arguments",
                    arg_index, k->desc().name.c_str(), k->desc().args.size());
  if (!k->program().kernelArgInfoRequested())
    return apiError(__func__, CL_KERNEL_ARG_INFO_NOT_AVAILABLE,
                    "the program was built without -cl-kernel-arg-info");
  const compiler::KernelArg &arg = k->desc().args[arg_index];
  return answerQuery(__func__, param_name, param_value_size, param_value, param_value_size_ret,
                     [&](InfoBuffer put) -> cl_int {
                       switch (param_name) {
                       case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
                         return put(addressQualifier(arg.addressSpace));
                       case CL_KERNEL_ARG_ACCESS_QUALIFIER:
                         return put(accessQualifier(arg.access));
                       case CL_KERNEL_ARG_TYPE_NAME:
                         return put(arg.typeName);
                       case CL_KERNEL_ARG_TYPE_QUALIFIER:
                         return put(typeQualifier(arg.typeQualifiers));
                       case CL_KERNEL_ARG_NAME:
                         return put(arg.name);
                       default:
                         return CL_INVALID_VALUE;
                       }
                     });
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
                                                         cl_kernel_work_group_info param_name,
                                                         size_t param_value_size, void *param_value,
                                                         size_t *param_value_size_ret) {
  Kernel *k;
  if (cl_int err = resolve(kernel, k))
    return err;
  if (cl_int err = checkContextDevice(k->context(), device, __func__))
    return err;
  const compiler::KernelDesc &desc = k->desc();
  // What work-group formation decides: the kernel is formed for these
  // (Executable::facts; its code waits for its first launch), not for the
  // others.
  const compiler::KernelCode *code = nullptr;
  const char *entry = __func__; // the lambda's own __func__ is "operator()"
  // A kernel that reaches no barrier keeps no value per work-item, so its
  // limit is the device's: applications ask this of every kernel they
  // create, and it must not cost them the code of kernels never launched.
  const bool knownLimit = param_name == CL_KERNEL_WORK_GROUP_SIZE && !desc.mayHaveBarriers;
  if (!knownLimit &&
      (param_name == CL_KERNEL_WORK_GROUP_SIZE || param_name == CL_KERNEL_LOCAL_MEM_SIZE ||
       param_name == CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE ||
       param_name == CL_KERNEL_PRIVATE_MEM_SIZE))
    if (cl_int err = guarded([&] { return k->formedCode(entry, code); }))
      return err;
  return answerQuery(__func__, param_name, param_value_size, param_value, param_value_size_ret,
                     [&](InfoBuffer put) -> cl_int {
                       switch (param_name) {
                       case CL_KERNEL_WORK_GROUP_SIZE:
                         return put(knownLimit ? size_t(Device::kMaxWorkGroupSize)
                                               : Kernel::maxWorkGroupSizeOf(*code));
                       case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
                         size_t sizes[3] = {size_t(desc.reqdWorkGroupSize[0]),
                                            size_t(desc.reqdWorkGroupSize[1]),
                                            size_t(desc.reqdWorkGroupSize[2])};
                         return put(sizes, sizeof sizes);
                       }
                       case CL_KERNEL_LOCAL_MEM_SIZE:
                         return put(cl_ulong(k->localMemSize(*code)));
                       case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
                         return put(size_t(code->vectorWidth));
                       case CL_KERNEL_PRIVATE_MEM_SIZE:
                         return put(
                             cl_ulong(std::max(code->wiStoragePerItem, desc.privateMemSize)));
                       case CL_KERNEL_GLOBAL_WORK_SIZE:
                         return CL_INVALID_VALUE; // custom devices only
                       default:
                         return CL_INVALID_VALUE;
                       }
                     });
}

// A launch's sub-groups are W work-items of a row where the kernel's
// sub-group width W divides the row, else one each (Kernel::subGroupWidth,
// builtins/lib/sub_group.cl).
CL_API_ENTRY cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device,
                                                        cl_kernel_sub_group_info param_name,
                                                        size_t input_value_size,
                                                        const void *input_value,
                                                        size_t param_value_size, void *param_value,
                                                        size_t *param_value_size_ret) {
  const char *entry = __func__;
  Kernel *k;
  if (cl_int err = resolve(kernel, k, entry))
    return err;
  if (cl_int err = checkContextDevice(k->context(), device, entry))
    return err;
  // The local size some queries take as input: 1 to 3 size_t; `row` its
  // x, `rows` the rows of a group.
  size_t row = 1, rows = 1;
  auto localItems = [&](size_t &items) -> cl_int {
    if (!input_value || input_value_size == 0 || input_value_size % sizeof(size_t) ||
        input_value_size > 3 * sizeof(size_t))
      return apiError(entry, CL_INVALID_VALUE,
                      "input_value %p, input_value_size %zu: not a local size of 1 to 3 size_t",
                      input_value, input_value_size);
    const size_t *sizes = static_cast<const size_t *>(input_value);
    row = sizes[0];
    rows = 1;
    for (size_t d = 1; d < input_value_size / sizeof(size_t); ++d)
      rows *= sizes[d];
    items = row * rows;
    return CL_SUCCESS;
  };
  size_t items = 0;
  if (param_name == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE ||
      param_name == CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE)
    if (cl_int err = localItems(items))
      return err;
  if (param_name == CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT &&
      (!input_value || input_value_size != sizeof(size_t) || param_value_size % sizeof(size_t) ||
       param_value_size > 3 * sizeof(size_t) || (param_value && param_value_size == 0)))
    return apiError(entry, CL_INVALID_VALUE,
                    "CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT takes one size_t and answers 1 to "
                    "3 size_t (input_value_size %zu, param_value_size %zu)",
                    input_value_size, param_value_size);
  // Every answer depends on the sub-group width and the work-group size
  // limit, which work-group formation decides.
  const compiler::KernelCode *code = nullptr;
  if (cl_int err = guarded([&] { return k->formedCode(entry, code); }))
    return err;
  return answerQuery(
      entry, param_name, param_value_size, param_value, param_value_size_ret,
      [&](InfoBuffer put) -> cl_int {
        switch (param_name) {
        case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
          return put(size_t(Kernel::subGroupWidthOf(*code, row, row, rows)));
        case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE: {
          size_t width = Kernel::subGroupWidthOf(*code, row, row, rows);
          return put((row + width - 1) / width * rows);
        }
        case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
          // (count * W, 1, 1) where that fits a group; else, in two or
          // three dimensions, a column (1, count, 1) of sub-groups of one;
          // zeros if no group has that many.
          size_t count = *static_cast<const size_t *>(input_value);
          size_t dims = param_value ? param_value_size / sizeof(size_t) : 3;
          size_t width = code->subGroupWidth, most = Kernel::maxWorkGroupSizeOf(*code);
          size_t sizes[3] = {0, 0, 0};
          if (count >= 1 && count <= most / width)
            sizes[0] = count * width, sizes[1] = sizes[2] = 1;
          else if (count >= 1 && count <= most && dims >= 2)
            sizes[0] = 1, sizes[1] = count, sizes[2] = 1;
          return put(sizes, dims * sizeof(size_t));
        }
        case CL_KERNEL_MAX_NUM_SUB_GROUPS:
          return put(Kernel::maxWorkGroupSizeOf(*code));
        case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
          return put(size_t(0));
        default:
          return CL_INVALID_VALUE;
        }
      });
}

} // extern "C"
