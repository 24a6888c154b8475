// Width-independent parts of the trigonometric functions (math_trig.h): the
// generated constants and tables. The element-wise operations, polynomials
// and table lookups come from math_internal.h.
#pragma once
#include "math_generic.h"
#include "math_trig_data.h"
