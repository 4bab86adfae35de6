// ptxalu_intalu (add, sub, min, max, abs, neg, sad) against the golden model: hand-worked
// cases for saturation (both bounds), relu, x2 halves, MIN wrap (§13) and sad (§16), then
// seeded random legal words with corner-weighted operands and junk above the type width.
#include <gtest/gtest.h>

#include "Vptxalu_intalu.h"
#include "comb_unit.hpp"

namespace {

using int_tb::HandCase;
using int_tb::make;
using ptxalu::Pkg;

using IntAlu = int_tb::CombUnit<Vptxalu_intalu>;

HandCase sat(HandCase h) {
  h.ctrl.sat = true;
  return h;
}
HandCase relu(HandCase h) {
  h.ctrl.relu = true;
  return h;
}

TEST_F(IntAlu, AddSub) {
  check_hand_cases({
      {make(Pkg::OpAdd, Pkg::ItU16), {0xabcdffff, 1}, 0},  // wraps, junk above ignored
      {make(Pkg::OpAdd, Pkg::ItU64), {~0ull, 1}, 0},
      {make(Pkg::OpAdd, Pkg::ItS32), {0x7fffffff, 1}, 0x80000000},
      sat({make(Pkg::OpAdd, Pkg::ItS32), {0x7fffffff, 1}, 0x7fffffff}),
      sat({make(Pkg::OpAdd, Pkg::ItS32), {0x80000000, 0xffffffff}, 0x80000000}),
      sat({make(Pkg::OpAdd, Pkg::ItS32), {0x7fffffff, 0x80000000}, 0xffffffff}),
      {make(Pkg::OpSub, Pkg::ItS32), {0, 0x80000000}, 0x80000000},
      sat({make(Pkg::OpSub, Pkg::ItS32), {0, 0x80000000}, 0x7fffffff}),
      sat({make(Pkg::OpSub, Pkg::ItS32), {0x80000000, 1}, 0x80000000}),
      sat({make(Pkg::OpSub, Pkg::ItS32), {0x7fffffff, 0xffffffff}, 0x7fffffff}),
      {make(Pkg::OpSub, Pkg::ItU16), {0, 1}, 0xffff},
      {make(Pkg::OpSub, Pkg::ItS64), {0x8000000000000000ull, 1}, 0x7fffffffffffffffull},
      // x2: halves independent, no carry from the low half into the high half
      {make(Pkg::OpAdd, Pkg::ItS16x2), {0x7fffffff, 0x00010001}, 0x80000000},
      {make(Pkg::OpAdd, Pkg::ItU16x2), {0xffffffff, 0x00010001}, 0},
  });
}

TEST_F(IntAlu, MinMax) {
  check_hand_cases({
      {make(Pkg::OpMin, Pkg::ItS16), {0x8000, 0x7fff}, 0x8000},
      {make(Pkg::OpMin, Pkg::ItU16), {0x8000, 0x7fff}, 0x7fff},
      {make(Pkg::OpMax, Pkg::ItS32), {0xffffffff, 0}, 0},
      {make(Pkg::OpMax, Pkg::ItU32), {0xffffffff, 0}, 0xffffffff},
      {make(Pkg::OpMin, Pkg::ItS64), {0x8000000000000000ull, 0x7fffffffffffffffull},
       0x8000000000000000ull},
      {make(Pkg::OpMin, Pkg::ItU64), {0x8000000000000000ull, 0x7fffffffffffffffull},
       0x7fffffffffffffffull},
      // .relu clamps a negative result to 0
      relu({make(Pkg::OpMax, Pkg::ItS32), {0xfffffff0, 0x80000000}, 0}),
      relu({make(Pkg::OpMax, Pkg::ItS32), {5, 0xfffffffd}, 5}),
      relu({make(Pkg::OpMin, Pkg::ItS32), {5, 0xfffffffd}, 0}),
      // x2: min(7,3)=3 in the high half, min(5,-16)=-16 -> relu 0 in the low half
      relu({make(Pkg::OpMin, Pkg::ItS16x2), {0x00070005, 0x0003fff0}, 0x00030000}),
      {make(Pkg::OpMin, Pkg::ItS16x2), {0x00070005, 0x0003fff0}, 0x0003fff0},
      {make(Pkg::OpMax, Pkg::ItU16x2), {0xffff0001, 0x00018000}, 0xffff8000},
      {make(Pkg::OpMax, Pkg::ItS16x2), {0xffff0001, 0x00018000}, 0x00010001},
  });
}

TEST_F(IntAlu, AbsNegSad) {
  check_hand_cases({
      {make(Pkg::OpAbs, Pkg::ItS32), {0x80000000}, 0x80000000},  // §13
      {make(Pkg::OpAbs, Pkg::ItS16), {0x8000}, 0x8000},
      {make(Pkg::OpAbs, Pkg::ItS64), {0xfffffffffffffffbull}, 5},
      {make(Pkg::OpAbs, Pkg::ItS16), {0x1234fffb}, 5},
      {make(Pkg::OpNeg, Pkg::ItS64), {0x8000000000000000ull}, 0x8000000000000000ull},
      {make(Pkg::OpNeg, Pkg::ItS16), {1}, 0xffff},
      {make(Pkg::OpNeg, Pkg::ItS32), {0}, 0},
      // sad: c + |a - b|, compared by the type's sign, modulo 2^w (§16)
      {make(Pkg::OpSad, Pkg::ItS32), {0xffffffff, 1, 10}, 12},
      {make(Pkg::OpSad, Pkg::ItU32), {0xffffffff, 1, 10}, 8},
      {make(Pkg::OpSad, Pkg::ItU64), {0, ~0ull, 1}, 0},
      {make(Pkg::OpSad, Pkg::ItS16), {0x8000, 0x7fff, 0}, 0xffff},
      {make(Pkg::OpSad, Pkg::ItS64), {0x8000000000000000ull, 0x7fffffffffffffffull, 2}, 1},
  });
}

TEST_F(IntAlu, CornerPairs) {
  check_corner_pairs({Pkg::OpAdd, Pkg::OpSub, Pkg::OpMin, Pkg::OpMax, Pkg::OpAbs, Pkg::OpNeg,
                      Pkg::OpSad});
}

TEST_F(IntAlu, RandomAgainstModel) {
  check_random({Pkg::OpAdd, Pkg::OpSub, Pkg::OpMin, Pkg::OpMax, Pkg::OpAbs, Pkg::OpNeg,
                Pkg::OpSad},
               int_tb::iterations(100000));
}

}  // namespace
