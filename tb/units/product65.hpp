// The exact signed 65x65 -> 130-bit product, the reference of the wide multiplier tests
// (mult_iter_unit_test, mult_pipe_unit_test): three-limb integer arithmetic written here, not
// any RTL algorithm. Operands are 65-bit two's complement values; the product's bits 129..0
// are limbs 0 and 1 and the low two bits of limb 2.
#pragma once

#include <array>
#include <cstdint>

#include "wide_word.hpp"

namespace ptxalu::tb {

// A 65-bit two's complement operand: the low 64 bits and the sign (bit 64).
struct Op65 {
  uint64_t lo;
  bool neg;
};

// The exact product as three 64-bit limbs of its two's complement (bits 129..0 are the RTL's).
// a = a.lo - a.neg 2^64, so a*b = a.lo b.lo - (a.neg b.lo + b.neg a.lo) 2^64 + a.neg b.neg 2^128.
inline std::array<uint64_t, 3> product(const Op65& a, const Op65& b) {
  using u128 = unsigned __int128;
  using i128 = __int128;
  const u128 low = static_cast<u128>(a.lo) * b.lo;
  const i128 cross = -(static_cast<i128>(a.neg ? b.lo : 0) + static_cast<i128>(b.neg ? a.lo : 0));
  const i128 mid = static_cast<i128>(static_cast<uint64_t>(low >> 64)) + cross;
  const uint64_t limb2 = static_cast<uint64_t>(mid >> 64) + ((a.neg && b.neg) ? 1 : 0);
  return {static_cast<uint64_t>(low), static_cast<uint64_t>(mid), limb2};
}

// Sign-extends the low `bits` bits of v to a 65-bit operand.
inline Op65 sext(uint64_t v, unsigned bits) {
  if (bits >= 65) return {v, false};
  const bool neg = ((v >> (bits - 1)) & 1) != 0;
  const uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  return {neg ? (v | ~mask) : (v & mask), neg};
}

// A verilated multiplier's 65-bit operand ports a_i, b_i and its 130-bit product_o.
template <class Dut>
void drive_operands(Dut& dut, const Op65& a, const Op65& b) {
  set_bits(dut.a_i, 0, 64, a.lo);
  set_bits(dut.a_i, 64, 1, a.neg);
  set_bits(dut.b_i, 0, 64, b.lo);
  set_bits(dut.b_i, 64, 1, b.neg);
}

template <class Dut>
std::array<uint64_t, 3> product_of(const Dut& dut) {
  return {get_bits(dut.product_o, 0, 64), get_bits(dut.product_o, 64, 64),
          get_bits(dut.product_o, 128, 2)};
}

// Corner operands of a 65x65 multiplier: 0, +-1, the extremes, and the edges of 16-, 17- and
// 32-bit digits.
inline constexpr std::array<Op65, 14> kCorners65 = {{
    {0, false}, {1, false}, {~uint64_t{0}, true},                 // 0, 1, -1
    {0, true},                                                     // -2^64
    {~uint64_t{0}, false},                                         // 2^64 - 1
    {0x8000'0000'0000'0000u, false}, {0x8000'0000'0000'0000u, true},
    {0xffff, false}, {0x1'0000, false}, {~uint64_t{0} << 16, true},
    {0xffff'ffff, false}, {0x7fff'ffff'ffff'ffffu, false},
    {0x1'ffff, false}, {~uint64_t{0} << 17, true},
}};

}  // namespace ptxalu::tb
