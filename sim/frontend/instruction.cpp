// The parser: PTX text to a control word and operand references (instruction.hpp).
#include "instruction.hpp"

#include <array>
#include <optional>

#include "immediate.hpp"
#include "instruction_table.hpp"
#include "model.hpp"

namespace ptxalu::frontend {
namespace {

using namespace table;
using detail::fit;
using detail::parse_magnitude;

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
           apply_operands() && check_rules() && check_operand_c() &&
           check_counts_and_immediates() && finish(out);
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
          return fail(dot, shown + " is not allowed on " + name() +
                               not_allowed_note(*info_, field_of(m->category), m->value));
        by_category_[m->category] = {m, dot};
      }
      seen_.push_back({m, dot});
      *index_ += 2;
    }
    return true;
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
      // A signedness the op's forms never use (vshl's btype): the table says why.
      const auto field = static_cast<isa::Field>(static_cast<unsigned>(isa::Field::Bsigned) -
                                                 (types_.size() - 1 - i));
      if ((isa::field_values(info_->op, field) & (1u << *targets[i])) == 0)
        return fail(t.pos, spelled(*info_, field, *targets[i]) + " is not allowed on " + name() +
                               not_allowed_note(*info_, field, *targets[i]));
    }
    return true;
  }

  std::string allowed_types() const {
    std::string out;
    for (const Modifier& m : modifiers())
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
    // A modifier value the op's forms never use (mul24.wide, vadd2.min): the table says why.
    for (unsigned c = kSat; c < kNumCategories; ++c) {
      const auto category = static_cast<Category>(c);
      if (!has(category)) continue;
      const isa::Field f = field_of(category);
      if ((isa::field_values(info_->op, f) & (1u << value(category))) == 0)
        return fail(mod(category).pos, quote("." + std::string(mod(category).modifier->text)) +
                                           " is not allowed on " + name() +
                                           not_allowed_note(*info_, f, value(category)));
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
      ctrl_.neg_prod = negated(1) != negated(2);
      ctrl_.neg_c = negated(3);
    }
    return true;
  }

  bool negated(size_t i) const { return operands_.size() > i && operands_[i].negated; }

  // The table's exclusion rules (sim/isa/instructions.json `rules`): the first one the word
  // breaks is the error, its `cite` the reason, at the later of the places that wrote its
  // fields (a type suffix only when nothing else did).
  bool check_rules() {
    const isa::Rule* rule = isa::broken_rule(ctrl_);
    Ctrl written = ctrl_;
    if (rule == nullptr && ctrl_.po && (negated(1) || negated(2))) {
      // -a and -b cancel in the word, but the text negates under '.po': the rule reads what
      // is written.
      written.neg_prod = true;
      rule = isa::broken_rule(written);
    }
    if (rule == nullptr) return true;
    std::optional<SourcePos> at, type_at;
    for (const isa::Field field : rule_fields(*rule, written)) {
      const std::optional<SourcePos> pos = where(field);
      if (!pos) continue;
      std::optional<SourcePos>& slot = is_type_field(field) ? type_at : at;
      slot = slot ? later(*slot, *pos) : *pos;
    }
    return fail(at ? *at : type_at ? *type_at : opcode_end_, rule_message(*info_, *rule, written));
  }

  // Where the text sets a field, if it does.
  std::optional<SourcePos> where(isa::Field f) const {
    switch (f) {
      case isa::Field::Itype:
        return types_.empty() ? std::nullopt : std::optional<SourcePos>(types_[0].pos);
      case isa::Field::Dsigned:
      case isa::Field::Asigned:
      case isa::Field::Bsigned: {
        const size_t from_end = static_cast<size_t>(isa::Field::Bsigned) - static_cast<size_t>(f);
        if (from_end >= types_.size()) return std::nullopt;
        return types_[types_.size() - 1 - from_end].pos;
      }
      case isa::Field::Dsel:
        return operands_[0].has_selector ? std::optional<SourcePos>(operands_[0].sel_pos)
                                         : std::nullopt;
      case isa::Field::NegProd:
        for (size_t i = 1; i <= 2; ++i)
          if (negated(i)) return operands_[i].neg_pos;
        return std::nullopt;
      case isa::Field::NegC:
        return negated(3) ? std::optional<SourcePos>(operands_[3].neg_pos) : std::nullopt;
      default: break;
    }
    for (unsigned c = kSat; c < kNumCategories; ++c)
      if (field_of(static_cast<Category>(c)) == f && has(static_cast<Category>(c)))
        return mod(static_cast<Category>(c)).pos;
    return std::nullopt;
  }

  // Scalar video's c operand: there exactly when a secondary operation or a dsel reads it.
  bool check_operand_c() {
    if (is_scalar_video(info_->family)) {
      const bool has_dsel = ctrl_.dsel != Pkg::SelNone;
      const bool has_secop = ctrl_.secop != Pkg::SecNone;
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
    for (unsigned i = 1; i < 16; ++i)
      if (!scalar_sel_name(i).empty() && scalar_sel_name(i) == s) return static_cast<Sel>(i);
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


}  // namespace ptxalu::frontend
