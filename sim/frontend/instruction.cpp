#include "instruction.hpp"

#include <array>

#include "model.hpp"

namespace ptxalu::frontend {
namespace {

// ---------------------------------------------------------------------------------------------
// Tables

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

constexpr std::array kModifiers = {
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

constexpr unsigned it(IType t) { return 1u << t; }
constexpr unsigned kSixScalar =
    it(Pkg::ItU16) | it(Pkg::ItU32) | it(Pkg::ItU64) | it(Pkg::ItS16) | it(Pkg::ItS32) |
    it(Pkg::ItS64);
constexpr unsigned kWithX2 = kSixScalar | it(Pkg::ItU16x2) | it(Pkg::ItS16x2);
constexpr unsigned kSigned = it(Pkg::ItS16) | it(Pkg::ItS32) | it(Pkg::ItS64);
constexpr unsigned kBits = it(Pkg::ItB32) | it(Pkg::ItB64);
constexpr unsigned kUS3264 = it(Pkg::ItU32) | it(Pkg::ItU64) | it(Pkg::ItS32) | it(Pkg::ItS64);
constexpr unsigned kUS32 = it(Pkg::ItU32) | it(Pkg::ItS32);

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

constexpr unsigned kVideoMods = bit(kSat) | bit(kSecop);
constexpr std::string_view kDAB = ".dtype.atype.btype";
constexpr std::string_view kAB = ".atype.btype";

constexpr std::array kOps = {
    OpInfo{"vadd", Pkg::OpVadd, Family::ScalarVideo, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vsub", Pkg::OpVsub, Family::ScalarVideo, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vabsdiff", Pkg::OpVabsdiff, Family::ScalarVideo, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vmin", Pkg::OpVmin, Family::ScalarVideo, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vmax", Pkg::OpVmax, Family::ScalarVideo, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vshl", Pkg::OpVshl, Family::VideoShift, 3, 0, kVideoMods | bit(kMode), bit(kMode),
           kDAB},
    OpInfo{"vshr", Pkg::OpVshr, Family::VideoShift, 3, 0, kVideoMods | bit(kMode), bit(kMode),
           kDAB},
    OpInfo{"vmad", Pkg::OpVmad, Family::Vmad, 3, 0, bit(kSat) | bit(kScale) | bit(kPo), 0, kDAB},
    OpInfo{"vset", Pkg::OpVset, Family::Vset, 2, 0, bit(kSecop) | bit(kCmp), bit(kCmp), kAB},
    OpInfo{"vadd2", Pkg::OpVadd2, Family::Simd2, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vsub2", Pkg::OpVsub2, Family::Simd2, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vavrg2", Pkg::OpVavrg2, Family::Simd2, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vabsdiff2", Pkg::OpVabsdiff2, Family::Simd2, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vmin2", Pkg::OpVmin2, Family::Simd2, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vmax2", Pkg::OpVmax2, Family::Simd2, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vset2", Pkg::OpVset2, Family::Vset2, 2, 0, bit(kSecop) | bit(kCmp), bit(kCmp), kAB},
    OpInfo{"vadd4", Pkg::OpVadd4, Family::Simd4, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vsub4", Pkg::OpVsub4, Family::Simd4, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vavrg4", Pkg::OpVavrg4, Family::Simd4, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vabsdiff4", Pkg::OpVabsdiff4, Family::Simd4, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vmin4", Pkg::OpVmin4, Family::Simd4, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vmax4", Pkg::OpVmax4, Family::Simd4, 3, 0, kVideoMods, 0, kDAB},
    OpInfo{"vset4", Pkg::OpVset4, Family::Vset4, 2, 0, bit(kSecop) | bit(kCmp), bit(kCmp), kAB},
    OpInfo{"add", Pkg::OpAdd, Family::Integer, 1, kWithX2, bit(kSat), 0, ".type"},
    OpInfo{"sub", Pkg::OpSub, Family::Integer, 1, kSixScalar, bit(kSat), 0, ".type"},
    OpInfo{"mul", Pkg::OpMul, Family::Integer, 1, kSixScalar, bit(kHalf), bit(kHalf), ".type"},
    OpInfo{"mad", Pkg::OpMad, Family::Integer, 1, kSixScalar, bit(kHalf) | bit(kSat), bit(kHalf),
           ".type"},
    OpInfo{"mul24", Pkg::OpMul24, Family::Integer, 1, kUS32, bit(kHalf), bit(kHalf), ".type"},
    OpInfo{"mad24", Pkg::OpMad24, Family::Integer, 1, kUS32, bit(kHalf) | bit(kSat), bit(kHalf),
           ".type"},
    OpInfo{"sad", Pkg::OpSad, Family::Integer, 1, kSixScalar, 0, 0, ".type"},
    OpInfo{"div", Pkg::OpDiv, Family::Integer, 1, kSixScalar, 0, 0, ".type"},
    OpInfo{"rem", Pkg::OpRem, Family::Integer, 1, kSixScalar, 0, 0, ".type"},
    OpInfo{"abs", Pkg::OpAbs, Family::Integer, 1, kSigned, 0, 0, ".type"},
    OpInfo{"neg", Pkg::OpNeg, Family::Integer, 1, kSigned, 0, 0, ".type"},
    OpInfo{"min", Pkg::OpMin, Family::Integer, 1, kWithX2, bit(kRelu), 0, ".type"},
    OpInfo{"max", Pkg::OpMax, Family::Integer, 1, kWithX2, bit(kRelu), 0, ".type"},
    OpInfo{"popc", Pkg::OpPopc, Family::Integer, 1, kBits, 0, 0, ".type"},
    OpInfo{"clz", Pkg::OpClz, Family::Integer, 1, kBits, 0, 0, ".type"},
    OpInfo{"bfind", Pkg::OpBfind, Family::Integer, 1, kUS3264, bit(kShiftamt), 0, ".type"},
    OpInfo{"fns", Pkg::OpFns, Family::Integer, 1, it(Pkg::ItB32), 0, 0, ".type"},
    OpInfo{"brev", Pkg::OpBrev, Family::Integer, 1, kBits, 0, 0, ".type"},
    OpInfo{"bfe", Pkg::OpBfe, Family::Integer, 1, kUS3264 | kBits, 0, 0, ".type"},
    OpInfo{"bfi", Pkg::OpBfi, Family::Integer, 1, kBits, 0, 0, ".type"},
    OpInfo{"bmsk", Pkg::OpBmsk, Family::Integer, 1, it(Pkg::ItB32), bit(kMode), bit(kMode),
           ".type"},
    OpInfo{"szext", Pkg::OpSzext, Family::Integer, 1, kUS32, bit(kMode), bit(kMode), ".type"},
    OpInfo{"dp4a", Pkg::OpDp4a, Family::Dot, 2, 0, 0, 0, kAB},
    OpInfo{"dp2a", Pkg::OpDp2a, Family::Dot, 2, 0, bit(kHalf), bit(kHalf), kAB},
};
static_assert(kOps.size() == Pkg::NumOps, "one table row per operation");

const OpInfo* find_op(std::string_view name) {
  for (const OpInfo& info : kOps)
    if (info.name == name) return &info;
  return nullptr;
}
const OpInfo& info_of(Op op) {
  for (const OpInfo& info : kOps)
    if (info.op == op) return info;
  return kOps[0];  // unreachable for a legal op
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
uint16_t default_asel(unsigned lanes) {
  return lanes == 4 ? make_sel(3, 2, 1, 0) : static_cast<uint16_t>((1u << 3) | 0u);
}
uint16_t default_bsel(unsigned lanes) {
  return lanes == 4 ? make_sel(7, 6, 5, 4) : static_cast<uint16_t>((3u << 3) | 2u);
}
uint8_t full_mask(unsigned lanes) { return static_cast<uint8_t>((1u << lanes) - 1); }

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

// Scalar video selector names, indexed by sel_e.
constexpr std::array<std::string_view, 7> kScalarSel = {"", "b0", "b1", "b2", "b3", "h0", "h1"};

// ---------------------------------------------------------------------------------------------
// Parser

struct OperandSyntax {
  OperandRef ref;
  bool negated = false;  // `-reg` (vmad only)
  SourcePos neg_pos;
  bool imm_negative = false;  // `-number`
  uint64_t magnitude = 0;
  bool has_selector = false;
  std::string selector;  // text after the '.'
  SourcePos sel_pos;     // of the '.'
};

struct SeenModifier {
  const Modifier* modifier = nullptr;
  SourcePos pos;  // of the '.'
};

class InstructionParser {
 public:
  InstructionParser(const std::vector<Token>& tokens, size_t* index, const std::string& file,
                    Diagnostic* error)
      : tokens_(tokens), index_(index), file_(file), error_(error) {}

  bool parse(ParsedInstruction* out) {
    const Token& opcode = tok();
    out->pos = opcode.pos;
    if (opcode.kind != TokenKind::Identifier) return fail(opcode.pos, "expected an instruction, found " + describe(opcode));
    info_ = find_op(opcode.text);
    if (info_ == nullptr) return fail(opcode.pos, "unknown instruction " + quote(opcode.text));
    opcode_end_ = opcode.pos;
    ++*index_;
    ctrl_.op = info_->op;
    return parse_modifiers() && parse_operands() && apply_types() && check_modifiers() &&
           apply_operands() && check_counts_and_immediates() && finish(out);
  }

 private:
  const Token& tok() const { return tokens_[*index_]; }
  const Token& tok_at(size_t ahead) const {
    const size_t i = *index_ + ahead;
    return tokens_[i < tokens_.size() ? i : tokens_.size() - 1];
  }
  bool fail(SourcePos pos, std::string message) {
    *error_ = Diagnostic{file_, pos, std::move(message)};
    return false;
  }
  std::string name() const { return std::string(info_->name); }

  // `.mod` suffixes written directly after the opcode.
  bool parse_modifiers() {
    while (tok().kind == TokenKind::Dot && !tok().spaced) {
      const SourcePos dot = tok().pos;
      const Token& word = tok_at(1);
      if (word.kind != TokenKind::Identifier || word.spaced || word.text[0] == '%')
        return fail(dot, "expected a modifier name after '.'");
      const Modifier* m = find_modifier(word.text);
      const std::string shown = quote("." + word.text);
      if (m == nullptr) return fail(dot, "unknown modifier " + shown + " on " + name());
      for (const SeenModifier& seen : seen_)  // types repeat legitimately: .s32.s32.u32
        if (seen.modifier == m && m->category != kType)
          return fail(dot, "duplicate modifier " + shown);
      if (m->category == kType) {
        types_.push_back({m, dot});
      } else {
        if (const SeenModifier& other = by_category_[m->category]; other.modifier != nullptr)
          return fail(dot, shown + " conflicts with '." + std::string(other.modifier->text) + "'");
        if ((info_->allowed & bit(m->category)) == 0)
          return fail(dot, shown + " is not allowed on " + name() + not_allowed_reason(m));
        by_category_[m->category] = {m, dot};
      }
      seen_.push_back({m, dot});
      *index_ += 2;
    }
    return true;
  }

  std::string not_allowed_reason(const Modifier* m) const {
    if (m->category == kSat && (info_->family == Family::Vset || info_->family == Family::Vset2 ||
                                info_->family == Family::Vset4))
      return " (a comparison does not saturate, CLARIFICATIONS §7)";
    if (m->category == kSecop && info_->family == Family::Vmad) return " (vmad has no secondary operation)";
    return "";
  }

  bool parse_operands() {
    if (tok().kind == TokenKind::Semicolon || tok().kind == TokenKind::End)
      return fail(tok().pos, "missing operands: " + name() + " needs a destination and sources");
    while (true) {
      OperandSyntax operand;
      if (!parse_operand(&operand)) return false;
      operands_.push_back(std::move(operand));
      if (tok().kind == TokenKind::Comma) {
        ++*index_;
        continue;
      }
      if (tok().kind == TokenKind::Semicolon || tok().kind == TokenKind::End) {
        end_pos_ = tok().pos;
        return true;
      }
      return fail(tok().pos, "expected ',' or ';' after an operand, found " + describe(tok()));
    }
  }

  bool parse_operand(OperandSyntax* o) {
    if (tok().kind == TokenKind::Minus) {
      o->negated = true;
      o->neg_pos = tok().pos;
      ++*index_;
    }
    const Token& t = tok();
    o->ref.pos = t.pos;
    o->ref.text = t.text;
    if (t.kind == TokenKind::Identifier) {
      o->ref.kind = OperandRef::Kind::Register;
    } else if (t.kind == TokenKind::Number) {
      o->ref.kind = OperandRef::Kind::Immediate;
      std::string why;
      if (!parse_magnitude(t.text, &o->magnitude, &why)) return fail(t.pos, why);
      if (o->negated) {  // `-5` is a negative immediate, not a negated operand
        o->negated = false;
        o->imm_negative = true;
        o->ref.pos = o->neg_pos;
        o->ref.text = "-" + t.text;
      }
    } else {
      return fail(t.pos, "expected an operand (a register or an immediate), found " + describe(t));
    }
    ++*index_;
    if (tok().kind == TokenKind::Dot && !tok().spaced) {
      o->has_selector = true;
      o->sel_pos = tok().pos;
      const Token& word = tok_at(1);
      if (word.kind != TokenKind::Identifier || word.spaced || word.text[0] == '%')
        return fail(o->sel_pos, "expected a selector name after '.'");
      if (o->ref.kind == OperandRef::Kind::Immediate)
        return fail(o->sel_pos, "an immediate takes no selector");
      o->selector = word.text;
      *index_ += 2;
    }
    return true;
  }

 public:
  static bool parse_magnitude(std::string_view text, uint64_t* value, std::string* why) {
    uint64_t v = 0;
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const unsigned base = hex ? 16 : 10;
    const std::string_view digits = hex ? text.substr(2) : text;
    if (!hex && digits.size() > 1 && digits[0] == '0') {
      *why = "malformed number " + quote(text) +
             ": octal is not supported (write decimal without leading zeros, or 0x hex)";
      return false;
    }
    if (digits.empty()) {
      *why = "malformed number " + quote(text);
      return false;
    }
    for (char c : digits) {
      unsigned d;
      if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
      else if (hex && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
      else if (hex && c >= 'A' && c <= 'F') d = static_cast<unsigned>(c - 'A' + 10);
      else {
        *why = "malformed number " + quote(text);
        return false;
      }
      if (v > (UINT64_MAX - d) / base) {
        *why = "immediate " + quote(text) + " does not fit 64 bits";
        return false;
      }
      v = v * base + d;
    }
    *value = v;
    return true;
  }

  // The value of `-magnitude` or `magnitude` in `width` bits, if it fits.
  static std::optional<uint64_t> fit(bool negative, uint64_t magnitude, unsigned width) {
    const uint64_t mask = width >= 64 ? UINT64_MAX : (uint64_t{1} << width) - 1;
    if (!negative) {
      if (magnitude > mask) return std::nullopt;
      return magnitude;
    }
    const uint64_t most_negative = uint64_t{1} << (width - 1);  // |-2^(width-1)|
    if (magnitude > most_negative) return std::nullopt;
    return (~magnitude + 1) & mask;
  }

 private:
  bool apply_types() {
    // Type suffixes: the count first (at the first extra one), then each value.
    if (types_.size() > info_->num_types)
      return fail(types_[info_->num_types].pos,
                  "too many type suffixes: " + name() + " takes " + std::string(info_->type_syntax));
    if (types_.size() < info_->num_types)
      return fail(opcode_end_, name() + " needs the type suffixes " +
                                   std::string(info_->type_syntax) + ", found " +
                                   std::to_string(types_.size()));
    if (info_->family == Family::Integer) {
      const SeenModifier& t = types_[0];
      if ((info_->itypes & it(static_cast<IType>(t.modifier->value))) == 0)
        return fail(t.pos, "'." + std::string(t.modifier->text) + "' is not a type of " + name() +
                               " (allowed: " + allowed_types() + ")");
      ctrl_.itype = static_cast<IType>(t.modifier->value);
      return true;
    }
    // Video and dot products: .u32 or .s32 for each of (dtype,) atype, btype.
    bool* targets3[3] = {&ctrl_.dsigned, &ctrl_.asigned, &ctrl_.bsigned};
    bool** targets = info_->num_types == 3 ? targets3 : targets3 + 1;
    for (size_t i = 0; i < types_.size(); ++i) {
      const SeenModifier& t = types_[i];
      const unsigned v = t.modifier->value;
      if (v != Pkg::ItU32 && v != Pkg::ItS32)
        return fail(t.pos, "'." + std::string(t.modifier->text) + "' is not a type of " + name() +
                               " (each of " + std::string(info_->type_syntax) +
                               " is .u32 or .s32)");
      *targets[i] = v == Pkg::ItS32;
    }
    if (info_->family == Family::VideoShift && ctrl_.bsigned)
      return fail(types_[2].pos, name() + "'s btype must be .u32 (CLARIFICATIONS §8)");
    return true;
  }

  std::string allowed_types() const {
    std::string out;
    for (const Modifier& m : kModifiers)
      if (m.category == kType && (info_->itypes & it(static_cast<IType>(m.value))) != 0)
        out += (out.empty() ? "." : ", .") + std::string(m.text);
    return out;
  }

  const SeenModifier& mod(Category c) const { return by_category_[c]; }
  bool has(Category c) const { return by_category_[c].modifier != nullptr; }
  unsigned value(Category c) const { return has(c) ? by_category_[c].modifier->value : 0; }

  bool check_modifiers() {
    for (unsigned c = kSat; c < kNumCategories; ++c) {
      if ((info_->required & bit(static_cast<Category>(c))) != 0 && !has(static_cast<Category>(c)))
        return fail(opcode_end_, name() + " needs " + required_text(static_cast<Category>(c)));
    }
    ctrl_.sat = has(kSat);
    ctrl_.secop = static_cast<SecOp>(value(kSecop));
    ctrl_.wrap = value(kMode) != 0;
    ctrl_.cmp = static_cast<Cmp>(value(kCmp));
    ctrl_.scale = static_cast<Scale>(value(kScale));
    ctrl_.po = has(kPo);
    ctrl_.half = static_cast<Half>(value(kHalf));
    ctrl_.relu = has(kRelu);
    ctrl_.shiftamt = has(kShiftamt);
    const IType t = ctrl_.itype;
    switch (info_->op) {
      case Pkg::OpAdd:
      case Pkg::OpSub:
        if (ctrl_.sat && t != Pkg::ItS32)
          return fail(mod(kSat).pos, "'.sat' applies only to " + name() + ".s32 (CLARIFICATIONS §19)");
        break;
      case Pkg::OpMul:
      case Pkg::OpMad:
        if (ctrl_.half == Pkg::HalfWide && itype_width(t) == 64)
          return fail(mod(kHalf).pos, "'.wide' needs a 16- or 32-bit type (CLARIFICATIONS §19)");
        if (ctrl_.sat && !(ctrl_.half == Pkg::HalfHi && t == Pkg::ItS32))
          return fail(mod(kSat).pos, "'.sat' applies only to mad.hi.sat.s32 (CLARIFICATIONS §19)");
        break;
      case Pkg::OpMul24:
      case Pkg::OpMad24:
      case Pkg::OpDp2a:
        if (ctrl_.half == Pkg::HalfWide)
          return fail(mod(kHalf).pos, "'.wide' is not allowed on " + name() + " (.lo or .hi)");
        if (ctrl_.sat && !(ctrl_.half == Pkg::HalfHi && t == Pkg::ItS32))
          return fail(mod(kSat).pos, "'.sat' applies only to mad24.hi.sat.s32 (CLARIFICATIONS §14)");
        break;
      case Pkg::OpMin:
      case Pkg::OpMax:
        if (ctrl_.relu && t != Pkg::ItS32 && t != Pkg::ItS16x2)
          return fail(mod(kRelu).pos, "'.relu' applies only to .s32 and .s16x2 (CLARIFICATIONS §19)");
        break;
      default: break;
    }
    if (is_simd(info_->family)) {
      if (has(kSecop) && ctrl_.secop != Pkg::SecAdd)
        return fail(mod(kSecop).pos, "'." + std::string(mod(kSecop).modifier->text) +
                                         "' is not a SIMD video secondary operation: only .add "
                                         "accumulates (CLARIFICATIONS §5)");
      if (ctrl_.sat && has(kSecop))
        return fail(later(mod(kSat).pos, mod(kSecop).pos),
                    "'.sat' cannot be combined with '.add' (CLARIFICATIONS §5)");
    }
    return true;
  }

  std::string required_text(Category c) const {
    const bool wide_allowed = info_->op == Pkg::OpMul || info_->op == Pkg::OpMad;
    switch (c) {
      case kMode: return "a mode: .clamp or .wrap";
      case kCmp: return "a comparison: .eq, .ne, .lt, .le, .gt or .ge";
      case kHalf: return wide_allowed ? "a mode: .lo, .hi or .wide" : "a mode: .lo or .hi";
      default: return "a modifier";
    }
  }

  // Selectors, masks and negations on the operands.
  bool apply_operands() {
    const Family f = info_->family;
    if (operands_[0].ref.kind != OperandRef::Kind::Register)
      return fail(operands_[0].ref.pos, "the destination must be a register");
    for (size_t i = 0; i < operands_.size(); ++i) {
      const OperandSyntax& o = operands_[i];
      if (o.negated && !(f == Family::Vmad && i >= 1 && i <= 3))
        return fail(o.neg_pos, "only vmad's a, b and c operands can be negated");
      if (!o.has_selector) continue;
      const bool is_a_or_b = i == 1 || i == 2;
      if (!is_video(f))
        return fail(o.sel_pos, name() + " takes no operand selectors");
      if (i == 0 && f == Family::Vmad) return fail(o.sel_pos, "vmad's destination takes no selector");
      if (i >= 3) return fail(o.sel_pos, "the c operand takes no selector");
      if (is_scalar_video(f) || f == Family::Vmad) {
        const Sel sel = scalar_selector(o.selector);
        if (sel == Pkg::SelNone)
          return fail(o.sel_pos, "'." + o.selector +
                                     "' is not a scalar video selector (.b0, .b1, .b2, .b3, "
                                     ".h0, .h1)");
        if (i == 0) ctrl_.dsel = sel;
        if (i == 1) ctrl_.asel = sel;
        if (i == 2) ctrl_.bsel = sel;
      } else if (is_a_or_b) {
        uint16_t sel = 0;
        if (!simd_selector(o, &sel)) return false;
        (i == 1 ? ctrl_.asel : ctrl_.bsel) = sel;
      } else {
        uint8_t mask = 0;
        if (!simd_mask(o, &mask)) return false;
        ctrl_.mask = mask;
      }
    }
    if (is_simd(f)) {
      const unsigned lanes = simd_lanes(f);
      if (!operands_[0].has_selector) ctrl_.mask = full_mask(lanes);
      if (operands_.size() < 2 || !operands_[1].has_selector) ctrl_.asel = default_asel(lanes);
      if (operands_.size() < 3 || !operands_[2].has_selector) ctrl_.bsel = default_bsel(lanes);
    }
    if (f == Family::Vmad) {
      const bool neg_a = operands_.size() > 1 && operands_[1].negated;
      const bool neg_b = operands_.size() > 2 && operands_[2].negated;
      const bool neg_c = operands_.size() > 3 && operands_[3].negated;
      for (size_t i = 1; i < operands_.size() && i <= 3; ++i)
        if (operands_[i].negated && ctrl_.po)
          return fail(operands_[i].neg_pos,
                      "no operand can be negated with '.po' (CLARIFICATIONS §9)");
      ctrl_.neg_prod = neg_a != neg_b;
      ctrl_.neg_c = neg_c;
      if (ctrl_.neg_prod && ctrl_.neg_c)
        return fail(operands_[3].neg_pos,
                    "the product and c cannot both be negated (CLARIFICATIONS §9)");
    }
    if (is_scalar_video(f)) {
      const bool has_dsel = ctrl_.dsel != Pkg::SelNone;
      const bool has_secop = ctrl_.secop != Pkg::SecNone;
      if (has_dsel && has_secop)
        return fail(later(operands_[0].sel_pos, mod(kSecop).pos),
                    "a dsel ('." + operands_[0].selector + "') cannot be combined with '." +
                        std::string(mod(kSecop).modifier->text) +
                        "' (CLARIFICATIONS §10)");
      const bool wants_c = has_dsel || has_secop;
      if (wants_c && operands_.size() == 3)
        return fail(end_pos_, std::string("missing operand c: ") +
                                  (has_dsel ? "a dsel merges into c" : "the secondary operation reads c") +
                                  " (CLARIFICATIONS §10)");
      if (!wants_c && operands_.size() == 4)
        return fail(operands_[3].ref.pos,
                    "operand c needs a secondary operation (.add/.min/.max) or a dsel on d "
                    "(CLARIFICATIONS §10)");
    }
    return true;
  }

  static Sel scalar_selector(std::string_view s) {
    for (size_t i = 1; i < kScalarSel.size(); ++i)
      if (kScalarSel[i] == s) return static_cast<Sel>(i);
    return Pkg::SelNone;
  }

  bool simd_selector(const OperandSyntax& o, uint16_t* sel) {
    const unsigned lanes = simd_lanes(info_->family);
    const char letter = lanes == 4 ? 'b' : 'h';
    const unsigned max_digit = lanes == 4 ? 7 : 3;
    const std::string form = lanes == 4 ? ".bxyzw with x, y, z, w in 0..7" : ".hxy with x, y in 0..3";
    const std::string shown = quote("." + o.selector);
    if (o.selector[0] != letter || o.selector.size() != lanes + 1)
      return fail(o.sel_pos, shown + " is not a selector of " + name() + ": write " + form +
                                 " (CLARIFICATIONS §5)");
    uint16_t value = 0;
    for (unsigned k = 0; k < lanes; ++k) {
      const char c = o.selector[1 + k];
      if (c < '0' || c > static_cast<char>('0' + max_digit))
        return fail(o.sel_pos, shown + " is not a selector of " + name() + ": write " + form +
                                   " (CLARIFICATIONS §5)");
      const unsigned lane = lanes - 1 - k;  // most significant lane first
      value = static_cast<uint16_t>(value | (static_cast<unsigned>(c - '0') << (3 * lane)));
    }
    *sel = value;
    return true;
  }

  bool simd_mask(const OperandSyntax& o, uint8_t* mask) {
    const unsigned lanes = simd_lanes(info_->family);
    const char letter = lanes == 4 ? 'b' : 'h';
    const std::string shown = quote("." + o.selector);
    const std::string listed = lanes == 4 ? "lanes from 3 down to 0 without repeats, e.g. .b320"
                                          : ".h0, .h1 or .h10";
    auto bad = [&] {
      return fail(o.sel_pos, shown + " is not a mask of " + name() + " (" + listed +
                                 "; CLARIFICATIONS §5)");
    };
    if (o.selector[0] != letter || o.selector.size() < 2 || o.selector.size() > lanes + 1)
      return bad();
    unsigned previous = lanes;  // digits must strictly decrease
    unsigned value = 0;
    for (size_t k = 1; k < o.selector.size(); ++k) {
      const char c = o.selector[k];
      if (c < '0' || c >= static_cast<char>('0' + lanes)) return bad();
      const unsigned lane = static_cast<unsigned>(c - '0');
      if (lane >= previous) return bad();
      previous = lane;
      value |= 1u << lane;
    }
    *mask = static_cast<uint8_t>(value);
    return true;
  }

  bool check_counts_and_immediates() {
    if (!is_legal(ctrl_))
      return fail(out_pos(), "internal error: the front end built an illegal control word for " +
                                 name() + "; please report this");
    const Signature sig = signature(ctrl_);
    const size_t num_srcs = operands_.size() - 1;
    if (num_srcs > sig.num_srcs)
      return fail(operands_[sig.num_srcs + 1].ref.pos,
                  "too many operands: " + name() + " takes a destination and " +
                      std::to_string(sig.num_srcs) + " source" + (sig.num_srcs == 1 ? "" : "s"));
    if (num_srcs < sig.num_srcs)
      return fail(end_pos_, "missing operand: " + name() + " takes a destination and " +
                                std::to_string(sig.num_srcs) + " sources, found " +
                                std::to_string(num_srcs));
    for (size_t i = 1; i < operands_.size(); ++i) {
      OperandSyntax& o = operands_[i];
      if (o.ref.kind != OperandRef::Kind::Immediate) continue;
      const unsigned width = sig.src_width[i - 1];
      const std::optional<uint64_t> v = fit(o.imm_negative, o.magnitude, width);
      if (!v)
        return fail(o.ref.pos, "immediate " + o.ref.text + " does not fit this " +
                                   std::to_string(width) + "-bit operand");
      o.ref.value = *v;
    }
    return true;
  }

  SourcePos out_pos() const { return opcode_end_; }

  bool finish(ParsedInstruction* out) {
    out->ctrl = ctrl_;
    out->dst = operands_[0].ref;
    out->srcs.clear();
    for (size_t i = 1; i < operands_.size(); ++i) out->srcs.push_back(operands_[i].ref);
    return true;
  }

  const std::vector<Token>& tokens_;
  size_t* index_;
  const std::string& file_;
  Diagnostic* error_;
  const OpInfo* info_ = nullptr;
  SourcePos opcode_end_;
  SourcePos end_pos_;
  Ctrl ctrl_;
  std::vector<SeenModifier> seen_;
  std::vector<SeenModifier> types_;
  std::array<SeenModifier, kNumCategories> by_category_{};
  std::vector<OperandSyntax> operands_;
};

// ---------------------------------------------------------------------------------------------
// Printer

std::string scalar_sel_suffix(unsigned sel) {
  if (sel == Pkg::SelNone || sel >= kScalarSel.size()) return "";
  return "." + std::string(kScalarSel[sel]);
}

std::string simd_sel_suffix(uint16_t sel, unsigned lanes) {
  std::string out = lanes == 4 ? ".b" : ".h";
  for (unsigned k = 0; k < lanes; ++k) out += static_cast<char>('0' + sel_lane(sel, lanes - 1 - k));
  return out;
}

std::string simd_mask_suffix(uint8_t mask, unsigned lanes) {
  std::string out = lanes == 4 ? ".b" : ".h";
  for (unsigned k = 0; k < lanes; ++k) {
    const unsigned lane = lanes - 1 - k;
    if ((mask >> lane) & 1u) out += static_cast<char>('0' + lane);
  }
  return out;
}

std::string signedness(bool s) { return s ? ".s32" : ".u32"; }

}  // namespace

bool is_instruction_name(std::string_view name) { return find_op(name) != nullptr; }

bool parse_instruction(const std::vector<Token>& tokens, size_t* index, const std::string& file,
                       ParsedInstruction* out, Diagnostic* error) {
  return InstructionParser(tokens, index, file, error).parse(out);
}

std::optional<ParsedInstruction> parse_instruction_text(std::string_view text,
                                                        const std::string& file,
                                                        Diagnostic* error) {
  const std::optional<std::vector<Token>> tokens = tokenize(text, file, error);
  if (!tokens) return std::nullopt;
  size_t index = 0;
  ParsedInstruction out;
  if (!parse_instruction(*tokens, &index, file, &out, error)) return std::nullopt;
  if ((*tokens)[index].kind == TokenKind::Semicolon) ++index;
  if ((*tokens)[index].kind != TokenKind::End) {
    *error = Diagnostic{file, (*tokens)[index].pos,
                        "unexpected " + describe((*tokens)[index]) + " after the instruction"};
    return std::nullopt;
  }
  return out;
}

std::optional<uint64_t> parse_immediate(std::string_view text, unsigned width, std::string* why) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  uint64_t magnitude = 0;
  if (!InstructionParser::parse_magnitude(digits, &magnitude, why)) return std::nullopt;
  const std::optional<uint64_t> v = InstructionParser::fit(negative, magnitude, width);
  if (!v) *why = "value " + std::string(text) + " does not fit " + std::to_string(width) + " bits";
  return v;
}

std::string print_opcode(const Ctrl& c) {
  const OpInfo& info = info_of(c.op);
  std::string s(info.name);
  const auto sat = [&] { return c.sat ? std::string(".sat") : std::string(); };
  const auto secop = [&] {
    return c.secop == Pkg::SecNone ? std::string() : "." + std::string(modifier_text(kSecop, c.secop));
  };
  const std::string dab = signedness(c.dsigned) + signedness(c.asigned) + signedness(c.bsigned);
  const std::string ab = signedness(c.asigned) + signedness(c.bsigned);
  const std::string cmp = "." + std::string(modifier_text(kCmp, c.cmp));
  const std::string half = c.half == Pkg::HalfNone ? "" : "." + std::string(modifier_text(kHalf, c.half));
  const std::string mode = c.wrap ? ".wrap" : ".clamp";
  const std::string type = "." + std::string(modifier_text(kType, c.itype));
  switch (info.family) {
    case Family::ScalarVideo:
    case Family::Simd2:
    case Family::Simd4: return s + dab + sat() + secop();
    case Family::VideoShift: return s + dab + sat() + mode + secop();
    case Family::Vmad: {
      std::string scale = c.scale == Pkg::ScaleNone ? "" : "." + std::string(modifier_text(kScale, c.scale));
      return s + dab + (c.po ? ".po" : "") + sat() + scale;
    }
    case Family::Vset:
    case Family::Vset2:
    case Family::Vset4: return s + ab + cmp + secop();
    case Family::Dot: return s + half + ab;
    case Family::Integer: break;
  }
  switch (c.op) {
    case Pkg::OpAdd:
    case Pkg::OpSub: return s + sat() + type;
    case Pkg::OpMul:
    case Pkg::OpMul24:
    case Pkg::OpMad:
    case Pkg::OpMad24: return s + half + sat() + type;
    case Pkg::OpMin:
    case Pkg::OpMax: return s + (c.relu ? ".relu" : "") + type;
    case Pkg::OpBfind: return s + (c.shiftamt ? ".shiftamt" : "") + type;
    case Pkg::OpBmsk:
    case Pkg::OpSzext: return s + mode + type;
    default: return s + type;
  }
}

std::string print_instruction(const Ctrl& c, const std::vector<std::string>& operands) {
  const Family f = info_of(c.op).family;
  std::string out = print_opcode(c);
  for (size_t i = 0; i < operands.size(); ++i) {
    out += i == 0 ? " " : ", ";
    std::string operand = operands[i];
    if (f == Family::Vmad && ((i == 1 && c.neg_prod) || (i == 3 && c.neg_c))) operand = "-" + operand;
    if (is_scalar_video(f) || f == Family::Vmad) {
      if (i == 0) operand += scalar_sel_suffix(c.dsel);
      if (i == 1) operand += scalar_sel_suffix(c.asel);
      if (i == 2) operand += scalar_sel_suffix(c.bsel);
    } else if (is_simd(f)) {
      const unsigned lanes = simd_lanes(f);
      if (i == 0 && c.mask != full_mask(lanes)) operand += simd_mask_suffix(c.mask, lanes);
      if (i == 1 && c.asel != default_asel(lanes)) operand += simd_sel_suffix(c.asel, lanes);
      if (i == 2 && c.bsel != default_bsel(lanes)) operand += simd_sel_suffix(c.bsel, lanes);
    }
    out += operand;
  }
  return out;
}

std::string print_instruction(const Ctrl& c) {
  const Signature sig = signature(c);
  std::vector<std::string> names;
  if (c.op == Pkg::OpBfi) {
    names = {"f", "a", "b", "c", "d"};
  } else {
    names = {"d", "a", "b", "c", "e"};
  }
  names.resize(1 + sig.num_srcs);
  return print_instruction(c, names);
}

}  // namespace ptxalu::frontend
