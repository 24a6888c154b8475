// Step 4 of work-group formation: the work-group function.
//
//   void K.wg(const void *args, const corecl_wg_ctx *ctx)
//
// loads the kernel arguments from the packed args block once, then for each
// work-group of the slice [group_begin, group_end) runs the region functions
// in loops over the work-items (z, y, x; x innermost). The region bodies are
// inlined, and the x loop is marked parallel (llvm.loop.parallel_accesses)
// so that LLVM's loop vectoriser packs consecutive work-items into SIMD
// lanes: work-items of one region never depend on each other.
#include "compiler/compiler.h"
#include "compiler/kernel_metadata.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/row_guard.h"
#include "compiler/passes/sub_group_lanes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DIBuilder.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/LowerAtomic.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

namespace corecl::compiler {
namespace {

using BodyFn = std::function<void(llvm::IRBuilder<> &, llvm::Value *)>;

/// Emits `for (iv = 0; iv < count; ++iv) body(iv)` as a do-while loop
/// (count is at least 1) at the builder's position; leaves the builder in
/// the exit block. Returns the loop's latch branch for metadata.
llvm::BranchInst *emitLoop(llvm::IRBuilder<> &b, llvm::Value *count, const char *name,
                           const BodyFn &body) {
  llvm::Function *f = b.GetInsertBlock()->getParent();
  llvm::LLVMContext &context = f->getContext();
  llvm::BasicBlock *pre = b.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(context, std::string(name) + ".loop", f);
  auto *exit = llvm::BasicBlock::Create(context, std::string(name) + ".exit", f);
  b.CreateBr(header);
  b.SetInsertPoint(header);
  llvm::PHINode *iv = b.CreatePHI(b.getInt64Ty(), 2, name);
  iv->addIncoming(b.getInt64(0), pre);
  body(b, iv);
  llvm::Value *next = b.CreateAdd(iv, b.getInt64(1), std::string(name) + ".next", true, true);
  llvm::BranchInst *latch = b.CreateCondBr(b.CreateICmpULT(next, count), header, exit);
  iv->addIncoming(next, b.GetInsertBlock());
  b.SetInsertPoint(exit);
  return latch;
}

/// `if (count != 0) body()`, leaving the builder in a block after it,
/// reached either way: `skipped` is the edge that ran nothing, `ran` the
/// one that ran the body. `what` names the body's first block.
void emitIfNonZero(llvm::IRBuilder<> &b, llvm::Value *count, const std::string &what,
                   const std::function<void(llvm::IRBuilder<> &)> &body, llvm::BasicBlock *&skipped,
                   llvm::BasicBlock *&ran) {
  llvm::Function *f = b.GetInsertBlock()->getParent();
  auto *first = llvm::BasicBlock::Create(b.getContext(), what, f);
  auto *after =
      llvm::BasicBlock::Create(b.getContext(), what.substr(0, what.rfind('.')) + ".after", f);
  skipped = b.GetInsertBlock();
  b.CreateCondBr(b.CreateICmpEQ(count, b.getInt64(0)), after, first);
  b.SetInsertPoint(first);
  body(b);
  ran = b.GetInsertBlock();
  b.CreateBr(after);
  b.SetInsertPoint(after);
}

/// As emitLoop, for a count that may be 0 (emitIfNonZero's blocks).
llvm::BranchInst *emitLoopMaybeEmpty(llvm::IRBuilder<> &b, llvm::Value *count, const char *name,
                                     const BodyFn &body, llvm::BasicBlock *&skipped,
                                     llvm::BasicBlock *&ran) {
  llvm::BranchInst *latch = nullptr;
  emitIfNonZero(
      b, count, std::string(name) + ".pre",
      [&](llvm::IRBuilder<> &b) { latch = emitLoop(b, count, name, body); }, skipped, ran);
  return latch;
}

/// Keeps `f` a function its callers call (attr::kOutlined): not inlined,
/// by this pass or by LLVM's inliner later.
void keepAsCall(llvm::Function &f) {
  f.removeFnAttr(llvm::Attribute::AlwaysInline);
  f.addFnAttr(llvm::Attribute::NoInline);
}

llvm::Value *ctxField(llvm::IRBuilder<> &b, llvm::Value *ctx, unsigned field, int dim,
                      const llvm::Twine &name) {
  auto *type = wgContextType(b.getContext());
  llvm::Value *addr = b.CreateConstInBoundsGEP2_32(type, ctx, 0, field);
  llvm::Type *valueType = b.getInt64Ty();
  if (dim >= 0)
    addr = b.CreateConstInBoundsGEP1_32(b.getInt64Ty(), addr, unsigned(dim));
  else if (field == ctxfield::WorkDim || field == ctxfield::SubGroupWidth)
    valueType = b.getInt32Ty();
  else if (field == ctxfield::LocalArena || field == ctxfield::WiStorage ||
           field == ctxfield::PrintfBuffer)
    valueType = b.getPtrTy();
  auto *load = b.CreateLoad(valueType, addr, name);
  load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(b.getContext(), {}));
  return load;
}

/// Whether the launch's sub-group width is `width`.
llvm::Value *subGroupsOf(llvm::IRBuilder<> &b, llvm::Value *ctx, unsigned width) {
  llvm::Value *launchWidth = ctxField(b, ctx, ctxfield::SubGroupWidth, -1, "sub_group.width");
  return b.CreateICmpEQ(launchWidth, b.getInt32(width), "sub_group.on");
}

/// How many packets of `width` lanes run in a row of `size` work-items:
/// all that fit, but for a packet whose lanes are one sub-group
/// (sub_group_lanes.h; `on` is subGroupsOf's answer, null for other
/// packets) none unless the launch's sub-group width is the packet's (the
/// runtime chooses it only where it divides every row or groups are single
/// rows), so that the region then runs one work-item at a time, with
/// sub-groups of one.
llvm::Value *packetsPerRow(llvm::IRBuilder<> &b, llvm::Value *size, unsigned width,
                           llvm::Value *on) {
  llvm::Value *packets = b.CreateUDiv(size, b.getInt64(width), "packets");
  if (!on)
    return packets;
  return b.CreateSelect(on, packets, b.getInt64(0), "packets");
}

/// Loads parameter `arg` of the kernel from the args block.
llvm::Value *loadArgument(llvm::IRBuilder<> &b, llvm::Argument &param, const KernelArg &desc,
                          llvm::Value *args, llvm::Value *arena) {
  llvm::Value *slot = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), args, desc.offset);
  llvm::Type *type = param.getType();
  if (param.hasByValAttr())
    return b.CreateAddrSpaceCast(slot, type); // the bytes are the value
  if (desc.kind == ArgKind::LocalPointer) {
    llvm::Value *offset = b.CreateLoad(b.getInt64Ty(), slot, param.getName() + ".offset");
    llvm::Value *addr = b.CreateInBoundsGEP(b.getInt8Ty(), arena, offset);
    return b.CreateAddrSpaceCast(addr, type, param.getName());
  }
  if (type->isPointerTy() || type->isTargetExtTy()) {
    llvm::Value *p = b.CreateLoad(b.getPtrTy(), slot, param.getName());
    return type->isPointerTy() ? b.CreateAddrSpaceCast(p, type) : llvm::UndefValue::get(type);
  }
  auto *load = b.CreateLoad(type, slot, param.getName());
  load->setAlignment(llvm::Align(1));
  return load;
}

