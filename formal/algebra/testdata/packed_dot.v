// A dot product of two pairs of 8-bit elements packed into 32-bit words (gallery dot_packed's
// shape at a quarter of its width): A = x1 2^16 + x0, B = y0 2^16 + y1, and the pair sum read as
// bits 31..16 of P = A B + BIAS (mod 2^32): A B = x1 y0 2^32 + (x1 y1 + x0 y0) 2^16 + x0 y1.
// VARIANT 0: signed elements, BIAS = 2^15 (x0 y1 + 2^15 lies in [0, 2^16): w = x1 y1 + x0 y0);
// 1: the bias dropped (a negative x0 y1 borrows from w: a bug); 2: x0 doubled (2 x0 y1 + 2^15
// reaches 2^16 at x0 = y1 = -128: the low part's range crosses the slice, w = x1 y1 + 2 x0 y0
// plus one there); 3: unsigned elements, no bias (x0 y1 < 2^16 needs none). The AIGs beside this file are Yosys' mapping of it for
// algebra_slice_test (ripple_lcu.v, as the flow maps it; its low bits dead, as in the flow):
//   yosys -p "read_verilog -sv packed_dot.v; chparam -set VARIANT V packed_dot;
//     hierarchy -top packed_dot; flatten; opt_clean;
//     techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit packed_dot_V.aig"                      (V = 0, 1, 2, 3)
module packed_dot #(parameter int VARIANT = 0) (
  input  logic [7:0]  x0,
  input  logic [7:0]  x1,
  input  logic [7:0]  y0,
  input  logic [7:0]  y1,
  output logic [15:0] w
);
  localparam logic [31:0] Bias = VARIANT == 0 || VARIANT == 2 ? 32'h8000 : 32'h0;
  localparam bit Signed = VARIANT != 3;
  logic [31:0] pa, pb, p;
  assign pa = {{8{Signed & x1[7]}}, x1, 16'd0} +
              (VARIANT == 2 ? {{23{x0[7]}}, x0, 1'b0} : {{24{Signed & x0[7]}}, x0});
  assign pb = {{8{Signed & y0[7]}}, y0, 16'd0} + {{24{Signed & y1[7]}}, y1};
  assign p  = pa * pb + Bias;
  assign w  = p[31:16];
endmodule
