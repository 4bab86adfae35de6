// Scalar video (PTX 9.7.18.1) against the spec's examples and hand-worked values.
#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

constexpr bool S = true;   // .s32
constexpr bool U = false;  // .u32

Ctrl sel(Ctrl c, Sel asel, Sel bsel) { return with(with(c, &Ctrl::asel, asel), &Ctrl::bsel, bsel); }
Ctrl secop(Ctrl c, SecOp op) { return with(c, &Ctrl::secop, op); }

// --- selectors ------------------------------------------------------------------------------

TEST(ScalarVideo, EverySelectorSignedAndUnsigned) {
  // a = 0xf1827304: b0 0x04 = 4, b1 0x73 = 115, b2 0x82 = 130 / -126, b3 0xf1 = 241 / -15,
  // h0 0x7304 = 29444, h1 0xf182 = 61826 / -3710 (61826 - 65536); word as is. b = 0.
  const uint32_t a = 0xf1827304;
  struct Case {
    Sel sel;
    uint32_t as_unsigned, as_signed;
  } cases[] = {
      {Pkg::SelNone, 0xf1827304, 0xf1827304}, {Pkg::SelB0, 4, 4},
      {Pkg::SelB1, 115, 115},                 {Pkg::SelB2, 130, 0xffffff82},
      {Pkg::SelB3, 241, 0xfffffff1},          {Pkg::SelH0, 29444, 29444},
      {Pkg::SelH1, 61826, 0xfffff182},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(static_cast<unsigned>(k.sel));
    // On a: vadd d, a.sel, 0.
    EXPECT_EQ(run(sel(scalar(Pkg::OpVadd, S, U, U), k.sel, Pkg::SelNone), a, 0), k.as_unsigned);
    EXPECT_EQ(run(sel(scalar(Pkg::OpVadd, S, S, U), k.sel, Pkg::SelNone), a, 0), k.as_signed);
    // On b: vadd d, 0, b.sel.
    EXPECT_EQ(run(sel(scalar(Pkg::OpVadd, S, U, U), Pkg::SelNone, k.sel), 0, a), k.as_unsigned);
    EXPECT_EQ(run(sel(scalar(Pkg::OpVadd, S, U, S), Pkg::SelNone, k.sel), 0, a), k.as_signed);
  }
}

// --- vset ---------------------------------------------------------------------------------

TEST(ScalarVideo, VsetSpecExamples) {
  // vset.s32.u32.lt r1, r2, r3: -1 < 0 -> 1. As .u32.u32: 4294967295 < 0 -> 0.
  EXPECT_EQ(run(vset(S, U, Pkg::CmpLt), 0xffffffff, 0), 1u);
  EXPECT_EQ(run(vset(U, U, Pkg::CmpLt), 0xffffffff, 0), 0u);
  // vset.u32.u32.ne r1, r2, r3.h1: 5 != 5 -> 0; 5 != 6 -> 1.
  Ctrl ne = vset(U, U, Pkg::CmpNe);
  ne.bsel = Pkg::SelH1;
  EXPECT_EQ(run(ne, 5, 0x00050000), 0u);
  EXPECT_EQ(run(ne, 5, 0x00060000), 1u);
}

TEST(ScalarVideo, VsetEveryCompare) {
  // a = -1, b = 1 (s32): eq 0, ne 1, lt 1, le 1, gt 0, ge 0. a = b = 7: eq 1 le 1 ge 1.
  const struct {
    Cmp cmp;
    uint32_t lt_case, eq_case;
  } cases[] = {{Pkg::CmpEq, 0, 1}, {Pkg::CmpNe, 1, 0}, {Pkg::CmpLt, 1, 0},
               {Pkg::CmpLe, 1, 1}, {Pkg::CmpGt, 0, 0}, {Pkg::CmpGe, 0, 1}};
  for (const auto& k : cases) {
    SCOPED_TRACE(static_cast<unsigned>(k.cmp));
    EXPECT_EQ(run(vset(S, S, k.cmp), 0xffffffff, 1), k.lt_case);
    EXPECT_EQ(run(vset(S, S, k.cmp), 7, 7), k.eq_case);
  }
}

// --- vshl / vshr (§8) ---------------------------------------------------------------------