/// Marks memory accesses of the inlined work-item code as independent
/// across iterations of the work-item loop, except private memory that
/// the inliner hoisted into shared stack slots.
void tagParallelAccesses(const std::vector<llvm::BasicBlock *> &blocks, llvm::MDNode *group) {
  for (llvm::BasicBlock *bb : blocks)
    for (llvm::Instruction &inst : *bb) {
      if (!inst.mayReadOrWriteMemory())
        continue;
      llvm::Value *ptr = nullptr;
      if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
        ptr = load->getPointerOperand();
      else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
        ptr = store->getPointerOperand();
      if (ptr && llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(ptr)))
        continue;
      inst.setMetadata(llvm::LLVMContext::MD_access_group, group);
    }
}

/// Whether `ptr` is a __local address: in the local address space, or a
/// generic pointer made from one (OpenCL C 3.0's atomic functions take
/// generic pointers, so a __local atomic reaches here cast to generic; in a
/// packet, as a lane of a vector of such pointers).
bool isLocalAddress(const llvm::Value *ptr) {
  while (true) {
    if (ptr->getType()->getPointerAddressSpace() == kLocalAddressSpace)
      return true;
    if (auto *cast = llvm::dyn_cast<llvm::AddrSpaceCastOperator>(ptr))
      ptr = cast->getPointerOperand();
    else if (auto *gep = llvm::dyn_cast<llvm::GEPOperator>(ptr))
      ptr = gep->getPointerOperand();
    else if (auto *lane = llvm::dyn_cast<llvm::ExtractElementInst>(ptr))
      ptr = lane->getVectorOperand();
    else
      return false;
  }
}

/// A work-group runs on one thread from start to end, so nothing else can
/// touch its local memory meanwhile: atomics on local memory become plain
/// loads and stores (a locked instruction costs tens of cycles). They get no
/// access-group tag: work-items of a region may update the same counter, so
/// the vectoriser must see the dependence and leave such loops scalar.
void lowerLocalAtomics(const std::vector<llvm::BasicBlock *> &blocks) {
  std::vector<llvm::Instruction *> atomics;
  for (llvm::BasicBlock *bb : blocks)
    for (llvm::Instruction &inst : *bb) {
      llvm::Value *ptr = nullptr;
      if (auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&inst))
        ptr = rmw->getPointerOperand();
      else if (auto *cmpxchg = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&inst))
        ptr = cmpxchg->getPointerOperand();
      if (ptr && isLocalAddress(ptr))
        atomics.push_back(&inst);
    }
  for (llvm::Instruction *inst : atomics) {
    if (auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(inst))
      llvm::lowerAtomicRMWInst(rmw);
    else
      llvm::lowerAtomicCmpXchgInst(llvm::cast<llvm::AtomicCmpXchgInst>(inst));
  }
}

/// The pairs of numbers in a region's `key` attribute, "a:b,c:d,...".
std::vector<std::pair<uint64_t, uint64_t>> numberPairs(llvm::Function &region, const char *key) {
  std::vector<std::pair<uint64_t, uint64_t>> pairs;
  if (!region.hasFnAttribute(key))
    return pairs;
  llvm::StringRef list = region.getFnAttribute(key).getValueAsString();
  while (!list.empty()) {
    auto [entry, rest] = list.split(',');
    list = rest;
    auto [first, second] = entry.split(':');
    uint64_t a = 0, b = 0;
    first.getAsInteger(10, a);
    second.getAsInteger(10, b);
    pairs.emplace_back(a, b);
  }
  return pairs;
}

/// After the work-items ran `region`: the uniform values it defined move
/// from their next copies to their current copies (barrier_regions.cpp).
void commitUniformValues(llvm::IRBuilder<> &b, llvm::Function &region, llvm::Value *wiStorage,
                         llvm::Value *items) {
  auto commits = numberPairs(region, attr::kUniformCommit);
  if (commits.empty())
    return;
  for (auto [offset, size] : commits) {
    llvm::Value *current =
        b.CreateInBoundsGEP(b.getInt8Ty(), wiStorage, b.CreateMul(items, b.getInt64(offset)));
    llvm::Value *next = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), current, size);
    b.CreateMemCpy(current, llvm::MaybeAlign(), next, llvm::MaybeAlign(), size);
  }
}

/// The group ids of the slice's `linear`-th group (x fastest).
void splitGroupIndex(llvm::IRBuilder<> &b, llvm::Value *linear, llvm::Value *const numGroups[3],
                     llvm::Value *groupId[3]) {
  groupId[0] = b.CreateURem(linear, numGroups[0], "group.x");
  llvm::Value *rest = b.CreateUDiv(linear, numGroups[0]);
  groupId[1] = b.CreateURem(rest, numGroups[1], "group.y");
  groupId[2] = b.CreateUDiv(rest, numGroups[1], "group.z");
}

constexpr uint64_t kGroupStrip = 8;

/// The group ids of the slice's `linear`-th group in column strips of
/// `strip` groups: x fastest within a strip's row, then y, then the next
/// strip (the last strip narrower when the strips do not divide x).
void splitGroupIndexInStrips(llvm::IRBuilder<> &b, llvm::Value *linear,
                             llvm::Value *const numGroups[3], uint64_t strip,
                             llvm::Value *groupId[3]) {
  llvm::Value *plane = b.CreateMul(numGroups[0], numGroups[1]);
  groupId[2] = b.CreateUDiv(linear, plane, "group.z");
  llvm::Value *rest = b.CreateURem(linear, plane);
  llvm::Value *width = b.getInt64(strip);
  llvm::Value *fullStrips = b.CreateUDiv(numGroups[0], width);
  llvm::Value *inFull = b.CreateMul(b.CreateMul(fullStrips, width), numGroups[1]);
  llvm::Value *last = b.CreateICmpUGE(rest, inFull);
  // In the last, narrower strip: its width (never 0 when reached).
  llvm::Value *lastWidth = b.CreateSub(numGroups[0], b.CreateMul(fullStrips, width));
  llvm::Value *w = b.CreateSelect(
      last, b.CreateSelect(b.CreateICmpEQ(lastWidth, b.getInt64(0)), b.getInt64(1), lastWidth),
      width);
  llvm::Value *stripIndex =
      b.CreateSelect(last, fullStrips, b.CreateUDiv(rest, b.CreateMul(width, numGroups[1])));
  llvm::Value *within = b.CreateSelect(last, b.CreateSub(rest, inFull),
                                       b.CreateURem(rest, b.CreateMul(width, numGroups[1])));
  groupId[1] = b.CreateUDiv(within, w, "group.y");
  groupId[0] = b.CreateAdd(b.CreateMul(stripIndex, width), b.CreateURem(within, w), "group.x");
}

