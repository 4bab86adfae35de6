// A stream driver for the verilated ptxalu_top with random back-pressure on both sides and an
// in-order scoreboard against the golden model. Shared by the soak run and the coverage run.
//
// Each cycle: set the inputs, evaluate with the clock low (in_ready_o depends on out_ready_i
// combinationally), note which handshakes fire, then raise the clock. An operation waits on
// the inputs, unchanged, until it is accepted. The scoreboard checks every result in order, and
// every fourth operation or so is a *tagged* one (add.u64 of its own sequence number and 0),
// whose result names it: a lost, duplicated or reordered operation cannot hide behind two
// operations that happen to give the same value.
#pragma once

#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <utility>

#include "Vptxalu_top.h"
#include "verilated_clock.hpp"
#include "ctrl.hpp"
#include "legal_forms.hpp"
#include "model.hpp"
#include "random_insn.hpp"
#include "verilated.h"

namespace ptxalu::cov {

struct SoakStats {
  uint64_t issued = 0;        // operations accepted by the top
  uint64_t retired = 0;       // results taken from the top
  uint64_t illegal = 0;       // of them with illegal_o (expected)
  uint64_t tagged = 0;        // tagged operations retired
  uint64_t mismatches = 0;    // value or illegal_o differs from the model, in order
  uint64_t spurious = 0;      // a result with no operation outstanding (duplicated)
  uint64_t lost = 0;          // operations never retired after draining
  uint64_t tag_errors = 0;    // a tagged result out of sequence (reordered/dropped/duplicated)
  uint64_t hold_errors = 0;   // outputs changed while out_valid_o && !out_ready_i
  uint64_t cycles = 0;

  bool ok() const {
    return mismatches == 0 && spurious == 0 && lost == 0 && tag_errors == 0 && hold_errors == 0;
  }
  void print(std::FILE* out) const {
    std::fprintf(out,
                 "issued=%llu retired=%llu illegal=%llu tagged=%llu cycles=%llu | lost=%llu "
                 "duplicated=%llu mismatched/reordered=%llu tag_errors=%llu hold_errors=%llu\n",
                 ull(issued), ull(retired), ull(illegal), ull(tagged), ull(cycles), ull(lost),
                 ull(spurious), ull(mismatches), ull(tag_errors), ull(hold_errors));
  }
  static unsigned long long ull(uint64_t v) { return static_cast<unsigned long long>(v); }
};

struct Stimulus {
  Ctrl ctrl;
  uint64_t word = 0;  // ctrl.pack(), or a raw illegal word
  Operands ops;
};

// Faults the harness can plant in what it observes, to prove its own checks fire: the
// soak_detects_* ctests run with each and expect FAIL.
enum class Fault { None, Drop, Duplicate, Corrupt, Swap };

class TopHarness {
 public:
  // Called with each operation when its result has been checked and found right.
  std::function<void(const Stimulus&)> on_retired_ok;

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
  const SoakStats& stats() const { return stats_; }
  RandomInsn& rng() { return rng_; }

  // Issues `count` operations from `next` under random stalls whose rates change every few
  // thousand cycles (from a steady stream to a trickle), then drains with out_ready_i high.
  void run(uint64_t count, const std::function<Stimulus(RandomInsn&)>& next) {
    uint64_t sent = 0;
    bool pending = false;
    while (sent < count || pending) {
      if (stats_.cycles % 4096 == 0) pick_rates();
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
    for (int i = 0; i < 2000 && !expected_.empty(); ++i) step();
    stats_.lost += expected_.size();
    expected_.clear();
  }

 private:
  struct Expected {
    Stimulus stim;
    uint64_t value;
    bool illegal;
    bool tagged;
    uint64_t tag;
  };

  bool chance(unsigned percent) { return rng_() % 100 < percent; }

  void pick_rates() {
    static constexpr unsigned kRates[] = {100, 100, 90, 50, 25, 5};
    in_rate_ = kRates[rng_() % std::size(kRates)];
    out_rate_ = kRates[rng_() % std::size(kRates)];
  }

  Stimulus next_operation(const std::function<Stimulus(RandomInsn&)>& next) {
    tagged_pending_ = rng_() % 4 == 0;
    if (!tagged_pending_) return next(rng_);
    Stimulus s;
    s.ctrl.op = Pkg::OpAdd;
    s.ctrl.itype = Pkg::ItU64;
    s.word = s.ctrl.pack();
    s.ops.a = next_tag_;
    s.ops.b = 0;
    return s;
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

    if (held_ && (!top_->out_valid_o || top_->result_o != held_result_ ||
                  top_->illegal_o != held_illegal_)) {
      ++stats_.hold_errors;
    }
    held_ = top_->out_valid_o && !top_->out_ready_i;
    held_result_ = top_->result_o;
    held_illegal_ = top_->illegal_o;

    if (fire_out) observe(top_->result_o, top_->illegal_o != 0);
    if (fire_in) accept();
    ptxalu::verilated::rising_edge(*top_);
    ++stats_.cycles;
    return fire_in;
  }

  void accept() {
    Expected e{current_, 0, true, tagged_pending_, 0};
    if ((current_.word >> kCtrlWidth) == 0 && is_legal(current_.ctrl)) {
      e.illegal = false;
      e.value = execute(current_.ctrl, current_.ops);
    }
    if (e.tagged) e.tag = next_tag_++;
    expected_.push_back(e);
    ++stats_.issued;
  }

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

  void retire(uint64_t value, bool illegal) {
    ++stats_.retired;
    if (expected_.empty()) {
      if (stats_.spurious++ < 5) std::fprintf(stderr, "duplicated: result 0x%llx\n",
                                              SoakStats::ull(value));
      return;
    }
    const Expected e = expected_.front();
    expected_.pop_front();
    if (e.tagged) {
      ++stats_.tagged;
      if (value != e.tag || e.tag != retired_tag_) ++stats_.tag_errors;
      retired_tag_ = value + 1;
    }
    if (value != e.value || illegal != e.illegal) {
      if (stats_.mismatches++ < 10) {
        std::fprintf(stderr, "MISMATCH: ctrl=0x%015llx a=0x%llx b=0x%llx c=0x%llx d=0x%llx: "
                     "rtl 0x%llx illegal=%d, model 0x%llx illegal=%d\n",
                     SoakStats::ull(e.stim.word), SoakStats::ull(e.stim.ops.a),
                     SoakStats::ull(e.stim.ops.b), SoakStats::ull(e.stim.ops.c),
                     SoakStats::ull(e.stim.ops.d), SoakStats::ull(value), illegal,
                     SoakStats::ull(e.value), e.illegal);
      }
      return;
    }
    if (e.illegal) ++stats_.illegal;
    if (on_retired_ok) on_retired_ok(e.stim);
  }

  RandomInsn rng_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vptxalu_top> top_;
  std::deque<Expected> expected_;
  SoakStats stats_;
  Stimulus current_;
  bool tagged_pending_ = false;
  uint64_t next_tag_ = 0;
  uint64_t retired_tag_ = 0;
  unsigned in_rate_ = 100;
  unsigned out_rate_ = 100;
  bool held_ = false;
  uint64_t held_result_ = 0;
  bool held_illegal_ = false;
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
