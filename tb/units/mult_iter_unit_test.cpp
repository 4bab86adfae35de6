// ptxalu_mult_iter (the small configuration's iterative 65x65 multiplier) through its
// valid/ready ports: the exact 130-bit signed product of corner and random operands of every
// digit count k (operands sign-extended from 17, 33, 49 or 65 bits, mixed), the documented
// latency (k+1)^2 + 2*(4-k) + 1 cycles, the output held under back-pressure, and reset mid-operation.
// The reference is three-limb integer arithmetic written here, not the RTL's algorithm.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>

#include "unit_kit.hpp"
#include "unit_models.hpp"
#include "verilated.h"
#include "verilated_clock.hpp"

namespace ptxalu::tb {
namespace {

// A 65-bit two's complement operand: the low 64 bits and the sign (bit 64).
struct Op65 {
  uint64_t lo;
  bool neg;
};

// The fewest 16-bit digits k (1..4) whose k*16 + 1 bits sign-extend to x.
unsigned digits_of(const Op65& x) {
  for (unsigned k = 1; k < 4; ++k) {
    const uint64_t top = x.lo >> (16 * k);
    const uint64_t ones = ~uint64_t{0} >> (16 * k);
    if ((!x.neg && top == 0) || (x.neg && top == ones)) return k;
  }
  return 4;
}

// The exact product as three 64-bit limbs of its two's complement (bits 129..0 are the RTL's).
// a = a.lo - a.neg 2^64, so a*b = a.lo b.lo - (a.neg b.lo + b.neg a.lo) 2^64 + a.neg b.neg 2^128.
std::array<uint64_t, 3> product(const Op65& a, const Op65& b) {
  using u128 = unsigned __int128;
  using i128 = __int128;
  const u128 low = static_cast<u128>(a.lo) * b.lo;
  const i128 cross = -(static_cast<i128>(a.neg ? b.lo : 0) + static_cast<i128>(b.neg ? a.lo : 0));
  const i128 mid = static_cast<i128>(static_cast<uint64_t>(low >> 64)) + cross;
  const uint64_t limb2 = static_cast<uint64_t>(mid >> 64) + ((a.neg && b.neg) ? 1 : 0);
  return {static_cast<uint64_t>(low), static_cast<uint64_t>(mid), limb2};
}

template <typename Dut>
class MultIter : public ::testing::Test {
 protected:
  void SetUp() override {
    dut_.in_valid_i = 0;
    dut_.out_ready_i = 0;
    verilated::reset(dut_, 2);
  }

  void drive(const Op65& a, const Op65& b) {
    dut_.a_i[0] = static_cast<uint32_t>(a.lo);
    dut_.a_i[1] = static_cast<uint32_t>(a.lo >> 32);
    dut_.a_i[2] = a.neg ? 1u : 0u;
    dut_.b_i[0] = static_cast<uint32_t>(b.lo);
    dut_.b_i[1] = static_cast<uint32_t>(b.lo >> 32);
    dut_.b_i[2] = b.neg ? 1u : 0u;
  }

  std::array<uint64_t, 3> got() {
    const auto w = [&](unsigned i) { return static_cast<uint64_t>(dut_.product_o[i]); };
    return {w(0) | (w(1) << 32), w(2) | (w(3) << 32), w(4) & 3u};
  }

