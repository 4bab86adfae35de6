// ptxalu_simd (vadd2..vset2, vadd4..vset4) against the golden model, driven directly: the
// unit is combinational, so one eval() per vector.
//
// - Hand-worked cases for each clarification the unit implements (§1..§4, operand pool).
// - Seeded random legal words with corner-weighted operands, x2 and x4.
// - An exhaustive sweep of the 8-bit lane: every (a byte, b byte) pair under every vop4
//   (vset4 with every cmp), every dtype/atype/btype, sat on/off, merge and accumulate.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "Vptxalu_simd.h"
#include "Vptxalu_simd_netlist.h"
#include "model.hpp"
#include "verilated.h"
#include "video_harness.hpp"

namespace {

using ptxalu::Ctrl;
using ptxalu::Operands;
using ptxalu::Pkg;
using video_tb::describe;

template <typename Model>
using SimdUnit = video_tb::UnitFixture<Model>;
using Models = ::testing::Types<Vptxalu_simd, Vptxalu_simd_netlist>;
TYPED_TEST_SUITE(SimdUnit, Models, video_tb::ModelNames);

// A word of `op` with the front end's defaults: asel .b3210/.h10, bsel .b7654/.h32, all lanes.
Ctrl simd_ctrl(Pkg::op_e op, bool dsigned, bool asigned, bool bsigned, bool x4) {
  Ctrl c;
  c.op = op;
  c.dsigned = dsigned;
  c.asigned = asigned;
  c.bsigned = bsigned;
  c.asel = x4 ? ptxalu::make_sel(3, 2, 1, 0) : ptxalu::make_sel(0, 0, 1, 0);
  c.bsel = x4 ? ptxalu::make_sel(7, 6, 5, 4) : ptxalu::make_sel(0, 0, 3, 2);
  c.mask = x4 ? 0xf : 0x3;
  return c;
}

// ------------------------------------------------------------------------------------------
// Hand-worked cases: expected values computed by hand from the spec, checked against both the
// RTL and the model.
// ------------------------------------------------------------------------------------------

using video_tb::HandCase;

TYPED_TEST(SimdUnit, HandWorkedCases) {
  std::vector<HandCase> cases;
  {
    // vadd4.s32.s32.u32.sat (the spec's example form). Lanes 3..0:
    // 127+1=128->127, -128+255=127, -1+2=1, 1+128=129->127.
    Ctrl c = simd_ctrl(Pkg::OpVadd4, true, true, false, true);
    c.sat = true;
    cases.push_back({"vadd4.s32.s32.u32.sat", c, {0x7f80ff01, 0x01ff0280, 0xdeadbeef},
                     0x7f7f017f});
  }
  {
    // §2 vavrg4.s32.s32.s32: s=1 -> 1, s=3 -> 2, s=-3 -> -2, s=-1 -> -1.
    Ctrl c = simd_ctrl(Pkg::OpVavrg4, true, true, true, true);
    cases.push_back({"vavrg4 rounding (§2)", c, {0x0001feff, 0x0102ff00, 0}, 0x0102feff});
  }
  {
    // §3 vsub4.u32.u32.u32.add d.b0: t0 = 0 - 5 = -5 subtracts even under .u32: 100 - 5 = 95.
    Ctrl c = simd_ctrl(Pkg::OpVsub4, false, false, false, true);
    c.secop = Pkg::SecAdd;
    c.mask = 0x1;
    cases.push_back({"vsub4.add negative lane (§3)", c, {0x11223300, 0x44556605, 100}, 95});
  }
  {
    // §3 vabsdiff4.u32.u32.u32.add: 4 * 255 + 0xffffffff = 1019 mod 2^32.
    Ctrl c = simd_ctrl(Pkg::OpVabsdiff4, false, false, false, true);
    c.secop = Pkg::SecAdd;
    cases.push_back({"vabsdiff4.add wraps mod 2^32 (§3)", c,
                     {0xff00ff00, 0x00ff00ff, 0xffffffff}, 0x3fb});
  }
  {
    // §1 vset4.u32.u32.lt d.b0: lane 0 is 1 < 2 = 1; lanes 3..1 come from c, not b.
    Ctrl c = simd_ctrl(Pkg::OpVset4, false, false, false, true);
    c.cmp = Pkg::CmpLt;
    c.mask = 0x1;
    cases.push_back({"vset4 merges from c (§1)", c, {0x00000001, 0x99887702, 0xaabbccdd},
                     0xaabbcc01});
  }
  {
    // vsub2.s32.s32.s32.sat r1.h0, r2.h10, r3.h32, r1: lane 0 = -32768 - 1 -> -32768 (0x8000),
    // lane 1 masked off: c's high half.
    Ctrl c = simd_ctrl(Pkg::OpVsub2, true, true, true, false);
    c.sat = true;
    c.mask = 0x1;
    cases.push_back({"vsub2.sat d.h0", c, {0x00008000, 0x12340001, 0xcafebabe}, 0xcafe8000});
  }
  {
    // vmin2.s32.u32.u32.add r1.h10, r2.h00, r3.h22, r1: both lanes min(a.h0=5, b.h0=3) = 3;
    // 10 + 3 + 3.
    Ctrl c = simd_ctrl(Pkg::OpVmin2, true, false, false, false);
    c.asel = ptxalu::make_sel(0, 0, 0, 0);
    c.bsel = ptxalu::make_sel(0, 0, 2, 2);
    c.secop = Pkg::SecAdd;
    cases.push_back({"vmin2.add .h00/.h22", c, {0x77770005, 0x88880003, 10}, 16});
  }
  {
    // §4 vsub4.u32.u32.u32.sat: negative results clamp to 0. Lanes 3..0: 0-0, 0x10-0x20,
    // 0-1, 0xff-1.
    Ctrl c = simd_ctrl(Pkg::OpVsub4, false, false, false, true);
    c.sat = true;
    cases.push_back({"vsub4.u32.sat clamps at 0 (§4)", c, {0x001000ff, 0x00200101, 0},
                     0x000000fe});
  }
  {
    // Operand pool: asel .b7654 takes b's bytes for a, bsel .b0000 broadcasts a's byte 0.
    Ctrl c = simd_ctrl(Pkg::OpVadd4, false, false, false, true);
    c.asel = ptxalu::make_sel(7, 6, 5, 4);
    c.bsel = ptxalu::make_sel(0, 0, 0, 0);
    cases.push_back({"vadd4 pool .b7654/.b0000", c, {0x04030201, 0x40302010, 0}, 0x41312111});
  }
  {
    // vavrg2.u32.u32.u32 at the top of the range: (65535 + 65535 + 1) >> 1 = 65535 (no wrap
    // inside the lane), and (0 + 1 + 1) >> 1 = 1.
    Ctrl c = simd_ctrl(Pkg::OpVavrg2, false, false, false, false);
    cases.push_back({"vavrg2 u16 extremes", c, {0x0000ffff, 0x0001ffff, 0}, 0x0001ffff});
  }
  {
    // vmax2.u32.s32.u32.add: lane 0 = max(a.h0 = -1, b.h0 = 0) = 0;
    // lane 1 = max(-32768, 0x8000 = 32768) = 32768. d = 1 + 0 + 32768.
    Ctrl c = simd_ctrl(Pkg::OpVmax2, false, true, false, false);
    c.secop = Pkg::SecAdd;
    cases.push_back({"vmax2 mixed signs .add", c, {0x8000ffff, 0x80000000, 1}, 0x8001});
  }

  {
    // §3 with a half lane: vsub2.u32.u32.u32.add d.h0, t0 = 0 - 65535 subtracts from c:
    // 0x10000 - 0xffff = 1.
    Ctrl c = simd_ctrl(Pkg::OpVsub2, false, false, false, false);
    c.secop = Pkg::SecAdd;
    c.mask = 0x1;
    cases.push_back({"vsub2.add negative half lane (§3)", c, {0x12340000, 0x5678ffff, 0x10000},
                     1});
  }

  for (const HandCase& hc : cases) {
    SCOPED_TRACE(hc.what);
    ASSERT_TRUE(ptxalu::is_legal(hc.ctrl)) << describe(hc.ctrl);
    EXPECT_EQ(this->run(hc.ctrl, hc.ops), hc.expected) << "unit, " << describe(hc.ctrl);
    EXPECT_EQ(ptxalu::execute(hc.ctrl, hc.ops), hc.expected) << "model, " << describe(hc.ctrl);
  }
}

// ------------------------------------------------------------------------------------------
// Random legal words
// ------------------------------------------------------------------------------------------

TYPED_TEST(SimdUnit, RandomLegalWordsMatchModel) {
  video_tb::Rng rng(video_tb::test_seed());
  const unsigned count = video_tb::iterations(400000);
  for (unsigned i = 0; i < count; ++i) {
    const bool x4 = rng.coin();
    const Pkg::op_e op = x4 ? video_tb::kSimdX4Ops[rng.below(7)]
                            : video_tb::kSimdX2Ops[rng.below(7)];
    const Ctrl c = video_tb::random_simd_ctrl(rng, op, x4);
    const Operands o{video_tb::corner_word(rng), video_tb::corner_word(rng),
                     video_tb::corner_word(rng), 0};
    ASSERT_TRUE(this->matches_model(c, o)) << "iteration " << i;
  }
}

// ------------------------------------------------------------------------------------------
// Exhaustive 8-bit lane
// ------------------------------------------------------------------------------------------

// Each vector carries four (a byte, b byte) pairs, one per lane, with the default selectors
// (lane i <- a byte i, b byte i); the lane a pair lands in rotates so every lane sees every
// residue of the pair index. 65536 pairs = 16384 vectors per configuration.
TYPED_TEST(SimdUnit, ExhaustiveByteLaneSweep) {
  video_tb::Rng rng(video_tb::test_seed());  // only c's value is random
  const auto start = std::chrono::steady_clock::now();
  uint64_t vectors = 0;
  unsigned configs = 0;

  auto sweep = [&](const Ctrl& c) {
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
      const uint32_t unit = this->run(c, o);
      const uint64_t model = ptxalu::execute(c, o);
      if (unit != model) {
        FAIL() << describe(c) << " " << describe(o) << std::hex << ": unit=0x" << unit
               << " model=0x" << model;
      }
    }
  };

