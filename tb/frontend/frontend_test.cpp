// The PTX front end: every spec example parses and round-trips, the text's own errors and the
// rejected forms of CLARIFICATIONS are refused at the right place, modifier orders (§21),
// selectors and immediates. The random generator's tests are in random_insn_test.cpp.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "instruction.hpp"
#include "model.hpp"
#include "program.hpp"
#include "spec_examples.hpp"

namespace {

using namespace ptxalu;
using namespace ptxalu::frontend;

ParsedInstruction parse_ok(std::string_view text) {
  Diagnostic error;
  const std::optional<ParsedInstruction> insn = parse_instruction_text(text, "t", &error);
  EXPECT_TRUE(insn.has_value()) << text << "\n  " << error.format();
  return insn.value_or(ParsedInstruction{});
}

Diagnostic parse_error(std::string_view text) {
  Diagnostic error;
  const std::optional<ParsedInstruction> insn = parse_instruction_text(text, "t", &error);
  EXPECT_FALSE(insn.has_value()) << "accepted: " << text;
  return error;
}

std::vector<std::string> operand_texts(const ParsedInstruction& insn) {
  std::vector<std::string> out{insn.dst.text};
  for (const OperandRef& r : insn.srcs) out.push_back(r.text);
  return out;
}

TEST(SpecExamples, EveryLegalExampleParsesAndRoundTrips) {
  for (std::string_view text : spec_text::kLegalSpecExamples) {
    ASSERT_FALSE(text.empty());
    const ParsedInstruction insn = parse_ok(text);
    EXPECT_TRUE(is_legal(insn.ctrl)) << text;
    // Canonical text with the example's own operand names parses back to the same word...
    const std::string printed = print_instruction(insn.ctrl, operand_texts(insn));
    const ParsedInstruction again = parse_ok(printed);
    EXPECT_EQ(again.ctrl, insn.ctrl) << text << " -> " << printed;
    EXPECT_EQ(operand_texts(again), operand_texts(insn)) << printed;
    // ... and so does the canonical text with the spec's operand names.
    EXPECT_EQ(parse_ok(print_instruction(insn.ctrl)).ctrl, insn.ctrl) << print_instruction(insn.ctrl);
  }
}

TEST(SpecExamples, ErrorsOfTheTextAreRefusedWhereTheyAre) {
  for (const spec_text::RefusedExample& ex : spec_text::kRefusedSpecExamples) {
    const Diagnostic d = parse_error(ex.text);
    EXPECT_EQ(d.pos.line, 1) << ex.text;
    EXPECT_EQ(d.pos.column, ex.column) << ex.text << "\n  " << d.format();
    EXPECT_NE(d.message.find(ex.clarification), std::string::npos) << d.format();
  }
}

// Hand-decoded control words of spec examples (CONTEXT's canonical forms).
TEST(SpecExamples, DecodeToTheExpectedFields) {
  const struct {
    const char* ptx;
    void (*fields)(Ctrl&);  // the fields the example sets; the others keep their defaults
  } examples[] = {
      {"vsub4.s32.s32.s32.sat  r1.b0, r2.b3210, r3.b7654, r1;",
       [](Ctrl& w) {
         w.op = Pkg::OpVsub4; w.dsigned = w.asigned = w.bsigned = w.sat = true; w.mask = 0x1;
         w.asel = make_sel(3, 2, 1, 0); w.bsel = make_sel(7, 6, 5, 4);
       }},
      {"vmin2.s32.u32.u32.add  r1.h10, r2.h00, r3.h22, r1;",
       [](Ctrl& w) {
         w.op = Pkg::OpVmin2; w.dsigned = true; w.secop = Pkg::SecAdd; w.mask = 0x3;
         w.asel = 0; w.bsel = (2u << 3) | 2u;  // lanes 1, 0 <- pool half 0; <- pool half 2
       }},
      {"vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, c;",
       [](Ctrl& w) {
         w.op = Pkg::OpVabsdiff; w.dsigned = w.asigned = w.bsigned = w.sat = true;
         w.dsel = Pkg::SelH0; w.asel = Pkg::SelB0; w.bsel = Pkg::SelB2;
       }},
      {"vmad.s32.s32.s32.shr15 r0, r1.h0, r2.h0, r3;",
       [](Ctrl& w) {
         w.op = Pkg::OpVmad; w.dsigned = w.asigned = w.bsigned = true;
         w.scale = Pkg::ScaleShr15; w.asel = Pkg::SelH0; w.bsel = Pkg::SelH0;
       }},
      {"mad.hi.sat.s32 d, a, b, c",
       [](Ctrl& w) {
         w.op = Pkg::OpMad; w.itype = Pkg::ItS32; w.half = Pkg::HalfHi; w.sat = true;
       }},
  };
  for (const auto& ex : examples) {
    Ctrl want;
    ex.fields(want);
    EXPECT_EQ(parse_ok(ex.ptx).ctrl, want) << ex.ptx;
  }
  EXPECT_EQ(parse_ok("bfe.b32  d,a,start,len;").ctrl.itype, Pkg::ItB32);
  EXPECT_EQ(parse_ok("dp2a.hi.u32.s32 d1, a1, b1, c1").ctrl.half, Pkg::HalfHi);
}


// The rows of section [SECTION] of tb/frontend/cases/FILE, each split at " | " into `fields`
// strings. A test failure naming file and line for a row of another shape, and for a missing
// file or an empty section.
std::vector<std::vector<std::string>> case_rows(std::string_view file, std::string_view section,
                                                size_t fields) {
  const std::string path = std::string(PTXALU_FRONTEND_CASES_DIR) + "/" + std::string(file);
  std::ifstream in(path);
  if (!in) ADD_FAILURE() << "cannot read " << path;
  std::vector<std::vector<std::string>> rows;
  std::string line, current;
  for (unsigned number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      current = line.substr(1, line.find(']') - 1);
      continue;
    }
    std::vector<std::string> row;
    for (size_t start = 0;;) {
      const size_t bar = line.find(" | ", start);
      row.push_back(line.substr(start, bar - start));
      if (bar == std::string::npos) break;
      start = bar + 3;
    }
    if (row.size() != fields) {
      ADD_FAILURE() << path << ":" << number << ": not " << fields << " fields split by ' | '";
    } else if (current == section) {
      rows.push_back(row);
    }
  }
  if (rows.empty()) ADD_FAILURE() << path << ": no rows in [" << section << "]";
  return rows;
}

