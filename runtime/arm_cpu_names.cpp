#include "runtime/arm_cpu_names.h"

#include <cstdio>
#include <cstdlib>

namespace corecl::rt {
namespace {

struct Implementer {
  uint32_t code;
  const char *name;
  uint32_t pciVendor; // from the PCI SIG's list; 0 where the maker has none
};

constexpr Implementer kImplementers[] = {
    {0x41, "ARM", 0x13b5},     {0x42, "Broadcom", 0x14e4},  {0x43, "Cavium", 0x177d},
    {0x46, "Fujitsu", 0x10cf}, {0x48, "HiSilicon", 0x19e5}, {0x4e, "NVIDIA", 0x10de},
    {0x50, "APM", 0},          {0x51, "Qualcomm", 0x17cb},  {0x61, "Apple", 0x106b},
    {0xc0, "Ampere", 0x1def},
};

struct Part {
  uint32_t implementer, part;
  const char *name;
};

// The cores found in servers, boards and laptops that run Linux.
constexpr Part kParts[] = {
    {0x41, 0xd03, "Cortex-A53"},      {0x41, 0xd04, "Cortex-A35"},  {0x41, 0xd05, "Cortex-A55"},
    {0x41, 0xd07, "Cortex-A57"},      {0x41, 0xd08, "Cortex-A72"},  {0x41, 0xd09, "Cortex-A73"},
    {0x41, 0xd0a, "Cortex-A75"},      {0x41, 0xd0b, "Cortex-A76"},  {0x41, 0xd0c, "Neoverse-N1"},
    {0x41, 0xd0d, "Cortex-A77"},      {0x41, 0xd40, "Neoverse-V1"}, {0x41, 0xd41, "Cortex-A78"},
    {0x41, 0xd44, "Cortex-X1"},       {0x41, 0xd46, "Cortex-A510"}, {0x41, 0xd47, "Cortex-A710"},
    {0x41, 0xd48, "Cortex-X2"},       {0x41, 0xd49, "Neoverse-N2"}, {0x41, 0xd4a, "Neoverse-E1"},
    {0x41, 0xd4b, "Cortex-A78C"},     {0x41, 0xd4d, "Cortex-A715"}, {0x41, 0xd4e, "Cortex-X3"},
    {0x41, 0xd4f, "Neoverse-V2"},     {0x41, 0xd80, "Cortex-A520"}, {0x41, 0xd81, "Cortex-A720"},
    {0x41, 0xd82, "Cortex-X4"},       {0x41, 0xd84, "Neoverse-V3"}, {0x41, 0xd8e, "Neoverse-N3"},
    {0x43, 0x0af, "ThunderX2"},       {0x46, 0x001, "A64FX"},       {0x48, 0xd01, "Kunpeng-920"},
    {0x4e, 0x004, "Carmel"},          {0x50, 0x000, "X-Gene"},      {0x51, 0x800, "Kryo 2xx Gold"},
    {0x51, 0x801, "Kryo 2xx Silver"}, {0x51, 0x001, "Oryon"},       {0x61, 0x022, "M1 Icestorm"},
    {0x61, 0x023, "M1 Firestorm"},    {0x61, 0x032, "M2 Blizzard"}, {0x61, 0x033, "M2 Avalanche"},
    {0xc0, 0xac3, "Ampere-1"},        {0xc0, 0xac4, "Ampere-1A"},
};

std::string hex(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%x", value);
  return text;
}

} // namespace

ArmCpuName armCpuName(uint64_t midr) {
  uint32_t implementer = uint32_t(midr >> 24) & 0xff, part = uint32_t(midr >> 4) & 0xfff;
  ArmCpuName name;
  name.vendor = "implementer " + hex(implementer);
  for (const Implementer &known : kImplementers)
    if (known.code == implementer) {
      name.vendor = known.name;
      name.vendorId = known.pciVendor;
    }
  name.model = "part " + hex(part);
  for (const Part &known : kParts)
    if (known.implementer == implementer && known.part == part)
      name.model = known.name;
  return name;
}

uint64_t parseMidr(const std::string &text) {
  if (text.empty())
    return 0;
  char *end = nullptr;
  uint64_t value = std::strtoull(text.c_str(), &end, 16);
  return end && (*end == '\0' || *end == '\n') ? value : 0;
}

} // namespace corecl::rt
