// Samplers in modules the SPIR-V translator wrote (compiler/spirv.h).
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace corecl::compiler {

/// llvm-spirv-15 gives a sampler as LLVM 15's `opencl.sampler_t
/// addrspace(2)*`, which LLVM 19 reads as `ptr addrspace(2)`, where Clang
/// 19 gives target("spirv.Sampler"): the image lowering
/// (passes/lower_images.cpp) takes the latter. This rewrites the former to
/// what that pass leaves, an i32 of CLK_* bits: the builtins that take a
/// sampler are declared with i32 there (calls pass the pointer's bits), and
/// __translate_sampler_initializer(bits) becomes the bits. A sampler kernel
/// argument stays a pointer-sized slot whose low 32 bits the runtime fills
/// with the sampler's bits.
void lowerTranslatedSamplers(llvm::Module &module);

} // namespace corecl::compiler
