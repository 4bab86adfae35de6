// Which control words are legal (the canonical forms of doc/CANONICAL_FORMS.md), and their
// operand shapes.
#include <initializer_list>

#include "model.hpp"
#include "model_internal.hpp"

namespace ptxalu {
namespace {

template <typename T>
bool is_one_of(T v, std::initializer_list<T> allowed) {
  for (T a : allowed) {
    if (v == a) return true;
  }
  return false;
}

}  // namespace

namespace model {

bool is_scalar_video(Op op) {
  return is_one_of(op, {Pkg::OpVadd, Pkg::OpVsub, Pkg::OpVabsdiff, Pkg::OpVmin, Pkg::OpVmax,
                        Pkg::OpVshl, Pkg::OpVshr, Pkg::OpVset});
}

bool is_simd_x2(Op op) {
  return is_one_of(op, {Pkg::OpVadd2, Pkg::OpVsub2, Pkg::OpVavrg2, Pkg::OpVabsdiff2,
                        Pkg::OpVmin2, Pkg::OpVmax2, Pkg::OpVset2});
}

bool is_simd_x4(Op op) {
  return is_one_of(op, {Pkg::OpVadd4, Pkg::OpVsub4, Pkg::OpVavrg4, Pkg::OpVabsdiff4,
                        Pkg::OpVmin4, Pkg::OpVmax4, Pkg::OpVset4});
}

unsigned type_width(IType t) { return itype_width(t); }  // written once, in ctrl.hpp

bool type_signed(IType t) {
  return t == Pkg::ItS16 || t == Pkg::ItS32 || t == Pkg::ItS64 || t == Pkg::ItS16x2;
}

bool type_is_x2(IType t) { return t == Pkg::ItU16x2 || t == Pkg::ItS16x2; }

}  // namespace model

namespace {

using model::type_width;

// Fields a form may set; everything else must be zero (canonical form).
struct Uses {
  bool itype = false, dsigned = false, asigned = false, bsigned = false, asel = false,
       bsel = false, dsel = false, mask = false, secop = false, sat = false, cmp = false,
       half = false, wrap = false, scale = false, po = false, neg_prod = false, neg_c = false,
       relu = false, shiftamt = false;
};

bool unused_fields_zero(const Ctrl& c, const Uses& u) {
  return (u.itype || c.itype == Pkg::ItNone) && (u.dsigned || !c.dsigned) &&
         (u.asigned || !c.asigned) && (u.bsigned || !c.bsigned) && (u.asel || c.asel == 0) &&
         (u.bsel || c.bsel == 0) && (u.dsel || c.dsel == Pkg::SelNone) &&
         (u.mask || c.mask == 0) && (u.secop || c.secop == Pkg::SecNone) && (u.sat || !c.sat) &&
         (u.cmp || c.cmp == Pkg::CmpEq) && (u.half || c.half == Pkg::HalfNone) &&
         (u.wrap || !c.wrap) && (u.scale || c.scale == Pkg::ScaleNone) && (u.po || !c.po) &&
         (u.neg_prod || !c.neg_prod) && (u.neg_c || !c.neg_c) && (u.relu || !c.relu) &&
         (u.shiftamt || !c.shiftamt);
}

// A Ctrl built by hand can hold more bits than the word has room for: such a value names
// no encoding, so it is not legal.
bool fits_word(const Ctrl& c) {
  return c.asel < (1u << 12) && c.bsel < (1u << 12) && c.mask < (1u << 4) &&
         static_cast<unsigned>(c.op) < 64 && static_cast<unsigned>(c.itype) < 16;
}

bool is_scalar_sel(uint16_t sel) { return sel <= static_cast<unsigned>(Pkg::SelH1); }
bool is_sel_value(Sel sel) { return static_cast<unsigned>(sel) <= static_cast<unsigned>(Pkg::SelH1); }
bool is_cmp_value(Cmp cmp) { return static_cast<unsigned>(cmp) <= static_cast<unsigned>(Pkg::CmpGe); }

// x2 selectors: lanes 0 and 1 each name pool half 0..3, the upper lanes' bits are zero.
bool is_x2_sel(uint16_t sel) {
  return sel < (1u << 6) && sel_lane(sel, 0) <= 3 && sel_lane(sel, 1) <= 3;
}

// The six scalar integer types u16 u32 u64 s16 s32 s64.
bool is_scalar_int(IType t) {
  return is_one_of(t, {Pkg::ItU16, Pkg::ItU32, Pkg::ItU64, Pkg::ItS16, Pkg::ItS32, Pkg::ItS64});
}

bool legal_scalar_video(const Ctrl& c) {
  const bool is_set = c.op == Pkg::OpVset;
  const bool is_shift = c.op == Pkg::OpVshl || c.op == Pkg::OpVshr;
  Uses u;
  u.dsigned = u.sat = !is_set;  // §7: vset has no dtype and no .sat
  u.asigned = true;
  u.bsigned = !is_shift;        // §8: btype of vshl/vshr is .u32
  u.asel = u.bsel = u.dsel = u.secop = true;
  u.wrap = is_shift;
  u.cmp = is_set;
  if (!unused_fields_zero(c, u)) return false;
  if (!is_scalar_sel(c.asel) || !is_scalar_sel(c.bsel) || !is_sel_value(c.dsel)) return false;
  if (is_set && !is_cmp_value(c.cmp)) return false;
  // §10: a merge and a secondary operation exclude each other.
  return !(c.dsel != Pkg::SelNone && c.secop != Pkg::SecNone);
}

bool legal_vmad(const Ctrl& c) {
  Uses u;
  u.dsigned = true;  // §9: accepted as written, not used
  u.asigned = u.bsigned = u.sat = u.asel = u.bsel = u.scale = u.po = u.neg_prod = u.neg_c = true;
  if (!unused_fields_zero(c, u)) return false;
  if (!is_scalar_sel(c.asel) || !is_scalar_sel(c.bsel)) return false;
  if (c.scale != Pkg::ScaleNone && c.scale != Pkg::ScaleShr7 && c.scale != Pkg::ScaleShr15)
    return false;
  // §9: .po excludes any negation; product and c are not both negated.
  if (c.po && (c.neg_prod || c.neg_c)) return false;
  return !(c.neg_prod && c.neg_c);
}

bool legal_simd(const Ctrl& c, bool x4) {
  const bool is_set = c.op == Pkg::OpVset2 || c.op == Pkg::OpVset4;
  Uses u;
  u.dsigned = u.sat = !is_set;
  u.asigned = u.bsigned = u.asel = u.bsel = u.mask = u.secop = true;
  u.cmp = is_set;
  if (!unused_fields_zero(c, u)) return false;
  if (x4) {
    if (c.mask == 0) return false;  // 4-bit field: 1..15 are the listed masks
  } else {
    if (!is_x2_sel(c.asel) || !is_x2_sel(c.bsel)) return false;
    if (c.mask == 0 || c.mask > 3) return false;
  }
  if (is_set && !is_cmp_value(c.cmp)) return false;
  // §5: only .add as secondary operation, and not with .sat.
  if (c.secop != Pkg::SecNone && c.secop != Pkg::SecAdd) return false;
  return !(c.sat && c.secop != Pkg::SecNone);
}

bool legal_integer(const Ctrl& c) {
  Uses u;
  u.itype = true;
  const IType t = c.itype;
  bool type_ok = false;
  bool extra_ok = true;
  switch (c.op) {
    case Pkg::OpAdd:
      u.sat = true;
      type_ok = is_scalar_int(t) || model::type_is_x2(t);
      extra_ok = !c.sat || t == Pkg::ItS32;  // §19
      break;
    case Pkg::OpSub:
      u.sat = true;
      type_ok = is_scalar_int(t);
      extra_ok = !c.sat || t == Pkg::ItS32;
      break;
    case Pkg::OpMul:
    case Pkg::OpMad:
      u.half = true;
      u.sat = c.op == Pkg::OpMad;
      type_ok = is_scalar_int(t);
      extra_ok = (c.half == Pkg::HalfLo || c.half == Pkg::HalfHi ||
                  (c.half == Pkg::HalfWide && type_width(t) != 64)) &&
                 (!c.sat || (c.half == Pkg::HalfHi && t == Pkg::ItS32));  // §19
      break;
    case Pkg::OpMul24:
    case Pkg::OpMad24:
      u.half = true;
      u.sat = c.op == Pkg::OpMad24;
      type_ok = t == Pkg::ItU32 || t == Pkg::ItS32;
      extra_ok = (c.half == Pkg::HalfLo || c.half == Pkg::HalfHi) &&
                 (!c.sat || (c.half == Pkg::HalfHi && t == Pkg::ItS32));  // §14
      break;
    case Pkg::OpSad:
    case Pkg::OpDiv:
    case Pkg::OpRem:
      type_ok = is_scalar_int(t);
      break;
    case Pkg::OpAbs:
    case Pkg::OpNeg:
      type_ok = is_one_of(t, {Pkg::ItS16, Pkg::ItS32, Pkg::ItS64});
      break;
    case Pkg::OpMin:
    case Pkg::OpMax:
      u.relu = true;
      type_ok = is_scalar_int(t) || model::type_is_x2(t);
      extra_ok = !c.relu || t == Pkg::ItS32 || t == Pkg::ItS16x2;  // §19
      break;
    case Pkg::OpPopc:
    case Pkg::OpClz:
    case Pkg::OpBrev:
    case Pkg::OpBfi:
      type_ok = t == Pkg::ItB32 || t == Pkg::ItB64;
      break;
    case Pkg::OpBfind:
      u.shiftamt = true;
      type_ok = is_one_of(t, {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32, Pkg::ItS64});
      break;
    case Pkg::OpFns:
      type_ok = t == Pkg::ItB32;
      break;
    case Pkg::OpBfe:
      type_ok = is_one_of(
          t, {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32, Pkg::ItS64, Pkg::ItB32, Pkg::ItB64});
      break;
    case Pkg::OpBmsk:
      u.wrap = true;
      type_ok = t == Pkg::ItB32;
      break;
    case Pkg::OpSzext:
      u.wrap = true;
      type_ok = t == Pkg::ItU32 || t == Pkg::ItS32;
      break;
    case Pkg::OpDp4a:
    case Pkg::OpDp2a:
      u.itype = false;  // operand types are asigned/bsigned
      u.asigned = u.bsigned = true;
      u.half = c.op == Pkg::OpDp2a;
      type_ok = true;
      extra_ok = c.op == Pkg::OpDp4a || c.half == Pkg::HalfLo || c.half == Pkg::HalfHi;
      break;
    default:
      return false;
  }
  return type_ok && extra_ok && unused_fields_zero(c, u);
}

Signature make_signature(unsigned dst, std::initializer_list<unsigned> srcs) {
  Signature s;
  s.dst_width = dst;
  for (unsigned w : srcs) s.src_width[s.num_srcs++] = w;
  return s;
}

}  // namespace

bool is_legal(const Ctrl& c) {
  if (!fits_word(c) || static_cast<unsigned>(c.op) >= Pkg::NumOps) return false;
  if (model::is_scalar_video(c.op)) return legal_scalar_video(c);
  if (c.op == Pkg::OpVmad) return legal_vmad(c);
  if (model::is_simd_x2(c.op)) return legal_simd(c, false);
  if (model::is_simd_x4(c.op)) return legal_simd(c, true);
  return legal_integer(c);
}

// The shape of a legal form. For an illegal word the answer is the closest reading of its
// fields and means nothing.
Signature signature(const Ctrl& c) {
  if (model::is_scalar_video(c.op)) {
    // §10: c is present iff a secondary operation or a merge is given.
    const bool has_c = c.secop != Pkg::SecNone || c.dsel != Pkg::SelNone;
    return has_c ? make_signature(32, {32, 32, 32}) : make_signature(32, {32, 32});
  }
  if (c.op == Pkg::OpVmad || model::is_simd_x2(c.op) || model::is_simd_x4(c.op)) {
    return make_signature(32, {32, 32, 32});
  }
  const unsigned w = type_width(c.itype);
  switch (c.op) {
    case Pkg::OpAdd:
    case Pkg::OpSub:
    case Pkg::OpMin:
    case Pkg::OpMax:
    case Pkg::OpDiv:
    case Pkg::OpRem:
      return make_signature(w, {w, w});
    case Pkg::OpMul:
      return make_signature(c.half == Pkg::HalfWide ? 2 * w : w, {w, w});
    case Pkg::OpMad: {
      const unsigned d = c.half == Pkg::HalfWide ? 2 * w : w;  // §15
      return make_signature(d, {w, w, d});
    }
    case Pkg::OpMul24:
      return make_signature(32, {32, 32});
    case Pkg::OpMad24:
      return make_signature(32, {32, 32, 32});
    case Pkg::OpSad:
      return make_signature(w, {w, w, w});
    case Pkg::OpAbs:
    case Pkg::OpNeg:
    case Pkg::OpBrev:
      return make_signature(w, {w});
    case Pkg::OpPopc:
    case Pkg::OpClz:
    case Pkg::OpBfind:
      return make_signature(32, {w});  // §20
    case Pkg::OpFns:
      return make_signature(32, {32, 32, 32});
    case Pkg::OpBfe:
      return make_signature(w, {w, 32, 32});
    case Pkg::OpBfi:
      return make_signature(w, {w, w, 32, 32});
    case Pkg::OpBmsk:
    case Pkg::OpSzext:
      return make_signature(32, {32, 32});
    case Pkg::OpDp4a:
    case Pkg::OpDp2a:
      return make_signature(32, {32, 32, 32});
    default:
      return make_signature(32, {});
  }
}

}  // namespace ptxalu
