#include "src/debug_log.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace corecl {

namespace {

// Reads CORECL_DEBUG without allocating: it is first read by whichever
// entry point fails first, possibly outside that entry point's guard.
unsigned parseAreas(const char *setting) {
  if (!setting)
    return 0;
  unsigned areas = 0;
  for (std::string_view rest = setting; !rest.empty();) {
    size_t comma = rest.find(',');
    std::string_view word = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (word == "api")
      areas |= unsigned(DebugArea::Api);
    else if (word == "build")
      areas |= unsigned(DebugArea::Build);
    else if (word == "exec")
      areas |= unsigned(DebugArea::Exec);
    else if (word == "all" || word == "1")
      areas |= unsigned(DebugArea::Api) | unsigned(DebugArea::Build) | unsigned(DebugArea::Exec);
  }
  return areas;
}

const char *areaName(DebugArea area) {
  switch (area) {
  case DebugArea::Api:
    return "api";
  case DebugArea::Build:
    return "build";
  case DebugArea::Exec:
    return "exec";
  }
  return "?";
}

} // namespace

unsigned debugAreas() {
  static const unsigned areas = parseAreas(std::getenv("CORECL_DEBUG"));
  return areas;
}

void debugLog(DebugArea area, const char *format, ...) {
  char text[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  // One write per line, so that lines of different threads do not mix.
  std::fprintf(stderr, "corecl %s: %s\n", areaName(area), text);
}

cl_int apiError(const char *entry, cl_int code, const char *format, ...) {
  if (!debugging(DebugArea::Api))
    return code;
  char why[768];
  va_list args;
  va_start(args, format);
  std::vsnprintf(why, sizeof why, format, args);
  va_end(args);
  debugLog(DebugArea::Api, "%s: %s: %s", entry, errorName(code), why);
  return code;
}

const char *errorName(cl_int code) {
  switch (code) {
#define CORECL_ERROR(name)                                                                         \
  case name:                                                                                       \
    return #name;
    CORECL_ERROR(CL_SUCCESS)
    CORECL_ERROR(CL_DEVICE_NOT_FOUND)
    CORECL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    CORECL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    CORECL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    CORECL_ERROR(CL_OUT_OF_RESOURCES)
    CORECL_ERROR(CL_OUT_OF_HOST_MEMORY)
    CORECL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    CORECL_ERROR(CL_MEM_COPY_OVERLAP)
    CORECL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    CORECL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    CORECL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    CORECL_ERROR(CL_MAP_FAILURE)
    CORECL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    CORECL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    CORECL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    CORECL_ERROR(CL_LINKER_NOT_AVAILABLE)
    CORECL_ERROR(CL_LINK_PROGRAM_FAILURE)
    CORECL_ERROR(CL_DEVICE_PARTITION_FAILED)
    CORECL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    CORECL_ERROR(CL_INVALID_VALUE)
    CORECL_ERROR(CL_INVALID_DEVICE_TYPE)
    CORECL_ERROR(CL_INVALID_PLATFORM)
    CORECL_ERROR(CL_INVALID_DEVICE)
    CORECL_ERROR(CL_INVALID_CONTEXT)
    CORECL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    CORECL_ERROR(CL_INVALID_COMMAND_QUEUE)
    CORECL_ERROR(CL_INVALID_HOST_PTR)
    CORECL_ERROR(CL_INVALID_MEM_OBJECT)
    CORECL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    CORECL_ERROR(CL_INVALID_IMAGE_SIZE)
    CORECL_ERROR(CL_INVALID_SAMPLER)
    CORECL_ERROR(CL_INVALID_BINARY)
    CORECL_ERROR(CL_INVALID_BUILD_OPTIONS)
    CORECL_ERROR(CL_INVALID_PROGRAM)
    CORECL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    CORECL_ERROR(CL_INVALID_KERNEL_NAME)
    CORECL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    CORECL_ERROR(CL_INVALID_KERNEL)
    CORECL_ERROR(CL_INVALID_ARG_INDEX)
    CORECL_ERROR(CL_INVALID_ARG_VALUE)
    CORECL_ERROR(CL_INVALID_ARG_SIZE)
    CORECL_ERROR(CL_INVALID_KERNEL_ARGS)
    CORECL_ERROR(CL_INVALID_WORK_DIMENSION)
    CORECL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    CORECL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    CORECL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    CORECL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    CORECL_ERROR(CL_INVALID_EVENT)
    CORECL_ERROR(CL_INVALID_OPERATION)
    CORECL_ERROR(CL_INVALID_GL_OBJECT)
    CORECL_ERROR(CL_INVALID_BUFFER_SIZE)
    CORECL_ERROR(CL_INVALID_MIP_LEVEL)
    CORECL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    CORECL_ERROR(CL_INVALID_PROPERTY)
    CORECL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    CORECL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    CORECL_ERROR(CL_INVALID_LINKER_OPTIONS)
    CORECL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
    CORECL_ERROR(CL_INVALID_PIPE_SIZE)
    CORECL_ERROR(CL_INVALID_DEVICE_QUEUE)
    CORECL_ERROR(CL_INVALID_SPEC_ID)
    CORECL_ERROR(CL_MAX_SIZE_RESTRICTION_EXCEEDED)
#undef CORECL_ERROR
  default:
    break;
  }
  static thread_local char text[32];
  std::snprintf(text, sizeof text, "error %d", int(code));
  return text;
}

} // namespace corecl
