// mul, mad (.lo/.hi/.wide, 16/32/64-bit, signed/unsigned) and mul24, mad24 (.lo/.hi).
//
// Every form is one product of two 65-bit two's complement operands (ptxalu_mult_core):
// the sources extended by the type's sign from w bits, or from 24 bits for mul24/mad24 (§14).
// The exact product is then sliced (.lo: bits w-1..0, .hi: 2w-1..w, .wide: 2w-1..0,
// 24-bit .hi: 47..16), c is added modulo the destination width (2w-bit c for .wide, §15),
// and .hi.sat.s32 clamps the exact sum of the two signed 32-bit values to the s32 range (§14).
//
// SharedMult = 1 leaves the multiplier out: the unit offers its operands on mul_a_o/mul_b_o and
// takes their product on product_i (ptxalu_top shares one ptxalu_mult_core with vmad).
// AddInProduct = 1 (with SharedMult; ptxalu_top's small configuration) leaves the adders out
// too: product_i then holds the product plus c at the destination's bit 0 (ptxalu_mult_addend
// forms it, ptxalu_mult_iter adds it and shifts the sum down to that bit), so the slice is
// product_i's bits 63..0 and, for .hi.sat.s32, its bits 33..0 are the exact sum.
module ptxalu_mult #(
  parameter bit SharedMult   = 1'b0,
  parameter bit AddInProduct = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  output logic [64:0]       mul_a_o,    // the signed operands of the product
  output logic [64:0]       mul_b_o,
  input  logic [129:0]      product_i,  // SharedMult = 1: mul_a_o * mul_b_o, exact
  output logic [63:0]       result_o
);

  // ---------------------------------------------------------------------------------------
  // Type, form and the operands of the product (ptxalu_mult_operands)
  // ---------------------------------------------------------------------------------------
  logic         is_w16;
  logic         is_w32;
  logic         is_24;   // mul24/mad24
  logic         is_mad;  // adds c
  logic [64:0]  mul_a, mul_b;
  logic [129:0] product;

  ptxalu_mult_operands u_operands (
    .ctrl_i  (ctrl_i),
    .a_i     (a_i),
    .b_i     (b_i),
    .is_24_o (is_24),
    .mul_a_o (mul_a),
    .mul_b_o (mul_b)
  );

  assign is_w16    = ptxalu_pkg::itype_w16(ctrl_i.itype);
  assign is_w32    = ptxalu_pkg::itype_w32(ctrl_i.itype);
  assign is_mad    = (ctrl_i.op == ptxalu_pkg::OpMad) || (ctrl_i.op == ptxalu_pkg::OpMad24);

  assign mul_a_o = mul_a;
  assign mul_b_o = mul_b;

  if (SharedMult) begin : g_shared_core
    assign product = product_i;
  end else begin : g_own_core
    ptxalu_mult_core u_core (
      .a_i       (mul_a),
      .b_i       (mul_b),
      .product_o (product)
    );
    logic unused_product;
    assign unused_product = ^product_i;
  end

  // ---------------------------------------------------------------------------------------
  // Result selection
  // ---------------------------------------------------------------------------------------
  // part: the selected bits of the product at bit 0 (.lo/.wide take the low bits and rely on
  // the destination mask). dst_mask: ones in the destination width.
  logic [63:0] part;
  logic [63:0] dst_mask;

  always_comb begin
    part     = product[63:0];
    dst_mask = '1;
    if (is_24) begin
      dst_mask = 64'h0000_0000_ffff_ffff;
      if (ctrl_i.half == ptxalu_pkg::HalfHi) begin
        part = {32'd0, product[47:16]};
      end
    end else begin
      unique case (ctrl_i.half)
        ptxalu_pkg::HalfHi: begin
          part = is_w16 ? {48'd0, product[31:16]} :
                 is_w32 ? {32'd0, product[63:32]} : product[127:64];
          dst_mask = is_w16 ? 64'h0000_0000_0000_ffff :
                     is_w32 ? 64'h0000_0000_ffff_ffff : '1;
        end
        ptxalu_pkg::HalfWide: begin
          dst_mask = is_w16 ? 64'h0000_0000_ffff_ffff : '1;
        end
        default: begin  // HalfLo
          dst_mask = is_w16 ? 64'h0000_0000_0000_ffff :
                     is_w32 ? 64'h0000_0000_ffff_ffff : '1;
        end
      endcase
    end
    if (AddInProduct) part = product[63:0];  // the sum at the destination's bit 0
  end

  // ---------------------------------------------------------------------------------------
  // Accumulate and saturate
  // ---------------------------------------------------------------------------------------
  logic [63:0] sum;
  logic [33:0] sum_s32;  // exact sum of part and c as signed 32-bit values
  logic [63:0] sat_val;

  if (AddInProduct) begin : g_sum_in_product
    assign sum     = part;
    assign sum_s32 = product[33:0];
    logic unused_c;
    assign unused_c = ^{c_i, is_mad};
  end else begin : g_add
    logic [63:0] addend;
    assign addend  = is_mad ? c_i : '0;
    assign sum     = part + addend;
    assign sum_s32 = {{2{part[31]}}, part[31:0]} + {{2{addend[31]}}, addend[31:0]};
  end

  always_comb begin
    sat_val = {32'd0, sum_s32[31:0]};
    if (sum_s32[33:31] != 3'b000 && sum_s32[33:31] != 3'b111) begin
      sat_val = {32'd0, sum_s32[33] ? ptxalu_pkg::S32Min : ptxalu_pkg::S32Max};
    end
  end

  assign result_o = ctrl_i.sat ? sat_val : (sum & dst_mask);

  // Fields this unit's ops never set (legal words hold zero there); the product's top bits
  // are sign copies (no product of 65-bit operands from 64-bit sources needs them).
  logic unused_bits;
  assign unused_bits = ^{ctrl_i.dsigned, ctrl_i.asigned, ctrl_i.bsigned, ctrl_i.asel,
                         ctrl_i.bsel, ctrl_i.dsel, ctrl_i.mask, ctrl_i.secop, ctrl_i.cmp,
                         ctrl_i.wrap, ctrl_i.scale, ctrl_i.po, ctrl_i.neg_prod,
                         ctrl_i.neg_c, ctrl_i.relu, ctrl_i.shiftamt, product[129:64]};

endmodule
