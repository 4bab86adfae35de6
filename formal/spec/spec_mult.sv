// mul, mad, mul24, mad24 spec (PTX 9.7.1.3-6; §14, §15, §19).
//
// t = a * b exactly (the sources' low w bits, or low 24 bits for mul24/mad24, read by the
// type's sign); .lo takes t's low w bits (mul24: 31..0), .hi bits 2w-1..w (mul24: 47..16),
// .wide all 2w bits; mad adds c modulo the destination width (2w for .wide, §15);
// .hi.sat.s32 clamps the exact signed sum to the s32 range (§14). Zero above the destination.
//
// The exact product of two 65-bit values is `prod`; a decomposed proof may cut it
// (SPEC_MULT_CUT_PRODUCT) and tie it to the implementation's multiplier output.
module spec_mult (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i, c_i,
  output logic [63:0]       result_o
);

  integer w;         // operand width (24 for mul24/mad24)
  integer dw;        // destination width
  logic   sgn, is_mad;

`include "spec_common.svh"

  always_comb begin
    w   = spec_type_width(ctrl_i.itype);
    sgn = spec_type_signed(ctrl_i.itype);
    if (ctrl_i.op == ptxalu_pkg::OpMul24 || ctrl_i.op == ptxalu_pkg::OpMad24) w = 24;
    is_mad = ctrl_i.op == ptxalu_pkg::OpMad || ctrl_i.op == ptxalu_pkg::OpMad24;
    if (ctrl_i.half == ptxalu_pkg::HalfWide) dw = 2 * w;
    else if (w == 24)                        dw = 32;
    else                                     dw = w;
  end

  logic signed [64:0]  ta, tb;
  logic signed [129:0] prod;
  assign ta = 65'(spec_value(a_i, w, sgn));  // 65 bits hold every source
  assign tb = 65'(spec_value(b_i, w, sgn));

`ifdef SPEC_MULT_CUT_PRODUCT
  // The operands the product is of, kept for the proof that they match the implementation's.
  (* keep *) logic signed [64:0] ta_mul, tb_mul;
  assign ta_mul = ta;
  assign tb_mul = tb;
  (* keep *) logic signed [129:0] prod_cut;  // tied to the implementation's product by the proof
  assign prod = prod_cut;
`else
  assign prod = ta * tb;
`endif

  logic [129:0] part;       // the selected part of t, zero-extended
  logic [129:0] sum;
  logic [127:0] dest_mask;  // ones in the low dw bits
  logic signed [33:0] sat_sum;

  always_comb begin
    unique case (ctrl_i.half)
      ptxalu_pkg::HalfHi:   part = (w == 24) ? {98'd0, prod[47:16]} : (prod >> w);
      ptxalu_pkg::HalfWide: part = prod;
      default:              part = prod;  // .lo: the low dw bits, by the mask below
    endcase
    dest_mask = (dw >= 128) ? '1 : ((128'd1 << dw) - 128'd1);
    part = part & {2'b00, dest_mask};
    sum  = is_mad ? part + {66'd0, c_i} : part;
    // .hi.sat.s32 (mad and mad24): the exact sum of the signed 32-bit hi part and signed c.
    sat_sum = $signed({{2{part[31]}}, part[31:0]}) + $signed({{2{c_i[31]}}, c_i[31:0]});
    if (ctrl_i.sat) begin
      if (sat_sum > $signed(34'h0_7fff_ffff))       sum = 130'h7fff_ffff;
      else if (sat_sum < -$signed(34'h0_8000_0000)) sum = 130'h8000_0000;
      else                                          sum = {98'd0, sat_sum[31:0]};
    end
    result_o = sum[63:0] & dest_mask[63:0];
  end

endmodule
