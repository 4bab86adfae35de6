// Backward rewriting of a word-level output through an AIG (see rewrite.cpp and
// formal/algebra/README.md).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <vector>

#include "aig.hpp"
#include "poly.hpp"

namespace ptxalu::algebra {

class GateDefs;
class SmallFunctions;
struct Def;

struct RewriteStats {
  size_t max_terms = 0;
  size_t adders = 0, half_adders = 0, xors = 0, majs = 0, ands = 0;
  size_t lifts = 0;         // words replaced by their exact polynomial (range-checked)
  size_t lift_failed = 0;   // word candidates whose range check or rewriting failed
  size_t lift_skipped = 0;  // guesses not made: failed for an earlier form (LiftMemory)
  bool retried = false;     // rewritten again without skipping (prove.cpp)
  size_t restarts = 0;      // rewrites started again with a word top postponed
  size_t vanished = 0;      // terms dropped: a product of exclusive signals (vanish.hpp)
  size_t absorbed = 0;      // factors dropped: u*v = u where u implies v
  size_t adders_replaced = 0;  // final adders replaced by a ripple adder (adder.hpp)
  size_t slices = 0;           // words read as a middle slice of a wider word (slice.cpp)
  size_t early_tops = 0;  // first attempts where a shared word's top could have been postponed
  size_t second_attempts = 0;  // words rewritten again with that top postponed (word())
};

// Lift guesses remembered across the Rewriters of one side's forms (prove.cpp): a guess is its
// top gate in the AIG every form's circuit is cut from (an origin map names it), its pattern,
// nesting depth and width. With `skip`, a guess that failed for an earlier form and never
// succeeded is not made again; a skipped guess only leaves a polynomial larger (or the rewrite
// undecided, and prove.cpp then rewrites that side again without skipping), never a different
// one, since every lift is an identity.
struct LiftMemory {
  std::set<uint64_t> failed, lifted;
  bool skip = true;
};

// Rewrites words of one AIG. Gate definitions (cuts) are computed once and shared by every
// word, including the sub-words of the sign-extension lift.
class Rewriter {
 public:
  explicit Rewriter(const Aig& aig);
  ~Rewriter();
  Rewriter(const Rewriter&) = delete;
  Rewriter& operator=(const Rewriter&) = delete;

  // The polynomial of sum_i 2^i * lit[i] (mod 2^bits) over the AIG's inputs. Returns false when
  // it grew past max_terms or ran past the deadline (then *out is unusable). With weights,
  // the polynomial of sum_i weights[i] * lit[i] instead (the slice lift's whole word).
  bool word(const std::vector<uint32_t>& lits, unsigned bits, size_t max_terms,
            std::chrono::steady_clock::time_point deadline, Poly* out, RewriteStats* stats,
            unsigned depth = 0, const std::vector<Coef>* weights = nullptr);

  // Word lifting (rewrite.cpp) on or off (tests compare both).
  void set_lift(bool on) { lift_ = on; }
  // Vanishing-monomial removal (vanish.hpp) on or off (tests compare both).
  void set_clean(bool on) { clean_ = on; }
  // Final-adder replacement (adder.hpp) on or off.
  void set_adders(bool on) { adders_ = on; }
  // The slice lift (slice.cpp) on or off (tests compare both).
  void set_slices(bool on) { slices_ = on; }
  // Lift guesses learned across forms (LiftMemory); origin[v]: v's variable in the AIG the
  // forms are cut from (fix_inputs). Both must outlive the Rewriter.
  void set_memory(LiftMemory* memory, const std::vector<uint32_t>* origin) {
    memory_ = memory;
    origin_ = origin;
  }
  // Guesses not made because they failed for an earlier form (LiftMemory::skip).
  size_t lifts_skipped() const { return skipped_; }

