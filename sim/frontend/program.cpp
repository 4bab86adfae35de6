#include "program.hpp"

#include <map>

#include "instruction.hpp"
#include "lexer.hpp"
#include "model.hpp"

namespace ptxalu::frontend {

std::optional<unsigned> register_type_width(std::string_view type, bool* is_pred) {
  *is_pred = false;
  if (type == "pred") {
    *is_pred = true;
    return 1u;
  }
  // .b16 .u32 .s64 ...: a kind letter, then the width in bits.
  if (type.size() != 3 || std::string_view("bus").find(type[0]) == std::string_view::npos ||
      type[1] < '0' || type[1] > '9' || type[2] < '0' || type[2] > '9')
    return std::nullopt;
  const unsigned width = static_cast<unsigned>((type[1] - '0') * 10 + (type[2] - '0'));
  if (width != 16 && width != 32 && width != 64) return std::nullopt;
  return width;
}

namespace {

constexpr unsigned kMaxRegisters = 65536;  // guards `.reg .b32 %r<N>` against runaway N

class ProgramParser {
 public:
  ProgramParser(const std::vector<Token>& tokens, const std::string& file, Diagnostic* error)
      : tokens_(tokens), file_(file), error_(error) {}

  std::optional<Program> parse() {
    while (tok().kind != TokenKind::End) {
      if (!parse_statement()) return std::nullopt;
    }
    if (program_.statements.empty())
      return fail_opt(tok().pos, "empty program: no instructions to run");
    return std::move(program_);
  }

 private:
  const Token& tok() const { return tokens_[index_]; }
  const Token& tok_at(size_t ahead) const {
    const size_t i = index_ + ahead;
    return tokens_[i < tokens_.size() ? i : tokens_.size() - 1];
  }
  bool fail(SourcePos pos, std::string message) {
    *error_ = Diagnostic{file_, pos, std::move(message)};
    return false;
  }
  std::nullopt_t fail_opt(SourcePos pos, std::string message) {
    fail(pos, std::move(message));
    return std::nullopt;
  }

  bool expect_semicolon(const char* after) {
    if (tok().kind != TokenKind::Semicolon)
      return fail(tok().pos, std::string("expected ';' after ") + after + ", found " + describe(tok()));
    ++index_;
    return true;
  }

  bool parse_statement() {
    const Token& first = tok();
    if (first.kind == TokenKind::Dot) return parse_directive();
    Statement st;
    st.line = first.pos.line;
    if (first.kind == TokenKind::At && !parse_guard(&st)) return false;
    const Token& opcode = tok();
    if (opcode.kind != TokenKind::Identifier)
      return fail(opcode.pos, "expected an instruction or a .reg declaration, found " + describe(opcode));
    const size_t text_begin = index_;
    if (opcode.text == "mov") {
      if (!parse_mov(&st)) return false;
    } else if (is_instruction_name(opcode.text)) {
      if (!parse_alu(&st)) return false;
    } else {
      return fail(opcode.pos, "unknown instruction " + quote(opcode.text));
    }
    st.text = collapse(text_begin, index_);
    if (!expect_semicolon("the instruction")) return false;
    program_.statements.push_back(std::move(st));
    return true;
  }

  // Tokens [begin, end) as written, one space wherever whitespace or a comment separated them.
  std::string collapse(size_t begin, size_t end) const {
    std::string out;
    for (size_t i = begin; i < end; ++i) {
      if (i != begin && tokens_[i].spaced) out += ' ';
      out += tokens_[i].text;
    }
    return out;
  }

  // `.type` at the cursor (attached to the word before it when `attached`): a register type,
  // whose width it returns, moving past it; else the error, with the types listed.
  std::optional<unsigned> parse_type(bool attached, const char* missing, const char* bad_before,
                                     const char* bad_after, std::string* type, bool* is_pred) {
    static constexpr const char* kTypes =
        " (.b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .pred)";
    if (tok().kind != TokenKind::Dot || (attached && tok().spaced) ||
        tok_at(1).kind != TokenKind::Identifier || tok_at(1).spaced) {
      fail(tok().pos, std::string(missing) + kTypes);
      return std::nullopt;
    }
    const SourcePos type_pos = tok().pos;
    *type = tok_at(1).text;
    const std::optional<unsigned> width = register_type_width(*type, is_pred);
    if (!width) {
      fail(type_pos, bad_before + quote("." + *type) + bad_after + kTypes);
      return std::nullopt;
    }
    index_ += 2;
    return width;
  }

