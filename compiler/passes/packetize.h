// The whole-function vectoriser: makes a "packet" copy of a work-item
// function that runs `width` work-items at once, one per SIMD lane
// (packetize.cpp).
//
// Values the same for every lane (uniform) stay scalar; the others
// (varying) become vectors, an OpenCL vector <N x T> of each lane side by
// side (<width*N x T>, lane-major), so that bitcasts, shuffles and
// element accesses keep their meaning. Uniform branches stay branches. A
// varying branch is taken as a branch when every lane goes the same way
// (checked at run time); otherwise the lanes run the code up to where the
// paths meet one after the other, as scalar code, and vector execution
// resumes there. So the packet never needs masks: vector code always runs
// with every lane active, and any control flow, reducible or not, has a
// correct (if slower) way through.
#pragma once
#include <llvm/ADT/ArrayRef.h>

#include <map>
#include <string>

namespace llvm {
class Constant;
class Function;
class Instruction;
} // namespace llvm

namespace corecl::compiler {

/// What lanes of a packet are to each other.
enum class Lanes {
  /// Work-items of different work-groups: each has a local arena of its
  /// own, so a function using local memory gets no packet.
  OfGroups,
  /// Work-items of one work-group: they share its local memory.
  OfOneGroup,
  /// Consecutive work-items of a row of one work-group that form one
  /// sub-group (sub_group_lanes.h): a sub-group read becomes a lane
  /// extract or permute, the launch's sub-group width the packet's, and a
  /// read under a branch the lanes may take apart is refused.
  OneSubGroup,
};

/// Makes `<scalar>.packet<width>` next to `scalar`, with the same
/// parameters: lane l runs `scalar` with the parameters listed in
/// `laneParams` increased by l (a group id of consecutive groups, or a
/// local id of consecutive work-items) and the others unchanged. `known`
/// lists instructions of `scalar` whose value the caller guarantees
/// wherever it runs the packet (a local size of 1). Returns null, with the
/// reason in `whyNot`, for a function outside what the packetiser handles
/// (local memory of groups, varying aggregates, a result that differs
/// between lanes); the caller then runs the scalar function for each lane.
/// What a packet costs beyond plain vector code, for callers choosing
/// between it and other ways to run the function.
struct PacketReport {
  /// The loads and stores run most often (the most loops multiply their
  /// runs: kTimesRun on their block, else the block's loop depth), how
  /// many of them there are, and how many of those lie in loops of the
  /// function and went lane by lane or became gathers and scatters
  /// (addresses not consecutive between lanes: a work-item walking its own
  /// row, a private array indexed by data).
  unsigned hottestRuns = 0, hottestAccesses = 0, hottestScattered = 0;
  /// All loads and stores of the function, and how many of them went lane
  /// by lane or became gathers and scatters, wherever they are.
  unsigned accesses = 0, scattered = 0;
};

/// Metadata on a block's terminator, `!{i32 N}`: N loops multiply the
/// block's runs, counting loops the function is run in (a region of a
/// work-group function that starts at a barrier inside a loop,
/// barrier_regions.cpp) as well as its own.
inline constexpr const char *kTimesRun = "corecl.times-run";

///
/// With `boundParam` (an index, Lanes::OneSubGroup only), a packet with its
/// trailing lanes off: the lanes whose lane parameter is not below that
/// parameter do nothing (their loads, stores, atomics and calls are masked
/// off, the branches and lane loops follow the others). A row's last
/// sub-group, narrower than the packet, runs as such a packet.
llvm::Function *
packetizeFunction(llvm::Function &scalar, unsigned width, llvm::ArrayRef<unsigned> laneParams,
                  const std::map<const llvm::Instruction *, llvm::Constant *> &known, Lanes lanes,
                  std::string &whyNot, PacketReport *report = nullptr, int boundParam = -1);

/// With CORECL_PACKET_TRACE set: prints whether `f` got `packet` or why
/// not (the passes that decide, for a developer reading their choices).
void tracePacketChoice(const llvm::Function &f, const llvm::Function *packet,
                       const std::string &whyNot);

} // namespace corecl::compiler
