// ptxalu_vmad_sum: vmad's sum before its scale and saturation (ptxalu_vmad's first part):
//   sum = ±product ± c [+1], the pseudo-code's 128-bit tmp modulo 2^80 (ptxalu_vmad: why 80
// bits suffice), with the negations in the pseudo-code's order of precedence (.po, product,
// c; a legal word sets at most one of the three, §9) and c extended by the result's
// signedness (signed_o: atype.s32 | btype.s32 | product negated | c negated).
// AddInProduct = 1 (ptxalu_top's small configuration): product_i is the whole sum already,
// ±ta*tb + c + lsb exact in 66 bits (ptxalu_mult_addend, ptxalu_mult_iter), sign-extended here.
// ptxalu_vmad composes it with ptxalu_vmad_answer; ptxalu_mul_deep registers between the two.
module ptxalu_vmad_sum #(
  parameter bit AddInProduct = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       c_i,
  input  logic [65:0]       product_i,  // ta * tb, exact (AddInProduct: the sum)
  output logic [79:0]       sum_o,
  output logic              signed_o    // the result is read as signed (signedFinal)
);

  localparam int unsigned SumWidth = 80;

  assign signed_o = ctrl_i.asigned | ctrl_i.bsigned | ctrl_i.neg_prod | ctrl_i.neg_c;

  logic [SumWidth-1:0] prod_term, c_term;
  logic [31:0]         c_word;
  logic                lsb;

  always_comb begin
    prod_term = {{(SumWidth-66){product_i[65]}}, product_i};
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

  assign c_term = {{(SumWidth-32){signed_o & c_word[31]}}, c_word};

  if (AddInProduct) begin : g_sum_in_product
    assign sum_o = {{(SumWidth-66){product_i[65]}}, product_i};
    logic unused_terms;
    assign unused_terms = ^{prod_term, c_term, lsb};
  end else begin : g_add
    assign sum_o = prod_term + c_term + {{(SumWidth-1){1'b0}}, lsb};
  end

  // Only the signedness and the negations are read here.
  logic unused_ctrl;
  assign unused_ctrl = ^ctrl_i;

endmodule
