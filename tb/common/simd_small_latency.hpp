// ptxalu_simd_small's latency as its header documents it, for the tests that hold the RTL to
// it (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

#include "ctrl.hpp"
#include "isa.hpp"

namespace ptxalu::tb {

// One step per lane (4 for the x4 forms, 2 for the x2 forms; the table's selector kind says
// which), one more for the last lane's fold, and the answer: lanes + 2.
inline unsigned simd_small_latency(Op op) {
  return isa::selectors(op) == isa::Selectors::X4 ? 6 : 4;
}

}  // namespace ptxalu::tb
