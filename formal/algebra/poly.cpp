#include "poly.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <queue>
#include <map>
#include <sstream>

namespace ptxalu::algebra {

namespace {

Coef add_coef(const Coef& a, const Coef& b) {
  Coef r;
  unsigned __int128 carry = 0;
  for (int i = 0; i < 4; ++i) {
    const unsigned __int128 s = (unsigned __int128)a.limb[i] + b.limb[i] + carry;
    r.limb[i] = uint64_t(s);
    carry = s >> 64;
  }
  return r;
}

Coef neg_coef(const Coef& a) {
  Coef r;
  for (int i = 0; i < 4; ++i) r.limb[i] = ~a.limb[i];
  Coef one;
  one.limb[0] = 1;
  return add_coef(r, one);
}

Coef shl_coef(const Coef& a, unsigned s) {
  Coef r;
  for (int i = 3; i >= 0; --i) {
    const int src = i - int(s / 64);
    if (src < 0) continue;
    r.limb[i] = a.limb[src] << (s % 64);
    if (s % 64 && src > 0) r.limb[i] |= a.limb[src - 1] >> (64 - s % 64);
  }
  return r;
}

// Merges two descending variable lists (x*x = x).
Monomial mono_mul(const Monomial& a, const Monomial& b) {
  Monomial r;
  r.reserve(a.size() + b.size());
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i] > b[j])) r.push_back(a[i++]);
    else if (i == a.size() || b[j] > a[i]) r.push_back(b[j++]);
    else { r.push_back(a[i]); ++i; ++j; }
  }
  return r;
}

// A small polynomial with integer coefficients over a few leaf variables: a gate's definition.
using Small = std::vector<std::pair<int64_t, Monomial>>;

Small lit_poly(uint32_t lit) {
  const uint32_t v = lit >> 1;
  if (v == 0) return (lit & 1) ? Small{{1, {}}} : Small{};
  if (lit & 1) return Small{{1, {}}, {-1, {v}}};
  return Small{{1, {v}}};
}

Small small_mul(const Small& a, const Small& b) {
  std::map<Monomial, int64_t> acc;
  for (auto& [ca, ma] : a)
    for (auto& [cb, mb] : b) acc[mono_mul(ma, mb)] += ca * cb;
  Small r;
  for (auto& [m, c] : acc)
    if (c) r.push_back({c, m});
  return r;
}

Small small_add(const Small& a, const Small& b, int64_t kb) {
  std::map<Monomial, int64_t> acc;
  for (auto& [c, m] : a) acc[m] += c;
  for (auto& [c, m] : b) acc[m] += kb * c;
  Small r;
  for (auto& [m, c] : acc)
    if (c) r.push_back({c, m});
  return r;
}

Small complement_if(const Small& p, bool flip) {
  return flip ? small_add(Small{{1, {}}}, p, -1) : p;
}

// k-feasible cuts (k = 3) with truth tables over the leaves (leaf i is minterm bit i).
struct Cut {
  uint32_t leaf[3];
  uint8_t size;
  uint8_t tt;
};

uint8_t expand_tt(const Cut& c, const uint32_t* leaves, unsigned n) {
  uint8_t pos[3];
  for (unsigned i = 0; i < c.size; ++i)
    for (unsigned j = 0; j < n; ++j)
      if (leaves[j] == c.leaf[i]) pos[i] = uint8_t(j);
  uint8_t r = 0;
  for (unsigned m = 0; m < 8; ++m) {
    unsigned sub = 0;
    for (unsigned i = 0; i < c.size; ++i) sub |= ((m >> pos[i]) & 1u) << i;
    if ((c.tt >> sub) & 1) r |= uint8_t(1u << m);
  }
  return r;
}

uint8_t maj_tt(unsigned pol) {
  uint8_t r = 0;
  for (unsigned m = 0; m < 8; ++m) {
    const unsigned x = m ^ pol;
    if (__builtin_popcount(x) >= 2) r |= uint8_t(1u << m);
  }
  return r;
}

// The tt of a cut with fewer than 3 leaves is stored replicated (independent of the missing).
constexpr size_t kMaxCuts = 40;

