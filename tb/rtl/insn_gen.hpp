// What the RTL testbenches share besides the generator: the random source (the one generator
// of sim/isa/random_insn.hpp: rng.ctrl(op, RandomInsn::Selectors::NearDefaults) for legal
// words, rng.word() for words around the legality boundary, rng.operands(ctrl) for
// corner-weighted operands), failure messages, and the seed and count of a run.
#pragma once

#include <cstdint>
#include <string>

#include "ctrl.hpp"
#include "random_insn.hpp"

namespace ptxalu::tb {

using Rng = RandomInsn;
inline constexpr RandomInsn::Selectors kNearDefaults = RandomInsn::Selectors::NearDefaults;

// Number of op values the package names (op_e members 0..NumOps-1).
inline constexpr unsigned kNumOps = Pkg::NumOps;

// "ctrl=0x... (op=.. itype=.. ...)" for failure messages.
std::string describe(const Ctrl& ctrl);
std::string describe(const Operands& ops);

// The base seed of a test run: env PTXALU_SEED if set, else a fresh random one.
uint64_t base_seed();
// Instruction count: env PTXALU_COUNT if set, else `fallback`.
uint64_t count_or(uint64_t fallback);
// Mixes a base seed with a test's own coordinates, so each test instance draws its own stream.
uint64_t mix_seed(uint64_t base, uint64_t a, uint64_t b = 0);

}  // namespace ptxalu::tb
