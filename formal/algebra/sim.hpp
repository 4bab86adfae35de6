// Bit-parallel simulation of an AIG: 64 input patterns per pass, one per bit of a word.
#pragma once

#include <cstdint>
#include <vector>

#include "aig.hpp"

namespace ptxalu::algebra {

class Simulator {
 public:
  explicit Simulator(const Aig& aig);
  void set_input(uint32_t index, uint64_t patterns) { value_[index + 1] = patterns; }
  void reset_latches();  // every latch to its initial value (uninitialised ones to 0)
  void eval();           // AND gates from inputs and latches
  void step();           // latches take their next values (after eval)
  uint64_t lit(uint32_t literal) const {
    return (literal & 1) ? ~value_[literal >> 1] : value_[literal >> 1];
  }
  uint64_t output(size_t index) const { return lit(aig_.outputs[index]); }

 private:
  const Aig& aig_;
  std::vector<uint64_t> value_;  // by variable; [0] is constant 0
};

}  // namespace ptxalu::algebra
