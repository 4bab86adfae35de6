// The algebraic engine on tiny circuits with known polynomials, and planted bugs it must refute.
#include <gtest/gtest.h>

#include <chrono>

#include "aig.hpp"
#include "poly.hpp"
#include "rewrite.hpp"
#include "sim.hpp"

namespace ptxalu::algebra {
namespace {

using Lits = std::vector<uint32_t>;
const auto kForever = std::chrono::steady_clock::now() + std::chrono::hours(1);

Poly word_poly(const Aig& aig, const Lits& lits, unsigned bits, RewriteStats* st = nullptr) {
  Poly p(bits);
  EXPECT_TRUE(rewrite_word(aig, lits, bits, 1'000'000, kForever, &p, st));
  return p;
}

// a + b (+ cin) as a ripple-carry adder; returns sum bits (width+1 with the carry out).
Lits ripple_add(AigBuilder& b, const Lits& x, const Lits& y, uint32_t carry) {
  Lits s;
  for (size_t i = 0; i < x.size(); ++i) {
    const uint32_t p = b.xor_gate(x[i], y[i]);
    s.push_back(b.xor_gate(p, carry));
    carry = b.or_gate(b.and_gate(x[i], y[i]), b.and_gate(p, carry));
  }
  s.push_back(carry);
  return s;
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

Lits inputs(uint32_t first, uint32_t n) {
  Lits l;
  for (uint32_t i = 0; i < n; ++i) l.push_back(AigBuilder::input_lit(first + i));
  return l;
}

// The polynomial's value at one input assignment (bit i of `in` is input i).
uint64_t eval(const Poly& p, uint64_t in) {
  uint64_t sum = 0;
  for (auto& [m, c] : p.terms()) {
    bool on = true;
    for (uint32_t v : m) on &= ((in >> (v - 1)) & 1) != 0;
    if (on) sum += c.limb[0];
  }
  return p.bits() >= 64 ? sum : sum & ((uint64_t{1} << p.bits()) - 1);
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
  const Monomial* best = nullptr;
  for (auto& [m, c] : diff.terms())
    if (!best || m.size() < best->size()) best = &m;
  uint64_t in = 0;
  for (uint32_t v : *best) in |= uint64_t{1} << (v - 1);
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

TEST(Algebra, FixInputsPropagatesConstants) {
  AigBuilder b(2);
  const uint32_t x = b.xor_gate(AigBuilder::input_lit(0), AigBuilder::input_lit(1));
  b.output(x);
  const Aig fixed = fix_inputs(b.aig(), {1, -1});  // a = 1: x = !b
  EXPECT_EQ(fixed.outputs[0], AigBuilder::input_lit(1) ^ 1);
}

}  // namespace
}  // namespace ptxalu::algebra
