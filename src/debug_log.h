// CORECL_DEBUG: failures told to a developer in words, on standard error,
// the way PoCL's POCL_DEBUG does. CORECL_DEBUG is a comma-separated list of
// areas: "api" (entry points that reject their input), "build" (program
// builds that fail, with the first lines of the log), "exec" (commands that
// fail while running), or "all". Read once; off, a check costs a call and
// a load, and only failure paths check.
#pragma once
#include <CL/cl.h>

namespace corecl {

enum class DebugArea : unsigned { Api = 1, Build = 2, Exec = 4 };

/// The areas CORECL_DEBUG names (read once, at the first call).
unsigned debugAreas();

inline bool debugging(DebugArea area) {
  return debugAreas() & unsigned(area);
}

/// One line, "corecl <area>: " and the formatted text, on standard error.
void debugLog(DebugArea area, const char *format, ...) __attribute__((format(printf, 2, 3)));

/// Returns `code`; with CORECL_DEBUG=api first tells, in words, why
/// `entry` returns it.
cl_int apiError(const char *entry, cl_int code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/// The name of an OpenCL error code ("CL_INVALID_VALUE"), or "error <n>".
const char *errorName(cl_int code);

} // namespace corecl
