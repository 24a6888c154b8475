// OpenCL C 3.0's optional features: for each, the feature macro a
// -cl-std=CL3.0 kernel sees, the name in CL_DEVICE_OPENCL_C_FEATURES and
// the device query of the same feature must agree (the spec ties each macro
// to its query). The behaviour behind each reported feature has its own
// kernel tests (generic_address_space_test, program_scope_globals_test,
// c11_atomics_test, the image tests).
#include "kernels/kernel_fixture.h"

#include <set>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

using OpenCLCFeaturesTest = KernelTest;

/// Each optional feature and what the device's queries say of it.
struct Feature {
  const char *name;
  bool (*queried)();
};

template <class T> T query(cl_device_info param) {
  T value{};
  EXPECT_EQ(clGetDeviceInfo(device(), param, sizeof value, &value, nullptr), CL_SUCCESS);
  return value;
}

bool atomicCap(cl_device_atomic_capabilities bit) {
  return (query<cl_device_atomic_capabilities>(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES) & bit) != 0;
}

const Feature kFeatures[] = {
    {"__opencl_c_generic_address_space",
     [] { return query<cl_bool>(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT) == CL_TRUE; }},
    {"__opencl_c_program_scope_global_variables",
     [] { return query<size_t>(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE) > 0; }},
    {"__opencl_c_atomic_order_acq_rel", [] { return atomicCap(CL_DEVICE_ATOMIC_ORDER_ACQ_REL); }},
    {"__opencl_c_atomic_order_seq_cst", [] { return atomicCap(CL_DEVICE_ATOMIC_ORDER_SEQ_CST); }},
    {"__opencl_c_atomic_scope_device", [] { return atomicCap(CL_DEVICE_ATOMIC_SCOPE_DEVICE); }},
    {"__opencl_c_atomic_scope_all_devices",
     [] { return atomicCap(CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES); }},
    {"__opencl_c_work_group_collective_functions",
     [] { return query<cl_bool>(CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT) == CL_TRUE; }},
    {"__opencl_c_subgroups", [] { return query<cl_uint>(CL_DEVICE_MAX_NUM_SUB_GROUPS) > 0; }},
    {"__opencl_c_pipes", [] { return query<cl_bool>(CL_DEVICE_PIPE_SUPPORT) == CL_TRUE; }},
    {"__opencl_c_device_enqueue",
     [] {
       return query<cl_device_device_enqueue_capabilities>(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES) !=
              0;
     }},
    {"__opencl_c_images", [] { return query<cl_bool>(CL_DEVICE_IMAGE_SUPPORT) == CL_TRUE; }},
    {"__opencl_c_read_write_images",
     [] { return query<cl_uint>(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS) > 0; }},
    {"__opencl_c_fp64", [] { return query<cl_device_fp_config>(CL_DEVICE_DOUBLE_FP_CONFIG) != 0; }},
};

/// For each name, whether a kernel built with `options` sees it defined.
std::vector<bool> macrosDefined(KernelTest &test, const std::vector<std::string> &names,
                                const char *options) {
  std::string source = "kernel void macros(global int *out) {\n";
  for (size_t i = 0; i < names.size(); ++i)
    source += "#ifdef " + names[i] + "\n  out[" + std::to_string(i) + "] = 1;\n#else\n  out[" +
              std::to_string(i) + "] = 0;\n#endif\n";
  source += "}\n";
  cl_kernel k = test.buildKernel(source, "macros", options);
  EXPECT_TRUE(k);
  if (!k)
    return {};
  cl_mem out = test.outputBuffer<int>(names.size());
  EXPECT_EQ(test.setArgs(k, out), CL_SUCCESS);
  const size_t one = 1;
  EXPECT_EQ(test.run(k, 1, &one), CL_SUCCESS);
  std::vector<bool> defined;
  for (int value : test.read<int>(out, names.size()))
    defined.push_back(value == 1);
  return defined;
}

