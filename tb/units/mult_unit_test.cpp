// ptxalu_mult (mul, mad, mul24, mad24 through one shared multiplier) against the golden
// model: hand-worked products at the width limits (.lo/.hi/.wide, signed/unsigned), mad.wide's
// 2w-bit c (§15), the 24-bit forms and both saturation bounds of .hi.sat.s32 (§14), then
// every form with all pairs of corner operands, then seeded random legal words with
// corner-weighted operands and junk above the type width.
#include <gtest/gtest.h>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(Mult);

constexpr uint64_t kS64Min = 0x8000000000000000ull;

TYPED_TEST(Mult, Mul) {
  this->check_ptx({
      // -32768 * -32768 = 2^30
      {"mul.wide.s16 d, a, b;", {0x8000, 0x8000}, 0x40000000},
      {"mul.wide.u16 d, a, b;", {0x8000, 0x8000}, 0x40000000},
      {"mul.wide.s16 d, a, b;", {0xffff, 0x0002}, 0xfffffffe},
      {"mul.wide.u16 d, a, b;", {0xffff, 0x0002}, 0x0001fffe},
      {"mul.lo.s16 d, a, b;", {0x1234, 0x0100}, 0x3400},
      {"mul.hi.s16 d, a, b;", {0xffff, 0x0002}, 0xffff},
      {"mul.hi.u16 d, a, b;", {0xffff, 0x0002}, 0x0001},
      // (2^32-1)^2 = 0xfffffffe_00000001; (-1)*(-1) = 1
      {"mul.hi.u32 d, a, b;", {0xffffffff, 0xffffffff}, 0xfffffffe},
      {"mul.lo.u32 d, a, b;", {0xffffffff, 0xffffffff}, 1},
      {"mul.hi.s32 d, a, b;", {0xffffffff, 0xffffffff}, 0},
      {"mul.wide.u32 d, a, b;", {0xffffffff, 0xffffffff},
       0xfffffffe00000001ull},
      {"mul.wide.s32 d, a, b;", {0x80000000, 0x7fffffff},
       0xc000000080000000ull},
      // 64-bit: (2^64-1)^2 high half 2^64-2; MIN*MIN = 2^126; MIN*-1 = 2^63
      {"mul.hi.u64 d, a, b;", {~0ull, ~0ull}, 0xfffffffffffffffeull},
      {"mul.hi.s64 d, a, b;", {kS64Min, kS64Min}, 0x4000000000000000ull},
      {"mul.hi.s64 d, a, b;", {kS64Min, ~0ull}, 0},
      {"mul.lo.s64 d, a, b;", {kS64Min, ~0ull}, kS64Min},
      {"mul.hi.s64 d, a, b;", {~0ull, 5}, ~0ull},
      {"mul.hi.u64 d, a, b;", {~0ull, 5}, 4},
  });
}

TYPED_TEST(Mult, Mad) {
  this->check_ptx({
      {"mad.lo.s32 d, a, b, c;", {3, 4, 0xfffffff4}, 0},
      {"mad.lo.u16 d, a, b, c;", {0xffff, 0xffff, 0xdead0002}, 3},
      // .wide: c is 2w bits (§15): -1*1 + 65536 = 65535
      {"mad.wide.s16 d, a, b, c;", {0xffff, 1, 0x00010000}, 0x0000ffff},
      {"mad.wide.u32 d, a, b, c;", {0xffffffff, 2, ~0ull}, 0x1fffffffdull},
      {"mad.wide.s32 d, a, b, c;", {0xffffffff, 2, 0x100000000ull},
       0xfffffffeull},
      // .hi + c wraps without .sat; -2^30 + -2^31 = 0x40000000 mod 2^32
      {"mad.hi.s32 d, a, b, c;", {0x80000000, 0x7fffffff, 0x80000000},
       0x40000000},
      // mad.hi.sat.s32: hi(2^62 - 2^32 + 1) = 0x3fffffff, + 0x7fffffff clamps to MAX
      {"mad.hi.sat.s32 d, a, b, c;", {0x7fffffff, 0x7fffffff, 0x7fffffff},
           0x7fffffff},
      // hi(-2^62 + 2^31) = -2^30, + MIN clamps to MIN
      {"mad.hi.sat.s32 d, a, b, c;", {0x80000000, 0x7fffffff, 0x80000000},
           0x80000000},
      {"mad.hi.sat.s32 d, a, b, c;", {0x80000000, 0x7fffffff, 5}, 0xc0000005},
      {"mad.hi.u64 d, a, b, c;", {~0ull, ~0ull, 3}, 1},
  });
}

TYPED_TEST(Mult, Mul24Mad24) {
  this->check_ptx({
      // bits 31..24 of a and b are ignored (§14)
      {"mul24.lo.s32 d, a, b;", {0xff800000, 2}, 0xff000000},
      {"mul24.lo.s32 d, a, b;", {0x00800000, 0x12000002}, 0xff000000},
      {"mul24.lo.u32 d, a, b;", {0xff800000, 2}, 0x01000000},
      // (2^24-1)^2 = 2^48 - 2^25 + 1, bits 47..16 = 0xfffffe00
      {"mul24.hi.u32 d, a, b;", {0xffffff, 0xffffff}, 0xfffffe00},
      {"mul24.hi.s32 d, a, b;", {0xffffff, 0xffffff}, 0},
      {"mul24.hi.s32 d, a, b;", {0x800000, 0x800000}, 0x40000000},
      {"mad24.lo.s32 d, a, b, c;", {0xffffff, 0xffffff, 0xffffffff}, 0},
      {"mad24.hi.s32 d, a, b, c;", {0x800000, 0x800000, 0x40000000},
       0x80000000},
      {"mad24.hi.sat.s32 d, a, b, c;", {0x800000, 0x800000, 0x40000000},
           0x7fffffff},
      // (-2^23)(2^23-1) = -2^46 + 2^23, bits 47..16 = -2^30 + 2^7; + MIN clamps to MIN
      {"mad24.hi.sat.s32 d, a, b, c;", {0x800000, 0x7fffff, 0x80000000},
           0x80000000},
      {"mad24.hi.sat.s32 d, a, b, c;", {0x800000, 0x7fffff, 0}, 0xc0000080},
  });
}

PTXALU_UNIT_MODEL_TESTS(Mult, "mult", 100000)

}  // namespace
}  // namespace ptxalu::tb
