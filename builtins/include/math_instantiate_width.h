// One width (MATH_W, empty for scalars) of one element type, for
// math_instantiate_widths.h: defines the macros of math_generic.h, includes
// MATH_BODY, and undefines them again.
#define T MATH_CAT(MATH_ELEM, MATH_W)
#define IT MATH_CAT(MATH_INT, MATH_W)
#define UT MATH_CAT(MATH_UINT, MATH_W)
#define I32 MATH_CAT(int, MATH_W)
#define AS_T MATH_CAT(MATH_CAT(as_, MATH_ELEM), MATH_W)
#define AS_IT MATH_CAT(MATH_CAT(as_, MATH_INT), MATH_W)
#define AS_UT MATH_CAT(MATH_CAT(as_, MATH_UINT), MATH_W)
#define CONVERT_T MATH_CAT(MATH_CAT(convert_, MATH_ELEM), MATH_W)
#define CONVERT_IT MATH_CAT(MATH_CAT(convert_, MATH_INT), MATH_W)
#define CONVERT_I32 MATH_CAT(convert_int, MATH_W)
#define CONVERT_T_I32 MATH_CAT(MATH_CAT(convert_, MATH_ELEM), MATH_W)
#include MATH_BODY
#include "math_instantiate_undef.h"
#undef MATH_W
