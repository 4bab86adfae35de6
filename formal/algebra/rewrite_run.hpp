// The state of one rewrite (Rewriter::Run), shared by rewrite.cpp and slice.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "cuts.hpp"
#include "poly.hpp"
#include "rewrite.hpp"

namespace ptxalu::algebra {

struct Rewriter::Run {
  std::vector<uint32_t> late_tops;  // word tops postponed (try_lift)
  std::vector<uint32_t> shared_tops;  // shared words postponed (lift_shared)
  std::vector<char> shared_late;      // gates in their support (shared_order)
  std::vector<uint32_t> uses;       // definitions and output bits that read each gate
  std::vector<uint32_t> inverted;   // output bits that read each gate's complement
  std::vector<char> output;         // gates the word's bits read
  bool may_postpone = true;
  std::vector<Def> defs;
  std::vector<int> def_of;
  std::vector<uint32_t> order, key, var_of_key;
  Poly p{1};
  std::vector<std::vector<Monomial>> bucket;
  size_t max_terms = 0;
  std::chrono::steady_clock::time_point deadline;
  unsigned depth = 0;
  RewriteStats* stats = nullptr;
  const std::vector<Coef>* weights = nullptr;  // lits[i]'s weight if not 2^i (slice.cpp)
};

}  // namespace ptxalu::algebra
