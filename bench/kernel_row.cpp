#include "kernel_row.h"

namespace bench {

void KernelRow::compile(const Driver &d, const std::string &source, const char *entry,
                        const char *options) {
  d_ = &d;
  program_ = d.build(source.c_str(), options);
  kernel_ = createKernel(program_, entry);
}

void KernelRow::releaseProgram() {
  if (kernel_)
    clReleaseKernel(kernel_);
  if (program_)
    clReleaseProgram(program_);
  kernel_ = nullptr;
  program_ = nullptr;
}

cl_mem KernelRow::buffer(size_t bytes, const void *init) {
  buffers_.push_back(d_->buffer(bytes, init));
  return buffers_.back();
}

void KernelRow::tearDown() {
  for (cl_mem m : buffers_)
    clReleaseMemObject(m);
  buffers_.clear();
  releaseProgram();
}

} // namespace bench
