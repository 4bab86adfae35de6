// Integer arithmetic (PTX 9.7.1): add sub min max abs neg sad div rem, the multiply family
// mul mad mul24 mad24, and the dot products dp4a dp2a. Operands are extended to their exact
// value by the type, the result is wrapped to the destination width at the end.
#include "model_internal.hpp"

namespace ptxalu::model {
namespace {

// add/sub/min/max on .u16x2/.s16x2: each half-word on its own (PTX 9.7.1.1, 9.7.1.12-13).
uint64_t x2_op(const Ctrl& ctrl, uint64_t a, uint64_t b) {
  const bool is_signed = ctrl.itype == Pkg::ItS16x2;
  uint64_t d = 0;
  for (unsigned i = 0; i < 2; ++i) {
    const i128 ia = extend(a >> (16 * i), 16, is_signed);
    const i128 ib = extend(b >> (16 * i), 16, is_signed);
    i128 di = 0;
    switch (ctrl.op) {
      case Pkg::OpAdd: di = ia + ib; break;
      case Pkg::OpMin: di = ia < ib ? ia : ib; break;
      default: di = ia > ib ? ia : ib; break;  // OpMax
    }
    if (ctrl.relu && di < 0) di = 0;
    d |= wrap_to(di, 16) << (16 * i);
  }
  return d;
}

}  // namespace

uint64_t integer_arith(const Ctrl& ctrl, const Operands& ops) {
  if (type_is_x2(ctrl.itype)) return x2_op(ctrl, ops.a, ops.b);
  const unsigned w = type_width(ctrl.itype);
  const bool s = type_signed(ctrl.itype);
  const i128 a = extend(ops.a, w, s);
  const i128 b = extend(ops.b, w, s);
  const i128 c = extend(ops.c, w, s);
  const uint64_t all_ones = low_mask(w);
  i128 d = 0;
  switch (ctrl.op) {
    case Pkg::OpAdd:
      d = a + b;
      if (ctrl.sat) d = saturate(d, 32, true);  // .sat: s32 only (§19)
      break;
    case Pkg::OpSub:
      d = a - b;
      if (ctrl.sat) d = saturate(d, 32, true);
      break;
    case Pkg::OpMin:
      d = a < b ? a : b;
      if (ctrl.relu && d < 0) d = 0;
      break;
    case Pkg::OpMax:
      d = a > b ? a : b;
      if (ctrl.relu && d < 0) d = 0;
      break;
    case Pkg::OpAbs:
      d = a < 0 ? -a : a;  // abs(MIN) wraps to MIN (§13)
      break;
    case Pkg::OpNeg:
      d = -a;  // neg(MIN) wraps to MIN (§13)
      break;
    case Pkg::OpSad:
      d = c + (a < b ? b - a : a - b);  // §16
      break;
    case Pkg::OpDiv:
      if (b == 0) return all_ones;  // §11
      d = a / b;                    // truncates; MIN / -1 = 2^(w-1) wraps to MIN (§12)
      break;
    case Pkg::OpRem:
      if (b == 0) return all_ones;  // §11
      d = a % b;                    // sign of the dividend; MIN % -1 = 0 (§12)
      break;
    default:
      return 0;
  }
  return wrap_to(d, w);
}

uint64_t multiply(const Ctrl& ctrl, const Operands& ops) {
  const bool s = type_signed(ctrl.itype);
  const bool is_mad = ctrl.op == Pkg::OpMad || ctrl.op == Pkg::OpMad24;

  if (ctrl.op == Pkg::OpMul24 || ctrl.op == Pkg::OpMad24) {
    // §14: 24-bit operands from the low bits, a 48-bit product t.
    const i128 t = extend(ops.a, 24, s) * extend(ops.b, 24, s);
    const uint64_t part = ctrl.half == Pkg::HalfHi ? wrap_to(t >> 16, 32)  // t<47..16>
                                                   : wrap_to(t, 32);       // t<31..0>
    if (!is_mad) return part;
    if (ctrl.sat) {  // mad24.hi.sat.s32: the exact s32 sum, clamped (§14)
      return wrap_to(saturate(extend(part, 32, true) + extend(ops.c, 32, true), 32, true), 32);
    }
    return wrap_to(static_cast<i128>(part) + static_cast<i128>(ops.c & low_mask(32)), 32);
  }

  // mul/mad: the full 2n-bit product, computed modulo 2^128 (2n <= 128 bits are exact).
  const unsigned n = type_width(ctrl.itype);
  const u128 t = static_cast<u128>(extend(ops.a, n, s)) * static_cast<u128>(extend(ops.b, n, s));
  if (ctrl.half == Pkg::HalfWide) {
    const uint64_t product = static_cast<uint64_t>(t) & low_mask(2 * n);  // n is 16 or 32
    if (!is_mad) return product;
    // §15: c and d are 2n bits wide; c's sign extension does not change the low 2n bits.
    return (product + (ops.c & low_mask(2 * n))) & low_mask(2 * n);
  }
  const uint64_t part = ctrl.half == Pkg::HalfHi ? static_cast<uint64_t>(t >> n) & low_mask(n)
                                                 : static_cast<uint64_t>(t) & low_mask(n);
  if (!is_mad) return part;
  if (ctrl.sat) {  // mad.hi.sat.s32: the exact s32 sum, clamped (§14)
    return wrap_to(saturate(extend(part, 32, true) + extend(ops.c, 32, true), 32, true), 32);
  }
  return wrap_to(static_cast<i128>(part) + static_cast<i128>(ops.c & low_mask(n)), n);
}

// dp4a / dp2a (PTX 9.7.1.23-24): d = c + sum of products, modulo 2^32.
uint64_t dot_product(const Ctrl& ctrl, uint32_t a, uint32_t b, uint32_t c) {
  i128 d = c;
  if (ctrl.op == Pkg::OpDp4a) {
    for (unsigned i = 0; i < 4; ++i) {
      d += extend(a >> (8 * i), 8, ctrl.asigned) * extend(b >> (8 * i), 8, ctrl.bsigned);
    }
  } else {
    const unsigned b_select = ctrl.half == Pkg::HalfLo ? 0 : 2;
    for (unsigned i = 0; i < 2; ++i) {
      d += extend(a >> (16 * i), 16, ctrl.asigned) *
           extend(b >> (8 * (b_select + i)), 8, ctrl.bsigned);
    }
  }
  return wrap_to(d, 32);
}

bool compare(i128 a, i128 b, Cmp cmp) {
  switch (cmp) {
    case Pkg::CmpEq: return a == b;
    case Pkg::CmpNe: return a != b;
    case Pkg::CmpLt: return a < b;
    case Pkg::CmpLe: return a <= b;
    case Pkg::CmpGt: return a > b;
    case Pkg::CmpGe: return a >= b;
    default: return false;
  }
}

}  // namespace ptxalu::model
