// SPIR-V input (clCreateProgramWithIL, cl_khr_il_program). CoreCL reads
// SPIR-V with the Khronos SPIRV-LLVM-Translator that Debian ships for
// LLVM 15 (`llvm-spirv-15`), run as a separate process: LLVM 15 then never
// shares CoreCL's address space with LLVM 19, and a translator crash on a
// hostile module is a failed build, not a dead application. Its output is
// LLVM 15 bitcode, which LLVM 19 reads; the OpenCL builtins in it carry
// OpenCL C's mangled names, which CoreCL's builtins library defines.
// Modules are checked first by `spirv-val` (spirv-tools).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace corecl::compiler {

/// Whether the translator and the validator are installed (the device
/// reports SPIR-V only then).
bool spirvToolsAvailable();

/// A specialization constant of a module: its SpecId and scalar type.
struct SpirvSpecConstant {
  enum Kind { Bool, Int, Float } kind = Int;
  uint32_t bits = 32; // 1 for Bool
  /// The size clSetProgramSpecializationConstant takes for it.
  size_t bytes() const { return kind == Bool ? 1 : bits / 8; }
};

/// What CoreCL reads from a module before translating it.
struct SpirvModuleInfo {
  uint32_t versionMajor = 1, versionMinor = 0;
  std::map<uint32_t, SpirvSpecConstant> specConstants; // by SpecId
};

/// Checks the header and walks the instructions (well-formed word counts),
/// collecting the specialization constants; with `validate`, also runs
/// spirv-val. Null, with the reason in `why`, for a module CoreCL does not
/// take (not SPIR-V, a version above 1.4, invalid).
std::optional<SpirvModuleInfo> inspectSpirv(const std::string &il, bool validate, std::string &why);

/// Values set with clSetProgramSpecializationConstant: SpecId to bytes.
using SpirvSpecValues = std::map<uint32_t, std::vector<unsigned char>>;

/// Translates `il` to LLVM bitcode (spir64), the specialization constants
/// in `values` applied; false with a log line on failure.
bool translateSpirv(const std::string &il, const SpirvModuleInfo &info,
                    const SpirvSpecValues &values, std::string &bitcode, std::string &log);

} // namespace corecl::compiler
