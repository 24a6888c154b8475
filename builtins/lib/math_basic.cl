// Simple exact functions of the math table (see include/math_basic.h).
#define MATH_BODY "math_basic.h"
#include "math_instantiate.h"
