// Final-stage adder replacement (formal/algebra/README.md, "Final adders"): an output word
// computed by an adder of any architecture (parallel prefix, carry lookahead, carry select) is
// replaced by a ripple-carry adder of the same two operands, which backward rewriting keeps
// linear, after proving with BDDs that every sum bit of the adder found equals the ripple
// adder's. The idea is Kaufmann, Biere, Kauers, "Verifying Large Multipliers by Combining SAT
// and Computer Algebra" (FMCAD 2019), who check the replaced adder with SAT; the BDD check
// (operand bits interleaved, where adders have linear-size BDDs) and the code are ours.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aig.hpp"

namespace ptxalu::algebra {

struct AdderReplacement {
  Aig aig;                      // the input AIG plus the ripple adder's gates (same inputs)
  std::vector<uint32_t> word;   // the word's literals in `aig`: the ripple adder's sums
  unsigned low = 0, bits = 0;   // the adder's sum bits: word[low .. low + bits)
};

// The word's top bits as s_k = p_k ^ c_k with p_k = x_k ^ y_k (the lowest as x ^ y), the top
// bit possibly the carry-out: if the adder they form is not a ripple-carry chain already and
// its sums (and carry-out) provably equal those of a ripple adder of x + y, returns true with
// the replacement. Otherwise false (nothing changes).
bool replace_final_adder(const Aig& aig, const std::vector<uint32_t>& word,
                         AdderReplacement* out);

}  // namespace ptxalu::algebra
