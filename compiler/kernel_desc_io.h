// Serialisation of KernelDesc and KernelCode for the on-disk cache. Reading checks every
// length against the end of the buffer: a cache file is untrusted input.
#pragma once
#include "compiler/compiler.h"

#include <string>
#include <vector>

namespace corecl::compiler {

void writeKernelDescs(std::string &out, const std::vector<KernelDesc> &kernels);
/// Advances `p`; false if the bytes are malformed.
bool readKernelDescs(const char *&p, const char *end, std::vector<KernelDesc> &kernels);

void writeKernelCode(std::string &out, const KernelCode &code);
/// Advances `p`; false if the bytes are malformed (the entry is ignored).
bool readKernelCode(const char *&p, const char *end, KernelCode &code);

void writeBytes(std::string &out, const std::string &bytes);
bool readBytes(const char *&p, const char *end, std::string &bytes);
void writeU64(std::string &out, uint64_t v);
bool readU64(const char *&p, const char *end, uint64_t &v);

} // namespace corecl::compiler