  bool parse_directive() {
    const SourcePos dot = tok().pos;
    const Token& word = tok_at(1);
    if (word.kind != TokenKind::Identifier || word.spaced)
      return fail(dot, "expected a directive name after '.'");
    if (word.text != "reg")
      return fail(dot, "unsupported directive " + quote("." + word.text) +
                           ": run takes .reg declarations and straight-line instructions");
    index_ += 2;
    // `.reg .type name, name<N>, ...;`
    std::string type;
    bool is_pred = false;
    const std::optional<unsigned> width =
        parse_type(false, "expected a register type after .reg", "unsupported register type ", "",
                   &type, &is_pred);
    if (!width) return false;
    while (true) {
      const Token& name = tok();
      if (name.kind != TokenKind::Identifier)
        return fail(name.pos, "expected a register name, found " + describe(name));
      ++index_;
      if (tok().kind == TokenKind::Less) {
        // `%r<8>` declares %r0 .. %r7.
        ++index_;
        const Token& count = tok();
        uint64_t n = 0;
        std::string why;
        const std::optional<uint64_t> v =
            count.kind == TokenKind::Number ? parse_immediate(count.text, 64, &why) : std::nullopt;
        if (!v || *v == 0 || *v > kMaxRegisters)
          return fail(count.pos, "expected a register count from 1 to " +
                                     std::to_string(kMaxRegisters) + " in " + quote(name.text + "<N>"));
        n = *v;
        ++index_;
        if (tok().kind != TokenKind::Greater)
          return fail(tok().pos, "expected '>' after the register count, found " + describe(tok()));
        ++index_;
        for (uint64_t i = 0; i < n; ++i)
          if (!declare(name.text + std::to_string(i), *width, is_pred, type, name.pos)) return false;
      } else {
        if (!declare(name.text, *width, is_pred, type, name.pos)) return false;
      }
      if (tok().kind == TokenKind::Comma) {
        ++index_;
        continue;
      }
      return expect_semicolon("the .reg declaration");
    }
  }

  bool declare(const std::string& name, unsigned width, bool is_pred, const std::string& type,
               SourcePos pos) {
    if (program_.registers.size() >= kMaxRegisters)
      return fail(pos, "too many registers (at most " + std::to_string(kMaxRegisters) + ")");
    if (const auto it = by_name_.find(name); it != by_name_.end())
      return fail(pos, "register " + quote(name) + " is already declared (line " +
                           std::to_string(program_.registers[it->second].declared_at.line) + ")");
    by_name_[name] = program_.registers.size();
    program_.registers.push_back(Register{name, width, is_pred, type, pos});
    return true;
  }

  // The register `name`, or an error at `pos` naming it undeclared.
  std::optional<size_t> lookup(const std::string& name, SourcePos pos) {
    if (const auto it = by_name_.find(name); it != by_name_.end()) return it->second;
    std::string hint;
    const std::string other = name[0] == '%' ? name.substr(1) : "%" + name;
    if (by_name_.count(other) != 0) hint = " (did you mean " + quote(other) + "?)";
    fail(pos, "register " + quote(name) + " is not declared" + hint);
    return std::nullopt;
  }

  bool parse_guard(Statement* st) {
    ++index_;  // '@'
    if (tok().kind == TokenKind::Bang) {
      st->guard_negated = true;
      ++index_;
    }
    const Token& name = tok();
    if (name.kind != TokenKind::Identifier)
      return fail(name.pos, "expected a predicate register after '@', found " + describe(name));
    const std::optional<size_t> reg = lookup(name.text, name.pos);
    if (!reg) return false;
    if (!program_.registers[*reg].is_pred)
      return fail(name.pos, "guard " + quote(name.text) + " is not a predicate register (.reg .pred)");
    st->guarded = true;
    st->guard_reg = *reg;
    ++index_;
    return true;
  }

  // Checks that register operand `ref` may stand where an operand of `width` bits is read or
  // written; `what` names the operand in messages.
  std::optional<size_t> resolve(const OperandRef& ref, unsigned width, const std::string& what) {
    const std::optional<size_t> reg = lookup(ref.text, ref.pos);
    if (!reg) return std::nullopt;
    const Register& r = program_.registers[*reg];
    if (width == 1 && !r.is_pred) {
      fail(ref.pos, "register " + quote(r.name) + " is ." + r.type + " but " + what + " is a predicate");
      return std::nullopt;
    }
    if (width != 1 && r.is_pred) {
      fail(ref.pos, "register " + quote(r.name) + " is a predicate but " + what + " is a " +
                        std::to_string(width) + "-bit register");
      return std::nullopt;
    }
    if (r.width != width) {
      fail(ref.pos, "register " + quote(r.name) + " is " + std::to_string(r.width) + "-bit (." + r.type +
                        ") but " + what + " is " + std::to_string(width) + "-bit");
      return std::nullopt;
    }
    return reg;
  }

  bool parse_alu(Statement* st) {
    ParsedInstruction insn;
    if (!parse_instruction(tokens_, &index_, file_, &insn, error_)) return false;
    const Signature sig = signature(insn.ctrl);
    const std::string opcode = print_opcode(insn.ctrl);
    static const char* const kNames[] = {"a", "b", "c", "d"};
    const std::optional<size_t> dst =
        resolve(insn.dst, sig.dst_width, "the destination of " + opcode);
    if (!dst) return false;
    st->kind = Statement::Kind::Alu;
    st->ctrl = insn.ctrl;
    st->dst = *dst;
    for (size_t i = 0; i < insn.srcs.size(); ++i) {
      const OperandRef& ref = insn.srcs[i];
      Source src;
      if (ref.kind == OperandRef::Kind::Immediate) {
        src.value = ref.value;
      } else {
        const std::optional<size_t> reg = resolve(
            ref, sig.src_width[i], "operand " + std::string(kNames[i]) + " of " + opcode);
        if (!reg) return false;
        src.is_register = true;
        src.reg = *reg;
      }
      st->srcs.push_back(src);
    }
    return true;
  }

