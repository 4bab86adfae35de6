// Bit manipulation (PTX 9.7.1.14-22) against the spec's examples and hand-worked values.
#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

constexpr uint64_t kAll64 = 0xffffffffffffffffull;

Ctrl wrapped(Ctrl c) {
  c.wrap = true;
  return c;
}

TEST(BitManip, Popc) {
  EXPECT_EQ(run(integer(Pkg::OpPopc, Pkg::ItB32), 0xf0f0f0f0), 16u);
  EXPECT_EQ(run(integer(Pkg::OpPopc, Pkg::ItB32), 0), 0u);
  EXPECT_EQ(run(integer(Pkg::OpPopc, Pkg::ItB64), kAll64), 64u);  // §20: a 32-bit count
  // .b32 reads the low 32 bits only: 0xffffffff_00000001 -> 1.
  EXPECT_EQ(run(integer(Pkg::OpPopc, Pkg::ItB32), 0xffffffff00000001ull), 1u);
}

TEST(BitManip, Clz) {
  EXPECT_EQ(run(integer(Pkg::OpClz, Pkg::ItB32), 0), 32u);
  EXPECT_EQ(run(integer(Pkg::OpClz, Pkg::ItB64), 0), 64u);
  EXPECT_EQ(run(integer(Pkg::OpClz, Pkg::ItB32), 1), 31u);
  EXPECT_EQ(run(integer(Pkg::OpClz, Pkg::ItB32), 0x80000000), 0u);
  EXPECT_EQ(run(integer(Pkg::OpClz, Pkg::ItB64), 1), 63u);
  EXPECT_EQ(run(integer(Pkg::OpClz, Pkg::ItB64), 0x0000000100000000ull), 31u);
  EXPECT_EQ(run(integer(Pkg::OpClz, Pkg::ItB32), 0xffffffff00010000ull), 15u);  // low 32 only
}

TEST(BitManip, Bfind) {
  auto bfind = [](IType t, bool shiftamt) {
    Ctrl c = integer(Pkg::OpBfind, t);
    c.shiftamt = shiftamt;
    return c;
  };
  // No non-sign bit: 0 (unsigned or signed) and -1 (signed) -> 0xffffffff, also .shiftamt.
  EXPECT_EQ(run(bfind(Pkg::ItU32, false), 0), 0xffffffffu);
  EXPECT_EQ(run(bfind(Pkg::ItU32, true), 0), 0xffffffffu);
  EXPECT_EQ(run(bfind(Pkg::ItS32, false), 0xffffffff), 0xffffffffu);
  EXPECT_EQ(run(bfind(Pkg::ItS32, true), 0xffffffff), 0xffffffffu);
  EXPECT_EQ(run(bfind(Pkg::ItS64, false), kAll64), 0xffffffffu);
  EXPECT_EQ(run(bfind(Pkg::ItU64, true), 0), 0xffffffffu);
  // .u32 0xffffffff: most significant 1 is bit 31; shiftamt 31 - 31 = 0.
  EXPECT_EQ(run(bfind(Pkg::ItU32, false), 0xffffffff), 31u);
  EXPECT_EQ(run(bfind(Pkg::ItU32, true), 0xffffffff), 0u);
  // 0x00010000 -> 16; shiftamt 31 - 16 = 15.
  EXPECT_EQ(run(bfind(Pkg::ItU32, false), 0x00010000), 16u);
  EXPECT_EQ(run(bfind(Pkg::ItU32, true), 0x00010000), 15u);
  // Negative s32 0xfffeffff: ~a = 0x00010000 -> 16; shiftamt 15.
  EXPECT_EQ(run(bfind(Pkg::ItS32, false), 0xfffeffff), 16u);
  EXPECT_EQ(run(bfind(Pkg::ItS32, true), 0xfffeffff), 15u);
  // 64-bit: u64 2^63 -> 63 (shiftamt 0); s64 2^62 -> 62 (shiftamt 1); s64 1 -> 0 (shiftamt 63).
  EXPECT_EQ(run(bfind(Pkg::ItU64, false), 0x8000000000000000ull), 63u);
  EXPECT_EQ(run(bfind(Pkg::ItU64, true), 0x8000000000000000ull), 0u);
  EXPECT_EQ(run(bfind(Pkg::ItS64, false), 0x4000000000000000ull), 62u);
  EXPECT_EQ(run(bfind(Pkg::ItS64, true), 0x4000000000000000ull), 1u);
  EXPECT_EQ(run(bfind(Pkg::ItS64, true), 1), 63u);
  // s64 MIN = 0x8000...: ~a = 0x7fff... -> 62.
  EXPECT_EQ(run(bfind(Pkg::ItS64, false), 0x8000000000000000ull), 62u);
}

