// ptxalu_intalu (add, sub, min, max, abs, neg, sad) against the golden model: hand-worked
// cases for saturation (both bounds), relu, x2 halves, MIN wrap (§13), sad (§16) and carries
// and compares across bit 31 of the 64-bit types, then every form of the table with all pairs
// of corner operands, then seeded random legal words with corner-weighted operands and junk
// above the type width.
//
// Built with PTXALU_INTALU_SMALL for the small configuration's unit on one 32-bit adder
// (ptxalu_intalu_small, driven through its handshake by the fixture), with its latency, hold
// and reset tests.
#include <gtest/gtest.h>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

#ifdef PTXALU_INTALU_SMALL
#include "../common/intalu_small_latency.hpp"
#endif

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(IntAlu);

PTXALU_UNIT_HAND_CASES(IntAlu)

PTXALU_UNIT_MODEL_TESTS(IntAlu, "intalu", 100000)

#ifdef PTXALU_INTALU_SMALL

// The documented latency of every form (tb/common/intalu_small_latency.hpp), whatever the
// operands, as ptxalu_top's small configuration counts it.
TYPED_TEST(IntAlu, DocumentedLatency) {
  Rng rng(test_seed());
  for (Op op : ops_of_unit("intalu")) {
    for (const Ctrl& c : isa::forms(op)) {
      for (int k = 0; k < 8; ++k) {
        EXPECT_TRUE(this->matches_model(c, random_operands(rng, c)));
        EXPECT_EQ(this->last_latency_, intalu_small_latency(c)) << describe(c);
      }
    }
  }
}

// The answer holds while out_ready_i is low, and a reset mid-operation returns the unit to
// idle with nothing to answer: a 64-bit sad (its longest form), and a one-pass form.
TYPED_TEST(IntAlu, HoldAndResetMidOperation) {
  const Ctrl c = ptx("sad.u64 d, a, b, c;");
  this->check_hold_and_reset(c, {5, 3, 10, 0}, 12, 2,
                             {1, 0x100000000ull, 0xffffffff00000001ull, 0},
                             intalu_small_latency(c), 0);
}

TYPED_TEST(IntAlu, OnePassFormHeldWhenNotTaken) {
  const Ctrl c = ptx("add.s32 d, a, b;");
  this->check_hold_and_reset(c, {1, 2, 0, 0}, 3, 3, {0x7fffffff, 1, 0, 0},
                             intalu_small_latency(c), 0x80000000ull);
}
#endif

}  // namespace
}  // namespace ptxalu::tb
