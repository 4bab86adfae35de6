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
  {
    const Ctrl c = parse_ok("vsub4.s32.s32.s32.sat  r1.b0, r2.b3210, r3.b7654, r1;").ctrl;
    Ctrl want;
    want.op = Pkg::OpVsub4;
    want.dsigned = want.asigned = want.bsigned = true;
    want.sat = true;
    want.mask = 0x1;
    want.asel = make_sel(3, 2, 1, 0);
    want.bsel = make_sel(7, 6, 5, 4);
    EXPECT_EQ(c, want);
  }
  {
    const Ctrl c = parse_ok("vmin2.s32.u32.u32.add  r1.h10, r2.h00, r3.h22, r1;").ctrl;
    Ctrl want;
    want.op = Pkg::OpVmin2;
    want.dsigned = true;
    want.secop = Pkg::SecAdd;
    want.mask = 0x3;
    want.asel = 0;                  // lanes 1, 0 <- pool half 0
    want.bsel = (2u << 3) | 2u;     // lanes 1, 0 <- pool half 2
    EXPECT_EQ(c, want);
  }
  {
    const Ctrl c = parse_ok("vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, c;").ctrl;
    Ctrl want;
    want.op = Pkg::OpVabsdiff;
    want.dsigned = want.asigned = want.bsigned = true;
    want.sat = true;
    want.dsel = Pkg::SelH0;
    want.asel = Pkg::SelB0;
    want.bsel = Pkg::SelB2;
    EXPECT_EQ(c, want);
  }
  {
    const Ctrl c = parse_ok("vmad.s32.s32.s32.shr15 r0, r1.h0, r2.h0, r3;").ctrl;
    Ctrl want;
    want.op = Pkg::OpVmad;
    want.dsigned = want.asigned = want.bsigned = true;
    want.scale = Pkg::ScaleShr15;
    want.asel = Pkg::SelH0;
    want.bsel = Pkg::SelH0;
    EXPECT_EQ(c, want);
  }
  {
    const Ctrl c = parse_ok("mad.hi.sat.s32 d, a, b, c").ctrl;
    Ctrl want;
    want.op = Pkg::OpMad;
    want.itype = Pkg::ItS32;
    want.half = Pkg::HalfHi;
    want.sat = true;
    EXPECT_EQ(c, want);
  }
  EXPECT_EQ(parse_ok("bfe.b32  d,a,start,len;").ctrl.itype, Pkg::ItB32);
  EXPECT_EQ(parse_ok("dp2a.hi.u32.s32 d1, a1, b1, c1").ctrl.half, Pkg::HalfHi);
}

TEST(Printer, CanonicalFormOmitsDefaults) {
  EXPECT_EQ(print_instruction(parse_ok("vadd4.sat.s32.s32.u32 d.b3210, a.b3210, b.b7654, c").ctrl),
            "vadd4.s32.s32.u32.sat d, a, b, c");
  EXPECT_EQ(print_instruction(parse_ok("vadd2.u32.u32.u32 d.h10, a.h10, b.h32, c").ctrl),
            "vadd2.u32.u32.u32 d, a, b, c");
  EXPECT_EQ(print_instruction(parse_ok("vsub4.s32.s32.s32 d.b320, a.b0123, b, c").ctrl),
            "vsub4.s32.s32.s32 d.b320, a.b0123, b, c");
  EXPECT_EQ(print_instruction(parse_ok("vmad.u32.u32.u32 d, -a, b, c").ctrl),
            "vmad.u32.u32.u32 d, -a, b, c");
  // Negating a or b is the same product negation: it prints on a.
  EXPECT_EQ(print_instruction(parse_ok("vmad.u32.u32.u32 d, a, -b, c").ctrl),
            "vmad.u32.u32.u32 d, -a, b, c");
  EXPECT_EQ(print_instruction(parse_ok("vmad.u32.u32.u32.sat.po.shr7 d, a, b, c").ctrl),
            "vmad.u32.u32.u32.po.sat.shr7 d, a, b, c");
  EXPECT_EQ(print_instruction(parse_ok("add.s32.sat d, a, b").ctrl), "add.sat.s32 d, a, b");
  EXPECT_EQ(print_instruction(parse_ok("min.s16x2.relu d, a, b").ctrl), "min.relu.s16x2 d, a, b");
  EXPECT_EQ(print_instruction(parse_ok("vshl.s32.u32.u32.add.wrap.sat d, a.b1, b, c").ctrl),
            "vshl.s32.u32.u32.sat.wrap.add d, a.b1, b, c");
  EXPECT_EQ(print_instruction(parse_ok("bfi.b64 f, a, b, c, d").ctrl), "bfi.b64 f, a, b, c, d");
  EXPECT_EQ(print_instruction(parse_ok("mad.wide.u16 d, a, b, c").ctrl), "mad.wide.u16 d, a, b, c");
}

