#include "src/objects/program.h"

#include "compiler/binary_format.h"
#include "compiler/build_options.h"
#include "src/debug_log.h"

#include <algorithm>

namespace corecl {

Program::Program(Context &context, std::string source)
    : context_(&context), devices_(context.devices()), hasSource_(true),
      source_(std::move(source)) {}

Program::Program(Context &context, std::vector<Device *> devices)
    : context_(&context), devices_(std::move(devices)), hasSource_(false) {}

Program::Program(Context &context, std::string il, compiler::SpirvModuleInfo info)
    : context_(&context), devices_(context.devices()), hasSource_(false), fromIl_(true),
      il_(std::move(il)), ilInfo_(std::move(info)) {}

Program::~Program() = default;

compiler::SpirvSpecValues Program::specValues() const {
  std::lock_guard lock(mutex_);
  return specValues_;
}

cl_int Program::setSpecConstant(cl_uint id, size_t size, const void *value, const char *entry) {
  if (!fromIl_)
    return apiError(entry, CL_INVALID_PROGRAM, "the program was not created from SPIR-V");
  auto it = ilInfo_.specConstants.find(id);
  if (it == ilInfo_.specConstants.end())
    return apiError(entry, CL_INVALID_SPEC_ID, "spec_id %u names no specialization constant", id);
  if (!value || size != it->second.bytes())
    return apiError(entry, CL_INVALID_VALUE,
                    "spec_value %p, spec_size %zu: the constant %u takes %zu bytes", value, size,
                    id, it->second.bytes());
  const auto *bytes = static_cast<const unsigned char *>(value);
  std::lock_guard lock(mutex_);
  specValues_[id].assign(bytes, bytes + size);
  return CL_SUCCESS;
}

cl_int Program::record(const std::vector<Device *> &requested, const std::string &options,
                       compiler::BuildResult result, cl_program_binary_type type, cl_int failure,
                       cl_int invalidOptions, cl_int invalidBinary) {
  const std::vector<Device *> &devices = requested.empty() ? devices_ : requested;
  std::lock_guard lock(mutex_);
  bool ok = result.status == compiler::BuildResult::Success;
  for (Device *d : devices)
    builds_[d] = {ok ? CL_BUILD_SUCCESS : CL_BUILD_ERROR, options, result.log};
  // A program built for a device is built for its sub-devices in the
  // program's device list too: they run the same code (the CTS's
  // test_device_partition builds for the parent, then runs on the
  // sub-devices).
  for (Device *d : devices_)
    for (const Device *up = d->parent(); up; up = up->parent())
      if (std::find(devices.begin(), devices.end(), up) != devices.end()) {
        builds_[d] = {ok ? CL_BUILD_SUCCESS : CL_BUILD_ERROR, options, result.log};
        break;
      }
  if (!ok) {
    cl_int code;
    switch (result.status) {
    case compiler::BuildResult::OutOfHostMemory:
      code = CL_OUT_OF_HOST_MEMORY;
      break;
    case compiler::BuildResult::InvalidOptions:
      code = invalidOptions;
      break;
    case compiler::BuildResult::InvalidBinary:
      code = invalidBinary;
      break;
    default:
      code = failure;
      break;
    }
    if (debugging(DebugArea::Build)) {
      // The log's first lines: the first error is what a person acts on.
      std::string head;
      for (size_t at = 0, lines = 0; at < result.log.size() && lines < 4; ++lines) {
        size_t end = std::min(result.log.find('\n', at), result.log.size());
        head += (head.empty() ? "" : " | ") + result.log.substr(at, end - at);
        at = end + 1;
      }
      debugLog(DebugArea::Build, "program %p: %s with options \"%s\": %s", handle(),
               errorName(code), options.c_str(), head.empty() ? "(no log)" : head.c_str());
    }
    return code;
  }
  binaryType_ = type;
  bitcode_ = std::move(result.bitcode);
  binaryOptions_ = options;
  executable_ = std::move(result.executable);
  kernelArgInfo_ = result.kernelArgInfo;
  nonUniform_ = result.nonUniformWorkGroups;
  globalVariableBytes_ = result.globalVariableBytes;
  constructors_ = result.programConstructors;
  return CL_SUCCESS;
}

const compiler::Target &Program::target() const {
  return devices_.empty() ? compiler::hostTarget() : devices_.front()->compilerTarget();
}

cl_int Program::build(const std::vector<Device *> &devices, const std::string &options,
                      const char *entry) {
  if (hasKernels())
    return apiError(entry, CL_INVALID_OPERATION, "kernels of the program are still attached");
  {
    std::lock_guard lock(mutex_);
    for (Device *d : devices.empty() ? devices_ : devices)
      builds_[d] = {CL_BUILD_IN_PROGRESS, options, ""};
  }
  compiler::BuildResult result;
  if (hasSource_) {
    result = compiler::buildProgram(source_, options, target());
  } else if (fromIl_) {
    result = compiler::buildFromIL(il_, specValues(), options, target());
  } else {
    std::string bitcode;
    {
      std::lock_guard lock(mutex_);
      bitcode = bitcode_;
    }
    if (bitcode.empty())
      return apiError(entry, CL_INVALID_PROGRAM_EXECUTABLE,
                      "the program has neither source nor a binary to build");
    result = compiler::buildFromBinary(bitcode, options, target());
  }
  return record(devices, options, std::move(result), CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
                CL_BUILD_PROGRAM_FAILURE, CL_INVALID_BUILD_OPTIONS, CL_INVALID_BINARY);
}

cl_int Program::compile(const std::vector<Device *> &devices, const std::string &options,
                        const std::vector<compiler::HeaderFile> &headers, const char *entry) {
  if (!hasSource_ && !fromIl_)
    return apiError(entry, CL_INVALID_OPERATION,
                    "the program was not created from source or SPIR-V");
  if (hasKernels())
    return apiError(entry, CL_INVALID_OPERATION, "kernels of the program are still attached");
  compiler::BuildResult result;
  if (fromIl_) {
    result = compiler::compileFromIL(il_, specValues(), options);
  } else {
    result = compiler::compileProgram(source_, options, headers);
  }
  return record(devices, options, std::move(result), CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT,
                CL_COMPILE_PROGRAM_FAILURE, CL_INVALID_COMPILER_OPTIONS,
                CL_COMPILE_PROGRAM_FAILURE);
}

cl_int Program::link(const std::vector<Program *> &inputs, const std::string &options) {
  std::vector<std::string> bitcodes;
  for (Program *p : inputs)
    bitcodes.push_back(p->bitcode());
  compiler::BuildOptions parsed = compiler::parseBuildOptions(options, compiler::OptionsKind::Link);
  compiler::BuildResult result =
      compiler::linkProgram(bitcodes, options, parsed.createLibrary, target());
  return record({}, options, std::move(result),
                parsed.createLibrary ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                                     : CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
                CL_LINK_PROGRAM_FAILURE, CL_INVALID_LINKER_OPTIONS, CL_LINK_PROGRAM_FAILURE);
}

void Program::setBinary(cl_program_binary_type type, std::string bitcode,
                        const std::string &options) {
  std::lock_guard lock(mutex_);
  binaryType_ = type;
  bitcode_ = std::move(bitcode);
  binaryOptions_ = options;
}

Program::BuildInfo Program::buildInfo(const Device &device) const {
  std::lock_guard lock(mutex_);
  auto it = builds_.find(&device);
  return it == builds_.end() ? BuildInfo{} : it->second;
}

cl_program_binary_type Program::binaryType() const {
  std::lock_guard lock(mutex_);
  return binaryType_;
}

std::string Program::bitcode() const {
  std::lock_guard lock(mutex_);
  return bitcode_;
}

std::string Program::binary() const {
  std::lock_guard lock(mutex_);
  if (binaryType_ == CL_PROGRAM_BINARY_TYPE_NONE || bitcode_.empty())
    return {};
  compiler::ProgramBinary b;
  b.kind = binaryType_ == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
               ? compiler::BinaryKind::CompiledObject
           : binaryType_ == CL_PROGRAM_BINARY_TYPE_LIBRARY ? compiler::BinaryKind::Library
                                                           : compiler::BinaryKind::Executable;
  b.options = binaryOptions_;
  b.bitcode = bitcode_;
  return compiler::encodeBinary(b);
}

std::shared_ptr<compiler::Executable> Program::executable() const {
  std::lock_guard lock(mutex_);
  return executable_;
}

namespace {

/// Whether `other` holds `base`'s kernels in the same order (a second
/// executable of the same bitcode; kernel indices carry over).
bool sameKernels(const compiler::Executable &base, const compiler::Executable &other) {
  const auto &mine = base.kernels();
  const auto &theirs = other.kernels();
  if (mine.size() != theirs.size())
    return false;
  for (size_t i = 0; i < mine.size(); ++i)
    if (mine[i].name != theirs[i].name)
      return false;
  return true;
}

} // namespace

std::shared_ptr<compiler::Executable> Program::executableFor(const Device &device) {
  std::shared_ptr<compiler::Executable> base = executable();
  if (!base || !sharesGlobalVariables())
    return base;
  std::lock_guard lock(perDeviceMutex_);
  if (perDeviceBase_ != base) {
    perDevice_.clear(); // rebuilt since: start over
    perDeviceBase_ = base;
  }
  if (auto it = perDevice_.find(&device); it != perDevice_.end())
    return it->second;
  std::shared_ptr<compiler::Executable> &mine = perDevice_[&device];
  if (perDevice_.size() == 1) {
    mine = base; // the first device keeps the build's own variables
    return mine;
  }
  std::string code = bitcode();
  if (code.empty())
    return nullptr;
  compiler::BuildResult result = compiler::buildFromBinary(code, binaryOptions_, target());
  if (result.status == compiler::BuildResult::Success && result.executable &&
      sameKernels(*base, *result.executable))
    mine = result.executable;
  return mine;
}

std::shared_ptr<compiler::Executable> Program::groupPacketExecutable() {
  std::shared_ptr<compiler::Executable> base = executable();
  if (!base || sharesGlobalVariables())
    return nullptr;
  std::lock_guard lock(packetMutex_);
  if (packetsBase_ == base)
    return packets_; // built already, or null: it failed
  packetsBase_ = base;
  packets_ = nullptr;
  std::string code = bitcode();
  if (code.empty())
    return nullptr;
  std::vector<std::string> kernels;
  for (const compiler::KernelDesc &desc : base->kernels())
    kernels.push_back(desc.name);
  compiler::BuildResult result = compiler::buildWithGroupPackets(code, kernels, target());
  if (result.status == compiler::BuildResult::Success && result.executable &&
      sameKernels(*base, *result.executable))
    packets_ = result.executable;
  return packets_;
}

std::shared_ptr<compiler::Executable> Program::narrowerExecutable(uint32_t simdBytes) {
  std::shared_ptr<compiler::Executable> base = executable();
  if (!base || sharesGlobalVariables())
    return nullptr;
  std::lock_guard lock(narrowerMutex_);
  if (narrowerBase_ != base) {
    narrower_.clear(); // rebuilt since: start over
    narrowerBase_ = base;
  }
  if (auto it = narrower_.find(simdBytes); it != narrower_.end())
    return it->second; // built already, or null: it failed
  std::shared_ptr<compiler::Executable> &built = narrower_[simdBytes];
  std::string code = bitcode();
  if (code.empty())
    return nullptr;
  compiler::BuildResult result = compiler::buildWithNarrowerVectors(code, simdBytes, target());
  if (result.status != compiler::BuildResult::Success || !result.executable)
    return nullptr;
  if (sameKernels(*base, *result.executable))
    built = result.executable;
  return built;
}

bool Program::builtFor(const Device &device) const {
  std::lock_guard lock(mutex_);
  auto it = builds_.find(&device);
  return it != builds_.end() && it->second.status == CL_BUILD_SUCCESS && executable_;
}

} // namespace corecl
