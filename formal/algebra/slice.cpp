// The slice lift (formal/algebra/README.md, "A middle slice of a product"): a word W that is
// bits m..m+k-1 of an adder network's sum F (a product's high half; the pair sum of a packed
// dot product, bits 63..32 of (x1 2^32 + x0)(y0 2^32 + y1) + 2^31) is no small polynomial: its
// bits read the carries out of F's low part. With L = F mod 2^m, 2^m W + L = F, so
// 2^m W = poly(2^m W + L) - L (mod 2^(m+k)); the first is small (the adders' carries cancel as
// in any adder tree) and L's polynomial taken modulo 2^m is L itself, as an integer, when its
// range (poly.hpp, the word lift's check) lies in [0, 2^m). Then every coefficient of the
// difference is divisible by 2^m and the quotient is W's polynomial modulo 2^k.
//
// Which literals make L is a guess, found by following W's adders down: W scaled by 2^M
// (M columns of room below it) is expanded in the rewrite's own order (every gate before its
// definition's leaves) through sums (s = a + b + c - 2 carry; an XOR at the ring's top bit
// likewise, its carry-out weighing 2^(m+k+M) = 0) and ANDs (products of two variables kept,
// exclusive ones dropped and implied factors absorbed as vanish.hpp proves them). A carry, or
// a product of two gates, whose coefficient is left over at or below W's lowest weight crosses
// from L into W: it is expanded the other way, 2 carry = a + b + c - s (a + b = (a ^ b) + 2ab),
// and its cell's sum s (the AIG's gate, or a new XOR of the cell's leaves: the AIG's low sums
// are often dead) is a bit of L; the expansion goes on down L's columns. The bits found,
// grouped by the carry chains that reach them (two products' low parts at the same weights
// are two words), must weigh +-2^j, one per weight. None of this needs to be right: the whole
// word is rewritten from the literals, each L's range is checked, the difference's
// divisibility is checked; a wrong guess fails one of them (the word is then rewritten as
// before), it never makes the polynomial wrong.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <unordered_map>

#include "cuts.hpp"
#include "rewrite.hpp"
#include "rewrite_run.hpp"
#include "vanish.hpp"

