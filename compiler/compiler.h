// The compiler layer's interface: OpenCL C in, native work-group functions
// out. No LLVM, Clang or OpenCL API header leaks through it, so src/ can
// include it cheaply; the enums mirror OpenCL values where the API needs
// them, and src/ maps them.
#pragma once
#include "compiler/spirv.h"
#include "corecl/device_target.h"
#include "corecl/kernel_abi.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace corecl::compiler {

enum class AddressSpace { Private, Global, Constant, Local, Generic };
enum class AccessQualifier { None, ReadOnly, WriteOnly, ReadWrite };
enum TypeQualifier : uint32_t { kConst = 1, kRestrict = 2, kVolatile = 4, kPipe = 8 };

/// How the runtime fills an argument's slot in the args block.
enum class ArgKind {
  Value,        // bytes copied from clSetKernelArg
  Buffer,       // a cl_mem (global or constant): its data pointer, or NULL
  LocalPointer, // a __local pointer: the runtime stores an arena offset
  Sampler,
  Image,
  Pipe,  // a pipe cl_mem: the address of its corecl_pipe (include/corecl/pipe_abi.h)
  Queue, // a queue_t: the runtime's handle of an on-device queue (device_enqueue_abi.h)
};

struct KernelArg {
  std::string name;
  std::string typeName; // as written, e.g. "float4*", "struct S"
  ArgKind kind = ArgKind::Value;
  AddressSpace addressSpace = AddressSpace::Private;
  AccessQualifier access = AccessQualifier::None;
  uint32_t typeQualifiers = 0;
  uint32_t size = 0;   // bytes of the value (8 for pointers)
  uint32_t offset = 0; // position in the args block
};

struct KernelDesc {
  std::string name;
  std::vector<KernelArg> args;
  uint32_t argsBlockSize = 0;
  uint64_t reqdWorkGroupSize[3] = {0, 0, 0};
  uint64_t workGroupSizeHint[3] = {0, 0, 0};
  std::string vecTypeHint;
  std::string attributes; // CL_KERNEL_ATTRIBUTES
  uint64_t privateMemSize = 0;
  /// Whether a barrier may be reached (false: none is, once everything is
  /// inlined, so no value lives across one and the kernel's work-group
  /// size limit is the device's without generating its code).
  bool mayHaveBarriers = true;
  /// A kernel Clang made for a block that a kernel enqueues (device-side
  /// enqueue): launched only by the runtime, not listed by the API.
  bool blockKernel = false;
  /// It calls device-side enqueue's functions (enqueue_kernel and the
  /// rest): its launches need the runtime's services in their context.
  bool usesDeviceEnqueue = false;
};

/// What work-group formation decided for a kernel, known once its code is
/// generated (Executable::code).
struct KernelCode {
  corecl_wg_fn entry = nullptr;    // the work-group function
  uint64_t staticLocalMemSize = 0; // kernel-scope __local variables
  uint64_t wiStoragePerItem = 0;   // bytes per work-item live across barriers
  uint32_t vectorWidth = 1;        // work-items per SIMD step the compiler aims at
  bool hasBarriers = false;
  bool usesPrintf = false;
  /// Work-items per sub-group where it divides every row of a launch
  /// (builtins/lib/sub_group.cl), else 1.
  uint32_t subGroupWidth = 1;
  /// The kernel exchanges values between a sub-group's work-items: a
  /// launch with subGroupWidth > 1 must run this executable, whose packets
  /// are of that width.
  bool readsSubGroupLanes = false;
};

/// The CPU the code is generated for: LLVM's name and features for it, and
/// what the API layer says of the device (DeviceTarget).
struct Target {
  /// LLVM's target triple; empty: this process's. A build for another
  /// machine's triple produces assembly (BuildResult::assembly), not an
  /// executable.
  std::string triple;
  std::string cpuName;     // e.g. "znver4", "neoverse-v1"
  std::string cpuFeatures; // e.g. "+avx2,+avx512f,..." or "+neon,+sve"
  uint32_t simdBytes = 16;
  IsaLevel isa = IsaLevel::Generic; // which builtins library is linked
  /// With SVE: the machine's vector length in bytes (at least simdBytes).
  /// The code assumes no more than that it is at least simdBytes, unless
  /// the two are equal.
  uint32_t sveVectorBytes = 0;
};

/// The Target for a device as the API layer describes it: the host CPU's
/// name and features on x86-64; on AArch64 the triple, and the features
/// from the device's extensions (whichever machine the compiler runs on).
Target targetFor(const DeviceTarget &device);

/// True if `target` describes a machine other than this process's (its
/// code can be generated here but not run).
bool isCrossTarget(const Target &target);

/// The host as LLVM alone sees it (SIMD width and ISA level from its CPU
/// features), for callers without a device: the compiler's tests and
/// tools. Every build below takes this unless told otherwise.
const Target &hostTarget();

