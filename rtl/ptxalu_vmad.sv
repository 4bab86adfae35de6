// vmad: d = (±a*b ± c [+1]) >> scale, optionally saturated, exactly as the PTX pseudo-code
// (CLARIFICATIONS §9):
//   ta, tb      = partSelectSignExtend(a, atype, asel), (b, btype, bsel)     (33 bits)
//   signedFinal = atype.s32 | btype.s32 | product negated | c negated
//   tmp         = ta * tb                                                    (128 bits)
//   .po: lsb = 1;  else product negated: tmp = ~tmp, lsb = 1;  else c negated: c = ~c, lsb = 1
//   tmp         = tmp + (signedFinal ? sext32(c) : zext(c)) + lsb
//   result      = (tmp >> 0/7/15) & 0xffff_ffff_ffff_ffff, read as signed iff signedFinal
//   .sat        clamps result to the 32-bit range of its signedness; d = low 32 bits.
//
// The one idea: the pseudo-code's 128-bit arithmetic is arithmetic modulo 2^128, and product,
// complement and sum all commute with truncation, so computing modulo 2^SumWidth gives the
// same low SumWidth bits. The result reads bits [scale+63 : scale] with scale <= 15, so
// SumWidth = 80 (>= 79) yields exactly the 64-bit `result` of the text without a 128-bit adder.
// The 33x33 multiplier is its own module (ptxalu_vmad_mult) so formal can abstract it; the sum
// and the answer (scale, .sat) are ptxalu_vmad_sum and ptxalu_vmad_answer.
// SharedMult = 1 leaves it out: the unit then offers its operands on mul_a_o/mul_b_o and takes
// their exact product on product_i, which ptxalu_top computes on the 65x65 multiplier it
// shares with mul/mad (vmad and mul never issue in the same cycle).
// AddInProduct = 1 (with SharedMult; ptxalu_top's small configuration) leaves the adder out
// too: product_i is then the whole sum, ±ta*tb + c + lsb (ptxalu_mult_addend forms the addend,
// ptxalu_mult_iter adds it), exact in 66 bits, sign-extended here.
module ptxalu_vmad #(
  parameter bit SharedMult   = 1'b0,
  parameter bit AddInProduct = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [32:0]       mul_a_o,    // ta, tb: the signed operands of the product
  output logic [32:0]       mul_b_o,
  input  logic [65:0]       product_i,  // SharedMult = 1: ta * tb, exact
  output logic [31:0]       result_o
);

  localparam int unsigned SumWidth = 80;

  logic [32:0] ta, tb;

  ptxalu_vmad_operands u_operands (
    .ctrl_i (ctrl_i),
    .a_i    (a_i),
    .b_i    (b_i),
    .ta_o   (ta),
    .tb_o   (tb)
  );

  logic [65:0] product;

  assign mul_a_o = ta;
  assign mul_b_o = tb;

  if (SharedMult) begin : g_shared_mult
    assign product = product_i;
  end else begin : g_own_mult
    ptxalu_vmad_mult u_mult (
      .a_i       (ta),
      .b_i       (tb),
      .product_o (product)
    );
    logic unused_product;
    assign unused_product = ^product_i;
  end

  // The sum (ptxalu_vmad_sum), then its scale and .sat (ptxalu_vmad_answer); ptxalu_top's deep
  // pipeline registers between the two (ptxalu_mul_deep).
  logic [SumWidth-1:0] sum;
  logic                signed_final;

  ptxalu_vmad_sum #(
    .AddInProduct (AddInProduct)
  ) u_sum (
    .ctrl_i    (ctrl_i),
    .c_i       (c_i),
    .product_i (product),
    .sum_o     (sum),
    .signed_o  (signed_final)
  );

  ptxalu_vmad_answer u_answer (
    .clk_i    (1'b0),  // combinational (ScaleReg = 0)
    .rst_ni   (1'b1),
    .en_i     (1'b0),
    .ctrl_i   (ctrl_i),
    .sum_i    (sum),
    .signed_i (signed_final),
    .result_o (result_o)
  );

endmodule
