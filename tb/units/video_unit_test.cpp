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
TYPED_TEST(VideoUnit, HandWorkedCases) {
  this->check_ptx({
      // 255 + (-32768) = -32513.
      {"vadd.s32.u32.s32 d, a.b0, b.h1;", {0x123456ff, 0x80001234, 0}, 0xffff80ff},
      // -32768 - 65535 = -98303, inside s32.
      {"vsub.s32.s32.u32.sat d, a.h1, b.h0;", {0x80000000, 0x0000ffff, 0}, 0xfffe8001},
      // overflow
      {"vadd.s32.s32.s32.sat d, a, b;", {0x7fffffff, 1, 0}, 0x7fffffff},
      // §6: exact intermediate, so u32 .sat clamps above U32_MAX (ptxas would wrap).
      {"vadd.u32.u32.u32.sat d, a, b;", {0xffffffff, 1, 0}, 0xffffffff},
      // clamps at 0
      {"vsub.u32.u32.u32.sat d, a, b;", {0, 1, 0}, 0},
      // |-128 - 127| = 255, in s16, into h0.
      {"vabsdiff.s32.s32.s32.sat d.h0, a.b0, b.b2, c;", {0x00000080, 0x007f0000, 0x12345678},
       0x123400ff},
      // The same into d.b1: the byte dsel narrows the clamp to s8, 255 -> 127.
      {"vabsdiff.s32.s32.s32.sat d.b1, a.b0, b.b2, c;", {0x00000080, 0x007f0000, 0x12345678},
       0x12347f78},
      // -1 clamps to 0 in the byte.
      {"vsub.u32.u32.u32.sat d.b0, a, b, c;", {0, 1, 0xaabbccdd}, 0xaabbcc00},
      // min(-5, 3) + 10.
      {"vmin.s32.s32.s32.sat.add d, a, b, c;", {0xfffffffb, 3, 10}, 5},
      // Secondary .max with c extended by dtype: .s32 reads c = 0xffffffff as -1 ...
      {"vmax.s32.u32.u32.max d, a, b, c;", {0, 0, 0xffffffff}, 0},
      // ... and .u32 as 2^32 - 1.
      {"vmax.u32.u32.u32.max d, a, b, c;", {0, 0, 0xffffffff}, 0xffffffff},
      // §6: tmp stays exact into .min: min(-1, 5) = -1 even with a .u32 dtype.
      {"vmin.u32.s32.s32.min d, a, b, c;", {0xffffffff, 2, 5}, 0xffffffff},
      // §6/§8: tb = 40 clamps to 32; 1 << 32 = 2^32 -> U32_MAX.
      {"vshl.u32.u32.u32.sat.clamp d, a, b;", {1, 40, 0}, 0xffffffff},
      // Without .sat the low 32 bits of 2^32.
      {"vshl.u32.u32.u32.clamp d, a, b;", {1, 32, 0}, 0},
      // §6: the exact 2^32 goes into .min: min(2^32, 5) = 5.
      {"vshl.u32.u32.u32.clamp.min d, a, b, c;", {1, 32, 5}, 5},
      // .wrap: 33 & 31 = 1.
      {"vshl.s32.s32.u32.wrap d, a, b;", {1, 33, 0}, 2},
      // 2^31 -> S32_MAX
      {"vshl.s32.u32.u32.sat.clamp d, a, b;", {0x40000000, 1, 0}, 0x7fffffff},
      // §8 vshr of a signed value is arithmetic: -2^31 >> 32 (clamped from 40) = -1.
      {"vshr.s32.s32.u32.clamp d, a, b;", {0x80000000, 40, 0}, 0xffffffff},
      // 40 & 31 = 8
      {"vshr.s32.s32.u32.wrap d, a, b;", {0x80000000, 40, 0}, 0xff800000},
      // logical
      {"vshr.u32.u32.u32.clamp d, a, b;", {0x80000000, 31, 0}, 1},
      // shift amount from b's high half.
      {"vshr.u32.u32.u32.wrap d, a, b.h1;", {0xf0000000, 0x00040000, 0}, 0x0f000000},
      // -1 < 0.
      {"vset.s32.u32.lt d, a, b;", {0xffffffff, 0, 0}, 1},
      // 5 != 5 is false.
      {"vset.u32.u32.ne d, a, b.h1;", {5, 0x00050000, 0}, 0},
      // §7: vset's c is unsigned, so max(1, 0xffffffff) = 0xffffffff (signed c would give 1).
      {"vset.s32.s32.lt.max d, a, b, c;", {0xffffffff, 0, 0xffffffff}, 0xffffffff},
      // wraps
      {"vset.u32.u32.eq.add d, a, b, c;", {7, 7, 0xffffffff}, 0},
      {"vset.u32.u32.ge d.b3, a, b, c;", {7, 7, 0x11223344}, 0x01223344},
  });
}

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
