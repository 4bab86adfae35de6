// prove.cpp's completion of a product's high half when GATE's low part is found by simulation
// (Rewriter::slice_parts_like): GOLD takes bits 2N-1..N of a signed product of N-bit operands
// sign-extended to 2N+1 bits (as rtl/ptxalu_mult.sv's 65x65 core does for mul.hi.s16), GATE the
// same bits of radix-4 Booth rows summed one by one in 2N bits (gallery mult_ctree: each row
// added to the running sum at its own column, so the slice search below the word crosses at
// many adders and finds no low part). Both read the word through a shifter by ctrl_i[0] (N, or
// 0 when set), as mult_ctree's result is `tree >> off`: its cone holds the tree's low bits,
// the candidates for L. BUG = 1 plants a bug the low part does not show: GATE's word is off by
// one for a = 5, b = 7. The AIGs beside this file are Yosys' mapping of it for
// algebra_forms_test (ripple_lcu.v, as the flow maps it):
//   yosys -p "read_verilog -sv tree_high.v; chparam -set BUG B tree_high;
//     hierarchy -top tree_high; proc; flatten; opt_clean;
//     techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit -map tree_high_B.map tree_high_B.aig"         (B = 0, and 1)
// and tree_high_raw (B = 0 without opt_expr, as the flow writes GATE's half: fold_constants).
module tree_high #(parameter bit BUG = 1'b0, parameter int N = 10) (
  input  logic [59:0]  ctrl_i,
  input  logic [N-1:0] a,
  input  logic [N-1:0] b,
  output logic [N-1:0] gold_w,
  output logic [N-1:0] gate_w
);
  logic [4:0] sh;
  assign sh = ctrl_i[0] ? 5'd0 : 5'(N);
  logic signed [2*N:0] ta, tb;
  assign ta = {{(N+1){a[N-1]}}, a};
  assign tb = {{(N+1){b[N-1]}}, b};
  logic signed [4*N+1:0] p;
  assign p = ta * tb;
  logic [2*N-1:0] gold_s;
  assign gold_s = p[2*N-1:0] >> sh;
  assign gold_w = gold_s[N-1:0];

  logic [N:0]     a3;
  logic [2*N-1:0] bx;
  assign a3 = {a, 1'b0};
  assign bx = {{N{b[N-1]}}, b};
  logic [2*N-1:0] tree;
  always_comb begin
    tree = '0;
    for (int i = 0; i < N / 2; i++) begin
      logic [2*N-1:0] pick;
      unique case (a3[2*i +: 3])
        3'b001, 3'b010: pick = bx;
        3'b011:         pick = bx << 1;
        3'b100:         pick = -(bx << 1);
        3'b101, 3'b110: pick = -bx;
        default:        pick = '0;
      endcase
      tree = tree + (pick << (2 * i));
    end
  end
  logic [2*N-1:0] gate_s;
  assign gate_s = tree >> sh;
  assign gate_w = gate_s[N-1:0] + N'(BUG && a == N'(5) && b == N'(7));
  logic unused;
  assign unused = ^{ctrl_i[59:1], gold_s[2*N-1:N], gate_s[2*N-1:N]};
endmodule
