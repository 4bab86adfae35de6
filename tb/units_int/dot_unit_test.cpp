// ptxalu_dot (dp4a, dp2a) against the golden model: hand-worked sums for every signedness
// pair and both dp2a halves, then seeded random legal words with corner-weighted operands.
#include <gtest/gtest.h>

#include "Vptxalu_dot.h"
#include "comb_unit.hpp"

namespace {

using int_tb::HandCase;
using ptxalu::Ctrl;
using ptxalu::Pkg;

using Dot = int_tb::CombUnit<Vptxalu_dot>;

Ctrl dot(Pkg::op_e op, bool asigned, bool bsigned, Pkg::half_e half = Pkg::HalfNone) {
  Ctrl c;
  c.op = op;
  c.asigned = asigned;
  c.bsigned = bsigned;
  c.half = half;
  return c;
}

TEST_F(Dot, Dp4a) {
  check_hand_cases({
      // 1*5 + 2*6 + 3*7 + 4*8 = 70
      {dot(Pkg::OpDp4a, false, false), {0x01020304, 0x05060708, 0}, 70},
      // 4 * (-1)(-128) + (-1) = 511
      {dot(Pkg::OpDp4a, true, true), {0xffffffff, 0x80808080, 0xffffffff}, 511},
      // 4 * 255 * (-128) = -130560
      {dot(Pkg::OpDp4a, false, true), {0xffffffff, 0x80808080, 0}, 0xfffe0200},
      // 4 * (-1) * 128 = -512
      {dot(Pkg::OpDp4a, true, false), {0xffffffff, 0x80808080, 0}, 0xfffffe00},
      // 4 * 255 * 255 = 260100, + 0xffffffff wraps to 260099
      {dot(Pkg::OpDp4a, false, false), {0xffffffff, 0xffffffff, 0xffffffff}, 260099},
  });
}

TEST_F(Dot, Dp2a) {
  check_hand_cases({
      // 32767*255 + (-32768)*2 = 8290049
      {dot(Pkg::OpDp2a, true, false, Pkg::HalfLo), {0x80007fff, 0x000002ff, 0}, 8290049},
      // .hi takes b's bytes 2 and 3: 3*6 + 2*5 + 0x100
      {dot(Pkg::OpDp2a, false, false, Pkg::HalfHi), {0x00020003, 0x05060000, 0x100}, 0x11c},
      {dot(Pkg::OpDp2a, false, false, Pkg::HalfLo), {0x00020003, 0x05060000, 0x100}, 0x100},
      // (-1)*(-1) + (-1)*(-1) = 2, signed halves and bytes
      {dot(Pkg::OpDp2a, true, true, Pkg::HalfHi), {0xffffffff, 0xffff0000, 0}, 2},
      // 65535*255*2 = 33422850 unsigned
      {dot(Pkg::OpDp2a, false, false, Pkg::HalfLo), {0xffffffff, 0x0000ffff, 0}, 33422850},
  });
}

TEST_F(Dot, CornerPairs) { check_corner_pairs({Pkg::OpDp4a, Pkg::OpDp2a}); }

TEST_F(Dot, RandomAgainstModel) {
  check_random({Pkg::OpDp4a, Pkg::OpDp2a}, int_tb::iterations(100000));
}

}  // namespace
