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

PTXALU_UNIT_HAND_CASES(IntAlu, "intalu", AddSub)
PTXALU_UNIT_HAND_CASES(IntAlu, "intalu", MinMax)
PTXALU_UNIT_HAND_CASES(IntAlu, "intalu", AbsNegSad)

PTXALU_UNIT_MODEL_TESTS(IntAlu, "intalu", 100000)

}  // namespace
}  // namespace ptxalu::tb
