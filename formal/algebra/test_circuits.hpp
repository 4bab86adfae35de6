// Circuits and polynomials the engine's unit tests share (algebra_test.cpp,
// algebra_signed_test.cpp, algebra_adder_test.cpp, algebra_booth8_test.cpp): AIGs built gate by
// gate, the polynomials they must rewrite to, and a random-simulation check of a polynomial.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "aig.hpp"
#include "poly.hpp"
#include "sim.hpp"

namespace ptxalu::algebra::test_circuits {

using Lits = std::vector<uint32_t>;
inline const auto kForever = std::chrono::steady_clock::now() + std::chrono::hours(1);

// An AIGER file of testdata/ (PTXALU_ALGEBRA_TESTDATA, set for algebra_test by CMakeLists.txt).
inline Aig testdata_aig(const std::string& name) {
  return read_aiger(std::string(PTXALU_ALGEBRA_TESTDATA) + "/" + name);
}

inline Lits inputs(uint32_t first, uint32_t n) {
  Lits l;
  for (uint32_t i = 0; i < n; ++i) l.push_back(AigBuilder::input_lit(first + i));
  return l;
}

// a + b (+ cin) as a ripple-carry adder; returns sum bits (width+1 with the carry out).
inline Lits ripple_add(AigBuilder& b, const Lits& x, const Lits& y, uint32_t carry) {
  Lits s;
  for (size_t i = 0; i < x.size(); ++i) {
    const uint32_t p = b.xor_gate(x[i], y[i]);
    s.push_back(b.xor_gate(p, carry));
    carry = b.or_gate(b.and_gate(x[i], y[i]), b.and_gate(p, carry));
  }
  s.push_back(carry);
  return s;
}

// Modified Baugh-Wooley partial products of x * y (n x n signed; inverted where one factor is a
// sign bit, constant 2^n + 2^(2n-1)) reduced in threes by full-adder rows (Wallace) to the two
// rows a final adder adds (modulo 2^(2n)). unshifted_carry plants a bug: that CSA row's carries
// are not shifted up.
inline std::array<Lits, 2> wallace_rows(AigBuilder& b, const Lits& x, const Lits& y,
                                        int unshifted_carry = -1) {
  const size_t n = x.size(), w = 2 * n;
  std::vector<Lits> rows;
  for (size_t i = 0; i < n; ++i) {
    Lits row(w, 0);
    for (size_t j = 0; j < n; ++j)
      row[i + j] = b.and_gate(x[i], y[j]) ^ ((i == n - 1) != (j == n - 1) ? 1u : 0u);
    rows.push_back(row);
  }
  Lits k(w, 0);
  k[n] = 1;  // literal 1: constant true
  k[w - 1] = 1;
  rows.push_back(k);
  int csa = 0;
  while (rows.size() > 2) {
    std::vector<Lits> next;
    size_t r = 0;
    for (; r + 3 <= rows.size(); r += 3, ++csa) {
      Lits s(w), c(w, 0);
      for (size_t j = 0; j < w; ++j) {
        const uint32_t p = rows[r][j], q = rows[r + 1][j], t = rows[r + 2][j];
        s[j] = b.xor_gate(b.xor_gate(p, q), t);
        const uint32_t maj =
            b.or_gate(b.or_gate(b.and_gate(p, q), b.and_gate(p, t)), b.and_gate(q, t));
        if (csa == unshifted_carry) c[j] = maj;
        else if (j + 1 < w) c[j + 1] = maj;
      }
      next.push_back(s);
      next.push_back(c);
    }
    for (; r < rows.size(); ++r) next.push_back(rows[r]);
    rows = next;
  }
  return {rows[0], rows[1]};
}

// The polynomial of a * b modulo 2^bits over inputs a (0..n-1) and b (n..2n-1), built by hand:
// bit i of a has weight 2^i, or -2^i for the sign bit of a signed operand (likewise b).
inline Poly product_poly(unsigned n, unsigned bits, bool a_signed, bool b_signed) {
  Poly p(bits);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) {
      const bool neg = (a_signed && i == n - 1) != (b_signed && j == n - 1);
      p.add_small(Monomial{n + j + 1, i + 1}, neg ? -1 : 1, i + j);  // variables descending
    }
  return p;
}

// The polynomial's value at one input assignment (bit i of `in` is input i), modulo 2^bits
// (the tests' circuits have at most 64 inputs and 64-bit words).
inline uint64_t eval(const Poly& p, uint64_t in) {
  uint64_t sum = 0;
  for (auto& [m, c] : p.terms()) {
    bool on = true;
    for (uint32_t v : m) on &= ((in >> (v - 1)) & 1) != 0;
    if (on) sum += c.limb[0];
  }
  return p.bits() >= 64 ? sum : sum & ((uint64_t{1} << p.bits()) - 1);
}

// The polynomial's value is the circuit's word on 64 * passes random inputs (seed printed).
inline void expect_poly_is_circuit(const Aig& aig, const Poly& p, const Lits& word,
                                   unsigned inputs, unsigned seed, int passes) {
  ASSERT_LT(inputs, 64u);  // the inputs of one vector are the bits of a uint64_t
  std::printf("seed %u\n", seed);
  std::mt19937_64 rng(seed);
  for (int pass = 0; pass < passes; ++pass) {
    uint64_t in[64];
    Simulator sim(aig);
    for (auto& v : in) v = rng() & ((uint64_t{1} << inputs) - 1);
    for (uint32_t i = 0; i < inputs; ++i) {
      uint64_t pat = 0;
      for (int j = 0; j < 64; ++j) pat |= ((in[j] >> i) & 1) << j;
      sim.set_input(i, pat);
    }
    sim.eval();
    for (int j = 0; j < 64; ++j) {
      uint64_t w = 0;
      for (size_t i = 0; i < word.size(); ++i) w |= ((sim.lit(word[i]) >> j) & 1) << i;
      ASSERT_EQ(eval(p, in[j]), w) << std::hex << in[j];
    }
  }
}

}  // namespace ptxalu::algebra::test_circuits
