// ptxalu_intalu_small's latency as its header documents it, for the tests that hold the RTL to
// it (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

#include "ctrl.hpp"

namespace ptxalu::tb {

// 16-, 32-bit and x2 forms one pass (1); 64-bit add/sub/abs/neg two halves (2); sad 16/32-bit
// a - b (twice) then c + |d| (3); 64-bit sad and min/max both halves' compare first (4).
inline unsigned intalu_small_latency(const Ctrl& c) {
  const bool w64 = c.itype == Pkg::ItU64 || c.itype == Pkg::ItS64;
  if (c.op == Pkg::OpSad) return w64 ? 4 : 3;
  if (!w64) return 1;
  return (c.op == Pkg::OpMin || c.op == Pkg::OpMax) ? 4 : 2;
}

}  // namespace ptxalu::tb
