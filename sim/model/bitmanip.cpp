// Bit manipulation (PTX 9.7.1.14-22): popc clz bfind fns brev bfe bfi bmsk szext, written as
// the pseudo-code's own loops.
#include "model_internal.hpp"

namespace ptxalu::model {
namespace {

uint64_t popc(uint64_t a, unsigned width) {
  uint64_t d = 0;
  for (unsigned i = 0; i < width; ++i) d += bit_of(a, i) ? 1 : 0;
  return d;
}

uint64_t clz(uint64_t a, unsigned width) {
  uint64_t d = 0;
  while (d < width && !bit_of(a, width - 1 - static_cast<unsigned>(d))) ++d;
  return d;  // clz(0) = width
}

uint64_t bfind(uint64_t a, unsigned width, bool is_signed, bool shiftamt) {
  const unsigned msb = width - 1;
  if (is_signed && bit_of(a, msb)) a = ~a;  // negative: look for the most significant 0
  uint64_t d = 0xffffffff;
  for (int i = static_cast<int>(msb); i >= 0; --i) {
    if (bit_of(a, static_cast<unsigned>(i))) {
      d = static_cast<uint64_t>(i);
      break;
    }
  }
  if (shiftamt && d != 0xffffffff) d = msb - d;
  return d;
}

uint64_t fns(uint32_t mask, uint32_t base, uint32_t offset_bits) {
  // §18: base is read as unsigned; mask bits outside 0..31 read as zero.
  const int64_t offset = static_cast<int32_t>(offset_bits);
  uint64_t d = 0xffffffff;
  if (offset == 0) {
    if (bit_of(mask, base)) d = base;  // bit_of is 0 past bit 63, and mask has 32 bits
    return d;
  }
  int64_t pos = base;
  int64_t count = (offset < 0 ? -offset : offset) - 1;
  const int64_t inc = offset > 0 ? 1 : -1;
  while (pos >= 0 && pos < 32) {
    if (bit_of(mask, static_cast<unsigned>(pos))) {
      if (count == 0) {
        d = static_cast<uint64_t>(pos);
        break;
      }
      count = count - 1;
    }
    pos = pos + inc;
  }
  return d;
}

uint64_t brev(uint64_t a, unsigned width) {
  uint64_t d = 0;
  for (unsigned i = 0; i < width; ++i) {
    if (bit_of(a, width - 1 - i)) d |= uint64_t{1} << i;
  }
  return d;
}

uint64_t bfe(uint64_t a, uint64_t b, uint64_t c, unsigned width, bool is_signed) {
  const unsigned msb = width - 1;
  const unsigned pos = b & 0xff;  // §17
  const unsigned len = c & 0xff;
  bool sbit = false;
  if (is_signed && len != 0) sbit = bit_of(a, pos + len - 1 < msb ? pos + len - 1 : msb);
  uint64_t d = 0;
  for (unsigned i = 0; i <= msb; ++i) {
    const bool bit = (i < len && pos + i <= msb) ? bit_of(a, pos + i) : sbit;
    if (bit) d |= uint64_t{1} << i;
  }
  return d;
}

uint64_t bfi(uint64_t a, uint64_t b, uint64_t c, uint64_t d_len, unsigned width) {
  const unsigned msb = width - 1;
  const unsigned pos = c & 0xff;  // §17
  const unsigned len = d_len & 0xff;
  uint64_t f = b & low_mask(width);
  for (unsigned i = 0; i < len && pos + i <= msb; ++i) {
    const uint64_t bit = uint64_t{1} << (pos + i);
    f = bit_of(a, i) ? (f | bit) : (f & ~bit);
  }
  return f;
}

// (~0) << amount on 32 bits, for amounts the pseudo-code may give past 31 (read as 0).
uint32_t ones_shifted(unsigned amount) { return amount >= 32 ? 0u : ~0u << amount; }

uint64_t bmsk(uint32_t a, uint32_t b, bool wrap) {
  const unsigned a1 = a & 0x1f;
  uint32_t mask0 = ones_shifted(a1);
  const unsigned b1 = b & 0x1f;
  const unsigned sum = a1 + b1;
  uint32_t mask1 = ones_shifted(sum);
  const bool sum_overflow = sum >= 32;
  bool bit_position_overflow = false;
  bool bit_width_overflow = false;
  if (!wrap) {  // .clamp
    if (a >= 32) {
      bit_position_overflow = true;
      mask0 = 0;
    }
    if (b >= 32) bit_width_overflow = true;
  }
  if (sum_overflow || bit_position_overflow || bit_width_overflow) {
    mask1 = 0;
  } else if (b1 == 0) {
    mask1 = ~0u;
  }
  return mask0 & ~mask1;
}

uint64_t szext(uint32_t a, uint32_t b, bool wrap, bool is_signed) {
  const unsigned b1 = b & 0x1f;
  const bool too_large = b >= 32 && !wrap;
  const uint32_t mask = too_large ? 0 : ones_shifted(b1);
  const unsigned sign_pos = (b1 - 1) & 0x1f;
  bool sign_bit = false;
  if (!(b1 == 0 || too_large || !is_signed)) sign_bit = bit_of(a, sign_pos);
  return (a & ~mask) | (sign_bit ? mask : 0);
}

}  // namespace

uint64_t bit_manip(const Ctrl& ctrl, const Operands& ops) {
  const unsigned w = type_width(ctrl.itype);
  const bool s = type_signed(ctrl.itype);
  const uint64_t a = ops.a & low_mask(w);
  const auto a32 = static_cast<uint32_t>(ops.a);
  const auto b32 = static_cast<uint32_t>(ops.b);
  switch (ctrl.op) {
    case Pkg::OpPopc: return popc(a, w);
    case Pkg::OpClz: return clz(a, w);
    case Pkg::OpBfind: return bfind(a, w, s, ctrl.shiftamt);
    case Pkg::OpFns: return fns(a32, b32, static_cast<uint32_t>(ops.c));
    case Pkg::OpBrev: return brev(a, w);
    case Pkg::OpBfe: return bfe(a, ops.b & low_mask(32), ops.c & low_mask(32), w, s);
    case Pkg::OpBfi:
      return bfi(a, ops.b, ops.c & low_mask(32), ops.d & low_mask(32), w);
    case Pkg::OpBmsk: return bmsk(a32, b32, ctrl.wrap);
    case Pkg::OpSzext: return szext(a32, b32, ctrl.wrap, s);
    default: return 0;
  }
}

}  // namespace ptxalu::model
