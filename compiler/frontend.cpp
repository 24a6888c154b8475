#include "compiler/frontend.h"

#include "compiler/embedded_headers.h"
#include "compiler/frontend_extensions.h"

#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

namespace corecl::compiler {
namespace {

constexpr const char *kResourceDir = "/corecl-resource";
constexpr const char *kSourceName = "source.cl";

/// Included after Clang's base header: it announces, for SPIR targets and
/// OpenCL C 2.0 and later, extensions and features CoreCL's devices do not
/// report (CL_DEVICE_EXTENSIONS, CL_DEVICE_OPENCL_C_FEATURES), and a program
/// testing for one must not find it.
constexpr const char *kUnreportedName = "corecl-unreported.h";
constexpr const char *kUnreported = R"(
#undef cl_khr_subgroup_rotate
#undef cl_khr_extended_bit_ops
#undef cl_khr_integer_dot_product
#undef __opencl_c_integer_dot_product_input_4x8bit
#undef __opencl_c_integer_dot_product_input_4x8bit_packed
#undef cl_ext_float_atomics
#undef __opencl_c_ext_fp16_global_atomic_load_store
#undef __opencl_c_ext_fp16_local_atomic_load_store
#undef __opencl_c_ext_fp16_global_atomic_add
#undef __opencl_c_ext_fp16_local_atomic_add
#undef __opencl_c_ext_fp16_global_atomic_min_max
#undef __opencl_c_ext_fp16_local_atomic_min_max
#undef __opencl_c_ext_fp64_global_atomic_add
#undef __opencl_c_ext_fp64_local_atomic_add
#undef __opencl_c_ext_fp64_global_atomic_min_max
#undef __opencl_c_ext_fp64_local_atomic_min_max
#undef __opencl_c_ext_fp32_global_atomic_add
#undef __opencl_c_ext_fp32_local_atomic_add
#undef __opencl_c_ext_fp32_global_atomic_min_max
#undef __opencl_c_ext_fp32_local_atomic_min_max
#undef __opencl_c_ext_image_raw10_raw12
#undef cl_khr_kernel_clock
#undef __opencl_c_kernel_clock_scope_device
#undef __opencl_c_kernel_clock_scope_work_group
#undef __opencl_c_kernel_clock_scope_sub_group
)";

/// The real file system (for -I directories) under an in-memory layer that
/// holds the program source and the embedded headers.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeFileSystem(const std::string &source, const std::vector<HeaderFile> &headers) {
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(std::string("/") + kSourceName, 0,
                  llvm::MemoryBuffer::getMemBufferCopy(source, kSourceName));
  memory->addFile(std::string(kResourceDir) + "/" + kUnreportedName, 0,
                  llvm::MemoryBuffer::getMemBuffer(kUnreported, kUnreportedName));
  // clCompileProgram's headers, found by their include names next to the source.
  for (const HeaderFile &h : headers)
    memory->addFile("/" + h.name, 0, llvm::MemoryBuffer::getMemBufferCopy(h.source, h.name));
  for (const EmbeddedFile &f : embeddedHeaders())
    memory->addFile(std::string(kResourceDir) + "/include/" + f.name, 0,
                    llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(f.data, f.size), f.name,
                                                     /*RequiresNullTerminator=*/false));
  // A physical file system of its own: the process-wide one
  // (getRealFileSystem) changes directory with chdir(), and "/" below
  // moved the application itself to the root on every build (a program
  // writing a relative path after clBuildProgram wrote it under /).
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  overlay->pushOverlay(memory);
  overlay->setCurrentWorkingDirectory("/");
  return overlay;
}

} // namespace

// Not cl_khr_subgroups: that extension requires independent forward
// progress of sub-groups, and a group's work-items run one after the other
// on one thread (OpenCL C 3.0's __opencl_c_subgroups does not).
const char *frontendExtensions() {
  return "cl_khr_byte_addressable_store cl_khr_global_int32_base_atomics "
         "cl_khr_global_int32_extended_atomics cl_khr_local_int32_base_atomics "
         "cl_khr_local_int32_extended_atomics cl_khr_int64_base_atomics "
         "cl_khr_int64_extended_atomics cl_khr_fp64 cl_khr_fp16 cl_khr_3d_image_writes "
         "cl_khr_depth_images "
         "cl_khr_subgroup_extended_types cl_khr_subgroup_non_uniform_vote "
         "cl_khr_subgroup_ballot cl_khr_subgroup_non_uniform_arithmetic cl_khr_subgroup_shuffle "
         "cl_khr_subgroup_shuffle_relative cl_khr_subgroup_clustered_reduce";
}

