/* A real OpenCL program run on CoreCL through the ICD loader: buffers,
 * sub-buffers, a native kernel, events with callbacks, a user event gating
 * a chain of commands, map/unmap, and profiling. It checks every result
 * against a host computation and exits non-zero on any mismatch. */
#include "example_common.h"

enum { N = 1 << 20 };

/* The native kernel: y = a * x + y over the buffers CoreCL passes in. */
struct SaxpyArgs {
  float *x;
  float *y;
  float a;
  size_t n;
};

static void CL_CALLBACK saxpy(void *raw) {
  struct SaxpyArgs *args = raw;
  for (size_t i = 0; i < args->n; ++i)
    args->y[i] = args->a * args->x[i] + args->y[i];
}

static int callbacksSeen;
static void CL_CALLBACK onComplete(cl_event e, cl_int status, void *data) {
  (void)e;
  (void)data;
  if (status == CL_COMPLETE)
    ++callbacksSeen;
}

int main(void) {
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  openCoreCL(props, &device, &context, &queue);
  char deviceName[256];
  cl_uint units;
  CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof deviceName, deviceName, NULL));
  CHECK(clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL));
  printf("CoreCL device: %s (%u compute units)\n", deviceName, units);

  float *hostX = malloc(N * sizeof(float)), *hostY = malloc(N * sizeof(float));
  float *expected = malloc(N * sizeof(float)), *result = malloc(N * sizeof(float));
  for (size_t i = 0; i < N; ++i) {
    hostX[i] = (float)i * 0.5f;
    hostY[i] = (float)(N - i);
    expected[i] = 3.0f * hostX[i] + hostY[i];
  }

  cl_int err;
  cl_mem x = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * sizeof(float),
                            hostX, &err);
  CHECK(err);
  cl_mem y = clCreateBuffer(context, CL_MEM_READ_WRITE, N * sizeof(float), NULL, &err);
  CHECK(err);

  /* A user event holds back the whole chain until the host releases it. */
  cl_event gate = clCreateUserEvent(context, &err);
  CHECK(err);
  cl_event written, ran, readBack;
  CHECK(clEnqueueWriteBuffer(queue, y, CL_FALSE, 0, N * sizeof(float), hostY, 1, &gate,
                             &written));
  struct SaxpyArgs args = {NULL, NULL, 3.0f, N};
  cl_mem memList[2] = {x, y};
  const void *memLocs[2] = {&args.x, &args.y};
  CHECK(clEnqueueNativeKernel(queue, saxpy, &args, sizeof args, 2, memList, memLocs, 1, &written,
                              &ran));
  CHECK(clSetEventCallback(ran, CL_COMPLETE, onComplete, NULL));
  CHECK(clEnqueueReadBuffer(queue, y, CL_FALSE, 0, N * sizeof(float), result, 1, &ran,
                            &readBack));
  CHECK(clSetEventCallback(readBack, CL_COMPLETE, onComplete, NULL));

  cl_int status;
  CHECK(clGetEventInfo(readBack, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
  if (status == CL_COMPLETE) {
    fprintf(stderr, "the chain ran before its user event was set\n");
    return 1;
  }
  CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
  CHECK(clWaitForEvents(1, &readBack));

  size_t bad = 0;
  for (size_t i = 0; i < N; ++i)
    if (result[i] != expected[i])
      ++bad;
  printf("native-kernel saxpy over %d floats: %zu mismatches\n", N, bad);

  /* Map a sub-buffer and check it sees the same storage. */
  cl_buffer_region region = {1024 * sizeof(float), 1024 * sizeof(float)};
  cl_mem sub = clCreateSubBuffer(y, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
  CHECK(err);
  float *mapped = clEnqueueMapBuffer(queue, sub, CL_TRUE, CL_MAP_READ, 0, region.size, 0, NULL,
                                     NULL, &err);
  CHECK(err);
  for (size_t i = 0; i < 1024; ++i)
    if (mapped[i] != expected[1024 + i])
      ++bad;
  CHECK(clEnqueueUnmapMemObject(queue, sub, mapped, 0, NULL, NULL));

  /* Fill, copy, and read back with a rectangle. */
  float pattern = 42.0f;
  CHECK(clEnqueueFillBuffer(queue, x, &pattern, sizeof pattern, 0, N * sizeof(float), 0, NULL,
                            NULL));
  CHECK(clEnqueueCopyBuffer(queue, x, y, 0, 0, N * sizeof(float), 0, NULL, NULL));
  float corner[4 * 4];
  size_t origin[3] = {8 * sizeof(float), 2, 0}, hostOrigin[3] = {0, 0, 0};
  size_t rect[3] = {4 * sizeof(float), 4, 1};
  CHECK(clEnqueueReadBufferRect(queue, y, CL_TRUE, origin, hostOrigin, rect,
                                1024 * sizeof(float), 0, 0, 0, corner, 0, NULL, NULL));
  for (int i = 0; i < 16; ++i)
    if (corner[i] != 42.0f)
      ++bad;
  CHECK(clFinish(queue));

  cl_ulong start, end;
  CHECK(clGetEventProfilingInfo(ran, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
  CHECK(clGetEventProfilingInfo(ran, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
  printf("native kernel ran for %.3f ms; completion callbacks seen: %d\n", (end - start) * 1e-6,
         callbacksSeen);
  if (callbacksSeen != 2)
    ++bad;

  clReleaseEvent(gate);
  clReleaseEvent(written);
  clReleaseEvent(ran);
  clReleaseEvent(readBack);
  clReleaseMemObject(sub);
  clReleaseMemObject(x);
  clReleaseMemObject(y);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  free(hostX);
  free(hostY);
  free(expected);
  free(result);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