TEST(ScalarVideo, VshrArithmeticAndLogical) {
  const Ctrl sra_clamp = vshift(Pkg::OpVshr, S, S, false);
  const Ctrl sra_wrap = vshift(Pkg::OpVshr, S, S, true);
  // -2^31 >> 4 = -2^27 = 0xf8000000; >> 32 = -1; shift 100 clamps to 32 -> -1,
  // wraps to 100 & 31 = 4 -> 0xf8000000.
  EXPECT_EQ(run(sra_clamp, 0x80000000, 4), 0xf8000000u);
  EXPECT_EQ(run(sra_clamp, 0x80000000, 32), 0xffffffffu);
  EXPECT_EQ(run(sra_clamp, 0x80000000, 100), 0xffffffffu);
  EXPECT_EQ(run(sra_wrap, 0x80000000, 100), 0xf8000000u);
  // Unsigned atype: 2^31 >> 4 = 2^27; >> 32 = 0 (also under a signed dtype).
  EXPECT_EQ(run(vshift(Pkg::OpVshr, U, U, false), 0x80000000, 4), 0x08000000u);
  EXPECT_EQ(run(vshift(Pkg::OpVshr, U, U, false), 0x80000000, 32), 0u);
  EXPECT_EQ(run(vshift(Pkg::OpVshr, S, U, false), 0x80000000, 4), 0x08000000u);
  // The shift amount comes through bsel (u32): b.h1 = 8 -> 0x100 >> 8 = 1; b.b0 = 0xff = 255
  // clamps to 32 -> 0.
  Ctrl by_h1 = vshift(Pkg::OpVshr, U, U, true);
  by_h1.bsel = Pkg::SelH1;
  EXPECT_EQ(run(by_h1, 0x100, 0x00080000), 1u);
  Ctrl by_b0 = vshift(Pkg::OpVshr, U, U, false);
  by_b0.bsel = Pkg::SelB0;
  EXPECT_EQ(run(by_b0, 0xffffffff, 0x000000ff), 0u);
  // Spec example vshr.u32.u32.u32.wrap r1, r2, r3.h1 with r3.h1 = 33 -> 33 & 31 = 1.
  EXPECT_EQ(run(by_h1, 0x80, 0x00210000), 0x40u);
  // Secondary op after a shift: (-16 >> 2) = -4, .add c = 10 -> 6.
  EXPECT_EQ(run(secop(sra_clamp, Pkg::SecAdd), 0xfffffff0, 2, 10), 6u);
}

// --- vmad (§9) ------------------------------------------------------------------------------

Ctrl vmad(bool d_signed, bool a_signed, bool b_signed) {
  return scalar(Pkg::OpVmad, d_signed, a_signed, b_signed);
}
Ctrl neg_prod(Ctrl c) { return with(c, &Ctrl::neg_prod, true); }
Ctrl neg_c(Ctrl c) { return with(c, &Ctrl::neg_c, true); }
Ctrl scaled(Ctrl c, Scale s) { return with(c, &Ctrl::scale, s); }

TEST(Vmad, PlainNegationsAndPo) {
  EXPECT_EQ(run(vmad(U, U, U), 3, 4, 5), 17u);  // 3*4 + 5
  // -(a*b) + c: ~12 + 5 + 1 = -13 + 6 = -7 = 0xfffffff9.
  EXPECT_EQ(run(neg_prod(vmad(S, S, S)), 3, 4, 5), 0xfffffff9u);
  // a*b - c (u32*u32 - u32, signed final): 12 + sext(~5) + 1 = 12 - 6 + 1 = 7.
  EXPECT_EQ(run(neg_c(vmad(S, U, U)), 3, 4, 5), 7u);
  // c is extended as s32 once the final is signed: c = 0xffffffff -> ~c = 0, 12 + 0 + 1 = 13
  // (that is 12 - (-1)).
  EXPECT_EQ(run(neg_c(vmad(S, U, U)), 3, 4, 0xffffffff), 13u);
  // .po: 3*4 + 5 + 1 = 18.
  EXPECT_EQ(run([] { Ctrl c = vmad(U, U, U); c.po = true; return c; }(), 3, 4, 5), 18u);
  // Signed product from selectors: a.b1 = sext(0xfe) = -2, b.h0 = 3 (u32), c = 1 -> -5.
  Ctrl c = vmad(S, S, U);
  c.asel = Pkg::SelB1;
  c.bsel = Pkg::SelH0;
  EXPECT_EQ(run(c, 0x0000fe00, 0xabcd0003, 1), 0xfffffffbu);
  // Unsigned final: (u32*u32)+u32 with c zero-extended: 1*1 + 0xffffffff = 2^32 -> 0.
  EXPECT_EQ(run(vmad(U, U, U), 1, 1, 0xffffffff), 0u);
}

