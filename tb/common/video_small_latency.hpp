// ptxalu_video_small's latency as its header documents it, for the tests that hold the RTL to
// it (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

#include <cstdint>

#include "ctrl.hpp"
#include "model.hpp"

namespace ptxalu::tb {

// vadd, vsub, vset one pass and the answer (1); vabsdiff, vmin, vmax a second pass (2); vshl
// and vshr one cycle per bit of the amount s (1 + s), the model's model::video_shift_amount.
inline unsigned video_small_latency(const Ctrl& c, uint64_t b) {
  if (c.op == Pkg::OpVabsdiff || c.op == Pkg::OpVmin || c.op == Pkg::OpVmax) return 2;
  if (c.op != Pkg::OpVshl && c.op != Pkg::OpVshr) return 1;
  return 1 + model::video_shift_amount(c, static_cast<uint32_t>(b));
}

}  // namespace ptxalu::tb
