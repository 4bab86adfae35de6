// A small BDD package for the final-adder proofs of adder.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ptxalu::algebra {

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

}  // namespace ptxalu::algebra