/// With a packet (group_packets.cpp): when the enqueued local size is 1,
/// the groups of the slice run here, `width` consecutive ones of a row at
/// a time through the packet and the rest one by one, and the work-group
/// function ends; otherwise it goes on to the general loops. The scalar
/// calls are added to `inlined` (they are inlined at the end).
/// A packet of one lane is called for every group.
void emitGroupPackets(llvm::IRBuilder<> &b, const Regions &regions,
                      const std::vector<llvm::Value *> &kernelArgs, llvm::Value *ctx,
                      llvm::Value *wiStorage, llvm::Value *begin, llvm::Value *count,
                      llvm::Value *const numGroups[3], llvm::Value *const enqueued[3],
                      llvm::BasicBlock *exit, std::vector<llvm::CallInst *> &inlined) {
  llvm::LLVMContext &context = b.getContext();
  llvm::Function *wg = b.GetInsertBlock()->getParent();
  llvm::Function *scalar = regions.functions[0];
  auto *loop = llvm::BasicBlock::Create(context, "packets", wg);
  auto *whole = llvm::BasicBlock::Create(context, "packet", wg);
  auto *single = llvm::BasicBlock::Create(context, "packet.single", wg);
  auto *next = llvm::BasicBlock::Create(context, "packets.next", wg);
  auto *general = llvm::BasicBlock::Create(context, "groups.general", wg);
  llvm::Value *ones =
      b.CreateICmpEQ(b.CreateMul(b.CreateMul(enqueued[0], enqueued[1]), enqueued[2]),
                     b.getInt64(1), "groups.of.one");
  llvm::BasicBlock *before = b.GetInsertBlock();
  b.CreateCondBr(ones, loop, general);
  b.SetInsertPoint(loop);
  llvm::PHINode *g = b.CreatePHI(b.getInt64Ty(), 2, "packet.group");
  g->addIncoming(b.getInt64(0), before);
  llvm::Value *linear = b.CreateAdd(begin, g);
  llvm::Value *groupId[3];
  splitGroupIndex(b, linear, numGroups, groupId);
  llvm::Value *width = b.getInt64(regions.packetWidth);
  // One lane (group_packets.cpp's single-group copy) always fits.
  bool oneLane = regions.packetWidth == 1;
  if (oneLane)
    b.CreateBr(whole);
  else
    b.CreateCondBr(b.CreateAnd(b.CreateICmpULE(b.CreateAdd(g, width), count),
                               b.CreateICmpULE(b.CreateAdd(groupId[0], width), numGroups[0])),
                   whole, single);
  std::vector<llvm::Value *> callArgs = kernelArgs;
  callArgs.push_back(ctx);
  llvm::Value *zero = b.getInt64(0), *one = b.getInt64(1);
  callArgs.insert(callArgs.end(),
                  {groupId[0], groupId[1], groupId[2], zero, zero, zero, one, one, one, wiStorage});
  // A long straight-line body's packet and its scalar copy stay calls
  // (attr::kOutlined).
  bool outlined = regions.packet->hasFnAttribute(attr::kOutlined);
  if (outlined)
    for (llvm::Function *f : {regions.packet, scalar})
      keepAsCall(*f);
  b.SetInsertPoint(whole);
  b.CreateCall(regions.packet, callArgs);
  b.CreateBr(next);
  llvm::Value *step = width;
  if (oneLane) {
    single->eraseFromParent();
  } else {
    b.SetInsertPoint(single);
    llvm::CallInst *call = b.CreateCall(scalar, callArgs);
    if (!outlined)
      inlined.push_back(call);
    b.CreateBr(next);
  }
  b.SetInsertPoint(next);
  if (!oneLane) {
    llvm::PHINode *steps = b.CreatePHI(b.getInt64Ty(), 2, "packet.step");
    steps->addIncoming(width, whole);
    steps->addIncoming(one, single);
    step = steps;
  }
  llvm::Value *after = b.CreateAdd(g, step);
  g->addIncoming(after, next);
  b.CreateCondBr(b.CreateICmpULT(after, count), loop, exit);
  b.SetInsertPoint(general);
}

/// A packet of a region and its lanes.
struct PacketTier {
  llvm::Function *packet;
  unsigned width;
};

