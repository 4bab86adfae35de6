// ptxalu_simd (vadd2..vset2, vadd4..vset4) against the golden model, driven directly: the
// unit is combinational, so one eval() per vector.
//
// - Hand-worked cases as PTX text for each clarification the unit implements (§1..§4,
//   operand pool).
// - Seeded random legal words with corner-weighted operands, x2 and x4.
// - An exhaustive sweep of the 8-bit lane: every (a byte, b byte) pair under every form of
//   the x4 ops (every dtype/atype/btype, vset4 with every cmp, sat on/off, merge and
//   accumulate).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(SimdUnit);

// Expected values computed by hand from the spec, checked against both the RTL and the model.
TYPED_TEST(SimdUnit, HandWorkedCases) {
  this->check_ptx({
      // The spec's example form. Lanes 3..0: 127+1=128->127, -128+255=127, -1+2=1,
      // 1+128=129->127.
      {"vadd4.s32.s32.u32.sat d, a, b, c;", {0x7f80ff01, 0x01ff0280, 0xdeadbeef}, 0x7f7f017f},
      // §2 rounding: s=1 -> 1, s=3 -> 2, s=-3 -> -2, s=-1 -> -1.
      {"vavrg4.s32.s32.s32 d, a, b, c;", {0x0001feff, 0x0102ff00, 0}, 0x0102feff},
      // §3 t0 = 0 - 5 = -5 subtracts even under .u32: 100 - 5 = 95.
      {"vsub4.u32.u32.u32.add d.b0, a, b, c;", {0x11223300, 0x44556605, 100}, 95},
      // §3 4 * 255 + 0xffffffff = 1019 mod 2^32.
      {"vabsdiff4.u32.u32.u32.add d, a, b, c;", {0xff00ff00, 0x00ff00ff, 0xffffffff}, 0x3fb},
      // §1 lane 0 is 1 < 2 = 1; lanes 3..1 come from c, not b.
      {"vset4.u32.u32.lt d.b0, a, b, c;", {0x00000001, 0x99887702, 0xaabbccdd}, 0xaabbcc01},
      // lane 0 = -32768 - 1 -> -32768 (0x8000), lane 1 masked off: c's high half.
      {"vsub2.s32.s32.s32.sat d.h0, a.h10, b.h32, c;", {0x00008000, 0x12340001, 0xcafebabe},
       0xcafe8000},
      // both lanes min(a.h0=5, b.h0=3) = 3; 10 + 3 + 3.
      {"vmin2.s32.u32.u32.add d, a.h00, b.h22, c;", {0x77770005, 0x88880003, 10}, 16},
      // §4 negative results clamp to 0. Lanes 3..0: 0-0, 0x10-0x20, 0-1, 0xff-1.
      {"vsub4.u32.u32.u32.sat d, a, b, c;", {0x001000ff, 0x00200101, 0}, 0x000000fe},
      // Operand pool: asel .b7654 takes b's bytes for a, bsel .b0000 broadcasts a's byte 0.
      {"vadd4.u32.u32.u32 d, a.b7654, b.b0000, c;", {0x04030201, 0x40302010, 0}, 0x41312111},
      // At the top of the range: (65535 + 65535 + 1) >> 1 = 65535 (no wrap inside the lane),
      // and (0 + 1 + 1) >> 1 = 1.
      {"vavrg2.u32.u32.u32 d, a, b, c;", {0x0000ffff, 0x0001ffff, 0}, 0x0001ffff},
      // lane 0 = max(a.h0 = -1, b.h0 = 0) = 0; lane 1 = max(-32768, 0x8000 = 32768) = 32768.
      // d = 1 + 0 + 32768.
      {"vmax2.u32.s32.u32.add d, a, b, c;", {0x8000ffff, 0x80000000, 1}, 0x8001},
      // §3 with a half lane: t0 = 0 - 65535 subtracts from c: 0x10000 - 0xffff = 1.
      {"vsub2.u32.u32.u32.add d.h0, a, b, c;", {0x12340000, 0x5678ffff, 0x10000}, 1},
  });
}

// Every SIMD op equally often (400000 words in all by default).
TYPED_TEST(SimdUnit, RandomLegalWordsMatchModel) {
  const std::vector<Op> ops = ops_of_unit("simd");
  this->check_random(ops, iterations(400000) / static_cast<unsigned>(ops.size()));
}

// Each vector carries four (a byte, b byte) pairs, one per lane, with the default selectors
// (lane i <- a byte i, b byte i: the forms of the table hold them); the lane a pair lands in
// rotates so every lane sees every residue of the pair index. 65536 pairs = 16384 vectors per
// form.
TYPED_TEST(SimdUnit, ExhaustiveByteLaneSweep) {
  Rng rng(test_seed());  // only c's value is random
  const auto start = std::chrono::steady_clock::now();
  uint64_t vectors = 0;
  unsigned configs = 0;
  for (const isa::Row& row : isa::rows()) {
    if (row.selectors != isa::Selectors::X4) continue;
    for (const Ctrl& c : isa::forms(row.op)) {
      ASSERT_TRUE(is_legal(c)) << describe(c);
      ++configs;
      for (uint32_t j = 0; j < 16384; ++j) {
        uint32_t a = 0, b = 0;
        for (uint32_t lane = 0; lane < 4; ++lane) {
          const uint32_t pair = 4 * j + ((lane + j) & 3);
          a |= (pair >> 8) << (8 * lane);
          b |= (pair & 0xff) << (8 * lane);
        }
        const Operands o{a, b, rng.u32(), 0};
        ++vectors;
        const uint64_t unit = this->run(c, o);
        const uint64_t model = execute(c, o);
        if (unit != model) {
          FAIL() << describe(c) << " " << describe(o) << ": unit=" << hex(unit)
                 << " model=" << hex(model);
        }
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Informational only (never asserted): the sweep's size and cost.
  std::printf("byte-lane sweep: %u configurations, %llu vectors (%llu lane pairs), %.2f s\n",
              configs, static_cast<unsigned long long>(vectors),
              static_cast<unsigned long long>(4 * vectors), seconds);
  // Six vop4 ops x 8 type triples x {merge, sat, accumulate}, and vset4 x 4 type pairs x 6
  // comparisons x {merge, accumulate} (doc/CANONICAL_FORMS.md).
  EXPECT_EQ(configs, 6u * 8u * 3u + 4u * 6u * 2u);
}

}  // namespace
}  // namespace ptxalu::tb
