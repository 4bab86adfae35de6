// Helpers and per-family entry points shared by the golden model's source files. Not part of
// the public interface (model.hpp): the families assume a legal control word of their own ops.
#pragma once

#include <cstdint>

#include "ctrl.hpp"

namespace ptxalu::model {

// Wide integers so that no intermediate of any form can overflow: the widest is a 64x64-bit
// product (128 bits, computed modulo 2^128 in the unsigned type).
__extension__ using i128 = __int128;
__extension__ using u128 = unsigned __int128;

// All ones in the low `width` bits (width 0..64).
constexpr uint64_t low_mask(unsigned width) {
  return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}

// The low `width` bits of an exact value (two's complement), zero above.
constexpr uint64_t wrap_to(i128 value, unsigned width) {
  return static_cast<uint64_t>(static_cast<u128>(value)) & low_mask(width);
}

// The low `width` bits of `raw` (width 1..64) read as a signed or unsigned number.
constexpr i128 extend(uint64_t raw, unsigned width, bool is_signed) {
  const uint64_t bits = raw & low_mask(width);
  const bool negative = is_signed && ((bits >> (width - 1)) & 1u) != 0;
  if (!negative) return static_cast<i128>(bits);
  return static_cast<i128>(bits) - (static_cast<i128>(1) << width);
}

constexpr i128 clamp(i128 value, i128 lo, i128 hi) {
  return value < lo ? lo : (value > hi ? hi : value);
}

// Range of a `width`-bit number: signed [-2^(w-1), 2^(w-1)-1], unsigned [0, 2^w-1].
constexpr i128 min_of(unsigned width, bool is_signed) {
  return is_signed ? -(static_cast<i128>(1) << (width - 1)) : 0;
}
constexpr i128 max_of(unsigned width, bool is_signed) {
  return is_signed ? (static_cast<i128>(1) << (width - 1)) - 1 : (static_cast<i128>(1) << width) - 1;
}
constexpr i128 saturate(i128 value, unsigned width, bool is_signed) {
  return clamp(value, min_of(width, is_signed), max_of(width, is_signed));
}

constexpr bool bit_of(uint64_t value, unsigned pos) { return pos < 64 && ((value >> pos) & 1u) != 0; }

bool compare(i128 a, i128 b, Cmp cmp);

// Integer instruction types: operand width (x2 types are 32) and signedness.
unsigned type_width(IType t);
bool type_signed(IType t);
bool type_is_x2(IType t);

// Families. Each returns the destination value truncated to its width.
uint64_t scalar_video(const Ctrl& ctrl, uint32_t a, uint32_t b, uint32_t c);
uint64_t vmad(const Ctrl& ctrl, uint32_t a, uint32_t b, uint32_t c);
uint64_t simd_video(const Ctrl& ctrl, uint32_t a, uint32_t b, uint32_t c);
uint64_t integer_arith(const Ctrl& ctrl, const Operands& ops);  // add sub min max abs neg sad div rem
uint64_t multiply(const Ctrl& ctrl, const Operands& ops);       // mul mad mul24 mad24
uint64_t dot_product(const Ctrl& ctrl, uint32_t a, uint32_t b, uint32_t c);
uint64_t bit_manip(const Ctrl& ctrl, const Operands& ops);

// Op classes.
bool is_scalar_video(Op op);  // vadd .. vset except vmad
bool is_simd_x2(Op op);       // vadd2 .. vset2
bool is_simd_x4(Op op);       // vadd4 .. vset4

}  // namespace ptxalu::model