/// A function with the region's parameters (its local ids ignored) that
/// runs every full packet of every row of the group (of every column, for
/// a packet whose lanes run along y), with `tiers` inlined: its uniform
/// loads leave the loops, and the region costs one call. A call per row
/// cost the tiled SGEMM 16x16, two packets a row, a quarter of its time
/// (each call set its packets up again). `tiers` holds the region's
/// packets widest first, each a multiple of the next (packet_width.h,
/// latencyPacketWidth): a row runs as many of the widest as fit, then of
/// the next, down to the narrowest, whose width is the row's unit. Returns
/// the last packet's region result (poison for rows shorter than a
/// packet). Like the packet, it is left out of the work-item loops'
/// scalariser (attr::kPacketWidth). `maxPackets`: the most packets of the
/// narrowest a row holds (reqd_work_group_size), or 0 when the group's
/// size is not known.
llvm::Function *packetRows(const std::vector<PacketTier> &tiers, unsigned dimension,
                           llvm::Function *bound, uint64_t maxPackets) {
  llvm::Function &packet = *tiers.back().packet;
  const unsigned width = tiers.back().width;
  llvm::LLVMContext &context = packet.getContext();
  llvm::Function *rows =
      llvm::Function::Create(packet.getFunctionType(), llvm::GlobalValue::InternalLinkage,
                             packet.getName() + ".rows", packet.getParent());
  rows->copyAttributesFrom(&packet);
  // Scheduled for register pressure where the packet has loops (tiles and
  // accumulators kept across a multiply's steps: CLBlast's Xgemm, a naive
  // SGEMM's k loop, 6.7 -> 11.9 ms in source order; llvm_init.cpp); a
  // loop-free packet keeps source order, in which long chains of integer
  // operations (clpeak's int kernels as packets) ran three times as fast.
  {
    llvm::DominatorTree dominators(packet);
    if (!llvm::LoopInfo(dominators).empty())
      rows->addFnAttr(attr::kPressureScheduling);
  }
  WorkItemParams params{unsigned(packet.arg_size() - WorkItemParams::kCount)};
  unsigned across = 1 - dimension; // the dimension the rows follow one another in
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", rows));
  // A sub-group packet's rows keep its attribute (copyAttributesFrom above).
  llvm::Value *count = packetsPerRow(b, rows->getArg(params.localSize(dimension)), width,
                                     packet.hasFnAttribute(attr::kSubGroupPacket)
                                         ? subGroupsOf(b, rows->getArg(params.ctx()), width)
                                         : nullptr);
  std::vector<llvm::CallInst *> boundCalls;
  std::vector<llvm::CallInst *> calls;
  llvm::Value *result = nullptr;
  std::vector<llvm::BranchInst *> latches;
  std::vector<llvm::BranchInst *> rowLatches;
  rowLatches.push_back(emitLoop(
      b, rows->getArg(params.localSize(2)), "lid.z", [&](llvm::IRBuilder<> &b, llvm::Value *z) {
        rowLatches.push_back(emitLoop(
            b, rows->getArg(params.localSize(across)), across ? "lid.y" : "lid.x",
            [&](llvm::IRBuilder<> &b, llvm::Value *other) {
              std::vector<llvm::Value *> args;
              for (llvm::Argument &arg : rows->args())
                args.push_back(&arg);
              args[params.localId(2)] = z;
              args[params.localId(across)] = other;
              llvm::Value *run = count;
              if (bound) {
                // The row stops at its first packet wholly past the work-items
                // its guard lets through (row_guard.h), but runs one packet at
                // least: the region result is the last packet's.
                boundCalls.push_back(b.CreateCall(bound, args, "active"));
                llvm::Value *full = b.CreateMul(count, b.getInt64(width));
                llvm::Value *active =
                    b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, boundCalls.back(), full);
                llvm::Value *needed = b.CreateUDiv(b.CreateAdd(active, b.getInt64(width - 1)),
                                                   b.getInt64(width), "packets.needed");
                llvm::Value *some =
                    b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, count, b.getInt64(1));
                run = b.CreateBinaryIntrinsic(llvm::Intrinsic::umax, needed, some, nullptr,
                                              "packets.run");
              }
              llvm::Type *resultType = rows->getReturnType();
              if (!resultType->isVoidTy())
                result = llvm::PoisonValue::get(resultType);
              // Packets of the narrowest width run so far in this row.
              llvm::Value *done = b.getInt64(0);
              for (const PacketTier &tier : tiers) {
                llvm::BasicBlock *skipped = nullptr, *ran = nullptr;
                llvm::CallInst *call = nullptr;
                const unsigned factor = tier.width / width;
                llvm::Value *tierRuns = nullptr; // how many packets this tier ran
                if (maxPackets == 1) {
                  // A row of one packet: no loop, whose invariants LLVM would
                  // hoist to the row loop, where they all live at once (CLBlast's
                  // XgemmDirect, 8x8 groups, lanes along y: the tile's 32
                  // broadcasts of A spilled around its multiply-adds).
                  std::vector<llvm::Value *> packetArgs = args;
                  packetArgs[params.localId(dimension)] = b.getInt64(0);
                  emitIfNonZero(
                      b, run, "packet.once",
                      [&](llvm::IRBuilder<> &b) { call = b.CreateCall(tier.packet, packetArgs); },
                      skipped, ran);
                } else {
                  llvm::Value *start = done;
                  llvm::Value *n = b.CreateUDiv(b.CreateSub(run, start), b.getInt64(factor),
                                                "packets." + std::to_string(tier.width));
                  latches.push_back(emitLoopMaybeEmpty(
                      b, n, "packet",
                      [&](llvm::IRBuilder<> &b, llvm::Value *p) {
                        std::vector<llvm::Value *> packetArgs = args;
                        llvm::Value *first = b.CreateAdd(start, b.CreateMul(p, b.getInt64(factor)));
                        packetArgs[params.localId(dimension)] =
                            b.CreateMul(first, b.getInt64(width), dimension ? "lid.y" : "lid.x");
                        call = b.CreateCall(tier.packet, packetArgs);
                      },
                      skipped, ran));
                  tierRuns = n;
                }
                calls.push_back(call);
                if (result) {
                  llvm::PHINode *phi = b.CreatePHI(resultType, 2, "result");
                  phi->addIncoming(result, skipped);
                  phi->addIncoming(call, ran);
                  result = phi;
                }
                if (tierRuns && &tier != &tiers.back())
                  done = b.CreateAdd(done, b.CreateMul(tierRuns, b.getInt64(factor)));
              }
            }));
      }));
  if (result)
    b.CreateRet(result);
  else
    b.CreateRetVoid();
  // The packet's lanes are work-items of one group, whose atomics it runs
  // lane by lane in lane order on the group's thread: those on local memory
  // need no lock (the bench's histogram of local atomics as region packets:
  // 0.95x -> 3.5x PoCL, as fast as the work-item loops).
  for (const PacketTier &tier : tiers) {
    std::vector<llvm::BasicBlock *> blocks;
    for (llvm::BasicBlock &bb : *tier.packet)
      blocks.push_back(&bb);
    lowerLocalAtomics(blocks);
  }
  // One packet per step, whether or not it has loops of its own: four
  // copies of a loop-free packet side by side (to keep four chains of
  // dependent operations in flight) were no faster on Zen 4 (the tiled
  // SGEMM 16x16 18.7-20.4 ms against 16.7-16.8 with one; the scan 7.5 against
  // 7.2) and built four copies and a remainder (a packet of the bench's
  // math-heavy kernel: cold build 290 -> 790 ms). On Zen 3 four were
  // faster with the compiler of the seventeenth session (SGEMM 16x16
  // 109-112 ms against 129-171), not measured since.
  //
  // The packet is vector code already: the loop vectoriser has nothing to
  // widen in its loop, and its memory-dependence checks on a long packet
  // grew faster than quadratically (a 2,000-statement packet: minutes in
  // SCEV predicate comparisons).
  llvm::SmallVector<llvm::Metadata *, 2> ops = {
      nullptr, llvm::MDNode::get(context, {llvm::MDString::get(context, "llvm.loop.vectorize.enable"),
                                           llvm::ConstantAsMetadata::get(b.getFalse())})};
  for (llvm::BranchInst *latch : latches) {
    llvm::MDNode *loopId = llvm::MDNode::getDistinct(context, ops);
    loopId->replaceOperandWith(0, loopId);
    latch->setMetadata(llvm::LLVMContext::MD_loop, loopId);
  }
  // Nor in the loops over the rows, innermost once a constant row's
  // packets are unrolled.
  for (llvm::BranchInst *rowLatch : rowLatches) {
    llvm::MDNode *rowsId = llvm::MDNode::getDistinct(context, {nullptr, ops[1]});
    rowsId->replaceOperandWith(0, rowsId);
    rowLatch->setMetadata(llvm::LLVMContext::MD_loop, rowsId);
  }
  for (llvm::CallInst *boundCall : boundCalls) {
    llvm::InlineFunctionInfo info;
    llvm::InlineFunction(*boundCall, info);
  }
  if (bound)
    bound->eraseFromParent();
  const bool outlined = packet.hasFnAttribute(attr::kOutlined);
  for (const PacketTier &tier : tiers)
    if (outlined)
      keepAsCall(*tier.packet);
  if (!outlined)
    for (llvm::CallInst *call : calls) {
      llvm::InlineFunctionInfo info;
      llvm::InlineFunction(*call, info);
    }
  // Inlined into the work-group function, which then holds the packets'
  // vector code (and is left to the scalariser, attr::kPacketWidth): the
  // calls and their set-up between short regions took a quarter of the
  // reduction tree's time (region packets: 5.5-6.2x -> 7.2-7.7x PoCL), and
  // the 32x32 tiled SGEMM's 88 -> 72 ms. An outlined packet's rows stay a
  // call, as the packet does.
  if (!outlined) {
    rows->removeFnAttr(llvm::Attribute::NoInline);
    rows->addFnAttr(llvm::Attribute::AlwaysInline);
  }
  return rows;
}

} // namespace