TEST(BitManip, FnsSpecExamples) {
  const Ctrl fns = integer(Pkg::OpFns, Pkg::ItB32);
  EXPECT_EQ(run(fns, 0xaaaaaaaa, 3, 1), 3u);
  EXPECT_EQ(run(fns, 0xaaaaaaaa, 3, 0xffffffff), 3u);  // offset -1
  EXPECT_EQ(run(fns, 0xaaaaaaaa, 2, 1), 3u);
  EXPECT_EQ(run(fns, 0xaaaaaaaa, 2, 0xffffffff), 1u);  // offset -1
}

TEST(BitManip, FnsCorners) {
  const Ctrl fns = integer(Pkg::OpFns, Pkg::ItB32);
  // offset 0: mask[base] decides: bit 2 of 0xaaaaaaaa is 0 -> none; bit 3 is 1 -> 3.
  EXPECT_EQ(run(fns, 0xaaaaaaaa, 2, 0), 0xffffffffu);
  EXPECT_EQ(run(fns, 0xaaaaaaaa, 3, 0), 3u);
  // 0xaaaaaaaa from base 0 upward, offset 3: set bits 1, 3, 5 -> 5.
  EXPECT_EQ(run(fns, 0xaaaaaaaa, 0, 3), 5u);
  // From base 31 downward, offset -2: set bits 31, 29 -> 29.
  EXPECT_EQ(run(fns, 0xaaaaaaaa, 31, 0xfffffffe), 29u);
  // Not found: one set bit, offset 2 -> 0xffffffff.
  EXPECT_EQ(run(fns, 0x00000001, 0, 2), 0xffffffffu);
  // All ones from 31 down, offset -32: the 32nd set bit is bit 0.
  EXPECT_EQ(run(fns, 0xffffffff, 31, 0xffffffe0), 0u);
  // offset = INT_MIN: |offset| - 1 = 2^31 - 1 more bits needed -> none.
  EXPECT_EQ(run(fns, 0xffffffff, 31, 0x80000000), 0xffffffffu);
  // §18: base > 31 (unsigned) gives 0xffffffff for any offset; 0xffffffff is base 2^32-1.
  EXPECT_EQ(run(fns, 0xffffffff, 32, 0), 0xffffffffu);
  EXPECT_EQ(run(fns, 0xffffffff, 32, 1), 0xffffffffu);
  EXPECT_EQ(run(fns, 0xffffffff, 32, 0xffffffff), 0xffffffffu);
  EXPECT_EQ(run(fns, 0xffffffff, 0xffffffff, 1), 0xffffffffu);
  EXPECT_EQ(run(fns, 0xffffffff, 0xffffffff, 0xffffffff), 0xffffffffu);
  EXPECT_EQ(run(fns, 0xffffffff, 100, 0), 0xffffffffu);
}

TEST(BitManip, Brev) {
  EXPECT_EQ(run(integer(Pkg::OpBrev, Pkg::ItB32), 1), 0x80000000u);
  // 0x12345678 = 0001 0010 0011 0100 0101 0110 0111 1000, reversed
  // 0001 1110 0110 1010 0010 1100 0100 1000 = 0x1e6a2c48.
  EXPECT_EQ(run(integer(Pkg::OpBrev, Pkg::ItB32), 0x12345678), 0x1e6a2c48u);
  EXPECT_EQ(run(integer(Pkg::OpBrev, Pkg::ItB64), 1), 0x8000000000000000ull);
  EXPECT_EQ(run(integer(Pkg::OpBrev, Pkg::ItB64), 0x00000000ffffffffull), 0xffffffff00000000ull);
}

