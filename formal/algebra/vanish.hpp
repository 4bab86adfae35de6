// Vanishing and absorbed products of small-support signals (formal/algebra/README.md, "Booth
// recoding"): exact truth tables of every AIG variable that depends on at most 6 inputs, and the
// relation of two such variables as Boolean functions. A monomial holding u*v with u AND v
// identically 0 is 0 for every input and is dropped; with u implying v, u*v = u and v is
// dropped from the monomial. Both are identities, proven by the truth tables (exhaustive over
// the pair's joint support), never guessed. The idea is Mahzoon, Grosse, Drechsler,
// "PolyCleaner: clean your polynomials before backward rewriting to verify million-gate
// multipliers" (ICCAD 2018): the select signals of a Booth encoder are mutually exclusive, and
// their products, if kept, multiply the polynomial; the code is ours.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "aig.hpp"

namespace ptxalu::algebra {

class SmallFunctions {
 public:
  static constexpr unsigned kMaxSupport = 6;
  enum Relation : uint8_t { None = 0, Exclusive, FirstImpliesSecond, SecondImpliesFirst };

  explicit SmallFunctions(const Aig& aig);
  // Whether variable v (input or gate; not the constant) has a truth table.
  bool small(uint32_t v) const { return v < small_.size() && small_[v]; }
  // u and v: both small, u != v. Exact; memoized.
  Relation relation(uint32_t u, uint32_t v);
  size_t count() const { return count_; }

 private:
  struct Fn {
    uint64_t tt = 0;
    uint8_t n = 0;
    uint32_t sup[kMaxSupport] = {};  // input variables, ascending
  };
  // f's table over the inputs `to` (a superset of f's support, ascending, at most 6).
  static uint64_t expand(const Fn& f, const uint32_t* to, unsigned n);
  // The ascending union of two supports, or false if it has more than 6 inputs.
  static bool unite(const Fn& a, const Fn& b, Fn* out);

  std::vector<char> small_;
  std::vector<Fn> fn_;
  std::unordered_map<uint64_t, Relation> memo_;
  size_t count_ = 0;
};

}  // namespace ptxalu::algebra
