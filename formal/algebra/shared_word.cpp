// The shared-word lift (formal/algebra/README.md "A word shared by many rows"): a word W whose
// bits every reader multiplies by the same cofactor, up to the bit's weight. A radix-8 Booth
// multiplier computes its hard multiple 3a = a + 2a once, and each row i reads bit j of it at
// weight 2^(3i+j) times the row's select and sign: after the rows are rewritten the polynomial
// is P = R + sum_j m_j * C_j with C_j = 2^j * C_0 (mod 2^n), C_0 the rows' selects. Rewriting
// the bits m_j one by one multiplies each into every row's truncated carry chain; instead
//   P = R + C_0 * W,  W = sum_{j<t} 2^j m_j +- 2^t m_t,
// and W is replaced by its own polynomial Q (the word rewritten alone modulo 2^(t+1)), so the
// rows read 3a linearly. Exact, never a guess: the C_j are checked term by term (a bit whose
// cofactor differs anywhere refuses the lift), and W = Q holds as integers by the word lift's
// range check (word_lift.cpp), or modulo 2^n without it when every coefficient of C_0 is a
// multiple of 2^(n-t-1). The bits are found from one monomial s of v's cofactor (the one of
// lowest 2-adic valuation): the gate variables u with u*s in P at a coefficient +-2^k times v's.
// Narrow on purpose (a rule tried at every gate cost mult_split 4x, README): depth 0, an adder
// sum read by at least four definitions with a nonlinear cofactor, a word of at least 12 bits,
// once per gate and pass; the first such word is postponed (plan: at most two) so that every
// row is rewritten before its bits. A full or half adder's sum over >= 12 inputs whose word is
// not yet in P (fewer than 12 bits: rows behind a compressor tree are rewritten column by
// column, between the word's bits) is postponed as the word's top too.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "cuts.hpp"
#include "rewrite_run.hpp"

