// ptxalu_divider (iterative div/rem) against the golden model, through its valid/ready ports:
// hand-worked signs, division by zero (§11) and MIN / -1 (§12) at every width, as PTX text;
// the documented latency (early start: 1..w/StepsPerCycle + 1 cycles, 1 for a zero divisor)
// and the early start at every bit length of both operands; seeded random legal words under
// random back-pressure on both sides with a scoreboard (nothing lost, duplicated or
// reordered, the output held while stalled); reset in the middle of traffic.
#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include "../common/divider_latency.hpp"
#include "unit_fixture.hpp"
#include "unit_models.hpp"
#include "verilated.h"
#include "verilated_clock.hpp"

// The package's default; the build verilated with -GStepsPerCycle=N compiles this file with
// -DPTXALU_DIV_STEPS=N.
#ifndef PTXALU_DIV_STEPS
#define PTXALU_DIV_STEPS ptxalu::Pkg::DivStepsPerCycle
#endif

// The divider's EarlyStart parameter; the build verilated with -GEarlyStart=0 compiles this file
// with -DPTXALU_DIV_EARLY_START=0.
#ifndef PTXALU_DIV_EARLY_START
#define PTXALU_DIV_EARLY_START 1
#endif

// ptxalu_divider_small (-DPTXALU_DIV_SMALL) keeps no operand copy: the caller holds ctrl_i, a_i
// and b_i until the answer is taken, so the stream offers the next word only after that.
// Its load step (|a| in a cycle of its own) adds a cycle to every latency
// (tb/common/divider_latency.hpp).
#ifdef PTXALU_DIV_SMALL
constexpr bool kHoldsInputs = true;
constexpr unsigned kLoadStep = ptxalu::tb::kDividerSmallLoadSteps;
#else
constexpr bool kHoldsInputs = false;
constexpr unsigned kLoadStep = 0;
#endif

namespace ptxalu::tb {
namespace {

constexpr unsigned kStepsPerCycle = PTXALU_DIV_STEPS;
constexpr bool kEarlyStart = PTXALU_DIV_EARLY_START != 0;

struct Job {
  Ctrl ctrl;
  Operands ops;
  uint64_t expected;
};

// The kit's fixture (UnitFixture::run drives one operation through the handshake and keeps
// its latency) and a stream of operations under back-pressure with a scoreboard.
template <typename Dut>
class Divider : public UnitFixture<Dut> {
 protected:
  using UnitFixture<Dut>::dut_;
  using Hs = ports::Hs;

  void SetUp() override {
    reset();
    this->reset_done_ = true;
  }

  // run() and the latency it measured.
  uint64_t run_one(const Ctrl& c, const Operands& o, unsigned* latency) {
    const uint64_t result = this->run(c, o);
    *latency = this->last_latency_;
    return result;
  }

  // One clock cycle: inputs already driven; settle, let `observe` see the cycle, then the edge.
  template <typename Observe>
  void cycle(Observe&& observe) {
    verilated::cycle(dut_, observe);
    ++now_;
  }
  void cycle() {
    cycle([] {});
  }

  void reset() {
    dut_.rst_ni = 0;
    ports::set(dut_, Hs::InValid, 0);
    ports::set(dut_, Hs::OutReady, 0);
    cycle();
    cycle();
    dut_.rst_ni = 1;
    verilated::settle(dut_);
  }

  void drive(const Job& j) { ports::set_operation(dut_, j.ctrl, j.ops); }

