// Fuzz target: the PTX front end on arbitrary bytes, read as a program and as one instruction.
//
// Checks: nothing crashes, hangs or leaks; a rejected input gets one positioned line
// (FILE:LINE:COL: error: ...) whose line exists in the input; every accepted instruction is a
// legal control word whose register operands have exactly the widths its signature reads; and
// the printer's canonical text of it parses back to the same control word.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "instruction.hpp"
#include "model.hpp"
#include "program.hpp"

namespace {

using ptxalu::frontend::Diagnostic;

void check_diagnostic(const Diagnostic& error, std::string_view text) {
  const std::string line = error.format();
  FUZZ_CHECK(line.find('\n') == std::string::npos && !error.message.empty(),
             "message not one line: [%s]", line.c_str());
  const long lines = 1 + std::count(text.begin(), text.end(), '\n');
  FUZZ_CHECK(error.pos.line >= 1 && error.pos.line <= lines && error.pos.column >= 1,
             "position %d:%d outside the input's %ld lines: %s", error.pos.line,
             error.pos.column, lines, line.c_str());
}

void check_round_trip(const ptxalu::Ctrl& ctrl) {
  FUZZ_CHECK(ptxalu::is_legal(ctrl), "accepted an illegal word 0x%016llx",
             static_cast<unsigned long long>(ctrl.pack()));
  const std::string canonical = ptxalu::frontend::print_instruction(ctrl);
  Diagnostic error;
  const auto again = ptxalu::frontend::parse_instruction_text(canonical, "printed", &error);
  FUZZ_CHECK(again.has_value(), "printed text [%s] does not parse: %s", canonical.c_str(),
             error.format().c_str());
  FUZZ_CHECK(again->ctrl == ctrl, "printed text [%s] parses to another word",
             canonical.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  Diagnostic error;
  const auto program = ptxalu::frontend::parse_program(text, "fuzz.ptx", &error);
  if (!program) {
    check_diagnostic(error, text);
  } else {
    for (const auto& st : program->statements) {
      if (st.kind != ptxalu::frontend::Statement::Kind::Alu) continue;
      check_round_trip(st.ctrl);
      const ptxalu::Signature sig = ptxalu::signature(st.ctrl);
      FUZZ_CHECK(st.srcs.size() == sig.num_srcs, "line %d: %zu sources, signature says %u",
                 st.line, st.srcs.size(), sig.num_srcs);
      FUZZ_CHECK(program->registers[st.dst].width == sig.dst_width,
                 "line %d: destination width", st.line);
      for (size_t i = 0; i < st.srcs.size(); ++i) {
        if (!st.srcs[i].is_register) continue;
        FUZZ_CHECK(program->registers[st.srcs[i].reg].width == sig.src_width[i],
                   "line %d: source %zu width", st.line, i);
      }
    }
  }

  Diagnostic insn_error;
  const auto insn = ptxalu::frontend::parse_instruction_text(text, "fuzz.ptx", &insn_error);
  if (insn) {
    check_round_trip(insn->ctrl);
  } else {
    check_diagnostic(insn_error, text);
  }
  return 0;
}
