// A unit whose tests are the kit's standard three, against the golden model: the hand cases of
// cases/UNIT.cases (one typed test per section), then every form of the unit's ops with all
// pairs of corner operands, then seeded random legal words with corner-weighted operands and
// junk above the type width. Built once per such unit (CMakeLists.txt: ptxalu_dot as Dot,
// ptxalu_mult as Mult) with PTXALU_SUITE (the suite's name), PTXALU_UNIT (the instruction
// table's unit) and PTXALU_RANDOM_COUNT (random words per op).
//
// With PTXALU_DOT_SMALL: the small configuration's ptxalu_dot_small (driven through its
// handshake by the fixture) as Dot, with its latency, hold and reset tests.
#include <gtest/gtest.h>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

#ifdef PTXALU_DOT_SMALL
#include "../common/dot_small_latency.hpp"
#endif

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(PTXALU_SUITE);

PTXALU_UNIT_HAND_CASES(PTXALU_SUITE)

PTXALU_UNIT_MODEL_TESTS(PTXALU_SUITE, PTXALU_UNIT, PTXALU_RANDOM_COUNT)

#ifdef PTXALU_DOT_SMALL
// Every form answers kDotSmallLatency cycles after the accepting edge, whatever the operands.
TYPED_TEST(PTXALU_SUITE, DocumentedLatency) {
  Rng rng(test_seed());
  for (Op op : ops_of_unit(PTXALU_UNIT)) {
    for (const Ctrl& c : isa::forms(op)) {
      for (int k = 0; k < 8; ++k) {
        EXPECT_TRUE(this->matches_model(c, random_operands(rng, c)));
        EXPECT_EQ(this->last_latency_, kDotSmallLatency) << describe(c);
      }
    }
  }
}

// The answer holds while out_ready_i is low, and a reset between the products and the sum
// returns the unit to idle with nothing to answer. 1+2+3+4 + 10 = 20; 255*2 four times + 5 = 2045.
TYPED_TEST(PTXALU_SUITE, HoldAndResetMidOperation) {
  this->check_hold_and_reset(ptx("dp4a.u32.u32 d, a, b, c;"), {0x01020304, 0x01010101, 10, 0},
                             20, 1, {0xffffffff, 0x02020202, 5, 0}, kDotSmallLatency, 2045);
}
#endif

}  // namespace
}  // namespace ptxalu::tb
