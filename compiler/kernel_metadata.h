// Reads the kernels of a front-end module: names, the kernel_arg_*
// metadata, attributes, and the layout of the packed args block.
#pragma once
#include "compiler/compiler.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace corecl::compiler {

bool isKernel(const llvm::Function &f);

/// One KernelDesc per kernel of `module`, in definition order.
std::vector<KernelDesc> describeKernels(const llvm::Module &module);

} // namespace corecl::compiler
