// Ends one instantiation of math_instantiate.h.
#undef T
#undef IT
#undef UT
#undef I32
#undef AS_T
#undef AS_IT
#undef AS_UT
#undef CONVERT_T
#undef CONVERT_IT
#undef CONVERT_I32
#undef CONVERT_T_I32
