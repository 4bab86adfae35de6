// Circuits and polynomials the engine's unit tests share (algebra_test.cpp,
// algebra_signed_test.cpp): AIGs built gate by gate, and the polynomials they must rewrite to.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "aig.hpp"
#include "poly.hpp"

namespace ptxalu::algebra::test_circuits {

using Lits = std::vector<uint32_t>;
inline const auto kForever = std::chrono::steady_clock::now() + std::chrono::hours(1);

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

}  // namespace ptxalu::algebra::test_circuits
