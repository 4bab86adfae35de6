// The algebraic engine on tiny circuits with known polynomials, and planted bugs it must refute.
#include <gtest/gtest.h>

#include <chrono>

#include "aig.hpp"
#include "poly.hpp"
#include "rewrite.hpp"
#include "sim.hpp"
#include "test_circuits.hpp"

namespace ptxalu::algebra {
namespace {

using namespace test_circuits;

Poly word_poly(const Aig& aig, const Lits& lits, unsigned bits, RewriteStats* st = nullptr) {
  Poly p(bits);
  EXPECT_TRUE(rewrite_word(aig, lits, bits, 1'000'000, kForever, &p, st));
  return p;
}

// Unsigned n x n array multiplier (partial products, rows of ripple adders); 2n product bits.
Lits array_mul(AigBuilder& b, const Lits& x, const Lits& y, int planted_row = -1) {
  const size_t n = x.size();
  Lits acc(2 * n, 0);
  for (size_t i = 0; i < n; ++i) {
    Lits row(2 * n, 0);
    const size_t shift = (int(i) == planted_row) ? i + 1 : i;  // the bug: a wrong shift
    for (size_t j = 0; j < n && j + shift < 2 * n; ++j) row[j + shift] = b.and_gate(x[i], y[j]);
    Lits sum = ripple_add(b, acc, row, 0);
    sum.pop_back();
    acc = sum;
  }
  return acc;
}

// x * y as an array multiplier of `width` product bits (rows truncated there).
Lits array_mul_w(AigBuilder& b, const Lits& x, const Lits& y, size_t width) {
  Lits acc(width, 0);
  for (size_t i = 0; i < x.size(); ++i) {
    Lits row(width, 0);
    for (size_t j = 0; j < y.size() && j + i < width; ++j) row[j + i] = b.and_gate(x[i], y[j]);
    Lits sum = ripple_add(b, acc, row, 0);
    sum.resize(width);
    acc = sum;
  }
  return acc;
}

// The input assignment of a difference polynomial's lowest-degree monomial (its variables
// set, input k is variable k + 1): a nonzero difference is nonzero there, so it is an input
// on which the two sides differ.
uint64_t lowest_monomial_input(const Poly& diff) {
  const Monomial* best = nullptr;
  for (auto& [m, c] : diff.terms())
    if (!best || m.size() < best->size()) best = &m;
  uint64_t in = 0;
  for (uint32_t v : *best) in |= uint64_t{1} << (v - 1);
  return in;
}

TEST(Algebra, XorIsLinearWithAProduct) {
  AigBuilder b(2);
  const uint32_t x = b.xor_gate(AigBuilder::input_lit(0), AigBuilder::input_lit(1));
  const Poly p = word_poly(b.aig(), {x}, 8);
  // x = a + b - 2ab
  EXPECT_EQ(p.size(), 3u);
  for (uint64_t in = 0; in < 4; ++in) EXPECT_EQ(eval(p, in), (in & 1) ^ (in >> 1));
}

TEST(Algebra, RippleAdderIsTheSumOfItsWords) {
  AigBuilder b(16);
  const Lits s = ripple_add(b, inputs(0, 8), inputs(8, 8), 0);
  RewriteStats st;
  const Poly p = word_poly(b.aig(), s, 9, &st);
  EXPECT_EQ(p.size(), 16u);  // sum 2^i a_i + sum 2^i b_i: linear
  EXPECT_GT(st.adders, 0u);
  for (uint64_t in : {0x0000ull, 0xffffull, 0x1234ull, 0x80ffull})
    EXPECT_EQ(eval(p, in), (in & 0xff) + (in >> 8));
}

TEST(Algebra, ArrayMultiplierIsTheProduct) {
  const unsigned n = 8;
  AigBuilder b(2 * n);
  const Lits prod = array_mul(b, inputs(0, n), inputs(n, n));
  const Poly p = word_poly(b.aig(), prod, 2 * n);
  EXPECT_EQ(p.size(), size_t(n * n));  // one term a_i b_j per pair
  for (uint64_t in : {0x0000ull, 0xffffull, 0x1234ull, 0x80ffull, 0x7f81ull})
    EXPECT_EQ(eval(p, in), (in & 0xff) * (in >> 8));
}

TEST(Algebra, TwoMultipliersOfDifferentOrderHaveOnePolynomial) {
  const unsigned n = 12;
  AigBuilder b(2 * n);
  const Lits p1 = array_mul(b, inputs(0, n), inputs(n, n));
  const Lits p2 = array_mul(b, inputs(n, n), inputs(0, n));  // operands swapped
  const Aig& aig = b.aig();
  EXPECT_EQ(difference(word_poly(aig, p1, 2 * n), word_poly(aig, p2, 2 * n)).size(), 0u);
}

TEST(Algebra, PlantedShiftBugLeavesARemainderThatIsACounterexample) {
  const unsigned n = 8;
  AigBuilder b(2 * n);
  const Lits good = array_mul(b, inputs(0, n), inputs(n, n));
  const Lits bad = array_mul(b, inputs(0, n), inputs(n, n), /*planted_row=*/3);
  for (uint32_t l : good) b.output(l);
  for (uint32_t l : bad) b.output(l);
  const Aig& aig = b.aig();
  const Poly diff = difference(word_poly(aig, good, 2 * n), word_poly(aig, bad, 2 * n));
  ASSERT_GT(diff.size(), 0u);
  const uint64_t in = lowest_monomial_input(diff);
  Simulator sim(aig);
  for (uint32_t i = 0; i < 2 * n; ++i) sim.set_input(i, (in >> i) & 1 ? ~0ull : 0);
  sim.eval();
  uint64_t g = 0, h = 0;
  for (unsigned i = 0; i < 2 * n; ++i) {
    g |= (sim.output(i) & 1) << i;
    h |= (sim.output(2 * n + i) & 1) << i;
  }
  EXPECT_NE(g, h) << "witness " << std::hex << in;
}

TEST(Algebra, ModulusDropsTheHighHalf) {
  const unsigned n = 8;
  AigBuilder b(2 * n);
  Lits prod = array_mul(b, inputs(0, n), inputs(n, n));
  prod.resize(n);  // low half only
  const Poly p = word_poly(b.aig(), prod, n);
  for (uint64_t in : {0xffffull, 0x1234ull, 0x80ffull})
    EXPECT_EQ(eval(p, in), ((in & 0xff) * (in >> 8)) & 0xff);
}

// Every input assignment: the polynomial's value equals the simulated word (n inputs <= 12).
void expect_matches_simulation(const Aig& aig, const Poly& p, const Lits& word, unsigned n) {
  Simulator sim(aig);
  for (uint64_t in = 0; in < (uint64_t{1} << n); ++in) {
    for (uint32_t i = 0; i < n; ++i) sim.set_input(i, (in >> i) & 1 ? ~0ull : 0);
    sim.eval();
    uint64_t w = 0;
    for (size_t i = 0; i < word.size(); ++i) {
      w |= (sim.lit(word[i]) & 1) << i;
    }
    ASSERT_EQ(eval(p, in), w) << "input " << std::hex << in;
  }
}

// A product computed at its exact width, then sign-extended by its reader (range [0, 105]
// fits 8-bit signed): the polynomial is the product. (Yosys-mapped multipliers need the word
// lift of rewrite.cpp for this; the gallery case formal/gallery/dot_ext9 exercises it.)
TEST(Algebra, SignExtendedExactProductIsTheProduct) {
  AigBuilder b(7);
  Lits prod = array_mul_w(b, inputs(0, 4), inputs(4, 3), 8);
  Lits ext = prod;
  for (int i = 0; i < 8; ++i) ext.push_back(prod[7]);  // 16 bits, bit 7 repeated
  const Poly p = word_poly(b.aig(), ext, 16);
  EXPECT_EQ(p.size(), 12u);  // a_i b_j, nothing else
  expect_matches_simulation(b.aig(), p, ext, 7);
}

// The same reader over a product that wraps at 6 bits: the range check must refuse the lift
// (or the polynomial would be the product); whatever the engine does, its answer is the word.
TEST(Algebra, SignExtendedWrappedProductIsNotLiftedWrongly) {
  AigBuilder b(8);
  Lits prod = array_mul_w(b, inputs(0, 4), inputs(4, 4), 6);
  Lits ext = prod;
  for (int i = 0; i < 6; ++i) ext.push_back(prod[5]);
  RewriteStats st;
  const Poly p = word_poly(b.aig(), ext, 12, &st);
  EXPECT_EQ(st.lifts, 0u);
  expect_matches_simulation(b.aig(), p, ext, 8);
}

// ---- Booth radix-4 and Wallace multipliers, n x n signed (n even), product mod 2^(2n) ----

int64_t sext(uint64_t v, unsigned n) {
  return int64_t(v << (64 - n)) >> (64 - n);
}

// The signed product's polynomial over inputs a (0..n-1) and b (n..2n-1).
Poly signed_product(unsigned n) { return product_poly(n, 2 * n, true, true); }

uint64_t simulate_word(const Aig& aig, const Lits& word, uint64_t in, unsigned ninputs) {
  Simulator sim(aig);
  for (uint32_t i = 0; i < ninputs; ++i) sim.set_input(i, (in >> i) & 1 ? ~0ull : 0);
  sim.eval();
  uint64_t w = 0;
  for (size_t i = 0; i < word.size(); ++i) w |= (sim.lit(word[i]) & 1) << i;
  return w;
}

// Radix-4 Booth: digit i = -2 a[2i+1] + a[2i] + a[2i-1] (a[-1] = 0) selects 0, +-b, +-2b.
// one_hot: the selection as an OR of one-hot selects of b, 2b, -2b, -b (the negations
// precomputed by a ripple negator, as Yosys maps the gallery's case statement); otherwise the
// encoder's one/two/neg signals, the row inverted by neg and neg added at the row's LSB.
// drop_neg_lsb plants a bug: that +1 is missing (the row is the ones' complement).
Lits booth_mul(AigBuilder& b, const Lits& x, const Lits& y, bool one_hot, bool drop_neg_lsb) {
  const size_t n = x.size(), w = 2 * n;
  Lits be(w), be2(w, 0);
  for (size_t j = 0; j < w; ++j) be[j] = y[j < n ? j : n - 1];
  for (size_t j = 1; j < w; ++j) be2[j] = be[j - 1];
  auto negate = [&](const Lits& v) {  // ~v + 1 by half adders
    Lits r(w);
    uint32_t carry = 1;
    for (size_t j = 0; j < w; ++j) {
      r[j] = b.xor_gate(v[j] ^ 1, carry);
      carry = b.and_gate(v[j] ^ 1, carry);
    }
    return r;
  };
  const Lits nb = negate(be), nb2 = negate(be2);
  Lits acc(w, 0);
  for (size_t i = 0; 2 * i < n; ++i) {
    const uint32_t lo = i ? x[2 * i - 1] : 0, mid = x[2 * i], hi = x[2 * i + 1];
    Lits row(w, 0);
    uint32_t neg_lsb = 0;
    const uint32_t one = b.xor_gate(mid, lo);
    const uint32_t two = b.or_gate(b.and_gate(hi, b.and_gate(mid ^ 1, lo ^ 1)),
                                   b.and_gate(hi ^ 1, b.and_gate(mid, lo)));
    if (one_hot) {
      const uint32_t pos1 = b.and_gate(one, hi ^ 1), neg1 = b.and_gate(one, hi);
      const uint32_t pos2 = b.and_gate(two, hi ^ 1), neg2 = b.and_gate(two, hi);
      for (size_t j = 0; j + 2 * i < w; ++j)
        row[j + 2 * i] = b.or_gate(b.or_gate(b.and_gate(pos1, be[j]), b.and_gate(pos2, be2[j])),
                                   b.or_gate(b.and_gate(neg2, nb2[j]), b.and_gate(neg1, nb[j])));
    } else {
      for (size_t j = 0; j + 2 * i < w; ++j)
        row[j + 2 * i] = b.xor_gate(b.or_gate(b.and_gate(one, be[j]), b.and_gate(two, be2[j])), hi);
      neg_lsb = drop_neg_lsb ? 0 : hi;
    }
    Lits sum = ripple_add(b, acc, row, 0);
    sum.resize(w);
    if (neg_lsb) {
      Lits lsb(w, 0);
      lsb[2 * i] = neg_lsb;
      sum = ripple_add(b, sum, lsb, 0);
      sum.resize(w);
    }
    acc = sum;
  }
  return acc;
}

// The Wallace tree's two rows (test_circuits.hpp) added by one ripple adder.
Lits wallace_mul(AigBuilder& b, const Lits& x, const Lits& y, int unshifted_carry = -1) {
  const auto rows = wallace_rows(b, x, y, unshifted_carry);
  Lits sum = ripple_add(b, rows[0], rows[1], 0);
  sum.resize(rows[0].size());
  return sum;
}

// The multiplier word's polynomial is the signed product's; and the hand-built product
// polynomial itself agrees with C++ arithmetic on the circuit (so the comparison means
// something).
void expect_signed_product(const Aig& aig, const Lits& prod, unsigned n, RewriteStats* st,
                           bool lift = true) {
  Poly p(2 * n);
  Rewriter r(aig);
  r.set_lift(lift);
  ASSERT_TRUE(r.word(prod, 2 * n, 1'000'000, kForever, &p, st));
  const Poly want = signed_product(n);
  EXPECT_EQ(difference(p, want).size(), 0u) << "terms " << p.size();
  const uint64_t mask = (uint64_t{1} << (2 * n)) - 1;
  for (uint64_t in : {0x0000ull, 0xffffull, 0x8080ull, 0x7f81ull, 0x5ac3ull, 0x0180ull}) {
    in &= mask;
    const int64_t av = sext(in & ((1u << n) - 1), n), bv = sext(in >> n, n);
    EXPECT_EQ(simulate_word(aig, prod, in, 2 * n), uint64_t(av * bv) & mask) << std::hex << in;
    EXPECT_EQ(eval(want, in), uint64_t(av * bv) & mask) << std::hex << in;
  }
}

// A planted bug: the remainder is nonzero and its lowest-degree monomial is an input on which
// the circuit and the signed product differ.
void expect_refuted(const Aig& aig, const Lits& prod, unsigned n) {
  const Poly diff = difference(word_poly(aig, prod, 2 * n), signed_product(n));
  ASSERT_GT(diff.size(), 0u);
  const uint64_t in = lowest_monomial_input(diff);
  const uint64_t mask = (uint64_t{1} << (2 * n)) - 1;
  const int64_t av = sext(in & ((1u << n) - 1), n), bv = sext(in >> n, n);
  EXPECT_NE(simulate_word(aig, prod, in, 2 * n), uint64_t(av * bv) & mask) << std::hex << in;
}

TEST(Algebra, BoothOneHotSelectProvesWithVanishingProducts) {
  AigBuilder b(16);
  const Lits prod = booth_mul(b, inputs(0, 8), inputs(8, 8), /*one_hot=*/true, false);
  RewriteStats st;
  expect_signed_product(b.aig(), prod, 8, &st);
  EXPECT_GT(st.vanished + st.absorbed, 0u);
}

TEST(Algebra, BoothEncoderWithNegatedRowsProves) {
  AigBuilder b(16);
  const Lits prod = booth_mul(b, inputs(0, 8), inputs(8, 8), /*one_hot=*/false, false);
  // Word lifting off: on these ripple rows it tries (and rightly refuses) a dozen sub-words,
  // which costs seconds and has nothing to do with the Booth encoder.
  expect_signed_product(b.aig(), prod, 8, nullptr, /*lift=*/false);
}

// Without the removal the polynomial is the same (the representation is unique), only larger.
TEST(Algebra, VanishingRemovalKeepsThePolynomial) {
  AigBuilder b(12);
  const Lits prod = booth_mul(b, inputs(0, 6), inputs(6, 6), true, false);
  Poly with(12), without(12);
  RewriteStats s1, s2;
  Rewriter r1(b.aig()), r2(b.aig());
  r2.set_clean(false);
  ASSERT_TRUE(r1.word(prod, 12, 1'000'000, kForever, &with, &s1));
  ASSERT_TRUE(r2.word(prod, 12, 1'000'000, kForever, &without, &s2));
  EXPECT_EQ(difference(with, without).size(), 0u);
  EXPECT_LT(s1.max_terms, s2.max_terms);
  expect_matches_simulation(b.aig(), with, prod, 12);
}

TEST(Algebra, BoothMissingNegationCarryIsRefuted) {
  AigBuilder b(16);
  const Lits prod = booth_mul(b, inputs(0, 8), inputs(8, 8), false, /*drop_neg_lsb=*/true);
  expect_refuted(b.aig(), prod, 8);
}

TEST(Algebra, WallaceTreeProves) {
  AigBuilder b(16);
  const Lits prod = wallace_mul(b, inputs(0, 8), inputs(8, 8));
  RewriteStats st;
  expect_signed_product(b.aig(), prod, 8, &st);
  EXPECT_GT(st.adders, 0u);
}

TEST(Algebra, WallaceUnshiftedCarryIsRefuted) {
  AigBuilder b(16);
  const Lits prod = wallace_mul(b, inputs(0, 8), inputs(8, 8), /*unshifted_carry=*/2);
  expect_refuted(b.aig(), prod, 8);
}

// A Kogge-Stone adder x + y (n + 1 sum bits with the carry-out). bug_level plants a bug: at
// that level the group propagate is not combined with its neighbour's.
Lits kogge_stone(AigBuilder& b, const Lits& x, const Lits& y, int bug_level = -1) {
  const size_t n = x.size();
  Lits g(n), p(n);
  for (size_t k = 0; k < n; ++k) {
    g[k] = b.and_gate(x[k], y[k]);
    p[k] = b.xor_gate(x[k], y[k]);
  }
  const Lits half = p;
  int level = 0;
  for (size_t d = 1; d < n; d *= 2, ++level) {
    Lits g2 = g, p2 = p;
    for (size_t k = d; k < n; ++k) {
      g2[k] = b.or_gate(g[k], b.and_gate(p[k], g[k - d]));
      if (level != bug_level) p2[k] = b.and_gate(p[k], p[k - d]);
    }
    g = g2;
    p = p2;
  }
  Lits s{half[0]};
  for (size_t k = 1; k < n; ++k) s.push_back(b.xor_gate(half[k], g[k - 1]));
  s.push_back(g[n - 1]);
  return s;
}

TEST(Algebra, ParallelPrefixFinalAdderIsReplacedAfterItsProof) {
  AigBuilder b(16);
  const Lits s = kogge_stone(b, inputs(0, 8), inputs(8, 8));
  RewriteStats st;
  const Poly p = word_poly(b.aig(), s, 9, &st);
  EXPECT_EQ(st.adders_replaced, 1u);
  EXPECT_EQ(p.size(), 16u);  // sum 2^i a_i + sum 2^i b_i
  for (uint64_t in : {0x0000ull, 0xffffull, 0x1234ull, 0x80ffull})
    EXPECT_EQ(eval(p, in), (in & 0xff) + (in >> 8));
  Lits low8 = s;  // the sum modulo 2^8 (no carry-out bit)
  low8.pop_back();
  RewriteStats st8;
  const Poly p8 = word_poly(b.aig(), low8, 8, &st8);
  EXPECT_EQ(st8.adders_replaced, 1u);
  for (uint64_t in : {0xffffull, 0x1234ull, 0x80ffull})
    EXPECT_EQ(eval(p8, in), ((in & 0xff) + (in >> 8)) & 0xff);
}

TEST(Algebra, WrongPrefixAdderIsNotReplacedAndIsRefuted) {
  AigBuilder b(12);
  const Lits s = kogge_stone(b, inputs(0, 6), inputs(6, 6), /*bug_level=*/1);
  RewriteStats st;
  const Poly p = word_poly(b.aig(), s, 7, &st);
  EXPECT_EQ(st.adders_replaced, 0u);
  expect_matches_simulation(b.aig(), p, s, 12);  // the polynomial is still the word's
  Poly sum(7);
  for (uint32_t i = 0; i < 6; ++i) {
    sum.add_small(Monomial{i + 1}, 1, i);
    sum.add_small(Monomial{i + 7}, 1, i);
  }
  EXPECT_GT(difference(p, sum).size(), 0u);
}

TEST(Algebra, FixInputsPropagatesConstants) {
  AigBuilder b(2);
  const uint32_t x = b.xor_gate(AigBuilder::input_lit(0), AigBuilder::input_lit(1));
  b.output(x);
  const Aig fixed = fix_inputs(b.aig(), {1, -1});  // a = 1: x = !b
  EXPECT_EQ(fixed.outputs[0], AigBuilder::input_lit(1) ^ 1);
}

}  // namespace
}  // namespace ptxalu::algebra
