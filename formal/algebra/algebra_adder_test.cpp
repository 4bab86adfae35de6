// Final adders the engine replaces after a BDD proof (adder.cpp): parallel-prefix adders of
// another prefix graph (Brent-Kung), a top bit that is the carry's complement, carry-select
// adders whose sums are multiplexers of two candidate sums, and carry-skip adders; each behind
// an 8x8 Wallace tree and compared with the signed product's polynomial built by hand, and a
// planted bug that must not prove.
#include <gtest/gtest.h>

#include "adder.hpp"
#include "aig.hpp"
#include "poly.hpp"
#include "rewrite.hpp"
#include "sim.hpp"
#include "test_circuits.hpp"

namespace ptxalu::algebra {
namespace {

using namespace test_circuits;

// A Brent-Kung adder x + y modulo 2^n: generate/propagate, an up- and a down-sweep of the
// group carries, sum k = p_k ^ G_{k-1}. top_one: the operands' top bits are replaced by the
// constants 1 and 0, so the top sum bit is the complement of the carry into it (a
// Baugh-Wooley product's 2^(2n-1) reaching the adder alone).
// brent_kung_gp: the same from each bit's generate and propagate (a bit whose other operand is
// 0 has g = 0 and p = x, as synthesis folds it); bug_bit plants a bug: that sum bit reads the
// group carry one bit too low.
Lits brent_kung_gp(AigBuilder& b, const Lits& g, const Lits& p, bool top_one = false,
                   size_t bug_bit = 0) {
  const size_t n = g.size();
  Lits G = g, P = p;
  size_t span = 1;
  for (; span < n; span *= 2)
    for (size_t k = 2 * span - 1; k < n; k += 2 * span) {
      G[k] = b.or_gate(G[k], b.and_gate(P[k], G[k - span]));
      P[k] = b.and_gate(P[k], P[k - span]);
    }
  for (span /= 2; span >= 1; span /= 2)
    for (size_t k = 3 * span - 1; k < n; k += 2 * span) {
      G[k] = b.or_gate(G[k], b.and_gate(P[k], G[k - span]));
      P[k] = b.and_gate(P[k], P[k - span]);
    }
  Lits s{p[0]};
  for (size_t k = 1; k < n; ++k) {
    const uint32_t carry = k == bug_bit ? G[k - 2] : G[k - 1];
    s.push_back(k + 1 == n && top_one ? carry ^ 1 : b.xor_gate(p[k], carry));
  }
  return s;
}

Lits brent_kung(AigBuilder& b, const Lits& x, const Lits& y, bool top_one = false) {
  Lits g, p;
  for (size_t k = 0; k < x.size(); ++k) {
    g.push_back(b.and_gate(x[k], y[k]));
    p.push_back(b.xor_gate(x[k], y[k]));
  }
  return brent_kung_gp(b, g, p, top_one);
}

// A carry-select adder x + y modulo 2^n: blocks of `block` bits, each a ripple adder for
// carry-in 0 and one for carry-in 1, the sums and the block's carry-out picked by the carry
// into the block (a multiplexer). bug_block plants a bug: that block picks the other sums.
Lits carry_select(AigBuilder& b, const Lits& x, const Lits& y, size_t block,
                  int bug_block = -1) {
  auto mux = [&](uint32_t s, uint32_t t, uint32_t e) {
    return b.or_gate(b.and_gate(s, t), b.and_gate(s ^ 1, e));
  };
  Lits s;
  uint32_t cin = 0;
  for (size_t lo = 0, blk = 0; lo < x.size(); lo += block, ++blk) {
    const size_t hi = std::min(lo + block, x.size());
    Lits sums[2];
    uint32_t couts[2];
    for (uint32_t c0 : {0u, 1u}) {
      uint32_t c = c0;
      for (size_t k = lo; k < hi; ++k) {
        const uint32_t half = b.xor_gate(x[k], y[k]);
        sums[c0].push_back(b.xor_gate(half, c));
        c = b.or_gate(b.and_gate(x[k], y[k]), b.and_gate(half, c));
      }
      couts[c0] = c;
    }
    const uint32_t sel = int(blk) == bug_block ? cin ^ 1 : cin;
    for (size_t k = 0; k < hi - lo; ++k) s.push_back(mux(sel, sums[1][k], sums[0][k]));
    cin = mux(cin, couts[1], couts[0]);
  }
  return s;
}

// A carry-skip adder x + y modulo 2^n: ripple blocks of `block` bits; a block's carry-out is
// its carry-in when every bit of it propagates (a multiplexer), else its ripple carry-out.
Lits carry_skip(AigBuilder& b, const Lits& x, const Lits& y, size_t block) {
  Lits s;
  uint32_t cin = 0;
  for (size_t lo = 0; lo < x.size(); lo += block) {
    uint32_t c = cin, all = 1;
    for (size_t k = lo; k < std::min(lo + block, x.size()); ++k) {
      const uint32_t half = b.xor_gate(x[k], y[k]);
      s.push_back(b.xor_gate(half, c));
      c = b.or_gate(b.and_gate(x[k], y[k]), b.and_gate(half, c));
      all = b.and_gate(all, half);
    }
    cin = b.or_gate(b.and_gate(all, cin), b.and_gate(all ^ 1, c));
  }
  return s;
}

// The polynomial equals the circuit's word on 4096 random inputs (seed printed).
void expect_matches_simulation(const Aig& aig, const Poly& p, const Lits& word, unsigned inputs) {
  expect_poly_is_circuit(aig, p, word, inputs, 20261127, 64);
}

Poly word_poly(const Aig& aig, const Lits& word, RewriteStats* st) {
  Poly p(unsigned(word.size()));
  EXPECT_TRUE(rewrite_word(aig, word, unsigned(word.size()), 1'000'000, kForever, &p, st));
  return p;
}

enum class Final { BrentKung, CarrySelect, CarrySkip };

// An 8x8 signed product: Wallace rows, then the final adder.
Lits wallace_with(AigBuilder& b, Final f) {
  const auto rows = wallace_rows(b, inputs(0, 8), inputs(8, 8));
  switch (f) {
    case Final::BrentKung: return brent_kung(b, rows[0], rows[1]);
    case Final::CarrySelect: return carry_select(b, rows[0], rows[1], 3);
    case Final::CarrySkip: return carry_skip(b, rows[0], rows[1], 4);
  }
  return {};
}

TEST(AlgebraAdder, BrentKungWithTheCarrysComplementOnTopIsReplaced) {
  AigBuilder b(14);
  Lits x = inputs(0, 7), y = inputs(7, 7);
  x.push_back(1);  // the constant 1 and 0 at bit 7: the word is x + y + 2^7 modulo 2^8
  y.push_back(0);
  const Lits s = brent_kung(b, x, y, /*top_one=*/true);
  RewriteStats st;
  const Poly p = word_poly(b.aig(), s, &st);
  EXPECT_EQ(st.adders_replaced, 1u);
  EXPECT_EQ(p.size(), 15u);  // sum 2^i x_i + sum 2^i y_i + 2^7
  for (uint64_t in : {0x0000ull, 0x3fffull, 0x1234ull, 0x207full})
    EXPECT_EQ(eval(p, in), ((in & 0x7f) + (in >> 7) + 0x80) & 0xff);
  expect_matches_simulation(b.aig(), p, s, 14);
}

TEST(AlgebraAdder, CarrySelectSumsAreReplacedAfterTheirProof) {
  AigBuilder b(16);
  const Lits s = carry_select(b, inputs(0, 8), inputs(8, 8), 3);
  RewriteStats st;
  const Poly p = word_poly(b.aig(), s, &st);
  EXPECT_EQ(st.adders_replaced, 1u);
  EXPECT_EQ(p.size(), 16u);  // sum 2^i a_i + sum 2^i b_i
  expect_matches_simulation(b.aig(), p, s, 16);
}

// An 8x8 signed Wallace product whose final adder is of the given kind: the adder is replaced
// (after its BDD proof) and the word's polynomial is the product built by hand.
void expect_wallace_proves(Final kind) {
  AigBuilder b(16);
  const Lits prod = wallace_with(b, kind);
  RewriteStats st;
  EXPECT_EQ(difference(word_poly(b.aig(), prod, &st), product_poly(8, 16, true, true)).size(), 0u);
  EXPECT_EQ(st.adders_replaced, 1u);
}

TEST(AlgebraAdder, WallaceTreeWithBrentKungFinalAdderProves) {
  expect_wallace_proves(Final::BrentKung);
}

TEST(AlgebraAdder, WallaceTreeWithCarrySelectFinalAdderProves) {
  expect_wallace_proves(Final::CarrySelect);
}

TEST(AlgebraAdder, WallaceTreeWithCarrySkipFinalAdderProves) {
  expect_wallace_proves(Final::CarrySkip);
}

// A Brent-Kung adder whose operand x is a Booth-like row (bit k is a_k ^ s: the row inverted
// by its sign) and whose y is 0 in the low three columns (one bit there: p_k = x_k, itself an
// XOR that is not the adder's): the adder is found (the half sum taken as the operand, 0 the
// other) and replaced by the first search (before, split into a_k and s, it was not). With
// one sum bit reading the wrong group carry, the word's polynomial (exact either way) is
// another.
Lits booth_like_row_sum(AigBuilder& b, size_t bug_bit) {
  const Lits a = inputs(0, 8), y = inputs(9, 5);
  const uint32_t sign = inputs(8, 1)[0];
  Lits g, p;
  for (size_t k = 0; k < 8; ++k) {
    const uint32_t x = b.xor_gate(a[k], sign);
    g.push_back(k < 3 ? 0 : b.and_gate(x, y[k - 3]));
    p.push_back(k < 3 ? x : b.xor_gate(x, y[k - 3]));
  }
  return brent_kung_gp(b, g, p, false, bug_bit);
}

TEST(AlgebraAdder, AnOperandThatIsItselfAnXorIsTakenWhole) {
  AigBuilder b(14);
  const Lits s = booth_like_row_sum(b, 0);
  RewriteStats st;
  const Poly p = word_poly(b.aig(), s, &st);
  EXPECT_EQ(st.adders_replaced, 1u);
  expect_matches_simulation(b.aig(), p, s, 14);
  AdderReplacement whole;  // all eight sum bits, from bit 0 (before: bits 2..7 only)
  ASSERT_TRUE(replace_final_adder(b.aig(), s, &whole));
  EXPECT_EQ(whole.low, 0u);
  EXPECT_EQ(whole.bits, 8u);

  AigBuilder bug(14);
  const Lits t = booth_like_row_sum(bug, 5);
  const Poly q = word_poly(bug.aig(), t, &st);
  expect_matches_simulation(bug.aig(), q, t, 14);
  EXPECT_GT(difference(p, q).size(), 0u);
}

// A carry-select block that picks the wrong candidate sums: no ripple adder is proven equal
// to it, and the word's polynomial (still exact) is not x + y. (Behind the Wallace tree the
// polynomial of such a word passes a million terms: undecided, never a proof.)
TEST(AlgebraAdder, CarrySelectWithAWrongSelectIsNotReplacedAndIsRefuted) {
  AigBuilder b(16);
  const Lits s = carry_select(b, inputs(0, 8), inputs(8, 8), 3, /*bug_block=*/1);
  RewriteStats st;
  const Poly p = word_poly(b.aig(), s, &st);
  EXPECT_EQ(st.adders_replaced, 0u);
  expect_matches_simulation(b.aig(), p, s, 16);
  Poly sum(8);
  for (uint32_t i = 0; i < 8; ++i) {
    sum.add_small(Monomial{i + 1}, 1, i);
    sum.add_small(Monomial{i + 9}, 1, i);
  }
  EXPECT_GT(difference(p, sum).size(), 0u);
}

}  // namespace
}  // namespace ptxalu::algebra