// The printer omits default selectors and masks and writes modifiers in a fixed order; without
// the operands' names it gives the default ones (cases/canonical.cases, [DefaultNames]).
TEST(Printer, CanonicalFormOmitsDefaults) {
  for (const auto& row : case_rows("canonical.cases", "DefaultNames", 2)) {
    EXPECT_EQ(print_instruction(parse_ok(row[0]).ctrl), row[1]) << row[0];
  }
}

// CLARIFICATIONS §21: type suffixes keep their order, other modifiers stand anywhere; every
// form of cases/canonical.cases prints canonically with its own operand names.
TEST(ModifierOrder, OtherModifiersMayStandAnywhere) {
  for (const char* section : {"DefaultNames", "ModifierOrder"}) {
    for (const auto& row : case_rows("canonical.cases", section, 2)) {
      const ParsedInstruction insn = parse_ok(row[0]);
      EXPECT_EQ(print_instruction(insn.ctrl, operand_texts(insn)), row[1]) << row[0];
    }
  }
  // The type suffixes' order is meaningful: dtype, atype, btype.
  const Ctrl c = parse_ok("vadd.u32.s32.u32 d, a, b").ctrl;
  EXPECT_FALSE(c.dsigned);
  EXPECT_TRUE(c.asigned);
  EXPECT_FALSE(c.bsigned);
}

struct ErrorCase {
  std::string text;
  int column;
  std::string says;  // a piece of the message
};

void expect_errors(const std::vector<ErrorCase>& cases) {
  for (const ErrorCase& e : cases) {
    const Diagnostic d = parse_error(e.text);
    EXPECT_EQ(d.pos.line, 1) << e.text;
    EXPECT_EQ(d.pos.column, e.column) << e.text << "\n  " << d.format();
    EXPECT_NE(d.message.find(e.says), std::string::npos) << e.text << "\n  " << d.format();
  }
}

