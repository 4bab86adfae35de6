// One SIMD video lane, as a scalar: the value t[i] of the PTX pseudo-code for one lane of
// vop2/vop4/vset2/vset4, given the lane's two selected elements (raw Width-bit fields).
//
// result_o is t[i] at its full signed value (before truncation to the lane), which is what
// the accumulate form adds (§3). Width is 8 (x4 ops) or 16 (x2 ops).
module spec_simd_lane_scalar #(
  parameter int unsigned Width = 8
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [Width-1:0]  a_i, b_i,
  output logic [Width+1:0]  result_o
);

  // Every value below is an exact signed integer; 24 bits hold all of them for Width <= 16.
  logic signed [23:0] va, vb, t, lane_max, lane_min;

  assign va = $signed({{(24-Width){ctrl_i.asigned & a_i[Width-1]}}, a_i});
  assign vb = $signed({{(24-Width){ctrl_i.bsigned & b_i[Width-1]}}, b_i});

  // CLAMP(t, MAX, MIN) bounds of the destination lane type.
  assign lane_max = ctrl_i.dsigned ? $signed(24'((1 << (Width - 1)) - 1))
                                   : $signed(24'((1 << Width) - 1));
  assign lane_min = ctrl_i.dsigned ? -$signed(24'(1 << (Width - 1))) : 24'sd0;

`include "spec_common.svh"

  assign t        = spec_simd_t(ctrl_i.op, ctrl_i.cmp, ctrl_i.sat, va, vb,
                                lane_max, lane_min);
  assign result_o = t[Width+1:0];

endmodule
