// SIMD video (PTX 9.7.18.2) against the spec's examples and hand-worked values.
#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

constexpr bool S = true;
constexpr bool U = false;

Ctrl masked(Ctrl c, uint8_t mask) {
  c.mask = mask;
  return c;
}
Ctrl accumulate(Ctrl c) {
  c.secop = Pkg::SecAdd;
  return c;
}
Ctrl selected(Ctrl c, uint16_t asel, uint16_t bsel) {
  c.asel = asel;
  c.bsel = bsel;
  return c;
}

// --- x4 -------------------------------------------------------------------------------------

TEST(SimdVideo, Vadd4Defaults) {
  // .b3210 / .b7654: lane i adds a's byte i and b's byte i: 04+40, 03+30, 02+20, 01+10.
  EXPECT_EQ(run(simd4(Pkg::OpVadd4, U, U, U), 0x01020304, 0x10203040, 0xdeadbeef), 0x11223344u);
  // Without .sat lanes wrap: 0xff + 0x01 = 0x100 -> 0x00 in lane 0, no carry into lane 1.
  EXPECT_EQ(run(simd4(Pkg::OpVadd4, U, U, U), 0x000000ff, 0x00000001), 0x00000000u);
}

TEST(SimdVideo, SpecExampleVadd4Sat) {
  // vadd4.s32.s32.u32.sat r1, r2, r3, r1. a bytes (s8): 1, -1, -128, 127; b bytes (u8): 2, 1,
  // 255, 1. Sums 3, 0, 127, 128 -> S8 clamp 3, 0, 127, 127 -> 0x7f7f0003.
  EXPECT_EQ(run(with_sat(simd4(Pkg::OpVadd4, S, S, U)), 0x7f80ff01, 0x01ff0102, 0), 0x7f7f0003u);
}

TEST(SimdVideo, Saturate8BothTypes) {
  // vsub4.u32: lanes 5-3 = 2, 0x10-2 = 14, 0xff-1 = 0xfe, 0-1 = -1 -> U8 clamp 0 -> 0x00fe0e02.
  EXPECT_EQ(run(with_sat(simd4(Pkg::OpVsub4, U, U, U)), 0x00ff1005, 0x01010203), 0x00fe0e02u);
  // Same without .sat: lane 3 is -1 -> 0xff.
  EXPECT_EQ(run(simd4(Pkg::OpVsub4, U, U, U), 0x00ff1005, 0x01010203), 0xfffe0e02u);
  // .s32 dtype on unsigned inputs: 0xff + 0xff = 510 -> S8_MAX; 0 - 0xff = -255 -> S8_MIN;
  // 0x10 + 0 -> 0x10; 0x80 - 0 = 128 -> 127. Lanes 0..3 with vadd4 / vsub4 mixed via two runs:
  EXPECT_EQ(run(with_sat(simd4(Pkg::OpVadd4, S, U, U)), 0x801000ff, 0x000000ff), 0x7f10007fu);
  EXPECT_EQ(run(with_sat(simd4(Pkg::OpVsub4, S, U, U)), 0x00000000, 0x000000ff), 0x00000080u);
  // .u32 dtype, upper bound: 0xff + 0x01 = 256 -> 0xff.
  EXPECT_EQ(run(with_sat(simd4(Pkg::OpVadd4, U, U, U)), 0x000000ff, 0x00000001), 0x000000ffu);
}

TEST(SimdVideo, SpecExampleVsub4MaskB0) {
  // vsub4.s32.s32.s32.sat r1.b0, r2.b3210, r3.b7654, r1: lane 0 = -128 - 1 -> -128 = 0x80;
  // lanes 1..3 come from c = 0xaabbccdd -> 0xaabbcc80.
  const Ctrl c = masked(with_sat(simd4(Pkg::OpVsub4, S, S, S)), 0x1);
  EXPECT_EQ(run(c, 0x00000080, 0x00000001, 0xaabbccdd), 0xaabbcc80u);
}

TEST(SimdVideo, MasksPickLanes) {
  // vadd4.u32 of a = 0x01010101 and b = 0x01010101 gives 0x02 per lane; c = 0xaabbccdd.
  // .b320 (lanes 3, 2, 0) -> 0x0202cc02; .b31 -> 0x02bb02dd; .b2 -> 0xaa02ccdd.
  const Ctrl base = simd4(Pkg::OpVadd4, U, U, U);
  EXPECT_EQ(run(masked(base, 0xd), 0x01010101, 0x01010101, 0xaabbccdd), 0x0202cc02u);
  EXPECT_EQ(run(masked(base, 0xa), 0x01010101, 0x01010101, 0xaabbccdd), 0x02bb02ddu);
  EXPECT_EQ(run(masked(base, 0x4), 0x01010101, 0x01010101, 0xaabbccdd), 0xaa02ccddu);
}

