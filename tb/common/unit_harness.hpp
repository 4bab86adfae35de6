// What the unit testbenches share: the random source and readable failure messages (a control
// word as canonical PTX text by the front end's printer, operands in hex).
#pragma once

#include <cstdint>
#include <random>
#include <sstream>
#include <string>

#include "ctrl.hpp"
#include "instruction.hpp"
#include "model.hpp"

namespace ptxalu::tb {

class Rng {
 public:
  explicit Rng(uint64_t seed) : gen_(seed) {}
  uint64_t u64() { return gen_(); }
  uint32_t u32() { return static_cast<uint32_t>(gen_()); }
  // Uniform in [0, n).
  unsigned below(unsigned n) { return static_cast<unsigned>(gen_() % n); }
  bool coin() { return (gen_() & 1u) != 0; }
  // True with probability 1/n.
  bool one_in(unsigned n) { return below(n) == 0; }
  template <typename T, size_t N>
  T pick(const T (&items)[N]) {
    return items[below(static_cast<unsigned>(N))];
  }

 private:
  std::mt19937_64 gen_;
};

inline std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

// `vadd4.s32.s32.u32.sat d.b3210, a.b7654, b.b3210, c (word=0x...)`; an illegal word (which a
// generator should never draw) is shown by its bits only.
inline std::string describe(const Ctrl& c) {
  const std::string text = is_legal(c) ? frontend::print_instruction(c) : "illegal word";
  return text + " (word=" + hex(c.pack()) + ")";
}

inline std::string describe(const Operands& o) {
  return "a=" + hex(o.a) + " b=" + hex(o.b) + " c=" + hex(o.c) + " d=" + hex(o.d);
}

}  // namespace ptxalu::tb
