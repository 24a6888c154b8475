// One vector width (MATH_W) of float for math_instantiate.h.
#define T MATH_CAT(float, MATH_W)
#define IT MATH_CAT(int, MATH_W)
#define UT MATH_CAT(uint, MATH_W)
#define I32 MATH_CAT(int, MATH_W)
#define AS_T MATH_CAT(as_float, MATH_W)
#define AS_IT MATH_CAT(as_int, MATH_W)
#define AS_UT MATH_CAT(as_uint, MATH_W)
#define CONVERT_T MATH_CAT(convert_float, MATH_W)
#define CONVERT_IT MATH_CAT(convert_int, MATH_W)
#define CONVERT_I32 MATH_CAT(convert_int, MATH_W)
#define CONVERT_T_I32 MATH_CAT(convert_float, MATH_W)
#include MATH_BODY
#include "math_instantiate_undef.h"
#undef MATH_W
