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

#include "../common/simd_small_latency.hpp"
#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(SimdUnit);

// Expected values computed by hand from the spec, checked against both the RTL and the model.
PTXALU_UNIT_HAND_CASES(SimdUnit)

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
        const Operands o{a, b, static_cast<uint32_t>(rng.next()), 0};
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

#ifdef PTXALU_SIMD_SMALL
// The one-lane unit's latency from the accepting edge whatever the operands
// (tb/common/simd_small_latency.hpp), as ptxalu_top's small configuration and syn/README.md
// count it.
TYPED_TEST(SimdUnit, LatencyIsLanesPlusTwo) {
  Rng rng(test_seed());
  for (Op op : ops_of_unit("simd")) {
    for (const Ctrl& c : isa::forms(op)) {
      EXPECT_TRUE(this->matches_model(c, random_operands(rng, c)));
      EXPECT_EQ(this->last_latency_, simd_small_latency(op)) << describe(c);
    }
  }
}

// The answer holds while out_ready_i is low, and a reset mid-operation returns the unit to
// idle with nothing to answer.
TYPED_TEST(SimdUnit, HoldAndResetMidOperation) {
  // 4 lanes of 1 + 2, plus c: 112 for c = 100, 13 for c = 1.
  this->check_hold_and_reset(ptx("vadd4.u32.u32.u32.add d, a, b, c;"),
                             {0x01010101, 0x02020202, 100, 0}, 112, 2,
                             {0x01010101, 0x02020202, 1, 0},
                             simd_small_latency(Pkg::OpVadd4), 13);
}
#endif

}  // namespace
}  // namespace ptxalu::tb
