// ptxalu_intalu (add, sub, min, max, abs, neg, sad) against the golden model: hand-worked
// cases for saturation (both bounds), relu, x2 halves, MIN wrap (§13) and sad (§16), then
// every form of the table with all pairs of corner operands, then seeded random legal words
// with corner-weighted operands and junk above the type width.
#include <gtest/gtest.h>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(IntAlu);

TYPED_TEST(IntAlu, AddSub) {
  this->check_ptx({
      {"add.u16 d, a, b;", {0xabcdffff, 1}, 0},  // wraps, junk above ignored
      {"add.u64 d, a, b;", {~0ull, 1}, 0},
      {"add.s32 d, a, b;", {0x7fffffff, 1}, 0x80000000},
      {"add.sat.s32 d, a, b;", {0x7fffffff, 1}, 0x7fffffff},
      {"add.sat.s32 d, a, b;", {0x80000000, 0xffffffff}, 0x80000000},
      {"add.sat.s32 d, a, b;", {0x7fffffff, 0x80000000}, 0xffffffff},
      {"sub.s32 d, a, b;", {0, 0x80000000}, 0x80000000},
      {"sub.sat.s32 d, a, b;", {0, 0x80000000}, 0x7fffffff},
      {"sub.sat.s32 d, a, b;", {0x80000000, 1}, 0x80000000},
      {"sub.sat.s32 d, a, b;", {0x7fffffff, 0xffffffff}, 0x7fffffff},
      {"sub.u16 d, a, b;", {0, 1}, 0xffff},
      {"sub.s64 d, a, b;", {0x8000000000000000ull, 1}, 0x7fffffffffffffffull},
      // x2: halves independent, no carry from the low half into the high half
      {"add.s16x2 d, a, b;", {0x7fffffff, 0x00010001}, 0x80000000},
      {"add.u16x2 d, a, b;", {0xffffffff, 0x00010001}, 0},
  });
}

TYPED_TEST(IntAlu, MinMax) {
  this->check_ptx({
      {"min.s16 d, a, b;", {0x8000, 0x7fff}, 0x8000},
      {"min.u16 d, a, b;", {0x8000, 0x7fff}, 0x7fff},
      {"max.s32 d, a, b;", {0xffffffff, 0}, 0},
      {"max.u32 d, a, b;", {0xffffffff, 0}, 0xffffffff},
      {"min.s64 d, a, b;", {0x8000000000000000ull, 0x7fffffffffffffffull},
       0x8000000000000000ull},
      {"min.u64 d, a, b;", {0x8000000000000000ull, 0x7fffffffffffffffull},
       0x7fffffffffffffffull},
      // .relu clamps a negative result to 0
      {"max.relu.s32 d, a, b;", {0xfffffff0, 0x80000000}, 0},
      {"max.relu.s32 d, a, b;", {5, 0xfffffffd}, 5},
      {"min.relu.s32 d, a, b;", {5, 0xfffffffd}, 0},
      // x2: min(7,3)=3 in the high half, min(5,-16)=-16 -> relu 0 in the low half
      {"min.relu.s16x2 d, a, b;", {0x00070005, 0x0003fff0}, 0x00030000},
      {"min.s16x2 d, a, b;", {0x00070005, 0x0003fff0}, 0x0003fff0},
      {"max.u16x2 d, a, b;", {0xffff0001, 0x00018000}, 0xffff8000},
      {"max.s16x2 d, a, b;", {0xffff0001, 0x00018000}, 0x00010001},
  });
}

TYPED_TEST(IntAlu, AbsNegSad) {
  this->check_ptx({
      {"abs.s32 d, a;", {0x80000000}, 0x80000000},  // §13
      {"abs.s16 d, a;", {0x8000}, 0x8000},
      {"abs.s64 d, a;", {0xfffffffffffffffbull}, 5},
      {"abs.s16 d, a;", {0x1234fffb}, 5},
      {"neg.s64 d, a;", {0x8000000000000000ull}, 0x8000000000000000ull},
      {"neg.s16 d, a;", {1}, 0xffff},
      {"neg.s32 d, a;", {0}, 0},
      // sad: c + |a - b|, compared by the type's sign, modulo 2^w (§16)
      {"sad.s32 d, a, b, c;", {0xffffffff, 1, 10}, 12},
      {"sad.u32 d, a, b, c;", {0xffffffff, 1, 10}, 8},
      {"sad.u64 d, a, b, c;", {0, ~0ull, 1}, 0},
      {"sad.s16 d, a, b, c;", {0x8000, 0x7fff, 0}, 0xffff},
      {"sad.s64 d, a, b, c;", {0x8000000000000000ull, 0x7fffffffffffffffull, 2}, 1},
  });
}

PTXALU_UNIT_MODEL_TESTS(IntAlu, "intalu", 100000)

}  // namespace
}  // namespace ptxalu::tb
