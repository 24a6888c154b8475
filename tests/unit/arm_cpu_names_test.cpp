// AArch64 device names: MIDR_EL1 values as real machines report them
// (from their /sys/devices/system/cpu/cpu0/regs/identification/midr_el1).
#include "runtime/arm_cpu_names.h"

#include <gtest/gtest.h>

namespace corecl::rt {
namespace {

TEST(ArmCpuNames, KnownCoresByMakerAndPart) {
  struct Case {
    const char *midr, *vendor, *model;
    uint32_t vendorId;
  } cases[] = {
      {"0x00000000410fd0c0", "ARM", "Neoverse-N1", 0x13b5}, // Graviton2, Ampere Altra
      {"0x00000000411fd401", "ARM", "Neoverse-V1", 0x13b5}, // Graviton3
      {"0x00000000410fd4f0", "ARM", "Neoverse-V2", 0x13b5}, // Grace, Graviton4
      {"0x00000000410fd083", "ARM", "Cortex-A72", 0x13b5},  // Raspberry Pi 4
      {"0x00000000c00fac30", "Ampere", "Ampere-1", 0x1def}, // AmpereOne
      {"0x00000000461f0010", "Fujitsu", "A64FX", 0x10cf},
      {"0x00000000481fd010", "HiSilicon", "Kunpeng-920", 0x19e5},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.midr);
    ArmCpuName name = armCpuName(parseMidr(c.midr));
    EXPECT_EQ(name.vendor, c.vendor);
    EXPECT_EQ(name.model, c.model);
    EXPECT_EQ(name.vendorId, c.vendorId);
  }
}

TEST(ArmCpuNames, UnknownCoresAreNamedByTheirNumbers) {
  ArmCpuName part = armCpuName(0x410ffff0);
  EXPECT_EQ(part.vendor, "ARM");
  EXPECT_EQ(part.model, "part 0xfff");
  ArmCpuName maker = armCpuName(0x7a0f0010);
  EXPECT_EQ(maker.vendor, "implementer 0x7a");
  EXPECT_EQ(maker.vendorId, 0u);
}

TEST(ArmCpuNames, MalformedMidrTextIsZero) {
  EXPECT_EQ(parseMidr(""), 0u);
  EXPECT_EQ(parseMidr("0x41zz"), 0u);
  EXPECT_EQ(parseMidr("0x410fd0c0\n"), 0x410fd0c0u);
}

} // namespace
} // namespace corecl::rt
