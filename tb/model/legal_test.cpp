// is_legal: the rejected forms of CLARIFICATIONS §5, §7, §8, §9, §10, §19 (doc/CANONICAL_FORMS.md),
// each next to its legal neighbour. Canonical form and signature: canonical_test.cpp.
#include <concepts>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "env.hpp"
#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

constexpr bool S = true;
constexpr bool U = false;

// Expects `legal` to be legal and `illegal` (the same form with one change) not.
void expect_rejected(const Ctrl& legal, const Ctrl& illegal) {
  EXPECT_TRUE(is_legal(legal)) << "neighbour 0x" << std::hex << legal.pack();
  EXPECT_FALSE(is_legal(illegal)) << "rejected 0x" << std::hex << illegal.pack();
}

// The same with the one change written as `change(word)`.
template <typename Change>
  requires std::invocable<Change, Ctrl&>
void expect_rejected(const Ctrl& legal, Change change) {
  Ctrl illegal = legal;
  change(illegal);
  expect_rejected(legal, illegal);
}

// --- §5: SIMD video ------------------------------------------------------------------------

TEST(Legal, Simd5SatWithAdd) {
  const Ctrl acc = [] { Ctrl c = simd4(Pkg::OpVadd4, S, S, S); c.secop = Pkg::SecAdd; return c; }();
  expect_rejected(acc, with_sat(acc));
  expect_rejected(with_sat(simd4(Pkg::OpVadd4, S, S, S)), with_sat(acc));
  const Ctrl acc2 = [] { Ctrl c = simd2(Pkg::OpVmin2, U, U, U); c.secop = Pkg::SecAdd; return c; }();
  expect_rejected(acc2, with_sat(acc2));
}

TEST(Legal, Simd5OnlyAddAsSecondaryOp) {
  // The text's `vset4.u32.u32.ne.max` is an error of the text.
  Ctrl add = simd_set(true, U, U, Pkg::CmpNe);
  add.secop = Pkg::SecAdd;
  for (SecOp bad : {Pkg::SecMin, Pkg::SecMax}) {
    expect_rejected(add, [&](Ctrl& w) { w.secop = bad; });
    Ctrl x2 = simd2(Pkg::OpVadd2, S, S, S);
    expect_rejected(x2, [&](Ctrl& w) { w.secop = bad; });
  }
}

TEST(Legal, Simd5Masks) {
  // x4: 1..15 legal, 0 not (the text's `.b00` has no encoding but 0 would be its nearest).
  for (uint8_t m = 1; m <= 15; ++m) {
    Ctrl c = simd4(Pkg::OpVsub4, S, S, S);
    c.mask = m;
    EXPECT_TRUE(is_legal(c)) << int(m);
  }
  Ctrl x4 = simd4(Pkg::OpVsub4, S, S, S);
  expect_rejected(x4, [&](Ctrl& w) { w.mask = 0; });
  // x2: .h0 .h1 .h10 = 1, 2, 3; 0 and 4..15 rejected.
  for (uint8_t m = 0; m <= 15; ++m) {
    Ctrl c = simd2(Pkg::OpVsub2, S, S, S);
    c.mask = m;
    EXPECT_EQ(is_legal(c), m >= 1 && m <= 3) << int(m);
  }
}

TEST(Legal, Simd5SelectorDigitsInRange) {
  // x2: `.h4` out of range: lane value 4..7 rejected, 0..3 legal; bits [11:6] must be zero.
  Ctrl ok = simd2(Pkg::OpVadd2, U, U, U);
  ok.asel = h_sel(3, 3);
  Ctrl bad = ok;
  bad.asel = h_sel(4, 0);
  expect_rejected(ok, bad);
  bad.asel = h_sel(0, 4);
  expect_rejected(ok, bad);
  bad = ok;
  bad.bsel = make_sel(0, 1, 0, 0);  // a third lane: a selector of the wrong length
  expect_rejected(ok, bad);
  // x4: every 12-bit selector is legal (digits 0..7); a value past 12 bits cannot be encoded.
  Ctrl x4 = simd4(Pkg::OpVadd4, U, U, U);
  x4.asel = make_sel(7, 7, 7, 7);
  expect_rejected(x4, [&](Ctrl& w) { w.asel = 0x1000; });
}

// --- §7: vset has no dtype and no .sat -------------------------------------------------------

