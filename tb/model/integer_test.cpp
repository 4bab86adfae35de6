// Integer arithmetic (PTX 9.7.1.1-13, 23-24) against hand-worked values.
#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

constexpr uint64_t kAll64 = 0xffffffffffffffffull;
constexpr uint64_t kMin64 = 0x8000000000000000ull;

Ctrl relu(Ctrl c) {
  c.relu = true;
  return c;
}

// --- add / sub ----------------------------------------------------------------------------

TEST(Integer, AddSubWrapAround) {
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItU16), 0xffff, 1), 0u);          // 2^16 -> 0
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItS16), 0x7fff, 1), 0x8000u);     // 32767 + 1
  EXPECT_EQ(run(integer(Pkg::OpSub, Pkg::ItU16), 0, 1), 0xffffu);          // -1 mod 2^16
  EXPECT_EQ(run(integer(Pkg::OpSub, Pkg::ItS16), 0x8000, 1), 0x7fffu);     // -32769 mod 2^16
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItU32), 0xffffffff, 1), 0u);
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItU64), kAll64, 1), 0u);          // 2^64 -> 0
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItS64), 0x7fffffffffffffffull, 1), kMin64);
  EXPECT_EQ(run(integer(Pkg::OpSub, Pkg::ItU64), 0, 1), kAll64);
  EXPECT_EQ(run(integer(Pkg::OpSub, Pkg::ItS64), kMin64, 1), 0x7fffffffffffffffull);
  // Sources are read in their low bits only: 0x1_00000005 as .u32 is 5; 5 + 1 = 6.
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItU32), 0x100000005ull, 1), 6u);
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItU16), 0xabcd0003ull, 0x12340004ull), 7u);
  // Spec example add.sat.s32 c, c, 1 in range: -5 + 3 = -2.
  EXPECT_EQ(run(with_sat(integer(Pkg::OpAdd, Pkg::ItS32)), 0xfffffffb, 3), 0xfffffffeu);
}

TEST(Integer, AddSubSatS32BothBounds) {
  const Ctrl add = with_sat(integer(Pkg::OpAdd, Pkg::ItS32));
  const Ctrl sub = with_sat(integer(Pkg::OpSub, Pkg::ItS32));
  EXPECT_EQ(run(add, 0x7fffffff, 1), 0x7fffffffu);           // 2^31 -> MAXINT
  EXPECT_EQ(run(add, 0x80000000, 0xffffffff), 0x80000000u);  // -2^31 - 1 -> MININT
  EXPECT_EQ(run(add, 0x7fffffff, 0x7fffffff), 0x7fffffffu);  // 2^32 - 2 -> MAXINT
  EXPECT_EQ(run(sub, 0x80000000, 1), 0x80000000u);           // -2^31 - 1 -> MININT
  EXPECT_EQ(run(sub, 0x7fffffff, 0xffffffff), 0x7fffffffu);  // 2^31 - 1 + 1 -> MAXINT
  // Without .sat both wrap.
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItS32), 0x7fffffff, 1), 0x80000000u);
  EXPECT_EQ(run(integer(Pkg::OpSub, Pkg::ItS32), 0x80000000, 1), 0x7fffffffu);
}

TEST(Integer, AddX2) {
  // Each half on its own: lane 1 0xffff + 1 = 0x10000 -> 0x0000 (no carry), lane 0 1 + 1 = 2.
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItU16x2), 0xffff0001, 0x00010001), 0x00000002u);
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItS16x2), 0xffff0001, 0x00010001), 0x00000002u);
  // lane 0 carries nothing into lane 1: 0x0000ffff + 0x00000001 -> 0x00000000.
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItU16x2), 0x0000ffff, 0x00000001), 0x00000000u);
  // s16x2: 0x7fff + 1 = 0x8000 per lane (wraps).
  EXPECT_EQ(run(integer(Pkg::OpAdd, Pkg::ItS16x2), 0x7fff7fff, 0x00010001), 0x80008000u);
}

// --- min / max ----------------------------------------------------------------------------