/// The work-group function's declaration (kernel_abi.h: `void wg(const
/// void *args, const corecl_wg_ctx *ctx)`), its two pointers read-only and
/// not aliased.
llvm::Function *declareWorkGroupFunction(llvm::Module &module, const KernelDesc &desc) {
  llvm::LLVMContext &context = module.getContext();
  auto *ptr = llvm::PointerType::get(context, 0);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context), {ptr, ptr}, false);
  auto *wg = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                                    workGroupFunctionName(desc.name), module);
  wg->setCallingConv(llvm::CallingConv::C);
  wg->getArg(0)->setName("args");
  wg->getArg(1)->setName("ctx");
  for (llvm::Argument &a : wg->args()) {
    a.addAttr(llvm::Attribute::NoAlias);
    a.addAttr(llvm::Attribute::ReadOnly);
    a.addAttr(llvm::Attribute::NoCapture);
  }
  wg->addFnAttr(llvm::Attribute::NoUnwind);
  return wg;
}

/// With -g the kernel has debug information: the work-group function gets
/// a subprogram of its own at the kernel's line, and every instruction `b`
/// emits (region calls included) a location in it, so the inlined region
/// code keeps its line table.
void giveDebugScope(llvm::Function &kernel, llvm::Function &wg, llvm::IRBuilder<> &b) {
  llvm::DISubprogram *kernelScope = kernel.getSubprogram();
  if (!kernelScope)
    return;
  llvm::DIBuilder di(*kernel.getParent(), /*AllowUnresolved=*/false, kernelScope->getUnit());
  llvm::DISubprogram *scope = di.createFunction(
      kernelScope->getFile(), wg.getName(), wg.getName(), kernelScope->getFile(),
      kernelScope->getLine(), di.createSubroutineType(di.getOrCreateTypeArray({})),
      kernelScope->getLine(), llvm::DINode::FlagZero, llvm::DISubprogram::SPFlagDefinition);
  wg.setSubprogram(scope);
  di.finalizeSubprogram(scope);
  di.finalize();
  b.SetCurrentDebugLocation(
      llvm::DILocation::get(kernel.getContext(), kernelScope->getLine(), 0, scope));
}

/// A call of a region inside its work-item loop (`latch`: the loop's back
/// edge), to be inlined and the loop marked parallel.
struct RegionCall {
  llvm::CallInst *call;
  llvm::BranchInst *latch;
  bool vectorize = true; // false: the rest of a row after its packets, a
                         // region mostly lane by lane
  bool outlined = false; // the region stays a call (attr::kOutlined)
};

/// Inlines each region call of `wg` and marks its work-item loop parallel
/// (vectorisable unless the call says otherwise); inlines the groups of one
/// beside a packet (`scalarCalls`); then drops the regions no longer
/// called and the packets' marks.
void inlineRegionCalls(llvm::Function &wg, const std::vector<RegionCall> &calls,
                       const std::vector<llvm::CallInst *> &scalarCalls, const Regions &regions) {
  llvm::LLVMContext &context = wg.getContext();
  for (auto [call, latch, vectorize, outlined] : calls) {
    std::set<llvm::BasicBlock *> before;
    for (llvm::BasicBlock &bb : wg)
      before.insert(&bb);
    llvm::BasicBlock *callBlock = call->getParent();
    llvm::InlineFunctionInfo info;
    if (outlined || !llvm::InlineFunction(*call, info).isSuccess())
      continue;
    std::vector<llvm::BasicBlock *> loopBlocks = {callBlock};
    for (llvm::BasicBlock &bb : wg)
      if (!before.count(&bb))
        loopBlocks.push_back(&bb);
    llvm::MDNode *group = llvm::MDNode::getDistinct(context, {});
    tagParallelAccesses(loopBlocks, group);
    lowerLocalAtomics(loopBlocks);
    // The rest of a row after its packets is shorter than a packet: not
    // worth a vector loop.
    llvm::Metadata *ops[] = {
        nullptr,
        llvm::MDNode::get(context,
                          {llvm::MDString::get(context, "llvm.loop.parallel_accesses"), group}),
        llvm::MDNode::get(context, {llvm::MDString::get(context, "llvm.loop.vectorize.enable"),
                                    llvm::ConstantAsMetadata::get(
                                        llvm::ConstantInt::getBool(context, vectorize))})};
    llvm::MDNode *loopId = llvm::MDNode::getDistinct(context, ops);
    loopId->replaceOperandWith(0, loopId);
    latch->setMetadata(llvm::LLVMContext::MD_loop, loopId);
  }
  for (llvm::CallInst *call : scalarCalls) {
    llvm::InlineFunctionInfo info;
    llvm::InlineFunction(*call, info);
  }
  for (llvm::Function *region : regions.functions)
    if (region->use_empty())
      region->eraseFromParent();
  if (regions.packet)
    regions.packet->removeFnAttr(attr::kPacketOf);
  for (llvm::Function *row : regions.regionPackets)
    if (row)
      row->removeFnAttr(attr::kRegionPacketOf);
}

namespace {

/// Builds a kernel's work-group function in named steps: read the launch
/// context (arguments, grid sizes, the slice of groups), run the groups of
/// one through their packet where the kernel has one, then loop over the
/// slice's groups and, in each, over its work-items region by region.
/// The region calls it emits are inlined at the end (inlineRegionCalls).
class WorkGroupFunctionBuilder {
public:
  WorkGroupFunctionBuilder(llvm::Function &kernel, const Regions &regions, const KernelDesc &desc)
      : kernel(kernel), regions(regions), desc(desc), context(kernel.getContext()),
        wg(declareWorkGroupFunction(*kernel.getParent(), desc)), ctx(wg->getArg(1)),
        b(llvm::BasicBlock::Create(context, "entry", wg)) {}

