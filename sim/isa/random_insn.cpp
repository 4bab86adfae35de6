#include "random_insn.hpp"

#include <cstdlib>
#include <initializer_list>
#include <span>

#include "env.hpp"
#include "isa.hpp"

namespace ptxalu {
namespace {

uint64_t splitmix64(uint64_t* x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

template <typename T>
T pick(RandomInsn& rng, std::initializer_list<T> choices) {
  return choices.begin()[rng.below(choices.size())];
}

uint64_t replicate(uint64_t lane_value, unsigned lane_bits) {
  uint64_t v = 0;
  for (unsigned pos = 0; pos < 64; pos += lane_bits) v |= lane_value << pos;
  return v;
}

}  // namespace

RandomInsn::RandomInsn(uint64_t seed) {
  uint64_t x = seed;
  for (uint64_t& s : s_) s = splitmix64(&x);
}

uint64_t RandomInsn::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

uint64_t RandomInsn::below(uint64_t n) {
  // Rejection keeps the draw exactly uniform.
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do {
    x = next();
  } while (x >= limit);
  return x % n;
}

Ctrl RandomInsn::ctrl() { return ctrl(static_cast<Op>(below(Pkg::NumOps))); }

Ctrl RandomInsn::ctrl(Op op) {
  // A form of the instruction table uniformly, then selectors and mask uniformly over the
  // values their kind allows: every legal word of `op` equally likely.
  const std::span<const Ctrl> forms = isa::forms(op);
  Ctrl c = forms[below(forms.size())];
  switch (isa::selectors(op)) {
    case isa::Selectors::Scalar:
      c.asel = static_cast<uint16_t>(below(7));
      c.bsel = static_cast<uint16_t>(below(7));
      break;
    case isa::Selectors::X2:
      c.asel = static_cast<uint16_t>((below(4) << 3) | below(4));
      c.bsel = static_cast<uint16_t>((below(4) << 3) | below(4));
      c.mask = static_cast<uint8_t>(1 + below(3));
      break;
    case isa::Selectors::X4:
      c.asel = static_cast<uint16_t>(below(4096));
      c.bsel = static_cast<uint16_t>(below(4096));
      c.mask = static_cast<uint8_t>(1 + below(15));
      break;
    case isa::Selectors::None:
      break;
  }
  return c;
}

uint64_t RandomInsn::value() {
  const unsigned lane_bits = pick(*this, {8u, 16u, 32u, 64u});
  const auto corner = [&](unsigned bits) -> uint64_t {
    const uint64_t ones = bits == 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1;
    const uint64_t min = uint64_t{1} << (bits - 1);
    return pick(*this, {uint64_t{0}, uint64_t{1}, ones, min, min - 1, min + 1, ones - 1});
  };
  switch (below(8)) {
    case 0: return replicate(corner(lane_bits), lane_bits);  // same corner in every lane
    case 1: {                                                // a corner per lane
      uint64_t v = 0;
      for (unsigned pos = 0; pos < 64; pos += lane_bits) v |= corner(lane_bits) << pos;
      return v;
    }
    case 2: return below(72);                   // shift counts, positions, lengths
    case 3: return UINT64_MAX - below(72);      // small negative numbers
    default: return next();
  }
}

Operands RandomInsn::operands() {
  Operands ops;
  ops.a = value();
  ops.b = value();
  ops.c = value();
  ops.d = value();
  return ops;
}

uint64_t seed_from_env(uint64_t fallback) { return env_number("PTXALU_SEED").value_or(fallback); }

}  // namespace ptxalu
