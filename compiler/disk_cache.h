// The on-disk cache of compiled programs. A program's entry skips the
// front end and the preparation: it holds the kernels' descriptions and
// their prepared modules; a kernel's entry (keyed by its prepared module)
// skips its code generation: it holds the native object code.
//
// Location: $CORECL_CACHE_DIR, else $XDG_CACHE_HOME/corecl, else
// ~/.cache/corecl. CORECL_CACHE=0 switches it off. Entries are written to a
// temporary file and renamed into place (atomic), and checked on load
// (magic, version, sizes, checksum): a torn or corrupted entry is rebuilt,
// never executed.
#pragma once
#include "compiler/compiler.h"

#include <optional>
#include <string>

namespace corecl::compiler {

struct CachedBuild {
  std::vector<KernelDesc> kernels;
  bool kernelArgInfo = false;
  bool nonUniformWorkGroups = false;
  uint64_t globalVariableBytes = 0; // BuildResult::globalVariableBytes
  bool programConstructors = false; // BuildResult::programConstructors
  bool optDisable = false;          // built with -cl-opt-disable
  /// One prepared module per kernel (kernel_split.h), and the object of
  /// the shared variables ("" if none).
  std::vector<std::string> kernelBitcodes;
  std::string sharedObject;
  std::string bitcode; // for CL_PROGRAM_BINARIES
  std::string log;     // the build log (warnings), replayed on a hit
};

/// The key: source, options, the target's CPU, features and vector width,
/// CoreCL, its kernel ABI and LLVM versions. Empty when the cache is off.
std::string cacheKey(const std::string &source, const std::string &options, const Target &target);

std::optional<CachedBuild> loadCachedBuild(const std::string &key);
void storeCachedBuild(const std::string &key, const CachedBuild &build);

/// One kernel's generated code.
struct CachedKernel {
  KernelCode facts;   // all but the entry
  std::string object; // relocatable object for the host CPU
};

std::optional<CachedKernel> loadCachedKernel(const std::string &key);
void storeCachedKernel(const std::string &key, const CachedKernel &kernel);

/// The directory in use ("" when the cache is off).
std::string cacheDirectory();

/// Counters since process start, for tests and diagnostics.
struct CacheStatistics {
  uint64_t hits = 0;     // entries loaded and used
  uint64_t rejected = 0; // entries present but torn, corrupted or foreign
  uint64_t stores = 0;   // entries written
};
CacheStatistics cacheStatistics();

} // namespace corecl::compiler