TEST(Integer, MinMaxScalar) {
  // a = 0xffffffff, b = 1: signed -1 vs 1, unsigned 4294967295 vs 1.
  EXPECT_EQ(run(integer(Pkg::OpMin, Pkg::ItS32), 0xffffffff, 1), 0xffffffffu);
  EXPECT_EQ(run(integer(Pkg::OpMin, Pkg::ItU32), 0xffffffff, 1), 1u);
  EXPECT_EQ(run(integer(Pkg::OpMax, Pkg::ItS32), 0xffffffff, 1), 1u);
  EXPECT_EQ(run(integer(Pkg::OpMax, Pkg::ItU32), 0xffffffff, 1), 0xffffffffu);
  EXPECT_EQ(run(integer(Pkg::OpMin, Pkg::ItS16), 0x8000, 0x7fff), 0x8000u);
  EXPECT_EQ(run(integer(Pkg::OpMin, Pkg::ItU16), 0x8000, 0x7fff), 0x7fffu);
  EXPECT_EQ(run(integer(Pkg::OpMin, Pkg::ItS64), kMin64, 1), kMin64);
  EXPECT_EQ(run(integer(Pkg::OpMax, Pkg::ItU64), kMin64, 1), kMin64);
  EXPECT_EQ(run(integer(Pkg::OpMax, Pkg::ItS64), kMin64, 1), 1u);
  // Spec example max.s32 q, q, 0 on q = -7 -> 0.
  EXPECT_EQ(run(integer(Pkg::OpMax, Pkg::ItS32), 0xfffffff9, 0), 0u);
}

TEST(Integer, MinMaxX2AndRelu) {
  // a = 0x8000_0001, b = 0x0001_8000.
  // u16x2: lane 1 min(0x8000, 1) = 1, lane 0 min(1, 0x8000) = 1 -> 0x00010001.
  // s16x2: lane 1 min(-32768, 1) = 0x8000, lane 0 min(1, -32768) = 0x8000 -> 0x80008000.
  EXPECT_EQ(run(integer(Pkg::OpMin, Pkg::ItU16x2), 0x80000001, 0x00018000), 0x00010001u);
  EXPECT_EQ(run(integer(Pkg::OpMin, Pkg::ItS16x2), 0x80000001, 0x00018000), 0x80008000u);
  EXPECT_EQ(run(integer(Pkg::OpMax, Pkg::ItU16x2), 0x80000001, 0x00018000), 0x80008000u);
  EXPECT_EQ(run(integer(Pkg::OpMax, Pkg::ItS16x2), 0x80000001, 0x00018000), 0x00010001u);
  // min.relu.s16x2: both lanes -32768 -> 0.
  EXPECT_EQ(run(relu(integer(Pkg::OpMin, Pkg::ItS16x2)), 0x80000001, 0x00018000), 0u);
  // max.relu.s16x2 t, t, u: lane 1 max(-2, -1) = -1 -> 0; lane 0 max(5, 3) = 5 -> 0x00000005.
  EXPECT_EQ(run(relu(integer(Pkg::OpMax, Pkg::ItS16x2)), 0xfffe0005, 0xffff0003), 0x00000005u);
  // .relu.s32: min(-5, 3) = -5 -> 0; max(-5, -3) = -3 -> 0; max(7, 3) = 7.
  EXPECT_EQ(run(relu(integer(Pkg::OpMin, Pkg::ItS32)), 0xfffffffb, 3), 0u);
  EXPECT_EQ(run(relu(integer(Pkg::OpMax, Pkg::ItS32)), 0xfffffffb, 0xfffffffd), 0u);
  EXPECT_EQ(run(relu(integer(Pkg::OpMax, Pkg::ItS32)), 7, 3), 7u);
  EXPECT_EQ(run(relu(integer(Pkg::OpMin, Pkg::ItS32)), 7, 3), 3u);
}

// --- mul / mad ----------------------------------------------------------------------------

TEST(Integer, Mul16) {
  // -1 * 2 = -2: wide.s16 -> 0xfffffffe (32 bits), lo.s16 -> 0xfffe, hi.s16 -> 0xffff.
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfWide, Pkg::ItS16), 0xffff, 2), 0xfffffffeu);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfLo, Pkg::ItS16), 0xffff, 2), 0xfffeu);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItS16), 0xffff, 2), 0xffffu);
  // 65535 * 2 = 0x1fffe: wide.u16 -> 0x1fffe, hi.u16 -> 1.
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfWide, Pkg::ItU16), 0xffff, 2), 0x1fffeu);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItU16), 0xffff, 2), 1u);
}

