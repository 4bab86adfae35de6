// A stream driver for the verilated ptxalu_top with random back-pressure on both sides,
// checked by the top's scoreboard (tb/common/top_scoreboard.hpp). Shared by the soak run and
// the coverage run.
//
// Each cycle: set the inputs, evaluate with the clock low (in_ready_o depends on out_ready_i
// combinationally), note which handshakes fire, then raise the clock. An operation waits on
// the inputs, unchanged, until it is accepted. Every fourth operation or so is a tagged one
// (the scoreboard's add.u64 of its own sequence number and 0, with random don't-care c and d).
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <utility>

#include "../tb/common/top_scoreboard.hpp"
#include "Vptxalu_top.h"
#include "ctrl.hpp"
#include "legal_forms.hpp"
#include "model.hpp"
#include "random_insn.hpp"
#include "verilated.h"
#include "verilated_clock.hpp"

namespace ptxalu::cov {

using tb::Stimulus;
using tb::TopScoreboard;
using tb::TopStats;

// Faults the harness can plant in what it observes, to prove its own checks fire: the
// soak_detects_* ctests run with each and expect FAIL.
enum class Fault { None, Drop, Duplicate, Corrupt, Swap };

class TopHarness {
 public:
  // Plant `fault` at the `at`-th result leaving the top.
  void inject(Fault fault, uint64_t at) {
    fault_ = fault;
    fault_at_ = at;
  }

  explicit TopHarness(uint64_t seed) : rng_(seed) {
    ctx_ = std::make_unique<VerilatedContext>();
    ctx_->randSeed(static_cast<int>(seed & 0x7fffffff));
    top_ = std::make_unique<Vptxalu_top>(ctx_.get());
    top_->rst_ni = 0;
    top_->in_valid_i = 0;
    top_->out_ready_i = 0;
    for (int i = 0; i < 4; ++i) tick();
    top_->rst_ni = 1;
  }
  ~TopHarness() { top_->final(); }

  VerilatedContext& context() { return *ctx_; }
  const TopStats& stats() const { return sb_.stats(); }
  TopScoreboard& scoreboard() { return sb_; }
  RandomInsn& rng() { return rng_; }

  // Issues `count` operations from `next` under random stalls whose rates change every few
  // thousand cycles (from a steady stream to a trickle), then drains with out_ready_i high.
  // Stops early if the top gets stuck.
  void run(uint64_t count, const std::function<Stimulus(RandomInsn&)>& next) {
    uint64_t sent = 0;
    bool pending = false;
    while ((sent < count || pending) && sb_.stats().stuck == 0) {
      if (sb_.stats().cycles % 4096 == 0) pick_rates();
      if (!pending && sent < count && chance(in_rate_)) {
        load(next_operation(next));
        pending = true;
      }
      top_->in_valid_i = pending;
      top_->out_ready_i = chance(out_rate_);
      if (step()) {
        pending = false;
        ++sent;
      }
    }
    top_->in_valid_i = 0;
    top_->out_ready_i = 1;
    for (uint64_t i = 0; i < TopScoreboard::kStuckCycles && sb_.outstanding(); ++i) step();
    sb_.finish();
  }

 private:
  bool chance(unsigned percent) { return rng_() % 100 < percent; }

  void pick_rates() {
    static constexpr unsigned kRates[] = {100, 100, 90, 50, 25, 5};
    in_rate_ = kRates[rng_() % std::size(kRates)];
    out_rate_ = kRates[rng_() % std::size(kRates)];
  }

  Stimulus next_operation(const std::function<Stimulus(RandomInsn&)>& next) {
    tagged_pending_ = rng_() % 4 == 0;
    if (!tagged_pending_) return next(rng_);
    return sb_.tagged(rng_);
  }

  void load(const Stimulus& s) {
    current_ = s;
    top_->ctrl_i = s.word;
    top_->opa_i = s.ops.a;
    top_->opb_i = s.ops.b;
    top_->opc_i = s.ops.c;
    top_->opd_i = s.ops.d;
  }

  void tick() { ptxalu::verilated::cycle(*top_); }

  // One clock cycle; returns whether the pending input was accepted.
  bool step() {
    ptxalu::verilated::settle(*top_);
    const bool fire_in = top_->in_valid_i && top_->in_ready_o;
    const bool fire_out = top_->out_valid_o && top_->out_ready_i;
    sb_.observe(top_->out_valid_o, top_->out_ready_i, top_->result_o, top_->illegal_o != 0);
    if (fire_out) observe(top_->result_o, top_->illegal_o != 0);
    if (fire_in) sb_.accept(current_, tagged_pending_);
    ptxalu::verilated::rising_edge(*top_);
    return fire_in;
  }

  // A result leaving the top, passed to the scoreboard through the planted fault.
  void observe(uint64_t value, bool illegal) {
    const uint64_t index = observed_++;
    if (fault_ == Fault::None || index < fault_at_) {
      retire(value, illegal);
    } else if (index == fault_at_) {
      switch (fault_) {
        case Fault::Drop: break;
        case Fault::Duplicate: retire(value, illegal); retire(value, illegal); break;
        case Fault::Corrupt: retire(value ^ 1, illegal); break;
        case Fault::Swap: swapped_ = {value, illegal}; break;
        case Fault::None: break;
      }
    } else {
      retire(value, illegal);
      if (fault_ == Fault::Swap && index == fault_at_ + 1) retire(swapped_.first, swapped_.second);
    }
  }

  void retire(uint64_t value, bool illegal) { sb_.retire(value, illegal); }

  RandomInsn rng_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vptxalu_top> top_;
  TopScoreboard sb_;
  Stimulus current_;
  bool tagged_pending_ = false;
  unsigned in_rate_ = 100;
  unsigned out_rate_ = 100;
  Fault fault_ = Fault::None;
  uint64_t fault_at_ = 0;
  uint64_t observed_ = 0;
  std::pair<uint64_t, bool> swapped_{0, false};
};

// The usual stimulus: a random legal word with operands fitted to it, or one time in twenty
// a random illegal word (near misses of legal ones half of the time).
inline Stimulus random_stimulus(RandomInsn& rng) {
  Stimulus s;
  if (rng.one_in(20)) {
    do {
      s.word = rng.coin() ? rng.raw_word() : rng.near_miss();
      s.ctrl = Ctrl::unpack(s.word);
    } while (is_legal(s.ctrl));
  } else {
    s.ctrl = rng.ctrl();
    s.word = s.ctrl.pack();
  }
  s.ops = rng.operands(s.ctrl);
  return s;
}

}  // namespace ptxalu::cov
