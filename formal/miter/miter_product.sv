// The multiplier lemma that completes a cut-product proof (vmad/cut-product, mult/cut-product):
// the RTL's multiplier module `PRODUCT_IMPL` (ptxalu_vmad_mult: 33x33 -> 66, ptxalu_mult_core:
// 65x65 -> 130) returns, for every pair of operands, the product the spec writes, `ta * tb`
// of signed OpWidth-bit values into a signed 2*OpWidth-bit `prod` (spec_vmad.sv, spec_mult.sv).
// The cut-product obligation proves the logic around the product for every product value and
// that the multiplier's operands are the spec's ta and tb; with this lemma the unit with its
// real multiplier equals the spec with its own product. Both sides are the same Yosys $mul
// (a multiplier of ours would be proven at 8x8 and simulated wide, RECIPES.md "Multipliers").
`ifndef PRODUCT_IMPL
`define PRODUCT_IMPL ptxalu_vmad_mult
`endif
module miter_product #(
  parameter int unsigned OpWidth = 33
) (
  input  logic [OpWidth-1:0] a_i, b_i
);
  logic [2*OpWidth-1:0]        rtl_product;
  logic signed [OpWidth-1:0]   ta, tb;
  logic signed [2*OpWidth-1:0] prod;

  `PRODUCT_IMPL u_rtl (.a_i(a_i), .b_i(b_i), .product_o(rtl_product));

  assign ta   = a_i;
  assign tb   = b_i;
  assign prod = ta * tb;

  always_comb assert (rtl_product == prod);
endmodule
