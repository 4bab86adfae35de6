// Input traces of a gold/gate pair AIG (the miter harness formal/scripts/ptxalu_equiv.py
// writes): stimulus generation, replay, and the counterexample as JSON, text and VCD.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "aig.hpp"

namespace ptxalu::algebra {

using Value = std::vector<uint64_t>;  // little-endian 64-bit limbs
using Step = std::map<std::string, Value>;
using Trace = std::vector<Step>;

std::string hex_of(const Value& value, unsigned width);
bool parse_hex(const std::string& text, unsigned width, Value* out);

struct StepResult {
  Step gold, gate;      // by the unit's output name (without gold_/gate_)
  bool checked = true;  // false while rst_ni is low (sequential pairs)
  bool differs = false;
};

// Simulates one trace (pattern 0) from the zero/initial state.
std::vector<StepResult> replay(const Aig& aig, const PortMap& map, const Trace& trace);

// Names of the unit's outputs (the pair map's gold_* ports).
std::vector<std::string> unit_outputs(const PortMap& map);

// Replay file: one line per step, `name=0xHEX` per input, in map order.
void write_replay(const std::string& path, const PortMap& map, const Trace& trace);
Trace read_replay(const std::string& path, const PortMap& map);

void write_vcd(const std::string& path, const PortMap& map, const Trace& trace,
               const std::vector<StepResult>& results);

// {"verdict": "differ", "steps": [...], "fail_step": k, "ptx": [...]} (ptx: the control
// word of each step as a PTX instruction when the unit has a ctrl_i port).
std::string cex_json(const PortMap& map, const Trace& trace,
                     const std::vector<StepResult>& results);

}  // namespace ptxalu::algebra
