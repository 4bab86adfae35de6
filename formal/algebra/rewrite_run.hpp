// The state of one rewrite (Rewriter::Run), shared by rewrite.cpp and slice.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "cuts.hpp"
#include "poly.hpp"
#include "rewrite.hpp"

namespace ptxalu::algebra {

// The first attempt at a word (Rewriter::word) gives up at this many terms once a shared word's
// top could have been postponed before its word is in P (shared_word.cpp); the second attempt
// postpones it. The gallery's 65x65 radix-8 Booth core passes 200,000 terms a few seconds into
// its first attempt (and fails at 2 M terms after 50 s); its Karatsuba core stays under 50,000.
inline constexpr size_t kEarlyTopFirstTerms = 200'000;

struct Rewriter::Run {
  std::vector<uint32_t> late_tops;  // word tops postponed (try_lift)
  std::vector<uint32_t> shared_tops;  // shared words postponed (lift_shared)
  std::vector<char> shared_late;      // gates in their support (shared_order)
  std::vector<uint32_t> uses;       // definitions and output bits that read each gate
  std::vector<uint32_t> inverted;   // output bits that read each gate's complement
  std::vector<char> output;         // gates the word's bits read
  bool may_postpone = true;
  // A shared word's top postponed before its word is in P (shared_word.cpp): only in the second
  // attempt at a word (word()); the first notes that the rule would have applied.
  bool postpone_early_tops = false;
  bool early_top_seen = false;
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
