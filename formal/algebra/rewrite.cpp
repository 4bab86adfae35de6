// Backward rewriting (formal/algebra/README.md): the polynomial of an output word over the inputs,
// each gate's definition (cuts.cpp) substituted in an order where every gate comes before the
// leaves of its definition, modulo 2^n. Method: Kaufmann, Biere, Kauers (FMCAD 2019) and Mahzoon,
// Grosse, Drechsler (ICCAD 2019), see poly.hpp.
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
#include "rewrite.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <queue>

#include "adder.hpp"
#include "cuts.hpp"
#include "rewrite_run.hpp"
#include "vanish.hpp"

namespace ptxalu::algebra {

Rewriter::Rewriter(const Aig& aig)
    : aig_(aig), defs_(std::make_unique<GateDefs>(aig)),
      small_(std::make_unique<SmallFunctions>(aig)) {}
Rewriter::~Rewriter() = default;

const std::vector<uint64_t>& Rewriter::support(uint32_t v) {
  if (support_.empty()) {
    const size_t words = aig_.num_inputs / 64 + 1;
    support_.assign(aig_.num_vars() + 1, std::vector<uint64_t>(words, 0));
    for (uint32_t i = 1; i <= aig_.num_inputs; ++i)
      support_[i][(i - 1) / 64] |= uint64_t{1} << ((i - 1) % 64);
    const uint32_t first = aig_.first_and_var();
    for (uint32_t g = first; g <= aig_.num_vars(); ++g) {
      const auto& a = support_[aig_.and_rhs0[g - first] >> 1];
      const auto& b = support_[aig_.and_rhs1[g - first] >> 1];
      for (size_t w = 0; w < words; ++w) support_[g][w] = a[w] | b[w];
    }
  }
  return support_[v];
}

void Rewriter::plan(Run& run, const std::vector<uint32_t>& lits) {
  const uint32_t first = aig_.first_and_var();
  const uint32_t n = aig_.num_vars();
  // Each reachable gate's definition, then an order in which every gate comes before the
  // leaves of its definition (a full adder's sum before its carry, whatever their AIG order).
  // Gates inside the input support of a postponed word top (see try_lift) come last, the top
  // first among them, so that its word's other bits are all in the polynomial when it is
  // rewritten.
  std::vector<char> late(n + 1, 0);
  for (uint32_t t : run.late_tops) {
    const std::vector<uint64_t>& st = support(t);
    for (uint32_t g = first; g <= n; ++g) {
      if (late[g]) continue;
      const std::vector<uint64_t>& sg = support(g);
      bool within = true;
      for (size_t w = 0; w < st.size() && within; ++w) within = !(sg[w] & ~st[w]);
      if (within) late[g] = 1;
    }
  }
  for (uint32_t t : run.late_tops) late[t] = 2;
  shared_order(run);  // shared_word.cpp: run.shared_late, after every other gate
  bool use_adders = true;
  for (int attempt = 0; attempt < 2; ++attempt) {
    run.defs.clear();
    run.def_of.assign(n + 1, -1);
    std::vector<uint32_t> stack;
    for (uint32_t l : lits) if ((l >> 1) >= first) stack.push_back(l >> 1);
    while (!stack.empty()) {
      const uint32_t v = stack.back();
      stack.pop_back();
      if (run.def_of[v] >= 0) continue;
      run.def_of[v] = int(run.defs.size());
      run.defs.push_back(defs_->definition(v, use_adders));
      for (auto& [c, m] : run.defs.back().poly)
        for (uint32_t u : m) if (u >= first && run.def_of[u] < 0) stack.push_back(u);
    }
    // Kahn's algorithm over definition leaves, the highest-numbered ready gate first (close to
    // the AIG's own reverse order, which keeps adder rows together); a cycle (a carry that
    // depends on its own sum) drops adder units and starts again.
    run.order.clear();
    std::vector<std::vector<uint32_t>> leaves(run.defs.size());
    std::vector<uint32_t> parents(n + 1, 0);
    for (uint32_t v = first; v <= n; ++v) {
      if (run.def_of[v] < 0) continue;
      std::vector<uint32_t>& lv = leaves[size_t(run.def_of[v])];
      for (auto& [c, m] : run.defs[size_t(run.def_of[v])].poly)
        for (uint32_t u : m) if (u >= first) lv.push_back(u);
      std::sort(lv.begin(), lv.end());
      lv.erase(std::unique(lv.begin(), lv.end()), lv.end());
      for (uint32_t u : lv) ++parents[u];
    }
    run.uses = parents;
    for (uint32_t l : lits) ++run.uses[l >> 1];
    run.inverted.assign(n + 1, 0);
    run.output.assign(n + 1, 0);
    for (uint32_t l : lits) run.inverted[l >> 1] += l & 1, run.output[l >> 1] = 1;
    // Priority: not late first, then postponed tops, then the highest index.
    auto prio = [&](uint32_t v) {
      return (uint64_t(run.shared_late[v] ? 0 : late[v] == 0 ? 3 : late[v] == 2 ? 2 : 1) << 32) | v;
    };
    std::priority_queue<uint64_t> ready;
    size_t reachable = 0;
    for (uint32_t v = first; v <= n; ++v)
      if (run.def_of[v] >= 0) {
        ++reachable;
        if (parents[v] == 0) ready.push(prio(v));
      }
    while (!ready.empty()) {
      const uint32_t v = uint32_t(ready.top());
      ready.pop();
      run.order.push_back(v);
      for (uint32_t u : leaves[size_t(run.def_of[v])])
        if (--parents[u] == 0) ready.push(prio(u));
    }
    if (run.order.size() == reachable) break;
    use_adders = false;
    run.order.clear();
  }
  if (run.depth == 0 && std::getenv("PTXALU_AIG_DEFS"))  // for engine developers
    for (uint32_t v : run.order) {
      std::fprintf(stderr, "v%u kind %d:", v, int(run.defs[size_t(run.def_of[v])].kind));
      for (auto& [c, m] : run.defs[size_t(run.def_of[v])].poly) {
        std::fprintf(stderr, " %+lld", static_cast<long long>(c));
        for (uint32_t u : m) std::fprintf(stderr, "*v%u", u);
      }
      std::fprintf(stderr, "\n");
    }
  // Keys: gates by position in `order` (earlier = larger), inputs keep their variable number.
  run.key.assign(n + 1, 0);
  for (uint32_t v = 0; v < first && v <= n; ++v) run.key[v] = v;
  const uint32_t top = uint32_t(n + 2 + run.order.size());
  run.var_of_key.assign(top + 1, 0);
  for (uint32_t v = 0; v < first && v <= n; ++v) run.var_of_key[v] = v;
  for (size_t i = 0; i < run.order.size(); ++i) {
    run.key[run.order[i]] = uint32_t(n + 1 + run.order.size() - i);
    run.var_of_key[run.key[run.order[i]]] = run.order[i];
  }
  run.bucket.assign(top + 1, {});
}

Rewriter::Outcome Rewriter::substitute(Run& run, const std::vector<uint32_t>& lits,
                                       unsigned bits) {
  const uint32_t first = aig_.first_and_var();
  auto keyed = [&](const Monomial& m) {
    Monomial r;
    for (uint32_t v : m) r.push_back(run.key[v]);
    std::sort(r.begin(), r.end(), std::greater<uint32_t>());
    return r;
  };
  Poly& p = run.p;
  p = Poly(bits);
  auto add_term = [&](const Monomial& m, const Coef& c) {
    const bool existed = p.terms_.count(m) != 0;
    p.add(m, c);
    if (!existed && p.terms_.count(m) && !m.empty() && m[0] >= first)
      run.bucket[m[0]].push_back(m);
  };
  for (size_t i = 0; i < lits.size() && (run.weights || i < bits); ++i)
    for (auto& [c, m] : lit_poly(lits[i]))
      add_term(keyed(m), p.mul_small(run.weights ? (*run.weights)[i]
                                                 : shl_coef(coef_of(1), unsigned(i)), c));

  const char* trace = std::getenv("PTXALU_AIG_TRACE");
  const size_t trace_above = trace ? size_t(std::atoll(trace)) : 0;
  size_t work = 0;
  for (size_t pos = 0; pos < run.order.size(); ++pos) {
    const uint32_t v = run.order[pos];
    const uint32_t k = run.key[v];
    if (run.bucket[k].empty()) continue;
    const Def& d = run.defs[size_t(run.def_of[v])];
    LiftResult lr = lift_ ? lift_shared(run, v, d.kind) : LiftResult::No;  // shared_word.cpp
    if (lr == LiftResult::Postpone) return Outcome::Restart;
    if (lr == LiftResult::No && lift_ && (d.kind == Def::Xor || d.kind == Def::HalfAdder))
      lr = try_lift(run, v);
    if (lr == LiftResult::Lifted && run.stats) ++run.stats->lifts;
    if (lr == LiftResult::Postpone) return run.late_tops.push_back(v), Outcome::Restart;
    std::vector<Monomial> todo;
    todo.swap(run.bucket[k]);
    std::vector<std::pair<Monomial, Coef>> taken;
    for (Monomial& m : todo) {
      auto it = p.terms_.find(m);
      if (it == p.terms_.end()) continue;
      taken.push_back({std::move(m), it->second});
      p.terms_.erase(it);
    }
    if (taken.empty()) continue;
    Small def;
    for (auto& [dc, dm] : d.poly) def.push_back({dc, keyed(dm)});
    for (auto& [m, c] : taken) {
      const Monomial rest(m.begin() + 1, m.end());
      for (auto& [dc, dm] : def) {
        Monomial nm = mono_mul(rest, dm);
        if (clean_ && !clean(run, nm, dm)) continue;  // identically 0
        add_term(nm, p.mul_small(c, dc));
      }
      if (p.size() > run.max_terms) return Outcome::GaveUp;
    }
    if (trace && p.size() > trace_above)
      std::fprintf(stderr, "%*svar %u kind %d taken %zu -> %zu terms\n", int(2 * run.depth), "",
                   v, int(d.kind), taken.size(), p.size());
    if (run.stats) run.stats->max_terms = std::max(run.stats->max_terms, p.size());
    if (p.size() > run.max_terms) return Outcome::GaveUp;
    if ((++work & 15) == 0 && std::chrono::steady_clock::now() > run.deadline)
      return Outcome::GaveUp;
  }
  return Outcome::Done;
}

// The monomial m (keys) after the factors `fresh` joined it: false if it is identically 0 (two
// of its small-support factors are exclusive); factors implied by another are dropped (u*v = u
// when u implies v). Only pairs with a fresh factor are checked: the rest was checked when it
// was formed. Every dropped factor is implied by one that stays (implication is transitive;
// of two equal functions the relation keeps the lower variable), so m's value is unchanged.
bool Rewriter::clean(Run& run, Monomial& m, const Monomial& fresh) {
  const uint32_t ninputs = aig_.num_inputs;
  bool dropped = false;
  for (uint32_t kx : fresh) {
    const uint32_t x = run.var_of_key[kx];
    if (!small_->small(x)) continue;
    for (uint32_t& ky : m) {
      if (ky == kx || ky == 0) continue;
      const uint32_t y = run.var_of_key[ky];
      if ((x <= ninputs && y <= ninputs) || !small_->small(y)) continue;
      switch (small_->relation(x, y)) {
        case SmallFunctions::Exclusive:
          if (run.stats) ++run.stats->vanished;
          return false;
        case SmallFunctions::FirstImpliesSecond:  // x*y = x
          ky = 0;
          dropped = true;
          break;
        case SmallFunctions::SecondImpliesFirst:  // x*y = y
          for (uint32_t& k : m)
            if (k == kx) k = 0;
          dropped = true;
          break;
        case SmallFunctions::None: break;
      }
      if (std::find(m.begin(), m.end(), kx) == m.end()) break;  // x itself dropped
    }
  }
  if (dropped) {
    const size_t before = m.size();
    m.erase(std::remove(m.begin(), m.end(), 0u), m.end());
    if (run.stats) run.stats->absorbed += before - m.size();
  }
  return true;
}

bool Rewriter::word(const std::vector<uint32_t>& lits, unsigned bits, size_t max_terms,
                    std::chrono::steady_clock::time_point deadline, Poly* out,
                    RewriteStats* stats, unsigned depth, const std::vector<Coef>* weights) {
  // A final adder other than a ripple-carry chain (a parallel prefix): rewrite the word with
  // a ripple adder in its place, proven equal by BDDs (adder.cpp).
  if (depth == 0 && adders_ && !weights) {
    AdderReplacement rep;
    if (replace_final_adder(aig_, lits, &rep)) {
      if (std::getenv("PTXALU_AIG_TRACE"))
        std::fprintf(stderr, "final adder of bits %u..%u replaced by a ripple adder\n", rep.low,
                     rep.low + rep.bits - 1);
      if (stats) ++stats->adders_replaced;
      Rewriter inner(rep.aig);
      inner.lift_ = lift_;
      inner.clean_ = clean_;
      inner.adders_ = false;
      return inner.word(rep.word, bits, max_terms, deadline, out, stats, depth);
    }
  }
  // Two attempts (depth 0): without postponing a shared word's top before its word is in P,
  // then, only if that rule would have applied and the first gave up, with it. Both orders
  // prove the gallery's 65x65 Karatsuba pair (engine alone: the first 5.6 s, the second 38 s);
  // its radix-8 Booth pair only the second (rewrite_run.hpp, kEarlyTopFirstTerms).
  const size_t shared_budget = shared_budget_;
  for (int attempt = 0; attempt < 2; ++attempt) {
    Run run;
    run.max_terms = max_terms;
    run.deadline = deadline;
    run.depth = depth;
    run.weights = weights;
    run.postpone_early_tops = attempt == 1;
    shared_budget_ = shared_budget;
    bool done = false;
    if (attempt == 1) {
      if (stats) ++stats->second_attempts;
      if (std::getenv("PTXALU_AIG_TRACE"))
        std::fprintf(stderr, "second attempt: shared-word tops postponed early\n");
    }
    const bool proven = attempt_word(run, lits, bits, out, stats, attempt == 0, &done);
    if (stats && run.early_top_seen) ++stats->early_tops;
    if (proven) return true;
    if (done || !run.early_top_seen) return false;
  }
  return false;
}

bool Rewriter::attempt_word(Run& run, const std::vector<uint32_t>& lits, unsigned bits,
                            Poly* out, RewriteStats* stats, bool first, bool* done) {
  RewriteStats local;
  run.stats = &local;
  for (unsigned pass = 0; pass < 16 + run.shared_tops.size(); ++pass) {
    local = RewriteStats{};
    run.may_postpone = pass < 15;
    if (run.depth == 0) tried_.clear();  // lifts are tried again in the new order
    plan(run, lits);
    if (!pass && first && slices_ &&
        slice({run.order, run.defs, run.def_of, lits, bits, run.max_terms, run.deadline,
               run.depth, run.weights}, out, stats))
      return true;  // a middle slice of a word (slice.cpp)
    const Outcome o = substitute(run, lits, bits);
    if (o == Outcome::Restart) continue;
    if (stats) {
      for (uint32_t v : run.order) {
        switch (run.defs[size_t(run.def_of[v])].kind) {
          case Def::And: ++stats->ands; break;
          case Def::Xor: ++stats->xors; break;
          case Def::Maj: ++stats->majs; break;
          case Def::HalfAdder: ++stats->half_adders; break;
          case Def::FullAdder: ++stats->adders; break;
          case Def::Alias: break;
        }
      }
      stats->max_terms = std::max(stats->max_terms, local.max_terms);
      stats->lifts += local.lifts;
      stats->lift_failed += local.lift_failed;
      stats->vanished += local.vanished;
      stats->absorbed += local.absorbed;
      stats->restarts += pass;
    }
    if (o == Outcome::GaveUp) {
      *done = std::chrono::steady_clock::now() >= run.deadline;  // no time for a second attempt
      return false;
    }
    *out = std::move(run.p);
    return true;
  }
  return false;
}

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
    if (!word(lits, width, budget, run.deadline, &q, nullptr, run.depth + 1)) {
      if (std::getenv("PTXALU_AIG_TRACE"))
        std::fprintf(stderr, "%*s  word not rewritten\n", int(2 * run.depth), "");
      if (memory_) memory_->failed.insert(guess);
      guess_failed = guess_failed || pattern == 0;
      --lift_budget_;
      if (run.stats) ++run.stats->lift_failed;
      continue;
    }
    // Q's coefficients in (-2^(width-1), 2^(width-1)]; its range over all inputs (poly.hpp).
    const SignedRange range = signed_range(q);
    if (!range_within(range, width, is_signed)) {
      if (std::getenv("PTXALU_AIG_TRACE"))
        std::fprintf(stderr, "%*s  out of range\n", int(2 * run.depth), "");
      if (memory_) memory_->failed.insert(guess);
      guess_failed = guess_failed || pattern == 0;
      --lift_budget_;
      if (run.stats) ++run.stats->lift_failed;
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

bool rewrite_word(const Aig& aig, const std::vector<uint32_t>& lits, unsigned bits,
                  size_t max_terms, std::chrono::steady_clock::time_point deadline, Poly* out,
                  RewriteStats* stats) {
  Rewriter r(aig);
  return r.word(lits, bits, max_terms, deadline, out, stats);
}

}  // namespace ptxalu::algebra