/// A linked program: its kernels, each one's native code generated when it
/// is first asked for (work-group formation, optimisation and code
/// generation of that kernel alone, or its entry in the disk cache).
/// Everything a build must report was checked when the executable was
/// made; generating a kernel's code fails only for internal errors and
/// lack of memory.
class Executable {
public:
  virtual ~Executable() = default;
  virtual const std::vector<KernelDesc> &kernels() const = 0;
  /// The code of kernel `index` in kernels(), generated on the first call.
  /// Thread-safe: callers asking for one kernel wait for one generation,
  /// different kernels are generated side by side. nullptr if generation
  /// failed (codeFailure says why); throws std::bad_alloc when it failed
  /// for lack of memory (a later call tries again).
  virtual const KernelCode *code(size_t index) const = 0;
  /// What work-group formation decides for kernel `index` (KernelCode
  /// without its entry, which may be null), for the API's queries: its
  /// code if generated already or in the disk cache, else formation alone
  /// (no optimisation or code generation, which code() does later).
  /// Thread-safe; nullptr and bad_alloc as for code().
  virtual const KernelCode *facts(size_t index) const = 0;
  /// The log of a failed generation of kernel `index` ("" if none failed).
  virtual std::string codeFailure(size_t index) const = 0;
  /// Generates the code of every kernel not generated yet, on up to
  /// `threads` build threads at once; false if one failed.
  virtual bool generateAll(unsigned threads) const = 0;
  /// The work-group function of kernel `index`, generated if need be;
  /// nullptr if generation failed.
  corecl_wg_fn entry(size_t index) const {
    const KernelCode *generated = code(index);
    return generated ? generated->entry : nullptr;
  }
};

struct BuildResult {
  /// OutOfHostMemory: the build failed for lack of memory (the log says
  /// where); the API reports CL_OUT_OF_HOST_MEMORY.
  /// InvalidBinary: a program binary's bitcode could not be read or is
  /// not valid IR (the API reports CL_INVALID_BINARY for clBuildProgram).
  enum Status { Success, InvalidOptions, Failure, OutOfHostMemory, InvalidBinary } status = Failure;
  std::string log;
  /// The program's bitcode before builtins and work-group formation: what
  /// CL_PROGRAM_BINARIES carries (compiled object, library or executable).
  std::string bitcode;
  /// Set when a program executable was produced.
  std::shared_ptr<Executable> executable;
  bool kernelArgInfo = false;       // built with -cl-kernel-arg-info
  bool nonUniformWorkGroups = false; // OpenCL C 2.0+ without -cl-uniform-work-group-size
  /// Bytes of the program's writable program-scope variables (__global
  /// variables and static locals; CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE).
  /// They live in the executable's own memory, so every executable built
  /// from the program has its own copy of them.
  uint64_t globalVariableBytes = 0;
  /// C++ for OpenCL program-scope constructors (CL_PROGRAM_SCOPE_GLOBAL_
  /// CTORS_PRESENT): the executable ran them when its code was loaded.
  bool programConstructors = false;
  /// A build for another machine (isCrossTarget): its generated code as
  /// assembly text, in place of an executable.
  std::string assembly;
};

/// A header for clCompileProgram: `name` as the source includes it.
struct HeaderFile {
  std::string name;
  std::string source;
};

/// clBuildProgram: compiles and links OpenCL C source. Thread-safe; never
/// aborts the process: every failure lands in the log.
BuildResult buildProgram(const std::string &source, const std::string &options,
                         const Target &target = hostTarget());

/// clCompileProgram: source to a compiled object (bitcode only).
BuildResult compileProgram(const std::string &source, const std::string &options,
                           const std::vector<HeaderFile> &headers);

/// clLinkProgram: links compiled objects and libraries into an executable,
/// or with `createLibrary` into a library.
BuildResult linkProgram(const std::vector<std::string> &bitcodes, const std::string &options,
                        bool createLibrary, const Target &target = hostTarget());

/// clCompileProgram on a program created from SPIR-V (compiler/spirv.h):
/// the module translated, `specValues` applied, as a compiled object.
BuildResult compileFromIL(const std::string &il, const SpirvSpecValues &specValues,
                          const std::string &options);

/// clBuildProgram on a program created from SPIR-V.
BuildResult buildFromIL(const std::string &il, const SpirvSpecValues &specValues,
                        const std::string &options, const Target &target = hostTarget());

/// clBuildProgram on a program created from a binary: `options` are build
/// options (any valid one is accepted; -D and -I have nothing left to do).
BuildResult buildFromBinary(const std::string &bitcode, const std::string &options,
                            const Target &target = hostTarget());

/// The executable of a built program's bitcode (BuildResult::bitcode)
/// whose work-group functions run groups of one work-item several at a
/// time (passes/group_packets.cpp): the same kernels in the same order.
/// Made on the first launch with one work-item per group, because the
/// packets double a large kernel's code generation; like every executable
/// it generates a kernel's code when that kernel is first launched from it
/// (hashcat's programs hold six attack kernels and launch one). Only the
/// kernels named in `packetKernels` get packets; the others are as in the
/// first build.
BuildResult buildWithGroupPackets(const std::string &bitcode,
                                  const std::vector<std::string> &packetKernels,
                                  const Target &target = hostTarget());

/// The executable of a built program's bitcode compiled for vectors of
/// `simdBytes` (fewer than the host's): for launches whose rows of
/// work-items are narrower than the first build's packets, which would
/// run them lane by lane (an application's 8 x 8 groups against AVX-512's
/// packets of 16 floats). The same kernels in the same order; cached on
/// disk.
BuildResult buildWithNarrowerVectors(const std::string &bitcode, uint32_t simdBytes,
                                     const Target &target = hostTarget());

} // namespace corecl::compiler