// The rows of section [SECTION] of cases/rejected.cases: COLUMN | TEXT | PIECE.
std::vector<ErrorCase> error_cases(std::string_view section) {
  std::vector<ErrorCase> cases;
  for (const auto& row : case_rows("rejected.cases", section, 3)) {
    char* end = nullptr;
    const long column = std::strtol(row[0].c_str(), &end, 10);
    EXPECT_TRUE(*end == '\0' && column > 0) << "rejected.cases: not a column: " << row[0];
    cases.push_back({row[1], static_cast<int>(column), row[2]});
  }
  return cases;
}

#define REJECTED_TEST(NAME) \
  TEST(Rejected, NAME) { expect_errors(error_cases(#NAME)); }

REJECTED_TEST(DuplicateAndExclusiveModifiers)

// The rejected forms of CLARIFICATIONS §5, §7-§10, §19.
REJECTED_TEST(ClarificationsForms)

REJECTED_TEST(Operands)

TEST(Immediates, DecimalHexNegativeAndRanges) {
  std::string why;
  EXPECT_EQ(parse_immediate("0x10", 32, &why), 16u);
  EXPECT_EQ(parse_immediate("0XfF", 16, &why), 255u);
  EXPECT_EQ(parse_immediate("65535", 16, &why), 65535u);
  EXPECT_EQ(parse_immediate("-1", 16, &why), 0xffffu);
  EXPECT_EQ(parse_immediate("-32768", 16, &why), 0x8000u);
  EXPECT_EQ(parse_immediate("-1", 64, &why), UINT64_MAX);
  EXPECT_EQ(parse_immediate("18446744073709551615", 64, &why), UINT64_MAX);
  EXPECT_EQ(parse_immediate("-9223372036854775808", 64, &why), uint64_t{1} << 63);
  EXPECT_EQ(parse_immediate("0", 32, &why), 0u);
  EXPECT_FALSE(parse_immediate("65536", 16, &why));
  EXPECT_FALSE(parse_immediate("-32769", 16, &why));
  EXPECT_FALSE(parse_immediate("0x100000000", 32, &why));
  EXPECT_FALSE(parse_immediate("18446744073709551616", 64, &why));
  EXPECT_FALSE(parse_immediate("-9223372036854775809", 64, &why));
  EXPECT_FALSE(parse_immediate("010", 32, &why));
  EXPECT_NE(why.find("octal"), std::string::npos);
  EXPECT_FALSE(parse_immediate("0x", 32, &why));
  EXPECT_FALSE(parse_immediate("12a", 32, &why));
  EXPECT_FALSE(parse_immediate("", 32, &why));

  // In instructions, against the operand's width.
  EXPECT_EQ(parse_ok("add.s16 d, a, -1").srcs[1].value, 0xffffu);
  EXPECT_EQ(parse_ok("add.u64 d, a, 0xffffffffffffffff").srcs[1].value, UINT64_MAX);
  EXPECT_EQ(parse_ok("fns.b32 d, 0xaaaaaaaa, 2, -1").srcs[2].value, 0xffffffffu);
  expect_errors({
      {"add.u16 d, a, 70000", 15, "does not fit this 16-bit operand"},
      {"add.s32 d, a, -2147483649", 15, "does not fit"},
      {"bfe.u64 d, a, 0x100000000, 1", 15, "does not fit this 32-bit operand"},
  });
  // vmad: `-5` is a negative immediate, not a negated operand.
  const ParsedInstruction v = parse_ok("vmad.s32.s32.s32 d, a, b, -5");
  EXPECT_FALSE(v.ctrl.neg_c);
  EXPECT_EQ(v.srcs[2].value, 0xfffffffbu);
}

TEST(Syntax, RegistersWithOrWithoutPercentCommentsAndSpacing) {
  const ParsedInstruction a = parse_ok("vadd4.s32.s32.u32.sat %r0, %r1, %r2, %r3;");
  const ParsedInstruction b = parse_ok("vadd4.s32.s32.u32.sat r0,r1 , /* c */ r2, // x\n r3");
  EXPECT_EQ(a.ctrl, b.ctrl);
  EXPECT_EQ(a.dst.text, "%r0");
  EXPECT_EQ(b.dst.text, "r0");
  // A modifier must be written against its name.
  expect_errors({{"vadd4 .s32.s32.u32 d, a, b, c", 7, "expected an operand"}});
}

// Every program-level error names its line and column.
TEST(Program, ErrorsNameLineAndColumn) {
  const struct {
    const char* text;
    int line, column;
    const char* says;
  } cases[] = {
      {"", 1, 1, "empty program"},
      {"// nothing\n.reg .b32 r;\n", 3, 1, "empty program"},
      {".reg .b32 r<2>;\nadd.u32 r0, r1, r2;", 2, 17, "register 'r2' is not declared"},
      {".reg .b32 %r<2>;\nadd.u32 %r0, %r1, r1;", 2, 19, "did you mean '%r1'"},
      {".reg .b32 r<2>;\n.reg .b64 x;\nadd.u32 r0, r1, x;", 3, 17, "64-bit (.b64)"},
      {".reg .b32 r<2>;\n.reg .b16 h;\nmul.wide.u16 r0, h, r1;", 3, 21, "32-bit (.b32) but operand b"},
      {".reg .b32 r<2>;\n.reg .pred p;\nadd.u32 r0, r1, p;", 3, 17, "predicate"},
      {".reg .b32 r<2>;\n@r1 add.u32 r0, r1, r1;", 2, 2, "not a predicate register"},
      {".reg .b32 r<2>;\nmov.b32 r0, 0x100000000;", 2, 13, "does not fit"},
      {".reg .b16 h;\nmov.b16 h, -32769;", 2, 12, "does not fit"},
      {".reg .pred p;\nmov.pred p, 2;", 2, 13, "0 or 1"},
      {".reg .b32 r;\nmov.b64 r, 1;", 2, 9, "32-bit"},
      {".reg .b32 r, r;", 1, 14, "already declared"},
      {".reg .b8 r;", 1, 6, "unsupported register type"},
      {".version 8.0\n", 1, 1, "unsupported directive"},
      {".reg .b32 r<0>;", 1, 13, "register count"},
      {".reg .b32 r;\nmov.b32 r, 1\nadd.u32 r, r, r;", 3, 1, "expected ';'"},
      {".reg .b32 r;\n/* open", 2, 1, "unterminated"},
      {".reg .b32 r;\nadd.u32 r, r, r; \x01", 2, 18, "byte 0x01"},
      {".reg .b32 r;\nfoo.u32 r, r;", 2, 1, "unknown instruction 'foo'"},
  };
  for (const auto& c : cases) {
    Diagnostic d;
    EXPECT_FALSE(parse_program(c.text, "f.ptx", &d).has_value()) << c.text;
    EXPECT_EQ(d.file, "f.ptx");
    EXPECT_EQ(d.pos.line, c.line) << c.text << "\n  " << d.format();
    EXPECT_EQ(d.pos.column, c.column) << c.text << "\n  " << d.format();
    EXPECT_NE(d.message.find(c.says), std::string::npos) << c.text << "\n  " << d.format();
  }
}

TEST(Program, DeclarationsGuardsAndTypeMixing) {
  Diagnostic d;
  const std::optional<Program> p = parse_program(
      ".reg .b32 %r<3>;\n"
      ".reg .u32 x, y;  .reg .s32 z;\n"
      ".reg .pred p, q;\n"
      "mov.pred p, 1;\n"
      "mov.pred q, p;\n"
      "@!p add.s32 x, %r1, z; // .u32 and .s32 registers under .s32: same width, allowed\n"
      "@q  mov.u32 %r2,\n     -1;\n",
      "f.ptx", &d);
  ASSERT_TRUE(p.has_value()) << d.format();
  EXPECT_EQ(p->registers.size(), 3u + 3u + 2u);
  EXPECT_EQ(p->registers[2].name, "%r2");
  ASSERT_EQ(p->statements.size(), 4u);
  const Statement& add = p->statements[2];
  EXPECT_TRUE(add.guarded);
  EXPECT_TRUE(add.guard_negated);
  EXPECT_EQ(add.text, "add.s32 x, %r1, z");
  EXPECT_EQ(add.line, 6);
  const Statement& mov = p->statements[3];
  EXPECT_FALSE(mov.guard_negated);
  EXPECT_EQ(mov.text, "mov.u32 %r2, -1");
  EXPECT_EQ(mov.srcs[0].value, 0xffffffffu);
  EXPECT_EQ(mov.line, 7);
}

}  // namespace
