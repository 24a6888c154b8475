// Buffer commands: read, write, copy, fill (linear and rectangular), map and
// unmap, migrate; their argument rules and host-access flags. Rectangular
// transfers are checked against a byte-by-byte host model.
#include "api/cl_test_helpers.h"
#include "api/test_support.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

namespace corecl::test {
namespace {

using Bytes = std::vector<uint8_t>;

Bytes pattern(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  Bytes v(n);
  for (uint8_t &b : v)
    b = uint8_t(rng());
  return v;
}

/// A rectangle in a linear allocation, with the spec's defaulted pitches.
struct Rect {
  std::array<size_t, 3> origin;
  size_t rowPitch, slicePitch;
  size_t at(size_t x, size_t y, size_t z) const {
    return (origin[2] + z) * slicePitch + (origin[1] + y) * rowPitch + origin[0] + x;
  }
  size_t end(const std::array<size_t, 3> &r) const { return at(r[0] - 1, r[1] - 1, r[2] - 1) + 1; }
};

/// The reference: the spec's definition of a rectangular copy, one byte at
/// a time.
void refCopy(uint8_t *dst, const Rect &d, const uint8_t *src, const Rect &s,
             const std::array<size_t, 3> &r) {
  for (size_t z = 0; z < r[2]; ++z)
    for (size_t y = 0; y < r[1]; ++y)
      for (size_t x = 0; x < r[0]; ++x)
        dst[d.at(x, y, z)] = src[s.at(x, y, z)];
}

class BufferCommands : public ContextTest {
protected:
  cl_mem make(size_t size, cl_mem_flags flags = CL_MEM_READ_WRITE, const void *init = nullptr) {
    cl_int err;
    if (init)
      flags |= CL_MEM_COPY_HOST_PTR;
    cl_mem m = clCreateBuffer(context, flags, size, const_cast<void *>(init), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    mems_.push_back(m);
    return m;
  }
  cl_mem makeSub(cl_mem parent, size_t origin, size_t size) {
    cl_buffer_region r = {origin, size};
    cl_int err;
    cl_mem m = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    mems_.push_back(m);
    return m;
  }
  Bytes read(cl_mem m, size_t size) {
    Bytes out(size);
    EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, size, out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return out;
  }
  size_t align() {
    cl_uint bits = 0;
    clGetDeviceInfo(device(), CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, nullptr);
    return bits / 8;
  }
  void TearDown() override {
    if (queue)
      clFinish(queue);
    for (cl_mem m : mems_)
      clReleaseMemObject(m);
    ContextTest::TearDown();
  }

private:
  std::vector<cl_mem> mems_;
};

cl_command_type commandType(cl_event e) {
  cl_command_type t = 0;
  EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof t, &t, nullptr), CL_SUCCESS);
  return t;
}

// --- read / write ----------------------------------------------------------------

TEST_F(BufferCommands, WriteThenReadWithOffsets) {
  cl_mem m = make(1024);
  Bytes zero(1024, 0), data = pattern(100, 1);
  ASSERT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 1024, zero.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  cl_event w, r;
  ASSERT_EQ(clEnqueueWriteBuffer(queue, m, CL_FALSE, 300, 100, data.data(), 0, nullptr, &w),
            CL_SUCCESS);
  Bytes out(102);
  ASSERT_EQ(clEnqueueReadBuffer(queue, m, CL_FALSE, 299, 102, out.data(), 1, &w, &r), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &r), CL_SUCCESS);
  EXPECT_EQ(commandType(w), cl_command_type(CL_COMMAND_WRITE_BUFFER));
  EXPECT_EQ(commandType(r), cl_command_type(CL_COMMAND_READ_BUFFER));
  EXPECT_EQ(out[0], 0);
  EXPECT_EQ(out[101], 0);
  EXPECT_EQ(Bytes(out.begin() + 1, out.end() - 1), data);
  clReleaseEvent(w);
  clReleaseEvent(r);
}

TEST_F(BufferCommands, InOrderQueueKeepsWriteOrder) {
  // Many non-blocking writes to one word: the last one enqueued wins.
  cl_mem m = make(4);
  std::vector<uint32_t> values(500);
  std::iota(values.begin(), values.end(), 1u);
  for (uint32_t &v : values)
    ASSERT_EQ(clEnqueueWriteBuffer(queue, m, CL_FALSE, 0, 4, &v, 0, nullptr, nullptr), CL_SUCCESS);
  uint32_t out = 0;
  ASSERT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 4, &out, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(out, 500u);
}

