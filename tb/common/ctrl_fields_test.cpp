// The C++ Ctrl packs fields at the positions ptxalu_pkg publishes; this drives the RTL struct
// itself and checks that each field lands where the C++ side puts it.
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
  // Every bit of a full word must reach exactly one field output.
  m.ctrl_i = (uint64_t{1} << ptxalu::kCtrlWidth) - 1;
  m.eval();
  EXPECT_EQ(m.op_o, 0x3f);
  EXPECT_EQ(m.shiftamt_o, 1);
  EXPECT_EQ(ptxalu::kCtrlWidth, 60u);
}

TEST(CtrlFields, UnpackAgreesWithRtlStructRandom) {
  ptxalu::RandomInsn rng(ptxalu::tb::test_seed());
  VerilatedContext ctx;
  Vptxalu_ctrl_fields m(&ctx);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t word = rng.raw_word();
    m.ctrl_i = word;
    m.eval();
    const ptxalu::Ctrl c = ptxalu::Ctrl::unpack(word);
    ASSERT_EQ(static_cast<unsigned>(c.op), m.op_o) << std::hex << word;
    ASSERT_EQ(static_cast<unsigned>(c.itype), m.itype_o);
    ASSERT_EQ(c.dsigned, m.dsigned_o != 0);
    ASSERT_EQ(c.asigned, m.asigned_o != 0);
    ASSERT_EQ(c.bsigned, m.bsigned_o != 0);
    ASSERT_EQ(c.asel, m.asel_o);
    ASSERT_EQ(c.bsel, m.bsel_o);
    ASSERT_EQ(static_cast<unsigned>(c.dsel), m.dsel_o);
    ASSERT_EQ(c.mask, m.mask_o);
    ASSERT_EQ(static_cast<unsigned>(c.secop), m.secop_o);
    ASSERT_EQ(c.sat, m.sat_o != 0);
    ASSERT_EQ(static_cast<unsigned>(c.cmp), m.cmp_o);
    ASSERT_EQ(static_cast<unsigned>(c.half), m.half_o);
    ASSERT_EQ(c.wrap, m.wrap_o != 0);
    ASSERT_EQ(static_cast<unsigned>(c.scale), m.scale_o);
    ASSERT_EQ(c.po, m.po_o != 0);
    ASSERT_EQ(c.neg_prod, m.neg_prod_o != 0);
    ASSERT_EQ(c.neg_c, m.neg_c_o != 0);
    ASSERT_EQ(c.relu, m.relu_o != 0);
    ASSERT_EQ(c.shiftamt, m.shiftamt_o != 0);
    ASSERT_EQ(c.pack(), word);
  }
}

}  // namespace
