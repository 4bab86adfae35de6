#include "instruction_table.hpp"

#include <vector>

#include "isa.hpp"

namespace ptxalu::frontend::table {
namespace {

// An operation's row from what its forms use: the family (how selectors, types and modifiers
// read), the type suffixes, the modifier categories it allows and those it requires.
OpInfo derive(const isa::Row& row) {
  bool sat = false, secop = false, wrap = false, cmp = false, scale = false, po = false,
       half = false, every_half = true, relu = false, shiftamt = false, dsigned = false;
  unsigned itypes = 0;
  for (const Ctrl& c : isa::forms(row.op)) {
    sat |= c.sat;
    secop |= c.secop != Pkg::SecNone;
    wrap |= c.wrap;
    cmp |= c.cmp != Pkg::CmpEq;
    scale |= c.scale != Pkg::ScaleNone;
    po |= c.po;
    half |= c.half != Pkg::HalfNone;
    every_half &= c.half != Pkg::HalfNone;
    relu |= c.relu;
    shiftamt |= c.shiftamt;
    dsigned |= c.dsigned;
    if (c.itype != Pkg::ItNone) itypes |= it(c.itype);
  }
  Family family = Family::Integer;
  switch (row.selectors) {
    case isa::Selectors::Scalar:
      family = (scale || po) ? Family::Vmad
               : cmp         ? Family::Vset
               : wrap        ? Family::VideoShift
                             : Family::ScalarVideo;
      break;
    case isa::Selectors::X2: family = cmp ? Family::Vset2 : Family::Simd2; break;
    case isa::Selectors::X4: family = cmp ? Family::Vset4 : Family::Simd4; break;
    case isa::Selectors::None: family = itypes != 0 ? Family::Integer : Family::Dot; break;
  }
  const unsigned num_types = itypes != 0 ? 1 : dsigned ? 3 : 2;
  const unsigned allowed = (sat ? bit(kSat) : 0) | (secop ? bit(kSecop) : 0) |
                           (wrap ? bit(kMode) : 0) | (cmp ? bit(kCmp) : 0) |
                           (scale ? bit(kScale) : 0) | (po ? bit(kPo) : 0) |
                           (half ? bit(kHalf) : 0) | (relu ? bit(kRelu) : 0) |
                           (shiftamt ? bit(kShiftamt) : 0);
  // .clamp/.wrap and the comparison are always written; .lo/.hi(/.wide) where every form has one.
  const unsigned required =
      (wrap ? bit(kMode) : 0) | (cmp ? bit(kCmp) : 0) | (half && every_half ? bit(kHalf) : 0);
  const std::string_view type_syntax = num_types == 1   ? ".type"
                                       : num_types == 3 ? ".dtype.atype.btype"
                                                        : ".atype.btype";
  return OpInfo{row.name, row.op, family, num_types, itypes, allowed, required, type_syntax};
}

const std::vector<OpInfo>& ops() {
  static const std::vector<OpInfo> rows = [] {
    std::vector<OpInfo> out;
    for (const isa::Row& r : isa::rows()) out.push_back(derive(r));
    return out;
  }();
  return rows;
}

}  // namespace

const OpInfo* find_op(std::string_view name) {
  for (const OpInfo& info : ops())
    if (info.name == name) return &info;
  return nullptr;
}
const OpInfo& info_of(Op op) {
  for (const OpInfo& info : ops())
    if (info.op == op) return info;
  return ops()[0];  // unreachable for a legal op
}
const Modifier* find_modifier(std::string_view text) {
  for (const Modifier& m : kModifiers)
    if (m.text == text) return &m;
  return nullptr;
}
std::string_view modifier_text(Category category, unsigned value) {
  for (const Modifier& m : kModifiers)
    if (m.category == category && m.value == value) return m.text;
  return "?";
}

bool is_video(Family f) { return f != Family::Integer && f != Family::Dot; }
bool is_simd(Family f) {
  return f == Family::Simd2 || f == Family::Vset2 || f == Family::Simd4 || f == Family::Vset4;
}
bool is_scalar_video(Family f) {
  return f == Family::ScalarVideo || f == Family::VideoShift || f == Family::Vset;
}
unsigned simd_lanes(Family f) { return (f == Family::Simd2 || f == Family::Vset2) ? 2 : 4; }
isa::Selectors kind(unsigned lanes) { return lanes == 4 ? isa::Selectors::X4 : isa::Selectors::X2; }
uint16_t default_asel(unsigned lanes) { return isa::default_asel(kind(lanes)); }
uint16_t default_bsel(unsigned lanes) { return isa::default_bsel(kind(lanes)); }
uint8_t full_mask(unsigned lanes) { return isa::full_mask(kind(lanes)); }

bool before(SourcePos a, SourcePos b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}
SourcePos later(SourcePos a, SourcePos b) { return before(a, b) ? b : a; }

unsigned itype_width(IType t) {
  switch (t) {
    case Pkg::ItU16:
    case Pkg::ItS16: return 16;
    case Pkg::ItU64:
    case Pkg::ItS64:
    case Pkg::ItB64: return 64;
    default: return 32;
  }
}

}  // namespace ptxalu::frontend::table