TEST_F(BufferCommands, ReadWriteArgumentErrors) {
  cl_mem m = make(64);
  char host[128];
  EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 64, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 64, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  for (auto [offset, size] : {std::pair<size_t, size_t>{0, 65}, {64, 1}, {65, 0}, {1, SIZE_MAX}}) {
    EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, offset, size, host, 0, nullptr, nullptr),
              CL_INVALID_VALUE)
        << offset << "+" << size;
    EXPECT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, offset, size, host, 0, nullptr, nullptr),
              CL_INVALID_VALUE)
        << offset << "+" << size;
  }
  EXPECT_EQ(clEnqueueReadBuffer(nullptr, m, CL_TRUE, 0, 4, host, 0, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueWriteBuffer(queue, nullptr, CL_TRUE, 0, 4, host, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueReadBuffer(queue, reinterpret_cast<cl_mem>(queue), CL_TRUE, 0, 4, host, 0,
                                nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
}

TEST_F(BufferCommands, WaitListErrors) {
  cl_mem m = make(64);
  char host[64];
  cl_event bogus = reinterpret_cast<cl_event>(m);
  UserEvent done(context);
  done.set(CL_COMPLETE);
  cl_event ok = done.get();
  // NULL list with a count, a list with count 0, an invalid event.
  EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 4, host, 1, nullptr, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 4, host, 0, &ok, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(clEnqueueFillBuffer(queue, m, host, 4, 0, 4, 1, &bogus, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
  cl_event withNull[] = {ok, nullptr};
  EXPECT_EQ(clEnqueueCopyBuffer(queue, m, m, 0, 32, 4, 2, withNull, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);

  // An event of another context.
  OtherContext other(device());
  UserEvent foreign(other.get());
  foreign.set(CL_COMPLETE);
  cl_event f = foreign.get();
  EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 4, host, 1, &f, nullptr), CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 4, host, 1, &f, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, m, m, 0, 32, 4, 1, &f, nullptr), CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueFillBuffer(queue, m, host, 4, 0, 4, 1, &f, nullptr), CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 1, &m, 0, 1, &f, nullptr), CL_INVALID_CONTEXT);
  size_t o[3] = {0, 0, 0}, r[3] = {4, 1, 1};
  EXPECT_EQ(clEnqueueReadBufferRect(queue, m, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 1, &f, nullptr),
            CL_INVALID_CONTEXT);
  cl_int err;
  EXPECT_EQ(clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, 4, 1, &f, nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
  // The good wait list works.
  EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 4, host, 1, &ok, nullptr), CL_SUCCESS);
}

TEST_F(BufferCommands, BufferOfAnotherContext) {
  OtherContext other(device());
  cl_int err;
  cl_mem foreign = clCreateBuffer(other.get(), 0, 256, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem mine = make(256);
  char host[256];
  size_t o[3] = {0, 0, 0}, r[3] = {4, 1, 1};
  EXPECT_EQ(clEnqueueReadBuffer(queue, foreign, CL_TRUE, 0, 4, host, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueWriteBuffer(queue, foreign, CL_TRUE, 0, 4, host, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, foreign, mine, 0, 0, 4, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, mine, foreign, 0, 0, 4, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueFillBuffer(queue, foreign, host, 1, 0, 4, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueReadBufferRect(queue, foreign, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 0, nullptr,
                                    nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueWriteBufferRect(queue, foreign, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 0, nullptr,
                                     nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, mine, foreign, o, o, r, 0, 0, 0, 0, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(
      clEnqueueMapBuffer(queue, foreign, CL_TRUE, CL_MAP_READ, 0, 4, 0, nullptr, nullptr, &err),
      nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 1, &foreign, 0, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  clReleaseMemObject(foreign);
}

TEST_F(BufferCommands, HostAccessFlagsAreEnforced) {
  cl_mem wo = make(64, CL_MEM_HOST_WRITE_ONLY);
  cl_mem ro = make(64, CL_MEM_HOST_READ_ONLY);
  cl_mem na = make(64, CL_MEM_HOST_NO_ACCESS);
  char host[64] = {};
  size_t o[3] = {0, 0, 0}, r[3] = {4, 1, 1};
  for (cl_mem m : {wo, na}) {
    EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 4, host, 0, nullptr, nullptr),
              CL_INVALID_OPERATION);
    EXPECT_EQ(
        clEnqueueReadBufferRect(queue, m, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 0, nullptr, nullptr),
        CL_INVALID_OPERATION);
    cl_int err;
    EXPECT_EQ(clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, 4, 0, nullptr, nullptr, &err),
              nullptr);
    EXPECT_EQ(err, CL_INVALID_OPERATION);
  }
  for (cl_mem m : {ro, na}) {
    EXPECT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 4, host, 0, nullptr, nullptr),
              CL_INVALID_OPERATION);
    EXPECT_EQ(
        clEnqueueWriteBufferRect(queue, m, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 0, nullptr, nullptr),
        CL_INVALID_OPERATION);
    for (cl_map_flags f :
         {cl_map_flags(CL_MAP_WRITE), cl_map_flags(CL_MAP_WRITE_INVALIDATE_REGION)}) {
      cl_int err;
      EXPECT_EQ(clEnqueueMapBuffer(queue, m, CL_TRUE, f, 0, 4, 0, nullptr, nullptr, &err), nullptr);
      EXPECT_EQ(err, CL_INVALID_OPERATION);
    }
  }
  // The permitted direction works.
  EXPECT_EQ(clEnqueueWriteBuffer(queue, wo, CL_TRUE, 0, 4, host, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadBuffer(queue, ro, CL_TRUE, 0, 4, host, 0, nullptr, nullptr), CL_SUCCESS);
  // Device-side commands are not host accesses.
  EXPECT_EQ(clEnqueueCopyBuffer(queue, wo, na, 0, 0, 64, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueFillBuffer(queue, na, host, 1, 0, 64, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
}

// --- copy ----------------------------------------------------------------------------

TEST_F(BufferCommands, CopyBetweenBuffersAndWithinOne) {
  Bytes a = pattern(512, 2);
  cl_mem src = make(512, 0, a.data());
  cl_mem dst = make(512, 0, Bytes(512, 0).data());
  cl_event e;
  ASSERT_EQ(clEnqueueCopyBuffer(queue, src, dst, 10, 100, 200, 0, nullptr, &e), CL_SUCCESS);
  EXPECT_EQ(commandType(e), cl_command_type(CL_COMMAND_COPY_BUFFER));
  clReleaseEvent(e);
  Bytes out = read(dst, 512);
  EXPECT_EQ(Bytes(out.begin() + 100, out.begin() + 300), Bytes(a.begin() + 10, a.begin() + 210));
  EXPECT_EQ(out[99], 0);
  EXPECT_EQ(out[300], 0);

  // Adjacent regions of one buffer do not overlap.
  ASSERT_EQ(clEnqueueCopyBuffer(queue, src, src, 0, 256, 256, 0, nullptr, nullptr), CL_SUCCESS);
  out = read(src, 512);
  EXPECT_EQ(Bytes(out.begin() + 256, out.end()), Bytes(a.begin(), a.begin() + 256));
}

TEST_F(BufferCommands, CopyErrors) {
  cl_mem a = make(256), b = make(128);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, b, 0, 0, 129, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, b, 200, 0, 100, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, b, 0, 128, 1, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, b, 1, 0, SIZE_MAX, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, nullptr, 0, 0, 4, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueCopyBuffer(nullptr, a, b, 0, 0, 4, 0, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
}

TEST_F(BufferCommands, CopyOverlapInOneBuffer) {
  cl_mem a = make(256);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, a, 0, 0, 16, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, a, 0, 10, 16, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, a, 10, 0, 16, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, a, 0, 15, 16, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBuffer(queue, a, a, 0, 16, 16, 0, nullptr, nullptr), CL_SUCCESS);
}

TEST_F(BufferCommands, CopyOverlapAcrossSubBuffersOfOneParent) {
  size_t al = align();
  Bytes init = pattern(4 * al, 3);
  cl_mem parent = make(4 * al, 0, init.data());
  cl_mem s0 = makeSub(parent, 0, 2 * al);  // [0, 2al)
  cl_mem s1 = makeSub(parent, al, 2 * al); // [al, 3al): shares [al, 2al) with s0
  cl_mem s2 = makeSub(parent, 2 * al, al); // [2al, 3al)
  // s0[al..] and s1[0..] are the same bytes.
  EXPECT_EQ(clEnqueueCopyBuffer(queue, s0, s1, al, 0, 8, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  // s1[al..al+8) is parent[2al..), s2[0..8) too.
  EXPECT_EQ(clEnqueueCopyBuffer(queue, s1, s2, al, 0, 8, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  // A sub-buffer and its parent.
  EXPECT_EQ(clEnqueueCopyBuffer(queue, parent, s2, 2 * al + 4, 0, 8, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  // Disjoint bytes of the same parent may be copied.
  ASSERT_EQ(clEnqueueCopyBuffer(queue, s0, s2, 0, 0, al, 0, nullptr, nullptr), CL_SUCCESS);
  Bytes out = read(parent, 4 * al);
  EXPECT_EQ(Bytes(out.begin() + 2 * al, out.begin() + 3 * al),
            Bytes(init.begin(), init.begin() + al));
}

// --- fill ------------------------------------------------------------------------------

TEST_F(BufferCommands, FillEveryPatternSize) {
  const size_t size = 1024;
  for (size_t ps = 1; ps <= 128; ps *= 2) {
    Bytes init(size, 0xEE), pat = pattern(ps, uint32_t(ps));
    cl_mem m = make(size, 0, init.data());
    size_t offset = ps * 2, len = ps * 5;
    cl_event e;
    ASSERT_EQ(clEnqueueFillBuffer(queue, m, pat.data(), ps, offset, len, 0, nullptr, &e),
              CL_SUCCESS);
    EXPECT_EQ(commandType(e), cl_command_type(CL_COMMAND_FILL_BUFFER));
    clReleaseEvent(e);
    Bytes expect = init;
    for (size_t i = 0; i < len; ++i)
      expect[offset + i] = pat[i % ps];
    EXPECT_EQ(read(m, size), expect) << "pattern size " << ps;
  }
}

TEST_F(BufferCommands, FillPatternIsCopiedAtEnqueue) {
  // The application may reuse `pattern` once the call returns.
  cl_mem m = make(64);
  UserEvent gate(context);
  uint32_t pat = 0x01020304;
  ASSERT_EQ(clEnqueueFillBuffer(queue, m, &pat, 4, 0, 64, 1, gate.ptr(), nullptr), CL_SUCCESS);
  pat = 0xFFFFFFFF;
  gate.set(CL_COMPLETE);
  Bytes out = read(m, 64);
  for (size_t i = 0; i < 64; i += 4)
    EXPECT_EQ(out[i], 0x04) << i;
}

TEST_F(BufferCommands, FillErrors) {
  cl_mem m = make(256);
  uint8_t pat[256] = {};
  EXPECT_EQ(clEnqueueFillBuffer(queue, m, nullptr, 4, 0, 16, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  for (size_t ps : {0u, 3u, 6u, 12u, 256u})
    EXPECT_EQ(clEnqueueFillBuffer(queue, m, pat, ps, 0, 0, 0, nullptr, nullptr), CL_INVALID_VALUE)
        << ps;
  EXPECT_EQ(clEnqueueFillBuffer(queue, m, pat, 4, 2, 16, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(queue, m, pat, 4, 0, 18, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(queue, m, pat, 4, 252, 8, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(queue, m, pat, 4, 0, 260, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(queue, nullptr, pat, 4, 0, 4, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
}

// --- rectangles ----------------------------------------------------------------------

/// Random rectangle shapes, 2D and 3D, with explicit or defaulted pitches.
struct RectCase {
  std::array<size_t, 3> region;
  Rect buf, host;
  size_t bufRowArg, bufSliceArg, hostRowArg, hostSliceArg; // what the API gets (0 = default)
};

RectCase randomRect(std::mt19937 &rng, bool threeD) {
  auto pick = [&](size_t lo, size_t hi) {
    return std::uniform_int_distribution<size_t>(lo, hi)(rng);
  };
  RectCase c;
  c.region = {pick(1, 24), pick(1, 7), threeD ? pick(2, 4) : 1};
  auto layout = [&](Rect &r, size_t &rowArg, size_t &sliceArg) {
    bool defaults = pick(0, 3) == 0;
    rowArg = defaults ? 0 : c.region[0] + pick(0, 11);
    sliceArg = defaults ? 0 : (rowArg ? rowArg : c.region[0]) * (c.region[1] + pick(0, 3));
    r.rowPitch = rowArg ? rowArg : c.region[0];
    r.slicePitch = sliceArg ? sliceArg : c.region[1] * r.rowPitch;
    r.origin = {defaults ? 0 : pick(0, r.rowPitch - c.region[0]), pick(0, 3),
                threeD ? pick(0, 2) : 0};
  };
  layout(c.buf, c.bufRowArg, c.bufSliceArg);
  layout(c.host, c.hostRowArg, c.hostSliceArg);
  return c;
}

TEST_F(BufferCommands, WriteAndReadRectMatchReference) {
  std::mt19937 rng(77);
  for (int iter = 0; iter < 120; ++iter) {
    RectCase c = randomRect(rng, iter % 2 == 1);
    size_t bufSize = c.buf.end(c.region) + (iter % 5);
    Bytes bufInit = pattern(bufSize, iter), host = pattern(c.host.end(c.region), iter + 500);
    cl_mem m = make(bufSize, 0, bufInit.data());

    // Write: the model is the reference copy into the initial contents.
    Bytes model = bufInit;
    refCopy(model.data(), c.buf, host.data(), c.host, c.region);
    ASSERT_EQ(clEnqueueWriteBufferRect(queue, m, CL_TRUE, c.buf.origin.data(), c.host.origin.data(),
                                       c.region.data(), c.bufRowArg, c.bufSliceArg, c.hostRowArg,
                                       c.hostSliceArg, host.data(), 0, nullptr, nullptr),
              CL_SUCCESS)
        << "iteration " << iter;
    ASSERT_EQ(read(m, bufSize), model) << "write, iteration " << iter;

    // Read the same rectangle back into a fresh host block.
    Bytes hostOut = pattern(host.size(), iter + 900), hostModel = hostOut;
    refCopy(hostModel.data(), c.host, model.data(), c.buf, c.region);
    cl_event e;
    ASSERT_EQ(clEnqueueReadBufferRect(queue, m, CL_FALSE, c.buf.origin.data(), c.host.origin.data(),
                                      c.region.data(), c.bufRowArg, c.bufSliceArg, c.hostRowArg,
                                      c.hostSliceArg, hostOut.data(), 0, nullptr, &e),
              CL_SUCCESS);
    ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
    EXPECT_EQ(commandType(e), cl_command_type(CL_COMMAND_READ_BUFFER_RECT));
    clReleaseEvent(e);
    ASSERT_EQ(hostOut, hostModel) << "read, iteration " << iter;
  }
}

TEST_F(BufferCommands, CopyRectMatchesReference) {
  std::mt19937 rng(99);
  for (int iter = 0; iter < 120; ++iter) {
    RectCase c = randomRect(rng, iter % 2 == 0); // buf = source, host = destination layout
    Bytes src = pattern(c.buf.end(c.region), iter), dst = pattern(c.host.end(c.region) + 3, ~iter);
    cl_mem s = make(src.size(), 0, src.data()), d = make(dst.size(), 0, dst.data());
    refCopy(dst.data(), c.host, src.data(), c.buf, c.region);
    ASSERT_EQ(clEnqueueCopyBufferRect(queue, s, d, c.buf.origin.data(), c.host.origin.data(),
                                      c.region.data(), c.bufRowArg, c.bufSliceArg, c.hostRowArg,
                                      c.hostSliceArg, 0, nullptr, nullptr),
              CL_SUCCESS)
        << "iteration " << iter;
    ASSERT_EQ(read(d, dst.size()), dst) << "iteration " << iter;
  }
}

TEST_F(BufferCommands, CopyRectWithinOneBufferWithoutOverlap) {
  // Two 4-byte-wide columns of one 16-byte-pitch image interleave in memory
  // but share no byte: allowed, and copied like the reference.
  Bytes init = pattern(16 * 8, 5);
  cl_mem m = make(init.size(), 0, init.data());
  size_t so[3] = {0, 0, 0}, dO[3] = {8, 0, 0}, r[3] = {4, 8, 1};
  ASSERT_EQ(clEnqueueCopyBufferRect(queue, m, m, so, dO, r, 16, 0, 16, 0, 0, nullptr, nullptr),
            CL_SUCCESS);
  Rect s{{0, 0, 0}, 16, 128}, d{{8, 0, 0}, 16, 128};
  Bytes model = init;
  refCopy(model.data(), d, init.data(), s, {4, 8, 1});
  EXPECT_EQ(read(m, init.size()), model);
}

TEST_F(BufferCommands, RectArgumentErrors) {
  cl_mem m = make(1024), n = make(1024);
  Bytes host(4096);
  size_t o[3] = {0, 0, 0};
  auto readRect = [&](const size_t *bo, const size_t *r, size_t brp, size_t bsp, size_t hrp,
                      size_t hsp) {
    return clEnqueueReadBufferRect(queue, m, CL_TRUE, bo, o, r, brp, bsp, hrp, hsp, host.data(), 0,
                                   nullptr, nullptr);
  };
  auto writeRect = [&](const size_t *bo, const size_t *r, size_t brp, size_t bsp, size_t hrp,
                       size_t hsp) {
    return clEnqueueWriteBufferRect(queue, m, CL_TRUE, bo, o, r, brp, bsp, hrp, hsp, host.data(), 0,
                                    nullptr, nullptr);
  };
  auto copyRect = [&](const size_t *so, const size_t *r, size_t srp, size_t ssp, size_t drp,
                      size_t dsp) {
    return clEnqueueCopyBufferRect(queue, m, n, so, o, r, srp, ssp, drp, dsp, 0, nullptr, nullptr);
  };
  size_t zero0[3] = {0, 4, 1}, zero1[3] = {4, 0, 1}, zero2[3] = {4, 4, 0}, r[3] = {8, 4, 2};
  for (const size_t *bad : {zero0, zero1, zero2}) {
    EXPECT_EQ(readRect(o, bad, 0, 0, 0, 0), CL_INVALID_VALUE);
    EXPECT_EQ(writeRect(o, bad, 0, 0, 0, 0), CL_INVALID_VALUE);
    EXPECT_EQ(copyRect(o, bad, 0, 0, 0, 0), CL_INVALID_VALUE);
  }
  // Row pitch below the width; slice pitch below height x row pitch; slice
  // pitch not a multiple of the row pitch (for buffer and host / dst side).
  EXPECT_EQ(readRect(o, r, 7, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(readRect(o, r, 0, 0, 7, 0), CL_INVALID_VALUE);
  EXPECT_EQ(writeRect(o, r, 8, 24, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(writeRect(o, r, 0, 0, 8, 24), CL_INVALID_VALUE);
  EXPECT_EQ(copyRect(o, r, 10, 45, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(copyRect(o, r, 0, 0, 10, 45), CL_INVALID_VALUE);
  EXPECT_EQ(copyRect(o, r, 7, 0, 0, 0), CL_INVALID_VALUE);
  // Out of bounds: 16 x 16 x 4 = 1024 bytes fit exactly, one more row does not.
  size_t full[3] = {16, 16, 4}, shifted[3] = {0, 1, 0};
  EXPECT_EQ(readRect(o, full, 0, 0, 0, 0), CL_SUCCESS);
  EXPECT_EQ(readRect(shifted, full, 0, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(writeRect(shifted, full, 0, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(copyRect(shifted, full, 0, 0, 0, 0), CL_INVALID_VALUE);
  size_t oneMore[3] = {16, 16, 5};
  EXPECT_EQ(copyRect(o, full, 0, 0, 0, 0), CL_SUCCESS);
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, n, o, o, oneMore, 0, 0, 0, 0, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  // NULL pointers.
  EXPECT_EQ(readRect(nullptr, r, 0, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(readRect(o, nullptr, 0, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(
      clEnqueueReadBufferRect(queue, m, CL_TRUE, o, o, r, 0, 0, 0, 0, nullptr, 0, nullptr, nullptr),
      CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueWriteBufferRect(queue, m, CL_TRUE, o, nullptr, r, 0, 0, 0, 0, host.data(), 0,
                                     nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, n, o, nullptr, r, 0, 0, 0, 0, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, nullptr, o, o, r, 0, 0, 0, 0, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueReadBufferRect(queue, m, CL_TRUE, o, o, r, 0, 0, 0, 0, host.data(), 1, nullptr,
                                    nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
}

TEST_F(BufferCommands, RectSizesNearSizeMaxAreRejectedNotWrapped) {
  // Origins, regions and pitches whose byte offsets wrap around size_t:
  // CL_INVALID_VALUE, and the buffers and host memory stay untouched.
  cl_mem m = make(1024), n = make(1024);
  Bytes before = pattern(1024, 3), host(4096, 0x5a);
  ASSERT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 1024, before.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  size_t o[3] = {0, 0, 0};
  const size_t big = SIZE_MAX, half = size_t(1) << 63;
  struct Case {
    size_t origin[3];
    size_t region[3];
    size_t rowPitch, slicePitch;
  };
  const Case cases[] = {
      {{big - 8, 0, 0}, {16, 1, 1}, 0, 0},     // origin + width wraps
      {{0, big / 16 + 1, 0}, {16, 1, 1}, 16, 0}, // origin row x pitch wraps
      {{0, 0, 2}, {16, 1, 1}, 16, half},       // slice origin x slice pitch wraps
      {{0, 0, 0}, {16, 2, 1}, half, 0},        // height x row pitch wraps
      {{0, 0, 0}, {16, 1, 3}, 16, half},       // depth x slice pitch wraps
      {{0, 0, 0}, {16, 4, 1}, big / 2, 0},     // a pitch of 2^63 - 1
  };
  for (const Case &c : cases) {
    EXPECT_EQ(clEnqueueWriteBufferRect(queue, m, CL_TRUE, c.origin, o, c.region, c.rowPitch,
                                       c.slicePitch, 0, 0, host.data(), 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueReadBufferRect(queue, m, CL_TRUE, c.origin, o, c.region, c.rowPitch,
                                      c.slicePitch, 0, 0, host.data(), 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, n, c.origin, o, c.region, c.rowPitch,
                                      c.slicePitch, 0, 0, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, n, o, c.origin, c.region, 0, 0, c.rowPitch,
                                      c.slicePitch, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    // The host side wraps the same way.
    EXPECT_EQ(clEnqueueReadBufferRect(queue, m, CL_TRUE, o, c.origin, c.region, 0, 0, c.rowPitch,
                                      c.slicePitch, host.data(), 0, nullptr, nullptr),
              CL_INVALID_VALUE);
  }
  EXPECT_EQ(read(m, 1024), before);
  EXPECT_EQ(host, Bytes(4096, 0x5a));
}

TEST_F(BufferCommands, CopyRectSameBufferRules) {
  cl_mem m = make(1024);
  size_t a[3] = {0, 0, 0}, b[3] = {2, 1, 0}, r[3] = {8, 4, 1};
  // Same buffer: pitches must match.
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, m, a, b, r, 16, 0, 32, 0, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  // Overlapping rectangles.
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, m, a, b, r, 16, 0, 16, 0, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, m, a, a, r, 16, 0, 16, 0, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  size_t c[3] = {0, 4, 0}; // the rows just below: disjoint
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, m, a, c, r, 16, 0, 16, 0, 0, nullptr, nullptr),
            CL_SUCCESS);
  // Only one pitch different is legal (the spec refuses both different).
  size_t r2[3] = {8, 2, 2}, far[3] = {0, 0, 4};
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, m, a, far, r2, 16, 64, 16, 128, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, m, a, far, r2, 16, 64, 32, 64, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
}

TEST_F(BufferCommands, CopyRectWithinOneBufferDecidesOverlapRowByRow) {
  // Rows of 8 bytes at 12 and 28 copied to 20 and 36 (origin {4, 1}, row
  // pitch 16): the source's rows wrap past the row pitch, yet no byte is
  // shared, so the copy is legal and moves exactly those bytes.
  std::vector<unsigned char> init(64);
  for (size_t i = 0; i < init.size(); ++i)
    init[i] = (unsigned char)i;
  cl_int err;
  cl_mem m = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, init.size(), init.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  size_t src[3] = {12, 0, 0}, dst[3] = {4, 1, 0}, r[3] = {8, 2, 1};
  ASSERT_EQ(clEnqueueCopyBufferRect(queue, m, m, src, dst, r, 16, 0, 16, 0, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<unsigned char> got(64);
  ASSERT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, got.size(), got.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<unsigned char> want = init;
  for (size_t row = 0; row < 2; ++row)
    for (size_t x = 0; x < 8; ++x)
      want[20 + row * 16 + x] = init[12 + row * 16 + x];
  EXPECT_EQ(got, want);
  // One byte further and the rows meet.
  size_t closer[3] = {3, 1, 0};
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, m, m, src, closer, r, 16, 0, 16, 0, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  clReleaseMemObject(m);
}

TEST_F(BufferCommands, CopyRectOverlapAcrossSubBuffersOfOneParent) {
  size_t al = align();
  cl_mem parent = make(4 * al);
  cl_mem s0 = makeSub(parent, 0, 2 * al);
  cl_mem s1 = makeSub(parent, al, 2 * al);
  // Row 0 of s1 (pitch al) is row 1 of s0: the same bytes of the parent.
  size_t o[3] = {0, 0, 0}, o1[3] = {0, 1, 0}, r[3] = {16, 1, 1};
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, s0, s1, o1, o, r, al, 0, al, 0, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  // s0's row 0 and s1's row 0 do not share a byte.
  EXPECT_EQ(clEnqueueCopyBufferRect(queue, s0, s1, o, o, r, al, 0, al, 0, 0, nullptr, nullptr),
            CL_SUCCESS);
}

// --- map / unmap ------------------------------------------------------------------

TEST_F(BufferCommands, MapSeesDataAndCountsMappings) {
  Bytes init = pattern(256, 8);
  cl_mem m = make(256, 0, init.data());
  auto mapCount = [&] {
    cl_uint n = 99;
    EXPECT_EQ(clGetMemObjectInfo(m, CL_MEM_MAP_COUNT, sizeof n, &n, nullptr), CL_SUCCESS);
    return n;
  };
  cl_int err;
  cl_event e;
  auto *p = static_cast<uint8_t *>(
      clEnqueueMapBuffer(queue, m, CL_FALSE, CL_MAP_READ, 16, 64, 0, nullptr, &e, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
  EXPECT_EQ(commandType(e), cl_command_type(CL_COMMAND_MAP_BUFFER));
  clReleaseEvent(e);
  EXPECT_EQ(Bytes(p, p + 64), Bytes(init.begin() + 16, init.begin() + 80));
  auto *q = static_cast<uint8_t *>(
      clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_WRITE, 0, 256, 0, nullptr, nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(mapCount(), 2u);
  q[0] = 0xAB;
  ASSERT_EQ(clEnqueueUnmapMemObject(queue, m, q, 0, nullptr, &e), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
  EXPECT_EQ(commandType(e), cl_command_type(CL_COMMAND_UNMAP_MEM_OBJECT));
  clReleaseEvent(e);
  EXPECT_EQ(mapCount(), 1u);
  EXPECT_EQ(read(m, 1)[0], 0xAB);
  ASSERT_EQ(clEnqueueUnmapMemObject(queue, m, p, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(mapCount(), 0u);
  // Unmapping again: the pointer is no longer mapped.
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, m, p, 0, nullptr, nullptr), CL_INVALID_VALUE);
}

TEST_F(BufferCommands, UnmapErrors) {
  cl_mem m = make(256), other = make(256);
  char host[8];
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, m, host, 0, nullptr, nullptr), CL_INVALID_VALUE);
  cl_int err;
  void *p = clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, 64, 0, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  // Mapped from m, so not a mapping of `other`.
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, other, p, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, nullptr, p, 0, nullptr, nullptr), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueUnmapMemObject(nullptr, m, p, 0, nullptr, nullptr), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, m, p, 1, nullptr, nullptr), CL_INVALID_EVENT_WAIT_LIST);
  // A queue of another context.
  OtherContext oc(device());
  cl_device_id d = device();
  cl_command_queue foreignQueue = clCreateCommandQueueWithProperties(oc.get(), d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clEnqueueUnmapMemObject(foreignQueue, m, p, 0, nullptr, nullptr), CL_INVALID_CONTEXT);
  clReleaseCommandQueue(foreignQueue);
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, m, p, 0, nullptr, nullptr), CL_SUCCESS);
}

TEST_F(BufferCommands, MapArgumentErrors) {
  cl_mem m = make(256);
  cl_int err;
  auto map = [&](cl_map_flags f, size_t offset, size_t size) {
    void *p = clEnqueueMapBuffer(queue, m, CL_TRUE, f, offset, size, 0, nullptr, nullptr, &err);
    EXPECT_EQ(p, nullptr);
    if (p)
      clEnqueueUnmapMemObject(queue, m, p, 0, nullptr, nullptr);
    return err;
  };
  EXPECT_EQ(map(CL_MAP_READ, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(map(CL_MAP_READ, 0, 257), CL_INVALID_VALUE);
  EXPECT_EQ(map(CL_MAP_READ, 256, 1), CL_INVALID_VALUE);
  EXPECT_EQ(map(CL_MAP_READ, 8, SIZE_MAX), CL_INVALID_VALUE);
  EXPECT_EQ(map(CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 16), CL_INVALID_VALUE);
  EXPECT_EQ(map(CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION, 0, 16), CL_INVALID_VALUE);
  EXPECT_EQ(map(cl_map_flags(1) << 20, 0, 16), CL_INVALID_VALUE);
  EXPECT_EQ(
      clEnqueueMapBuffer(queue, nullptr, CL_TRUE, CL_MAP_READ, 0, 4, 0, nullptr, nullptr, &err),
      nullptr);
  EXPECT_EQ(err, CL_INVALID_MEM_OBJECT);
  cl_uint n = 9;
  clGetMemObjectInfo(m, CL_MEM_MAP_COUNT, sizeof n, &n, nullptr);
  EXPECT_EQ(n, 0u); // no failed map left a mapping behind
}

TEST_F(BufferCommands, MapWriteInvalidateRegion) {
  cl_mem m = make(128, 0, Bytes(128, 1).data());
  cl_int err;
  auto *p = static_cast<uint8_t *>(clEnqueueMapBuffer(
      queue, m, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 64, 64, 0, nullptr, nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  std::memset(p, 0x42, 64);
  ASSERT_EQ(clEnqueueUnmapMemObject(queue, m, p, 0, nullptr, nullptr), CL_SUCCESS);
  Bytes out = read(m, 128);
  EXPECT_EQ(Bytes(out.begin(), out.begin() + 64), Bytes(64, 1)); // outside the region: untouched
  EXPECT_EQ(Bytes(out.begin() + 64, out.end()), Bytes(64, 0x42));
}

TEST_F(BufferCommands, BlockingMapAfterFailedEventReportsIt) {
  cl_mem m = make(64);
  UserEvent gate(context);
  cl_int err = CL_SUCCESS;
  cl_event map;
  std::thread failer([&] {
    // Fail the gate while the main thread blocks inside the map.
    std::this_thread::sleep_for(std::chrono::milliseconds(20)); // widens the window only
    gate.set(-7);
  });
  void *p = clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, 64, 1, gate.ptr(), &map, &err);
  failer.join();
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(err, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_LT(eventStatus(map), 0);
  clReleaseEvent(map);
  cl_uint n = 9;
  clGetMemObjectInfo(m, CL_MEM_MAP_COUNT, sizeof n, &n, nullptr);
  EXPECT_EQ(n, 0u);
}

// --- migrate ------------------------------------------------------------------------

TEST_F(BufferCommands, MigrateMemObjects) {
  Bytes init = pattern(64, 4);
  cl_mem a = make(64, 0, init.data()), b = make(64);
  cl_mem both[] = {a, b};
  cl_event e;
  for (cl_mem_migration_flags f :
       {cl_mem_migration_flags(0), cl_mem_migration_flags(CL_MIGRATE_MEM_OBJECT_HOST),
        cl_mem_migration_flags(CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED),
        cl_mem_migration_flags(CL_MIGRATE_MEM_OBJECT_HOST |
                               CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)}) {
    ASSERT_EQ(clEnqueueMigrateMemObjects(queue, 1, &a, f, 0, nullptr, &e), CL_SUCCESS);
    EXPECT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
    EXPECT_EQ(commandType(e), cl_command_type(CL_COMMAND_MIGRATE_MEM_OBJECTS));
    clReleaseEvent(e);
  }
  // Migrating without CONTENT_UNDEFINED keeps the contents.
  EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 2, both, 0, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read(a, 64), init);

  EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 0, both, 0, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 1, nullptr, 0, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 1, &a, 0x100, 0, nullptr, nullptr), CL_INVALID_VALUE);
  cl_mem withNull[] = {a, nullptr};
  EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 2, withNull, 0, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueMigrateMemObjects(nullptr, 1, &a, 0, 0, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 1, &a, 0, 1, nullptr, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
}

} // namespace
} // namespace corecl::test
