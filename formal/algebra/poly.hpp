// Polynomials over Z/2^n in Boolean variables (multilinear: x*x = x), and backward rewriting of
// a word-level output through an AIG. Method: Kaufmann, Biere, Kauers, "Verifying Large
// Multipliers by Combining SAT and Computer Algebra" (FMCAD 2019, AMulet 2) and Mahzoon, Grosse,
// Drechsler, "RevSCA-2.0" (ICCAD 2019): substitute each gate's polynomial in reverse topological
// order, modulo 2^n; full and half adders and XOR/majority gates (found as 3-input cuts) are
// substituted as units, the sum as a+b+c-2*carry, which keeps the polynomial of adder trees
// linear. Our own code, written from the papers' descriptions.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "aig.hpp"

namespace ptxalu::algebra {

// An element of Z/2^n, n <= 256.
struct Coef {
  uint64_t limb[4] = {0, 0, 0, 0};
  bool zero() const { return !(limb[0] | limb[1] | limb[2] | limb[3]); }
  bool operator==(const Coef&) const = default;
};

using Monomial = std::vector<uint32_t>;  // variables, strictly descending

struct MonomialHash {
  size_t operator()(const Monomial& m) const {
    uint64_t h = 1469598103934665603ull;
    for (uint32_t v : m) h = (h ^ v) * 1099511628211ull;
    return size_t(h);
  }
};

class Poly {
 public:
  explicit Poly(unsigned bits) : bits_(bits) {}
  unsigned bits() const { return bits_; }
  void add(const Monomial& m, const Coef& c);
  void add_small(const Monomial& m, int64_t c, unsigned shift);  // c * 2^shift
  const std::unordered_map<Monomial, Coef, MonomialHash>& terms() const { return terms_; }
  size_t size() const { return terms_.size(); }
  Coef normalize(Coef c) const;
  Coef mul_small(const Coef& c, int64_t k) const;
  std::string to_string() const;

  std::unordered_map<Monomial, Coef, MonomialHash> terms_;

 private:
  unsigned bits_;
};

Poly difference(const Poly& a, const Poly& b);

struct RewriteStats {
  size_t max_terms = 0;
  size_t adders = 0, half_adders = 0, xors = 0, majs = 0, ands = 0;
};

// The polynomial of sum_i 2^i * lit[i] (mod 2^bits) over the AIG's inputs. Returns false when
// it grew past max_terms or ran past the deadline (then *out is unusable).
bool rewrite_word(const Aig& aig, const std::vector<uint32_t>& lits, unsigned bits,
                  size_t max_terms, std::chrono::steady_clock::time_point deadline, Poly* out,
                  RewriteStats* stats);

// An AIG with some inputs fixed (constant propagation and structural hashing); other inputs
// keep their indices. Outputs keep their order.
Aig fix_inputs(const Aig& aig, const std::vector<int>& value_of_input /* -1 free, 0, 1 */);

// Inputs in the transitive fan-in of the given output literals.
std::vector<bool> input_support(const Aig& aig, const std::vector<uint32_t>& lits);

}  // namespace ptxalu::algebra
