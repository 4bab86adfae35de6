// Gallery (correct; a held-out-style trial, 2026-11-27): mul/mad/mul24/mad24 with one
// multiply per width and signedness (16x16, 24x24, 32x32, 64x64 `*`, each signed and unsigned
// in its own word), .wide as {hi, lo}, mad.wide's sum in two 32-bit halves with the carry
// between them computed separately, mad.hi.sat.s32's and mad24.hi.sat.s32's overflow from
// the signs. No 65x65 product.
module ptxalu_mult #(
  parameter bit SharedMult = 1'b0,
  parameter bit AddInProduct = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  output logic [64:0]       mul_a_o,
  output logic [64:0]       mul_b_o,
  input  logic [129:0]      product_i,
  output logic [63:0]       result_o
);
  wire sgn = ctrl_i.itype == ptxalu_pkg::ItS16 || ctrl_i.itype == ptxalu_pkg::ItS32 ||
             ctrl_i.itype == ptxalu_pkg::ItS64;
  wire w16 = ctrl_i.itype == ptxalu_pkg::ItS16 || ctrl_i.itype == ptxalu_pkg::ItU16;
  wire w32 = ctrl_i.itype == ptxalu_pkg::ItS32 || ctrl_i.itype == ptxalu_pkg::ItU32;
  wire is24 = ctrl_i.op == ptxalu_pkg::OpMul24 || ctrl_i.op == ptxalu_pkg::OpMad24;
  wire mad  = ctrl_i.op == ptxalu_pkg::OpMad || ctrl_i.op == ptxalu_pkg::OpMad24;
  wire hi   = ctrl_i.half == ptxalu_pkg::HalfHi;
  wire wide = ctrl_i.half == ptxalu_pkg::HalfWide;

  // The extended operands (offered for a shared multiplier).
  always_comb begin
    if (is24) begin
      mul_a_o = sgn ? {{41{a_i[23]}}, a_i[23:0]} : {41'd0, a_i[23:0]};
      mul_b_o = sgn ? {{41{b_i[23]}}, b_i[23:0]} : {41'd0, b_i[23:0]};
    end else if (w16) begin
      mul_a_o = sgn ? {{49{a_i[15]}}, a_i[15:0]} : {49'd0, a_i[15:0]};
      mul_b_o = sgn ? {{49{b_i[15]}}, b_i[15:0]} : {49'd0, b_i[15:0]};
    end else if (w32) begin
      mul_a_o = sgn ? {{33{a_i[31]}}, a_i[31:0]} : {33'd0, a_i[31:0]};
      mul_b_o = sgn ? {{33{b_i[31]}}, b_i[31:0]} : {33'd0, b_i[31:0]};
    end else begin
      mul_a_o = {sgn & a_i[63], a_i};
      mul_b_o = {sgn & b_i[63], b_i};
    end
  end

  logic [31:0]  p16;
  logic [47:0]  p24;
  logic [63:0]  p32;
  logic [127:0] p64;
  // Each width's signed and unsigned product in its own word (a ?: of the two would make
  // the signed one unsigned).
  logic [31:0]  s16, u16;
  logic [47:0]  s24, u24;
  logic [63:0]  s32, u32;
  logic [127:0] s64, u64;
  assign s16 = $signed(a_i[15:0]) * $signed(b_i[15:0]);
  assign u16 = a_i[15:0] * b_i[15:0];
  assign s24 = $signed(a_i[23:0]) * $signed(b_i[23:0]);
  assign u24 = a_i[23:0] * b_i[23:0];
  assign s32 = $signed(a_i[31:0]) * $signed(b_i[31:0]);
  assign u32 = a_i[31:0] * b_i[31:0];
  assign s64 = $signed(a_i) * $signed(b_i);
  assign u64 = a_i * b_i;
  assign p16 = sgn ? s16 : u16;
  assign p24 = sgn ? s24 : u24;
  assign p32 = sgn ? s32 : u32;
  assign p64 = sgn ? s64 : u64;

  logic [63:0] addend;
  assign addend = mad ? c_i : 64'd0;

  // mad.wide.{u,s}32: the 64-bit sum in two halves, the carry between them separately.
  logic [31:0] lo_sum, hi_sum;
  logic        lo_carry;
  assign {lo_carry, lo_sum} = {1'b0, p32[31:0]} + {1'b0, addend[31:0]};
  assign hi_sum = p32[63:32] + addend[63:32] + {31'd0, lo_carry};

  // .hi plus c; mad.hi.sat.s32 and mad24.hi.sat.s32 overflow when both terms have one sign
  // and the sum the other.
  logic [31:0] ph, hs;
  logic        ovf;
  assign ph  = is24 ? p24[47:16] : p32[63:32];
  assign hs  = ph + addend[31:0];
  assign ovf = (ph[31] == addend[31]) && (hs[31] != ph[31]);
  logic [31:0] hs_sat;
  assign hs_sat = (ctrl_i.sat && ovf) ? (hs[31] ? 32'h7fffffff : 32'h80000000) : hs;

  always_comb begin
    result_o = 64'd0;
    if (is24) begin
      result_o = {32'd0, hi ? hs_sat : p24[31:0] + addend[31:0]};
    end else if (w16) begin
      if (wide)    result_o = {32'd0, p16 + addend[31:0]};
      else if (hi) result_o = {48'd0, p16[31:16] + addend[15:0]};
      else         result_o = {48'd0, p16[15:0] + addend[15:0]};
    end else if (w32) begin
      if (wide)    result_o = {hi_sum, lo_sum};
      else if (hi) result_o = {32'd0, hs_sat};
      else         result_o = {32'd0, p32[31:0] + addend[31:0]};
    end else begin
      result_o = (hi ? p64[127:64] : p64[63:0]) + addend;
    end
  end

  logic unused;
  assign unused = ^{product_i, ctrl_i};
endmodule
