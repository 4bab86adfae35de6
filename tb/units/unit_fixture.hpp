// The one fixture of the unit tests: a verilated unit (the RTL, or its Yosys netlist: the
// typed tests run both, UnitModels) driven from a control word and operands, and compared
// with the golden model.
//
// Dut is the Verilator class of the unit: ctrl_i, a_i, b_i [, c_i, d_i] -> result_o, ports of
// 32 or 64 bits alike, or the small units' request and response structs (unit_ports.hpp). A
// combinational unit is evaluated once per vector (a unit's optional pipeline stages left
// out: their clk_i is not driven); a sequential unit is driven through its valid/ready
// handshake (run_sequential), one operation from idle. Each fixture owns its own
// VerilatedContext (shared/RECIPES.md).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "model.hpp"
#include "unit_kit.hpp"
#include "unit_ports.hpp"
#include "verilated.h"
#include "verilated_clock.hpp"

namespace ptxalu::tb {

template <typename Dut>
class UnitFixture : public ::testing::Test {
 protected:
  using Hs = ports::Hs;

  uint64_t run(const Ctrl& c, const Operands& o) {
    drive(c, o);
    if constexpr (ports::Sequential<Dut>) {
      return run_sequential();
    } else {
      dut_.eval();
      return ports::result(dut_);
    }
  }

  // Sets the control word and the operand ports.
  void drive(const Ctrl& c, const Operands& o) { ports::set_operation(dut_, c, o); }

  // A sequential unit (clk_i, rst_ni, in_valid_i/in_ready_o, out_valid_o/out_ready_i) with its
  // inputs held as the top holds its issue register: one operation from idle, its latency
  // (accepting edge to the first cycle with out_valid_o; 0 when out_valid_o is already high in
  // the accepting cycle) kept in last_latency_, the answer taken. 0 and a failure if it never
  // answers.
  uint64_t run_sequential() {
    if (!reset_done_) {
      ports::set(dut_, Hs::InValid, 0);
      ports::set(dut_, Hs::OutReady, 0);
      verilated::reset(dut_, 2);
      reset_done_ = true;
    }
    ports::set(dut_, Hs::InValid, 1);
    ports::set(dut_, Hs::OutReady, 0);
    verilated::settle(dut_);
    EXPECT_TRUE(ports::get(dut_, Hs::InReady)) << "not idle before an operation";
    // Answered in the cycle it is offered (ptxalu_intalu_small).
    if (ports::get(dut_, Hs::OutValid)) {
      last_latency_ = 0;
      const uint64_t result = ports::result(dut_);
      ports::set(dut_, Hs::OutReady, 1);
      verilated::settle(dut_);
      verilated::rising_edge(dut_);
      ports::set(dut_, Hs::InValid, 0);
      ports::set(dut_, Hs::OutReady, 0);
      return result;
    }
    verilated::rising_edge(dut_);
    ports::set(dut_, Hs::InValid, 0);
    for (last_latency_ = 1; last_latency_ <= kMaxLatency; ++last_latency_) {
      verilated::settle(dut_);
      if (ports::get(dut_, Hs::OutValid)) {
        const uint64_t result = ports::result(dut_);
        ports::set(dut_, Hs::OutReady, 1);
        verilated::rising_edge(dut_);
        ports::set(dut_, Hs::OutReady, 0);
        return result;
      }
      verilated::rising_edge(dut_);
    }
    ADD_FAILURE() << "no answer after " << kMaxLatency << " cycles";
    reset_done_ = false;
    return 0;
  }

  // A sequential unit: `c` on `first` answers `want_first`; offered again and reset after
  // `busy` cycles, the unit is idle with nothing to answer; then `c` on `second` answers
  // `want_second` `latency` cycles after the accepting edge and holds it through five stalled
  // cycles until taken, after which the unit is idle again.
  void check_hold_and_reset(const Ctrl& c, const Operands& first, uint64_t want_first,
                            unsigned busy, const Operands& second, unsigned latency,
                            uint64_t want_second) {
    ASSERT_EQ(run(c, first), want_first);
    ports::set(dut_, Hs::InValid, 1);
    for (unsigned i = 0; i < busy; ++i) verilated::cycle(dut_);
    ports::set(dut_, Hs::InValid, 0);
    verilated::reset(dut_, 1);
    verilated::settle(dut_);
    EXPECT_TRUE(ports::get(dut_, Hs::InReady));
    EXPECT_FALSE(ports::get(dut_, Hs::OutValid));
    drive(c, second);
    ports::set(dut_, Hs::InValid, 1);
    verilated::cycle(dut_);
    ports::set(dut_, Hs::InValid, 0);
    for (unsigned i = 1; i < latency; ++i) verilated::cycle(dut_);
    for (int i = 0; i < 5; ++i) {
      verilated::settle(dut_);
      EXPECT_TRUE(ports::get(dut_, Hs::OutValid));
      EXPECT_FALSE(ports::get(dut_, Hs::InReady));
      EXPECT_EQ(ports::result(dut_), want_second);
      verilated::rising_edge(dut_);
    }
    ports::set(dut_, Hs::OutReady, 1);
    verilated::cycle(dut_);
    ports::set(dut_, Hs::OutReady, 0);
    verilated::settle(dut_);
    EXPECT_TRUE(ports::get(dut_, Hs::InReady));
    EXPECT_FALSE(ports::get(dut_, Hs::OutValid));
  }

