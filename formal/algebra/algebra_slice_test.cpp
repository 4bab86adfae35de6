// The slice lift (slice.cpp): a word read as bits 31..16 of a product, the pair sum of a packed
// dot product (testdata/packed_dot.v, Yosys' mapping as the flow maps it). The correct packing
// proves, with the lift and not without it; the planted bug (bias dropped) and a low part whose
// range crosses 2^16 take no lift and never give a polynomial the circuit does not compute
// (compared with the circuit on random inputs, seed printed).
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>

#include "aig.hpp"
#include "poly.hpp"
#include "rewrite.hpp"
#include "sim.hpp"
#include "test_circuits.hpp"

namespace ptxalu::algebra {
namespace {

using test_circuits::eval;
using test_circuits::kForever;

// Inputs x0 (0..7), x1 (8..15), y0 (16..23), y1 (24..31), as packed_dot.v declares them.
constexpr unsigned kX0 = 0, kX1 = 8, kY0 = 16, kY1 = 24, kBits = 16;

// x * y of two 8-bit elements (input offsets xo, yo) modulo 2^16, added to p.
void add_product(Poly* p, unsigned xo, unsigned yo, bool is_signed) {
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned j = 0; j < 8; ++j) {
      const bool neg = is_signed && ((i == 7) != (j == 7));
      p->add_small(Monomial{yo + j + 1, xo + i + 1}, neg ? -1 : 1, i + j);  // descending
    }
}

Aig load(int variant) {
  return test_circuits::testdata_aig("packed_dot_" + std::to_string(variant) + ".aig");
}

// The polynomial against the circuit itself on random inputs.
void expect_circuit_computes(const Aig& aig, const Poly& p) {
  const unsigned seed = std::random_device{}();
  std::printf("packed_dot: seed %u\n", seed);
  std::mt19937_64 rng(seed);
  Simulator sim(aig);
  for (int pass = 0; pass < 64; ++pass) {
    std::vector<uint64_t> in(64);
    for (uint32_t i = 0; i < aig.num_inputs; ++i) {
      const uint64_t patterns = rng();
      sim.set_input(i, patterns);
      for (int k = 0; k < 64; ++k) in[size_t(k)] |= ((patterns >> k) & 1) << i;
    }
    sim.eval();
    for (int k = 0; k < 64; ++k) {
      uint64_t out = 0;
      for (unsigned b = 0; b < kBits; ++b) out |= ((sim.output(b) >> k) & 1) << b;
      ASSERT_EQ(eval(p, in[size_t(k)]), out) << "seed " << seed << " input " << in[size_t(k)];
    }
  }
}

// w = x1 y1 + x0 y0 (mod 2^16), the pair's dot product.
Poly dot_poly(bool is_signed) {
  Poly want(kBits);
  add_product(&want, kX1, kY1, is_signed);
  add_product(&want, kX0, kY0, is_signed);
  return want;
}

TEST(AlgebraSlice, PackedDotProductIsTheSliceOfItsProduct) {
  const Aig aig = load(0);
  ASSERT_EQ(aig.num_inputs, 32u);
  Poly got(kBits);
  RewriteStats st;
  ASSERT_TRUE(Rewriter(aig).word(aig.outputs, kBits, 50'000, kForever, &got, &st));
  EXPECT_EQ(difference(got, dot_poly(true)).size(), 0u) << "terms " << got.size();
  EXPECT_EQ(st.slices, 1u);
  expect_circuit_computes(aig, dot_poly(true));  // the circuit is that dot product
  Rewriter plain(aig);  // without the lift, the slice's carries multiply out
  plain.set_slices(false);
  Poly none(kBits);
  EXPECT_FALSE(plain.word(aig.outputs, kBits, 50'000, kForever, &none, nullptr));
}

TEST(AlgebraSlice, UnsignedPackedDotProductNeedsNoBias) {
  const Aig aig = load(3);
  Poly got(kBits);
  ASSERT_TRUE(Rewriter(aig).word(aig.outputs, kBits, 50'000, kForever, &got, nullptr));
  EXPECT_EQ(difference(got, dot_poly(false)).size(), 0u);
  expect_circuit_computes(aig, dot_poly(false));
}

// The planted bug (variant 1) and the crossing low part (variant 2): the low part's range check
// fails, no slice is taken, and whatever the engine answers is the circuit's polynomial.
void expect_no_slice(int variant) {
  const Aig aig = load(variant);
  Poly got(kBits);
  RewriteStats st;
  const bool ok = Rewriter(aig).word(aig.outputs, kBits, 50'000, kForever, &got, &st);
  EXPECT_EQ(st.slices, 0u);
  if (ok) {
    EXPECT_NE(difference(got, dot_poly(true)).size(), 0u);
    expect_circuit_computes(aig, got);
  }
}

TEST(AlgebraSlice, PackedDotWithoutItsBiasTakesNoSlice) { expect_no_slice(1); }
TEST(AlgebraSlice, LowPartCrossingTheSliceTakesNoSlice) { expect_no_slice(2); }

}  // namespace
}  // namespace ptxalu::algebra
