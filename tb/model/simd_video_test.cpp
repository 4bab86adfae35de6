// SIMD video (PTX 9.7.18.2) against the spec's examples and hand-worked values.
#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

constexpr bool S = true;
constexpr bool U = false;

Ctrl masked(Ctrl c, uint8_t mask) { return with(c, &Ctrl::mask, mask); }
Ctrl accumulate(Ctrl c) { return with(c, &Ctrl::secop, Pkg::SecAdd); }
Ctrl selected(Ctrl c, uint16_t asel, uint16_t bsel) {
  return with(with(c, &Ctrl::asel, asel), &Ctrl::bsel, bsel);
}

// --- x4 -------------------------------------------------------------------------------------

TEST(SimdVideo, Vmin4AddSelectors) {
  // The text's vmin4.s32.u32.u32.add r1.b00, r2.b0000, r3.b2222, r1 has an invalid mask (§5);
  // with .b10: asel .b0000 -> every lane a.b0 = 5; bsel .b2222 -> pool byte 2 = a.b2 = 7;
  // min = 5 in each lane; lanes 0, 1 enabled -> c + 10 = 110.
  Ctrl c = accumulate(simd4(Pkg::OpVmin4, S, U, U));
  c = selected(masked(c, 0x3), make_sel(0, 0, 0, 0), make_sel(2, 2, 2, 2));
  EXPECT_EQ(run(c, 0x00070005, 0xffffffff, 100), 110u);
}

// --- vset4 / vset2 (§1) ---------------------------------------------------------------------

TEST(SimdVideo, VsetAccumulate) {
  // vset4.u32.u32.ne.add: all four lanes differ (0 vs 1) -> c + 4.
  EXPECT_EQ(run(accumulate(simd_set(true, U, U, Pkg::CmpNe)), 0, 0x01010101, 10), 14u);
  // vset2.u32.u32.ne.add (spec example form): lane 0 differs, lane 1 equal -> c + 1.
  EXPECT_EQ(run(accumulate(simd_set(false, U, U, Pkg::CmpNe)), 0x00050001, 0x00050002, 10), 11u);
  // vset2.s32.u32.lt r1, r2, r3, r0: lane 0: -1 < 1 -> 1; lane 1: 0x7fff < 0x8000 -> 1.
  EXPECT_EQ(run(simd_set(false, S, U, Pkg::CmpLt), 0x7fffffff, 0x80000001, 0), 0x00010001u);
  // Every compare on lane 0 = (-1 vs 1) signed, lanes 1..3 equal (0 vs 0).
  const struct {
    Cmp cmp;
    uint32_t expect;
  } cases[] = {{Pkg::CmpEq, 0x01010100}, {Pkg::CmpNe, 0x00000001}, {Pkg::CmpLt, 0x00000001},
               {Pkg::CmpLe, 0x01010101}, {Pkg::CmpGt, 0x00000000}, {Pkg::CmpGe, 0x01010100}};
  for (const auto& k : cases) {
    SCOPED_TRACE(static_cast<unsigned>(k.cmp));
    EXPECT_EQ(run(simd_set(true, S, S, k.cmp), 0x000000ff, 0x00000001, 0), k.expect);
  }
}

}  // namespace
}  // namespace ptxalu::test
