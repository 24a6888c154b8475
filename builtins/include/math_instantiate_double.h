// One vector width (MATH_W) of double for math_instantiate.h.
#define T MATH_CAT(double, MATH_W)
#define IT MATH_CAT(long, MATH_W)
#define UT MATH_CAT(ulong, MATH_W)
#define I32 MATH_CAT(int, MATH_W)
#define AS_T MATH_CAT(as_double, MATH_W)
#define AS_IT MATH_CAT(as_long, MATH_W)
#define AS_UT MATH_CAT(as_ulong, MATH_W)
#define CONVERT_T MATH_CAT(convert_double, MATH_W)
#define CONVERT_IT MATH_CAT(convert_long, MATH_W)
#define CONVERT_I32 MATH_CAT(convert_int, MATH_W)
#define CONVERT_T_I32 MATH_CAT(convert_double, MATH_W)
#include MATH_BODY
#include "math_instantiate_undef.h"
#undef MATH_W
