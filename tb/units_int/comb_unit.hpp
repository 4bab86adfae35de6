// A combinational integer unit driven directly, checked against the golden model.
//
// Dut is the Verilator class of the unit (ctrl_i, a_i, b_i, c_i [, d_i] -> result_o); ports of
// 32 or 64 bits alike. A unit with clk_i is driven through its valid/ready handshake instead
// (run_sequential). Each fixture owns its own VerilatedContext (RECIPES.md).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <vector>

#include "int_harness.hpp"
#include "model.hpp"
#include "verilated.h"
#include "verilated_clock.hpp"

namespace int_tb {

template <typename Dut>
class CombUnit : public ::testing::Test {
 protected:
  uint64_t run(const Ctrl& c, const Operands& o) {
    dut_.ctrl_i = c.pack();
    dut_.a_i = static_cast<std::remove_reference_t<decltype(dut_.a_i)>>(o.a);
    dut_.b_i = static_cast<std::remove_reference_t<decltype(dut_.b_i)>>(o.b);
    dut_.c_i = static_cast<std::remove_reference_t<decltype(dut_.c_i)>>(o.c);
    if constexpr (requires { dut_.d_i; }) {
      dut_.d_i = static_cast<std::remove_reference_t<decltype(dut_.d_i)>>(o.d);
    }
    if constexpr (requires { dut_.clk_i; }) {
      return run_sequential();
    } else {
      dut_.eval();
      return dut_.result_o;
    }
  }

  // A sequential unit (clk_i, rst_ni, in_valid_i/in_ready_o, out_valid_o/out_ready_i, e.g.
  // ptxalu_bitmanip_small) with its inputs held as the top holds its issue register: one
  // operation from idle, its latency (accepting edge to the first cycle with out_valid_o) kept
  // in last_latency_, the answer taken. 0 and a failure if it never answers.
  uint64_t run_sequential() {
    if (!reset_done_) {
      dut_.in_valid_i = 0;
      dut_.out_ready_i = 0;
      ptxalu::verilated::reset(dut_, 2);
      reset_done_ = true;
    }
    dut_.in_valid_i = 1;
    dut_.out_ready_i = 0;
    ptxalu::verilated::settle(dut_);
    EXPECT_TRUE(dut_.in_ready_o) << "not idle before an operation";
    ptxalu::verilated::rising_edge(dut_);
    dut_.in_valid_i = 0;
    for (last_latency_ = 1; last_latency_ <= kMaxLatency; ++last_latency_) {
      ptxalu::verilated::settle(dut_);
      if (dut_.out_valid_o) {
        const uint64_t result = dut_.result_o;
        dut_.out_ready_i = 1;
        ptxalu::verilated::rising_edge(dut_);
        dut_.out_ready_i = 0;
        return result;
      }
      ptxalu::verilated::rising_edge(dut_);
    }
    ADD_FAILURE() << "no answer after " << kMaxLatency << " cycles";
    reset_done_ = false;
    return 0;
  }

  static constexpr unsigned kMaxLatency = 200;
  bool reset_done_ = false;
  unsigned last_latency_ = 0;

  // The RTL equals the model on a legal word.
  ::testing::AssertionResult matches_model(const Ctrl& c, const Operands& o) {
    if (!ptxalu::is_legal(c)) {
      return ::testing::AssertionFailure()
             << "generator drew a word the model calls illegal: " << describe(c);
    }
    const uint64_t rtl = run(c, o);
    const uint64_t model = ptxalu::execute(c, o);
    if (rtl != model) {
      return ::testing::AssertionFailure() << describe(c) << " " << describe(o)
                                           << ": rtl=" << hex(rtl) << " model=" << hex(model);
    }
    return ::testing::AssertionSuccess();
  }

  // The RTL and the model both give a value worked out by hand from the spec.
  ::testing::AssertionResult matches_hand(const HandCase& h) {
    if (!ptxalu::is_legal(h.ctrl)) {
      return ::testing::AssertionFailure() << "hand case is illegal: " << describe(h.ctrl);
    }
    const uint64_t rtl = run(h.ctrl, h.ops);
    const uint64_t model = ptxalu::execute(h.ctrl, h.ops);
    if (rtl != h.expected || model != h.expected) {
      return ::testing::AssertionFailure()
             << describe(h.ctrl) << " " << describe(h.ops) << ": expected=" << hex(h.expected)
             << " rtl=" << hex(rtl) << " model=" << hex(model);
    }
    return ::testing::AssertionSuccess();
  }

  void check_hand_cases(const std::vector<HandCase>& cases) {
    for (const HandCase& h : cases) EXPECT_TRUE(matches_hand(h));
  }

  // `count` random legal words of each op in `ops`, corner-weighted operands; stops an op
  // after a handful of failures so one bug does not bury the others.
  void check_random(const std::vector<Pkg::op_e>& ops, unsigned count) {
    Rng rng(test_seed());
    for (Pkg::op_e op : ops) {
      unsigned failures = 0;
      for (unsigned i = 0; i < count && failures < 8; ++i) {
        const Ctrl c = random_ctrl(rng, op);
        const Operands o = random_operands(rng, c);
        const auto result = matches_model(c, o);
        if (!result) ++failures;
        EXPECT_TRUE(result);
      }
    }
  }

  // Every legal word of each op in `ops`, every pair of corners for a and b (c and d from a
  // shorter list of corners).
  void check_corner_pairs(const std::vector<Pkg::op_e>& ops) {
    unsigned words = 0;
    uint64_t checks = 0;
    for (Pkg::op_e op : ops) {
      unsigned failures = 0;
      for (const Ctrl& c : all_ctrls(op)) {
        ++words;
        const ptxalu::Signature sig = ptxalu::signature(c);
        auto width = [&](unsigned i) { return sig.src_width[i] != 0 ? sig.src_width[i] : 64; };
        const std::vector<uint64_t> as = corner_list(width(0));
        const std::vector<uint64_t> bs = corner_list(width(1));
        const uint64_t smin_c = uint64_t{1} << (width(2) - 1);
        const uint64_t cs[] = {0, 1, low_mask(width(2)), smin_c, smin_c - 1};
        for (uint64_t a : as) {
          for (uint64_t b : bs) {
            for (uint64_t cv : cs) {
              if (failures >= 8) break;
              const auto r = matches_model(c, {a, b, cv, cv ^ 0x5});
              ++checks;
              if (!r) ++failures;
              EXPECT_TRUE(r);
            }
          }
        }
      }
    }
    std::printf("%u legal words, %llu operand sets\n", words,
                static_cast<unsigned long long>(checks));
  }

  VerilatedContext ctx_;
  Dut dut_{&ctx_};
};

}  // namespace int_tb
