// The decoded instruction on the C++ side. Every number comes from the RTL package through
// Verilator's public export (Vptxalu_enc_ptxalu_pkg.h); this file keeps no copy.
#pragma once

#include <cstdint>

#include "Vptxalu_enc_ptxalu_pkg.h"

namespace ptxalu {

using Pkg = Vptxalu_enc_ptxalu_pkg;
using Op = Pkg::op_e;
using IType = Pkg::itype_e;
using Sel = Pkg::sel_e;
using SecOp = Pkg::secop_e;
using Cmp = Pkg::cmp_e;
using Half = Pkg::half_e;
using Scale = Pkg::scale_e;

// Mirrors ptxalu_pkg::ctrl_t field by field; see the package for what each field means.
// Defaults are the zero encoding, which is what an operation's unused fields must hold.
struct Ctrl {
  Op op = Pkg::OpVadd;
  IType itype = Pkg::ItNone;
  bool dsigned = false;
  bool asigned = false;
  bool bsigned = false;
  uint16_t asel = 0;  // 12 bits
  uint16_t bsel = 0;  // 12 bits
  Sel dsel = Pkg::SelNone;
  uint8_t mask = 0;  // 4 bits
  SecOp secop = Pkg::SecNone;
  bool sat = false;
  Cmp cmp = Pkg::CmpEq;
  Half half = Pkg::HalfNone;
  bool wrap = false;
  Scale scale = Pkg::ScaleNone;
  bool po = false;
  bool neg_prod = false;
  bool neg_c = false;
  bool relu = false;
  bool shiftamt = false;

  // The packed ctrl_t bits, exactly as the RTL's ctrl_i port takes them.
  uint64_t pack() const;
  // Any 60-bit word, legal or not: each field keeps its raw bits (every enum here can hold
  // every value of its field width, so no value is out of range).
  static Ctrl unpack(uint64_t word);

  bool operator==(const Ctrl&) const = default;
};

// Source operands by position: a, b, c, d of the instruction (bfi's four sources; video
// instructions use the low 32 bits).
struct Operands {
  uint64_t a = 0;
  uint64_t b = 0;
  uint64_t c = 0;
  uint64_t d = 0;
};

inline constexpr unsigned kCtrlWidth = Pkg::CtrlWidth;

// SIMD selector helpers: lane i's pool element lives in bits [3*i +: 3].
inline constexpr unsigned sel_lane(uint16_t sel, unsigned lane) { return (sel >> (3 * lane)) & 7u; }
inline constexpr uint16_t make_sel(unsigned l3, unsigned l2, unsigned l1, unsigned l0) {
  return static_cast<uint16_t>((l3 << 9) | (l2 << 6) | (l1 << 3) | l0);
}

// The operand width of an integer type in bits, written once for every reader: 16 (u16,
// s16), 64 (u64, s64, b64), else 32 (u32, s32, b32, u16x2, s16x2, and none: the video and
// dot-product words).
inline constexpr unsigned itype_width(IType t) {
  switch (t) {
    case Pkg::ItU16:
    case Pkg::ItS16: return 16;
    case Pkg::ItU64:
    case Pkg::ItS64:
    case Pkg::ItB64: return 64;
    default: return 32;
  }
}

}  // namespace ptxalu
