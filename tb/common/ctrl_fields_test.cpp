// The C++ Ctrl packs fields at the positions ptxalu_pkg publishes; this drives the RTL struct
// itself (sim/common/ptxalu_ctrl_fields.sv puts each field back at its published position) and
// checks that the word comes back whole. (Ctrl::pack/unpack read the same published positions,
// so comparing them with each other would check nothing.)
#include <gtest/gtest.h>

#include "Vptxalu_ctrl_fields.h"
#include "ctrl.hpp"
#include "random_insn.hpp"
#include "test_env.hpp"
#include "verilated.h"

namespace {

TEST(CtrlFields, PackedWidthMatchesStruct) {
  VerilatedContext ctx;
  Vptxalu_ctrl_fields m(&ctx);
  const uint64_t full = (uint64_t{1} << ptxalu::kCtrlWidth) - 1;
  m.ctrl_i = full;
  m.eval();
  EXPECT_EQ(m.word_o, full);
  EXPECT_EQ(ptxalu::kCtrlWidth, 60u);
}

TEST(CtrlFields, PublishedPositionsAreTheStructsRandom) {
  ptxalu::RandomInsn rng(ptxalu::tb::test_seed());
  VerilatedContext ctx;
  Vptxalu_ctrl_fields m(&ctx);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t word = rng.raw_word();
    m.ctrl_i = word;
    m.eval();
    ASSERT_EQ(m.word_o, word) << std::hex << word;
  }
  // One field at a time: a field's bits all set, the others clear.
  for (unsigned bit = 0; bit < ptxalu::kCtrlWidth; ++bit) {
    m.ctrl_i = uint64_t{1} << bit;
    m.eval();
    ASSERT_EQ(m.word_o, uint64_t{1} << bit) << "bit " << bit;
  }
}

}  // namespace