  llvm::Function *build() {
    giveDebugScope(kernel, *wg, b);
    readLaunchContext();
    auto *exit = llvm::BasicBlock::Create(context, "exit", wg);
    auto *groupsStart = llvm::BasicBlock::Create(context, "groups", wg);
    b.CreateCondBr(b.CreateICmpEQ(count, b.getInt64(0)), exit, groupsStart);
    b.SetInsertPoint(groupsStart);
    if (regions.packet)
      emitGroupPackets(b, regions, kernelArgs, ctx, wiStorage, begin, count, numGroups, enqueued,
                       exit, scalarCalls);
    emitLoop(b, count, "group", [&](llvm::IRBuilder<> &, llvm::Value *g) { emitGroup(g); });
    b.CreateBr(exit);
    b.SetInsertPoint(exit);
    b.CreateRetVoid();
    inlineRegionCalls(*wg, calls, scalarCalls, regions);
    return wg;
  }

private:
  /// The kernel's arguments, the grid's sizes per dimension and this
  /// slice's range of linear group indices [begin, begin + count).
  void readLaunchContext() {
    llvm::Value *arena = ctxField(b, ctx, ctxfield::LocalArena, -1, "local.arena");
    wiStorage = ctxField(b, ctx, ctxfield::WiStorage, -1, "wi.storage");
    for (llvm::Argument &param : kernel.args())
      kernelArgs.push_back(
          loadArgument(b, param, desc.args[param.getArgNo()], wg->getArg(0), arena));
    for (int d = 0; d < 3; ++d) {
      numGroups[d] = ctxField(b, ctx, ctxfield::NumGroups, d, "num.groups");
      enqueued[d] = ctxField(b, ctx, ctxfield::LocalSize, d, "enqueued.size");
      // reqd_work_group_size: the API enqueues no other size, so the size is
      // a constant, and so are the bounds of the local ids the regions see.
      if (desc.reqdWorkGroupSize[0])
        enqueued[d] = b.getInt64(desc.reqdWorkGroupSize[d]);
      globalSize[d] = ctxField(b, ctx, ctxfield::GlobalSize, d, "global.size");
    }
    begin = ctxField(b, ctx, ctxfield::GroupBegin, -1, "group.begin");
    llvm::Value *end = ctxField(b, ctx, ctxfield::GroupEnd, -1, "group.end");
    count = b.CreateSub(end, begin, "group.count");
  }

  /// One group of the slice (g counts from 0): its ids and sizes, then its
  /// regions.
  void emitGroup(llvm::Value *g) {
    locateGroup(b.CreateAdd(begin, g, "group.linear"));
    if (!regions.hasBarriers) {
      runRegion(regions.functions[0]);
      return;
    }
    dispatchRegions();
  }

  /// groupId and localSize of the group with this linear index.
  void locateGroup(llvm::Value *linear) {
    // Kernels with a barrier in a loop (tiled products, whose K loop reads
    // panels of the inputs shared by the groups of a row and of a column)
    // take their groups in column strips: a slice of consecutive groups
    // then covers a block of the grid, whose rows and columns share their
    // panels from the cache. CLBlast's Xgemm 1024 in 8-wide strips:
    // 37.8-53 against 50.6-74 ms (noisy minutes). A stencil over local
    // tiles (barriers, no loop around them) reuses no panels and keeps its
    // order (bench's convolution measured the same either way, within
    // noise). CORECL_GROUP_STRIP=N sets the width, 0 or 1 off.
    const char *stripEnv = std::getenv("CORECL_GROUP_STRIP");
    uint64_t strip = stripEnv ? std::strtoull(stripEnv, nullptr, 10) : kGroupStrip;
    if (strip > 1 && regions.barrierInLoop)
      splitGroupIndexInStrips(b, linear, numGroups, strip, groupId);
    else
      splitGroupIndex(b, linear, numGroups, groupId);
    for (int d = 0; d < 3; ++d) {
      // The last group of a dimension may be smaller (non-uniform groups).
      llvm::Value *start = b.CreateMul(groupId[d], enqueued[d]);
      llvm::Value *remaining = b.CreateSub(globalSize[d], start);
      localSize[d] = b.CreateSelect(b.CreateICmpULT(remaining, enqueued[d]), remaining, enqueued[d],
                                    "local.size");
    }
  }

  /// Region dispatch: run a region for every work-item, then the region
  /// they stopped before (all stop at the same barrier), until -1.
  void dispatchRegions() {
    // Work-items in this group: scales the per-work-item storage.
    llvm::Value *items =
        b.CreateMul(b.CreateMul(localSize[0], localSize[1]), localSize[2], "items");
    llvm::BasicBlock *entryBlock = b.GetInsertBlock();
    auto *dispatch = llvm::BasicBlock::Create(context, "region.dispatch", wg);
    auto *done = llvm::BasicBlock::Create(context, "regions.done", wg);
    b.CreateBr(dispatch);
    b.SetInsertPoint(dispatch);
    llvm::PHINode *current = b.CreatePHI(b.getInt32Ty(), regions.functions.size() + 1, "region");
    current->addIncoming(b.getInt32(0), entryBlock);
    llvm::SwitchInst *sw = b.CreateSwitch(current, done, regions.functions.size());
    for (size_t r = 0; r < regions.functions.size(); ++r) {
      auto *start = llvm::BasicBlock::Create(context, "region" + std::to_string(r), wg);
      sw->addCase(b.getInt32(int32_t(r)), start);
      b.SetInsertPoint(start);
      llvm::Value *next = runRegion(regions.functions[r]);
      commitUniformValues(b, *regions.functions[r], wiStorage, items);
      b.CreateBr(dispatch);
      current->addIncoming(next, b.GetInsertBlock());
    }
    b.SetInsertPoint(done);
  }

  /// The arguments of a region call for the work-item (x, y, z).
  std::vector<llvm::Value *> regionArgs(llvm::Value *x, llvm::Value *y, llvm::Value *z) const {
    std::vector<llvm::Value *> callArgs = kernelArgs;
    callArgs.push_back(ctx);
    callArgs.insert(callArgs.end(), {groupId[0], groupId[1], groupId[2], x, y, z, localSize[0],
                                     localSize[1], localSize[2], wiStorage});
    return callArgs;
  }

  /// Runs a region for every work-item of the group; returns its result
  /// (the next region's number), or null for a void region.
  llvm::Value *runRegion(llvm::Function *region) {
    size_t index = size_t(std::find(regions.functions.begin(), regions.functions.end(), region) -
                          regions.functions.begin());
    // item_order.h: y innermost, the loop the vectoriser takes.
    bool columns = laneDimension(*region) == 1;
    if (index < regions.regionPackets.size() && regions.regionPackets[index])
      return runRegionInPackets(index, columns);
    unsigned outerDim = columns ? 0 : 1, innerDim = columns ? 1 : 0;
    llvm::Value *result = nullptr;
    emitLoop(b, localSize[2], "lid.z", [&](llvm::IRBuilder<> &b, llvm::Value *z) {
      emitLoop(b, localSize[outerDim], columns ? "lid.x" : "lid.y",
               [&](llvm::IRBuilder<> &b, llvm::Value *outerId) {
                 llvm::CallInst *call = nullptr;
                 llvm::BranchInst *latch =
                     emitLoop(b, localSize[innerDim], columns ? "lid.y" : "lid.x",
                              [&](llvm::IRBuilder<> &b, llvm::Value *innerId) {
                                llvm::Value *x = columns ? outerId : innerId;
                                llvm::Value *y = columns ? innerId : outerId;
                                assumeLocalIdBounds(x, y, z);
                                call = b.CreateCall(region, regionArgs(x, y, z));
                              });
                 // A region refused a packet as mostly lane by lane
                 // (attr::kLaneByLane) would gather and scatter the same
                 // way as a vector loop, at the loop vectoriser's cost.
                 calls.push_back({call, latch, !region->hasFnAttribute(attr::kLaneByLane)});
                 result = call->getType()->isVoidTy() ? nullptr : call;
               });
    });
    return result;
  }

