// The front end's view of the instruction table (sim/isa): the PTX modifier lexicon and, per
// operation, how its type suffixes and modifiers are parsed and printed. Both derive from the
// table (instruction_table.cpp): the lexicon from its spellings, the rows from its forms. Internal to sim/frontend (instruction.cpp, printer.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ctrl.hpp"
#include "isa.hpp"
#include "lexer.hpp"

namespace ptxalu::frontend::table {

enum class Family { ScalarVideo, VideoShift, Vmad, Vset, Simd2, Vset2, Simd4, Vset4, Dot, Integer };

// Modifier categories; at most one modifier of each (types excepted) may be given.
enum Category : unsigned {
  kType,
  kSat,
  kSecop,
  kMode,
  kCmp,
  kScale,
  kPo,
  kHalf,
  kRelu,
  kShiftamt,
  kNumCategories
};
constexpr unsigned bit(Category c) { return 1u << c; }

struct Modifier {
  std::string_view text;
  Category category;
  unsigned value;  // IType, SecOp, Cmp, Scale, Half, or 1 (flags; .wrap = 1, .clamp = 0)
};

// The modifier lexicon, in category order: the table's spellings (isa::value_name) of the
// types, secondary operations, comparisons, scales and halves; the flags by their field
// names (.sat, .po, .relu, .shiftamt); .clamp and .wrap for the shift mode.
const std::vector<Modifier>& modifiers();

inline constexpr unsigned it(IType t) { return 1u << t; }

struct OpInfo {
  std::string_view name;
  Op op;
  Family family;
  unsigned num_types;   // video: 3 (.dtype.atype.btype) or 2 (vset*, dp4a/dp2a); integer: 1
  unsigned itypes;      // integer: bit set of allowed IType values
  unsigned allowed;     // categories that may be given
  unsigned required;    // categories that must be given
  std::string_view type_syntax;  // for messages
};

// Rows derived from sim/isa's forms, one per operation.
const OpInfo* find_op(std::string_view name);
const OpInfo& info_of(Op op);
const Modifier* find_modifier(std::string_view text);
std::string_view modifier_text(Category category, unsigned value);

bool is_video(Family f);
bool is_simd(Family f);
bool is_scalar_video(Family f);
unsigned simd_lanes(Family f);
uint16_t default_asel(unsigned lanes);
uint16_t default_bsel(unsigned lanes);
uint8_t full_mask(unsigned lanes);
bool before(SourcePos a, SourcePos b);
SourcePos later(SourcePos a, SourcePos b);

// A scalar video selector's name as the table spells it ("b0" ... "h1"); "" for SelNone and
// values that name none.
std::string_view scalar_sel_name(unsigned sel);

// Messages from the table's rules (sim/isa): the wording is built from the fields' PTX
// spellings, the reason is the rule's own `cite`; nothing of a rule is written here.
//   The field a modifier category sets (kType: itype); whether a type suffix sets `f`.
isa::Field field_of(Category c);
bool is_type_field(isa::Field f);
//   How `value` of field `f` is written: "'.u32'", "'.s32' as btype", "a dsel ('.b0')".
std::string spelled(const OpInfo& info, isa::Field f, unsigned value);
//   "'.u32' cannot be combined with '.sat' on add: .s32 only (CLARIFICATIONS §19)".
std::string rule_message(const OpInfo& info, const isa::Rule& rule, const Ctrl& c);
//   The fields a broken rule is about, where the error points: its `when` fields and the
//   `then` fields `c` breaks.
std::vector<isa::Field> rule_fields(const isa::Rule& rule, const Ctrl& c);
//   Why `value` of `f` is not in the op's forms: " (<cite>)" from the table's `excluded`
//   entries, else " (allowed: .lo, .hi)" from the forms.
std::string not_allowed_note(const OpInfo& info, isa::Field f, unsigned value);

}  // namespace ptxalu::frontend::table
