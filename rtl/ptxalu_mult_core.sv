// The one multiplier of ptxalu_mult: a signed 65x65 -> 130-bit product.
//
// 65-bit two's complement operands hold every 64-bit signed and unsigned value, so one signed
// array serves all of mul/mad/mul24/mad24. Kept apart so that formal proofs of the operand
// conditioning and result selection around it can treat the product as a black box.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);

  logic signed [64:0] a_signed, b_signed;

  assign a_signed  = a_i;
  assign b_signed  = b_i;
  assign product_o = a_signed * b_signed;

endmodule
