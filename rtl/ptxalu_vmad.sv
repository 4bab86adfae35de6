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
// The 33x33 multiplier is its own module (ptxalu_vmad_mult) so formal can abstract it.
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

  logic signed_final;
  assign signed_final = ctrl_i.asigned | ctrl_i.bsigned | ctrl_i.neg_prod | ctrl_i.neg_c;

  // The negations, in the pseudo-code's order of precedence (.po, product, c); a legal word
  // sets at most one of the three (§9).
  logic [SumWidth-1:0] prod_term, c_term;
  logic [31:0]         c_word;
  logic                lsb;

  always_comb begin
    prod_term = {{(SumWidth-66){product[65]}}, product};
    c_word    = c_i;
    lsb       = 1'b0;
    if (ctrl_i.po) begin
      lsb = 1'b1;
    end else if (ctrl_i.neg_prod) begin
      prod_term = ~prod_term;
      lsb       = 1'b1;
    end else if (ctrl_i.neg_c) begin
      c_word = ~c_i;
      lsb    = 1'b1;
    end
  end

  assign c_term = {{(SumWidth-32){signed_final & c_word[31]}}, c_word};

  logic [SumWidth-1:0] sum;
  if (AddInProduct) begin : g_sum_in_product
    assign sum = {{(SumWidth-66){product[65]}}, product};
    logic unused_terms;
    assign unused_terms = ^{prod_term, c_term, lsb};
  end else begin : g_add
    assign sum = prod_term + c_term + {{(SumWidth-1){1'b0}}, lsb};
  end

  // switch (scale), with no scale read as shift 0 (§9).
  logic [63:0] scaled;
  always_comb begin
    scaled = sum[63:0];
    unique case (ctrl_i.scale)
      ptxalu_pkg::ScaleShr7:  scaled = sum[7 +: 64];
      ptxalu_pkg::ScaleShr15: scaled = sum[15 +: 64];
      default:                scaled = sum[63:0];
    endcase
  end

  // .sat: the 64-bit result, signed or unsigned, clamped to the 32-bit range of its kind (out of
  // range: bits 63..31 not all equal, signed; bits 63..32 not all zero, unsigned).
  logic [31:0] saturated;
  always_comb begin
    saturated = scaled[31:0];
    if (signed_final) begin
      if (scaled[63:31] != {33{scaled[63]}}) begin
        saturated = scaled[63] ? ptxalu_pkg::S32Min : ptxalu_pkg::S32Max;
      end
    end else if (|scaled[63:32]) begin
      saturated = 32'hffff_ffff;
    end
  end

  always_comb begin
    result_o = '0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpVmad: result_o = ctrl_i.sat ? saturated : scaled[31:0];
      default:            result_o = '0;
    endcase
  end

  // dtype is accepted and not used (§9); the other fields belong to other ops (zero in a legal
  // word); bits above 79 of the pseudo-code's sum are never read, nor bits 79 and 0..6 here
  // when no scale reads them.
  logic unused_ctrl;
  assign unused_ctrl = ^{ctrl_i.itype, ctrl_i.dsigned, ctrl_i.asel[11:3], ctrl_i.bsel[11:3],
                         ctrl_i.dsel, ctrl_i.mask, ctrl_i.secop, ctrl_i.cmp, ctrl_i.half,
                         ctrl_i.wrap, ctrl_i.relu, ctrl_i.shiftamt, sum[SumWidth-1]};

endmodule
