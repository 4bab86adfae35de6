// ptxalu_vmad_sum's negated-product forms: the product of a zero-extended and a sign-extended
// 32-bit element (33x33, modulo 2^66), sign-extended to 79 bits and complemented, plus c (the
// +1 of the negation left out). BUG = 1 plants a bug: c is sign-extended. The AIGs beside this
// file are Yosys' mapping of it for algebra_signed_test (ripple_lcu.v, as the flow maps it):
//   yosys -p "read_verilog -sv negated_product.v; chparam -set BUG B negated_product;
//     hierarchy -top negated_product; flatten; opt_clean;
//     techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit negated_product_B.aig"                          (B = 0, and 1)
module negated_product #(parameter bit BUG = 1'b0) (
  input  logic [31:0] a,
  input  logic [31:0] b,
  input  logic [31:0] c,
  output logic [78:0] w
);
  logic [32:0] ta, tb;
  assign ta = {1'b0, a};
  assign tb = {b[31], b};
  logic signed [65:0] p;
  assign p = $signed(ta) * $signed(tb);
  assign w = ~{{13{p[65]}}, p} + {{47{BUG & c[31]}}, c};
endmodule
