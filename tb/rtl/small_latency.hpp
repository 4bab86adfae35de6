// The small configuration's classes of ops and their latencies, for the top's pipeline test
// (pipeline_test.cpp), each from the instruction table and the units' latency headers.
#pragma once

#include <cstdint>
#include <string_view>

#include "../common/divider_latency.hpp"
#include "../common/dot_small_latency.hpp"
#include "../common/intalu_small_latency.hpp"
#include "../common/mult_iter_latency.hpp"
#include "../common/simd_small_latency.hpp"
#include "../common/video_small_latency.hpp"
#include "isa.hpp"

namespace ptxalu::tb {

// The small configuration's sequential units (ptxalu_pkg::SeqUnitsSmall), by the unit the
// instruction table (sim/isa) names for the op: its multiply family (vmad and mult units) ...
inline bool small_unit(Op op, std::string_view unit) {
  const isa::Row* r = isa::row(op);
  return r != nullptr && r->unit == unit;
}
inline bool small_multiply(Op op) { return small_unit(op, "vmad") || small_unit(op, "mult"); }
// ... with the digit count k from the type (ptxalu_mult_share: 1 for the 16-bit types, 2 for
// the 32-bit ones, mul24/mad24 and vmad, 4 for the 64-bit ones), in ptxalu_mult_iter's
// latency (tb/common/mult_iter_latency.hpp): 11, 14 or 26 cycles.
inline unsigned small_multiply_latency(const Ctrl& c) {
  const bool w16 = c.itype == Pkg::ItU16 || c.itype == Pkg::ItS16;
  const bool w64 = c.itype == Pkg::ItU64 || c.itype == Pkg::ItS64;
  const bool k2 = c.op == Pkg::OpVmad || c.op == Pkg::OpMul24 || c.op == Pkg::OpMad24;
  return mult_iter_latency(k2 ? 2 : w16 ? 1 : w64 ? 4 : 2);
}

// ... its bit manipulation unit (ptxalu_bitmanip_small), w + 1 cycles: 65 for the 64-bit
// types, else 33.
inline bool small_bitmanip(Op op) { return small_unit(op, "bitmanip"); }
inline unsigned small_bitmanip_latency(const Ctrl& c) {
  return (c.itype == Pkg::ItU64 || c.itype == Pkg::ItS64 || c.itype == Pkg::ItB64) ? 65 : 33;
}

// ... its one-lane SIMD unit (ptxalu_simd_small), lanes + 2 cycles
// (tb/common/simd_small_latency.hpp) ...
inline bool small_simd(Op op) { return small_unit(op, "simd"); }

// ... and dp4a/dp2a (ptxalu_dot_small), 2 cycles (tb/common/dot_small_latency.hpp).

// M, the cycles a legal op of the small configuration takes beyond a one-cycle op (L = 2 + M
// at ExtraStages = 0), from its unit's header; a and b matter to div/rem and vshl/vshr only.
// The pipeline test holds the RTL to it; tb/rtl/small_cycles.cpp writes the README's table
// from it.
inline unsigned small_extra_cycles(const Ctrl& c, uint64_t a, uint64_t b) {
  if (small_multiply(c.op)) return small_multiply_latency(c);
  if (small_bitmanip(c.op)) return small_bitmanip_latency(c);
  if (small_simd(c.op)) return simd_small_latency(c.op);
  if (small_unit(c.op, "intalu")) return intalu_small_latency(c);
  if (small_unit(c.op, "dot")) return kDotSmallLatency;
  if (small_unit(c.op, "video")) return video_small_latency(c, b);
  if (small_unit(c.op, "divider")) return divider_small_latency(c.itype, a, b);
  return 0;
}

}  // namespace ptxalu::tb
