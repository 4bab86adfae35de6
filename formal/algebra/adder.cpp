// Final-stage adder replacement, checked by BDDs (adder.hpp).
#include "adder.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

#include "bdd.hpp"

namespace ptxalu::algebra {

namespace {

// lit == a ^ b for an AND of two complemented ANDs of complementary literal pairs
// (!(u & v) & !(!u & !v) = u ^ v): the AIG form of every XOR/XNOR.
bool match_xor(const Aig& aig, uint32_t lit, uint32_t* a, uint32_t* b) {
  const uint32_t first = aig.first_and_var(), v = lit >> 1;
  if (v < first) return false;
  const uint32_t l0 = aig.and_rhs0[v - first], l1 = aig.and_rhs1[v - first];
  if (!(l0 & 1) || !(l1 & 1) || (l0 >> 1) < first || (l1 >> 1) < first) return false;
  const uint32_t g = (l0 >> 1) - first, h = (l1 >> 1) - first;
  const uint32_t u1 = aig.and_rhs0[g], u2 = aig.and_rhs1[g];
  const uint32_t w1 = aig.and_rhs0[h], w2 = aig.and_rhs1[h];
  if (!((w1 == (u1 ^ 1) && w2 == (u2 ^ 1)) || (w1 == (u2 ^ 1) && w2 == (u1 ^ 1)))) return false;
  *a = u1 ^ (lit & 1);  // a complemented output is the XOR with one input complemented
  *b = u2;
  return true;
}

// Whether `root` is computed from the variables `leaves` by at most `gates` AND gates.
bool local(const Aig& aig, uint32_t root, const std::vector<uint32_t>& leaves, unsigned gates) {
  const uint32_t first = aig.first_and_var();
  std::vector<uint32_t> stack{root};
  std::unordered_set<uint32_t> seen;
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    if (v == 0 || std::find(leaves.begin(), leaves.end(), v) != leaves.end()) continue;
    if (v < first || !seen.insert(v).second) {
      if (v < first) return false;
      continue;
    }
    if (seen.size() > gates) return false;
    stack.push_back(aig.and_rhs0[v - first] >> 1);
    stack.push_back(aig.and_rhs1[v - first] >> 1);
  }
  return true;
}

struct Append {
  Aig& aig;
  uint32_t and_gate(uint32_t a, uint32_t b) {
    if (a == 0 || b == 0) return 0;
    if (a == 1) return b;
    if (b == 1) return a;
    const uint32_t lhs = 2 * aig.num_vars() + 2;
    aig.and_lhs.push_back(lhs);
    aig.and_rhs0.push_back(std::max(a, b));
    aig.and_rhs1.push_back(std::min(a, b));
    return lhs;
  }
  uint32_t or_gate(uint32_t a, uint32_t b) { return and_gate(a ^ 1, b ^ 1) ^ 1; }
  uint32_t xor_gate(uint32_t a, uint32_t b) {
    return and_gate(and_gate(a, b) ^ 1, and_gate(a ^ 1, b ^ 1) ^ 1);
  }
};

// out: `aig` plus a ripple adder of x + y whose sums replace word[low ..] (and, with
// carry_out, whose carry-out, complemented if `inverted`, replaces the word's top bit).
void append_ripple(const Aig& aig, const std::vector<uint32_t>& word, unsigned low,
                   const std::vector<uint32_t>& x, const std::vector<uint32_t>& y,
                   bool carry_out, bool inverted, AdderReplacement* out) {
  const unsigned n = unsigned(x.size());
  out->aig = aig;
  out->word = word;
  out->low = low;
  out->bits = n;
  Append app{out->aig};
  uint32_t cl = 0;
  for (unsigned k = 0; k < n; ++k) {
    const uint32_t half = app.xor_gate(x[k], y[k]);
    out->word[low + k] = app.xor_gate(half, cl);
    cl = app.or_gate(app.and_gate(x[k], y[k]), app.and_gate(half, cl));
  }
  if (carry_out) out->word.back() = cl ^ (inverted ? 1u : 0u);
}

// The BDD of `lit` over the AIG variables that already have one in `node_of` (the operand
// bits, and every gate computed so far, which are added); kFail if its cone reaches any other
// input (not closed) or the BDD grows past the limit.
uint32_t cone_bdd(const Aig& aig, Bdd& bdd, std::unordered_map<uint32_t, uint32_t>& node_of,
                  uint32_t lit, std::vector<uint32_t>* added = nullptr) {
  const uint32_t first = aig.first_and_var();
  std::vector<uint32_t> stack{lit >> 1};
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    if (node_of.count(v)) {
      stack.pop_back();
      continue;
    }
    if (v < first) return Bdd::kFail;  // an input outside the operands: not closed
    const uint32_t l0 = aig.and_rhs0[v - first], l1 = aig.and_rhs1[v - first];
    auto i0 = node_of.find(l0 >> 1), i1 = node_of.find(l1 >> 1);
    if (i0 == node_of.end() || i1 == node_of.end()) {
      if (i0 == node_of.end()) stack.push_back(l0 >> 1);
      if (i1 == node_of.end()) stack.push_back(l1 >> 1);
      if (stack.size() > 1'000'000) return Bdd::kFail;
      continue;
    }
    const uint32_t a = (l0 & 1) ? bdd.op_not(i0->second) : i0->second;
    const uint32_t b = (l1 & 1) ? bdd.op_not(i1->second) : i1->second;
    const uint32_t r = bdd.op_and(a, b);
    if (r == Bdd::kFail) return Bdd::kFail;
    node_of[v] = r;
    if (added) added->push_back(v);
    stack.pop_back();
  }
  const uint32_t r = node_of.at(lit >> 1);
  return (lit & 1) ? bdd.op_not(r) : r;
}