TEST(SimdVideo, Vmin4AddSelectors) {
  // The text's vmin4.s32.u32.u32.add r1.b00, r2.b0000, r3.b2222, r1 has an invalid mask (§5);
  // with .b10: asel .b0000 -> every lane a.b0 = 5; bsel .b2222 -> pool byte 2 = a.b2 = 7;
  // min = 5 in each lane; lanes 0, 1 enabled -> c + 10 = 110.
  Ctrl c = accumulate(simd4(Pkg::OpVmin4, S, U, U));
  c = selected(masked(c, 0x3), make_sel(0, 0, 0, 0), make_sel(2, 2, 2, 2));
  EXPECT_EQ(run(c, 0x00070005, 0xffffffff, 100), 110u);
}

TEST(SimdVideo, NonDefaultSelectors) {
  // asel .b0123 reverses a: lanes 3..0 = 04, 03, 02, 01; bsel .b4444 = b.b0 = 2 everywhere;
  // vmax4.u32 -> 04 03 02 02.
  EXPECT_EQ(run(selected(simd4(Pkg::OpVmax4, U, U, U), make_sel(0, 1, 2, 3), make_sel(4, 4, 4, 4)),
                0x01020304, 0x00000002),
            0x04030202u);
  // asel .b7654 takes b's bytes, bsel .b3210 a's: vsub4 b - a per lane:
  // 0x10-0x04 = 0x0c, 0x10-0x03, 0x10-0x02, 0x10-0x01 -> 0x0f0e0d0c.
  EXPECT_EQ(run(selected(simd4(Pkg::OpVsub4, U, U, U), kB7654, kB3210), 0x01020304, 0x10101010),
            0x0f0e0d0cu);
  // Mixed pool: asel .b5140 -> lanes 3..0 = b.b1, a.b1, b.b0, a.b0; bsel .b0000 = a.b0 = 1.
  // a = 0x00000201, b = 0x00000403: lanes 4+1, 2+1, 3+1, 1+1 -> 0x05030402.
  EXPECT_EQ(run(selected(simd4(Pkg::OpVadd4, U, U, U), make_sel(5, 1, 4, 0), make_sel(0, 0, 0, 0)),
                0x00000201, 0x00000403),
            0x05030402u);
}

TEST(SimdVideo, Vavrg4Rounding) {
  // §2. lane 0: -1 + 0 = -1 -> -1 >> 1 = -1 (0xff); lane 1: -1 + -2 = -3 -> -2 (0xfe);
  // lane 2: 1 + 2 = 3 -> (3+1) >> 1 = 2; lane 3: 0 + 0 -> 0. -> 0x0002feff.
  EXPECT_EQ(run(simd4(Pkg::OpVavrg4, S, S, S), 0x0001ffff, 0x0002fe00), 0x0002feffu);
  // Unsigned: 255 + 255 = 510 -> 511 >> 1 = 255; 1 + 2 -> 2 -> 0x000002ff.
  EXPECT_EQ(run(simd4(Pkg::OpVavrg4, U, U, U), 0x000001ff, 0x000002ff), 0x000002ffu);
  // -128 + -128 = -256 -> -128 (0x80); -128 + 127 = -1 -> -1 (0xff); 127 + 127 -> 127.
  EXPECT_EQ(run(simd4(Pkg::OpVavrg4, S, S, S), 0x007f8080, 0x007f7f80), 0x007fff80u);
}

TEST(SimdVideo, Vavrg2Rounding) {
  // lane 0: -1 + -2 = -3 -> -2 = 0xfffe; lane 1: 1 + 0 -> (1+1) >> 1 = 1 -> 0x0001fffe.
  EXPECT_EQ(run(simd2(Pkg::OpVavrg2, S, S, S), 0x0001ffff, 0x0000fffe), 0x0001fffeu);
  // lane 0: -1 + 0 = -1 -> -1 = 0xffff; lane 1: -32768 + -32768 -> -32768.
  EXPECT_EQ(run(simd2(Pkg::OpVavrg2, S, S, S), 0x8000ffff, 0x80000000), 0x8000ffffu);
}

