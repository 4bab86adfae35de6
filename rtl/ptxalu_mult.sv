// mul, mad (.lo/.hi/.wide, 16/32/64-bit, signed/unsigned) and mul24, mad24 (.lo/.hi).
//
// Every form is one product of two 65-bit two's complement operands (ptxalu_mult_core):
// the sources extended by the type's sign from w bits, or from 24 bits for mul24/mad24 (§14).
// The exact product is then sliced (.lo: bits w-1..0, .hi: 2w-1..w, .wide: 2w-1..0,
// 24-bit .hi: 47..16), c is added modulo the destination width (2w-bit c for .wide, §15),
// and .hi.sat.s32 clamps the exact sum of the two signed 32-bit values to the s32 range (§14).
//
// SharedMult = 1 leaves the multiplier out: the unit offers its operands on mul_a_o/mul_b_o and
// takes their product on product_i (ptxalu_top shares one ptxalu_mult_core with vmad).
// AddInProduct = 1 (with SharedMult; ptxalu_top's small configuration) leaves the adders out
// too: product_i then holds the product plus c at the destination's bit 0 (ptxalu_mult_addend
// forms it, ptxalu_mult_iter adds it and shifts the sum down to that bit), so the slice is
// product_i's bits 63..0 and, for .hi.sat.s32, its bits 33..0 are the exact sum.
module ptxalu_mult #(
  parameter bit SharedMult   = 1'b0,
  parameter bit AddInProduct = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  output logic [64:0]       mul_a_o,    // the signed operands of the product
  output logic [64:0]       mul_b_o,
  input  logic [129:0]      product_i,  // SharedMult = 1: mul_a_o * mul_b_o, exact
  output logic [63:0]       result_o
);

  // ---------------------------------------------------------------------------------------
  // Type, form and the operands of the product (ptxalu_mult_operands)
  // ---------------------------------------------------------------------------------------
  logic         is_24;   // mul24/mad24
  logic [64:0]  mul_a, mul_b;
  logic [129:0] product;

  ptxalu_mult_operands u_operands (
    .ctrl_i  (ctrl_i),
    .a_i     (a_i),
    .b_i     (b_i),
    .is_24_o (is_24),
    .mul_a_o (mul_a),
    .mul_b_o (mul_b)
  );

  assign mul_a_o = mul_a;
  assign mul_b_o = mul_b;

  if (SharedMult) begin : g_shared_core
    assign product = product_i;
  end else begin : g_own_core
    ptxalu_mult_core u_core (
      .a_i       (mul_a),
      .b_i       (mul_b),
      .product_o (product)
    );
    logic unused_product;
    assign unused_product = ^product_i;
  end

  // The sliced product plus c (ptxalu_mult_sum), then the .sat select (ptxalu_mult_answer);
  // ptxalu_top's deep pipeline registers between the two (ptxalu_mul_deep).
  logic [63:0] sum;
  logic [33:0] sum_s32;

  ptxalu_mult_sum #(
    .AddInProduct (AddInProduct)
  ) u_sum (
    .ctrl_i    (ctrl_i),
    .is_24_i   (is_24),
    .c_i       (c_i),
    .product_i (product),
    .sum_o     (sum),
    .sum_s32_o (sum_s32)
  );

  ptxalu_mult_answer u_answer (
    .ctrl_i    (ctrl_i),
    .sum_i     (sum),
    .sum_s32_i (sum_s32),
    .result_o  (result_o)
  );

endmodule
