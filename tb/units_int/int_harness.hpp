// Shared pieces of the integer unit tests: the seed, legal control words of the integer
// forms, corner-weighted operands of a given width, and readable failure messages.
//
// Generators produce canonical legal words by the rules of doc/CANONICAL_FORMS.md; every check
// also asks the golden model's is_legal, so the generators and the model are checked against each
// other on every word they draw.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ctrl.hpp"
#include "../common/test_env.hpp"
#include "../common/unit_harness.hpp"
#include "model.hpp"

namespace int_tb {

using ptxalu::Ctrl;
using ptxalu::Operands;
using ptxalu::Pkg;

using ptxalu::tb::describe;
using ptxalu::tb::hex;
using ptxalu::tb::iterations;
using ptxalu::tb::Rng;
using ptxalu::tb::test_seed;

inline uint64_t low_mask(unsigned width) {
  return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}

// ------------------------------------------------------------------------------------------
// Operands
// ------------------------------------------------------------------------------------------

// A `width`-bit value (16, 32 or 64), mostly a corner: 0, +1, -1/all ones, -2, signed MIN,
// MAX, MIN+1; small values and small negatives (shift amounts, positions, lengths, offsets);
// small values with junk above bit 7 (bfe/bfi take pos and len & 0xff); powers of two and
// masks below them; a value whose 16-bit halves are corners (x2 types, 24-bit operands).
inline uint64_t corner_value(Rng& rng, unsigned width) {
  const uint64_t ones = low_mask(width);
  const uint64_t smin = uint64_t{1} << (width - 1);
  const unsigned k = rng.below(width);
  switch (rng.below(20)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return ones;
    case 3: return smin;
    case 4: return smin - 1;
    case 5: return smin + 1;
    case 6: return ones - 1;
    case 7: case 8: return rng.below(72);
    case 9: return (0 - uint64_t{1 + rng.below(40)}) & ones;
    case 10: return (rng.u64() & ~uint64_t{0xff} & ones) | rng.below(72);
    case 11: return uint64_t{1} << k;
    case 12: return (uint64_t{1} << k) - 1;
    case 13: case 14: {
      // every 16-bit half a corner
      const uint16_t halves[] = {0, 1, 0xffff, 0x8000, 0x7fff, 0x8001, 0xfffe, 0x00ff, 0xff00};
      uint64_t v = 0;
      for (unsigned i = 0; i < width / 16; ++i) {
        const uint64_t h = rng.coin() ? rng.pick(halves) : (rng.u64() & 0xffff);
        v |= h << (16 * i);
      }
      return v;
    }
    case 15: {
      // 24-bit corners in a 32-bit or wider value (mul24/mad24 read bits 23..0)
      const uint32_t lows[] = {0, 1, 0xffffff, 0x800000, 0x7fffff, 0x800001};
      return ((rng.u64() & ~uint64_t{0xffffff}) | rng.pick(lows)) & ones;
    }
    default: return rng.u64() & ones;
  }
}

// A fixed list of corners of a `width`-bit source, for all-pairs sweeps: the signed and
// unsigned bounds and their neighbours, and the same per 24-bit part, 16-bit half and byte.
inline std::vector<uint64_t> corner_list(unsigned width) {
  const uint64_t ones = low_mask(width);
  const uint64_t smin = uint64_t{1} << (width - 1);
  std::vector<uint64_t> v = {0, 1, 2, 3, ones, ones - 1, smin, smin - 1, smin + 1, 0x7f, 0x80,
                             0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x5a5a5a5a5a5a5a5aull};
  if (width >= 32) {
    const uint64_t more[] = {0x7fffff,   0x800000,   0xffffff,   0x1000000,  0xff800000,
                             0x7fff8000, 0x80007fff, 0xffff0001, 0x0001ffff, 0x80808080,
                             0x7f7f7f7f, 0x7f80ff01, 0xfffffffe, 0x80000001};
    v.insert(v.end(), std::begin(more), std::end(more));
  }
  if (width >= 64) {
    const uint64_t more[] = {0xffffffff, 0x100000000ull, 0x80000000, 0x7fffffff,
                             0xffffffff00000000ull, 0x8000000080000000ull};
    v.insert(v.end(), std::begin(more), std::end(more));
  }
  for (uint64_t& x : v) x &= ones;
  return v;
}

// An operand for a `width`-bit source on a 64-bit bus: a corner value, and half the time junk
// above the width (the unit must read only the low w bits).
inline uint64_t operand(Rng& rng, unsigned width) {
  uint64_t v = corner_value(rng, width);
  if (width < 64 && rng.coin()) v |= rng.u64() & ~low_mask(width);
  return v;
}

// Random operands for a legal word, by the model's signature of it.
inline Operands random_operands(Rng& rng, const Ctrl& c) {
  const ptxalu::Signature sig = ptxalu::signature(c);
  uint64_t v[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < 4; ++i) {
    const unsigned w = sig.src_width[i] != 0 ? sig.src_width[i] : 64;
    v[i] = operand(rng, w);
  }
  return Operands{v[0], v[1], v[2], v[3]};
}

// ------------------------------------------------------------------------------------------
// Legal control words
// ------------------------------------------------------------------------------------------

inline const Pkg::itype_e kScalarTypes[] = {Pkg::ItU16, Pkg::ItU32, Pkg::ItU64,
                                            Pkg::ItS16, Pkg::ItS32, Pkg::ItS64};
inline const Pkg::itype_e kAllAddTypes[] = {Pkg::ItU16, Pkg::ItU32, Pkg::ItU64,   Pkg::ItS16,
                                            Pkg::ItS32, Pkg::ItS64, Pkg::ItU16x2, Pkg::ItS16x2};
inline const Pkg::itype_e kSignedTypes[] = {Pkg::ItS16, Pkg::ItS32, Pkg::ItS64};

inline bool is_16(Pkg::itype_e t) { return t == Pkg::ItU16 || t == Pkg::ItS16; }
inline bool is_32(Pkg::itype_e t) { return t == Pkg::ItU32 || t == Pkg::ItS32; }

// A legal word of integer op `op` (any of ops 23..46) with random type and modifiers.
inline Ctrl random_ctrl(Rng& rng, Pkg::op_e op) {
  Ctrl c;
  c.op = op;
  switch (op) {
    case Pkg::OpAdd:
      c.itype = rng.pick(kAllAddTypes);
      c.sat = c.itype == Pkg::ItS32 && rng.coin();
      break;
    case Pkg::OpSub:
      c.itype = rng.pick(kScalarTypes);
      c.sat = c.itype == Pkg::ItS32 && rng.coin();
      break;
    case Pkg::OpMin:
    case Pkg::OpMax:
      c.itype = rng.pick(kAllAddTypes);
      c.relu = (c.itype == Pkg::ItS32 || c.itype == Pkg::ItS16x2) && rng.coin();
      break;
    case Pkg::OpAbs:
    case Pkg::OpNeg:
      c.itype = rng.pick(kSignedTypes);
      break;
    case Pkg::OpSad:
    case Pkg::OpDiv:
    case Pkg::OpRem:
      c.itype = rng.pick(kScalarTypes);
      break;
    case Pkg::OpMul:
    case Pkg::OpMad: {
      c.itype = rng.pick(kScalarTypes);
      const bool can_wide = is_16(c.itype) || is_32(c.itype);
      const Pkg::half_e halves[] = {Pkg::HalfLo, Pkg::HalfHi, Pkg::HalfWide};
      do {
        c.half = rng.pick(halves);
      } while (c.half == Pkg::HalfWide && !can_wide);
      c.sat = op == Pkg::OpMad && c.half == Pkg::HalfHi && c.itype == Pkg::ItS32 && rng.coin();
      break;
    }
    case Pkg::OpMul24:
    case Pkg::OpMad24:
      c.itype = rng.coin() ? Pkg::ItS32 : Pkg::ItU32;
      c.half = rng.coin() ? Pkg::HalfHi : Pkg::HalfLo;
      c.sat = op == Pkg::OpMad24 && c.half == Pkg::HalfHi && c.itype == Pkg::ItS32 && rng.coin();
      break;
    case Pkg::OpPopc:
    case Pkg::OpClz:
    case Pkg::OpBrev:
    case Pkg::OpBfi:
      c.itype = rng.coin() ? Pkg::ItB64 : Pkg::ItB32;
      break;
    case Pkg::OpBfind: {
      const Pkg::itype_e types[] = {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32, Pkg::ItS64};
      c.itype = rng.pick(types);
      c.shiftamt = rng.coin();
      break;
    }
    case Pkg::OpBfe: {
      const Pkg::itype_e types[] = {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32,
                                    Pkg::ItS64, Pkg::ItB32, Pkg::ItB64};
      c.itype = rng.pick(types);
      break;
    }
    case Pkg::OpFns:
    case Pkg::OpBmsk:
      c.itype = Pkg::ItB32;
      c.wrap = op == Pkg::OpBmsk && rng.coin();
      break;
    case Pkg::OpSzext:
      c.itype = rng.coin() ? Pkg::ItS32 : Pkg::ItU32;
      c.wrap = rng.coin();
      break;
    case Pkg::OpDp4a:
    case Pkg::OpDp2a:
      c.asigned = rng.coin();
      c.bsigned = rng.coin();
      if (op == Pkg::OpDp2a) c.half = rng.coin() ? Pkg::HalfHi : Pkg::HalfLo;
      break;
    default:
      break;
  }
  return c;
}

// Every legal word of `op` the generator can draw (the spaces are small: types x modifiers).
inline std::vector<Ctrl> all_ctrls(Pkg::op_e op) {
  Rng rng(1);
  std::vector<Ctrl> words;
  std::set<uint64_t> seen;
  for (unsigned i = 0; i < 4000; ++i) {
    const Ctrl c = random_ctrl(rng, op);
    if (seen.insert(c.pack()).second) words.push_back(c);
  }
  return words;
}

// ------------------------------------------------------------------------------------------
// Failure messages
// ------------------------------------------------------------------------------------------

inline const char* type_name(Pkg::itype_e t) {
  switch (t) {
    case Pkg::ItNone: return "";
    case Pkg::ItU16: return ".u16";
    case Pkg::ItU32: return ".u32";
    case Pkg::ItU64: return ".u64";
    case Pkg::ItS16: return ".s16";
    case Pkg::ItS32: return ".s32";
    case Pkg::ItS64: return ".s64";
    case Pkg::ItU16x2: return ".u16x2";
    case Pkg::ItS16x2: return ".s16x2";
    case Pkg::ItB32: return ".b32";
    case Pkg::ItB64: return ".b64";
    default: return ".type?";
  }
}

// A case worked by hand from the spec: the RTL and the model must both give `expected`.
struct HandCase {
  Ctrl ctrl;
  Operands ops;
  uint64_t expected;
};

inline Ctrl make(Pkg::op_e op, Pkg::itype_e itype, Pkg::half_e half = Pkg::HalfNone) {
  Ctrl c;
  c.op = op;
  c.itype = itype;
  c.half = half;
  return c;
}

}  // namespace int_tb
