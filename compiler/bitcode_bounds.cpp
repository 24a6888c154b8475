#include "compiler/bitcode_bounds.h"

#include <llvm/Bitcode/LLVMBitCodes.h>
#include <llvm/Bitstream/BitstreamReader.h>
#include <llvm/Support/Error.h>

#include <cstdint>
#include <vector>

namespace corecl::compiler {
namespace {

// Each element the counts below describe (a type, a basic block, a string,
// a parameter) takes at least four bits of the stream (a record's
// abbreviation id and code, or a string's VBR6 length), so a count above
// twice the stream's size in bytes cannot be honest.
uint64_t countLimit(std::string_view bitcode) { return 2 * uint64_t(bitcode.size()); }

/// The counts LLVM 19's BitcodeReader resizes a container to without
/// comparing them with the stream: block id, record code, operand index.
struct CountedRecord {
  unsigned block;
  unsigned code;
  unsigned operand;
  const char *what;
};

constexpr CountedRecord kCountedRecords[] = {
    {llvm::bitc::TYPE_BLOCK_ID_NEW, llvm::bitc::TYPE_CODE_NUMENTRY, 0, "type table size"},
    {llvm::bitc::FUNCTION_BLOCK_ID, llvm::bitc::FUNC_CODE_DECLAREBLOCKS, 0,
     "basic block count"},
    {llvm::bitc::PARAMATTR_GROUP_BLOCK_ID, llvm::bitc::PARAMATTR_GRP_CODE_ENTRY, 1,
     "attribute index"},
    {llvm::bitc::METADATA_BLOCK_ID, llvm::bitc::METADATA_STRINGS, 0, "metadata string count"},
};

// The attribute index of a function's own attributes (AttributeList's
// FunctionIndex as the writer stores it).
constexpr uint64_t kFunctionAttributeIndex = 0xFFFFFFFFu;

std::optional<std::string> checkRecord(unsigned block, unsigned code,
                                       const llvm::SmallVectorImpl<uint64_t> &operands,
                                       uint64_t limit) {
  for (const CountedRecord &r : kCountedRecords) {
    if (r.block != block || r.code != code || operands.size() <= r.operand)
      continue;
    uint64_t value = operands[r.operand];
    if (r.code == llvm::bitc::PARAMATTR_GRP_CODE_ENTRY && value == kFunctionAttributeIndex)
      continue;
    if (value > limit)
      return std::string(r.what) + " " + std::to_string(value) + " is more than a " +
             std::to_string(limit / 2) + "-byte bitcode stream can describe";
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> findImplausibleBitcodeCount(std::string_view bitcode) {
  const uint64_t limit = countLimit(bitcode);
  // Only plain bitcode ('BC' 0xC0DE) is walked; anything else is the
  // reader's to accept or refuse.
  if (bitcode.substr(0, 4) != std::string_view("BC\xC0\xDE", 4))
    return std::nullopt;
  llvm::BitstreamCursor cursor(llvm::StringRef(bitcode.data(), bitcode.size()));
  if (llvm::Error e = cursor.JumpToBit(32)) {
    llvm::consumeError(std::move(e));
    return std::nullopt;
  }

  llvm::BitstreamBlockInfo blockInfo;
  cursor.setBlockInfo(&blockInfo);
  std::vector<unsigned> blocks; // the ids of the blocks the cursor is in
  llvm::SmallVector<uint64_t, 64> operands;
  while (!cursor.AtEndOfStream()) {
    llvm::Expected<llvm::BitstreamEntry> entry = cursor.advance();
    if (!entry) {
      llvm::consumeError(entry.takeError());
      return std::nullopt;
    }
    switch (entry->Kind) {
    case llvm::BitstreamEntry::Error:
      return std::nullopt;
    case llvm::BitstreamEntry::EndBlock:
      if (blocks.empty())
        return std::nullopt;
      blocks.pop_back();
      break;
    case llvm::BitstreamEntry::SubBlock:
      if (entry->ID == llvm::bitc::BLOCKINFO_BLOCK_ID) {
        llvm::Expected<std::optional<llvm::BitstreamBlockInfo>> info =
            cursor.ReadBlockInfoBlock();
        if (!info || !*info) {
          if (!info)
            llvm::consumeError(info.takeError());
          return std::nullopt;
        }
        blockInfo = std::move(**info);
        break;
      }
      if (llvm::Error e = cursor.EnterSubBlock(entry->ID)) {
        llvm::consumeError(std::move(e));
        return std::nullopt;
      }
      blocks.push_back(entry->ID);
      break;
    case llvm::BitstreamEntry::Record: {
      operands.clear();
      llvm::StringRef blob;
      llvm::Expected<unsigned> code = cursor.readRecord(entry->ID, operands, &blob);
      if (!code) {
        llvm::consumeError(code.takeError());
        return std::nullopt;
      }
      if (!blocks.empty())
        if (auto problem = checkRecord(blocks.back(), *code, operands, limit))
          return problem;
      break;
    }
    }
    // Blocks closed at the top level: the stream may end in padding.
    if (blocks.empty() && cursor.getCurrentByteNo() + 4 > bitcode.size())
      break;
  }
  return std::nullopt;
}

} // namespace corecl::compiler