const char *frontendFeatures() {
  return "__opencl_c_int64 __opencl_c_fp64 __opencl_c_fp16 __opencl_c_images "
         "__opencl_c_3d_image_writes "
         "__opencl_c_read_write_images __opencl_c_generic_address_space "
         "__opencl_c_program_scope_global_variables __opencl_c_atomic_order_acq_rel "
         "__opencl_c_atomic_order_seq_cst __opencl_c_atomic_scope_device "
         "__opencl_c_atomic_scope_all_devices __opencl_c_work_group_collective_functions "
         "__opencl_c_subgroups __opencl_c_pipes __opencl_c_device_enqueue";
}

namespace {

/// "-cl-ext=+a,+b" for a space-separated list.
std::string enableAll(const char *list) {
  std::string arg = "-cl-ext=";
  for (const char *p = list; *p;) {
    const char *end = p;
    while (*end && *end != ' ')
      ++end;
    arg += (arg.size() > 8 ? ",+" : "+") + std::string(p, end);
    p = *end ? end + 1 : end;
  }
  return arg;
}

} // namespace

std::unique_ptr<llvm::Module> compileOpenCLC(llvm::LLVMContext &context, const std::string &source,
                                             const BuildOptions &options,
                                             const std::vector<HeaderFile> &headers,
                                             std::string &log) {
  std::vector<std::string> args = {
      "-triple", "spir64-unknown-unknown", "-x", "cl", "-cl-std=" + options.clStd,
      "-finclude-default-header", "-fdeclare-opencl-builtins", "-cl-kernel-arg-info",
      // Optimise later, on the host target; emit IR that is ready for it.
      options.optDisable ? "-O0" : "-O2", "-disable-llvm-passes", "-ffp-contract=on",
      "-resource-dir", kResourceDir, "-internal-isystem", std::string(kResourceDir) + "/include",
      "-fno-caret-diagnostics", "-cl-ext=-all", enableAll(frontendExtensions())};
  if (options.optDisable)
    args.push_back("-cl-opt-disable");
  // The OpenCL C 3.0 features CoreCL reports (CL_DEVICE_OPENCL_C_FEATURES).
  // (Clang's base header adds pipes and device enqueue for SPIR targets
  // unless told they are absent; CoreCL has both.)
  if (options.clVersion() >= 300)
    args.push_back(enableAll(frontendFeatures()));
  // The device's OpenCL version (CL_DEVICE_VERSION 3.0); Clang defines only
  // the OpenCL C version for SPIR targets.
  args.push_back("-D__OPENCL_VERSION__=300");
  args.push_back("-include");
  args.push_back(std::string(kResourceDir) + "/" + kUnreportedName);
  args.insert(args.end(), options.frontendArgs.begin(), options.frontendArgs.end());
  args.push_back(kSourceName);

  std::vector<const char *> argv;
  for (const std::string &a : args)
    argv.push_back(a.c_str());

  llvm::raw_string_ostream logStream(log);
  auto diagOptions = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  diagOptions->ShowCarets = false;
  auto *printer = new clang::TextDiagnosticPrinter(logStream, diagOptions.get());

  clang::CompilerInstance instance;
  instance.createDiagnostics(printer, /*ShouldOwnClient=*/true);
  if (!clang::CompilerInvocation::CreateFromArgs(instance.getInvocation(), argv,
                                                 instance.getDiagnostics()))
    return nullptr;
  // Now that the invocation holds -w, -Werror and friends, diagnostics are
  // set up again from it (the first engine only reported argument errors).
  instance.getDiagnosticOpts().ShowCarets = false;
  instance.createDiagnostics(
      new clang::TextDiagnosticPrinter(logStream, &instance.getDiagnosticOpts()),
      /*ShouldOwnClient=*/true);
  instance.createFileManager(makeFileSystem(source, headers));
  // `#pragma clang __debug crash` traps inside a live llvm::Timer, which
  // stays linked into LLVM's global timer list from the dead build
  // thread's stack: later builds wrote through it, crashed under the timer
  // lock, and every build after that waited for the lock forever. Source
  // text must not be able to do that; the pragma is ignored.
  instance.getPreprocessorOpts().DisablePragmaDebugCrash = true;

  clang::EmitLLVMOnlyAction action(&context);
  bool ok = instance.ExecuteAction(action);
  logStream.flush();
  if (!ok || instance.getDiagnostics().hasErrorOccurred())
    return nullptr;
  return action.takeModule();
}

} // namespace corecl::compiler
