// ptxalu_dot (dp4a, dp2a) against the golden model: hand-worked sums for every signedness
// pair and both dp2a halves, then every form with all pairs of corner operands, then seeded
// random legal words with corner-weighted operands.
#include <gtest/gtest.h>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(Dot);

TYPED_TEST(Dot, Dp4a) {
  this->check_ptx({
      // 1*5 + 2*6 + 3*7 + 4*8 = 70
      {"dp4a.u32.u32 d, a, b, c;", {0x01020304, 0x05060708, 0}, 70},
      // 4 * (-1)(-128) + (-1) = 511
      {"dp4a.s32.s32 d, a, b, c;", {0xffffffff, 0x80808080, 0xffffffff}, 511},
      // 4 * 255 * (-128) = -130560
      {"dp4a.u32.s32 d, a, b, c;", {0xffffffff, 0x80808080, 0}, 0xfffe0200},
      // 4 * (-1) * 128 = -512
      {"dp4a.s32.u32 d, a, b, c;", {0xffffffff, 0x80808080, 0}, 0xfffffe00},
      // 4 * 255 * 255 = 260100, + 0xffffffff wraps to 260099
      {"dp4a.u32.u32 d, a, b, c;", {0xffffffff, 0xffffffff, 0xffffffff}, 260099},
  });
}

TYPED_TEST(Dot, Dp2a) {
  this->check_ptx({
      // 32767*255 + (-32768)*2 = 8290049
      {"dp2a.lo.s32.u32 d, a, b, c;", {0x80007fff, 0x000002ff, 0}, 8290049},
      // .hi takes b's bytes 2 and 3: 3*6 + 2*5 + 0x100
      {"dp2a.hi.u32.u32 d, a, b, c;", {0x00020003, 0x05060000, 0x100}, 0x11c},
      {"dp2a.lo.u32.u32 d, a, b, c;", {0x00020003, 0x05060000, 0x100}, 0x100},
      // (-1)*(-1) + (-1)*(-1) = 2, signed halves and bytes
      {"dp2a.hi.s32.s32 d, a, b, c;", {0xffffffff, 0xffff0000, 0}, 2},
      // 65535*255*2 = 33422850 unsigned
      {"dp2a.lo.u32.u32 d, a, b, c;", {0xffffffff, 0x0000ffff, 0}, 33422850},
  });
}

PTXALU_UNIT_MODEL_TESTS(Dot, "dot", 100000)

}  // namespace
}  // namespace ptxalu::tb
