// prove.cpp's completion of a product's high half by its low part (Rewriter::slice_parts) and
// the word compared below its top bits that are equal on both sides: GOLD takes bits 2N-1..N of
// a signed product of N-bit operands sign-extended to 2N+1 bits (as rtl/ptxalu_mult.sv's 65x65
// core does for mul.hi.s16), GATE the same bits of an N x N signed product in 2N bits
// (gallery mult_split); both zero-extended to 2N bits. x, with ctrl_i[0] = 1: the low 2N bits
// of the product zero-extended to 4N bits on both sides (mul.wide.s16 in a 64-bit result: the
// word compared modulo 2^2N); ctrl_i[0] = 0: the whole product. BUG = 1 plants a bug: GATE's b is
// unsigned. The AIGs beside this file are Yosys' mapping of it for algebra_forms_test
// (ripple_lcu.v, as the flow maps it):
//   yosys -p "read_verilog -sv high_half.v; chparam -set BUG B high_half;
//     hierarchy -top high_half; flatten; opt_clean;
//     techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit -map high_half_B.map high_half_B.aig"         (B = 0, and 1)
module high_half #(parameter bit BUG = 1'b0, parameter int N = 10) (
  input  logic [59:0]    ctrl_i,
  input  logic [N-1:0]   a,
  input  logic [N-1:0]   b,
  output logic [2*N-1:0] gold_w,
  output logic [2*N-1:0] gate_w,
  output logic [4*N-1:0] gold_x,
  output logic [4*N-1:0] gate_x
);
  logic signed [2*N:0] ta, tb;
  assign ta = {{(N+1){a[N-1]}}, a};
  assign tb = {{(N+1){b[N-1]}}, b};
  logic signed [4*N+1:0] p;
  assign p = ta * tb;
  assign gold_w = {{N{1'b0}}, p[2*N-1:N]};
  logic [2*N-1:0] q;
  if (BUG) begin : g_bug
    assign q = $signed(a) * $signed({1'b0, b});
  end else begin : g_ok
    assign q = $signed(a) * $signed(b);
  end
  assign gate_w = {{N{1'b0}}, q[2*N-1:N]};
  assign gold_x = ctrl_i[0] ? {{(2*N){1'b0}}, p[2*N-1:0]} : p[4*N-1:0];
  assign gate_x = ctrl_i[0] ? {{(2*N){1'b0}}, q} : (4*N)'($signed(a) * $signed(b));
endmodule