TEST_F(OpenCLCFeaturesTest, MacrosNamesAndQueriesAgree) {
  std::set<std::string> listed;
  size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &size), CL_SUCCESS);
  std::vector<cl_name_version> features(size / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_OPENCL_C_FEATURES, size, features.data(), nullptr),
            CL_SUCCESS);
  for (const cl_name_version &f : features)
    listed.insert(f.name);

  std::vector<std::string> names;
  for (const Feature &f : kFeatures)
    names.push_back(f.name);
  std::vector<bool> macros = macrosDefined(*this, names, "-cl-std=CL3.0");
  ASSERT_EQ(macros.size(), names.size());
  for (size_t i = 0; i < std::size(kFeatures); ++i) {
    const Feature &f = kFeatures[i];
    bool queried = f.queried();
    EXPECT_EQ(listed.count(f.name) == 1, queried) << f.name << " in CL_DEVICE_OPENCL_C_FEATURES";
    EXPECT_EQ(macros[i], queried) << f.name << " as a macro";
  }
}

TEST_F(OpenCLCFeaturesTest, ExtensionMacrosAgreeWithTheExtensionList) {
  // Clang's header announces some of these for every SPIR compile of
  // OpenCL C 2.0 and later; a program must see only what the device lists.
  const char *names[] = {"cl_khr_fp64",
                         "cl_khr_fp16",
                         "cl_khr_subgroups",
                         "cl_khr_subgroup_extended_types",
                         "cl_khr_subgroup_non_uniform_vote",
                         "cl_khr_subgroup_ballot",
                         "cl_khr_subgroup_non_uniform_arithmetic",
                         "cl_khr_subgroup_shuffle",
                         "cl_khr_subgroup_shuffle_relative",
                         "cl_khr_subgroup_clustered_reduce",
                         "cl_khr_subgroup_rotate",
                         "cl_khr_extended_bit_ops",
                         "cl_khr_integer_dot_product",
                         "cl_ext_float_atomics",
                         "cl_khr_kernel_clock",
                         "cl_khr_3d_image_writes",
                         "cl_khr_depth_images",
                         "cl_khr_int64_base_atomics"};
  size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_EXTENSIONS, 0, nullptr, &size), CL_SUCCESS);
  std::string list(size, '\0');
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_EXTENSIONS, size, list.data(), nullptr),
            CL_SUCCESS);
  list = " " + std::string(list.c_str()) + " ";
  for (const char *std : {"-cl-std=CL1.2", "-cl-std=CL3.0"}) {
    std::vector<bool> defined =
        macrosDefined(*this, std::vector<std::string>(std::begin(names), std::end(names)), std);
    ASSERT_EQ(defined.size(), std::size(names));
    for (size_t i = 0; i < std::size(names); ++i) {
      bool listed = list.find(" " + std::string(names[i]) + " ") != std::string::npos;
      // Extensions that need OpenCL C 2.0 are not macros of 1.2 programs.
      bool needs20 = std::string(names[i]).rfind("cl_khr_subgroup", 0) == 0;
      if (needs20 && std::string(std) == "-cl-std=CL1.2")
        continue;
      EXPECT_EQ(defined[i] == 1, listed) << names[i] << " under " << std;
    }
  }
}

TEST_F(OpenCLCFeaturesTest, CarriedFeaturesAreReported) {
  // What CoreCL carries today; a feature dropped by mistake fails here.
  for (const char *name :
       {"__opencl_c_generic_address_space", "__opencl_c_program_scope_global_variables",
        "__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
        "__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
        "__opencl_c_work_group_collective_functions", "__opencl_c_subgroups", "__opencl_c_images",
        "__opencl_c_read_write_images", "__opencl_c_fp64"})
    for (const Feature &f : kFeatures)
      if (std::string(f.name) == name)
        EXPECT_TRUE(f.queried()) << name;
}

} // namespace
} // namespace corecl::test
