// What several specs read alike, written once and included inside each spec module that uses
// it. Written apart from the RTL (ptxalu_pkg's itype_w16/itype_w32/itype_signed, the units'
// own compare and lane logic) on purpose: the specs stay an independent reading of the PTX text.

// The width and signedness of a scalar integer type (PTX 5.2.2: .u16 .u32 .u64 .s16 .s32 .s64;
// a type without a width reads as 64 bits, unsigned): spec_div, spec_div_mag, spec_mult,
// spec_intalu.
function automatic logic [6:0] spec_type_width(input ptxalu_pkg::itype_e t);
  if (t == ptxalu_pkg::ItU16 || t == ptxalu_pkg::ItS16)      spec_type_width = 7'd16;
  else if (t == ptxalu_pkg::ItU32 || t == ptxalu_pkg::ItS32) spec_type_width = 7'd32;
  else                                                       spec_type_width = 7'd64;
endfunction

function automatic logic spec_type_signed(input ptxalu_pkg::itype_e t);
  spec_type_signed = t == ptxalu_pkg::ItS16 || t == ptxalu_pkg::ItS32 || t == ptxalu_pkg::ItS64;
endfunction

// The low w bits of x (w = 16, 24, 32 or 64) as an exact integer of the type (signed when sgn):
// spec_intalu, spec_mult.
function automatic logic signed [79:0] spec_value(input logic [63:0] x, input integer w,
                                                  input logic sgn);
  logic [79:0] v;
  if (w == 16)      v = {{64{sgn & x[15]}}, x[15:0]};
  else if (w == 24) v = {{56{sgn & x[23]}}, x[23:0]};
  else if (w == 32) v = {{48{sgn & x[31]}}, x[31:0]};
  else              v = {{16{sgn & x[63]}}, x};
  spec_value = $signed(v);
endfunction

// The .cmp of vset/vset2/vset4 on two exact signed values: spec_video, and spec_simd_t below.
function automatic logic spec_compare(input ptxalu_pkg::cmp_e cmp, input logic signed [79:0] a,
                                      input logic signed [79:0] b);
  unique case (cmp)
    ptxalu_pkg::CmpEq: spec_compare = a == b;
    ptxalu_pkg::CmpNe: spec_compare = a != b;
    ptxalu_pkg::CmpLt: spec_compare = a < b;
    ptxalu_pkg::CmpLe: spec_compare = a <= b;
    ptxalu_pkg::CmpGt: spec_compare = a > b;
    ptxalu_pkg::CmpGe: spec_compare = a >= b;
    default:           spec_compare = 1'b0;
  endcase
endfunction

// t[i] of one SIMD lane (vop2/vop4/vset2/vset4) from its two extended elements, saturated to
// [lane_min, lane_max] with .sat (§2, §4): spec_simd and spec_simd_lane_scalar. Every value is
// an exact signed integer; 24 bits hold all of them for lanes of up to 16 bits.
// (The fields come one by one: Yosys 0.23 reads no struct-typed function argument.)
function automatic logic signed [23:0] spec_simd_t(input ptxalu_pkg::op_e op,
                                                   input ptxalu_pkg::cmp_e cmp, input logic sat,
                                                   input logic signed [23:0] va, vb,
                                                   input logic signed [23:0] lane_max, lane_min);
  logic signed [23:0] sum, t;
  sum = va + vb;
  unique case (op)
    ptxalu_pkg::OpVadd2, ptxalu_pkg::OpVadd4: t = va + vb;
    ptxalu_pkg::OpVsub2, ptxalu_pkg::OpVsub4: t = va - vb;
    // §2: exactly the pseudo-code, arithmetic shift.
    ptxalu_pkg::OpVavrg2, ptxalu_pkg::OpVavrg4:
      t = (sum >= 0) ? ((sum + 24'sd1) >>> 1) : (sum >>> 1);
    ptxalu_pkg::OpVabsdiff2, ptxalu_pkg::OpVabsdiff4: t = (va < vb) ? vb - va : va - vb;
    ptxalu_pkg::OpVmin2, ptxalu_pkg::OpVmin4: t = (va < vb) ? va : vb;
    ptxalu_pkg::OpVmax2, ptxalu_pkg::OpVmax4: t = (va > vb) ? va : vb;
    ptxalu_pkg::OpVset2, ptxalu_pkg::OpVset4: t = spec_compare(cmp, va, vb) ? 24'sd1 : 24'sd0;
    default: t = 24'sd0;
  endcase
  // .sat: CLAMP(t, MAX, MIN) of the lane range of dtype (§4).
  if (sat && t > lane_max)      t = lane_max;
  else if (sat && t < lane_min) t = lane_min;
  spec_simd_t = t;
endfunction
