// The engines `ptxalu` runs an instruction on: the golden model, the verilated RTL, or both
// side by side.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ctrl.hpp"

namespace ptxalu::frontend {

enum class EngineKind { Model, Rtl, Both };

// Whether this build links the RTL engine (ptxalu_rtl).
bool rtl_available();

struct Outcome {
  uint64_t value = 0;        // the result reported (the model's under `both`)
  bool agree = true;         // `both`: the RTL matched the model and did not raise illegal_o
  uint64_t model_value = 0;  // `both` only
  uint64_t rtl_value = 0;    // `rtl`, `both`
  bool rtl_illegal = false;  // `rtl`, `both`: illegal_o was raised
};

class Engines {
 public:
  // Precondition: kind == Model or rtl_available().
  explicit Engines(EngineKind kind);
  ~Engines();
  Engines(const Engines&) = delete;
  Engines& operator=(const Engines&) = delete;

  EngineKind kind() const { return kind_; }
  // Waveform of everything the RTL runs from now on; RTL engines only.
  void open_fst(const std::string& path);
  // Precondition: ctrl is legal.
  Outcome execute(const Ctrl& ctrl, const Operands& ops);

 private:
  struct Rtl;
  EngineKind kind_;
  std::unique_ptr<Rtl> rtl_;
};

}  // namespace ptxalu::frontend