  /// Known bounds of the local ids, for known-bits reasoning once the
  /// region is inlined: with x below 8, (x + 8 * y) % 8 is x and
  /// (x + 8 * y) / 8 is y, so an index computed from a flattened id stays
  /// consecutive along the x loop.
  void assumeLocalIdBounds(llvm::Value *x, llvm::Value *y, llvm::Value *z) {
    llvm::Value *ids[3] = {x, y, z};
    for (int d = 0; d < 3; ++d)
      if (llvm::isa<llvm::Constant>(enqueued[d]))
        b.CreateAssumption(b.CreateICmpULT(ids[d], enqueued[d]));
  }

  /// A region through its packet (region_packets.cpp): every row's full
  /// packets in one call (packetRows), then the rest of each row, shorter
  /// than a packet, one work-item at a time (the work-items of a region
  /// may run in any order). Rows along x, or columns along y for a region
  /// that runs along y. Returns the region's result (null if void).
  llvm::Value *runRegionInPackets(size_t index, bool column) {
    llvm::Function *region = regions.functions[index];
    unsigned width = regions.regionPacketWidths[index];
    unsigned dim = column ? 1 : 0, across = 1 - dim;
    bool subGroup = regions.regionPackets[index]->hasFnAttribute(attr::kSubGroupPacket);
    llvm::Value *on = subGroup ? subGroupsOf(b, ctx, width) : nullptr;
    llvm::Value *packets = packetsPerRow(b, localSize[dim], width, on);
    llvm::Value *whole = b.CreateMul(packets, b.getInt64(width));
    llvm::Value *rest = b.CreateSub(localSize[dim], whole, "rest");
    llvm::Value *zero = b.getInt64(0);
    llvm::Value *afterPackets =
        b.CreateCall(regions.regionPackets[index], regionArgs(zero, zero, zero));
    if (llvm::Function *tail = subGroup ? regions.subGroupTails[index] : nullptr) {
      // Sub-groups of W: the row's last, narrower sub-group is the tail
      // packet, and no work-item is left for the loops below.
      llvm::Value *partial = b.CreateAnd(on, b.CreateICmpNE(rest, zero));
      llvm::BasicBlock *from = b.GetInsertBlock();
      auto *tails = llvm::BasicBlock::Create(context, "tail.rows", wg);
      auto *tailsDone = llvm::BasicBlock::Create(context, "tail.done", wg);
      b.CreateCondBr(partial, tails, tailsDone);
      b.SetInsertPoint(tails);
      llvm::CallInst *tailCall = nullptr;
      emitLoop(b, localSize[2], "lid.z", [&](llvm::IRBuilder<> &b, llvm::Value *z) {
        emitLoop(b, localSize[1], "lid.y", [&](llvm::IRBuilder<> &b, llvm::Value *y) {
          tailCall = b.CreateCall(tail, regionArgs(whole, y, z));
        });
      });
      llvm::BasicBlock *tailEnd = b.GetInsertBlock();
      b.CreateBr(tailsDone);
      b.SetInsertPoint(tailsDone);
      if (!region->getReturnType()->isVoidTy()) {
        llvm::PHINode *merged = b.CreatePHI(region->getReturnType(), 2, "tail.result");
        merged->addIncoming(afterPackets, from);
        merged->addIncoming(tailCall, tailEnd);
        afterPackets = merged;
      }
      rest = b.CreateSelect(on, zero, rest, "rest");
    }
    llvm::CallInst *call = nullptr;
    llvm::BranchInst *latch = nullptr;
    const char *name = column ? "lid.y" : "lid.x";
    llvm::BasicBlock *skipped = b.GetInsertBlock();
    auto *rows = llvm::BasicBlock::Create(context, "rest.rows", wg);
    auto *after = llvm::BasicBlock::Create(context, "rest.done", wg);
    b.CreateCondBr(b.CreateICmpEQ(rest, b.getInt64(0)), after, rows);
    b.SetInsertPoint(rows);
    emitLoop(b, localSize[2], "lid.z", [&](llvm::IRBuilder<> &b, llvm::Value *z) {
      emitLoop(b, localSize[across], column ? "lid.x" : "lid.y",
               [&](llvm::IRBuilder<> &b, llvm::Value *other) {
                 latch = emitLoop(b, rest, name, [&](llvm::IRBuilder<> &b, llvm::Value *i) {
                   llvm::Value *along = b.CreateAdd(whole, i, name);
                   llvm::Value *x = column ? other : along, *y = column ? along : other;
                   call = b.CreateCall(region, regionArgs(x, y, z));
                 });
               });
    });
    llvm::BasicBlock *ran = b.GetInsertBlock();
    b.CreateBr(after);
    b.SetInsertPoint(after);
    bool outlined = regions.regionPackets[index]->hasFnAttribute(attr::kOutlined);
    if (outlined)
      keepAsCall(*region);
    calls.push_back({call, latch, false, outlined});
    if (region->getReturnType()->isVoidTy())
      return nullptr;
    llvm::PHINode *result = b.CreatePHI(region->getReturnType(), 2, "region.result");
    result->addIncoming(afterPackets, skipped);
    result->addIncoming(call, ran);
    return result;
  }

  llvm::Function &kernel;
  const Regions &regions;
  const KernelDesc &desc;
  llvm::LLVMContext &context;
  llvm::Function *wg;
  llvm::Value *ctx;
  llvm::IRBuilder<> b;
  llvm::Value *wiStorage = nullptr;
  std::vector<llvm::Value *> kernelArgs;
  llvm::Value *numGroups[3] = {}, *enqueued[3] = {}, *globalSize[3] = {};
  llvm::Value *begin = nullptr, *count = nullptr;
  // Of the group being emitted.
  llvm::Value *groupId[3] = {}, *localSize[3] = {};
  std::vector<RegionCall> calls;
  std::vector<llvm::CallInst *> scalarCalls; // groups of one, beside the packet
};

} // namespace

llvm::Function *buildWorkGroupFunction(llvm::Function &kernel, const Regions &regions,
                                       const KernelDesc &desc) {
  return WorkGroupFunctionBuilder(kernel, regions, desc).build();
}

