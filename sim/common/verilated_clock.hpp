// Clocking a verilated ptxalu model, written once for the engine, the testbenches, the soak, the
// benchmark driver and the board simulation.
//
// Every design here is clocked on the rising edge of clk_i alone. A cycle is: inputs applied with
// the clock low and combinational logic settled (outputs of this cycle readable), then the rising
// edge. Header-only and free of project includes, so that `verilator --build` drivers
// (bench/stream_main.cpp) can use it too.
#pragma once

namespace ptxalu::verilated {

// Clock low, inputs applied: evaluate the combinational logic.
template <class Model>
void settle(Model& model) {
  model.clk_i = 0;
  model.eval();
}

template <class Model>
void rising_edge(Model& model) {
  model.clk_i = 1;
  model.eval();
}

// One cycle; `observe` reads the settled outputs (and the inputs about to be sampled) before the
// edge.
template <class Model, class Observe>
void cycle(Model& model, Observe&& observe) {
  settle(model);
  observe();
  rising_edge(model);
}

template <class Model>
void cycle(Model& model) {
  settle(model);
  rising_edge(model);
}

// Holds rst_ni low for `cycles` cycles, then releases it (synchronous active-low reset).
template <class Model>
void reset(Model& model, unsigned cycles) {
  model.rst_ni = 0;
  for (unsigned i = 0; i < cycles; ++i) cycle(model);
  model.rst_ni = 1;
}

// Drives ptxalu_top's operation inputs: the packed control word and the four sources.
template <class Model, class Ctrl, class Operands>
void drive_operation(Model& model, const Ctrl& ctrl, const Operands& ops) {
  model.ctrl_i = ctrl.pack();
  model.opa_i = ops.a;
  model.opb_i = ops.b;
  model.opc_i = ops.c;
  model.opd_i = ops.d;
}

}  // namespace ptxalu::verilated
