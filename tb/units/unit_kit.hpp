// The unit-test kit: what every unit test of tb/units shares (README.md there).
//
// - Stimulus: the one random generator, RandomInsn (sim/isa/random_insn.hpp): its corners
//   fitted to each source's width (random_operands), a fixed corner list for sweeps
//   (corner_list) and random legal control words drawn from the instruction table
//   (random_word: a form of sim/isa/instructions.json; no legality rule is spelled here).
// - Hand cases as PTX text in the style of riscv-tests' TEST_RR_OP, in tb/units/cases/*.cases
//   (hand_cases): a row `add.sat.s32 d, a, b;  0x7fffffff 1 -> 0x7fffffff` is parsed by the
//   real front end (sim/frontend) into the control word, run through the unit and through the
//   model, and each result is compared with the value written in the row, worked out by hand
//   from the spec.
// - Readable failures: a control word as canonical PTX text, operands in hex.
//
// The fixture that drives a unit's ports is in unit_fixture.hpp.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "../common/test_env.hpp"
#include "ctrl.hpp"
#include "instruction.hpp"
#include "isa.hpp"
#include "model.hpp"
#include "random_insn.hpp"

namespace ptxalu::tb {

// The one random generator (sim/isa/random_insn.hpp): legal words, corner operands.
using Rng = RandomInsn;

inline std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

// `vadd4.s32.s32.u32.sat d.b3210, a.b7654, b.b3210, c (word=0x...)`; an illegal word (which a
// generator should never draw) is shown by its bits only.
inline std::string describe(const Ctrl& c) {
  const std::string text = is_legal(c) ? frontend::print_instruction(c) : "illegal word";
  return text + " (word=" + hex(c.pack()) + ")";
}

inline std::string describe(const Operands& o) {
  return "a=" + hex(o.a) + " b=" + hex(o.b) + " c=" + hex(o.c) + " d=" + hex(o.d);
}

inline uint64_t low_mask(unsigned width) {
  return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}

// ------------------------------------------------------------------------------------------
// Operands
// ------------------------------------------------------------------------------------------

// A fixed list of corners of a `width`-bit source, for all-pairs sweeps: the signed and
// unsigned bounds and their neighbours, and the same per 24-bit part, 16-bit half and byte.
inline std::vector<uint64_t> corner_list(unsigned width) {
  const uint64_t ones = low_mask(width);
  const uint64_t smin = uint64_t{1} << (width - 1);
  std::vector<uint64_t> v = {0, 1, 2, 3, ones, ones - 1, smin, smin - 1, smin + 1, 0x7f, 0x80,
                             0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x5a5a5a5a5a5a5a5aull};
  if (width >= 32) {
    const uint64_t more[] = {0x7fffff,   0x800000,   0xffffff,   0x1000000,  0xff800000,
                             0x7fff8000, 0x80007fff, 0xffff0001, 0x0001ffff, 0x80808080,
                             0x7f7f7f7f, 0x7f80ff01, 0xfffffffe, 0x80000001};
    v.insert(v.end(), std::begin(more), std::end(more));
  }
  if (width >= 64) {
    const uint64_t more[] = {0xffffffff, 0x100000000ull, 0x80000000, 0x7fffffff,
                             0xffffffff00000000ull, 0x8000000080000000ull};
    v.insert(v.end(), std::begin(more), std::end(more));
  }
  for (uint64_t& x : v) x &= ones;
  return v;
}

// The width of source i (0..3) of a legal word, by the model's signature; 64 for a source the
// word does not read.
inline unsigned source_width(const Ctrl& c, unsigned i) {
  const unsigned w = signature(c).src_width[i];
  return w != 0 ? w : 64;
}

// Random operands for a legal word: corners of each source's width, and half the time junk
// above the width (the unit must read only the low w bits).
inline Operands random_operands(Rng& rng, const Ctrl& c) {
  uint64_t v[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < 4; ++i) {
    const unsigned w = source_width(c, i);
    v[i] = rng.corner(w);
    if (w < 64 && rng.coin()) v[i] |= rng.next() & ~low_mask(w);
  }
  return Operands{v[0], v[1], v[2], v[3]};
}

// ------------------------------------------------------------------------------------------
// Legal control words, from the instruction table
// ------------------------------------------------------------------------------------------

// The operations the instruction table gives to `unit` (ptxalu_top's units in lower case:
// "intalu", "simd", "divider"), in the package's order.
inline std::vector<Op> ops_of_unit(std::string_view unit) {
  std::vector<Op> ops;
  for (const isa::Row& row : isa::rows()) {
    if (row.unit == unit) ops.push_back(row.op);
  }
  EXPECT_FALSE(ops.empty()) << "the instruction table gives no operation to unit " << unit;
  return ops;
}

// A random legal word of `op`: a form of the table, its selectors and mask near the front
// end's defaults (RandomInsn, the one generator: sim/isa/random_insn.hpp).
inline Ctrl random_word(Rng& rng, Op op) {
  return rng.ctrl(op, RandomInsn::Selectors::NearDefaults);
}

// ------------------------------------------------------------------------------------------
// Hand cases as PTX text
// ------------------------------------------------------------------------------------------

// One hand case: an instruction as PTX text (sources written as registers, any names), the
// values of its sources a, b, c, d in that order, and the result worked out by hand from the
// spec; never a value the model computed.
struct PtxCase {
  std::string ptx;
  Operands ops;
  uint64_t expected;
};

// One C integer literal (decimal or 0x hex) of a hand-case row, the whole word.
inline bool read_literal(const std::string& word, uint64_t* out) {
  if (word.empty() || word[0] == '-' || word[0] == '+') return false;
  char* end = nullptr;
  *out = std::strtoull(word.c_str(), &end, 0);
  return *end == '\0';
}

// One row `PTX;  a [b [c [d]]] -> result` (comment already cut), false if it does not read.
inline bool read_hand_case(const std::string& line, PtxCase* out) {
  const size_t semi = line.find(';');
  const size_t arrow = line.find("->");
  if (semi == std::string::npos || arrow == std::string::npos || arrow < semi) return false;
  std::istringstream values(line.substr(semi + 1, arrow - semi - 1));
  uint64_t v[4] = {0, 0, 0, 0};
  unsigned n = 0;
  for (std::string word; values >> word; ++n) {
    if (n == 4 || !read_literal(word, &v[n])) return false;
  }
  std::istringstream result(line.substr(arrow + 2));
  std::string word, rest;
  if (n == 0 || !(result >> word) || result >> rest || !read_literal(word, &out->expected)) {
    return false;
  }
  out->ptx = line.substr(0, semi + 1);
  out->ops = {v[0], v[1], v[2], v[3]};
  return true;
}

// The rows of section [SECTION] of tb/units/cases/UNIT.cases ('#' starts a comment). A test
// failure naming file and line for a row that does not read, and for a missing file or an
// empty section.
inline std::vector<PtxCase> hand_cases(std::string_view unit, std::string_view section) {
  const std::string path = std::string(PTXALU_HAND_CASES_DIR) + "/" + std::string(unit) + ".cases";
  std::ifstream in(path);
  if (!in) ADD_FAILURE() << "cannot read " << path;
  std::vector<PtxCase> cases;
  std::string line, current;
  for (unsigned number = 1; std::getline(in, line); ++number) {
    line = line.substr(0, line.find('#'));
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (line[0] == '[') {
      current = line.substr(1, line.find(']') - 1);
      continue;
    }
    PtxCase row;
    if (!read_hand_case(line, &row)) {
      ADD_FAILURE() << path << ":" << number << ": not a hand case (PTX; a [b [c [d]]] -> result)";
    } else if (current == section) {
      cases.push_back(row);
    }
  }
  if (cases.empty()) ADD_FAILURE() << path << ": no hand cases in [" << section << "]";
  return cases;
}

// The control word of a hand case by the front end's parser; a test failure naming the text
// and the parser's message when it does not parse, or when a source is an immediate (the row
// gives the source values).
inline bool parse_ptx(std::string_view text, Ctrl* out) {
  frontend::Diagnostic error;
  const auto parsed = frontend::parse_instruction_text(text, "hand case", &error);
  if (!parsed) {
    ADD_FAILURE() << "hand case does not parse: " << error.format() << " in '" << text << "'";
    return false;
  }
  for (const frontend::OperandRef& src : parsed->srcs) {
    if (src.kind != frontend::OperandRef::Kind::Register) {
      ADD_FAILURE() << "hand case '" << text << "': write sources as registers";
      return false;
    }
  }
  *out = parsed->ctrl;
  return true;
}

// The control word of a form written as PTX text (for sweeps over a few forms); a test failure
// if it does not parse.
inline Ctrl ptx(std::string_view text) {
  Ctrl c;
  parse_ptx(text, &c);
  return c;
}

// Each case through `run` (the unit: uint64_t run(const Ctrl&, const Operands&)) and through
// the model; both must give the row's expected value. Prints how many cases it checked.
template <typename Run>
void check_ptx_cases(const std::vector<PtxCase>& cases, Run&& run) {
  unsigned checked = 0;
  for (const PtxCase& h : cases) {
    Ctrl c;
    if (!parse_ptx(h.ptx, &c)) continue;
    const uint64_t unit = run(c, h.ops);
    const uint64_t model = execute(c, h.ops);
    EXPECT_TRUE(unit == h.expected && model == h.expected)
        << h.ptx << " " << describe(h.ops) << " (word=" << hex(c.pack())
        << "): expected=" << hex(h.expected) << " unit=" << hex(unit) << " model=" << hex(model);
    ++checked;
  }
  std::printf("%u hand cases\n", checked);
}

// Names a typed test's instances: the RTL first, then its Yosys netlist (UnitModels, the
// header CMake writes for each test: tb/units/CMakeLists.txt).
struct ModelNames {
  template <typename T>
  static std::string GetName(int index) {
    return index == 0 ? "Rtl" : "YosysNetlist";
  }
};

}  // namespace ptxalu::tb
