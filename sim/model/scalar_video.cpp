// Scalar video instructions (PTX 9.7.18.1): vadd vsub vabsdiff vmin vmax vshl vshr vset, and
// vmad. Stages as the text gives them: partSelectSignExtend, the exact primary operation,
// optSaturate, then optSecOp or optMerge, then the low 32 bits.
#include "model.hpp"
#include "model_internal.hpp"

namespace ptxalu::model {
namespace {

// partSelectSignExtend: the byte, half-word or word named by `sel`, extended by the type.
i128 part_select_extend(uint32_t value, bool is_signed, Sel sel) {
  switch (sel) {
    case Pkg::SelB0: return extend(value, 8, is_signed);
    case Pkg::SelB1: return extend(value >> 8, 8, is_signed);
    case Pkg::SelB2: return extend(value >> 16, 8, is_signed);
    case Pkg::SelB3: return extend(value >> 24, 8, is_signed);
    case Pkg::SelH0: return extend(value, 16, is_signed);
    case Pkg::SelH1: return extend(value >> 16, 16, is_signed);
    default: return extend(value, 32, is_signed);
  }
}

Sel scalar_sel(uint16_t field) { return static_cast<Sel>(field & 7u); }

// optSaturate: clamp by dtype, to the subword size when merging.
i128 opt_saturate(i128 tmp, bool sat, bool is_signed, Sel dsel) {
  if (!sat) return tmp;
  switch (dsel) {
    case Pkg::SelB0:
    case Pkg::SelB1:
    case Pkg::SelB2:
    case Pkg::SelB3:
      return saturate(tmp, 8, is_signed);
    case Pkg::SelH0:
    case Pkg::SelH1:
      return saturate(tmp, 16, is_signed);
    default:
      return saturate(tmp, 32, is_signed);
  }
}

i128 opt_sec_op(SecOp secop, i128 tmp, i128 c) {
  switch (secop) {
    case Pkg::SecAdd: return tmp + c;
    case Pkg::SecMin: return tmp < c ? tmp : c;
    case Pkg::SecMax: return tmp > c ? tmp : c;
    default: return tmp;
  }
}

// optMerge: on the bit patterns; only the low 32 bits are kept afterwards.
uint64_t opt_merge(Sel dsel, i128 tmp, uint32_t c) {
  const uint64_t t = wrap_to(tmp, 32);
  switch (dsel) {
    case Pkg::SelH0: return (t & 0xffff) | (0xffff0000u & c);
    case Pkg::SelH1: return ((t & 0xffff) << 16) | (0x0000ffffu & c);
    case Pkg::SelB0: return (t & 0xff) | (0xffffff00u & c);
    case Pkg::SelB1: return ((t & 0xff) << 8) | (0xffff00ffu & c);
    case Pkg::SelB2: return ((t & 0xff) << 16) | (0xff00ffffu & c);
    case Pkg::SelB3: return ((t & 0xff) << 24) | (0x00ffffffu & c);
    default: return t;
  }
}

// vshl/vshr's amount from the unsigned part of b: capped at 32 (.clamp) or taken mod 32 (.wrap).
i128 shift_amount(bool wrap, i128 tb) { return wrap ? (tb & 0x1f) : (tb > 32 ? 32 : tb); }

// The primary operation, exact (§6): at most 33 bits in, 65 bits out (vshl by 32).
i128 primary(const Ctrl& ctrl, i128 ta, i128 tb) {
  switch (ctrl.op) {
    case Pkg::OpVadd: return ta + tb;
    case Pkg::OpVsub: return ta - tb;
    case Pkg::OpVabsdiff: return ta > tb ? ta - tb : tb - ta;
    case Pkg::OpVmin: return ta < tb ? ta : tb;
    case Pkg::OpVmax: return ta > tb ? ta : tb;
    case Pkg::OpVset: return compare(ta, tb, ctrl.cmp) ? 1 : 0;
    default: break;
  }
  // vshl/vshr: tb is the unsigned shift amount (§8), capped or taken mod 32.
  const int shift = static_cast<int>(shift_amount(ctrl.wrap, tb));
  if (ctrl.op == Pkg::OpVshl) return ta * (static_cast<i128>(1) << shift);  // ta << tb, exact
  return ta >> shift;  // arithmetic for a signed ta (§8); ta >= 0 when unsigned
}

}  // namespace

unsigned video_shift_amount(const Ctrl& ctrl, uint32_t b) {
  const i128 tb = part_select_extend(b, false, scalar_sel(ctrl.bsel));  // §8: always .u32
  return static_cast<unsigned>(shift_amount(ctrl.wrap, tb));
}

uint64_t scalar_video(const Ctrl& ctrl, uint32_t a, uint32_t b, uint32_t c) {
  const bool is_shift = ctrl.op == Pkg::OpVshl || ctrl.op == Pkg::OpVshr;
  const i128 ta = part_select_extend(a, ctrl.asigned, scalar_sel(ctrl.asel));
  // §8: the shift amount is always .u32.
  const i128 tb = part_select_extend(b, is_shift ? false : ctrl.bsigned, scalar_sel(ctrl.bsel));
  i128 tmp = primary(ctrl, ta, tb);
  // vset: dsigned and sat are 0 (§7), so this is the identity and c is unsigned.
  tmp = opt_saturate(tmp, ctrl.sat, ctrl.dsigned, ctrl.dsel);
  if (ctrl.dsel != Pkg::SelNone) return opt_merge(ctrl.dsel, tmp, c) & low_mask(32);
  const i128 c_ext = extend(c, 32, ctrl.dsigned);  // §6: c extended by dtype
  return wrap_to(opt_sec_op(ctrl.secop, tmp, c_ext), 32);
}

// vmad (§9): exactly the pseudo-code, on 128-bit values.
uint64_t vmad(const Ctrl& ctrl, uint32_t a, uint32_t b, uint32_t c) {
  const i128 ta = part_select_extend(a, ctrl.asigned, scalar_sel(ctrl.asel));
  const i128 tb = part_select_extend(b, ctrl.bsigned, scalar_sel(ctrl.bsel));
  const bool signed_final = ctrl.asigned || ctrl.bsigned || ctrl.neg_prod || ctrl.neg_c;

  u128 tmp = static_cast<u128>(ta * tb);  // |ta*tb| < 2^66: exact in i128
  uint32_t c_bits = c;
  unsigned lsb = 0;
  if (ctrl.po) {
    lsb = 1;
  } else if (ctrl.neg_prod) {
    tmp = ~tmp;  // -(a*b) = ~(a*b) + 1
    lsb = 1;
  } else if (ctrl.neg_c) {
    c_bits = ~c_bits;  // -c = ~c + 1
    lsb = 1;
  }
  const u128 c128 = static_cast<u128>(extend(c_bits, 32, signed_final));
  tmp = tmp + c128 + lsb;  // modulo 2^128

  unsigned shift = 0;  // no .scale: shift 0 (§9)
  if (ctrl.scale == Pkg::ScaleShr7) shift = 7;
  if (ctrl.scale == Pkg::ScaleShr15) shift = 15;
  // Bits 64+shift..127 of tmp are dropped, so a logical shift equals an arithmetic one here.
  const uint64_t result64 = static_cast<uint64_t>(tmp >> shift);

  i128 result = extend(result64, 64, signed_final);  // §9: read by the final signedness
  if (ctrl.sat) result = saturate(result, 32, signed_final);
  return wrap_to(result, 32);
}

}  // namespace ptxalu::model
