// ptxalu_bitmanip (popc, clz, bfind, fns, brev, bfe, bfi, bmsk, szext) against the golden
// model: the spec's own examples and hand-worked edge cases (fns base > 31 §18, offset 0,
// negative offsets; bfe/bfi pos and len & 0xff §17, fields past the msb; bmsk/szext clamp and
// wrap), sweeps of the small position/length/offset spaces, every form with all pairs of
// corner operands, then seeded random legal words.
//
// Built with PTXALU_BITMANIP_SMALL for the small configuration's bit-serial unit
// (ptxalu_bitmanip_small, driven through its handshake by the fixture), with its latency, hold
// and reset tests.
#include <gtest/gtest.h>

#include <string>

#include "unit_fixture.hpp"
#include "unit_models.hpp"

namespace ptxalu::tb {
namespace {

PTXALU_UNIT_SUITE(Bitmanip);

#ifdef PTXALU_BITMANIP_SMALL
constexpr bool kSequential = true;
#else
constexpr bool kSequential = false;
#endif

constexpr uint64_t kNotFound = 0xffffffff;

TYPED_TEST(Bitmanip, PopcClzBfindBrev) {
  this->check_ptx({
      {"popc.b64 d, a;", {~0ull}, 64},
      {"popc.b32 d, a;", {0xffffffff00000001ull}, 1},
      {"popc.b32 d, a;", {0}, 0},
      {"clz.b32 d, a;", {0}, 32},
      {"clz.b64 d, a;", {0}, 64},
      {"clz.b32 d, a;", {0x100000000ull}, 32},
      {"clz.b64 d, a;", {1}, 63},
      {"clz.b32 d, a;", {0x80000000}, 0},
      {"bfind.u32 d, a;", {0}, kNotFound},
      {"bfind.u32 d, a;", {0x00010000}, 16},
      {"bfind.s32 d, a;", {0xffffffff}, kNotFound},
      {"bfind.s32 d, a;", {0x80000000}, 30},
      {"bfind.s32 d, a;", {0x7fffffff}, 30},
      {"bfind.u64 d, a;", {0x8000000000000000ull}, 63},
      {"bfind.shiftamt.u64 d, a;", {1}, 63},
      {"bfind.shiftamt.u32 d, a;", {0x00010000}, 15},
      {"bfind.shiftamt.s64 d, a;", {~0ull}, kNotFound},
      {"bfind.shiftamt.s64 d, a;", {0xfffffffffffffffeull}, 63},
      {"brev.b32 d, a;", {1}, 0x80000000},
      {"brev.b32 d, a;", {0x1234567800000000ull}, 0},
      {"brev.b64 d, a;", {1}, 0x8000000000000000ull},
      {"brev.b64 d, a;", {0x00000000f0000001ull}, 0x8000000f00000000ull},
  });
}

TYPED_TEST(Bitmanip, Fns) {
  this->check_ptx({
      // the spec's examples
      {"fns.b32 d, a, b, c;", {0xaaaaaaaa, 3, 1}, 3},
      {"fns.b32 d, a, b, c;", {0xaaaaaaaa, 3, 0xffffffff}, 3},
      {"fns.b32 d, a, b, c;", {0xaaaaaaaa, 2, 1}, 3},
      {"fns.b32 d, a, b, c;", {0xaaaaaaaa, 2, 0xffffffff}, 1},
      // offset 0: only bit base
      {"fns.b32 d, a, b, c;", {0xaaaaaaaa, 3, 0}, 3},
      {"fns.b32 d, a, b, c;", {0xaaaaaaaa, 2, 0}, kNotFound},
      // counting up and down through all 32 bits
      {"fns.b32 d, a, b, c;", {0xffffffff, 0, 32}, 31},
      {"fns.b32 d, a, b, c;", {0xffffffff, 0, 33}, kNotFound},
      {"fns.b32 d, a, b, c;", {0xffffffff, 31, 0xffffffe0}, 0},  // offset -32
      {"fns.b32 d, a, b, c;", {0xffffffff, 31, 0xffffffdf}, kNotFound},  // offset -33
      {"fns.b32 d, a, b, c;", {0xffffffff, 5, 0x80000000}, kNotFound},  // offset INT_MIN
      {"fns.b32 d, a, b, c;", {0xffffffff, 5, 0x7fffffff}, kNotFound},
      {"fns.b32 d, a, b, c;", {0x80000001, 0, 2}, 31},
      {"fns.b32 d, a, b, c;", {0x80000001, 31, 0xfffffffe}, 0},  // offset -2
      // base > 31 as an unsigned value (§18)
      {"fns.b32 d, a, b, c;", {0xffffffff, 32, 1}, kNotFound},
      {"fns.b32 d, a, b, c;", {0xffffffff, 32, 0xffffffff}, kNotFound},
      {"fns.b32 d, a, b, c;", {0xffffffff, 0xffffffff, 0}, kNotFound},
      {"fns.b32 d, a, b, c;", {0xffffffff, 0x100000000ull, 1}, 0},  // bits above 32 of base are not read
  });
}

TYPED_TEST(Bitmanip, BfeBfi) {
  this->check_ptx({
      {"bfe.u32 d, a, b, c;", {0x12345678, 8, 8}, 0x56},
      {"bfe.b32 d, a, b, c;", {0x12345678, 8, 8}, 0x56},
      {"bfe.s32 d, a, b, c;", {0x0000f000, 12, 4}, 0xffffffff},
      {"bfe.u32 d, a, b, c;", {0x0000f000, 12, 4}, 0xf},
      // field runs past bit 31: bits 31..28 = 1000, sign a[31]
      {"bfe.s32 d, a, b, c;", {0x80000000, 28, 8}, 0xfffffff8},
      {"bfe.u32 d, a, b, c;", {0x80000000, 28, 8}, 0x8},
      // start past the msb: the sign bit a[msb] everywhere
      {"bfe.s32 d, a, b, c;", {0x80000000, 40, 5}, 0xffffffff},
      {"bfe.s64 d, a, b, c;", {0x8000000000000000ull, 64, 1}, ~0ull},
      {"bfe.u64 d, a, b, c;", {0x8000000000000000ull, 64, 1}, 0},
      // len 0: 0 whatever the sign
      {"bfe.s32 d, a, b, c;", {0xffffffff, 0, 0}, 0},
      // pos and len & 0xff (§17): pos 0x100 -> 0, len 0x108 -> 8
      {"bfe.u64 d, a, b, c;", {0xab, 0x100, 0x108}, 0xab},
      {"bfe.s64 d, a, b, c;", {0xab, 0x100, 0x108}, 0xffffffffffffffabull},
      // len past the msb: the whole rest of a
      {"bfe.s64 d, a, b, c;", {0xf000000000000000ull, 60, 255}, ~0ull},
      {"bfe.b64 d, a, b, c;", {0xf000000000000000ull, 60, 255}, 0xf},
      // bits 30..0 of a, then the field's sign a[30] in bit 31
      {"bfe.s32 d, a, b, c;", {0x40000000, 0, 31}, 0xc0000000},
      {"bfe.s32 d, a, b, c;", {0x40000000, 0, 30}, 0},
      {"bfi.b32 f, a, b, c, d;", {0xff, 0x12345678, 4, 8}, 0x12345ff8},
      {"bfi.b32 f, a, b, c, d;", {0xff, 0x12345678, 0x104, 0x208}, 0x12345ff8},
      {"bfi.b32 f, a, b, c, d;", {0xff, 0x12345678, 32, 8}, 0x12345678},
      {"bfi.b32 f, a, b, c, d;", {0xff, 0x12345678, 4, 0}, 0x12345678},
      {"bfi.b32 f, a, b, c, d;", {~0ull, 0, 30, 8}, 0xc0000000},
      {"bfi.b64 f, a, b, c, d;", {~0ull, 0, 60, 8}, 0xf000000000000000ull},
      {"bfi.b64 f, a, b, c, d;", {0, ~0ull, 0, 255}, 0},
  });
}

TYPED_TEST(Bitmanip, BmskSzext) {
  this->check_ptx({
      {"bmsk.wrap.b32 d, a, b;", {1, 2}, 0x6},  // the spec's example
      {"bmsk.clamp.b32 d, a, b;", {1, 2}, 0x6},
      {"bmsk.clamp.b32 d, a, b;", {32, 1}, 0},
      {"bmsk.wrap.b32 d, a, b;", {32, 1}, 0x1},
      {"bmsk.clamp.b32 d, a, b;", {0, 32}, 0xffffffff},
      {"bmsk.wrap.b32 d, a, b;", {0, 32}, 0},
      {"bmsk.clamp.b32 d, a, b;", {30, 5}, 0xc0000000},
      {"bmsk.wrap.b32 d, a, b;", {30, 5}, 0xc0000000},
      {"bmsk.clamp.b32 d, a, b;", {4, 0}, 0},
      {"bmsk.clamp.b32 d, a, b;", {0, 31}, 0x7fffffff},
      {"szext.wrap.u32 d, a, b;", {0xffffffff, 0}, 0},  // the spec's example
      {"szext.clamp.s32 d, a, b;", {0x80, 8}, 0xffffff80},
      {"szext.clamp.u32 d, a, b;", {0x80, 8}, 0x80},
      {"szext.clamp.s32 d, a, b;", {0x12345678, 40}, 0x12345678},
      {"szext.wrap.s32 d, a, b;", {0x80, 40}, 0xffffff80},
      {"szext.clamp.u32 d, a, b;", {0xffffffff, 4}, 0xf},
      {"szext.clamp.s32 d, a, b;", {0xffffffff, 0}, 0},
      {"szext.clamp.s32 d, a, b;", {0x7fffffff, 31}, 0xffffffff},
      {"szext.clamp.s32 d, a, b;", {0x80000000, 32}, 0x80000000},
      {"szext.wrap.s32 d, a, b;", {0x80000000, 32}, 0},
  });
}

// Every position/length/offset in and around the interesting range, against the model.
TYPED_TEST(Bitmanip, SmallOperandSweeps) {
  const uint64_t values[] = {0, ~0ull, 0x8000000000000000ull, 0x5a5aa5a5c3c33c3cull,
                             0x0000000080000001ull, 0x7fffffffffffffffull};
  unsigned failures = 0;
  auto check = [&](const Ctrl& c, const Operands& o) { this->check_vector(c, o, &failures); };
  for (const std::string type : {"u32", "u64", "s32", "s64", "b32", "b64"}) {
    const Ctrl bfe = ptx("bfe." + type + " d, a, b, c;");
    const bool bits = type[0] == 'b';
    const Ctrl bfi = bits ? ptx("bfi." + type + " f, a, b, c, d;") : Ctrl{};
    for (uint64_t a : values) {
      for (uint64_t pos = 0; pos < 260; pos += (pos < 70 ? 1 : 61)) {
        for (uint64_t len = 0; len < 260; len += (len < 70 ? 1 : 61)) {
          check(bfe, {a, pos, len});
          if (bits) check(bfi, {a, ~a ^ 0x0123456789abcdefull, pos, len});
        }
      }
    }
  }
  const uint64_t masks[] = {0xffffffff, 0xaaaaaaaa, 0x80000001, 0x00010000, 0};
  const Ctrl fns = ptx("fns.b32 d, a, b, c;");
  for (uint64_t mask : masks) {
    for (uint64_t base = 0; base < 34; ++base) {
      for (int offset = -34; offset <= 34; ++offset) {
        check(fns, {mask, base, static_cast<uint32_t>(offset)});
      }
    }
  }
  for (const std::string mode : {"clamp", "wrap"}) {
    const Ctrl bmsk = ptx("bmsk." + mode + ".b32 d, a, b;");
    const Ctrl szext_s = ptx("szext." + mode + ".s32 d, a, b;");
    const Ctrl szext_u = ptx("szext." + mode + ".u32 d, a, b;");
    for (uint64_t a = 0; a < 70; ++a) {
      for (uint64_t b = 0; b < 70; ++b) {
        check(bmsk, {a, b});
        check(szext_s, {0x5a5aa5a5c3c3bc3cull, b});
        check(szext_u, {0xffffffffffffffffull, b});
      }
    }
  }
}

PTXALU_UNIT_MODEL_TESTS(Bitmanip, "bitmanip", kSequential ? 5000 : 50000)

#ifdef PTXALU_BITMANIP_SMALL
// The bit-serial unit's latency, w + 1 cycles from the accepting edge whatever the operands
// (33 for the 32-bit types, fns, bmsk and szext; 65 for the 64-bit types), as ptxalu_top's
// small configuration and syn/README.md count it.
TYPED_TEST(Bitmanip, LatencyIsWidthPlusOne) {
  Rng rng(test_seed());
  for (Op op : ops_of_unit("bitmanip")) {
    for (const Ctrl& c : isa::forms(op)) {
      const bool w64 = c.itype == Pkg::ItU64 || c.itype == Pkg::ItS64 || c.itype == Pkg::ItB64;
      for (int k = 0; k < 4; ++k) {
        EXPECT_TRUE(this->matches_model(c, random_operands(rng, c)));
        EXPECT_EQ(this->last_latency_, w64 ? 65u : 33u) << describe(c);
      }
    }
  }
}

// The answer holds while out_ready_i is low, and a reset mid-operation returns the unit to
// idle with nothing to answer.
TYPED_TEST(Bitmanip, HoldAndResetMidOperation) {
  const Ctrl brev = ptx("brev.b64 d, a;");
  ASSERT_EQ(this->run(brev, {0x1, 0, 0, 0}), 0x8000000000000000ull);
  this->dut_.in_valid_i = 1;
  for (int i = 0; i < 10; ++i) verilated::cycle(this->dut_);
  this->dut_.in_valid_i = 0;
  verilated::reset(this->dut_, 1);
  verilated::settle(this->dut_);
  EXPECT_TRUE(this->dut_.in_ready_o);
  EXPECT_FALSE(this->dut_.out_valid_o);
  this->dut_.a_i = 0x3;
  this->dut_.in_valid_i = 1;
  verilated::cycle(this->dut_);
  this->dut_.in_valid_i = 0;
  for (int i = 0; i < 64; ++i) verilated::cycle(this->dut_);
  for (int i = 0; i < 5; ++i) {
    verilated::settle(this->dut_);
    EXPECT_TRUE(this->dut_.out_valid_o);
    EXPECT_FALSE(this->dut_.in_ready_o);
    EXPECT_EQ(this->dut_.result_o, 0xc000000000000000ull);
    verilated::rising_edge(this->dut_);
  }
  this->dut_.out_ready_i = 1;
  verilated::cycle(this->dut_);
  this->dut_.out_ready_i = 0;
  verilated::settle(this->dut_);
  EXPECT_TRUE(this->dut_.in_ready_o);
  EXPECT_FALSE(this->dut_.out_valid_o);
}
#endif

}  // namespace
}  // namespace ptxalu::tb