  // A word W (lits, `bits` wide) completed by the bits L that the slice search (slice.cpp)
  // finds below it, without L's range check: `whole` = poly(2^shift W + L) modulo
  // 2^(bits+shift) and `low` = poly(L) modulo 2^shift, L's bits at distinct weights below
  // 2^shift, so 0 <= L < 2^shift for every input. Two circuits whose `whole` and `low` are equal
  // (same shift) have equal W modulo 2^bits: L equal modulo 2^shift and in that range is equal,
  // so 2^shift W is equal modulo 2^(bits+shift). prove.cpp: a product's high half on both sides.
  struct SliceParts {
    Poly whole{1}, low{1};
    unsigned shift = 0;
  };
  bool slice_parts(const std::vector<uint32_t>& lits, unsigned bits, size_t max_terms,
                   std::chrono::steady_clock::time_point deadline, SliceParts* out);
  // The same parts with L's bits found by simulation instead of the search, for a side whose
  // search finds none (prove.cpp; a Booth tree summed row by row, gallery mult_ctree: its rows'
  // carries cross below the word at many adders): for each weight 2^j below 2^shift, a
  // variable whose values on 256 random inputs are bit j of `low`'s (the other side's L, a
  // polynomial over the same inputs), else a new XOR of an AND gate's two fan-ins (an adder's
  // sum no output reads). False when a bit has neither. Sound whatever it picks: one bit per
  // weight keeps 0 <= L < 2^shift. Only gates of this AIG (a side's cone) are candidates.
  bool slice_parts_like(const Poly& low, unsigned shift, const std::vector<uint32_t>& lits,
                        unsigned bits, size_t max_terms,
                        std::chrono::steady_clock::time_point deadline, SliceParts* out);
  // The same parts for a given L (its bits low_lits, bit j at 2^j).
  bool slice_parts_with(const std::vector<uint32_t>& low_lits,
                        const std::vector<uint32_t>& lits, unsigned bits, size_t max_terms,
                        std::chrono::steady_clock::time_point deadline, SliceParts* out);

 private:
  struct Run;
  enum class Outcome { Done, GaveUp, Restart };
  enum class LiftResult { No, Lifted, Postpone };
  void plan(Run& run, const std::vector<uint32_t>& lits);
  Outcome substitute(Run& run, const std::vector<uint32_t>& lits, unsigned bits);
  LiftResult try_lift(Run& run, uint32_t v);
  LiftResult lift_shared(Run& run, uint32_t v, int kind);  // shared_word.cpp
  // One attempt of word() (its passes, restarts included).
  bool attempt_word(Run& run, const std::vector<uint32_t>& lits, unsigned bits, Poly* out,
                    RewriteStats* stats);
  void shared_order(Run& run);
  const std::vector<uint64_t>& support(uint32_t v);
  bool clean(Run& run, Monomial& m, const Monomial& fresh);
  // slice.cpp: a word's bits as the top of a wider word whose low bits the AIG computes.
  struct SliceQuery {
    const std::vector<uint32_t>& order;  // the rewrite's plan: every gate before its leaves
    const std::vector<Def>& defs;
    const std::vector<int>& def_of;
    const std::vector<uint32_t>& lits;
    unsigned bits;
    size_t max_terms;
    std::chrono::steady_clock::time_point deadline;
    unsigned depth;
    const std::vector<Coef>* weights;
  };
  bool slice(const SliceQuery& q, Poly* out, RewriteStats* stats);

  const Aig& aig_;
  std::unique_ptr<GateDefs> defs_;
  std::unique_ptr<SmallFunctions> small_;
  bool clean_ = true;
  bool adders_ = true;
  std::vector<std::vector<uint64_t>> support_;  // input support bit sets (lazy)
  bool lift_ = true;
  bool slices_ = true;
  size_t lift_budget_ = 64;                     // failed lift attempts left
  size_t shared_budget_ = 8;                    // failed shared-word lifts left
  std::vector<char> tried_;                     // lift patterns tried, per top gate
  LiftMemory* memory_ = nullptr;
  const std::vector<uint32_t>* origin_ = nullptr;
  size_t skipped_ = 0;
  SliceParts* parts_out_ = nullptr;  // slice(): the relative mode of slice_parts
};

// One word, with a Rewriter of its own.
bool rewrite_word(const Aig& aig, const std::vector<uint32_t>& lits, unsigned bits,
                  size_t max_terms, std::chrono::steady_clock::time_point deadline, Poly* out,
                  RewriteStats* stats);

}  // namespace ptxalu::algebra