namespace ptxalu::algebra {

// plan(): the gates inside the input support of a postponed shared word's top come after every
// other gate (the rows that read the word are then all rewritten before any of its bits).
void Rewriter::shared_order(Run& run) {
  const uint32_t first = aig_.first_and_var(), n = aig_.num_vars();
  run.shared_late.assign(n + 1, 0);
  for (uint32_t t : run.shared_tops) {
    const std::vector<uint64_t>& st = support(t);
    for (uint32_t g = first; g <= n; ++g) {
      const std::vector<uint64_t>& sg = support(g);
      bool within = true;
      for (size_t w = 0; w < st.size() && within; ++w) within = !(sg[w] & ~st[w]);
      if (within) run.shared_late[g] = 1;
    }
  }
}

Rewriter::LiftResult Rewriter::lift_shared(Run& run, uint32_t v, int kind) {
  if (run.depth != 0 || shared_budget_ == 0) return LiftResult::No;
  const bool is_late = v < run.shared_late.size() && run.shared_late[v];
  const bool sum = kind == Def::Xor || kind == Def::HalfAdder || kind == Def::FullAdder;
  if (!is_late && !(sum && run.uses[v] >= 4)) return LiftResult::No;
  if (tried_.empty()) tried_.assign(aig_.num_vars() + 1, 0);
  if (tried_[v] & 8) return LiftResult::No;
  tried_[v] = char(tried_[v] | 8);
  Poly& p = run.p;
  const uint32_t kv = run.key[v], first = aig_.first_and_var();
  // v leads every monomial it is in (its key is the largest left): its bucket holds them.
  const Monomial* sig = nullptr;
  Coef csig;
  for (const Monomial& m : run.bucket[kv]) {
    auto it = p.terms_.find(m);
    if (it == p.terms_.end() || m.size() < 2) continue;
    if (!sig || coef_ctz(it->second) < coef_ctz(csig)) sig = &it->first, csig = it->second;
  }
  if (!sig) return LiftResult::No;  // linear in v: the word lift's case (try_lift)
  const Monomial s(sig->begin() + 1, sig->end());
  // Candidates: gate keys u with u*s in P, coefficient +-2^d times csig (d may be negative).
  std::map<int, std::pair<uint32_t, bool>> bit;  // relative exponent -> (key, negative)
  bool ambiguous = false;
  // Several at one exponent: the one whose input support is nested with v's (one adder's sums).
  const std::vector<uint64_t> sv = support(v);
  auto nested = [&](uint32_t key) {
    const std::vector<uint64_t>& su = support(run.var_of_key[key]);
    bool sub = true, super = true;
    for (size_t w = 0; w < sv.size(); ++w) sub &= !(su[w] & ~sv[w]), super &= !(sv[w] & ~su[w]);
    return sub || super;
  };
  const unsigned e0 = coef_ctz(csig);
  for (auto& [m, c] : p.terms_) {
    if (m.size() != s.size() + 1 || m[0] < first) continue;
    uint32_t u = 0;
    size_t i = 0, j = 0;
    for (; i < m.size(); ++i) {
      if (j < s.size() && m[i] == s[j]) ++j;
      else if (u) break;
      else u = m[i];
    }
    if (i < m.size() || j < s.size() || u < first) continue;
    const int d = int(coef_ctz(c)) - int(e0);
    const Coef& hi = d >= 0 ? c : csig;
    const Coef lo = p.normalize(shl_coef(d >= 0 ? csig : c, unsigned(d >= 0 ? d : -d)));
    bool negative;
    if (lo == hi) negative = false;
    else if (p.normalize(neg_coef(lo)) == hi) negative = true;
    else continue;
    auto it = bit.find(d);
    if (it == bit.end()) bit[d] = {u, negative};
    else if (nested(u) && nested(it->second.first)) ambiguous = true;
    else if (nested(u)) it->second = {u, negative};
  }
  if (ambiguous) return LiftResult::No;
  if (bit.size() < 12) {
    // Too few bits of the word in P yet: the rows reading its lower bits sit between its bits
    // in the order (a compressor tree's rows are rewritten bit by bit). A full or half adder's
    // sum over >= 12 inputs, read by >= 4 gates with a nonlinear cofactor, is taken as the top
    // of such a word and postponed; after the restart every gate within its support (the
    // word's adder) comes last, and the lift above finds the whole word or gives up.
    const size_t pc = support_size(sv);
    const bool adder_sum = kind == Def::HalfAdder || kind == Def::FullAdder;
    if (is_late || !adder_sum || pc < 12 || run.shared_tops.size() >= 2) return LiftResult::No;
    if (!run.postpone_early_tops) {  // first attempt: give up early, the second postpones
      run.early_top_seen = true;
      run.max_terms = std::min(run.max_terms, kEarlyTopFirstTerms);
      return LiftResult::No;
    }
    if (std::getenv("PTXALU_AIG_TRACE"))
      std::fprintf(stderr, "shared word at v%u (%zu bits in P, %zu inputs): postponed\n", v,
                   bit.size(), pc);
    run.shared_tops.push_back(v);
    return LiftResult::Postpone;
  }
  const unsigned t = unsigned(bit.rbegin()->first - bit.begin()->first);
  if (t + 1 != bit.size() || t + 1 > p.bits()) return LiftResult::No;  // a gap: not one word
  // Before the first lift, every reader of the word is rewritten first: its bits postponed.
  if (!is_late && run.shared_tops.size() < 2) {
    uint32_t top = v;
    size_t best = 0;
    for (auto& [d, kb] : bit) {
      const uint32_t u = run.var_of_key[kb.first];
      const size_t pc = support_size(support(u));
      if (pc > best) best = pc, top = u;
    }
    if (std::getenv("PTXALU_AIG_TRACE"))
      std::fprintf(stderr, "shared word of %u bits at v%u: postponed (top v%u)\n", t + 1, v, top);
    run.shared_tops.push_back(top);
    return LiftResult::Postpone;
  }
  // Literals: bit k read as u_k or !u_k (relative sign to the lowest bit); weight 2^k.
  std::vector<int> pos_of(run.var_of_key.size(), -1);
  std::vector<uint32_t> lits;
  const bool base_neg = bit.begin()->second.second;
  for (auto& [d, kb] : bit) {
    pos_of[kb.first] = int(lits.size());
    lits.push_back(2 * run.var_of_key[kb.first] + (kb.second != base_neg ? 1 : 0));
  }
  // Every monomial with a word bit, split into bit and cofactor; two bits in one: no lift.
  std::vector<std::map<Monomial, Coef>> cof(t + 1);
  std::vector<Monomial> taken;
  for (auto& [m, c] : p.terms_) {
    int k = -1;
    Monomial rest;
    for (uint32_t x : m) {
      if (x < pos_of.size() && pos_of[x] >= 0) {
        if (k >= 0) return LiftResult::No;
        k = pos_of[x];
      } else {
        rest.push_back(x);
      }
    }
    if (k < 0) continue;
    cof[size_t(k)][rest] = c;
    taken.push_back(m);
  }
  // u_k's cofactor is +-2^k C (C = the lowest bit's, - for !u_k), term by term, modulo 2^n.
  unsigned emin = 256;
  for (auto& [m, c] : cof[0]) emin = std::min(emin, coef_ctz(c));
  for (unsigned k = 1; k <= t; ++k) {
    size_t expected = 0;
    for (auto& [m, c] : cof[0]) {
      Coef w = p.normalize(shl_coef(c, k));
      if (lits[k] & 1) w = p.normalize(neg_coef(w));
      if (w.zero()) continue;
      ++expected;
      auto it = cof[k].find(m);
      if (it == cof[k].end() || !(it->second == w)) return LiftResult::No;
    }
    if (expected != cof[k].size()) return LiftResult::No;
  }
  // Then the bits' terms are C * (W - K), W = sum_k 2^k l_k, K = sum over the !u_k of 2^k.
  // Read with its top weight -2^t (signed, top literal complemented) the same terms are
  // C * (W' - K'); the top's polarity like the bit below it is tried first.
  const unsigned width = t + 1;
  const size_t budget = std::min(run.max_terms / 2, std::max<size_t>(50'000, 8 * p.size()));
  const bool modular = emin + width >= p.bits();  // C * 2^width = 0: W = Q mod 2^width is enough
  const bool prefer_signed = (lits[t] & 1) != (lits[t - 1] & 1);
  for (int attempt = 0; attempt < (modular ? 1 : 2); ++attempt) {
    const bool is_signed = prefer_signed != (attempt == 1);
    std::vector<uint32_t> l = lits;
    if (is_signed) l[t] ^= 1;
    Coef kconst;
    for (unsigned k = 0; k <= t; ++k)
      if (l[k] & 1) {
        const Coef w = shl_coef(coef_of(1), k);
        kconst = add_coef(kconst, k == t && is_signed ? neg_coef(w) : w);
      }
    if (std::getenv("PTXALU_AIG_TRACE"))
      std::fprintf(stderr, "shared word of %u bits at v%u (%s), cofactor %zu terms\n", width, v,
                   is_signed ? "signed" : "unsigned", cof[0].size());
    Poly q(width);
    if (!word(l, width, budget, run.deadline, &q, nullptr, 1)) {
      if (std::getenv("PTXALU_AIG_TRACE")) std::fprintf(stderr, "  not rewritten\n");
      if (run.stats) ++run.stats->lift_failed;
      --shared_budget_;
      return LiftResult::No;
    }
    std::vector<std::pair<const Monomial*, Coef>> qterms;
    SignedRange range;
    if (modular) {
      for (auto& [m, c] : q.terms_) qterms.push_back({&m, c});
    } else {
      range = signed_range(q);
      if (!range_within(range, width, is_signed)) {
        if (std::getenv("PTXALU_AIG_TRACE")) std::fprintf(stderr, "  out of range\n");
        if (run.stats) ++run.stats->lift_failed;
        --shared_budget_;
        continue;
      }
      qterms = range.terms;
    }
    for (const Monomial& m : taken) p.terms_.erase(m);
    qterms.push_back({nullptr, neg_coef(kconst)});
    const Monomial none;
    for (auto& [m, c] : cof[0])
      for (auto& [qm, qc] : qterms) {
        const Monomial nm = mono_mul(m, qm ? *qm : none);
        const bool existed = p.terms_.count(nm) != 0;
        p.add(nm, mul_coef(c, qc));
        if (!existed && p.terms_.count(nm) && !nm.empty() && nm[0] >= first)
          run.bucket[nm[0]].push_back(nm);
      }
    return LiftResult::Lifted;
  }
  return LiftResult::No;
}

}  // namespace ptxalu::algebra
