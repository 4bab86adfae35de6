// ptxalu_intalu_small's latency as its header documents it, for the tests that hold the RTL to
// it (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o, 0 for a form answered in the cycle it is offered.
#pragma once

#include "ctrl.hpp"

namespace ptxalu::tb {

// 16-, 32-bit and x2 forms one pass (0); 64-bit add/sub/abs/neg two halves (1); sad 16/32-bit
// a - b then c + |d| (2); 64-bit sad and min/max both halves' compare first (3).
inline unsigned intalu_small_latency(const Ctrl& c) {
  const bool w64 = c.itype == Pkg::ItU64 || c.itype == Pkg::ItS64;
  if (c.op == Pkg::OpSad) return w64 ? 3 : 2;
  if (!w64) return 0;
  return (c.op == Pkg::OpMin || c.op == Pkg::OpMax) ? 3 : 1;
}

}  // namespace ptxalu::tb