  for (const Pkg::op_e op : video_tb::kSimdX4Ops) {
    for (unsigned types = 0; types < 8; ++types) {
      const bool dsigned = (types & 4) != 0;
      const bool asigned = (types & 2) != 0;
      const bool bsigned = (types & 1) != 0;
      if (video_tb::is_vset(op)) {
        if (dsigned) continue;  // vset has no dtype (§7)
        for (const Pkg::cmp_e cmp : video_tb::kCmps) {
          for (const bool accumulate : {false, true}) {
            Ctrl c = simd_ctrl(op, false, asigned, bsigned, true);
            c.cmp = cmp;
            c.secop = accumulate ? Pkg::SecAdd : Pkg::SecNone;
            ASSERT_TRUE(ptxalu::is_legal(c)) << describe(c);
            sweep(c);
            if (::testing::Test::HasFatalFailure()) return;
          }
        }
        continue;
      }
      // Merge without and with sat, then accumulate (sat is illegal with .add, §5).
      for (unsigned mode = 0; mode < 3; ++mode) {
        Ctrl c = simd_ctrl(op, dsigned, asigned, bsigned, true);
        c.sat = mode == 1;
        c.secop = mode == 2 ? Pkg::SecAdd : Pkg::SecNone;
        ASSERT_TRUE(ptxalu::is_legal(c)) << describe(c);
        sweep(c);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Informational only (never asserted): the sweep's size and cost.
  std::printf("byte-lane sweep: %u configurations, %llu vectors (%llu lane pairs), %.2f s\n",
              configs, static_cast<unsigned long long>(vectors),
              static_cast<unsigned long long>(4 * vectors), seconds);
  EXPECT_EQ(configs, 6u * 8u * 3u + 6u * 4u * 2u);
}

}  // namespace