std::vector<std::vector<Cut>> enumerate_cuts(const Aig& aig) {
  const uint32_t n = aig.num_vars();
  std::vector<std::vector<Cut>> cuts(n + 1);
  const uint32_t first = aig.first_and_var();
  for (uint32_t v = 1; v < first && v <= n; ++v) cuts[v].push_back(Cut{{v, 0, 0}, 1, 0xaa});
  for (size_t k = 0; k < aig.and_lhs.size(); ++k) {
    const uint32_t v = first + uint32_t(k);
    const uint32_t l0 = aig.and_rhs0[k], l1 = aig.and_rhs1[k];
    std::vector<Cut>& out = cuts[v];
    auto fanin_cuts = [&](uint32_t lit) {
      std::vector<Cut> cs;
      if ((lit >> 1) == 0) return cs;
      cs.push_back(Cut{{lit >> 1, 0, 0}, 1, 0xaa});
      for (const Cut& c : cuts[lit >> 1])
        if (c.size > 1) cs.push_back(c);
      return cs;
    };
    const std::vector<Cut> c0 = fanin_cuts(l0), c1 = fanin_cuts(l1);
    for (const Cut& a : c0) {
      for (const Cut& b : c1) {
        uint32_t u[6];
        unsigned nu = 0;
        for (unsigned i = 0; i < a.size; ++i) u[nu++] = a.leaf[i];
        for (unsigned i = 0; i < b.size; ++i) u[nu++] = b.leaf[i];
        // Insertion sort and dedupe of at most six leaves.
        for (unsigned i = 1; i < nu; ++i)
          for (unsigned j = i; j > 0 && u[j - 1] > u[j]; --j) std::swap(u[j - 1], u[j]);
        unsigned distinct = 0;
        for (unsigned i = 0; i < nu; ++i)
          if (distinct == 0 || u[distinct - 1] != u[i]) u[distinct++] = u[i];
        nu = distinct;
        if (nu > 3) continue;
        uint8_t ta = expand_tt(a, u, nu), tb = expand_tt(b, u, nu);
        if (l0 & 1) ta = uint8_t(~ta);
        if (l1 & 1) tb = uint8_t(~tb);
        Cut c{{0, 0, 0}, uint8_t(nu), uint8_t(ta & tb)};
        for (unsigned i = 0; i < nu; ++i) c.leaf[i] = u[i];
        // Replicate over missing leaves (already: expand_tt ignores minterm bits >= nu).
        bool dup = false;
        for (const Cut& o : out)
          dup |= o.size == c.size && std::equal(o.leaf, o.leaf + o.size, c.leaf);
        if (!dup) out.push_back(c);
      }
    }
    // Keep the cuts nearest the node (highest leaves): adders and XORs are local structures.
    auto nearness = [](const Cut& c) {
      return c.size ? c.leaf[0] : 0u;  // the lowest leaf, as high as possible
    };
    std::stable_sort(out.begin(), out.end(),
                     [&](const Cut& x, const Cut& y) { return nearness(x) > nearness(y); });
    if (out.size() > kMaxCuts) out.resize(kMaxCuts);
  }
  return cuts;
}

struct Def {
  Small poly;                                            // in leaf literals
  enum Kind { And, Xor, Maj, HalfAdder, FullAdder, Alias } kind;
};

}  // namespace

Coef Poly::normalize(Coef c) const {
  for (unsigned i = 0; i < 4; ++i) {
    const unsigned lo = 64 * i;
    if (bits_ <= lo) c.limb[i] = 0;
    else if (bits_ < lo + 64) c.limb[i] &= (uint64_t{1} << (bits_ - lo)) - 1;
  }
  return c;
}

Coef Poly::mul_small(const Coef& c, int64_t k) const {
  const uint64_t mag = k < 0 ? uint64_t(-k) : uint64_t(k);
  Coef r;
  for (unsigned b = 0; b < 64; ++b)
    if ((mag >> b) & 1) r = add_coef(r, shl_coef(c, b));
  return normalize(k < 0 ? neg_coef(r) : r);
}

