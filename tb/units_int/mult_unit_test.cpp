// ptxalu_mult (mul, mad, mul24, mad24 through one shared multiplier) against the golden
// model: hand-worked products at the width limits (.lo/.hi/.wide, signed/unsigned), mad.wide's
// 2w-bit c (§15), the 24-bit forms and both saturation bounds of .hi.sat.s32 (§14), then
// seeded random legal words with corner-weighted operands and junk above the type width.
#include <gtest/gtest.h>

#include "Vptxalu_mult.h"
#include "comb_unit.hpp"

namespace {

using int_tb::HandCase;
using int_tb::make;
using ptxalu::Pkg;

using Mult = int_tb::CombUnit<Vptxalu_mult>;

HandCase sat(HandCase h) {
  h.ctrl.sat = true;
  return h;
}

constexpr uint64_t kS64Min = 0x8000000000000000ull;

TEST_F(Mult, Mul) {
  check_hand_cases({
      // -32768 * -32768 = 2^30
      {make(Pkg::OpMul, Pkg::ItS16, Pkg::HalfWide), {0x8000, 0x8000}, 0x40000000},
      {make(Pkg::OpMul, Pkg::ItU16, Pkg::HalfWide), {0x8000, 0x8000}, 0x40000000},
      {make(Pkg::OpMul, Pkg::ItS16, Pkg::HalfWide), {0xffff, 0x0002}, 0xfffffffe},
      {make(Pkg::OpMul, Pkg::ItU16, Pkg::HalfWide), {0xffff, 0x0002}, 0x0001fffe},
      {make(Pkg::OpMul, Pkg::ItS16, Pkg::HalfLo), {0x1234, 0x0100}, 0x3400},
      {make(Pkg::OpMul, Pkg::ItS16, Pkg::HalfHi), {0xffff, 0x0002}, 0xffff},
      {make(Pkg::OpMul, Pkg::ItU16, Pkg::HalfHi), {0xffff, 0x0002}, 0x0001},
      // (2^32-1)^2 = 0xfffffffe_00000001; (-1)*(-1) = 1
      {make(Pkg::OpMul, Pkg::ItU32, Pkg::HalfHi), {0xffffffff, 0xffffffff}, 0xfffffffe},
      {make(Pkg::OpMul, Pkg::ItU32, Pkg::HalfLo), {0xffffffff, 0xffffffff}, 1},
      {make(Pkg::OpMul, Pkg::ItS32, Pkg::HalfHi), {0xffffffff, 0xffffffff}, 0},
      {make(Pkg::OpMul, Pkg::ItU32, Pkg::HalfWide), {0xffffffff, 0xffffffff},
       0xfffffffe00000001ull},
      {make(Pkg::OpMul, Pkg::ItS32, Pkg::HalfWide), {0x80000000, 0x7fffffff},
       0xc000000080000000ull},
      // 64-bit: (2^64-1)^2 high half 2^64-2; MIN*MIN = 2^126; MIN*-1 = 2^63
      {make(Pkg::OpMul, Pkg::ItU64, Pkg::HalfHi), {~0ull, ~0ull}, 0xfffffffffffffffeull},
      {make(Pkg::OpMul, Pkg::ItS64, Pkg::HalfHi), {kS64Min, kS64Min}, 0x4000000000000000ull},
      {make(Pkg::OpMul, Pkg::ItS64, Pkg::HalfHi), {kS64Min, ~0ull}, 0},
      {make(Pkg::OpMul, Pkg::ItS64, Pkg::HalfLo), {kS64Min, ~0ull}, kS64Min},
      {make(Pkg::OpMul, Pkg::ItS64, Pkg::HalfHi), {~0ull, 5}, ~0ull},
      {make(Pkg::OpMul, Pkg::ItU64, Pkg::HalfHi), {~0ull, 5}, 4},
  });
}

TEST_F(Mult, Mad) {
  check_hand_cases({
      {make(Pkg::OpMad, Pkg::ItS32, Pkg::HalfLo), {3, 4, 0xfffffff4}, 0},
      {make(Pkg::OpMad, Pkg::ItU16, Pkg::HalfLo), {0xffff, 0xffff, 0xdead0002}, 3},
      // .wide: c is 2w bits (§15): -1*1 + 65536 = 65535
      {make(Pkg::OpMad, Pkg::ItS16, Pkg::HalfWide), {0xffff, 1, 0x00010000}, 0x0000ffff},
      {make(Pkg::OpMad, Pkg::ItU32, Pkg::HalfWide), {0xffffffff, 2, ~0ull}, 0x1fffffffdull},
      {make(Pkg::OpMad, Pkg::ItS32, Pkg::HalfWide), {0xffffffff, 2, 0x100000000ull},
       0xfffffffeull},
      // .hi + c wraps without .sat; -2^30 + -2^31 = 0x40000000 mod 2^32
      {make(Pkg::OpMad, Pkg::ItS32, Pkg::HalfHi), {0x80000000, 0x7fffffff, 0x80000000},
       0x40000000},
      // mad.hi.sat.s32: hi(2^62 - 2^32 + 1) = 0x3fffffff, + 0x7fffffff clamps to MAX
      sat({make(Pkg::OpMad, Pkg::ItS32, Pkg::HalfHi), {0x7fffffff, 0x7fffffff, 0x7fffffff},
           0x7fffffff}),
      // hi(-2^62 + 2^31) = -2^30, + MIN clamps to MIN
      sat({make(Pkg::OpMad, Pkg::ItS32, Pkg::HalfHi), {0x80000000, 0x7fffffff, 0x80000000},
           0x80000000}),
      sat({make(Pkg::OpMad, Pkg::ItS32, Pkg::HalfHi), {0x80000000, 0x7fffffff, 5}, 0xc0000005}),
      {make(Pkg::OpMad, Pkg::ItU64, Pkg::HalfHi), {~0ull, ~0ull, 3}, 1},
  });
}

TEST_F(Mult, Mul24Mad24) {
  check_hand_cases({
      // bits 31..24 of a and b are ignored (§14)
      {make(Pkg::OpMul24, Pkg::ItS32, Pkg::HalfLo), {0xff800000, 2}, 0xff000000},
      {make(Pkg::OpMul24, Pkg::ItS32, Pkg::HalfLo), {0x00800000, 0x12000002}, 0xff000000},
      {make(Pkg::OpMul24, Pkg::ItU32, Pkg::HalfLo), {0xff800000, 2}, 0x01000000},
      // (2^24-1)^2 = 2^48 - 2^25 + 1, bits 47..16 = 0xfffffe00
      {make(Pkg::OpMul24, Pkg::ItU32, Pkg::HalfHi), {0xffffff, 0xffffff}, 0xfffffe00},
      {make(Pkg::OpMul24, Pkg::ItS32, Pkg::HalfHi), {0xffffff, 0xffffff}, 0},
      {make(Pkg::OpMul24, Pkg::ItS32, Pkg::HalfHi), {0x800000, 0x800000}, 0x40000000},
      {make(Pkg::OpMad24, Pkg::ItS32, Pkg::HalfLo), {0xffffff, 0xffffff, 0xffffffff}, 0},
      {make(Pkg::OpMad24, Pkg::ItS32, Pkg::HalfHi), {0x800000, 0x800000, 0x40000000},
       0x80000000},
      sat({make(Pkg::OpMad24, Pkg::ItS32, Pkg::HalfHi), {0x800000, 0x800000, 0x40000000},
           0x7fffffff}),
      // (-2^23)(2^23-1) = -2^46 + 2^23, bits 47..16 = -2^30 + 2^7; + MIN clamps to MIN
      sat({make(Pkg::OpMad24, Pkg::ItS32, Pkg::HalfHi), {0x800000, 0x7fffff, 0x80000000},
           0x80000000}),
      sat({make(Pkg::OpMad24, Pkg::ItS32, Pkg::HalfHi), {0x800000, 0x7fffff, 0}, 0xc0000080}),
  });
}

TEST_F(Mult, CornerPairs) {
  check_corner_pairs({Pkg::OpMul, Pkg::OpMad, Pkg::OpMul24, Pkg::OpMad24});
}

TEST_F(Mult, RandomAgainstModel) {
  check_random({Pkg::OpMul, Pkg::OpMad, Pkg::OpMul24, Pkg::OpMad24},
               int_tb::iterations(100000));
}

}  // namespace
