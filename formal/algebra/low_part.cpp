// A side's low part found by simulation (formal/algebra/README.md, "A product's high half on
// both sides"): Rewriter::slice_parts_like and slice_parts_with, for prove.cpp's completion of a
// word by its low part where slice.cpp's search finds none on GATE's side.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "random_insn.hpp"
#include "rewrite.hpp"
#include "sim.hpp"

namespace ptxalu::algebra {

bool Rewriter::slice_parts_like(const Poly& low, unsigned shift,
                                const std::vector<uint32_t>& lits, unsigned bits,
                                size_t max_terms,
                                std::chrono::steady_clock::time_point deadline, SliceParts* out) {
  constexpr unsigned Rounds = 4;  // 256 random input vectors
  if (shift == 0 || shift > 192) return false;
  RandomInsn random(0x10a9a47ull);  // a fixed seed: a run is repeatable
  using Sig = std::array<uint64_t, Rounds>;
  const uint32_t vars = aig_.num_vars();
  std::vector<Sig> want(shift, Sig{});  // bit j of low's value, per vector
  std::vector<Sig> sig(vars + 1, Sig{});  // each variable's values
  {
    Simulator sim(aig_);
    std::vector<uint64_t> in(aig_.num_inputs + 1, 0);
    for (unsigned r = 0; r < Rounds; ++r) {
      for (uint32_t i = 1; i <= aig_.num_inputs; ++i) {
        in[i] = random.next();
        sim.set_input(i - 1, in[i]);
      }
      sim.eval();
      for (uint32_t v = 1; v <= vars; ++v) sig[v][r] = sim.lit(2 * v);
      std::vector<Coef> value(64);
      for (auto& [m, c] : low.terms()) {
        uint64_t on = ~uint64_t{0};
        for (uint32_t v : m) on &= v <= aig_.num_inputs ? in[v] : 0;
        for (; on; on &= on - 1) {
          Coef& x = value[unsigned(std::countr_zero(on))];
          x = add_coef(x, c);
        }
      }
      for (unsigned t = 0; t < 64; ++t)
        for (unsigned j = 0; j < shift; ++j)
          if ((value[t].limb[j / 64] >> (j % 64)) & 1) want[j][r] |= uint64_t{1} << t;
    }
  }
  // Candidates, each keyed by its values with bit 0 of vector 0 clear: the cone's variables,
  // then the XOR of each AND gate's two fan-ins (an adder's sum that no output reads:
  // a carry p & c beside its dead sum p ^ c, or a half adder's a & b).
  std::map<Sig, uint32_t> found;                       // -> literal
  std::map<Sig, std::pair<uint32_t, uint32_t>> fresh;  // -> the XOR's two literals
  auto key = [](Sig s, bool* flip) {
    *flip = s[0] & 1;
    if (*flip)
      for (auto& x : s) x = ~x;
    return s;
  };
  auto lit_sig = [&](uint32_t l) {
    Sig s = sig[l >> 1];
    if (l & 1)
      for (auto& x : s) x = ~x;
    return s;
  };
  bool flip = false;
  for (uint32_t v = 1; v <= vars; ++v) {
    const Sig s = key(sig[v], &flip);  // before flip is read
    found.try_emplace(s, 2 * v + (flip ? 1 : 0));
  }
  for (size_t k = 0; k < aig_.and_lhs.size(); ++k) {
    Sig x = lit_sig(aig_.and_rhs0[k]);
    const Sig y = lit_sig(aig_.and_rhs1[k]);
    for (unsigned r = 0; r < Rounds; ++r) x[r] ^= y[r];
    const Sig s = key(x, &flip);
    if (!found.count(s))
      fresh.try_emplace(s, aig_.and_rhs0[k] ^ (flip ? 1 : 0), aig_.and_rhs1[k]);
  }
  const Sig zero{}, ones = [] {
    Sig s;
    s.fill(~uint64_t{0});
    return s;
  }();
  std::vector<uint32_t> low_lits(shift, 0);
  std::vector<std::pair<unsigned, std::pair<uint32_t, uint32_t>>> xors;  // weight, XOR's literals
  for (unsigned j = 0; j < shift; ++j) {
    if (want[j] == zero || want[j] == ones) {
      low_lits[j] = want[j] == zero ? 0 : 1;
      continue;
    }
    const Sig s = key(want[j], &flip);
    if (const auto it = found.find(s); it != found.end()) {
      low_lits[j] = it->second ^ (flip ? 1 : 0);
    } else if (const auto fi = fresh.find(s); fi != fresh.end()) {
      xors.push_back({j, {fi->second.first ^ (flip ? 1 : 0), fi->second.second}});
    } else {
      if (std::getenv("PTXALU_AIG_TRACE"))
        std::fprintf(stderr, "low part by simulation: no gate is its bit %u\n", j);
      return false;
    }
  }
  if (xors.empty()) return slice_parts_with(low_lits, lits, bits, max_terms, deadline, out);
  Aig ext = aig_;  // the new XORs as gates of a copy, rewritten by a Rewriter of its own
  for (const auto& [j, ab] : xors) low_lits[j] = append_xor(&ext, ab.first, ab.second);
  Rewriter own(ext);
  own.lift_ = lift_;
  own.clean_ = clean_;
  own.adders_ = adders_;
  return own.slice_parts_with(low_lits, lits, bits, max_terms, deadline, out);
}

bool Rewriter::slice_parts_with(const std::vector<uint32_t>& low_lits,
                                const std::vector<uint32_t>& lits, unsigned bits,
                                size_t max_terms,
                                std::chrono::steady_clock::time_point deadline, SliceParts* out) {
  const unsigned shift = unsigned(low_lits.size());
  std::vector<uint32_t> all = low_lits;
  for (size_t i = 0; i < lits.size() && i < bits; ++i) all.push_back(lits[i]);
  all.resize(shift + bits, 0);
  out->shift = shift;
  out->low = Poly(shift);
  out->whole = Poly(shift + bits);
  if (!word(low_lits, shift, max_terms, deadline, &out->low, nullptr)) return false;
  // The whole word first without word lifting, then with it: on mult_ctree's signed 64-bit
  // .hi forms 13 lift guesses failed, 2.3-3.1 s, the word then rewritten without any (0.3-0.5 s
  // with lifting off; 2026-11-29). Lifts are identities: off, a rewrite can only give up.
  const bool lift = lift_;
  lift_ = false;
  bool ok = word(all, shift + bits, max_terms, deadline, &out->whole, nullptr);
  lift_ = lift;
  if (!ok && lift) {
    out->whole = Poly(shift + bits);
    ok = word(all, shift + bits, max_terms, deadline, &out->whole, nullptr);
  }
  return ok;
}

}  // namespace ptxalu::algebra
