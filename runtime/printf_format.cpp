// Host-side formatting of the records kernels append to the printf buffer
// (layout in corecl/printf_abi.h), following the OpenCL C printf rules: C99
// conversions plus vector specifiers (%v4f, %v2hld, ...), where each
// element is printed with the same conversion and separated by commas.
#include "runtime/printf_buffer.h"

#include <cstdio>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace corecl::rt {
namespace {

struct Arg {
  uint8_t kind;
  uint8_t elementBytes;
  uint16_t lanes;
  const char *data;
};

/// One element of an argument, widened to what snprintf expects.
void appendElement(std::string &out, const std::string &spec, char conversion, const Arg &arg,
                   unsigned lane, unsigned lengthBits) {
  char text[512];
  const char *p = arg.data + size_t(lane) * arg.elementBytes;
  int n = 0;
  switch (conversion) {
  case 'd':
  case 'i':
  case 'o':
  case 'u':
  case 'x':
  case 'X':
  case 'c': {
    long long value = 0;
    unsigned long long uvalue = 0;
    switch (arg.elementBytes) {
    case 1: value = int8_t(*p); uvalue = uint8_t(*p); break;
    case 2: { int16_t v; std::memcpy(&v, p, 2); value = v; uvalue = uint16_t(v); break; }
    case 4: { int32_t v; std::memcpy(&v, p, 4); value = v; uvalue = uint32_t(v); break; }
    default: { int64_t v; std::memcpy(&v, p, 8); value = v; uvalue = uint64_t(v); break; }
    }
    // h and hh convert the (promoted) argument to short or char first.
    if (lengthBits == 8) {
      value = int8_t(value);
      uvalue = uint8_t(uvalue);
    } else if (lengthBits == 16) {
      value = int16_t(value);
      uvalue = uint16_t(uvalue);
    }
    std::string s = spec + (conversion == 'c' ? "" : "ll") + conversion;
    if (conversion == 'c')
      n = std::snprintf(text, sizeof text, s.c_str(), int(value));
    else if (conversion == 'd' || conversion == 'i')
      n = std::snprintf(text, sizeof text, s.c_str(), value);
    else
      n = std::snprintf(text, sizeof text, s.c_str(), uvalue);
    break;
  }
  case 'p': {
    uint64_t v;
    std::memcpy(&v, p, 8);
    n = std::snprintf(text, sizeof text, (spec + "p").c_str(), reinterpret_cast<void *>(v));
    break;
  }
  default: { // f F e E g G a A
    double value = 0;
    if (arg.kind == printfrec::kFloat && arg.elementBytes == 4) {
      float f;
      std::memcpy(&f, p, 4);
      value = f;
    } else if (arg.kind == printfrec::kFloat && arg.elementBytes == 8) {
      std::memcpy(&value, p, 8);
    } else if (arg.kind == printfrec::kFloat && arg.elementBytes == 2) {
      uint16_t h;
      std::memcpy(&h, p, 2);
      // binary16 to double by hand: no host half type is assumed.
      int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
      double magnitude = exponent == 0    ? std::ldexp(double(mantissa), -24)
                         : exponent == 31 ? (mantissa ? NAN : INFINITY)
                                          : std::ldexp(double(mantissa | 0x400), exponent - 25);
      value = (h & 0x8000) ? -magnitude : magnitude;
    }
    n = std::snprintf(text, sizeof text, (spec + conversion).c_str(), value);
    break;
  }
  }
  if (n > 0)
    out.append(text, std::min<size_t>(size_t(n), sizeof text - 1));
}

void formatRecord(std::string &out, const char *format, const std::vector<Arg> &args) {
  size_t next = 0;
  for (const char *f = format; *f; ++f) {
    if (*f != '%') {
      out += *f;
      continue;
    }
    if (f[1] == '%') {
      out += '%';
      ++f;
      continue;
    }
    // %[flags][width][.precision][vN][length]conversion
    std::string spec = "%";
    ++f;
    while (*f && std::strchr("-+ #0", *f))
      spec += *f++;
    while (*f >= '0' && *f <= '9')
      spec += *f++;
    if (*f == '.') {
      spec += *f++;
      while (*f >= '0' && *f <= '9')
        spec += *f++;
    }
    unsigned lanes = 1;
    bool vector = false;
    if (*f == 'v') {
      vector = true;
      lanes = unsigned(std::strtoul(f + 1, const_cast<char **>(&f), 10));
    }
    // The stored element size says how wide the value is; h and hh on a
    // scalar still narrow it (vector elements are stored at their width).
    std::string length;
    while (*f && std::strchr("hlLjzt", *f))
      length += *f++;
    unsigned lengthBits = length == "hh" ? 8 : length == "h" ? 16 : 0;
    char conversion = *f;
    if (!conversion)
      break;
    if (next >= args.size())
      return; // fewer arguments than conversions: undefined, stop quietly
    const Arg &arg = args[next++];
    if (conversion == 's') {
      uint64_t address;
      std::memcpy(&address, arg.data, 8);
      const char *text = reinterpret_cast<const char *>(address);
      char buffer[4096];
      int n = std::snprintf(buffer, sizeof buffer, (spec + 's').c_str(), text ? text : "(null)");
      if (n > 0)
        out.append(buffer, std::min<size_t>(size_t(n), sizeof buffer - 1));
      continue;
    }
    if (!vector)
      lanes = 1;
    for (unsigned lane = 0; lane < lanes && lane < arg.lanes; ++lane) {
      if (lane)
        out += ',';
      appendElement(out, spec, conversion, arg, lane, vector ? 0 : lengthBits);
    }
  }
}

} // namespace

std::string formatPrintfBuffer(const char *buffer, size_t capacity) {
  std::string out;
  if (!buffer || capacity < printfrec::kHeaderBytes)
    return out;
  uint64_t used;
  std::memcpy(&used, buffer, 8);
  const char *records = buffer + printfrec::kHeaderBytes;
  size_t limit = std::min<uint64_t>(used, capacity - printfrec::kHeaderBytes);
  size_t offset = 0;
  while (offset + printfrec::kRecordHeaderBytes <= limit) {
    const char *r = records + offset;
    uint32_t size, count;
    uint64_t format;
    std::memcpy(&size, r, 4);
    std::memcpy(&count, r + 4, 4);
    std::memcpy(&format, r + 8, 8);
    if (size < printfrec::kRecordHeaderBytes || offset + size > limit)
      break;
    std::vector<Arg> args;
    const char *a = r + printfrec::kRecordHeaderBytes;
    for (uint32_t i = 0; i < count && a + printfrec::kArgHeaderBytes <= r + size; ++i) {
      Arg arg;
      arg.kind = uint8_t(a[0]);
      arg.elementBytes = uint8_t(a[1]);
      std::memcpy(&arg.lanes, a + 2, 2);
      arg.data = a + printfrec::kArgHeaderBytes;
      size_t bytes = (size_t(arg.elementBytes) * arg.lanes + 7) / 8 * 8;
      if (bytes > size_t(r + size - arg.data))
        break; // more data than the record holds: not read
      args.push_back(arg);
      a += printfrec::kArgHeaderBytes + bytes;
    }
    formatRecord(out, reinterpret_cast<const char *>(format), args);
    offset += size;
  }
  return out;
}

} // namespace corecl::rt
