// Gallery (correct): the signed 65x65 product from an unsigned one. With ua, ub the operands'
// 65 bits read as unsigned numbers, a = ua - 2^65 a[64] and b = ub - 2^65 b[64], so
// a * b = ua * ub - 2^65 (a[64] ub + b[64] ua) + 2^130 a[64] b[64], and modulo 2^130 the last
// term is gone: an unsigned array multiplier and one subtracted sign correction.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  logic [129:0] uprod, fix;
  assign uprod     = {65'd0, a_i} * {65'd0, b_i};
  assign fix       = ({65'd0, a_i[64] ? b_i : 65'd0} + {65'd0, b_i[64] ? a_i : 65'd0}) << 65;
  assign product_o = uprod - fix;
endmodule
