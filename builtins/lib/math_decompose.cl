// fract, modf, frexp, ilogb, ldexp, nan (see include/math_decompose.h).
#define MATH_BODY "math_decompose.h"
#include "math_instantiate.h"
