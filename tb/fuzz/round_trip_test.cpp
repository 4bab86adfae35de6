// Every legal control word the canonical-form table knows (each form, each selector and mask
// variant) prints to text that the parser reads back to the same word, and that text parsed as
// a whole program (registers declared at the signature's widths) also gives the same word.
// This is where the fuzz seed corpus comes from, so a failure here also starves the fuzzers.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "instruction.hpp"
#include "legal_forms.hpp"
#include "model.hpp"
#include "program.hpp"

namespace {

using namespace ptxalu;

TEST(RoundTrip, EveryLegalWordPrintsAndParsesBack) {
  size_t failures = 0;
  for (const Ctrl& c : cov::bin_witnesses()) {
    const std::string text = frontend::print_instruction(c);
    frontend::Diagnostic error;
    const auto parsed = frontend::parse_instruction_text(text, "printed", &error);
    if (!parsed || !(parsed->ctrl == c)) {
      if (failures++ < 20) {
        ADD_FAILURE() << "[" << text << "] "
                      << (parsed ? "parses to another word" : error.format());
      }
    }
  }
  EXPECT_EQ(failures, 0u);
}

TEST(RoundTrip, EveryFormRunsAsAProgram) {
  size_t failures = 0;
  for (const Ctrl& c : cov::legal_forms()) {
    const Signature sig = signature(c);
    static const char* kNames[] = {"a", "b", "c", "e"};
    std::string program = ".reg .b" + std::to_string(sig.dst_width) + " d;\n";
    std::vector<std::string> operands{"d"};
    for (unsigned i = 0; i < sig.num_srcs; ++i) {
      program += ".reg .b" + std::to_string(sig.src_width[i]) + " " + kNames[i] + ";\n";
      operands.push_back(kNames[i]);
    }
    program += frontend::print_instruction(c, operands) + ";\n";
    frontend::Diagnostic error;
    const auto parsed = frontend::parse_program(program, "form.ptx", &error);
    const bool ok = parsed && parsed->statements.size() == 1 && parsed->statements[0].ctrl == c;
    if (!ok && failures++ < 20) {
      ADD_FAILURE() << program << (parsed ? "parses to another word" : error.format());
    }
  }
  EXPECT_EQ(failures, 0u);
}

}  // namespace
