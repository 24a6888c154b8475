#include "compiler/kernel_metadata.h"
#include "compiler/passes/passes.h"

#include <llvm/IR/CallingConv.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MathExtras.h>

#include <optional>

namespace corecl::compiler {
namespace {

std::string stringOperand(const llvm::MDNode *node, unsigned i) {
  if (!node || i >= node->getNumOperands())
    return "";
  if (auto *s = llvm::dyn_cast_or_null<llvm::MDString>(node->getOperand(i)))
    return s->getString().str();
  return "";
}

uint64_t intOperand(const llvm::MDNode *node, unsigned i) {
  if (!node || i >= node->getNumOperands())
    return 0;
  if (auto *c = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(node->getOperand(i)))
    return c->getZExtValue();
  return 0;
}

AddressSpace addressSpaceOf(uint64_t spirAddressSpace) {
  switch (spirAddressSpace) {
  case 1: return AddressSpace::Global;
  case 2: return AddressSpace::Constant;
  case 3: return AddressSpace::Local;
  case 4: return AddressSpace::Generic;
  default: return AddressSpace::Private;
  }
}

AccessQualifier accessOf(const std::string &q) {
  if (q == "read_only")
    return AccessQualifier::ReadOnly;
  if (q == "write_only")
    return AccessQualifier::WriteOnly;
  if (q == "read_write")
    return AccessQualifier::ReadWrite;
  return AccessQualifier::None;
}

uint32_t qualifiersOf(const std::string &q) {
  uint32_t bits = 0;
  if (q.find("const") != std::string::npos)
    bits |= kConst;
  if (q.find("restrict") != std::string::npos)
    bits |= kRestrict;
  if (q.find("volatile") != std::string::npos)
    bits |= kVolatile;
  if (q.find("pipe") != std::string::npos)
    bits |= kPipe;
  return bits;
}

} // namespace

bool isKernel(const llvm::Function &f) {
  return !f.isDeclaration() && f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL;
}

uint64_t staticPrivateBytes(const llvm::Function &f) {
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  uint64_t bytes = 0;
  for (const llvm::Instruction &inst : f.getEntryBlock())
    if (const auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst))
      if (std::optional<llvm::TypeSize> size = alloca->getAllocationSize(layout))
        if (!size->isScalable())
          bytes += size->getFixedValue();
  return bytes;
}

uint64_t requiredWorkGroupSize(const llvm::Function &kernel, unsigned d) {
  return intOperand(kernel.getMetadata("reqd_work_group_size"), d);
}

std::vector<KernelDesc> describeKernels(const llvm::Module &module) {
  std::vector<KernelDesc> kernels;
  for (const llvm::Function &f : module)
    if (isKernel(f))
      kernels.push_back(describeKernel(f));
  return kernels;
}

