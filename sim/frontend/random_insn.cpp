#include "random_insn.hpp"

#include <cstdlib>
#include <initializer_list>
#include <vector>

#include "env.hpp"

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

bool is_scalar_arith(Op op) { return op <= Pkg::OpVmax; }
bool is_x2(Op op) { return op >= Pkg::OpVadd2 && op <= Pkg::OpVset2; }
bool is_x4(Op op) { return op >= Pkg::OpVadd4 && op <= Pkg::OpVset4; }

// Scalar video: either a secondary operation (or none) with the whole word, or a dsel merge.
void scalar_tail(RandomInsn& rng, Ctrl* c) {
  const uint64_t k = rng.below(4 + 6);
  if (k < 4) {
    c->secop = static_cast<SecOp>(k);
  } else {
    c->dsel = static_cast<Sel>(k - 3);  // SelB0 .. SelH1
  }
}

// The canonical-form rules of the integer instructions (team CONTEXT, CLARIFICATIONS §14,
// §19): which itypes an op takes and which modifiers go with which type.
bool integer_types_ok(Op op, IType t) {
  const bool six = t == Pkg::ItU16 || t == Pkg::ItU32 || t == Pkg::ItU64 || t == Pkg::ItS16 ||
                   t == Pkg::ItS32 || t == Pkg::ItS64;
  const bool x2 = t == Pkg::ItU16x2 || t == Pkg::ItS16x2;
  const bool b3264 = t == Pkg::ItB32 || t == Pkg::ItB64;
  const bool us3264 = t == Pkg::ItU32 || t == Pkg::ItU64 || t == Pkg::ItS32 || t == Pkg::ItS64;
  switch (op) {
    case Pkg::OpAdd:
    case Pkg::OpMin:
    case Pkg::OpMax: return six || x2;
    case Pkg::OpSub:
    case Pkg::OpMul:
    case Pkg::OpMad:
    case Pkg::OpSad:
    case Pkg::OpDiv:
    case Pkg::OpRem: return six;
    case Pkg::OpMul24:
    case Pkg::OpMad24:
    case Pkg::OpSzext: return t == Pkg::ItU32 || t == Pkg::ItS32;
    case Pkg::OpAbs:
    case Pkg::OpNeg: return t == Pkg::ItS16 || t == Pkg::ItS32 || t == Pkg::ItS64;
    case Pkg::OpPopc:
    case Pkg::OpClz:
    case Pkg::OpBrev:
    case Pkg::OpBfi: return b3264;
    case Pkg::OpBfind: return us3264;
    case Pkg::OpBfe: return us3264 || b3264;
    case Pkg::OpFns:
    case Pkg::OpBmsk: return t == Pkg::ItB32;
    case Pkg::OpDp4a:
    case Pkg::OpDp2a: return t == Pkg::ItNone;
    default: return false;
  }
}

bool integer_modifiers_ok(const Ctrl& c) {
  const bool s32 = c.itype == Pkg::ItS32;
  const bool is64 = c.itype == Pkg::ItU64 || c.itype == Pkg::ItS64;
  const bool is_mul = c.op == Pkg::OpMul || c.op == Pkg::OpMad;
  const bool is_mul24 = c.op == Pkg::OpMul24 || c.op == Pkg::OpMad24 || c.op == Pkg::OpDp2a;
  // .lo/.hi/.wide: required by the multiplies and dp2a, .wide only on 16/32-bit mul/mad.
  if (is_mul && (c.half == Pkg::HalfNone || (c.half == Pkg::HalfWide && is64))) return false;
  if (is_mul24 && c.half != Pkg::HalfLo && c.half != Pkg::HalfHi) return false;
  if (!is_mul && !is_mul24 && c.half != Pkg::HalfNone) return false;
  // .sat: add/sub .s32; mad/mad24 only .hi .s32.
  if (c.sat) {
    const bool add_sub = (c.op == Pkg::OpAdd || c.op == Pkg::OpSub) && s32;
    const bool mad_hi = (c.op == Pkg::OpMad || c.op == Pkg::OpMad24) && c.half == Pkg::HalfHi && s32;
    if (!add_sub && !mad_hi) return false;
  }
  if (c.relu && !((c.op == Pkg::OpMin || c.op == Pkg::OpMax) && (s32 || c.itype == Pkg::ItS16x2)))
    return false;
  if (c.shiftamt && c.op != Pkg::OpBfind) return false;
  if (c.wrap && c.op != Pkg::OpBmsk && c.op != Pkg::OpSzext) return false;
  if ((c.asigned || c.bsigned) && c.op != Pkg::OpDp4a && c.op != Pkg::OpDp2a) return false;
  return true;
}

