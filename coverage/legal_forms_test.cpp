// The instruction table's forms (sim/isa, through legal_forms.cpp) against the hand counts of
// doc/CANONICAL_FORMS.md
// ("Counts"), and against the golden model's is_legal in both directions: every witness word of
// every bin is legal, and random words near the legal space are legal exactly when the table
// says so.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>

#include "env.hpp"
#include "legal_forms.hpp"
#include "model.hpp"
#include "random_insn.hpp"

namespace {

using namespace ptxalu;
using namespace ptxalu::cov;

uint64_t seed_from_env() {
  const uint64_t seed = seed_from_env_or_random();
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  return seed;
}

TEST(LegalForms, FormCountsMatchHandCountedRules) {
  // vadd: {d,a,b}signed 8 x sat 2 x (4 secops + 6 dsels) = 160.
  EXPECT_EQ(legal_forms_of(Pkg::OpVadd).size(), 160u);
  // vshl: bsigned fixed 0 (4 signs) x sat 2 x wrap 2 x 10 = 160.
  EXPECT_EQ(legal_forms_of(Pkg::OpVshl).size(), 160u);
  // vset: asigned,bsigned 4 x cmp 6 x 10 = 240.
  EXPECT_EQ(legal_forms_of(Pkg::OpVset).size(), 240u);
  // vmad: 8 signs x sat 2 x scale 3 x {none, po, -prod, -c} 4 = 192.
  EXPECT_EQ(legal_forms_of(Pkg::OpVmad).size(), 192u);
  // vadd4: 8 signs x {plain, sat, add} = 24; vset4: 4 signs x cmp 6 x {plain, add} = 48.
  EXPECT_EQ(legal_forms_of(Pkg::OpVadd4).size(), 24u);
  EXPECT_EQ(legal_forms_of(Pkg::OpVset2).size(), 48u);
  EXPECT_EQ(legal_forms_of(Pkg::OpAdd).size(), 9u);     // 8 types + add.sat.s32
  EXPECT_EQ(legal_forms_of(Pkg::OpSub).size(), 7u);     // 6 types + sub.sat.s32
  EXPECT_EQ(legal_forms_of(Pkg::OpMul).size(), 16u);    // 6 x {lo, hi} + 4 wide
  EXPECT_EQ(legal_forms_of(Pkg::OpMad).size(), 17u);    // + mad.hi.sat.s32
  EXPECT_EQ(legal_forms_of(Pkg::OpMad24).size(), 5u);   // 2 x {lo, hi} + mad24.hi.sat.s32
  EXPECT_EQ(legal_forms_of(Pkg::OpMin).size(), 10u);    // 8 types + relu on s32, s16x2
  EXPECT_EQ(legal_forms_of(Pkg::OpBfind).size(), 8u);   // 4 types x shiftamt
  EXPECT_EQ(legal_forms_of(Pkg::OpBfe).size(), 6u);
  EXPECT_EQ(legal_forms_of(Pkg::OpSzext).size(), 4u);  // 2 types x {clamp, wrap}
  EXPECT_EQ(legal_forms_of(Pkg::OpDp2a).size(), 8u);    // 4 signs x {lo, hi}
  EXPECT_EQ(legal_forms().size(), 2079u);
}

TEST(LegalForms, BinCountsByKind) {
  std::map<std::string, size_t> by_kind;
  for (const std::string& bin : legal_bins()) ++by_kind[bin.substr(0, bin.find(':'))];
  EXPECT_EQ(by_kind["form"], legal_forms().size());
  EXPECT_EQ(by_kind["sel"], 9u * 7 * 7);                  // 9 scalar ops x asel x bsel
  EXPECT_EQ(by_kind["lane"], 7u * 2 * 2 * 4 + 7u * 2 * 4 * 8);  // x2 and x4 lanes x values
  EXPECT_EQ(by_kind["mask"], (6u * 3 + 2) * 3 + (6u * 3 + 2) * 15);  // modes x masks
  EXPECT_EQ(legal_bins().size(), 2079u + 441 + 560 + 360);
}

TEST(LegalForms, EveryWitnessIsLegalForTheModel) {
  size_t n = 0;
  for (const Ctrl& c : bin_witnesses()) {
    ASSERT_TRUE(is_legal(c)) << "0x" << std::hex << c.pack() << " " << bins_of(c)[0];
    ASSERT_TRUE(in_table(c));
    ++n;
  }
  EXPECT_GT(n, 80000u);
}

TEST(LegalForms, RandomLegalWordsAreLegal) {
  RandomInsn rng(seed_from_env());
  for (int i = 0; i < 200000; ++i) {
    const Ctrl c = rng.ctrl(static_cast<Op>(rng.below(Pkg::NumOps)),
                            rng.coin() ? RandomInsn::Selectors::Uniform
                                       : RandomInsn::Selectors::NearDefaults);
    ASSERT_TRUE(is_legal(c)) << "0x" << std::hex << c.pack();
    ASSERT_EQ(Ctrl::unpack(c.pack()), c);
  }
}

// Near the legal space: a legal word with one to three fields replaced by random bits.
TEST(LegalForms, TableAndModelAgreeNearTheLegalSpace) {
  RandomInsn rng(seed_from_env());
  size_t legal = 0;
  for (int i = 0; i < 2000000; ++i) {
    const uint64_t word = rng.near_miss(3);
    const Ctrl c = Ctrl::unpack(word);
    const bool model = is_legal(c);
    ASSERT_EQ(model, in_table(c)) << "word 0x" << std::hex << word << " " << bins_of(c)[0];
    legal += model;
  }
  EXPECT_GT(legal, 10000u);  // the walk stays near enough to hit legal words often
}

}  // namespace
