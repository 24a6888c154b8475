#include "compiler/binary_format.h"

#include <cstring>

namespace corecl::compiler {
namespace {

constexpr char kMagic[8] = {'C', 'O', 'R', 'E', 'C', 'L', 'B', 'N'};
constexpr uint32_t kFormatVersion = 1;

struct Header {
  char magic[8];
  uint32_t formatVersion;
  uint32_t kind;
  uint64_t optionsSize;
  uint64_t payloadSize;
  uint64_t checksum; // FNV-1a 64 over options and payload
  char llvmVersion[16];
};

uint64_t fnv1a(const char *data, size_t size, uint64_t hash = 0xcbf29ce484222325ull) {
  for (size_t i = 0; i < size; ++i) {
    hash ^= static_cast<unsigned char>(data[i]);
    hash *= 0x100000001b3ull;
  }
  return hash;
}

} // namespace

std::string encodeBinary(const ProgramBinary &binary) {
  Header h = {};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.formatVersion = kFormatVersion;
  h.kind = uint32_t(binary.kind);
  h.optionsSize = binary.options.size();
  h.payloadSize = binary.bitcode.size();
  h.checksum = fnv1a(binary.bitcode.data(), binary.bitcode.size(),
                     fnv1a(binary.options.data(), binary.options.size()));
  std::strncpy(h.llvmVersion, CORECL_LLVM_VERSION, sizeof h.llvmVersion - 1);
  std::string out(reinterpret_cast<const char *>(&h), sizeof h);
  out += binary.options;
  out += binary.bitcode;
  return out;
}

std::optional<ProgramBinary> decodeBinary(const unsigned char *data, size_t size) {
  if (!data || size < sizeof(Header))
    return std::nullopt;
  Header h;
  std::memcpy(&h, data, sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.formatVersion != kFormatVersion)
    return std::nullopt;
  if (h.kind < uint32_t(BinaryKind::CompiledObject) || h.kind > uint32_t(BinaryKind::Executable))
    return std::nullopt;
  // The bitcode must come from the same LLVM: newer bitcode may not load.
  if (std::strncmp(h.llvmVersion, CORECL_LLVM_VERSION, sizeof h.llvmVersion) != 0)
    return std::nullopt;
  size_t body = size - sizeof h;
  if (h.optionsSize > body || h.payloadSize != body - h.optionsSize)
    return std::nullopt;
  const char *options = reinterpret_cast<const char *>(data) + sizeof h;
  const char *payload = options + h.optionsSize;
  if (fnv1a(payload, h.payloadSize, fnv1a(options, h.optionsSize)) != h.checksum)
    return std::nullopt;
  ProgramBinary binary;
  binary.kind = BinaryKind(h.kind);
  binary.options.assign(options, h.optionsSize);
  binary.bitcode.assign(payload, h.payloadSize);
  return binary;
}

} // namespace corecl::compiler
