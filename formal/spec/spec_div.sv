// div / rem spec (PTX 9.7.1.8-9; §11, §12): the low w bits of a and b read by the type's
// sign; division truncates toward zero, the remainder takes the dividend's sign; division by
// zero gives all ones of the width; MIN / -1 = MIN and MIN % -1 = 0 (the wrapped quotient).
// Zero above the width.
module spec_div (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i,
  output logic [63:0]       result_o
);

  // Magnitude width: 66 bits hold every 64-bit operand; a bounded proof restricted to the
  // 16-bit types may define SPEC_DIV_16 to build the same arithmetic at 18 bits.
`ifdef SPEC_DIV_16
  localparam int unsigned MW = 18;
`else
  localparam int unsigned MW = 66;
`endif

  integer w;
  logic   sgn;
  logic signed [MW-1:0] a, b, q, r;
  logic [MW-1:0]        mag_a, mag_b, mag_q, mag_r;
  logic signed [65:0]   q66, r66;
  logic [63:0]        ones;

`include "spec_common.svh"

  always_comb begin
    w   = spec_type_width(ctrl_i.itype);
    sgn = spec_type_signed(ctrl_i.itype);
    if (w == 16) begin
      a = $signed({{(MW-16){sgn & a_i[15]}}, a_i[15:0]});
      b = $signed({{(MW-16){sgn & b_i[15]}}, b_i[15:0]});
      ones = 64'hffff;
    end else if (w == 32) begin
      a = $signed(MW'({{34{sgn & a_i[31]}}, a_i[31:0]}));
      b = $signed(MW'({{34{sgn & b_i[31]}}, b_i[31:0]}));
      ones = 64'hffff_ffff;
    end else begin
      a = $signed(MW'({{2{sgn & a_i[63]}}, a_i}));
      b = $signed(MW'({{2{sgn & b_i[63]}}, b_i}));
      ones = '1;
    end
    // Truncating division on magnitudes, signs put back.
    mag_a = (a < 0) ? -a : a;
    mag_b = (b < 0) ? -b : b;
    mag_q = (mag_b == 0) ? '0 : mag_a / mag_b;
    mag_r = (mag_b == 0) ? '0 : mag_a % mag_b;
    q = ((a < 0) != (b < 0)) ? -$signed(mag_q) : $signed(mag_q);
    r = (a < 0) ? -$signed(mag_r) : $signed(mag_r);
    q66 = q;  // sign-extended to 66 bits
    r66 = r;
    if (b == 0) result_o = ones;  // §11
    else if (ctrl_i.op == ptxalu_pkg::OpRem) result_o = r66[63:0] & ones;
    else result_o = q66[63:0] & ones;  // MIN / -1 wraps to MIN (§12)
  end

endmodule
