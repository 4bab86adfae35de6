// Driver of the perf report's Verilator variants: ptxalu_top verilated with other options
// (or Yosys's Verilog translation of it), each built by `verilator --build` into its own
// executable with this main and the prefix Vtop_bench. It streams stim.bin (written by
// ptxalu_perf) back to back with the exact protocol of RtlEngine::execute_stream (inputs with
// the clock low, settle, sample both handshakes, rising edge), checks the first pass against
// the model's results in the file, repeats passes until min_seconds and prints one JSON object.
//
// usage: perf_variant STIM.bin [MIN_SECONDS [MAX_INSNS]] (MAX_INSNS: only the stream's prefix)
#include <time.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <memory>
#include <vector>

#include "Vtop_bench.h"
#include "verilated.h"
#include "../sim/common/verilated_clock.hpp"

namespace {

struct Record {
  uint64_t ctrl, a, b, c, d, expected;
};

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

class Driver {
 public:
  Driver() : ctx_(std::make_unique<VerilatedContext>()) {
    top_ = std::make_unique<Vtop_bench>(ctx_.get(), "ptxalu_top");
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->in_valid_i = 0;
    top_->out_ready_i = 0;
    for (int i = 0; i < 2; ++i) {
      settle();
      edge();
    }
    top_->rst_ni = 1;
  }
  ~Driver() { top_->final(); }

  // One pass over the stream; results into `out` (size of recs). Returns false if stuck.
  bool pass(const std::vector<Record>& recs, std::vector<uint64_t>* out) {
    size_t next = 0, got = 0;
    uint64_t idle = 0;
    top_->out_ready_i = 1;
    while (got < recs.size()) {
      const bool offering = next < recs.size();
      top_->in_valid_i = offering;
      if (offering) {
        const Record& r = recs[next];
        top_->ctrl_i = r.ctrl;
        top_->opa_i = r.a;
        top_->opb_i = r.b;
        top_->opc_i = r.c;
        top_->opd_i = r.d;
      }
      settle();
      const bool accepted = offering && top_->in_ready_o;
      if (top_->out_valid_o) {
        (*out)[got++] = top_->illegal_o ? ~uint64_t{0} : static_cast<uint64_t>(top_->result_o);
        idle = 0;
      } else if (++idle > 10000) {
        return false;
      }
      if (accepted) ++next;
      edge();
    }
    top_->in_valid_i = 0;
    settle();
    return true;
  }

  uint64_t cycles() const { return cycles_; }

 private:
  void settle() { ptxalu::verilated::settle(*top_); }
  void edge() {
    ptxalu::verilated::rising_edge(*top_);
    ++cycles_;
  }

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vtop_bench> top_;
  uint64_t cycles_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s STIM.bin [MIN_SECONDS [MAX_INSNS]]\n", argv[0]);
    return 2;
  }
  const double min_seconds = argc > 2 ? std::strtod(argv[2], nullptr) : 1.0;
  const size_t max_insns = argc > 3 ? std::strtoull(argv[3], nullptr, 0) : SIZE_MAX;
  std::vector<Record> recs;
  if (FILE* f = std::fopen(argv[1], "rb")) {
    Record r;
    while (recs.size() < max_insns && std::fread(&r, sizeof r, 1, f) == 1) recs.push_back(r);
    std::fclose(f);
  }
  if (recs.empty()) {
    std::fprintf(stderr, "no stimulus in %s\n", argv[1]);
    return 2;
  }

  Driver drv;
  std::vector<uint64_t> out(recs.size());
  const uint64_t c0 = drv.cycles();
  if (!drv.pass(recs, &out)) {
    std::fprintf(stderr, "ptxalu_top stuck\n");
    return 1;
  }
  const uint64_t cycles_per_pass = drv.cycles() - c0;
  uint64_t mismatches = 0;
  for (size_t i = 0; i < recs.size(); ++i) mismatches += out[i] != recs[i].expected;

  uint64_t ops = 0;
  double wall = 0;
  const auto start = std::chrono::steady_clock::now();
  const double cpu0 = cpu_seconds();
  do {
    if (!drv.pass(recs, &out)) return 1;
    ops += recs.size();
    wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (wall < min_seconds);
  const double cpu = cpu_seconds() - cpu0;

  std::printf("{\"ops\": %llu, \"seconds\": %.4f, \"cpu_seconds\": %.4f, \"ops_per_s\": %.6g, "
              "\"cpu_ops_per_s\": %.6g, \"cycles_per_insn\": %.4f, \"mismatches\": %llu}\n",
              static_cast<unsigned long long>(ops), wall, cpu, static_cast<double>(ops) / wall,
              static_cast<double>(ops) / cpu,
              static_cast<double>(cycles_per_pass) / static_cast<double>(recs.size()),
              static_cast<unsigned long long>(mismatches));
  return 0;
}
