#include "compiler/disk_cache.h"

#include "builtins/builtins_bitcode.h"
#include "compiler/kernel_desc_io.h"
#include "corecl_build_id.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace corecl::compiler {
namespace {

constexpr char kMagic[8] = {'C', 'O', 'R', 'E', 'C', 'L', 'K', 'C'};
constexpr uint64_t kEntryVersion = 6;

uint64_t fnv1a(const std::string &data, uint64_t hash) {
  for (unsigned char c : data) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

// An entry is a compiled program: far below this. Anything larger is not
// one of ours (a symlink to /dev/zero, a huge file) and is not read.
constexpr off_t kMaxEntryBytes = off_t(512) << 20;

/// The contents of the cache entry at `path` if it is a regular file of a
/// plausible size, opened without following a symlink and without
/// blocking (a FIFO in its place would otherwise hang the build).
/// Anything else is a miss, and the build goes on without the cache.
std::optional<std::string> readEntryFile(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return std::nullopt;
  struct stat info;
  std::optional<std::string> bytes;
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size <= kMaxEntryBytes) {
    std::string data(size_t(info.st_size), '\0');
    size_t done = 0;
    while (done < data.size()) {
      ssize_t n = ::read(fd, data.data() + done, data.size() - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += size_t(n);
    }
    if (done == data.size())
      bytes = std::move(data);
  }
  ::close(fd);
  return bytes;
}

/// mkdir -p; false if the directory cannot be made.
bool makeDirectories(const std::string &path) {
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      std::string prefix = path.substr(0, i);
      if (::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
        return false;
    }
  }
  return true;
}

std::string entryPath(const std::string &key) { return cacheDirectory() + "/" + key + ".bin"; }

std::atomic<uint64_t> hits{0}, rejected{0}, stores{0};

std::nullopt_t reject() {
  ++rejected;
  return std::nullopt;
}

/// The checked payload of entry `key`; nothing on a miss or a bad entry.
std::optional<std::string> readPayload(const std::string &key) {
  if (key.empty())
    return std::nullopt;
  std::optional<std::string> read = readEntryFile(entryPath(key));
  if (!read)
    return std::nullopt;
  std::string &bytes = *read;
  // magic | version | payload size | checksum | payload
  if (bytes.size() < 32 || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return reject();
  const char *p = bytes.data() + 8, *end = bytes.data() + bytes.size();
  uint64_t version, size, checksum;
  if (!readU64(p, end, version) || !readU64(p, end, size) || !readU64(p, end, checksum) ||
      version != kEntryVersion || size != uint64_t(end - p))
    return reject();
  std::string payload(p, size);
  if (fnv1a(payload, 0xcbf29ce484222325ull) != checksum)
    return reject();
  return payload;
}

void writePayload(const std::string &key, const std::string &payload) {
  if (key.empty())
    return;
  std::string dir = cacheDirectory();
  if (!makeDirectories(dir))
    return; // a cache that cannot be written is simply not used
  std::string entry(kMagic, 8);
  writeU64(entry, kEntryVersion);
  writeU64(entry, payload.size());
  writeU64(entry, fnv1a(payload, 0xcbf29ce484222325ull));
  entry += payload;

  // Write beside the final name, then rename: readers see all or nothing.
  std::random_device random;
  std::string temp =
      entryPath(key) + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(random());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out)
      return;
    out.write(entry.data(), std::streamsize(entry.size()));
    if (!out.good()) {
      out.close();
      std::remove(temp.c_str());
      return;
    }
  }
  if (std::rename(temp.c_str(), entryPath(key).c_str()) != 0)
    std::remove(temp.c_str());
  else
    ++stores;
}

} // namespace

std::string cacheDirectory() {
  const char *off = std::getenv("CORECL_CACHE");
  if (off && (std::strcmp(off, "0") == 0 || std::strcmp(off, "off") == 0))
    return "";
  // A replaced builtins library (CORECL_BUILTINS_BC) is not in the key.
  if (builtinsBitcodeOverride())
    return "";
  if (const char *dir = std::getenv("CORECL_CACHE_DIR"))
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/corecl";
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/corecl";
  return "";
}

