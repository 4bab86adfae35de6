// ptxalu_mult_iter (the small configuration's iterative 65x65 multiplier) through its
// valid/ready ports: the exact 130-bit signed product of corner and random operands of every
// digit count k (operands sign-extended from 17, 33, 49 or 65 bits, mixed), the documented
// latency (tb/common/mult_iter_latency.hpp), the output held under back-pressure, reset
// mid-operation;
// the addend (mad's c, vmad's c and negations: (neg ? ~a*b : a*b) + add * 2^(16 shift) + cin,
// modulo 2^130) on random operands with the same latency.
// The reference is product65.hpp's three-limb integer arithmetic, not the RTL's algorithm.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>

#include "../common/mult_iter_latency.hpp"
#include "product65.hpp"
#include "unit_kit.hpp"
#include "unit_models.hpp"
#include "verilated.h"
#include "verilated_clock.hpp"

namespace ptxalu::tb {
namespace {

// The fewest 16-bit digits k (1..4) whose k*16 + 1 bits sign-extend to x.
unsigned digits_of(const Op65& x) {
  for (unsigned k = 1; k < 4; ++k) {
    const uint64_t top = x.lo >> (16 * k);
    const uint64_t ones = ~uint64_t{0} >> (16 * k);
    if ((!x.neg && top == 0) || (x.neg && top == ones)) return k;
  }
  return 4;
}

// What ptxalu_mult_iter adds to its product (add_i, add_shift_i, neg_i, cin_i).
struct Addend {
  Op65 add{0, false};
  unsigned shift = 0;  // 16-bit digits, 0..4
  bool neg = false;
  bool cin = false;
};

// (neg ? ~p : p) + add * 2^(16 shift) + cin modulo 2^130, on product()'s limbs.
std::array<uint64_t, 3> with_addend(std::array<uint64_t, 3> p, const Addend& x) {
  using u128 = unsigned __int128;
  if (x.neg) {
    for (auto& limb : p) limb = ~limb;
  }
  const uint64_t ext = x.add.neg ? ~uint64_t{0} : 0;
  std::array<uint64_t, 4> a = {x.add.lo, ext, ext, ext};  // 256-bit sign extension
  for (unsigned d = 0; d < x.shift; ++d) {                // shift by one 16-bit digit
    for (unsigned i = 3; i > 0; --i) a[i] = (a[i] << 16) | (a[i - 1] >> 48);
    a[0] <<= 16;
  }
  u128 carry = x.cin ? 1 : 0;
  for (unsigned i = 0; i < 3; ++i) {
    const u128 t = static_cast<u128>(p[i]) + a[i] + carry;
    p[i] = static_cast<uint64_t>(t);
    carry = t >> 64;
  }
  p[2] &= 3u;
  return p;
}

template <typename Dut>
class MultIter : public ::testing::Test {
 protected:
  void SetUp() override {
    dut_.in_valid_i = 0;
    dut_.out_ready_i = 0;
    verilated::reset(dut_, 2);
  }

  void drive(const Op65& a, const Op65& b) { drive_operands(dut_, a, b); }

  std::array<uint64_t, 3> got() { return product_of(dut_); }

  // One operation: accept, count the cycles to out_valid_o, check the product, hold it for
  // `stall` cycles with out_ready_i low, then take it. Returns the latency.
  unsigned run(const Op65& a, const Op65& b, unsigned stall, const Addend& x = {}) {
    drive(a, b);
    dut_.add_i[0] = static_cast<uint32_t>(x.add.lo);
    dut_.add_i[1] = static_cast<uint32_t>(x.add.lo >> 32);
    dut_.add_i[2] = x.add.neg ? 1u : 0u;
    dut_.add_shift_i = x.shift;
    dut_.neg_i = x.neg;
    dut_.cin_i = x.cin;
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
    const auto want = with_addend(product(a, b), x);
    const auto have = got();
    EXPECT_EQ(have, want) << "a=" << (a.neg ? "-:" : "+:") << hex(a.lo)
                          << " b=" << (b.neg ? "-:" : "+:") << hex(b.lo) << " add="
                          << (x.add.neg ? "-:" : "+:") << hex(x.add.lo) << "<<" << x.shift
                          << " neg=" << x.neg << " cin=" << x.cin << " got "
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
    return mult_iter_latency(k);
  }

  VerilatedContext ctx_;
  Dut dut_{&ctx_};
};

TYPED_TEST_SUITE(MultIter, UnitModels, ModelNames);

TYPED_TEST(MultIter, Corners) {
  for (const auto& a : kCorners65) {
    for (const auto& b : kCorners65) {
      EXPECT_EQ(this->run(a, b, 0), this->expected_latency(a, b));
    }
  }
}

// Random operands of every digit count, half of them with a random addend (digit shift 0..4,
// negation, carry in).
TYPED_TEST(MultIter, RandomEveryDigitCount) {
  Rng rng(test_seed());
  const unsigned bits[] = {17, 33, 49, 65};
  const unsigned n = iterations(8000);
  for (unsigned i = 0; i < n; ++i) {
    const Op65 a = sext(rng.next(), rng.pick(bits));
    Op65 b = sext(rng.next(), rng.pick(bits));
    if (rng.one_in(8)) b.neg = !b.neg;  // not a sign extension of the low 64: k = 4
    Addend x;
    if (rng.one_in(2)) {
      x = {sext(rng.next(), rng.pick(bits)), static_cast<unsigned>(rng.below(5)), rng.one_in(2),
           rng.one_in(2)};
    }
    const unsigned latency = this->run(a, b, rng.one_in(4) ? rng.below(3) + 1 : 0, x);
    ASSERT_EQ(latency, this->expected_latency(a, b));
    if (this->HasFailure()) return;
  }
}

// The addend's carry through every slot: -1 * 1 + 1 = 0 and ~(0 * 0) + 0 + 1 = 0.
TYPED_TEST(MultIter, AddendCarriesThroughEverySlot) {
  EXPECT_EQ(this->run({~uint64_t{0}, true}, {1, false}, 0, {{1, false}, 0, false, false}), 11u);
  EXPECT_EQ(this->run({0, false}, {0, false}, 0, {{0, false}, 0, true, true}), 11u);
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
