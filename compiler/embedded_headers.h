// Headers compiled into libCoreCL.so (Clang's opencl-c-base.h), served to
// the front end from memory.
#pragma once
#include <cstddef>
#include <vector>

namespace corecl::compiler {

struct EmbeddedFile {
  const char *name;
  const char *data;
  size_t size;
};

const std::vector<EmbeddedFile> &embeddedHeaders();

} // namespace corecl::compiler
