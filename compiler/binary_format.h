// CoreCL's program binary container (CL_PROGRAM_BINARIES,
// clCreateProgramWithBinary): a versioned, checksummed header followed by
// the build options and the program's LLVM bitcode. A binary from
// elsewhere is untrusted input: decode() checks every field and the
// checksum before anything reads the payload.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace corecl::compiler {

enum class BinaryKind : uint32_t {
  CompiledObject = 1, // clCompileProgram output
  Library = 2,        // clLinkProgram -create-library output
  Executable = 3,     // linked program (rebuilt from its bitcode when loaded)
};

struct ProgramBinary {
  BinaryKind kind = BinaryKind::CompiledObject;
  std::string options; // the options it was compiled or linked with
  std::string bitcode; // spir64 LLVM bitcode, before builtins and work-group formation
};

std::string encodeBinary(const ProgramBinary &binary);

/// nullopt for anything that is not an intact CoreCL binary of this version.
std::optional<ProgramBinary> decodeBinary(const unsigned char *data, size_t size);

} // namespace corecl::compiler