void Poly::add(const Monomial& m, const Coef& c) {
  const Coef n = normalize(c);
  if (n.zero()) return;
  auto [it, fresh] = terms_.try_emplace(m, n);
  if (!fresh) {
    it->second = normalize(add_coef(it->second, n));
    if (it->second.zero()) terms_.erase(it);
  }
}

void Poly::add_small(const Monomial& m, int64_t c, unsigned shift) {
  Coef one;
  one.limb[0] = 1;
  if (shift >= 256) return;
  add(m, mul_small(shl_coef(one, shift), c));
}

std::string Poly::to_string() const {
  std::ostringstream s;
  for (auto& [m, c] : terms_) {
    s << "+0x" << std::hex << c.limb[0] << std::dec;
    for (uint32_t v : m) s << "*x" << v;
  }
  return s.str();
}

Poly difference(const Poly& a, const Poly& b) {
  Poly r = a;
  for (auto& [m, c] : b.terms()) r.add(m, neg_coef(c));
  return r;
}

bool rewrite_word(const Aig& aig, const std::vector<uint32_t>& lits, unsigned bits,
                  size_t max_terms, std::chrono::steady_clock::time_point deadline, Poly* out,
                  RewriteStats* stats) {
  const uint32_t first = aig.first_and_var();
  const uint32_t n = aig.num_vars();
  bool use_adders = true;
  // Gate definitions: adders and XOR/majority as units where a 3-cut shows them.
  const std::vector<std::vector<Cut>> cuts = enumerate_cuts(aig);
  std::map<std::vector<uint32_t>, std::vector<std::pair<uint32_t, uint8_t>>> maj_at, and_at;
  for (uint32_t v = first; v <= n; ++v)
    for (const Cut& c : cuts[v]) {
      const std::vector<uint32_t> key(c.leaf, c.leaf + c.size);
      if (c.size == 3) {
        for (unsigned pol = 0; pol < 8; ++pol)
          if (c.tt == maj_tt(pol) || c.tt == uint8_t(~maj_tt(pol))) maj_at[key].push_back({v, c.tt});
      } else if (c.size == 2) {
        const uint8_t t = c.tt & 0xf;
        if (__builtin_popcount(t) == 1 || __builtin_popcount(t) == 3) and_at[key].push_back({v, t});
      }
    }
  auto leaf_lit = [](uint32_t var, unsigned pol) { return 2 * var + (pol & 1); };
  // Gates that compute the same XOR/majority of the same three leaves (a carry built twice)
  // are one variable: the later ones are defined as the first, so that the carries of the
  // adders' sums cancel (otherwise both copies are expanded into nonlinear terms).
  std::map<std::pair<std::vector<uint32_t>, uint8_t>, uint32_t> first_of_function;
  for (uint32_t v = first; v <= n; ++v)
    for (const Cut& c : cuts[v]) {
      if (c.size != 3) continue;
      const uint8_t canon = (c.tt & 1) ? uint8_t(~c.tt) : c.tt;
      first_of_function.emplace(std::make_pair(std::vector<uint32_t>(c.leaf, c.leaf + 3), canon), v);
    }
  auto definition = [&](uint32_t v) -> Def {
    const size_t k = v - first;
    for (const Cut& c : cuts[v]) {
      if (c.size != 3 || !use_adders) continue;
      const bool xor_like = c.tt == 0x96 || c.tt == 0x69;
      bool maj_like = false;
      for (unsigned pol = 0; pol < 8; ++pol)
        maj_like |= c.tt == maj_tt(pol) || c.tt == uint8_t(~maj_tt(pol));
      if (!xor_like && !maj_like) continue;
      const uint8_t canon = (c.tt & 1) ? uint8_t(~c.tt) : c.tt;
      const uint32_t r =
          first_of_function.at(std::make_pair(std::vector<uint32_t>(c.leaf, c.leaf + 3), canon));
      if (r == v) continue;
      // r's own truth table on these leaves decides the polarity.
      for (const Cut& rc : cuts[r])
        if (rc.size == 3 && std::equal(rc.leaf, rc.leaf + 3, c.leaf) &&
            (rc.tt == c.tt || rc.tt == uint8_t(~c.tt)))
          return Def{lit_poly(2 * r + (rc.tt == c.tt ? 0 : 1)), Def::Alias};
    }
    for (const Cut& c : cuts[v]) {
      if (c.size == 3 && (c.tt == 0x96 || c.tt == 0x69)) {
        const std::vector<uint32_t> key(c.leaf, c.leaf + 3);
        auto it = maj_at.find(key);
        if (it != maj_at.end()) {
          for (auto [m, tt] : it->second) {
            if (m == v || !use_adders) continue;
            for (unsigned pol = 0; pol < 8; ++pol) {
              const bool direct = tt == maj_tt(pol), inverted = tt == uint8_t(~maj_tt(pol));
              if (!direct && !inverted) continue;
              // v ^ q == xor(leaf ^ pol); carry literal == maj(leaf ^ pol).
              const bool q = (c.tt == 0x69) ^ (__builtin_popcount(pol) & 1);
              Small e;
              for (unsigned i = 0; i < 3; ++i) e = small_add(e, lit_poly(leaf_lit(c.leaf[i], pol >> i)), 1);
              e = small_add(e, lit_poly(2 * m + (inverted ? 1 : 0)), -2);

              return Def{complement_if(e, q), Def::FullAdder};
            }
          }
        }
      }
    }
    for (const Cut& c : cuts[v]) {
      const uint8_t t = c.tt & 0xf;
      if (c.size == 2 && (t == 0x6 || t == 0x9)) {
        const std::vector<uint32_t> key(c.leaf, c.leaf + 2);
        auto it = and_at.find(key);
        if (it != and_at.end()) {
          for (auto [m, tt] : it->second) {
            if (m == v || !use_adders) continue;
            const bool inverted = __builtin_popcount(tt) == 3;
            const uint8_t one = inverted ? uint8_t(~tt & 0xf) : tt;
            const unsigned minterm = unsigned(__builtin_ctz(one));
            const unsigned pol = (~minterm) & 3;  // leaf i taken complemented if its bit is 0
            const bool q = (t == 0x9) ^ (__builtin_popcount(pol) & 1);
            Small e = small_add(lit_poly(leaf_lit(c.leaf[0], pol)), lit_poly(leaf_lit(c.leaf[1], pol >> 1)), 1);
            e = small_add(e, lit_poly(2 * m + (inverted ? 1 : 0)), -2);

            return Def{complement_if(e, q), Def::HalfAdder};
          }
        }
      }
    }

    for (const Cut& c : cuts[v])
      if (c.size == 3 && (c.tt == 0x96 || c.tt == 0x69)) {
        Small x = lit_poly(2 * c.leaf[0]);
        for (unsigned i = 1; i < 3; ++i) {
          const Small y = lit_poly(2 * c.leaf[i]);
          x = small_add(small_add(x, y, 1), small_mul(x, y), -2);
        }
        return Def{complement_if(x, c.tt == 0x69), Def::Xor};
      }
    for (const Cut& c : cuts[v]) {
      if (c.size == 3) {
        for (unsigned pol = 0; pol < 8; ++pol) {
          const bool direct = c.tt == maj_tt(pol), inverted = c.tt == uint8_t(~maj_tt(pol));
          if (!direct && !inverted) continue;
          Small a = lit_poly(leaf_lit(c.leaf[0], pol)), b = lit_poly(leaf_lit(c.leaf[1], pol >> 1)),
                d = lit_poly(leaf_lit(c.leaf[2], pol >> 2));
          Small e = small_add(small_add(small_mul(a, b), small_mul(a, d), 1), small_mul(b, d), 1);
          e = small_add(e, small_mul(small_mul(a, b), d), -2);

          return Def{complement_if(e, inverted), Def::Maj};
        }
      }
    }
    for (const Cut& c : cuts[v]) {
      const uint8_t t = c.tt & 0xf;
      if (c.size == 2 && (t == 0x6 || t == 0x9)) {
        const Small a = lit_poly(2 * c.leaf[0]), b = lit_poly(2 * c.leaf[1]);
        return Def{complement_if(small_add(small_add(a, b, 1), small_mul(a, b), -2), t == 0x9),
                   Def::Xor};
      }
    }
    return Def{small_mul(lit_poly(aig.and_rhs0[k]), lit_poly(aig.and_rhs1[k])), Def::And};
  };

  // Each reachable gate's definition, then an order in which every gate comes before the
  // leaves of its definition (a full adder's sum before its carry, whatever their AIG order).
  std::vector<Def> defs;
  std::vector<int> def_of;
  std::vector<uint32_t> order;
  for (int attempt = 0; attempt < 2; ++attempt) {
    defs.clear();
    def_of.assign(n + 1, -1);
    std::vector<uint32_t> stack;
    for (uint32_t l : lits) if ((l >> 1) >= first) stack.push_back(l >> 1);
    while (!stack.empty()) {
      const uint32_t v = stack.back();
      stack.pop_back();
      if (def_of[v] >= 0) continue;
      def_of[v] = int(defs.size());
      defs.push_back(definition(v));
      for (auto& [c, m] : defs.back().poly)
        for (uint32_t u : m) if (u >= first && def_of[u] < 0) stack.push_back(u);
    }
    // Kahn's algorithm over definition leaves, the highest-numbered ready gate first (close to
    // the AIG's own reverse order, which keeps adder rows together); a cycle (a carry that
    // depends on its own sum) drops adder units and starts again.
    order.clear();
    std::vector<std::vector<uint32_t>> leaves(defs.size());
    std::vector<uint32_t> parents(n + 1, 0);
    for (uint32_t v = first; v <= n; ++v) {
      if (def_of[v] < 0) continue;
      std::vector<uint32_t>& lv = leaves[size_t(def_of[v])];
      for (auto& [c, m] : defs[size_t(def_of[v])].poly)
        for (uint32_t u : m) if (u >= first) lv.push_back(u);
      std::sort(lv.begin(), lv.end());
      lv.erase(std::unique(lv.begin(), lv.end()), lv.end());
      for (uint32_t u : lv) ++parents[u];
    }
    std::priority_queue<uint32_t> ready;
    size_t reachable = 0;
    for (uint32_t v = first; v <= n; ++v)
      if (def_of[v] >= 0) {
        ++reachable;
        if (parents[v] == 0) ready.push(v);
      }
    while (!ready.empty()) {
      const uint32_t v = ready.top();
      ready.pop();
      order.push_back(v);
      for (uint32_t u : leaves[size_t(def_of[v])])
        if (--parents[u] == 0) ready.push(u);
    }
    const bool cycle = order.size() != reachable;
    if (!cycle) break;
    use_adders = false;
    order.clear();
  }
  // Keys: gates by position in `order` (earlier = larger), inputs keep their variable number.
  std::vector<uint32_t> key(n + 1);
  for (uint32_t v = 0; v < first && v <= n; ++v) key[v] = v;
  for (size_t i = 0; i < order.size(); ++i) key[order[i]] = uint32_t(n + 1 + order.size() - i);
  const uint32_t top = uint32_t(n + 2 + order.size());
  auto keyed = [&](const Monomial& m) {
    Monomial r;
    for (uint32_t v : m) r.push_back(key[v]);
    std::sort(r.begin(), r.end(), std::greater<uint32_t>());
    return r;
  };
  if (stats) {
    for (uint32_t v : order) {
      switch (defs[size_t(def_of[v])].kind) {
        case Def::And: ++stats->ands; break;
        case Def::Xor: ++stats->xors; break;
        case Def::Maj: ++stats->majs; break;
        case Def::HalfAdder: ++stats->half_adders; break;
        case Def::FullAdder: ++stats->adders; break;
        case Def::Alias: break;
      }
    }
  }

  Poly p(bits);
  std::vector<std::vector<Monomial>> bucket(top + 1);
  auto add_term = [&](const Monomial& m, const Coef& c) {
    const bool existed = p.terms_.count(m) != 0;
    p.add(m, c);
    if (!existed && p.terms_.count(m) && !m.empty() && m[0] >= first) bucket[m[0]].push_back(m);
  };
  for (size_t i = 0; i < lits.size() && i < bits; ++i)
    for (auto& [c, m] : lit_poly(lits[i])) {
      Coef one;
      one.limb[0] = 1;
      add_term(keyed(m), p.mul_small(shl_coef(one, unsigned(i)), c));
    }

  size_t work = 0;
  for (size_t pos = 0; pos < order.size(); ++pos) {
    const uint32_t k = key[order[pos]];
    if (bucket[k].empty()) continue;
    std::vector<Monomial> todo;
    todo.swap(bucket[k]);
    std::vector<std::pair<Monomial, Coef>> taken;
    for (Monomial& m : todo) {
      auto it = p.terms_.find(m);
      if (it == p.terms_.end()) continue;
      taken.push_back({std::move(m), it->second});
      p.terms_.erase(it);
    }
    if (taken.empty()) continue;
    Small def;
    for (auto& [dc, dm] : defs[size_t(def_of[order[pos]])].poly) def.push_back({dc, keyed(dm)});
    for (auto& [m, c] : taken) {
      const Monomial rest(m.begin() + 1, m.end());
      for (auto& [dc, dm] : def) add_term(mono_mul(rest, dm), p.mul_small(c, dc));
      if (p.size() > max_terms) return false;
    }
    if (std::getenv("PTXALU_AIG_TRACE") && p.size() > 1000)
      std::fprintf(stderr, "var %u kind %d taken %zu -> %zu terms\n", order[pos],
                   int(defs[size_t(def_of[order[pos]])].kind), taken.size(), p.size());
    if (stats) stats->max_terms = std::max(stats->max_terms, p.size());
    if (p.size() > max_terms) return false;
    if ((++work & 15) == 0 && std::chrono::steady_clock::now() > deadline) return false;
  }
  *out = std::move(p);
  return true;
}

