// Polynomials over Z/2^n: coefficient arithmetic, the Poly container, and the AIG helpers the
// prover needs (inputs fixed per control-word form, input support). Backward rewriting itself
// is in rewrite.cpp, gate definitions in cuts.cpp (formal/algebra/README.md).
#include "poly.hpp"

#include <algorithm>
#include <unordered_map>
#include <sstream>

namespace ptxalu::algebra {

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

Coef shr_coef(const Coef& a, unsigned s) {
  Coef r;
  for (unsigned i = 0; i < 4; ++i) {
    const unsigned src = i + s / 64;
    if (src >= 4) continue;
    r.limb[i] = a.limb[src] >> (s % 64);
    if (s % 64 && src + 1 < 4) r.limb[i] |= a.limb[src + 1] << (64 - s % 64);
  }
  return r;
}

Coef mul_coef(const Coef& a, const Coef& b) {
  Coef r;
  for (unsigned i = 0; i < 4; ++i) {
    unsigned __int128 carry = 0;
    for (unsigned j = 0; i + j < 4; ++j) {
      const unsigned __int128 t =
          (unsigned __int128)a.limb[i] * b.limb[j] + r.limb[i + j] + carry;
      r.limb[i + j] = uint64_t(t);
      carry = t >> 64;
    }
  }
  return r;
}

Coef coef_of(int64_t v) {
  Coef r;
  const uint64_t fill = v < 0 ? ~uint64_t{0} : 0;
  r.limb[0] = uint64_t(v);
  r.limb[1] = r.limb[2] = r.limb[3] = fill;
  return r;
}

bool coef_negative(const Coef& a) { return (a.limb[3] >> 63) != 0; }

bool coef_less(const Coef& a, const Coef& b) {
  if (coef_negative(a) != coef_negative(b)) return coef_negative(a);
  for (int i = 3; i >= 0; --i)
    if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i];
  return false;
}

unsigned coef_popcount(const Coef& a) {
  unsigned k = 0;
  for (uint64_t l : a.limb) k += unsigned(__builtin_popcountll(l));
  return k;
}

unsigned coef_ctz(const Coef& a) {
  for (unsigned i = 0; i < 4; ++i)
    if (a.limb[i]) return 64 * i + unsigned(__builtin_ctzll(a.limb[i]));
  return 256;
}

SignedRange signed_range(const Poly& q) {
  const Coef half = shl_coef(coef_of(1), q.bits() - 1), full = shl_coef(coef_of(1), q.bits());
  SignedRange r;
  for (auto& [m, c] : q.terms()) {
    const Coef s = coef_less(half, c) ? add_coef(c, neg_coef(full)) : c;
    if (m.empty() || coef_negative(s)) r.lo = add_coef(r.lo, s);
    if (m.empty() || !coef_negative(s)) r.hi = add_coef(r.hi, s);
    r.terms.push_back({&m, s});
  }
  return r;
}

bool range_within(const SignedRange& r, unsigned n, bool is_signed) {
  const Coef half = shl_coef(coef_of(1), n - 1), full = shl_coef(coef_of(1), n);
  const Coef min = is_signed ? neg_coef(half) : Coef{};
  const Coef max = add_coef(is_signed ? half : full, coef_of(-1));
  return !coef_less(r.lo, min) && !coef_less(max, r.hi);
}

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

bool fold_constants(Aig* aig) {
  const bool constant_fanin = std::any_of(aig->and_rhs1.begin(), aig->and_rhs1.end(),
                                          [](uint32_t l) { return l < 2; });
  if (!constant_fanin || aig->num_latches != 0) return false;
  *aig = fix_inputs(*aig, {}, nullptr, false);
  return true;
}

