// One SIMD video lane, as a scalar: the value t[i] of the PTX pseudo-code for one lane of
// vop2/vop4/vset2/vset4, given the lane's two selected elements (raw Width-bit fields).
//
// result_o is t[i] at its full signed value (before truncation to the lane), which is what
// the accumulate form adds (§3). Width is 8 (x4 ops) or 16 (x2 ops).
module spec_simd_lane_scalar #(
  parameter int unsigned Width = 8
) (
  input  ptxalu_pkg::ctrl_t  ctrl_i,
  input  logic [Width-1:0]   a_i,
  input  logic [Width-1:0]   b_i,
  output logic [Width+1:0]   result_o
);

  // Every value below is an exact signed integer; 24 bits hold all of them for Width <= 16.
  logic signed [23:0] va, vb, sum, t, lane_max, lane_min;
  logic               is_lt, is_eq, cmp_true;

  assign va = $signed({{(24-Width){ctrl_i.asigned & a_i[Width-1]}}, a_i});
  assign vb = $signed({{(24-Width){ctrl_i.bsigned & b_i[Width-1]}}, b_i});
  assign sum = va + vb;

  assign is_lt = va < vb;
  assign is_eq = va == vb;
  always_comb begin
    unique case (ctrl_i.cmp)
      ptxalu_pkg::CmpEq: cmp_true = is_eq;
      ptxalu_pkg::CmpNe: cmp_true = !is_eq;
      ptxalu_pkg::CmpLt: cmp_true = is_lt;
      ptxalu_pkg::CmpLe: cmp_true = is_lt || is_eq;
      ptxalu_pkg::CmpGt: cmp_true = !is_lt && !is_eq;
      ptxalu_pkg::CmpGe: cmp_true = !is_lt;
      default:           cmp_true = 1'b0;
    endcase
  end

  // CLAMP(t, MAX, MIN) bounds of the destination lane type.
  assign lane_max = ctrl_i.dsigned ? $signed(24'((1 << (Width - 1)) - 1))
                                   : $signed(24'((1 << Width) - 1));
  assign lane_min = ctrl_i.dsigned ? -$signed(24'(1 << (Width - 1))) : 24'sd0;

  always_comb begin
    unique case (ctrl_i.op)
      ptxalu_pkg::OpVadd2, ptxalu_pkg::OpVadd4: t = va + vb;
      ptxalu_pkg::OpVsub2, ptxalu_pkg::OpVsub4: t = va - vb;
      // §2: exactly the pseudo-code, arithmetic shift.
      ptxalu_pkg::OpVavrg2, ptxalu_pkg::OpVavrg4:
        t = (sum >= 0) ? ((sum + 24'sd1) >>> 1) : (sum >>> 1);
      ptxalu_pkg::OpVabsdiff2, ptxalu_pkg::OpVabsdiff4: t = (va >= vb) ? va - vb : vb - va;
      ptxalu_pkg::OpVmin2, ptxalu_pkg::OpVmin4: t = (va < vb) ? va : vb;
      ptxalu_pkg::OpVmax2, ptxalu_pkg::OpVmax4: t = (va > vb) ? va : vb;
      ptxalu_pkg::OpVset2, ptxalu_pkg::OpVset4: t = cmp_true ? 24'sd1 : 24'sd0;
      default: t = 24'sd0;
    endcase
    if (ctrl_i.sat) begin
      if (t > lane_max) t = lane_max;
      if (t < lane_min) t = lane_min;
    end
  end

  assign result_o = t[Width+1:0];

endmodule