TEST(Vmad, DtypeIsNotUsed) {
  // §9: -2 * 3 + 0 = -6 = 0xfffffffa, with .u32 or .s32 dtype, with or without .sat (the
  // final is signed because atype is .s32).
  EXPECT_EQ(run(vmad(U, S, S), 0xfffffffe, 3, 0), 0xfffffffau);
  EXPECT_EQ(run(vmad(S, S, S), 0xfffffffe, 3, 0), 0xfffffffau);
  EXPECT_EQ(run(with_sat(vmad(U, S, S)), 0xfffffffe, 3, 0), 0xfffffffau);
}

TEST(Vmad, Scale) {
  // shr7: 256*256 + 128 = 65664; >> 7 = 512 + 1 = 513 = 0x201.
  EXPECT_EQ(run(scaled(vmad(U, U, U), Pkg::ScaleShr7), 0x100, 0x100, 0x80), 0x201u);
  // Spec example vmad.s32.s32.s32.shr15 r0, r1.h0, r2.h0, r3: -32768 * -32768 = 2^30,
  // >> 15 = 2^15 = 0x8000.
  Ctrl h0 = scaled(vmad(S, S, S), Pkg::ScaleShr15);
  h0.asel = Pkg::SelH0;
  h0.bsel = Pkg::SelH0;
  EXPECT_EQ(run(h0, 0x00008000, 0x00008000, 0), 0x8000u);
  // -32768 * 32767 = -1073709056 = -32767 * 2^15 -> -32767 = 0xffff8001.
  EXPECT_EQ(run(h0, 0x00008000, 0x00007fff, 0), 0xffff8001u);
  // The shift floors: -1 * 1 + 0 = -1, >> 7 = -1 (sign-extended, signed final).
  EXPECT_EQ(run(scaled(vmad(S, S, S), Pkg::ScaleShr7), 0xffffffff, 1, 0), 0xffffffffu);
  // .po with shr7 (an average): (100 * 1) + 27 + 1 = 128, >> 7 = 1.
  Ctrl po = scaled(vmad(U, U, U), Pkg::ScaleShr7);
  po.po = true;
  EXPECT_EQ(run(po, 100, 1, 27), 1u);
  // Unsigned final shifts in zeros: 0xffffffff * 0xffffffff = 2^64 - 2^33 + 1, >> 15 =
  // 2^49 - 2^18 (the +1 drops), low 32 bits: -2^18 mod 2^32 = 0xfffc0000.
  EXPECT_EQ(run(scaled(vmad(U, U, U), Pkg::ScaleShr15), 0xffffffff, 0xffffffff, 0),
            0xfffc0000u);
}

