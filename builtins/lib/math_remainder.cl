// fmod, remainder, remquo and nextafter for float and double, every width
// (bodies in include/math_remainder.h): exact, by a fixed number of exact
// reduction steps.
#include "math_generic.h"

#define MATH_BODY "math_remainder.h"
#define MATH_REM_PART 1
#include "math_instantiate.h"
#undef MATH_REM_PART
#define MATH_REM_PART 2
#include "math_instantiate.h"
