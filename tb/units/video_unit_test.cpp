// ptxalu_video (vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset) against the golden model,
// driven directly (combinational): hand-worked cases as PTX text for each clarification the
// unit implements (§6..§8, §10), then seeded random legal words with corner-weighted operands
// and shift amounts around 0, 31, 32, 33.
//
// Built with PTXALU_VIDEO_SMALL for the small configuration's unit on one 34-bit adder
// (ptxalu_video_small, driven through its handshake by the fixture), with its latency, hold
// and reset tests.
#include <gtest/gtest.h>

#include <vector>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

#ifdef PTXALU_VIDEO_SMALL
#include "../common/video_small_latency.hpp"
#endif

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(VideoUnit);

// Puts `value` into the part of `word` that scalar selector `sel` names.
uint64_t place(uint64_t word, unsigned sel, uint64_t value) {
  if (sel >= Pkg::SelB0 && sel <= Pkg::SelB3) {
    const unsigned shift = 8 * (sel - Pkg::SelB0);
    return (word & ~(uint64_t{0xff} << shift)) | ((value & 0xff) << shift);
  }
  if (sel == Pkg::SelH0 || sel == Pkg::SelH1) {
    const unsigned shift = sel == Pkg::SelH1 ? 16 : 0;
    return (word & ~(uint64_t{0xffff} << shift)) | ((value & 0xffff) << shift);
  }
  return value;
}

// Expected values worked by hand from the pseudo-code; checked against the RTL and the model.
PTXALU_UNIT_HAND_CASES(VideoUnit)

// Every scalar video op equally often (500000 words in all by default); vshl and vshr half
// the time with a shift amount of 0..40 in the selected part of b.
TYPED_TEST(VideoUnit, RandomLegalWordsMatchModel) {
  const std::vector<Op> ops = ops_of_unit("video");
  this->check_random(ops, iterations(500000) / static_cast<unsigned>(ops.size()),
                     [](Rng& rng, const Ctrl& c) {
                       Operands o = random_operands(rng, c);
                       if ((c.op == Pkg::OpVshl || c.op == Pkg::OpVshr) && rng.coin()) {
                         o.b = place(o.b, c.bsel, rng.below(41));
                       }
                       return o;
                     });
}

#ifdef PTXALU_VIDEO_SMALL

// The documented latency of every form (tb/common/video_small_latency.hpp, the unit's header
// table), whatever the operands, as ptxalu_top's small configuration counts it; the shifts
// with every amount 0..40 in b's selected part, the other forms with 4 random operand sets.
TYPED_TEST(VideoUnit, DocumentedLatency) {
  Rng rng(test_seed());
  for (Op op : ops_of_unit("video")) {
    const bool shift = op == Pkg::OpVshl || op == Pkg::OpVshr;
    for (const Ctrl& c : isa::forms(op)) {
      for (unsigned k = 0; k < (shift ? 41u : 4u); ++k) {
        Operands o = random_operands(rng, c);
        if (shift) o.b = place(o.b, c.bsel, k);
        EXPECT_TRUE(this->matches_model(c, o));
        EXPECT_EQ(this->last_latency_, video_small_latency(c, o.b)) << describe(c) << " "
                                                                    << describe(o);
      }
    }
  }
}

// The answer holds while out_ready_i is low, and a reset mid-operation returns the unit to
// idle with nothing to answer: a vshl by 20 cut after 7 cycles, then one by 4 (its high bits
// dropped) held through five stalled cycles.
TYPED_TEST(VideoUnit, HoldAndResetMidOperation) {
  const Ctrl c = ptx("vshl.u32.u32.u32.clamp d, a, b;");
  this->check_hold_and_reset(c, {3, 20, 0, 0}, 3u << 20, 7, {0xfffffff0, 4, 0, 0},
                             video_small_latency(c, 4), 0xffffff00u);
}

// min(2^31 - 1, 2^31 - 1) is in range; the secondary .add after the saturation wraps.

TYPED_TEST(VideoUnit, SaturatedMinHeldWhenNotTaken) {
  const Ctrl c = ptx("vmin.s32.s32.s32.sat.add d, a, b, c;");
  this->check_hold_and_reset(c, {0xfffffffb, 3, 10, 0}, 5, 1, {0x7fffffff, 0x7fffffff, 1, 0},
                             video_small_latency(c, 0x7fffffff), 0x80000000u);
}
#endif

}  // namespace
}  // namespace ptxalu::tb
