// ptxalu_vmad against the golden model, driven directly (combinational): hand-worked cases as
// PTX text of the pseudo-code and §9 (negations, .po, scaling, the 64-bit reading of the sum
// and its saturation), then seeded random legal words with corner-weighted operands.
#include <gtest/gtest.h>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(VmadUnit);

PTXALU_UNIT_HAND_CASES(VmadUnit)

TYPED_TEST(VmadUnit, IllegalNegationsAreRejectedByModel) {
  // The generator below never draws these; make sure that is because they are illegal (§9).
  Ctrl both = ptx("vmad.s32.s32.s32 d, -a, b, c;");
  both.neg_c = true;
  EXPECT_FALSE(is_legal(both));
  Ctrl po_neg = ptx("vmad.s32.s32.s32.po d, a, b, c;");
  po_neg.neg_c = true;
  EXPECT_FALSE(is_legal(po_neg));
}

TYPED_TEST(VmadUnit, RandomLegalWordsMatchModel) {
  this->check_random(ops_of_unit("vmad"), iterations(500000));
}

}  // namespace
}  // namespace ptxalu::tb
