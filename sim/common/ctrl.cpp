#include "ctrl.hpp"

namespace ptxalu {
namespace {

// Field widths follow from the published positions: each field ends where the next begins.
struct Field {
  unsigned lsb;
  unsigned width;
};

constexpr Field kShiftamt{Pkg::CtrlShiftamtLsb, Pkg::CtrlReluLsb - Pkg::CtrlShiftamtLsb};
constexpr Field kRelu{Pkg::CtrlReluLsb, Pkg::CtrlNegCLsb - Pkg::CtrlReluLsb};
constexpr Field kNegC{Pkg::CtrlNegCLsb, Pkg::CtrlNegProdLsb - Pkg::CtrlNegCLsb};
constexpr Field kNegProd{Pkg::CtrlNegProdLsb, Pkg::CtrlPoLsb - Pkg::CtrlNegProdLsb};
constexpr Field kPo{Pkg::CtrlPoLsb, Pkg::CtrlScaleLsb - Pkg::CtrlPoLsb};
constexpr Field kScale{Pkg::CtrlScaleLsb, Pkg::CtrlWrapLsb - Pkg::CtrlScaleLsb};
constexpr Field kWrap{Pkg::CtrlWrapLsb, Pkg::CtrlHalfLsb - Pkg::CtrlWrapLsb};
constexpr Field kHalf{Pkg::CtrlHalfLsb, Pkg::CtrlCmpLsb - Pkg::CtrlHalfLsb};
constexpr Field kCmp{Pkg::CtrlCmpLsb, Pkg::CtrlSatLsb - Pkg::CtrlCmpLsb};
constexpr Field kSat{Pkg::CtrlSatLsb, Pkg::CtrlSecopLsb - Pkg::CtrlSatLsb};
constexpr Field kSecop{Pkg::CtrlSecopLsb, Pkg::CtrlMaskLsb - Pkg::CtrlSecopLsb};
constexpr Field kMask{Pkg::CtrlMaskLsb, Pkg::CtrlDselLsb - Pkg::CtrlMaskLsb};
constexpr Field kDsel{Pkg::CtrlDselLsb, Pkg::CtrlBselLsb - Pkg::CtrlDselLsb};
constexpr Field kBsel{Pkg::CtrlBselLsb, Pkg::CtrlAselLsb - Pkg::CtrlBselLsb};
constexpr Field kAsel{Pkg::CtrlAselLsb, Pkg::CtrlBsignedLsb - Pkg::CtrlAselLsb};
constexpr Field kBsigned{Pkg::CtrlBsignedLsb, Pkg::CtrlAsignedLsb - Pkg::CtrlBsignedLsb};
constexpr Field kAsigned{Pkg::CtrlAsignedLsb, Pkg::CtrlDsignedLsb - Pkg::CtrlAsignedLsb};
constexpr Field kDsigned{Pkg::CtrlDsignedLsb, Pkg::CtrlItypeLsb - Pkg::CtrlDsignedLsb};
constexpr Field kItype{Pkg::CtrlItypeLsb, Pkg::CtrlOpLsb - Pkg::CtrlItypeLsb};
constexpr Field kOp{Pkg::CtrlOpLsb, Pkg::CtrlWidth - Pkg::CtrlOpLsb};

static_assert(Pkg::CtrlWidth <= 64, "the control word must fit the driver's 64-bit port");

constexpr uint64_t put(Field f, uint64_t value) {
  return (value & ((uint64_t{1} << f.width) - 1)) << f.lsb;
}
constexpr unsigned get(Field f, uint64_t word) {
  return static_cast<unsigned>((word >> f.lsb) & ((uint64_t{1} << f.width) - 1));
}

}  // namespace

uint64_t Ctrl::pack() const {
  return put(kOp, op) | put(kItype, itype) | put(kDsigned, dsigned) | put(kAsigned, asigned) |
         put(kBsigned, bsigned) | put(kAsel, asel) | put(kBsel, bsel) | put(kDsel, dsel) |
         put(kMask, mask) | put(kSecop, secop) | put(kSat, sat) | put(kCmp, cmp) |
         put(kHalf, half) | put(kWrap, wrap) | put(kScale, scale) | put(kPo, po) |
         put(kNegProd, neg_prod) | put(kNegC, neg_c) | put(kRelu, relu) |
         put(kShiftamt, shiftamt);
}

Ctrl Ctrl::unpack(uint64_t word) {
  Ctrl c;
  c.op = static_cast<Op>(get(kOp, word));
  c.itype = static_cast<IType>(get(kItype, word));
  c.dsigned = get(kDsigned, word) != 0;
  c.asigned = get(kAsigned, word) != 0;
  c.bsigned = get(kBsigned, word) != 0;
  c.asel = static_cast<uint16_t>(get(kAsel, word));
  c.bsel = static_cast<uint16_t>(get(kBsel, word));
  c.dsel = static_cast<Sel>(get(kDsel, word));
  c.mask = static_cast<uint8_t>(get(kMask, word));
  c.secop = static_cast<SecOp>(get(kSecop, word));
  c.sat = get(kSat, word) != 0;
  c.cmp = static_cast<Cmp>(get(kCmp, word));
  c.half = static_cast<Half>(get(kHalf, word));
  c.wrap = get(kWrap, word) != 0;
  c.scale = static_cast<Scale>(get(kScale, word));
  c.po = get(kPo, word) != 0;
  c.neg_prod = get(kNegProd, word) != 0;
  c.neg_c = get(kNegC, word) != 0;
  c.relu = get(kRelu, word) != 0;
  c.shiftamt = get(kShiftamt, word) != 0;
  return c;
}

}  // namespace ptxalu
