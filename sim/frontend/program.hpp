// A straight-line PTX program for `ptxalu run`: `.reg` declarations, `mov`, the instructions of
// spec/ptx, guard predicates. Parsed completely (every register resolved and width-checked)
// before anything runs.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ctrl.hpp"
#include "diagnostic.hpp"
#include "model.hpp"

namespace ptxalu::frontend {

struct Register {
  std::string name;  // as declared: `%r0`, `r1`, `p`
  unsigned width = 32;  // 16, 32, 64; 1 for .pred
  bool is_pred = false;
  std::string type;  // declared type without the dot: `b32`, `u16`, `pred`
  SourcePos declared_at;
};

struct Source {
  bool is_register = false;
  size_t reg = 0;      // index into Program::registers
  uint64_t value = 0;  // immediate, already in the operand's width
};

struct Statement {
  enum class Kind { Mov, Alu };
  Kind kind = Kind::Alu;
  int line = 0;       // of the statement's first token (the guard if any)
  std::string text;   // as written: guard and ';' removed, comments dropped, whitespace collapsed
  bool guarded = false;
  bool guard_negated = false;  // `@!p`
  size_t guard_reg = 0;
  size_t dst = 0;              // register index
  std::vector<Source> srcs;    // Mov: one source
  Ctrl ctrl;                   // Alu only
};

struct Program {
  std::vector<Register> registers;
  std::vector<Statement> statements;
};

std::optional<Program> parse_program(std::string_view source, const std::string& file,
                                     Diagnostic* error);

// Runs a parsed program in order, with the semantics of `ptxalu run`: every register starts at 0;
// a guarded statement whose predicate says no is skipped (it writes nothing); mov copies its
// source; every other statement executes its control word on its sources by position. The
// CLI, the Python module and the fuzz targets all run programs through this one loop.
//   execute: one instruction's value (any engine); nothing stops the run at that statement.
//   written: told of every register write, in program order.
// Returns false when `execute` stopped the run.
using ExecuteStatement = std::function<std::optional<uint64_t>(const Statement&, const Operands&)>;
using StatementWritten = std::function<void(const Statement&, uint64_t value)>;
bool run_program(const Program& program, const ExecuteStatement& execute,
                 const StatementWritten& written);

// Register widths and the text used in messages: `.b32`.
std::optional<unsigned> register_type_width(std::string_view type, bool* is_pred);

}  // namespace ptxalu::frontend
