// Exact truth tables of small-support AIG variables and their pairwise relations (vanish.hpp).
#include "vanish.hpp"

#include <utility>

namespace ptxalu::algebra {

uint64_t SmallFunctions::expand(const Fn& f, const uint32_t* to, unsigned n) {
  unsigned pos[kMaxSupport] = {};
  for (unsigned i = 0, j = 0; i < f.n; ++i) {
    while (j < n && to[j] != f.sup[i]) ++j;
    pos[i] = j;  // f's support is a subset of `to`, both ascending
  }
  uint64_t r = 0;
  for (unsigned m = 0; m < 64; ++m) {
    unsigned sub = 0;
    for (unsigned i = 0; i < f.n; ++i) sub |= ((m >> pos[i]) & 1u) << i;
    if ((f.tt >> sub) & 1) r |= uint64_t{1} << m;
  }
  return r;  // minterm bits at positions >= n are don't-cares: the table repeats
}

bool SmallFunctions::unite(const Fn& a, const Fn& b, Fn* out) {
  unsigned i = 0, j = 0, k = 0;
  while (i < a.n || j < b.n) {
    uint32_t next;
    if (j == b.n || (i < a.n && a.sup[i] < b.sup[j])) next = a.sup[i++];
    else if (i == a.n || b.sup[j] < a.sup[i]) next = b.sup[j++];
    else { next = a.sup[i]; ++i; ++j; }
    if (k == kMaxSupport) return false;
    out->sup[k++] = next;
  }
  out->n = uint8_t(k);
  return true;
}

SmallFunctions::SmallFunctions(const Aig& aig) {
  const uint32_t n = aig.num_vars();
  const uint32_t first = aig.first_and_var();
  small_.assign(n + 1, 0);
  fn_.assign(n + 1, Fn{});
  small_[0] = 1;  // constant false: no support, table 0
  for (uint32_t v = 1; v <= aig.num_inputs; ++v) {
    fn_[v].n = 1;
    fn_[v].sup[0] = v;
    fn_[v].tt = 0xaaaaaaaaaaaaaaaaull;
    small_[v] = 1;
  }
  for (uint32_t v = first; v <= n; ++v) {
    const uint32_t l0 = aig.and_rhs0[v - first], l1 = aig.and_rhs1[v - first];
    const uint32_t a = l0 >> 1, b = l1 >> 1;
    if (!small_[a] || !small_[b]) continue;
    Fn f;
    if (!unite(fn_[a], fn_[b], &f)) continue;
    uint64_t ta = expand(fn_[a], f.sup, f.n), tb = expand(fn_[b], f.sup, f.n);
    if (l0 & 1) ta = ~ta;
    if (l1 & 1) tb = ~tb;
    f.tt = ta & tb;
    fn_[v] = f;
    small_[v] = 1;
    ++count_;
  }
}

SmallFunctions::Relation SmallFunctions::relation(uint32_t u, uint32_t v) {
  const bool swapped = u > v;
  if (swapped) std::swap(u, v);
  const uint64_t key = (uint64_t{u} << 32) | v;
  auto it = memo_.find(key);
  Relation r;
  if (it != memo_.end()) {
    r = it->second;
  } else {
    r = None;
    Fn joint;
    if (unite(fn_[u], fn_[v], &joint)) {
      const uint64_t a = expand(fn_[u], joint.sup, joint.n);
      const uint64_t b = expand(fn_[v], joint.sup, joint.n);
      if ((a & b) == 0) r = Exclusive;
      else if ((a & ~b) == 0) r = FirstImpliesSecond;
      else if ((b & ~a) == 0) r = SecondImpliesFirst;
    }
    memo_.emplace(key, r);
  }
  if (swapped && r == FirstImpliesSecond) return SecondImpliesFirst;
  if (swapped && r == SecondImpliesFirst) return FirstImpliesSecond;
  return r;
}

}  // namespace ptxalu::algebra
