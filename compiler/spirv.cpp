#include "compiler/spirv.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace corecl::compiler {
namespace {

constexpr const char *kTranslator = "llvm-spirv-15";
constexpr const char *kValidator = "spirv-val";

/// The tool's path: CORECL_LLVM_SPIRV / CORECL_SPIRV_VAL if set, else the
/// first match on PATH (then /usr/bin).
std::string findTool(const char *name, const char *override) {
  if (const char *path = std::getenv(override); path && *path)
    return path;
  std::string dirs = std::getenv("PATH") ? std::getenv("PATH") : "";
  dirs += ":/usr/bin";
  for (size_t at = 0; at <= dirs.size();) {
    size_t end = dirs.find(':', at);
    if (end == std::string::npos)
      end = dirs.size();
    std::string candidate = dirs.substr(at, end - at) + "/" + name;
    if (end > at && ::access(candidate.c_str(), X_OK) == 0)
      return candidate;
    at = end + 1;
  }
  return "";
}

/// A file in the temporary directory, removed with the object.
class TempFile {
public:
  explicit TempFile(const char *suffix) {
    const char *dir = std::getenv("TMPDIR");
    path_ = std::string(dir && *dir ? dir : "/tmp") + "/corecl-spirv-XXXXXX" + suffix;
    int fd = ::mkstemps(path_.data(), int(std::strlen(suffix)));
    if (fd < 0)
      path_.clear();
    else
      ::close(fd);
  }
  ~TempFile() {
    if (!path_.empty())
      ::unlink(path_.c_str());
  }
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;
  const std::string &path() const { return path_; }
  bool write(const std::string &bytes) const {
    std::ofstream out(path_, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    return bool(out);
  }
  std::string read() const {
    std::ifstream in(path_, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

private:
  std::string path_;
};

/// Runs `argv` with standard output and error into `output`; its exit
/// status, or -1 if it could not run or was killed by a signal.
int runTool(const std::vector<std::string> &argv, std::string &output) {
  TempFile log(".log");
  if (log.path().empty())
    return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.path().c_str(), O_WRONLY | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    return -1;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  output = log.read();
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

uint32_t word(const std::string &il, size_t index, bool swap) {
  uint32_t w;
  std::memcpy(&w, il.data() + index * 4, 4);
  return swap ? __builtin_bswap32(w) : w;
}

// The SPIR-V opcodes and decoration CoreCL looks at.
constexpr uint32_t kOpTypeBool = 20, kOpTypeInt = 21, kOpTypeFloat = 22, kOpDecorate = 71,
                   kOpSpecConstantTrue = 48, kOpSpecConstantFalse = 49, kOpSpecConstant = 50,
                   kDecorationSpecId = 1;

/// The value of a constant of `c`'s type as llvm-spirv's --spec-const
/// option spells it ("i32:5", "f64:0x1p-2"). Floating-point values are
/// written in hexadecimal, exactly: the translator refuses a decimal text
/// that does not convert to its type exactly ("1.1920929e-07" for the
/// half 2^-23).
std::string specValueText(const SpirvSpecConstant &c, const std::vector<unsigned char> &bytes) {
  uint64_t raw = 0;
  std::memcpy(&raw, bytes.data(), std::min<size_t>(bytes.size(), 8));
  char text[64];
  switch (c.kind) {
  case SpirvSpecConstant::Bool:
    return "i1:" + std::to_string(raw & 0xff ? 1 : 0);
  case SpirvSpecConstant::Int:
    if (c.bits < 64)
      raw &= (uint64_t(1) << c.bits) - 1;
    return "i" + std::to_string(c.bits) + ":" + std::to_string(raw);
  case SpirvSpecConstant::Float:
    if (c.bits == 64) {
      double d;
      std::memcpy(&d, &raw, 8);
      std::snprintf(text, sizeof text, "f64:%a", d);
    } else if (c.bits == 32) {
      float f;
      uint32_t bits32 = uint32_t(raw);
      std::memcpy(&f, &bits32, 4);
      std::snprintf(text, sizeof text, "f32:%a", double(f));
    } else {
      // A half's bits, widened exactly to float for the option's text.
      uint32_t h = uint32_t(raw & 0xffff), sign = (h >> 15) << 31, exp = (h >> 10) & 31,
               mant = h & 1023, bits32;
      if (exp == 0 && mant == 0)
        bits32 = sign;
      else if (exp == 0) { // subnormal: normalise
        int e = -1;
        do {
          mant <<= 1;
          ++e;
        } while (!(mant & 1024));
        bits32 = sign | uint32_t(127 - 15 - e) << 23 | (mant & 1023) << 13;
      } else if (exp == 31)
        bits32 = sign | 0x7f800000u | mant << 13;
      else
        bits32 = sign | (exp + 112) << 23 | mant << 13;
      float f;
      std::memcpy(&f, &bits32, 4);
      std::snprintf(text, sizeof text, "f16:%a", double(f));
    }
    return text;
  }
  return "";
}

/// The tools' paths, looked up once per process.
const std::string &translatorPath() {
  static const std::string path = findTool(kTranslator, "CORECL_LLVM_SPIRV");
  return path;
}
const std::string &validatorPath() {
  static const std::string path = findTool(kValidator, "CORECL_SPIRV_VAL");
  return path;
}

} // namespace

bool spirvToolsAvailable() {
  return !translatorPath().empty() && !validatorPath().empty();
}

std::optional<SpirvModuleInfo> inspectSpirv(const std::string &il, bool validate,
                                            std::string &why) {
  if (il.size() < 20 || il.size() % 4) {
    why = "not SPIR-V: " + std::to_string(il.size()) + " bytes, not a header of five words";
    return std::nullopt;
  }
  uint32_t magic;
  std::memcpy(&magic, il.data(), 4);
  bool swap = magic == 0x03022307u;
  if (!swap && magic != 0x07230203u) {
    why = "not SPIR-V: the first word is not SPIR-V's magic number";
    return std::nullopt;
  }
  SpirvModuleInfo info;
  uint32_t version = word(il, 1, swap);
  info.versionMajor = (version >> 16) & 0xff;
  info.versionMinor = (version >> 8) & 0xff;
  if (info.versionMajor != 1 || info.versionMinor > 4) {
    why = "SPIR-V " + std::to_string(info.versionMajor) + "." + std::to_string(info.versionMinor) +
          ": CoreCL reads SPIR-V 1.0 to 1.4";
    return std::nullopt;
  }
  // The instructions: word counts must tile the module exactly.
  std::map<uint32_t, uint32_t> specIds;           // result id -> SpecId
  std::map<uint32_t, SpirvSpecConstant> types;    // type id -> scalar type
  std::map<uint32_t, uint32_t> specConstantTypes; // result id -> type id
  size_t words = il.size() / 4;
  for (size_t at = 5; at < words;) {
    uint32_t first = word(il, at, swap);
    uint32_t count = first >> 16, op = first & 0xffff;
    if (count == 0 || at + count > words) {
      why = "malformed SPIR-V: an instruction's word count runs past the module";
      return std::nullopt;
    }
    auto operand = [&](size_t i) { return word(il, at + i, swap); };
    if (op == kOpDecorate && count >= 4 && operand(2) == kDecorationSpecId)
      specIds[operand(1)] = operand(3);
    else if (op == kOpTypeBool && count >= 2)
      types[operand(1)] = {SpirvSpecConstant::Bool, 1};
    else if (op == kOpTypeInt && count >= 3)
      types[operand(1)] = {SpirvSpecConstant::Int, operand(2)};
    else if (op == kOpTypeFloat && count >= 3)
      types[operand(1)] = {SpirvSpecConstant::Float, operand(2)};
    else if ((op == kOpSpecConstantTrue || op == kOpSpecConstantFalse || op == kOpSpecConstant) &&
             count >= 3)
      specConstantTypes[operand(2)] = operand(1);
    at += count;
  }
  for (const auto &[id, type] : specConstantTypes)
    if (auto spec = specIds.find(id); spec != specIds.end())
      if (auto t = types.find(type); t != types.end())
        info.specConstants[spec->second] = t->second;
  if (validate) {
    TempFile input(".spv");
    if (input.path().empty() || !input.write(il)) {
      why = "cannot write a temporary file for spirv-val";
      return std::nullopt;
    }
    std::string output;
    int status = runTool({validatorPath(), "--target-env", "spv1.4", input.path()}, output);
    if (status != 0) {
      why = "invalid SPIR-V (spirv-val): " + (output.empty() ? "it did not run" : output);
      return std::nullopt;
    }
  }
  return info;
}

bool translateSpirv(const std::string &il, const SpirvModuleInfo &info,
                    const SpirvSpecValues &values, std::string &bitcode, std::string &log) {
  TempFile input(".spv"), output(".bc");
  if (input.path().empty() || output.path().empty() || !input.write(il)) {
    log += "error: cannot write temporary files for the SPIR-V translator\n";
    return false;
  }
  std::vector<std::string> argv = {translatorPath(), "-r", input.path(), "-o", output.path()};
  std::string spec;
  for (const auto &[id, bytes] : values)
    if (auto c = info.specConstants.find(id); c != info.specConstants.end())
      spec +=
          (spec.empty() ? "" : " ") + std::to_string(id) + ":" + specValueText(c->second, bytes);
  if (!spec.empty())
    argv.push_back("--spec-const=" + spec);
  std::string messages;
  int status = runTool(argv, messages);
  if (status != 0) {
    log += "error: the SPIR-V translator (" + argv[0] + ") failed" +
           (status < 0 ? std::string(" to run or crashed") : "") + ":\n" + messages;
    return false;
  }
  bitcode = output.read();
  if (bitcode.empty()) {
    log += "error: the SPIR-V translator wrote no bitcode\n" + messages;
    return false;
  }
  return true;
}

} // namespace corecl::compiler
