// Gate definitions for backward rewriting (see cuts.cpp): each AND gate of an AIG as a small
// polynomial over leaf variables, found from 3-input cuts.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "aig.hpp"
#include "poly.hpp"

namespace ptxalu::algebra {

// A small polynomial with integer coefficients over a few leaf variables: a gate's definition.
using Small = std::vector<std::pair<int64_t, Monomial>>;

Small lit_poly(uint32_t lit);
Small small_mul(const Small& a, const Small& b);
Small small_add(const Small& a, const Small& b, int64_t kb);
Small complement_if(const Small& p, bool flip);

// k-feasible cuts (k = 3) with truth tables over the leaves (leaf i is minterm bit i).
struct Cut {
  uint32_t leaf[3];
  uint8_t size;
  uint8_t tt;
};

struct Def {
  Small poly;  // over variables (leaf literals' polarity folded into the polynomial)
  enum Kind { And, Xor, Maj, HalfAdder, FullAdder, Alias } kind;
};

// The definitions of an AIG's gates. The AIG must outlive this object.
class GateDefs {
 public:
  explicit GateDefs(const Aig& aig);
  // Gate v's definition; use_adders = false gives plain XOR/majority/AND definitions (used when
  // adder units would make a cycle).
  Def definition(uint32_t v, bool use_adders) const;
  // The literal of the first gate computing v's XOR/majority on one of v's 3-cuts (v itself
  // the later copy), or 0.
  uint32_t alias_of(uint32_t v) const;

 private:
  // Leaves (unused ones 0) and a fourth word (a truth table or 0): flat, sorted tables instead
  // of maps keyed by vectors, which took most of the time on wide cones (every form builds
  // its own GateDefs).
  using Key = std::array<uint32_t, 4>;
  struct Entry {
    Key key;
    uint32_t var;
    uint8_t tt;
  };
  // The entries of `table` (sorted by key, equal keys in insertion order) with this key.
  static std::pair<const Entry*, const Entry*> find(const std::vector<Entry>& table, Key key);

  const Aig& aig_;
  std::vector<std::vector<Cut>> cuts_;
  std::vector<Entry> maj_at_, and_at_;  // majority / AND-like gates by their cut's leaves
  // Gates that compute the same XOR/majority of the same three leaves (a carry built twice)
  // are one variable: the later ones are defined as the first (key: leaves, canonical tt).
  std::vector<Entry> first_of_function_;
};

}  // namespace ptxalu::algebra
