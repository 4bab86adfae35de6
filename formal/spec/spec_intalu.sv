// Integer add, sub, min, max, abs, neg, sad spec (PTX 9.7.1.1-2, 7, 10-13; §13, §16, §19).
//
// Each instruction is computed on exact integers: the low w bits of every source, read by
// the type's sign, in 80 bits; the destination is the result modulo 2^w, zero above.
// The x2 types are two independent 16-bit lanes (a loop). Bits of a source above w are not
// part of the instruction and are ignored.
module spec_intalu (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i, c_i,
  output logic [63:0]       result_o
);

  integer w;        // type width
  logic   sgn, x2;  // signed type; .u16x2/.s16x2

`include "spec_common.svh"

  always_comb begin
    // .u16x2/.s16x2: two 16-bit lanes.
    x2  = ctrl_i.itype == ptxalu_pkg::ItU16x2 || ctrl_i.itype == ptxalu_pkg::ItS16x2;
    w   = x2 ? 16 : spec_type_width(ctrl_i.itype);
    sgn = spec_type_signed(ctrl_i.itype) || ctrl_i.itype == ptxalu_pkg::ItS16x2;
  end

  // One scalar instruction on w-bit sources; the exact result (before wrapping to w bits).
  function automatic logic signed [79:0] exact(input logic [5:0] op, input logic signed [79:0] a,
                                               input logic signed [79:0] b,
                                               input logic signed [79:0] c,
                                               input logic sat, input logic relu);
    logic signed [79:0] r;
    unique case (op)
      ptxalu_pkg::OpAdd: r = a + b;
      ptxalu_pkg::OpSub: r = a - b;
      ptxalu_pkg::OpMin: r = (a < b) ? a : b;
      ptxalu_pkg::OpMax: r = (a > b) ? a : b;
      ptxalu_pkg::OpAbs: r = (a < 0) ? -a : a;
      ptxalu_pkg::OpNeg: r = -a;
      ptxalu_pkg::OpSad: r = c + ((a < b) ? b - a : a - b);
      default:           r = 0;
    endcase
    // .sat (add/sub .s32 only, §19): MININT..MAXINT.
    if (sat) begin
      if (r > $signed(80'h7fff_ffff))       r = $signed(80'h7fff_ffff);
      else if (r < -$signed(80'h8000_0000)) r = -$signed(80'h8000_0000);
    end
    // .relu (min/max .s32/.s16x2): clamp a negative result to 0.
    if (relu && r < 0) r = 0;
    exact = r;
  endfunction

  logic signed [79:0] r0, r1;

  always_comb begin
    if (x2) begin
      // Lane i of d from lane i of a and b, as two 16-bit instructions.
      r0 = exact(ctrl_i.op, spec_value(a_i, 16, sgn), spec_value(b_i, 16, sgn), 80'sd0,
                 1'b0, ctrl_i.relu);
      r1 = exact(ctrl_i.op, spec_value({48'd0, a_i[31:16]}, 16, sgn),
                 spec_value({48'd0, b_i[31:16]}, 16, sgn), 80'sd0, 1'b0, ctrl_i.relu);
      result_o = {32'd0, r1[15:0], r0[15:0]};
    end else begin
      r0 = exact(ctrl_i.op, spec_value(a_i, w, sgn), spec_value(b_i, w, sgn),
                 spec_value(c_i, w, sgn), ctrl_i.sat, ctrl_i.relu);
      r1 = '0;
      if (w == 16)      result_o = {48'd0, r0[15:0]};
      else if (w == 32) result_o = {32'd0, r0[31:0]};
      else              result_o = r0[63:0];
    end
  end

endmodule