TEST(Integer, Mul32And64) {
  // Spec example mul.wide.s32: -2^31 * 2 = -2^32 = 0xffffffff00000000; .u32: 2^32.
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfWide, Pkg::ItS32), 0x80000000, 2),
            0xffffffff00000000ull);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfWide, Pkg::ItU32), 0x80000000, 2), 0x100000000ull);
  // 2^31 * 4 = 2^33: hi.u32 = 2, lo.u32 = 0. hi.s32: -2^31 * 4 = -2^33 -> hi = -2.
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItU32), 0x80000000, 4), 2u);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfLo, Pkg::ItU32), 0x80000000, 4), 0u);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItS32), 0x80000000, 4), 0xfffffffeu);
  // (2^64-1)^2 = 2^128 - 2^65 + 1: hi.u64 = 2^64 - 2, lo = 1.
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItU64), kAll64, kAll64), 0xfffffffffffffffeull);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfLo, Pkg::ItU64), kAll64, kAll64), 1u);
  // hi.s64: -1 * -1 = 1 -> hi 0; -2^63 * 2 = -2^64 -> hi -1; -2^63 * -2^63 = 2^126 -> hi 2^62.
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItS64), kAll64, kAll64), 0u);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItS64), kMin64, 2), kAll64);
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItS64), kMin64, kMin64), 0x4000000000000000ull);
  // lo.u64: 2^32 * 2^32 = 2^64 -> 0.
  EXPECT_EQ(run(integer(Pkg::OpMul, Pkg::HalfLo, Pkg::ItU64), 0x100000000ull, 0x100000000ull), 0u);
}

TEST(Integer, Mad) {
  // mad.lo.s32: 3 * -4 + 20 = 8.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfLo, Pkg::ItS32), 3, 0xfffffffc, 20), 8u);
  // mad.lo.u16: 0xffff^2 = 0xfffe0001, lo 0x0001, + 0xffff = 0x10000 -> 0.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfLo, Pkg::ItU16), 0xffff, 0xffff, 0xffff), 0u);
  // mad.hi.u32: hi(2^31 * 4) = 2, + 0xffffffff = 2^32 + 1 -> 1.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfHi, Pkg::ItU32), 0x80000000, 4, 0xffffffff), 1u);
  // mad.hi.s64: hi(-2^63 * 2) = -1, + 1 = 0.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfHi, Pkg::ItS64), kMin64, 2, 1), 0u);
}

TEST(Integer, MadHiSatS32) {
  const Ctrl sat = with_sat(integer(Pkg::OpMad, Pkg::HalfHi, Pkg::ItS32));
  // hi(2^30 * 2^30) = hi(2^60) = 2^28; + 0x7fffffff > MAXINT -> 0x7fffffff.
  EXPECT_EQ(run(sat, 0x40000000, 0x40000000, 0x7fffffff), 0x7fffffffu);
  // hi(2^30 * -2^30) = -2^28; + -2^31 < MININT -> 0x80000000.
  EXPECT_EQ(run(sat, 0x40000000, 0xc0000000, 0x80000000), 0x80000000u);
  // In range: 2^28 - 5 = 0x0ffffffb.
  EXPECT_EQ(run(sat, 0x40000000, 0x40000000, 0xfffffffb), 0x0ffffffbu);
  // Without .sat the first case wraps: 2^28 + 2^31 - 1 = 0x8fffffff.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfHi, Pkg::ItS32), 0x40000000, 0x40000000, 0x7fffffff),
            0x8fffffffu);
}

TEST(Integer, MadWide) {
  // §15. mad.wide.s32: -1 * 1 = -1 (64 bits) + c 2^32 = 2^32 - 1 = 0x00000000ffffffff.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItS32), 0xffffffff, 1, 0x100000000ull),
            0xffffffffull);
  // mad.wide.u32: 0xffffffff * 1 + 1 = 2^32.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItU32), 0xffffffff, 1, 1), 0x100000000ull);
  // c is 64 bits wide and signed: 3 * 4 + (-2) = 10.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItS32), 3, 4, 0xfffffffffffffffeull), 10u);
  // mad.wide.s16: c is 32 bits (bits above ignored): 3 * 4 + (-2) = 10; -32768 * 2 = -65536 =
  // 0xffff0000, + 0x00010000 = 0.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItS16), 3, 4, 0xdeadbeeffffffffeull), 10u);
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItS16), 0x8000, 2, 0x00010000), 0u);
  // mad.wide.u16: 0xffff * 0xffff + 0xffffffff = 0xfffe0001 + 0xffffffff = 0x1fffe0000 -> 32
  // bits 0xfffe0000.
  EXPECT_EQ(run(integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItU16), 0xffff, 0xffff, 0xffffffff),
            0xfffe0000u);
}

// --- mul24 / mad24 (§14) ------------------------------------------------------------------