// CLARIFICATIONS §21: type suffixes keep their order, other modifiers stand anywhere.
TEST(ModifierOrder, OtherModifiersMayStandAnywhere) {
  const struct {
    const char* text;
    const char* canonical;
  } cases[] = {
      {"vadd4.sat.s32.s32.s32 d, a, b, c", "vadd4.s32.s32.s32.sat d, a, b, c"},
      {"vadd4.s32.sat.s32.s32 d, a, b, c", "vadd4.s32.s32.s32.sat d, a, b, c"},
      {"vadd4.s32.s32.sat.s32 d, a, b, c", "vadd4.s32.s32.s32.sat d, a, b, c"},
      {"vmin.add.sat.s32.s32.s32 r1, r2, r3, r1", "vmin.s32.s32.s32.sat.add r1, r2, r3, r1"},
      {"vshr.wrap.u32.s32.u32 d, a, b", "vshr.u32.s32.u32.wrap d, a, b"},
      {"vset2.add.u32.ne.u32 r1, r2, r3, r0", "vset2.u32.u32.ne.add r1, r2, r3, r0"},
      {"vset.lt.s32.u32 r1, r2, r3", "vset.s32.u32.lt r1, r2, r3"},
      {"vmad.shr15.s32.po.s32.s32 d, a, b, c", "vmad.s32.s32.s32.po.shr15 d, a, b, c"},
      {"mad.s32.hi.sat d, a, b, c", "mad.hi.sat.s32 d, a, b, c"},
      {"mad.sat.s32.hi d, a, b, c", "mad.hi.sat.s32 d, a, b, c"},
      {"mul24.s32.hi d, a, b", "mul24.hi.s32 d, a, b"},
      {"bfind.s64.shiftamt cnt, X", "bfind.shiftamt.s64 cnt, X"},
      {"szext.s32.wrap d, a, b", "szext.wrap.s32 d, a, b"},
      {"dp2a.u32.lo.s32 d, a, b, c", "dp2a.lo.u32.s32 d, a, b, c"},
      {"dp2a.u32.s32.hi d, a, b, c", "dp2a.hi.u32.s32 d, a, b, c"},
  };
  for (const auto& c : cases) {
    const ParsedInstruction insn = parse_ok(c.text);
    EXPECT_EQ(print_instruction(insn.ctrl, operand_texts(insn)), c.canonical) << c.text;
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

// The rows of section [SECTION] of tb/frontend/cases/rejected.cases: COLUMN | TEXT | PIECE.
// A test failure for a row that does not read, a missing file or an empty section.
std::vector<ErrorCase> error_cases(std::string_view section) {
  const std::string path = std::string(PTXALU_FRONTEND_CASES_DIR) + "/rejected.cases";
  std::ifstream in(path);
  if (!in) ADD_FAILURE() << "cannot read " << path;
  std::vector<ErrorCase> cases;
  std::string line, current;
  for (unsigned number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      current = line.substr(1, line.find(']') - 1);
      continue;
    }
    const size_t bar1 = line.find(" | ");
    const size_t bar2 = bar1 == std::string::npos ? bar1 : line.find(" | ", bar1 + 3);
    char* end = nullptr;
    const long column = std::strtol(line.c_str(), &end, 10);
    if (bar2 == std::string::npos || end != line.c_str() + bar1 || column <= 0) {
      ADD_FAILURE() << path << ":" << number << ": not COLUMN | TEXT | PIECE";
    } else if (current == section) {
      cases.push_back({line.substr(bar1 + 3, bar2 - bar1 - 3), static_cast<int>(column),
                       line.substr(bar2 + 3)});
    }
  }
  if (cases.empty()) ADD_FAILURE() << path << ": no rows in [" << section << "]";
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
