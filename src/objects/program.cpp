#include "src/objects/program.h"

namespace corecl {

Program::Program(Context &context, std::string source)
    : context_(&context), source_(std::move(source)) {
  context_->retainInternal();
}

Program::~Program() { context_->releaseInternal(); }

} // namespace corecl