Aig fix_inputs(const Aig& aig, const std::vector<int>& value_of_input,
               const std::vector<size_t>* keep, bool hash, std::vector<uint32_t>* origin) {
  Aig r;
  r.num_inputs = aig.num_inputs;
  r.num_latches = 0;
  const uint32_t first = aig.first_and_var();
  std::vector<bool> wanted(aig.num_vars() + 1, keep == nullptr);
  if (keep) {
    for (size_t o : *keep) wanted[aig.outputs.at(o) >> 1] = true;
    for (uint32_t v = aig.num_vars(); v >= first; --v)
      if (wanted[v]) {
        wanted[aig.and_rhs0[v - first] >> 1] = true;
        wanted[aig.and_rhs1[v - first] >> 1] = true;
      }
  }
  std::vector<uint32_t> map(aig.num_vars() + 1, 0);
  for (uint32_t i = 0; i < aig.num_inputs; ++i) {
    const int v = i < value_of_input.size() ? value_of_input[i] : -1;
    map[i + 1] = v < 0 ? 2 * (i + 1) : uint32_t(v);
  }
  if (origin) {
    origin->assign(aig.num_inputs + 1, 0);
    for (uint32_t i = 1; i <= aig.num_inputs; ++i) (*origin)[i] = i;
  }
  std::unordered_map<uint64_t, uint32_t> strash;
  auto lit = [&](uint32_t l) { return map[l >> 1] ^ (l & 1); };
  for (size_t k = 0; k < aig.and_lhs.size(); ++k) {
    if (!wanted[first + k]) continue;
    uint32_t a = lit(aig.and_rhs0[k]), b = lit(aig.and_rhs1[k]);
    if (a < b) std::swap(a, b);
    uint32_t res;
    if (b == 0 || (a ^ 1) == b) res = 0;
    else if (b == 1) res = a;
    else if (a == b) res = a;
    else {
      const uint64_t key = (uint64_t(a) << 32) | b;
      auto it = hash ? strash.find(key) : strash.end();
      if (it != strash.end()) res = it->second;
      else {
        res = 2 * (r.num_inputs + 1 + uint32_t(r.and_lhs.size()));
        r.and_lhs.push_back(res);
        r.and_rhs0.push_back(a);
        r.and_rhs1.push_back(b);
        if (origin) origin->push_back(first + uint32_t(k));
        strash.emplace(key, res);
      }
    }
    map[first + k] = res;
  }
  for (uint32_t o : aig.outputs) r.outputs.push_back(wanted[o >> 1] ? lit(o) : 0);
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

std::vector<uint32_t> canonical_shape(const Aig& aig, const std::vector<uint32_t>& lits) {
  constexpr uint32_t kInput = ~uint32_t{0};
  const uint32_t first = aig.first_and_var();
  std::vector<uint32_t> id(aig.num_vars() + 1, 0);  // 0: not reached yet (variable 0 is 0)
  std::vector<uint32_t> shape;
  uint32_t next = 1;
  auto lit = [&](uint32_t l) { return 2 * id[l >> 1] + (l & 1); };
  std::vector<std::pair<uint32_t, bool>> stack;  // (variable, fan-ins done)
  for (uint32_t root : lits) {
    stack.push_back({root >> 1, false});
    while (!stack.empty()) {
      auto [v, done] = stack.back();
      stack.pop_back();
      if (v == 0 || id[v]) continue;
      if (v < first) {
        id[v] = next++;
        shape.push_back(kInput);
        continue;
      }
      const uint32_t a = aig.and_rhs0[v - first], b = aig.and_rhs1[v - first];
      if (!done) {  // fan-ins first: a, then b
        stack.push_back({v, true});
        stack.push_back({b >> 1, false});
        stack.push_back({a >> 1, false});
        continue;
      }
      id[v] = next++;
      shape.push_back(lit(a));
      shape.push_back(lit(b));
    }
  }
  shape.push_back(kInput);  // then the numbered lits (as many for every cone of one AIG)
  for (uint32_t l : lits) shape.push_back(lit(l));
  return shape;
}

}  // namespace ptxalu::algebra
