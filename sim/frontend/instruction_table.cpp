#include "instruction_table.hpp"

#include <array>
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

const std::vector<Modifier>& modifiers() {
  static const std::vector<Modifier> lexicon = [] {
    std::vector<Modifier> out;
    for (unsigned c = kType; c < kNumCategories; ++c) {
      const auto category = static_cast<Category>(c);
      const isa::Field f = field_of(category);
      if (category == kMode) {  // the wrap flag, spelled by PTX as a pair of modes
        out.push_back(Modifier{"clamp", kMode, 0});
        out.push_back(Modifier{"wrap", kMode, 1});
      } else if (category == kSat || category == kPo || category == kRelu ||
                 category == kShiftamt) {
        out.push_back(Modifier{isa::field_name(f), category, 1});
      } else {
        for (unsigned v = 0; v < 16; ++v) {
          const std::string_view name = isa::value_name(f, v);
          if (!name.empty() && name != "none") out.push_back(Modifier{name, category, v});
        }
      }
    }
    return out;
  }();
  return lexicon;
}

std::string_view scalar_sel_name(unsigned sel) {
  return sel == Pkg::SelNone || sel >= 16 ? std::string_view() : isa::value_name(isa::Field::Dsel, sel);
}

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
  for (const Modifier& m : modifiers())
    if (m.text == text) return &m;
  return nullptr;
}
std::string_view modifier_text(Category category, unsigned value) {
  for (const Modifier& m : modifiers())
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

isa::Field field_of(Category c) {
  switch (c) {
    case kSat: return isa::Field::Sat;
    case kSecop: return isa::Field::Secop;
    case kMode: return isa::Field::Wrap;
    case kCmp: return isa::Field::Cmp;
    case kScale: return isa::Field::Scale;
    case kPo: return isa::Field::Po;
    case kHalf: return isa::Field::Half;
    case kRelu: return isa::Field::Relu;
    case kShiftamt: return isa::Field::Shiftamt;
    default: return isa::Field::Itype;
  }
}

bool is_type_field(isa::Field f) {
  return f == isa::Field::Itype || f == isa::Field::Dsigned || f == isa::Field::Asigned ||
         f == isa::Field::Bsigned;
}

namespace {

// The category whose modifiers write field `f`, or kNumCategories for the others.
Category category_of(isa::Field f) {
  for (unsigned c = kType; c < kNumCategories; ++c)
    if (field_of(static_cast<Category>(c)) == f) return static_cast<Category>(c);
  return kNumCategories;
}

std::string quoted(std::string_view text) { return "'." + std::string(text) + "'"; }

// "a", "a or b", "a, b or c".
std::string one_of(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return out;
}

}  // namespace

std::string spelled(const OpInfo& info, isa::Field f, unsigned value) {
  using isa::Field;
  switch (f) {
    case Field::Dsigned:
    case Field::Asigned:
    case Field::Bsigned: {
      static constexpr std::array<std::string_view, 3> kRole = {"dtype", "atype", "btype"};
      const unsigned role = static_cast<unsigned>(f) - static_cast<unsigned>(Field::Dsigned);
      return quoted(value ? "s32" : "u32") + " as " + std::string(kRole[role]);
    }
    case Field::Dsel:
      return scalar_sel_name(value).empty() ? "no dsel"
                                            : "a dsel (" + quoted(scalar_sel_name(value)) + ")";
    case Field::NegProd: return value ? "a negated a or b" : "no negated product";
    case Field::NegC: return value ? "a negated c" : "no negated c";
    default: break;
  }
  const Category c = category_of(f);
  const std::string_view text = c == kNumCategories ? "?" : modifier_text(c, value);
  if (text != "?") return quoted(text);
  return "no " + std::string(isa::field_name(f)) + " on " + std::string(info.name);
}

std::vector<isa::Field> rule_fields(const isa::Rule& rule, const Ctrl& c) {
  std::vector<isa::Field> out;
  for (unsigned i = 0; i < isa::kNumFields; ++i) {
    const auto f = static_cast<isa::Field>(i);
    const bool breaks = rule.then[i] != 0 && (rule.then[i] & (1u << isa::field_value(c, f))) == 0;
    if (rule.when[i] != 0 || breaks) out.push_back(f);
  }
  return out;
}

std::string rule_message(const OpInfo& info, const isa::Rule& rule, const Ctrl& c) {
  std::string when, broken, only;
  for (unsigned i = 0; i < isa::kNumFields; ++i) {
    const auto f = static_cast<isa::Field>(i);
    const unsigned v = isa::field_value(c, f);
    if (rule.when[i] != 0) when += (when.empty() ? "" : " and ") + spelled(info, f, v);
    if (rule.then[i] == 0 || (rule.then[i] & (1u << v)) != 0) continue;
    broken += (broken.empty() ? "" : " and ") + spelled(info, f, v);
    if ((rule.then[i] & 1u) != 0) continue;  // the zero value allowed: "cannot" says it all
    std::vector<std::string> list;
    for (unsigned value = 1; value < 32; ++value)
      if ((rule.then[i] & (1u << value)) != 0) list.push_back(spelled(info, f, value));
    only += (only.empty() ? ": " : "; ") + one_of(list) + " only";
  }
  return broken + " cannot be combined with " + when + " on " + std::string(info.name) + only +
         " (" + std::string(rule.cite) + ")";
}

std::string not_allowed_note(const OpInfo& info, isa::Field f, unsigned value) {
  if (const isa::Excluded* e = isa::excluded(info.op, f, value))
    return " (" + std::string(e->cite) + ")";
  const uint32_t values = isa::field_values(info.op, f);
  std::vector<std::string> list;
  for (unsigned v = 0; v < 32; ++v)
    if ((values & (1u << v)) != 0 && spelled(info, f, v).rfind("no ", 0) != 0)
      list.push_back(spelled(info, f, v));
  return list.empty() ? "" : " (allowed: " + one_of(list) + ")";
}

}  // namespace ptxalu::frontend::table
