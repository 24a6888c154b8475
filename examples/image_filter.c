/* An image filter written with OpenCL images and samplers, run through the
 * ICD loader: a 3x3 sharpen of an RGBA8 picture (integer coordinates,
 * edges clamped), then a rotated, zoomed, tiled view of the result
 * (normalized coordinates, bilinear filtering, CLK_ADDRESS_REPEAT). Both
 * steps are checked against the host, computed here from the OpenCL C
 * spec's sampling rules. `corecl_image_filter out.ppm` also writes the
 * result as a PPM picture. */
#include "example_common.h"

#include <math.h>
#include <stdint.h>

enum { W = 640, H = 480 };

static const char *kSource =
    "constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                          CLK_FILTER_NEAREST;\n"
    "constant sampler_t tiled = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |\n"
    "                           CLK_FILTER_LINEAR;\n"
    "kernel void sharpen(read_only image2d_t src, write_only image2d_t dst) {\n"
    "  int2 at = (int2)(get_global_id(0), get_global_id(1));\n"
    "  float4 sum = 5.0f * read_imagef(src, edge, at);\n"
    "  sum -= read_imagef(src, edge, at + (int2)(1, 0)) + read_imagef(src, edge, at - (int2)(1, "
    "0));\n"
    "  sum -= read_imagef(src, edge, at + (int2)(0, 1)) + read_imagef(src, edge, at - (int2)(0, "
    "1));\n"
    "  write_imagef(dst, at, (float4)(sum.xyz, 1.0f));\n"
    "}\n"
    "kernel void view(read_only image2d_t src, write_only image2d_t dst, float c, float s,\n"
    "                 float zoom) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  float u = (x + 0.5f) / get_image_width(dst) - 0.5f, v = (y + 0.5f) / get_image_height(dst) "
    "- 0.5f;\n"
    "  float2 at = (float2)(c * u - s * v, s * u + c * v) * zoom + 0.5f;\n"
    "  write_imagef(dst, (int2)(x, y), read_imagef(src, tiled, at));\n"
    "}\n";

static uint8_t picture[H][W][4], sharpened[H][W][4], viewed[H][W][4];

/* A picture with edges and gradients: rings over a colour ramp. */
static void paint(void) {
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      float r = sqrtf((float)((x - W / 2) * (x - W / 2) + (y - H / 2) * (y - H / 2)));
      int ring = ((int)r / 24) % 2;
      picture[y][x][0] = (uint8_t)(ring ? 220 : 30 + x * 150 / W);
      picture[y][x][1] = (uint8_t)(60 + y * 180 / H);
      picture[y][x][2] = (uint8_t)(ring ? 40 : 200);
      picture[y][x][3] = 255;
    }
}

static float texel(uint8_t img[H][W][4], int x, int y, int k) {
  x = x < 0 ? 0 : x >= W ? W - 1 : x;
  y = y < 0 ? 0 : y >= H ? H - 1 : y;
  return img[y][x][k] / 255.0f;
}

