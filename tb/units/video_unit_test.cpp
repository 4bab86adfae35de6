// ptxalu_video (vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset) against the golden model,
// driven directly (combinational): hand-worked cases as PTX text for each clarification the
// unit implements (§6..§8, §10), then seeded random legal words with corner-weighted operands
// and shift amounts around 0, 31, 32, 33.
#include <gtest/gtest.h>

#include <vector>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

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
PTXALU_UNIT_HAND_CASES(VideoUnit, "video", HandWorkedCases)

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

}  // namespace
}  // namespace ptxalu::tb
