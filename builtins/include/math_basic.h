// Simple exact functions of the math table, type-generic (math_generic.h).

// x - y when x > y, +0 otherwise; NaN when either is (x - y is NaN then and
// x <= y false).
OVERLOAD T fdim(T x, T y) { return select(x - y, (T)0, COND(x <= y)); }