TEST(SimdVideo, AccumulateNegativeLanes) {
  // §3: vsub4.s32.add, a = 0, b = 0x01010101: t = -1 in every lane -> c - 4: 10 -> 6.
  EXPECT_EQ(run(accumulate(simd4(Pkg::OpVsub4, S, S, S)), 0, 0x01010101, 10), 6u);
  // Under a .u32 dtype the lanes keep their signed value too: 10 - 4 = 6; 2 - 4 = -2.
  EXPECT_EQ(run(accumulate(simd4(Pkg::OpVsub4, U, U, U)), 0, 0x01010101, 10), 6u);
  EXPECT_EQ(run(accumulate(simd4(Pkg::OpVsub4, U, U, U)), 0, 0x01010101, 2), 0xfffffffeu);
  // Lanes at full value, not truncated: 0xff + 0xff = 510 per lane, 4 lanes -> c + 2040.
  EXPECT_EQ(run(accumulate(simd4(Pkg::OpVadd4, U, U, U)), 0xffffffff, 0xffffffff, 0), 2040u);
  // Only masked lanes count: .b20 -> lanes 0 and 2: 2 * 510 = 1020.
  EXPECT_EQ(run(masked(accumulate(simd4(Pkg::OpVadd4, U, U, U)), 0x5), 0xffffffff, 0xffffffff, 0),
            1020u);
  // vavrg4.s32.add: lane 0 = avg(-1, -2) = -2, others 0 -> c - 2 = 98.
  EXPECT_EQ(run(accumulate(simd4(Pkg::OpVavrg4, S, S, S)), 0x000000ff, 0x000000fe, 100), 98u);
  // The sum wraps modulo 2^32: c = 0xffffffff, + 1 (lane 0 only) -> 0.
  EXPECT_EQ(run(masked(accumulate(simd4(Pkg::OpVadd4, U, U, U)), 0x1), 1, 0, 0xffffffff), 0u);
  // x2: vsub2.u32.add, a = 0, b = 0x00010001 -> t = -1, -1 -> c - 2 = 0xfffffffe for c = 0.
  EXPECT_EQ(run(accumulate(simd2(Pkg::OpVsub2, U, U, U)), 0, 0x00010001, 0), 0xfffffffeu);
  // x2 at full value: 0xffff + 0xffff = 131070 per lane, 2 lanes -> 262140 = 0x3fffc.
  EXPECT_EQ(run(accumulate(simd2(Pkg::OpVadd2, U, U, U)), 0xffffffff, 0xffffffff, 0), 0x3fffcu);
}

TEST(SimdVideo, Vabsdiff4Sad) {
  // Sum of absolute differences: |0x28-0x32| = 10, |0x1e-0x1e| = 0, |0x14-0x19| = 5,
  // |0x0a-0x05| = 5 -> 20; + c 1000 = 1020 = 0x3fc.
  EXPECT_EQ(run(accumulate(simd4(Pkg::OpVabsdiff4, U, U, U)), 0x0a141e28, 0x05191e32, 1000),
            0x3fcu);
  // Signed lanes: |-128 - 127| = 255 fits no s8, merged it truncates to 0xff; .sat with .s32
  // dtype clamps to 127.
  EXPECT_EQ(run(simd4(Pkg::OpVabsdiff4, S, S, S), 0x00000080, 0x0000007f), 0x000000ffu);
  EXPECT_EQ(run(with_sat(simd4(Pkg::OpVabsdiff4, S, S, S)), 0x00000080, 0x0000007f), 0x7fu);
}

TEST(SimdVideo, MinMaxSignedness) {
  // lane 0: a = 0x80, b = 0x7f. Signed: max(-128, 127) = 127; unsigned: max(128, 127) = 128.
  EXPECT_EQ(run(simd4(Pkg::OpVmax4, U, S, S), 0x00000080, 0x0000007f), 0x0000007fu);
  EXPECT_EQ(run(simd4(Pkg::OpVmax4, U, U, U), 0x00000080, 0x0000007f), 0x00000080u);
  EXPECT_EQ(run(simd4(Pkg::OpVmin4, U, S, S), 0x00000080, 0x0000007f), 0x00000080u);
  // x2: min(-32768, 32767) = 0x8000 signed, 0x7fff unsigned.
  EXPECT_EQ(run(simd2(Pkg::OpVmin2, U, S, S), 0x00008000, 0x00007fff), 0x00008000u);
  EXPECT_EQ(run(simd2(Pkg::OpVmin2, U, U, U), 0x00008000, 0x00007fff), 0x00007fffu);
}

// --- vset4 / vset2 (§1) ---------------------------------------------------------------------

