// The RtlEngine adapter itself: single instructions with hand-worked values, streams in order,
// the cycle count, illegal words, and the FST waveform.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <utility>
#include <vector>

#include "rtl_engine.hpp"
#include "../common/dot_small_latency.hpp"

namespace ptxalu {
namespace {

Ctrl add_u32() {
  Ctrl c;
  c.op = Pkg::OpAdd;
  c.itype = Pkg::ItU32;
  return c;
}

TEST(RtlEngine, HandWorkedValues) {
  RtlEngine rtl;
  // add.u32 wraps modulo 2^32 and ignores bits above 32 of its sources.
  RtlResult r = rtl.execute(add_u32(), Operands{0x1'ffff'fffeull, 3, 0, 0});
  EXPECT_FALSE(r.illegal);
  EXPECT_EQ(r.value, 1u);
  // vadd4.u32.u32.u32 (defaults .b3210/.b7654, all lanes): bytewise, each lane's exact sum
  // wraps to its low 8 bits... 0x01 + 0xff = 0x00, 0x7f + 0x01 = 0x80.
  Ctrl v;
  v.op = Pkg::OpVadd4;
  v.asel = make_sel(3, 2, 1, 0);
  v.bsel = make_sel(7, 6, 5, 4);
  v.mask = 0xf;
  r = rtl.execute(v, Operands{0x0102'7f01, 0x0304'01ff, 0, 0});
  EXPECT_EQ(r.value, 0x0406'8000u);
  // .sat clamps each unsigned lane at 0xff.
  v.sat = true;
  r = rtl.execute(v, Operands{0x0102'7f01, 0x0304'01ff, 0, 0});
  EXPECT_EQ(r.value, 0x0406'80ffu);
  // div.u32 by zero is all ones (§11).
  Ctrl d;
  d.op = Pkg::OpDiv;
  d.itype = Pkg::ItU32;
  r = rtl.execute(d, Operands{1234, 0, 0, 0});
  EXPECT_EQ(r.value, 0xffff'ffffu);
  EXPECT_EQ(rtl.execute(d, Operands{100, 7, 0, 0}).value, 14u);
}

// The small configuration (ptxalu_pkg::CfgSmall) is a different build: the same answers, with
// a 64-bit product holding the issue stage for ptxalu_mult_iter's 26 cycles, and div.u64 for the
// one-step divider's 66 (its default is 4 steps with the early start; syn/README.md, "Small").
// Hand-worked: (-1) * MIN = 2^63, so mul.hi.s64 is 0 and mul.lo.s64 is MIN.
TEST(RtlEngine, SmallConfigurationIsMultiCycle) {
  // Cycles one instruction takes through an empty pipeline, and its value.
  const auto timed = [](RtlEngine& rtl, const Ctrl& c, const Operands& o) {
    const uint64_t before = rtl.cycles();
    const uint64_t value = rtl.execute(c, o).value;
    return std::pair{value, rtl.cycles() - before};
  };
  Ctrl m;
  m.op = Pkg::OpMul;
  m.itype = Pkg::ItS64;
  m.half = Pkg::HalfHi;
  const Operands ops{~uint64_t{0}, uint64_t{1} << 63, 0, 0};
  Ctrl d;
  d.op = Pkg::OpDiv;
  d.itype = Pkg::ItU64;
  const Operands div_ops{~uint64_t{0}, 3, 0, 0};
  // One engine alive at a time: Verilator 5.006 deadlocked destroying a default model after a
  // small one had been built beside it.
  uint64_t fast_div = 0;
  {
    RtlEngine fast;
    EXPECT_EQ(timed(fast, m, ops).first, 0u);
    const auto [q, div_cycles] = timed(fast, d, div_ops);
    EXPECT_EQ(q, ~uint64_t{0} / 3);
    fast_div = div_cycles;
  }
  RtlEngine small(RtlConfig::Small);
  // The small build's one-cycle latency (its depth differs from the default build's), measured
  // on an illegal word (add with .relu), the one class that is one cycle there: the sequential
  // ops take M cycles more, dp4a kDotSmallLatency (ptxalu_dot_small).
  Ctrl bad = add_u32();
  bad.relu = true;
  const auto [zero, small_base] = timed(small, bad, Operands{5, 6, 7, 8});
  EXPECT_EQ(zero, 0u);
  Ctrl dot;
  dot.op = Pkg::OpDp4a;
  const auto [sum, dot_cycles] = timed(small, dot, Operands{0x01010101, 0x02020202, 5, 0});
  EXPECT_EQ(sum, 13u);
  EXPECT_EQ(dot_cycles, small_base + tb::kDotSmallLatency);
  const auto [small_hi, small_cycles] = timed(small, m, ops);
  EXPECT_EQ(small_hi, 0u);
  EXPECT_EQ(small_cycles, small_base + 26);
  m.half = Pkg::HalfLo;
  EXPECT_EQ(timed(small, m, ops).first, uint64_t{1} << 63);
  // mul.lo.u16: one digit, 11 cycles.
  m.itype = Pkg::ItU16;
  const auto [lo16, cycles16] = timed(small, m, Operands{0xffff, 0xffff, 0, 0});
  EXPECT_EQ(lo16, 0x0001u);
  EXPECT_EQ(cycles16, small_base + 11);
  const auto [small_q, small_div] = timed(small, d, div_ops);
  EXPECT_EQ(small_q, ~uint64_t{0} / 3);
  EXPECT_EQ(small_div, small_base + 66);  // w + 2 divider cycles (a load step, then w)
  EXPECT_LT(fast_div, small_div);
}

TEST(RtlEngine, IllegalWordGivesFlagAndZero) {
  RtlEngine rtl;
  Ctrl c = add_u32();
  c.relu = true;  // add has no .relu
  const RtlResult r = rtl.execute(c, Operands{5, 6, 7, 8});
  EXPECT_TRUE(r.illegal);
  EXPECT_EQ(r.value, 0u);
  // op values past the last op name nothing.
  const RtlResult r2 = rtl.execute(Ctrl::unpack(uint64_t{63} << Pkg::CtrlOpLsb), Operands{1, 2});
  EXPECT_TRUE(r2.illegal);
  EXPECT_EQ(r2.value, 0u);
}

TEST(RtlEngine, StreamKeepsOrderAndFillsThePipe) {
  RtlEngine rtl;
  std::vector<std::pair<Ctrl, Operands>> insns;
  for (uint64_t i = 0; i < 1000; ++i) insns.emplace_back(add_u32(), Operands{i, 1000, 0, 0});
  const uint64_t before = rtl.cycles();
  const std::vector<RtlResult> out = rtl.execute_stream(insns);
  ASSERT_EQ(out.size(), insns.size());
  for (uint64_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i].value, i + 1000);
  // One per cycle plus the pipeline's fill (latency 2 in the default build).
  EXPECT_LE(rtl.cycles() - before, insns.size() + 4);
}

TEST(RtlEngine, WritesFst) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "ptxalu_rtl_engine_test.fst";
  std::filesystem::remove(path);
  {
    RtlEngine rtl;
    rtl.open_fst(path.string());
    EXPECT_EQ(rtl.execute(add_u32(), Operands{40, 2, 0, 0}).value, 42u);
  }
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_GT(std::filesystem::file_size(path), 100u);
  std::filesystem::remove(path);
}

// open_fst() in mid-life moves the engine to the traced build: earlier and later results stay
// right (hand-worked: i + 1000 and 14), the cycle count carries on, the waveform is written.
TEST(RtlEngine, FstOpenedAfterUseKeepsResultsAndCycles) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "ptxalu_rtl_engine_test_switch.fst";
  std::filesystem::remove(path);
  {
    RtlEngine rtl;
    std::vector<std::pair<Ctrl, Operands>> insns;
    for (uint64_t i = 0; i < 10; ++i) insns.emplace_back(add_u32(), Operands{i, 1000, 0, 0});
    const std::vector<RtlResult> before = rtl.execute_stream(insns);
    for (uint64_t i = 0; i < before.size(); ++i) EXPECT_EQ(before[i].value, i + 1000);
    const uint64_t cycles_before = rtl.cycles();
    EXPECT_GE(cycles_before, insns.size());

    rtl.open_fst(path.string());
    const std::vector<RtlResult> after = rtl.execute_stream(insns);
    for (uint64_t i = 0; i < after.size(); ++i) EXPECT_EQ(after[i].value, i + 1000);
    Ctrl d;
    d.op = Pkg::OpDiv;
    d.itype = Pkg::ItU32;
    EXPECT_EQ(rtl.execute(d, Operands{100, 7, 0, 0}).value, 14u);
    EXPECT_GE(rtl.cycles(), cycles_before + insns.size());
  }
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_GT(std::filesystem::file_size(path), 100u);
  std::filesystem::remove(path);
}

TEST(RtlEngine, ContextsAreIndependent) {
  // Two engines alive at once and one destroyed before the other is used (RECIPES.md).
  auto first = std::make_unique<RtlEngine>();
  RtlEngine second;
  EXPECT_EQ(first->execute(add_u32(), Operands{1, 1, 0, 0}).value, 2u);
  first.reset();
  EXPECT_EQ(second.execute(add_u32(), Operands{2, 2, 0, 0}).value, 4u);
}

}  // namespace
}  // namespace ptxalu
