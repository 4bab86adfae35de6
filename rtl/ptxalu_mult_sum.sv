// ptxalu_mult_sum: mul/mad/mul24/mad24's sums before the .sat select (ptxalu_mult's first part):
// the selected bits of the exact product (.lo: bits w-1..0, .hi: 2w-1..w, .wide: 2w-1..0,
// 24-bit .hi: 47..16) plus c for mad/mad24, modulo the destination width (sum_o, zero above
// it), and the exact sum of the two as signed 32-bit values (sum_s32_o, for .hi.sat.s32).
// AddInProduct = 1 (ptxalu_top's small configuration): product_i holds the product plus c at
// the destination's bit 0 already (ptxalu_mult_addend, ptxalu_mult_iter), so the slice is
// product_i's bits 63..0 and its bits 33..0 are the exact sum.
// ptxalu_mult composes it with ptxalu_mult_answer; ptxalu_mul_deep registers between the two.
module ptxalu_mult_sum #(
  parameter bit AddInProduct = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic              is_24_i,    // mul24/mad24 (ptxalu_mult_operands' is_24_o)
  input  logic [63:0]       c_i,
  input  logic [129:0]      product_i,  // the exact product (AddInProduct: the sum)
  output logic [63:0]       sum_o,      // zero above the destination width
  output logic [33:0]       sum_s32_o   // exact sum of part and c as signed 32-bit values
);

  logic is_w16, is_w32, is_mad;
  assign is_w16 = ptxalu_pkg::itype_w16(ctrl_i.itype);
  assign is_w32 = ptxalu_pkg::itype_w32(ctrl_i.itype);
  assign is_mad = ptxalu_pkg::op_adds_c(ctrl_i.op);

  // part: the selected bits of the product at bit 0 (.lo/.wide take the low bits and rely on
  // the destination mask). dst_mask: ones in the destination width (the type's; mul24/mad24
  // 32 bits; .wide twice the type's).
  logic [63:0] part;
  logic [63:0] dst_mask;

  always_comb begin
    part     = product_i[63:0];
    dst_mask = ptxalu_pkg::itype_mask(ctrl_i.itype);
    if (is_24_i || (ctrl_i.half == ptxalu_pkg::HalfWide && is_w16)) begin
      dst_mask = ptxalu_pkg::itype_mask(ptxalu_pkg::ItU32);
    end else if (ctrl_i.half == ptxalu_pkg::HalfWide) begin
      dst_mask = '1;
    end
    if (ctrl_i.half == ptxalu_pkg::HalfHi) begin
      part = is_24_i ? {32'd0, product_i[47:16]} :
             is_w16  ? {48'd0, product_i[31:16]} :
             is_w32  ? {32'd0, product_i[63:32]} : product_i[127:64];
    end
    if (AddInProduct) part = product_i[63:0];  // the sum at the destination's bit 0
  end

  logic [63:0] sum;
  if (AddInProduct) begin : g_sum_in_product
    assign sum       = part;
    assign sum_s32_o = product_i[33:0];
    logic unused_c;
    assign unused_c = ^{c_i, is_mad};
  end else begin : g_add
    logic [63:0] addend;
    assign addend    = is_mad ? c_i : '0;
    assign sum       = part + addend;
    assign sum_s32_o = {{2{part[31]}}, part[31:0]} + {{2{addend[31]}}, addend[31:0]};
  end
  assign sum_o = sum & dst_mask;

  // Only the op, type and half are read here; the product's top bits are sign copies (no
  // product of 65-bit operands from 64-bit sources needs them).
  logic unused;
  assign unused = ^{ctrl_i, product_i[129:128]};

endmodule
