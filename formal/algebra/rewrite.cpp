// Backward rewriting (formal/algebra/README.md): the polynomial of an output word over the inputs,
// each gate's definition (cuts.cpp) substituted in an order where every gate comes before the
// leaves of its definition, modulo 2^n. Method: Kaufmann, Biere, Kauers (FMCAD 2019) and Mahzoon,
// Grosse, Drechsler (ICCAD 2019), see poly.hpp.
// The word lift (a sign- or zero-extended word replaced by its own polynomial): word_lift.cpp.
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
    if (attempt == 1) {
      if (stats) ++stats->second_attempts;
      if (std::getenv("PTXALU_AIG_TRACE"))
        std::fprintf(stderr, "second attempt: shared-word tops postponed early\n");
    }
    const bool proven = attempt_word(run, lits, bits, out, stats);
    if (stats && run.early_top_seen) ++stats->early_tops;
    if (proven) return true;
    if (!run.early_top_seen || std::chrono::steady_clock::now() >= deadline) return false;
  }
  return false;
}

bool Rewriter::attempt_word(Run& run, const std::vector<uint32_t>& lits, unsigned bits,
                            Poly* out, RewriteStats* stats) {
  RewriteStats local;
  run.stats = &local;
  for (unsigned pass = 0; pass < 16 + run.shared_tops.size(); ++pass) {
    local = RewriteStats{};
    run.may_postpone = pass < 15;
    if (run.depth == 0) tried_.clear();  // lifts are tried again in the new order
    plan(run, lits);
    if (!pass && !run.postpone_early_tops && slices_ &&  // (the first attempt tried it)
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
    if (o == Outcome::GaveUp) return false;
    *out = std::move(run.p);
    return true;
  }
  return false;
}

bool rewrite_word(const Aig& aig, const std::vector<uint32_t>& lits, unsigned bits,
                  size_t max_terms, std::chrono::steady_clock::time_point deadline, Poly* out,
                  RewriteStats* stats) {
  Rewriter r(aig);
  return r.word(lits, bits, max_terms, deadline, out, stats);
}

}  // namespace ptxalu::algebra