namespace {

/// OpenCL C's image types, as kernel_arg_base_type names them.
bool isImageTypeName(const std::string &name) {
  static const char *const kImages[] = {"image1d_t",
                                        "image1d_array_t",
                                        "image1d_buffer_t",
                                        "image2d_t",
                                        "image2d_array_t",
                                        "image2d_depth_t",
                                        "image2d_array_depth_t",
                                        "image2d_msaa_t",
                                        "image2d_array_msaa_t",
                                        "image2d_msaa_depth_t",
                                        "image2d_array_msaa_depth_t",
                                        "image3d_t"};
  for (const char *image : kImages)
    if (name == image)
      return true;
  return false;
}

/// An argument's place in the args block: its size and alignment, and
/// how the runtime fills it (ArgKind). `baseType` is its
/// kernel_arg_base_type: once lower_images.cpp has run, an image is a
/// global pointer and a sampler an i32, and only the name tells them from
/// a buffer and an int.
void layOutArgument(const llvm::Argument &a, const llvm::DataLayout &layout,
                    const std::string &baseType, KernelArg &arg, uint64_t &size, uint64_t &align) {
  llvm::Type *type = a.getType();
  bool image = isImageTypeName(baseType) && (type->isPointerTy() || type->isTargetExtTy());
  // A pointer too in SPIR-V's modules (compiler/spirv_samplers.h).
  bool sampler = baseType == "sampler_t" &&
                 (type->isIntegerTy(32) || type->isTargetExtTy() || type->isPointerTy());
  if (image) {
    // A pointer to its corecl_image (include/corecl/image_abi.h).
    size = align = 8;
    arg.kind = ArgKind::Image;
  } else if (arg.typeQualifiers & kPipe) {
    // The address of its corecl_pipe (include/corecl/pipe_abi.h).
    size = align = 8;
    arg.kind = ArgKind::Pipe;
  } else if (baseType == "queue_t" && type->isPointerTy()) {
    // The handle of an on-device queue (lowered by lower_images.cpp).
    size = align = 8;
    arg.kind = ArgKind::Queue;
  } else if (sampler) {
    // The CLK_* bits (in the low half of a pointer-sized slot for a
    // pointer-typed sampler, the rest zero).
    size = align = type->isPointerTy() ? 8 : 4;
    arg.kind = ArgKind::Sampler;
  } else if (llvm::Type *byval = a.getParamByValType()) {
    // Structs by value: the args block holds the bytes themselves.
    size = layout.getTypeAllocSize(byval);
    align = layout.getABITypeAlign(byval).value();
    arg.kind = ArgKind::Value;
  } else if (type->isPointerTy()) {
    size = align = 8;
    arg.kind = arg.addressSpace == AddressSpace::Local ? ArgKind::LocalPointer : ArgKind::Buffer;
  } else if (type->isTargetExtTy()) {
    size = align = 8;
    arg.kind =
        arg.typeName.find("sampler") != std::string::npos ? ArgKind::Sampler : ArgKind::Image;
  } else {
    size = layout.getTypeAllocSize(type);
    align = layout.getABITypeAlign(type).value();
    arg.kind = ArgKind::Value;
  }
}

/// The arguments as the API reports them (kernel_arg_* metadata) and their
/// offsets in the args block, whose size ends 16-byte aligned.
void describeArguments(const llvm::Function &f, KernelDesc &desc) {
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  const llvm::MDNode *addrSpaces = f.getMetadata("kernel_arg_addr_space");
  const llvm::MDNode *access = f.getMetadata("kernel_arg_access_qual");
  const llvm::MDNode *types = f.getMetadata("kernel_arg_type");
  const llvm::MDNode *baseTypes = f.getMetadata("kernel_arg_base_type");
  const llvm::MDNode *qualifiers = f.getMetadata("kernel_arg_type_qual");
  const llvm::MDNode *names = f.getMetadata("kernel_arg_name");
  uint64_t offset = 0;
  for (const llvm::Argument &a : f.args()) {
    unsigned i = a.getArgNo();
    KernelArg arg;
    arg.name = stringOperand(names, i);
    arg.typeName = stringOperand(types, i);
    arg.addressSpace = addressSpaceOf(intOperand(addrSpaces, i));
    arg.access = accessOf(stringOperand(access, i));
    arg.typeQualifiers = qualifiersOf(stringOperand(qualifiers, i));
    uint64_t size, align;
    std::string baseType = stringOperand(baseTypes, i);
    layOutArgument(a, layout, baseType.empty() ? arg.typeName : baseType, arg, size, align);
    offset = llvm::alignTo(offset, align);
    arg.offset = uint32_t(offset);
    arg.size = uint32_t(size);
    offset += size;
    desc.args.push_back(std::move(arg));
  }
  desc.argsBlockSize = uint32_t(llvm::alignTo(offset, 16));
}

/// The OpenCL C name of vec_type_hint's type (operand 0 is an undef of
/// the hinted type, operand 1 its signedness), or "" if not a hint type.
std::string vecTypeHintName(const llvm::MDNode *vec) {
  auto *v = llvm::dyn_cast<llvm::ValueAsMetadata>(vec->getOperand(0));
  if (!v)
    return "";
  llvm::Type *t = v->getType();
  unsigned lanes = 1;
  if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t)) {
    lanes = vt->getNumElements();
    t = vt->getElementType();
  }
  bool isSigned = intOperand(vec, 1) != 0;
  std::string name;
  if (t->isFloatTy())
    name = "float";
  else if (t->isDoubleTy())
    name = "double";
  else if (t->isHalfTy())
    name = "half";
  else if (t->isIntegerTy(8))
    name = isSigned ? "char" : "uchar";
  else if (t->isIntegerTy(16))
    name = isSigned ? "short" : "ushort";
  else if (t->isIntegerTy(32))
    name = isSigned ? "int" : "uint";
  else if (t->isIntegerTy(64))
    name = isSigned ? "long" : "ulong";
  if (lanes > 1)
    name += std::to_string(lanes);
  return name;
}

/// reqd_work_group_size, work_group_size_hint and vec_type_hint.
void readAttributes(const llvm::Function &f, KernelDesc &desc) {
  if (const llvm::MDNode *reqd = f.getMetadata("reqd_work_group_size"))
    for (unsigned d = 0; d < 3; ++d)
      desc.reqdWorkGroupSize[d] = intOperand(reqd, d);
  if (const llvm::MDNode *hint = f.getMetadata("work_group_size_hint"))
    for (unsigned d = 0; d < 3; ++d)
      desc.workGroupSizeHint[d] = intOperand(hint, d);
  if (const llvm::MDNode *vec = f.getMetadata("vec_type_hint"))
    desc.vecTypeHint = vecTypeHintName(vec);
}

/// "x,y,z" of a size attribute.
std::string sizeTriple(const uint64_t size[3]) {
  return std::to_string(size[0]) + "," + std::to_string(size[1]) + "," + std::to_string(size[2]);
}

/// CL_KERNEL_ATTRIBUTES: the attributes as written in the source.
std::string attributeString(const KernelDesc &desc) {
  std::string attrs;
  auto add = [&](const std::string &a) { attrs += (attrs.empty() ? "" : " ") + a; };
  if (desc.reqdWorkGroupSize[0])
    add("reqd_work_group_size(" + sizeTriple(desc.reqdWorkGroupSize) + ")");
  if (desc.workGroupSizeHint[0])
    add("work_group_size_hint(" + sizeTriple(desc.workGroupSizeHint) + ")");
  if (!desc.vecTypeHint.empty())
    add("vec_type_hint(" + desc.vecTypeHint + ")");
  return attrs;
}

} // namespace

KernelDesc describeKernel(const llvm::Function &f) {
  KernelDesc desc;
  desc.name = f.getName().str();
  describeArguments(f, desc);
  readAttributes(f, desc);
  desc.attributes = attributeString(desc);
  desc.blockKernel = f.getMetadata(kBlockKernelMetadata) != nullptr;
  return desc;
}

} // namespace corecl::compiler
