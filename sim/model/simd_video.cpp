// SIMD video instructions (PTX 9.7.18.2): vadd2/4 vsub2/4 vavrg2/4 vabsdiff2/4 vmin2/4
// vmax2/4 vset2/4. Lanes are computed at their exact value; see CLARIFICATIONS "Operand
// selection" and §1-§5.
#include "model_internal.hpp"

namespace ptxalu::model {
namespace {

// One lane's operation on the extended elements.
i128 lane_op(Op op, i128 va, i128 vb, Cmp cmp) {
  switch (op) {
    case Pkg::OpVadd2:
    case Pkg::OpVadd4:
      return va + vb;
    case Pkg::OpVsub2:
    case Pkg::OpVsub4:
      return va - vb;
    case Pkg::OpVavrg2:
    case Pkg::OpVavrg4: {
      // §2: round half up for a non-negative sum, arithmetic shift (toward -inf) otherwise.
      const i128 sum = va + vb;
      return sum >= 0 ? (sum + 1) >> 1 : sum >> 1;
    }
    case Pkg::OpVabsdiff2:
    case Pkg::OpVabsdiff4:
      return va > vb ? va - vb : vb - va;
    case Pkg::OpVmin2:
    case Pkg::OpVmin4:
      return va < vb ? va : vb;
    case Pkg::OpVmax2:
    case Pkg::OpVmax4:
      return va > vb ? va : vb;
    default:  // vset2, vset4
      return compare(va, vb, cmp) ? 1 : 0;
  }
}

}  // namespace

uint64_t simd_video(const Ctrl& ctrl, uint32_t a, uint32_t b, uint32_t c) {
  const unsigned lanes = is_simd_x4(ctrl.op) ? 4 : 2;
  const unsigned lane_bits = 32 / lanes;
  // The pool of 2n elements: a's lanes, then b's (CLARIFICATIONS, Operand selection).
  const uint64_t pool = (static_cast<uint64_t>(b) << 32) | a;
  auto element = [&](unsigned index, bool is_signed) {
    return extend(pool >> (index * lane_bits), lane_bits, is_signed);
  };

  i128 t[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < lanes; ++i) {
    const i128 va = element(sel_lane(ctrl.asel, i), ctrl.asigned);
    const i128 vb = element(sel_lane(ctrl.bsel, i), ctrl.bsigned);
    t[i] = lane_op(ctrl.op, va, vb, ctrl.cmp);
    if (ctrl.sat) t[i] = saturate(t[i], lane_bits, ctrl.dsigned);  // §4
  }

  if (ctrl.secop == Pkg::SecAdd) {
    // §3: d = c + sum of the enabled lanes at full signed value, modulo 2^32.
    i128 d = c;
    for (unsigned i = 0; i < lanes; ++i) {
      if ((ctrl.mask >> i) & 1u) d += t[i];
    }
    return wrap_to(d, 32);
  }
  // Merge: enabled lanes take t[i] truncated to the lane, the others keep c's lane (§1: c,
  // also for vset2/vset4).
  uint64_t d = 0;
  for (unsigned i = 0; i < lanes; ++i) {
    const unsigned pos = i * lane_bits;
    const uint64_t lane = ((ctrl.mask >> i) & 1u) ? wrap_to(t[i], lane_bits)
                                                  : (static_cast<uint64_t>(c) >> pos) & low_mask(lane_bits);
    d |= lane << pos;
  }
  return d;
}

}  // namespace ptxalu::model