// The adder of sum bits word[low..]: bit low is x ^ y, each higher one (x ^ y) ^ carry.
bool try_from(const Aig& aig, const std::vector<uint32_t>& word, unsigned low,
              bool carry_out, AdderReplacement* out, bool* is_ripple) {
  const bool trace = std::getenv("PTXALU_AIG_TRACE") != nullptr;
  auto no = [&](const char* why, unsigned k) {
    if (trace) std::fprintf(stderr, "final adder from bit %u: %s at bit %u\n", low, why, low + k);
    return false;
  };
  const unsigned n = unsigned(word.size()) - low - (carry_out ? 1 : 0);
  std::vector<uint32_t> x(n), y(n), carry(n, 0), p(n);
  if (!match_xor(aig, word[low], &x[0], &y[0])) return false;
  p[0] = word[low];
  for (unsigned k = 1; k < n; ++k) {
    uint32_t a, b;
    if (!match_xor(aig, word[low + k], &a, &b)) return no("sum bit not an XOR", k);
    if (match_xor(aig, a, &x[k], &y[k])) {
      p[k] = a;
      carry[k] = b;
    } else if (match_xor(aig, b, &x[k], &y[k])) {
      p[k] = b;
      carry[k] = a;
    } else {
      return no("no operand XOR", k);
    }
  }
  // Already a ripple-carry chain (each carry a small function of the previous one and the
  // bit's operands): nothing to gain.
  bool ripple = true;
  for (unsigned k = 1; k + 1 < n && ripple; ++k)
    ripple = local(aig, carry[k + 1] >> 1,
                   {x[k] >> 1, y[k] >> 1, carry[k] >> 1, p[k] >> 1}, 6);
  *is_ripple = ripple;
  if (ripple) return no("a ripple-carry chain already", 0);

  // BDDs over the operand bits, interleaved from the low end (adders stay linear in size);
  // every sum bit's cone must close on them.
  Bdd bdd(4'000'000);
  std::unordered_map<uint32_t, uint32_t> node_of;  // AIG variable -> BDD
  node_of[0] = 0;
  for (unsigned k = 0; k < n; ++k)
    for (uint32_t l : {x[k], y[k]}) node_of.try_emplace(l >> 1, bdd.var(uint32_t(node_of.size())));
  auto lit_bdd = [&](uint32_t lit) { return cone_bdd(aig, bdd, node_of, lit); };
  // An XOR gives its operands only up to complements (x ^ y = !x ^ !y, and a sum bit read as
  // !p ^ !c): at each bit, x is complemented if that makes the sum bit the ripple sum with the
  // carry in; then x and y together if that makes the carry out the one the next sum bit (up
  // to a complement) or the carry-out reads. Whatever is chosen, each sum bit is then checked
  // to equal the ripple sum of the chosen literals.
  uint32_t c = 0;
  bool out_inverted = false;  // the top bit is the carry-out's complement
  for (unsigned k = 0; k < n; ++k) {
    uint32_t bx = lit_bdd(x[k]);
    const uint32_t by = lit_bdd(y[k]);
    const uint32_t got = lit_bdd(word[low + k]);
    if (bx == Bdd::kFail || by == Bdd::kFail || got == Bdd::kFail)
      return no("BDD too large or cone not closed", k);
    uint32_t half = bdd.op_xor(bx, by);
    if (bdd.op_xor(half, c) != got) {
      x[k] ^= 1;
      bx = bdd.op_not(bx);
      half = bdd.op_xor(bx, by);
      if (bdd.op_xor(half, c) != got) return no("not the ripple sum", k);
    }
    const uint32_t through = bdd.op_and(half, c);
    uint32_t c1 = bdd.op_or(bdd.op_and(bx, by), through);
    uint32_t c2 = bdd.op_or(bdd.op_and(bdd.op_not(bx), bdd.op_not(by)), through);
    if (c1 == Bdd::kFail || c2 == Bdd::kFail) return no("BDD too large", k);
    // The half sum itself may be the adder's operand at this bit, its other operand 0: a
    // column the tree leaves one bit in (Booth rows' low bits are the row bit XOR the
    // negation bit, an XOR that is not the adder's). Then the carry out is half & c (or, both
    // complemented, !half | c); the next bit decides which reading holds.
    const uint32_t w1 = through, w2 = bdd.op_or(bdd.op_not(half), c);
    bool take1 = false, take2 = false;
    if (k + 1 < n) {  // the next sum bit xor its half sum: the carry, or its complement
      const uint32_t nx = lit_bdd(x[k + 1]), ny = lit_bdd(y[k + 1]);
      const uint32_t ng = lit_bdd(word[low + k + 1]);
      if (nx == Bdd::kFail || ny == Bdd::kFail || ng == Bdd::kFail)
        return no("BDD too large or cone not closed", k + 1);
      const uint32_t t = bdd.op_xor(ng, bdd.op_xor(nx, ny));
      take1 = t == c1 || t == bdd.op_not(c1);
      take2 = t == c2 || t == bdd.op_not(c2);
      if (!take1 && !take2 && w2 != Bdd::kFail && (t == w1 || t == bdd.op_not(w1) ||
                                                   t == w2 || t == bdd.op_not(w2))) {
        const uint32_t pb = lit_bdd(p[k]);
        if (pb == Bdd::kFail) return no("BDD too large", k);
        take1 = t == w1 || t == bdd.op_not(w1);
        take2 = !take1;
        c1 = w1;
        c2 = w2;
        // x = the half sum's literal (its BDD is half or !half), y = 0; below, take2
        // complements both (x = !half, y = 1).
        x[k] = p[k] ^ (pb == half ? 0u : 1u);
        y[k] = 0;
      }
    } else if (carry_out) {
      // The carry-out, or its complement: the top bit of a sum whose operands there are
      // constant, 1 and 0 (a Baugh-Wooley product's 2^(2n-1) reaching the adder alone).
      const uint32_t t = lit_bdd(word.back());
      if (t == Bdd::kFail) return no("BDD too large or cone not closed", n);
      take1 = t == c1 || t == bdd.op_not(c1);
      take2 = t == c2 || t == bdd.op_not(c2);
      if (!take1 && !take2) return no("not the ripple carry-out", n);
      out_inverted = t != (take1 ? c1 : c2);
    } else {
      break;  // the top sum bit: its carry is not read
    }
    if (take1) {
      c = c1;
    } else if (take2) {
      c = c2;
      x[k] ^= 1;
      y[k] ^= 1;
    } else {
      return no("not the ripple sum", k + 1);
    }
  }

  // Proven: every sum bit is the ripple sum of x and y. Append that ripple adder.
  append_ripple(aig, word, low, x, y, carry_out, out_inverted, out);
  return true;
}

