// Gallery (correct): the signed 65x65 product in sign-magnitude form. Each operand's magnitude
// (its two's complement negation when the sign bit is set) is multiplied unsigned, and the
// 130-bit product is negated when the operands' signs differ.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  logic         negate;
  logic [64:0]  mag_a, mag_b;
  logic [129:0] mag_p;
  assign mag_a     = a_i[64] ? (~a_i + 65'd1) : a_i;
  assign mag_b     = b_i[64] ? (~b_i + 65'd1) : b_i;
  assign negate    = a_i[64] ^ b_i[64];
  assign mag_p     = {65'd0, mag_a} * {65'd0, mag_b};
  assign product_o = negate ? (~mag_p + 130'd1) : mag_p;
endmodule