TEST(BitManip, Bfe) {
  const Ctrl u32 = integer(Pkg::OpBfe, Pkg::ItU32);
  const Ctrl s32 = integer(Pkg::OpBfe, Pkg::ItS32);
  // Bits 4..11 of 0x12345678 = 0x67.
  EXPECT_EQ(run(u32, 0x12345678, 4, 8), 0x67u);
  EXPECT_EQ(run(integer(Pkg::OpBfe, Pkg::ItB32), 0x12345678, 4, 8), 0x67u);  // spec's bfe.b32
  // .s32 field 0xf at bit 4, len 4: sign = a[7] = 1 -> all ones; len 8: sign a[11] = 0 -> 0x0f.
  EXPECT_EQ(run(s32, 0x000000f0, 4, 4), 0xffffffffu);
  EXPECT_EQ(run(s32, 0x000000f0, 4, 8), 0x0fu);
  // len 0 -> 0.
  EXPECT_EQ(run(s32, 0xffffffff, 4, 0), 0u);
  // pos past msb: sign = a[min(43, 31)] = a[31]; .s32 -> all ones, .u32 -> 0.
  EXPECT_EQ(run(s32, 0x80000000, 40, 4), 0xffffffffu);
  EXPECT_EQ(run(u32, 0x80000000, 40, 4), 0u);
  // len past msb: pos 28 len 10: bits 0..3 = a[28..31] = 1000b, the rest sbit = a[31] = 1 ->
  // 0xfffffff8; .u32 -> 0x8.
  EXPECT_EQ(run(s32, 0x80000000, 28, 10), 0xfffffff8u);
  EXPECT_EQ(run(u32, 0x80000000, 28, 10), 0x8u);
  // §17: pos and len & 0xff: 0x104 -> 4, 0x108 -> 8.
  EXPECT_EQ(run(u32, 0x12345678, 0x104, 0x108), 0x67u);
  EXPECT_EQ(run(u32, 0x12345678, 0xffffff04, 0xffffff08), 0x67u);
  // len 0x100 & 0xff = 0 -> 0.
  EXPECT_EQ(run(s32, 0xffffffff, 0, 0x100), 0u);
  // 64-bit: bits 32..63 of 0x123456789abcdef0 = 0x12345678; .s64 pos 60 len 8 of 2^63:
  // bits 0..3 = 1000b, the rest sbit = a[63] = 1 -> 0xfffffffffffffff8.
  EXPECT_EQ(run(integer(Pkg::OpBfe, Pkg::ItU64), 0x123456789abcdef0ull, 32, 32), 0x12345678u);
  EXPECT_EQ(run(integer(Pkg::OpBfe, Pkg::ItS64), 0x8000000000000000ull, 60, 8),
            0xfffffffffffffff8ull);
  EXPECT_EQ(run(integer(Pkg::OpBfe, Pkg::ItB64), 0x8000000000000000ull, 60, 8), 0x8u);
  // .s64 pos 255 len 255: sign = a[63].
  EXPECT_EQ(run(integer(Pkg::OpBfe, Pkg::ItS64), 0x8000000000000000ull, 255, 255), kAll64);
}

TEST(BitManip, Bfi) {
  const Ctrl b32 = integer(Pkg::OpBfi, Pkg::ItB32);
  // 0xff into bits 8..15 of 0x12345678 -> 0x1234ff78.
  EXPECT_EQ(run(b32, 0xff, 0x12345678, 8, 8), 0x1234ff78u);
  // a's bits above len are not inserted: a = 0xf0f, len 4 -> 0xf at bits 8..11 -> 0x12345f78.
  EXPECT_EQ(run(b32, 0xf0f, 0x12345678, 8, 4), 0x12345f78u);
  // Zeros are inserted too: a = 0, bits 0..7 -> 0x12345600.
  EXPECT_EQ(run(b32, 0, 0x12345678, 0, 8), 0x12345600u);
  // pos past msb or len 0 -> b.
  EXPECT_EQ(run(b32, 0xff, 0x12345678, 32, 8), 0x12345678u);
  EXPECT_EQ(run(b32, 0xff, 0x12345678, 8, 0), 0x12345678u);
  // Field past msb is cut: pos 28 len 8 -> bits 28..31 set -> 0xf2345678.
  EXPECT_EQ(run(b32, 0xff, 0x12345678, 28, 8), 0xf2345678u);
  // §17: pos 0x108 & 0xff = 8; len 0x100 & 0xff = 0 -> b.
  EXPECT_EQ(run(b32, 0xff, 0x12345678, 0x108, 8), 0x1234ff78u);
  EXPECT_EQ(run(b32, 0xff, 0x12345678, 8, 0x100), 0x12345678u);
  // .b64: 0xffff at bit 56 len 16 -> bits 56..63 -> 0xff00000000000000 over b = 0.
  EXPECT_EQ(run(integer(Pkg::OpBfi, Pkg::ItB64), 0xffff, 0, 56, 16), 0xff00000000000000ull);
  EXPECT_EQ(run(integer(Pkg::OpBfi, Pkg::ItB64), 0, kAll64, 32, 255), 0x00000000ffffffffull);
}

