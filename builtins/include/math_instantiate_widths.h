// One element type (MATH_ELEM, with the integer types MATH_INT and
// MATH_UINT of its size) at every width, for math_instantiate.h; ends by
// undefining the element's macros.
#define MATH_W
#include "math_instantiate_width.h"
#define MATH_W 2
#include "math_instantiate_width.h"
#define MATH_W 3
#include "math_instantiate_width.h"
#define MATH_W 4
#include "math_instantiate_width.h"
#define MATH_W 8
#include "math_instantiate_width.h"
#define MATH_W 16
#include "math_instantiate_width.h"

#undef IS_FLOAT
#undef IS_DOUBLE
#undef MANT_BITS
#undef EXP_BIAS
#undef EXP_MASK
#undef SIGN_MASK
#undef MATH_ELEM
#undef MATH_INT
#undef MATH_UINT