TEST(Integer, Mul24) {
  // .lo.s32: bit 23 is the sign: 0x800000 = -2^23, * 2 = -2^24 -> 0xff000000; .u32: 2^24.
  EXPECT_EQ(run(integer(Pkg::OpMul24, Pkg::HalfLo, Pkg::ItS32), 0x00800000, 2), 0xff000000u);
  EXPECT_EQ(run(integer(Pkg::OpMul24, Pkg::HalfLo, Pkg::ItU32), 0x00800000, 2), 0x01000000u);
  // Bits above 23 are ignored: 0xff000003 -> 3; 3 * 5 = 15.
  EXPECT_EQ(run(integer(Pkg::OpMul24, Pkg::HalfLo, Pkg::ItS32), 0xff000003, 5), 15u);
  // .hi.s32: -2^23 * -2^23 = 2^46, bits 47..16 = 2^30; -2^23 * 1 = -2^23, bits 47..16 = -128
  // = 0xffffff80 (sign kept).
  EXPECT_EQ(run(integer(Pkg::OpMul24, Pkg::HalfHi, Pkg::ItS32), 0x00800000, 0x00800000), 0x40000000u);
  EXPECT_EQ(run(integer(Pkg::OpMul24, Pkg::HalfHi, Pkg::ItS32), 0x00800000, 1), 0xffffff80u);
  // .hi.u32: 2^23 * 1 >> 16 = 128; (2^24-1)^2 = 2^48 - 2^25 + 1 >> 16 = 2^32 - 2^9 = 0xfffffe00.
  EXPECT_EQ(run(integer(Pkg::OpMul24, Pkg::HalfHi, Pkg::ItU32), 0x00800000, 1), 0x80u);
  EXPECT_EQ(run(integer(Pkg::OpMul24, Pkg::HalfHi, Pkg::ItU32), 0x00ffffff, 0x00ffffff), 0xfffffe00u);
  // .hi.s32: -1 * 1 = -1 -> bits 47..16 all ones.
  EXPECT_EQ(run(integer(Pkg::OpMul24, Pkg::HalfHi, Pkg::ItS32), 0x00ffffff, 1), 0xffffffffu);
}

TEST(Integer, Mad24) {
  // .lo.u32: 3 * 4 + 0xffffffff = 2^32 + 11 -> 11.
  EXPECT_EQ(run(integer(Pkg::OpMad24, Pkg::HalfLo, Pkg::ItU32), 3, 4, 0xffffffff), 11u);
  const Ctrl sat = with_sat(integer(Pkg::OpMad24, Pkg::HalfHi, Pkg::ItS32));
  // (2^23-1)^2 = 2^46 - 2^24 + 1, bits 47..16 = 2^30 - 2^8 = 0x3fffff00; + 0x7fffffff > MAXINT.
  EXPECT_EQ(run(sat, 0x007fffff, 0x007fffff, 0x7fffffff), 0x7fffffffu);
  // -2^23 * (2^23-1) = -2^46 + 2^23, bits 47..16 = -2^30 + 2^7; + -2^31 < MININT.
  EXPECT_EQ(run(sat, 0x00800000, 0x007fffff, 0x80000000), 0x80000000u);
  // In range: 0x3fffff00 + 0xff = 0x3fffffff.
  EXPECT_EQ(run(sat, 0x007fffff, 0x007fffff, 0xff), 0x3fffffffu);
  // Without .sat: 0x3fffff00 + 0x7fffffff = 0xbffffeff.
  EXPECT_EQ(run(integer(Pkg::OpMad24, Pkg::HalfHi, Pkg::ItS32), 0x007fffff, 0x007fffff, 0x7fffffff),
            0xbffffeffu);
}

// --- sad (§16) ----------------------------------------------------------------------------

TEST(Integer, Sad) {
  EXPECT_EQ(run(integer(Pkg::OpSad, Pkg::ItS32), 0xfffffffd, 5, 10), 18u);  // |-3-5| + 10
  // .u32: a = 0xfffffffd > 5: 0xfffffff8 + 10 = 2^32 + 2 -> 2.
  EXPECT_EQ(run(integer(Pkg::OpSad, Pkg::ItU32), 0xfffffffd, 5, 10), 2u);
  // .u16: |0 - 0xffff| + 1 = 0x10000 -> 0; .s16: |0 - (-1)| + 1 = 2.
  EXPECT_EQ(run(integer(Pkg::OpSad, Pkg::ItU16), 0, 0xffff, 1), 0u);
  EXPECT_EQ(run(integer(Pkg::OpSad, Pkg::ItS16), 0, 0xffff, 1), 2u);
  // .s64: |MIN - 1| = 2^63 + 1, + 0 -> 0x8000000000000001; .u64 |0 - MAX| + 1 = 2^64 -> 0.
  EXPECT_EQ(run(integer(Pkg::OpSad, Pkg::ItS64), kMin64, 1, 0), 0x8000000000000001ull);
  EXPECT_EQ(run(integer(Pkg::OpSad, Pkg::ItU64), 0, kAll64, 1), 0u);
}