Aig fix_inputs(const Aig& aig, const std::vector<int>& value_of_input) {
  Aig r;
  r.num_inputs = aig.num_inputs;
  r.num_latches = 0;
  std::vector<uint32_t> map(aig.num_vars() + 1, 0);
  for (uint32_t i = 0; i < aig.num_inputs; ++i) {
    const int v = i < value_of_input.size() ? value_of_input[i] : -1;
    map[i + 1] = v < 0 ? 2 * (i + 1) : uint32_t(v);
  }
  std::unordered_map<uint64_t, uint32_t> strash;
  auto lit = [&](uint32_t l) { return map[l >> 1] ^ (l & 1); };
  const uint32_t first = aig.first_and_var();
  for (size_t k = 0; k < aig.and_lhs.size(); ++k) {
    uint32_t a = lit(aig.and_rhs0[k]), b = lit(aig.and_rhs1[k]);
    if (a < b) std::swap(a, b);
    uint32_t res;
    if (b == 0 || (a ^ 1) == b) res = 0;
    else if (b == 1) res = a;
    else if (a == b) res = a;
    else {
      const uint64_t key = (uint64_t(a) << 32) | b;
      auto it = strash.find(key);
      if (it != strash.end()) res = it->second;
      else {
        res = 2 * (r.num_inputs + 1 + uint32_t(r.and_lhs.size()));
        r.and_lhs.push_back(res);
        r.and_rhs0.push_back(a);
        r.and_rhs1.push_back(b);
        strash.emplace(key, res);
      }
    }
    map[first + k] = res;
  }
  for (uint32_t o : aig.outputs) r.outputs.push_back(lit(o));
  return r;
}

std::vector<bool> input_support(const Aig& aig, const std::vector<uint32_t>& lits) {
  std::vector<bool> mark(aig.num_vars() + 1, false);
  for (uint32_t l : lits) mark[l >> 1] = true;
  const uint32_t first = aig.first_and_var();
  for (uint32_t v = aig.num_vars(); v >= first; --v) {
    if (!mark[v]) continue;
    const size_t k = v - first;
    mark[aig.and_rhs0[k] >> 1] = true;
    mark[aig.and_rhs1[k] >> 1] = true;
  }
  std::vector<bool> in(aig.num_inputs, false);
  for (uint32_t i = 0; i < aig.num_inputs; ++i) in[i] = mark[i + 1];
  return in;
}

}  // namespace ptxalu::algebra
