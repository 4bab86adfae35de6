// Polynomials over Z/2^n in Boolean variables (multilinear: x*x = x), and backward rewriting of
// a word-level output through an AIG. Method: Kaufmann, Biere, Kauers, "Verifying Large
// Multipliers by Combining SAT and Computer Algebra" (FMCAD 2019, AMulet 2) and Mahzoon, Grosse,
// Drechsler, "RevSCA-2.0" (ICCAD 2019): substitute each gate's polynomial in reverse topological
// order, modulo 2^n; full and half adders and XOR/majority gates (found as 3-input cuts) are
// substituted as units, the sum as a+b+c-2*carry, which keeps the polynomial of adder trees
// linear. Our own code, written from the papers' descriptions.
#pragma once

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

// Arithmetic on Coef modulo 2^256 (Poly::normalize reduces to 2^n); also read as signed
// (two's complement over 256 bits) where the engine bounds a polynomial's value.
Coef add_coef(const Coef& a, const Coef& b);
Coef neg_coef(const Coef& a);
Coef shl_coef(const Coef& a, unsigned s);
Coef shr_coef(const Coef& a, unsigned s);  // logical
Coef mul_coef(const Coef& a, const Coef& b);
Coef coef_of(int64_t v);
bool coef_negative(const Coef& a);     // bit 255
bool coef_less(const Coef& a, const Coef& b);  // signed comparison
unsigned coef_ctz(const Coef& a);      // 256 for zero
unsigned coef_popcount(const Coef& a); // its set bits

// Merges two descending variable lists (x*x = x).
Monomial mono_mul(const Monomial& a, const Monomial& b);

// The range check of the word lift (README item 3), shared by the slice lift: q's coefficients
// read as signed, in (-2^(n-1), 2^(n-1)] (n = q.bits()), and the bounds [lo, hi] of its value
// over all inputs (the constant plus the sum of its negative, or of its positive, coefficients).
struct SignedRange {
  std::vector<std::pair<const Monomial*, Coef>> terms;  // q's monomials, signed coefficients
  Coef lo, hi;
};
SignedRange signed_range(const Poly& q);
// [lo, hi] inside the signed [-2^(n-1), 2^(n-1)) or unsigned [0, 2^n) range of n bits: then a
// word of n bits congruent to q modulo 2^n has q's value as an integer, for every input.
bool range_within(const SignedRange& r, unsigned n, bool is_signed);


// An AIG with some inputs fixed (constant propagation and structural hashing); other inputs
// keep their indices. Outputs keep their order; with `keep`, only the gates those outputs
// (indices into aig.outputs) read are kept (the other outputs become constant 0), so that one
// side of a pair is rewritten without the other side's gates; hash = false keeps gates that
// structural hashing would merge (the engine's adder detection depends on the structure).
// With `origin`: each variable's variable in `aig` (the gate it was made from; inputs their own).
Aig fix_inputs(const Aig& aig, const std::vector<int>& value_of_input /* -1 free, 0, 1 */,
               const std::vector<size_t>* keep = nullptr, bool hash = true,
               std::vector<uint32_t>* origin = nullptr);

// A combinational AIG with a gate that reads a constant: its constants folded (fix_inputs, no
// input fixed, no hashing; inputs' and outputs' indices kept); any other AIG unchanged. The flow
// writes GATE's half of the pair and the cuts' AIGs without Yosys' opt_expr after techmap
// (scripts/equiv_build.py pair_script), and the structural control-bit support needs them
// folded; AIGs written with it have a few too (aigmap's gates of a MUX or XOR with a constant
// input), folded alike. False when nothing was folded.
bool fold_constants(Aig* aig);

// Inputs in the transitive fan-in of the given output literals.
std::vector<bool> input_support(const Aig& aig, const std::vector<uint32_t>& lits);

// The cone of `lits` in a form independent of which inputs it reads: every input and gate of
// the cone numbered in the order a depth-first walk from lits[0], lits[1], ... first reaches it
// (fan-ins first), each gate as its two numbered fan-in literals, inputs as a marker, then the
// numbered lits. Two cones with equal shapes compute the same functions of their inputs up to
// a one-to-one renaming of the inputs (forms that select different elements of an operand).
std::vector<uint32_t> canonical_shape(const Aig& aig, const std::vector<uint32_t>& lits);

}  // namespace ptxalu::algebra