  // `mov.type d, src` with src a register of the same width or an immediate.
  bool parse_mov(Statement* st) {
    ++index_;  // `mov`
    std::string type;
    bool is_pred = false;
    const std::optional<unsigned> width =
        parse_type(true, "mov needs a type", "", " is not a type of mov", &type, &is_pred);
    if (!width) return false;
    if (tok().kind == TokenKind::Dot && !tok().spaced)
      return fail(tok().pos, "mov takes exactly one type suffix");
    const std::string what = "mov." + type;
    const Token& d = tok();
    if (d.kind != TokenKind::Identifier)
      return fail(d.pos, "the destination of mov must be a register, found " + describe(d));
    const std::optional<size_t> dst = resolve(OperandRef{OperandRef::Kind::Register, d.text, 0, d.pos},
                                              *width, "the destination of " + what);
    if (!dst) return false;
    ++index_;
    if (!no_selector()) return false;
    if (tok().kind != TokenKind::Comma)
      return fail(tok().pos, "expected ',' after mov's destination, found " + describe(tok()));
    ++index_;
    Source src;
    const Token& s = tok();
    if (s.kind == TokenKind::Identifier) {
      const std::optional<size_t> reg = resolve(OperandRef{OperandRef::Kind::Register, s.text, 0, s.pos},
                                                *width, "the source of " + what);
      if (!reg) return false;
      src.is_register = true;
      src.reg = *reg;
      ++index_;
    } else if (s.kind == TokenKind::Number ||
               (s.kind == TokenKind::Minus && tok_at(1).kind == TokenKind::Number)) {
      const bool negative = s.kind == TokenKind::Minus;
      const Token& number = negative ? tok_at(1) : s;
      const std::string text = (negative ? "-" : "") + number.text;
      std::string why;
      std::optional<uint64_t> v;
      if (is_pred) {
        if (text == "0" || text == "1") v = text == "1" ? 1u : 0u;
        else why = "a predicate immediate is 0 or 1, found " + text;
      } else {
        v = parse_immediate(text, *width, &why);
        if (!v && why.rfind("value ", 0) == 0)
          why = "immediate " + text + " does not fit this " + std::to_string(*width) + "-bit operand";
      }
      if (!v) return fail(s.pos, why);
      src.value = *v;
      index_ += negative ? 2 : 1;
    } else {
      return fail(s.pos, "expected a register or an immediate as mov's source, found " + describe(s));
    }
    if (!no_selector()) return false;
    if (tok().kind == TokenKind::Comma)
      return fail(tok().pos, "too many operands: mov takes a destination and one source");
    st->kind = Statement::Kind::Mov;
    st->dst = *dst;
    st->srcs.push_back(src);
    return true;
  }

  bool no_selector() {
    if (tok().kind == TokenKind::Dot && !tok().spaced)
      return fail(tok().pos, "mov takes no operand selectors");
    return true;
  }

  const std::vector<Token>& tokens_;
  const std::string& file_;
  Diagnostic* error_;
  size_t index_ = 0;
  Program program_;
  std::map<std::string, size_t> by_name_;
};

}  // namespace

std::optional<Program> parse_program(std::string_view source, const std::string& file,
                                     Diagnostic* error) {
  const std::optional<std::vector<Token>> tokens = tokenize(source, file, error);
  if (!tokens) return std::nullopt;
  return ProgramParser(*tokens, file, error).parse();
}

bool run_program(const Program& program, const ExecuteStatement& execute,
                 const StatementWritten& written) {
  std::vector<uint64_t> values(program.registers.size(), 0);
  const auto source_value = [&](const Source& s) { return s.is_register ? values[s.reg] : s.value; };
  for (const Statement& st : program.statements) {
    if (st.guarded && ((values[st.guard_reg] != 0) == st.guard_negated)) continue;
    uint64_t value = 0;
    if (st.kind == Statement::Kind::Mov) {
      value = source_value(st.srcs[0]);
    } else {
      uint64_t operand[4] = {0, 0, 0, 0};
      for (size_t i = 0; i < st.srcs.size() && i < 4; ++i) operand[i] = source_value(st.srcs[i]);
      const std::optional<uint64_t> result =
          execute(st, Operands{operand[0], operand[1], operand[2], operand[3]});
      if (!result) return false;
      value = *result;
    }
    values[st.dst] = value;
    written(st, value);
  }
  return true;
}

}  // namespace ptxalu::frontend