namespace ptxalu::algebra {

namespace {

// A small polynomial's value with vars[i] = bit i of x.
int64_t eval_small(const Small& p, const std::vector<uint32_t>& vars, unsigned x) {
  int64_t s = 0;
  for (auto& [c, m] : p) {
    bool on = true;
    for (uint32_t v : m)
      on = on && ((x >> (std::find(vars.begin(), vars.end(), v) - vars.begin())) & 1) != 0;
    if (on) s += c;
  }
  return s;
}

// The literals of a carry's cell: d = maj(l0, l1, l2), so that l0 + l1 + l2 = sum + 2 d with
// sum their XOR.
bool cell_of(const Def& d, std::vector<uint32_t>* lits) {
  std::vector<uint32_t> vars;
  for (auto& [c, m] : d.poly)
    for (uint32_t v : m)
      if (std::find(vars.begin(), vars.end(), v) == vars.end()) vars.push_back(v);
  const unsigned n = unsigned(vars.size());
  if (n != 3) return false;
  for (unsigned pol = 0; pol < 8; ++pol) {
    bool ok = true;
    for (unsigned x = 0; x < 8 && ok; ++x)
      ok = eval_small(d.poly, vars, x) == (__builtin_popcount(x ^ pol) >= 2);
    if (!ok) continue;
    lits->clear();
    for (unsigned i = 0; i < n; ++i) lits->push_back(2 * vars[i] + ((pol >> i) & 1));
    return true;
  }
  return false;
}

struct Groups {  // union-find over the bits of L
  std::vector<uint32_t> up;
  uint32_t add() {
    up.push_back(uint32_t(up.size()));
    return up.back();
  }
  uint32_t find(uint32_t x) {
    while (up[x] != x) x = up[x] = up[up[x]];
    return x;
  }
  void join(uint32_t a, uint32_t b) { up[find(a)] = find(b); }
};

bool power_of_two(const Coef& c, unsigned* j) {
  *j = coef_ctz(c);
  return coef_popcount(c) == 1;
}

}  // namespace

bool Rewriter::slice(const SliceQuery& q, Poly* out, RewriteStats* stats) {
  SliceParts* const relative = parts_out_;  // slice_parts: this word only, not nested ones
  parts_out_ = nullptr;
  if (q.weights || q.depth >= 3 || q.bits < 2 || q.bits > 192) return false;
  const bool trace = std::getenv("PTXALU_AIG_TRACE") != nullptr;
  const uint32_t first = aig_.first_and_var();
  const unsigned room = std::min(192u, 256u - q.bits);  // M: columns below the word
  const Poly ring(q.bits + room);
  // Each carry's sum gate in this rewrite, and the carry's coefficient k in its definition.
  std::unordered_map<uint32_t, std::pair<uint32_t, int64_t>> sum_of;
  for (uint32_t v : q.order) {
    const Def& d = q.defs[size_t(q.def_of[v])];
    if (d.kind != Def::FullAdder && d.kind != Def::HalfAdder) continue;
    for (auto& [c, m] : d.poly)
      if ((c == 2 || c == -2) && m.size() == 1) sum_of.emplace(m[0], std::make_pair(v, c));
  }
  // The expansion: monomials of one or two variables (a, b; b = 0 for a), a before b in the
  // rewrite's order (inputs last); larger products are left to the rewrite.
  std::unordered_map<uint32_t, uint32_t> position;
  for (size_t i = 0; i < q.order.size(); ++i) position.emplace(q.order[i], uint32_t(i));
  auto rank = [&](uint32_t v) {
    const auto it = position.find(v);
    return it == position.end() ? uint64_t(q.order.size()) + v : uint64_t(it->second);
  };
  std::unordered_map<uint64_t, Coef> terms;
  std::unordered_map<uint32_t, std::vector<uint32_t>> partners;  // b of each (a, b)
  std::map<uint32_t, Coef> low;                          // bits of L (key: gate or new sum)
  std::vector<std::vector<uint32_t>> fresh;              // new sums' cell literals
  std::unordered_map<uint32_t, uint32_t> tag, group_of;  // variable or bit of L -> group
  Groups groups;
  auto mark = [&](uint32_t v, const uint32_t* g) {
    if (!g || !v) return;
    auto [it, fresh_tag] = tag.emplace(v, *g);
    if (!fresh_tag) groups.join(it->second, *g);
  };
  auto add = [&](uint32_t a, uint32_t b, const Coef& c, const uint32_t* g) {  // c * a * b
    if (a == b) b = 0;
    if (b && small_->small(a) && small_->small(b)) switch (small_->relation(a, b)) {
        case SmallFunctions::Exclusive: return;              // a b = 0 (vanish.hpp)
        case SmallFunctions::FirstImpliesSecond: b = 0; break;  // a b = a
        case SmallFunctions::SecondImpliesFirst: a = b, b = 0; break;
        case SmallFunctions::None: break;
      }
    if (b && rank(b) < rank(a)) std::swap(a, b);
    auto [it, fresh_term] = terms.try_emplace((uint64_t(a) << 32) | b, Coef{});
    if (fresh_term) partners[a].push_back(b);
    it->second = ring.normalize(add_coef(it->second, c));
    mark(a, g);
    mark(b, g);
  };
  auto add_poly = [&](const Small& p, const Coef& k, const uint32_t* g) {
    for (auto& [c, m] : p) {  // k * p, products of more than two variables left out
      const Coef kc = ring.mul_small(k, c);
      if (!kc.zero() && (m.size() == 1 || m.size() == 2))
        add(m[0], m.size() == 2 ? m[1] : 0, kc, g);
    }
  };
  auto new_bit = [&](const std::vector<uint32_t>& cell, const Coef& half, const uint32_t* g) {
    const uint32_t bit = aig_.num_vars() + 1 + uint32_t(fresh.size());
    fresh.push_back(cell);
    low[bit] = ring.normalize(neg_coef(half));
    group_of[bit] = groups.add();
    if (g) groups.join(*g, group_of[bit]);
    return &group_of[bit];
  };
  const Coef top = shl_coef(coef_of(1), ring.bits() - 1);
  auto halve = [&](const Coef& k) {  // k / 2, k read as signed (keeps L's weights single)
    return add_coef(shr_coef(k, 1),
                    (k.limb[(ring.bits() - 1) / 64] >> ((ring.bits() - 1) % 64)) & 1 ? top
                                                                                  : Coef{});
  };
  for (size_t i = 0; i < q.lits.size() && i < q.bits; ++i) {  // the word, scaled by 2^M
    const Coef w = shl_coef(coef_of(1), room + unsigned(i));
    if ((q.lits[i] >> 1) >= first)
      add(q.lits[i] >> 1, 0, ring.normalize(q.lits[i] & 1 ? neg_coef(w) : w), nullptr);
  }
  for (uint32_t v : q.order) {
    const Def& d = q.defs[size_t(q.def_of[v])];
    auto ti = tag.find(v);
    const uint32_t* g = ti == tag.end() ? nullptr : &ti->second;
    auto linear_under = [&](const Coef& k) {
      for (auto& [c, m] : d.poly)
        if (m.size() >= 2 && !ring.mul_small(k, c).zero()) return false;
      return true;
    };
    std::vector<uint32_t> with;  // the products with v first, then v (which they may add to)
    if (const auto pi = partners.find(v); pi != partners.end())
      for (uint32_t b : pi->second)
        if (b) with.push_back(b);
    with.push_back(0);
    for (uint32_t b : with) {
      const auto ki = terms.find((uint64_t(v) << 32) | b);
      if (ki == terms.end() || ki->second.zero()) continue;
      const Coef k = ki->second;
      const unsigned e = coef_ctz(k);
      if (b && b >= first && e >= 1 && e <= room) {
        // a * b left over in L: a half adder's carry, a + b = (a ^ b) + 2 a b
        const Coef half = halve(k);
        const uint32_t* bg = new_bit({2 * v, 2 * b}, half, g);
        add(v, 0, half, bg);
        add(b, 0, half, bg);
        continue;
      }
      if (b) continue;  // a product above L (or of an input): left to the rewrite
      if (linear_under(k) || d.kind == Def::And) {
        add_poly(d.poly, k, g);  // a sum, an XOR at the ring's top, an AND
        continue;
      }
      if (e == 0 || e > room) continue;  // above L: left to the rewrite
      // A carry left over in L: its cell's sum is a bit of L. s = R + kc v: k v = (k/kc)(s - R)
      const Coef half = halve(k);
      const auto si = sum_of.find(v);
      std::vector<uint32_t> cell;
      if (si != sum_of.end()) {
        const Coef mu = si->second.second < 0 ? neg_coef(half) : half;
        const uint32_t bit = si->second.first;
        low[bit] = ring.normalize(add_coef(low[bit], mu));
        if (!group_of.count(bit)) group_of[bit] = groups.add();
        if (g) groups.join(*g, group_of[bit]);
        for (auto& [c, m] : q.defs[size_t(q.def_of[bit])].poly)
          if (m.size() == 1 && m[0] != v)
            add(m[0], 0, ring.mul_small(neg_coef(mu), c), &group_of[bit]);
      } else if (d.kind == Def::Maj && cell_of(d, &cell)) {
        // sum(cell) + 2 v = the cell's literals: k v = half * (literals) - half * sum
        const uint32_t* bg = new_bit(cell, half, g);
        for (uint32_t l : cell)
          if ((l >> 1) >= first)
            add(l >> 1, 0, ring.normalize(l & 1 ? neg_coef(half) : half), bg);
      }
    }
  }
  // L's bits: -low[s] = 2^j (the bit s) or -2^j (the bit !s, up to a constant), j < M.
  std::map<uint32_t, std::map<unsigned, uint32_t>> words;  // group -> weight -> literal
  unsigned j0 = room;
  size_t bits_found = 0;
  auto refuse = [&](const char* why) {
    if (trace) std::fprintf(stderr, "%*sslice: %s\n", int(2 * q.depth), "", why);
    return false;
  };
  for (auto& [key, c] : low) {
    if (c.zero()) continue;
    unsigned j;
    bool inverted = false;
    if (!power_of_two(ring.normalize(neg_coef(c)), &j)) {
      if (!power_of_two(c, &j)) return refuse("a bit below the word weighs no power of two");
      inverted = true;
    }
    if (j >= room) return refuse("a bit below the word weighs as much as its own");
    auto& w = words[groups.find(group_of[key])];
    if (w.count(j)) return refuse("two bits of one low word at one weight");
    w[j] = 2 * key + (inverted ? 1 : 0);  // a fresh sum's key stands for its literal in ext
    j0 = std::min(j0, j);
    ++bits_found;
  }
  if (!bits_found) return false;
  // New sums as gates of a copy of the AIG (XORs of their cells' literals).
  Aig ext;
  std::unique_ptr<Rewriter> own;
  Rewriter* sub = this;
  std::vector<uint32_t> fresh_lit(fresh.size());
  if (!fresh.empty()) {
    ext = aig_;
    for (size_t i = 0; i < fresh.size(); ++i) {
      uint32_t x = fresh[i][0];
      for (size_t t = 1; t < fresh[i].size(); ++t) x = append_xor(&ext, x, fresh[i][t]);
      fresh_lit[i] = x;
    }
    own = std::make_unique<Rewriter>(ext);
    own->lift_ = lift_;
    own->clean_ = clean_;
    own->adders_ = adders_;
    sub = own.get();
  }
  auto literal = [&](uint32_t l) {  // fresh sums' keys to their literals in ext
    const uint32_t key = l >> 1;
    return key <= aig_.num_vars() ? l : fresh_lit[key - aig_.num_vars() - 1] ^ (l & 1);
  };
  // poly(2^M' W + L) modulo 2^(k+M'), M' = M - j0 (L's lowest bit at weight 1).
  const unsigned shift = room - j0, width = q.bits + shift;
  std::vector<uint32_t> all;
  std::vector<Coef> weights;
  for (size_t i = 0; i < q.lits.size() && i < q.bits; ++i) {
    all.push_back(q.lits[i]);
    weights.push_back(shl_coef(coef_of(1), shift + unsigned(i)));
  }
  for (auto& [grp, w] : words)
    for (auto& [j, l] : w) {
      all.push_back(literal(l));
      weights.push_back(shl_coef(coef_of(1), j - j0));
    }
  if (trace)
    std::fprintf(stderr, "%*sslice: %zu bits below the word in %zu group(s), from weight 2^%d\n",
                 int(2 * q.depth), "", bits_found, words.size(), int(j0) - int(room));
  if (relative) {  // slice_parts: L's bits at distinct weights, no range check
    std::vector<uint32_t> low_lits;
    std::vector<Coef> low_weights;
    std::vector<char> used(shift, 0);
    for (auto& [grp, w] : words)
      for (auto& [j, l] : w) {
        if (used[j - j0]) return refuse("two bits of the low words at one weight");
        used[j - j0] = 1;
        low_lits.push_back(literal(l));
        low_weights.push_back(shl_coef(coef_of(1), j - j0));
      }
    relative->shift = shift;
    relative->low = Poly(shift);
    relative->whole = Poly(width);
    if (!sub->word(low_lits, shift, q.max_terms, q.deadline, &relative->low, nullptr,
                   q.depth + 1, &low_weights) ||
        !sub->word(all, width, q.max_terms, q.deadline, &relative->whole, nullptr, q.depth + 1,
                   &weights))
      return refuse("the word with its low part not rewritten");
    if (stats) ++stats->slices;
    return true;
  }
  // Each group's L, range-checked first (cheap), then the whole word minus them.
  std::vector<Poly> parts;
  std::vector<SignedRange> ranges;
  parts.reserve(words.size());
  size_t max_terms = 0;
  for (auto& [grp, w] : words) {
    const unsigned lo = w.begin()->first, n = w.rbegin()->first - lo + 1;
    std::vector<uint32_t> lits(n, 0);
    for (auto& [j, l] : w) lits[j - lo] = literal(l);
    parts.emplace_back(n);
    if (!sub->word(lits, n, q.max_terms, q.deadline, &parts.back(), nullptr, q.depth + 1))
      return false;
    ranges.push_back(signed_range(parts.back()));
    if (!range_within(ranges.back(), n, false)) {
      if (trace) std::fprintf(stderr, "%*s  low part out of range\n", int(2 * q.depth), "");
      return false;
    }
    max_terms = std::max(max_terms, parts.back().size());
  }
  Poly whole(width);
  if (!sub->word(all, width, q.max_terms, q.deadline, &whole, nullptr, q.depth + 1, &weights)) {
    if (trace) std::fprintf(stderr, "%*s  whole word not rewritten\n", int(2 * q.depth), "");
    return false;
  }
  max_terms = std::max(max_terms, whole.size());
  size_t i = 0;
  for (auto& [grp, w] : words) {
    const Coef scale = neg_coef(shl_coef(coef_of(1), w.begin()->first - j0));
    for (auto& [m, c] : ranges[i++].terms) whole.add(*m, mul_coef(scale, c));
  }
  Poly result(q.bits);
  for (auto& [m, c] : whole.terms()) {
    if (coef_ctz(c) < shift) {
      if (trace) std::fprintf(stderr, "%*s  not divisible\n", int(2 * q.depth), "");
      return false;
    }
    result.add(m, shr_coef(c, shift));
  }
  if (trace) std::fprintf(stderr, "%*s  slice lifted\n", int(2 * q.depth), "");
  if (stats) {
    ++stats->slices;
    ++stats->lifts;
    stats->max_terms = std::max(stats->max_terms, max_terms);
  }
  *out = std::move(result);
  return true;
}

}  // namespace ptxalu::algebra

namespace ptxalu::algebra {

bool Rewriter::slice_parts(const std::vector<uint32_t>& lits, unsigned bits, size_t max_terms,
                           std::chrono::steady_clock::time_point deadline, SliceParts* out) {
  Run run;
  run.max_terms = max_terms;
  run.deadline = deadline;
  RewriteStats local;
  run.stats = &local;
  plan(run, lits);
  parts_out_ = out;
  Poly unused(bits);
  const bool ok = slice({run.order, run.defs, run.def_of, lits, bits, max_terms, deadline, 0,
                         nullptr}, &unused, nullptr);
  parts_out_ = nullptr;
  return ok;
}

}  // namespace ptxalu::algebra
