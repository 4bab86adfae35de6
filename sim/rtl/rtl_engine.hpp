// The RTL engine: ptxalu_top verilated, behind one adapter so callers speak in Ctrl/Operands
// and never see Verilator's port types.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ctrl.hpp"

namespace ptxalu {

struct RtlResult {
  uint64_t value = 0;    // result_o, truncated to the destination width
  bool illegal = false;  // illegal_o
};

// Which configuration of ptxalu_top the engine runs (its Config parameter, ptxalu_pkg::Cfg*).
enum class RtlConfig { Default, Small };

class RtlEngine {
 public:
  explicit RtlEngine(RtlConfig config = RtlConfig::Default);
  ~RtlEngine();
  RtlEngine(const RtlEngine&) = delete;
  RtlEngine& operator=(const RtlEngine&) = delete;

  // Write an FST waveform of everything run from now on (GTKWave opens it). From here on the
  // engine runs the traced build of the top (FST tracing, unique X values), which is slower;
  // results and the cycle count carry on unchanged.
  // Only the default configuration has a traced build: a Small engine throws
  // std::runtime_error.
  void open_fst(const std::string& path);

  // One instruction through the pipeline: issue, clock until the result comes out.
  RtlResult execute(const Ctrl& ctrl, const Operands& ops);

  // A stream of instructions, issued back to back (one per cycle where the top accepts it);
  // results in issue order.
  std::vector<RtlResult> execute_stream(const std::vector<std::pair<Ctrl, Operands>>& insns);

  uint64_t cycles() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ptxalu
