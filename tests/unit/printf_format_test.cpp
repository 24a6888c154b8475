// formatPrintfBuffer: the records compiled kernels append (layout in
// corecl/printf_abi.h), written here by hand, formatted by the OpenCL C
// printf rules. The expected text is spelled out, not produced by the
// host's printf of the same values.
#include "runtime/printf_buffer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace corecl::rt {
namespace {

/// One argument as a kernel stores it: kind, element size, lanes, data.
struct ArgBytes {
  uint8_t kind;
  uint8_t elementBytes;
  uint16_t lanes;
  std::vector<char> data;
};

template <class T> ArgBytes scalar(uint8_t kind, T value) {
  ArgBytes a{kind, uint8_t(sizeof(T)), 1, std::vector<char>(sizeof(T))};
  std::memcpy(a.data.data(), &value, sizeof(T));
  return a;
}

template <class T> ArgBytes vector(uint8_t kind, std::vector<T> values) {
  ArgBytes a{kind, uint8_t(sizeof(T)), uint16_t(values.size()),
             std::vector<char>(sizeof(T) * values.size())};
  std::memcpy(a.data.data(), values.data(), a.data.size());
  return a;
}

ArgBytes pointer(const void *p) {
  return scalar<uint64_t>(printfrec::kPointer, uint64_t(reinterpret_cast<uintptr_t>(p)));
}

/// A printf buffer: the cursor, then the records appended in order.
class Buffer {
public:
  Buffer() : bytes_(printfrec::kHeaderBytes, 0) {}