/* convert_uchar_sat_rte(f * 255). */
static float toUnorm8(float f) {
  float v = rintf(f * 255.0f);
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

static float sharpenedAt(int x, int y, int k) {
  if (k == 3)
    return 255;
  float sum = 5.0f * texel(picture, x, y, k) - texel(picture, x + 1, y, k) -
              texel(picture, x - 1, y, k) - texel(picture, x, y + 1, k) -
              texel(picture, x, y - 1, k);
  return toUnorm8(sum);
}

/* CLK_ADDRESS_REPEAT with CLK_FILTER_LINEAR, as the spec writes it. */
static float repeatLinear(uint8_t img[H][W][4], float s, float t, int k) {
  float u = (s - floorf(s)) * W - 0.5f, v = (t - floorf(t)) * H - 0.5f;
  int i0 = (int)floorf(u), j0 = (int)floorf(v), i1 = i0 + 1, j1 = j0 + 1;
  float a = u - floorf(u), b = v - floorf(v);
  i0 = i0 < 0 ? W + i0 : i0;
  j0 = j0 < 0 ? H + j0 : j0;
  i1 = i1 > W - 1 ? i1 - W : i1;
  j1 = j1 > H - 1 ? j1 - H : j1;
  return (1 - a) * (1 - b) * img[j0][i0][k] / 255.0f + a * (1 - b) * img[j0][i1][k] / 255.0f +
         (1 - a) * b * img[j1][i0][k] / 255.0f + a * b * img[j1][i1][k] / 255.0f;
}

/* Pixels of `got` more than one unit from `want(x, y, k)`. */
static int countMismatches(uint8_t got[H][W][4], float (*want)(int, int, int)) {
  int bad = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      for (int k = 0; k < 4; ++k)
        if (fabsf(got[y][x][k] - want(x, y, k)) > 1.0f) {
          ++bad;
          break;
        }
  return bad;
}

static const float kAngle = 0.5f, kZoom = 1.75f;

static float viewedAt(int x, int y, int k) {
  float u = (x + 0.5f) / W - 0.5f, v = (y + 0.5f) / H - 0.5f;
  float c = cosf(kAngle), s = sinf(kAngle);
  return toUnorm8(
      repeatLinear(sharpened, (c * u - s * v) * kZoom + 0.5f, (s * u + c * v) * kZoom + 0.5f, k));
}

static cl_mem makeImage(cl_context context, cl_mem_flags flags, void *pixels) {
  cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc desc = {0};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = W;
  desc.image_height = H;
  cl_int err;
  cl_mem image = clCreateImage(context, flags, &format, &desc, pixels, &err);
  CHECK(err);
  return image;
}

static void readImage(cl_command_queue queue, cl_mem image, void *pixels) {
  size_t origin[3] = {0, 0, 0}, region[3] = {W, H, 1};
  CHECK(clEnqueueReadImage(queue, image, CL_TRUE, origin, region, 0, 0, pixels, 0, NULL, NULL));
}

static void writePpm(const char *path) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    perror(path);
    exit(1);
  }
  fprintf(f, "P6\n%d %d\n255\n", W, H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      fwrite(viewed[y][x], 1, 3, f);
  fclose(f);
}

int main(int argc, char **argv) {
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  openCoreCL(NULL, &device, &context, &queue);
  cl_bool images = CL_FALSE;
  CHECK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
  if (!images) {
    fprintf(stderr, "the device has no image support\n");
    return 1;
  }

  cl_int err;
  cl_program program = buildOrExit(context, device, kSource);
  cl_kernel sharpen = clCreateKernel(program, "sharpen", &err);
  CHECK(err);
  cl_kernel view = clCreateKernel(program, "view", &err);
  CHECK(err);

  paint();
  cl_mem source = makeImage(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, picture);
  cl_mem middle = makeImage(context, CL_MEM_READ_WRITE, NULL);
  cl_mem result = makeImage(context, CL_MEM_WRITE_ONLY, NULL);
  size_t global[2] = {W, H};
  CHECK(clSetKernelArg(sharpen, 0, sizeof source, &source));
  CHECK(clSetKernelArg(sharpen, 1, sizeof middle, &middle));
  CHECK(clEnqueueNDRangeKernel(queue, sharpen, 2, NULL, global, NULL, 0, NULL, NULL));
  float c = cosf(kAngle), s = sinf(kAngle), zoom = kZoom;
  CHECK(clSetKernelArg(view, 0, sizeof middle, &middle));
  CHECK(clSetKernelArg(view, 1, sizeof result, &result));
  CHECK(clSetKernelArg(view, 2, sizeof c, &c));
  CHECK(clSetKernelArg(view, 3, sizeof s, &s));
  CHECK(clSetKernelArg(view, 4, sizeof zoom, &zoom));
  CHECK(clEnqueueNDRangeKernel(queue, view, 2, NULL, global, NULL, 0, NULL, NULL));
  readImage(queue, middle, sharpened);
  readImage(queue, result, viewed);

  int badSharpen = countMismatches(sharpened, sharpenedAt);
  int badView = countMismatches(viewed, viewedAt);
  printf("image filter %dx%d RGBA8: sharpen %d of %d pixels off, rotated tiled view %d off\n", W, H,
         badSharpen, W * H, badView);
  if (argc > 1) {
    writePpm(argv[1]);
    printf("wrote %s\n", argv[1]);
  }

  clReleaseMemObject(source);
  clReleaseMemObject(middle);
  clReleaseMemObject(result);
  clReleaseKernel(sharpen);
  clReleaseKernel(view);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  int ok = badSharpen == 0 && badView == 0;
  printf("%s\n", ok ? "image filter OK" : "image filter MISMATCH");
  return ok ? 0 : 1;
}
