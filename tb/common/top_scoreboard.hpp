// The scoreboard of ptxalu_top's handshake, shared by the top's two stream drivers: the
// pipeline test (tb/rtl/pipeline_test.cpp) and the soak/coverage harness
// (coverage/top_harness.hpp).
//
// Each cycle the driver sets the inputs, settles the model with the clock low, then calls
// observe() with the outputs, retire() with the result it takes (out_valid_o && out_ready_i)
// and accept() with the operation the top took (in_valid_i && in_ready_o), and raises the
// clock. Checked:
// - every result against the golden model, in issue order (value and illegal_o; an illegal
//   word gives 0);
// - a tagged operation (add.u64 tag, 0, tags numbered in issue order) retires with its own tag
//   and in sequence, so a lost, duplicated or reordered one cannot hide behind an equal value;
// - a result only while an operation is outstanding (else it is duplicated), also while
//   stalled;
// - the outputs held, unchanged, while out_valid_o && !out_ready_i;
// - some result within kStuckCycles cycles while operations are outstanding.
// flush() forgets what a reset dropped; finish() counts what never came out as lost.
// Every error is counted; the first is kept (first_error()) and the first ten go to stderr.
#pragma once

#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <optional>
#include <string>

#include "ctrl.hpp"
#include "model.hpp"

namespace ptxalu::tb {

// One operation as driven: its control word (ctrl.pack(), or a raw word) and operands.
struct Stimulus {
  Ctrl ctrl;
  uint64_t word = 0;
  Operands ops;
};

inline Stimulus stimulus(const Ctrl& ctrl, const Operands& ops) {
  return {ctrl, ctrl.pack(), ops};
}

// The word is legal: no bit past kCtrlWidth and a legal form.
inline bool legal_word(const Stimulus& s) {
  return (s.word >> kCtrlWidth) == 0 && is_legal(s.ctrl);
}

// What the top must answer: the model's value, or illegal_o with 0.
struct Expectation {
  uint64_t value = 0;
  bool illegal = true;
};

inline Expectation expect(const Stimulus& s) {
  if (!legal_word(s)) return {};
  return {execute(s.ctrl, s.ops), false};
}

struct TopStats {
  uint64_t issued = 0;       // operations accepted by the top
  uint64_t retired = 0;      // results taken from the top
  uint64_t illegal = 0;      // of them right with illegal_o
  uint64_t tagged = 0;       // tagged operations retired
  uint64_t stalled = 0;      // cycles with out_valid_o && !out_ready_i
  uint64_t flushes = 0;      // resets in the middle of traffic
  uint64_t cycles = 0;
  uint64_t mismatches = 0;   // value or illegal_o differs from the model, in order
  uint64_t spurious = 0;     // a result with no operation outstanding (duplicated)
  uint64_t lost = 0;         // operations never retired
  uint64_t tag_errors = 0;   // a tagged result out of sequence (reordered/dropped/duplicated)
  uint64_t hold_errors = 0;  // outputs changed while out_valid_o && !out_ready_i
  uint64_t stuck = 0;        // kStuckCycles without a result, operations outstanding

  bool ok() const {
    return mismatches == 0 && spurious == 0 && lost == 0 && tag_errors == 0 &&
           hold_errors == 0 && stuck == 0;
  }
  void print(std::FILE* out) const {
    std::fprintf(out,
                 "issued=%llu retired=%llu illegal=%llu tagged=%llu cycles=%llu | lost=%llu "
                 "duplicated=%llu mismatched/reordered=%llu tag_errors=%llu hold_errors=%llu "
                 "stuck=%llu\n",
                 ull(issued), ull(retired), ull(illegal), ull(tagged), ull(cycles), ull(lost),
                 ull(spurious), ull(mismatches), ull(tag_errors), ull(hold_errors), ull(stuck));
  }
  static unsigned long long ull(uint64_t v) { return static_cast<unsigned long long>(v); }
};

class TopScoreboard {
 public:
  static constexpr uint64_t kStuckCycles = 2000;

  // Called with each operation whose result has been checked and found right.
  std::function<void(const Stimulus&)> on_retired_ok;

  const TopStats& stats() const { return stats_; }
  bool ok() const { return stats_.ok(); }
  const std::string& first_error() const { return first_error_; }
  bool outstanding() const { return !expected_.empty(); }