TEST(Legal, Vset7) {
  const Ctrl ok = vset(S, U, Pkg::CmpLt);
  expect_rejected(ok, [&](Ctrl& w) { w.sat = true; });
  expect_rejected(ok, [&](Ctrl& w) { w.dsigned = true; });
  // Same for vset2/vset4.
  const Ctrl ok4 = simd_set(true, S, U, Pkg::CmpLt);
  expect_rejected(ok4, with_sat(ok4));
  Ctrl ok2_dsigned = simd_set(false, S, U, Pkg::CmpLt);
  ok2_dsigned.dsigned = true;
  expect_rejected(simd_set(false, S, U, Pkg::CmpLt), ok2_dsigned);
  // cmp 6 and 7 name nothing.
  for (unsigned v : {6u, 7u}) {
    expect_rejected(ok, [&](Ctrl& w) { w.cmp = static_cast<Cmp>(v); });
  }
}

// --- §8: vshl/vshr btype is .u32 -------------------------------------------------------------

TEST(Legal, Shift8) {
  for (Op op : {Pkg::OpVshl, Pkg::OpVshr}) {
    const Ctrl ok = vshift(op, S, S, true);
    expect_rejected(ok, [&](Ctrl& w) { w.bsigned = true; });
  }
  // .wrap belongs to the shifts only.
  Ctrl vadd = scalar(Pkg::OpVadd, S, S, S);
  expect_rejected(vadd, [&](Ctrl& w) { w.wrap = true; });
}

// --- §9: vmad -------------------------------------------------------------------------------

TEST(Legal, Vmad9) {
  const Ctrl plain = scalar(Pkg::OpVmad, S, S, U);
  Ctrl po = plain;
  po.po = true;
  Ctrl np = plain;
  np.neg_prod = true;
  Ctrl nc = plain;
  nc.neg_c = true;
  EXPECT_TRUE(is_legal(po));
  EXPECT_TRUE(is_legal(np));
  EXPECT_TRUE(is_legal(nc));
  expect_rejected(po, [&](Ctrl& w) { w.neg_prod = true; });  // .po with a negated product
  expect_rejected(po, [&](Ctrl& w) { w.neg_c = true; });  // .po with -c
  // The text's own `vmad.s32.s32.u32.sat r0, r1.b0, -r2.b1, -r3` negates both: rejected.
  Ctrl example = with_sat(np);
  example.asel = Pkg::SelB0;
  example.bsel = Pkg::SelB1;
  expect_rejected(example, [&](Ctrl& w) { w.neg_c = true; });
  // scale 3 names nothing; shr7 and shr15 are legal.
  Ctrl shr15 = plain;
  shr15.scale = Pkg::ScaleShr15;
  Ctrl scale3 = plain;
  scale3.scale = static_cast<Scale>(3);
  expect_rejected(shr15, scale3);
  // vmad has no secondary op, merge or cmp.
  expect_rejected(plain, [&](Ctrl& w) { w.secop = Pkg::SecAdd; });
  expect_rejected(plain, [&](Ctrl& w) { w.dsel = Pkg::SelB0; });
}

// --- §10: scalar video merge and secondary op ----------------------------------------------

TEST(Legal, ScalarVideo10) {
  Ctrl merge = scalar(Pkg::OpVabsdiff, S, S, S);
  merge.dsel = Pkg::SelH0;
  Ctrl secop = scalar(Pkg::OpVabsdiff, S, S, S);
  secop.secop = Pkg::SecMax;
  Ctrl both = merge;
  both.secop = Pkg::SecMax;
  expect_rejected(merge, both);
  expect_rejected(secop, both);
  // vset alike.
  Ctrl vset_merge = vset(U, U, Pkg::CmpEq);
  vset_merge.dsel = Pkg::SelB3;
  expect_rejected(vset_merge, [&](Ctrl& w) { w.secop = Pkg::SecAdd; });
  // Selector value 7 names nothing, for asel, bsel and dsel; asel[11:3] must be zero.
  const Ctrl ok = scalar(Pkg::OpVadd, S, S, S);
  expect_rejected(ok, [&](Ctrl& w) { w.asel = 7; });
  expect_rejected(ok, [&](Ctrl& w) { w.bsel = 7; });
  expect_rejected(ok, [&](Ctrl& w) { w.dsel = static_cast<Sel>(7); });
  expect_rejected(ok, [&](Ctrl& w) { w.asel = 1u << 3; });
  // A SIMD mask on a scalar op is not canonical.
  expect_rejected(ok, [&](Ctrl& w) { w.mask = 1; });
}