// --- div / rem (§11, §12) -----------------------------------------------------------------

TEST(Integer, DivRemSigns) {
  EXPECT_EQ(run(integer(Pkg::OpDiv, Pkg::ItS32), 0xfffffff9, 2), 0xfffffffdu);  // -7/2 = -3
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItS32), 0xfffffff9, 2), 0xffffffffu);  // -7%2 = -1
  EXPECT_EQ(run(integer(Pkg::OpDiv, Pkg::ItS32), 7, 0xfffffffe), 0xfffffffdu);  // 7/-2 = -3
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItS32), 7, 0xfffffffe), 1u);           // 7%-2 = 1
  EXPECT_EQ(run(integer(Pkg::OpDiv, Pkg::ItU32), 0xfffffff9, 2), 0x7ffffffcu);  // 4294967289/2
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItU32), 0xfffffff9, 2), 1u);
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItS16), 0xfff9, 3), 0xffffu);          // -7%3 = -1
  EXPECT_EQ(run(integer(Pkg::OpDiv, Pkg::ItU64), kAll64, 3), 0x5555555555555555ull);
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItS64), kAll64 - 6, 4), kAll64 - 2);   // -7%4 = -3
  // Spec example rem.s32 x, x, 8 with x = 29: 5.
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItS32), 29, 8), 5u);
}

TEST(Integer, DivRemByZeroAllOnes) {
  // §11: all ones in the operation's width, signed and unsigned alike.
  for (Op op : {Pkg::OpDiv, Pkg::OpRem}) {
    EXPECT_EQ(run(integer(op, Pkg::ItU16), 1234, 0), 0xffffu);
    EXPECT_EQ(run(integer(op, Pkg::ItS16), 0x8000, 0), 0xffffu);
    EXPECT_EQ(run(integer(op, Pkg::ItU32), 0, 0), 0xffffffffu);
    EXPECT_EQ(run(integer(op, Pkg::ItS32), 0xfffffff9, 0), 0xffffffffu);
    EXPECT_EQ(run(integer(op, Pkg::ItU64), 5, 0), kAll64);
    EXPECT_EQ(run(integer(op, Pkg::ItS64), kMin64, 0), kAll64);
    // Zero in the low bits only counts: b = 0x10000 as .u16 is 0.
    EXPECT_EQ(run(integer(op, Pkg::ItU16), 7, 0x10000), 0xffffu);
  }
}

TEST(Integer, DivRemMinByMinusOne) {
  // §12: MIN / -1 = MIN, MIN % -1 = 0.
  EXPECT_EQ(run(integer(Pkg::OpDiv, Pkg::ItS16), 0x8000, 0xffff), 0x8000u);
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItS16), 0x8000, 0xffff), 0u);
  EXPECT_EQ(run(integer(Pkg::OpDiv, Pkg::ItS32), 0x80000000, 0xffffffff), 0x80000000u);
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItS32), 0x80000000, 0xffffffff), 0u);
  EXPECT_EQ(run(integer(Pkg::OpDiv, Pkg::ItS64), kMin64, kAll64), kMin64);
  EXPECT_EQ(run(integer(Pkg::OpRem, Pkg::ItS64), kMin64, kAll64), 0u);
}

// --- abs / neg (§13) ----------------------------------------------------------------------