  // The next tagged operation: add.u64 tag, 0, with random c and d (operands add ignores).
  template <typename Rng>
  Stimulus tagged(Rng& rng) const {
    Ctrl ctrl;
    ctrl.op = Pkg::OpAdd;
    ctrl.itype = Pkg::ItU64;
    return stimulus(ctrl, Operands{next_tag_, 0, rng(), rng()});
  }

  void accept(const Stimulus& s, bool is_tagged) {
    Entry e{s, expect(s), std::nullopt};
    if (is_tagged) e.tag = next_tag_++;
    expected_.push_back(e);
    ++stats_.issued;
  }

  // The settled outputs of one cycle, before its rising edge.
  void observe(bool valid, bool ready, uint64_t result, bool illegal) {
    ++stats_.cycles;
    if (held_ && (!valid || result != held_result_ || illegal != held_illegal_)) {
      fail(stats_.hold_errors, "stalled output changed or dropped");
    }
    held_ = valid && !ready;
    held_result_ = result;
    held_illegal_ = illegal;
    if (held_) {
      ++stats_.stalled;
      if (expected_.empty()) fail(stats_.spurious, "stalled output without a matching input");
    }
    if (expected_.empty()) {
      idle_ = 0;
    } else if (++idle_ == kStuckCycles + 1) {
      fail(stats_.stuck, "no result for " + std::to_string(kStuckCycles) + " cycles with " +
                             std::to_string(expected_.size()) + " outstanding");
    }
  }

  void retire(uint64_t value, bool illegal) {
    ++stats_.retired;
    idle_ = 0;
    if (expected_.empty()) {
      fail(stats_.spurious, "output without a matching input (duplicate?) " + hex(value));
      return;
    }
    const Entry e = expected_.front();
    expected_.pop_front();
    if (e.tag) {
      ++stats_.tagged;
      if (value != *e.tag || *e.tag != retired_tag_) {
        fail(stats_.tag_errors, "tag " + hex(value) + " where " + hex(*e.tag) + " was due");
      }
      retired_tag_ = value + 1;
    }
    if (value != e.want.value || illegal != e.want.illegal) {
      const Operands& o = e.stim.ops;
      fail(stats_.mismatches, "result #" + std::to_string(stats_.retired - 1) + " ctrl=" +
                                  hex(e.stim.word) + " a=" + hex(o.a) + " b=" + hex(o.b) +
                                  " c=" + hex(o.c) + " d=" + hex(o.d) + ": expected " +
                                  (e.want.illegal ? "illegal " : "") + hex(e.want.value) +
                                  ", got " + (illegal ? "illegal " : "") + hex(value) +
                                  " (lost, reordered or wrong)");
      return;
    }
    if (e.want.illegal) ++stats_.illegal;
    if (on_retired_ok) on_retired_ok(e.stim);
  }

  // A reset dropped every operation in flight.
  void flush() {
    expected_.clear();
    held_ = false;
    idle_ = 0;
    retired_tag_ = next_tag_;
    ++stats_.flushes;
  }

  // The driver has drained the top: whatever is still outstanding was lost.
  void finish() {
    if (!expected_.empty()) {
      stats_.lost += expected_.size() - 1;
      fail(stats_.lost, std::to_string(expected_.size()) + " operations never retired");
    }
    expected_.clear();
    retired_tag_ = next_tag_;
  }

 private:
  struct Entry {
    Stimulus stim;
    Expectation want;
    std::optional<uint64_t> tag;
  };

  static std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
  }

  void fail(uint64_t& counter, const std::string& what) {
    ++counter;
    const std::string msg = "cycle " + std::to_string(stats_.cycles - 1) + ": " + what;
    if (first_error_.empty()) first_error_ = msg;
    if (errors_++ < 10) std::fprintf(stderr, "scoreboard: %s\n", msg.c_str());
  }

  std::deque<Entry> expected_;  // accepted, not yet retired, in order
  TopStats stats_;
  std::string first_error_;
  uint64_t errors_ = 0;
  uint64_t next_tag_ = 0;
  uint64_t retired_tag_ = 0;
  uint64_t idle_ = 0;
  bool held_ = false;
  uint64_t held_result_ = 0;
  bool held_illegal_ = false;
};

}  // namespace ptxalu::tb
