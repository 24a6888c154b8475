// Small pieces the rows' host references and registrations share.
#pragma once
#include "kernels.h"

#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

namespace bench {

/// |got - want| within `relative` x (1 + |want|): relative for large
/// values, absolute near zero, where a relative bound would demand more
/// digits than float rounding leaves.
inline bool near(double got, double want, double relative) {
  return std::fabs(got - want) <= relative * (1 + std::fabs(want));
}

/// Whether `ok(i)` holds for i = 0, step, 2 step, ... below n: every
/// element with step 1, or a sample where the host reference for every
/// element would take longer than the row itself.
template <class Check> bool checkEvery(size_t step, size_t n, Check ok) {
  for (size_t i = 0; i < n; i += step)
    if (!ok(i))
      return false;
  return true;
}

/// Appends one `Row` per constructor argument, in order.
template <class Row, class... Kinds>
void addRows(std::vector<std::unique_ptr<Benchmark>> &list, Kinds... kinds) {
  (list.push_back(std::make_unique<Row>(kinds)), ...);
}

} // namespace bench
