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

PTXALU_UNIT_HAND_CASES(Mult)

PTXALU_UNIT_MODEL_TESTS(Mult, "mult", 100000)

}  // namespace
}  // namespace ptxalu::tb