  // Streams `count` random legal div/rem words through the unit; the source offers a word in
  // a cycle with probability 1/in_gap, the sink takes the output with probability 1/out_gap.
  // With `reset_gap` > 0, resets in a cycle with probability 1/reset_gap, dropping what was
  // in flight.
  void stream(Rng& rng, unsigned count, unsigned in_gap, unsigned out_gap,
              unsigned reset_gap = 0) {
    std::deque<Job> sent;  // accepted, result not yet taken
    unsigned issued = 0;
    unsigned received = 0;
    unsigned failures = 0;
    bool offering = false;
    Job offer{};
    bool held = false;  // out_valid_o was high and not taken last cycle
    uint64_t held_result = 0;
    uint64_t idle_cycles = 0;
    while (received + dropped_ < count && failures < 8) {
      if (!offering && issued < count && !(kHoldsInputs && !sent.empty())) {
        if (rng.one_in(in_gap)) {
          offer.ctrl = random_word(rng, rng.coin() ? Pkg::OpDiv : Pkg::OpRem);
          offer.ops = random_operands(rng, offer.ctrl);
          EXPECT_TRUE(is_legal(offer.ctrl)) << describe(offer.ctrl);
          offer.expected = execute(offer.ctrl, offer.ops);
          offering = true;
        }
      }
      ports::set(dut_, Hs::InValid, offering);
      if (offering) drive(offer);
      ports::set(dut_, Hs::OutReady, rng.one_in(out_gap));
      bool progress = false;
      cycle([&] {
        if (held) {
          EXPECT_TRUE(ports::get(dut_, Hs::OutValid)) << "out_valid_o dropped while stalled";
          EXPECT_EQ(ports::result(dut_), held_result) << "result_o changed while stalled";
        }
        if (ports::get(dut_, Hs::OutValid)) {
          if (sent.empty()) {
            ADD_FAILURE() << "a result with nothing in flight";
            ++failures;
          } else if (ports::get(dut_, Hs::OutReady)) {
            const Job& j = sent.front();
            if (ports::result(dut_) != j.expected) {
              ++failures;
              ADD_FAILURE() << describe(j.ctrl) << " " << describe(j.ops)
                            << ": rtl=" << hex(ports::result(dut_))
                            << " model=" << hex(j.expected);
            }
            sent.pop_front();
            ++received;
            progress = true;
          }
        }
        held = ports::get(dut_, Hs::OutValid) && !ports::get(dut_, Hs::OutReady);
        held_result = ports::result(dut_);
        if (ports::get(dut_, Hs::InValid) && ports::get(dut_, Hs::InReady)) {
          sent.push_back(offer);
          offering = false;
          ++issued;
          progress = true;
          // one operation at a time: nothing else may be in flight
          EXPECT_EQ(sent.size(), 1u) << "accepted a second operation while one is in flight";
        }
      });
      idle_cycles = progress ? 0 : idle_cycles + 1;
      ASSERT_LT(idle_cycles, 1000u) << "no progress: the unit hangs";
      if (reset_gap != 0 && rng.one_in(reset_gap)) {
        dropped_ += static_cast<unsigned>(sent.size());
        sent.clear();
        held = false;
        if (offering) {
          offering = false;
          ++dropped_;
          ++issued;
        }
        reset();
        EXPECT_FALSE(ports::get(dut_, Hs::OutValid)) << "out_valid_o after reset";
        EXPECT_TRUE(ports::get(dut_, Hs::InReady)) << "not ready after reset";
      }
    }
    EXPECT_TRUE(sent.empty());
    std::printf("%u results checked, %u operations dropped by reset, %llu cycles\n", received,
                dropped_, static_cast<unsigned long long>(now_));
  }

