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

PTXALU_UNIT_HAND_CASES(Bitmanip)

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
  this->check_hold_and_reset(ptx("brev.b64 d, a;"), {0x1, 0, 0, 0}, 0x8000000000000000ull, 10,
                             {0x3, 0, 0, 0}, 65, 0xc000000000000000ull);
}
#endif

}  // namespace
}  // namespace ptxalu::tb