  /// Appends a record; returns its size.
  uint32_t add(const char *format, const std::vector<ArgBytes> &args) {
    std::vector<char> record(printfrec::kRecordHeaderBytes, 0);
    for (const ArgBytes &a : args) {
      std::vector<char> header(printfrec::kArgHeaderBytes, 0);
      header[0] = char(a.kind);
      header[1] = char(a.elementBytes);
      std::memcpy(&header[2], &a.lanes, 2);
      record.insert(record.end(), header.begin(), header.end());
      record.insert(record.end(), a.data.begin(), a.data.end());
      record.resize((record.size() + 7) / 8 * 8, 0);
    }
    uint32_t size = uint32_t(record.size()), count = uint32_t(args.size());
    uint64_t address = uint64_t(reinterpret_cast<uintptr_t>(format));
    std::memcpy(&record[0], &size, 4);
    std::memcpy(&record[4], &count, 4);
    std::memcpy(&record[8], &address, 8);
    bytes_.insert(bytes_.end(), record.begin(), record.end());
    setUsed(bytes_.size() - printfrec::kHeaderBytes);
    return size;
  }
  void setUsed(uint64_t used) { std::memcpy(bytes_.data(), &used, 8); }
  std::vector<char> &bytes() { return bytes_; }
  std::string format() { return formatPrintfBuffer(bytes_.data(), bytes_.size()); }

private:
  std::vector<char> bytes_;
};

TEST(PrintfFormat, IntegerConversionsWithFlagsWidthAndPrecision) {
  Buffer b;
  b.add("%d %u %x %X %o %5.3d|%-4d|%+d %c\n",
        {scalar<int32_t>(printfrec::kInteger, -5), scalar<uint32_t>(printfrec::kInteger, 7),
         scalar<uint32_t>(printfrec::kInteger, 255), scalar<uint32_t>(printfrec::kInteger, 255),
         scalar<uint32_t>(printfrec::kInteger, 8), scalar<int32_t>(printfrec::kInteger, 42),
         scalar<int32_t>(printfrec::kInteger, 3), scalar<int32_t>(printfrec::kInteger, 9),
         scalar<int32_t>(printfrec::kInteger, 'A')});
  EXPECT_EQ(b.format(), "-5 7 ff FF 10   042|3   |+9 A\n");
}

TEST(PrintfFormat, SixtyFourBitAndNarrowedIntegers) {
  Buffer b;
  b.add("%ld %lu %hhd %hd %hhu\n",
        {scalar<int64_t>(printfrec::kInteger, -1234567890123LL),
         scalar<uint64_t>(printfrec::kInteger, 18446744073709551615ULL),
         scalar<int32_t>(printfrec::kInteger, 300), scalar<int32_t>(printfrec::kInteger, 70000),
         scalar<int32_t>(printfrec::kInteger, -1)});
  EXPECT_EQ(b.format(), "-1234567890123 18446744073709551615 44 4464 255\n");
}

TEST(PrintfFormat, FloatDoubleAndHalf) {
  Buffer b;
  uint16_t oneAndAHalf = 0x3e00, minusTwo = 0xc000, infinity = 0x7c00;
  b.add("%.2f %e %g %.1f %.1f %f %a\n",
        {scalar<float>(printfrec::kFloat, 3.14159f), scalar<double>(printfrec::kFloat, 1234.5),
         scalar<float>(printfrec::kFloat, 0.0001f),
         scalar<uint16_t>(printfrec::kFloat, oneAndAHalf),
         scalar<uint16_t>(printfrec::kFloat, minusTwo),
         scalar<uint16_t>(printfrec::kFloat, infinity), scalar<double>(printfrec::kFloat, 1.0)});
  EXPECT_EQ(b.format(), "3.14 1.234500e+03 0.0001 1.5 -2.0 inf 0x1p+0\n");
}

TEST(PrintfFormat, VectorsPrintEveryElementWithTheConversion) {
  Buffer b;
  b.add("%v4hd|%v2f|%#v3x|%v2hhu\n", {vector<int16_t>(printfrec::kInteger, {1, -2, 3, -4}),
                                      vector<float>(printfrec::kFloat, {1.5f, 2.25f}),
                                      vector<uint32_t>(printfrec::kInteger, {10, 11, 255}),
                                      vector<uint8_t>(printfrec::kInteger, {200, 7})});
  EXPECT_EQ(b.format(), "1,-2,3,-4|1.500000,2.250000|0xa,0xb,0xff|200,7\n");
}

TEST(PrintfFormat, StringsPointersAndPercent) {
  static const char text[] = "hello";
  Buffer b;
  b.add("[%s] [%8s] [%-6s] %d%%\n",
        {pointer(text), pointer(text), pointer(text), scalar<int32_t>(printfrec::kInteger, 50)});
  b.add("%p\n", {pointer(nullptr)});
  std::string nullPointer = "(nil)";
  EXPECT_EQ(b.format(), "[hello] [   hello] [hello ] 50%\n" + nullPointer + "\n");
}

TEST(PrintfFormat, RecordsComeOutInOrder) {
  Buffer b;
  for (int i = 0; i < 5; ++i)
    b.add("line %d\n", {scalar<int32_t>(printfrec::kInteger, i)});
  EXPECT_EQ(b.format(), "line 0\nline 1\nline 2\nline 3\nline 4\n");
}

// A full buffer drops records; the cursor may say more than the capacity
// holds (every work-item that found no room still added its size).
TEST(PrintfFormat, OnlyCompleteRecordsWithinTheCapacity) {
  Buffer b;
  uint32_t first = b.add("one\n", {});
  b.add("two %d\n", {scalar<int32_t>(printfrec::kInteger, 2)});
  b.setUsed(100000);
  EXPECT_EQ(b.format(), "one\ntwo 2\n");
  // The second record cut off by the capacity: only the first.
  std::vector<char> &bytes = b.bytes();
  EXPECT_EQ(formatPrintfBuffer(bytes.data(), printfrec::kHeaderBytes + first + 8), "one\n");
}

TEST(PrintfFormat, MalformedRecordsStopTheOutputWithoutReadingPastThem) {
  Buffer b;
  b.add("ok\n", {});
  uint32_t size = b.add("%d\n", {scalar<int32_t>(printfrec::kInteger, 1)});
  // The second record claims less than its own header.
  std::vector<char> &bytes = b.bytes();
  uint32_t tooSmall = 4;
  std::memcpy(&bytes[bytes.size() - size], &tooSmall, 4);
  EXPECT_EQ(b.format(), "ok\n");
}

TEST(PrintfFormat, AnArgumentLongerThanItsRecordIsNotRead) {
  Buffer b;
  uint32_t size = b.add("%v4d\n", {vector<int32_t>(printfrec::kInteger, {1, 2, 3, 4})});
  // Claim 64 lanes: more than the record holds.
  std::vector<char> &bytes = b.bytes();
  uint16_t lanes = 64;
  std::memcpy(&bytes[bytes.size() - size + printfrec::kRecordHeaderBytes + 2], &lanes, 2);
  EXPECT_EQ(b.format(), ""); // no argument left for the conversion: nothing more
}

TEST(PrintfFormat, FewerArgumentsThanConversionsStopQuietly) {
  Buffer b;
  b.add("a=%d b=%d\n", {scalar<int32_t>(printfrec::kInteger, 1)});
  EXPECT_EQ(b.format(), "a=1 b=");
}

TEST(PrintfFormat, NoBufferOrNoRoomForTheCursorFormatsNothing) {
  EXPECT_EQ(formatPrintfBuffer(nullptr, 1024), "");
  char small[4] = {};
  EXPECT_EQ(formatPrintfBuffer(small, sizeof small), "");
  Buffer empty;
  EXPECT_EQ(empty.format(), "");
}

} // namespace
} // namespace corecl::rt
