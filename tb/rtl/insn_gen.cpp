#include "insn_gen.hpp"

#include <cstdlib>
#include <initializer_list>
#include <sstream>
#include <vector>

#include "env.hpp"

namespace ptxalu::tb {
namespace {

unsigned below(Rng& rng, unsigned n) { return static_cast<unsigned>(rng() % n); }
bool coin(Rng& rng) { return (rng() & 1) != 0; }
bool one_in(Rng& rng, unsigned n) { return below(rng, n) == 0; }

template <typename T>
T pick(Rng& rng, std::initializer_list<T> choices) {
  return *(choices.begin() + below(rng, static_cast<unsigned>(choices.size())));
}

IType scalar6(Rng& rng) {
  return pick(rng, {Pkg::ItU16, Pkg::ItU32, Pkg::ItU64, Pkg::ItS16, Pkg::ItS32, Pkg::ItS64});
}

// Scalar selector: the whole word half the time, else any byte/half.
uint16_t scalar_sel(Rng& rng) { return coin(rng) ? 0 : static_cast<uint16_t>(below(rng, 7)); }

// Scalar video secondary op / dsel: one, the other or neither (§10).
void scalar_video_tail(Ctrl& c, Rng& rng) {
  switch (below(rng, 3)) {
    case 0:
      break;
    case 1:
      c.secop = pick(rng, {Pkg::SecAdd, Pkg::SecMin, Pkg::SecMax});
      break;
    default:
      c.dsel = pick(rng, {Pkg::SelB0, Pkg::SelB1, Pkg::SelB2, Pkg::SelB3, Pkg::SelH0,
                          Pkg::SelH1});
      break;
  }
}

Cmp random_cmp(Rng& rng) {
  return pick(rng, {Pkg::CmpEq, Pkg::CmpNe, Pkg::CmpLt, Pkg::CmpLe, Pkg::CmpGt, Pkg::CmpGe});
}

// x2/x4 selectors: the defaults a third of the time, else any lane digits.
uint16_t simd_sel(Rng& rng, bool x2, bool is_b) {
  if (one_in(rng, 3)) return x2 ? (is_b ? make_sel(0, 0, 3, 2) : make_sel(0, 0, 1, 0))
                                : (is_b ? make_sel(7, 6, 5, 4) : make_sel(3, 2, 1, 0));
  if (x2) return make_sel(0, 0, below(rng, 4), below(rng, 4));
  return static_cast<uint16_t>(below(rng, 1u << 12));
}

}  // namespace

Ctrl random_legal(Op op, Rng& rng) {
  Ctrl c;
  c.op = op;
  switch (op) {
    case Pkg::OpVadd:
    case Pkg::OpVsub:
    case Pkg::OpVabsdiff:
    case Pkg::OpVmin:
    case Pkg::OpVmax:
    case Pkg::OpVshl:
    case Pkg::OpVshr:
    case Pkg::OpVset: {
      const bool is_shift = op == Pkg::OpVshl || op == Pkg::OpVshr;
      const bool is_set = op == Pkg::OpVset;
      c.dsigned = !is_set && coin(rng);
      c.asigned = coin(rng);
      c.bsigned = !is_shift && coin(rng);  // shifts take btype .u32 only (§8)
      c.sat = !is_set && coin(rng);
      c.asel = scalar_sel(rng);
      c.bsel = scalar_sel(rng);
      if (is_set) c.cmp = random_cmp(rng);
      if (is_shift) c.wrap = coin(rng);
      scalar_video_tail(c, rng);
      break;
    }
    case Pkg::OpVmad:
      c.dsigned = coin(rng);
      c.asigned = coin(rng);
      c.bsigned = coin(rng);
      c.sat = coin(rng);
      c.asel = scalar_sel(rng);
      c.bsel = scalar_sel(rng);
      c.scale = pick(rng, {Pkg::ScaleNone, Pkg::ScaleShr7, Pkg::ScaleShr15});
      switch (below(rng, 4)) {
        case 0: break;
        case 1: c.po = true; break;
        case 2: c.neg_prod = true; break;
        default: c.neg_c = true; break;
      }
      break;
    case Pkg::OpVadd2:
    case Pkg::OpVsub2:
    case Pkg::OpVavrg2:
    case Pkg::OpVabsdiff2:
    case Pkg::OpVmin2:
    case Pkg::OpVmax2:
    case Pkg::OpVset2:
    case Pkg::OpVadd4:
    case Pkg::OpVsub4:
    case Pkg::OpVavrg4:
    case Pkg::OpVabsdiff4:
    case Pkg::OpVmin4:
    case Pkg::OpVmax4:
    case Pkg::OpVset4: {
      const bool x2 = op < Pkg::OpVadd4;
      const bool is_set = op == Pkg::OpVset2 || op == Pkg::OpVset4;
      c.dsigned = !is_set && coin(rng);
      c.asigned = coin(rng);
      c.bsigned = coin(rng);
      c.asel = simd_sel(rng, x2, false);
      c.bsel = simd_sel(rng, x2, true);
      const unsigned all = x2 ? 3u : 15u;
      c.mask = static_cast<uint8_t>(coin(rng) ? all : 1 + below(rng, all));
      if (is_set) c.cmp = random_cmp(rng);
      if (coin(rng)) {
        c.secop = Pkg::SecAdd;
      } else {
        c.sat = !is_set && coin(rng);  // .sat only without .add (§5)
      }
      break;
    }
    case Pkg::OpAdd:
    case Pkg::OpMin:
    case Pkg::OpMax: {
      c.itype = below(rng, 4) == 0 ? pick(rng, {Pkg::ItU16x2, Pkg::ItS16x2}) : scalar6(rng);
      if (op == Pkg::OpAdd) c.sat = c.itype == Pkg::ItS32 && coin(rng);
      else c.relu = (c.itype == Pkg::ItS32 || c.itype == Pkg::ItS16x2) && coin(rng);
      break;
    }
    case Pkg::OpSub:
      c.itype = scalar6(rng);
      c.sat = c.itype == Pkg::ItS32 && coin(rng);
      break;
    case Pkg::OpMul:
    case Pkg::OpMad: {
      c.itype = scalar6(rng);
      const bool wide_ok = c.itype != Pkg::ItU64 && c.itype != Pkg::ItS64;
      c.half = wide_ok ? pick(rng, {Pkg::HalfLo, Pkg::HalfHi, Pkg::HalfWide})
                       : pick(rng, {Pkg::HalfLo, Pkg::HalfHi});
      if (op == Pkg::OpMad) c.sat = c.itype == Pkg::ItS32 && c.half == Pkg::HalfHi && coin(rng);
      break;
    }
    case Pkg::OpMul24:
    case Pkg::OpMad24:
      c.itype = pick(rng, {Pkg::ItU32, Pkg::ItS32});
      c.half = pick(rng, {Pkg::HalfLo, Pkg::HalfHi});
      if (op == Pkg::OpMad24) {
        c.sat = c.itype == Pkg::ItS32 && c.half == Pkg::HalfHi && coin(rng);
      }
      break;
    case Pkg::OpSad:
    case Pkg::OpDiv:
    case Pkg::OpRem:
      c.itype = scalar6(rng);
      break;
    case Pkg::OpAbs:
    case Pkg::OpNeg:
      c.itype = pick(rng, {Pkg::ItS16, Pkg::ItS32, Pkg::ItS64});
      break;
    case Pkg::OpPopc:
    case Pkg::OpClz:
    case Pkg::OpBrev:
    case Pkg::OpBfi:
      c.itype = pick(rng, {Pkg::ItB32, Pkg::ItB64});
      break;
    case Pkg::OpBfind:
      c.itype = pick(rng, {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32, Pkg::ItS64});
      c.shiftamt = coin(rng);
      break;
    case Pkg::OpFns:
      c.itype = Pkg::ItB32;
      break;
    case Pkg::OpBfe:
      c.itype = pick(rng, {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32, Pkg::ItS64, Pkg::ItB32,
                           Pkg::ItB64});
      break;
    case Pkg::OpBmsk:
      c.itype = Pkg::ItB32;
      c.wrap = coin(rng);
      break;
    case Pkg::OpSzext:
      c.itype = pick(rng, {Pkg::ItU32, Pkg::ItS32});
      c.wrap = coin(rng);
      break;
    case Pkg::OpDp4a:
    case Pkg::OpDp2a:
      c.asigned = coin(rng);
      c.bsigned = coin(rng);
      if (op == Pkg::OpDp2a) c.half = pick(rng, {Pkg::HalfLo, Pkg::HalfHi});
      break;
    default:
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