// --- §19 (and §14): integer modifiers --------------------------------------------------------

TEST(Legal, Integer19Sat) {
  const Ctrl add_sat = with_sat(integer(Pkg::OpAdd, Pkg::ItS32));
  EXPECT_TRUE(is_legal(add_sat));
  EXPECT_TRUE(is_legal(with_sat(integer(Pkg::OpSub, Pkg::ItS32))));
  for (IType t : {Pkg::ItU16, Pkg::ItU32, Pkg::ItU64, Pkg::ItS16, Pkg::ItS64, Pkg::ItU16x2,
                  Pkg::ItS16x2}) {
    expect_rejected(integer(Pkg::OpAdd, t), with_sat(integer(Pkg::OpAdd, t)));
  }
  expect_rejected(integer(Pkg::OpSub, Pkg::ItS64), with_sat(integer(Pkg::OpSub, Pkg::ItS64)));
  // mad ... .sat only as mad.hi.sat.s32.
  const Ctrl mad_hi = integer(Pkg::OpMad, Pkg::HalfHi, Pkg::ItS32);
  EXPECT_TRUE(is_legal(with_sat(mad_hi)));
  // mul has no .sat at all; §14: mad24.hi.sat.s32 only.
  EXPECT_TRUE(is_legal(with_sat(integer(Pkg::OpMad24, Pkg::HalfHi, Pkg::ItS32))));
  const Ctrl no_sat[] = {integer(Pkg::OpMad, Pkg::HalfLo, Pkg::ItS32),
                         integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItS32),
                         integer(Pkg::OpMad, Pkg::HalfHi, Pkg::ItU32),
                         integer(Pkg::OpMad, Pkg::HalfHi, Pkg::ItS64),
                         integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItS32),
                         integer(Pkg::OpMad24, Pkg::HalfLo, Pkg::ItS32),
                         integer(Pkg::OpMad24, Pkg::HalfHi, Pkg::ItU32),
                         integer(Pkg::OpMul24, Pkg::HalfHi, Pkg::ItS32)};
  for (const Ctrl& c : no_sat) expect_rejected(c, with_sat(c));
}

TEST(Legal, Integer19X2AndRelu) {
  // .u16x2/.s16x2 for add, min, max only.
  for (Op op : {Pkg::OpAdd, Pkg::OpMin, Pkg::OpMax}) {
    EXPECT_TRUE(is_legal(integer(op, Pkg::ItU16x2)));
    EXPECT_TRUE(is_legal(integer(op, Pkg::ItS16x2)));
  }
  expect_rejected(integer(Pkg::OpSub, Pkg::ItU32), integer(Pkg::OpSub, Pkg::ItU16x2));
  expect_rejected(integer(Pkg::OpSad, Pkg::ItS32), integer(Pkg::OpSad, Pkg::ItS16x2));
  expect_rejected(integer(Pkg::OpMul, Pkg::HalfLo, Pkg::ItU16),
                  integer(Pkg::OpMul, Pkg::HalfLo, Pkg::ItU16x2));
  // .relu for min/max on .s32 and .s16x2 only.
  for (Op op : {Pkg::OpMin, Pkg::OpMax}) {
    Ctrl ok = integer(op, Pkg::ItS32);
    ok.relu = true;
    EXPECT_TRUE(is_legal(ok));
    ok.itype = Pkg::ItS16x2;
    EXPECT_TRUE(is_legal(ok));
    for (IType t : {Pkg::ItU16, Pkg::ItU32, Pkg::ItU64, Pkg::ItS16, Pkg::ItS64, Pkg::ItU16x2}) {
      Ctrl bad = integer(op, t);
      bad.relu = true;
      expect_rejected(integer(op, t), bad);
    }
  }
  Ctrl add_relu = integer(Pkg::OpAdd, Pkg::ItS32);
  add_relu.relu = true;
  expect_rejected(integer(Pkg::OpAdd, Pkg::ItS32), add_relu);
}

