// Trigonometric functions and their inverses (see include/math_trig.h).
#define MATH_BODY "math_trig.h"
#include "math_instantiate.h"
