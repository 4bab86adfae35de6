// The word lift of backward rewriting (rewrite.cpp, formal/algebra/README.md).
//
// Word lifting (ours): a word w computed modulo 2^k and then sign-extended (or zero-extended) by
// its consumer appears in the polynomial as c*2^b*(sum_{i<t} 2^i u_i - 2^t v) (or + 2^t v).
// Rewriting v, the truncated top sum bit, then leaves its missing carry-out as nonlinear terms that
// multiply at every row. Instead, the word's own polynomial Q modulo 2^(t+1) is rewritten
// separately; taking Q's coefficients in (-2^t, 2^t], the sums of its negative and of its positive
// coefficients bound Q's value over all inputs. If that range lies within the word's signed
// (unsigned) range, the word's signed (unsigned) value equals Q as integers for every input (both
// are congruent modulo 2^(t+1) and lie in one interval of that length), so the word's terms are
// replaced by c*2^b*Q. Which bits form the word is a guess (by coefficient and input support); a
// wrong guess fails the check or leaves the polynomial unchanged, it never changes its value.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>

#include "cuts.hpp"
#include "rewrite.hpp"
#include "rewrite_run.hpp"

namespace ptxalu::algebra {

Rewriter::LiftResult Rewriter::try_lift(Run& run, uint32_t v) {
  if (run.depth >= 3 || lift_budget_ == 0) return LiftResult::No;
  if (tried_.empty()) tried_.assign(aig_.num_vars() + 1, 0);
  Poly& p = run.p;
  const uint32_t kv = run.key[v];
  auto it = p.terms_.find(Monomial{kv});
  if (it == p.terms_.end()) return LiftResult::No;
  const Coef cv = it->second;
  if (p.normalize(shl_coef(cv, 1)).zero()) return LiftResult::No;  // the whole word's top bit
  // The linear gate terms, by coefficient.
  const uint32_t first = aig_.first_and_var();
  std::map<std::vector<uint64_t>, std::vector<uint32_t>> linear;
  auto coef_key = [](const Coef& c) { return std::vector<uint64_t>(c.limb, c.limb + 4); };
  for (auto& [m, c] : p.terms_)
    if (m.size() == 1 && m[0] != kv && run.var_of_key[m[0]] >= first)
      linear[coef_key(c)].push_back(run.var_of_key[m[0]]);
  const std::vector<uint64_t>& sv = support(v);
  auto within = [&](uint32_t u) {
    const std::vector<uint64_t>& su = support(u);
    for (size_t w = 0; w < sv.size(); ++w)
      if (su[w] & ~sv[w]) return false;
    return true;
  };
  // Patterns: (signed, top v), (signed, top !v) for a sign bit read at several weights (a
  // sign extension); (unsigned, top v) for a truncated top (an XOR without carry-out) read once,
  // at depth 0 only (it looks like any bit of a wider word).
  const bool truncated = run.defs[size_t(run.def_of[v])].kind == Def::Xor;
  const bool extended = run.uses[v] >= 2;
  // The complement of v sign-extended by the word's reader (the top of a subtracted sign row,
  // README item 3): read as !v by two or more output bits.
  const bool inverted_sign = run.inverted[v] >= 2;
  bool word_missing = true, guess_failed = false;  // the sign-bit pattern's word: no bit below
                                                    // v found; guessed and failed
  const bool late_top =
      std::find(run.late_tops.begin(), run.late_tops.end(), v) != run.late_tops.end();
  const bool may_restart = extended && run.depth < 2 && run.may_postpone && !late_top;
  for (int pattern = 0; pattern < 3; ++pattern) {
    const bool is_signed = pattern < 2, top_inverted = pattern == 1;
    if (pattern == 1 && !truncated && !inverted_sign) continue;
    if (pattern == 2 && !truncated) continue;
    // The word's weight of its top bit, -odd*2^e (signed) or odd*2^e, is cv, or -cv if the top
    // literal is !v. odd is known mod 2^(bits-e): all ones is -1, a negated word (its bits not
    // the word's own), for a sign-extended top only (single-use: vmad_signmag's wrong guesses).
    const Coef top_weight = p.normalize(top_inverted ? neg_coef(cv) : cv);
    const Coef d = p.normalize(is_signed ? neg_coef(top_weight) : top_weight);
    const unsigned e = coef_ctz(d);
    if (e == 0 || e >= p.bits()) continue;
    const Coef odd0 = shr_coef(d, e), span = shl_coef(coef_of(1), p.bits() - e);
    const bool negated = (extended || inverted_sign) && e + 2 <= p.bits() &&
                         add_coef(odd0, coef_of(1)) == span;
    const Coef odd = negated ? coef_of(-1) : odd0;
    // Bits below v: one gate term per weight odd*2^i (the bit u) or -odd*2^i (the bit !u),
    // inside v's input support.
    std::vector<uint32_t> bit(e, 0);  // literal, 0 for none
    bool ambiguous = false;
    unsigned found = 0, base = e;
    for (unsigned i = e; i-- > 0;) {
      const Coef w = p.normalize(shl_coef(odd, i));
      std::vector<uint32_t> picks;
      for (const bool inverted : {false, true}) {
        auto li = linear.find(coef_key(inverted ? p.normalize(neg_coef(w)) : w));
        if (li == linear.end()) continue;
        for (uint32_t u : li->second)
          if (within(u) && !(negated && run.output[u]))
            picks.push_back(2 * u + (inverted ? 1 : 0));
      }
      // Several at one weight under a postponed top (README "A part of a product beside another
      // part's rows"): the word's bits are beside v, not read by it; else the word starts above.
      if (picks.size() > 1 && late_top) {
        support(v);  // fills support_
        keep_beside(aig_, v, support_, &picks);
        if (picks.size() > 1 && found > 0 && found == e - i - 1) break;
      }
      if (picks.size() > 1) ambiguous = true;
      if (picks.empty()) continue;
      const uint32_t pick = picks.back();
      bit[i] = pick;
      ++found;
      base = i;
    }
    // A sign bit whose word has gaps (bits whose readers are not rewritten yet, e.g. a
    // product's middle bits read through a later adder) is postponed below, not guessed.
    const bool gaps = found > 0 && found < e - base;
    if (pattern == 0 && found > 0 && !(gaps && may_restart)) word_missing = false;
    if (ambiguous || found == 0 || (pattern == 0 && gaps && may_restart)) continue;
    const unsigned width = e - base + 1;
    if (width > 200 || 2 * (found + 1) < width) continue;  // a word, not scattered bits
    std::vector<uint32_t> lits;
    for (unsigned i = base; i < e; ++i) lits.push_back(bit[i]);
    lits.push_back(2 * v + (top_inverted ? 1 : 0));
    Poly q(width);
    if (tried_[v] & (1 << pattern)) continue;  // each top and pattern once per Rewriter
    tried_[v] = char(tried_[v] | (1 << pattern));
    const uint64_t guess = memory_ ? (uint64_t((*origin_)[v]) << 32) | (uint64_t(width) << 8) |
                                         (run.depth << 2) | unsigned(pattern)
                                   : 0;
    if (memory_ && memory_->skip && memory_->failed.count(guess) &&
        !memory_->lifted.count(guess)) {
      if (std::getenv("PTXALU_AIG_TRACE"))
        std::fprintf(stderr, "%*sskip v%u pattern %d bits %u..%u (failed for an earlier form)\n",
                     int(2 * run.depth), "", v, pattern, base, e);
      ++skipped_;
      continue;
    }
    if (std::getenv("PTXALU_AIG_TRACE")) {
      std::fprintf(stderr, "%*slift v%u pattern %d bits %u..%u:", int(2 * run.depth), "", v,
                   pattern, base, e);
      for (uint32_t l : lits) std::fprintf(stderr, " %s%u", l & 1 ? "!" : "", l >> 1);
      std::fprintf(stderr, "\n");
    }
    // A word worth lifting has a small polynomial (a product: about width^2/4 terms); a guess
    // whose rewriting grows far past that (a truncated carry chain) is abandoned early.
    const size_t budget = std::min(run.max_terms / 2, std::max<size_t>(50'000, 8 * p.size()));
    auto give_up = [&](const char* why) {  // this guess is remembered and counted as failed
      if (std::getenv("PTXALU_AIG_TRACE"))
        std::fprintf(stderr, "%*s  %s\n", int(2 * run.depth), "", why);
      if (memory_) memory_->failed.insert(guess);
      guess_failed = guess_failed || pattern == 0;
      --lift_budget_;
      if (run.stats) ++run.stats->lift_failed;
    };
    if (!word(lits, width, budget, run.deadline, &q, nullptr, run.depth + 1)) {
      give_up("word not rewritten");
      continue;
    }
    // Q's coefficients in (-2^(width-1), 2^(width-1)]; its range over all inputs (poly.hpp).
    const SignedRange range = signed_range(q);
    if (!range_within(range, width, is_signed)) {
      give_up("out of range");
      continue;
    }
    // P holds odd*2^base*(the word's value) minus w_i for each inverted bit of weight w_i
    // (w*!u = w - w*u): replace those terms by odd*2^base*Q and the constants.
    const Coef scale = shl_coef(odd, base);
    for (unsigned i = base; i <= e; ++i) {
      const uint32_t l = i < e ? bit[i] : lits.back();
      if (!l) continue;
      p.terms_.erase(Monomial{run.key[l >> 1]});
      if (l & 1) {
        const Coef w = i < e ? shl_coef(odd, i) : (is_signed ? neg_coef(shl_coef(odd, e))
                                                              : shl_coef(odd, e));
        p.add(Monomial{}, neg_coef(w));
      }
    }
    for (auto& [m, s] : range.terms) p.add(*m, mul_coef(scale, s));  // over inputs only
    if (memory_) memory_->lifted.insert(guess);
    return LiftResult::Lifted;
  }
  // A sign bit (coefficient -odd*2^e, odd small) whose word is not all in the polynomial yet, or
  // whose guess failed (README `vmad_4part`): rewrite again with it postponed (plan), once.
  const Coef neg = p.normalize(neg_coef(cv));
  const unsigned e = coef_ctz(neg);
  const bool sign_like = e < p.bits() && coef_popcount(neg) < coef_popcount(cv);
  const bool postponed =
      std::find(run.late_tops.begin(), run.late_tops.end(), v) != run.late_tops.end();
  if (extended && (word_missing || guess_failed) && sign_like && run.depth < 2 &&
      run.may_postpone && !postponed) {
    if (std::getenv("PTXALU_AIG_TRACE"))
      std::fprintf(stderr, "%*spostpone v%u (%s)\n", int(2 * run.depth), "", v,
                   word_missing ? "its word not all in the polynomial" : "its guessed word failed");
    return LiftResult::Postpone;
  }
  return LiftResult::No;
}

}  // namespace ptxalu::algebra
