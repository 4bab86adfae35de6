// The operands of mul, mad, mul24 and mad24's product (ptxalu_mult): the low w bits of a and
// b (24 bits for mul24/mad24, §14), sign-extended for a signed type, else zero-extended, to
// 65-bit two's complement values. ptxalu_mult reads them for its own or the shared multiplier;
// ptxalu_datapath's deep pipeline reads them on the live inputs, a stage before the unit's
// result logic (g_mul_pipe).
//
// Digitwise = 1 (ptxalu_mult_share's iterative multiplier, the small configuration): bit 64 is
// the sign as above, bits 63..0 the source itself but for a 24-bit operand's bits 31..24 (its
// sign): the bits from the type's 16-bit digit count up are left as they come, for
// ptxalu_mult_iter (KInput), which reads only the digits below that count.
module ptxalu_mult_operands #(
  parameter bit Digitwise = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  output logic              is_24_o,  // mul24/mad24
  output logic [64:0]       mul_a_o,
  output logic [64:0]       mul_b_o
);

  logic is_signed, is_w16, is_w32;

  assign is_signed = ptxalu_pkg::itype_signed(ctrl_i.itype);
  assign is_w16    = ptxalu_pkg::itype_w16(ctrl_i.itype);
  assign is_w32    = ptxalu_pkg::itype_w32(ctrl_i.itype);
  assign is_24_o   = ptxalu_pkg::op_is_24(ctrl_i.op);

  // The low w bits of x (24 bits for mul24), sign- or zero-extended to 65 bits.
  function automatic logic [64:0] extend(input logic [63:0] x, input logic w16,
                                         input logic w32, input logic w24, input logic sgn);
    logic [64:0] ext;
    if (w24) begin
      ext = {{41{sgn & x[23]}}, x[23:0]};
    end else if (w16) begin
      ext = {{49{sgn & x[15]}}, x[15:0]};
    end else if (w32) begin
      ext = {{33{sgn & x[31]}}, x[31:0]};
    end else begin
      ext = {sgn & x[63], x};
    end
    extend = ext;
  endfunction

  logic [64:0] ext_a, ext_b;
  assign ext_a = extend(a_i, is_w16, is_w32, is_24_o, is_signed);
  assign ext_b = extend(b_i, is_w16, is_w32, is_24_o, is_signed);

  if (Digitwise) begin : g_digitwise
    assign mul_a_o = {ext_a[64], a_i[63:32], is_24_o ? ext_a[31:24] : a_i[31:24], a_i[23:0]};
    assign mul_b_o = {ext_b[64], b_i[63:32], is_24_o ? ext_b[31:24] : b_i[31:24], b_i[23:0]};
    logic unused_ext;
    assign unused_ext = ^{ext_a[63:32], ext_a[23:0], ext_b[63:32], ext_b[23:0]};
  end else begin : g_extended
    assign mul_a_o = ext_a;
    assign mul_b_o = ext_b;
  end

  // Only the type and the op are read; the other fields belong to other forms or the result.
  logic unused_ctrl;
  assign unused_ctrl = ^ctrl_i;

endmodule