// The general search, for adders whose sums are not (x ^ y) ^ carry (carry-select: multiplexers
// of two candidate sums; carry-skip): from bit 0 up, each bit's operand pair (x_k, y_k) among
// the XOR gates of its sum bit's cone, nearest first (both operands not yet computable from
// those below, then one such and 0, then the sum bit and 0, then constants), kept when the sum
// bit's BDD over the operands so far is their ripple sum; a pair no pair of the next bit fits
// is taken back (depth-first, a budget of trials). Whatever is kept is an identity over free
// operand variables, so it holds for the operands' real values too.
class Search {
 public:
  Search(const Aig& aig, const std::vector<uint32_t>& word)
      : aig_(aig), word_(word), n_(unsigned(word.size())), bdd_(4'000'000), x_(n_), y_(n_),
        carry_in_(n_, 0), budget_(64 * n_ + 256) {
    node_of_[0] = 0;
  }
  bool run() { return bit(0, 0); }
  const std::vector<uint32_t>& x() const { return x_; }
  const std::vector<uint32_t>& y() const { return y_; }
  unsigned trials() const { return trials_; }

  // The lowest bit whose operands are not the sum bit itself (and 0).
  unsigned low() const {
    unsigned k = 0;
    while (k < n_ && x_[k] >> 1 == word_[k] >> 1 && y_[k] == 0) ++k;
    return k;
  }