llvm::PreservedAnalyses WorkGroupLoopsPass::run(llvm::Module &module,
                                                llvm::ModuleAnalysisManager &) {
  std::vector<llvm::Function *> kernels;
  std::map<std::string, std::map<unsigned, llvm::Function *>> regionsOf;
  std::map<std::string, llvm::Function *> packetOf;
  // A region's packets: one, or several of different widths (PacketTier).
  std::map<std::pair<std::string, std::string>, std::vector<PacketTier>> regionPacketOf;
  for (llvm::Function &f : module) {
    if (f.hasFnAttribute(attr::kRegionPacketOf)) {
      unsigned width = 0;
      f.getFnAttribute(attr::kPacketWidth).getValueAsString().getAsInteger(10, width);
      regionPacketOf[{f.getFnAttribute(attr::kRegionPacketOf).getValueAsString().str(),
                      f.getFnAttribute(attr::kRegionIndex).getValueAsString().str()}]
          .push_back({&f, width});
    }
    if (f.hasFnAttribute(attr::kPacketOf))
      packetOf[f.getFnAttribute(attr::kPacketOf).getValueAsString().str()] = &f;
    if (isKernel(f))
      kernels.push_back(&f);
    if (f.hasFnAttribute(attr::kRegionOf)) {
      unsigned index = 0;
      f.getFnAttribute(attr::kRegionIndex).getValueAsString().getAsInteger(10, index);
      regionsOf[f.getFnAttribute(attr::kRegionOf).getValueAsString().str()][index] = &f;
    }
  }
  for (llvm::Function *kernel : kernels) {
    std::string name = kernel->getName().str();
    Regions regions;
    for (auto &[index, region] : regionsOf[name])
      regions.functions.push_back(region);
    if (regions.functions.empty())
      continue; // not prepared by the earlier steps
    KernelDesc desc = describeKernel(*kernel);
    uint64_t storage = 0;
    kernel->getFnAttribute(attr::kWiStorage).getValueAsString().getAsInteger(10, storage);
    regions.wiStorageBytes = storage;
    regions.hasBarriers = kernel->getFnAttribute(attr::kBarriers).getValueAsString() == "1";
    regions.barrierInLoop = kernel->hasFnAttribute(attr::kBarrierInLoop);
    for (llvm::Function *region : regions.functions) {
      auto it = regionPacketOf.find(
          {name, region->getFnAttribute(attr::kRegionIndex).getValueAsString().str()});
      unsigned width = 0;
      llvm::Function *row = nullptr, *tail = nullptr;
      if (it != regionPacketOf.end()) {
        std::vector<PacketTier> tiers = it->second;
        std::sort(tiers.begin(), tiers.end(),
                  [](const PacketTier &a, const PacketTier &b) { return a.width > b.width; });
        width = tiers.back().width;
        if (tiers.back().packet->hasFnAttribute(attr::kSubGroupPacket))
          tail = module.getFunction((tiers.back().packet->getName() + kSubGroupTailSuffix).str());
        unsigned dimension = laneDimension(*region);
        uint64_t required = desc.reqdWorkGroupSize[dimension];
        row = packetRows(tiers, dimension, rowActiveBound(*region, dimension),
                         required ? std::max<uint64_t>(1, required / width) : 0);
        for (const PacketTier &tier : tiers) {
          if (tier.packet->use_empty())
            tier.packet->eraseFromParent();
          else
            tier.packet->removeFnAttr(attr::kRegionPacketOf);
        }
        regionPacketOf.erase(it);
      }
      regions.regionPackets.push_back(row);
      regions.regionPacketWidths.push_back(width);
      regions.subGroupTails.push_back(tail);
    }
    // A kernel some of whose regions keep the work-item loops wants the
    // scalariser for those (OpenCL vectors split into components for the
    // loop vectoriser): its rows of packets stay calls, so that its
    // work-group function holds no packet code (CLBlast's XgemmDirect,
    // three of five regions without packets; its GemmDirect row measured
    // no different either way).
    bool someLoops =
        std::count(regions.regionPackets.begin(), regions.regionPackets.end(), nullptr) > 0;
    for (llvm::Function *rows : regions.regionPackets)
      if (rows && someLoops && rows->hasFnAttribute(llvm::Attribute::AlwaysInline)) {
        rows->removeFnAttr(llvm::Attribute::AlwaysInline);
        rows->addFnAttr(llvm::Attribute::NoInline);
      }
    if (packetOf.count(name)) {
      regions.packet = packetOf[name];
      regions.packet->getFnAttribute(attr::kPacketWidth).getValueAsString().getAsInteger(
          10, regions.packetWidth);
    }
    // Work-items side by side: the widest packet along x if the kernel has
    // one (a packet of doubles holds half a register of floats' lanes),
    // else a register of floats where a work-item loop is left to the loop
    // vectoriser, else one (every region lane by lane, attr::kLaneByLane).
    // A launch with narrower rows runs a build for narrower vectors
    // (Program::narrowerExecutable).
    unsigned lanes = 0;
    bool vectorLoops = false;
    for (size_t r = 0; r < regions.functions.size(); ++r) {
      llvm::Function *packet =
          r < regions.regionPackets.size() ? regions.regionPackets[r] : nullptr;
      if (packet && laneDimension(*regions.functions[r]) == 0)
        lanes = std::max(lanes, regions.regionPacketWidths[r]);
      vectorLoops |= !packet && !regions.functions[r]->hasFnAttribute(attr::kLaneByLane);
    }
    if (!lanes && !vectorLoops && !regions.packet)
      lanes = 1;
    // Sub-groups of a register of floats, unless a region that exchanges
    // values between lanes has no packet of one sub-group (its reads are
    // the values themselves now: SubGroupReadsPass): then of one work-item.
    bool reads = false, readsInPackets = true;
    for (size_t r = 0; r < regions.functions.size(); ++r)
      if (regions.functions[r]->hasFnAttribute(attr::kSubGroupReads)) {
        reads = true;
        readsInPackets = readsInPackets && regions.regionPackets[r] &&
                         regions.regionPackets[r]->hasFnAttribute(attr::kSubGroupPacket);
      }
    // A kernel that requires sub-groups of one (intel_reqd_sub_group_size;
    // program_builder.cpp refuses other sizes) gets them.
    bool requiresOne = kernel->getMetadata("intel_reqd_sub_group_size") != nullptr;
    unsigned subGroupWidth =
        readsInPackets && !requiresOne ? subGroupWidthFor(options.simdBytes) : 1;
    llvm::Function *wg = buildWorkGroupFunction(*kernel, regions, desc);
    wg->addFnAttr(attr::kSubGroupWidth, std::to_string(subGroupWidth));
    if (reads)
      wg->addFnAttr(attr::kSubGroupReads, "1");
    // The facts the runtime needs travel on the work-group function.
    for (const char *key : {attr::kLocalBytes, attr::kPrintf, attr::kWiStorage, attr::kBarriers})
      if (kernel->hasFnAttribute(key))
        wg->addFnAttr(key, kernel->getFnAttribute(key).getValueAsString());
    wg->addFnAttr(attr::kVectorWidth,
                  std::to_string(lanes ? lanes : std::max(1u, options.simdBytes / 4)));
    // Packets' rows inlined into it (packetRows) are vector code already.
    for (size_t r = 0; r < regions.regionPackets.size(); ++r)
      if (llvm::Function *rows = regions.regionPackets[r];
          rows && rows->hasFnAttribute(llvm::Attribute::AlwaysInline)) {
        wg->addFnAttr(attr::kPacketWidth, std::to_string(regions.regionPacketWidths[r]));
        // As its rows are (packetRows), or where packets share a group's
        // tiles across barriers.
        if (rows->hasFnAttribute(attr::kPressureScheduling) ||
            wg->getFnAttribute(attr::kBarriers).getValueAsString() == "1")
          wg->addFnAttr(attr::kPressureScheduling);
      }
    kernel->replaceAllUsesWith(llvm::PoisonValue::get(kernel->getType()));
    kernel->eraseFromParent();
  }
  return llvm::PreservedAnalyses::none();
}

} // namespace corecl::compiler
