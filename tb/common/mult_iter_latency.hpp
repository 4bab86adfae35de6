// ptxalu_mult_iter's latency as its header documents it, for the tests that hold the RTL to it
// (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o, for a product of k 16-bit digits (k = 1..4: the operands' digit
// count in the unit test, the type's in the top, ptxalu_mult_share).
#pragma once

namespace ptxalu::tb {

// One cycle per term, (k+1)^2, one per sign column, 2 (4 - k), and 1: 11, 14, 19 or 26
// cycles (Digits = 4).
inline unsigned mult_iter_latency(unsigned k) { return (k + 1) * (k + 1) + 2 * (4 - k) + 1; }

}  // namespace ptxalu::tb
