// Random instruction forms and operands for the RTL testbenches.
//
// random_legal() draws a form of one op from the instruction table (sim/isa; not from the
// model's is_legal, so the tests can hold the two against each other), then its selectors and
// mask. Operands are weighted
// towards the corners (0, +-1, MIN, MAX of each width and lane) where arithmetic goes wrong.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "ctrl.hpp"

namespace ptxalu::tb {

using Rng = std::mt19937_64;

// Number of op values the package names (op_e members 0..NumOps-1).
inline constexpr unsigned kNumOps = Pkg::NumOps;

// A random legal control word of operation `op` (0 <= op < kNumOps).
Ctrl random_legal(Op op, Rng& rng);

// A random control word that is usually illegal: a legal one with one or two bits flipped, or
// raw random bits (op values 47..63 included).
uint64_t random_word(Rng& rng);

// Corner-weighted operands for `ctrl` (all four, full 64 bits: the RTL must ignore bits above
// each source's width).
Operands random_operands(const Ctrl& ctrl, Rng& rng);

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
