// ptxalu_video_small's latency as its header documents it, for the tests that hold the RTL to
// it (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

#include <cstdint>

#include "ctrl.hpp"

namespace ptxalu::tb {

// vadd, vsub, vset one pass and the answer (1); vabsdiff, vmin, vmax a second pass (2); vshl
// and vshr one cycle per bit of the amount s (1 + s): b's part named by bsel, read unsigned
// (§8), capped at 32 (.clamp) or taken modulo 32 (.wrap).
inline unsigned video_small_latency(const Ctrl& c, uint64_t b) {
  if (c.op == Pkg::OpVabsdiff || c.op == Pkg::OpVmin || c.op == Pkg::OpVmax) return 2;
  if (c.op != Pkg::OpVshl && c.op != Pkg::OpVshr) return 1;
  const unsigned sel = c.bsel & 7u;
  uint64_t amount = b & 0xffffffffu;
  if (sel >= Pkg::SelB0 && sel <= Pkg::SelB3) amount = (b >> (8 * (sel - Pkg::SelB0))) & 0xff;
  if (sel == Pkg::SelH0 || sel == Pkg::SelH1) amount = (b >> (sel == Pkg::SelH1 ? 16 : 0)) & 0xffff;
  amount = c.wrap ? (amount & 31) : (amount > 32 ? 32 : amount);
  return 1 + static_cast<unsigned>(amount);
}

}  // namespace ptxalu::tb
