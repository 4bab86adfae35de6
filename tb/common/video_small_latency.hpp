// ptxalu_video_small's latency as its header documents it, for the tests that hold the RTL to
// it (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

#include <cstdint>

#include "ctrl.hpp"
#include "model.hpp"

namespace ptxalu::tb {

// vadd, vsub, vset the operands, the primary op, the flags, the saturation and the secondary
// op (5); vabsdiff, vmin, vmax a step more (6); vshl and vshr the operand, one step per bit of
// the amount s, the flags, the saturation and the secondary op (4 + s), the model's
// model::video_shift_amount.
inline unsigned video_small_latency(const Ctrl& c, uint64_t b) {
  if (c.op == Pkg::OpVabsdiff || c.op == Pkg::OpVmin || c.op == Pkg::OpVmax) return 6;
  if (c.op != Pkg::OpVshl && c.op != Pkg::OpVshr) return 5;
  return 4 + model::video_shift_amount(c, static_cast<uint32_t>(b));
}

}  // namespace ptxalu::tb
