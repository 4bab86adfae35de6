// Gallery (correct; held-out-style trial 6, 2026-11-29): a user's core under our core's name
// with other ports. It takes each operand as its low 64 bits and the bit of weight -2^64 (the
// 65-bit signed operand is a - 2^64 a_neg), multiplies the 64-bit parts unsigned and adds the
// sign corrections: (a - 2^64 na)(b - 2^64 nb) = a b - 2^64 (na b + nb a) + 2^128 na nb.
module ptxalu_mult_core (
  input  logic [63:0]  a_i,
  input  logic [63:0]  b_i,
  input  logic         a_neg_i,
  input  logic         b_neg_i,
  output logic [129:0] product_o
);
  logic [127:0] uu;
  logic [129:0] corr_a, corr_b, both;
  assign uu        = a_i * b_i;
  assign corr_a    = {2'b0, (a_neg_i ? b_i : 64'd0), 64'd0};
  assign corr_b    = {2'b0, (b_neg_i ? a_i : 64'd0), 64'd0};
  assign both      = {1'b0, a_neg_i & b_neg_i, 128'd0};
  assign product_o = {2'b0, uu} - corr_a - corr_b + both;
endmodule
