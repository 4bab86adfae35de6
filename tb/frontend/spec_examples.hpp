// Every example instruction printed in spec/ptx/*.md, verbatim (guards `@p` dropped: they
// belong to programs, see examples/spec_examples.ptx), and the three that CLARIFICATIONS calls
// errors of the text.
#pragma once

#include <array>
#include <string_view>

namespace ptxalu::spec_text {

inline constexpr std::array<std::string_view, 61> kLegalSpecExamples = {
    // scalar-video-instructions.md
    "vadd.s32.u32.s32 r1, r2.b0, r3.h1;",
    "vsub.s32.s32.u32.sat r1, r2.h1, r3.h0;",
    "vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, c;",
    "vmin.s32.s32.s32.sat.add r1, r2, r3, r1;",
    "vshl.s32.u32.u32.clamp r1, r2, r3;",
    "vshr.u32.u32.u32.wrap r1, r2, r3.h1;",
    "vmad.s32.s32.s32.shr15 r0, r1.h0, r2.h0, r3;",
    "vset.s32.u32.lt r1, r2, r3;",
    "vset.u32.u32.ne r1, r2, r3.h1;",
    // simd-video-vop2.md / simd-video-overview-and-vset.md
    "vadd2.s32.s32.u32.sat  r1, r2, r3, r1;",
    "vsub2.s32.s32.s32.sat  r1.h0, r2.h10, r3.h32, r1;",
    "vmin2.s32.u32.u32.add  r1.h10, r2.h00, r3.h22, r1;",
    "vset2.s32.u32.lt      r1, r2, r3, r0;",
    "vset2.u32.u32.ne.add  r1, r2, r3, r0;",
    // simd-video-vop4.md
    "vadd4.s32.s32.u32.sat  r1, r2, r3, r1;",
    "vsub4.s32.s32.s32.sat  r1.b0, r2.b3210, r3.b7654, r1;",
    "vset4.s32.u32.lt      r1, r2, r3, r0;",
    // integer-arithmetic.md
    "add.u32     x,y,z;",
    "add.sat.s32 c,c,1;",
    "add.u16x2   u,v,w;",
    "sub.s32 c,a,b;",
    "mul.wide.s16 fa,fxs,fys;",
    "mul.lo.s16 fa,fxs,fys;",
    "mul.wide.s32 z,x,y;",
    "mad.lo.s32 d,a,b,c;",
    "mad.lo.s32 r,p,q,r;",
    "mul24.lo.s32 d,a,b;",
    "mad24.lo.s32 d,a,b,c;",
    "sad.s32  d,a,b,c;",
    "sad.u32  d,a,b,d;",
    "div.s32  b,n,i;",
    "rem.s32  x,x,8;",
    "abs.s32  r0,a;",
    "neg.s32  r0,a;",
    "min.s32  r0,a,b;",
    "min.u16  h,i,j;",
    "min.s16x2.relu u,v,w;",
    "max.u32  d,a,b;",
    "max.s32  q,q,0;",
    "max.relu.s16x2 t,t,u;",
    "popc.b32  d, a;",
    "popc.b64  cnt, X;",
    "clz.b32  d, a;",
    "clz.b64  cnt, X;",
    "bfind.u32  d, a;",
    "bfind.shiftamt.s64  cnt, X;",
    "fns.b32 d, 0xaaaaaaaa, 3, 1;",
    "fns.b32 d, 0xaaaaaaaa, 3, -1;",
    "fns.b32 d, 0xaaaaaaaa, 2, 1;",
    "fns.b32 d, 0xaaaaaaaa, 2, -1;",
    "brev.b32  d, a;",
    "bfe.b32  d,a,start,len;",
    "bfi.b32  d,a,b,start,len;",
    "szext.clamp.s32 rd, ra, rb;",
    "szext.wrap.u32  rd, 0xffffffff, 0;",
    "bmsk.clamp.b32  rd, ra, rb;",
    "bmsk.wrap.b32   rd, 1, 2;",
    "dp4a.u32.u32           d0, a0, b0, c0;",
    "dp4a.u32.s32           d1, a1, b1, c1;",
    "dp2a.lo.u32.u32           d0, a0, b0, c0;",
    "dp2a.hi.u32.s32           d1, a1, b1, c1;",
};

struct RefusedExample {
  std::string_view text;
  int column;  // of the offending token
  std::string_view clarification;
};

// Errors of the text (CLARIFICATIONS §9 and §5): refused with a positioned message.
inline constexpr std::array<RefusedExample, 3> kRefusedSpecExamples = {{
    // Negates the product (b) and c: §9. Reported at c's '-'.
    {"vmad.s32.s32.u32.sat r0, r1.b0, -r2.b1, -r3;", 41, "§9"},
    // .max is not a SIMD secondary operation: §5. Reported at '.max'.
    {"vset4.u32.u32.ne.max  r1, r2, r3, r0;", 17, "§5"},
    // .b00 is not a listed mask: §5. Reported at '.b00'.
    {"vmin4.s32.u32.u32.add  r1.b00, r2.b0000, r3.b2222, r1;", 26, "§5"},
}};

}  // namespace ptxalu::spec_text