TEST(Vmad, SaturateSignedAndUnsigned) {
  // Signed final: 65536 * 65536 = 2^32 -> S32_MAX; 65536 * -65536 = -2^32 -> S32_MIN.
  EXPECT_EQ(run(with_sat(vmad(S, S, S)), 0x10000, 0x10000, 0), 0x7fffffffu);
  EXPECT_EQ(run(with_sat(vmad(S, S, S)), 0x10000, 0xffff0000, 0), 0x80000000u);
  // Unsigned final: 2^32 -> U32_MAX; in range 2^31 stays (a signed clamp would give S32_MAX).
  EXPECT_EQ(run(with_sat(vmad(U, U, U)), 0x10000, 0x10000, 0), 0xffffffffu);
  EXPECT_EQ(run(with_sat(vmad(U, U, U)), 0x10000, 0x8000, 0), 0x80000000u);
  // a*b - c with a*b = 0, c = 1: signed final -1 -> stays -1 under .sat.
  EXPECT_EQ(run(with_sat(neg_c(vmad(U, U, U))), 0, 0, 1), 0xffffffffu);
  // -(u32*u32) with a = b = 0xffffffff: -(2^64 - 2^33 + 1); §9 reads the low 64 bits as
  // signed: 2^64 - (2^64 - 2^33 + 1) = 2^33 - 1 > S32_MAX -> 0x7fffffff. Without .sat the low
  // 32 bits of 2^33 - 1 are 0xffffffff.
  EXPECT_EQ(run(with_sat(neg_prod(vmad(S, U, U))), 0xffffffff, 0xffffffff, 0), 0x7fffffffu);
  EXPECT_EQ(run(neg_prod(vmad(S, U, U)), 0xffffffff, 0xffffffff, 0), 0xffffffffu);
  // Saturation after scaling: (2^31-1)^2 = 2^62 - 2^32 + 1, >> 15 = 2^47 - 2^17 -> S32_MAX.
  EXPECT_EQ(run(with_sat(scaled(vmad(S, S, S), Pkg::ScaleShr15)), 0x7fffffff, 0x7fffffff, 0),
            0x7fffffffu);
  // -(a*b) + c under .sat: -(3*4) + 2 = -10 stays.
  EXPECT_EQ(run(with_sat(neg_prod(vmad(S, S, S))), 3, 4, 2), 0xfffffff6u);
}

TEST(Vmad, SupportedCombinationsSignedness) {
  // The text's table of the twelve forms: only (u32*u32)+u32 has an unsigned final. .sat
  // shows the final's signedness. a = 0x10000, b = 0x8000 (product 2^31 under any type).
  //  - plain or "- c" with c = 0: 2^31; unsigned final keeps 0x80000000, signed clamps to
  //    0x7fffffff.
  //  - "-(a*b)" with c = -1 (0xffffffff, s32): -2^31 - 1, signed clamps to 0x80000000.
  const uint32_t a = 0x10000, b = 0x8000;
  struct Row {
    bool a_signed, b_signed, negate_product, negate_c;
    uint32_t c, expect;
  } rows[] = {
      {U, U, false, false, 0, 0x80000000},           // (u32 * u32) + u32: unsigned
      {U, U, true, false, 0xffffffff, 0x80000000},   // -(u32 * u32) + s32
      {U, U, false, true, 0, 0x7fffffff},            // (u32 * u32) - u32
      {U, S, false, false, 0, 0x7fffffff},           // (u32 * s32) + s32
      {U, S, true, false, 0xffffffff, 0x80000000},   // -(u32 * s32) + s32
      {U, S, false, true, 0, 0x7fffffff},            // (u32 * s32) - s32
      {S, U, false, false, 0, 0x7fffffff},           // (s32 * u32) + s32
      {S, U, true, false, 0xffffffff, 0x80000000},   // -(s32 * u32) + s32
      {S, U, false, true, 0, 0x7fffffff},            // (s32 * u32) - s32
      {S, S, false, false, 0, 0x7fffffff},           // (s32 * s32) + s32
      {S, S, true, false, 0xffffffff, 0x80000000},   // -(s32 * s32) + s32
      {S, S, false, true, 0, 0x7fffffff},            // (s32 * s32) - s32
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(testing::Message() << r.a_signed << r.b_signed << r.negate_product << r.negate_c);
    Ctrl c = with_sat(vmad(r.a_signed, r.a_signed, r.b_signed));
    c.neg_prod = r.negate_product;
    c.neg_c = r.negate_c;
    EXPECT_EQ(run(c, a, b, r.c), r.expect);
  }
}

TEST(ScalarVideo, IllegalWordExecutesToZero) {
  // Outside execute's precondition the model answers 0, as the RTL does with illegal_o.
  Ctrl both = scalar(Pkg::OpVadd, S, S, S);
  both.dsel = Pkg::SelB0;
  both.secop = Pkg::SecAdd;  // §10: rejected
  ASSERT_FALSE(is_legal(both));
  EXPECT_EQ(execute(both, Operands{1, 2, 3, 0}), 0u);
}

}  // namespace
}  // namespace ptxalu::test
