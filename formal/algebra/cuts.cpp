// Gate definitions for backward rewriting: 3-input cuts with truth tables, adders (an XOR of
// three leaves with the majority of the same leaves: a+b+c-2*carry), XOR and majority gates,
// duplicate carries (formal/algebra/README.md). Method: Kaufmann, Biere, Kauers (FMCAD 2019)
// and Mahzoon, Grosse, Drechsler (ICCAD 2019), see poly.hpp.
#include "cuts.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace ptxalu::algebra {

namespace {

uint32_t leaf_lit(uint32_t var, unsigned pol) { return 2 * var + (pol & 1); }

}  // namespace

// A small polynomial with integer coefficients over a few leaf variables: a gate's definition.

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

namespace {

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

// The majority of the three leaves, leaf i complemented where bit i of pol is set.
constexpr std::array<uint8_t, 8> kMajTt = [] {
  std::array<uint8_t, 8> t{};
  for (unsigned pol = 0; pol < 8; ++pol)
    for (unsigned m = 0; m < 8; ++m) {
      const unsigned x = m ^ pol;
      if (((x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1)) >= 2) t[pol] |= uint8_t(1u << m);
    }
  return t;
}();

uint8_t maj_tt(unsigned pol) { return kMajTt[pol]; }

// Whether tt is a majority of the leaves or its complement, for some polarity of them.
bool is_maj(uint8_t tt) {
  for (uint8_t m : kMajTt)
    if (tt == m || tt == uint8_t(~m)) return true;
  return false;
}

// The tt of a cut with fewer than 3 leaves is stored replicated (independent of the missing).
constexpr size_t kMaxCuts = 40;

std::vector<std::vector<Cut>> enumerate_cuts(const Aig& aig) {
  const uint32_t n = aig.num_vars();
  std::vector<std::vector<Cut>> cuts(n + 1);
  const uint32_t first = aig.first_and_var();
  for (uint32_t v = 1; v < first && v <= n; ++v) cuts[v].push_back(Cut{{v, 0, 0}, 1, 0xaa});
  std::vector<uint32_t> order;  // scratch of the duplicate removal
  std::vector<bool> keep;
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
        out.push_back(c);
      }
    }
    // Duplicates (the same leaves from another pair of fanin cuts) dropped, the first of each
    // kept in place: sorted by leaves on the side instead of comparing each new cut with every
    // earlier one (quadratic, most of the engine's time on a 65x65 Booth cone).
    auto key = [&](uint32_t i) {
      const Cut& c = out[i];
      return std::array<uint32_t, 4>{c.size, c.leaf[0], c.leaf[1], c.leaf[2]};
    };
    order.resize(out.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t x, uint32_t y) { return key(x) < key(y); });
    keep.assign(out.size(), false);
    for (size_t i = 0; i < order.size(); ++i)
      keep[order[i]] = i == 0 || key(order[i - 1]) != key(order[i]);
    size_t kept = 0;
    for (size_t i = 0; i < out.size(); ++i)
      if (keep[i]) out[kept++] = out[i];
    out.resize(kept);
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

}  // namespace

GateDefs::GateDefs(const Aig& aig) : aig_(aig) {
  const uint32_t first = aig.first_and_var();
  const uint32_t n = aig.num_vars();
  // Gate definitions: adders and XOR/majority as units where a 3-cut shows them.
  cuts_ = enumerate_cuts(aig);
  for (uint32_t v = first; v <= n; ++v)
    for (const Cut& c : cuts_[v]) {
      const Key key{c.leaf[0], c.size > 1 ? c.leaf[1] : 0u, c.size > 2 ? c.leaf[2] : 0u, 0u};
      if (c.size == 3) {
        for (unsigned pol = 0; pol < 8; ++pol)
          if (c.tt == maj_tt(pol) || c.tt == uint8_t(~maj_tt(pol)))
            maj_at_.push_back({key, v, c.tt});
      } else if (c.size == 2) {
        const uint8_t t = c.tt & 0xf;
        if (__builtin_popcount(t) == 1 || __builtin_popcount(t) == 3)
          and_at_.push_back({key, v, t});
      }
    }
  // Gates that compute the same XOR/majority of the same three leaves (a carry built twice)
  // are one variable: the later ones are defined as the first, so that the carries of the
  // adders' sums cancel (otherwise both copies are expanded into nonlinear terms).
  for (uint32_t v = first; v <= n; ++v)
    for (const Cut& c : cuts_[v]) {
      if (c.size != 3) continue;
      const uint8_t canon = (c.tt & 1) ? uint8_t(~c.tt) : c.tt;
      first_of_function_.push_back({Key{c.leaf[0], c.leaf[1], c.leaf[2], canon}, v, 0});
    }
  auto by_key = [](const Entry& a, const Entry& b) { return a.key < b.key; };
  for (std::vector<Entry>* t : {&maj_at_, &and_at_, &first_of_function_})
    std::stable_sort(t->begin(), t->end(), by_key);  // equal keys keep the order of v
}

