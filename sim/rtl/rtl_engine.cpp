// RtlEngine: drives the verilated ptxalu_top. The only file that sees Verilator's port types.
//
// One clock cycle is two evaluations: with the clock low, apply this cycle's inputs and
// settle the combinational paths (in_ready_o depends on out_ready_i), sample both handshakes,
// then raise the clock. Sampling before the edge is what the RTL's own registers see.
#include "rtl_engine.hpp"

#include <stdexcept>

#include "Vptxalu_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace ptxalu {

namespace {
// Far above any latency of the top (the divider included): a result that takes longer means
// the pipeline is stuck, which is an error, not a wait.
constexpr uint64_t kStuckCycles = 10000;
constexpr int kResetCycles = 2;
}  // namespace

struct RtlEngine::Impl {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vptxalu_top> top;
  std::unique_ptr<VerilatedFstC> fst;
  uint64_t cycles = 0;

  Impl() : ctx(std::make_unique<VerilatedContext>()) {
    ctx->traceEverOn(true);
    top = std::make_unique<Vptxalu_top>(ctx.get(), "ptxalu_top");
    top->clk_i = 0;
    top->rst_ni = 0;
    top->in_valid_i = 0;
    top->out_ready_i = 0;
    for (int i = 0; i < kResetCycles; ++i) {
      settle();
      rising_edge();
    }
    top->rst_ni = 1;
  }

  ~Impl() {
    if (fst) fst->close();
    top->final();
  }

  void dump() {
    if (fst) fst->dump(ctx->time());
    ctx->timeInc(1);
  }

  // Clock low, inputs applied: evaluate combinational logic.
  void settle() {
    top->clk_i = 0;
    top->eval();
    if (fst) dump();
  }

  void rising_edge() {
    top->clk_i = 1;
    top->eval();
    if (fst) dump();
    ++cycles;
  }

  void drive(const Ctrl& ctrl, const Operands& ops) {
    top->ctrl_i = ctrl.pack();
    top->opa_i = ops.a;
    top->opb_i = ops.b;
    top->opc_i = ops.c;
    top->opd_i = ops.d;
  }

  RtlResult output() const { return RtlResult{top->result_o, top->illegal_o != 0}; }
};

RtlEngine::RtlEngine() : impl_(std::make_unique<Impl>()) {}
RtlEngine::~RtlEngine() = default;

void RtlEngine::open_fst(const std::string& path) {
  if (impl_->fst) impl_->fst->close();
  impl_->fst = std::make_unique<VerilatedFstC>();
  impl_->top->trace(impl_->fst.get(), 99);
  impl_->fst->open(path.c_str());
  if (!impl_->fst->isOpen()) {
    impl_->fst.reset();
    throw std::runtime_error("cannot write FST file " + path);
  }
}

RtlResult RtlEngine::execute(const Ctrl& ctrl, const Operands& ops) {
  std::vector<std::pair<Ctrl, Operands>> one{{ctrl, ops}};
  return execute_stream(one).front();
}

std::vector<RtlResult> RtlEngine::execute_stream(
    const std::vector<std::pair<Ctrl, Operands>>& insns) {
  Impl& m = *impl_;
  std::vector<RtlResult> results;
  results.reserve(insns.size());
  size_t next = 0;
  uint64_t idle = 0;
  m.top->out_ready_i = 1;
  while (results.size() < insns.size()) {
    const bool offering = next < insns.size();
    m.top->in_valid_i = offering;
    if (offering) m.drive(insns[next].first, insns[next].second);
    m.settle();
    const bool accepted = offering && m.top->in_ready_o;
    if (m.top->out_valid_o) {
      results.push_back(m.output());
      idle = 0;
    } else if (++idle > kStuckCycles) {
      throw std::runtime_error("ptxalu_top produced no result for " +
                               std::to_string(kStuckCycles) + " cycles");
    }
    if (accepted) ++next;
    m.rising_edge();
  }
  m.top->in_valid_i = 0;
  m.settle();
  return results;
}

uint64_t RtlEngine::cycles() const { return impl_->cycles; }

}  // namespace ptxalu
