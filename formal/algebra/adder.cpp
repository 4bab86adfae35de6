// Final-stage adder replacement, checked by BDDs (adder.hpp).
#include "adder.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

namespace ptxalu::algebra {

namespace {

// A reduced ordered BDD package without complement edges: node 0 is false, 1 is true.
class Bdd {
 public:
  static constexpr uint32_t kFail = UINT32_MAX;  // node limit reached

  explicit Bdd(size_t limit) : limit_(limit) {
    nodes_.push_back({UINT32_MAX, 0, 0});
    nodes_.push_back({UINT32_MAX, 1, 1});
  }
  uint32_t var(uint32_t v) { return make(v, 0, 1); }
  uint32_t op_and(uint32_t a, uint32_t b) { return apply(0, a, b); }
  uint32_t op_xor(uint32_t a, uint32_t b) { return apply(1, a, b); }
  uint32_t op_not(uint32_t a) { return apply(1, a, 1); }
  uint32_t op_or(uint32_t a, uint32_t b) {
    const uint32_t x = op_and(op_not(a), op_not(b));
    return x == kFail ? kFail : op_not(x);
  }

 private:
  struct Node {
    uint32_t var, lo, hi;
  };
  uint32_t make(uint32_t v, uint32_t lo, uint32_t hi) {
    if (lo == kFail || hi == kFail) return kFail;
    if (lo == hi) return lo;
    const uint64_t key = (uint64_t{v} << 48) ^ (uint64_t{lo} << 24) ^ hi;
    auto [it, fresh] = unique_.try_emplace(key, uint32_t(nodes_.size()));
    if (fresh) {
      if (nodes_.size() >= limit_) {
        unique_.erase(it);
        return kFail;
      }
      nodes_.push_back({v, lo, hi});
    } else {
      const Node& n = nodes_[it->second];
      if (n.var != v || n.lo != lo || n.hi != hi) return kFail;  // key collision: give up
    }
    return it->second;
  }
  uint32_t apply(int op, uint32_t a, uint32_t b) {
    if (a == kFail || b == kFail) return kFail;
    if (op == 0) {
      if (a == 0 || b == 0) return 0;
      if (a == 1) return b;
      if (b == 1 || a == b) return a;
    } else {
      if (a == 0) return b;
      if (b == 0) return a;
      if (a == b) return 0;
    }
    if (op == 0 && a > b) std::swap(a, b);
    if (op == 1 && a > b && b != 1) std::swap(a, b);
    const uint64_t key = (uint64_t(op) << 63) | (uint64_t{a} << 32) | b;
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    const Node na = nodes_[a], nb = nodes_[b];
    const uint32_t v = std::min(na.var, nb.var);
    const uint32_t a0 = na.var == v ? na.lo : a, a1 = na.var == v ? na.hi : a;
    const uint32_t b0 = nb.var == v ? nb.lo : b, b1 = nb.var == v ? nb.hi : b;
    const uint32_t lo = apply(op, a0, b0);
    const uint32_t hi = apply(op, a1, b1);
    const uint32_t r = make(v, lo, hi);
    cache_.emplace(key, r);
    return r;
  }

  size_t limit_;
  std::vector<Node> nodes_;
  std::unordered_map<uint64_t, uint32_t> unique_;
  std::unordered_map<uint64_t, uint32_t> cache_;
};

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
  const uint32_t first = aig.first_and_var();
  Bdd bdd(4'000'000);
  std::unordered_map<uint32_t, uint32_t> node_of;  // AIG variable -> BDD
  node_of[0] = 0;
  for (unsigned k = 0; k < n; ++k)
    for (uint32_t l : {x[k], y[k]}) node_of.try_emplace(l >> 1, bdd.var(uint32_t(node_of.size())));
  auto lit_bdd = [&](uint32_t lit) -> uint32_t {
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
      stack.pop_back();
    }
    const uint32_t r = node_of.at(lit >> 1);
    return (lit & 1) ? bdd.op_not(r) : r;
  };
  // An XOR gives its operands only up to complements (x ^ y = !x ^ !y, and a sum bit read as
  // !p ^ !c): at each bit, x is complemented if that makes the sum bit the ripple sum with the
  // carry in; then x and y together if that makes the carry out the one the next sum bit (up
  // to a complement) or the carry-out reads. Whatever is chosen, each sum bit is then checked
  // to equal the ripple sum of the chosen literals.
  uint32_t c = 0;
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
    const uint32_t c1 = bdd.op_or(bdd.op_and(bx, by), through);
    const uint32_t c2 = bdd.op_or(bdd.op_and(bdd.op_not(bx), bdd.op_not(by)), through);
    if (c1 == Bdd::kFail || c2 == Bdd::kFail) return no("BDD too large", k);
    bool take1 = false, take2 = false;
    if (k + 1 < n) {  // the next sum bit xor its half sum: the carry, or its complement
      const uint32_t nx = lit_bdd(x[k + 1]), ny = lit_bdd(y[k + 1]);
      const uint32_t ng = lit_bdd(word[low + k + 1]);
      if (nx == Bdd::kFail || ny == Bdd::kFail || ng == Bdd::kFail)
        return no("BDD too large or cone not closed", k + 1);
      const uint32_t t = bdd.op_xor(ng, bdd.op_xor(nx, ny));
      take1 = t == c1 || t == bdd.op_not(c1);
      take2 = t == c2 || t == bdd.op_not(c2);
    } else if (carry_out) {
      const uint32_t t = lit_bdd(word.back());
      if (t == Bdd::kFail) return no("BDD too large or cone not closed", n);
      take1 = t == c1;
      take2 = t == c2;
      if (!take1 && !take2) return no("not the ripple carry-out", n);
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
  if (carry_out) out->word.back() = cl;
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
  // or above (the low bits of a product often leave the tree early, and an operand's low
  // bits may be constant 0): each start is tried from the lowest.
  // A top bit that is not an XOR may be the adder's carry-out.
  uint32_t a, b;
  const bool carry_out = !match_xor(aig, word.back(), &a, &b);
  unsigned low = unsigned(word.size()) - (carry_out ? 1 : 0);
  while (low > 0 && match_xor(aig, word[low - 1], &a, &b)) --low;
  bool ripple = false;  // from a start whose adder is a ripple chain, so are the higher ones
  for (unsigned start = low; start + 4 <= word.size() && !ripple; ++start)
    if (try_from(aig, word, start, carry_out, out, &ripple)) return true;
  return false;
}

}  // namespace ptxalu::algebra