  // Whether the adder found is a ripple chain already: each sum bit above the lowest reads a
  // gate near it (BFS, 16 gates) computing its carry from the bit below's operands, half sum
  // and carry gate. (A carry-skip adder's chain computes every carry; its sums read muxes.)
  bool ripple() {
    const uint32_t first = aig_.first_and_var();
    auto near = [&](unsigned k, uint32_t target) -> uint32_t {
      const uint32_t other = bdd_.op_not(target);
      std::vector<uint32_t> queue{word_[k] >> 1};
      for (size_t i = 0; i < queue.size() && i < 16; ++i) {
        const uint32_t v = queue[i];
        auto it = node_of_.find(v);
        if (i > 0 && it != node_of_.end() && (it->second == target || it->second == other))
          return v;
        if (v < first || v == x_[k] >> 1 || v == y_[k] >> 1) continue;
        queue.push_back(aig_.and_rhs0[v - first] >> 1);
        queue.push_back(aig_.and_rhs1[v - first] >> 1);
      }
      return UINT32_MAX;
    };
    const unsigned lo = low();
    for (unsigned k = lo + 2; k < n_; ++k) {
      const uint32_t c = near(k, carry_in_[k]), below = near(k - 1, carry_in_[k - 1]);
      if (c == UINT32_MAX || below == UINT32_MAX) return false;
      std::vector<uint32_t> leaves{x_[k - 1] >> 1, y_[k - 1] >> 1, below};
      const uint32_t half = near(k - 1, half_[k - 1]);
      if (half != UINT32_MAX) leaves.push_back(half);
      if (!local(aig_, c, leaves, 6)) return false;
    }
    return true;
  }

 private:
  struct Pair { uint32_t a, b; };  // literals; b may be 0, the constant