  // The unit equals the model on a legal word.
  ::testing::AssertionResult matches_model(const Ctrl& c, const Operands& o) {
    if (!is_legal(c)) {
      return ::testing::AssertionFailure()
             << "generator drew a word the model calls illegal: " << describe(c);
    }
    const uint64_t unit = run(c, o);
    const uint64_t model = execute(c, o);
    if (unit != model) {
      return ::testing::AssertionFailure() << describe(c) << " " << describe(o)
                                           << ": unit=" << hex(unit) << " model=" << hex(model);
    }
    return ::testing::AssertionSuccess();
  }

  // Hand cases written as PTX text (unit_kit.hpp: hand_cases): the unit and the model each
  // give the expected value.
  void check_ptx(const std::vector<PtxCase>& cases) {
    check_ptx_cases(cases, [this](const Ctrl& c, const Operands& o) { return run(c, o); });
  }

  // Checks one vector against the model unless `failures` already reached 8, so one bug does
  // not bury the others; counts a failure.
  void check_vector(const Ctrl& c, const Operands& o, unsigned* failures) {
    if (*failures >= 8) return;
    const auto r = matches_model(c, o);
    if (!r) ++*failures;
    EXPECT_TRUE(r);
  }

  // `count` random legal words of each op in `ops` (random_word), corner-weighted operands
  // (random_operands, or `operands(rng, c)` when given).
  template <typename MakeOperands = decltype(&random_operands)>
  void check_random(const std::vector<Op>& ops, unsigned count,
                    MakeOperands operands = &random_operands) {
    Rng rng(test_seed());
    for (Op op : ops) {
      unsigned failures = 0;
      for (unsigned i = 0; i < count && failures < 8; ++i) {
        const Ctrl c = random_word(rng, op);
        check_vector(c, operands(rng, c), &failures);
      }
    }
  }

  // Every form of each op in `ops` (the instruction table's), every pair of corners for a
  // and b (c and d from a shorter list of corners).
  void check_corner_pairs(const std::vector<Op>& ops) {
    unsigned words = 0;
    uint64_t checks = 0;
    for (Op op : ops) {
      unsigned failures = 0;
      for (const Ctrl& c : isa::forms(op)) {
        ++words;
        const std::vector<uint64_t> as = corner_list(source_width(c, 0));
        const std::vector<uint64_t> bs = corner_list(source_width(c, 1));
        const unsigned wc = source_width(c, 2);
        const uint64_t smin_c = uint64_t{1} << (wc - 1);
        const uint64_t cs[] = {0, 1, low_mask(wc), smin_c, smin_c - 1};
        for (uint64_t a : as) {
          for (uint64_t b : bs) {
            for (uint64_t cv : cs) {
              check_vector(c, {a, b, cv, cv ^ 0x5}, &failures);
              ++checks;
            }
          }
        }
      }
    }
    std::printf("%u legal words, %llu operand sets\n", words,
                static_cast<unsigned long long>(checks));
  }

  static constexpr unsigned kMaxLatency = 200;
  bool reset_done_ = false;
  unsigned last_latency_ = 0;

  VerilatedContext ctx_;
  Dut dut_{&ctx_};
};

}  // namespace ptxalu::tb

// Declares the typed suite SUITE: UnitFixture over the test's UnitModels (unit_models.hpp: the
// RTL, then its Yosys netlist where the unit has one), instances named Rtl and YosysNetlist.
#define PTXALU_UNIT_SUITE(SUITE)                   \
  template <typename Dut>                          \
  using SUITE = ::ptxalu::tb::UnitFixture<Dut>;    \
  TYPED_TEST_SUITE(SUITE, ::ptxalu::tb::UnitModels, ::ptxalu::tb::ModelNames)

// The two model comparisons of a unit's ops (the table's ops of UNIT): every form with all
// pairs of corner operands (CornerPairs), and COUNT random legal words per op
// (RandomAgainstModel).
#define PTXALU_UNIT_MODEL_TESTS(SUITE, UNIT, COUNT)                                         \
  TYPED_TEST(SUITE, CornerPairs) {                                                         \
    this->check_corner_pairs(::ptxalu::tb::ops_of_unit(UNIT));                             \
  }                                                                                        \
  TYPED_TEST(SUITE, RandomAgainstModel) {                                                  \
    this->check_random(::ptxalu::tb::ops_of_unit(UNIT), ::ptxalu::tb::iterations(COUNT));  \
  }

// The hand cases of tb/units/cases/UNIT.cases (the test's), one typed test SUITE.NAME per
// section [NAME]: unit_models.hpp lists the sections as CMakeLists.txt read them from the file.
#define PTXALU_UNIT_HAND_CASES(SUITE) \
  PTXALU_HAND_CASE_SECTIONS(PTXALU_UNIT_HAND_CASE_SECTION, SUITE)
#define PTXALU_UNIT_HAND_CASE_SECTION(SUITE, NAME) \
  TYPED_TEST(SUITE, NAME) {                        \
    this->check_ptx(::ptxalu::tb::hand_cases(PTXALU_HAND_CASES_UNIT, #NAME)); \
  }
