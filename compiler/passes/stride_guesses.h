// Whether a packet's guessed lane strides hold, as one scalar condition.
//
// The packetiser (packetize.cpp, computeStrides) takes some lanes' values
// to step by a fixed amount although they may not in every packet:
// - an extension `(long)(int)x`, an index narrower than a pointer (which
//   a GEP sign-extends), or InstCombine's shift pair `(x << 32) >> 32`
//   steps as x does unless the lanes cross the boundary where the narrow
//   value wraps (`(int)get_global_id(0)` past 2^31);
// - a flattened id split again (`tid / 8`, `tid % 8`, `tid >> 3`,
//   `tid & 7`) is the same, or steps as tid does, unless the lanes cross
//   a multiple of the divisor.
// An access through such an address was one vector access only where a
// run-time check of all the lanes' addresses found them consecutive: two
// vectors of addresses computed and compared per access, which made a
// tiled product's tile copies three times as long as the work-item
// loops' (the bench's tiled 16x16 SGEMM as region packets).
//
// The lanes' values are lane 0's plus a multiple of the stride, taken
// modulo the narrow width, so a guess holds exactly when the first and the
// last lane lie on the same side of every boundary: lane 0's value and
// the last lane's, both scalars, say it. Each function here builds that
// test at the builder's position from lane 0's scalar value.
#ifndef CORECL_COMPILER_PASSES_STRIDE_GUESSES_H
#define CORECL_COMPILER_PASSES_STRIDE_GUESSES_H

#include <cstdint>

namespace llvm {
class APInt;
class IRBuilderBase;
class Type;
class Value;
} // namespace llvm

namespace corecl::compiler {

/// `ext(x)` to `wide` (sign or zero extension) steps by `stride` in each
/// of `lanes` lanes when x's lane 0 is `lane0`. Null if the stride is too
/// large for the test.
llvm::Value *extensionHolds(llvm::IRBuilderBase &b, llvm::Value *lane0, int64_t stride,
                            unsigned lanes, bool isSigned, llvm::Type *wide);

/// `(x << shift) >> shift` (arithmetic when `isSigned`) steps as x does.
llvm::Value *shiftPairHolds(llvm::IRBuilderBase &b, llvm::Value *lane0, int64_t stride,
                            unsigned lanes, unsigned shift, bool isSigned);

/// How a split divides: `udiv`, `urem`, `lshr` and a mask `and` as
/// unsigned numbers; `sdiv` and `srem` rounding towards zero; `ashr`
/// rounding down.
enum class Division { Unsigned, Truncating, Floor };

/// t's lanes, from `lane0` by `stride` (not negative), lie between two
/// multiples of `divisor` (a power of two for a mask or a shift): the same
/// quotient in every lane, and the remainder steps as t does.
llvm::Value *splitHolds(llvm::IRBuilderBase &b, llvm::Value *lane0, int64_t stride, unsigned lanes,
                        const llvm::APInt &divisor, Division division);

} // namespace corecl::compiler

#endif
