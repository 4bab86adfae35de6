#include "random_insn.hpp"

#include <span>

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

constexpr uint64_t ones(unsigned bits) { return bits >= 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1; }

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

Ctrl RandomInsn::ctrl(Op op, Selectors how) {
  // A form of the instruction table uniformly, then selectors and mask over the values their
  // kind allows.
  const std::span<const Ctrl> forms = isa::forms(op);
  Ctrl c = forms[below(forms.size())];
  const isa::Selectors kind = isa::selectors(op);
  const bool near = how == Selectors::NearDefaults;
  switch (kind) {
    case isa::Selectors::Scalar:
      c.asel = near && coin() ? 0 : static_cast<uint16_t>(below(7));
      c.bsel = near && coin() ? 0 : static_cast<uint16_t>(below(7));
      break;
    case isa::Selectors::X2:
    case isa::Selectors::X4: {
      const bool x2 = kind == isa::Selectors::X2;
      const auto lanes = [&](uint16_t preset) -> uint16_t {
        if (near && one_in(3)) return preset;
        return x2 ? static_cast<uint16_t>((below(4) << 3) | below(4))
                  : static_cast<uint16_t>(below(4096));
      };
      c.asel = lanes(isa::default_asel(kind));
      c.bsel = lanes(isa::default_bsel(kind));
      const unsigned all = isa::full_mask(kind);
      c.mask = near && coin() ? static_cast<uint8_t>(all) : static_cast<uint8_t>(1 + below(all));
      break;
    }
    case isa::Selectors::None:
      break;
  }
  return c;
}

uint64_t RandomInsn::near_miss(unsigned max_flips) {
  uint64_t word = ctrl().pack();
  const uint64_t flips = 1 + below(max_flips == 0 ? 1 : max_flips);
  for (uint64_t i = 0; i < flips; ++i) word ^= uint64_t{1} << below(kCtrlWidth);
  return word;
}

uint64_t RandomInsn::raw_word() { return next() & ones(kCtrlWidth); }

uint64_t RandomInsn::word() { return one_in(4) ? raw_word() : near_miss(2); }

uint64_t RandomInsn::corner(unsigned bits) {
  if (bits == 0 || bits > 64) bits = 64;  // outside 1..64: a 64-bit corner, never a bad shift
  const uint64_t all = ones(bits);
  const uint64_t top = uint64_t{1} << (bits - 1);
  switch (below(17)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return all;                  // -1
    case 3: return all - 1;              // -2
    case 4: return top;                  // MIN
    case 5: return top - 1;              // MAX
    case 6: return top + 1;              // MIN + 1
    case 7: return below(80) & all;      // small: shift amounts, positions, lengths
    case 8: return (all - below(80)) & all;  // small negative
    case 9: return ((next() & ~uint64_t{0xff}) | below(80)) & all;  // bfe/bfi read bits 7..0
    case 10: {                           // each byte from the byte corners
      uint64_t v = 0;
      for (unsigned i = 0; i < 8; ++i) {
        v |= uint64_t{pick<uint8_t>({0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff})} << (8 * i);
      }
      return v & all;
    }
    case 11: {                           // each half from the half corners
      uint64_t v = 0;
      for (unsigned i = 0; i < 4; ++i) {
        v |= uint64_t{pick<uint16_t>({0x0000, 0x0001, 0x7fff, 0x8000, 0x8001, 0xffff})}
             << (16 * i);
      }
      return v & all;
    }
    case 12: return (uint64_t{1} << below(bits)) & all;        // one bit
    case 13: return ((uint64_t{1} << below(bits)) - 1) & all;  // the bits below one
    case 14: {                            // one lane corner in every lane
      const unsigned lane = pick({8u, 16u, 32u});
      return replicate(lane >= bits ? 0 : corner(lane), lane) & all;
    }
    case 15: {                            // a 24-bit corner, other bits random (mul24, mad24)
      const uint64_t low = pick<uint64_t>({0, 1, 0xffffff, 0x800000, 0x7fffff, 0x800001});
      return ((next() & ~uint64_t{0xffffff}) | low) & all;
    }
    default: return next() & all;
  }
}

uint64_t RandomInsn::value() {
  switch (below(4)) {
    case 0: return corner(pick({8u, 16u, 32u, 64u}));
    case 1: return corner(64);
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

Operands RandomInsn::operands(const Ctrl& c) {
  const unsigned w = itype_width(c.itype);
  auto operand = [&](unsigned bits) -> uint64_t {
    // Half the time fully random, else a corner of the source's width with, half of those
    // times, random bits above it (which the RTL must ignore).
    if (coin()) return next();
    const uint64_t above = bits >= 64 ? 0 : (next() & ~ones(bits));
    return corner(bits) | (coin() ? above : 0);
  };
  auto in_range = [&] { return below(70) | (coin() ? 0 : next() << 8); };
  Operands ops;
  ops.a = operand(w);
  ops.b = operand(w);
  ops.c = operand(c.half == Pkg::HalfWide && w < 64 ? 2 * w : w);
  ops.d = operand(w);
  // Operands that are positions, lengths and shift amounts: mostly in range.
  if (c.op == Pkg::OpBfe && !one_in(4)) {
    ops.b = in_range();
    ops.c = in_range();
  }
  if (c.op == Pkg::OpBfi && !one_in(4)) {
    ops.c = in_range();
    ops.d = in_range();
  }
  if ((c.op == Pkg::OpFns || c.op == Pkg::OpBmsk || c.op == Pkg::OpSzext ||
       c.op == Pkg::OpVshl || c.op == Pkg::OpVshr) &&
      !one_in(4)) {
    ops.b = below(70);
  }
  if (c.op == Pkg::OpFns && !one_in(3)) ops.c = corner(32) & 0x3f;
  if ((c.op == Pkg::OpDiv || c.op == Pkg::OpRem) && one_in(4)) {
    ops.b = pick<uint64_t>({0, 1, UINT64_MAX});
  }
  return ops;
}

}  // namespace ptxalu
