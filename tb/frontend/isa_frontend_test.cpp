// The front end against the instruction table (sim/isa): the parser knows exactly the table's
// spellings, and every form of the table prints to text that parses back to the same word.
#include <gtest/gtest.h>

#include "instruction.hpp"
#include "isa.hpp"

namespace {

using namespace ptxalu;

TEST(IsaFrontend, ParserKnowsTheTablesSpellings) {
  for (const isa::Row& r : isa::rows()) EXPECT_TRUE(frontend::is_instruction_name(r.name)) << r.name;
  EXPECT_FALSE(frontend::is_instruction_name("vfoo"));
}

TEST(IsaFrontend, EveryFormPrintsAndParsesBack) {
  for (const Ctrl& form : isa::forms()) {
    const std::string text = frontend::print_instruction(form);
    frontend::Diagnostic error;
    const auto parsed = frontend::parse_instruction_text(text, "<table>", &error);
    ASSERT_TRUE(parsed.has_value()) << text << ": " << error.message;
    EXPECT_EQ(parsed->ctrl, form) << text;
    EXPECT_EQ(text.rfind(std::string(isa::row(form.op)->name), 0), 0u) << text;
  }
}

}  // namespace