TEST(BitManip, Bmsk) {
  const Ctrl clamp = integer(Pkg::OpBmsk, Pkg::ItB32);
  const Ctrl wrap = wrapped(clamp);
  // Spec example bmsk.wrap.b32 d, 1, 2 = 0x6: mask0 = ~0 << 1, mask1 = ~0 << 3,
  // 0xfffffffe & 0x7 = 0x6.
  EXPECT_EQ(run(wrap, 1, 2), 0x6u);
  EXPECT_EQ(run(clamp, 1, 2), 0x6u);
  // .clamp a >= 32 -> 0; .wrap a = 33 -> a1 = 1 -> 0x6.
  EXPECT_EQ(run(clamp, 33, 2), 0u);
  EXPECT_EQ(run(wrap, 33, 2), 0x6u);
  // b = 32: .clamp width overflow -> mask1 = 0 -> mask0 = 0xfffffff0 for a = 4; .wrap b1 = 0
  // -> mask1 = ~0 -> 0.
  EXPECT_EQ(run(clamp, 4, 32), 0xfffffff0u);
  EXPECT_EQ(run(wrap, 4, 32), 0u);
  EXPECT_EQ(run(clamp, 0, 32), 0xffffffffu);
  // b = 0 -> 0.
  EXPECT_EQ(run(clamp, 5, 0), 0u);
  // sum overflow: a = 16, b = 20 -> mask1 = 0 -> 0xffff0000.
  EXPECT_EQ(run(wrap, 16, 20), 0xffff0000u);
  // a = 31, b = 1 -> bit 31 only (sum = 32 overflows -> mask1 = 0).
  EXPECT_EQ(run(clamp, 31, 1), 0x80000000u);
  // a = 0, b = 31 -> 0x7fffffff.
  EXPECT_EQ(run(clamp, 0, 31), 0x7fffffffu);
}

TEST(BitManip, Szext) {
  const Ctrl clamp_s = integer(Pkg::OpSzext, Pkg::ItS32);
  const Ctrl clamp_u = integer(Pkg::OpSzext, Pkg::ItU32);
  // Spec example szext.wrap.u32 d, 0xffffffff, 0 -> 0.
  EXPECT_EQ(run(wrapped(clamp_u), 0xffffffff, 0), 0u);
  EXPECT_EQ(run(clamp_s, 0xffffffff, 0), 0u);  // N = 0 -> 0 in both modes
  // N = 8: .s32 0x80 -> sign a[7] = 1 -> 0xffffff80; .u32 0xff80 -> 0x80.
  EXPECT_EQ(run(clamp_s, 0x80, 8), 0xffffff80u);
  EXPECT_EQ(run(clamp_u, 0xff80, 8), 0x80u);
  EXPECT_EQ(run(clamp_s, 0x7f, 8), 0x7fu);
  // N >= 32: .clamp -> a unchanged; .wrap 36 -> N = 4.
  EXPECT_EQ(run(clamp_s, 0x12345678, 32), 0x12345678u);
  EXPECT_EQ(run(clamp_s, 0x12345678, 0xffffffff), 0x12345678u);
  EXPECT_EQ(run(wrapped(clamp_s), 0x000000f0, 36), 0u);           // a & 0xf = 0, a[3] = 0
  EXPECT_EQ(run(wrapped(clamp_s), 0x00000008, 36), 0xfffffff8u);  // a[3] = 1
  EXPECT_EQ(run(wrapped(clamp_u), 0x0000001f, 36), 0xfu);
  // .wrap 32 -> N = 0 -> 0.
  EXPECT_EQ(run(wrapped(clamp_s), 0x12345678, 32), 0u);
  // N = 31: sign a[30] = 1 -> 0xc0000000; N = 1: sign a[0].
  EXPECT_EQ(run(clamp_s, 0x40000000, 31), 0xc0000000u);
  EXPECT_EQ(run(clamp_s, 0x00000001, 1), 0xffffffffu);
  EXPECT_EQ(run(clamp_u, 0x00000003, 1), 0x1u);
}

}  // namespace
}  // namespace ptxalu::test
