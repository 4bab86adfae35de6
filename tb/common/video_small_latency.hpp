// ptxalu_video_small's latency as its header documents it, for the tests that hold the RTL to
// it (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

#include <cstdint>

#include "ctrl.hpp"
#include "model.hpp"

namespace ptxalu::tb {

// vadd, vsub, vset the operands, the primary op, the saturation and the secondary op (4);
// vabsdiff, vmin, vmax a step more (5); vshl and vshr the operand, one step per bit of the
// amount s, the saturation and the secondary op (3 + s), the model's model::video_shift_amount.
inline unsigned video_small_latency(const Ctrl& c, uint64_t b) {
  if (c.op == Pkg::OpVabsdiff || c.op == Pkg::OpVmin || c.op == Pkg::OpVmax) return 5;
  if (c.op != Pkg::OpVshl && c.op != Pkg::OpVshr) return 4;
  return 3 + model::video_shift_amount(c, static_cast<uint32_t>(b));
}

}  // namespace ptxalu::tb
