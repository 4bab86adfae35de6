// ptxalu_dot_small's latency as its header documents it, for the tests that hold the RTL to it
// (the top's pipeline test and the engine test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

namespace ptxalu::tb {

// dp4a and dp2a: the products registered, then the sum registered (every form).
inline constexpr unsigned kDotSmallLatency = 2;

}  // namespace ptxalu::tb
