// What every random unit testbench reads from the environment (parsed by sim/common/env.hpp):
// the seed (printed, so a failure reproduces with PTXALU_SEED=N) and the iteration count
// (PTXALU_COUNT, or PTXALU_ITERS).
#pragma once

#include <cstdint>
#include <cstdio>

#include "env.hpp"

namespace ptxalu::tb {

// PTXALU_SEED if set, else fresh; printed as `seed=N`.
inline uint64_t test_seed() {
  const uint64_t seed = seed_from_env_or_random();
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  std::fflush(stdout);
  return seed;
}

// PTXALU_COUNT (or PTXALU_ITERS) replaces a test's default number of random iterations.
inline unsigned iterations(unsigned default_count) {
  return static_cast<unsigned>(count_from_env(default_count));
}

}  // namespace ptxalu::tb
