// ptxalu_intalu_small's latency as its header documents it, for the tests that hold the RTL to
// it (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

#include "ctrl.hpp"

namespace ptxalu::tb {

// A setup cycle, then its passes: 16-, 32-bit and x2 forms one pass (2); 64-bit add/sub/abs/
// neg/min/max two halves (3: min/max pick both halves by the hi half's compare); sad 16/32-bit
// a - b, a wait, then c + |d| (4); 64-bit sad both halves of each and the wait (6).
inline unsigned intalu_small_latency(const Ctrl& c) {
  const bool w64 = c.itype == Pkg::ItU64 || c.itype == Pkg::ItS64;
  if (c.op == Pkg::OpSad) return w64 ? 6 : 4;
  return w64 ? 3 : 2;
}

}  // namespace ptxalu::tb
