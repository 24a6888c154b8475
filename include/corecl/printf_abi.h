// The printf buffer's layout: a contract between compiled kernels, which
// append records (compiler/passes/printf.cpp), and the runtime, which
// formats them when the command completes (runtime/printf_format.cpp).
//
// Bytes [0, 8) hold the atomic write cursor (bytes used after the header);
// records follow from byte 8. A record is
//   u32 size (whole record, 8-aligned) | u32 argument count | u64 format address
// followed by the arguments, each
//   u8 kind | u8 element bytes | u16 lanes | u32 pad | data padded to 8 bytes
#pragma once
#include <cstddef>
#include <cstdint>

namespace corecl::printfrec {
inline constexpr uint8_t kInteger = 1; // signed or unsigned: the format decides
inline constexpr uint8_t kFloat = 2;   // IEEE binary16/32/64 by element bytes
inline constexpr uint8_t kPointer = 3; // %p, or %s with a constant string
inline constexpr size_t kHeaderBytes = 8;
inline constexpr size_t kRecordHeaderBytes = 16;
inline constexpr size_t kArgHeaderBytes = 8;
} // namespace corecl::printfrec
