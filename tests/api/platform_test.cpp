// clGetPlatformIDs, clGetPlatformInfo and the extension-function lookup,
// linked directly against libCoreCL.so.
#include "api/test_support.h"

#include <CL/cl_ext.h>

#include <cstring>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

std::string platformString(cl_platform_info param) {
  size_t size = 0;
  EXPECT_EQ(clGetPlatformInfo(platform(), param, 0, nullptr, &size), CL_SUCCESS);
  std::string text(size, '\0');
  EXPECT_EQ(clGetPlatformInfo(platform(), param, size, text.data(), nullptr), CL_SUCCESS);
  // The returned size counts the terminating NUL, which must be there.
  EXPECT_GE(size, 1u);
  if (!text.empty()) {
    EXPECT_EQ(text.back(), '\0');
    text.pop_back();
  }
  return text;
}

std::set<std::string> splitNames(const std::string &text) {
  std::set<std::string> names;
  std::istringstream in(text);
  for (std::string name; in >> name;)
    names.insert(name);
  return names;
}

TEST(PlatformIDs, FindsOnePlatform) {
  cl_uint count = 0;
  ASSERT_EQ(clGetPlatformIDs(0, nullptr, &count), CL_SUCCESS);
  ASSERT_GE(count, 1u);
  std::vector<cl_platform_id> ids(count);
  ASSERT_EQ(clGetPlatformIDs(count, ids.data(), nullptr), CL_SUCCESS);
  for (cl_platform_id id : ids)
    EXPECT_NE(id, nullptr);
  // The same handle every time: the platform is a process-wide object.
  EXPECT_EQ(ids[0], platform());
}

