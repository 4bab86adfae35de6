#include "sim.hpp"

namespace ptxalu::algebra {

Simulator::Simulator(const Aig& aig) : aig_(aig), value_(aig.num_vars() + 1, 0) {}

void Simulator::reset_latches() {
  for (uint32_t k = 0; k < aig_.num_latches; ++k) {
    const uint32_t init = aig_.latch_init[k];
    value_[aig_.num_inputs + 1 + k] = init == 1 ? ~uint64_t{0} : 0;
  }
}

void Simulator::eval() {
  const uint32_t first = aig_.first_and_var();
  for (size_t k = 0; k < aig_.and_lhs.size(); ++k)
    value_[first + k] = lit(aig_.and_rhs0[k]) & lit(aig_.and_rhs1[k]);
}

void Simulator::step() {
  std::vector<uint64_t> next(aig_.num_latches);
  for (uint32_t k = 0; k < aig_.num_latches; ++k) next[k] = lit(aig_.latch_next[k]);
  for (uint32_t k = 0; k < aig_.num_latches; ++k) value_[aig_.num_inputs + 1 + k] = next[k];
}

}  // namespace ptxalu::algebra
