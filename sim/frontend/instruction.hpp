// One PTX instruction of spec/ptx: text <-> control word (Ctrl) plus operand references.
//
// The parser accepts every legal form of the spec with the modifier orders of
// CLARIFICATIONS §21 and refuses everything else with a positioned message; what it builds
// always satisfies is_legal(). The printer writes the canonical text (the spec's modifier
// order, defaults omitted), which parses back to the same Ctrl.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ctrl.hpp"
#include "diagnostic.hpp"
#include "lexer.hpp"

namespace ptxalu::frontend {

struct OperandRef {
  enum class Kind { Register, Immediate };
  Kind kind = Kind::Register;
  std::string text;    // register name as written (`%r1`, `r1`) or the immediate as written
  uint64_t value = 0;  // Immediate: two's complement in the operand's width
  SourcePos pos;       // where the name or number starts (after any `-` of vmad)
};

struct ParsedInstruction {
  Ctrl ctrl;
  OperandRef dst;
  std::vector<OperandRef> srcs;  // a, b, c, d by position
  SourcePos pos;                 // of the opcode
};

// True if `name` is an opcode of spec/ptx (vadd4, mul24, ...).
bool is_instruction_name(std::string_view name);

// Parses the instruction whose opcode is tokens[*index], up to (not including) the `;` or End
// that ends it; *index is left on that token. Immediates are range-checked against the width
// of their operand; register names are not resolved here.
bool parse_instruction(const std::vector<Token>& tokens, size_t* index, const std::string& file,
                       ParsedInstruction* out, Diagnostic* error);

// Parses a whole text holding one instruction, with or without its `;`.
std::optional<ParsedInstruction> parse_instruction_text(std::string_view text,
                                                        const std::string& file,
                                                        Diagnostic* error);

// Canonical text of the opcode and modifiers: `vadd4.s32.s32.u32.sat`.
std::string print_opcode(const Ctrl& ctrl);

// Canonical text of a legal instruction (no `;`). `operands` are the destination then the
// sources, as bare names or immediates; selectors, masks and vmad negations come from ctrl.
std::string print_instruction(const Ctrl& ctrl, const std::vector<std::string>& operands);
// The same with the spec's operand names: d, a, b, c (bfi: f, a, b, c, d).
std::string print_instruction(const Ctrl& ctrl);

// An immediate's value if `text` is one (decimal, 0x hex, or either with a leading '-') that
// fits `width` bits (negative: down to -2^(width-1); otherwise up to 2^width - 1); else nullopt
// with the reason in *why.
std::optional<uint64_t> parse_immediate(std::string_view text, unsigned width, std::string* why);

}  // namespace ptxalu::frontend