TEST(PlatformIDs, MoreEntriesThanPlatformsReportsTheRealCount) {
  cl_platform_id ids[4] = {};
  cl_uint count = 0;
  ASSERT_EQ(clGetPlatformIDs(4, ids, &count), CL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_NE(ids[0], nullptr);
}

TEST(PlatformIDs, InvalidArguments) {
  cl_platform_id id = nullptr;
  cl_uint count = 0;
  EXPECT_EQ(clGetPlatformIDs(0, &id, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetPlatformIDs(0, &id, &count), CL_INVALID_VALUE);
  EXPECT_EQ(clGetPlatformIDs(1, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetPlatformIDs(0, nullptr, nullptr), CL_INVALID_VALUE);
}

TEST(PlatformInfo, Strings) {
  EXPECT_EQ(platformString(CL_PLATFORM_PROFILE), "FULL_PROFILE");
  EXPECT_EQ(platformString(CL_PLATFORM_NAME), "CoreCL");
  EXPECT_FALSE(platformString(CL_PLATFORM_VENDOR).empty());
  // "OpenCL<space><major.minor><space><platform-specific information>"
  std::string version = platformString(CL_PLATFORM_VERSION);
  EXPECT_EQ(version.rfind("OpenCL 3.0 ", 0), 0u) << version;
  EXPECT_GT(version.size(), std::string("OpenCL 3.0 ").size()) << version;
}

TEST(PlatformInfo, NumericVersionMatchesTheString) {
  cl_version v = 0;
  size_t size = 0;
  ASSERT_EQ(clGetPlatformInfo(platform(), CL_PLATFORM_NUMERIC_VERSION, sizeof v, &v, &size),
            CL_SUCCESS);
  EXPECT_EQ(size, sizeof(cl_version));
  EXPECT_EQ(v, CL_MAKE_VERSION(3, 0, 0));
  EXPECT_EQ(CL_VERSION_MAJOR(v), 3u);
  EXPECT_EQ(CL_VERSION_MINOR(v), 0u);
}

TEST(PlatformInfo, ExtensionsMatchExtensionsWithVersion) {
  std::set<std::string> names = splitNames(platformString(CL_PLATFORM_EXTENSIONS));
  size_t size = 0;
  ASSERT_EQ(clGetPlatformInfo(platform(), CL_PLATFORM_EXTENSIONS_WITH_VERSION, 0, nullptr, &size),
            CL_SUCCESS);
  ASSERT_EQ(size % sizeof(cl_name_version), 0u);
  std::vector<cl_name_version> list(size / sizeof(cl_name_version));
  ASSERT_EQ(clGetPlatformInfo(platform(), CL_PLATFORM_EXTENSIONS_WITH_VERSION, size, list.data(),
                              nullptr),
            CL_SUCCESS);
  std::set<std::string> versioned;
  for (const cl_name_version &e : list) {
    std::string name(e.name, strnlen(e.name, CL_NAME_VERSION_MAX_NAME_SIZE));
    ASSERT_LT(name.size(), size_t(CL_NAME_VERSION_MAX_NAME_SIZE)) << "name not terminated";
    EXPECT_TRUE(versioned.insert(name).second) << "listed twice: " << name;
    EXPECT_NE(e.version, 0u) << name;
  }
  EXPECT_EQ(names, versioned);
  // cl_khr_icd is what lets the loader find CoreCL; the versioned queries
  // exist because of cl_khr_extended_versioning.
  EXPECT_TRUE(names.count("cl_khr_icd"));
  EXPECT_TRUE(names.count("cl_khr_extended_versioning"));
}

TEST(PlatformInfo, HostTimerResolution) {
  cl_ulong resolution = 0;
  size_t size = 0;
  ASSERT_EQ(clGetPlatformInfo(platform(), CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof resolution,
                              &resolution, &size),
            CL_SUCCESS);
  EXPECT_EQ(size, sizeof(cl_ulong));
  // Non-zero: CoreCL implements clGetHostTimer (OpenCL 3.0 says 0 if not).
  EXPECT_GT(resolution, 0u);
}

TEST(PlatformInfo, IcdSuffix) {
  std::string suffix = platformString(CL_PLATFORM_ICD_SUFFIX_KHR);
  EXPECT_FALSE(suffix.empty());
  EXPECT_EQ(suffix.find(' '), std::string::npos);
}

TEST(PlatformInfo, NullPlatformSelectsCoreCL) {
  // Implementation-defined by the spec; CoreCL has one platform and uses it.
  char name[64] = {};
  ASSERT_EQ(clGetPlatformInfo(nullptr, CL_PLATFORM_NAME, sizeof name, name, nullptr), CL_SUCCESS);
  EXPECT_STREQ(name, "CoreCL");
}

TEST(PlatformInfo, SizeOnlyQueryMatchesTheValue) {
  for (cl_platform_info p : {CL_PLATFORM_PROFILE, CL_PLATFORM_VERSION, CL_PLATFORM_NAME,
                             CL_PLATFORM_VENDOR, CL_PLATFORM_EXTENSIONS}) {
    size_t size = 0;
    ASSERT_EQ(clGetPlatformInfo(platform(), p, 0, nullptr, &size), CL_SUCCESS);
    std::string text(size, 'x');
    size_t again = 0;
    ASSERT_EQ(clGetPlatformInfo(platform(), p, size, text.data(), &again), CL_SUCCESS);
    EXPECT_EQ(again, size);
    EXPECT_EQ(text.size(), strlen(text.c_str()) + 1) << "NUL must be the last byte, param " << p;
  }
}

TEST(PlatformInfo, InvalidPlatform) {
  char name[64];
  // A handle of another type and a pointer to junk are both rejected.
  cl_platform_id device = reinterpret_cast<cl_platform_id>(corecl::test::device());
  EXPECT_EQ(clGetPlatformInfo(device, CL_PLATFORM_NAME, sizeof name, name, nullptr),
            CL_INVALID_PLATFORM);
  struct {
    void *dispatch = nullptr;
    uint32_t tag = 0;
  } junk;
  EXPECT_EQ(clGetPlatformInfo(reinterpret_cast<cl_platform_id>(&junk), CL_PLATFORM_NAME,
                              sizeof name, name, nullptr),
            CL_INVALID_PLATFORM);
}

TEST(PlatformInfo, BufferTooSmall) {
  size_t size = 0;
  ASSERT_EQ(clGetPlatformInfo(platform(), CL_PLATFORM_VERSION, 0, nullptr, &size), CL_SUCCESS);
  std::string text(size, '\0');
  EXPECT_EQ(clGetPlatformInfo(platform(), CL_PLATFORM_VERSION, size - 1, text.data(), nullptr),
            CL_INVALID_VALUE);
  cl_version v;
  EXPECT_EQ(clGetPlatformInfo(platform(), CL_PLATFORM_NUMERIC_VERSION, sizeof v - 1, &v, nullptr),
            CL_INVALID_VALUE);
}

TEST(PlatformInfo, UnknownParam) {
  char buf[256];
  size_t size = 0;
  EXPECT_EQ(clGetPlatformInfo(platform(), CL_DEVICE_NAME, sizeof buf, buf, &size),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetPlatformInfo(platform(), 0, sizeof buf, buf, &size), CL_INVALID_VALUE);
}

TEST(ExtensionFunctionAddress, CoreFunctionsAreNotFound) {
  // The spec: core functions may not be returned by either lookup.
  for (const char *name : {"clGetPlatformIDs", "clCreateContext", "clEnqueueReadBuffer",
                           "clSetContextDestructorCallback"}) {
    EXPECT_EQ(clGetExtensionFunctionAddress(name), nullptr) << name;
    EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(platform(), name), nullptr) << name;
  }
}

TEST(ExtensionFunctionAddress, UnknownNamesAreNotFound) {
  EXPECT_EQ(clGetExtensionFunctionAddress("clNoSuchFunctionKHR"), nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddress(""), nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddress(nullptr), nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(platform(), "clNoSuchFunctionKHR"), nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(platform(), nullptr), nullptr);
}

TEST(ExtensionFunctionAddress, IcdEntryPointIsFound) {
  // cl_khr_icd: the loader finds clIcdGetPlatformIDsKHR this way.
  using Fn = cl_int(CL_API_CALL *)(cl_uint, cl_platform_id *, cl_uint *);
  auto fn = reinterpret_cast<Fn>(clGetExtensionFunctionAddress("clIcdGetPlatformIDsKHR"));
  ASSERT_NE(fn, nullptr);
  EXPECT_EQ(reinterpret_cast<void *>(fn),
            clGetExtensionFunctionAddressForPlatform(platform(), "clIcdGetPlatformIDsKHR"));
  cl_platform_id id = nullptr;
  cl_uint count = 0;
  ASSERT_EQ(fn(1, &id, &count), CL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(id, platform());
}

TEST(ExtensionFunctionAddress, InvalidPlatformFindsNothing) {
  cl_platform_id notAPlatform = reinterpret_cast<cl_platform_id>(device());
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(notAPlatform, "clIcdGetPlatformIDsKHR"),
            nullptr);
}

} // namespace
} // namespace corecl::test
