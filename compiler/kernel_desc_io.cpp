#include "compiler/kernel_desc_io.h"

#include <algorithm>
#include <cstring>

namespace corecl::compiler {

void writeU64(std::string &out, uint64_t v) { out.append(reinterpret_cast<const char *>(&v), 8); }

bool readU64(const char *&p, const char *end, uint64_t &v) {
  if (end - p < 8)
    return false;
  std::memcpy(&v, p, 8);
  p += 8;
  return true;
}

void writeBytes(std::string &out, const std::string &bytes) {
  writeU64(out, bytes.size());
  out += bytes;
}

bool readBytes(const char *&p, const char *end, std::string &bytes) {
  uint64_t size;
  if (!readU64(p, end, size) || uint64_t(end - p) < size)
    return false;
  bytes.assign(p, size);
  p += size;
  return true;
}

void writeKernelDescs(std::string &out, const std::vector<KernelDesc> &kernels) {
  writeU64(out, kernels.size());
  for (const KernelDesc &k : kernels) {
    writeBytes(out, k.name);
    writeU64(out, k.args.size());
    for (const KernelArg &a : k.args) {
      writeBytes(out, a.name);
      writeBytes(out, a.typeName);
      writeU64(out, uint64_t(a.kind));
      writeU64(out, uint64_t(a.addressSpace));
      writeU64(out, uint64_t(a.access));
      writeU64(out, a.typeQualifiers);
      writeU64(out, a.size);
      writeU64(out, a.offset);
    }
    writeU64(out, k.argsBlockSize);
    for (int d = 0; d < 3; ++d) {
      writeU64(out, k.reqdWorkGroupSize[d]);
      writeU64(out, k.workGroupSizeHint[d]);
    }
    writeBytes(out, k.vecTypeHint);
    writeBytes(out, k.attributes);
    writeU64(out, k.privateMemSize);
    writeU64(out, uint64_t(k.blockKernel) | uint64_t(k.usesDeviceEnqueue) << 1 |
                      uint64_t(k.mayHaveBarriers) << 2);
  }
}

void writeKernelCode(std::string &out, const KernelCode &code) {
  writeU64(out, code.staticLocalMemSize);
  writeU64(out, code.wiStoragePerItem);
  writeU64(out, code.vectorWidth);
  writeU64(out, code.subGroupWidth);
  writeU64(out, uint64_t(code.hasBarriers) | uint64_t(code.usesPrintf) << 1 |
                    uint64_t(code.readsSubGroupLanes) << 2);
}

bool readKernelCode(const char *&p, const char *end, KernelCode &code) {
  uint64_t width, subGroup, flags;
  if (!readU64(p, end, code.staticLocalMemSize) || !readU64(p, end, code.wiStoragePerItem) ||
      !readU64(p, end, width) || !readU64(p, end, subGroup) || !readU64(p, end, flags) ||
      width == 0 || width > 4096 || subGroup == 0 || subGroup > 128)
    return false;
  code.vectorWidth = uint32_t(width);
  code.subGroupWidth = uint32_t(subGroup);
  code.hasBarriers = flags & 1;
  code.usesPrintf = flags & 2;
  code.readsSubGroupLanes = flags & 4;
  return true;
}

bool readKernelDescs(const char *&p, const char *end, std::vector<KernelDesc> &kernels) {
  uint64_t count, v;
  if (!readU64(p, end, count) || count > 1u << 20)
    return false;
  kernels.resize(count);
  for (KernelDesc &k : kernels) {
    uint64_t args;
    if (!readBytes(p, end, k.name) || !readU64(p, end, args) || args > 1u << 16)
      return false;
    k.args.resize(args);
    for (KernelArg &a : k.args) {
      uint64_t kind, space, access, quals, size, offset;
      if (!readBytes(p, end, a.name) || !readBytes(p, end, a.typeName) ||
          !readU64(p, end, kind) || !readU64(p, end, space) || !readU64(p, end, access) ||
          !readU64(p, end, quals) || !readU64(p, end, size) || !readU64(p, end, offset))
        return false;
      if (kind > uint64_t(ArgKind::Queue) || space > uint64_t(AddressSpace::Generic) ||
          access > uint64_t(AccessQualifier::ReadWrite))
        return false;
      a.kind = ArgKind(kind);
      a.addressSpace = AddressSpace(space);
      a.access = AccessQualifier(access);
      a.typeQualifiers = uint32_t(quals);
      a.size = uint32_t(size);
      a.offset = uint32_t(offset);
    }
    if (!readU64(p, end, v))
      return false;
    k.argsBlockSize = uint32_t(v);
    for (int d = 0; d < 3; ++d)
      if (!readU64(p, end, k.reqdWorkGroupSize[d]) || !readU64(p, end, k.workGroupSizeHint[d]))
        return false;
    if (!readBytes(p, end, k.vecTypeHint) || !readBytes(p, end, k.attributes) ||
        !readU64(p, end, k.privateMemSize) || !readU64(p, end, v))
      return false;
    k.blockKernel = v & 1;
    k.usesDeviceEnqueue = v & 2;
    k.mayHaveBarriers = v & 4;
    // The args block must hold every argument.
    for (const KernelArg &a : k.args)
      if (uint64_t(a.offset) + a.size > k.argsBlockSize)
        return false;
  }
  return true;
}

} // namespace corecl::compiler
