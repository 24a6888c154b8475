// Program binaries are untrusted: counts in their bitcode that LLVM's
// reader allocates for without checking (a type table size, an attribute
// group's index) must be refused by size before the reader sees them, so a
// few bytes cannot make a build ask for gigabytes.
#include "compiler/bitcode_bounds.h"
#include "compiler/compiler.h"

#include <llvm/Bitcode/LLVMBitCodes.h>
#include <llvm/Bitstream/BitstreamWriter.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace corecl::compiler {
namespace {

/// A module block (version 2) holding one sub-block with one record.
std::string moduleWithRecord(unsigned block, unsigned code, llvm::ArrayRef<uint64_t> operands) {
  llvm::SmallVector<char, 256> bytes;
  llvm::BitstreamWriter writer(bytes);
  for (unsigned c : {'B', 'C'})
    writer.Emit(c, 8);
  for (unsigned nibble : {0x0u, 0xCu, 0xEu, 0xDu})
    writer.Emit(nibble, 4);
  writer.EnterSubblock(llvm::bitc::MODULE_BLOCK_ID, 3);
  writer.EmitRecord(llvm::bitc::MODULE_CODE_VERSION, llvm::ArrayRef<uint64_t>{2});
  writer.EnterSubblock(block, 3);
  writer.EmitRecord(code, operands);
  writer.ExitBlock();
  writer.ExitBlock();
  return std::string(bytes.data(), bytes.size());
}

std::string attributeGroup(uint64_t index) {
  // [group id, index, kind 0 (enum attribute), attribute: nounwind]
  return moduleWithRecord(llvm::bitc::PARAMATTR_GROUP_BLOCK_ID,
                          llvm::bitc::PARAMATTR_GRP_CODE_ENTRY,
                          {1, index, 0, llvm::bitc::ATTR_KIND_NO_UNWIND});
}

TEST(BitcodeBounds, CountsPastTheStreamAreFound) {
  auto huge = findImplausibleBitcodeCount(attributeGroup(0xF0000000u));
  ASSERT_TRUE(huge);
  EXPECT_NE(huge->find("attribute index 4026531840"), std::string::npos) << *huge;
  auto types = findImplausibleBitcodeCount(
      moduleWithRecord(llvm::bitc::TYPE_BLOCK_ID_NEW, llvm::bitc::TYPE_CODE_NUMENTRY,
                       {uint64_t(1) << 40}));
  ASSERT_TRUE(types);
  EXPECT_NE(types->find("type table size"), std::string::npos) << *types;
}

TEST(BitcodeBounds, HonestStreamsPass) {
  // A function's own attributes (index ~0u) and a parameter's.
  EXPECT_FALSE(findImplausibleBitcodeCount(attributeGroup(0xFFFFFFFFu)));
  EXPECT_FALSE(findImplausibleBitcodeCount(attributeGroup(2)));
  // What CoreCL itself writes, with types, attributes, blocks and metadata.
  BuildResult built = buildProgram(R"(
    kernel void k(global float *a, local float *t, float s) {
      size_t i = get_global_id(0);
      t[get_local_id(0)] = a[i];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int j = 0; j < 4; ++j)
        if (a[i] > j)
          a[i] = sin(t[get_local_id(0)]) * s + j;
    })",
                                   "-cl-std=CL1.2");
  ASSERT_EQ(built.status, BuildResult::Success) << built.log;
  EXPECT_FALSE(findImplausibleBitcodeCount(built.bitcode));
  // Not bitcode at all, or cut short: left to LLVM's reader.
  EXPECT_FALSE(findImplausibleBitcodeCount("not bitcode"));
  EXPECT_FALSE(findImplausibleBitcodeCount(built.bitcode.substr(0, built.bitcode.size() / 2)));
}

TEST(BitcodeBounds, BinaryWithAHugeAttributeIndexIsAnInvalidBinaryWithALog) {
  // LLVM 19's reader sizes an attribute list by the index: 0xF0000000
  // asked for 32 GB.
  BuildResult result = buildFromBinary(attributeGroup(0xF0000000u), "");
  EXPECT_EQ(result.status, BuildResult::InvalidBinary); // CL_INVALID_BINARY
  EXPECT_NE(result.log.find("invalid program binary: attribute index"), std::string::npos)
      << result.log;
}

} // namespace
} // namespace corecl::compiler
