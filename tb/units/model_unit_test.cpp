// A unit whose tests are the kit's standard three, against the golden model: the hand cases of
// cases/UNIT.cases (one typed test per section), then every form of the unit's ops with all
// pairs of corner operands, then seeded random legal words with corner-weighted operands and
// junk above the type width. Built once per such unit (CMakeLists.txt: ptxalu_dot as Dot,
// ptxalu_mult as Mult) with PTXALU_SUITE (the suite's name), PTXALU_UNIT (the instruction
// table's unit) and PTXALU_RANDOM_COUNT (random words per op).
#include <gtest/gtest.h>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(PTXALU_SUITE);

PTXALU_UNIT_HAND_CASES(PTXALU_SUITE)

PTXALU_UNIT_MODEL_TESTS(PTXALU_SUITE, PTXALU_UNIT, PTXALU_RANDOM_COUNT)

}  // namespace
}  // namespace ptxalu::tb
