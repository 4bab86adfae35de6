// What a random run reads from the environment, parsed in one place: the seed (PTXALU_SEED)
// and the number of operations or iterations (PTXALU_COUNT; PTXALU_ITERS is the older name the
// unit testbenches still accept).
#pragma once

#include <cstdint>
#include <optional>

namespace ptxalu {

// $NAME as an unsigned number (decimal, or hex with 0x); nothing when it is unset, empty or
// not a whole number.
std::optional<uint64_t> env_number(const char* name);

// $PTXALU_SEED if set, else a fresh random seed. Callers print the seed they use.
uint64_t seed_from_env_or_random();

// $PTXALU_SEED if set, else `fallback` (runs whose default must be reproducible).
uint64_t seed_from_env(uint64_t fallback);

// $PTXALU_COUNT if set, else $PTXALU_ITERS if set, else `fallback`.
uint64_t count_from_env(uint64_t fallback);

}  // namespace ptxalu
