// What every random testbench reads from the environment: the seed (printed, so a failure
// reproduces with PTXALU_SEED=N) and the iteration count (PTXALU_ITERS).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>

namespace ptxalu::tb {

// PTXALU_SEED if set, else fresh; printed as `seed=N`.
inline uint64_t test_seed() {
  uint64_t seed = 0;
  if (const char* env = std::getenv("PTXALU_SEED"); env != nullptr && *env != '\0') {
    seed = std::strtoull(env, nullptr, 0);
  } else {
    std::random_device rd;
    seed = (uint64_t{rd()} << 32) | rd();
  }
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  std::fflush(stdout);
  return seed;
}

// PTXALU_ITERS replaces a test's default number of random iterations.
inline unsigned iterations(unsigned default_count) {
  if (const char* env = std::getenv("PTXALU_ITERS"); env != nullptr && *env != '\0') {
    return static_cast<unsigned>(std::strtoul(env, nullptr, 0));
  }
  return default_count;
}

}  // namespace ptxalu::tb
