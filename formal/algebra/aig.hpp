// An and-inverter graph as Yosys writes it (`write_aiger [-zinit] -map FILE`, binary AIGER
// 1.0/1.9 "aig" format), with the port names of the map file. See formal/algebra/README.md.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "user_error.hpp"

namespace ptxalu::algebra {

// Malformed input (file missing, bad header, bad map): one line for the user.
using AigError = UserError;

// Literal: 2*variable + complement. Variable 0 is constant false. Variables 1..I are inputs,
// I+1..I+L latches, then the AND gates in topological order (AIGER guarantees it).
struct Aig {
  uint32_t num_inputs = 0;
  uint32_t num_latches = 0;
  std::vector<uint32_t> latch_next;   // literal
  std::vector<uint32_t> latch_init;   // 0, 1, or the latch's own literal (uninitialised)
  std::vector<uint32_t> outputs;      // literal
  std::vector<uint32_t> and_lhs, and_rhs0, and_rhs1;  // gate k defines variable I+L+1+k

  uint32_t num_vars() const { return num_inputs + num_latches + uint32_t(and_lhs.size()); }
  uint32_t first_and_var() const { return num_inputs + num_latches + 1; }
};

// One named port of the map file: bit i of the word is AIGER input/output index[i].
struct Port {
  std::string name;
  std::vector<int> index;  // -1 where the map gives no bit (constant 0)
  unsigned width() const { return unsigned(index.size()); }
};

struct PortMap {
  std::vector<Port> inputs;
  std::vector<Port> outputs;
  std::vector<int> init_inputs;  // -zinit's extra inputs (initial values): held at 0
  const Port* input(const std::string& name) const;
  const Port* output(const std::string& name) const;
};

// How many inputs an input-support bit set (one bit per input, as Rewriter::support) holds.
inline size_t support_size(const std::vector<uint64_t>& support) {
  size_t n = 0;
  for (uint64_t w : support) n += size_t(std::popcount(w));
  return n;
}

Aig read_aiger(const std::string& path);
// A new gate appended to *aig, from its fan-ins' literals; its literal. The XOR is three ANDs.
uint32_t append_and(Aig* aig, uint32_t a, uint32_t b);
uint32_t append_xor(Aig* aig, uint32_t a, uint32_t b);
// Of literals that may each be one bit of a word whose top is gate v (word_lift.cpp's lift):
// drops those v reads, directly or not (a bit of v's word is computed beside v), and keeps
// those whose input support (support[u], a bit set of inputs) is widest: a sum, not a row's AND.
void keep_beside(const Aig& aig, uint32_t v, const std::vector<std::vector<uint64_t>>& support,
                 std::vector<uint32_t>* lits);
PortMap read_map(const std::string& path);

// Builders for tests: an AIG from gates added in order.
class AigBuilder {
 public:
  explicit AigBuilder(uint32_t inputs) { aig_.num_inputs = inputs; }
  static uint32_t input_lit(uint32_t i) { return 2 * (i + 1); }
  uint32_t and_gate(uint32_t a, uint32_t b);
  uint32_t or_gate(uint32_t a, uint32_t b) { return and_gate(a ^ 1, b ^ 1) ^ 1; }
  uint32_t xor_gate(uint32_t a, uint32_t b) {
    return or_gate(and_gate(a, b ^ 1), and_gate(a ^ 1, b));
  }
  void output(uint32_t lit) { aig_.outputs.push_back(lit); }
  const Aig& aig() const { return aig_; }

 private:
  Aig aig_;
};

}  // namespace ptxalu::algebra