  // One operation: accept, count the cycles to out_valid_o, check the product, hold it for
  // `stall` cycles with out_ready_i low, then take it. Returns the latency.
  unsigned run(const Op65& a, const Op65& b, unsigned stall) {
    drive(a, b);
    dut_.in_valid_i = 1;
    dut_.out_ready_i = 0;
    verilated::settle(dut_);
    EXPECT_TRUE(dut_.in_ready_o) << "not idle before an operation";
    verilated::rising_edge(dut_);
    dut_.in_valid_i = 0;  // operands held, as the top holds its issue register
    unsigned latency = 1;
    for (;; ++latency) {
      verilated::settle(dut_);
      if (dut_.out_valid_o) break;
      EXPECT_FALSE(dut_.in_ready_o) << "ready while busy";
      if (latency > 40) {
        ADD_FAILURE() << "no answer after 40 cycles";
        return latency;
      }
      verilated::rising_edge(dut_);
    }
    auto want = product(a, b);
    want[2] &= 3u;
    const auto have = got();
    EXPECT_EQ(have, want) << "a=" << (a.neg ? "-:" : "+:") << hex(a.lo)
                          << " b=" << (b.neg ? "-:" : "+:") << hex(b.lo) << " got "
                          << hex(have[2]) << ":" << hex(have[1]) << ":" << hex(have[0]);
    for (unsigned s = 0; s < stall; ++s) {
      verilated::rising_edge(dut_);
      verilated::settle(dut_);
      EXPECT_TRUE(dut_.out_valid_o) << "answer dropped while stalled";
      EXPECT_EQ(got(), have) << "answer changed while stalled";
    }
    dut_.out_ready_i = 1;
    verilated::rising_edge(dut_);
    dut_.out_ready_i = 0;
    return latency;
  }

  static unsigned expected_latency(const Op65& a, const Op65& b) {
    const unsigned k = std::max(digits_of(a), digits_of(b));
    return (k + 1) * (k + 1) + 2 * (4 - k) + 1;
  }

  VerilatedContext ctx_;
  Dut dut_{&ctx_};
};

TYPED_TEST_SUITE(MultIter, UnitModels, ModelNames);

// Sign-extends the low `bits` bits of v to a 65-bit operand.
Op65 sext(uint64_t v, unsigned bits) {
  if (bits >= 65) return {v, false};
  const bool neg = ((v >> (bits - 1)) & 1) != 0;
  const uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  return {neg ? (v | ~mask) : (v & mask), neg};
}

TYPED_TEST(MultIter, Corners) {
  const std::array<Op65, 12> corners = {{
      {0, false}, {1, false}, {~uint64_t{0}, true},                 // 0, 1, -1
      {0, true},                                                     // -2^64
      {~uint64_t{0}, false},                                         // 2^64 - 1
      {0x8000'0000'0000'0000u, false}, {0x8000'0000'0000'0000u, true},
      {0xffff, false}, {0x1'0000, false}, {~uint64_t{0} << 16, true},  // around k = 1
      {0xffff'ffff, false}, {0x7fff'ffff'ffff'ffffu, false},
  }};
  for (const auto& a : corners) {
    for (const auto& b : corners) {
      EXPECT_EQ(this->run(a, b, 0), this->expected_latency(a, b));
    }
  }
}

TYPED_TEST(MultIter, RandomEveryDigitCount) {
  Rng rng(test_seed());
  const unsigned bits[] = {17, 33, 49, 65};
  const unsigned n = iterations(4000);
  for (unsigned i = 0; i < n; ++i) {
    const Op65 a = sext(rng.u64(), rng.pick(bits));
    Op65 b = sext(rng.u64(), rng.pick(bits));
    if (rng.one_in(8)) b.neg = !b.neg;  // not a sign extension of the low 64: k = 4
    const unsigned latency = this->run(a, b, rng.one_in(4) ? rng.below(3) + 1 : 0);
    ASSERT_EQ(latency, this->expected_latency(a, b));
    if (this->HasFailure()) return;
  }
}

TYPED_TEST(MultIter, ResetMidOperation) {
  this->drive({~uint64_t{0}, true}, {12345, false});
  this->dut_.in_valid_i = 1;
  verilated::cycle(this->dut_);
  this->dut_.in_valid_i = 0;
  for (int i = 0; i < 3; ++i) verilated::cycle(this->dut_);
  verilated::reset(this->dut_, 1);
  verilated::settle(this->dut_);
  EXPECT_TRUE(this->dut_.in_ready_o);
  EXPECT_FALSE(this->dut_.out_valid_o);
  EXPECT_EQ(this->run({0x1234'5678'9abc'def0u, false}, {0xfedc'ba98'7654'3210u, true}, 1), 26u);
}

}  // namespace
}  // namespace ptxalu::tb
