// ptxalu_mult_pipe (the deep pipeline's 65x65 multiplier: 16 registered 18x18 partial products,
// then their registered sum) against the exact product of product65.hpp: corner pairs streamed
// one per cycle, then random operands (sign-extended from random widths, so that every digit
// boundary is crossed) under random enables. The reference model is the pipeline's contract:
// en_i[0] loads the operands' product into stage 1, en_i[1] loads stage 1 into product_o, each
// stage holding while its enable is low.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>

#include "product65.hpp"
#include "unit_kit.hpp"
#include "unit_models.hpp"
#include "verilated.h"
#include "verilated_clock.hpp"

namespace ptxalu::tb {
namespace {

using Limbs = std::array<uint64_t, 3>;

std::string show(const Limbs& v) { return hex(v[2]) + ":" + hex(v[1]) + ":" + hex(v[0]); }
std::string show(const Op65& x) { return (x.neg ? "-:" : "+:") + hex(x.lo); }

template <typename Dut>
class MultPipe : public ::testing::Test {
 protected:
  // One cycle with operands a, b and enables en; the reference stages move alike. After the
  // edge, product_o must equal the reference's stage 2 (once it holds a product).
  void step(const Op65& a, const Op65& b, unsigned en) {
    dut_.en_i = en;
    drive_operands(dut_, a, b);
    verilated::cycle(dut_);
    if (en & 2u) {
      stage2_ = stage1_;
      stage2_ops_ = stage1_ops_;
      stage2_valid_ = stage1_valid_;
    }
    if (en & 1u) {
      stage1_ = product(a, b);
      stage1_[2] &= 3u;
      stage1_ops_ = {a, b};
      stage1_valid_ = true;
    }
    verilated::settle(dut_);
    if (stage2_valid_) {
      const Limbs have = product_of(dut_);
      ASSERT_EQ(have, stage2_) << "a=" << show(stage2_ops_[0]) << " b=" << show(stage2_ops_[1])
                               << " got " << show(have) << " want " << show(stage2_);
    }
  }

  VerilatedContext ctx_;
  Dut dut_{&ctx_};
  Limbs stage1_{}, stage2_{};
  bool stage1_valid_ = false, stage2_valid_ = false;
  std::array<Op65, 2> stage1_ops_{}, stage2_ops_{};
};

TYPED_TEST_SUITE(MultPipe, UnitModels, ModelNames);

// Every corner pair, one per cycle with both stages moving: the product two loads later.
TYPED_TEST(MultPipe, CornerPairsStreamed) {
  for (const auto& a : kCorners65) {
    for (const auto& b : kCorners65) {
      this->step(a, b, 3u);
      if (this->HasFatalFailure()) return;
    }
  }
  for (int i = 0; i < 2; ++i) this->step({0, false}, {0, false}, 3u);
}

// Random operands sign-extended from random widths (digit edges at 17, 34, 51), random enables:
// a stage that does not load holds its value.
TYPED_TEST(MultPipe, RandomUnderRandomEnables) {
  Rng rng(test_seed());
  const unsigned bits[] = {1, 2, 16, 17, 18, 33, 34, 35, 50, 51, 52, 64, 65};
  const unsigned n = iterations(20000);
  for (unsigned i = 0; i < n; ++i) {
    Op65 a = sext(rng.next(), rng.pick(bits));
    Op65 b = sext(rng.next(), rng.pick(bits));
    if (rng.one_in(8)) a.neg = !a.neg;  // not a sign extension of the low 64 bits
    this->step(a, b, rng.one_in(4) ? rng.below(4) : 3u);
    if (this->HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace ptxalu::tb
