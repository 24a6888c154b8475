// A program object: its source or binary, the compiled bitcode (compiled
// object, library or executable), and after a successful build the native
// executable. All devices of a context are the same CPU, so one compilation
// serves every device; status, options and log are still kept per device.
#pragma once
#include "compiler/compiler.h"
#include "src/objects/context.h"
#include "src/objects/object.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace corecl {

class Program : public Object<Program, _cl_program, Tag::Program> {
public:
  /// From source (clCreateProgramWithSource).
  Program(Context &context, std::string source);
  /// From a binary or a link: no source, devices given.
  Program(Context &context, std::vector<Device *> devices);
  /// From SPIR-V (clCreateProgramWithIL), inspected already.
  Program(Context &context, std::string il, compiler::SpirvModuleInfo info);
  ~Program();

  Context &context() const { return *context_; }
  const std::vector<Device *> &devices() const { return devices_; }
  /// What the compiler builds for: the program's devices share one CPU.
  const compiler::Target &target() const;
  bool hasSource() const { return hasSource_; }
  const std::string &source() const { return source_; }
  bool fromIl() const { return fromIl_; }
  const std::string &il() const { return il_; }
  /// clSetProgramSpecializationConstant: the spec's code.
  cl_int setSpecConstant(cl_uint id, size_t size, const void *value, const char *entry);

  struct BuildInfo {
    cl_build_status status = CL_BUILD_NONE;
    std::string options;
    std::string log;
  };

  /// clBuildProgram, clCompileProgram: return the API result code (a
  /// refusal told to CORECL_DEBUG=api as `entry`'s).
  cl_int build(const std::vector<Device *> &devices, const std::string &options, const char *entry);
  cl_int compile(const std::vector<Device *> &devices, const std::string &options,
                 const std::vector<compiler::HeaderFile> &headers, const char *entry);
  /// clLinkProgram into this (new, empty) program.
  cl_int link(const std::vector<Program *> &inputs, const std::string &options);
  /// clCreateProgramWithBinary: installs a decoded binary.
  void setBinary(cl_program_binary_type type, std::string bitcode, const std::string &options);

  BuildInfo buildInfo(const Device &device) const;
  cl_program_binary_type binaryType() const;
  /// CL_PROGRAM_BINARIES: CoreCL's container, empty if nothing is compiled.
  std::string binary() const;
  std::string bitcode() const;

  std::shared_ptr<compiler::Executable> executable() const;
  /// The executable whose work-group functions run groups of one
  /// work-item several at a time (compiler::buildWithGroupPackets), built
  /// from the program's bitcode on first use, with packets for every
  /// kernel (a kernel's code is generated when first launched that way),
  /// and kept while the program's executable stays; null where it cannot
  /// be built. A caller may block for the build.
  std::shared_ptr<compiler::Executable> groupPacketExecutable();
  /// The executable compiled for vectors of `simdBytes`, fewer than the
  /// host's (compiler::buildWithNarrowerVectors), for launches whose rows
  /// are narrower than the first build's packets; built on first use and
  /// kept while the program's executable stays; null where it cannot be
  /// built. A caller may block for the build.
  std::shared_ptr<compiler::Executable> narrowerExecutable(uint32_t simdBytes);
  bool builtFor(const Device &device) const;
  bool kernelArgInfoRequested() const { return kernelArgInfo_; }
  bool nonUniformWorkGroups() const { return nonUniform_; }
  /// CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE.
  uint64_t globalVariableBytes() const { return globalVariableBytes_; }
  /// CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT (C++ for OpenCL).
  bool hasConstructors() const { return constructors_; }
  /// Whether the kernels share program-scope variables, which live in the
  /// executable's memory: then they all run from the one executable (no
  /// packet or narrower variants, whose copies of the variables would
  /// drift apart from it).
  bool sharesGlobalVariables() const { return globalVariableBytes_ > 0; }
  /// The executable `device`'s launches run. Program-scope variables are
  /// kept per device, and they live in an executable's memory: the first
  /// device to launch uses executable(), each other device an executable
  /// of its own, loaded from the program's bitcode on its first launch
  /// (null if that fails). Without such variables, executable().
  std::shared_ptr<compiler::Executable> executableFor(const Device &device);
  bool hasKernels() const { return liveKernels_.load() > 0; }

  /// Kernels created from the program (a rebuild is refused while any exist).
  void kernelCreated() { ++liveKernels_; }
  void kernelReleased() { --liveKernels_; }

private:
  /// Records a compiler result for `devices`; returns the API code:
  /// `failure`, `invalidOptions` or `invalidBinary` by the result's status.
  cl_int record(const std::vector<Device *> &devices, const std::string &options,
                compiler::BuildResult result, cl_program_binary_type type, cl_int failure,
                cl_int invalidOptions, cl_int invalidBinary);

  /// The specialization constants set so far (a copy, for a build).
  compiler::SpirvSpecValues specValues() const;

  Ref<Context> context_;
  std::vector<Device *> devices_;
  bool hasSource_;
  std::string source_;
  bool fromIl_ = false;
  std::string il_;
  compiler::SpirvModuleInfo ilInfo_;
  compiler::SpirvSpecValues specValues_; // guarded by mutex_
  mutable std::mutex mutex_;
  std::map<const Device *, BuildInfo> builds_;
  cl_program_binary_type binaryType_ = CL_PROGRAM_BINARY_TYPE_NONE;
  std::string bitcode_;
  std::string binaryOptions_;
  std::shared_ptr<compiler::Executable> executable_;
  bool kernelArgInfo_ = false;
  bool nonUniform_ = false;
  uint64_t globalVariableBytes_ = 0;
  bool constructors_ = false;
  std::mutex perDeviceMutex_; // held while a device's executable is loaded
  std::shared_ptr<compiler::Executable> perDeviceBase_;
  std::map<const Device *, std::shared_ptr<compiler::Executable>> perDevice_;
  std::atomic<int> liveKernels_{0};
  std::mutex packetMutex_; // held while the packet executable is built
  std::shared_ptr<compiler::Executable> packetsBase_, packets_;
  std::mutex narrowerMutex_; // held while a narrower executable is built
  std::shared_ptr<compiler::Executable> narrowerBase_;
  std::map<uint32_t, std::shared_ptr<compiler::Executable>> narrower_; // by vector bytes
};

} // namespace corecl
