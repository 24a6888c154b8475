// Exponentials, logarithms and hyperbolic functions (see
// include/math_explog.h).
#define MATH_BODY "math_explog.h"
#include "math_instantiate.h"
