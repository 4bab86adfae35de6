// Held-out-style trial: a user's SIMD video lane (ptxalu_simd_lane's ports), written as a user
// would: the elements extended into 32-bit signed integers, every op as plain arithmetic, vavrg by
// an arithmetic shift, .sat as two compares with the lane bounds computed from Width. Ours reads
// saturation off the top bits of four side-by-side adders (rtl/ptxalu_simd_lane.sv).
module ptxalu_simd_lane #(
  parameter int unsigned Width = 8
) (
  input  ptxalu_pkg::op_e  op_i,
  input  logic             dsigned_i,
  input  logic             asigned_i,
  input  logic             bsigned_i,
  input  logic             sat_i,
  input  ptxalu_pkg::cmp_e cmp_i,
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] b_i,
  output logic [Width+1:0] exact_o,
  output logic [Width+1:0] t_o
);
  logic signed [31:0] a, b, r, hi, lo, s;
  logic cmp;
  always_comb begin
    a = asigned_i ? 32'(signed'(a_i)) : 32'(a_i);
    b = bsigned_i ? 32'(signed'(b_i)) : 32'(b_i);
    s = a + b;
    unique case (cmp_i)
      ptxalu_pkg::CmpEq: cmp = a == b;
      ptxalu_pkg::CmpNe: cmp = a != b;
      ptxalu_pkg::CmpLt: cmp = a < b;
      ptxalu_pkg::CmpLe: cmp = a <= b;
      ptxalu_pkg::CmpGt: cmp = a > b;
      ptxalu_pkg::CmpGe: cmp = a >= b;
      default: cmp = 1'b0;
    endcase
    unique case (op_i)
      ptxalu_pkg::OpVadd2, ptxalu_pkg::OpVadd4: r = s;
      ptxalu_pkg::OpVsub2, ptxalu_pkg::OpVsub4: r = a - b;
      ptxalu_pkg::OpVavrg2, ptxalu_pkg::OpVavrg4: r = (s >= 0) ? (s + 1) >>> 1 : s >>> 1;
      ptxalu_pkg::OpVabsdiff2, ptxalu_pkg::OpVabsdiff4: r = (a > b) ? a - b : b - a;
      ptxalu_pkg::OpVmin2, ptxalu_pkg::OpVmin4: r = (a < b) ? a : b;
      ptxalu_pkg::OpVmax2, ptxalu_pkg::OpVmax4: r = (a > b) ? a : b;
      ptxalu_pkg::OpVset2, ptxalu_pkg::OpVset4: r = {31'd0, cmp};
      default: r = '0;
    endcase
    hi = dsigned_i ? (32'sd1 <<< (Width - 1)) - 1 : (32'sd1 <<< Width) - 1;
    lo = dsigned_i ? -(32'sd1 <<< (Width - 1)) : 32'sd0;
    exact_o = r[Width+1:0];
    t_o = r[Width+1:0];
    if (sat_i && r > hi) t_o = hi[Width+1:0];
    else if (sat_i && r < lo) t_o = lo[Width+1:0];
  end
endmodule
