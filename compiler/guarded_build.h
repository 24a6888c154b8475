// Runs a piece of a build so that no failure inside it reaches the
// application: LLVM's fatal errors, running out of memory and crashes all
// become a failed BuildResult with a log (on a build thread, under crash
// recovery: crash_recovery.h).
#pragma once
#include "compiler/compiler.h"

#include <functional>

namespace corecl::compiler {

/// What a crash while reading a binary's bitcode is reported as: LLVM's
/// reader crashes on some malformed bitcode (CrashNote).
inline constexpr const char *kInvalidBinaryNote = "invalid program binary";

BuildResult guardedBuild(const std::function<BuildResult()> &body);

} // namespace corecl::compiler
