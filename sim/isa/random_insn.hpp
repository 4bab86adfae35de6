// The one random instruction generator of ptxalu: tests, fuzzing, coverage, bench, the DPI and
// the Python module all draw their control words and operands from it.
//
// Control words come from the instruction table (sim/isa/instructions.json, the contract
// doc/CANONICAL_FORMS.md), not from the model's is_legal, so tests can hold the two against
// each other: ctrl() draws an operation uniformly, then one of its forms uniformly, then
// selectors and mask over the values their kind allows (uniformly, or with
// Selectors::NearDefaults half the time at the whole word and the front end's defaults).
// near_miss() and word() give words on and around the legality boundary.
//
// Operands are corner-weighted (value(), corner(), operands()): 0, +-1, -2, all ones, lane
// MIN/MAX of 8/16/32/64-bit lanes replicated or chosen lane by lane, 24-bit corners (mul24),
// single bits and the masks below them, small counts for shifts, positions and lengths (also
// with junk above bit 7); operands(ctrl) also fits the corners to the instruction's source
// width and keeps positions, lengths and shift amounts mostly in range.
//
// The generator is xoshiro256** seeded through splitmix64 (Blackman and Vigna, "Scrambled
// linear pseudorandom number generators", ACM TOMS 2021): the same seed gives the same
// sequence on every platform. It is a UniformRandomBitGenerator, so rng() gives 64 bits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "ctrl.hpp"

namespace ptxalu {

class RandomInsn {
 public:
  explicit RandomInsn(uint64_t seed);

  // How ctrl() draws asel, bsel and mask for the operations that have them.
  enum class Selectors {
    Uniform,       // every legal value equally likely: every legal word of an op equally likely
    NearDefaults,  // scalar: the whole word half the time; SIMD: the defaults a third of the
                   // time, every lane written half the time (where the front end puts them)
  };

  Ctrl ctrl();                                               // any operation
  Ctrl ctrl(Op op, Selectors s = Selectors::Uniform);        // a legal word of op (< NumOps)
  uint64_t near_miss(unsigned max_flips = 1);  // a legal word with 1..max_flips bits flipped
  uint64_t raw_word();                         // kCtrlWidth uniform bits (op values past NumOps)
  uint64_t word();  // usually illegal: raw_word() a quarter of the time, else near_miss(2)

  uint64_t value();               // a corner-weighted 64-bit operand
  uint64_t corner(unsigned bits);  // a corner of a `bits`-wide value (1..64) and of its lanes
  Operands operands();            // four value()s (consumers read the low bits they need)
  // Operands for `ctrl`: corners of its source width, with random bits above them half the
  // time (which the RTL must ignore); positions, lengths, shift amounts mostly in range;
  // divisors 0, 1 and -1 often.
  Operands operands(const Ctrl& ctrl);

  uint64_t next();                    // 64 uniform bits
  uint64_t below(uint64_t n);         // uniform in [0, n), n > 0
  bool coin() { return (next() >> 63) != 0; }
  bool one_in(uint64_t n) { return below(n) == 0; }  // probability 1/n
  template <typename T>
  T pick(std::initializer_list<T> items) {  // one of items, uniformly
    return items.begin()[below(items.size())];
  }
  template <typename T, size_t N>
  T pick(const T (&items)[N]) {
    return items[below(N)];
  }

  using result_type = uint64_t;  // UniformRandomBitGenerator
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() { return UINT64_MAX; }
  uint64_t operator()() { return next(); }

 private:
  uint64_t s_[4];
};

}  // namespace ptxalu
