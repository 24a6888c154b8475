// Includes MATH_BODY once per width of float and of double (see
// math_generic.h). Not include-guarded on purpose.
#include "math_generic.h"

// --- float -----------------------------------------------------------------
#define IS_FLOAT 1
#define IS_DOUBLE 0
#define MANT_BITS 23
#define EXP_BIAS 127
#define EXP_MASK 0x7f800000
#define SIGN_MASK 0x80000000u

#define MATH_W
#include "math_instantiate_float.h"
#define MATH_W 2
#include "math_instantiate_float.h"
#define MATH_W 3
#include "math_instantiate_float.h"
#define MATH_W 4
#include "math_instantiate_float.h"
#define MATH_W 8
#include "math_instantiate_float.h"
#define MATH_W 16
#include "math_instantiate_float.h"

#undef IS_FLOAT
#undef IS_DOUBLE
#undef MANT_BITS
#undef EXP_BIAS
#undef EXP_MASK
#undef SIGN_MASK

// --- double ----------------------------------------------------------------
#define IS_FLOAT 0
#define IS_DOUBLE 1
#define MANT_BITS 52
#define EXP_BIAS 1023
#define EXP_MASK 0x7ff0000000000000L
#define SIGN_MASK 0x8000000000000000UL

#define MATH_W
#include "math_instantiate_double.h"
#define MATH_W 2
#include "math_instantiate_double.h"
#define MATH_W 3
#include "math_instantiate_double.h"
#define MATH_W 4
#include "math_instantiate_double.h"
#define MATH_W 8
#include "math_instantiate_double.h"
#define MATH_W 16
#include "math_instantiate_double.h"

#undef IS_FLOAT
#undef IS_DOUBLE
#undef MANT_BITS
#undef EXP_BIAS
#undef EXP_MASK
#undef SIGN_MASK
