// ptxalu_divider's latency as its header documents it, for the tests that hold the RTL to it
// (the unit test and the top's pipeline test): cycles from the accepting edge to the first
// cycle with out_valid_o.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "ctrl.hpp"

namespace ptxalu::tb {

// A div/rem type (u16/u32/u64/s16/s32/s64) as the divider reads it.
struct DivType {
  bool is_signed;
  unsigned width;
};

inline DivType div_type(IType t) {
  const bool is_signed = t == Pkg::ItS16 || t == Pkg::ItS32 || t == Pkg::ItS64;
  const unsigned width = (t == Pkg::ItU16 || t == Pkg::ItS16)   ? 16
                         : (t == Pkg::ItU32 || t == Pkg::ItS32) ? 32
                                                                : 64;
  return {is_signed, width};
}

// 1 for a zero divisor; else w/S - j + 1, where the early start skips
// j = min((lz + len - 1) / S, w/S) digits of S bits (none when lz + len = 0). lz bounds the
// dividend magnitude's leading zeros within w bits from below and len the divisor magnitude's
// bit length, both read on the operand before negation: for a negative x, lz(~x) - 1 and
// len(~x). Only the low w bits of a and b count. Without the early start (the divider's
// EarlyStart = 0) j = 0.
inline unsigned divider_latency(IType type, uint64_t a, uint64_t b, unsigned steps_per_cycle,
                                bool early_start = true) {
  const auto [is_signed, w] = div_type(type);
  const uint64_t mask = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  a &= mask;
  b &= mask;
  if (b == 0) return 1;
  const bool a_neg = is_signed && ((a >> (w - 1)) & 1) != 0;
  const bool b_neg = is_signed && ((b >> (w - 1)) & 1) != 0;
  const uint64_t a_ones = a_neg ? ~a & mask : a;
  const uint64_t b_ones = b_neg ? ~b & mask : b;
  const unsigned lz = static_cast<unsigned>(std::countl_zero(a_ones)) - (64 - w) - (a_neg ? 1 : 0);
  const unsigned len = 64 - static_cast<unsigned>(std::countl_zero(b_ones));
  const unsigned digits = w / steps_per_cycle;
  if (!early_start) return digits + 1;
  const unsigned skip =
      lz + len == 0 ? 0 : std::min((lz + len - 1) / steps_per_cycle, digits);
  return digits - skip + 1;
}

// ptxalu_divider_small: ptxalu_divider's at one step per cycle without the early start, plus
// its load step (|a| in a cycle of its own): w + 2, 2 for a zero divisor.
inline constexpr unsigned kDividerSmallLoadSteps = 1;
inline unsigned divider_small_latency(IType type, uint64_t a, uint64_t b) {
  return divider_latency(type, a, b, 1, false) + kDividerSmallLoadSteps;
}

}  // namespace ptxalu::tb
