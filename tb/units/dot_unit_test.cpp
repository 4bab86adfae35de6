// ptxalu_dot (dp4a, dp2a) against the golden model: hand-worked sums for every signedness
// pair and both dp2a halves, then every form with all pairs of corner operands, then seeded
// random legal words with corner-weighted operands.
#include <gtest/gtest.h>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(Dot);

PTXALU_UNIT_HAND_CASES(Dot)

PTXALU_UNIT_MODEL_TESTS(Dot, "dot", 100000)

}  // namespace
}  // namespace ptxalu::tb