TEST(SimdVideo, SpecExampleVset4Lt) {
  // vset4.s32.u32.lt r1, r2, r3, r0: lane 0: -1 < 1; lane 1: 1 < 255; lane 2: 5 < 5 false;
  // lane 3: 127 < 128 -> 0x01000101.
  EXPECT_EQ(run(simd_set(true, S, U, Pkg::CmpLt), 0x7f0501ff, 0x8005ff01, 0), 0x01000101u);
}

TEST(SimdVideo, VsetMergesFromC) {
  // §1: unmasked lanes come from c, not b. vset4.u32.u32.eq with .b0, a = b in lane 0:
  // 0x01 | c's lanes 3..1 = 0xaabbcc01 (from b it would be 0x11223301).
  EXPECT_EQ(run(masked(simd_set(true, U, U, Pkg::CmpEq), 0x1), 0x00000044, 0x11223344, 0xaabbccdd),
            0xaabbcc01u);
  // vset2.u32.u32.ne with .h1: lane 1 = (0 != 0x1122) = 1, lane 0 from c -> 0x0001ccdd.
  EXPECT_EQ(run(masked(simd_set(false, U, U, Pkg::CmpNe), 0x2), 0x00000000, 0x11223344, 0xaabbccdd),
            0x0001ccddu);
}

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

// --- x2 -------------------------------------------------------------------------------------

TEST(SimdVideo, Vadd2SpecExampleSat) {
  // vadd2.s32.s32.u32.sat r1, r2, r3, r1: lane 0: -32768 + 1 = -32767 = 0x8001; lane 1:
  // 32767 + 1 = 32768 -> S16_MAX 0x7fff -> 0x7fff8001.
  EXPECT_EQ(run(with_sat(simd2(Pkg::OpVadd2, S, S, U)), 0x7fff8000, 0x00010001, 0), 0x7fff8001u);
  // .u32: lane 1: 0xffff + 1 -> U16_MAX; lane 0: 1 + 2 = 3 -> 0xffff0003.
  EXPECT_EQ(run(with_sat(simd2(Pkg::OpVadd2, U, U, U)), 0xffff0001, 0x00010002, 0), 0xffff0003u);
  // Lower bounds: .s32 -32768 - 1 -> 0x8000; .u32 0 - 1 -> 0.
  EXPECT_EQ(run(with_sat(simd2(Pkg::OpVsub2, S, S, S)), 0x00008000, 0x00000001), 0x00008000u);
  EXPECT_EQ(run(with_sat(simd2(Pkg::OpVsub2, U, U, U)), 0x00000000, 0x00010001), 0x00000000u);
}

TEST(SimdVideo, Vsub2SpecExampleMaskH0) {
  // vsub2.s32.s32.s32.sat r1.h0, r2.h10, r3.h32, r1: lane 0: 5 - 7 = -2 = 0xfffe; lane 1
  // from c = 0xaabbccdd -> 0xaabbfffe.
  const Ctrl c = masked(with_sat(simd2(Pkg::OpVsub2, S, S, S)), 0x1);
  EXPECT_EQ(run(c, 0x00000005, 0x00000007, 0xaabbccdd), 0xaabbfffeu);
}

TEST(SimdVideo, X2Selectors) {
  // Pool halves: 0 = a.h0 = 3, 1 = a.h1 = 5, 2 = b.h0 = 0x20, 3 = b.h1 = 0x10.
  // asel .h00, bsel .h22: 3 + 0x20 in both lanes -> 0x00230023.
  EXPECT_EQ(run(selected(simd2(Pkg::OpVadd2, U, U, U), h_sel(0, 0), h_sel(2, 2)), 0x00050003,
                0x00100020),
            0x00230023u);
  // asel .h01 (swap a), bsel .h31: lane 1 = a.h0 + b.h1 = 3 + 0x10, lane 0 = a.h1 + a.h1 = 10.
  EXPECT_EQ(run(selected(simd2(Pkg::OpVadd2, U, U, U), h_sel(0, 1), h_sel(3, 1)), 0x00050003,
                0x00100020),
            0x0013000au);
  // Spec example vmin2.s32.u32.u32.add r1.h10, r2.h00, r3.h22, r1: asel .h00 = a.h0 = 3 both
  // lanes, bsel .h22 = b.h0 = 0x20: min 3 per lane, c + 6.
  EXPECT_EQ(run(selected(accumulate(simd2(Pkg::OpVmin2, S, U, U)), h_sel(0, 0), h_sel(2, 2)),
                0x00050003, 0x00100020, 100),
            106u);
}

}  // namespace
}  // namespace ptxalu::test
