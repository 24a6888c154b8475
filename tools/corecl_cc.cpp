// corecl-cc: CoreCL's offline compiler. OpenCL C source (or a CoreCL
// program binary) in, a CoreCL program binary out, built by libCoreCL
// itself through the OpenCL API (as PoCL's poclcc does), so what it
// reports is what an application's clBuildProgram gets. The binary loads
// with clCreateProgramWithBinary on any CoreCL device of the same kind.
//
//   corecl-cc [-o out.bin] [-b "build options"] [--dump-ir DIR]
//             [--dump-asm DIR] [--report] [--times] input.cl|input.bin
//
// --report prints, per kernel, the work-items run side by side (the
// vector width the compiler chose), __local and private bytes, barriers,
// the gather and scatter instructions left in its code, and the
// compiler's own account of its packet decisions (CORECL_PACKET_TRACE).
// --times prints the seconds of clBuildProgram and of each kernel's code
// generation (one kernel after another, as first launches would).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

int usage() {
  std::cerr << "usage: corecl-cc [-o out.bin] [-b \"build options\"] [--dump-ir DIR] "
               "[--dump-asm DIR] [--report] [--times] input.cl|input.bin\n";
  return 2;
}

bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return true;
}

std::string buildLog(cl_program program, cl_device_id device) {
  size_t size = 0;
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
  std::string log(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n'))
    log.pop_back();
  return log;
}

/// Gathers and scatters in the dumped assembly, by kernel: every function
/// CoreCL makes of kernel K (its work-group function K.wg, its packets
/// K.body.packetN, ...) is named "K." and something.
std::map<std::string, unsigned> gathersAndScatters(const fs::path &dir,
                                                   const std::vector<std::string> &kernels) {
  std::map<std::string, unsigned> counts;
  for (const auto &entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".s")
      continue;
    std::ifstream in(entry.path());
    std::string line, owner;
    while (std::getline(in, line)) {
      if (!line.empty() && line[0] != '.' && line[0] != '\t' && line.back() == ':') {
        owner.clear();
        for (const std::string &k : kernels)
          if (line.compare(0, k.size() + 1, k + ".") == 0)
            owner = k;
      } else if (!owner.empty() &&
                 (line.find("gather") != std::string::npos ||
                  line.find("scatter") != std::string::npos) &&
                 line.find('\t') == 0) {
        ++counts[owner];
      }
    }
  }
  return counts;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char **argv) {
  std::string output, options, dumpIr, dumpAsm, input;
  bool report = false, times = false;
  // The options that take a value, and where it goes.
  const std::map<std::string, std::string *> valued = {
      {"-o", &output}, {"-b", &options}, {"--dump-ir", &dumpIr}, {"--dump-asm", &dumpAsm}};
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (auto option = valued.find(arg); option != valued.end()) {
      if (i + 1 >= argc)
        return usage();
      *option->second = argv[++i];
    } else if (arg == "--report") {
      report = true;
    } else if (arg == "--times") {
      times = true;
    } else if (arg == "-h" || arg == "--help") {
      usage();
      return 0;
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << "corecl-cc: unknown option " << arg << "\n";
      return usage();
    } else if (input.empty()) {
      input = arg;
    } else {
      return usage();
    }
  }
  if (input.empty())
    return usage();
  std::string contents;
  if (!readFile(input, contents)) {
    std::cerr << "corecl-cc: cannot read " << input << "\n";
    return 1;
  }

  // The compiler reads these when it builds: set before the first call.
  fs::path reportAsm;
  if (report && dumpAsm.empty()) {
    reportAsm = fs::temp_directory_path() / ("corecl-cc-" + std::to_string(::getpid()));
    fs::create_directories(reportAsm);
    dumpAsm = reportAsm.string();
  }
  // The dump folders are made here: the compiler writes into them, and
  // --report reads the assembly back.
  std::error_code ignored;
  for (const std::string *dir : {&dumpIr, &dumpAsm})
    if (!dir->empty())
      fs::create_directories(*dir, ignored);
  if (!dumpIr.empty() || !dumpAsm.empty() || report)
    ::setenv("CORECL_CACHE", "0", 1); // a cached build would skip the steps asked for
  if (!dumpIr.empty())
    ::setenv("CORECL_DUMP_IR", dumpIr.c_str(), 1);
  if (!dumpAsm.empty())
    ::setenv("CORECL_DUMP_ASM", dumpAsm.c_str(), 1);
  if (report)
    ::setenv("CORECL_PACKET_TRACE", "1", 1);
  // Queries generate a kernel's code, not only its formation (below).
  ::setenv("CORECL_CODE_ON_QUERY", "1", 1);

  cl_platform_id platform;
  cl_device_id device;
  cl_int err = clGetPlatformIDs(1, &platform, nullptr);
  if (err == CL_SUCCESS)
    err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
  if (err != CL_SUCCESS) {
    std::cerr << "corecl-cc: no CoreCL device (" << err << ")\n";
    return 1;
  }
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  if (!context) {
    std::cerr << "corecl-cc: cannot create a context (" << err << ")\n";
    return 1;
  }

  // A CoreCL binary if the driver takes it as one, else source.
  cl_program program = nullptr;
  const auto *bytes = reinterpret_cast<const unsigned char *>(contents.data());
  size_t length = contents.size();
  cl_int binaryStatus = CL_INVALID_BINARY;
  if (length)
    program = clCreateProgramWithBinary(context, 1, &device, &length, &bytes, &binaryStatus, &err);
  if (!program || binaryStatus != CL_SUCCESS) {
    if (program)
      clReleaseProgram(program);
    const char *text = contents.c_str();
    program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
  }
  if (!program) {
    std::cerr << "corecl-cc: cannot create the program (" << err << ")\n";
    return 1;
  }
  const auto buildStart = std::chrono::steady_clock::now();
  err = clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
  if (times)
    std::cout << "build: " << secondsSince(buildStart) << " s\n";
  std::string log = buildLog(program, device);
  if (!log.empty())
    std::cerr << log << "\n";
  if (err != CL_SUCCESS) {
    std::cerr << "corecl-cc: " << input << ": build failed (" << err << ")\n";
    return 1;
  }

  // Each kernel's code is generated when first needed: a query of what
  // work-group formation decided asks for it, as a launch would.
  cl_uint count = 0;
  clCreateKernelsInProgram(program, 0, nullptr, &count);
  std::vector<cl_kernel> kernels(count);
  if (count)
    clCreateKernelsInProgram(program, count, kernels.data(), nullptr);
  for (cl_kernel kernel : kernels) {
    size_t multiple = 0;
    const auto start = std::chrono::steady_clock::now();
    if (clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                 sizeof multiple, &multiple, nullptr) != CL_SUCCESS) {
      std::cerr << "corecl-cc: " << input << ": code generation failed (rerun with "
                << "CORECL_DEBUG=api for the compiler's log)\n";
      return 1;
    }
    if (times) {
      char name[256] = {};
      clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, sizeof name - 1, name, nullptr);
      std::cout << "kernel " << name << ": " << secondsSince(start) << " s\n";
    }
    clReleaseKernel(kernel);
  }

  if (!output.empty()) {
    size_t size = 0;
    clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr);
    std::vector<unsigned char> binary(size);
    unsigned char *into = binary.data();
    clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof into, &into, nullptr);
    std::ofstream out(output, std::ios::binary);
    out.write(reinterpret_cast<const char *>(binary.data()), std::streamsize(binary.size()));
    if (!out) {
      std::cerr << "corecl-cc: cannot write " << output << "\n";
      return 1;
    }
  }

  if (report) {
    cl_uint count = 0;
    clCreateKernelsInProgram(program, 0, nullptr, &count);
    std::vector<cl_kernel> kernels(count);
    clCreateKernelsInProgram(program, count, kernels.data(), nullptr);
    std::vector<std::string> names;
    for (cl_kernel k : kernels) {
      char name[256] = {};
      clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, nullptr);
      names.push_back(name);
    }
    std::map<std::string, unsigned> left = gathersAndScatters(dumpAsm, names);
    for (size_t i = 0; i < kernels.size(); ++i) {
      size_t width = 0;
      cl_ulong local = 0, priv = 0;
      clGetKernelWorkGroupInfo(kernels[i], device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                               sizeof width, &width, nullptr);
      clGetKernelWorkGroupInfo(kernels[i], device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local,
                               nullptr);
      clGetKernelWorkGroupInfo(kernels[i], device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv,
                               nullptr);
      std::cout << "kernel " << names[i] << ": " << width << " work-items side by side, " << local
                << " bytes __local, " << priv << " bytes private, " << left[names[i]]
                << " gather/scatter instructions\n";
      clReleaseKernel(kernels[i]);
    }
  }
  clReleaseProgram(program);
  clReleaseContext(context);
  if (!reportAsm.empty())
    fs::remove_all(reportAsm);
  return 0;
}