TEST(Integer, AbsNeg) {
  EXPECT_EQ(run(integer(Pkg::OpAbs, Pkg::ItS16), 0x8000), 0x8000u);
  EXPECT_EQ(run(integer(Pkg::OpAbs, Pkg::ItS32), 0x80000000), 0x80000000u);
  EXPECT_EQ(run(integer(Pkg::OpAbs, Pkg::ItS64), kMin64), kMin64);
  EXPECT_EQ(run(integer(Pkg::OpAbs, Pkg::ItS32), 0xfffffffb), 5u);
  EXPECT_EQ(run(integer(Pkg::OpAbs, Pkg::ItS16), 0xfffb), 5u);
  EXPECT_EQ(run(integer(Pkg::OpAbs, Pkg::ItS32), 5), 5u);
  EXPECT_EQ(run(integer(Pkg::OpNeg, Pkg::ItS16), 0x8000), 0x8000u);
  EXPECT_EQ(run(integer(Pkg::OpNeg, Pkg::ItS32), 0x80000000), 0x80000000u);
  EXPECT_EQ(run(integer(Pkg::OpNeg, Pkg::ItS64), kMin64), kMin64);
  EXPECT_EQ(run(integer(Pkg::OpNeg, Pkg::ItS32), 5), 0xfffffffbu);
  EXPECT_EQ(run(integer(Pkg::OpNeg, Pkg::ItS16), 1), 0xffffu);
  EXPECT_EQ(run(integer(Pkg::OpNeg, Pkg::ItS64), 1), kAll64);
}

// --- dp4a / dp2a --------------------------------------------------------------------------

TEST(Integer, Dp4a) {
  // .u32.u32: 4*8 + 3*7 + 2*6 + 1*5 = 32 + 21 + 12 + 5 = 70, + 30 = 100.
  EXPECT_EQ(run(dot(Pkg::OpDp4a, false, false), 0x01020304, 0x05060708, 30), 100u);
  // .s32.s32: (-1)(4) + (-1)(3) + (-1)(2) + (-1)(1) = -10 -> 0xfffffff6.
  EXPECT_EQ(run(dot(Pkg::OpDp4a, true, true), 0xffffffff, 0x01020304, 0), 0xfffffff6u);
  // .u32.s32: 255 * -1 = -255 -> 0xffffff01; .s32.u32: -1 * 255 alike; .u32.u32: 65025.
  EXPECT_EQ(run(dot(Pkg::OpDp4a, false, true), 0xff, 0xff, 0), 0xffffff01u);
  EXPECT_EQ(run(dot(Pkg::OpDp4a, true, false), 0xff, 0xff, 0), 0xffffff01u);
  EXPECT_EQ(run(dot(Pkg::OpDp4a, false, false), 0xff, 0xff, 0), 0xfe01u);
  // .s32.s32: 4 * (-128 * -128) = 65536, + c -1 = 65535.
  EXPECT_EQ(run(dot(Pkg::OpDp4a, true, true), 0x80808080, 0x80808080, 0xffffffff), 0xffffu);
  // Wraps modulo 2^32: 4 * 255 * 255 = 260100 = 0x3f804; c = 0xffff0000 = 2^32 - 0x10000, so
  // the sum is 2^32 + 0x3f804 - 0x10000 = 2^32 + 0x2f804 -> 0x0002f804.
  EXPECT_EQ(run(dot(Pkg::OpDp4a, false, false), 0xffffffff, 0xffffffff, 0xffff0000), 0x0002f804u);
}

TEST(Integer, Dp2a) {
  // a halves (lane 0, 1) = 3, 2; b bytes 0..3 = 0x0d, 0x0c, 0x0b, 0x0a.
  // .lo: 3*13 + 2*12 = 63, + 1 = 64; .hi: 3*11 + 2*10 = 53, + 1 = 54.
  EXPECT_EQ(run(dot(Pkg::OpDp2a, false, false, Pkg::HalfLo), 0x00020003, 0x0a0b0c0d, 1), 64u);
  EXPECT_EQ(run(dot(Pkg::OpDp2a, false, false, Pkg::HalfHi), 0x00020003, 0x0a0b0c0d, 1), 54u);
  // .hi.s32.s32: a = (1, -1), b bytes 2, 3 = -1, -128: 1*-1 + -1*-128 = 127.
  EXPECT_EQ(run(dot(Pkg::OpDp2a, true, true, Pkg::HalfHi), 0xffff0001, 0x80ff0000, 0), 0x7fu);
  // .lo.u32.s32: 65535 * -1 = -65535 -> 0xffff0001.
  EXPECT_EQ(run(dot(Pkg::OpDp2a, false, true, Pkg::HalfLo), 0x0000ffff, 0x000000ff, 0), 0xffff0001u);
  // .lo.s32.u32: -1 * 255 + (-32768) * 0 = -255.
  EXPECT_EQ(run(dot(Pkg::OpDp2a, true, false, Pkg::HalfLo), 0x8000ffff, 0x000000ff, 0), 0xffffff01u);
}

}  // namespace
}  // namespace ptxalu::test
