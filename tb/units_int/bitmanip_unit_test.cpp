// ptxalu_bitmanip (popc, clz, bfind, fns, brev, bfe, bfi, bmsk, szext) against the golden
// model: the spec's own examples and hand-worked edge cases (fns base > 31 §18, offset 0,
// negative offsets; bfe/bfi pos and len & 0xff §17, fields past the msb; bmsk/szext clamp and
// wrap), sweeps of the small position/length/offset spaces, then seeded random legal words.
#include <gtest/gtest.h>

#include "comb_unit.hpp"
#ifdef PTXALU_BITMANIP_SMALL
#include "Vptxalu_bitmanip_small.h"
#else
#include "Vptxalu_bitmanip.h"
#endif

namespace {

using int_tb::HandCase;
using int_tb::make;
using ptxalu::Ctrl;
using ptxalu::Operands;
using ptxalu::Pkg;

#ifdef PTXALU_BITMANIP_SMALL
// The small configuration's bit-serial unit (bitmanip_small_unit_test.cpp builds this file so).
using Bitmanip = int_tb::CombUnit<Vptxalu_bitmanip_small>;
constexpr bool kSequential = true;
#else
using Bitmanip = int_tb::CombUnit<Vptxalu_bitmanip>;
constexpr bool kSequential = false;
#endif

constexpr uint64_t kNotFound = 0xffffffff;

Ctrl with_wrap(Ctrl c, bool wrap) {
  c.wrap = wrap;
  return c;
}
Ctrl shiftamt(Ctrl c) {
  c.shiftamt = true;
  return c;
}

TEST_F(Bitmanip, PopcClzBfindBrev) {
  check_hand_cases({
      {make(Pkg::OpPopc, Pkg::ItB64), {~0ull}, 64},
      {make(Pkg::OpPopc, Pkg::ItB32), {0xffffffff00000001ull}, 1},
      {make(Pkg::OpPopc, Pkg::ItB32), {0}, 0},
      {make(Pkg::OpClz, Pkg::ItB32), {0}, 32},
      {make(Pkg::OpClz, Pkg::ItB64), {0}, 64},
      {make(Pkg::OpClz, Pkg::ItB32), {0x100000000ull}, 32},
      {make(Pkg::OpClz, Pkg::ItB64), {1}, 63},
      {make(Pkg::OpClz, Pkg::ItB32), {0x80000000}, 0},
      {make(Pkg::OpBfind, Pkg::ItU32), {0}, kNotFound},
      {make(Pkg::OpBfind, Pkg::ItU32), {0x00010000}, 16},
      {make(Pkg::OpBfind, Pkg::ItS32), {0xffffffff}, kNotFound},
      {make(Pkg::OpBfind, Pkg::ItS32), {0x80000000}, 30},
      {make(Pkg::OpBfind, Pkg::ItS32), {0x7fffffff}, 30},
      {make(Pkg::OpBfind, Pkg::ItU64), {0x8000000000000000ull}, 63},
      {shiftamt(make(Pkg::OpBfind, Pkg::ItU64)), {1}, 63},
      {shiftamt(make(Pkg::OpBfind, Pkg::ItU32)), {0x00010000}, 15},
      {shiftamt(make(Pkg::OpBfind, Pkg::ItS64)), {~0ull}, kNotFound},
      {shiftamt(make(Pkg::OpBfind, Pkg::ItS64)), {0xfffffffffffffffeull}, 63},
      {make(Pkg::OpBrev, Pkg::ItB32), {1}, 0x80000000},
      {make(Pkg::OpBrev, Pkg::ItB32), {0x1234567800000000ull}, 0},
      {make(Pkg::OpBrev, Pkg::ItB64), {1}, 0x8000000000000000ull},
      {make(Pkg::OpBrev, Pkg::ItB64), {0x00000000f0000001ull}, 0x8000000f00000000ull},
  });
}

TEST_F(Bitmanip, Fns) {
  const Ctrl fns = make(Pkg::OpFns, Pkg::ItB32);
  check_hand_cases({
      // the spec's examples
      {fns, {0xaaaaaaaa, 3, 1}, 3},
      {fns, {0xaaaaaaaa, 3, 0xffffffff}, 3},
      {fns, {0xaaaaaaaa, 2, 1}, 3},
      {fns, {0xaaaaaaaa, 2, 0xffffffff}, 1},
      // offset 0: only bit base
      {fns, {0xaaaaaaaa, 3, 0}, 3},
      {fns, {0xaaaaaaaa, 2, 0}, kNotFound},
      // counting up and down through all 32 bits
      {fns, {0xffffffff, 0, 32}, 31},
      {fns, {0xffffffff, 0, 33}, kNotFound},
      {fns, {0xffffffff, 31, 0xffffffe0}, 0},  // offset -32
      {fns, {0xffffffff, 31, 0xffffffdf}, kNotFound},  // offset -33
      {fns, {0xffffffff, 5, 0x80000000}, kNotFound},  // offset INT_MIN
      {fns, {0xffffffff, 5, 0x7fffffff}, kNotFound},
      {fns, {0x80000001, 0, 2}, 31},
      {fns, {0x80000001, 31, 0xfffffffe}, 0},  // offset -2
      // base > 31 as an unsigned value (§18)
      {fns, {0xffffffff, 32, 1}, kNotFound},
      {fns, {0xffffffff, 32, 0xffffffff}, kNotFound},
      {fns, {0xffffffff, 0xffffffff, 0}, kNotFound},
      {fns, {0xffffffff, 0x100000000ull, 1}, 0},  // bits above 32 of base are not read
  });
}

TEST_F(Bitmanip, BfeBfi) {
  check_hand_cases({
      {make(Pkg::OpBfe, Pkg::ItU32), {0x12345678, 8, 8}, 0x56},
      {make(Pkg::OpBfe, Pkg::ItB32), {0x12345678, 8, 8}, 0x56},
      {make(Pkg::OpBfe, Pkg::ItS32), {0x0000f000, 12, 4}, 0xffffffff},
      {make(Pkg::OpBfe, Pkg::ItU32), {0x0000f000, 12, 4}, 0xf},
      // field runs past bit 31: bits 31..28 = 1000, sign a[31]
      {make(Pkg::OpBfe, Pkg::ItS32), {0x80000000, 28, 8}, 0xfffffff8},
      {make(Pkg::OpBfe, Pkg::ItU32), {0x80000000, 28, 8}, 0x8},
      // start past the msb: the sign bit a[msb] everywhere
      {make(Pkg::OpBfe, Pkg::ItS32), {0x80000000, 40, 5}, 0xffffffff},
      {make(Pkg::OpBfe, Pkg::ItS64), {0x8000000000000000ull, 64, 1}, ~0ull},
      {make(Pkg::OpBfe, Pkg::ItU64), {0x8000000000000000ull, 64, 1}, 0},
      // len 0: 0 whatever the sign
      {make(Pkg::OpBfe, Pkg::ItS32), {0xffffffff, 0, 0}, 0},
      // pos and len & 0xff (§17): pos 0x100 -> 0, len 0x108 -> 8
      {make(Pkg::OpBfe, Pkg::ItU64), {0xab, 0x100, 0x108}, 0xab},
      {make(Pkg::OpBfe, Pkg::ItS64), {0xab, 0x100, 0x108}, 0xffffffffffffffabull},
      // len past the msb: the whole rest of a
      {make(Pkg::OpBfe, Pkg::ItS64), {0xf000000000000000ull, 60, 255}, ~0ull},
      {make(Pkg::OpBfe, Pkg::ItB64), {0xf000000000000000ull, 60, 255}, 0xf},
      // bits 30..0 of a, then the field's sign a[30] in bit 31
      {make(Pkg::OpBfe, Pkg::ItS32), {0x40000000, 0, 31}, 0xc0000000},
      {make(Pkg::OpBfe, Pkg::ItS32), {0x40000000, 0, 30}, 0},
      {make(Pkg::OpBfi, Pkg::ItB32), {0xff, 0x12345678, 4, 8}, 0x12345ff8},
      {make(Pkg::OpBfi, Pkg::ItB32), {0xff, 0x12345678, 0x104, 0x208}, 0x12345ff8},
      {make(Pkg::OpBfi, Pkg::ItB32), {0xff, 0x12345678, 32, 8}, 0x12345678},
      {make(Pkg::OpBfi, Pkg::ItB32), {0xff, 0x12345678, 4, 0}, 0x12345678},
      {make(Pkg::OpBfi, Pkg::ItB32), {~0ull, 0, 30, 8}, 0xc0000000},
      {make(Pkg::OpBfi, Pkg::ItB64), {~0ull, 0, 60, 8}, 0xf000000000000000ull},
      {make(Pkg::OpBfi, Pkg::ItB64), {0, ~0ull, 0, 255}, 0},
  });
}

TEST_F(Bitmanip, BmskSzext) {
  const Ctrl clamp_b = with_wrap(make(Pkg::OpBmsk, Pkg::ItB32), false);
  const Ctrl wrap_b = with_wrap(make(Pkg::OpBmsk, Pkg::ItB32), true);
  const Ctrl clamp_s = with_wrap(make(Pkg::OpSzext, Pkg::ItS32), false);
  const Ctrl wrap_s = with_wrap(make(Pkg::OpSzext, Pkg::ItS32), true);
  const Ctrl clamp_u = with_wrap(make(Pkg::OpSzext, Pkg::ItU32), false);
  const Ctrl wrap_u = with_wrap(make(Pkg::OpSzext, Pkg::ItU32), true);
  check_hand_cases({
      {wrap_b, {1, 2}, 0x6},  // the spec's example
      {clamp_b, {1, 2}, 0x6},
      {clamp_b, {32, 1}, 0},
      {wrap_b, {32, 1}, 0x1},
      {clamp_b, {0, 32}, 0xffffffff},
      {wrap_b, {0, 32}, 0},
      {clamp_b, {30, 5}, 0xc0000000},
      {wrap_b, {30, 5}, 0xc0000000},
      {clamp_b, {4, 0}, 0},
      {clamp_b, {0, 31}, 0x7fffffff},
      {wrap_u, {0xffffffff, 0}, 0},  // the spec's example
      {clamp_s, {0x80, 8}, 0xffffff80},
      {clamp_u, {0x80, 8}, 0x80},
      {clamp_s, {0x12345678, 40}, 0x12345678},
      {wrap_s, {0x80, 40}, 0xffffff80},
      {clamp_u, {0xffffffff, 4}, 0xf},
      {clamp_s, {0xffffffff, 0}, 0},
      {clamp_s, {0x7fffffff, 31}, 0xffffffff},
      {clamp_s, {0x80000000, 32}, 0x80000000},
      {wrap_s, {0x80000000, 32}, 0},
  });
}

// Every position/length/offset in and around the interesting range, against the model.
TEST_F(Bitmanip, SmallOperandSweeps) {
  const uint64_t values[] = {0, ~0ull, 0x8000000000000000ull, 0x5a5aa5a5c3c33c3cull,
                             0x0000000080000001ull, 0x7fffffffffffffffull};
  unsigned failures = 0;
  auto check = [&](const Ctrl& c, const Operands& o) {
    if (failures >= 8) return;
    const auto r = matches_model(c, o);
    if (!r) ++failures;
    EXPECT_TRUE(r);
  };
  const Pkg::itype_e bfe_types[] = {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32,
                                    Pkg::ItS64, Pkg::ItB32, Pkg::ItB64};
  for (Pkg::itype_e t : bfe_types) {
    for (uint64_t a : values) {
      for (uint64_t pos = 0; pos < 260; pos += (pos < 70 ? 1 : 61)) {
        for (uint64_t len = 0; len < 260; len += (len < 70 ? 1 : 61)) {
          check(make(Pkg::OpBfe, t), {a, pos, len});
          if (t == Pkg::ItB32 || t == Pkg::ItB64) {
            check(make(Pkg::OpBfi, t), {a, ~a ^ 0x0123456789abcdefull, pos, len});
          }
        }
      }
    }
  }
  const uint64_t masks[] = {0xffffffff, 0xaaaaaaaa, 0x80000001, 0x00010000, 0};
  for (uint64_t mask : masks) {
    for (uint64_t base = 0; base < 34; ++base) {
      for (int offset = -34; offset <= 34; ++offset) {
        check(make(Pkg::OpFns, Pkg::ItB32), {mask, base, static_cast<uint32_t>(offset)});
      }
    }
  }
  for (bool wrap : {false, true}) {
    for (uint64_t a = 0; a < 70; ++a) {
      for (uint64_t b = 0; b < 70; ++b) {
        check(with_wrap(make(Pkg::OpBmsk, Pkg::ItB32), wrap), {a, b});
        check(with_wrap(make(Pkg::OpSzext, Pkg::ItS32), wrap), {0x5a5aa5a5c3c3bc3cull, b});
        check(with_wrap(make(Pkg::OpSzext, Pkg::ItU32), wrap), {0xffffffffffffffffull, b});
      }
    }
  }
}

TEST_F(Bitmanip, CornerPairs) {
  check_corner_pairs({Pkg::OpPopc, Pkg::OpClz, Pkg::OpBfind, Pkg::OpFns, Pkg::OpBrev,
                      Pkg::OpBfe, Pkg::OpBfi, Pkg::OpBmsk, Pkg::OpSzext});
}

TEST_F(Bitmanip, RandomAgainstModel) {
  check_random({Pkg::OpPopc, Pkg::OpClz, Pkg::OpBfind, Pkg::OpFns, Pkg::OpBrev, Pkg::OpBfe,
                Pkg::OpBfi, Pkg::OpBmsk, Pkg::OpSzext},
               int_tb::iterations(kSequential ? 5000 : 50000));
}

#ifdef PTXALU_BITMANIP_SMALL
// The bit-serial unit's latency, w + 1 cycles from the accepting edge whatever the operands
// (33 for the 32-bit types, fns, bmsk and szext; 65 for the 64-bit types), as ptxalu_top's
// small configuration and syn/README.md count it.
TEST_F(Bitmanip, LatencyIsWidthPlusOne) {
  ptxalu::tb::Rng rng(int_tb::test_seed());
  for (Pkg::op_e op : {Pkg::OpPopc, Pkg::OpClz, Pkg::OpBfind, Pkg::OpFns, Pkg::OpBrev,
                       Pkg::OpBfe, Pkg::OpBfi, Pkg::OpBmsk, Pkg::OpSzext}) {
    for (const Ctrl& c : int_tb::all_ctrls(op)) {
      const bool w64 = c.itype == Pkg::ItU64 || c.itype == Pkg::ItS64 || c.itype == Pkg::ItB64;
      for (int k = 0; k < 4; ++k) {
        EXPECT_TRUE(matches_model(c, int_tb::random_operands(rng, c)));
        EXPECT_EQ(last_latency_, w64 ? 65u : 33u) << int_tb::describe(c);
      }
    }
  }
}

// The answer holds while out_ready_i is low, and a reset mid-operation returns the unit to
// idle with nothing to answer.
TEST_F(Bitmanip, HoldAndResetMidOperation) {
  const Ctrl brev = make(Pkg::OpBrev, Pkg::ItB64);
  ASSERT_EQ(run(brev, {0x1, 0, 0, 0}), 0x8000000000000000ull);
  dut_.in_valid_i = 1;
  for (int i = 0; i < 10; ++i) ptxalu::verilated::cycle(dut_);
  dut_.in_valid_i = 0;
  ptxalu::verilated::reset(dut_, 1);
  ptxalu::verilated::settle(dut_);
  EXPECT_TRUE(dut_.in_ready_o);
  EXPECT_FALSE(dut_.out_valid_o);
  dut_.a_i = 0x3;
  dut_.in_valid_i = 1;
  ptxalu::verilated::cycle(dut_);
  dut_.in_valid_i = 0;
  for (int i = 0; i < 64; ++i) ptxalu::verilated::cycle(dut_);
  for (int i = 0; i < 5; ++i) {
    ptxalu::verilated::settle(dut_);
    EXPECT_TRUE(dut_.out_valid_o);
    EXPECT_FALSE(dut_.in_ready_o);
    EXPECT_EQ(dut_.result_o, 0xc000000000000000ull);
    ptxalu::verilated::rising_edge(dut_);
  }
  dut_.out_ready_i = 1;
  ptxalu::verilated::cycle(dut_);
  dut_.out_ready_i = 0;
  ptxalu::verilated::settle(dut_);
  EXPECT_TRUE(dut_.in_ready_o);
  EXPECT_FALSE(dut_.out_valid_o);
}
#endif

}  // namespace
