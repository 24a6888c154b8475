// libCoreCL.so's exported symbols and its ICD dispatch table, checked
// against icd/entry_points.def (the one list both are generated from).
#include <CL/cl_icd.h>
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// The names in entry_points.def (its CORECL_ENTRY(name) lines).
std::set<std::string> entryPoints() {
  std::ifstream in(CORECL_ENTRY_POINTS_DEF);
  EXPECT_TRUE(in) << CORECL_ENTRY_POINTS_DEF;
  std::set<std::string> names;
  const std::regex entry(R"(^\s*CORECL_ENTRY\((\w+)\)\s*$)");
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_match(line, m, entry))
      EXPECT_TRUE(names.insert(m[1]).second) << "listed twice: " << m[1];
  return names;
}

/// The defined dynamic symbols of the library, by `nm -D --defined-only`.
std::set<std::string> exportedSymbols() {
  std::string command = std::string("nm -D --defined-only '") + CORECL_LIBRARY_PATH + "'";
  FILE *pipe = popen(command.c_str(), "r");
  EXPECT_NE(pipe, nullptr);
  std::set<std::string> names;
  if (!pipe)
    return names;
  char line[1024];
  while (std::fgets(line, sizeof line, pipe)) {
    // "<address> <type> <name>[@version]"
    std::istringstream fields(line);
    std::string address, type, name;
    if (!(fields >> address >> type >> name))
      continue;
    if (type == "A") // version nodes
      continue;
    names.insert(name.substr(0, name.find('@')));
  }
  EXPECT_EQ(pclose(pipe), 0) << command;
  return names;
}

TEST(Exports, OnlyTheOpenCLApiIsExported) {
  std::set<std::string> entries = entryPoints();
  ASSERT_GT(entries.size(), 100u);
  std::set<std::string> exported = exportedSymbols();
  ASSERT_FALSE(exported.empty());
  // Besides the core entry points, the extension functions CoreCL hands out
  // through clGetExtensionFunctionAddress.
  const std::set<std::string> extensionFunctions = {"clIcdGetPlatformIDsKHR",
                                                    "clCreateProgramWithILKHR"};
  for (const std::string &name : exported)
    EXPECT_TRUE(entries.count(name) || extensionFunctions.count(name))
        << "exported but not an entry point: " << name;
  for (const std::string &name : entries)
    EXPECT_TRUE(exported.count(name)) << "entry point not exported: " << name;
  EXPECT_TRUE(exported.count("clIcdGetPlatformIDsKHR"));
}

/// libCoreCL.so opened directly (not through the loader).
class DispatchTable : public ::testing::Test {
protected:
  void SetUp() override {
    // Never closed: CoreCL's worker threads and leaked platform outlive any
    // one test, so unloading it mid-process is not supported.
    library = dlopen(CORECL_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    ASSERT_NE(library, nullptr) << dlerror();
    using GetPlatforms = cl_int(CL_API_CALL *)(cl_uint, cl_platform_id *, cl_uint *);
    auto getPlatforms = reinterpret_cast<GetPlatforms>(dlsym(library, "clIcdGetPlatformIDsKHR"));
    ASSERT_NE(getPlatforms, nullptr);
    ASSERT_EQ(getPlatforms(1, &platform, nullptr), CL_SUCCESS);
    ASSERT_NE(platform, nullptr);
    // cl_khr_icd: every handle starts with a pointer to the dispatch table.
    table = *reinterpret_cast<const cl_icd_dispatch *const *>(platform);
    ASSERT_NE(table, nullptr);
  }
  void *library = nullptr;
  cl_platform_id platform = nullptr;
  const cl_icd_dispatch *table = nullptr;
};

TEST_F(DispatchTable, EverySlotIsFilled) {
  auto slots = reinterpret_cast<void *const *>(table);
  const size_t count = sizeof(cl_icd_dispatch) / sizeof(void *);
  for (size_t i = 0; i < count; ++i)
    EXPECT_NE(slots[i], nullptr) << "slot " << i;
}

TEST_F(DispatchTable, EntryPointSlotsAreTheExportedFunctions) {
  // Each named slot holds the very function exported under that name, so a
  // call through the loader and a direct call reach the same code.
  struct Slot {
    const char *name;
    size_t offset;
  };
  static const Slot slots[] = {
#define CORECL_ENTRY(name) {#name, offsetof(cl_icd_dispatch, name)},
#include CORECL_ENTRY_POINTS_DEF
#undef CORECL_ENTRY
  };
  auto base = reinterpret_cast<const char *>(table);
  for (const Slot &s : slots) {
    void *slot = *reinterpret_cast<void *const *>(base + s.offset);
    EXPECT_EQ(slot, dlsym(library, s.name)) << s.name;
  }
}

TEST_F(DispatchTable, UnsupportedExtensionSlotsFailCleanly) {
  // GL sharing is not reported; its slot answers CL_INVALID_OPERATION
  // instead of crashing.
  cl_uint count = 0;
  ASSERT_NE(table->clGetGLObjectInfo, nullptr);
  EXPECT_EQ(table->clGetGLObjectInfo(nullptr, nullptr, &count), CL_INVALID_OPERATION);
  cl_int err = CL_SUCCESS;
  ASSERT_NE(table->clCreateFromGLBuffer, nullptr);
  EXPECT_EQ(table->clCreateFromGLBuffer(nullptr, 0, 0, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_OPERATION);
}

TEST_F(DispatchTable, EveryHandleCarriesTheSameTable) {
  cl_device_id device = nullptr;
  ASSERT_EQ(table->clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 1, &device, nullptr), CL_SUCCESS);
  EXPECT_EQ(*reinterpret_cast<const cl_icd_dispatch *const *>(device), table);
  cl_int err;
  cl_context context = table->clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(*reinterpret_cast<const cl_icd_dispatch *const *>(context), table);
  cl_command_queue queue =
      table->clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(*reinterpret_cast<const cl_icd_dispatch *const *>(queue), table);
  cl_mem buffer = table->clCreateBuffer(context, CL_MEM_READ_WRITE, 16, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(*reinterpret_cast<const cl_icd_dispatch *const *>(buffer), table);
  cl_event event = table->clCreateUserEvent(context, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(*reinterpret_cast<const cl_icd_dispatch *const *>(event), table);
  EXPECT_EQ(table->clSetUserEventStatus(event, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(table->clReleaseEvent(event), CL_SUCCESS);
  EXPECT_EQ(table->clReleaseMemObject(buffer), CL_SUCCESS);
  EXPECT_EQ(table->clReleaseCommandQueue(queue), CL_SUCCESS);
  EXPECT_EQ(table->clReleaseContext(context), CL_SUCCESS);
}

} // namespace
