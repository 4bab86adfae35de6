#include "insn_gen.hpp"

#include <cstdlib>
#include <initializer_list>
#include <span>
#include <sstream>
#include <vector>

#include "env.hpp"
#include "isa.hpp"

namespace ptxalu::tb {
namespace {

unsigned below(Rng& rng, unsigned n) { return static_cast<unsigned>(rng() % n); }
bool coin(Rng& rng) { return (rng() & 1) != 0; }
bool one_in(Rng& rng, unsigned n) { return below(rng, n) == 0; }

template <typename T>
T pick(Rng& rng, std::initializer_list<T> choices) {
  return *(choices.begin() + below(rng, static_cast<unsigned>(choices.size())));
}

// Scalar selector: the whole word half the time, else any byte/half.
uint16_t scalar_sel(Rng& rng) { return coin(rng) ? 0 : static_cast<uint16_t>(below(rng, 7)); }

// x2/x4 selectors: the defaults a third of the time, else any lane digits.
uint16_t simd_sel(Rng& rng, bool x2, bool is_b) {
  if (one_in(rng, 3)) return x2 ? (is_b ? make_sel(0, 0, 3, 2) : make_sel(0, 0, 1, 0))
                                : (is_b ? make_sel(7, 6, 5, 4) : make_sel(3, 2, 1, 0));
  if (x2) return make_sel(0, 0, below(rng, 4), below(rng, 4));
  return static_cast<uint16_t>(below(rng, 1u << 12));
}

}  // namespace

Ctrl random_legal(Op op, Rng& rng) {
  // A form of the instruction table, uniformly; then selectors and mask biased towards the
  // whole word and the defaults, where the front end puts them.
  const std::span<const Ctrl> forms = isa::forms(op);
  Ctrl c = forms[below(rng, static_cast<unsigned>(forms.size()))];
  switch (isa::selectors(op)) {
    case isa::Selectors::Scalar:
      c.asel = scalar_sel(rng);
      c.bsel = scalar_sel(rng);
      break;
    case isa::Selectors::X2:
    case isa::Selectors::X4: {
      const bool x2 = isa::selectors(op) == isa::Selectors::X2;
      c.asel = simd_sel(rng, x2, false);
      c.bsel = simd_sel(rng, x2, true);
      const unsigned all = x2 ? 3u : 15u;
      c.mask = static_cast<uint8_t>(coin(rng) ? all : 1 + below(rng, all));
      break;
    }
    case isa::Selectors::None:
      break;
  }
  return c;
}

uint64_t random_word(Rng& rng) {
  const uint64_t all = (uint64_t{1} << kCtrlWidth) - 1;
  if (one_in(rng, 4)) return rng() & all;
  const Op op = static_cast<Op>(below(rng, kNumOps));
  uint64_t word = random_legal(op, rng).pack();
  const unsigned flips = 1 + below(rng, 2);
  for (unsigned i = 0; i < flips; ++i) word ^= uint64_t{1} << below(rng, kCtrlWidth);
  return word;
}

namespace {

// One value of `bits` width from the corners of that width and its byte/half lanes.
uint64_t corner(Rng& rng, unsigned bits) {
  const uint64_t all = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  const uint64_t top = uint64_t{1} << (bits - 1);
  switch (below(rng, 12)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return all;               // -1
    case 3: return top;               // MIN
    case 4: return top - 1;           // MAX
    case 5: return top + 1;           // MIN + 1
    case 6: return below(rng, 80);    // small: shift amounts, positions, lengths
    case 7: return all - below(rng, 80);  // small negative
    case 8: {                          // each byte from the byte corners
      uint64_t v = 0;
      for (unsigned i = 0; i < 8; ++i) {
        v |= uint64_t{pick<uint8_t>(rng, {0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff})} << (8 * i);
      }
      return v & all;
    }
    case 9: {                          // each half from the half corners
      uint64_t v = 0;
      for (unsigned i = 0; i < 4; ++i) {
        v |= uint64_t{pick<uint16_t>(rng, {0x0000, 0x0001, 0x7fff, 0x8000, 0x8001, 0xffff})}
             << (16 * i);
      }
      return v & all;
    }
    case 10: return (uint64_t{1} << below(rng, bits)) & all;  // one bit
    default: return rng() & all;
  }
}

unsigned width_hint(const Ctrl& c) {
  switch (c.itype) {
    case Pkg::ItU16:
    case Pkg::ItS16: return 16;
    case Pkg::ItU64:
    case Pkg::ItS64:
    case Pkg::ItB64: return 64;
    default: return 32;
  }
}

}  // namespace

Operands random_operands(const Ctrl& ctrl, Rng& rng) {
  const unsigned w = width_hint(ctrl);
  auto operand = [&](unsigned bits) -> uint64_t {
    // Half the time a corner of the source's width with random bits above it (which the RTL
    // must ignore), else fully random.
    if (coin(rng)) return rng();
    const uint64_t above = bits == 64 ? 0 : (rng() & ~((uint64_t{1} << bits) - 1));
    return corner(rng, bits) | (one_in(rng, 2) ? above : 0);
  };
  Operands ops;
  ops.a = operand(w);
  ops.b = operand(w);
  ops.c = operand(ctrl.half == Pkg::HalfWide && w < 64 ? 2 * w : w);  // any word, legal or not
  ops.d = operand(w);
  // Operands that are positions, lengths and shift amounts: mostly in range.
  if (ctrl.op == Pkg::OpBfe && !one_in(rng, 4)) {
    ops.b = below(rng, 70) | (coin(rng) ? 0 : rng() << 8);
    ops.c = below(rng, 70) | (coin(rng) ? 0 : rng() << 8);
  }
  if (ctrl.op == Pkg::OpBfi && !one_in(rng, 4)) {
    ops.c = below(rng, 70) | (coin(rng) ? 0 : rng() << 8);
    ops.d = below(rng, 70) | (coin(rng) ? 0 : rng() << 8);
  }
  if ((ctrl.op == Pkg::OpFns || ctrl.op == Pkg::OpBmsk || ctrl.op == Pkg::OpSzext ||
       ctrl.op == Pkg::OpVshl || ctrl.op == Pkg::OpVshr) &&
      !one_in(rng, 4)) {
    ops.b = below(rng, 70);
  }
  if (ctrl.op == Pkg::OpFns && !one_in(rng, 3)) ops.c = corner(rng, 32) & 0x3f;
  if ((ctrl.op == Pkg::OpDiv || ctrl.op == Pkg::OpRem) && one_in(rng, 4)) {
    ops.b = pick<uint64_t>(rng, {0, 1, ~uint64_t{0}});
  }
  return ops;
}

std::string describe(const Ctrl& c) {
  std::ostringstream s;
  s << std::hex << "ctrl=0x" << c.pack() << std::dec << " (op=" << static_cast<unsigned>(c.op)
    << " itype=" << static_cast<unsigned>(c.itype) << " dsigned=" << c.dsigned << " asigned=" << c.asigned
    << " bsigned=" << c.bsigned << std::oct << " asel=0" << c.asel << " bsel=0" << c.bsel
    << std::dec << " dsel=" << static_cast<unsigned>(c.dsel) << " mask=" << static_cast<unsigned>(c.mask)
    << " secop=" << static_cast<unsigned>(c.secop) << " sat=" << c.sat << " cmp=" << static_cast<unsigned>(c.cmp)
    << " half=" << static_cast<unsigned>(c.half) << " wrap=" << c.wrap << " scale=" << static_cast<unsigned>(c.scale)
    << " po=" << c.po << " neg_prod=" << c.neg_prod << " neg_c=" << c.neg_c
    << " relu=" << c.relu << " shiftamt=" << c.shiftamt << ")";
  return s.str();
}

std::string describe(const Operands& o) {
  std::ostringstream s;
  s << std::hex << "a=0x" << o.a << " b=0x" << o.b << " c=0x" << o.c << " d=0x" << o.d;
  return s.str();
}

uint64_t base_seed() {
  // One seed per process: every test derives its own from it (mix_seed).
  static const uint64_t seed = seed_from_env_or_random();
  return seed;
}

uint64_t count_or(uint64_t fallback) { return count_from_env(fallback); }

uint64_t mix_seed(uint64_t base, uint64_t a, uint64_t b) {
  // splitmix64 steps: distinct coordinates give unrelated streams.
  uint64_t z = base + 0x9e3779b97f4a7c15ull * (1 + a) + 0xbf58476d1ce4e5b9ull * (1 + b);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace ptxalu::tb
