// The addend of the small configuration's multiply family (ptxalu_pkg::CfgSmall): what mad,
// mad24 and vmad add to their product, for ptxalu_mult_iter to add as the product's digits
// leave it (its product_o = (neg_o ? ~(a*b) : a*b) + add_o * 2^(16*shift_o) + cin_o), so that
// ptxalu_mult and ptxalu_vmad (AddInProduct = 1) read their sum from the product and need no
// adder of their own.
//
//   mul .. mad24 shift_o: the destination's bit 0 (0 for .lo and .wide, w/16 digits for .hi:
//                1, 2, 4; 1 for mul24/mad24.hi, bits 47..16), where ptxalu_mult_iter's window
//                starts; mad and mad24 add c there. The result reads 2w or w bits from there,
//                so c's bits above them never reach it; only .hi.sat.s32, which reads the
//                exact 34-bit sum, needs c sign-extended from bit 31.
//   vmad         §9's tmp = ±product + c + lsb: .po adds 1; a negated product is ~product + 1
//                (neg_o); a negated c is ~c + 1; c extended by its sign iff signedFinal. The
//                exact sum fits the product's 66 bits, which ptxalu_vmad sign-extends.
//   other ops    0.
module ptxalu_mult_addend (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       c_i,
  output logic [64:0]       add_o,    // signed
  output logic [2:0]        shift_o,  // 16-bit digits
  output logic              neg_o,
  output logic              cin_o
);

  logic is_mad, is_24, is_mul, is_vmad, is_hi, signed_final, c_neg;
  logic [31:0] c_word;

  assign is_mad  = ptxalu_pkg::op_adds_c(ctrl_i.op);
  assign is_24   = ptxalu_pkg::op_is_24(ctrl_i.op);
  assign is_mul  = is_mad || is_24 || (ctrl_i.op == ptxalu_pkg::OpMul);
  assign is_vmad = (ctrl_i.op == ptxalu_pkg::OpVmad);
  assign is_hi   = (ctrl_i.half == ptxalu_pkg::HalfHi);

  // vmad's negations in the pseudo-code's precedence (.po, product, c; a legal word sets one).
  assign neg_o        = is_vmad && !ctrl_i.po && ctrl_i.neg_prod;
  assign c_neg        = !ctrl_i.po && !ctrl_i.neg_prod && ctrl_i.neg_c;
  assign cin_o        = is_vmad && (ctrl_i.po || ctrl_i.neg_prod || ctrl_i.neg_c);
  assign signed_final = ctrl_i.asigned | ctrl_i.bsigned | ctrl_i.neg_prod | ctrl_i.neg_c;
  assign c_word       = c_i[31:0] ^ {32{c_neg}};

  always_comb begin
    add_o   = '0;
    shift_o = '0;
    if (is_vmad) begin
      add_o = {{33{signed_final & c_word[31]}}, c_word};
    end else if (is_mul) begin
      if (is_mad) add_o = {ctrl_i.sat ? {33{c_i[31]}} : {1'b0, c_i[63:32]}, c_i[31:0]};
      if (is_hi) begin
        shift_o = (is_24 || ptxalu_pkg::itype_w16(ctrl_i.itype)) ?
                  3'd1 : ptxalu_pkg::itype_w32(ctrl_i.itype) ? 3'd2 : 3'd4;
      end
    end
  end

  // Only the op, the type, the half, .sat and vmad's sign and negation flags are read.
  logic unused_ctrl;
  assign unused_ctrl = ^ctrl_i;

endmodule