std::pair<const GateDefs::Entry*, const GateDefs::Entry*> GateDefs::find(
    const std::vector<Entry>& table, Key key) {
  auto [lo, hi] = std::equal_range(table.begin(), table.end(), Entry{key, 0, 0},
                                   [](const Entry& a, const Entry& b) { return a.key < b.key; });
  return {table.data() + (lo - table.begin()), table.data() + (hi - table.begin())};
}

uint32_t GateDefs::alias_of(uint32_t v) const {
  for (const Cut& c : cuts_[v]) {
    if (c.size != 3) continue;
    const bool xor_like = c.tt == 0x96 || c.tt == 0x69;
    if (!xor_like && !is_maj(c.tt)) continue;
    const uint8_t canon = (c.tt & 1) ? uint8_t(~c.tt) : c.tt;
    const auto [f, f_end] = find(first_of_function_, Key{c.leaf[0], c.leaf[1], c.leaf[2], canon});
    if (f == f_end) continue;  // never: every 3-cut of every gate is in the table
    const uint32_t r = f->var;  // the first gate of this function
    if (r == v) continue;
    // r's own truth table on these leaves decides the polarity.
    for (const Cut& rc : cuts_[r])
      if (rc.size == 3 && std::equal(rc.leaf, rc.leaf + 3, c.leaf) &&
          (rc.tt == c.tt || rc.tt == uint8_t(~c.tt)))
        return 2 * r + (rc.tt == c.tt ? 0 : 1);
  }
  return 0;
}

Def GateDefs::definition(uint32_t v, bool use_adders) const {
  const uint32_t first = aig_.first_and_var();
  const size_t k = v - first;
  if (use_adders)
    if (const uint32_t a = alias_of(v)) return Def{lit_poly(a), Def::Alias};
  // A carry candidate that is an alias of v itself (its leaves are correlated: the sum and the
  // majority of them are one function) would make v's adder definition read v: not a carry.
  auto own_alias = [&](uint32_t m) {
    for (uint32_t a = alias_of(m); a; a = alias_of(a >> 1))  // aliases go to lower gates
      if ((a >> 1) == v) return true;
    return false;
  };
  for (const Cut& c : cuts_[v]) {
    if (c.size == 3 && (c.tt == 0x96 || c.tt == 0x69)) {
      const auto [lo, hi] = find(maj_at_, Key{c.leaf[0], c.leaf[1], c.leaf[2], 0u});
      if (lo != hi) {
        for (const Entry* it = lo; it != hi; ++it) {
          const uint32_t m = it->var;
          const uint8_t tt = it->tt;
          if (m == v || !use_adders || own_alias(m)) continue;
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
  for (const Cut& c : cuts_[v]) {
    const uint8_t t = c.tt & 0xf;
    if (c.size == 2 && (t == 0x6 || t == 0x9)) {
      const auto [lo, hi] = find(and_at_, Key{c.leaf[0], c.leaf[1], 0u, 0u});
      if (lo != hi) {
        for (const Entry* it = lo; it != hi; ++it) {
          const uint32_t m = it->var;
          const uint8_t tt = it->tt;
          if (m == v || !use_adders || own_alias(m)) continue;
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

  for (const Cut& c : cuts_[v])
    if (c.size == 3 && (c.tt == 0x96 || c.tt == 0x69)) {
      Small x = lit_poly(2 * c.leaf[0]);
      for (unsigned i = 1; i < 3; ++i) {
        const Small y = lit_poly(2 * c.leaf[i]);
        x = small_add(small_add(x, y, 1), small_mul(x, y), -2);
      }
      return Def{complement_if(x, c.tt == 0x69), Def::Xor};
    }
  for (const Cut& c : cuts_[v]) {
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
  for (const Cut& c : cuts_[v]) {
    const uint8_t t = c.tt & 0xf;
    if (c.size == 2 && (t == 0x6 || t == 0x9)) {
      const Small a = lit_poly(2 * c.leaf[0]), b = lit_poly(2 * c.leaf[1]);
      return Def{complement_if(small_add(small_add(a, b, 1), small_mul(a, b), -2), t == 0x9),
                 Def::Xor};
    }
  }
  return Def{small_mul(lit_poly(aig_.and_rhs0[k]), lit_poly(aig_.and_rhs1[k])), Def::And};
}

}  // namespace ptxalu::algebra