  uint64_t now_ = 0;
  unsigned dropped_ = 0;
};

TYPED_TEST_SUITE(Divider, UnitModels, ModelNames);

// The rem form of a div form's type: the two ops share their forms (a test failure if not).
Ctrl with_op(Ctrl c, Op op) {
  c.op = op;
  EXPECT_TRUE(is_legal(c)) << describe(c);
  return c;
}

PTXALU_UNIT_HAND_CASES(Divider)

// The module comment promises 1 cycle for b = 0, else w/S - j + 1 cycles from acceptance to
// out_valid_o, j the digits the early start skips (tb/common/divider_latency.hpp). Hand-picked
// ends first: a full-width dividend over 1 skips nothing (the old fixed w/S + 1), |a| < |b| by
// more than a digit skips everything.
TYPED_TEST(Divider, DocumentedLatency) {
  for (const Ctrl& div : isa::forms(Pkg::OpDiv)) {
    const Ctrl rem = with_op(div, Pkg::OpRem);
    const IType type = div.itype;
    const std::string name = frontend::print_opcode(div);
    const unsigned w = div_type(type).width;
    const uint64_t top = uint64_t{1} << (w - 2);  // positive at every width and sign
    unsigned latency = 0;
    this->run_one(div, {top | 1, 1}, &latency);
    EXPECT_EQ(latency, w / kStepsPerCycle + 1 + kLoadStep) << name << " no skip";
    this->run_one(div, {7, top}, &latency);
    EXPECT_EQ(latency, (kEarlyStart ? 1u : w / kStepsPerCycle + 1) + kLoadStep)
        << name << " |a| < |b|";
    this->run_one(rem, {1000, 0}, &latency);
    EXPECT_EQ(latency, 1u + kLoadStep) << name << " by zero";
    // 1000 has 10 bits and 7 has 3: the quotient has at most 8 bits, two digits at S = 4.
    this->run_one(div, {1000, 7}, &latency);
    EXPECT_EQ(latency, divider_latency(type, 1000, 7, kStepsPerCycle, kEarlyStart) + kLoadStep)
        << name;
    if (kStepsPerCycle == 4 && kEarlyStart) {
      EXPECT_EQ(latency, 3u) << name << " 1000 / 7";
    }
  }
}

// Early start at its edges: dividends and divisors of every bit length, at and around powers
// of two and negated (where the leading-zero bound is taken before negation), against the
// model, each with its documented latency.
TYPED_TEST(Divider, EarlyStartAtEveryBitLength) {
  Rng rng(test_seed());
  unsigned checked = 0;
  for (const Ctrl& div : isa::forms(Pkg::OpDiv)) {
    const Ctrl rem = with_op(div, Pkg::OpRem);
    const IType type = div.itype;
    const unsigned w = div_type(type).width;
    const uint64_t mask = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
    // Values of bit length m: 2^(m-1), 2^m - 1 and one random in between, and their negations.
    std::vector<uint64_t> values;
    for (unsigned m = 1; m <= w; ++m) {
      const uint64_t low = uint64_t{1} << (m - 1);
      const uint64_t high = low + (low - 1);
      const uint64_t mid = low | (rng.next() & (low - 1));
      for (const uint64_t v : {low, high, mid}) {
        values.push_back(v & mask);
        values.push_back((0 - v) & mask);
      }
    }
    for (unsigned i = 0; i < values.size(); i += 1 + rng.below(3)) {
      for (unsigned j = 0; j < values.size(); j += 1 + rng.below(5)) {
        const Ctrl c = rng.coin() ? div : rem;
        const Operands o{values[i], values[j]};
        unsigned latency = 0;
        const uint64_t got = this->run_one(c, o, &latency);
        ASSERT_EQ(got, execute(c, o)) << describe(c) << " " << describe(o);
        ASSERT_EQ(latency,
                  divider_latency(type, o.a, o.b, kStepsPerCycle, kEarlyStart) + kLoadStep)
            << describe(c) << " " << describe(o);
        ++checked;
      }
    }
  }
  std::printf("early start: %u divisions checked\n", checked);
}

TYPED_TEST(Divider, RandomNoBackPressure) {
  Rng rng(test_seed());
  this->stream(rng, iterations(20000), 1, 1);
}

TYPED_TEST(Divider, RandomBackPressureBothSides) {
  Rng rng(test_seed());
  this->stream(rng, iterations(10000), 3, 4);
  this->stream(rng, iterations(2000), 1, 20);
  this->stream(rng, iterations(2000), 20, 1);
}

TYPED_TEST(Divider, ResetInTheMiddleOfTraffic) {
  Rng rng(test_seed());
  this->stream(rng, iterations(5000), 2, 2, 60);
}

}  // namespace
}  // namespace ptxalu::tb