std::string cacheKey(const std::string &source, const std::string &options, const Target &target) {
  if (cacheDirectory().empty())
    return "";
  std::string material =
      source + '\0' + options + '\0' + target.triple + '\0' + target.cpuName + '\0' +
      target.cpuFeatures + '\0' + std::to_string(target.simdBytes) + '\0' +
      std::to_string(int(target.isa)) + '\0' + std::to_string(target.sveVectorBytes) + '\0' +
      CORECL_VERSION_STRING + '\0' + CORECL_LLVM_VERSION + '\0' + CORECL_BUILD_ID + '\0' +
      std::to_string(CORECL_KERNEL_ABI_VERSION) + '\0' + std::to_string(kEntryVersion);
  // Knobs that change the code generated (passes/group_packets.cpp,
  // passes/region_packets.cpp, passes/body_packets.cpp,
  // passes/chain_groups.cpp).
  if (const char *width = std::getenv("CORECL_PACKET_WIDTH"))
    material += std::string("\0packet-width=", 14) + width;
  if (const char *regions = std::getenv("CORECL_REGION_PACKETS"))
    material += std::string("\0region-packets=", 16) + regions;
  if (const char *bodies = std::getenv("CORECL_BODY_PACKETS"))
    material += std::string("\0body-packets=", 14) + bodies;
  if (const char *groups = std::getenv("CORECL_CHAIN_GROUPS"))
    material += std::string("\0chain-groups=", 14) + groups;
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx",
                (unsigned long long)fnv1a(material, 0xcbf29ce484222325ull),
                (unsigned long long)fnv1a(material, 0x84222325cbf29ce4ull));
  return text;
}

std::optional<CachedBuild> loadCachedBuild(const std::string &key) {
  std::optional<std::string> payload = readPayload(key);
  if (!payload)
    return std::nullopt;
  CachedBuild build;
  const char *q = payload->data(), *qend = payload->data() + payload->size();
  uint64_t flags, count;
  if (!readKernelDescs(q, qend, build.kernels) || !readU64(q, qend, flags) ||
      !readU64(q, qend, build.globalVariableBytes) || !readBytes(q, qend, build.sharedObject) ||
      !readU64(q, qend, count) || count != build.kernels.size())
    return reject();
  build.kernelBitcodes.resize(count);
  for (std::string &bitcode : build.kernelBitcodes)
    if (!readBytes(q, qend, bitcode))
      return reject();
  if (!readBytes(q, qend, build.bitcode) || !readBytes(q, qend, build.log) || q != qend)
    return reject();
  build.kernelArgInfo = flags & 1;
  build.nonUniformWorkGroups = flags & 2;
  build.programConstructors = flags & 4;
  build.optDisable = flags & 8;
  ++hits;
  return build;
}

void storeCachedBuild(const std::string &key, const CachedBuild &build) {
  if (key.empty())
    return;
  std::string payload;
  writeKernelDescs(payload, build.kernels);
  writeU64(payload, uint64_t(build.kernelArgInfo) | uint64_t(build.nonUniformWorkGroups) << 1 |
                        uint64_t(build.programConstructors) << 2 | uint64_t(build.optDisable) << 3);
  writeU64(payload, build.globalVariableBytes);
  writeBytes(payload, build.sharedObject);
  writeU64(payload, build.kernelBitcodes.size());
  for (const std::string &bitcode : build.kernelBitcodes)
    writeBytes(payload, bitcode);
  writeBytes(payload, build.bitcode);
  writeBytes(payload, build.log);
  writePayload(key, payload);
}

std::optional<CachedKernel> loadCachedKernel(const std::string &key) {
  std::optional<std::string> payload = readPayload(key);
  if (!payload)
    return std::nullopt;
  CachedKernel kernel;
  const char *q = payload->data(), *qend = payload->data() + payload->size();
  if (!readKernelCode(q, qend, kernel.facts) || !readBytes(q, qend, kernel.object) || q != qend)
    return reject();
  ++hits;
  return kernel;
}

void storeCachedKernel(const std::string &key, const CachedKernel &kernel) {
  if (key.empty())
    return;
  std::string payload;
  writeKernelCode(payload, kernel.facts);
  writeBytes(payload, kernel.object);
  writePayload(key, payload);
}

CacheStatistics cacheStatistics() { return {hits.load(), rejected.load(), stores.load()}; }

} // namespace corecl::compiler
