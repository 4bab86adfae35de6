// The front end's view of the instruction table (sim/isa): the PTX modifier lexicon and, per
// operation, how its type suffixes and modifiers are parsed and printed. The per-operation rows
// are derived from the table's forms (instruction_table.cpp); only the spellings of modifiers
// live here. Internal to sim/frontend (instruction.cpp, printer.cpp).
#pragma once

#include <array>
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

inline constexpr std::array kModifiers = {
    Modifier{"u16", kType, Pkg::ItU16},        Modifier{"u32", kType, Pkg::ItU32},
    Modifier{"u64", kType, Pkg::ItU64},        Modifier{"s16", kType, Pkg::ItS16},
    Modifier{"s32", kType, Pkg::ItS32},        Modifier{"s64", kType, Pkg::ItS64},
    Modifier{"u16x2", kType, Pkg::ItU16x2},    Modifier{"s16x2", kType, Pkg::ItS16x2},
    Modifier{"b32", kType, Pkg::ItB32},        Modifier{"b64", kType, Pkg::ItB64},
    Modifier{"sat", kSat, 1},                  Modifier{"add", kSecop, Pkg::SecAdd},
    Modifier{"min", kSecop, Pkg::SecMin},      Modifier{"max", kSecop, Pkg::SecMax},
    Modifier{"clamp", kMode, 0},               Modifier{"wrap", kMode, 1},
    Modifier{"eq", kCmp, Pkg::CmpEq},          Modifier{"ne", kCmp, Pkg::CmpNe},
    Modifier{"lt", kCmp, Pkg::CmpLt},          Modifier{"le", kCmp, Pkg::CmpLe},
    Modifier{"gt", kCmp, Pkg::CmpGt},          Modifier{"ge", kCmp, Pkg::CmpGe},
    Modifier{"shr7", kScale, Pkg::ScaleShr7},  Modifier{"shr15", kScale, Pkg::ScaleShr15},
    Modifier{"po", kPo, 1},                    Modifier{"lo", kHalf, Pkg::HalfLo},
    Modifier{"hi", kHalf, Pkg::HalfHi},        Modifier{"wide", kHalf, Pkg::HalfWide},
    Modifier{"relu", kRelu, 1},                Modifier{"shiftamt", kShiftamt, 1},
};

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

// Scalar video selector names, indexed by sel_e.
inline constexpr std::array<std::string_view, 7> kScalarSel = {"", "b0", "b1", "b2", "b3", "h0", "h1"};

// Messages from the table's rules (sim/isa): the wording is built from the fields' PTX
// spellings, the reason is the rule's own `cite`; nothing of a rule is written here.
//   The field a modifier category sets (kType: itype).
isa::Field field_of(Category c);
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