TEST(Legal, Integer19Wide) {
  for (IType t : {Pkg::ItU16, Pkg::ItU32, Pkg::ItS16, Pkg::ItS32}) {
    EXPECT_TRUE(is_legal(integer(Pkg::OpMul, Pkg::HalfWide, t)));
    EXPECT_TRUE(is_legal(integer(Pkg::OpMad, Pkg::HalfWide, t)));
  }
  for (IType t : {Pkg::ItU64, Pkg::ItS64}) {
    expect_rejected(integer(Pkg::OpMul, Pkg::HalfHi, t), integer(Pkg::OpMul, Pkg::HalfWide, t));
    expect_rejected(integer(Pkg::OpMad, Pkg::HalfLo, t), integer(Pkg::OpMad, Pkg::HalfWide, t));
  }
  // mul24/mad24 have .lo/.hi only; mul needs a mode.
  expect_rejected(integer(Pkg::OpMul24, Pkg::HalfLo, Pkg::ItU32),
                  integer(Pkg::OpMul24, Pkg::HalfWide, Pkg::ItU32));
  expect_rejected(integer(Pkg::OpMul, Pkg::HalfLo, Pkg::ItU32),
                  integer(Pkg::OpMul, Pkg::HalfNone, Pkg::ItU32));
}

TEST(Legal, IntegerTypes) {
  // Types per op (doc/CANONICAL_FORMS.md "Integer arithmetic").
  expect_rejected(integer(Pkg::OpAbs, Pkg::ItS32), integer(Pkg::OpAbs, Pkg::ItU32));
  expect_rejected(integer(Pkg::OpNeg, Pkg::ItS16), integer(Pkg::OpNeg, Pkg::ItU16));
  expect_rejected(integer(Pkg::OpPopc, Pkg::ItB64), integer(Pkg::OpPopc, Pkg::ItU64));
  expect_rejected(integer(Pkg::OpBfind, Pkg::ItS64), integer(Pkg::OpBfind, Pkg::ItB64));
  expect_rejected(integer(Pkg::OpFns, Pkg::ItB32), integer(Pkg::OpFns, Pkg::ItB64));
  expect_rejected(integer(Pkg::OpBfe, Pkg::ItB32), integer(Pkg::OpBfe, Pkg::ItU16));
  expect_rejected(integer(Pkg::OpBfi, Pkg::ItB64), integer(Pkg::OpBfi, Pkg::ItU64));
  expect_rejected(integer(Pkg::OpBmsk, Pkg::ItB32), integer(Pkg::OpBmsk, Pkg::ItU32));
  expect_rejected(integer(Pkg::OpSzext, Pkg::ItS32), integer(Pkg::OpSzext, Pkg::ItS64));
  expect_rejected(integer(Pkg::OpDiv, Pkg::ItU16), integer(Pkg::OpDiv, Pkg::ItNone));
  expect_rejected(integer(Pkg::OpAdd, Pkg::ItU32), integer(Pkg::OpAdd, Pkg::ItB32));
  // Unnamed itype values 11..15.
  for (unsigned v = 11; v < 16; ++v) {
    expect_rejected(integer(Pkg::OpAdd, Pkg::ItU32), integer(Pkg::OpAdd, static_cast<IType>(v)));
  }
  // dp4a/dp2a: no itype; dp2a needs .lo/.hi, dp4a has none.
  expect_rejected(dot(Pkg::OpDp4a, S, U), [] { Ctrl c = dot(Pkg::OpDp4a, S, U); c.itype = Pkg::ItS32; return c; }());
  expect_rejected(dot(Pkg::OpDp2a, S, U, Pkg::HalfHi), dot(Pkg::OpDp2a, S, U));
  expect_rejected(dot(Pkg::OpDp4a, S, U), dot(Pkg::OpDp4a, S, U, Pkg::HalfLo));
  // Integer ops take no video signedness flags.
  Ctrl signed_add = integer(Pkg::OpAdd, Pkg::ItS32);
  signed_add.asigned = true;
  expect_rejected(integer(Pkg::OpAdd, Pkg::ItS32), signed_add);
}

TEST(Legal, OpRange) {
  // Op values >= 47 are illegal, whatever the other fields.
  for (unsigned op = Pkg::NumOps; op < 64; ++op) {
    Ctrl c;
    c.op = static_cast<Op>(op);
    EXPECT_FALSE(is_legal(c)) << op;
    c.itype = Pkg::ItU32;
    EXPECT_FALSE(is_legal(c)) << op;
  }
  // The all-zero word is `vadd.u32.u32.u32 d, a, b`: legal.
  EXPECT_TRUE(is_legal(Ctrl{}));
}

}  // namespace
}  // namespace ptxalu::test
