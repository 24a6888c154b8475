#include "compiler/build_options.h"

#include "compiler/compiler.h"

#include <filesystem>
#include <set>

namespace corecl::compiler {
namespace {

/// Splits like a POSIX shell: whitespace separates words; single quotes
/// keep everything up to the next single quote; double quotes keep all but
/// a backslash before `"`, `\`, `$` or a backquote; elsewhere a backslash
/// keeps the next character (`-D PATH="/a b"`, `-DX=a\ b`).
std::vector<std::string> tokenize(const std::string &text) {
  std::vector<std::string> tokens;
  std::string current;
  bool inToken = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote == '\'') {
      if (c == '\'')
        quote = 0;
      else
        current += c;
      continue;
    }
    if (quote == '"') {
      if (c == '"')
        quote = 0;
      else if (c == '\\' && i + 1 < text.size() &&
               std::string("\"\\$`").find(text[i + 1]) != std::string::npos)
        current += text[++i];
      else
        current += c;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      inToken = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      current += text[++i];
      inToken = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (inToken)
        tokens.push_back(std::move(current));
      current.clear();
      inToken = false;
    } else {
      current += c;
      inToken = true;
    }
  }
  if (inToken)
    tokens.push_back(std::move(current));
  return tokens;
}

// Options passed to Clang's cc1 unchanged: cc1 implements each of them.
const std::set<std::string> kPassThrough = {
    "-cl-mad-enable",          "-cl-no-signed-zeros",
    "-cl-single-precision-constant", "-cl-fp32-correctly-rounded-divide-sqrt",
    "-w",
    "-Werror",
};

} // namespace

int BuildOptions::clVersion() const {
  if (clStd == "CL1.0")
    return 100;
  if (clStd == "CL1.1")
    return 110;
  if (clStd == "CL1.2")
    return 120;
  // C++ for OpenCL 1.0 is OpenCL C 2.0's language, 2021 OpenCL C 3.0's.
  if (clStd == "CL2.0" || clStd == "CLC++" || clStd == "CLC++1.0")
    return 200;
  return 300;
}

bool BuildOptions::isCxx() const {
  return clStd.rfind("CLC++", 0) == 0;
}

namespace {

/// Reads the tokens of an options string into BuildOptions, one family of
/// options per step; the first error found is the one reported.
class OptionParser {
public:
  OptionParser(const std::string &text, OptionsKind kind)
      : tokens(tokenize(text)), kind(kind), compiles(kind != OptionsKind::Link) {}

  BuildOptions parse() {
    for (i = 0; i < tokens.size(); ++i) {
      const std::string &t = tokens[i];
      if (!preprocessor(t) && !language(t) && !link(t) && !codeGeneration(t))
        fail("unknown build option '" + t + "'");
    }
    return out;
  }

private:
  void fail(const std::string &message) {
    if (out.error.empty())
      out.error = message;
  }

  /// -D name, -Dname[=value], -I dir, -Idir.
  bool preprocessor(const std::string &t) {
    if (t.rfind("-D", 0) != 0 && t.rfind("-I", 0) != 0)
      return false;
    if (!compiles) {
      fail("'" + t + "' is a compiler option; clLinkProgram takes link options only");
      return true;
    }
    std::string flag = t.substr(0, 2);
    std::string value = t.substr(2);
    if (value.empty()) {
      if (i + 1 >= tokens.size()) {
        fail("'" + flag + "' needs an argument");
        return true;
      }
      value = tokens[++i];
    }
    // A relative include directory is the application's: resolved against
    // its working directory now, whatever the compiler's is.
    if (flag == "-I" && !value.empty() && value[0] != '/') {
      std::error_code ec;
      std::filesystem::path absolute = std::filesystem::absolute(value, ec);
      if (!ec)
        value = absolute.lexically_normal().string();
    }
    out.frontendArgs.push_back(flag);
    out.frontendArgs.push_back(value);
    return true;
  }

  /// -cl-std=CLx.y, and C++ for OpenCL (cl_ext_cxx_for_opencl).
  bool language(const std::string &t) {
    if (t.rfind("-cl-std=", 0) != 0)
      return false;
    std::string v = t.substr(8);
    static const std::set<std::string> known = {"CL1.0", "CL1.1", "CL1.2",    "CL2.0",
                                                "CL3.0", "CLC++", "CLC++1.0", "CLC++2021"};
    if (known.count(v))
      out.clStd = v;
    else
      fail("unsupported OpenCL C version in '" + t + "'");
    return true;
  }

  /// Link options, accepted by clBuildProgram too (they then do nothing).
  bool link(const std::string &t) {
    if (t != "-create-library" && t != "-enable-link-options")
      return false;
    if (kind != OptionsKind::Link)
      fail("'" + t + "' is a link option");
    (t == "-create-library" ? out.createLibrary : out.enableLinkOptions) = true;
    return true;
  }

  /// Math, optimisation and debug options.
  bool codeGeneration(const std::string &t) {
    if (t == "-cl-denorms-are-zero") {
      // Permission, not an obligation: CoreCL keeps denormals (full profile).
      out.denormsAreZero = true;
    } else if (t == "-cl-strict-aliasing") {
      // Deprecated since OpenCL 1.1; other drivers accept and ignore it.
    } else if (t == "-cl-no-subgroup-ifp") {
      // CoreCL has no sub-groups yet, so nothing to relax.
    } else if (t == "-cl-unsafe-math-optimizations" || t == "-cl-fast-relaxed-math") {
      out.fastMath = true;
      out.finiteMathOnly |= t == "-cl-fast-relaxed-math";
      out.frontendArgs.push_back(t);
    } else if (t == "-cl-finite-math-only") {
      out.finiteMathOnly = true;
      out.frontendArgs.push_back(t);
    } else if (t == "-cl-opt-disable") {
      out.optDisable = true;
    } else if (t == "-cl-kernel-arg-info") {
      out.kernelArgInfo = true;
    } else if (t == "-cl-uniform-work-group-size") {
      out.uniformWorkGroupSize = true;
      out.frontendArgs.push_back(t);
    } else if (t == "-g") {
      // Line tables: enough for profilers and debuggers to map code to
      // source lines through the work-group formation.
      out.frontendArgs.push_back("-debug-info-kind=line-tables-only");
      out.frontendArgs.push_back("-dwarf-version=5");
    } else if (kPassThrough.count(t)) {
      if (compiles)
        out.frontendArgs.push_back(t);
    } else {
      return false;
    }
    return true;
  }

  std::vector<std::string> tokens;
  OptionsKind kind;
  bool compiles;
  size_t i = 0; // the token being read
  BuildOptions out;
};

} // namespace

BuildOptions parseBuildOptions(const std::string &text, OptionsKind kind) {
  return OptionParser(text, kind).parse();
}

} // namespace corecl::compiler
