// The names an AArch64 CPU reports as an OpenCL device: its maker and model
// decoded from the Main ID Register (MIDR_EL1). Pure tables, so that every
// host can test them.
#pragma once
#include <cstdint>
#include <string>

namespace corecl::rt {

struct ArmCpuName {
  std::string vendor;    // e.g. "ARM", "Ampere", "Apple"
  std::string model;     // e.g. "Neoverse-V1"; "part 0x..." when unknown
  uint32_t vendorId = 0; // PCI vendor id of the maker, 0 when it has none
};

/// Decodes MIDR_EL1: implementer in bits 31:24, part number in 15:4.
ArmCpuName armCpuName(uint64_t midr);

/// Parses sysfs' midr_el1 text ("0x00000000410fd0c0"); 0 if malformed.
uint64_t parseMidr(const std::string &text);

} // namespace corecl::rt
