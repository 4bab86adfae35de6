// RtlEngine: drives the verilated ptxalu_top. The only file that sees Verilator's port types.
//
// Three verilations of the top are linked (sim/rtl/CMakeLists.txt says why each option):
//   Vptxalu_top         --x-assign fast --x-initial fast, no tracing: what every engine runs;
//   Vptxalu_top_traced  FST tracing compiled in, --x-assign/--x-initial unique. Tracing code
//                       slows evaluation even with no trace open, so an engine moves to this
//                       build only when open_fst() asks for a waveform;
//   Vptxalu_top_small   the small configuration (Config = CfgSmall), like Vptxalu_top.
// All are driven by the one Verilated<> template below. Between calls the pipeline is empty
// (execute_stream returns only once the last result is out), so the move loses nothing: the
// traced model starts from reset, like a fresh engine, and carries the cycle count on.
//
// One clock cycle is two evaluations: with the clock low, apply this cycle's inputs and
// settle the combinational paths (in_ready_o depends on out_ready_i), sample both handshakes,
// then raise the clock. Sampling before the edge is what the RTL's own registers see. The
// falling-edge evaluation cannot be saved: Verilator finds the rising edge by comparing clk_i
// with its value at the previous eval().
#include "rtl_engine.hpp"

#include <stdexcept>
#include <utility>

#include "Vptxalu_top.h"
#include "Vptxalu_top_small.h"
#include "Vptxalu_top_traced.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "verilated_clock.hpp"

namespace ptxalu {

namespace {
// Far above any latency of the top (the divider included): a result that takes longer means
// the pipeline is stuck, which is an error, not a wait.
constexpr uint64_t kStuckCycles = 10000;
constexpr int kResetCycles = 2;
using Insn = std::pair<Ctrl, Operands>;

// A verilated build of the top as RtlEngine sees it: one virtual call per stream, none per
// cycle.
class Model {
 public:
  virtual ~Model() = default;
  // Streams insns[0, count) back to back; results[i] is insns[i]'s result.
  virtual void run(const Insn* insns, size_t count, RtlResult* results) = 0;
  uint64_t cycles = 0;
};

template <class Top, bool kTraced>
class Verilated final : public Model {
 public:
  Verilated() : ctx_(std::make_unique<VerilatedContext>()) {
    if constexpr (kTraced) ctx_->traceEverOn(true);
    top_ = std::make_unique<Top>(ctx_.get(), "ptxalu_top");
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->in_valid_i = 0;
    top_->out_ready_i = 0;
    for (int i = 0; i < kResetCycles; ++i) {
      settle();
      rising_edge();
    }
    top_->rst_ni = 1;
  }

  ~Verilated() override {
    if (fst_) fst_->close();
    top_->final();
  }

  Verilated(const Verilated&) = delete;
  Verilated& operator=(const Verilated&) = delete;

  void open_fst(const std::string& path)
    requires kTraced
  {
    if (fst_) fst_->close();
    fst_ = std::make_unique<VerilatedFstC>();
    top_->trace(fst_.get(), 99);
    fst_->open(path.c_str());
    if (!fst_->isOpen()) {
      fst_.reset();
      throw std::runtime_error("cannot write FST file " + path);
    }
  }

  void run(const Insn* insns, size_t count, RtlResult* results) override {
    size_t next = 0;
    size_t done = 0;
    uint64_t idle = 0;
    top_->out_ready_i = 1;
    while (done < count) {
      const bool offering = next < count;
      top_->in_valid_i = offering;
      if (offering) drive(insns[next].first, insns[next].second);
      settle();
      const bool accepted = offering && top_->in_ready_o;
      if (top_->out_valid_o) {
        results[done++] = RtlResult{top_->result_o, top_->illegal_o != 0};
        idle = 0;
      } else if (++idle > kStuckCycles) {
        throw std::runtime_error("ptxalu_top produced no result for " +
                                 std::to_string(kStuckCycles) + " cycles");
      }
      if (accepted) ++next;
      rising_edge();
    }
    top_->in_valid_i = 0;
    // The next run's first settle() applies this; only a waveform wants to show it now.
    if (fst_) settle();
  }

 private:
  void dump() {
    if constexpr (kTraced) {
      if (fst_) {
        fst_->dump(ctx_->time());
        ctx_->timeInc(1);
      }
    }
  }

  // Clock low, inputs applied: evaluate combinational logic.
  void settle() {
    ptxalu::verilated::settle(*top_);
    dump();
  }

  void rising_edge() {
    ptxalu::verilated::rising_edge(*top_);
    dump();
    ++cycles;
  }

  void drive(const Ctrl& ctrl, const Operands& ops) {
    ptxalu::verilated::drive_operation(*top_, ctrl, ops);
  }

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  std::unique_ptr<VerilatedFstC> fst_;  // only ever set in the traced build
};

using FastTop = Verilated<Vptxalu_top, false>;
using TracedTop = Verilated<Vptxalu_top_traced, true>;
using SmallTop = Verilated<Vptxalu_top_small, false>;

}  // namespace

struct RtlEngine::Impl {
  RtlConfig config = RtlConfig::Default;
  std::unique_ptr<Model> model;
};

RtlEngine::RtlEngine(RtlConfig config) : impl_(std::make_unique<Impl>()) {
  impl_->config = config;
  if (config == RtlConfig::Small) {
    impl_->model = std::make_unique<SmallTop>();
  } else {
    impl_->model = std::make_unique<FastTop>();
  }
}

RtlEngine::~RtlEngine() = default;

void RtlEngine::open_fst(const std::string& path) {
  if (impl_->config != RtlConfig::Default) {
    throw std::runtime_error("FST waveforms are built for the default configuration only");
  }
  auto* traced = dynamic_cast<TracedTop*>(impl_->model.get());
  if (traced == nullptr) {
    auto fresh = std::make_unique<TracedTop>();
    fresh->cycles = impl_->model->cycles;
    traced = fresh.get();
    impl_->model = std::move(fresh);
  }
  traced->open_fst(path);
}

RtlResult RtlEngine::execute(const Ctrl& ctrl, const Operands& ops) {
  const Insn insn{ctrl, ops};
  RtlResult result;
  impl_->model->run(&insn, 1, &result);
  return result;
}

std::vector<RtlResult> RtlEngine::execute_stream(const std::vector<Insn>& insns) {
  std::vector<RtlResult> results(insns.size());
  impl_->model->run(insns.data(), insns.size(), results.data());
  return results;
}

uint64_t RtlEngine::cycles() const { return impl_->model->cycles; }

}  // namespace ptxalu
