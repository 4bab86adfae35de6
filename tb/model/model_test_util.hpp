// Builders for control words as the PTX text spells them, a runner that insists the form is
// legal before executing it, and the hand cases written as PTX text in tb/model/cases/*.cases
// (the unit-test kit's format and reader, tb/units/unit_kit.hpp). Expected values in the tests
// are worked by hand from the pseudo-code (see the comment next to each); none is computed by
// the model.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "../units/unit_kit.hpp"
#include "ctrl.hpp"
#include "model.hpp"

namespace ptxalu::test {

// Scalar video `vop.dtype.atype.btype`: signedness of each type (true = .s32).
inline Ctrl scalar(Op op, bool d_signed, bool a_signed, bool b_signed) {
  Ctrl c;
  c.op = op;
  c.dsigned = d_signed;
  c.asigned = a_signed;
  c.bsigned = b_signed;
  return c;
}

// vset.atype.btype.cmp
inline Ctrl vset(bool a_signed, bool b_signed, Cmp cmp) {
  Ctrl c;
  c.op = Pkg::OpVset;
  c.asigned = a_signed;
  c.bsigned = b_signed;
  c.cmp = cmp;
  return c;
}

// vshl/vshr.dtype.atype.u32.mode
inline Ctrl vshift(Op op, bool d_signed, bool a_signed, bool wrap) {
  Ctrl c = scalar(op, d_signed, a_signed, false);
  c.wrap = wrap;
  return c;
}

// Default SIMD selectors and masks (CLARIFICATIONS, Operand selection).
inline constexpr uint16_t kB3210 = make_sel(3, 2, 1, 0);
inline constexpr uint16_t kB7654 = make_sel(7, 6, 5, 4);
inline constexpr uint16_t kH10 = make_sel(0, 0, 1, 0);
inline constexpr uint16_t kH32 = make_sel(0, 0, 3, 2);
// x2 selector `.hXY`: lane 1 <- X, lane 0 <- Y.
inline constexpr uint16_t h_sel(unsigned x, unsigned y) { return make_sel(0, 0, x, y); }

// vop4/vop2.dtype.atype.btype with the default selectors and every lane written (mask .b3210
// or .h10).
inline Ctrl simd(bool x4, Op op, bool d_signed, bool a_signed, bool b_signed) {
  Ctrl c = scalar(op, d_signed, a_signed, b_signed);
  c.asel = x4 ? kB3210 : kH10;
  c.bsel = x4 ? kB7654 : kH32;
  c.mask = x4 ? 0xf : 0x3;
  return c;
}
inline Ctrl simd4(Op op, bool d, bool a, bool b) { return simd(true, op, d, a, b); }
inline Ctrl simd2(Op op, bool d, bool a, bool b) { return simd(false, op, d, a, b); }

// vset2/vset4.atype.btype.cmp with defaults.
inline Ctrl simd_set(bool x4, bool a_signed, bool b_signed, Cmp cmp) {
  Ctrl c = simd(x4, x4 ? Pkg::OpVset4 : Pkg::OpVset2, false, a_signed, b_signed);
  c.cmp = cmp;
  return c;
}

// Integer `op.type`.
inline Ctrl integer(Op op, IType type) {
  Ctrl c;
  c.op = op;
  c.itype = type;
  return c;
}

// `op.half.type` (mul, mad, mul24, mad24).
inline Ctrl integer(Op op, Half half, IType type) {
  Ctrl c = integer(op, type);
  c.half = half;
  return c;
}

// dp4a/dp2a.atype.btype (dp2a also .lo/.hi).
inline Ctrl dot(Op op, bool a_signed, bool b_signed, Half half = Pkg::HalfNone) {
  Ctrl c = scalar(op, false, a_signed, b_signed);
  c.half = half;
  return c;
}

// c with one field set: with(c, &Ctrl::secop, Pkg::SecAdd).
template <typename F, typename V>
Ctrl with(Ctrl c, F Ctrl::*field, V value) {
  c.*field = static_cast<F>(value);
  return c;
}

inline Ctrl with_sat(Ctrl c) {
  c.sat = true;
  return c;
}

// Executes a form that must be legal; a failure names the packed word.
inline uint64_t run(const Ctrl& ctrl, uint64_t a, uint64_t b = 0, uint64_t c = 0, uint64_t d = 0) {
  EXPECT_TRUE(is_legal(ctrl)) << "ctrl=0x" << std::hex << ctrl.pack();
  return execute(ctrl, Operands{a, b, c, d});
}

// The hand cases of section [SECTION] of tb/model/cases/FILE.cases through the model: each row's
// PTX text parsed by the front end, executed, compared with the row's value.
inline void check_model_cases(std::string_view file, std::string_view section) {
  tb::check_ptx_cases(tb::hand_cases(file, section),
                      [](const Ctrl& c, const Operands& ops) { return execute(c, ops); });
}

}  // namespace ptxalu::test
