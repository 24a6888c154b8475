// A program object. Until CoreCL's OpenCL C compiler lands, a program holds
// its source and answers queries, and every build reports
// CL_COMPILER_NOT_AVAILABLE, matching CL_DEVICE_COMPILER_AVAILABLE = CL_FALSE.
#pragma once
#include "src/objects/context.h"
#include "src/objects/object.h"

#include <string>

namespace corecl {

class Program : public Object<Program, _cl_program, Tag::Program> {
public:
  Program(Context &context, std::string source);
  ~Program();

  Context &context() const { return *context_; }
  const std::string &source() const { return source_; }

private:
  Context *context_; // internally retained
  std::string source_;
};

} // namespace corecl
