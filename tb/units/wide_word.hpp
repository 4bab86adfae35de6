// Bit fields of a Verilator wide port (VlWide: 32-bit words, word 0 lowest), for the tests that
// drive ports wider than 64 bits: the small units' request/response structs (unit_ports.hpp)
// and the 65-bit operands and 130-bit product of the wide multipliers (product65.hpp).
#pragma once

#include <cstdint>

namespace ptxalu::tb {

// `width` (at most 64) bits at `lsb` of `w`.
template <typename Wide>
uint64_t get_bits(const Wide& w, unsigned lsb, unsigned width) {
  uint64_t v = 0;
  for (unsigned i = 0; i < width; ++i) {
    const unsigned bit = lsb + i;
    v |= uint64_t{(w[bit / 32] >> (bit % 32)) & 1u} << i;
  }
  return v;
}

template <typename Wide>
void set_bits(Wide& w, unsigned lsb, unsigned width, uint64_t value) {
  for (unsigned i = 0; i < width; ++i) {
    const unsigned bit = lsb + i;
    const uint32_t m = uint32_t{1} << (bit % 32);
    w[bit / 32] = ((value >> i) & 1u) ? (w[bit / 32] | m) : (w[bit / 32] & ~m);
  }
}

}  // namespace ptxalu::tb
