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
#define MATH_ELEM float
#define MATH_INT int
#define MATH_UINT uint
#include "math_instantiate_widths.h"

// --- double ----------------------------------------------------------------
#define IS_FLOAT 0
#define IS_DOUBLE 1
#define MANT_BITS 52
#define EXP_BIAS 1023
#define EXP_MASK 0x7ff0000000000000L
#define SIGN_MASK 0x8000000000000000UL
#define MATH_ELEM double
#define MATH_INT long
#define MATH_UINT ulong
#include "math_instantiate_widths.h"
