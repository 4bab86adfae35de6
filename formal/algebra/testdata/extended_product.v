// ptxalu_vmad's product (rtl/ptxalu_vmad_mult.sv) of two 32-bit elements, a sign-extended and b
// extended by BSIGNED, sign-extended by its reader to 79 bits (the equivalence flow's wide cut
// reads bits 78:0). The AIGs beside this file are Yosys' mapping of it for algebra_signed_test
// (ripple_lcu.v, as formal/scripts/equiv_build.py maps the pair), written by
//   yosys -p "read_verilog -sv extended_product.v; chparam -set BSIGNED B extended_product;
//     hierarchy -top extended_product; flatten; opt_clean;
//     techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit product_s_B.aig"          (B = 0: product_s_u.aig, 1: product_s_s.aig)
module extended_product #(parameter bit BSIGNED = 0) (
  input  logic [31:0] a,
  input  logic [31:0] b,
  output logic [78:0] w
);
  logic [32:0] ta, tb;
  assign ta = {a[31], a};
  assign tb = {BSIGNED ? b[31] : 1'b0, b};
  logic signed [65:0] p;
  assign p = $signed(ta) * $signed(tb);
  assign w = {{13{p[65]}}, p};
endmodule
