// The engines `ptxalu` runs an instruction on: the golden model, the verilated RTL, both
// side by side, or the model side by side with ptxalu_top on a board over a serial link.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ctrl.hpp"
#include "fpga_link.hpp"

namespace ptxalu::frontend {

enum class EngineKind { Model, Rtl, Both, Fpga };

// Whether this build links the RTL engine (ptxalu_rtl).
bool rtl_available();

struct Outcome {
  uint64_t value = 0;        // the result reported (the model's under `both`)
  bool agree = true;         // `both`, `fpga`: the RTL (on the board) matched the model and
                             // did not raise illegal_o
  uint64_t model_value = 0;  // `both`, `fpga`
  uint64_t rtl_value = 0;    // `rtl`, `both`, `fpga` (the board's result)
  bool rtl_illegal = false;  // `rtl`, `both`, `fpga`: illegal_o was raised
};

class Engines {
 public:
  // Precondition: kind == Model, or rtl_available() for Rtl and Both, or a port for Fpga.
  // Fpga opens the port: throws LinkError when it cannot.
  explicit Engines(EngineKind kind, const std::string& port = "");
  ~Engines();
  Engines(const Engines&) = delete;
  Engines& operator=(const Engines&) = delete;

  EngineKind kind() const { return kind_; }
  // Waveform of everything the RTL runs from now on; RTL engines only.
  void open_fst(const std::string& path);
  // Precondition: ctrl is legal. Fpga: throws LinkError when the link fails.
  Outcome execute(const Ctrl& ctrl, const Operands& ops);

 private:
  struct Rtl;
  EngineKind kind_;
  std::unique_ptr<Rtl> rtl_;
  std::unique_ptr<FpgaLink> fpga_;
};

}  // namespace ptxalu::frontend