  // Whether variable v is a function of the variables with a BDD already (structurally).
  bool closes(uint32_t v) const {
    const uint32_t first = aig_.first_and_var();
    std::vector<uint32_t> stack{v};
    std::unordered_set<uint32_t> seen;
    while (!stack.empty()) {
      const uint32_t u = stack.back();
      stack.pop_back();
      if (node_of_.count(u) || !seen.insert(u).second) continue;
      if (u < first || seen.size() > 20'000) return false;
      stack.push_back(aig_.and_rhs0[u - first] >> 1);
      stack.push_back(aig_.and_rhs1[u - first] >> 1);
    }
    return true;
  }

  std::vector<Pair> candidates(unsigned k) const {
    const uint32_t first = aig_.first_and_var();
    std::vector<Pair> pairs, singles;
    std::vector<uint32_t> queue{word_[k] >> 1};
    std::unordered_set<uint32_t> seen{word_[k] >> 1};
    for (size_t i = 0; i < queue.size() && i < 256; ++i) {
      const uint32_t v = queue[i];
      if (v < first || node_of_.count(v)) continue;
      uint32_t a, b;
      if (match_xor(aig_, 2 * v, &a, &b)) {
        const bool na = !closes(a >> 1), nb = !closes(b >> 1);
        if (na && nb) {
          if (std::none_of(pairs.begin(), pairs.end(), [&](const Pair& p) {
                return (p.a >> 1 == a >> 1 && p.b >> 1 == b >> 1) ||
                       (p.a >> 1 == b >> 1 && p.b >> 1 == a >> 1);
              }))
            pairs.push_back({a, b});
        } else if (na || nb) {
          const uint32_t l = na ? a : b;
          if (std::none_of(singles.begin(), singles.end(),
                           [&](const Pair& p) { return p.a >> 1 == l >> 1; }))
            singles.push_back({l, 0});
        }
      }
      for (uint32_t l : {aig_.and_rhs0[v - first], aig_.and_rhs1[v - first]})
        if (seen.insert(l >> 1).second) queue.push_back(l >> 1);
    }
    pairs.insert(pairs.end(), singles.begin(), singles.end());
    if (pairs.size() > 8) pairs.resize(8);  // the nearest: a wrong carry above costs 8 trials
    if (!closes(word_[k] >> 1)) pairs.push_back({word_[k], 0});
    pairs.push_back({0, 0});
    return pairs;
  }

  bool bit(unsigned k, uint32_t c) {
    if (k == n_) return true;
    for (const Pair& pr : candidates(k)) {
      if (++trials_ > budget_) return false;
      std::vector<uint32_t> added;
      for (uint32_t l : {pr.a, pr.b})
        if (node_of_.try_emplace(l >> 1, 0).second) {
          node_of_[l >> 1] = bdd_.var(next_var_++);
          added.push_back(l >> 1);
        }
      uint32_t a = cone_bdd(aig_, bdd_, node_of_, pr.a, &added), xa = pr.a;
      const uint32_t b = cone_bdd(aig_, bdd_, node_of_, pr.b, &added);
      const uint32_t w = cone_bdd(aig_, bdd_, node_of_, word_[k], &added);
      bool fit = false;
      if (a != Bdd::kFail && b != Bdd::kFail && w != Bdd::kFail) {
        fit = bdd_.op_xor(bdd_.op_xor(a, b), c) == w;
        if (!fit) {  // the XOR gives its operands up to complements
          a = bdd_.op_not(a);
          xa ^= 1;
          fit = bdd_.op_xor(bdd_.op_xor(a, b), c) == w;
        }
      }
      // Both operands complemented: the same sum, another carry; the next bit decides.
      for (unsigned flip = 0; fit && flip < (k + 1 < n_ ? 2u : 1u); ++flip) {
        const uint32_t fa = flip ? bdd_.op_not(a) : a, fb = flip ? bdd_.op_not(b) : b;
        x_[k] = xa ^ flip;
        y_[k] = pr.b ^ flip;
        carry_in_[k] = c;
        half_[k] = bdd_.op_xor(fa, fb);
        const uint32_t out = bdd_.op_or(bdd_.op_and(fa, fb), bdd_.op_and(half_[k], c));
        if (out == Bdd::kFail) break;
        if (bit(k + 1, out)) return true;
        if (trials_ > budget_) return false;
      }
      for (uint32_t v : added) node_of_.erase(v);
    }
    return false;
  }

  const Aig& aig_;
  const std::vector<uint32_t>& word_;
  unsigned n_;
  Bdd bdd_;
  std::unordered_map<uint32_t, uint32_t> node_of_;  // AIG variable -> BDD
  std::vector<uint32_t> x_, y_, carry_in_, half_ = std::vector<uint32_t>(n_, 0);
  uint32_t next_var_ = 0;
  unsigned trials_ = 0, budget_;
};

bool search_adder(const Aig& aig, const std::vector<uint32_t>& word, AdderReplacement* out) {
  const bool trace = std::getenv("PTXALU_AIG_TRACE") != nullptr;
  Search s(aig, word);
  const bool found = s.run();
  const bool ripple = found && s.ripple();
  if (trace)
    std::fprintf(stderr, "final adder search: %s after %u trials\n",
                 found ? (ripple ? "a ripple-carry chain already" : "found") : "none",
                 s.trials());
  if (!found || ripple) return false;
  append_ripple(aig, word, 0, s.x(), s.y(), false, false, out);
  out->low = s.low();
  out->bits = unsigned(word.size()) - out->low;
  return true;
}

}  // namespace

bool replace_final_adder(const Aig& aig, const std::vector<uint32_t>& word,
                         AdderReplacement* out) {
  if (aig.num_latches || word.size() < 4) return false;
  if (std::getenv("PTXALU_AIG_TRACE")) {
    unsigned run = 0;
    uint32_t a0, b0;
    while (run < word.size() && match_xor(aig, word[word.size() - 1 - run], &a0, &b0)) ++run;
    std::fprintf(stderr, "final adder: %u of %zu top bits are XORs\n", run, word.size());
  }
  // The lowest bit of the run of XOR-shaped sum bits at the word's top; the adder starts there
  // or above (a product's low bits often leave the tree early, an operand's low bits may be
  // 0): each start is tried from the lowest. A top bit not an XOR may be the carry-out.
  uint32_t a, b;
  const bool carry_out = !match_xor(aig, word.back(), &a, &b);
  unsigned low = unsigned(word.size()) - (carry_out ? 1 : 0);
  while (low > 0 && match_xor(aig, word[low - 1], &a, &b)) --low;
  bool ripple = false;  // from a start whose adder is a ripple chain, so are the higher ones
  unsigned start = low;
  for (; start + 4 <= word.size() && !ripple; ++start)
    if (try_from(aig, word, start, carry_out, out, &ripple)) return true;
  // A ripple chain from the lowest start: nothing to gain. Else (no XOR-shaped sums, or a
  // ripple chain only above it, as a carry-skip adder's last block) the general search.
  return !(ripple && start == low + 1) && search_adder(aig, word, out);
}

}  // namespace ptxalu::algebra
