// OpenCL build options (clBuildProgram/clCompileProgram) parsed into what
// the front end and the optimiser need.
#pragma once
#include <string>
#include <vector>

namespace corecl::compiler {

struct BuildOptions {
  std::vector<std::string> frontendArgs; // cc1 arguments (-D, -I, -cl-std, math flags)
  std::string clStd = "CL1.2";           // the -cl-std value, default OpenCL C 1.2
  bool optDisable = false;               // -cl-opt-disable
  bool kernelArgInfo = false;            // -cl-kernel-arg-info
  bool uniformWorkGroupSize = false;     // -cl-uniform-work-group-size
  bool fastMath = false;                 // -cl-fast-relaxed-math / unsafe-math
  bool finiteMathOnly = false;
  bool denormsAreZero = false;
  bool createLibrary = false;            // -create-library (link only)
  bool enableLinkOptions = false;        // -enable-link-options (link only)
  std::string error;                     // non-empty: the options are invalid

  /// OpenCL C major*100 + minor*10, e.g. 120, 200, 300.
  int clVersion() const;
  /// C++ for OpenCL (-cl-std=CLC++, CLC++1.0, CLC++2021).
  bool isCxx() const;
};

enum class OptionsKind { Build, Compile, Link };

/// Splits and checks `text`. Unknown options set `error`.
BuildOptions parseBuildOptions(const std::string &text, OptionsKind kind);

} // namespace corecl::compiler
