// The top's scoreboard (top_scoreboard.hpp) on hand-made output sequences, without the RTL:
// each check it makes must fire on the fault it is there for, and stay quiet on right traffic.
#include "top_scoreboard.hpp"

#include <gtest/gtest.h>

namespace ptxalu::tb {
namespace {

// Don't-care operands for the tagged adds.
struct Counter {
  uint64_t n = 100;
  uint64_t operator()() { return n++; }
};

Ctrl add_u64() {
  Ctrl c;
  c.op = Pkg::OpAdd;
  c.itype = Pkg::ItU64;
  return c;
}

// Accept one operation, with the outputs of that cycle idle.
void accept(TopScoreboard& sb, const Stimulus& s, bool tagged) {
  sb.observe(false, true, 0, false);
  sb.accept(s, tagged);
}

// One cycle delivering `value`.
void deliver(TopScoreboard& sb, uint64_t value, bool illegal = false) {
  sb.observe(true, true, value, illegal);
  sb.retire(value, illegal);
}

TEST(TopScoreboard, RightTrafficPasses) {
  TopScoreboard sb;
  Counter rng;
  accept(sb, sb.tagged(rng), true);
  accept(sb, stimulus(add_u64(), Operands{2, 3, 0, 0}), false);
  Stimulus bad;
  bad.word = ~uint64_t{0};  // bits past kCtrlWidth: illegal, result 0
  accept(sb, bad, false);
  accept(sb, sb.tagged(rng), true);
  sb.observe(true, false, 0, false);  // stalled, held
  deliver(sb, 0);
  deliver(sb, 5);
  deliver(sb, 0, true);
  deliver(sb, 1);
  sb.finish();
  EXPECT_TRUE(sb.ok()) << sb.first_error();
  EXPECT_EQ(sb.stats().tagged, 2u);
  EXPECT_EQ(sb.stats().illegal, 1u);
  EXPECT_EQ(sb.stats().stalled, 1u);
}

TEST(TopScoreboard, WrongValueOrIllegalFlag) {
  TopScoreboard sb;
  accept(sb, stimulus(add_u64(), Operands{2, 3, 0, 0}), false);
  accept(sb, stimulus(add_u64(), Operands{2, 3, 0, 0}), false);
  deliver(sb, 6);
  deliver(sb, 5, true);
  EXPECT_EQ(sb.stats().mismatches, 2u);
  EXPECT_NE(sb.first_error().find("expected 0x5, got 0x6"), std::string::npos)
      << sb.first_error();
}

TEST(TopScoreboard, ResultWithoutInput) {
  TopScoreboard sb;
  sb.observe(true, false, 7, false);  // stalled with nothing outstanding
  EXPECT_EQ(sb.stats().spurious, 1u);
  deliver(sb, 7);
  EXPECT_EQ(sb.stats().spurious, 2u);
}

TEST(TopScoreboard, StalledOutputMustHold) {
  for (int change = 0; change < 3; ++change) {
    TopScoreboard sb;
    accept(sb, stimulus(add_u64(), Operands{1, 1, 0, 0}), false);
    sb.observe(true, false, 2, false);
    if (change == 0) sb.observe(false, true, 2, false);  // dropped
    if (change == 1) sb.observe(true, true, 3, false);   // value changed
    if (change == 2) sb.observe(true, true, 2, true);    // illegal_o changed
    EXPECT_EQ(sb.stats().hold_errors, 1u) << change;
  }
}

TEST(TopScoreboard, TaggedOutOfSequence) {
  TopScoreboard sb;
  Counter rng;
  for (int i = 0; i < 3; ++i) accept(sb, sb.tagged(rng), true);
  deliver(sb, 1);  // tags 1 and 0 swapped, then 2 in place
  deliver(sb, 0);
  deliver(sb, 2);
  EXPECT_GE(sb.stats().tag_errors, 2u);
  EXPECT_EQ(sb.stats().mismatches, 2u);
}

TEST(TopScoreboard, ResetForgetsInFlight) {
  TopScoreboard sb;
  Counter rng;
  accept(sb, sb.tagged(rng), true);
  accept(sb, sb.tagged(rng), true);
  sb.flush();
  accept(sb, sb.tagged(rng), true);
  deliver(sb, 2);
  sb.finish();
  EXPECT_TRUE(sb.ok()) << sb.first_error();
  EXPECT_EQ(sb.stats().flushes, 1u);
}

TEST(TopScoreboard, StuckAndLost) {
  TopScoreboard sb;
  accept(sb, stimulus(add_u64(), Operands{1, 1, 0, 0}), false);
  accept(sb, stimulus(add_u64(), Operands{1, 1, 0, 0}), false);
  for (uint64_t i = 0; i < TopScoreboard::kStuckCycles; ++i) sb.observe(false, true, 0, false);
  EXPECT_EQ(sb.stats().stuck, 1u);
  deliver(sb, 2);
  sb.finish();
  EXPECT_EQ(sb.stats().lost, 1u);
  EXPECT_FALSE(sb.ok());
}

}  // namespace
}  // namespace ptxalu::tb
