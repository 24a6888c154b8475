// CoreCL's version, from CMake's project() version.
#pragma once
#ifndef CORECL_VERSION_STRING
#error "CORECL_VERSION_STRING is set by the build"
#endif
