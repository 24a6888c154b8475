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

/// Bytes of the private variables `f` keeps in memory: its static allocas
/// (a work-item's stack use once everything is inlined).
uint64_t staticPrivateBytes(const llvm::Function &f);

/// The reqd_work_group_size of `kernel`'s dimension `d`, or 0 if it has none.
uint64_t requiredWorkGroupSize(const llvm::Function &kernel, unsigned d);

/// The description of one kernel (names, qualifiers, args block layout,
/// attributes) from its front-end metadata.
KernelDesc describeKernel(const llvm::Function &kernel);

/// One KernelDesc per kernel of `module`, in definition order.
std::vector<KernelDesc> describeKernels(const llvm::Module &module);

} // namespace corecl::compiler
