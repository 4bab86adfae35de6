// Random legal instructions for testbenches, fuzzers and benchmarks.
//
// ctrl() draws an operation uniformly from all of them, then one of that operation's legal
// control words uniformly: a form of the instruction table (sim/isa/instructions.json, the
// contract doc/CANONICAL_FORMS.md), then selectors and mask uniformly over their legal values.
// The table is written independently of is_legal(), so tests can check one against the other.
// value() is corner-weighted: half of the draws are 0, +-1,
// all ones, lane MIN/MAX replicated over 8/16/32/64-bit lanes (or chosen lane by lane), or small
// counts for shifts, positions and lengths; the other half uniform.
//
// The generator is xoshiro256** seeded through splitmix64: the same seed gives the same
// sequence on every platform.
#pragma once

#include <cstdint>

#include "ctrl.hpp"

namespace ptxalu {

class RandomInsn {
 public:
  explicit RandomInsn(uint64_t seed);

  Ctrl ctrl();           // a legal control word of any operation
  Ctrl ctrl(Op op);      // a legal control word of `op` (op < NumOps)
  uint64_t value();      // a corner-weighted 64-bit operand
  Operands operands();   // four corner-weighted operands (consumers read the low bits they need)

  uint64_t next();               // 64 uniform bits
  uint64_t below(uint64_t n);    // uniform in [0, n), n > 0
  bool coin() { return (next() >> 63) != 0; }

 private:
  uint64_t s_[4];
};

// The seed a random test should use: $PTXALU_SEED if set (decimal or 0x hex), else `fallback`.
uint64_t seed_from_env(uint64_t fallback);

}  // namespace ptxalu