std::vector<Ctrl> build_integer_forms(Op op) {
  std::vector<Ctrl> forms;
  for (unsigned t = Pkg::ItNone; t <= Pkg::ItB64; ++t) {
    if (!integer_types_ok(op, static_cast<IType>(t))) continue;
    for (unsigned flags = 0; flags < 64; ++flags) {
      for (unsigned half = Pkg::HalfNone; half <= Pkg::HalfWide; ++half) {
        Ctrl c;
        c.op = op;
        c.itype = static_cast<IType>(t);
        c.half = static_cast<Half>(half);
        c.sat = (flags & 1u) != 0;
        c.relu = (flags & 2u) != 0;
        c.shiftamt = (flags & 4u) != 0;
        c.wrap = (flags & 8u) != 0;
        c.asigned = (flags & 16u) != 0;
        c.bsigned = (flags & 32u) != 0;
        if (integer_modifiers_ok(c)) forms.push_back(c);
      }
    }
  }
  return forms;
}

// All legal control words of integer op `op` (built once, thread-safely).
const std::vector<Ctrl>& integer_forms(Op op) {
  static const std::vector<std::vector<Ctrl>> table = [] {
    std::vector<std::vector<Ctrl>> t(Pkg::NumOps);
    for (unsigned op = Pkg::OpAdd; op < Pkg::NumOps; ++op) t[op] = build_integer_forms(static_cast<Op>(op));
    return t;
  }();
  return table[op];
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
  Ctrl c;
  c.op = op;
  if (is_scalar_arith(op) || op == Pkg::OpVshl || op == Pkg::OpVshr) {
    c.dsigned = coin();
    c.asigned = coin();
    c.bsigned = (op == Pkg::OpVshl || op == Pkg::OpVshr) ? false : coin();  // §8
    c.sat = coin();
    c.asel = static_cast<uint16_t>(below(7));
    c.bsel = static_cast<uint16_t>(below(7));
    if (op == Pkg::OpVshl || op == Pkg::OpVshr) c.wrap = coin();
    scalar_tail(*this, &c);
    return c;
  }
  if (op == Pkg::OpVset) {
    c.asigned = coin();
    c.bsigned = coin();
    c.cmp = static_cast<Cmp>(below(6));
    c.asel = static_cast<uint16_t>(below(7));
    c.bsel = static_cast<uint16_t>(below(7));
    scalar_tail(*this, &c);
    return c;
  }
  if (op == Pkg::OpVmad) {
    c.dsigned = coin();
    c.asigned = coin();
    c.bsigned = coin();
    c.sat = coin();
    c.asel = static_cast<uint16_t>(below(7));
    c.bsel = static_cast<uint16_t>(below(7));
    c.scale = static_cast<Scale>(below(3));
    switch (below(4)) {  // at most one of .po, a negated product, a negated c (§9)
      case 0: break;
      case 1: c.po = true; break;
      case 2: c.neg_prod = true; break;
      default: c.neg_c = true; break;
    }
    return c;
  }
  if (is_x2(op) || is_x4(op)) {
    const bool x4 = is_x4(op);
    const bool is_set = op == Pkg::OpVset2 || op == Pkg::OpVset4;
    c.asigned = coin();
    c.bsigned = coin();
    if (x4) {
      c.asel = static_cast<uint16_t>(below(4096));
      c.bsel = static_cast<uint16_t>(below(4096));
      c.mask = static_cast<uint8_t>(1 + below(15));
    } else {
      c.asel = static_cast<uint16_t>((below(4) << 3) | below(4));
      c.bsel = static_cast<uint16_t>((below(4) << 3) | below(4));
      c.mask = static_cast<uint8_t>(1 + below(3));
    }
    if (is_set) {
      c.cmp = static_cast<Cmp>(below(6));
      c.secop = coin() ? Pkg::SecAdd : Pkg::SecNone;
    } else {
      c.dsigned = coin();
      switch (below(3)) {  // .sat and .add exclude each other (§5)
        case 0: break;
        case 1: c.sat = true; break;
        default: c.secop = Pkg::SecAdd; break;
      }
    }
    return c;
  }
  // Integer arithmetic: every legal (type, modifiers) combination of the op, drawn uniformly.
  const std::vector<Ctrl>& forms = integer_forms(op);
  return forms[below(forms.size())];
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
